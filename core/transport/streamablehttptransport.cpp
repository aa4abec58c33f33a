#include "core/transport/streamablehttptransport.h"

#include "core/transport/httplogging.h"
#include "core/transport/httpreply.h"
#include "core/common/error.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/transport/sseparser.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include "core/transport/httpclient.h"
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <cmath>

namespace Toolgate {

namespace {

constexpr int maxSessionRestarts = 3;

QString idKey(const QJsonValue &id)
{
    if (id.isString())
        return QStringLiteral("s:") + id.toString();
    if (id.isDouble())
        return QStringLiteral("n:") + QString::number(id.toInteger());
    return {};
}

bool isConnectionLevel(NetworkFailure failure)
{
    return failure == NetworkFailure::ConnectionRefused || failure == NetworkFailure::HostNotFound
        || failure == NetworkFailure::TlsHandshake;
}

/// The body is a JSON-RPC error object: a server that understood us (no legacy fallback).
std::optional<Error> jsonRpcError(const QByteArray &body)
{
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (!document.isObject())
        return std::nullopt;
    const QJsonObject object = document.object();
    const QJsonValue error = object.value(QLatin1String("error"));
    if (!object.contains(QLatin1String("jsonrpc")) || !error.isObject())
        return std::nullopt;
    const QJsonObject e = error.toObject();
    return Error{e.value(QLatin1String("code")).toInt(int(ErrorCode::InternalError)),
                 e.value(QLatin1String("message")).toString(), e.value(QLatin1String("data"))};
}

bool isInsufficientScope(const QByteArray &wwwAuthenticate)
{
    return wwwAuthenticate.contains("insufficient_scope");
}

} // namespace

class StreamableHttpTransport::Private
{
public:
    struct Message
    {
        enum class Kind { Request, Notification, Response };
        QByteArray body;
        Kind kind = Kind::Notification;
        QJsonValue id;
        QString method;
        bool isInitialize = false;
        bool internal = false; ///< sent by the transport itself while restarting a session
        /// 2026-07-28: the revision its envelope names (empty: a legacy message), and the headers that
        /// mirror its body.
        QString modernVersion;
        QList<std::pair<QByteArray, QByteArray>> modernHeaders;
        int authAttempts = 0;

        QString key() const { return idKey(id); }
        QString describe() const
        {
            switch (kind) {
            case Kind::Request:
                return QCoreApplication::translate("Toolgate::StreamableHttpTransport", "sending the request \"%1\"").arg(method);
            case Kind::Notification:
                return QCoreApplication::translate("Toolgate::StreamableHttpTransport", "sending the notification \"%1\"").arg(method);
            case Kind::Response:
                break;
            }
            return QCoreApplication::translate("Toolgate::StreamableHttpTransport", "sending an answer to the server's request");
        }
    };

    struct Stream
    {
        enum class Kind { Post, Get, Resume };
        Kind kind = Kind::Post;
        Message message; ///< Post only
        explicit Stream(qsizetype maxEvent) : parser(maxEvent) {}
        SseParser parser;
        bool headersSeen = false;
        bool sse = false;
        QByteArray body;
        qint64 bodySize = 0;
        bool bodyTooLarge = false;
        QSet<QString> awaiting;   ///< request ids whose answers may come on this stream
        QByteArray resumeFrom;    ///< the event id this stream resumed after
        int reconnectAttempt = 0; ///< Get and Resume streams
        int authAttempts = 0;
        bool delivered = false;

        QByteArray lastEventId() const { return parser.lastEventId().isEmpty() ? resumeFrom : parser.lastEventId(); }
    };

    StreamableHttpTransport *q;
    HttpTransportOptions options;
    std::unique_ptr<HttpClient> network;
    State state = State::Idle;
    bool fallbackDetection = false;
    bool fatalReported = false;

    QByteArray sessionId;
    QString protocolVersion;
    QJsonObject initializeRequest; ///< kept to start a new session after a 404
    QString initializeKey;
    QSet<QString> outstanding;     ///< requests sent and not yet answered
    QHash<QString, RequestHeaders::ToolArgumentHeaders> toolArgumentHeaders; ///< by tool name (2026-07-28)

    QHash<HttpExchange *, std::shared_ptr<Stream>> streams;
    bool awaitingDeliveries = false; ///< closing: waiting for the last notifications to be posted
    QPointer<HttpExchange> getReply;
    bool getUnsupported = false;
    std::optional<qint64> serverRetry;
    std::unique_ptr<QObject> timerGuard = std::make_unique<QObject>(); ///< deleting it cancels pending timers

    bool restarting = false;
    int restarts = 0;
    QString restartKey;
    QList<Message> held;

