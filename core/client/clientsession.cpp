#include "clientsession.h"

#include "common/logging.h"
#include "common/error.h"
#include "jsonrpc/jsonwriter.h"
#include "protocol/protocolversion.h"
#include "transport/transport.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QPointer>

#include <type_traits>

namespace Toolgate {

namespace {

constexpr int maxPages = 1000;
/// elicitationIds awaiting notifications/elicitation/complete; the oldest are forgotten beyond this, so a
/// server cannot grow the list without bound.
constexpr qsizetype maxOpenElicitations = 256;

QString featureMissing(const QString &feature)
{
    return QCoreApplication::translate("Toolgate::ClientSession", "the server does not offer %1").arg(feature);
}

} // namespace

class ClientSession::Private
{
public:
    struct ProgressRoute
    {
        RequestId requestId;
        std::function<void(const ProgressUpdate &)> callback;
    };

    ClientSession *q;
    Options options;
    std::unique_ptr<Transport> transport;
    std::unique_ptr<JsonRpcPeer> peer;
    State state = State::Disconnected;
    InitializeResult initializeResult;
    Error lastError;
    QHash<QString, ProgressRoute> progressRoutes; // by progress token (as string)
    qint64 nextProgressToken = 1;
    bool closedEmitted = false;
    /// The first thing the server wrote that is not a message, while the handshake was under way.
    QString strayOutputBeforeReady;

    ServerRequestHandler rootsHandler;
    bool rootsListChanged = false;
    ServerRequestHandler samplingHandler;
    bool samplingTools = false;
    ServerRequestHandler elicitationHandler;
    QStringList elicitationModes;
    QJsonObject extensions; // capabilities.extensions, as set with setExtension()
    QStringList openElicitations; // ids that may still complete, oldest first

    bool urlElicitationCompletion() const
    {
        return ProtocolVersion::supportsUrlElicitationCompletion(initializeResult.protocolVersion);
    }

    void rememberElicitation(const QString &id)
    {
        openElicitations.removeAll(id);
        openElicitations.append(id);
        while (openElicitations.size() > maxOpenElicitations)
            openElicitations.removeFirst();
    }

    /// Every failed request passes here: a -32042 in a 2025-11-25 session is announced (and its ids
    /// remembered for elicitation/complete) before the caller hears of the error.
    void noteRequestError(const Error &error)
    {
        if (error.code != int(ErrorCode::UrlElicitationRequired))
            return;
        if (!urlElicitationCompletion()) {
            qCDebug(lcClient) << "error -32042 in a" << initializeResult.protocolVersion << "session, where it has no meaning";
            return;
        }
        const QList<UrlElicitation> elicitations = UrlElicitation::listFromError(error);
        if (elicitations.isEmpty()) {
            emit q->protocolViolation(QCoreApplication::translate("Toolgate::ClientSession", "the server answered with error -32042 (URL elicitation required) "
                                                     "without a usable data.elicitations list"));
            return;
        }
        for (const UrlElicitation &elicitation : elicitations)
            rememberElicitation(elicitation.elicitationId);
        emit q->urlElicitationRequired(elicitations);
    }

    void setState(State newState)
    {
        if (state == newState)
            return;
        state = newState;
        emit q->stateChanged(newState);
    }

    void fail(Error error)
    {
        if (state == State::Failed || state == State::Closed)
            return;
        const bool synthesized = error.code == int(ErrorCode::RequestTimeout) || error.code == int(ErrorCode::ConnectionClosed)
            || error.code == int(ErrorCode::TransportError);
        if (state != State::Ready && synthesized && !strayOutputBeforeReady.isEmpty()) {
            // No answer, but text: the clue people need is what it printed, not the timeout or the exit.
            error = makeError(ErrorCode::ProtocolError,
                              QCoreApplication::translate("Toolgate::ClientSession", "this program does not look like an MCP server — it printed: \"%1\". "
                                             "Check the command: it must start an MCP server that talks over standard input and output. (%2)")
                                  .arg(strayOutputBeforeReady, error.message));
        }
        lastError = error;
        qCWarning(lcClient) << "session with" << transport->description() << "failed:" << error.message;
        setState(State::Failed);
        emit q->failed(error);
        // Close the transport; closed() then answers every pending request.
        transport->close();
    }

