#include "core/peer/jsonrpcpeer.h"

#include "core/common/logging.h"
#include "core/common/error.h"
#include "core/transport/transport.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QScopeGuard>
#include <QJsonArray>
#include <QJsonDocument>
#include <QHash>
#include <QPointer>
#include <QPromise>
#include <QRegularExpression>
#include <QSet>
#include <QThreadPool>
#include <QTimer>

#include <deque>
#include <optional>

namespace Toolgate {

using Clock = std::chrono::steady_clock;

namespace {

// The "id" of a response that cannot be parsed (invalid UTF-8, nesting too deep, cut short), read
// from the top level of the object only — an "id" inside a result is never taken for it — so the
// request it answers fails at once instead of waiting out its timeout. nullopt for anything that
// is not recognisably a response (a batch, a request with "method", no id).
std::optional<RequestId> unreadableResponseId(QByteArrayView text)
{
    qsizetype i = 0;
    const qsizetype n = text.size();
    const auto skipSpace = [&] {
        while (i < n && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
            ++i;
    };
    skipSpace();
    if (i >= n || text[i] != '{')
        return std::nullopt;
    ++i;
    int depth = 1;
    bool expectKey = true;
    bool response = false;
    std::optional<RequestId> id;
    while (i < n && depth > 0) {
        const char c = text[i];
        if (c == '"') {
            const qsizetype start = ++i;
            while (i < n && text[i] != '"')
                i += text[i] == '\\' ? 2 : 1;
            if (i >= n)
                break;
            const QByteArrayView string = text.sliced(start, i - start);
            ++i;
            if (depth != 1 || !expectKey)
                continue;
            skipSpace();
            if (i >= n || text[i] != ':')
                continue;
            ++i;
            expectKey = false;
            if (string == "method")
                return std::nullopt; // a request or notification, not an answer
            if (string == "result" || string == "error")
                response = true;
            if (string != "id")
                continue;
            skipSpace();
            qsizetype end = i;
            if (end < n && text[end] == '"') {
                ++end;
                while (end < n && text[end] != '"')
                    end += text[end] == '\\' ? 2 : 1;
                ++end;
            } else {
                while (end < n && (text[end] == '-' || (text[end] >= '0' && text[end] <= '9')))
                    ++end;
            }
            if (end > n || end == i)
                return std::nullopt;
            const QJsonDocument value = QJsonDocument::fromJson("[" + text.sliced(i, end - i).toByteArray() + "]");
            id = RequestId::fromJson(value.array().at(0));
            if (!id->isValid())
                return std::nullopt;
            i = end;
            // Keys come in any order: an "id" before "result" is the usual case; once both are
            // known the rest (the large part) need not be read.
            if (response)
                return id;
            continue;
        }
        if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        } else if (depth == 1 && c == ',') {
            expectKey = true;
        }
        ++i;
    }
    return response ? id : std::nullopt;
}

} // namespace

struct Responder::State
{
    /// Sends the answer: over the peer's transport, or to whoever waits for an embedded request.
    std::function<void(const JsonRpcMessage &)> send;
    RequestId id;
    JsonKeyOrder paramsOrder;
    bool answered = false;
    bool cancelled = false;

