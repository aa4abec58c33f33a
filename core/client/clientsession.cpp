#include "core/client/clientsession.h"

#include "core/client/inputrounds.h"
#include "core/client/progressroutes.h"
#include "core/client/readcache.h"
#include "core/client/requestsender.h"
#include "core/client/serverrequestintake.h"
#include "core/client/sessioncore.h"
#include "core/client/sessionopening.h"
#include "core/client/urlelicitationtracker.h"
#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/jsonrpc/jsonwriter.h"
#include "core/protocol/protocolversion.h"
#include "core/protocol/requestenvelope.h"
#include "core/protocol/subscriptions.h"
#include "core/protocol/task.h"
#include "core/transport/transport.h"

#include <QCoreApplication>
#include <QHash>
#include <QPointer>
#include <QTimer>

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
        : q(q)
        , core(std::move(transport), withDefaults(std::move(options)))
        , urlElicitations(core)
        , intake(core.peer(), urlElicitations)
        , progress(core.peer())
        , opening(core, intake)
        , rounds(core, intake, progress, [q](QObject *context, Callback<QList<Tool>> callback) { q->listTools(context, std::move(callback)); })
        , requests(core, rounds, urlElicitations)
    {
        installNotificationHandlers();
    }

    ClientSession *q;
    SessionCore core;
    UrlElicitationTracker urlElicitations;
    ServerRequestIntake intake;
    ProgressRoutes progress;
    SessionOpening opening;
    InputRounds rounds;
    RequestSender requests;
    ReadCache readCache; ///< modern: resources/read results the server marked fresh for a while (ttlMs)
    bool closedEmitted = false;

    /// 2026-07-28 subscriptions/listen (basic/patterns/subscriptions.mdx): the one open listen request
    /// through which a modern server sends what the legacy era sent unasked (list changes, updates of
    /// subscribed resources). Changing the subscribed URIs opens a new listen and cancels the old one
    /// once the new one is acknowledged, so nothing is missed in between.
    using SubscriptionAnswer = std::function<void(const std::optional<Error> &problem)>;
    struct SubscriptionChange
    {
        QString uri;
        bool subscribe = true;
        SubscriptionAnswer answer;
    };
    struct Listen
    {
        RequestId id; ///< also the subscriptionId the server stamps on what it sends for it
        SubscriptionFilter asked;
        bool acknowledged = false;
        QList<SubscriptionChange> changes; ///< answered on the acknowledgement, or when the listen ends first
    };
    static constexpr std::chrono::milliseconds firstRelistenDelay{1000};
    static constexpr std::chrono::milliseconds maxRelistenDelay{30000};
    static constexpr int maxListenFailures = 5;
    std::optional<Listen> listen;
    RequestId retiringListen; ///< the listen a new one replaces, until the new one is acknowledged
    QStringList subscribedUris;
    std::unique_ptr<QTimer> relistenTimer;
    std::chrono::milliseconds relistenDelay = firstRelistenDelay;
    std::optional<Error> listenUnsupported; ///< the server refused subscriptions/listen as unknown, or failed it too often
    bool grantsNoSubscription = false; ///< the server acknowledged with nothing granted (and then ends the listen)
    bool unstampedChangeReported = false;
    int listenFailures = 0; ///< errors in a row, without an acknowledgement between them

    void installNotificationHandlers();
    void stopRelistening()
    {
        if (relistenTimer)
            relistenTimer->stop();
    }
    void changeSubscription(const QString &uri, bool subscribe, QObject *context, Callback<std::monostate> callback);
    SubscriptionFilter listenFilter() const;
    /// Opens a listen for listenFilter() (replacing the open one); changes are answered on its acknowledgement.
    void openListen(QList<SubscriptionChange> changes = {});
    void onListenAcknowledged(const JsonRpcMessage &message);
    void onListenEnded(const RequestId &id, const Result<QJsonValue> &result);
    /// Whether a change notification is one to act on: in the modern era only those of the current (or
    /// the retiring) listen.
    bool acceptsChangeNotification(const JsonRpcMessage &message);

    /// A task's tools/call progress token stays valid for the task's life (2025-11-25 tasks.mdx):
    /// its route is kept, by task id, until the session sees the task end.
    QHash<QString, QString> taskProgressTokens;
    void releaseTaskProgress(const QString &taskId)
    {
        const QString token = taskProgressTokens.take(taskId);
        if (!token.isEmpty())
            progress.close(token);
    }
    /// taskId, and requestState in the revision that echoes it.
    QJsonObject taskParams(const QString &taskId, const std::optional<QString> &requestState) const
    {
        QJsonObject params{{QLatin1String("taskId"), taskId}};
        if (requestState && core.modern())
            params.insert(QLatin1String("requestState"), *requestState);
        return params;
    }
};

