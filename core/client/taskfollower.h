#pragma once

#include "core/client/clientsession.h"
#include "core/protocol/task.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <chrono>

namespace Toolgate {

/// Follows one task of a server until it ends, then hands over the tool's result: polls tasks/get at
/// the server's interval (status notifications speed it up, never replace it), passes the server's
/// questions to the server-request handlers (2025-11-25: by waiting on tasks/result, which the server
/// sends them on; 2026-07-28: inputRequests, answered with tasks/update, each key once), and cancels
/// with tasks/cancel. Emits finished() exactly once: the result, the task's error, or why it ended.
class TaskFollower final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TaskFollower)
public:
    struct Options
    {
        /// What the task runs, for the person's questions ("to finish the call of …").
        QString toolName;
        /// The audit log's id of the call that created the task (ToolCall::id()).
        quint64 auditCallId = 0;
        /// The interval when the server suggests none, and the bounds on what it suggests: a server may
        /// not make Toolgate poll in a tight loop, nor wait for hours between looks.
        std::chrono::milliseconds defaultPollInterval = std::chrono::seconds(1);
        std::chrono::milliseconds minPollInterval = std::chrono::milliseconds(200);
        std::chrono::milliseconds maxPollInterval = std::chrono::seconds(30);
        /// Polls that fail in a row before the task is given up (the server still answers other requests).
        int maxFailedPolls = 5;
        /// 2025-11-25: how long the result may take to come on tasks/result once the task is known to
        /// have ended (a server that never hands it over must not keep the call open for ever).
        std::chrono::milliseconds resultGrace = std::chrono::seconds(30);
    };

    /// Starts at once from created (the CreateTaskResult's task). session is not owned.
    TaskFollower(ClientSession *session, Task created, Options options, QObject *parent = nullptr);
    ~TaskFollower() override;

    const Task &task() const { return m_task; }
    bool isFinished() const { return m_finished; }

    /// Sends tasks/cancel (once); finished() follows with a RequestCancelled error when the server
    /// acknowledges it, or with the result if the task ended first.
    void cancel(const QString &reason);

signals:
    /// The task's status, message or interval changed (from a poll or a notification).
    void taskChanged(const Toolgate::Task &task);
    void finished(const Toolgate::Result<Toolgate::CallToolResult> &result);

private:
    void schedulePoll();
    void poll();
    void apply(const Task &task);
    void onTerminal();
    void fetchLegacyResult();
    void askModernInputs();
    /// Ends the task, cancelled at the server, with failure (an error the server caused).
    void abandon(const Error &failure);
    void sendResponses();
    void finish(const Result<CallToolResult> &result);
    std::chrono::milliseconds pollInterval() const;

    QPointer<ClientSession> m_session;
    Task m_task;
    Options m_options;
    QTimer m_pollTimer;
    QTimer m_resultDeadline;
    bool m_polling = false;
    bool m_finished = false;
    bool m_cancelling = false;
    bool m_waitingForResult = false; ///< 2025-11-25: a tasks/result is open
    int m_failedPolls = 0;
    QString m_cancelReason;
    /// 2026-07-28: keys handed to the person (asked, or answered and not yet seen gone).
    QSet<QString> m_askedKeys;
    /// 2026-07-28: the polls that brought new questions, bounded as a request's rounds (ClientSession::maxInputRounds).
    int m_inputRounds = 0;
    QJsonObject m_pendingResponses;
    bool m_updating = false;
};

} // namespace Toolgate