    HttpExchange *deleteReply = nullptr;
    QTimer closeTimer;
    bool closedEmitted = false;

    explicit Private(StreamableHttpTransport *q, HttpTransportOptions o) : q(q), options(std::move(o)) {}

    // --- requests -------------------------------------------------------------------------

    Message classify(const QByteArray &body) const
    {
        Message message;
        message.body = body;
        const QJsonDocument document = QJsonDocument::fromJson(body);
        if (!document.isObject())
            return message; // a batch or garbage: post it, expect nothing in particular
        const QJsonObject object = document.object();
        message.method = object.value(QLatin1String("method")).toString();
        message.id = object.value(QLatin1String("id"));
        if (!message.method.isEmpty() && (message.id.isString() || message.id.isDouble()))
            message.kind = Message::Kind::Request;
        else if (!message.method.isEmpty())
            message.kind = Message::Kind::Notification;
        else
            message.kind = Message::Kind::Response;
        message.isInitialize = message.kind == Message::Kind::Request && message.method == QLatin1String("initialize");
        const QJsonObject params = object.value(QLatin1String("params")).toObject();
        const QJsonValue version = params.value(QLatin1String("_meta")).toObject().value(QLatin1String("io.modelcontextprotocol/protocolVersion"));
        if (message.kind == Message::Kind::Request && version.isString() && !version.toString().isEmpty()) {
            message.modernVersion = version.toString();
            message.modernHeaders = RequestHeaders::forRequest(message.method, params, toolArgumentHeaders);
        }
        return message;
    }

    /// 2026-07-28 cancels a request by closing its response stream (basic/patterns/cancellation.mdx),
    /// not with notifications/cancelled: true when message was such a cancellation, now done.
    bool cancelledByClosing(const Message &message)
    {
        if (message.kind != Message::Kind::Notification || message.method != QLatin1String("notifications/cancelled"))
            return false;
        const QJsonValue requestId = QJsonDocument::fromJson(message.body).object().value(QLatin1String("params")).toObject().value(QLatin1String("requestId"));
        const QString key = idKey(requestId);
        for (auto it = streams.cbegin(); it != streams.cend(); ++it) {
            const Stream &stream = **it;
            if (stream.kind == Stream::Kind::Post && stream.message.kind == Message::Kind::Request
                && !stream.message.modernVersion.isEmpty() && stream.message.key() == key) {
                qCDebug(lcHttp) << "cancelling" << stream.message.method << "by closing its stream";
                outstanding.remove(key);
                discard(it.key());
                return true;
            }
        }
        return false;
    }

    void applyCommonHeaders(HttpRequest &request, const QByteArray &method, bool withVersion) const
    {
        HttpReply::applyHeaders(request, options.headers);
        if (!sessionId.isEmpty())
            request.setRawHeader("Mcp-Session-Id", sessionId);
        if (withVersion && !protocolVersion.isEmpty())
            request.setRawHeader("MCP-Protocol-Version", protocolVersion.toLatin1());
        if (options.authenticator) {
            for (const auto &[name, value] : options.authenticator->requestHeaders(method, request.url))
                request.setRawHeader(name, value);
        }
    }

    void post(Message message)
    {
        if (state != State::Open)
            return;
        if (restarting && !message.internal) {
            held.append(std::move(message));
            return;
        }
        HttpRequest request(options.url);
        request.setRawHeader("Content-Type", QByteArrayLiteral("application/json"));
        request.setRawHeader("Accept", "application/json, text/event-stream");
        const bool modern = !message.modernVersion.isEmpty();
        applyCommonHeaders(request, "POST", !message.isInitialize && !modern);
        if (modern) {
            request.setRawHeader("MCP-Protocol-Version", message.modernVersion.toLatin1());
            for (const auto &[name, value] : std::as_const(message.modernHeaders))
                request.setRawHeader(name, value);
        }
        HttpExchange *reply = network->post(request, message.body);
        auto stream = std::make_shared<Stream>(options.maxMessageSize);
        stream->kind = Stream::Kind::Post;
        if (message.kind == Message::Kind::Request)
            stream->awaiting.insert(message.key());
        stream->message = std::move(message);
        track(reply, std::move(stream));
    }

    HttpExchange *openSse(Stream::Kind kind, const QByteArray &lastEventId, const QSet<QString> &awaiting, int attempt)
    {
        HttpRequest request(options.url);
        request.setRawHeader("Accept", "text/event-stream");
        applyCommonHeaders(request, "GET", true);
        if (!lastEventId.isEmpty())
            request.setRawHeader("Last-Event-ID", lastEventId);
        HttpExchange *reply = network->get(request);
        qCDebug(lcHttp) << "opening an event stream" << (kind == Stream::Kind::Get ? "for server messages" : "to resume answers")
                        << (lastEventId.isEmpty() ? "" : "after the last event seen");
        auto stream = std::make_shared<Stream>(options.maxMessageSize);
        stream->kind = kind;
        stream->awaiting = awaiting;
        stream->resumeFrom = lastEventId;
        stream->reconnectAttempt = attempt;
        track(reply, std::move(stream));
        return reply;
    }

