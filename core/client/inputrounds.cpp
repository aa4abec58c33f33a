#include "core/client/inputrounds.h"

#include "core/client/progressroutes.h"
#include "core/client/serverrequestintake.h"
#include "core/client/sessioncore.h"
#include "core/common/displaytext.h"
#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/jsonrpc/jsonwriter.h"
#include "core/transport/transport.h"

#include <QCoreApplication>

#include <algorithm>

namespace Toolgate {

InputRounds::InputRounds(SessionCore &core, const ServerRequestIntake &intake, ProgressRoutes &progress, ToolLister listTools)
    : m_core(core)
    , m_intake(intake)
    , m_progress(progress)
    , m_listTools(std::move(listTools))
{
}

RequestId InputRounds::start(const std::shared_ptr<Exchange> &exchange)
{
    sendAttempt(exchange);
    exchange->firstId = exchange->wireId;
    // A request that could not be sent is answered (queued) by the peer, and never asks for input.
    if (exchange->firstId.isValid() && m_core.peer().isPending(exchange->firstId))
        m_running.insert(exchange->firstId, exchange);
    return exchange->firstId;
}

bool InputRounds::cancelWhileAsking(const RequestId &firstId, const QString &reason)
{
    const auto exchange = m_running.value(firstId);
    if (!exchange || exchange->wireId.isValid())
        return false;
    if (!exchange->progressToken.isEmpty())
        m_progress.close(exchange->progressToken);
    end(exchange, reason);
    finishLater(exchange, makeError(ErrorCode::RequestCancelled,
                                    reason.isEmpty() ? QCoreApplication::translate("Toolgate::ClientSession", "the request was cancelled") : reason));
    return true;
}

RequestId InputRounds::wireIdOf(const RequestId &firstId) const
{
    const auto exchange = m_running.value(firstId);
    return exchange ? exchange->wireId : firstId;
}

void InputRounds::endWaitingForInput()
{
    const auto running = m_running.values();
    for (const std::shared_ptr<Exchange> &exchange : running) {
        if (exchange->wireId.isValid())
            continue; // the peer answers it (connection closed)
        const QString why = QCoreApplication::translate("Toolgate::ClientSession", "the server disconnected");
        end(exchange, why);
        finishLater(exchange, makeError(ErrorCode::ConnectionClosed, why));
    }
}

RequestId InputRounds::embed(const EmbeddedRequestOrigin &origin)
{
    const RequestId localId(QStringLiteral("input-%1").arg(m_nextInputId++));
    m_origins.insert(localId, origin);
    return localId;
}

void InputRounds::handOut(const InputRequiredResult::Request &request, const EmbeddedRequestOrigin &origin,
                          std::function<void(const JsonRpcMessage &answer)> answered)
{
    const RequestId localId = embed(origin);
    QPointer<InputRounds> self(this);
    m_intake.dispatch(request.method, request.params,
        Responder::forEmbedded(localId, request.paramsOrder, [self, localId, answered = std::move(answered)](const JsonRpcMessage &answer) {
            if (self)
                self->m_origins.remove(localId);
            answered(answer);
        }));
}

std::optional<ClientSession::EmbeddedRequestOrigin> InputRounds::embeddedOrigin(const RequestId &localId) const
{
    const auto it = m_origins.constFind(localId);
    if (it == m_origins.cend())
        return std::nullopt;
    return *it;
}

bool InputRounds::answersInput() const
{
    return m_core.modern() && m_intake.answersAnything();
}

void InputRounds::sendAttempt(const std::shared_ptr<Exchange> &exchange)
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
    QPointer<InputRounds> self(this);
    exchange->wireId = m_core.peer().sendRequestWithParamsJson(exchange->method, params, exchange->context,
        [self, exchange, answerOrder](const Result<QJsonValue> &answer) {
            exchange->wireId = RequestId();
            if (exchange->done)
                return; // answered already (cannot happen while an attempt is on the wire; belt and braces)
            if (self) {
                self->onAttemptAnswered(exchange, answer, *answerOrder);
                return;
            }
            exchange->done = true;
            exchange->finished(answer);
        }, options);
    if (!exchange->progressToken.isEmpty())
        m_progress.retarget(exchange->progressToken, exchange->wireId);
}

void InputRounds::onAttemptAnswered(const std::shared_ptr<Exchange> &exchange, const Result<QJsonValue> &answer,
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
    if (!answer && !exchange->reissued && m_core.mayReissue(exchange->method, answer.error())) {
        qCInfo(lcClient) << exchange->method << "sent again under a new id: its response stream ended before the answer";
        exchange->reissued = true;
        sendAttempt(exchange);
        return;
    }
    end(exchange, {});
    exchange->finished(answer);
}

bool InputRounds::mayRelistForHeaders(const Exchange &exchange, const Error &error) const
{
    return error.code == int(ErrorCode::HeaderMismatch) && m_core.modern() && m_core.state() == SessionCore::State::Ready
        && exchange.relistsOnHeaderMismatch && !exchange.relistedForHeaders && m_core.transport().mirrorsToolArguments();
}

