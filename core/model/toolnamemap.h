#pragma once

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace Toolgate {

/// The names a model sees for the MCP tools offered to it, and the way back. MCP tool names may be
/// long, hold dots or slashes, and two servers may both have "search"; model APIs want
/// ^[a-zA-Z0-9_-]{1,64}$, unique per request. A tool keeps its own name when that is safe and
/// unique among the offered ones; otherwise the server's name is put in front ("files__search"),
/// and what is still too long or taken gets a short digest of the original names. Built for a set
/// of tools at once, so that a tool's name does not depend on the order they were listed in.
class ToolNameMap final
{
public:
    struct McpTool
    {
        QString server;
        QString tool;
        friend bool operator==(const McpTool &a, const McpTool &b) { return a.server == b.server && a.tool == b.tool; }
    };

    ToolNameMap() = default;
    /// The map for these tools (a tool listed twice counts once).
    static ToolNameMap build(const QList<McpTool> &tools);

    /// The name the model sees for a tool; empty when it is not in the map.
    QString apiName(const QString &server, const QString &tool) const;
    /// The tool behind a name the model used; nothing for a name that is not in the map.
    std::optional<McpTool> toolFor(const QString &apiName) const;
    qsizetype size() const { return m_byApiName.size(); }

    /// Whether name is one a model API accepts.
    static bool isApiSafe(const QString &name);
    static constexpr int maxLength = 64;

private:
    QHash<QString, McpTool> m_byApiName;
    QHash<QString, QString> m_byTool; ///< server + '\0' + tool → API name
};

} // namespace Toolgate