    void track(HttpExchange *reply, std::shared_ptr<Stream> stream)
    {
        streams.insert(reply, std::move(stream));
        QObject::connect(reply, &HttpExchange::readyRead, q, [this, reply] { onReadyRead(reply); });
        QObject::connect(reply, &HttpExchange::finished, q, [this, reply] { onFinished(reply); });
    }

    void openGetStream()
    {
        if (!options.openGetStream || getUnsupported || getReply || state != State::Open || restarting)
            return;
        getReply = openSse(Stream::Kind::Get, {}, {}, 0);
    }

    // --- answers --------------------------------------------------------------------------

    void onHeaders(HttpExchange *reply, Stream &stream)
    {
        stream.headersSeen = true;
        const int status = HttpReply::statusCode(reply);
        if (status < 200 || status >= 300)
            return;
        if (stream.kind == Stream::Kind::Post && stream.message.isInitialize) {
            const QByteArray id = reply->rawHeader("Mcp-Session-Id").trimmed();
            // Visible ASCII only (the spec's rule); anything else would corrupt our headers.
            bool valid = !id.isEmpty() && id.size() <= 1024;
            for (const char c : id)
                valid = valid && c >= 0x21 && c <= 0x7e;
            if (valid)
                sessionId = id;
            else if (!id.isEmpty())
                emit q->protocolViolation(QCoreApplication::translate("Toolgate::StreamableHttpTransport", "the server sent an invalid Mcp-Session-Id header; ignored"));
        }
        stream.sse = HttpReply::mediaType(reply) == "text/event-stream";
        const qint64 length = reply->contentLength();
        if (!stream.sse && length > options.maxMessageSize) {
            stream.bodyTooLarge = true;
            stream.bodySize = length;
        }
    }

    void onReadyRead(HttpExchange *reply)
    {
        const auto stream = streams.value(reply);
        if (!stream || state != State::Open)
            return;
        if (!stream->headersSeen)
            onHeaders(reply, *stream);
        const QByteArray data = reply->readAll();
        const int status = HttpReply::statusCode(reply);
        const bool success = status >= 200 && status < 300;
        if (success && stream->sse) {
            const QList<SseParser::Event> events = stream->parser.feed(data);
            if (stream->parser.retry())
                serverRetry = stream->parser.retry();
            for (const SseParser::Event &event : events) {
                if (!streams.contains(reply) || state != State::Open)
                    return; // delivering closed us or aborted this stream
                handleEvent(*stream, event);
            }
            if (stream->kind == Stream::Kind::Resume && streams.contains(reply)) {
                stream->awaiting.intersect(outstanding);
                if (stream->awaiting.isEmpty())
                    discard(reply); // everything it resumed for has arrived
            }
            return;
        }
        const qint64 limit = success ? options.maxMessageSize : options.maxErrorBodySize;
        if (stream->bodyTooLarge) {
            reply->abort(); // announced as too large: read none of it
            return;
        }
        stream->bodySize += data.size();
        if (stream->body.size() + data.size() > limit) {
            if (success) {
                stream->bodyTooLarge = true;
                stream->body = stream->body.left(256);
                reply->abort();
            } else {
                stream->body.append(data.left(limit - stream->body.size()));
            }
            return;
        }
        stream->body.append(data);
    }

    void handleEvent(Stream &stream, const SseParser::Event &event)
    {
        if (event.oversized) {
            qCWarning(lcHttp) << "dropping an oversized event of" << event.size << "bytes from" << q->description();
            emit q->messageDropped(QByteArray(), event.size, options.maxMessageSize);
            return;
        }
        if (!event.type.isEmpty() && event.type != "message") {
            qCDebug(lcHttp) << "ignoring SSE event of type" << event.type;
            return;
        }
        if (event.data.trimmed().isEmpty())
            return; // a priming event: it only carries an id (and maybe retry)
        stream.delivered = true;
        deliver(event.data);
    }

