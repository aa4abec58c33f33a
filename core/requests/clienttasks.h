#pragma once

#include "core/client/clientsession.h" // Responder: core/requests reaches the peer through the client
#include "core/common/result.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/protocol/task.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

namespace Toolgate {

/// The tasks one server asked the client to run (2025-11-25 basic/utilities/tasks.mdx, the client as
/// receiver): a sampling or elicitation request that carries "task" is answered at once with a task,
/// while the question stays with the person as any other; the person's answer, when given, becomes the
/// task's result. The server follows the task with tasks/get, waits for it with tasks/result, and may
/// list and cancel it, all answered here.
///
/// Status: working until the answer (the spec's required first status; the input the task waits for is
/// the person's, not the server's, so not input_required), then completed with the answer, failed with
/// the error the request would have had (a refused sampling request), or cancelled by the server, which
/// abandons the person's question (requestAbandoned()). Every tasks/result waiting is answered once,
/// when the task ends or this object goes.
class ClientTasks final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClientTasks)
public:
    using Sink = std::function<void(const Result<QJsonObject> &answer)>;

    struct Limits
    {
        /// Tasks kept at once; the oldest ended one makes room, and when none has ended a new request
        /// is refused.
        int maxTasks = 64;
        /// tasks/result requests that may wait on one task.
        int maxWaitingResults = 8;
        /// Tasks per page of tasks/list.
        int pageSize = 50;
        /// How long an ended task is kept, from its creation, when the server asks for nothing else; what
        /// the server asks is held to minTtlMs … maxTtlMs.
        qint64 defaultTtlMs = 10 * 60 * 1000;
        qint64 minTtlMs = 60 * 1000;
        qint64 maxTtlMs = 60 * 60 * 1000;
        /// How often the server is asked to poll: a person answers in seconds.
        qint64 pollIntervalMs = 1000;
    };

    explicit ClientTasks(QObject *parent = nullptr);
    ~ClientTasks() override;

    void setLimits(const Limits &limits) { m_limits = limits; }

    /// Whether a request's params ask for it to run as a task (the session lets "task" through only
    /// where it was declared).
    static bool asksForTask(const QJsonObject &params);

    /// Makes the request requestId (params with its "task") a task: responder is answered at once with
    /// the task (CreateTaskResult), and the sink returned takes the request's answer, which ends the
    /// task. When no task can be kept, responder gets an error and the sink returned is empty.
    Sink start(const RequestId &requestId, const QJsonObject &params, const Responder &responder);

    /// Answers the server's tasks/get, tasks/result, tasks/list or tasks/cancel about these tasks.
    void answer(const QString &method, const QJsonObject &params, const Responder &responder);

    /// The tasks kept now, oldest first, as tasks/get describes them.
    QList<Task> tasks() const;

signals:
    /// The server cancelled the task of the request requestId before the person answered: close the
    /// question (nothing more is sent for it).
    void requestAbandoned(const Toolgate::RequestId &requestId);
    /// A task changed status: its fields as tasks/get answers them (for notifications/tasks/status).
    void statusChanged(const QJsonObject &task);

private:
    struct Entry;

    void finish(const QString &taskId, const Result<QJsonObject> &outcome);
    void setStatus(Entry &entry, Task::Status status, const QString &message);
    static void answerResult(const Entry &entry, const Responder &responder);
    Entry *find(const QString &taskId);
    /// The task params name, or the spec's error for tasks/get, tasks/result and tasks/cancel.
    Result<Entry *> taskFor(const QJsonObject &params);
    bool makeRoom();
    void dropExpired();
    void list(const QJsonObject &params, const Responder &responder);
    void cancel(Entry &entry, const Responder &responder);

    Limits m_limits;
    /// Oldest first (tasks/list's order, and the order in which ended ones make room).
    QList<std::shared_ptr<Entry>> m_entries;
};

} // namespace Toolgate