void InputRounds::relistThenResend(const std::shared_ptr<Exchange> &exchange, const Error &refusal)
{
    exchange->relistedForHeaders = true;
    const QString toolName = exchange->subject;
    qCInfo(lcClient) << exchange->method << toolName << "refused with -32020; listing the tools again before one more try";
    QPointer<InputRounds> self(this);
    // Listing the tools hands the new annotations to the transport.
    m_listTools(this, [self, exchange, refusal, toolName](const Result<QList<Tool>> &tools) {
        if (!self || exchange->done)
            return; // cancelled or ended meanwhile
        const bool stillOffered = tools && std::any_of(tools.value().cbegin(), tools.value().cend(),
                                                       [&toolName](const Tool &tool) { return tool.name == toolName; });
        if (tools)
            emit self->toolsListChanged(); // what the person sees may be out of date too
        if (!stillOffered || self->m_core.state() != SessionCore::State::Ready) {
            self->end(exchange, {});
            exchange->finished(Result<QJsonValue>(refusal));
            return;
        }
        self->sendAttempt(exchange);
    });
}

void InputRounds::askForInput(const std::shared_ptr<Exchange> &exchange, const QJsonObject &result, const JsonKeyOrder &order)
{
    Result<InputRequiredResult> asked = InputRequiredResult::parse(result, order);
    if (asked) {
        if (std::optional<Error> refused = refusedRound(*exchange, asked.value()))
            asked = std::move(*refused);
    }
    if (!asked || !exchange->context) {
        end(exchange, {});
        if (!asked)
            finishLater(exchange, asked.error());
        return;
    }
    exchange->round = InputRound{exchange->round.number + 1, {}};
    exchange->responses = QJsonObject();
    exchange->requestState = asked->requestState;
    if (!exchange->contextGone) {
        // Whoever waits for the request is gone: the person is no longer asked on its behalf.
        exchange->contextGone = QObject::connect(exchange->context, &QObject::destroyed, this, [this, firstId = exchange->firstId] {
            if (const auto gone = m_running.value(firstId))
                end(gone, QCoreApplication::translate("Toolgate::ClientSession", "the request that asked for it was closed"));
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
    QPointer<InputRounds> self(this);
    for (const InputRequiredResult::Request &request : std::as_const(asked->requests)) {
        if (exchange->done)
            break;
        const RequestId localId = exchange->waiting.value(request.key);
        m_intake.dispatch(request.method, request.params,
                          Responder::forEmbedded(localId, request.paramsOrder,
                                                 [self, exchange, key = request.key, localId](const JsonRpcMessage &answer) {
                                                     if (self)
                                                         self->inputAnswered(exchange, key, localId, answer);
                                                 }));
    }
}

std::optional<Error> InputRounds::refusedRound(Exchange &exchange, const InputRequiredResult &asked) const
{
    if (exchange.round.number >= ClientSession::maxInputRounds) {
        return makeError(ErrorCode::ProtocolError,
                         QCoreApplication::translate("Toolgate::ClientSession", "the server kept asking for input to finish %1 (%2 rounds); "
                                                                                "Toolgate stopped answering it")
                             .arg(exchange.method)
                             .arg(ClientSession::maxInputRounds));
    }
    if (!asked.requestState)
        return std::nullopt;
    const qint64 bytes = InputRequiredResult::stateBytes(*asked.requestState);
    exchange.requestStateBytes += bytes;
    if (bytes <= ClientSession::maxRequestStateBytes && exchange.requestStateBytes <= ClientSession::maxRequestStateTotalBytes)
        return std::nullopt;
    const bool oneRound = bytes > ClientSession::maxRequestStateBytes;
    qCWarning(lcClient) << exchange.method << "ended: the server's requestState is" << bytes << "bytes in round"
                        << exchange.round.number + 1 << "and" << exchange.requestStateBytes << "bytes in all";
    return makeError(ErrorCode::ProtocolError,
                     (oneRound ? QCoreApplication::translate("Toolgate::ClientSession", "the server asked for input to finish %1 and gave Toolgate "
                                                                                        "%2 of state to send back, more than the %3 a round may have; "
                                                                                        "Toolgate stopped answering it")
                               : QCoreApplication::translate("Toolgate::ClientSession", "the server asked for input to finish %1 and gave Toolgate "
                                                                                        "%2 of state to send back over its rounds, more than the %3 "
                                                                                        "one request may have; Toolgate stopped answering it"))
                         .arg(exchange.method,
                              DisplayText::dataSize(oneRound ? bytes : exchange.requestStateBytes),
                              DisplayText::dataSize(oneRound ? ClientSession::maxRequestStateBytes : ClientSession::maxRequestStateTotalBytes)));
}

void InputRounds::inputAnswered(const std::shared_ptr<Exchange> &exchange, const QString &key, const RequestId &localId,
                                const JsonRpcMessage &answer)
{
    m_origins.remove(localId);
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
        end(exchange, {});
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
        end(exchange, {});
        return;
    }
    if (exchange->onInputRound)
        exchange->onInputRound(exchange->round);
    if (!exchange->done)
        sendAttempt(exchange);
}

void InputRounds::end(const std::shared_ptr<Exchange> &exchange, const QString &withdrawReason)
{
    if (exchange->done)
        return;
    exchange->done = true;
    m_running.remove(exchange->firstId);
    QObject::disconnect(exchange->contextGone);
    const QHash<QString, RequestId> waiting = std::exchange(exchange->waiting, {});
    for (const RequestId &localId : waiting) {
        m_origins.remove(localId);
        emit serverRequestCancelled(localId, withdrawReason);
    }
}

void InputRounds::finishLater(const std::shared_ptr<Exchange> &exchange, const Error &error)
{
    if (!exchange->context)
        return;
    QMetaObject::invokeMethod(exchange->context, [exchange, error] { exchange->finished(Result<QJsonValue>(error)); },
                              Qt::QueuedConnection);
}

} // namespace Toolgate

#include "moc_inputrounds.cpp"
