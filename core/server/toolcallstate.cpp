#include "core/server/toolcallstate.h"

#include "core/common/logging.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace Toolgate::detail {

ToolCallState::~ToolCallState()
{
    if (!isFinished()) {
        // Every copy of the context is gone, so nobody can answer any more: say so rather
        // than leave the client waiting for its timeout.
        qCWarning(lcServer).noquote() << QStringLiteral("tool %1 dropped call %2 without answering").arg(toolName, id.toString());
        const Error error = makeError(ErrorCode::InternalError,
                                      QCoreApplication::translate("Toolgate::McpServer", "the tool \"%1\" finished without an answer").arg(toolName));
        if (task) {
            if (host)
                host->finishTask(task, nullptr, &error);
        } else {
            responder.respondError(error);
            if (host)
                host->callFinished(id);
        }
    }
    if (scope)
        scope->deleteLater();
}

// Leaves the server's table of running calls and releases whatever the handler parented
// to scope(). deleteLater, because we may be inside a slot of one of scope's children.
void ToolCallState::release()
{
    // A task's tools/call was answered when the task was created; its id may be in use again.
    if (host && !task)
        host->callFinished(id);
    if (scope)
        scope->deleteLater();
    // Destroyed outside the vector: a callback may hold the last copy of a context.
    auto dropped = std::exchange(cancelCallbacks, {});
    dropped.clear();
}

void ToolCallState::answer(const std::function<void()> &send)
{
    if (cancelled)
        return;
    if (answered) {
        qCWarning(lcServer).noquote() << QStringLiteral("tool %1 answered call %2 more than once; ignoring the extra answer")
                                             .arg(toolName, id.toString());
        return;
    }
    const auto self = shared_from_this(); // release() may drop the last outside reference
    answered = true;
    send();
    release();
}

void ToolCallState::cancel()
{
    if (isFinished())
        return;
    const auto self = shared_from_this();
    cancelled = true;
    auto callbacks = std::exchange(cancelCallbacks, {});
    release();
    for (const auto &callback : callbacks)
        callback();
}

void sendPatientRequest(JsonRpcPeer &peer, const QString &method, const QJsonObject &params, QObject *context,
                        JsonRpcPeer::ResponseHandler handler)
{
    JsonRpcPeer::RequestOptions options;
    options.timeout = options.maxTimeout;
    peer.sendRequest(method, params, context, std::move(handler), options);
}

} // namespace Toolgate::detail
