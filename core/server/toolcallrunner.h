#pragma once

#include "core/peer/jsonrpcpeer.h"
#include "core/server/toolcallstate.h"

#include <QHash>

#include <memory>

namespace Toolgate {

class ResultShaper;
class ServerLifecycle;
class ServerLog;
class ServerTaskRunner;
class ToolRegistry;

/// Answers tools/call for an McpServer: checks the request, runs the tool's handler as a plain
/// call or as a task, and keeps the running calls so that a cancel from the client, a closed
/// connection or the server's end reaches each of them. It is what a running call asks for
/// progress, logging, client requests and its answer (detail::CallHost).
class ToolCallRunner final : public detail::CallHost
{
    Q_DISABLE_COPY_MOVE(ToolCallRunner)
public:
    ToolCallRunner(JsonRpcPeer &peer, const ServerLifecycle &lifecycle, const ResultShaper &shaper,
                   const ToolRegistry &tools, ServerTaskRunner &tasks, ServerLog &log);
    ~ToolCallRunner() = default;

    /// Answers (or starts answering) a tools/call.
    void call(const JsonRpcMessage &request, const Responder &responder);
    /// The client cancelled request id; nothing when it is no running call.
    void cancelByClient(const RequestId &id, const QString &reason);
    /// The connection closed: every running call is cancelled.
    void cancelAll();
    /// The server goes away: running handlers are cut off from it and cancelled.
    void detachAll();

    // detail::CallHost
    void sendNotification(const QString &method, const QJsonObject &params) override;
    void sendLog(LoggingLevel level, const QJsonValue &data, const QString &logger) override;
    QJsonObject encodeCallResult(const CallToolResult &result) const override;
    void callFinished(const RequestId &id) override { m_activeCalls.remove(id); }
    void sendClientRequest(const QString &method, const QJsonObject &params, QObject *context,
                           JsonRpcPeer::ResponseHandler handler) override;
    void finishTask(const std::shared_ptr<ServerTask> &task, const CallToolResult *result, const Error *error) override;
    void setTaskStatusMessage(const std::shared_ptr<ServerTask> &task, const QString &message) override;
    void askForTask(const std::shared_ptr<ServerTask> &task, const QString &method, const QJsonObject &params,
                    std::function<void(const Result<QJsonObject> &answer)> deliver) override;

private:
    struct TaskDecision
    {
        bool asTask = false;
        std::optional<qint64> requestedTtl;
    };
    /// Whether the call runs as a task, or the error to answer it with.
    Result<TaskDecision> decideTask(const QString &toolName, const Tool &tool, const QJsonObject &params) const;
    std::shared_ptr<detail::ToolCallState> makeState(const JsonRpcMessage &request, const Responder &responder,
                                                     const QString &toolName);

    JsonRpcPeer &m_peer;
    const ServerLifecycle &m_lifecycle;
    const ResultShaper &m_shaper;
    const ToolRegistry &m_tools;
    ServerTaskRunner &m_tasks;
    ServerLog &m_log;
    QHash<RequestId, std::weak_ptr<detail::ToolCallState>> m_activeCalls;
};

} // namespace Toolgate
