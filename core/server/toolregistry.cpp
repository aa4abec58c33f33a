#include "core/server/toolregistry.h"

#include "core/common/error.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Toolgate {

Result<void> ToolRegistry::add(const Tool &definition, Handler handler)
{
    static const QRegularExpression namePattern(u"^[A-Za-z0-9_.-]{1,128}$"_s);
    if (!namePattern.match(definition.name).hasMatch())
        return makeError(ErrorCode::InvalidParams,
                         u"invalid tool name \"%1\": use 1 to 128 of A-Z a-z 0-9 _ - ."_s.arg(definition.name));
    if (!handler)
        return makeError(ErrorCode::InvalidParams, u"the tool \"%1\" has no handler"_s.arg(definition.name));
    m_tools.put(Entry{definition, std::move(handler)});
    return {};
}

QList<Tool> ToolRegistry::definitions() const
{
    QList<Tool> out;
    out.reserve(m_tools.all().size());
    for (const Entry &entry : m_tools.all())
        out.append(entry.definition);
    return out;
}

bool ToolRegistry::offersTasks() const
{
    return std::any_of(m_tools.all().cbegin(), m_tools.all().cend(),
                       [](const Entry &entry) { return taskModeOf(entry.definition) != TaskMode::Forbidden; });
}

ToolRegistry::TaskMode ToolRegistry::taskModeOf(const Tool &tool)
{
    const QString support = tool.execution.value(u"taskSupport").toString();
    if (support == u"required")
        return TaskMode::Required;
    if (support == u"optional")
        return TaskMode::Optional;
    return TaskMode::Forbidden;
}

} // namespace Toolgate