    void answer(const JsonRpcMessage &message)
    {
        if (answered)
            return;
        answered = true;
        if (!cancelled && send)
            send(message);
    }
    ~State()
    {
        if (!answered)
            answer(JsonRpcMessage::errorResponse(
                id, makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::JsonRpcPeer", "the request was dropped without an answer"))));
    }
};

void Responder::respond(const QJsonValue &result) const
{
    if (m_state)
        m_state->answer(JsonRpcMessage::response(m_state->id, result.isUndefined() ? QJsonObject() : result));
}

void Responder::respondError(const Error &error) const
{
    if (m_state)
        m_state->answer(JsonRpcMessage::errorResponse(m_state->id, error));
}

bool Responder::isAnswered() const { return !m_state || m_state->answered; }
bool Responder::isCancelled() const { return m_state && m_state->cancelled; }
RequestId Responder::id() const { return m_state ? m_state->id : RequestId(); }
JsonKeyOrder Responder::paramsOrder() const { return m_state ? m_state->paramsOrder : JsonKeyOrder(); }

Responder Responder::forEmbedded(const RequestId &id, const JsonKeyOrder &paramsOrder,
                                 std::function<void(const JsonRpcMessage &answer)> deliver)
{
    auto state = std::make_shared<State>();
    state->id = id;
    state->paramsOrder = paramsOrder;
    state->send = std::move(deliver);
    Responder responder;
    responder.m_state = std::move(state);
    return responder;
}

class JsonRpcPeer::Private
{
public:
    struct Pending
    {
        QPointer<QObject> context;
        ResponseHandler handler;
        QString method;
        Clock::time_point deadline;
        Clock::time_point hardDeadline;
        std::chrono::milliseconds timeout;
        std::function<void(const JsonKeyOrder &)> resultKeyOrder;
        qsizetype resultKeyOrderLimit;
    };

    JsonRpcPeer *q;
    QPointer<Transport> transport;
    JsonRpcPeer::Remote remote = JsonRpcPeer::Remote::Server;

    // Whole sentences for each side, so a translation can word each as its language needs.
    QString said(const char *aboutServer, const char *aboutClient) const
    {
        return QCoreApplication::translate("Toolgate::JsonRpcPeer", remote == JsonRpcPeer::Remote::Client ? aboutClient : aboutServer);
    }
    qint64 nextId = 1;
    QHash<RequestId, Pending> pending;
    // Ids we gave up on (timeout, cancel): a late answer to them is expected, not a violation.
    QSet<RequestId> abandoned;
    QHash<QString, RequestHandler> requestHandlers;
    QHash<QString, NotificationHandler> notificationHandlers;
    NotificationHandler fallbackNotificationHandler;
    QHash<RequestId, std::weak_ptr<Responder::State>> incoming;
    QByteArrayView currentText; // while handleText() dispatches a lone message: its text
    const JsonKeyOrder *currentKeyOrder = nullptr; // and its key order, when it was read on a pool thread

    // The key order of the lone message being dispatched: read on the pool thread, or read now if
    // its text is no longer than limit; else empty (sorted keys).
    JsonKeyOrder currentOrder(qsizetype limit) const
    {
        if (currentKeyOrder)
            return *currentKeyOrder;
        if (!currentText.isEmpty() && currentText.size() <= limit)
            return JsonKeyOrder::fromJson(currentText);
        return {};
    }
    QTimer deadlineTimer;
    Clock::time_point armedFor = Clock::time_point::max();

    // A parse, and for text that is not JSON at all the id of the request it seems to answer.
    struct Parsed
    {
        Result<QList<JsonRpcMessage>> messages;
        std::optional<RequestId> unreadableId;
        /// A lone message parsed on a pool thread (up to maxKeyOrderText): its key order, read there too.
        std::optional<JsonKeyOrder> keyOrder;
    };
    static Parsed parse(const QByteArray &text)
    {
        Parsed parsed{JsonRpcMessage::parse(text), std::nullopt, std::nullopt};
        if (!parsed.messages && parsed.messages.error().code == int(ErrorCode::ParseError))
            parsed.unreadableId = unreadableResponseId(text);
        return parsed;
    }

    // What the transport delivered, in arrival order. Usually empty: a message is handled the
    // moment it arrives. A large one is parsed on a pool thread instead, because Qt's JSON
    // parser takes tens of milliseconds per megabyte and a tool may answer with many megabytes
    // (the GUI would freeze meanwhile); whatever arrives after it — messages, a dropped
    // message, the end of the connection — waits here so the order is never changed: a
    // response is handled before the close that follows it, so it is not failed as "closed".
    static constexpr qsizetype backgroundParseThreshold = JsonRpcPeer::backgroundParseThreshold;
    struct Inbound
    {
        enum class Kind { Message, Dropped, Ended, Closed } kind = Kind::Message;
        QByteArray text; // Message: its text; Dropped: its first bytes
        qint64 size = 0;
        qint64 limit = 0;
        quint64 sequence = 0;
        bool parsingInBackground = false;
        std::optional<Parsed> parsed;
        std::optional<Error> error; // Ended: why
    };
    std::deque<Inbound> inbound;
    quint64 nextInboundSequence = 0;
    bool draining = false;

    // Set once the remote side can send nothing more (Transport::receivingEnded): every request
    // fails at once with it, as no answer can come.
    std::optional<Error> receivingEnded;

    // True when what just arrived may be handled at once: nothing before it waits to be handled.
    bool nothingWaiting() const { return inbound.empty() && !draining; }


    void onMessageReceived(const QByteArray &text)
    {
        if (nothingWaiting() && text.size() < backgroundParseThreshold) {
            handleText(text, parse(text));
            return;
        }
        Inbound item;
        item.text = text;
        item.sequence = nextInboundSequence++;
        if (text.size() >= backgroundParseThreshold)
            parseInBackground(item);
        inbound.push_back(std::move(item));
        drain();
    }

    void enqueue(Inbound item)
    {
        item.sequence = nextInboundSequence++;
        inbound.push_back(std::move(item));
        drain();
    }

    void parseInBackground(Inbound &item)
    {
        item.parsingInBackground = true;
        // The result travels through a shared slot; the future only says when it is there.
        // The watcher is our child: if we are destroyed first, nothing is delivered.
        auto slot = std::make_shared<std::optional<Parsed>>();
        auto promise = std::make_shared<QPromise<void>>();
        auto *watcher = new QFutureWatcher<void>(q);
        const quint64 sequence = item.sequence;
        QObject::connect(watcher, &QFutureWatcherBase::finished, q, [this, watcher, slot, sequence] {
            watcher->deleteLater();
            for (Inbound &waiting : inbound) {
                if (waiting.sequence == sequence) {
                    waiting.parsed = std::move(*slot);
                    break;
                }
            }
            drain();
        });
        watcher->setFuture(promise->future());
        promise->start();
        QThreadPool::globalInstance()->start([promise, slot, text = item.text] {
            *slot = parse(text);
            // Where the order of the keys is wanted (tool results people read raw, schemas), it would
            // cost a second read of the text on the GUI thread; here it costs nothing there.
            if (text.size() <= JsonRpcPeer::RequestOptions::maxKeyOrderText && (*slot)->messages && (*slot)->messages.value().size() == 1)
                (*slot)->keyOrder = JsonKeyOrder::fromJson(text);
            promise->finish();
        });
    }

    // Handles queued items from the front until one is still being parsed.
    void drain()
    {
        if (draining)
            return; // the outer drain() goes on once the handler it is in returns
        draining = true;
        QPointer<JsonRpcPeer> guard(q);
        while (!inbound.empty()) {
            Inbound &front = inbound.front();
            if (front.parsingInBackground && !front.parsed)
                break;
            Inbound item = std::move(front);
            inbound.pop_front();
            switch (item.kind) {
            case Inbound::Kind::Message:
                handleText(item.text, item.parsed ? std::move(*item.parsed) : parse(item.text));
                break;
            case Inbound::Kind::Dropped:
                handleDroppedMessage(item.text, item.size, item.limit);
                break;
            case Inbound::Kind::Ended:
                endReceiving(*item.error);
                break;
            case Inbound::Kind::Closed:
                q->failAllPending(makeError(ErrorCode::ConnectionClosed, said(QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the connection to the server closed"), QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the connection to the client closed"))));
                break;
            }
            if (!guard)
                return; // a handler destroyed us, and this object with it
        }
        draining = false;
    }

    void endReceiving(const Error &error)
    {
        receivingEnded = error;
        q->failAllPending(error);
    }

    void handleText(const QByteArray &text, const Parsed &parsed)
    {
        if (!parsed.messages) {
            const Error &error = parsed.messages.error();
            // Unreadable, but plainly the answer to a request: that request fails now, not at its timeout.
            if (parsed.unreadableId && pending.contains(*parsed.unreadableId)) {
                Pending entry = pending.take(*parsed.unreadableId);
                const QString method = entry.method;
                deliverQueued(std::move(entry),
                              makeError(ErrorCode::ProtocolError,
                                        said(QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the server's answer to %1 could not be read (%2)"), QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the client's answer to %1 could not be read (%2)")).arg(method, error.message)));
                armTimer();
            }
            emit q->protocolViolation(said(QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the server sent an invalid message (%1): %2"), QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the client sent an invalid message (%1): %2"))
                                          .arg(error.message, QString::fromUtf8(text.left(200))));
            return;
        }
        QPointer<JsonRpcPeer> guard(q);
        // The text of a lone message, for answers whose key order is asked for.
        currentText = parsed.messages.value().size() == 1 ? QByteArrayView(text) : QByteArrayView();
        currentKeyOrder = parsed.keyOrder ? &*parsed.keyOrder : nullptr;
        const auto forget = qScopeGuard([this, guard] {
            if (guard) {
                currentText = {};
                currentKeyOrder = nullptr;
            }
        });
        for (const JsonRpcMessage &message : parsed.messages.value()) {
            if (!guard)
                return; // a handler destroyed us
            handleMessage(message);
        }
    }

    void write(const JsonRpcMessage &message)
    {
        if (transport && transport->isOpen())
            transport->send(message.serialize());
    }

    // serialize(id) gives the request's text; it is only called when the request is really sent.
    template<typename Serialize>
    RequestId startRequest(const QString &method, QObject *context, ResponseHandler handler,
                           const RequestOptions &options, const Serialize &serialize)
    {
        Q_ASSERT(context);
        const RequestId id(nextId++);
        const auto now = Clock::now();
        const auto never = Clock::time_point::max();
        Pending entry{context, std::move(handler), method, options.longLived ? never : now + options.timeout,
                      options.longLived ? never : now + options.maxTimeout, options.timeout,
                      options.resultKeyOrder, options.resultKeyOrderLimit};
        if (!transport || !transport->isOpen()) {
            deliverQueued(std::move(entry), makeError(ErrorCode::NotConnected, QCoreApplication::translate("Toolgate::JsonRpcPeer", "not connected to the server")));
            return id;
        }
        if (receivingEnded) {
            deliverQueued(std::move(entry), *receivingEnded);
            return id;
        }
        const auto earliest = std::min(entry.deadline, entry.hardDeadline);
        pending.insert(id, std::move(entry));
        scheduleAt(earliest);
        transport->send(serialize(id));
        return id;
    }

    // Delivers an answer later, on the context's thread, so no handler runs re-entrantly.
    static void deliverQueued(Pending entry, const Error &error)
    {
        if (!entry.context)
            return;
        QObject *context = entry.context.data();
        QMetaObject::invokeMethod(
            context, [handler = std::move(entry.handler), error] { handler(Result<QJsonValue>(error)); },
            Qt::QueuedConnection);
    }

    void rememberAbandoned(const RequestId &id)
    {
        if (abandoned.size() > 1024)
            abandoned.clear();
        abandoned.insert(id);
    }

    void armTimer()
    {
        Clock::time_point earliest = Clock::time_point::max();
        for (const Pending &p : std::as_const(pending))
            earliest = std::min(earliest, std::min(p.deadline, p.hardDeadline));
        scheduleAt(earliest);
    }

    void scheduleAt(Clock::time_point when)
    {
        if (when == Clock::time_point::max()) {
            deadlineTimer.stop();
            armedFor = when;
            return;
        }
        if (deadlineTimer.isActive() && armedFor <= when)
            return;
        armedFor = when;
        const auto delay = std::chrono::duration_cast<std::chrono::milliseconds>(when - Clock::now());
        deadlineTimer.start(std::max<qint64>(0, delay.count()) + 1);
    }

    void expireDeadlines()
    {
        armedFor = Clock::time_point::max();
        const auto now = Clock::now();
        QList<RequestId> expired;
        for (auto it = pending.cbegin(); it != pending.cend(); ++it) {
            if (it->deadline <= now || it->hardDeadline <= now)
                expired.append(it.key());
        }
        for (const RequestId &id : std::as_const(expired)) {
            Pending entry = pending.take(id);
            const bool hard = entry.hardDeadline <= now;
            const QString message = hard
                ? QCoreApplication::translate("Toolgate::JsonRpcPeer", "%1 did not finish within the maximum time allowed").arg(entry.method)
                : QCoreApplication::translate("Toolgate::JsonRpcPeer", "%1 timed out: no answer or progress for %2 s")
                      .arg(entry.method)
                      .arg(entry.timeout.count() / 1000.0);
            qCInfo(lcJsonRpc) << "request" << id.toString() << "expired:" << message;
            // The server may still be working on it; tell it to stop.
            write(JsonRpcMessage::notification(QStringLiteral("notifications/cancelled"),
                                               {{QLatin1String("requestId"), id.toJson()},
                                                {QLatin1String("reason"), message}}));
            rememberAbandoned(id);
            deliverQueued(std::move(entry), makeError(ErrorCode::RequestTimeout, message));
        }
        armTimer();
    }

    void handleDroppedMessage(const QByteArray &head, qint64 size, qint64 limit)
    {
        const QString description = said(QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the server sent a message of %1 bytes, over the limit of %2 bytes; it was dropped"), QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the client sent a message of %1 bytes, over the limit of %2 bytes; it was dropped"))
                                        .arg(size)
                                        .arg(limit);
        // Find which request the oversized response belonged to so that caller fails now, not at its timeout.
        static const QRegularExpression idPattern(QStringLiteral(R"re("id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*"))re"));
        const auto match = idPattern.match(QString::fromUtf8(head.left(4096)));
        if (match.hasMatch() && !head.contains("\"method\"")) {
            const QString raw = match.captured(1);
            const RequestId id = raw.startsWith(u'"') ? RequestId(raw.mid(1, raw.size() - 2)) : RequestId(raw.toLongLong());
            if (pending.contains(id)) {
                deliverQueued(pending.take(id),
                              makeError(ErrorCode::MessageTooLarge,
                                        said(QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the server's response was %1 bytes, over the limit of %2 bytes; it was dropped"), QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the client's response was %1 bytes, over the limit of %2 bytes; it was dropped"))
                                            .arg(size)
                                            .arg(limit)));
                armTimer();
                emit q->protocolViolation(description);
                return;
            }
        }
        emit q->protocolViolation(description);
    }

    void handleMessage(const JsonRpcMessage &message);
    void handleResponse(const JsonRpcMessage &message);
    void handleIncomingRequest(const JsonRpcMessage &message);
    void handleNotification(const JsonRpcMessage &message);
};

void JsonRpcPeer::Private::handleMessage(const JsonRpcMessage &message)
{
    switch (message.kind()) {
    case JsonRpcMessage::Kind::Response:
    case JsonRpcMessage::Kind::ErrorResponse:
        handleResponse(message);
        break;
    case JsonRpcMessage::Kind::Request:
        handleIncomingRequest(message);
        break;
    case JsonRpcMessage::Kind::Notification:
        handleNotification(message);
        break;
    }
}

void JsonRpcPeer::Private::handleResponse(const JsonRpcMessage &message)
{
    if (!message.id().isValid()) {
        emit q->protocolViolation(said(QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the server reported an error without a request id: %1"), QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the client reported an error without a request id: %1"))
                                      .arg(message.error().toString()));
        return;
    }
    auto it = pending.find(message.id());
    if (it == pending.end()) {
        if (abandoned.remove(message.id()))
            qCDebug(lcJsonRpc) << "ignoring late response to" << message.id().toString();
        else
            emit q->protocolViolation(said(QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the server answered request %1, which was never sent or was already answered"), QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the client answered request %1, which was never sent or was already answered"))
                                          .arg(message.id().toString()));
        return;
    }
    Pending entry = std::move(*it);
    pending.erase(it);
    if (!entry.context)
        return;
    if (message.kind() == JsonRpcMessage::Kind::Response) {
        if (entry.resultKeyOrder)
            entry.resultKeyOrder(currentOrder(entry.resultKeyOrderLimit).member(u"result"));
        entry.handler(Result<QJsonValue>(message.result()));
    }
    else
        entry.handler(Result<QJsonValue>(message.error()));
}

void JsonRpcPeer::Private::handleIncomingRequest(const JsonRpcMessage &message)
{
    auto state = std::make_shared<Responder::State>();
    state->id = message.id();
    state->paramsOrder = currentOrder(RequestOptions::maxKeyOrderText).member(u"params");
    QPointer<JsonRpcPeer> guard(q);
    state->send = [guard](const JsonRpcMessage &answer) {
        if (guard) {
            guard->d->incoming.remove(answer.id());
            guard->d->write(answer);
        }
    };
    Responder responder;
    responder.m_state = state;

    const auto handler = requestHandlers.constFind(message.method());
    if (handler == requestHandlers.cend()) {
        responder.respondError(makeError(ErrorCode::MethodNotFound,
                                         QStringLiteral("Method not found: %1").arg(message.method())));
        return;
    }
    incoming.insert(message.id(), state);
    // A copy: the handler may destroy the peer, and with it the table it lives in.
    const RequestHandler call = *handler;
    call(message, responder);
}

void JsonRpcPeer::Private::handleNotification(const JsonRpcMessage &message)
{
    if (message.method() == QLatin1String("notifications/cancelled")) {
        const RequestId id = RequestId::fromJson(message.params().value(QLatin1String("requestId")));
        const QString reason = message.params().value(QLatin1String("reason")).toString();
        if (auto state = incoming.take(id).lock()) {
            state->cancelled = true;
            QPointer<JsonRpcPeer> guard(q);
            emit q->incomingRequestCancelled(id, reason);
            if (!guard)
                return; // a slot destroyed us
        }
    }
    // Copies: the handler may destroy the peer, and with it the table it lives in.
    const auto handler = notificationHandlers.constFind(message.method());
    const NotificationHandler call = handler != notificationHandlers.cend() ? *handler : fallbackNotificationHandler;
    if (call)
        call(message);
}

JsonRpcPeer::JsonRpcPeer(Transport *transport, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->q = this;
    d->transport = transport;
    d->deadlineTimer.setSingleShot(true);
    connect(&d->deadlineTimer, &QTimer::timeout, this, [this] { d->expireDeadlines(); });

    connect(transport, &Transport::messageReceived, this, [this](const QByteArray &text) { d->onMessageReceived(text); });
    connect(transport, &Transport::messageDropped, this, [this](const QByteArray &head, qint64 size, qint64 limit) {
        if (d->nothingWaiting()) {
            d->handleDroppedMessage(head, size, limit);
            return;
        }
        Private::Inbound item;
        item.kind = Private::Inbound::Kind::Dropped;
        item.text = head;
        item.size = size;
        item.limit = limit;
        d->enqueue(std::move(item));
    });
    connect(transport, &Transport::receivingEnded, this, [this](const Error &error) {
        if (d->nothingWaiting()) {
            d->endReceiving(error);
            return;
        }
        Private::Inbound item;
        item.kind = Private::Inbound::Kind::Ended;
        item.error = error;
        d->enqueue(std::move(item));
    });
    connect(transport, &Transport::closed, this, [this] {
        if (d->nothingWaiting()) {
            failAllPending(makeError(ErrorCode::ConnectionClosed, d->said(QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the connection to the server closed"), QT_TRANSLATE_NOOP("Toolgate::JsonRpcPeer", "the connection to the client closed"))));
            return;
        }
        Private::Inbound item;
        item.kind = Private::Inbound::Kind::Closed;
        d->enqueue(std::move(item));
    });
}

JsonRpcPeer::~JsonRpcPeer()
{
    failAllPending(makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::JsonRpcPeer", "the client session was shut down")));
    // Incoming requests can no longer be answered; their responders notice the peer is gone.
}

RequestId JsonRpcPeer::sendRequest(const QString &method, const QJsonObject &params, QObject *context,
                                   ResponseHandler handler)
{
    return sendRequest(method, params, context, std::move(handler), RequestOptions());
}

RequestId JsonRpcPeer::sendRequest(const QString &method, const QJsonObject &params, QObject *context,
                                   ResponseHandler handler, const RequestOptions &options)
{
    return d->startRequest(method, context, std::move(handler), options, [&](const RequestId &id) {
        return JsonRpcMessage::request(id, method, params).serialize();
    });
}

RequestId JsonRpcPeer::sendRequestWithParamsJson(const QString &method, QByteArrayView paramsJson, QObject *context,
                                                 ResponseHandler handler, const RequestOptions &options)
{
    return d->startRequest(method, context, std::move(handler), options, [&](const RequestId &id) {
        return JsonRpcMessage::serializeRequest(id, method, paramsJson);
    });
}

void JsonRpcPeer::sendNotification(const QString &method, const QJsonObject &params)
{
    d->write(JsonRpcMessage::notification(method, params));
}

bool JsonRpcPeer::cancel(const RequestId &id, const QString &reason)
{
    auto it = d->pending.find(id);
    if (it == d->pending.end())
        return false;
    Private::Pending entry = std::move(*it);
    d->pending.erase(it);
    QJsonObject params{{QLatin1String("requestId"), id.toJson()}};
    if (!reason.isEmpty())
        params.insert(QLatin1String("reason"), reason);
    d->write(JsonRpcMessage::notification(QStringLiteral("notifications/cancelled"), params));
    d->rememberAbandoned(id);
    Private::deliverQueued(std::move(entry),
                           makeError(ErrorCode::RequestCancelled,
                                     reason.isEmpty() ? QCoreApplication::translate("Toolgate::JsonRpcPeer", "the request was cancelled") : reason));
    d->armTimer();
    return true;
}

bool JsonRpcPeer::extendDeadline(const RequestId &id)
{
    auto it = d->pending.find(id);
    if (it == d->pending.end())
        return false;
    if (it->hardDeadline != Clock::time_point::max()) // a long-lived request has no deadline to extend
        it->deadline = Clock::now() + it->timeout;
    return true;
}

void JsonRpcPeer::failAllPending(const Error &error)
{
    // take() each entry before answering: a handler may send new requests meanwhile.
    const auto entries = std::exchange(d->pending, {});
    for (auto it = entries.cbegin(); it != entries.cend(); ++it)
        Private::deliverQueued(*it, error);
    d->deadlineTimer.stop();
    d->armedFor = Clock::time_point::max();
}

bool JsonRpcPeer::isPending(const RequestId &id) const
{
    return d->pending.contains(id);
}

int JsonRpcPeer::pendingRequestCount() const
{
    return int(d->pending.size());
}

void JsonRpcPeer::setRequestHandler(const QString &method, RequestHandler handler)
{
    if (handler)
        d->requestHandlers.insert(method, std::move(handler));
    else
        d->requestHandlers.remove(method);
}

void JsonRpcPeer::setNotificationHandler(const QString &method, NotificationHandler handler)
{
    if (handler)
        d->notificationHandlers.insert(method, std::move(handler));
    else
        d->notificationHandlers.remove(method);
}

void JsonRpcPeer::setRemote(Remote remote)
{
    d->remote = remote;
}

void JsonRpcPeer::setFallbackNotificationHandler(NotificationHandler handler)
{
    d->fallbackNotificationHandler = std::move(handler);
}

} // namespace Toolgate

#include "moc_jsonrpcpeer.cpp"
