#pragma once

#include "core/common/result.h"
#include "core/protocol/tool.h"
#include "core/server/keyedentries.h"
#include "core/server/toolcallcontext.h"

#include <QList>
#include <QString>

#include <functional>

namespace Toolgate {

/// The tools an McpServer offers, with the handlers that run them; it also says which tools may
/// run as tasks, since that decides whether the server offers tasks at all.
class ToolRegistry final
{
public:
    using Handler = std::function<void(const ToolCallContext &call)>;
    struct Entry
    {
        Tool definition;
        Handler handler;
        QString key() const { return definition.name; }
    };
    /// What a tool's execution.taskSupport allows.
    enum class TaskMode { Forbidden, Optional, Required };

    /// Registers or replaces a tool. Fails on an invalid name (1–128 of A–Z a–z 0–9 _ - .) or no handler.
    Result<void> add(const Tool &definition, Handler handler);
    bool remove(const QString &name) { return m_tools.remove(name); }
    /// The tool of that name; nullptr when there is none. Valid until the next change.
    const Entry *find(const QString &name) const { return m_tools.find(name); }
    bool contains(const QString &name) const { return m_tools.contains(name); }
    bool isEmpty() const { return m_tools.isEmpty(); }
    const QList<Entry> &all() const { return m_tools.all(); }
    /// The definitions in registration order.
    QList<Tool> definitions() const;

    /// True when any tool may run as a task.
    bool offersTasks() const;
    static TaskMode taskModeOf(const Tool &tool);

private:
    KeyedEntries<Entry> m_tools;
};

} // namespace Toolgate
