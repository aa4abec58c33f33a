#include "core/client/sessionopening.h"

#include "core/client/probeclassifier.h"
#include "core/client/serverrequestintake.h"
#include "core/client/sessioncore.h"
#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/protocol/protocolversion.h"
#include "core/protocol/task.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace Toolgate {

namespace {

/// Codes Toolgate makes up itself (timeout, connection closed, ...): no server said them.
bool isSynthesized(int code)
{
    return code <= int(ErrorCode::ConnectionClosed) && code >= int(ErrorCode::ConfigError);
}

/// What an answer to server/discover was, for the ProbeClassifier.
ProbeOutcome probeOutcomeOf(const Result<QJsonValue> &answer)
{
    if (answer)
        return ProbeOutcome::answered(answer.value());
    const Error &error = answer.error();
    if (error.code == int(ErrorCode::RequestTimeout))
        return ProbeOutcome::timedOut();
    if (error.code == int(ErrorCode::ConnectionClosed))
        return ProbeOutcome::closed();
    if (isSynthesized(error.code))
        return ProbeOutcome::networkError(error.message);
    return ProbeOutcome::rpcError(error);
}

/// The versions an UnsupportedProtocolVersion refusal of initialize lists, when they are all modern.
QStringList modernOnlyVersions(const Error &error)
{
    if (error.code != int(ErrorCode::UnsupportedProtocolVersion))
        return {};
    QStringList versions;
    for (const QJsonValue &v : error.data.toObject().value(QLatin1String("supported")).toArray()) {
        if (!v.isString() || !ProtocolVersion::isModern(v.toString()))
            return {};
        versions.append(v.toString());
    }
    return versions;
}

JsonRpcPeer::RequestOptions openingOptions(const ClientSession::Options &options)
{
    JsonRpcPeer::RequestOptions requestOptions;
    requestOptions.timeout = options.initializeTimeout;
    requestOptions.maxTimeout = options.initializeTimeout;
    return requestOptions;
}

} // namespace

SessionOpening::SessionOpening(SessionCore &core, const ServerRequestIntake &intake)
    : m_core(core)
    , m_intake(intake)
    , m_extensions(core.options().extensions)
{
    m_core.setModernCapabilities([this] { return modernClientCapabilities(); });
}

void SessionOpening::setExtension(const QString &name, const QJsonObject &settings)
{
    m_extensions.insert(name, settings);
}

QJsonObject SessionOpening::clientCapabilities() const
{
    QJsonObject capabilities = m_intake.declaredCapabilities(ProtocolEra::Legacy);
    if (!m_extensions.isEmpty())
        capabilities.insert(QLatin1String("extensions"), m_extensions);
    return capabilities;
}

/// In the modern era the client's capabilities travel in every request. Roots, sampling and
/// elicitation are those of the legacy era (their requests arrive embedded in results).
QJsonObject SessionOpening::modernClientCapabilities() const
{
    QJsonObject capabilities = m_intake.declaredCapabilities(ProtocolEra::Modern);
    // Toolgate follows a task in place of any tools/call result (TaskFollower), so it always says so:
    // the server alone decides which calls become tasks (SEP-2663).
    QJsonObject declared = m_extensions;
    declared.insert(tasksExtensionName, QJsonObject());
    capabilities.insert(QLatin1String("extensions"), declared);
    return capabilities;
}

void SessionOpening::open()
{
    const ClientSession::EraMode mode = m_core.options().era;
    if (mode == ClientSession::EraMode::Modern || mode == ClientSession::EraMode::PreferModern)
        discover(ProtocolVersion::supportedModern().constFirst());
    else
        initialize();
}

void SessionOpening::discover(const QString &version)
{
    m_core.setState(SessionCore::State::Discovering);
    m_core.setEra(ProtocolEra::Modern);
    m_core.setModernVersion(version);
    m_core.peer().sendRequest(QStringLiteral("server/discover"), m_core.withEnvelope({}), this,
                              [this, version](const Result<QJsonValue> &result) { onDiscovered(version, result); },
                              openingOptions(m_core.options()));
}

