#include "core/model/exposedtools.h"

#include "core/calls/calltarget.h"

#include <algorithm>

namespace Toolgate {

void ExposedTools::add(CallTarget *target, const QString &toolName)
{
    if (!target)
        return;
    const QString server = target->identity().name;
    if (contains(server, toolName))
        return;
    m_entries.append(Entry{target, target->targetObject(), server, toolName});
}

void ExposedTools::remove(const QString &server, const QString &toolName)
{
    m_entries.removeIf([&](const Entry &entry) { return entry.server == server && entry.tool == toolName; });
}

bool ExposedTools::contains(const QString &server, const QString &toolName) const
{
    return std::any_of(m_entries.cbegin(), m_entries.cend(),
                       [&](const Entry &entry) { return entry.server == server && entry.tool == toolName; });
}

ToolNameMap ExposedTools::nameMap() const
{
    // Built from every entry, present or gone, so that a server going away renames nobody else's tools.
    QList<ToolNameMap::McpTool> tools;
    tools.reserve(m_entries.size());
    for (const Entry &entry : m_entries)
        tools.append({entry.server, entry.tool});
    return ToolNameMap::build(tools);
}

QList<ExposedTools::Listed> ExposedTools::list() const
{
    const ToolNameMap map = nameMap();
    QList<Listed> listed;
    listed.reserve(m_entries.size());
    for (const Entry &entry : m_entries)
        listed.append(
            {entry.server, entry.tool, map.apiName(entry.server, entry.tool), entry.guard && entry.target->listedTool(entry.tool)});
    return listed;
}

QList<ModelTool> ExposedTools::modelTools() const
{
    const ToolNameMap map = nameMap();
    QList<ModelTool> tools;
    for (const Entry &entry : m_entries) {
        if (!entry.guard)
            continue;
        const std::optional<Tool> listed = entry.target->listedTool(entry.tool);
        if (!listed)
            continue; // the server no longer lists it: there is nothing to describe, and nothing to call
        tools.append(ModelTool{map.apiName(entry.server, entry.tool), listed->description, listed->inputSchema});
    }
    return tools;
}

std::optional<ExposedTools::Resolved> ExposedTools::resolve(const QString &apiName) const
{
    const std::optional<ToolNameMap::McpTool> mapped = nameMap().toolFor(apiName);
    if (!mapped)
        return std::nullopt;
    for (const Entry &entry : m_entries) {
        if (entry.server == mapped->server && entry.tool == mapped->tool && entry.guard)
            return Resolved{entry.target, entry.server, entry.tool};
    }
    return std::nullopt;
}

QString ExposedTools::apiName(const QString &server, const QString &toolName) const
{
    return nameMap().apiName(server, toolName);
}

} // namespace Toolgate
