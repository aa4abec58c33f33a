#pragma once

#include "core/common/error.h"
#include "core/common/result.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/task.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace Toolgate {

namespace detail {
struct ToolCallState;
} // namespace detail

/// One task McpServer runs for a tools/call, in either era: its state as the client sees it, the
/// input it waits for and (legacy) the tasks/result requests waiting for its end. Internal to
/// toolgate_server; handlers see a task only through ToolCallContext.
struct ServerTask
{
    /// Something the task asked the client (elicitation/create, …) and has no answer to yet.
    struct InputRequest
    {
        QString key; ///< unique over the task's life ("input-1", "input-2", …)
        QString method;
        QJsonObject params;
        std::function<void(const Result<QJsonObject> &answer)> deliver;
        bool sent = false; ///< legacy: sent to the client while a tasks/result was open
    };

    QString taskId;
    QString toolName;
    Task::Status status = Task::Status::Working;
    QString statusMessage;
    QDateTime createdAt;
    QDateTime lastUpdatedAt;
    qint64 ttlMs = 0;
    qint64 pollIntervalMs = 0;

    std::optional<QJsonObject> result; ///< the CallToolResult, once the tool answered with one
    std::optional<Error> error;        ///< the JSON-RPC error, once the tool failed with one

    QList<InputRequest> inputs; ///< outstanding, in the order asked
    int inputsAsked = 0;
    QList<Responder> resultWaiters; ///< legacy: open tasks/result requests

    std::weak_ptr<detail::ToolCallState> call; ///< the running handler's call, while it runs

    bool isTerminal() const
    {
        return status == Task::Status::Completed || status == Task::Status::Failed || status == Task::Status::Cancelled;
    }
    bool isExpired(const QDateTime &now) const { return createdAt.msecsTo(now) > ttlMs; }

    /// The wire name of status ("input_required").
    static QString statusName(Task::Status status);
    /// The 2025-11-25 Task object (tasks/get, tasks/list, CreateTaskResult.task, notifications).
    QJsonObject toLegacyJson() const;
    /// The io.modelcontextprotocol/tasks Task; detailed adds what tasks/get carries for the status:
    /// inputRequests (input_required), result (completed), error (failed).
    QJsonObject toModernJson(bool detailed) const;
};

/// The tasks of one McpServer: creation with unguessable ids, a bound on how many are kept, and
/// expiry after their ttl.
class ServerTaskStore final
{
public:
    struct Limits
    {
        int maxTasks = 100;                  ///< kept at once; the oldest finished ones make room
        qint64 defaultTtlMs = 30 * 60 * 1000; ///< when the client asks for none
        qint64 minTtlMs = 1000;
        qint64 maxTtlMs = 24 * 60 * 60 * 1000;
        qint64 pollIntervalMs = 500;          ///< suggested to clients
    };

    void setLimits(const Limits &limits) { m_limits = limits; }
    const Limits &limits() const { return m_limits; }

    /// A new working task, or an error when maxTasks tasks are still running. requestedTtlMs is
    /// clamped to the limits.
    Result<std::shared_ptr<ServerTask>> create(const QString &toolName, std::optional<qint64> requestedTtlMs);
    /// The task of that id; nullptr when there is none (or it expired).
    std::shared_ptr<ServerTask> find(const QString &taskId) const;
    /// Every task, oldest first.
    const QList<std::shared_ptr<ServerTask>> &all() const { return m_tasks; }
    /// Takes the tasks whose ttl has passed out of the store and returns them (the caller stops
    /// what still runs).
    QList<std::shared_ptr<ServerTask>> takeExpired();
    /// Takes every task out of the store.
    QList<std::shared_ptr<ServerTask>> takeAll() { return std::exchange(m_tasks, {}); }
    bool isEmpty() const { return m_tasks.isEmpty(); }

private:
    Limits m_limits;
    QList<std::shared_ptr<ServerTask>> m_tasks;
};

} // namespace Toolgate