    QJsonObject clientCapabilities() const
    {
        QJsonObject capabilities;
        if (rootsHandler)
            capabilities.insert(QLatin1String("roots"), QJsonObject{{QLatin1String("listChanged"), rootsListChanged}});
        if (samplingHandler) {
            QJsonObject sampling;
            if (samplingTools)
                sampling.insert(QLatin1String("tools"), QJsonObject());
            capabilities.insert(QLatin1String("sampling"), sampling);
        }
        if (elicitationHandler) {
            QJsonObject elicitation;
            for (const QString &mode : elicitationModes)
                elicitation.insert(mode, QJsonObject());
            capabilities.insert(QLatin1String("elicitation"), elicitation);
        }
        if (!extensions.isEmpty())
            capabilities.insert(QLatin1String("extensions"), extensions);
        return capabilities;
    }

    void initialize()
    {
        setState(State::Initializing);
        const QJsonObject params{
            {QLatin1String("protocolVersion"), QString(ProtocolVersion::latestLegacy)},
            {QLatin1String("capabilities"), clientCapabilities()},
            {QLatin1String("clientInfo"), options.clientInfo.toJson()},
        };
        JsonRpcPeer::RequestOptions requestOptions;
        requestOptions.timeout = options.initializeTimeout;
        requestOptions.maxTimeout = options.initializeTimeout;
        peer->sendRequest(QStringLiteral("initialize"), params, q,
                          [this](const Result<QJsonValue> &result) { onInitialized(result); }, requestOptions);
    }