void SessionOpening::onDiscovered(const QString &requested, const Result<QJsonValue> &result)
{
    if (m_core.state() != SessionCore::State::Discovering)
        return;
    if (!result && isSynthesized(result.error().code) && m_core.printedStrayOutput()) {
        m_core.fail(result.error()); // says what the program printed instead
        return;
    }
    ProbeClassifier::Options classifierOptions;
    classifierOptions.mayFallBack = m_core.options().era == ClientSession::EraMode::PreferModern;
    EraVerdict verdict = ProbeClassifier(classifierOptions).classify(probeOutcomeOf(result), requested);
    switch (verdict.kind) {
    case EraVerdict::Kind::Modern:
        if (m_eraDecidedBy.isEmpty())
            m_eraDecidedBy = QStringLiteral("server/discover");
        m_core.setModernVersion(verdict.version);
        m_discoverResult = std::move(verdict.discover);
        m_core.setNegotiated(m_discoverResult.toInitializeResult(verdict.version));
        qCInfo(lcClient) << "connected to" << m_core.negotiated().serverInfo.name << "speaking" << verdict.version
                         << "(" << verdict.how << ")";
        m_core.setState(SessionCore::State::Ready);
        emit ready();
        return;
    case EraVerdict::Kind::Corrective:
        if (!m_correctiveRetryUsed) {
            // The spec: select a mutually supported version and retry, once.
            m_correctiveRetryUsed = true;
            qCInfo(lcClient) << "server/discover refused" << requested << "; asking again with" << verdict.version;
            discover(verdict.version);
            return;
        }
        m_core.fail(makeError(ErrorCode::UnsupportedProtocolVersion,
                              requested == verdict.version
                                  ? QCoreApplication::translate("Toolgate::ClientSession", "the server refused MCP %1 twice, although it lists it as supported")
                                        .arg(requested)
                                  : QCoreApplication::translate("Toolgate::ClientSession", "the server refused MCP %1 and then %2, both of which it lists as supported")
                                        .arg(requested, verdict.version),
                              result ? QJsonValue() : result.error().data));
        return;
    case EraVerdict::Kind::Legacy: // only with PreferModern: the server is no modern one after all
        qCInfo(lcClient) << "server/discover gave no sign of the modern era (" << verdict.how << "); initializing";
        m_core.setEra(ProtocolEra::Legacy);
        m_eraDecidedBy = QStringLiteral("server/discover %1").arg(verdict.how);
        initialize();
        return;
    case EraVerdict::Kind::Error:
        m_core.fail(verdict.error);
        return;
    }
}

void SessionOpening::initialize()
{
    m_core.setState(SessionCore::State::Initializing);
    const QJsonObject params{
        {QLatin1String("protocolVersion"), QString(ProtocolVersion::latestLegacy)},
        {QLatin1String("capabilities"), clientCapabilities()},
        {QLatin1String("clientInfo"), m_core.options().clientInfo.toJson()},
    };
    m_core.peer().sendRequest(QStringLiteral("initialize"), params, this,
                              [this](const Result<QJsonValue> &result) { onInitialized(result); },
                              openingOptions(m_core.options()));
}

void SessionOpening::onInitialized(const Result<QJsonValue> &result)
{
    if (m_core.state() != SessionCore::State::Initializing)
        return;
    if (!result) {
        Error error = result.error();
        const bool fromServer = !isSynthesized(error.code);
        const QStringList modernOnly = modernOnlyVersions(error);
        if (m_core.options().era == ClientSession::EraMode::PreferLegacy && !m_eraDecidedBy.startsWith(QLatin1String("server/discover"))) {
            // A modern server misjudged as legacy: its refusal names the versions it speaks. Stay on this
            // connection (a modern stdio server keeps it open for a modern opening).
            const QStringList named = error.data.toObject().value(QLatin1String("supported")).toVariant().toStringList();
            for (const QString &version : ProtocolVersion::supportedModern()) {
                if (named.contains(version)) {
                    qCInfo(lcClient) << "initialize refused with -32022 naming" << version << "; continuing modern";
                    m_eraDecidedBy = QStringLiteral("initialize -32022");
                    discover(version);
                    return;
                }
            }
        }
        if (!modernOnly.isEmpty()) {
            // A modern-only server names its versions in the refusal (basic/versioning.mdx): say what to do.
            error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server speaks only MCP %1, which has no initialize (it answered: %2); "
                                                        "set its protocol era to Auto or Modern")
                                .arg(modernOnly.join(QStringLiteral(", ")), error.message);
        } else if (fromServer) {
            error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server rejected initialize: %1").arg(error.message);
        }
        m_core.fail(error);
        return;
    }
    if (!result.value().isObject()) {
        m_core.fail(makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::ClientSession", "the server answered initialize with something that is not an object")));
        return;
    }
    InitializeResult init = InitializeResult::fromJson(result.value().toObject());
    if (!ProtocolVersion::isSupportedLegacy(init.protocolVersion)) {
        // The lifecycle spec: a client that does not support the server's version should disconnect.
        m_core.fail(makeError(ErrorCode::UnsupportedProtocolVersion,
                              QCoreApplication::translate("Toolgate::ClientSession", "the server speaks MCP revision \"%1\", which Toolgate does not support (it supports %2). Update the server or Toolgate.")
                                  .arg(init.protocolVersion, ProtocolVersion::supportedLegacy().join(QStringLiteral(", ")))));
        return;
    }
    m_core.setNegotiated(std::move(init));
    if (m_eraDecidedBy.isEmpty())
        m_eraDecidedBy = QStringLiteral("initialize");
    m_core.peer().sendNotification(QStringLiteral("notifications/initialized"));
    qCInfo(lcClient) << "connected to" << m_core.negotiated().serverInfo.name << "speaking" << m_core.negotiated().protocolVersion;
    m_core.setState(SessionCore::State::Ready);
    emit ready();
}

} // namespace Toolgate

#include "moc_sessionopening.cpp"
