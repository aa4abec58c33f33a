#include "core/client/probeclassifier.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

/// data.supported of an UnsupportedProtocolVersion error: a non-empty list of strings, or nothing.
std::optional<QStringList> supportedList(const QJsonValue &data)
{
    const QJsonValue supported = data.toObject().value(u"supported");
    if (!supported.isArray() || supported.toArray().isEmpty())
        return std::nullopt;
    QStringList out;
    for (const QJsonValue &v : supported.toArray()) {
        if (!v.isString())
            return std::nullopt;
        out.append(v.toString());
    }
    return out;
}

/// The JSON-RPC error in an HTTP error body, if the body is one.
std::optional<Error> rpcErrorInBody(const QByteArray &body)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    const QJsonValue error = doc.object().value(u"error");
    if (!error.isObject() || !error.toObject().value(u"code").isDouble())
        return std::nullopt;
    const QJsonObject e = error.toObject();
    return Error{e.value(u"code").toInt(), e.value(u"message").toString(), e.value(u"data")};
}

/// A line for the person: the start of what a server wrote, in one line.
QString excerpt(const QByteArray &text)
{
    constexpr qsizetype maxChars = 80;
    QString s = QString::fromUtf8(text).simplified();
    if (s.size() > maxChars)
        s = s.left(maxChars) + u'…';
    return s;
}

} // namespace

ProbeOutcome ProbeOutcome::answered(const QJsonValue &result)
{
    ProbeOutcome o;
    o.kind = Kind::Result;
    o.result = result;
    return o;
}

ProbeOutcome ProbeOutcome::rpcError(const Error &error)
{
    ProbeOutcome o;
    o.kind = Kind::RpcError;
    o.error = error;
    return o;
}

ProbeOutcome ProbeOutcome::httpError(int status, const QByteArray &body)
{
    ProbeOutcome o;
    o.kind = Kind::HttpError;
    o.httpStatus = status;
    o.body = body;
    return o;
}

ProbeOutcome ProbeOutcome::timedOut()
{
    return ProbeOutcome{};
}

ProbeOutcome ProbeOutcome::closed()
{
    ProbeOutcome o;
    o.kind = Kind::Closed;
    return o;
}

ProbeOutcome ProbeOutcome::garbage(const QByteArray &text)
{
    ProbeOutcome o;
    o.kind = Kind::Garbage;
    o.body = text;
    return o;
}

ProbeOutcome ProbeOutcome::networkError(const QString &message)
{
    ProbeOutcome o;
    o.kind = Kind::NetworkError;
    o.error = makeError(ErrorCode::TransportError, message);
    return o;
}

ProbeClassifier::ProbeClassifier(Options options)
    : m_options(std::move(options))
{
}

