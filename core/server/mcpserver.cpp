#include "core/server/mcpserver.h"

#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/protocolversion.h"
#include "core/protocol/requestenvelope.h"
#include "core/server/pagination.h"
#include "core/server/promptregistry.h"
#include "core/server/requestrouter.h"
#include "core/server/resourceregistry.h"
#include "core/server/resultshaper.h"
#include "core/server/serverlifecycle.h"
#include "core/server/serverlog.h"
#include "core/server/serversubscriptions.h"
#include "core/server/servertaskrunner.h"
#include "core/server/toolcallrunner.h"
#include "core/server/toolregistry.h"
#include "core/protocol/uritemplate.h"
#include "core/transport/transport.h"

#include <QJsonArray>
#include <QPointer>

using namespace Qt::StringLiterals;

namespace Toolgate {

// McpServer is the owner and switchboard of its parts: each part has one job and the Private
// wires them to the peer, in the order the parts depend on each other.
class McpServer::Private final
{
public:
    Private(McpServer *q, Transport *transport, Implementation serverInfo, QString instructions)
        : q(q)
        , transport(transport)
        , serverInfo(std::move(serverInfo))
        , instructions(std::move(instructions))
        , peer(std::make_unique<JsonRpcPeer>(transport))
        , lifecycle([q] { emit q->initialized(); })
        , shaper(lifecycle)
        , log(*peer, lifecycle)
        , subscriptions(*peer, lifecycle, resources, this->serverInfo, q)
        , tasks(*peer, lifecycle, shaper, tools, q)
        , toolCalls(*peer, lifecycle, shaper, tools, tasks, log)
        , router(*peer, lifecycle, shaper)
    {
    }

    ~Private()
    {
        if (transport && transport->state() == Transport::State::Open)
            subscriptions.endAll();
        toolCalls.detachAll();
        tasks.detachAll();
    }

    // The lists (ServerSubscriptions::ListKind bits) whose changes the server announces.
    int offeredLists() const
    {
        return (tools.isEmpty() ? 0 : ServerSubscriptions::ToolsList)
            | (resources.isEmpty() ? 0 : ServerSubscriptions::ResourcesList)
            | (prompts.isEmpty() ? 0 : ServerSubscriptions::PromptsList);
    }

    // A registration that changed something is announced (ServerSubscriptions coalesces them).
    template <typename Changed>
    Changed announce(Changed changed, ServerSubscriptions::ListKind kind)
    {
        if (changed)
            subscriptions.listChanged(kind);
        return changed;
    }

    QJsonObject capabilities();
    void installHandlers();
    void handleInitialize(const JsonRpcMessage &request, const Responder &responder);
    void handleDiscover(const Responder &responder);
    Result<QJsonObject> readResource(const QJsonObject &params);
    void finish();

    McpServer *q;
    QPointer<Transport> transport;
    Implementation serverInfo;
    QString instructions;
    int pageSize = 0;