    /// Hands a message from the server to the peer, watching what passes: answers to pending
    /// requests, the initialize answer (protocol version), our own session-restart answers.
    void deliver(const QByteArray &json)
    {
        const QJsonDocument document = QJsonDocument::fromJson(json);
        bool forward = true;
        if (document.isObject()) {
            forward = inspect(document.object());
        } else if (document.isArray()) {
            const QJsonArray array = document.array();
            for (const QJsonValue &value : array) {
                if (value.isObject())
                    inspect(value.toObject());
            }
        }
        if (forward)
            emit q->messageReceived(json);
    }

    /// Returns false when the message is ours and must not reach the peer.
    bool inspect(const QJsonObject &object)
    {
        if (object.contains(QLatin1String("method")))
            return true;
        const bool isResult = object.contains(QLatin1String("result"));
        if (!isResult && !object.contains(QLatin1String("error")))
            return true;
        const QString key = idKey(object.value(QLatin1String("id")));
        if (key.isEmpty())
            return true;
        outstanding.remove(key);
        if (restarting && key == restartKey) {
            onRestartAnswered(object);
            return false;
        }
        if (key == initializeKey && isResult) {
            protocolVersion = object.value(QLatin1String("result")).toObject().value(QLatin1String("protocolVersion")).toString();
            // Open the GET stream now, so notifications sent right after initialized are not lost.
            QMetaObject::invokeMethod(timerGuard.get(), [this] { openGetStream(); }, Qt::QueuedConnection);
        }
        return true;
    }

    void onFinished(HttpExchange *reply)
    {
        if (streams.contains(reply) && state == State::Open && !streams.value(reply)->bodyTooLarge)
            onReadyRead(reply); // the last bytes, if readyRead did not report them
        const auto stream = streams.take(reply);
        reply->deleteLater();
        if (state == State::Closing && awaitingDeliveries && !hasDeliveries()) {
            awaitingDeliveries = false;
            endSession();
            return;
        }
        if (!stream || state != State::Open)
            return;
        if (getReply == reply)
            getReply = nullptr;
        if (stream->kind == Stream::Kind::Post)
            finishPost(reply, stream);
        else
            finishSse(reply, stream);
    }

    void finishPost(HttpExchange *reply, const std::shared_ptr<Stream> &stream)
    {
        Message &message = stream->message;
        const int status = HttpReply::statusCode(reply);

        if (stream->bodyTooLarge) {
            qCWarning(lcHttp) << "dropping an answer of" << stream->bodySize << "bytes from" << q->description();
            if (message.kind == Message::Kind::Request)
                outstanding.remove(message.key());
            emit q->messageDropped(stream->body.isEmpty() ? message.body.left(256) : stream->body, stream->bodySize,
                                   options.maxMessageSize);
            return;
        }
        if (status == 0) {
            const bool fatal = !message.isInitialize && isConnectionLevel(reply->failure());
            failMessage(message, HttpReply::networkError(reply, message.describe()), fatal);
            return;
        }
        if (status >= 200 && status < 300) {
            if (stream->sse) {
                streamEnded(*stream);
                return;
            }
            if (message.kind != Message::Kind::Request) {
                if (!stream->body.trimmed().isEmpty() && status != 202)
                    qCDebug(lcHttp) << "ignoring a body sent in answer to a notification or response";
                return;
            }
            if (stream->body.trimmed().isEmpty()) {
                if (getReply) {
                    qCDebug(lcHttp) << "the server accepted" << message.method << "without answering; waiting on the GET stream";
                    return;
                }
                failMessage(message, makeError(ErrorCode::ProtocolError,
                    QCoreApplication::translate("Toolgate::StreamableHttpTransport", "%1: the server accepted it (HTTP %2) but sent no answer").arg(message.describe()).arg(status)), false);
                return;
            }
            if (!QJsonDocument::fromJson(stream->body).isObject() && !QJsonDocument::fromJson(stream->body).isArray()) {
                failMessage(message, makeError(ErrorCode::ProtocolError,
                    QCoreApplication::translate("Toolgate::StreamableHttpTransport", "%1: the server's answer is not JSON: %2").arg(message.describe(), HttpReply::excerpt(stream->body))), false);
                return;
            }
            deliver(stream->body);
            if (outstanding.contains(message.key()) && !getReply) {
                failMessage(message, makeError(ErrorCode::ProtocolError,
                    QCoreApplication::translate("Toolgate::StreamableHttpTransport", "%1: the server's answer does not answer this request").arg(message.describe())), false);
            }
            return;
        }

        const QByteArray wwwAuthenticate = reply->rawHeader("WWW-Authenticate");
        if (options.authenticator && (status == 401 || (status == 403 && isInsufficientScope(wwwAuthenticate)))) {
            challenge(std::move(message), status, wwwAuthenticate, reply->rawHeader("DPoP-Nonce"));
            return;
        }
        if (status == 404 && !sessionId.isEmpty() && !message.isInitialize && !message.internal) {
            restartSession(std::move(message));
            return;
        }
        const std::optional<Error> rpcError = jsonRpcError(stream->body);
        if (message.isInitialize && !message.internal && fallbackDetection && !rpcError
            && (status == 400 || status == 404 || status == 405)) {
            const Error reason = HttpReply::statusError(reply, stream->body, QStringLiteral("Streamable HTTP"));
            qCInfo(lcHttp) << q->description() << "does not look like a Streamable HTTP server (HTTP" << status << ")";
            state = State::Closed;
            abortAll();
            emit q->fallbackSuggested(message.body, reason);
            return;
        }
        Error error = HttpReply::isRedirect(status) ? HttpReply::networkError(reply, message.describe())
                                                    : HttpReply::statusError(reply, stream->body, message.describe());
        if (rpcError && !rpcError->message.isEmpty() && !HttpReply::isRedirect(status)) {
            // The server explained itself in JSON-RPC terms: pass that on, with the HTTP status.
            error = Error{rpcError->code, QStringLiteral("%1 (HTTP %2)").arg(rpcError->message).arg(status), rpcError->data};
        }
        failMessage(message, error, false);
    }

