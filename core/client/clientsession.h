#pragma once

#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/completion.h"
#include "core/protocol/discover.h"
#include "core/protocol/elicitation.h"
#include "core/protocol/implementation.h"
#include "core/protocol/initialize.h"
#include "core/protocol/inputrequired.h"
#include "core/protocol/logginglevel.h"
#include "core/protocol/progress.h"
#include "core/protocol/prompt.h"
#include "core/protocol/resource.h"
#include "core/protocol/tool.h"

#include <QObject>

#include <chrono>
#include <functional>
#include <memory>

namespace Toolgate {

class Transport;
class ToolCallPipeline;

/// Proof that a tools/call comes from the ToolCallPipeline, the one place that asks a person first:
/// only the pipeline can make one (and tests/support, for the session's own protocol tests; a
/// check in tests/arch keeps ToolCallKeyForTests there).
class ToolCallKey final
{
    friend class ToolCallPipeline;
    friend struct ToolCallKeyForTests;
    ToolCallKey() = default;
};

/// One MCP client connection to one server over any Transport: the opening (initialize in the legacy
/// era, server/discover in the modern one) and version negotiation, typed requests (with the
/// per-request _meta envelope in the modern era), notifications as signals, and handlers for requests
/// the server sends us (roots, sampling, elicitation).
///
/// Every asynchronous call answers exactly once on the context object's thread, unless the
/// context is destroyed first — including when the server dies, times out, or the session ends.
class ClientSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClientSession)
public:
    /// Initializing: legacy initialize under way; Discovering: modern server/discover under way.
    enum class State { Disconnected, Connecting, Initializing, Discovering, Ready, Closing, Closed, Failed };
    Q_ENUM(State)

    /// How the session opens. Legacy: initialize (the revisions up to 2025-11-25). Modern: server/discover
    /// and the 2026-07-28 _meta envelope on every request; a server that does not answer server/discover as
    /// a modern server fails the session with a message that says so (no fallback).
    /// PreferLegacy: initialize, but an initialize refused with -32022 naming a modern version we speak
    /// continues with server/discover on the same connection (a probe, or a cache, judged it wrongly).
    /// PreferModern: server/discover, and initialize on the same connection when the answer is no modern
    /// evidence (a cached verdict that no longer holds). Both say what happened in eraDecidedBy().
    enum class EraMode { Legacy, Modern, PreferLegacy, PreferModern };

    struct Options
    {
        Implementation clientInfo;
        std::chrono::milliseconds initializeTimeout = std::chrono::seconds(30);
        /// Requests other than tools/call.
        std::chrono::milliseconds requestTimeout = std::chrono::seconds(60);
        /// tools/call: inactivity timeout, restarted by each progress notification...
        std::chrono::milliseconds toolCallTimeout = std::chrono::seconds(60);
        /// ...and the hard maximum it can never exceed.
        std::chrono::milliseconds toolCallMaxTime = std::chrono::minutes(30);
        /// Extensions advertised from the start: capabilities.extensions[name] = settings (as setExtension()).
        QJsonObject extensions;
        EraMode era = EraMode::Legacy;
        /// How long a server/discover probe on a sibling process may take (EraNegotiator, via ServerConnection).
        std::chrono::milliseconds probeTimeout = std::chrono::seconds(10);
        /// 2026-07-28: how long after the server ended subscriptions/listen it is asked for again the first
        /// time; each further time waits twice as long, up to 30 s. Tests shorten it to see at once what
        /// would otherwise only show after a second.
        std::chrono::milliseconds firstRelistenDelay = std::chrono::seconds(1);
        /// Before the session is ready: how long after a line that is not JSON-RPC the program may take
        /// to send a JSON-RPC message after all (a banner before the server proper) before it counts as
        /// no MCP server and the session fails, rather than waiting out initializeTimeout.
        std::chrono::milliseconds strayOutputGrace = std::chrono::seconds(2);
    };

    struct CallOptions
    {
        /// Called for each notifications/progress of this call. A progress token is only
        /// requested when this is set.
        std::function<void(const ProgressUpdate &)> onProgress;
        std::optional<std::chrono::milliseconds> timeout;
        std::optional<std::chrono::milliseconds> maxTime;
        QJsonObject meta;
        /// The order in which the arguments' keys are written (QJsonObject sorts them).
        JsonKeyOrder argumentOrder;
        /// 2026-07-28: called after each round of input the server asked for (MRTR) was given, right
        /// before the request is sent again with it.
        std::function<void(const InputRound &)> onInputRound;
        /// The audit log's id of the call (ToolCall::id()): the requests embedded in its answers are
        /// recorded with it (embeddedRequestOrigin()), so the audit shows them with the call.
        quint64 auditCallId = 0;
        /// Ask the server to run the call as a task (2025-11-25: the request carries "task"). In 2026-07-28
        /// the server alone decides; Toolgate always declares the extension and follows a task it is given.
        /// Either way, a task comes back as a CallToolResult whose task is set.
        bool asTask = false;
        /// How long the server should keep the task (2025-11-25 "ttl"); nullopt: the server's choice.
        std::optional<qint64> taskTtlMs;
    };

    /// What the server lets Toolgate do with tasks.
    struct TaskCapabilities
    {
        bool toolCalls = false; ///< tools/call may run as a task (2025-11-25 tasks.requests.tools.call; 2026-07-28 the extension)
        bool list = false;      ///< tasks/list (2025-11-25 only)
        bool cancel = false;    ///< tasks/cancel
        bool modern = false;    ///< the extension's flow (tasks/update, results inline) rather than tasks/result
    };

    /// How many rounds of input one request may ask for before Toolgate gives up on it (as the
    /// TypeScript SDK's client: a server that keeps asking is broken or hostile).
    static constexpr int maxInputRounds = 10;
    /// The most requestState (basic/mrtr.mdx) one round may hand Toolgate to send back, and the most all
    /// the rounds of one request may, in UTF-8 bytes. The state stands in for what a stateless server
    /// would otherwise remember between rounds: the SDKs' examples keep the answers gathered so far (a
    /// form's fields, a model's reply), signed or encrypted, a few kilobytes. 1 MiB leaves room for a
    /// state that carries a long model reply several times over; beyond it a server only makes Toolgate
    /// hold and upload its megabytes round after round (64 MB a round would be 640 MB for one call).
    static constexpr qsizetype maxRequestStateBytes = 1024 * 1024;
    static constexpr qint64 maxRequestStateTotalBytes = 4 * 1024 * 1024;

    /// Where a request embedded in an InputRequiredResult came from: handed to the server-request
    /// handlers like any request of the server, under a local id (never sent on the wire).
    struct EmbeddedRequestOrigin
    {
        QString method;        ///< the request that was answered with input_required
        RequestId firstId;     ///< its first id (callTool()'s return value)
        int round = 0;
        quint64 auditCallId = 0; ///< CallOptions::auditCallId
        /// What the request was about: the tool's name (tools/call), the resource's URI (resources/read)
        /// or the prompt's name (prompts/get).
        QString subject;

        /// What the server needs the answer for, in words for the person who is asked ("The server needs
        /// this to finish the call of “confirm_action”."), so they know which of their actions it belongs to.
        QString occasion() const;
    };

    /// A request the server sent us. Answer through responder exactly once (it answers
    /// "internal error" itself if dropped). params are the raw request params.
    using ServerRequestHandler = std::function<void(const QJsonObject &params, const Responder &responder)>;
    /// The server's tasks/get, tasks/result, tasks/list or tasks/cancel (method) about a task it asked
    /// the client to run. Answer through responder exactly once.
    using ClientTaskHandler = std::function<void(const QString &method, const QJsonObject &params, const Responder &responder)>;

    template<typename T>
    using Callback = std::function<void(const Result<T> &)>;

    /// Takes ownership of transport.
    ClientSession(std::unique_ptr<Transport> transport, Options options, QObject *parent = nullptr);
    ~ClientSession() override;

    /// Starts the transport and performs initialize. Ends in ready() or failed().
    void connectToServer();
    /// Graceful shutdown: pending requests are answered with ConnectionClosed; ends in closed().
    void disconnectFromServer();

    State state() const;
    bool isReady() const { return state() == State::Ready; }
    /// Whether error is the failure of a program that printed text instead of speaking MCP: starting it
    /// again cannot help, its command has to change.
    static bool isNotAnMcpServer(const Error &error);
    /// Whether error answers a request that was open when the server's process ended (its data says how).
    static bool isServerStopped(const Error &error);
    Transport *transport() const;
    /// The negotiated protocol revision (empty before initialize or server/discover completes).
    QString protocolVersion() const;
    /// The era the session speaks (known once it is Ready; Legacy before).
    ProtocolEra era() const;
    /// The server's answer to server/discover (modern era; empty in the legacy era). serverInitializeResult()
    /// holds the same description in both eras.
    const DiscoverResult &discoverResult() const;
    /// How this session settled its era, short and stable for logs and the era cache: "initialize",
    /// "server/discover", "initialize -32022" (PreferLegacy corrected), "server/discover <how>" (PreferModern
    /// fell back, e.g. "server/discover probe -32601").
    QString eraDecidedBy() const;
    const InitializeResult &serverInitializeResult() const;
    const ServerCapabilities &serverCapabilities() const;
    const Implementation &serverInfo() const;
    /// The error that made the session fail, if it did.
    Error lastError() const;

    /// Installs handlers for server-initiated requests. Call before connectToServer(): a
    /// capability is advertised only when its handler is installed. In the 2026-07-28 era the same
    /// handlers answer the requests a server embeds in an InputRequiredResult (MRTR): each gets a
    /// Responder::forEmbedded() with a local id, and the request is sent again with the answers.
    void setRootsHandler(ServerRequestHandler handler, bool notifiesListChanged = true);
    /// withTools declares sampling.tools: the server may offer tools the reply can ask for.
    void setSamplingHandler(ServerRequestHandler handler, bool withTools = false);
    /// modes: "form" and/or "url".
    void setElicitationHandler(ServerRequestHandler handler, const QStringList &modes = {QStringLiteral("form")});
    /// Lets the server run sampling and elicitation as tasks of the client (2025-11-25 tasks.requests, with
    /// tasks.list and tasks.cancel): such a request reaches its handler with its "task" param, and handler
    /// answers the server's tasks/… requests. Declared with a sampling or elicitation handler, in the legacy
    /// era only (2026-07-28 has no requests of the server's own); elsewhere "task" is dropped from the
    /// request, as the spec says for a receiver that did not declare it. Call before connectToServer().
    void setClientTaskHandler(ClientTaskHandler handler);
    /// notifications/tasks/status for a task of the client (its fields as tasks/get answers them); sent
    /// only while the session is ready and runs tasks.
    void notifyClientTaskStatus(const QJsonObject &task);
    /// Advertises an extension: capabilities.extensions[name] = settings (e.g. MCP Apps with the
    /// MIME types this host renders). Call before connectToServer().
    void setExtension(const QString &name, const QJsonObject &settings);
    /// Tells the server our roots changed (only when the roots capability says we notify; nothing in the
    /// modern era, which has no roots/list_changed).
    void notifyRootsListChanged();

    // Requests. Each callback is answered exactly once.
    /// Legacy era only: the modern era has no ping, and the callback gets an error without anything sent.
    void ping(QObject *context, Callback<std::monostate> callback);
    /// Fetches every page.
    void listTools(QObject *context, Callback<QList<Tool>> callback);
    /// Sends tools/call. Only the ToolCallPipeline holds a ToolCallKey: every call is approved and
    /// recorded first. Returns the id for cancelRequest().
    RequestId callTool(ToolCallKey key, const QString &name, const QJsonObject &arguments, const CallOptions &options,
                       QObject *context, Callback<CallToolResult> callback);
    void listResources(QObject *context, Callback<QList<Resource>> callback);
    void listResourceTemplates(QObject *context, Callback<QList<ResourceTemplate>> callback);
    void readResource(const QString &uri, QObject *context, Callback<ReadResourceResult> callback);
    /// Legacy: resources/subscribe. Modern: the URI joins the open subscriptions/listen (a new listen is
    /// opened with it, the old one cancelled once the new one is acknowledged), and the callback is
    /// answered on the acknowledgement: an error when the server does not grant the URI.
    void subscribeResource(const QString &uri, QObject *context, Callback<std::monostate> callback);
    void unsubscribeResource(const QString &uri, QObject *context, Callback<std::monostate> callback);
    void listPrompts(QObject *context, Callback<QList<Prompt>> callback);
    void getPrompt(const QString &name, const QMap<QString, QString> &arguments, QObject *context,
                   Callback<GetPromptResult> callback);
    void complete(const CompletionReference &reference, const QString &argumentName, const QString &value,
                  const QMap<QString, QString> &contextArguments, QObject *context, Callback<CompleteResult> callback);
    /// A request of an extension the server declared (capabilities.extensions) whose methods the session
    /// does not model itself, e.g. skills/list of io.modelcontextprotocol/skills: sent like every request
    /// of the era (the 2026-07-28 _meta envelope and checks), answered with the result object as received.
    void sendExtensionRequest(const QString &method, const QJsonObject &params, QObject *context,
                              Callback<QJsonObject> callback);
    /// Legacy: logging/setLevel. Modern: the level travels in every request's _meta from now on, and the
    /// callback is answered at once.
    void setLoggingLevel(LoggingLevel level, QObject *context, Callback<std::monostate> callback);

    // Tasks (protocol/task.h). The task's own requests; following one is TaskFollower's job.
    TaskCapabilities taskCapabilities() const;
    /// tasks/get. requestState: the latest the server gave for the task (2026-07-28), echoed back.
    void getTask(const QString &taskId, const std::optional<QString> &requestState, QObject *context, Callback<Task> callback);
    /// tasks/result (2025-11-25): waits, with no timeout of its own, until the task ends, and answers
    /// what its tools/call would have; the server may ask for input meanwhile (related-task requests).
    void taskResult(const QString &taskId, QObject *context, Callback<CallToolResult> callback);
    /// tasks/update (2026-07-28): the answers to some of the task's inputRequests, keyed as asked.
    void updateTask(const QString &taskId, const std::optional<QString> &requestState, const QJsonObject &inputResponses,
                    QObject *context, Callback<std::monostate> callback);
    /// tasks/cancel. 2025-11-25 answers the task (cancelled); 2026-07-28 only acknowledges (nullopt).
    void cancelTask(const QString &taskId, const std::optional<QString> &requestState, QObject *context,
                    Callback<std::optional<Task>> callback);
    /// tasks/list, every page (2025-11-25; the extension has none: an error says so).
    void listTasks(QObject *context, Callback<QList<Task>> callback);
    /// 2026-07-28: hands one of a task's inputRequests to the server-request handlers, as a request
    /// embedded in the call origin names (the person is asked as for any request of the server).
    /// answered gets the handler's answer once, on context's thread, unless context dies first.
    void askForTaskInput(const InputRequiredResult::Request &request, const EmbeddedRequestOrigin &origin, QObject *context,
                         std::function<void(const JsonRpcMessage &answer)> answered);

    /// Cancels a request sent by this session (sends notifications/cancelled). For a request waiting for
    /// the input the server asked for, the embedded requests are withdrawn (serverRequestCancelled())
    /// and the request ends cancelled; id is always the first one (callTool()'s return value).
    bool cancelRequest(const RequestId &id, const QString &reason = {});

    /// For the local id of a request embedded in an InputRequiredResult and not answered yet: where it
    /// came from. nullopt for the ids of requests the server sent itself.
    std::optional<EmbeddedRequestOrigin> embeddedRequestOrigin(const RequestId &id) const;

    /// The URL elicitations a request's -32042 URLElicitationRequiredError asks the person to finish before
    /// the request can succeed; empty for any other error, and always empty unless this session negotiated
    /// 2025-11-25 (the only revision with this error; to older or stateless ones -32042 means nothing).
    QList<UrlElicitation> urlElicitationsRequiredBy(const Error &error) const;