    std::unique_ptr<JsonRpcPeer> peer;
    ServerLifecycle lifecycle;
    ResultShaper shaper;
    ServerLog log;
    ToolRegistry tools;
    ResourceRegistry resources;
    PromptRegistry prompts;
    CompletionProvider completions;
    ServerSubscriptions subscriptions;
    ServerTaskRunner tasks;
    ToolCallRunner toolCalls;
    RequestRouter router;
};

QJsonObject McpServer::Private::capabilities()
{
    QJsonObject caps;
    const int lists = offeredLists();
    // What initialize advertised; list_changed is only sent for those.
    subscriptions.setAdvertisedLists(lists);
    // Logging needs nothing registered: the server and every tool can log.
    caps.insert(u"logging", QJsonObject());
    if (lists & ServerSubscriptions::ToolsList)
        caps.insert(u"tools", QJsonObject{{u"listChanged"_s, true}});
    if (lists & ServerSubscriptions::ResourcesList)
        caps.insert(u"resources", QJsonObject{{u"subscribe"_s, true}, {u"listChanged"_s, true}});
    if (lists & ServerSubscriptions::PromptsList)
        caps.insert(u"prompts", QJsonObject{{u"listChanged"_s, true}});
    if (completions.isOffered())
        caps.insert(u"completions", QJsonObject());
    if (tasks.offered()) {
        if (lifecycle.era() == ProtocolEra::Modern) {
            caps.insert(u"extensions", QJsonObject{{tasksExtensionName, QJsonObject()}});
        } else {
            caps.insert(u"tasks", QJsonObject{{u"list"_s, QJsonObject()},
                                              {u"cancel"_s, QJsonObject()},
                                              {u"requests"_s, QJsonObject{{u"tools"_s, QJsonObject{{u"call"_s, QJsonObject()}}}}}});
        }
    }
    return caps;
}

void McpServer::Private::installHandlers()
{
    using Eras = RequestRouter::Eras;
    peer->setRequestHandler(u"initialize"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
        handleInitialize(request, responder);
    });
    peer->setRequestHandler(u"ping"_s, [this](const JsonRpcMessage &, const Responder &responder) {
        if (lifecycle.isModern()) {
            responder.respondError(makeError(ErrorCode::MethodNotFound,
                                             u"ping does not exist in MCP %1"_s.arg(ProtocolVersion::modern)));
            return;
        }
        responder.respond(QJsonObject());
    });
    router.on(u"server/discover"_s, [this](const JsonRpcMessage &, const Responder &responder) { handleDiscover(responder); },
              Eras::ModernOnly);
    router.on(u"subscriptions/listen"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
        subscriptions.listen(request, responder, offeredLists());
    }, Eras::ModernOnly);

    router.onSync(u"tools/list"_s, [this](const QJsonObject &params) {
        QJsonArray all;
        for (const ToolRegistry::Entry &entry : tools.all())
            all.append(shaper.tool(entry.definition));
        return paginate(all, u"tools", params, pageSize);
    });
    router.on(u"tools/call"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
        toolCalls.call(request, responder);
    });
    router.onSync(u"resources/list"_s, [this](const QJsonObject &params) {
        return paginate(resources.resourcesJson(), u"resources", params, pageSize);
    });
    router.onSync(u"resources/templates/list"_s, [this](const QJsonObject &params) {
        return paginate(resources.templatesJson(), u"resourceTemplates", params, pageSize);
    });
    router.onSync(u"resources/read"_s, [this](const QJsonObject &params) { return readResource(params); });
    router.onSync(u"resources/subscribe"_s, [this](const QJsonObject &params) { return subscriptions.subscribe(params); },
                  Eras::LegacyOnly);
    router.onSync(u"resources/unsubscribe"_s, [this](const QJsonObject &params) { return subscriptions.unsubscribe(params); },
                  Eras::LegacyOnly);
    router.onSync(u"prompts/list"_s, [this](const QJsonObject &params) {
        return paginate(prompts.toJson(), u"prompts", params, pageSize);
    });
    router.onSync(u"prompts/get"_s, [this](const QJsonObject &params) { return prompts.get(params); });
    router.onSync(u"completion/complete"_s, [this](const QJsonObject &params) {
        return completions.complete(params, prompts, resources);
    });
    router.onSync(u"logging/setLevel"_s, [this](const QJsonObject &params) { return log.setLevel(params); }, Eras::LegacyOnly);
    tasks.installHandlers(router);

    peer->setNotificationHandler(u"notifications/initialized"_s, [this](const JsonRpcMessage &) {
        lifecycle.acceptInitialized();
    });
    peer->setNotificationHandler(u"notifications/cancelled"_s, [](const JsonRpcMessage &) {
        // JsonRpcPeer marks the request cancelled and emits incomingRequestCancelled.
    });
    peer->setFallbackNotificationHandler([](const JsonRpcMessage &message) {
        qCDebug(lcServer) << "ignoring notification" << message.method();
    });
}

