#pragma once

#include "core/client/clientsession.h"
#include "core/protocol/task.h"

#include <QHash>
#include <QObject>

#include <optional>

namespace Toolgate {

class InputRounds;
class ProgressRoutes;
class RequestSender;
class SessionCore;

/// A task's own requests (protocol/task.h) in both revisions that have tasks: 2025-11-25's tasks/get,
/// tasks/result, tasks/cancel and tasks/list, and the 2026-07-28 extension's tasks/get, tasks/update and
/// tasks/cancel, whose questions (inputRequests) go to the server-request handlers. Following a task is
/// TaskFollower's job; this keeps what a task leaves in the session: the progress route of the call that
/// became the task stays open for the task's life (2025-11-25 tasks.mdx), until the session sees it end.
class TaskRequests final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TaskRequests)
public:
    template<typename T>
    using Callback = ClientSession::Callback<T>;

    TaskRequests(SessionCore &core, RequestSender &requests, InputRounds &rounds, ProgressRoutes &progress);

    /// A task as the server last described it: its id and (2026-07-28) the requestState it wants back.
    struct TaskRef
    {
        QString id;
        std::optional<QString> requestState;
    };

    ClientSession::TaskCapabilities capabilities() const;
    void get(const TaskRef &task, QObject *context, Callback<Task> callback);
    void update(const TaskRef &task, const QJsonObject &inputResponses, QObject *context, Callback<std::monostate> callback);
    void cancel(const TaskRef &task, QObject *context, Callback<std::optional<Task>> callback);
    /// 2025-11-25 only.
    void result(const QString &taskId, QObject *context, Callback<CallToolResult> callback);
    void list(QObject *context, Callback<QList<Task>> callback);
    /// See ClientSession::askForTaskInput(); origin names its method.
    void askForInput(const InputRequiredResult::Request &request, const ClientSession::EmbeddedRequestOrigin &origin,
                     QObject *context, std::function<void(const JsonRpcMessage &answer)> answered);

    /// A call with the progress token token became the task taskId: its progress keeps coming.
    void keepProgress(const QString &taskId, const QString &token);

signals:
    /// notifications/tasks/status.
    void statusNotified(const Toolgate::Task &task);
    void protocolViolation(const QString &description);

private:
    /// taskId, and requestState in the revision that echoes it.
    QJsonObject paramsFor(const TaskRef &task) const;
    void releaseProgress(const QString &taskId);

    SessionCore &m_core;
    RequestSender &m_requests;
    InputRounds &m_rounds;
    ProgressRoutes &m_progress;
    QHash<QString, QString> m_progressTokens; // by task id
};

} // namespace Toolgate