    /// A POST's event stream ended: done if its answer came, else resume it or give up.
    void streamEnded(Stream &stream)
    {
        if (stream.parser.finish())
            qCDebug(lcHttp) << "an SSE stream ended inside an event";
        stream.awaiting.intersect(outstanding);
        if (stream.awaiting.isEmpty())
            return;
        if (!stream.message.modernVersion.isEmpty()) {
            // 2026-07-28 has no resumption ("Resumable SSE streams via Last-Event-ID are not supported",
            // basic/transports/streamable-http.mdx): a GET with Last-Event-ID would only be refused after
            // a wait. Say so at once; whether to send the request again is the caller's to decide.
            for (const QString &key : std::as_const(stream.awaiting))
                failRequestKey(key, HttpReply::responseStreamBroken(stream.message.method, stream.message.modernVersion));
            return;
        }
        if (!stream.parser.sawEventId()) {
            for (const QString &key : std::as_const(stream.awaiting))
                failRequestKey(key, makeError(ErrorCode::ConnectionClosed,
                    QCoreApplication::translate("Toolgate::StreamableHttpTransport", "the server closed the response stream of \"%1\" before answering and gave no event id to resume "
                                   "from; the request may or may not have been carried out").arg(stream.message.method)));
            return;
        }
        scheduleResume(Stream::Kind::Resume, stream.lastEventId(), stream.awaiting, 0, stream.parser.retry());
    }

    void finishSse(HttpExchange *reply, const std::shared_ptr<Stream> &stream)
    {
        const int status = HttpReply::statusCode(reply);
        qCDebug(lcHttp) << "an event stream ended: HTTP" << status << int(reply->failure()) << "delivered" << stream->delivered;
        stream->awaiting.intersect(outstanding);
        if (stream->kind == Stream::Kind::Resume && stream->awaiting.isEmpty())
            return;
        if (status >= 200 && status < 300 && stream->sse) {
            stream->parser.finish();
            const int attempt = stream->delivered ? 0 : stream->reconnectAttempt + 1;
            scheduleResume(stream->kind, stream->lastEventId(), stream->awaiting, attempt, stream->parser.retry());
            return;
        }
        if (status == 0) {
            qCDebug(lcHttp) << "the event stream failed:" << reply->errorString();
            scheduleResume(stream->kind, stream->lastEventId(), stream->awaiting, stream->reconnectAttempt + 1, std::nullopt);
            return;
        }
        const QByteArray wwwAuthenticate = reply->rawHeader("WWW-Authenticate");
        if (options.authenticator && stream->authAttempts < HttpAuthenticator::maxAttemptsPerRequest
            && (status == 401 || (status == 403 && isInsufficientScope(wwwAuthenticate)))) {
            HttpChallenge challenge{status, wwwAuthenticate, options.url, stream->authAttempts + 1, reply->rawHeader("DPoP-Nonce")};
            const int attempts = stream->authAttempts + 1;
            options.authenticator->authenticate(challenge, timerGuard.get(),
                [this, stream, attempts](const Result<void> &result) {
                    if (state != State::Open)
                        return;
                    if (!result) {
                        failStream(*stream, result.error());
                        return;
                    }
                    HttpExchange *reply = openSse(stream->kind, stream->lastEventId(), stream->awaiting, stream->reconnectAttempt);
                    streams.value(reply)->authAttempts = attempts;
                    if (stream->kind == Stream::Kind::Get)
                        getReply = reply;
                });
            return;
        }
        if (stream->kind == Stream::Kind::Get) {
            // 405 is the spec's "no GET stream"; 400 and 404 are what some servers say instead.
            getUnsupported = true;
            if (status != 405)
                qCDebug(lcHttp) << q->description() << "answered the GET stream with HTTP" << status << "; going without it";
            return;
        }
        failStream(*stream, status == 405 ? makeError(ErrorCode::ConnectionClosed,
            QCoreApplication::translate("Toolgate::StreamableHttpTransport", "the server closed a response stream before answering and does not let it be resumed (HTTP 405); "
                           "the request may or may not have been carried out"))
                                          : HttpReply::statusError(reply, stream->body, QCoreApplication::translate("Toolgate::StreamableHttpTransport", "resuming a response stream")));
    }

