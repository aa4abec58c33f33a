#pragma once

#include "core/common/result.h"
#include "core/workspace/serverconfig.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace Toolgate {

/// Reads and writes the servers file. Reads the formats other hosts use, so their files can be
/// pointed at directly:
///   {"mcpServers": {"name": {"command", "args", "env", "cwd"} | {"url", "headers", "type"}}}
///     (Claude Desktop, Cursor, and Toolgate's own file)
///   {"servers": {"name": {"type": "stdio"|"http"|"sse", ...}}}   (VS Code mcp.json)
///   {"mcp": {"servers": {...}}}                                  (VS Code settings.json)
/// Comments and trailing commas (JSONC, as VS Code writes) are accepted. Writes mcpServers.
class ServerConfigFile final
{
public:
    ServerConfigFile() = delete;

    /// Parses a servers file; sourceName (usually the path) starts every error message.
    /// Errors are ConfigError; broken JSON carries {"line", "column"} in Error::data.
    static Result<QList<ServerConfig>> parse(const QByteArray &json, const QString &sourceName);
    /// Reads and parses the file at path.
    static Result<QList<ServerConfig>> load(const QString &path);
    /// Writes list to path atomically in mcpServers format, keeping each server's extra keys.
    static Result<void> save(const QString &path, const QList<ServerConfig> &list);
    /// Serializes list as {"mcpServers": {...}} (what save() writes).
    static QByteArray serialize(const QList<ServerConfig> &list);

    /// <AppConfigLocation>/servers.json; the apps set the organization and application names.
    static QString defaultPath();
    /// The servers of the default file, or just the demo server when that file does not exist
    /// yet (the desktop app writes it on first start).
    static Result<QList<ServerConfig>> loadEffective();
};

} // namespace Toolgate
