#include "core/client/clientsession.h"

#include "core/client/progressroutes.h"
#include "core/client/readcache.h"
#include "core/client/serverrequestintake.h"
#include "core/client/sessioncore.h"
#include "core/client/sessionopening.h"
#include "core/client/urlelicitationtracker.h"
#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/jsonrpc/jsonwriter.h"
#include "core/protocol/inputrequired.h"
#include "core/protocol/page.h"
#include "core/protocol/protocolversion.h"
#include "core/protocol/requestenvelope.h"
#include "core/protocol/subscriptions.h"
#include "core/protocol/task.h"
#include "core/transport/requestheaders.h"
#include "core/transport/transport.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QHash>
#include <QPointer>
#include <QTimer>

#include <algorithm>
#include <type_traits>

namespace Toolgate {

namespace {

/// A modern request's error in words a person can act on (basic/index.mdx error codes). The code and
/// data stay the server's.
Error explainModernError(Error error, const QString &method, const QString &uri, const QString &version)
{
    // resources/read: 2026-07-28 says "resource not found" with -32602 (older servers -32002); elsewhere
    // -32602 keeps meaning invalid params.
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

/// The error for an answer whose result is no object.
Error notAnObject(const QString &method)
{
    return makeError(ErrorCode::ProtocolError,
                     QCoreApplication::translate("Toolgate::ClientSession", "the server's answer to %1 is not an object").arg(method));
}

/// A 2026-07-28 result's resultType (basic/index.mdx): absent or "complete" is a final answer; an
/// unknown value makes the result invalid. An input_required that reaches this is one the session could
/// not follow: the method may not ask (mayAskForInput false), or Toolgate declared nothing to ask for.
std::optional<Error> resultTypeProblem(const QJsonObject &result, const QString &method, bool mayAskForInput)
{
    const QJsonValue type = result.value(QLatin1String("resultType"));
    if (type.isUndefined() || type == QJsonValue(QLatin1String("complete")))
        return std::nullopt;
    if (type == QJsonValue(QLatin1String("input_required"))) {
        if (!mayAskForInput) {
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

constexpr int maxPages = 1000;

/// Of the requests sent here, those a 2026-07-28 server may answer with an InputRequiredResult
/// (basic/mrtr.mdx). The third that may, the tool call, has a path of its own (ClientSession::callTool()).
bool mayAskForInput(const QString &method)
{
    return method == QLatin1String("resources/read") || method == QLatin1String("prompts/get");
}

/// The checks every answer gets before it is read. modernVersion: the revision the request was sent
/// in, nullopt in the legacy era, where errors stay as the server said them and there is no resultType.
/// It is the one the request was sent under: the session may be gone when a pending request is answered.
Result<QJsonObject> checkedAnswer(const Result<QJsonValue> &result, const QString &method, const QString &uri,
                                  const std::optional<QString> &modernVersion)
{
    if (!result)
        return modernVersion ? explainModernError(result.error(), method, uri, *modernVersion) : result.error();
    if (!result.value().isObject())
        return notAnObject(method);
    const QJsonObject answer = result.value().toObject();
    if (modernVersion) {
        if (const auto problem = resultTypeProblem(answer, method, mayAskForInput(method)))
            return *problem;
    }
    return answer;
}

/// What a list's items are called in messages, from its result key.
QString itemsName(const QString &key)
{
    return key == QLatin1String("resourceTemplates") ? QStringLiteral("resource templates") : key;
}

// Page::fromJson reads the object items of the array, in order, and skips the rest.
void assignKeyOrders(QList<Tool> &tools, const QJsonArray &array, const JsonKeyOrder &arrayOrder)
{
    qsizetype next = 0;
    for (qsizetype i = 0; i < array.size() && next < tools.size(); ++i) {
        if (array.at(i).isObject())
            tools[next++].rawOrder = arrayOrder.element(i);
    }
}

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
    {
        installNotificationHandlers();
    }

    ClientSession *q;
    SessionCore core;
    UrlElicitationTracker urlElicitations;
    ServerRequestIntake intake;
    ProgressRoutes progress;
    SessionOpening opening;

    /// One tools/call, resources/read or prompts/get, followed through the InputRequiredResults a
    /// 2026-07-28 server may answer it with (MRTR): each round's embedded requests go to the intake, and
    /// the request is sent again, under a new id, with their answers and the requestState.
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
        /// A tool call: refused with -32020 because its Mcp-Param-* headers no longer match what the server
        /// declares, it is sent once more after the tools are listed again (2026-07-28 over HTTP).
        bool relistsOnHeaderMismatch = false;
        QString subject; ///< the tool's name, the resource's URI or the prompt's name (EmbeddedRequestOrigin)
        RequestId firstId;
        RequestId wireId; ///< the attempt on the wire; invalid while the person is asked
        InputRound round;
        QHash<QString, RequestId> waiting; ///< input key → the local id its request was handed out under
        QJsonObject responses;
        std::optional<QString> requestState;
        QMetaObject::Connection contextGone;
        bool done = false;
        bool relistedForHeaders = false; ///< the tools were listed again for it, once
        bool reissued = false; ///< sent again once under a new id after its response stream broke
    };
    QHash<RequestId, std::shared_ptr<Exchange>> exchanges; // by first id, while it runs
    QHash<RequestId, EmbeddedRequestOrigin> embeddedOrigins; // by local id, until answered
    qint64 nextInputId = 1;

    RequestId startExchange(const std::shared_ptr<Exchange> &exchange);
    bool cancelWhileAsking(const RequestId &firstId, const QString &reason);
    RequestId wireIdOf(const RequestId &firstId) const;
    void endExchangesWaitingForInput();
    RequestId embed(const EmbeddedRequestOrigin &origin);
    void handOut(const InputRequiredResult::Request &request, const EmbeddedRequestOrigin &origin,
                 std::function<void(const JsonRpcMessage &answer)> answered);
    bool answersInput() const;
    void sendAttempt(const std::shared_ptr<Exchange> &exchange);
    void onAttemptAnswered(const std::shared_ptr<Exchange> &exchange, const Result<QJsonValue> &answer, const JsonKeyOrder &order);
    void askForInput(const std::shared_ptr<Exchange> &exchange, const QJsonObject &result, const JsonKeyOrder &order);
    void inputAnswered(const std::shared_ptr<Exchange> &exchange, const QString &key, const RequestId &localId,
                       const JsonRpcMessage &answer);
    void endExchange(const std::shared_ptr<Exchange> &exchange, const QString &withdrawReason);
    void finishLater(const std::shared_ptr<Exchange> &exchange, const Error &error);
    bool mayRelistForHeaders(const Exchange &exchange, const Error &error) const;
    void relistThenResend(const std::shared_ptr<Exchange> &exchange, const Error &refusal);

    /// Sends method and converts its object result with convert (which returns T or Result<T>).
    /// onInputRound: for a request that may be answered with input_required, told of each round (see
    /// CallOptions::onInputRound).
    template<typename T, typename Convert>
    void request(const QString &method, const QJsonObject &params, QObject *context, Callback<T> callback, Convert convert,
                 std::function<void(const InputRound &)> onInputRound = {})
    {
        send(method, params, context,
             [callback = std::move(callback), convert = std::move(convert)](const Result<QJsonObject> &answer) {
                 if (answer)
                     callback(Result<T>(convert(answer.value())));
                 else
                     callback(Result<T>(answer.error()));
             },
             std::move(onInputRound));
    }
    void send(const QString &method, const QJsonObject &params, QObject *context,
              std::function<void(const Result<QJsonObject> &)> answered, std::function<void(const InputRound &)> onInputRound);
    /// Fetches every page of a paginated list, following nextCursor, up to maxPages pages and
    /// maxListItems items: beyond those the server is told about in protocolViolation and the
    /// first maxListItems are kept, so a server sending page after page cannot exhaust memory.
    template<typename T>
    void listAll(const QString &method, const QString &key, QObject *context, Callback<QList<T>> callback,
                 QList<T> sofar = {}, std::optional<QString> cursor = std::nullopt, int page = 0);
    void mirrorToolArguments(QList<Tool> &tools);
    /// Sends a request that is not an Exchange, sending it again once under a new id when
    /// SessionCore::mayReissue().
    void sendRequest(const QString &method, const QJsonObject &params, QObject *context,
                     JsonRpcPeer::ResponseHandler handler, const JsonRpcPeer::RequestOptions &options);
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

RequestId ClientSession::Private::startExchange(const std::shared_ptr<Exchange> &exchange)
{
    sendAttempt(exchange);
    exchange->firstId = exchange->wireId;
    // A request that could not be sent is answered (queued) by the peer, and never asks for input.
    if (exchange->firstId.isValid() && core.peer().isPending(exchange->firstId))
        exchanges.insert(exchange->firstId, exchange);
    return exchange->firstId;
}

bool ClientSession::Private::cancelWhileAsking(const RequestId &firstId, const QString &reason)
{
    const auto exchange = exchanges.value(firstId);
    if (!exchange || exchange->wireId.isValid())
        return false;
    if (!exchange->progressToken.isEmpty())
        progress.close(exchange->progressToken);
    endExchange(exchange, reason);
    finishLater(exchange, makeError(ErrorCode::RequestCancelled,
                                    reason.isEmpty() ? QCoreApplication::translate("Toolgate::ClientSession", "the request was cancelled") : reason));
    return true;
}

RequestId ClientSession::Private::wireIdOf(const RequestId &firstId) const
{
    const auto exchange = exchanges.value(firstId);
    return exchange ? exchange->wireId : firstId;
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

RequestId ClientSession::Private::embed(const EmbeddedRequestOrigin &origin)
{
    const RequestId localId(QStringLiteral("input-%1").arg(nextInputId++));
    embeddedOrigins.insert(localId, origin);
    return localId;
}

void ClientSession::Private::handOut(const InputRequiredResult::Request &request, const EmbeddedRequestOrigin &origin,
                                     std::function<void(const JsonRpcMessage &answer)> answered)
{
    const RequestId localId = embed(origin);
    QPointer<ClientSession> session(q);
    intake.dispatch(request.method, request.params,
        Responder::forEmbedded(localId, request.paramsOrder, [session, localId, answered = std::move(answered)](const JsonRpcMessage &answer) {
            if (session)
                session->d->embeddedOrigins.remove(localId);
            answered(answer);
        }));
}

bool ClientSession::Private::answersInput() const
{
    return core.modern() && intake.answersAnything();
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
    exchange->wireId = core.peer().sendRequestWithParamsJson(exchange->method, params, exchange->context,
        [session, exchange, answerOrder](const Result<QJsonValue> &answer) {
            exchange->wireId = RequestId();
            if (exchange->done)
                return; // answered already (cannot happen while an attempt is on the wire; belt and braces)
            if (session) {
                session->d->onAttemptAnswered(exchange, answer, *answerOrder);
                return;
            }
            exchange->done = true;
            exchange->finished(answer);
        }, options);
    if (!exchange->progressToken.isEmpty())
        progress.retarget(exchange->progressToken, exchange->wireId);
}

void ClientSession::Private::onAttemptAnswered(const std::shared_ptr<Exchange> &exchange, const Result<QJsonValue> &answer,
                                               const JsonKeyOrder &order)
{
    if (answer && answer.value().isObject() && answersInput() && InputRequiredResult::isInputRequired(answer.value().toObject())) {
        askForInput(exchange, answer.value().toObject(), order);
        return;
    }
    if (!answer && mayRelistForHeaders(*exchange, answer.error())) {
        relistThenResend(exchange, answer.error());
        return;
    }
    if (!answer && !exchange->reissued && core.mayReissue(exchange->method, answer.error())) {
        qCInfo(lcClient) << exchange->method << "sent again under a new id: its response stream ended before the answer";
        exchange->reissued = true;
        sendAttempt(exchange);
        return;
    }
    endExchange(exchange, {});
    exchange->finished(answer);
}

bool ClientSession::Private::mayRelistForHeaders(const Exchange &exchange, const Error &error) const
{
    return error.code == int(ErrorCode::HeaderMismatch) && core.modern() && core.state() == State::Ready
        && exchange.relistsOnHeaderMismatch && !exchange.relistedForHeaders && core.transport().mirrorsToolArguments();
}

void ClientSession::Private::relistThenResend(const std::shared_ptr<Exchange> &exchange, const Error &refusal)
{
    exchange->relistedForHeaders = true;
    const QString toolName = exchange->subject;
    qCInfo(lcClient) << exchange->method << toolName << "refused with -32020; listing the tools again before one more try";
    QPointer<ClientSession> session(q);
    // Listing the tools hands the new annotations to the transport.
    q->listTools(q, [session, exchange, refusal, toolName](const Result<QList<Tool>> &tools) {
        if (!session || exchange->done)
            return; // cancelled or ended meanwhile
        Private *d = session->d.get();
        const bool stillOffered = tools && std::any_of(tools.value().cbegin(), tools.value().cend(),
                                                       [&toolName](const Tool &tool) { return tool.name == toolName; });
        if (tools)
            emit session->toolsListChanged(); // what the person sees may be out of date too
        if (!stillOffered || d->core.state() != State::Ready) {
            d->endExchange(exchange, {});
            exchange->finished(Result<QJsonValue>(refusal));
            return;
        }
        d->sendAttempt(exchange);
    });
}

void ClientSession::Private::askForInput(const std::shared_ptr<Exchange> &exchange, const QJsonObject &result, const JsonKeyOrder &order)
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
        const RequestId localId = embed({exchange->method, exchange->firstId, exchange->round.number, exchange->auditCallId,
                                         exchange->subject});
        exchange->waiting.insert(request.key, localId);
        exchange->round.inputs.append({request.key, request.method, request.params, {}});
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
        intake.dispatch(request.method, request.params,
                        Responder::forEmbedded(localId, request.paramsOrder,
                                               [session, exchange, key = request.key, localId](const JsonRpcMessage &answer) {
                                                   if (session)
                                                       session->d->inputAnswered(exchange, key, localId, answer);
                                               }));
    }
}

void ClientSession::Private::inputAnswered(const std::shared_ptr<Exchange> &exchange, const QString &key, const RequestId &localId,
                                           const JsonRpcMessage &answer)
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

void ClientSession::Private::send(const QString &method, const QJsonObject &params, QObject *context,
                                  std::function<void(const Result<QJsonObject> &)> answered, std::function<void(const InputRound &)> onInputRound)
{
    QPointer<UrlElicitationTracker> tracker(&urlElicitations);
    const std::optional<QString> version = core.modern() ? std::optional(core.modernVersion()) : std::nullopt;
    const QString uri = params.value(QLatin1String("uri")).toString();
    JsonRpcPeer::ResponseHandler finished = [tracker, answered = std::move(answered), method, version,
                                             uri](const Result<QJsonValue> &result) {
        if (!result && tracker)
            tracker->noteRequestError(result.error());
        answered(checkedAnswer(result, method, uri, version));
    };
    if (!mayAskForInput(method)) {
        sendRequest(method, core.withEnvelope(params), context, std::move(finished), core.requestOptions());
        return;
    }
    auto exchange = std::make_shared<Exchange>();
    exchange->method = method;
    JsonWriter::appendObject(exchange->params, core.withEnvelope(params));
    exchange->requestOptions = core.requestOptions();
    exchange->context = context;
    exchange->finished = std::move(finished);
    exchange->onInputRound = std::move(onInputRound);
    exchange->subject = params.value(QLatin1String(method == QLatin1String("resources/read") ? "uri" : "name")).toString();
    startExchange(exchange);
}

template<typename T>
void ClientSession::Private::listAll(const QString &method, const QString &key, QObject *context, Callback<QList<T>> callback,
                                     QList<T> sofar, std::optional<QString> cursor, int page)
{
    QJsonObject params;
    if (cursor)
        params.insert(QLatin1String("cursor"), *cursor);
    QPointer<ClientSession> self(q);
    JsonRpcPeer::RequestOptions options = core.requestOptions();
    // A tool's form asks its fields in the order the server wrote them: read that order too.
    auto pageOrder = std::make_shared<JsonKeyOrder>();
    if constexpr (std::is_same_v<T, Tool>)
        options.resultKeyOrder = [pageOrder](const JsonKeyOrder &order) { *pageOrder = order; };
    const std::optional<QString> version = core.modern() ? std::optional(core.modernVersion()) : std::nullopt;
    sendRequest(method, core.withEnvelope(params), context,
        [self, method, key, context, callback = std::move(callback), sofar = std::move(sofar), cursor, page,
         pageOrder, version](const Result<QJsonValue> &result) mutable {
            const Result<QJsonObject> answer = checkedAnswer(result, method, {}, version);
            if (!answer) {
                callback(Result<QList<T>>(answer.error()));
                return;
            }
            Page<T> thisPage = Page<T>::fromJson(answer.value(), key, maxListItems - sofar.size());
            if constexpr (std::is_same_v<T, Tool>)
                assignKeyOrders(thisPage.items, answer.value().value(key).toArray(), pageOrder->member(key));
            sofar.append(thisPage.items);
            const bool capped = thisPage.skipped > 0 || (sofar.size() >= maxListItems && thisPage.nextCursor);
            if (capped && self) {
                const QString warning = QCoreApplication::translate("Toolgate::ClientSession", "the server offers more than %1 %2 (%3); showing the first %1")
                                            .arg(maxListItems)
                                            .arg(itemsName(key), method);
                qCWarning(lcClient) << warning;
                emit self->protocolViolation(warning);
            }
            if (!thisPage.nextCursor || capped) {
                if constexpr (std::is_same_v<T, Tool>) {
                    // A broken definition is listed, not dropped: but the person hears what is wrong.
                    for (const QString &problem : Tool::listProblems(sofar)) {
                        if (!self)
                            break;
                        emit self->protocolViolation(problem);
                    }
                    if (self && version)
                        self->d->mirrorToolArguments(sofar);
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
            if (!self || self->d->core.state() != SessionCore::State::Ready) {
                callback(Result<QList<T>>(makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::ClientSession", "the connection closed while listing"))));
                return;
            }
            self->d->listAll<T>(method, key, context, std::move(callback), std::move(sofar), thisPage.nextCursor, page + 1);
        }, options);
}

/// 2026-07-28 over HTTP: tells the transport which arguments of which tool go into Mcp-Param-*
/// headers, and drops the tools whose x-mcp-header annotations are invalid, as the spec requires
/// (a request for them could not be sent correctly), saying why.
void ClientSession::Private::mirrorToolArguments(QList<Tool> &tools)
{
    Transport &transport = core.transport();
    if (!transport.mirrorsToolArguments())
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
    transport.setToolArgumentHeaders(headers);
}

void ClientSession::Private::sendRequest(const QString &method, const QJsonObject &params, QObject *context,
                                         JsonRpcPeer::ResponseHandler handler, const JsonRpcPeer::RequestOptions &options)
{
    QPointer<ClientSession> self(q);
    QPointer<QObject> alive(context);
    core.peer().sendRequest(method, params, context,
        [self, alive, method, params, handler, options](const Result<QJsonValue> &answer) {
            if (self && alive && !answer && self->d->core.mayReissue(method, answer.error())) {
                qCInfo(lcClient) << method << "sent again under a new id: its response stream ended before the answer";
                self->d->core.peer().sendRequest(method, params, alive.data(), handler, options); // once: no second wrap
                return;
            }
            handler(answer);
        }, options);
}

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
        request<std::monostate>(subscribe ? QStringLiteral("resources/subscribe") : QStringLiteral("resources/unsubscribe"),
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
            d->endExchangesWaitingForInput();
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
    d->request<std::monostate>(QStringLiteral("ping"), {}, context, std::move(callback),
                                        [](const QJsonObject &) { return std::monostate(); });
}

void ClientSession::listTools(QObject *context, Callback<QList<Tool>> callback)
{
    if (!d->core.ensureFeature(d->core.offered().tools, QStringLiteral("tools"), context, callback))
        return;
    d->listAll<Tool>(QStringLiteral("tools/list"), QStringLiteral("tools"), context, std::move(callback));
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
    auto exchange = std::make_shared<Private::Exchange>();
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
                callback(Result<CallToolResult>(modern ? explainModernError(result.error(), QStringLiteral("tools/call"), {}, version)
                                                       : result.error()));
            else if (!result.value().isObject())
                callback(Result<CallToolResult>(makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::ClientSession", "the server's tools/call answer is not an object"))));
            else if (const auto problem = modern ? resultTypeProblem(result.value().toObject(), QStringLiteral("tools/call"), true) : std::nullopt)
                callback(Result<CallToolResult>(*problem));
            else {
                Result<CallToolResult> parsed = CallToolResult::parse(result.value().toObject());
                if (parsed)
                    parsed.value().rawOrder = *resultOrder;
                callback(parsed);
            }
        };
    const RequestId id = d->startExchange(exchange);
    if (!token.isEmpty() && d->core.peer().isPending(id))
        d->progress.open(token, id, options.onProgress);
    return id;
}

void ClientSession::listResources(QObject *context, Callback<QList<Resource>> callback)
{
    if (!d->core.ensureFeature(d->core.offered().resources, QStringLiteral("resources"), context, callback))
        return;
    d->listAll<Resource>(QStringLiteral("resources/list"), QStringLiteral("resources"), context, std::move(callback));
}

void ClientSession::listResourceTemplates(QObject *context, Callback<QList<ResourceTemplate>> callback)
{
    if (!d->core.ensureFeature(d->core.offered().resources, QStringLiteral("resources"), context, callback))
        return;
    d->listAll<ResourceTemplate>(QStringLiteral("resources/templates/list"), QStringLiteral("resourceTemplates"),
                                          context, std::move(callback));
}

void ClientSession::readResource(const QString &uri, QObject *context, Callback<ReadResourceResult> callback)
{
    if (!d->core.ensureFeature(d->core.offered().resources, QStringLiteral("resources"), context, callback))
        return;
    if (!d->core.modern()) {
        d->request<ReadResourceResult>(QStringLiteral("resources/read"), {{QLatin1String("uri"), uri}}, context,
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
    d->request<ReadResourceResult>(
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
    d->listAll<Prompt>(QStringLiteral("prompts/list"), QStringLiteral("prompts"), context, std::move(callback));
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
    d->request<GetPromptResult>(QStringLiteral("prompts/get"), params, context, std::move(callback),
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
    d->request<CompleteResult>(QStringLiteral("completion/complete"), params, context, std::move(callback),
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
    d->request<std::monostate>(QStringLiteral("logging/setLevel"), {{QLatin1String("level"), toString(level)}},
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
                callback(Result<Task>(modern ? explainModernError(answer.error(), QStringLiteral("tasks/get"), {}, version)
                                             : answer.error()));
                return;
            }
            if (!answer.value().isObject()) {
                callback(Result<Task>(notAnObject(QStringLiteral("tasks/get"))));
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
                callback(Result<CallToolResult>(notAnObject(QStringLiteral("tasks/result"))));
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
    d->request<std::monostate>(QStringLiteral("tasks/update"), params, context, std::move(callback),
                                       [](const QJsonObject &) { return std::monostate(); });
}

void ClientSession::cancelTask(const QString &taskId, const std::optional<QString> &requestState, QObject *context,
                               Callback<std::optional<Task>> callback)
{
    if (!d->core.ensureReady(context, [callback](const Error &e) { callback(Result<std::optional<Task>>(e)); }))
        return;
    const bool modern = d->core.modern();
    d->releaseTaskProgress(taskId);
    d->request<std::optional<Task>>(QStringLiteral("tasks/cancel"), d->taskParams(taskId, requestState), context, std::move(callback),
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
    EmbeddedRequestOrigin named = origin;
    if (named.method.isEmpty())
        named.method = QStringLiteral("tools/call"); // the one request the tasks extension augments (SEP-2663)
    d->handOut(request, named, [guard = QPointer<QObject>(context), answered = std::move(answered)](const JsonRpcMessage &answer) {
        if (!guard)
            return;
        QMetaObject::invokeMethod(guard, [answered, answer] { answered(answer); }, Qt::QueuedConnection);
    });
}

bool ClientSession::cancelRequest(const RequestId &id, const QString &reason)
{
    if (d->cancelWhileAsking(id, reason))
        return true;
    const RequestId wireId = d->wireIdOf(id);
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
    const auto it = d->embeddedOrigins.constFind(id);
    if (it == d->embeddedOrigins.cend())
        return std::nullopt;
    return *it;
}

QList<UrlElicitation> ClientSession::urlElicitationsRequiredBy(const Error &error) const
{
    return d->urlElicitations.requiredBy(error);
}

} // namespace Toolgate

#include "moc_clientsession.cpp"