    void failStream(Stream &stream, const Error &error)
    {
        if (stream.kind == Stream::Kind::Get) {
            getUnsupported = true;
            emit q->diagnosticLine(QCoreApplication::translate("Toolgate::StreamableHttpTransport", "the stream for server messages is closed: %1").arg(error.message));
            return;
        }
        for (const QString &key : std::as_const(stream.awaiting))
            failRequestKey(key, error);
    }

    void scheduleResume(Stream::Kind kind, const QByteArray &lastEventId, const QSet<QString> &awaiting, int attempt,
                        std::optional<qint64> streamRetry)
    {
        if (state != State::Open)
            return;
        if (kind == Stream::Kind::Get && (getReply || getUnsupported))
            return;
        if (attempt >= options.maxReconnectAttempts) {
            Stream gaveUp(0);
            gaveUp.kind = kind;
            gaveUp.awaiting = awaiting;
            failStream(gaveUp, makeError(ErrorCode::ConnectionClosed,
                QCoreApplication::translate("Toolgate::StreamableHttpTransport", "the server's event stream broke %1 times in a row; gave up reconnecting").arg(attempt)));
            return;
        }
        qint64 delay = 0;
        if (const auto retry = streamRetry ? streamRetry : serverRetry) {
            delay = *retry; // the server's own wish: the spec says MUST respect it
        } else {
            delay = qint64(double(options.defaultRetryDelay.count()) * std::pow(options.retryBackoff, attempt));
            delay = std::min<qint64>(delay, options.maxRetryDelay.count());
        }
        qCDebug(lcHttp) << "reconnecting an event stream in" << delay << "ms";
        QTimer *timer = new QTimer(timerGuard.get());
        timer->setSingleShot(true);
        timer->setTimerType(Qt::PreciseTimer);
        QObject::connect(timer, &QTimer::timeout, timerGuard.get(), [this, timer, kind, lastEventId, awaiting, attempt] {
            timer->deleteLater();
            if (state != State::Open)
                return;
            if (kind == Stream::Kind::Get) {
                if (!getReply && !restarting)
                    getReply = openSse(kind, lastEventId, {}, attempt);
                return;
            }
            const QSet<QString> still = QSet<QString>(awaiting).intersect(outstanding);
            if (!still.isEmpty())
                openSse(kind, lastEventId, still, attempt);
        });
        timer->start(int(std::min<qint64>(delay, 24 * 3600 * 1000)));
    }

    // --- failures, authorization and session restarts ----------------------------------------

    void failRequestKey(const QString &key, const Error &error)
    {
        if (!outstanding.remove(key))
            return;
        QJsonValue id = key.startsWith(u's') ? QJsonValue(key.mid(2)) : QJsonValue(key.mid(2).toLongLong());
        emit q->messageReceived(JsonRpcMessage::errorResponse(RequestId::fromJson(id), error).serialize());
    }

    void failMessage(const Message &message, const Error &error, bool fatal)
    {
        qCInfo(lcHttp) << error.message;
        if (message.kind == Message::Kind::Request) {
            if (message.internal) {
                outstanding.remove(message.key());
                restartFailed(error);
                return;
            }
            failRequestKey(message.key(), error);
        } else {
            emit q->diagnosticLine(error.message);
        }
        if (fatal)
            failTransport(error);
    }

    void failTransport(const Error &error)
    {
        if (fatalReported || state == State::Closed)
            return;
        fatalReported = true;
        emit q->errorOccurred(error);
        q->close();
    }

