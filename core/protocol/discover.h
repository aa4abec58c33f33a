#pragma once

#include "core/common/result.h"
#include "core/protocol/implementation.h"
#include "core/protocol/initialize.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// Which generation of MCP a connection speaks: the initialize revisions (2025-11-25 and earlier) or the
/// stateless ones (2026-07-28 and later: server/discover, the per-request _meta envelope).
enum class ProtocolEra { Legacy, Modern };

/// The server's answer to server/discover (2026-07-28): what the modern era knows of a server before
/// any other request.
struct DiscoverResult
{
    QStringList supportedVersions;
    ServerCapabilities capabilities;
    Implementation serverInfo; // from _meta["io.modelcontextprotocol/serverInfo"]; may be empty
    QString instructions;      // a hint for the model, written by the server; untrusted text
    std::optional<qint64> ttlMs;
    QString cacheScope;        // "public", "private" or empty
    QJsonObject raw;

    /// Strict: supportedVersions must be a list of strings, capabilities an object, instructions (if
    /// there) a string, and resultType absent or "complete". Anything else is not a DiscoverResult,
    /// which during era negotiation means "not modern evidence".
    static Result<DiscoverResult> parse(const QJsonObject &json);
    /// The same description in the form the rest of Toolgate reads (protocolVersion = version).
    InitializeResult toInitializeResult(const QString &version) const;
};

} // namespace Toolgate