void ClientSession::Private::installNotificationHandlers()
{
    JsonRpcPeer &peer = core.peer();
    peer.setNotificationHandler(QStringLiteral("notifications/tools/list_changed"), [this](const JsonRpcMessage &message) {
        if (acceptsChangeNotification(message))
            emit q->toolsListChanged();
    });
    peer.setNotificationHandler(QStringLiteral("notifications/resources/list_changed"), [this](const JsonRpcMessage &message) {
        if (!acceptsChangeNotification(message))
            return;
        readCache.clear(); // the spec: a list change invalidates; what was read may be gone or replaced
        emit q->resourcesListChanged();
    });
    peer.setNotificationHandler(QStringLiteral("notifications/prompts/list_changed"), [this](const JsonRpcMessage &message) {
        if (acceptsChangeNotification(message))
            emit q->promptsListChanged();
    });
    peer.setNotificationHandler(QStringLiteral("notifications/resources/updated"), [this](const JsonRpcMessage &message) {
        if (!acceptsChangeNotification(message))
            return;
        const QString uri = message.params().value(QLatin1String("uri")).toString();
        readCache.forget(uri);
        emit q->resourceUpdated(uri);
    });
    peer.setNotificationHandler(QStringLiteral("notifications/subscriptions/acknowledged"), [this](const JsonRpcMessage &message) {
        onListenAcknowledged(message);
    });
    peer.setNotificationHandler(QStringLiteral("notifications/tasks/status"), [this](const JsonRpcMessage &message) {
        const Result<Task> task = Task::parse(message.params());
        if (!task) {
            emit q->protocolViolation(task.error().message);
            return;
        }
        if (task->isTerminal())
            releaseTaskProgress(task->taskId);
        emit q->taskStatusNotified(*task);
    });
}

void ClientSession::Private::changeSubscription(const QString &uri, bool subscribe, QObject *context,
                                                Callback<std::monostate> callback)
{
    if (!core.modern()) {
        requests.request<std::monostate>(subscribe ? QStringLiteral("resources/subscribe") : QStringLiteral("resources/unsubscribe"),
                                         {{QLatin1String("uri"), uri}}, context, std::move(callback),
                                         [](const QJsonObject &) { return std::monostate(); });
        return;
    }
    // The caller's callback is answered queued, on context, unless it is gone.
    SubscriptionAnswer answer = [context = QPointer<QObject>(context), callback = std::move(callback)](const std::optional<Error> &problem) {
        if (!context)
            return;
        QMetaObject::invokeMethod(context, [callback, problem] {
            callback(problem ? Result<std::monostate>(*problem) : Result<std::monostate>(std::monostate()));
        }, Qt::QueuedConnection);
    };
    if (listenUnsupported) {
        answer(*listenUnsupported);
        return;
    }
    subscribedUris.removeAll(uri);
    if (subscribe)
        subscribedUris.append(uri);
    stopRelistening(); // the listen opened now is the pending re-open too
    openListen({{uri, subscribe, std::move(answer)}});
}

SubscriptionFilter ClientSession::Private::listenFilter() const
{
    const ServerCapabilities &offered = core.offered();
    SubscriptionFilter filter;
    filter.toolsListChanged = offered.toolsListChanged;
    filter.promptsListChanged = offered.promptsListChanged;
    filter.resourcesListChanged = offered.resourcesListChanged;
    if (offered.resourcesSubscribe)
        filter.resourceSubscriptions = subscribedUris;
    return filter;
}