    void onInitialized(const Result<QJsonValue> &result)
    {
        if (state != State::Initializing)
            return;
        if (!result) {
            Error error = result.error();
            // Codes from ConnectionClosed to ConfigError are synthesized here (timeout, connection
            // closed, ...): the server did not reject anything.
            const bool fromServer = error.code > int(ErrorCode::ConnectionClosed) || error.code < int(ErrorCode::ConfigError);
            if (fromServer)
                error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server rejected initialize: %1").arg(error.message);
            fail(error);
            return;
        }
        if (!result.value().isObject()) {
            fail(makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::ClientSession", "the server answered initialize with something that is not an object")));
            return;
        }
        InitializeResult init = InitializeResult::fromJson(result.value().toObject());
        if (!ProtocolVersion::isSupportedLegacy(init.protocolVersion)) {
            // The lifecycle spec: a client that does not support the server's version should disconnect.
            fail(makeError(ErrorCode::UnsupportedProtocolVersion,
                           QCoreApplication::translate("Toolgate::ClientSession", "the server speaks MCP revision \"%1\", which Toolgate does not support (it supports %2). Update the server or Toolgate.")
                               .arg(init.protocolVersion, ProtocolVersion::supportedLegacy().join(QStringLiteral(", ")))));
            return;
        }
        initializeResult = std::move(init);
        peer->sendNotification(QStringLiteral("notifications/initialized"));
        qCInfo(lcClient) << "connected to" << initializeResult.serverInfo.name << "speaking" << initializeResult.protocolVersion;
        setState(State::Ready);
        emit q->ready();
    }

    bool ensureReady(QObject *context, const std::function<void(const Error &)> &answer)
    {
        if (state == State::Ready)
            return true;
        const Error error = makeError(ErrorCode::NotConnected,
                                      state == State::Failed ? QCoreApplication::translate("Toolgate::ClientSession", "the server connection failed: %1").arg(lastError.message)
                                                             : QCoreApplication::translate("Toolgate::ClientSession", "the server is not connected"));
        QMetaObject::invokeMethod(context, [answer, error] { answer(error); }, Qt::QueuedConnection);
        return false;
    }

    template<typename T>
    bool ensureFeature(bool offered, const QString &feature, QObject *context, const Callback<T> &callback)
    {
        if (!ensureReady(context, [callback](const Error &e) { callback(Result<T>(e)); }))
            return false;
        if (offered)
            return true;
        const Error error = makeError(ErrorCode::MethodNotFound, featureMissing(feature));
        QMetaObject::invokeMethod(context, [callback, error] { callback(Result<T>(error)); }, Qt::QueuedConnection);
        return false;
    }

    JsonRpcPeer::RequestOptions requestOptions() const
    {
        JsonRpcPeer::RequestOptions o;
        o.timeout = options.requestTimeout;
        o.maxTimeout = std::max(options.requestTimeout, std::chrono::milliseconds(std::chrono::minutes(5)));
        return o;
    }

    /// Sends method and converts its object result with convert.
    template<typename T, typename Convert>
    void request(const QString &method, const QJsonObject &params, QObject *context, Callback<T> callback, Convert convert)
    {
        QPointer<ClientSession> session(q);
        peer->sendRequest(method, params, context, [session, callback = std::move(callback), convert, method](const Result<QJsonValue> &result) {
            if (!result) {
                if (session)
                    session->d->noteRequestError(result.error());
                callback(Result<T>(result.error()));
            } else if (!result.value().isObject()) {
                callback(Result<T>(makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::ClientSession", "the server's answer to %1 is not an object").arg(method))));
            } else {
                callback(Result<T>(convert(result.value().toObject())));
            }
        }, requestOptions());
    }

    /// What a list's items are called in messages, from its result key.
    static QString itemsName(const QString &key)
    {
        return key == QLatin1String("resourceTemplates") ? QStringLiteral("resource templates") : key;
    }

    /// Fetches every page of a paginated list, following nextCursor, up to maxPages pages and
    /// maxListItems items: beyond those the server is told about in protocolViolation and the
    /// first maxListItems are kept, so a server sending page after page cannot exhaust memory.
    template<typename T>
    void listAll(const QString &method, const QString &key, QObject *context, Callback<QList<T>> callback,
                 QList<T> sofar = {}, std::optional<QString> cursor = std::nullopt, int page = 0)
    {
        QJsonObject params;
        if (cursor)
            params.insert(QLatin1String("cursor"), *cursor);
        QPointer<ClientSession> session(q);
        JsonRpcPeer::RequestOptions options = requestOptions();
        // A tool's form asks its fields in the order the server wrote them: read that order too.
        auto pageOrder = std::make_shared<JsonKeyOrder>();
        if constexpr (std::is_same_v<T, Tool>)
            options.resultKeyOrder = [pageOrder](const JsonKeyOrder &order) { *pageOrder = order; };
        peer->sendRequest(method, params, context,
            [this, session, method, key, context, callback = std::move(callback), sofar = std::move(sofar), cursor, page,
             pageOrder](const Result<QJsonValue> &result) mutable {
                if (!result) {
                    callback(Result<QList<T>>(result.error()));
                    return;
                }
                if (!result.value().isObject()) {
                    callback(Result<QList<T>>(makeError(ErrorCode::ProtocolError,
                        QCoreApplication::translate("Toolgate::ClientSession", "the server's answer to %1 is not an object").arg(method))));
                    return;
                }
                Page<T> thisPage = Page<T>::fromJson(result.value().toObject(), key, maxListItems - sofar.size());
                if constexpr (std::is_same_v<T, Tool>)
                    assignKeyOrders(thisPage.items, result.value().toObject().value(key).toArray(), pageOrder->member(key));
                sofar.append(thisPage.items);
                const bool capped = thisPage.skipped > 0 || (sofar.size() >= maxListItems && thisPage.nextCursor);
                if (capped && session) {
                    const QString warning = QCoreApplication::translate("Toolgate::ClientSession", "the server offers more than %1 %2 (%3); showing the first %1")
                                                .arg(maxListItems)
                                                .arg(itemsName(key), method);
                    qCWarning(lcClient) << warning;
                    emit q->protocolViolation(warning);
                }
                if (!thisPage.nextCursor || capped) {
                    if constexpr (std::is_same_v<T, Tool>) {
                        // A broken definition is listed, not dropped: but the person hears what is wrong.
                        for (const QString &problem : Tool::listProblems(sofar)) {
                            if (!session)
                                break;
                            emit q->protocolViolation(problem);
                        }
                    }
                    callback(Result<QList<T>>(std::move(sofar)));
                    return;
                }
                if (page + 1 >= maxPages || thisPage.nextCursor == cursor) {
                    callback(Result<QList<T>>(makeError(ErrorCode::ProtocolError,
                        QCoreApplication::translate("Toolgate::ClientSession", "the server's %1 pagination does not end (cursor \"%2\" repeats or more than %3 pages)")
                            .arg(method, *thisPage.nextCursor).arg(maxPages))));
                    return;
                }
                if (!session || state != State::Ready) {
                    callback(Result<QList<T>>(makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::ClientSession", "the connection closed while listing"))));
                    return;
                }
                listAll<T>(method, key, context, std::move(callback), std::move(sofar), thisPage.nextCursor, page + 1);
            }, options);
    }

    // Page::fromJson reads the object items of the array, in order, and skips the rest.
    static void assignKeyOrders(QList<Tool> &tools, const QJsonArray &array, const JsonKeyOrder &arrayOrder)
    {
        qsizetype next = 0;
        for (qsizetype i = 0; i < array.size() && next < tools.size(); ++i) {
            if (array.at(i).isObject())
                tools[next++].rawOrder = arrayOrder.element(i);
        }
    }

    void installPeerHandlers();
};

void ClientSession::Private::installPeerHandlers()
{
    peer->setRequestHandler(QStringLiteral("ping"), [](const JsonRpcMessage &, const Responder &responder) {
        responder.respond(QJsonObject());
    });
    peer->setRequestHandler(QStringLiteral("roots/list"), [this](const JsonRpcMessage &request, const Responder &responder) {
        if (!rootsHandler)
            responder.respondError(makeError(ErrorCode::MethodNotFound, QStringLiteral("this client does not offer roots")));
        else
            rootsHandler(request.params(), responder);
    });
    peer->setRequestHandler(QStringLiteral("sampling/createMessage"), [this](const JsonRpcMessage &request, const Responder &responder) {
        if (!samplingHandler) {
            responder.respondError(makeError(ErrorCode::MethodNotFound, QStringLiteral("this client does not offer sampling")));
            return;
        }
        // The spec: a client that did not declare sampling.tools MUST answer an error to tools or toolChoice.
        if (!samplingTools && (request.params().contains(QLatin1String("tools")) || request.params().contains(QLatin1String("toolChoice")))) {
            responder.respondError(makeError(ErrorCode::InvalidParams,
                                             QStringLiteral("this client did not declare sampling.tools, so it cannot sample with tools")));
            return;
        }
        samplingHandler(request.params(), responder);
    });
    peer->setRequestHandler(QStringLiteral("elicitation/create"), [this](const JsonRpcMessage &request, const Responder &responder) {
        if (!elicitationHandler) {
            responder.respondError(makeError(ErrorCode::MethodNotFound, QStringLiteral("this client does not offer elicitation")));
            return;
        }
        // A missing mode means form; asking for a mode we did not declare is invalid params.
        const QString mode = request.params().value(QLatin1String("mode")).toString(QStringLiteral("form"));
        if (!elicitationModes.contains(mode)) {
            responder.respondError(makeError(ErrorCode::InvalidParams,
                                             QStringLiteral("this client does not support elicitation mode \"%1\"").arg(mode)));
            return;
        }
        if (mode == QLatin1String("url") && urlElicitationCompletion()) {
            if (const auto elicitation = UrlElicitation::fromJson(request.params()))
                rememberElicitation(elicitation->elicitationId);
        }
        elicitationHandler(request.params(), responder);
    });

    peer->setNotificationHandler(QStringLiteral("notifications/progress"), [this](const JsonRpcMessage &message) {
        const ProgressUpdate update = ProgressUpdate::fromJson(message.params());
        const QString token = update.token.isString() ? update.token.toString()
                                                      : QString::number(update.token.toInteger());
        const auto route = progressRoutes.constFind(token);
        if (route == progressRoutes.cend()) {
            qCDebug(lcClient) << "progress for unknown token" << token;
            return;
        }
        peer->extendDeadline(route->requestId);
        route->callback(update);
    });
    peer->setNotificationHandler(QStringLiteral("notifications/tools/list_changed"), [this](const JsonRpcMessage &) {
        emit q->toolsListChanged();
    });
    peer->setNotificationHandler(QStringLiteral("notifications/resources/list_changed"), [this](const JsonRpcMessage &) {
        emit q->resourcesListChanged();
    });
    peer->setNotificationHandler(QStringLiteral("notifications/prompts/list_changed"), [this](const JsonRpcMessage &) {
        emit q->promptsListChanged();
    });
    peer->setNotificationHandler(QStringLiteral("notifications/resources/updated"), [this](const JsonRpcMessage &message) {
        emit q->resourceUpdated(message.params().value(QLatin1String("uri")).toString());
    });
    peer->setNotificationHandler(QStringLiteral("notifications/message"), [this](const JsonRpcMessage &message) {
        emit q->logMessage(LogMessage::fromJson(message.params()));
    });
    peer->setNotificationHandler(QStringLiteral("notifications/elicitation/complete"), [this](const JsonRpcMessage &message) {
        const QString id = message.params().value(QLatin1String("elicitationId")).toString();
        if (!urlElicitationCompletion()) {
            qCDebug(lcClient) << "notifications/elicitation/complete in a" << initializeResult.protocolVersion
                              << "session, which does not have it; ignored";
            return;
        }
        // The spec: ignore unknown and already-completed ids.
        if (id.isEmpty() || !openElicitations.removeOne(id)) {
            qCDebug(lcClient) << "elicitation/complete for unknown or already completed id" << id << "ignored";
            return;
        }
        emit q->elicitationCompleted(id);
    });
    peer->setNotificationHandler(QStringLiteral("notifications/cancelled"), [](const JsonRpcMessage &) {
        // JsonRpcPeer already marked the incoming request cancelled.
    });
    peer->setFallbackNotificationHandler([](const JsonRpcMessage &message) {
        qCDebug(lcClient) << "unhandled notification" << message.method();
    });
}

ClientSession::ClientSession(std::unique_ptr<Transport> transport, Options options, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->q = this;
    d->options = std::move(options);
    d->extensions = d->options.extensions;
    if (d->options.clientInfo.name.isEmpty()) {
        d->options.clientInfo.name = QStringLiteral("toolgate");
        d->options.clientInfo.title = QStringLiteral("Toolgate");
        d->options.clientInfo.version = QStringLiteral(TOOLGATE_VERSION);
    }
    d->transport = std::move(transport);
    d->transport->setParent(nullptr);
    d->peer = std::make_unique<JsonRpcPeer>(d->transport.get());
    d->installPeerHandlers();

    Transport *t = d->transport.get();
    connect(t, &Transport::started, this, [this] { d->initialize(); });
    connect(t, &Transport::errorOccurred, this, [this](const Error &error) { d->fail(error); });
    connect(t, &Transport::closed, this, [this] {
        d->progressRoutes.clear();
        if (d->state == State::Closed)
            return; // disconnectFromServer() after a failure already reported closed()
        if (d->state != State::Closing && d->state != State::Failed)
            d->fail(makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::ClientSession", "the server closed the connection")));
        if (d->state == State::Closing)
            d->setState(State::Closed);
        d->closedEmitted = true;
        emit closed();
    });
    connect(t, &Transport::protocolViolation, this, &ClientSession::protocolViolation);
    connect(t, &Transport::strayOutput, this, [this](const QString &text) {
        if (d->state != State::Ready && d->strayOutputBeforeReady.isEmpty())
            d->strayOutputBeforeReady = text.trimmed();
    });
    connect(t, &Transport::diagnosticLine, this, &ClientSession::diagnosticLine);
    connect(d->peer.get(), &JsonRpcPeer::protocolViolation, this, &ClientSession::protocolViolation);
    connect(d->peer.get(), &JsonRpcPeer::incomingRequestCancelled, this, &ClientSession::serverRequestCancelled);
}

ClientSession::~ClientSession()
{
    // Answer everything still pending before the peer goes (its destructor does so queued).
    d->peer.reset();
    d->transport.reset();
}

void ClientSession::connectToServer()
{
    if (d->state != State::Disconnected) {
        qCWarning(lcClient) << "connectToServer() called twice; a session connects once";
        return;
    }
    d->setState(State::Connecting);
    d->transport->start();
}

void ClientSession::disconnectFromServer()
{
    if (d->state == State::Closing || d->state == State::Closed)
        return;
    const bool failed = d->state == State::Failed;
    d->setState(State::Closing);
    d->peer->failAllPending(makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::ClientSession", "the session was closed")));
    if (failed || d->transport->state() == Transport::State::Closed) {
        d->setState(State::Closed);
        // closed() is said once: it may already have come with the failure.
        if (!d->closedEmitted) {
            d->closedEmitted = true;
            QMetaObject::invokeMethod(this, [this] { emit closed(); }, Qt::QueuedConnection);
        }
        return;
    }
    d->transport->close();
}

ClientSession::State ClientSession::state() const { return d->state; }
Transport *ClientSession::transport() const { return d->transport.get(); }
QString ClientSession::protocolVersion() const { return d->initializeResult.protocolVersion; }
const InitializeResult &ClientSession::serverInitializeResult() const { return d->initializeResult; }
const ServerCapabilities &ClientSession::serverCapabilities() const { return d->initializeResult.capabilities; }
const Implementation &ClientSession::serverInfo() const { return d->initializeResult.serverInfo; }
Error ClientSession::lastError() const { return d->lastError; }

void ClientSession::setRootsHandler(ServerRequestHandler handler, bool notifiesListChanged)
{
    d->rootsHandler = std::move(handler);
    d->rootsListChanged = notifiesListChanged;
}

void ClientSession::setSamplingHandler(ServerRequestHandler handler, bool withTools)
{
    d->samplingHandler = std::move(handler);
    d->samplingTools = withTools;
}

void ClientSession::setElicitationHandler(ServerRequestHandler handler, const QStringList &modes)
{
    d->elicitationHandler = std::move(handler);
    d->elicitationModes = modes;
}

void ClientSession::setExtension(const QString &name, const QJsonObject &settings)
{
    d->extensions.insert(name, settings);
}

void ClientSession::notifyRootsListChanged()
{
    if (d->state == State::Ready && d->rootsHandler && d->rootsListChanged)
        d->peer->sendNotification(QStringLiteral("notifications/roots/list_changed"));
}

void ClientSession::ping(QObject *context, Callback<std::monostate> callback)
{
    if (!d->ensureFeature(true, {}, context, callback))
        return;
    d->request<std::monostate>(QStringLiteral("ping"), {}, context, std::move(callback),
                               [](const QJsonObject &) { return std::monostate(); });
}

void ClientSession::listTools(QObject *context, Callback<QList<Tool>> callback)
{
    if (!d->ensureFeature(d->initializeResult.capabilities.tools, QStringLiteral("tools"), context, callback))
        return;
    d->listAll<Tool>(QStringLiteral("tools/list"), QStringLiteral("tools"), context, std::move(callback));
}

RequestId ClientSession::callTool(ToolCallKey, const QString &name, const QJsonObject &arguments, const CallOptions &options,
                                  QObject *context, Callback<CallToolResult> callback)
{
    if (!d->ensureFeature(d->initializeResult.capabilities.tools, QStringLiteral("tools"), context, callback))
        return {};
    QJsonObject meta = options.meta;
    QString token;
    if (options.onProgress) {
        token = QStringLiteral("toolgate-%1").arg(d->nextProgressToken++);
        meta.insert(QLatin1String("progressToken"), token);
    }
    // The params object written directly, keys in QJsonObject's sorted order (_meta, arguments,
    // name): building it as a QJsonObject re-encodes the arguments and cost a sixth of a call.
    // The arguments keep the order the person saw them in.
    QByteArray params;
    params.reserve(128);
    params.append('{');
    if (!meta.isEmpty()) {
        params.append("\"_meta\":");
        JsonWriter::appendObject(params, meta);
        params.append(',');
    }
    params.append("\"arguments\":");
    JsonWriter::appendObject(params, arguments, options.argumentOrder);
    params.append(",\"name\":");
    JsonWriter::appendString(params, name);
    params.append('}');

    JsonRpcPeer::RequestOptions requestOptions;
    requestOptions.timeout = options.timeout.value_or(d->options.toolCallTimeout);
    requestOptions.maxTimeout = options.maxTime.value_or(d->options.toolCallMaxTime);
    // The raw view shows the result in the order the server wrote it. JsonRpcPeer reads the order of
    // an answer it parses on a pool thread (256 KiB up to 4 MiB) there; of a smaller one here, where
    // a second read of a result of megabytes would hold up every call for the raw view's sake.
    auto resultOrder = std::make_shared<JsonKeyOrder>();
    requestOptions.resultKeyOrder = [resultOrder](const JsonKeyOrder &order) { *resultOrder = order; };
    requestOptions.resultKeyOrderLimit = JsonRpcPeer::backgroundParseThreshold;
    QPointer<ClientSession> self(this);
    const RequestId id = d->peer->sendRequestWithParamsJson(QStringLiteral("tools/call"), params, context,
        [self, token, resultOrder, callback = std::move(callback)](const Result<QJsonValue> &result) {
            if (self && !token.isEmpty())
                self->d->progressRoutes.remove(token);
            if (!result && self)
                self->d->noteRequestError(result.error());
            if (!result)
                callback(Result<CallToolResult>(result.error()));
            else if (!result.value().isObject())
                callback(Result<CallToolResult>(makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::ClientSession", "the server's tools/call answer is not an object"))));
            else {
                Result<CallToolResult> parsed = CallToolResult::parse(result.value().toObject());
                if (parsed)
                    parsed.value().rawOrder = *resultOrder;
                callback(parsed);
            }
        }, requestOptions);
    if (!token.isEmpty() && d->peer->isPending(id))
        d->progressRoutes.insert(token, {id, options.onProgress});
    return id;
}

void ClientSession::listResources(QObject *context, Callback<QList<Resource>> callback)
{
    if (!d->ensureFeature(d->initializeResult.capabilities.resources, QStringLiteral("resources"), context, callback))
        return;
    d->listAll<Resource>(QStringLiteral("resources/list"), QStringLiteral("resources"), context, std::move(callback));
}

void ClientSession::listResourceTemplates(QObject *context, Callback<QList<ResourceTemplate>> callback)
{
    if (!d->ensureFeature(d->initializeResult.capabilities.resources, QStringLiteral("resources"), context, callback))
        return;
    d->listAll<ResourceTemplate>(QStringLiteral("resources/templates/list"), QStringLiteral("resourceTemplates"),
                                 context, std::move(callback));
}

void ClientSession::readResource(const QString &uri, QObject *context, Callback<ReadResourceResult> callback)
{
    if (!d->ensureFeature(d->initializeResult.capabilities.resources, QStringLiteral("resources"), context, callback))
        return;
    d->request<ReadResourceResult>(QStringLiteral("resources/read"), {{QLatin1String("uri"), uri}}, context,
                                   std::move(callback), &ReadResourceResult::fromJson);
}

void ClientSession::subscribeResource(const QString &uri, QObject *context, Callback<std::monostate> callback)
{
    if (!d->ensureFeature(d->initializeResult.capabilities.resourcesSubscribe, QStringLiteral("resource subscriptions"), context, callback))
        return;
    d->request<std::monostate>(QStringLiteral("resources/subscribe"), {{QLatin1String("uri"), uri}}, context,
                               std::move(callback), [](const QJsonObject &) { return std::monostate(); });
}

void ClientSession::unsubscribeResource(const QString &uri, QObject *context, Callback<std::monostate> callback)
{
    if (!d->ensureFeature(d->initializeResult.capabilities.resourcesSubscribe, QStringLiteral("resource subscriptions"), context, callback))
        return;
    d->request<std::monostate>(QStringLiteral("resources/unsubscribe"), {{QLatin1String("uri"), uri}}, context,
                               std::move(callback), [](const QJsonObject &) { return std::monostate(); });
}

void ClientSession::listPrompts(QObject *context, Callback<QList<Prompt>> callback)
{
    if (!d->ensureFeature(d->initializeResult.capabilities.prompts, QStringLiteral("prompts"), context, callback))
        return;
    d->listAll<Prompt>(QStringLiteral("prompts/list"), QStringLiteral("prompts"), context, std::move(callback));
}

void ClientSession::getPrompt(const QString &name, const QMap<QString, QString> &arguments, QObject *context,
                              Callback<GetPromptResult> callback)
{
    if (!d->ensureFeature(d->initializeResult.capabilities.prompts, QStringLiteral("prompts"), context, callback))
        return;
    QJsonObject args;
    for (auto it = arguments.cbegin(); it != arguments.cend(); ++it)
        args.insert(it.key(), it.value());
    // arguments is sent even when empty: some servers (e.g. @cyanheads/git-mcp-server) reject a
    // prompts/get without it, and every revision allows an empty object.
    const QJsonObject params{{QLatin1String("name"), name}, {QLatin1String("arguments"), args}};
    d->request<GetPromptResult>(QStringLiteral("prompts/get"), params, context, std::move(callback),
                                &GetPromptResult::fromJson);
}

void ClientSession::complete(const CompletionReference &reference, const QString &argumentName, const QString &value,
                             const QMap<QString, QString> &contextArguments, QObject *context,
                             Callback<CompleteResult> callback)
{
    // Before 2025-03-26 completion existed without a capability flag.
    const bool offered = d->initializeResult.capabilities.completions
        || ProtocolVersion::compare(d->initializeResult.protocolVersion, QLatin1String("2025-03-26")) < 0;
    if (!d->ensureFeature(offered, QStringLiteral("completions"), context, callback))
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
    d->request<CompleteResult>(QStringLiteral("completion/complete"), params, context, std::move(callback),
                               &CompleteResult::fromJson);
}

void ClientSession::setLoggingLevel(LoggingLevel level, QObject *context, Callback<std::monostate> callback)
{
    if (!d->ensureFeature(d->initializeResult.capabilities.logging, QStringLiteral("logging"), context, callback))
        return;
    d->request<std::monostate>(QStringLiteral("logging/setLevel"), {{QLatin1String("level"), toString(level)}},
                               context, std::move(callback), [](const QJsonObject &) { return std::monostate(); });
}

bool ClientSession::cancelRequest(const RequestId &id, const QString &reason)
{
    for (auto it = d->progressRoutes.begin(); it != d->progressRoutes.end(); ++it) {
        if (it->requestId == id) {
            d->progressRoutes.erase(it);
            break;
        }
    }
    return d->peer->cancel(id, reason);
}

QList<UrlElicitation> ClientSession::urlElicitationsRequiredBy(const Error &error) const
{
    if (!d->urlElicitationCompletion())
        return {};
    return UrlElicitation::listFromError(error);
}


} // namespace Toolgate