    void challenge(Message message, int status, const QByteArray &wwwAuthenticate, const QByteArray &dpopNonce)
    {
        ++message.authAttempts;
        if (message.authAttempts > HttpAuthenticator::maxAttemptsPerRequest) {
            failMessage(message, makeError(ErrorCode::TransportError,
                QCoreApplication::translate("Toolgate::StreamableHttpTransport", "%1 failed: the server still refuses access (HTTP %2) after %3 sign-in attempts. Your account may "
                               "lack the permission it asks for.").arg(message.describe()).arg(status).arg(HttpAuthenticator::maxAttemptsPerRequest)),
                false);
            return;
        }
        HttpChallenge challenge{status, wwwAuthenticate, options.url, message.authAttempts, dpopNonce};
        auto shared = std::make_shared<Message>(std::move(message));
        options.authenticator->authenticate(challenge, timerGuard.get(), [this, shared](const Result<void> &result) {
            if (state != State::Open)
                return;
            if (!result) {
                failMessage(*shared, result.error(), false);
                return;
            }
            post(std::move(*shared));
        });
    }

    void restartSession(Message failed)
    {
        if (restarting) {
            held.append(std::move(failed));
            return;
        }
        if (initializeRequest.isEmpty() || restarts >= maxSessionRestarts) {
            failMessage(failed, makeError(ErrorCode::ConnectionClosed,
                QCoreApplication::translate("Toolgate::StreamableHttpTransport", "the server ended the session (HTTP 404) and a new one could not be started")), true);
            return;
        }
        ++restarts;
        emit q->diagnosticLine(QCoreApplication::translate("Toolgate::StreamableHttpTransport", "the server ended the session (HTTP 404); starting a new one"));
        qCInfo(lcHttp) << q->description() << "ended our session; starting a new one";
        restarting = true;
        sessionId.clear();
        if (getReply)
            discard(getReply);
        held.append(std::move(failed));

        Message initialize;
        QJsonObject request = initializeRequest;
        const QString id = QStringLiteral("toolgate-session-restart-%1").arg(restarts);
        request.insert(QLatin1String("id"), id);
        initialize.body = QJsonDocument(request).toJson(QJsonDocument::Compact);
        initialize.kind = Message::Kind::Request;
        initialize.id = id;
        initialize.method = QStringLiteral("initialize");
        initialize.isInitialize = true;
        initialize.internal = true;
        restartKey = initialize.key();
        outstanding.insert(restartKey);
        post(std::move(initialize));
    }