void McpServer::Private::handleInitialize(const JsonRpcMessage &request, const Responder &responder)
{
    const auto requested = lifecycle.acceptInitialize(request, responder);
    if (!requested)
        return;
    QJsonObject result{{u"protocolVersion"_s, lifecycle.protocolVersion()},
                       {u"capabilities"_s, capabilities()},
                       {u"serverInfo"_s, serverInfo.toJson()}};
    if (!instructions.isEmpty())
        result.insert(u"instructions", instructions);
    qCInfo(lcServer) << "client" << lifecycle.clientInfo().name << lifecycle.clientInfo().version << "asked for" << *requested
                     << "; speaking" << lifecycle.protocolVersion();
    responder.respond(result);
}

void McpServer::Private::handleDiscover(const Responder &responder)
{
    QJsonObject result{{u"supportedVersions"_s, QJsonArray::fromStringList(ProtocolVersion::supportedModern())},
                       {u"capabilities"_s, capabilities()},
                       {u"_meta"_s, QJsonObject{{RequestEnvelope::serverInfoKey, serverInfo.toJson()}}}};
    if (!instructions.isEmpty())
        result.insert(u"instructions", instructions);
    ResultShaper::decorateModern(u"server/discover"_s, result);
    responder.respond(result);
}

Result<QJsonObject> McpServer::Private::readResource(const QJsonObject &params)
{
    const QString uri = params.value(u"uri").toString();
    if (uri.isEmpty())
        return makeError(ErrorCode::InvalidParams, u"resources/read needs a uri"_s);
    const auto read = resources.read(uri);
    if (!read) {
        // 2026-07-28 says resource-not-found with -32602; the earlier revisions with -32002.
        return makeError(lifecycle.era() == ProtocolEra::Modern ? ErrorCode::InvalidParams : ErrorCode::ResourceNotFoundLegacy,
                         u"Resource not found: %1"_s.arg(uri), QJsonObject{{u"uri"_s, uri}});
    }
    if (!*read)
        return read->error();
    return read->value().toJson();
}

void McpServer::Private::finish()
{
    if (!lifecycle.finish())
        return;
    subscriptions.dropAll(); // the connection is gone: nothing to end gracefully
    toolCalls.cancelAll();
    // Tasks live as long as the connection that created them.
    tasks.cancelAll(u"The connection closed."_s);
    emit q->finished();
}

// ---- McpServer --------------------------------------------------------------------------------

McpServer::McpServer(Transport *transport, Implementation serverInfo, QString instructions, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this, transport, std::move(serverInfo), std::move(instructions)))
{
    Q_ASSERT(transport);
    d->peer->setRemote(JsonRpcPeer::Remote::Client);
    d->installHandlers();

    connect(d->peer.get(), &JsonRpcPeer::incomingRequestCancelled, this,
            [this](const RequestId &id, const QString &reason) {
                // A subscription ends when the client cancels its listen request.
                if (!d->subscriptions.endCancelled(id, reason))
                    d->toolCalls.cancelByClient(id, reason);
            });
    connect(d->peer.get(), &JsonRpcPeer::protocolViolation, this, [](const QString &description) {
        qCWarning(lcServer) << "protocol violation by the client:" << description;
    });
    connect(transport, &Transport::closed, this, [this] { d->finish(); });
}

McpServer::~McpServer() = default;

void McpServer::start()
{
    if (d->transport && d->transport->state() == Transport::State::Idle)
        d->transport->start();
}

void McpServer::setPageSize(int pageSize)
{
    d->pageSize = std::max(0, pageSize);
    d->tasks.setListPageSize(d->pageSize);
}

int McpServer::pageSize() const { return d->pageSize; }

