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
#include "core/server/completionprovider.h"
#include "core/server/toolcallcontext.h"

#include <QJsonObject>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace Toolgate {

class Transport;

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
