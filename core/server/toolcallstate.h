#pragma once

#include "core/common/error.h"
#include "core/common/result.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/logginglevel.h"
#include "core/protocol/tool.h"
#include "core/server/servertasks.h"
#include "core/server/toolcallcontext.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace Toolgate {

namespace detail {

/// What a running tool call needs from its server. The server clears ToolCallState::host when it
/// goes away, so a handler holding a context longer than the server is harmless.
class CallHost
{
public:
    virtual void sendNotification(const QString &method, const QJsonObject &params) = 0;
    virtual void sendLog(LoggingLevel level, const QJsonValue &data, const QString &logger) = 0;
    virtual QJsonObject encodeCallResult(const CallToolResult &result) const = 0;
    virtual void callFinished(const RequestId &id) = 0;
    virtual void sendClientRequest(const QString &method, const QJsonObject &params, QObject *context,
                                   JsonRpcPeer::ResponseHandler handler) = 0;
    /// A call running as a task ended: with the tool's result or a JSON-RPC error.
    virtual void finishTask(const std::shared_ptr<ServerTask> &task, const CallToolResult *result, const Error *error) = 0;
    virtual void setTaskStatusMessage(const std::shared_ptr<ServerTask> &task, const QString &message) = 0;
    /// A call running as a task asks the client something (askClient()).
    virtual void askForTask(const std::shared_ptr<ServerTask> &task, const QString &method, const QJsonObject &params,
                            std::function<void(const Result<QJsonObject> &answer)> deliver) = 0;

protected:
    ~CallHost() = default;
};

/// The state every copy of one ToolCallContext shares: what the call is, how to answer it, and
/// whether it was answered or cancelled, so that it is answered exactly once.
struct ToolCallState : std::enable_shared_from_this<ToolCallState>
{
    CallHost *host = nullptr;
    Responder responder;
    RequestId id;
    QString toolName;
    QJsonObject arguments;
    QJsonValue progressToken{QJsonValue::Undefined}; // (a default QJsonValue is null, not undefined)
    ProtocolEra era = ProtocolEra::Legacy;
    QJsonObject inputResponses;                // modern: the retry's answers
    std::optional<QString> requestState;       // modern: echoed by the retry
    QJsonObject clientCapabilities;            // initialize's (legacy) or this request's (modern)
    std::optional<LoggingLevel> logLevel;      // modern: this request's envelope
    std::optional<double> lastProgress;
    bool answered = false;
    bool cancelled = false;
    std::shared_ptr<ServerTask> task; // set when the call runs as a task
    std::vector<std::function<void()>> cancelCallbacks;
    QPointer<QObject> scope;

    ~ToolCallState();

    static ToolCallContext makeContext(std::shared_ptr<ToolCallState> state)
    {
        return ToolCallContext(std::move(state));
    }

    bool isFinished() const { return answered || cancelled; }

    /// Runs send once, unless the call was answered or cancelled already.
    void answer(const std::function<void()> &send);
    /// Marks the call cancelled and runs the handler's onCancelled callbacks.
    void cancel();

private:
    void release();
};

/// Sends a request to the client that a person may be answering (a form): it may take as long as
/// the peer allows at all.
void sendPatientRequest(JsonRpcPeer &peer, const QString &method, const QJsonObject &params, QObject *context,
                        JsonRpcPeer::ResponseHandler handler);

} // namespace detail

} // namespace Toolgate
