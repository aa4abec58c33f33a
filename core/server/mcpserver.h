#pragma once

#include "core/common/result.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/protocol/completion.h"
#include "core/protocol/discover.h"
#include "core/protocol/implementation.h"
#include "core/protocol/logginglevel.h"
#include "core/protocol/prompt.h"
#include "core/protocol/resource.h"
#include "core/protocol/tool.h"

#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace Toolgate {

class McpServer;
class Transport;

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

/// A completion/complete request as a handler sees it.
struct CompletionRequest
{
    CompletionReference reference;
    QString argumentName;
    QString value;                     // what the user typed so far
    QMap<QString, QString> arguments;  // other arguments already filled in (context.arguments)
};

/// The server side of MCP over any Transport: the initialize handshake, the tool, resource,
/// prompt, completion and logging requests, pagination, change notifications and tools run as
/// tasks (2025-11-25's tasks/get, tasks/result, tasks/list, tasks/cancel; 2026-07-28's extension
/// io.modelcontextprotocol/tasks with tasks/get, tasks/update, tasks/cancel).
///
/// Both eras of MCP are served, decided per connection by the client's opening request:
/// initialize → legacy (2025-11-25 and earlier); server/discover or a request carrying the
/// 2026-07-28 _meta envelope → modern (an initialize after a server/discover still makes the
/// connection legacy). In the modern era every request's envelope is checked, results carry
/// resultType, and change notifications go only to subscriptions/listen subscribers.
///
/// Register what the server offers before the client connects: capabilities are computed from
/// what is registered when initialize arrives (a kind registered only later can still be listed,
/// but the client was not told to look for it). Add or remove things at any time afterwards;
/// once the client is initialized each change sends the matching notifications/…/list_changed
/// (changes made before control returns to the event loop are announced once).
///
/// Clients on an older revision get what it knows: no tool title/outputSchema/icons and no
/// structuredContent before the revisions that introduced them.
///
/// The transport is not owned and must outlive the server. finished() is emitted when it closes.
class McpServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpServer)
public:
    /// Runs a tools/call. May answer synchronously or keep a copy of the context and answer later.
    using ToolHandler = std::function<void(const ToolCallContext &call)>;
    /// Reads one concrete resource. Contents without uri or mimeType get the request's uri and
    /// the registered mimeType.
    using ResourceReadHandler = std::function<Result<ReadResourceResult>(const QString &uri)>;
    /// Reads a resource matched by a template; variables holds the decoded {var} values.
    using TemplateReadHandler =
        std::function<Result<ReadResourceResult>(const QString &uri, const QMap<QString, QString> &variables)>;
    /// Renders a prompt. Required arguments were checked to be present before it is called.
    using PromptHandler = std::function<Result<GetPromptResult>(const QMap<QString, QString> &arguments)>;
    /// Answers completion/complete. The server caps values at 100 and fixes total/hasMore to match.
    using CompletionHandler = std::function<Result<CompleteResult>(const CompletionRequest &request)>;

    McpServer(Transport *transport, Implementation serverInfo, QString instructions = {}, QObject *parent = nullptr);
    ~McpServer() override;

    /// Starts the transport if it has not been started yet.
    void start();

    /// How many tasks are kept, for how long, and what polling interval clients are told.
    struct TaskLimits
    {
        int maxTasks = 100;                    ///< at once; the oldest finished ones make room for new ones
        qint64 defaultTtlMs = 30 * 60 * 1000;  ///< kept that long after creation unless the client asks otherwise
        qint64 maxTtlMs = 24 * 60 * 60 * 1000; ///< the longest a client may ask for
        qint64 pollIntervalMs = 500;           ///< suggested to clients
    };
    /// Sets the task limits (before the client connects; existing tasks keep their ttl).
    void setTaskLimits(const TaskLimits &limits);
    /// The number of tasks kept now (running or finished, not yet expired).
    int taskCount() const;

    /// Items per page of every list result; 0 (the default) sends each list in one page.
    void setPageSize(int pageSize);
    /// The page size; 0 when lists are not paginated.
    int pageSize() const;

    /// Registers or replaces a tool. Fails on an invalid name (1–128 of A–Z a–z 0–9 _ - .) or no handler.
    /// definition.execution {"taskSupport": "optional" | "required"} lets the tool run as a task (see
    /// ToolCallContext::isTask()); with any such tool the server offers tasks (2025-11-25: the tasks
    /// capability; 2026-07-28: the extension io.modelcontextprotocol/tasks in server/discover).
    Result<void> addTool(const Tool &definition, ToolHandler handler);
    /// Removes a tool; calls already running are unaffected. False when there was no such tool.
    bool removeTool(const QString &name);
    /// True when a tool of that name is registered.
    bool hasTool(const QString &name) const;
    /// The registered tool definitions in registration order.
    QList<Tool> tools() const;

    /// Registers or replaces a resource (keyed by uri).
    Result<void> addResource(const Resource &resource, ResourceReadHandler handler);
    /// Removes a resource; false when there was none with that uri.
    bool removeResource(const QString &uri);
    /// Registers or replaces a resource template (keyed by uriTemplate); only {var} expressions are understood.
    Result<void> addResourceTemplate(const ResourceTemplate &resourceTemplate, TemplateReadHandler handler);
    /// Removes a resource template; false when there was none.
    bool removeResourceTemplate(const QString &uriTemplate);

    /// Registers or replaces a prompt (keyed by name).
    Result<void> addPrompt(const Prompt &prompt, PromptHandler handler);
    /// Removes a prompt; false when there was none of that name.
    bool removePrompt(const QString &name);

    /// Installs the completion/complete handler; the completions capability is offered only with one.
    void setCompletionHandler(CompletionHandler handler);

    /// Sends notifications/resources/updated if the client subscribed to uri (resources/subscribe, or
    /// in the modern era a subscriptions/listen naming it); otherwise nothing.
    void notifyResourceUpdated(const QString &uri);
    /// True while the client is subscribed to uri (resources/subscribe, or an open subscriptions/listen).
    bool isSubscribed(const QString &uri) const;

    /// Sends a server-wide notifications/message when level reaches the client's threshold.
    void log(LoggingLevel level, const QJsonValue &data, const QString &logger = {});

    /// True after the client sent notifications/initialized (legacy) or its first enveloped
    /// request other than server/discover (modern).
    bool isInitialized() const;
    /// Legacy until a server/discover or an enveloped request made the connection modern.
    ProtocolEra era() const;
    /// The negotiated revision; empty before initialize or the first modern request.
    QString protocolVersion() const;
    /// The client's self-description from initialize, or (modern) from the latest request's envelope.
    const Implementation &clientInfo() const;
    /// The capabilities object the client sent with initialize, or (modern) with the latest request.
    QJsonObject clientCapabilities() const;
    /// The level the client asked for with logging/setLevel (modern: the latest request's envelope);
    /// nullopt while it has not (legacy: then everything is sent; modern: nothing is).
    std::optional<LoggingLevel> clientLogLevel() const;

    /// Modern: the open subscriptions/listen requests (their ids).
    QList<RequestId> subscriptionIds() const;
    /// Modern: ends every open subscriptions/listen with its graceful result. Done by the destructor too.
    void endSubscriptions();

    /// Matches uri against a level-1 RFC 6570 template ("demo://greeting/{name}"); the decoded
    /// variables on success. A variable matches one or more characters up to the next "/", "?" or "#".
    static std::optional<QMap<QString, QString>> matchUriTemplate(const QString &uriTemplate, const QString &uri);
    /// The candidates that start with typed (ignoring case), in order, shaped as a completion result.
    static CompleteResult completeFrom(const QStringList &candidates, const QString &typed);

signals:
    /// The client finished the handshake (notifications/initialized).
    void initialized();
    /// The transport closed; running tool calls were cancelled. Nothing more will happen.
    void finished();

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