EraVerdict ProbeClassifier::classify(const ProbeOutcome &outcome, const QString &requestedVersion) const
{
    const bool stdio = m_options.channel == Channel::Stdio;
    switch (outcome.kind) {
    case ProbeOutcome::Kind::Result:
        return classifyResult(outcome.result);
    case ProbeOutcome::Kind::RpcError:
        return classifyRpcError(outcome.error, requestedVersion);
    case ProbeOutcome::Kind::HttpError:
        return classifyHttpError(outcome.httpStatus, outcome.body, requestedVersion);
    case ProbeOutcome::Kind::Timeout:
        // A legacy server may say nothing to a request before initialize; an HTTP server that does not
        // answer is down, which says nothing about its era.
        if (stdio)
            return legacy(u"probe timeout"_s, QCoreApplication::translate("Toolgate::ProbeClassifier", "no answer in time"));
        break;
    case ProbeOutcome::Kind::Closed:
        // Some legacy servers exit on any request before initialize (the probe runs on a sibling process).
        if (stdio)
            return legacy(u"probe closed"_s, QCoreApplication::translate("Toolgate::ProbeClassifier", "the program exited"));
        break;
    case ProbeOutcome::Kind::Garbage:
        // On stdio a legacy server may print anything to a request it does not know; over HTTP a 2xx
        // reply that is no JSON-RPC is an unusable answer, not a sign of the legacy era.
        if (stdio)
            return legacy(u"probe garbage"_s, QCoreApplication::translate("Toolgate::ProbeClassifier", "text that is not MCP (\"%1\")").arg(excerpt(outcome.body)));
        {
            EraVerdict v;
            v.kind = EraVerdict::Kind::Error;
            v.how = u"probe unusable reply"_s;
            v.error = makeError(ErrorCode::ProtocolError,
                                QCoreApplication::translate("Toolgate::ProbeClassifier", "the server answered server/discover with something that is not JSON-RPC (\"%1\")")
                                    .arg(excerpt(outcome.body)));
            return v;
        }
    case ProbeOutcome::Kind::NetworkError:
        break;
    }
    // HTTP timeouts, closed connections and network errors: an outage is not a legacy server.
    EraVerdict v;
    v.kind = EraVerdict::Kind::Error;
    v.how = outcome.kind == ProbeOutcome::Kind::Timeout ? u"probe timeout"_s : u"probe network error"_s;
    const QString detail = outcome.kind == ProbeOutcome::Kind::Timeout ? QCoreApplication::translate("Toolgate::ProbeClassifier", "no answer in time")
        : outcome.kind == ProbeOutcome::Kind::Closed                   ? QCoreApplication::translate("Toolgate::ProbeClassifier", "the connection closed")
                                                                       : outcome.error.message;
    v.error = makeError(outcome.kind == ProbeOutcome::Kind::Timeout ? ErrorCode::RequestTimeout : ErrorCode::TransportError,
                        QCoreApplication::translate("Toolgate::ProbeClassifier", "could not ask the server which protocol era it speaks: %1").arg(detail));
    return v;
}

EraVerdict ProbeClassifier::classifyResult(const QJsonValue &result) const
{
    if (!result.isObject())
        return legacy(u"probe result unusable"_s, QCoreApplication::translate("Toolgate::ProbeClassifier", "a result that is not a server/discover result"));
    Result<DiscoverResult> parsed = DiscoverResult::parse(result.toObject());
    if (!parsed)
        return legacy(u"probe result unusable"_s, QCoreApplication::translate("Toolgate::ProbeClassifier", "a result that is not a server/discover result"));
    for (const QString &version : m_options.modernVersions) {
        if (parsed->supportedVersions.contains(version)) {
            EraVerdict v;
            v.kind = EraVerdict::Kind::Modern;
            v.version = version;
            v.discover = std::move(parsed).value();
            v.how = u"probe result"_s;
            return v;
        }
    }
    if (m_options.mayFallBack)
        return legacy(u"probe result without a common version"_s, {});
    EraVerdict v;
    v.kind = EraVerdict::Kind::Error;
    v.how = u"probe result without a common version"_s;
    v.error = makeError(ErrorCode::UnsupportedProtocolVersion,
                        QCoreApplication::translate("Toolgate::ProbeClassifier", "the server speaks MCP %1; Toolgate speaks %2")
                            .arg(parsed->supportedVersions.join(u", "_s), versionsWeSpeak()),
                        QJsonObject{{u"supported"_s, QJsonArray::fromStringList(parsed->supportedVersions)}});
    return v;
}