void ClientSession::Private::openListen(QList<SubscriptionChange> changes)
{
    if (core.state() != State::Ready || !core.modern() || listenUnsupported) {
        for (const SubscriptionChange &change : std::as_const(changes))
            change.answer(listenUnsupported.value_or(makeError(ErrorCode::NotConnected, QCoreApplication::translate("Toolgate::ClientSession", "the server is not connected"))));
        return;
    }
    JsonRpcPeer &peer = core.peer();
    if (listen) {
        changes = std::exchange(listen->changes, {}) + changes;
        if (listen->acknowledged) {
            // Keep hearing the old one until the new one is acknowledged; a listen still unacknowledged
            // delivers nothing yet, so it can go at once.
            if (retiringListen.isValid())
                peer.cancel(retiringListen, QStringLiteral("replaced by a newer subscriptions/listen"));
            retiringListen = listen->id;
        } else {
            peer.cancel(listen->id, QStringLiteral("replaced by a newer subscriptions/listen"));
        }
        listen.reset();
    }
    const SubscriptionFilter asked = listenFilter();
    if (asked.isEmpty()) {
        // Nothing to hear (the last resource unsubscribed, and no list that announces changes).
        if (retiringListen.isValid())
            peer.cancel(std::exchange(retiringListen, RequestId()), QStringLiteral("nothing left to listen for"));
        for (const SubscriptionChange &change : std::as_const(changes))
            change.answer(std::nullopt);
        return;
    }
    grantsNoSubscription = false;
    JsonRpcPeer::RequestOptions listenOptions;
    listenOptions.longLived = true; // answered when the server ends it, which may be never
    auto id = std::make_shared<RequestId>();
    *id = peer.sendRequest(QStringLiteral("subscriptions/listen"),
                           core.withEnvelope({{QLatin1String("notifications"), asked.toJson()}}), q,
                           [this, id](const Result<QJsonValue> &result) { onListenEnded(*id, result); }, listenOptions);
    listen = Listen{*id, asked, false, std::move(changes)};
    qCDebug(lcClient) << "subscriptions/listen" << id->toString() << "for" << asked.toJson();
}

void ClientSession::Private::onListenAcknowledged(const JsonRpcMessage &message)
{
    if (!core.modern())
        return;
    const QJsonObject params = message.params();
    const RequestId id = RequestId::fromJson(params.value(QLatin1String("_meta")).toObject().value(RequestEnvelope::subscriptionIdKey));
    if (!listen || !id.isValid() || id != listen->id) {
        qCDebug(lcClient) << "acknowledgement for a subscription that is not the current one:" << id.toString();
        return;
    }
    listen->acknowledged = true;
    relistenDelay = firstRelistenDelay;
    listenFailures = 0;
    if (retiringListen.isValid())
        core.peer().cancel(std::exchange(retiringListen, RequestId()), QStringLiteral("replaced by a newer subscriptions/listen"));
    const SubscriptionFilter granted = SubscriptionFilter::fromJson(params.value(QLatin1String("notifications")).toObject());
    grantsNoSubscription = granted.isEmpty();
    if (const QString missing = listen->asked.missingFrom(granted); !missing.isEmpty()) {
        emit q->diagnosticLine(QCoreApplication::translate("Toolgate::ClientSession", "the server does not send everything Toolgate asked to hear "
                                                           "(subscriptions/listen); not granted: %1")
                                   .arg(missing));
    }
    for (const SubscriptionChange &change : std::exchange(listen->changes, {})) {
        if (change.subscribe && !granted.resourceSubscriptions.contains(change.uri)) {
            change.answer(makeError(ErrorCode::InvalidRequest,
                                    QCoreApplication::translate("Toolgate::ClientSession", "the server did not accept a subscription to %1").arg(change.uri)));
        } else {
            change.answer(std::nullopt);
        }
    }
}

