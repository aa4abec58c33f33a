#include "core/client/clientsession.h"

#include "core/client/probeclassifier.h"
#include "core/client/readcache.h"
#include "core/common/logging.h"
#include "core/common/error.h"
#include "core/jsonrpc/jsonwriter.h"
#include "core/protocol/protocolversion.h"
#include "core/protocol/inputrequired.h"
#include "core/protocol/requestenvelope.h"
#include "core/protocol/subscriptions.h"
#include "core/transport/httpreply.h"
#include "core/transport/transport.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QTimer>

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

/// Codes Toolgate makes up itself (timeout, connection closed, ...): no server said them.
bool isSynthesized(int code)
{
    return code <= int(ErrorCode::ConnectionClosed) && code >= int(ErrorCode::ConfigError);
}

/// What an answer to server/discover was, for the ProbeClassifier.
ProbeOutcome probeOutcomeOf(const Result<QJsonValue> &answer)
{
    if (answer)
        return ProbeOutcome::answered(answer.value());
    const Error &error = answer.error();
    if (error.code == int(ErrorCode::RequestTimeout))
        return ProbeOutcome::timedOut();
    if (error.code == int(ErrorCode::ConnectionClosed))
        return ProbeOutcome::closed();
    if (isSynthesized(error.code))
        return ProbeOutcome::networkError(error.message);
    return ProbeOutcome::rpcError(error);
}

/// The requests a 2026-07-28 server may answer with an InputRequiredResult (basic/mrtr.mdx).
bool mayAskForInput(const QString &method)
{
    return method == QLatin1String("tools/call") || method == QLatin1String("resources/read")
        || method == QLatin1String("prompts/get");
}

