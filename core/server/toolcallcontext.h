#pragma once

#include "core/common/result.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/protocol/discover.h"
#include "core/protocol/logginglevel.h"
#include "core/protocol/tool.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace Toolgate {

namespace detail {
struct ToolCallState;
} // namespace detail

/// One tools/call in progress: its arguments and the only way to answer it.
///
/// Copies share state, so a handler may keep a copy and answer later (from a timer, a reply, ...).
/// The call is answered exactly once: the first respond()/fail() wins, later ones are ignored.
/// Once the client cancelled the call (or the connection closed), the context goes quiet:
/// respond(), fail(), reportProgress() and log() send nothing, as the spec asks of a server
/// after notifications/cancelled. If the last copy dies unanswered, the client gets an internal
/// error instead of waiting forever.
class ToolCallContext
{
public:
    ToolCallContext() = default; // inert: every call is a no-op

    /// The name of the tool being called.
    QString toolName() const;
    /// The call's arguments (an empty object when the client sent none).
    QJsonObject arguments() const;
    /// The JSON-RPC id of the tools/call request.
    RequestId requestId() const;

    /// True when the client asked for progress (sent _meta.progressToken).
    bool wantsProgress() const;
    /// Sends notifications/progress when the client asked for it. progress must grow from one
    /// report to the next (the spec requires it); a report that does not is dropped.
    void reportProgress(double progress, std::optional<double> total = std::nullopt, const QString &message = {}) const;
    /// Sends notifications/message (logger: the tool name) when level reaches the client's setLevel threshold.
    void log(LoggingLevel level, const QJsonValue &data) const;

    /// True once the client cancelled the call or the connection closed.
    bool isCancelled() const;
    /// True once the call was answered or cancelled; nothing more will be sent for it.
    bool isFinished() const;
    /// Runs callback once when the call is cancelled; immediately if it already is. Not called
    /// when the call was answered first.
    void onCancelled(std::function<void()> callback) const;
    /// A QObject, created on first use, that is deleted (later) once the call is answered or
    /// cancelled: parent timers to it, or use it as the context of connections, so asynchronous
    /// work stops by itself.
    QObject *scope() const;

    /// Answers the call with a result; a tool-level failure is a result with isError set.
    void respond(const CallToolResult &result) const;
    /// Answers the call with a JSON-RPC error (for protocol-level failures, not tool failures).
    void fail(const Error &error) const;

    // ---- asking the client for input (elicitation, sampling, roots) ----
    //
    // The two eras ask differently, so a tool that needs input looks at era():
    //  - Legacy: askClient() sends a real request (elicitation/create, …) to the client and calls
    //    back with its answer; the tool then responds.
    //  - Modern (2026-07-28, multi-round-trip requests): the tool answers with requireInput(); the
    //    client asks the person and calls the tool again (a new call, a new context) whose
    //    inputResponses() hold the answers under the keys the tool chose, and requestState() what
    //    the tool put there.

    /// The era of the connection the call came on.
    ProtocolEra era() const;
    /// Modern: the answers to the previous round's input requests, by key (empty in the first round
    /// and in the legacy era).
    QJsonObject inputResponses() const;
    /// Modern: the requestState the previous round answered with, as the client echoed it.
    std::optional<QString> requestState() const;
    /// Modern: answers the call with an InputRequiredResult. inputRequests maps a key to
    /// {"method": "elicitation/create" | "sampling/createMessage" | "roots/list", "params": {…}};
    /// requestState (if not empty) comes back in the retry. When the request's client capabilities
    /// do not declare what a request needs, the call fails with -32021 naming it instead. In the
    /// legacy era the call fails with an internal error (use askClient()).
    void requireInput(const QJsonObject &inputRequests, const QString &requestState = {}) const;
    /// Legacy: sends method/params to the client and calls callback with the client's result (or
    /// the error, also when the client did not declare the capability the method needs, or in the
    /// modern era, where requireInput() is the way). Nothing is called once the call is finished.
    void askClient(const QString &method, const QJsonObject &params,
                   std::function<void(const Result<QJsonObject> &answer)> callback) const;

    // ---- running as a task
    //
    // A tool registered with execution.taskSupport "optional" or "required" can be run as a task
    // (2025-11-25: the client sent a task param; 2026-07-28: the request declares the extension
    // io.modelcontextprotocol/tasks). The client then gets the task at once and follows it, and the
    // handler runs as for a plain call: respond() or fail() ends the task, reportProgress() and
    // setStatusMessage() say how far it got, isCancelled()/onCancelled()/scope() tell it that the
    // client cancelled the task. askClient() works in both eras within a task: the task shows
    // input_required until the client answered (legacy: the request goes out while the client
    // waits in tasks/result; modern: it is one of the task's inputRequests, answered by tasks/update).
    // requireInput() has no meaning within a task (the call is not repeated) and fails it.

    /// True when the call runs as a task.
    bool isTask() const;
    /// The task's id; empty for a plain call.
    QString taskId() const;
    /// Sets the task's statusMessage, what a client shows while it waits (legacy: also sent in
    /// notifications/tasks/status). Nothing for a plain call.
    void setStatusMessage(const QString &message) const;

private:
    friend struct detail::ToolCallState;
    explicit ToolCallContext(std::shared_ptr<detail::ToolCallState> state) : m_state(std::move(state)) {}
    std::shared_ptr<detail::ToolCallState> m_state;
};

} // namespace Toolgate