void ClientSession::Private::onListenEnded(const RequestId &id, const Result<QJsonValue> &result)
{
    if (id == retiringListen)
        retiringListen = RequestId();
    if (!listen || listen->id != id)
        return; // a listen this session replaced or gave up
    const Listen ended = std::exchange(listen, std::nullopt).value();
    const Error problem = result ? makeError(ErrorCode::ConnectionClosed,
                                             QCoreApplication::translate("Toolgate::ClientSession", "the server ended the subscription before it was acknowledged"))
                                 : result.error();
    for (const SubscriptionChange &change : ended.changes)
        change.answer(problem);
    if (core.state() != State::Ready)
        return;
    if (!result) {
        const int code = result.error().code;
        if (code == int(ErrorCode::MethodNotFound)) {
            listenUnsupported = result.error();
            emit q->protocolViolation(QCoreApplication::translate("Toolgate::ClientSession", "the server declares list changes but does not know "
                                                                  "subscriptions/listen (%1); Toolgate will not hear of changes until you refresh")
                                          .arg(result.error().message));
            return;
        }
        if (code == int(ErrorCode::RequestCancelled) || code == int(ErrorCode::ConnectionClosed) || code == int(ErrorCode::NotConnected))
            return;
        if (++listenFailures > maxListenFailures) {
            emit q->protocolViolation(QCoreApplication::translate("Toolgate::ClientSession", "subscriptions/listen failed %1 times in a row (last: %2); "
                                                                  "Toolgate stops asking and will not hear of changes until the server is restarted")
                                          .arg(listenFailures - 1)
                                          .arg(result.error().message));
            listenUnsupported = result.error();
            return;
        }
        emit q->diagnosticLine(QCoreApplication::translate("Toolgate::ClientSession", "subscriptions/listen failed (%1); asking again in %2 s")
                                   .arg(result.error().message)
                                   .arg(relistenDelay.count() / 1000));
    } else if (grantsNoSubscription) {
        return; // the server grants nothing: asking again would get the same
    }
    // A listen the server ended (it may do so at any time, e.g. when it restarts a worker): ask again, at
    // growing intervals, so a server that ends every listen at once is not flooded.
    if (!relistenTimer) {
        relistenTimer = std::make_unique<QTimer>();
        relistenTimer->setSingleShot(true);
        QObject::connect(relistenTimer.get(), &QTimer::timeout, q, [this] { openListen(); });
    }
    relistenTimer->start(relistenDelay);
    relistenDelay = std::min(relistenDelay * 2, maxRelistenDelay);
}

bool ClientSession::Private::acceptsChangeNotification(const JsonRpcMessage &message)
{
    if (!core.modern())
        return true;
    const QJsonValue stamp = message.params().value(QLatin1String("_meta")).toObject().value(RequestEnvelope::subscriptionIdKey);
    if (stamp.isUndefined()) {
        // 2026-07-28 sends changes only on a listen, stamped with its id; an unstamped one is still news.
        if (!std::exchange(unstampedChangeReported, true)) {
            emit q->protocolViolation(QCoreApplication::translate("Toolgate::ClientSession", "the server sent %1 without naming the subscription it "
                                                                  "belongs to (_meta %2)")
                                          .arg(message.method(), RequestEnvelope::subscriptionIdKey));
        }
        return true;
    }
    const RequestId id = RequestId::fromJson(stamp);
    const bool current = (listen && listen->id == id) || (retiringListen.isValid() && retiringListen == id);
    if (!current)
        qCDebug(lcClient) << message.method() << "for subscription" << id.toString() << ", which is not open; ignored";
    return current;
}