/// A 2026-07-28 result's resultType (basic/index.mdx): absent or "complete" is a final answer; an
/// unknown value makes the result invalid. An input_required that reaches this is one the session could
/// not follow (Private::answersInput()): the method may not ask, or Toolgate declared nothing to ask for.
std::optional<Error> resultTypeProblem(const QJsonObject &result, const QString &method)
{
    const QJsonValue type = result.value(QLatin1String("resultType"));
    if (type.isUndefined() || type == QJsonValue(QLatin1String("complete")))
        return std::nullopt;
    if (type == QJsonValue(QLatin1String("input_required"))) {
        if (!mayAskForInput(method)) {
            return makeError(ErrorCode::ProtocolError,
                             QCoreApplication::translate("Toolgate::ClientSession", "the server answered %1 with input_required, which only tools/call, "
                                                          "resources/read and prompts/get may return").arg(method));
        }
        return makeError(ErrorCode::ProtocolError,
                         QCoreApplication::translate("Toolgate::ClientSession", "the server asks for input to finish %1, but Toolgate did not declare "
                                                      "that it can give any").arg(method));
    }
    const QString shown = type.isString() ? type.toString() : QString::fromUtf8(QJsonDocument(QJsonArray{type}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
    return makeError(ErrorCode::ProtocolError,
                     QCoreApplication::translate("Toolgate::ClientSession", "unknown resultType \"%1\" in the answer to %2").arg(shown, method));
}

/// A modern request's error in words a person can act on (basic/index.mdx error codes). The code and data
/// stay the server's. resources/read: 2026-07-28 says "resource not found" with -32602 (older servers
/// -32002); elsewhere -32602 keeps meaning invalid params.
Error explainModernError(Error error, const QString &method, const QString &uri, const QString &version)
{
    const QJsonObject data = error.data.toObject();
    switch (ErrorCode(error.code)) {
    case ErrorCode::MissingRequiredClientCapability: {
        const QStringList needed = data.value(QLatin1String("requiredCapabilities")).toObject().keys();
        error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server needs client capabilities that Toolgate did not declare for "
                                                    "this request (%1): %2")
                            .arg(needed.isEmpty() ? QStringLiteral("?") : needed.join(QStringLiteral(", ")), error.message);
        break;
    }
    case ErrorCode::UnsupportedProtocolVersion: {
        const QStringList supported = data.value(QLatin1String("supported")).toVariant().toStringList();
        error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server no longer accepts MCP %1 (it supports %2): %3")
                            .arg(version, supported.isEmpty() ? QStringLiteral("?") : supported.join(QStringLiteral(", ")), error.message);
        break;
    }
    case ErrorCode::HeaderMismatch:
        error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server refused the request's HTTP headers, which must repeat "
                                                    "parts of the request (Mcp-Method, Mcp-Name, Mcp-Param-*): %1")
                            .arg(error.message);
        break;
    case ErrorCode::InvalidParams:
    case ErrorCode::ResourceNotFoundLegacy:
        if (method == QLatin1String("resources/read")) {
            error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server has no resource %1 (%2)")
                                .arg(data.value(QLatin1String("uri")).toString(uri), error.message);
        }
        break;
    default:
        break;
    }
    return error;
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
    /// The era the session speaks; Modern from the moment server/discover is sent.
    ProtocolEra era = ProtocolEra::Legacy;
    DiscoverResult discoverResult;
    /// Modern: the revision named in the envelope, and the envelope's members as JSON text without the
    /// braces (constant per session but for the log level, so tools/call need not rebuild them).
    QString modernVersion;
    QByteArray envelopeMembers;
    std::optional<LoggingLevel> logLevel;
    bool correctiveRetryUsed = false;
    QString eraDecidedBy;
    Error lastError;
    QHash<QString, ProgressRoute> progressRoutes; // by progress token (as string)
    qint64 nextProgressToken = 1;
    bool closedEmitted = false;
    /// The first thing the server wrote that is not a message, while the handshake was under way.
    QString strayOutputBeforeReady;

    /// One tools/call, resources/read or prompts/get, followed through the InputRequiredResults a
    /// 2026-07-28 server may answer it with (MRTR): each round's embedded requests go to the handlers
    /// below, and the request is sent again, under a new id, with their answers and the requestState.
    struct Exchange
    {
        QString method;
        QByteArray params; ///< as JSON text, without any round's additions
        JsonRpcPeer::RequestOptions requestOptions;
        QPointer<QObject> context;
        JsonRpcPeer::ResponseHandler finished; ///< the final answer, once: a complete result or an error
        std::function<void(const InputRound &)> onInputRound;
        quint64 auditCallId = 0;
        QString progressToken;
        RequestId firstId;
        RequestId wireId; ///< the attempt on the wire; invalid while the person is asked
        InputRound round;
        QHash<QString, RequestId> waiting; ///< input key → the local id its request was handed out under
        QJsonObject responses;
        std::optional<QString> requestState;
        QMetaObject::Connection contextGone;
        bool done = false;
        bool relistedForHeaders = false; ///< a -32020 made the session list the tools again, once
        bool reissued = false; ///< sent again once under a new id after its response stream broke
        QString subject; ///< the tool's name, the resource's URI or the prompt's name (EmbeddedRequestOrigin)
    };
    QHash<RequestId, std::shared_ptr<Exchange>> exchanges; // by first id, while it runs
    QHash<RequestId, EmbeddedRequestOrigin> embeddedOrigins; // by local id, until answered
    /// A task's tools/call progress token stays valid for the task's life (2025-11-25 tasks.mdx):
    /// its route is kept, by task id, until the session sees the task end.
    QHash<QString, QString> taskProgressTokens;

    void releaseTaskProgress(const QString &taskId)
    {
        const QString token = taskProgressTokens.take(taskId);
        if (!token.isEmpty())
            progressRoutes.remove(token);
    }
    qint64 nextInputId = 1;

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
    std::optional<Listen> listen;
    ReadCache readCache; ///< modern: resources/read results the server marked fresh for a while (ttlMs)
    RequestId retiringListen; ///< the listen a new one replaces, until the new one is acknowledged
    QStringList subscribedUris;
    QTimer *relistenTimer = nullptr;
    std::chrono::milliseconds relistenDelay = firstRelistenDelay;
    static constexpr std::chrono::milliseconds firstRelistenDelay{1000};
    static constexpr std::chrono::milliseconds maxRelistenDelay{30000};
    std::optional<Error> listenUnsupported; ///< the server refused subscriptions/listen as unknown
    bool grantsNoSubscription = false; ///< the server acknowledged with nothing granted (and then ends the listen)
    bool unstampedChangeReported = false;
    int listenFailures = 0; ///< errors in a row, without an acknowledgement between them
    static constexpr int maxListenFailures = 5;

    /// The caller's callback as a SubscriptionAnswer: answered queued, on context, unless it is gone.
    static SubscriptionAnswer subscriptionAnswer(QObject *context, Callback<std::monostate> callback)
    {
        return [context = QPointer<QObject>(context), callback = std::move(callback)](const std::optional<Error> &problem) {
            if (!context)
                return;
            QMetaObject::invokeMethod(context, [callback, problem] {
                callback(problem ? Result<std::monostate>(*problem) : Result<std::monostate>(std::monostate()));
            }, Qt::QueuedConnection);
        };
    }
    SubscriptionFilter listenFilter() const;
    /// Opens a listen for listenFilter() (replacing the open one); changes are answered on its acknowledgement.
    void openListen(QList<SubscriptionChange> changes = {});
    void onListenAcknowledged(const JsonRpcMessage &message);
    void onListenEnded(const RequestId &id, const Result<QJsonValue> &result);
    void changeResourceSubscription(const QString &uri, bool subscribe, SubscriptionAnswer answer);
    /// Whether a change notification is one to act on: in the modern era only those of the current (or
    /// the retiring) listen.
    bool acceptsChangeNotification(const JsonRpcMessage &message);

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
        if (newState == State::Closing || newState == State::Closed || newState == State::Failed) {
            endExchangesWaitingForInput();
            if (relistenTimer)
                relistenTimer->stop();
        }
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

    void open()
    {
        if (options.era == EraMode::Modern || options.era == EraMode::PreferModern)
            discover(ProtocolVersion::supportedModern().constFirst());
        else
            initialize();
    }

    bool modern() const { return era == ProtocolEra::Modern; }

    /// Answers (queued, without sending anything) that method was removed in the session's modern revision.
    template<typename T>
    void answerNotInRevision(const QString &method, QObject *context, const Callback<T> &callback) const
    {
        const Error error = makeError(ErrorCode::MethodNotFound,
                                      QCoreApplication::translate("Toolgate::ClientSession", "%1 does not exist in MCP %2, which this server speaks")
                                          .arg(method, modernVersion));
        QMetaObject::invokeMethod(context, [callback, error] { callback(Result<T>(error)); }, Qt::QueuedConnection);
    }

    /// In the modern era the client's capabilities travel in every request. Roots, sampling and
    /// elicitation are the same as in the legacy era (their requests arrive embedded in results), but the
    /// client never says that its roots changed: 2026-07-28 has no roots.listChanged.
    QJsonObject modernClientCapabilities() const
    {
        QJsonObject capabilities = clientCapabilities();
        if (rootsHandler)
            capabilities.insert(QLatin1String("roots"), QJsonObject());
        // Toolgate follows a task in place of any tools/call result (TaskFollower), so it always says so:
        // the server alone decides which calls become tasks (SEP-2663).
        QJsonObject declared = capabilities.value(QLatin1String("extensions")).toObject();
        declared.insert(tasksExtensionName, QJsonObject());
        capabilities.insert(QLatin1String("extensions"), declared);
        return capabilities;
    }

    QJsonObject envelope() const
    {
        return RequestEnvelope::make(modernVersion, options.clientInfo, modernClientCapabilities(), logLevel);
    }

    void rebuildEnvelope()
    {
        QByteArray text;
        JsonWriter::appendObject(text, envelope());
        envelopeMembers = text.mid(1, text.size() - 2);
    }

    /// params with the envelope merged into its _meta (the caller's own _meta keys kept); unchanged in
    /// the legacy era.
    QJsonObject withEnvelope(QJsonObject params) const
    {
        if (!modern())
            return params;
        QJsonObject meta = params.value(QLatin1String("_meta")).toObject();
        const QJsonObject env = envelope();
        for (auto it = env.begin(); it != env.end(); ++it)
            meta.insert(it.key(), it.value());
        params.insert(QLatin1String("_meta"), meta);
        return params;
    }

    void discover(const QString &version)
    {
        setState(State::Discovering);
        era = ProtocolEra::Modern;
        modernVersion = version;
        rebuildEnvelope();
        JsonRpcPeer::RequestOptions requestOptions;
        requestOptions.timeout = options.initializeTimeout;
        requestOptions.maxTimeout = options.initializeTimeout;
        peer->sendRequest(QStringLiteral("server/discover"), withEnvelope({}), q,
                          [this, version](const Result<QJsonValue> &result) { onDiscovered(version, result); },
                          requestOptions);
    }

    void onDiscovered(const QString &requested, const Result<QJsonValue> &result)
    {
        if (state != State::Discovering)
            return;
        if (!result && isSynthesized(result.error().code) && !strayOutputBeforeReady.isEmpty()) {
            fail(result.error()); // says what the program printed instead
            return;
        }
        ProbeClassifier::Options classifierOptions;
        classifierOptions.mayFallBack = options.era == EraMode::PreferModern;
        EraVerdict verdict = ProbeClassifier(classifierOptions).classify(probeOutcomeOf(result), requested);
        switch (verdict.kind) {
        case EraVerdict::Kind::Modern:
            if (eraDecidedBy.isEmpty())
                eraDecidedBy = QStringLiteral("server/discover");
            modernVersion = verdict.version;
            rebuildEnvelope();
            discoverResult = std::move(verdict.discover);
            initializeResult = discoverResult.toInitializeResult(modernVersion);
            qCInfo(lcClient) << "connected to" << initializeResult.serverInfo.name << "speaking" << modernVersion
                             << "(" << verdict.how << ")";
            setState(State::Ready);
            openListen();
            emit q->ready();
            return;
        case EraVerdict::Kind::Corrective:
            if (!correctiveRetryUsed) {
                // The spec: select a mutually supported version and retry, once.
                correctiveRetryUsed = true;
                qCInfo(lcClient) << "server/discover refused" << requested << "; asking again with" << verdict.version;
                discover(verdict.version);
                return;
            }
            fail(makeError(ErrorCode::UnsupportedProtocolVersion,
                           requested == verdict.version
                               ? QCoreApplication::translate("Toolgate::ClientSession", "the server refused MCP %1 twice, although it lists it as supported")
                                     .arg(requested)
                               : QCoreApplication::translate("Toolgate::ClientSession", "the server refused MCP %1 and then %2, both of which it lists as supported")
                                     .arg(requested, verdict.version),
                           result ? QJsonValue() : result.error().data));
            return;
        case EraVerdict::Kind::Legacy: // only with PreferModern: the server is no modern one after all
            qCInfo(lcClient) << "server/discover gave no sign of the modern era (" << verdict.how << "); initializing";
            era = ProtocolEra::Legacy;
            eraDecidedBy = QStringLiteral("server/discover %1").arg(verdict.how);
            initialize();
            return;
        case EraVerdict::Kind::Error:
            fail(verdict.error);
            return;
        }
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

    /// The versions an UnsupportedProtocolVersion refusal of initialize lists, when they are all modern.
    static QStringList modernOnlyVersions(const Error &error)
    {
        if (error.code != int(ErrorCode::UnsupportedProtocolVersion))
            return {};
        QStringList versions;
        for (const QJsonValue &v : error.data.toObject().value(QLatin1String("supported")).toArray()) {
            if (!v.isString() || !ProtocolVersion::isModern(v.toString()))
                return {};
            versions.append(v.toString());
        }
        return versions;
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
            const QStringList modernOnly = modernOnlyVersions(error);
            if (options.era == EraMode::PreferLegacy && !eraDecidedBy.startsWith(QLatin1String("server/discover"))) {
                // A modern server misjudged as legacy: its refusal names the versions it speaks. Stay on this
                // connection (a modern stdio server keeps it open for a modern opening).
                const QStringList named = error.data.toObject().value(QLatin1String("supported")).toVariant().toStringList();
                for (const QString &version : ProtocolVersion::supportedModern()) {
                    if (named.contains(version)) {
                        qCInfo(lcClient) << "initialize refused with -32022 naming" << version << "; continuing modern";
                        eraDecidedBy = QStringLiteral("initialize -32022");
                        discover(version);
                        return;
                    }
                }
            }
            if (!modernOnly.isEmpty()) {
                // A modern-only server names its versions in the refusal (basic/versioning.mdx): say what to do.
                error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server speaks only MCP %1, which has no initialize (it answered: %2); "
                                                            "set its protocol era to Auto or Modern")
                                    .arg(modernOnly.join(QStringLiteral(", ")), error.message);
            } else if (fromServer) {
                error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server rejected initialize: %1").arg(error.message);
            }
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
        if (eraDecidedBy.isEmpty())
            eraDecidedBy = QStringLiteral("initialize");
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
    /// onInputRound: for a request that may be answered with input_required, told of each round (see
    /// CallOptions::onInputRound).
    template<typename T, typename Convert>
    void request(const QString &method, const QJsonObject &params, QObject *context, Callback<T> callback, Convert convert,
                 std::function<void(const InputRound &)> onInputRound = {})
    {
        QPointer<ClientSession> session(q);
        const bool checkResultType = modern();
        const QString version = modernVersion;
        const QString uri = params.value(QLatin1String("uri")).toString();
        JsonRpcPeer::ResponseHandler answered = [session, callback = std::move(callback), convert, method, checkResultType,
                                                  version, uri](const Result<QJsonValue> &result) {
            if (!result) {
                if (session)
                    session->d->noteRequestError(result.error());
                callback(Result<T>(checkResultType ? explainModernError(result.error(), method, uri, version) : result.error()));
            } else if (!result.value().isObject()) {
                callback(Result<T>(makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::ClientSession", "the server's answer to %1 is not an object").arg(method))));
            } else if (const auto problem = checkResultType ? resultTypeProblem(result.value().toObject(), method) : std::nullopt) {
                callback(Result<T>(*problem));
            } else {
                callback(Result<T>(convert(result.value().toObject())));
            }
        };
        if (!mayAskForInput(method)) {
            sendRequest(method, withEnvelope(params), context, std::move(answered), requestOptions());
            return;
        }
        auto exchange = std::make_shared<Exchange>();
        exchange->method = method;
        JsonWriter::appendObject(exchange->params, withEnvelope(params));
        exchange->requestOptions = requestOptions();
        exchange->context = context;
        exchange->finished = std::move(answered);
        exchange->onInputRound = std::move(onInputRound);
        exchange->subject = params.value(QLatin1String(method == QLatin1String("resources/read") ? "uri" : "name")).toString();
        startExchange(exchange);
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
        const bool checkResultType = modern();
        sendRequest(method, withEnvelope(params), context,
            [this, session, method, key, context, callback = std::move(callback), sofar = std::move(sofar), cursor, page,
             pageOrder, checkResultType, version = modernVersion](const Result<QJsonValue> &result) mutable {
                if (!result) {
                    // Not this->modernVersion: the session may be gone when a pending request is answered.
                    callback(Result<QList<T>>(checkResultType ? explainModernError(result.error(), method, {}, version)
                                                              : result.error()));
                    return;
                }
                if (!result.value().isObject()) {
                    callback(Result<QList<T>>(makeError(ErrorCode::ProtocolError,
                        QCoreApplication::translate("Toolgate::ClientSession", "the server's answer to %1 is not an object").arg(method))));
                    return;
                }
                if (checkResultType) {
                    if (const auto problem = resultTypeProblem(result.value().toObject(), method)) {
                        callback(Result<QList<T>>(*problem));
                        return;
                    }
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
                        if (session && checkResultType)
                            mirrorToolArguments(sofar);
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

    /// 2026-07-28 over HTTP: tells the transport which arguments of which tool go into Mcp-Param-*
    /// headers, and drops the tools whose x-mcp-header annotations are invalid, as the spec requires
    /// (a request for them could not be sent correctly), saying why.
    void mirrorToolArguments(QList<Tool> &tools)
    {
        if (!transport->mirrorsToolArguments())
            return;
        QHash<QString, RequestHeaders::ToolArgumentHeaders> headers;
        for (auto it = tools.begin(); it != tools.end();) {
            const Result<RequestHeaders::ToolArgumentHeaders> found = RequestHeaders::toolArgumentHeaders(it->inputSchema);
            if (!found) {
                const QString warning = QCoreApplication::translate("Toolgate::ClientSession", "the tool \"%1\" is not offered: %2")
                                            .arg(it->name, found.error().message);
                qCWarning(lcClient) << warning;
                emit q->protocolViolation(warning);
                it = tools.erase(it);
                continue;
            }
            if (!found->isEmpty())
                headers.insert(it->name, found.value());
            ++it;
        }
        transport->setToolArgumentHeaders(headers);
    }

    void installPeerHandlers();
    /// Hands a request of the server (sent as a request of its own, or embedded in a result) to the
    /// handler installed for its method, or refuses it as the spec says.
    void dispatchServerRequest(const QString &method, const QJsonObject &params, const Responder &responder);

    // MRTR (2026-07-28 InputRequiredResult), see Exchange.
    bool answersInput(const QString &method) const;
    RequestId startExchange(const std::shared_ptr<Exchange> &exchange);
    void sendAttempt(const std::shared_ptr<Exchange> &exchange);
    void askForInput(const std::shared_ptr<Exchange> &exchange, const QJsonObject &result, const JsonKeyOrder &order);
    void inputAnswered(const std::shared_ptr<Exchange> &exchange, const QString &key, const RequestId &localId,
                       const JsonRpcMessage &answer);
    void endExchange(const std::shared_ptr<Exchange> &exchange, const QString &withdrawReason);
    void finishLater(const std::shared_ptr<Exchange> &exchange, const Error &error);
    void endExchangesWaitingForInput();
    /// 2026-07-28 over HTTP: a tools/call refused with -32020 because its Mcp-Param-* headers do not match
    /// what the server now declares (the tool's x-mcp-header annotations changed, or the tools were
    /// never listed in this session) is sent again once, after the tools are listed again.
    bool mayRelistForHeaders(const Exchange &exchange, const Error &error) const;
    void relistThenResend(const std::shared_ptr<Exchange> &exchange, const Error &refusal);
    /// 2026-07-28 over HTTP: a request whose response stream ended before its answer cannot be resumed
    /// and is to be sent again under a new id. A request that only reads (lists, resources/read,
    /// prompts/get, completion, task status) is, once, while the session is ready; a tools/call is not:
    /// it may have run, so the person decides (its error says so).
    bool mayReissue(const QString &method, const Error &error) const;
    /// Sends a request that is not an Exchange, sending it again once under a new id when mayReissue().
    void sendRequest(const QString &method, const QJsonObject &params, QObject *context,
                     JsonRpcPeer::ResponseHandler handler, const JsonRpcPeer::RequestOptions &options);
};

void ClientSession::Private::installPeerHandlers()
{
    peer->setRequestHandler(QStringLiteral("ping"), [](const JsonRpcMessage &, const Responder &responder) {
        responder.respond(QJsonObject());
    });
    for (const QString &method : {QStringLiteral("roots/list"), QStringLiteral("sampling/createMessage"), QStringLiteral("elicitation/create")}) {
        peer->setRequestHandler(method, [this, method](const JsonRpcMessage &request, const Responder &responder) {
            dispatchServerRequest(method, request.params(), responder);
        });
    }

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
    peer->setNotificationHandler(QStringLiteral("notifications/tools/list_changed"), [this](const JsonRpcMessage &message) {
        if (acceptsChangeNotification(message))
            emit q->toolsListChanged();
    });
    peer->setNotificationHandler(QStringLiteral("notifications/resources/list_changed"), [this](const JsonRpcMessage &message) {
        if (!acceptsChangeNotification(message))
            return;
        readCache.clear(); // the spec: a list change invalidates; what was read may be gone or replaced
        emit q->resourcesListChanged();
    });
    peer->setNotificationHandler(QStringLiteral("notifications/prompts/list_changed"), [this](const JsonRpcMessage &message) {
        if (acceptsChangeNotification(message))
            emit q->promptsListChanged();
    });
    peer->setNotificationHandler(QStringLiteral("notifications/resources/updated"), [this](const JsonRpcMessage &message) {
        if (!acceptsChangeNotification(message))
            return;
        const QString uri = message.params().value(QLatin1String("uri")).toString();
        readCache.forget(uri);
        emit q->resourceUpdated(uri);
    });
    peer->setNotificationHandler(QStringLiteral("notifications/subscriptions/acknowledged"), [this](const JsonRpcMessage &message) {
        onListenAcknowledged(message);
    });
    peer->setNotificationHandler(QStringLiteral("notifications/tasks/status"), [this](const JsonRpcMessage &message) {
        const Result<Task> task = Task::parse(message.params());
        if (!task) {
            emit q->protocolViolation(task.error().message);
            return;
        }
        if (task->isTerminal())
            releaseTaskProgress(task->taskId);
        emit q->taskStatusNotified(*task);
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

SubscriptionFilter ClientSession::Private::listenFilter() const
{
    const ServerCapabilities &offered = initializeResult.capabilities;
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
    if (state != State::Ready || !modern() || listenUnsupported) {
        for (const SubscriptionChange &change : std::as_const(changes))
            change.answer(listenUnsupported.value_or(makeError(ErrorCode::NotConnected, QCoreApplication::translate("Toolgate::ClientSession", "the server is not connected"))));
        return;
    }
    if (listen) {
        changes = std::exchange(listen->changes, {}) + changes;
        if (listen->acknowledged) {
            // Keep hearing the old one until the new one is acknowledged; a listen still unacknowledged
            // delivers nothing yet, so it can go at once.
            if (retiringListen.isValid())
                peer->cancel(retiringListen, QStringLiteral("replaced by a newer subscriptions/listen"));
            retiringListen = listen->id;
        } else {
            peer->cancel(listen->id, QStringLiteral("replaced by a newer subscriptions/listen"));
        }
        listen.reset();
    }
    const SubscriptionFilter filter = listenFilter();
    if (filter.isEmpty()) {
        // Nothing to hear (the last resource unsubscribed, and no list that announces changes).
        if (retiringListen.isValid())
            peer->cancel(std::exchange(retiringListen, RequestId()), QStringLiteral("nothing left to listen for"));
        for (const SubscriptionChange &change : std::as_const(changes))
            change.answer(std::nullopt);
        return;
    }
    grantsNoSubscription = false;
    JsonRpcPeer::RequestOptions listenOptions;
    listenOptions.longLived = true; // answered when the server ends it, which may be never
    auto id = std::make_shared<RequestId>();
    *id = peer->sendRequest(QStringLiteral("subscriptions/listen"),
                            withEnvelope({{QLatin1String("notifications"), filter.toJson()}}), q,
                            [this, id](const Result<QJsonValue> &result) { onListenEnded(*id, result); }, listenOptions);
    listen = Listen{*id, filter, false, std::move(changes)};
    qCDebug(lcClient) << "subscriptions/listen" << id->toString() << "for" << filter.toJson();
}

void ClientSession::Private::onListenAcknowledged(const JsonRpcMessage &message)
{
    if (!modern())
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
        peer->cancel(std::exchange(retiringListen, RequestId()), QStringLiteral("replaced by a newer subscriptions/listen"));
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
    if (state != State::Ready)
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
        relistenTimer = new QTimer(q);
        relistenTimer->setSingleShot(true);
        QObject::connect(relistenTimer, &QTimer::timeout, q, [this] { openListen(); });
    }
    relistenTimer->start(relistenDelay);
    relistenDelay = std::min(relistenDelay * 2, maxRelistenDelay);
}

void ClientSession::Private::changeResourceSubscription(const QString &uri, bool subscribe, SubscriptionAnswer answer)
{
    if (listenUnsupported) {
        answer(*listenUnsupported);
        return;
    }
    subscribedUris.removeAll(uri);
    if (subscribe)
        subscribedUris.append(uri);
    if (relistenTimer)
        relistenTimer->stop(); // the listen opened now is the pending re-open too
    openListen({{uri, subscribe, std::move(answer)}});
}

bool ClientSession::Private::acceptsChangeNotification(const JsonRpcMessage &message)
{
    if (!modern())
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

void ClientSession::Private::dispatchServerRequest(const QString &method, const QJsonObject &params, const Responder &responder)
{
    if (method == QLatin1String("roots/list")) {
        if (!rootsHandler)
            responder.respondError(makeError(ErrorCode::MethodNotFound, QStringLiteral("this client does not offer roots")));
        else
            rootsHandler(params, responder);
        return;
    }
    if (method == QLatin1String("sampling/createMessage")) {
        if (!samplingHandler) {
            responder.respondError(makeError(ErrorCode::MethodNotFound, QStringLiteral("this client does not offer sampling")));
            return;
        }
        // The spec: a client that did not declare sampling.tools MUST answer an error to tools or toolChoice.
        if (!samplingTools && (params.contains(QLatin1String("tools")) || params.contains(QLatin1String("toolChoice")))) {
            responder.respondError(makeError(ErrorCode::InvalidParams,
                                             QStringLiteral("this client did not declare sampling.tools, so it cannot sample with tools")));
            return;
        }
        samplingHandler(params, responder);
        return;
    }
    if (method == QLatin1String("elicitation/create")) {
        if (!elicitationHandler) {
            responder.respondError(makeError(ErrorCode::MethodNotFound, QStringLiteral("this client does not offer elicitation")));
            return;
        }
        // A missing mode means form; asking for a mode we did not declare is invalid params.
        const QString mode = params.value(QLatin1String("mode")).toString(QStringLiteral("form"));
        if (!elicitationModes.contains(mode)) {
            responder.respondError(makeError(ErrorCode::InvalidParams,
                                             QStringLiteral("this client does not support elicitation mode \"%1\"").arg(mode)));
            return;
        }
        if (mode == QLatin1String("url") && urlElicitationCompletion()) {
            if (const auto elicitation = UrlElicitation::fromJson(params))
                rememberElicitation(elicitation->elicitationId);
        }
        elicitationHandler(params, responder);
        return;
    }
    responder.respondError(makeError(ErrorCode::MethodNotFound, QStringLiteral("this client does not answer %1").arg(method)));
}

bool ClientSession::Private::answersInput(const QString &method) const
{
    return modern() && mayAskForInput(method) && (rootsHandler || samplingHandler || elicitationHandler);
}

RequestId ClientSession::Private::startExchange(const std::shared_ptr<Exchange> &exchange)
{
    sendAttempt(exchange);
    exchange->firstId = exchange->wireId;
    // A request that could not be sent is answered (queued) by the peer, and never asks for input.
    if (exchange->firstId.isValid() && peer->isPending(exchange->firstId))
        exchanges.insert(exchange->firstId, exchange);
    return exchange->firstId;
}

void ClientSession::Private::sendAttempt(const std::shared_ptr<Exchange> &exchange)
{
    QByteArray params = exchange->params;
    if (exchange->round.number > 0) {
        // The same request again, with the answers and the server's state as it sent it (never parsed).
        QByteArray added;
        if (!exchange->round.inputs.isEmpty()) {
            added.append(",\"inputResponses\":");
            JsonWriter::appendObject(added, exchange->responses);
        }
        if (exchange->requestState) {
            added.append(",\"requestState\":");
            JsonWriter::appendString(added, *exchange->requestState);
        }
        params.chop(1); // its closing brace
        params.append(params.size() == 1 ? QByteArrayView(added).sliced(1) : QByteArrayView(added));
        params.append('}');
    }
    JsonRpcPeer::RequestOptions options = exchange->requestOptions;
    // An input_required answer's key order: the forms it asks for keep the server's field order.
    auto answerOrder = std::make_shared<JsonKeyOrder>();
    const auto callersOrder = options.resultKeyOrder;
    if (!callersOrder)
        options.resultKeyOrderLimit = JsonRpcPeer::backgroundParseThreshold;
    options.resultKeyOrder = [answerOrder, callersOrder](const JsonKeyOrder &order) {
        *answerOrder = order;
        if (callersOrder)
            callersOrder(order);
    };
    QPointer<ClientSession> session(q);
    exchange->wireId = peer->sendRequestWithParamsJson(exchange->method, params, exchange->context,
        [session, exchange, answerOrder](const Result<QJsonValue> &answer) {
            exchange->wireId = RequestId();
            if (exchange->done)
                return; // answered already (cannot happen while an attempt is on the wire; belt and braces)
            if (session && answer && answer.value().isObject() && session->d->answersInput(exchange->method)
                && InputRequiredResult::isInputRequired(answer.value().toObject())) {
                session->d->askForInput(exchange, answer.value().toObject(), *answerOrder);
                return;
            }
            if (session && !answer && session->d->mayRelistForHeaders(*exchange, answer.error())) {
                session->d->relistThenResend(exchange, answer.error());
                return;
            }
            if (session && !answer && !exchange->reissued && session->d->mayReissue(exchange->method, answer.error())) {
                qCInfo(lcClient) << exchange->method << "sent again under a new id: its response stream ended before the answer";
                exchange->reissued = true;
                session->d->sendAttempt(exchange);
                return;
            }
            if (session)
                session->d->endExchange(exchange, {});
            exchange->done = true;
            exchange->finished(answer);
        }, options);
    if (!exchange->progressToken.isEmpty()) {
        const auto route = progressRoutes.find(exchange->progressToken);
        if (route != progressRoutes.end())
            route->requestId = exchange->wireId;
    }
}

bool ClientSession::Private::mayReissue(const QString &method, const Error &error) const
{
    static const QStringList readOnly{QStringLiteral("tools/list"), QStringLiteral("resources/list"),
                                      QStringLiteral("resources/templates/list"), QStringLiteral("prompts/list"),
                                      QStringLiteral("resources/read"), QStringLiteral("prompts/get"),
                                      QStringLiteral("completion/complete"), QStringLiteral("tasks/get"),
                                      QStringLiteral("tasks/list")};
    return modern() && state == State::Ready && HttpReply::isResponseStreamBroken(error) && readOnly.contains(method);
}

void ClientSession::Private::sendRequest(const QString &method, const QJsonObject &params, QObject *context,
                                         JsonRpcPeer::ResponseHandler handler, const JsonRpcPeer::RequestOptions &options)
{
    QPointer<ClientSession> session(q);
    QPointer<QObject> alive(context);
    peer->sendRequest(method, params, context,
        [session, alive, method, params, handler, options](const Result<QJsonValue> &answer) {
            if (session && alive && !answer && session->d->mayReissue(method, answer.error())) {
                qCInfo(lcClient) << method << "sent again under a new id: its response stream ended before the answer";
                session->d->peer->sendRequest(method, params, alive.data(), handler, options); // once: no second wrap
                return;
            }
            handler(answer);
        }, options);
}

bool ClientSession::Private::mayRelistForHeaders(const Exchange &exchange, const Error &error) const
{
    return error.code == int(ErrorCode::HeaderMismatch) && modern() && state == State::Ready
        && exchange.method == QLatin1String("tools/call") && !exchange.relistedForHeaders && transport->mirrorsToolArguments();
}

void ClientSession::Private::relistThenResend(const std::shared_ptr<Exchange> &exchange, const Error &refusal)
{
    exchange->relistedForHeaders = true;
    const QString toolName = exchange->subject;
    qCInfo(lcClient) << "tools/call" << toolName << "refused with -32020; listing the tools again before one more try";
    QPointer<ClientSession> session(q);
    // listTools() hands the new annotations to the transport (mirrorToolArguments()).
    q->listTools(q, [session, exchange, refusal, toolName](const Result<QList<Tool>> &tools) {
        if (!session || exchange->done)
            return; // cancelled or ended meanwhile
        Private *d = session->d.get();
        const bool stillOffered = tools && std::any_of(tools.value().cbegin(), tools.value().cend(),
                                                       [&toolName](const Tool &tool) { return tool.name == toolName; });
        if (tools)
            emit session->toolsListChanged(); // what the person sees may be out of date too
        if (!stillOffered || d->state != State::Ready) {
            d->endExchange(exchange, {});
            exchange->done = true;
            exchange->finished(Result<QJsonValue>(refusal));
            return;
        }
        d->sendAttempt(exchange);
    });
}

void ClientSession::Private::askForInput(const std::shared_ptr<Exchange> &exchange, const QJsonObject &result,
                                         const JsonKeyOrder &order)
{
    Result<InputRequiredResult> asked = InputRequiredResult::parse(result, order);
    if (asked && exchange->round.number >= maxInputRounds) {
        asked = makeError(ErrorCode::ProtocolError,
                          QCoreApplication::translate("Toolgate::ClientSession", "the server kept asking for input to finish %1 (%2 rounds); "
                                                                                 "Toolgate stopped answering it")
                              .arg(exchange->method)
                              .arg(maxInputRounds));
    }
    if (!asked || !exchange->context) {
        endExchange(exchange, {});
        if (!asked)
            finishLater(exchange, asked.error());
        return;
    }
    exchange->round = InputRound{exchange->round.number + 1, {}};
    exchange->responses = QJsonObject();
    exchange->requestState = asked->requestState;
    if (!exchange->contextGone) {
        // Whoever waits for the request is gone: the person is no longer asked on its behalf.
        exchange->contextGone = QObject::connect(exchange->context, &QObject::destroyed, q, [this, firstId = exchange->firstId] {
            if (const auto gone = exchanges.value(firstId))
                endExchange(gone, QCoreApplication::translate("Toolgate::ClientSession", "the request that asked for it was closed"));
        });
    }
    // Every input is registered before any is handed out: a handler may answer at once.
    for (const InputRequiredResult::Request &request : std::as_const(asked->requests)) {
        const RequestId localId(QStringLiteral("input-%1").arg(nextInputId++));
        exchange->waiting.insert(request.key, localId);
        exchange->round.inputs.append({request.key, request.method, request.params, {}});
        embeddedOrigins.insert(localId, {exchange->method, exchange->firstId, exchange->round.number, exchange->auditCallId,
                                         exchange->subject});
    }
    if (asked->requests.isEmpty()) { // only requestState: the server wants the request again as it is
        sendAttempt(exchange);
        return;
    }
    QPointer<ClientSession> session(q);
    for (const InputRequiredResult::Request &request : std::as_const(asked->requests)) {
        if (exchange->done)
            break;
        const RequestId localId = exchange->waiting.value(request.key);
        dispatchServerRequest(request.method, request.params,
                              Responder::forEmbedded(localId, request.paramsOrder,
                                                     [session, exchange, key = request.key, localId](const JsonRpcMessage &answer) {
                                                         if (session)
                                                             session->d->inputAnswered(exchange, key, localId, answer);
                                                     }));
    }
}

void ClientSession::Private::inputAnswered(const std::shared_ptr<Exchange> &exchange, const QString &key,
                                           const RequestId &localId, const JsonRpcMessage &answer)
{
    embeddedOrigins.remove(localId);
    if (exchange->done || exchange->waiting.value(key) != localId)
        return;
    exchange->waiting.remove(key);
    QString method;
    for (const InputRound::Input &input : std::as_const(exchange->round.inputs)) {
        if (input.key == key)
            method = input.method;
    }
    if (answer.kind() == JsonRpcMessage::Kind::ErrorResponse) {
        // MRTR has no way to answer one input with an error (and a sampling request has no "declined"
        // result): the request ends here, with no attempt sent.
        Error error = answer.error();
        error.message = QCoreApplication::translate("Toolgate::ClientSession", "the server asked for input to finish %1 (%2), and it was not given: %3")
                            .arg(exchange->method, method, error.message);
        endExchange(exchange, {});
        finishLater(exchange, error);
        return;
    }
    const QJsonObject result = answer.result().toObject();
    exchange->responses.insert(key, result);
    for (InputRound::Input &input : exchange->round.inputs) {
        if (input.key == key)
            input.answer = result;
    }
    if (!exchange->waiting.isEmpty())
        return;
    if (!exchange->context) {
        endExchange(exchange, {});
        return;
    }
    if (exchange->onInputRound)
        exchange->onInputRound(exchange->round);
    if (!exchange->done)
        sendAttempt(exchange);
}

void ClientSession::Private::endExchange(const std::shared_ptr<Exchange> &exchange, const QString &withdrawReason)
{
    if (exchange->done)
        return;
    exchange->done = true;
    exchanges.remove(exchange->firstId);
    QObject::disconnect(exchange->contextGone);
    const QHash<QString, RequestId> waiting = std::exchange(exchange->waiting, {});
    for (const RequestId &localId : waiting) {
        embeddedOrigins.remove(localId);
        emit q->serverRequestCancelled(localId, withdrawReason);
    }
}

void ClientSession::Private::finishLater(const std::shared_ptr<Exchange> &exchange, const Error &error)
{
    if (!exchange->context)
        return;
    QMetaObject::invokeMethod(exchange->context, [exchange, error] { exchange->finished(Result<QJsonValue>(error)); },
                              Qt::QueuedConnection);
}

void ClientSession::Private::endExchangesWaitingForInput()
{
    const auto running = exchanges.values();
    for (const std::shared_ptr<Exchange> &exchange : running) {
        if (exchange->wireId.isValid())
            continue; // the peer answers it (connection closed)
        const QString why = QCoreApplication::translate("Toolgate::ClientSession", "the server disconnected");
        endExchange(exchange, why);
        finishLater(exchange, makeError(ErrorCode::ConnectionClosed, why));
    }
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
    connect(t, &Transport::started, this, [this] { d->open(); });
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
ProtocolEra ClientSession::era() const { return d->state == State::Ready ? d->era : ProtocolEra::Legacy; }
const DiscoverResult &ClientSession::discoverResult() const { return d->discoverResult; }
QString ClientSession::eraDecidedBy() const { return d->eraDecidedBy; }
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
    if (d->state == State::Ready && !d->modern() && d->rootsHandler && d->rootsListChanged)
        d->peer->sendNotification(QStringLiteral("notifications/roots/list_changed"));
}

void ClientSession::ping(QObject *context, Callback<std::monostate> callback)
{
    if (!d->ensureFeature(true, {}, context, callback))
        return;
    if (d->modern()) {
        d->answerNotInRevision(QStringLiteral("ping"), context, callback);
        return;
    }
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
    const bool modern = d->modern();
    // The params object written directly, keys in QJsonObject's sorted order (_meta, arguments,
    // name): building it as a QJsonObject re-encodes the arguments and cost a sixth of a call.
    // The arguments keep the order the person saw them in.
    QByteArray params;
    params.reserve(modern ? 128 + d->envelopeMembers.size() : 128);
    params.append('{');
    if (modern) {
        // The envelope's members, written once per session, then the caller's own _meta keys.
        for (const QString &key : {RequestEnvelope::protocolVersionKey, RequestEnvelope::clientInfoKey,
                                   RequestEnvelope::clientCapabilitiesKey, RequestEnvelope::logLevelKey})
            meta.remove(key);
        params.append("\"_meta\":{");
        params.append(d->envelopeMembers);
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
    if (options.asTask && !modern) {
        QJsonObject task;
        if (options.taskTtlMs)
            task.insert(QLatin1String("ttl"), double(*options.taskTtlMs));
        params.append(",\"task\":");
        JsonWriter::appendObject(params, task);
    }
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
    auto exchange = std::make_shared<Private::Exchange>();
    exchange->method = QStringLiteral("tools/call");
    exchange->subject = name;
    exchange->params = std::move(params);
    exchange->requestOptions = requestOptions;
    exchange->context = context;
    exchange->onInputRound = options.onInputRound;
    exchange->auditCallId = options.auditCallId;
    exchange->progressToken = token;
    exchange->finished = [self, token, resultOrder, modern, asTask = options.asTask, version = d->modernVersion,
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
                        self->d->progressRoutes.remove(token);
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
                self->d->progressRoutes.remove(token);
            if (!result && self)
                self->d->noteRequestError(result.error());
            if (!result)
                callback(Result<CallToolResult>(modern ? explainModernError(result.error(), QStringLiteral("tools/call"), {}, version)
                                                       : result.error()));
            else if (!result.value().isObject())
                callback(Result<CallToolResult>(makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::ClientSession", "the server's tools/call answer is not an object"))));
            else if (const auto problem = modern ? resultTypeProblem(result.value().toObject(), QStringLiteral("tools/call")) : std::nullopt)
                callback(Result<CallToolResult>(*problem));
            else {
                Result<CallToolResult> parsed = CallToolResult::parse(result.value().toObject());
                if (parsed)
                    parsed.value().rawOrder = *resultOrder;
                callback(parsed);
            }
        };
    const RequestId id = d->startExchange(exchange);
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
    if (!d->modern()) {
        d->request<ReadResourceResult>(QStringLiteral("resources/read"), {{QLatin1String("uri"), uri}}, context,
                                       std::move(callback), &ReadResourceResult::fromJson);
        return;
    }
    if (std::optional<ReadResourceResult> cached = d->readCache.fresh(uri)) {
        qCDebug(lcClient) << "resources/read" << uri << "answered from the cache (the server's ttlMs has not passed)";
        QMetaObject::invokeMethod(context, [callback = std::move(callback), cached = std::move(*cached)] { callback(cached); },
                                  Qt::QueuedConnection);
        return;
    }
    // The caching hint is read off the complete result; one that came after rounds of input depends on
    // the answers, which are not part of the key, and is not kept (caching.mdx).
    auto ttl = std::make_shared<std::optional<qint64>>();
    auto askedForInput = std::make_shared<bool>(false);
    QPointer<ClientSession> self(this);
    d->request<ReadResourceResult>(
        QStringLiteral("resources/read"), {{QLatin1String("uri"), uri}}, context,
        [self, uri, ttl, askedForInput, callback = std::move(callback)](const Result<ReadResourceResult> &result) {
            if (self && result && !*askedForInput && self->d->state == State::Ready)
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
    if (!d->ensureFeature(d->initializeResult.capabilities.resourcesSubscribe, QStringLiteral("resource subscriptions"), context, callback))
        return;
    if (d->modern()) { // subscriptions/listen replaces it
        d->changeResourceSubscription(uri, true, d->subscriptionAnswer(context, std::move(callback)));
        return;
    }
    d->request<std::monostate>(QStringLiteral("resources/subscribe"), {{QLatin1String("uri"), uri}}, context,
                               std::move(callback), [](const QJsonObject &) { return std::monostate(); });
}

void ClientSession::unsubscribeResource(const QString &uri, QObject *context, Callback<std::monostate> callback)
{
    if (!d->ensureFeature(d->initializeResult.capabilities.resourcesSubscribe, QStringLiteral("resource subscriptions"), context, callback))
        return;
    if (d->modern()) {
        d->changeResourceSubscription(uri, false, d->subscriptionAnswer(context, std::move(callback)));
        return;
    }
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
    if (d->modern()) {
        // logging/setLevel is gone: the level rides in each request's envelope from now on.
        d->logLevel = level;
        d->rebuildEnvelope();
        QMetaObject::invokeMethod(context, [callback] { callback(std::monostate()); }, Qt::QueuedConnection);
        return;
    }
    d->request<std::monostate>(QStringLiteral("logging/setLevel"), {{QLatin1String("level"), toString(level)}},
                               context, std::move(callback), [](const QJsonObject &) { return std::monostate(); });
}

ClientSession::TaskCapabilities ClientSession::taskCapabilities() const
{
    TaskCapabilities offered;
    const QJsonObject raw = d->initializeResult.capabilities.raw;
    if (d->modern()) {
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
    if (!d->ensureReady(context, [callback](const Error &e) { callback(Result<Task>(e)); }))
        return;
    QJsonObject params{{QLatin1String("taskId"), taskId}};
    if (requestState && d->modern())
        params.insert(QLatin1String("requestState"), *requestState);
    QPointer<ClientSession> self(this);
    auto order = std::make_shared<JsonKeyOrder>();
    JsonRpcPeer::RequestOptions options = d->requestOptions();
    options.resultKeyOrder = [order](const JsonKeyOrder &read) { *order = read; };
    const QString version = d->modernVersion;
    const bool modern = d->modern();
    d->peer->sendRequest(QStringLiteral("tasks/get"), d->withEnvelope(params), context,
        [self, callback, order, modern, version, taskId](const Result<QJsonValue> &answer) {
            if (!answer) {
                callback(Result<Task>(modern ? explainModernError(answer.error(), QStringLiteral("tasks/get"), {}, version) : answer.error()));
                return;
            }
            if (!answer.value().isObject()) {
                callback(Result<Task>(makeError(ErrorCode::ProtocolError,
                    QCoreApplication::translate("Toolgate::ClientSession", "the server's answer to %1 is not an object").arg(QStringLiteral("tasks/get")))));
                return;
            }
            Result<Task> task = Task::parse(answer.value().toObject(), *order);
            if (task && task->taskId != taskId) {
                task = makeError(ErrorCode::ProtocolError,
                                 QCoreApplication::translate("Toolgate::ClientSession", "asked for task \"%1\", the server described task \"%2\"")
                                     .arg(taskId, task->taskId.left(80)));
            }
            if (task && task->isTerminal() && self)
                self->d->releaseTaskProgress(taskId);
            callback(task);
        }, options);
}

void ClientSession::taskResult(const QString &taskId, QObject *context, Callback<CallToolResult> callback)
{
    if (!d->ensureReady(context, [callback](const Error &e) { callback(Result<CallToolResult>(e)); }))
        return;
    if (d->modern()) {
        d->answerNotInRevision(QStringLiteral("tasks/result"), context, callback);
        return;
    }
    JsonRpcPeer::RequestOptions options = d->requestOptions();
    // tasks/result blocks until the task ends, which may be hours: the task's own polling watches it.
    options.longLived = true;
    auto order = std::make_shared<JsonKeyOrder>();
    options.resultKeyOrder = [order](const JsonKeyOrder &read) { *order = read; };
    options.resultKeyOrderLimit = JsonRpcPeer::backgroundParseThreshold;
    QPointer<ClientSession> self(this);
    d->peer->sendRequest(QStringLiteral("tasks/result"), QJsonObject{{QLatin1String("taskId"), taskId}}, context,
        [self, callback, order, taskId](const Result<QJsonValue> &answer) {
            if (self)
                self->d->releaseTaskProgress(taskId);
            if (!answer) {
                callback(Result<CallToolResult>(answer.error()));
                return;
            }
            if (!answer.value().isObject()) {
                callback(Result<CallToolResult>(makeError(ErrorCode::ProtocolError,
                    QCoreApplication::translate("Toolgate::ClientSession", "the server's answer to %1 is not an object").arg(QStringLiteral("tasks/result")))));
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
    if (!d->ensureReady(context, [callback](const Error &e) { callback(Result<std::monostate>(e)); }))
        return;
    if (!d->modern()) {
        const Error error = makeError(ErrorCode::MethodNotFound,
            QCoreApplication::translate("Toolgate::ClientSession", "tasks/update belongs to the tasks extension of MCP 2026-07-28; this server speaks %1")
                .arg(d->initializeResult.protocolVersion));
        QMetaObject::invokeMethod(context, [callback, error] { callback(Result<std::monostate>(error)); }, Qt::QueuedConnection);
        return;
    }
    QJsonObject params{{QLatin1String("taskId"), taskId}, {QLatin1String("inputResponses"), inputResponses}};
    if (requestState)
        params.insert(QLatin1String("requestState"), *requestState);
    d->request<std::monostate>(QStringLiteral("tasks/update"), params, context, std::move(callback),
                               [](const QJsonObject &) { return std::monostate(); });
}

void ClientSession::cancelTask(const QString &taskId, const std::optional<QString> &requestState, QObject *context,
                               Callback<std::optional<Task>> callback)
{
    if (!d->ensureReady(context, [callback](const Error &e) { callback(Result<std::optional<Task>>(e)); }))
        return;
    QJsonObject params{{QLatin1String("taskId"), taskId}};
    const bool modern = d->modern();
    if (requestState && modern)
        params.insert(QLatin1String("requestState"), *requestState);
    d->releaseTaskProgress(taskId);
    d->request<std::optional<Task>>(QStringLiteral("tasks/cancel"), params, context, std::move(callback),
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
    if (d->modern()) {
        if (!d->ensureReady(context, [callback](const Error &e) { callback(Result<QList<Task>>(e)); }))
            return;
        const Error error = makeError(ErrorCode::MethodNotFound,
            QCoreApplication::translate("Toolgate::ClientSession", "the tasks extension of MCP 2026-07-28 has no list of tasks: "
                                                                   "a task is known by the id its call answered"));
        QMetaObject::invokeMethod(context, [callback, error] { callback(Result<QList<Task>>(error)); }, Qt::QueuedConnection);
        return;
    }
    if (!d->ensureFeature(taskCapabilities().list, QStringLiteral("tasks/list"), context, callback))
        return;
    d->listAll<Task>(QStringLiteral("tasks/list"), QStringLiteral("tasks"), context,
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
    const RequestId localId(QStringLiteral("input-%1").arg(d->nextInputId++));
    EmbeddedRequestOrigin named = origin;
    if (named.method.isEmpty())
        named.method = QStringLiteral("tools/call"); // the one request the tasks extension augments (SEP-2663)
    d->embeddedOrigins.insert(localId, named);
    QPointer<ClientSession> self(this);
    QPointer<QObject> guard(context);
    d->dispatchServerRequest(request.method, request.params,
        Responder::forEmbedded(localId, request.paramsOrder, [self, guard, localId, answered = std::move(answered)](const JsonRpcMessage &answer) {
            if (self)
                self->d->embeddedOrigins.remove(localId);
            if (!guard)
                return;
            QMetaObject::invokeMethod(guard, [answered, answer] { answered(answer); }, Qt::QueuedConnection);
        }));
}

bool ClientSession::cancelRequest(const RequestId &id, const QString &reason)
{
    RequestId wireId = id;
    if (const auto exchange = d->exchanges.value(id)) {
        if (!exchange->wireId.isValid()) {
            // Waiting for the person: their questions are withdrawn, and nothing is on the wire to cancel.
            if (!exchange->progressToken.isEmpty())
                d->progressRoutes.remove(exchange->progressToken);
            d->endExchange(exchange, reason);
            d->finishLater(exchange, makeError(ErrorCode::RequestCancelled,
                                               reason.isEmpty() ? QCoreApplication::translate("Toolgate::ClientSession", "the request was cancelled") : reason));
            return true;
        }
        wireId = exchange->wireId;
    }
    for (auto it = d->progressRoutes.begin(); it != d->progressRoutes.end(); ++it) {
        if (it->requestId == wireId) {
            d->progressRoutes.erase(it);
            break;
        }
    }
    return d->peer->cancel(wireId, reason);
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
    const auto it = d->embeddedOrigins.constFind(id);
    if (it == d->embeddedOrigins.cend())
        return std::nullopt;
    return *it;
}

QList<UrlElicitation> ClientSession::urlElicitationsRequiredBy(const Error &error) const
{
    if (!d->urlElicitationCompletion())
        return {};
    return UrlElicitation::listFromError(error);
}


} // namespace Toolgate

#include "moc_clientsession.cpp"
