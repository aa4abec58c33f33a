#include "core/client/clientsession.h"

#include "core/client/changelistener.h"
#include "core/client/inputrounds.h"
#include "core/client/progressroutes.h"
#include "core/client/readcache.h"
#include "core/client/requestsender.h"
#include "core/client/serverrequestintake.h"
#include "core/client/sessioncore.h"
#include "core/client/sessionopening.h"
#include "core/client/taskrequests.h"
#include "core/client/urlelicitationtracker.h"
#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/jsonrpc/jsonwriter.h"
#include "core/protocol/protocolversion.h"
#include "core/protocol/requestenvelope.h"
#include "core/transport/processexit.h"
#include "core/transport/transport.h"

#include <QCoreApplication>
#include <QPointer>

namespace Toolgate {

namespace {

ClientSession::Options withDefaults(ClientSession::Options options)
{
    if (options.clientInfo.name.isEmpty()) {
        options.clientInfo.name = QStringLiteral("toolgate");
        options.clientInfo.title = QStringLiteral("Toolgate");
        options.clientInfo.version = QStringLiteral(TOOLGATE_VERSION);
    }
    return options;
}

/// The params of a tools/call written directly, keys in QJsonObject's sorted order (_meta, arguments,
/// name, task): building them as a QJsonObject re-encodes the arguments and cost a sixth of a call.
/// The arguments keep the order the person saw them in. envelopeMembers: the modern envelope, written
/// once per session (SessionCore::envelopeMembers()); nullopt in the legacy era.
QByteArray toolCallParams(const QString &name, const QJsonObject &arguments, const ClientSession::CallOptions &options,
                          QJsonObject meta, const std::optional<QByteArray> &envelopeMembers)
{
    QByteArray params;
    params.reserve(envelopeMembers ? 128 + envelopeMembers->size() : 128);
    params.append('{');
    if (envelopeMembers) {
        // The envelope's members, then the caller's own _meta keys.
        for (const QString &key : {RequestEnvelope::protocolVersionKey, RequestEnvelope::clientInfoKey,
                                   RequestEnvelope::clientCapabilitiesKey, RequestEnvelope::logLevelKey})
            meta.remove(key);
        params.append("\"_meta\":{");
        params.append(*envelopeMembers);
        if (!meta.isEmpty()) {
            QByteArray own;
            JsonWriter::appendObject(own, meta);
            params.append(',');
            params.append(QByteArrayView(own).sliced(1, own.size() - 2));
        }
        params.append("},");
    } else if (!meta.isEmpty()) {
        params.append("\"_meta\":");
        JsonWriter::appendObject(params, meta);
        params.append(',');
    }
    params.append("\"arguments\":");
    JsonWriter::appendObject(params, arguments, options.argumentOrder);
    params.append(",\"name\":");
    JsonWriter::appendString(params, name);
    if (options.asTask && !envelopeMembers) {
        QJsonObject task;
        if (options.taskTtlMs)
            task.insert(QLatin1String("ttl"), double(*options.taskTtlMs));
        params.append(",\"task\":");
        JsonWriter::appendObject(params, task);
    }
    params.append('}');
    return params;
}

} // namespace

/// ClientSession is the face its callers see; the work is done by these pieces, each owning its own state.
/// They are built in this order, each getting references to those before it.
class ClientSession::Private
{
public:
    Private(ClientSession *q, std::unique_ptr<Transport> transport, Options options)
        : core(std::move(transport), withDefaults(std::move(options)))
        , urlElicitations(core)
        , intake(core, urlElicitations)
        , progress(core.peer())
        , opening(core, intake)
        , rounds(core, intake, progress, [q](QObject *context, Callback<QList<Tool>> callback) { q->listTools(context, std::move(callback)); })
        , requests(core, rounds, urlElicitations)
        , listener(core, requests)
        , tasks(core, requests, rounds, progress)
    {
    }