ClientSession::ClientSession(std::unique_ptr<Transport> transport, Options options, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this, std::move(transport), std::move(options)))
{
    connect(&d->core, &SessionCore::stateChanged, this, [this](State state) {
        if (state == State::Closing || state == State::Closed || state == State::Failed) {
            d->rounds.endWaitingForInput();
            d->stopRelistening();
        }
        emit stateChanged(state);
    });
    connect(&d->core, &SessionCore::failed, this, &ClientSession::failed);
    connect(&d->opening, &SessionOpening::ready, this, [this] {
        if (d->core.modern())
            d->openListen();
        emit ready();
    });
    connect(&d->urlElicitations, &UrlElicitationTracker::required, this, &ClientSession::urlElicitationRequired);
    connect(&d->urlElicitations, &UrlElicitationTracker::completed, this, &ClientSession::elicitationCompleted);
    connect(&d->urlElicitations, &UrlElicitationTracker::protocolViolation, this, &ClientSession::protocolViolation);
    connect(&d->rounds, &InputRounds::serverRequestCancelled, this, &ClientSession::serverRequestCancelled);
    connect(&d->rounds, &InputRounds::toolsListChanged, this, &ClientSession::toolsListChanged);
    connect(&d->requests, &RequestSender::protocolViolation, this, &ClientSession::protocolViolation);
    d->core.peer().setNotificationHandler(QStringLiteral("notifications/message"), [this](const JsonRpcMessage &message) {
        emit logMessage(LogMessage::fromJson(message.params()));
    });

    Transport *t = &d->core.transport();
    connect(t, &Transport::started, this, [this] { d->opening.open(); });
    connect(t, &Transport::errorOccurred, this, [this](const Error &error) { d->core.fail(error); });
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
                          callback = std::move(callback)](const Result<QJsonValue> &result) {
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
                    self->d->taskProgressTokens.insert(task->taskId, token);
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
            else if (const auto problem = modern ? RequestSender::resultTypeProblem(result.value().toObject(), QStringLiteral("tools/call"), true) : std::nullopt)
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

void ClientSession::subscribeResource(const QString &uri, QObject *context, Callback<std::monostate> callback)
{
    if (!d->core.ensureFeature(d->core.offered().resourcesSubscribe, QStringLiteral("resource subscriptions"), context, callback))
        return;
    d->changeSubscription(uri, true, context, std::move(callback));
}

void ClientSession::unsubscribeResource(const QString &uri, QObject *context, Callback<std::monostate> callback)
{
    if (!d->core.ensureFeature(d->core.offered().resourcesSubscribe, QStringLiteral("resource subscriptions"), context, callback))
        return;
    d->changeSubscription(uri, false, context, std::move(callback));
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
    TaskCapabilities offered;
    const QJsonObject raw = d->core.offered().raw;
    if (d->core.modern()) {
        // The extension has no list; tasks/cancel is always there (an acknowledgement, cooperative).
        offered.modern = true;
        offered.toolCalls = raw.value(QLatin1String("extensions")).toObject().value(tasksExtensionName).isObject();
        offered.cancel = offered.toolCalls;
        return offered;
    }
    const QJsonObject tasks = raw.value(QLatin1String("tasks")).toObject();
    offered.toolCalls = tasks.value(QLatin1String("requests")).toObject().value(QLatin1String("tools")).toObject()
                            .value(QLatin1String("call")).isObject();
    offered.list = tasks.value(QLatin1String("list")).isObject();
    offered.cancel = tasks.value(QLatin1String("cancel")).isObject();
    return offered;
}

void ClientSession::getTask(const QString &taskId, const std::optional<QString> &requestState, QObject *context,
                            Callback<Task> callback)
{
    // A task the server created is followed even if its capabilities forgot to say so.
    if (!d->core.ensureReady(context, [callback](const Error &e) { callback(Result<Task>(e)); }))
        return;
    QPointer<ClientSession> self(this);
    auto order = std::make_shared<JsonKeyOrder>();
    JsonRpcPeer::RequestOptions options = d->core.requestOptions();
    options.resultKeyOrder = [order](const JsonKeyOrder &read) { *order = read; };
    const QString version = d->core.modernVersion();
    const bool modern = d->core.modern();
    d->core.peer().sendRequest(QStringLiteral("tasks/get"), d->core.withEnvelope(d->taskParams(taskId, requestState)), context,
        [self, callback, order, modern, version, taskId](const Result<QJsonValue> &answer) {
            if (!answer) {
                callback(Result<Task>(modern ? RequestSender::explainModernError(answer.error(), QStringLiteral("tasks/get"), {}, version)
                                             : answer.error()));
                return;
            }
            if (!answer.value().isObject()) {
                callback(Result<Task>(RequestSender::notAnObject(QStringLiteral("tasks/get"))));
                return;
            }
            Result<Task> described = Task::parse(answer.value().toObject(), *order);
            if (described && described->taskId != taskId) {
                described = makeError(ErrorCode::ProtocolError,
                                      QCoreApplication::translate("Toolgate::ClientSession", "asked for task \"%1\", the server described task \"%2\"")
                                          .arg(taskId, described->taskId.left(80)));
            }
            if (described && described->isTerminal() && self)
                self->d->releaseTaskProgress(taskId);
            callback(described);
        }, options);
}

void ClientSession::taskResult(const QString &taskId, QObject *context, Callback<CallToolResult> callback)
{
    if (!d->core.ensureReady(context, [callback](const Error &e) { callback(Result<CallToolResult>(e)); }))
        return;
    if (d->core.modern()) {
        d->core.answerNotInRevision(QStringLiteral("tasks/result"), context, callback);
        return;
    }
    JsonRpcPeer::RequestOptions options = d->core.requestOptions();
    // tasks/result blocks until the task ends, which may be hours: the task's own polling watches it.
    options.longLived = true;
    auto order = std::make_shared<JsonKeyOrder>();
    options.resultKeyOrder = [order](const JsonKeyOrder &read) { *order = read; };
    options.resultKeyOrderLimit = JsonRpcPeer::backgroundParseThreshold;
    QPointer<ClientSession> self(this);
    d->core.peer().sendRequest(QStringLiteral("tasks/result"), QJsonObject{{QLatin1String("taskId"), taskId}}, context,
        [self, callback, order, taskId](const Result<QJsonValue> &answer) {
            if (self)
                self->d->releaseTaskProgress(taskId);
            if (!answer) {
                callback(Result<CallToolResult>(answer.error()));
                return;
            }
            if (!answer.value().isObject()) {
                callback(Result<CallToolResult>(RequestSender::notAnObject(QStringLiteral("tasks/result"))));
                return;
            }
            Result<CallToolResult> parsed = CallToolResult::parse(answer.value().toObject());
            if (parsed)
                parsed.value().rawOrder = *order;
            callback(parsed);
        }, options);
}

void ClientSession::updateTask(const QString &taskId, const std::optional<QString> &requestState, const QJsonObject &inputResponses,
                               QObject *context, Callback<std::monostate> callback)
{
    if (!d->core.ensureReady(context, [callback](const Error &e) { callback(Result<std::monostate>(e)); }))
        return;
    if (!d->core.modern()) {
        SessionCore::answerLater(context, callback, makeError(ErrorCode::MethodNotFound,
            QCoreApplication::translate("Toolgate::ClientSession", "tasks/update belongs to the tasks extension of MCP 2026-07-28; this server speaks %1")
                .arg(d->core.negotiated().protocolVersion)));
        return;
    }
    QJsonObject params = d->taskParams(taskId, requestState);
    params.insert(QLatin1String("inputResponses"), inputResponses);
    d->requests.request<std::monostate>(QStringLiteral("tasks/update"), params, context, std::move(callback),
                                       [](const QJsonObject &) { return std::monostate(); });
}

void ClientSession::cancelTask(const QString &taskId, const std::optional<QString> &requestState, QObject *context,
                               Callback<std::optional<Task>> callback)
{
    if (!d->core.ensureReady(context, [callback](const Error &e) { callback(Result<std::optional<Task>>(e)); }))
        return;
    const bool modern = d->core.modern();
    d->releaseTaskProgress(taskId);
    d->requests.request<std::optional<Task>>(QStringLiteral("tasks/cancel"), d->taskParams(taskId, requestState), context, std::move(callback),
        [modern](const QJsonObject &answer) -> Result<std::optional<Task>> {
            if (modern || !answer.contains(QLatin1String("taskId")))
                return std::optional<Task>();
            Result<Task> task = Task::parse(answer);
            if (!task)
                return task.error();
            return std::optional<Task>(task.value());
        });
}

void ClientSession::listTasks(QObject *context, Callback<QList<Task>> callback)
{
    if (d->core.modern()) {
        if (!d->core.ensureReady(context, [callback](const Error &e) { callback(Result<QList<Task>>(e)); }))
            return;
        SessionCore::answerLater(context, callback, makeError(ErrorCode::MethodNotFound,
            QCoreApplication::translate("Toolgate::ClientSession", "the tasks extension of MCP 2026-07-28 has no list of tasks: "
                                                                   "a task is known by the id its call answered")));
        return;
    }
    if (!d->core.ensureFeature(taskCapabilities().list, QStringLiteral("tasks/list"), context, callback))
        return;
    d->requests.listAll<Task>(QStringLiteral("tasks/list"), QStringLiteral("tasks"), context,
        [callback = std::move(callback)](const Result<QList<Task>> &listed) {
            if (!listed) {
                callback(listed);
                return;
            }
            QList<Task> readable; // a task Toolgate cannot read (no id) cannot be asked about either
            for (const Task &task : listed.value()) {
                if (!task.taskId.isEmpty())
                    readable.append(task);
            }
            callback(Result<QList<Task>>(readable));
        });
}

void ClientSession::askForTaskInput(const InputRequiredResult::Request &request, const EmbeddedRequestOrigin &origin,
                                    QObject *context, std::function<void(const JsonRpcMessage &answer)> answered)
{
    EmbeddedRequestOrigin named = origin;
    if (named.method.isEmpty())
        named.method = QStringLiteral("tools/call"); // the one request the tasks extension augments (SEP-2663)
    d->rounds.handOut(request, named, [guard = QPointer<QObject>(context), answered = std::move(answered)](const JsonRpcMessage &answer) {
        if (!guard)
            return;
        QMetaObject::invokeMethod(guard, [answered, answer] { answered(answer); }, Qt::QueuedConnection);
    });
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