EraVerdict ProbeClassifier::classifyRpcError(const Error &error, const QString &requestedVersion) const
{
    const QString how = u"probe %1"_s.arg(error.code);
    const QString answer = QCoreApplication::translate("Toolgate::ProbeClassifier", "error %1 (%2)").arg(error.code).arg(error.message);
    // Only UnsupportedProtocolVersion with a list of versions is modern evidence. -32001 (often "session
    // not found"), -32020 and -32021 are not: deployed servers overload them, and the spec forbids keying
    // the fallback to one code. Every other error means legacy.
    if (error.code != int(ErrorCode::UnsupportedProtocolVersion))
        return legacy(how, answer);
    const std::optional<QStringList> supported = supportedList(error.data);
    if (!supported)
        return legacy(how, answer);

    EraVerdict v;
    v.how = how;
    QStringList supportedModern;
    for (const QString &version : *supported) {
        if (ProtocolVersion::isModern(version))
            supportedModern.append(version);
    }
    for (const QString &version : m_options.modernVersions) {
        if (!supportedModern.contains(version))
            continue;
        // Also when it refused the very version it lists (a server that wants the request again, as the
        // conformance suite's request-metadata scenario does): the caller retries once and no more.
        v.kind = EraVerdict::Kind::Corrective;
        v.version = version;
        if (version == requestedVersion)
            v.how = how + QStringLiteral(" (refused the version it lists)");
        return v;
    }
    if (supportedModern.isEmpty() && m_options.mayFallBack)
        return legacy(how, answer);
    // A modern server whose versions we do not speak: falling back to initialize cannot help.
    v.kind = EraVerdict::Kind::Error;
    v.error = makeError(ErrorCode::UnsupportedProtocolVersion,
                        QCoreApplication::translate("Toolgate::ProbeClassifier", "the server speaks MCP %1; Toolgate speaks %2").arg(supported->join(u", "_s), versionsWeSpeak()),
                        error.data);
    return v;
}

EraVerdict ProbeClassifier::classifyHttpError(int status, const QByteArray &body, const QString &requestedVersion) const
{
    if (status == 401 || status == 403 || status >= 500) {
        // Sign-in is not era evidence (sign in, then probe again), and neither is an outage.
        EraVerdict v;
        v.kind = EraVerdict::Kind::Error;
        v.how = u"probe HTTP %1"_s.arg(status);
        const QString what = status == 401 ? QCoreApplication::translate("Toolgate::ProbeClassifier", "the server wants a sign-in first (HTTP 401)")
            : status == 403                ? QCoreApplication::translate("Toolgate::ProbeClassifier", "the server denied access (HTTP 403)")
                                           : QCoreApplication::translate("Toolgate::ProbeClassifier", "the server failed (HTTP %1)").arg(status);
        v.error = makeError(ErrorCode::TransportError,
                            QCoreApplication::translate("Toolgate::ProbeClassifier", "could not ask the server which protocol era it speaks: %1").arg(what),
                            QJsonObject{{u"status"_s, status}});
        return v;
    }
    // A 4xx with a JSON-RPC error body is judged by that error: a modern server answers an unsupported
    // version with 400 and -32022. Anything else (an empty body, an HTML page) is a legacy server.
    if (const std::optional<Error> error = rpcErrorInBody(body))
        return classifyRpcError(*error, requestedVersion);
    return legacy(u"probe HTTP %1"_s.arg(status), QCoreApplication::translate("Toolgate::ProbeClassifier", "HTTP status %1").arg(status));
}

EraVerdict ProbeClassifier::legacy(const QString &how, const QString &answer) const
{
    EraVerdict v;
    v.how = how;
    if (m_options.mayFallBack) {
        v.kind = EraVerdict::Kind::Legacy;
        return v;
    }
    v.kind = EraVerdict::Kind::Error;
    const QString version = m_options.modernVersions.value(0);
    v.error = makeError(ErrorCode::UnsupportedProtocolVersion,
                        answer.isEmpty()
                            ? QCoreApplication::translate("Toolgate::ProbeClassifier", "this server does not speak MCP %1; set its protocol era to Auto or Legacy").arg(version)
                            : QCoreApplication::translate("Toolgate::ProbeClassifier", "this server does not speak MCP %1 (its answer to server/discover: %2); "
                                 "set its protocol era to Auto or Legacy").arg(version, answer));
    return v;
}

QString ProbeClassifier::versionsWeSpeak() const
{
    QStringList versions = m_options.modernVersions;
    if (m_options.mayFallBack)
        versions += ProtocolVersion::supportedLegacy();
    return versions.join(u", "_s);
}

} // namespace Toolgate