    SessionCore core;
    UrlElicitationTracker urlElicitations;
    ServerRequestIntake intake;
    ProgressRoutes progress;
    SessionOpening opening;
    InputRounds rounds;
    RequestSender requests;
    ChangeListener listener;
    TaskRequests tasks;
    ReadCache readCache; ///< modern: resources/read results the server marked fresh for a while (ttlMs)
    bool closedEmitted = false;
};

ClientSession::ClientSession(std::unique_ptr<Transport> transport, Options options, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this, std::move(transport), std::move(options)))
{
    connect(&d->core, &SessionCore::stateChanged, this, [this](State state) {
        if (state == State::Closing || state == State::Closed || state == State::Failed) {
            d->rounds.endWaitingForInput();
            d->listener.stop();
        }
        emit stateChanged(state);
    });
    connect(&d->core, &SessionCore::failed, this, &ClientSession::failed);
    connect(&d->opening, &SessionOpening::ready, this, [this] {
        if (d->core.modern())
            d->listener.listen();
        emit ready();
    });
    connect(&d->urlElicitations, &UrlElicitationTracker::required, this, &ClientSession::urlElicitationRequired);
    connect(&d->urlElicitations, &UrlElicitationTracker::completed, this, &ClientSession::elicitationCompleted);
    connect(&d->urlElicitations, &UrlElicitationTracker::protocolViolation, this, &ClientSession::protocolViolation);
    connect(&d->rounds, &InputRounds::serverRequestCancelled, this, &ClientSession::serverRequestCancelled);
    connect(&d->rounds, &InputRounds::toolsListChanged, this, &ClientSession::toolsListChanged);
    connect(&d->requests, &RequestSender::protocolViolation, this, &ClientSession::protocolViolation);
    connect(&d->listener, &ChangeListener::toolsListChanged, this, &ClientSession::toolsListChanged);
    connect(&d->listener, &ChangeListener::promptsListChanged, this, &ClientSession::promptsListChanged);
    connect(&d->listener, &ChangeListener::resourcesListChanged, this, [this] {
        d->readCache.clear(); // the spec: a list change invalidates; what was read may be gone or replaced
        emit resourcesListChanged();
    });
    connect(&d->listener, &ChangeListener::resourceUpdated, this, [this](const QString &uri) {
        d->readCache.forget(uri);
        emit resourceUpdated(uri);
    });
    connect(&d->listener, &ChangeListener::protocolViolation, this, &ClientSession::protocolViolation);
    connect(&d->listener, &ChangeListener::diagnosticLine, this, &ClientSession::diagnosticLine);
    connect(&d->tasks, &TaskRequests::statusNotified, this, &ClientSession::taskStatusNotified);
    connect(&d->tasks, &TaskRequests::protocolViolation, this, &ClientSession::protocolViolation);
    d->core.peer().setNotificationHandler(QStringLiteral("notifications/message"), [this](const JsonRpcMessage &message) {
        emit logMessage(LogMessage::fromJson(message.params()));
    });

    Transport *t = &d->core.transport();
    connect(t, &Transport::started, this, [this] { d->opening.open(); });
    connect(t, &Transport::errorOccurred, this, [this](const Error &error) {
        // A server that ended while requests were open: each of them hears how it ended in words,
        // rather than only that the connection closed (which the peer would say once it closes).
        const ProcessExit ended = ProcessExit::fromErrorData(error.data);
        if (ended.isValid() && d->core.state() == State::Ready) {
            QJsonObject data = ended.toJson();
            data.insert(QLatin1String("serverStopped"), true);
            d->core.peer().failAllPending(makeError(ErrorCode::ConnectionClosed,
                                                    QCoreApplication::translate("Toolgate::ClientSession", "the server stopped while running this call — %1")
                                                        .arg(ended.itEnded()),
                                                    data));
        }
        d->core.fail(error);
    });
    connect(t, &Transport::closed, this, [this] {
        d->progress.clear();
        if (d->core.state() == State::Closed)
            return; // disconnectFromServer() after a failure already reported closed()
        if (d->core.state() != State::Closing && d->core.state() != State::Failed)
            d->core.fail(makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::ClientSession", "the server closed the connection")));
        if (d->core.state() == State::Closing)
            d->core.setState(State::Closed);
        d->closedEmitted = true;
        emit closed();
    });
    connect(t, &Transport::protocolViolation, this, &ClientSession::protocolViolation);
    connect(t, &Transport::strayOutput, this, [this](const QString &text) { d->core.noteStrayOutput(text); });
    connect(t, &Transport::diagnosticLine, this, &ClientSession::diagnosticLine);
    connect(&d->core.peer(), &JsonRpcPeer::protocolViolation, this, &ClientSession::protocolViolation);
    connect(&d->core.peer(), &JsonRpcPeer::incomingRequestCancelled, this, &ClientSession::serverRequestCancelled);
}

ClientSession::~ClientSession()
{
    // Answer everything still pending before the peer goes (its destructor does so queued), while
    // the pieces whose handlers it holds are still there.
    d->core.dropConnection();
}

void ClientSession::connectToServer()
{
    if (d->core.state() != State::Disconnected) {
        qCWarning(lcClient) << "connectToServer() called twice; a session connects once";
        return;
    }
    d->core.setState(State::Connecting);
    d->core.transport().start();
}

void ClientSession::disconnectFromServer()
{
    if (d->core.state() == State::Closing || d->core.state() == State::Closed)
        return;
    const bool failed = d->core.state() == State::Failed;
    d->core.setState(State::Closing);
    d->core.peer().failAllPending(makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::ClientSession", "the session was closed")));
    if (failed || d->core.transport().state() == Transport::State::Closed) {
        d->core.setState(State::Closed);
        // closed() is said once: it may already have come with the failure.
        if (!d->closedEmitted) {
            d->closedEmitted = true;
            QMetaObject::invokeMethod(this, [this] { emit closed(); }, Qt::QueuedConnection);
        }
        return;
    }
    d->core.transport().close();
}

ClientSession::State ClientSession::state() const { return d->core.state(); }
bool ClientSession::isNotAnMcpServer(const Error &error) { return SessionCore::isNotAnMcpServer(error); }
bool ClientSession::isServerStopped(const Error &error)
{
    return error.code == int(ErrorCode::ConnectionClosed) && error.data.toObject().value(QLatin1String("serverStopped")).toBool();
}
Transport *ClientSession::transport() const { return &d->core.transport(); }
QString ClientSession::protocolVersion() const { return d->core.negotiated().protocolVersion; }
ProtocolEra ClientSession::era() const { return d->core.state() == State::Ready ? d->core.era() : ProtocolEra::Legacy; }
const DiscoverResult &ClientSession::discoverResult() const { return d->opening.discoverResult(); }
QString ClientSession::eraDecidedBy() const { return d->opening.eraDecidedBy(); }
const InitializeResult &ClientSession::serverInitializeResult() const { return d->core.negotiated(); }
const ServerCapabilities &ClientSession::serverCapabilities() const { return d->core.offered(); }
const Implementation &ClientSession::serverInfo() const { return d->core.negotiated().serverInfo; }
Error ClientSession::lastError() const { return d->core.lastError(); }

void ClientSession::setRootsHandler(ServerRequestHandler handler, bool notifiesListChanged)
{
    d->intake.setRootsHandler(std::move(handler), notifiesListChanged);
}

void ClientSession::setSamplingHandler(ServerRequestHandler handler, bool withTools)
{
    d->intake.setSamplingHandler(std::move(handler), withTools);
}

void ClientSession::setElicitationHandler(ServerRequestHandler handler, const QStringList &modes)
{
    d->intake.setElicitationHandler(std::move(handler), modes);
}

void ClientSession::setClientTaskHandler(ClientTaskHandler handler)
{
    d->intake.setClientTaskHandler(std::move(handler));
}

void ClientSession::notifyClientTaskStatus(const QJsonObject &task)
{
    if (d->core.state() == State::Ready && d->intake.runsTasks())
        d->core.peer().sendNotification(QStringLiteral("notifications/tasks/status"), task);
}

void ClientSession::setExtension(const QString &name, const QJsonObject &settings)
{
    d->opening.setExtension(name, settings);
}

void ClientSession::notifyRootsListChanged()
{
    if (d->core.state() == State::Ready && !d->core.modern() && d->intake.notifiesRootsChanged())
        d->core.peer().sendNotification(QStringLiteral("notifications/roots/list_changed"));
}

void ClientSession::ping(QObject *context, Callback<std::monostate> callback)
{
    if (!d->core.ensureFeature(true, {}, context, callback))
        return;
    if (d->core.modern()) {
        d->core.answerNotInRevision(QStringLiteral("ping"), context, callback);
        return;
    }
    d->requests.request<std::monostate>(QStringLiteral("ping"), {}, context, std::move(callback),
                                        [](const QJsonObject &) { return std::monostate(); });
}

void ClientSession::listTools(QObject *context, Callback<QList<Tool>> callback)
{
    if (!d->core.ensureFeature(d->core.offered().tools, QStringLiteral("tools"), context, callback))
        return;
    d->requests.listAll<Tool>(QStringLiteral("tools/list"), QStringLiteral("tools"), context, std::move(callback));
}

RequestId ClientSession::callTool(ToolCallKey, const QString &name, const QJsonObject &arguments, const CallOptions &options,
                                  QObject *context, Callback<CallToolResult> callback)
{
    if (!d->core.ensureFeature(d->core.offered().tools, QStringLiteral("tools"), context, callback))
        return {};
    QJsonObject meta = options.meta;
    QString token;
    if (options.onProgress) {
        token = d->progress.newToken();
        meta.insert(QLatin1String("progressToken"), token);
    }
    const bool modern = d->core.modern();
    JsonRpcPeer::RequestOptions requestOptions;
    requestOptions.timeout = options.timeout.value_or(d->core.options().toolCallTimeout);
    requestOptions.maxTimeout = options.maxTime.value_or(d->core.options().toolCallMaxTime);
    // The raw view shows the result in the order the server wrote it. JsonRpcPeer reads the order of
    // an answer it parses on a pool thread (256 KiB up to 4 MiB) there; of a smaller one here, where
    // a second read of a result of megabytes would hold up every call for the raw view's sake.
    auto resultOrder = std::make_shared<JsonKeyOrder>();
    requestOptions.resultKeyOrder = [resultOrder](const JsonKeyOrder &order) { *resultOrder = order; };
    requestOptions.resultKeyOrderLimit = JsonRpcPeer::backgroundParseThreshold;
    QPointer<ClientSession> self(this);
    auto exchange = std::make_shared<InputRounds::Exchange>();
    exchange->method = QStringLiteral("tools/call");
    exchange->subject = name;
    exchange->params = toolCallParams(name, arguments, options, meta,
                                      modern ? std::optional(d->core.envelopeMembers()) : std::nullopt);
    exchange->requestOptions = requestOptions;
    exchange->context = context;
    exchange->onInputRound = options.onInputRound;
    exchange->auditCallId = options.auditCallId;
    exchange->progressToken = token;
    exchange->relistsOnHeaderMismatch = true;
    exchange->finished = [self, token, resultOrder, modern, asTask = options.asTask, version = d->core.modernVersion(),
                          legacyVersion = d->core.negotiated().protocolVersion, callback = std::move(callback)](const Result<QJsonValue> &result) {
            // A task: the answer is its seed state, and the tool's result comes through it later.
            const QJsonObject answer = result && result.value().isObject() ? result.value().toObject() : QJsonObject();
            const bool taskAnswer = modern ? answer.value(QLatin1String("resultType")) == QJsonValue(QLatin1String("task"))
                                           : asTask && answer.value(QLatin1String("task")).isObject();
            if (taskAnswer) {
                Result<Task> task = modern ? Task::parse(answer, *resultOrder)
                                           : Task::parse(answer.value(QLatin1String("task")).toObject(), resultOrder->member(u"task"));
                if (!task) {
                    if (self && !token.isEmpty())
                        self->d->progress.close(token);
                    callback(Result<CallToolResult>(task.error()));
                    return;
                }
                if (self && !token.isEmpty())
                    self->d->tasks.keepProgress(task->taskId, token);
                CallToolResult created;
                created.raw = answer;
                created.rawOrder = *resultOrder;
                created.task = std::move(task.value());
                callback(Result<CallToolResult>(std::move(created)));
                return;
            }
            if (self && !token.isEmpty())
                self->d->progress.close(token);
            if (!result && self)
                self->d->urlElicitations.noteRequestError(result.error());
            if (!result)
                callback(Result<CallToolResult>(modern ? RequestSender::explainModernError(result.error(), QStringLiteral("tools/call"), {}, version)
                                                       : result.error()));
            else if (!result.value().isObject())
                callback(Result<CallToolResult>(makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::ClientSession", "the server's tools/call answer is not an object"))));
            else if (const auto problem = modern ? RequestSender::resultTypeProblem(result.value().toObject(), QStringLiteral("tools/call"), true)
                                                 : RequestSender::legacyEraMixUp(result.value().toObject(), QStringLiteral("tools/call"), legacyVersion, true, asTask))
                callback(Result<CallToolResult>(*problem));
            else {
                Result<CallToolResult> parsed = CallToolResult::parse(result.value().toObject());
                if (parsed)
                    parsed.value().rawOrder = *resultOrder;
                callback(parsed);
            }
        };
    const RequestId id = d->rounds.start(exchange);
    if (!token.isEmpty() && d->core.peer().isPending(id))
        d->progress.open(token, id, options.onProgress);
    return id;
}

void ClientSession::listResources(QObject *context, Callback<QList<Resource>> callback)
{
    if (!d->core.ensureFeature(d->core.offered().resources, QStringLiteral("resources"), context, callback))
        return;
    d->requests.listAll<Resource>(QStringLiteral("resources/list"), QStringLiteral("resources"), context, std::move(callback));
}

void ClientSession::listResourceTemplates(QObject *context, Callback<QList<ResourceTemplate>> callback)
{
    if (!d->core.ensureFeature(d->core.offered().resources, QStringLiteral("resources"), context, callback))
        return;
    d->requests.listAll<ResourceTemplate>(QStringLiteral("resources/templates/list"), QStringLiteral("resourceTemplates"),
                                          context, std::move(callback));
}

void ClientSession::readResource(const QString &uri, QObject *context, Callback<ReadResourceResult> callback)
{
    if (!d->core.ensureFeature(d->core.offered().resources, QStringLiteral("resources"), context, callback))
        return;
    if (!d->core.modern()) {
        d->requests.request<ReadResourceResult>(QStringLiteral("resources/read"), {{QLatin1String("uri"), uri}}, context,
                                                std::move(callback), &ReadResourceResult::fromJson);
        return;
    }
    if (std::optional<ReadResourceResult> cached = d->readCache.fresh(uri)) {
        qCDebug(lcClient) << "resources/read" << uri << "answered from the cache (the server's ttlMs has not passed)";
        SessionCore::answerLater(context, callback, std::move(*cached));
        return;
    }
    // The caching hint is read off the complete result; one that came after rounds of input depends on
    // the answers, which are not part of the key, and is not kept (caching.mdx).
    auto ttl = std::make_shared<std::optional<qint64>>();
    auto askedForInput = std::make_shared<bool>(false);
    QPointer<ClientSession> self(this);
    d->requests.request<ReadResourceResult>(
        QStringLiteral("resources/read"), {{QLatin1String("uri"), uri}}, context,
        [self, uri, ttl, askedForInput, callback = std::move(callback)](const Result<ReadResourceResult> &result) {
            if (self && result && !*askedForInput && self->d->core.state() == State::Ready)
                self->d->readCache.store(uri, result.value(), *ttl);
            callback(result);
        },
        [ttl](const QJsonObject &json) {
            *ttl = ReadCache::ttlOf(json);
            return ReadResourceResult::fromJson(json);
        },
        [askedForInput](const InputRound &) { *askedForInput = true; });
}

void ClientSession::sendExtensionRequest(const QString &method, const QJsonObject &params, QObject *context,
                                         Callback<QJsonObject> callback)
{
    if (!d->core.ensureReady(context, [callback](const Error &e) { callback(Result<QJsonObject>(e)); }))
        return;
    d->requests.request<QJsonObject>(method, params, context, std::move(callback), [](const QJsonObject &json) { return json; });
}

void ClientSession::subscribeResource(const QString &uri, QObject *context, Callback<std::monostate> callback)
{
    if (!d->core.ensureFeature(d->core.offered().resourcesSubscribe, QStringLiteral("resource subscriptions"), context, callback))
        return;
    d->listener.changeSubscription(uri, true, context, std::move(callback));
}

void ClientSession::unsubscribeResource(const QString &uri, QObject *context, Callback<std::monostate> callback)
{
    if (!d->core.ensureFeature(d->core.offered().resourcesSubscribe, QStringLiteral("resource subscriptions"), context, callback))
        return;
    d->listener.changeSubscription(uri, false, context, std::move(callback));
}

void ClientSession::listPrompts(QObject *context, Callback<QList<Prompt>> callback)
{
    if (!d->core.ensureFeature(d->core.offered().prompts, QStringLiteral("prompts"), context, callback))
        return;
    d->requests.listAll<Prompt>(QStringLiteral("prompts/list"), QStringLiteral("prompts"), context, std::move(callback));
}

void ClientSession::getPrompt(const QString &name, const QMap<QString, QString> &arguments, QObject *context,
                              Callback<GetPromptResult> callback)
{
    if (!d->core.ensureFeature(d->core.offered().prompts, QStringLiteral("prompts"), context, callback))
        return;
    QJsonObject args;
    for (auto it = arguments.cbegin(); it != arguments.cend(); ++it)
        args.insert(it.key(), it.value());
    // arguments is sent even when empty: some servers (e.g. @cyanheads/git-mcp-server) reject a
    // prompts/get without it, and every revision allows an empty object.
    const QJsonObject params{{QLatin1String("name"), name}, {QLatin1String("arguments"), args}};
    d->requests.request<GetPromptResult>(QStringLiteral("prompts/get"), params, context, std::move(callback),
                                         &GetPromptResult::fromJson);
}

void ClientSession::complete(const CompletionReference &reference, const QString &argumentName, const QString &value,
                             const QMap<QString, QString> &contextArguments, QObject *context,
                             Callback<CompleteResult> callback)
{
    // Before 2025-03-26 completion existed without a capability flag.
    const bool offered = d->core.offered().completions
        || ProtocolVersion::compare(d->core.negotiated().protocolVersion, QLatin1String("2025-03-26")) < 0;
    if (!d->core.ensureFeature(offered, QStringLiteral("completions"), context, callback))
        return;
    QJsonObject params{{QLatin1String("ref"), reference.toJson()},
                       {QLatin1String("argument"), QJsonObject{{QLatin1String("name"), argumentName},
                                                               {QLatin1String("value"), value}}}};
    if (!contextArguments.isEmpty()) {
        QJsonObject args;
        for (auto it = contextArguments.cbegin(); it != contextArguments.cend(); ++it)
            args.insert(it.key(), it.value());
        params.insert(QLatin1String("context"), QJsonObject{{QLatin1String("arguments"), args}});
    }
    d->requests.request<CompleteResult>(QStringLiteral("completion/complete"), params, context, std::move(callback),
                                        &CompleteResult::fromJson);
}

void ClientSession::setLoggingLevel(LoggingLevel level, QObject *context, Callback<std::monostate> callback)
{
    if (!d->core.ensureFeature(d->core.offered().logging, QStringLiteral("logging"), context, callback))
        return;
    if (d->core.modern()) {
        // logging/setLevel is gone: the level rides in each request's envelope from now on.
        d->core.setLogLevel(level);
        SessionCore::answerLater(context, callback, std::monostate());
        return;
    }
    d->requests.request<std::monostate>(QStringLiteral("logging/setLevel"), {{QLatin1String("level"), toString(level)}},
                                        context, std::move(callback), [](const QJsonObject &) { return std::monostate(); });
}

ClientSession::TaskCapabilities ClientSession::taskCapabilities() const
{
    return d->tasks.capabilities();
}

void ClientSession::getTask(const QString &taskId, const std::optional<QString> &requestState, QObject *context,
                            Callback<Task> callback)
{
    d->tasks.get({taskId, requestState}, context, std::move(callback));
}

void ClientSession::taskResult(const QString &taskId, QObject *context, Callback<CallToolResult> callback)
{
    d->tasks.result(taskId, context, std::move(callback));
}

void ClientSession::updateTask(const QString &taskId, const std::optional<QString> &requestState, const QJsonObject &inputResponses,
                               QObject *context, Callback<std::monostate> callback)
{
    d->tasks.update({taskId, requestState}, inputResponses, context, std::move(callback));
}

void ClientSession::cancelTask(const QString &taskId, const std::optional<QString> &requestState, QObject *context,
                               Callback<std::optional<Task>> callback)
{
    d->tasks.cancel({taskId, requestState}, context, std::move(callback));
}

void ClientSession::listTasks(QObject *context, Callback<QList<Task>> callback)
{
    d->tasks.list(context, std::move(callback));
}

void ClientSession::askForTaskInput(const InputRequiredResult::Request &request, const EmbeddedRequestOrigin &origin,
                                    QObject *context, std::function<void(const JsonRpcMessage &answer)> answered)
{
    EmbeddedRequestOrigin named = origin;
    if (named.method.isEmpty())
        named.method = QStringLiteral("tools/call"); // the one request the tasks extension augments (SEP-2663)
    d->tasks.askForInput(request, named, context, std::move(answered));
}

bool ClientSession::cancelRequest(const RequestId &id, const QString &reason)
{
    if (d->rounds.cancelWhileAsking(id, reason))
        return true;
    const RequestId wireId = d->rounds.wireIdOf(id);
    d->progress.closeFor(wireId);
    return d->core.peer().cancel(wireId, reason);
}

QString ClientSession::EmbeddedRequestOrigin::occasion() const
{
    QString text;
    if (method == QLatin1String("tools/call"))
        text = QCoreApplication::translate("Toolgate::ClientSession", "The server needs this to finish the call of “%1”.").arg(subject);
    else if (method == QLatin1String("resources/read"))
        text = QCoreApplication::translate("Toolgate::ClientSession", "The server needs this to finish reading %1.").arg(subject);
    else
        text = QCoreApplication::translate("Toolgate::ClientSession", "The server needs this to finish the prompt “%1”.").arg(subject);
    if (round > 1)
        text += u' ' + QCoreApplication::translate("Toolgate::ClientSession", "This is round %1 of its questions.").arg(round);
    return text;
}

std::optional<ClientSession::EmbeddedRequestOrigin> ClientSession::embeddedRequestOrigin(const RequestId &id) const
{
    return d->rounds.embeddedOrigin(id);
}

QList<UrlElicitation> ClientSession::urlElicitationsRequiredBy(const Error &error) const
{
    return d->urlElicitations.requiredBy(error);
}

} // namespace Toolgate

#include "moc_clientsession.cpp"