void McpServer::setTaskLimits(const TaskLimits &limits)
{
    ServerTaskStore::Limits store;
    store.maxTasks = std::max(1, limits.maxTasks);
    store.defaultTtlMs = std::max<qint64>(1, limits.defaultTtlMs);
    store.minTtlMs = std::min<qint64>(1000, store.defaultTtlMs);
    store.maxTtlMs = std::max(store.defaultTtlMs, limits.maxTtlMs);
    store.pollIntervalMs = std::max<qint64>(1, limits.pollIntervalMs);
    d->tasks.setLimits(store);
}

int McpServer::taskCount() const { return d->tasks.count(); }

Result<void> McpServer::addTool(const Tool &definition, ToolHandler handler)
{
    return d->announce(d->tools.add(definition, std::move(handler)), ServerSubscriptions::ToolsList);
}

bool McpServer::removeTool(const QString &name)
{
    return d->announce(d->tools.remove(name), ServerSubscriptions::ToolsList);
}

bool McpServer::hasTool(const QString &name) const { return d->tools.contains(name); }
QList<Tool> McpServer::tools() const { return d->tools.definitions(); }

Result<void> McpServer::addResource(const Resource &resource, ResourceReadHandler handler)
{
    return d->announce(d->resources.addResource(resource, std::move(handler)), ServerSubscriptions::ResourcesList);
}

bool McpServer::removeResource(const QString &uri)
{
    return d->announce(d->resources.removeResource(uri), ServerSubscriptions::ResourcesList);
}

Result<void> McpServer::addResourceTemplate(const ResourceTemplate &resourceTemplate, TemplateReadHandler handler)
{
    return d->announce(d->resources.addTemplate(resourceTemplate, std::move(handler)), ServerSubscriptions::ResourcesList);
}

bool McpServer::removeResourceTemplate(const QString &uriTemplate)
{
    return d->announce(d->resources.removeTemplate(uriTemplate), ServerSubscriptions::ResourcesList);
}

Result<void> McpServer::addPrompt(const Prompt &prompt, PromptHandler handler)
{
    return d->announce(d->prompts.add(prompt, std::move(handler)), ServerSubscriptions::PromptsList);
}

bool McpServer::removePrompt(const QString &name)
{
    return d->announce(d->prompts.remove(name), ServerSubscriptions::PromptsList);
}

void McpServer::setCompletionHandler(CompletionHandler handler) { d->completions.setHandler(std::move(handler)); }

void McpServer::notifyResourceUpdated(const QString &uri) { d->subscriptions.notifyResourceUpdated(uri); }
bool McpServer::isSubscribed(const QString &uri) const { return d->subscriptions.isSubscribed(uri); }
QList<RequestId> McpServer::subscriptionIds() const { return d->subscriptions.ids(); }
void McpServer::endSubscriptions() { d->subscriptions.endAll(); }

void McpServer::log(LoggingLevel level, const QJsonValue &data, const QString &logger) { d->log.send(level, data, logger); }

bool McpServer::isInitialized() const { return d->lifecycle.isReady(); }
ProtocolEra McpServer::era() const { return d->lifecycle.era(); }
QString McpServer::protocolVersion() const { return d->lifecycle.protocolVersion(); }
const Implementation &McpServer::clientInfo() const { return d->lifecycle.clientInfo(); }
QJsonObject McpServer::clientCapabilities() const { return d->lifecycle.clientCapabilities(); }
std::optional<LoggingLevel> McpServer::clientLogLevel() const { return d->lifecycle.logLevel(); }

std::optional<QMap<QString, QString>> McpServer::matchUriTemplate(const QString &uriTemplate, const QString &uri)
{
    const auto compiled = UriTemplate::compile(uriTemplate);
    return compiled ? compiled->match(uri) : std::nullopt;
}

CompleteResult McpServer::completeFrom(const QStringList &candidates, const QString &typed)
{
    return CompletionProvider::completeFrom(candidates, typed);
}

} // namespace Toolgate

#include "moc_mcpserver.cpp"