signals:
    void stateChanged(Toolgate::ClientSession::State state);
    void ready();
    void failed(const Toolgate::Error &error);
    void closed();
    void toolsListChanged();
    void resourcesListChanged();
    void promptsListChanged();
    /// The four change signals: in the legacy era the server's own notifications; in the modern era those
    /// that arrive on the session's subscriptions/listen (opened when Ready, re-opened when the server
    /// ends it), stamped with its id.
    void resourceUpdated(const QString &uri);
    /// notifications/tasks/status: the server's word on one of its tasks (optional; followers still poll).
    void taskStatusNotified(const Toolgate::Task &task);
    void logMessage(const Toolgate::LogMessage &message);
    /// Something the server did wrong that we survived; worth showing in the server's console.
    void protocolViolation(const QString &description);
    /// A line the server wrote to stderr (stdio) or similar diagnostics.
    void diagnosticLine(const QString &line);
    /// The server sent notifications/cancelled for a request it made of us (the Responder with this
    /// id now drops its answer), or an embedded request is no longer wanted (its request was cancelled
    /// or ended): a handler waiting on a person closes its question.
    void serverRequestCancelled(const Toolgate::RequestId &id, const QString &reason);
    /// A request of ours was refused with -32042 (2025-11-25 sessions only): the server needs these
    /// out-of-band URL steps done first. The request's own callback gets the error right after this.
    void urlElicitationRequired(const QList<Toolgate::UrlElicitation> &elicitations);
    /// notifications/elicitation/complete for an elicitationId this session saw (in an elicitation/create
    /// request or a -32042 error): the server says the step in the browser is done. Said once per id;
    /// unknown or repeated ids, and the notification in revisions without it, are ignored.
    void elicitationCompleted(const QString &elicitationId);

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
