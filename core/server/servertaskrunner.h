#pragma once

#include "core/common/error.h"
#include "core/common/result.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/tool.h"
#include "core/server/servertasks.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <utility>

class QObject;

namespace Toolgate {

class RequestRouter;
class ResultShaper;
class ServerLifecycle;
class ToolRegistry;

/// Runs tools/call as tasks for an McpServer, in both eras: keeps the tasks (ServerTaskStore),
/// follows each to its end, carries the questions a task asks the client, and answers the
/// tasks/… requests (2025-11-25's tasks/get, tasks/result, tasks/list, tasks/cancel; the
/// io.modelcontextprotocol/tasks extension's tasks/get, tasks/update, tasks/cancel).
class ServerTaskRunner final
{
    Q_DISABLE_COPY_MOVE(ServerTaskRunner)
public:
    /// context: the QObject that guards the requests a task sends the client.
    ServerTaskRunner(JsonRpcPeer &peer, const ServerLifecycle &lifecycle, const ResultShaper &shaper,
                     const ToolRegistry &tools, QObject *context);

    void setLimits(const ServerTaskStore::Limits &limits) { m_store.setLimits(limits); }
    /// Items per page of tasks/list; 0 for the default (the spec asks for pages there even when
    /// other lists come whole).
    void setListPageSize(int pageSize) { m_listPageSize = pageSize; }
    /// The tasks kept now (running or finished, not yet expired).
    int count() const { return int(m_store.all().size()); }
    /// True when any registered tool may run as a task.
    bool offered() const;
    /// Installs the tasks/… request handlers.
    void installHandlers(RequestRouter &router);

    /// A new task for a call of toolName, or why there can be none now.
    Result<std::shared_ptr<ServerTask>> create(const QString &toolName, std::optional<qint64> requestedTtlMs);
    /// The call running as task ended: with the tool's result or a JSON-RPC error.
    void finish(const std::shared_ptr<ServerTask> &task, const CallToolResult *result, const Error *error);
    void setStatusMessage(const std::shared_ptr<ServerTask> &task, const QString &message);
    /// The call running as task asks the client something; deliver gets the answer.
    void ask(const std::shared_ptr<ServerTask> &task, const QString &method, const QJsonObject &params,
             std::function<void(const Result<QJsonObject> &answer)> deliver);

    /// The connection closed: every task is cancelled (tasks live as long as their connection).
    void cancelAll(const QString &message);
    /// The server goes away: running handlers are cut off from it and cancelled.
    void detachAll();

private:
    void sendStatus(const ServerTask &task);
    void update(ServerTask &task, Task::Status status, const std::optional<QString> &message = std::nullopt);
    void settle(ServerTask &task);
    static void forget(ServerTask &task);
    static void answerResult(const ServerTask &task, const Responder &responder);
    void cancel(const std::shared_ptr<ServerTask> &task, const QString &message);
    void sendInputs(const std::shared_ptr<ServerTask> &task);
    void deliverInputs(const std::shared_ptr<ServerTask> &task, const QList<std::pair<QString, Result<QJsonObject>>> &answers);
    void expire();
    Result<std::shared_ptr<ServerTask>> taskFor(const QJsonObject &params);

    void handleGet(const JsonRpcMessage &request, const Responder &responder);
    void handleResult(const JsonRpcMessage &request, const Responder &responder);
    void handleList(const JsonRpcMessage &request, const Responder &responder);
    void handleCancel(const JsonRpcMessage &request, const Responder &responder);
    void handleUpdate(const JsonRpcMessage &request, const Responder &responder);

    JsonRpcPeer &m_peer;
    const ServerLifecycle &m_lifecycle;
    const ResultShaper &m_shaper;
    const ToolRegistry &m_tools;
    QObject *m_context;
    ServerTaskStore m_store;
    int m_listPageSize = 0;
};

} // namespace Toolgate
