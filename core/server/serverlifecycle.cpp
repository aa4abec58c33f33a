#include "core/server/serverlifecycle.h"

#include "core/common/logging.h"
#include "core/protocol/protocolversion.h"
#include "core/protocol/requestenvelope.h"
#include "core/server/invalidparams.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

Error unsupportedVersion(const QString &message, const QString &requested)
{
    return makeError(ErrorCode::UnsupportedProtocolVersion, message,
                     QJsonObject{{u"supported"_s, QJsonArray::fromStringList(ProtocolVersion::supportedModern())},
                                 {u"requested"_s, requested}});
}

} // namespace

bool ServerLifecycle::admit(const QString &method, const JsonRpcMessage &request, const Responder &responder, Eras eras)
{
    const QJsonObject meta = request.params().value(u"_meta").toObject();
    if (m_phase != Phase::AwaitingInitialize && m_era == ProtocolEra::Legacy) {
        if (eras == Eras::ModernOnly) {
            responder.respondError(makeError(ErrorCode::MethodNotFound,
                                             u"%1 belongs to MCP %2, and this connection began with initialize"_s
                                                 .arg(method, ProtocolVersion::modern)));
            return false;
        }
        return true;
    }
    // Before any opening, a request without an envelope is a legacy client that skipped initialize;
    // after a server/discover it is a modern request missing its envelope (-32602 below).
    if (m_phase == Phase::AwaitingInitialize && m_era == ProtocolEra::Legacy && method != u"server/discover"
        && !meta.contains(RequestEnvelope::protocolVersionKey)) {
        responder.respondError(makeError(ErrorCode::InvalidRequest,
                                         u"the client must send initialize (MCP 2025-11-25 and earlier) or a request carrying the "
                                         u"_meta envelope of MCP %1 before %2"_s.arg(ProtocolVersion::modern, method)));
        return false;
    }
    if (eras == Eras::LegacyOnly) {
        responder.respondError(makeError(ErrorCode::MethodNotFound,
                                         u"%1 does not exist in MCP %2"_s.arg(method, ProtocolVersion::modern)));
        return false;
    }
    if (const auto error = checkEnvelope(meta)) {
        responder.respondError(*error);
        return false;
    }
    adoptEnvelope(meta);
    m_era = ProtocolEra::Modern;
    // server/discover alone does not pin the connection: an initialize may still follow.
    if (m_phase == Phase::AwaitingInitialize && method != u"server/discover") {
        m_phase = Phase::Ready;
        qCInfo(lcServer) << "client" << m_clientInfo.name << m_clientInfo.version << "speaks" << m_protocolVersion
                         << "(its first request:" << method << ")";
        m_onReady();
    }
    return true;
}

std::optional<QString> ServerLifecycle::acceptInitialize(const JsonRpcMessage &request, const Responder &responder)
{
    if (isModern()) {
        // As a modern-only server answers it: the client learns which revision to speak.
        const QString requested = request.params().value(u"protocolVersion").toString();
        responder.respondError(unsupportedVersion(
            u"this connection speaks MCP %1, which has no initialize"_s.arg(ProtocolVersion::modern), requested));
        return std::nullopt;
    }
    if (m_phase != Phase::AwaitingInitialize) {
        responder.respondError(makeError(ErrorCode::InvalidRequest, u"initialize may only be sent once per session"_s));
        return std::nullopt;
    }
    const QJsonObject params = request.params();
    const QJsonValue requested = params.value(u"protocolVersion");
    if (!requested.isString()) {
        responder.respondError(invalidParams(u"initialize needs a protocolVersion string"_s));
        return std::nullopt;
    }
    // The lifecycle rule: answer with the client's revision when we speak it, else our latest;
    // the client then decides whether it can live with ours.
    m_protocolVersion = ProtocolVersion::isSupportedLegacy(requested.toString())
        ? requested.toString()
        : QString(ProtocolVersion::latestLegacy);
    m_clientInfo = Implementation::fromJson(params.value(u"clientInfo").toObject());
    m_clientCapabilities = params.value(u"capabilities").toObject();
    m_logLevel.reset(); // a server/discover before may have set one from its envelope
    m_era = ProtocolEra::Legacy;
    m_phase = Phase::AwaitingInitialized;
    return requested.toString();
}

void ServerLifecycle::acceptInitialized()
{
    if (m_phase != Phase::AwaitingInitialized) {
        qCWarning(lcServer) << "ignoring notifications/initialized that did not follow initialize";
        return;
    }
    m_phase = Phase::Ready;
    m_onReady();
}

bool ServerLifecycle::finish()
{
    if (m_phase == Phase::Finished)
        return false;
    m_phase = Phase::Finished;
    return true;
}

// The 2026-07-28 envelope of a request's _meta: an error when it is missing, malformed or names a
// revision we do not speak (checked on every request, not only the opening one).
std::optional<Error> ServerLifecycle::checkEnvelope(const QJsonObject &meta) const
{
    QStringList missing;
    if (!meta.value(RequestEnvelope::protocolVersionKey).isString())
        missing.append(RequestEnvelope::protocolVersionKey);
    if (!meta.value(RequestEnvelope::clientCapabilitiesKey).isObject())
        missing.append(RequestEnvelope::clientCapabilitiesKey);
    if (!missing.isEmpty()) {
        return invalidParams(u"the request lacks the _meta envelope of MCP %1: %2 must be present (a string and an object)"_s
                                 .arg(ProtocolVersion::modern, missing.join(u", ")));
    }
    const QJsonValue info = meta.value(RequestEnvelope::clientInfoKey);
    if (!info.isUndefined() && !info.isObject())
        return invalidParams(u"%1 in _meta must be an object"_s.arg(RequestEnvelope::clientInfoKey));
    const QJsonValue level = meta.value(RequestEnvelope::logLevelKey);
    if (!level.isUndefined() && !loggingLevelFromString(level.toString()))
        return invalidParams(u"%1 in _meta must be a logging level (debug … emergency)"_s.arg(RequestEnvelope::logLevelKey));
    const QString version = meta.value(RequestEnvelope::protocolVersionKey).toString();
    if (!ProtocolVersion::isSupportedModern(version))
        return unsupportedVersion(u"Unsupported protocol version: %1"_s.arg(version), version);
    return std::nullopt;
}

// What a valid envelope says about the client, kept for the request being handled.
void ServerLifecycle::adoptEnvelope(const QJsonObject &meta)
{
    m_protocolVersion = meta.value(RequestEnvelope::protocolVersionKey).toString();
    m_clientCapabilities = meta.value(RequestEnvelope::clientCapabilitiesKey).toObject();
    if (meta.contains(RequestEnvelope::clientInfoKey))
        m_clientInfo = Implementation::fromJson(meta.value(RequestEnvelope::clientInfoKey).toObject());
    m_logLevel = loggingLevelFromString(meta.value(RequestEnvelope::logLevelKey).toString());
}

} // namespace Toolgate
