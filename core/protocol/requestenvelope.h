#pragma once

#include "core/protocol/implementation.h"
#include "core/protocol/logginglevel.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace Toolgate {

/// The per-request _meta envelope of the modern revision (2026-07-28, basic/index.mdx "_meta"): what a
/// modern request says about the client, since there is no initialize to say it once.
namespace RequestEnvelope {

inline const QString protocolVersionKey = QStringLiteral("io.modelcontextprotocol/protocolVersion");
inline const QString clientInfoKey = QStringLiteral("io.modelcontextprotocol/clientInfo");
inline const QString clientCapabilitiesKey = QStringLiteral("io.modelcontextprotocol/clientCapabilities");
inline const QString logLevelKey = QStringLiteral("io.modelcontextprotocol/logLevel");
/// Result side: the server's self-description in a result's _meta (server/discover).
inline const QString serverInfoKey = QStringLiteral("io.modelcontextprotocol/serverInfo");
/// Notification side: which subscriptions/listen a notification belongs to (its request id).
inline const QString subscriptionIdKey = QStringLiteral("io.modelcontextprotocol/subscriptionId");

/// The envelope's keys, for merging into a request's _meta.
QJsonObject make(const QString &protocolVersion, const Implementation &clientInfo, const QJsonObject &clientCapabilities,
                 std::optional<LoggingLevel> logLevel = std::nullopt);

} // namespace RequestEnvelope

} // namespace Toolgate
