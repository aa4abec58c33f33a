#pragma once

#include "core/common/error.h"
#include "core/protocol/discover.h"
#include "core/protocol/protocolversion.h"

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace Toolgate {

/// One thing that happened to a server/discover probe, as the transport saw it.
struct ProbeOutcome
{
    enum class Kind {
        Result,       // a JSON-RPC result (any JSON value)
        RpcError,     // a JSON-RPC error: error holds the server's code, message and data
        HttpError,    // an HTTP status other than 2xx: httpStatus and body
        Timeout,      // no answer in time
        Closed,       // the connection closed (stdio: the program exited) before an answer
        Garbage,      // something that is not a JSON-RPC message; body holds it
        NetworkError, // the request did not reach the server: error.message says why
    };
    Kind kind = Kind::Timeout;
    QJsonValue result;
    Error error;
    int httpStatus = 0;
    QByteArray body;

    static ProbeOutcome answered(const QJsonValue &result);
    static ProbeOutcome rpcError(const Error &error);
    static ProbeOutcome httpError(int status, const QByteArray &body);
    static ProbeOutcome timedOut();
    static ProbeOutcome closed();
    static ProbeOutcome garbage(const QByteArray &text);
    static ProbeOutcome networkError(const QString &message);
};

/// What a probe outcome says about the server's era.
struct EraVerdict
{
    enum class Kind {
        Modern,     // speak version; discover is the server's answer
        Corrective, // a modern server that refused our version: probe once more with version
        Legacy,     // fall back to initialize
        Error,      // neither era can be used (or this is no evidence at all): error says why
    };
    Kind kind = Kind::Legacy;
    QString version;
    DiscoverResult discover;
    /// How the verdict was reached, short and stable ("probe result", "probe -32601", "probe timeout"):
    /// for logs, the console and the era cache, not translated.
    QString how;
    Error error;
};

/// Decides a server's era from one answer to server/discover, by the rules of the 2026-07-28 spec
/// (basic/transports/stdio.mdx and streamable-http.mdx, "Backward Compatibility"): only a
/// DiscoverResult, or an UnsupportedProtocolVersion error listing modern versions, is modern
/// evidence; the fallback is never keyed to one error code. No I/O: the caller sends and retries.
class ProbeClassifier final
{
public:
    enum class Channel { Stdio, Http };
    struct Options
    {
        Channel channel = Channel::Stdio;
        /// The modern revisions we speak, preferred first.
        QStringList modernVersions = ProtocolVersion::supportedModern();
        /// False when only the modern era is wanted: what would be "legacy" is then an error.
        bool mayFallBack = true;
    };

    explicit ProbeClassifier(Options options);

    /// requestedVersion: the version the probe's envelope named.
    EraVerdict classify(const ProbeOutcome &outcome, const QString &requestedVersion) const;

private:
    EraVerdict classifyResult(const QJsonValue &result) const;
    EraVerdict classifyRpcError(const Error &error, const QString &requestedVersion) const;
    EraVerdict classifyHttpError(int status, const QByteArray &body, const QString &requestedVersion) const;
    EraVerdict legacy(const QString &how, const QString &answer) const;
    QString versionsWeSpeak() const;

    Options m_options;
};

} // namespace Toolgate
