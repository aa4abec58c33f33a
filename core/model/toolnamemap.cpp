#include "core/model/toolnamemap.h"

#include <QCryptographicHash>
#include <QSet>

namespace Toolgate {

namespace {

QString toolKey(const QString &server, const QString &tool)
{
    return server + QChar(0) + tool;
}

bool isSafeChar(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'_' || c == u'-';
}

/// Every other character becomes '_' ("github/list.issues" → "github_list_issues").
QString sanitized(const QString &name)
{
    QString out;
    out.reserve(name.size());
    for (const QChar c : name)
        out.append(isSafeChar(c) ? c : u'_');
    return out.isEmpty() ? QStringLiteral("tool") : out;
}

/// Eight hex digits of the original names: the same tool gets the same suffix in every conversation.
QString digest(const QString &server, const QString &tool)
{
    return QString::fromLatin1(QCryptographicHash::hash(toolKey(server, tool).toUtf8(), QCryptographicHash::Sha256).toHex().left(8));
}

QString withSuffix(const QString &name, const QString &suffix)
{
    return name.left(ToolNameMap::maxLength - suffix.size() - 1) + u'_' + suffix;
}

} // namespace

ToolNameMap ToolNameMap::build(const QList<McpTool> &input)
{
    QList<McpTool> tools;
    for (const McpTool &tool : input) {
        if (!tools.contains(tool))
            tools.append(tool);
    }
    // How many offered tools would share each short name.
    QHash<QString, int> shortCount;
    for (const McpTool &tool : std::as_const(tools))
        ++shortCount[sanitized(tool.tool)];

    // First choice per tool; then anything still taken twice gets the digest.
    QList<QString> names;
    QHash<QString, int> nameCount;
    for (const McpTool &tool : std::as_const(tools)) {
        const QString shortName = sanitized(tool.tool);
        // Shared or too long: the server's name in front makes it clear (and unique, mostly).
        QString name = shortName;
        if (shortCount.value(shortName) > 1 || shortName.size() > maxLength)
            name = sanitized(tool.server) + QStringLiteral("__") + shortName;
        if (name.size() > maxLength)
            name = withSuffix(name, digest(tool.server, tool.tool));
        names.append(name);
        ++nameCount[name];
    }
    ToolNameMap map;
    QSet<QString> used;
    for (qsizetype i = 0; i < tools.size(); ++i) {
        QString name = names.at(i);
        if (nameCount.value(name) > 1 || used.contains(name))
            name = withSuffix(name, digest(tools.at(i).server, tools.at(i).tool));
        // Two different tools whose names and digests collide: count on.
        for (int n = 2; used.contains(name); ++n)
            name = withSuffix(names.at(i), QString::number(n));
        used.insert(name);
        map.m_byApiName.insert(name, tools.at(i));
        map.m_byTool.insert(toolKey(tools.at(i).server, tools.at(i).tool), name);
    }
    return map;
}

QString ToolNameMap::apiName(const QString &server, const QString &tool) const
{
    return m_byTool.value(toolKey(server, tool));
}

std::optional<ToolNameMap::McpTool> ToolNameMap::toolFor(const QString &apiName) const
{
    const auto it = m_byApiName.constFind(apiName);
    if (it == m_byApiName.cend())
        return std::nullopt;
    return *it;
}

bool ToolNameMap::isApiSafe(const QString &name)
{
    if (name.isEmpty() || name.size() > maxLength)
        return false;
    for (const QChar c : name) {
        if (!isSafeChar(c))
            return false;
    }
    return true;
}

} // namespace Toolgate
