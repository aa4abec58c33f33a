#pragma once

#include "core/calls/toolcall.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QPointer>

#include <optional>

namespace Toolgate {

/// Every call that became a task in this run, per server: what a Tasks view lists. While its task runs,
/// a call is reparented here, so it outlives the panel (or command) that started it; when it finished
/// it goes back to its starter (who deletes it as any call), or is deleted here if the starter is gone.
/// A finished task stays listed with its outcome until forgotten (the oldest go first past maxFinished).
class TaskRegistry final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TaskRegistry)
public:
    struct Entry
    {
        quint64 callId = 0;      ///< ToolCall::id()
        ServerIdentity server;
        Tool tool;
        QJsonObject arguments;   ///< as sent
        JsonKeyOrder argumentOrder;
        QDateTime startedAt;
        Task task;               ///< its latest state
        QList<TaskEvent> events;
        bool finished = false;
        /// Once finished: how the call ended (the result, or why not).
        std::optional<ToolCallOutcome> outcome;
        /// The running call (null once it is finished and gone).
        QPointer<ToolCall> call;
        /// Who started it (its parent then): the call goes back to it when the task ends.
        QPointer<QObject> starter;
    };

    static constexpr int maxFinished = 200;

    /// Watches pipeline for calls that become tasks; the pipeline must outlive the registry.
    explicit TaskRegistry(ToolCallPipeline *pipeline, QObject *parent = nullptr);
    ~TaskRegistry() override;

    /// Newest first; serverName empty: every server's.
    QList<Entry> entries(const QString &serverName = {}) const;
    std::optional<Entry> entry(quint64 callId) const;
    /// The running call's task, cancelled (tasks/cancel). False when it is not running.
    bool cancel(quint64 callId, const QString &reason = {});
    /// Drops a finished entry from the list. False when it is unknown or still running.
    bool forget(quint64 callId);
    int runningCount(const QString &serverName = {}) const;

signals:
    void entryAdded(quint64 callId);
    void entryChanged(quint64 callId);
    void entryRemoved(quint64 callId);

private:
    void adopt(ToolCall *call);
    void update(ToolCall *call);
    void finished(ToolCall *call);
    void trim();

    QList<Entry> m_entries; ///< oldest first
};

} // namespace Toolgate