    void onRestartAnswered(const QJsonObject &answer)
    {
        if (!answer.contains(QLatin1String("result"))) {
            restartFailed(makeError(ErrorCode::ConnectionClosed,
                QCoreApplication::translate("Toolgate::StreamableHttpTransport", "the server refused a new session: %1")
                    .arg(answer.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString())));
            return;
        }
        const QString version = answer.value(QLatin1String("result")).toObject().value(QLatin1String("protocolVersion")).toString();
        if (!version.isEmpty())
            protocolVersion = version;
        Message initialized;
        initialized.body = QByteArrayLiteral(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
        initialized.method = QStringLiteral("notifications/initialized");
        initialized.internal = true;
        post(std::move(initialized));
        restarting = false;
        const QList<Message> resend = std::exchange(held, {});
        for (const Message &message : resend)
            post(message);
        QMetaObject::invokeMethod(timerGuard.get(), [this] { openGetStream(); }, Qt::QueuedConnection);
    }

    void restartFailed(const Error &error)
    {
        restarting = false;
        const Error reported = makeError(ErrorCode::ConnectionClosed,
            QCoreApplication::translate("Toolgate::StreamableHttpTransport", "the server ended the session and a new one could not be started: %1").arg(error.message));
        const QList<Message> failed = std::exchange(held, {});
        for (const Message &message : failed)
            failMessage(message, reported, false);
        failTransport(reported);
    }

    // --- shutdown -----------------------------------------------------------------------------

    void discard(HttpExchange *reply)
    {
        streams.remove(reply);
        reply->disconnect(q);
        reply->abort();
        reply->deleteLater();
        if (getReply == reply)
            getReply = nullptr;
        if (state == State::Closing && awaitingDeliveries && !hasDeliveries()) {
            awaitingDeliveries = false;
            QMetaObject::invokeMethod(q, [this] { endSession(); }, Qt::QueuedConnection);
        }
    }

    /// Notifications and answers still being posted (e.g. notifications/initialized right before a
    /// quick exit): they are the last words to the server and are let through when closing.
    static bool isDelivery(const Stream &stream)
    {
        return stream.kind == Stream::Kind::Post && stream.message.kind != Message::Kind::Request;
    }
    bool hasDeliveries() const
    {
        return std::any_of(streams.cbegin(), streams.cend(), [](const std::shared_ptr<Stream> &stream) { return isDelivery(*stream); });
    }
    /// Closing: stops everything but the deliveries.
    void abortAllButDeliveries()
    {
        timerGuard = std::make_unique<QObject>();
        const QList<HttpExchange *> replies = streams.keys();
        for (HttpExchange *reply : replies) {
            if (!isDelivery(*streams.value(reply)))
                discard(reply);
        }
    }

    /// Ends the session politely (DELETE; 405 is fine too), then reports closed().
    void endSession()
    {
        if (closedEmitted || deleteReply)
            return;
        abortAll();
        if (sessionId.isEmpty() || !network) {
            finish();
            return;
        }
        HttpRequest request(options.url);
        applyCommonHeaders(request, "DELETE", true);
        deleteReply = network->deleteResource(request);
        QObject::connect(deleteReply, &HttpExchange::finished, q, [this] {
            qCDebug(lcHttp) << "session ended with HTTP" << HttpReply::statusCode(deleteReply);
            finish();
        });
    }

    void abortAll()
    {
        timerGuard = std::make_unique<QObject>();
        const QList<HttpExchange *> replies = streams.keys();
        for (HttpExchange *reply : replies)
            discard(reply);
    }

    void finish()
    {
        closeTimer.stop();
        if (deleteReply) {
            deleteReply->disconnect(q);
            if (!deleteReply->isFinished())
                deleteReply->abort();
            deleteReply->deleteLater();
            deleteReply = nullptr;
        }
        if (closedEmitted)
            return;
        closedEmitted = true;
        state = State::Closed;
        emit q->closed();
    }
};

StreamableHttpTransport::StreamableHttpTransport(HttpTransportOptions options, QObject *parent)
    : Transport(parent)
    , d(std::make_unique<Private>(this, std::move(options)))
{
    d->closeTimer.setSingleShot(true);
    connect(&d->closeTimer, &QTimer::timeout, this, [this] { d->finish(); });
}

StreamableHttpTransport::~StreamableHttpTransport()
{
    d->abortAll();
    if (d->deleteReply) {
        d->deleteReply->disconnect(this);
        d->deleteReply->abort();
        delete d->deleteReply;
        d->deleteReply = nullptr;
    }
}

void StreamableHttpTransport::start()
{
    Q_ASSERT(d->state == State::Idle);
    d->state = State::Starting;
    const QUrl &url = d->options.url;
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty()) {
        const Error error = makeError(ErrorCode::ConfigError,
            QCoreApplication::translate("Toolgate::StreamableHttpTransport", "\"%1\" is not a usable server URL: it must start with http:// or https:// and name a host")
                .arg(url.toDisplayString()));
        QMetaObject::invokeMethod(this, [this, error] {
            d->fatalReported = true;
            emit errorOccurred(error);
            d->finish();
        }, Qt::QueuedConnection);
        return;
    }
    d->network = std::make_unique<HttpClient>();
    qCInfo(lcHttp) << "connecting to" << description() << "(Streamable HTTP)";
    QMetaObject::invokeMethod(this, [this] {
        if (d->state != State::Starting)
            return;
        d->state = State::Open;
        emit started();
    }, Qt::QueuedConnection);
}

void StreamableHttpTransport::send(const QByteArray &message)
{
    if (d->state != State::Open)
        return;
    Private::Message classified = d->classify(message);
    if (d->cancelledByClosing(classified))
        return;
    if (classified.kind == Private::Message::Kind::Request) {
        d->outstanding.insert(classified.key());
        if (classified.isInitialize) {
            d->initializeRequest = QJsonDocument::fromJson(message).object();
            d->initializeKey = classified.key();
        }
    }
    d->post(std::move(classified));
}

void StreamableHttpTransport::close()
{
    if (!beginClosing(d->state, [this] { d->finish(); }))
        return;
    d->abortAllButDeliveries();
    d->held.clear();
    d->closeTimer.start(d->options.closeTimeout);
    if (d->hasDeliveries()) {
        d->awaitingDeliveries = true; // discard() ends the session once the last one is through
        return;
    }
    QMetaObject::invokeMethod(this, [this] { d->endSession(); }, Qt::QueuedConnection);
}

Transport::State StreamableHttpTransport::state() const
{
    return d->state;
}

QString StreamableHttpTransport::description() const
{
    return HttpReply::displayUrl(d->options.url);
}

QByteArray StreamableHttpTransport::sessionId() const
{
    return d->sessionId;
}

QString StreamableHttpTransport::protocolVersion() const
{
    return d->protocolVersion;
}

void StreamableHttpTransport::setFallbackDetection(bool enabled)
{
    d->fallbackDetection = enabled;
}

void StreamableHttpTransport::setToolArgumentHeaders(const QHash<QString, RequestHeaders::ToolArgumentHeaders> &headers)
{
    d->toolArgumentHeaders = headers;
}

} // namespace Toolgate

#include "moc_streamablehttptransport.cpp"
