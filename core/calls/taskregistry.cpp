#include "core/calls/taskregistry.h"

namespace Toolgate {

TaskRegistry::TaskRegistry(ToolCallPipeline *pipeline, QObject *parent)
    : QObject(parent)
{
    connect(pipeline, &ToolCallPipeline::callBecameTask, this, &TaskRegistry::adopt);
    connect(pipeline, &ToolCallPipeline::callFinished, this, &TaskRegistry::finished);
}

TaskRegistry::~TaskRegistry()
{
    // Running calls we keep are children: they go with us (and their followers with them).
}

void TaskRegistry::adopt(ToolCall *call)
{
    Entry entry;
    entry.callId = call->id();
    entry.server = call->server();
    entry.tool = call->tool();
    entry.arguments = call->outcome().sentArguments;
    entry.argumentOrder = call->outcome().sentArgumentOrder;
    entry.startedAt = call->startedAt();
    entry.task = call->task().value_or(Task());
    entry.events = call->outcome().taskEvents;
    entry.call = call;
    // Whoever started the call may close (a panel, a view) while the task runs on: until the task ends
    // the call is ours. Then it goes back to its starter, as any call would be; if that is gone, we delete it.
    entry.starter = call->parent();
    call->setParent(this);
    m_entries.append(entry);
    connect(call, &ToolCall::taskChanged, this, [this, call] { update(call); });
    emit entryAdded(entry.callId);
}

void TaskRegistry::update(ToolCall *call)
{
    for (Entry &entry : m_entries) {
        if (entry.callId != call->id())
            continue;
        if (call->task())
            entry.task = *call->task();
        entry.events = call->outcome().taskEvents;
        emit entryChanged(entry.callId);
        return;
    }
}

void TaskRegistry::finished(ToolCall *call)
{
    for (Entry &entry : m_entries) {
        if (entry.callId != call->id())
            continue;
        entry.finished = true;
        entry.outcome = call->outcome();
        if (call->task())
            entry.task = *call->task();
        entry.events = call->outcome().taskEvents;
        if (call->parent() == this) {
            if (entry.starter)
                call->setParent(entry.starter);
            else
                call->deleteLater(); // once everyone heard it finished
        }
        emit entryChanged(entry.callId);
        trim();
        return;
    }
}

void TaskRegistry::trim()
{
    int finishedCount = 0;
    for (const Entry &entry : std::as_const(m_entries))
        finishedCount += entry.finished ? 1 : 0;
    for (qsizetype i = 0; i < m_entries.size() && finishedCount > maxFinished;) {
        if (!m_entries.at(i).finished) {
            ++i;
            continue;
        }
        const quint64 id = m_entries.at(i).callId;
        m_entries.removeAt(i);
        --finishedCount;
        emit entryRemoved(id);
    }
}

QList<TaskRegistry::Entry> TaskRegistry::entries(const QString &serverName) const
{
    QList<Entry> listed;
    for (auto it = m_entries.crbegin(); it != m_entries.crend(); ++it) {
        if (serverName.isEmpty() || it->server.name == serverName)
            listed.append(*it);
    }
    return listed;
}

std::optional<TaskRegistry::Entry> TaskRegistry::entry(quint64 callId) const
{
    for (const Entry &entry : m_entries) {
        if (entry.callId == callId)
            return entry;
    }
    return std::nullopt;
}

bool TaskRegistry::cancel(quint64 callId, const QString &reason)
{
    for (const Entry &entry : std::as_const(m_entries)) {
        if (entry.callId != callId)
            continue;
        if (entry.finished || !entry.call)
            return false;
        entry.call->cancel(reason.isEmpty() ? tr("cancelled from the Tasks view") : reason);
        return true;
    }
    return false;
}

bool TaskRegistry::forget(quint64 callId)
{
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        if (m_entries.at(i).callId != callId)
            continue;
        if (!m_entries.at(i).finished)
            return false;
        m_entries.removeAt(i);
        emit entryRemoved(callId);
        return true;
    }
    return false;
}

int TaskRegistry::runningCount(const QString &serverName) const
{
    int running = 0;
    for (const Entry &entry : m_entries) {
        if (!entry.finished && (serverName.isEmpty() || entry.server.name == serverName))
            ++running;
    }
    return running;
}

} // namespace Toolgate

#include "moc_taskregistry.cpp"
