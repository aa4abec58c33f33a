#include "core/transport/ssetransport.h"

#include "core/transport/httplogging.h"
#include "core/transport/httpreply.h"
#include "core/common/error.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/transport/sseparser.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include "core/transport/httpclient.h"
#include <QPointer>
#include <QSet>
#include <QTimer>

namespace Toolgate {

class SseTransport::Private
{
public:
    struct Post
    {
        QByteArray body;
        QJsonValue id; ///< set for requests
        QString method;
        int authAttempts = 0;
        QByteArray errorBody;
    };

    SseTransport *q;
    HttpTransportOptions options;
    std::unique_ptr<HttpClient> network;
    State state = State::Idle;
    QPointer<HttpExchange> stream;
    SseParser parser;
    bool streamHeadersSeen = false;
    QByteArray streamErrorBody;
    int streamAuthAttempts = 0;
    QUrl endpoint;
    QHash<HttpExchange *, std::shared_ptr<Post>> posts;
    QTimer endpointTimer;
    std::unique_ptr<QObject> guard = std::make_unique<QObject>();
    bool fatalReported = false;
    bool closedEmitted = false;

    Private(SseTransport *q, HttpTransportOptions o) : q(q), options(std::move(o)), parser(options.maxMessageSize) {}

    void applyCommonHeaders(HttpRequest &request, const QByteArray &method) const
    {
        HttpReply::applyHeaders(request, options.headers);
        if (options.authenticator) {
            for (const auto &[name, value] : options.authenticator->requestHeaders(method, request.url))
                request.setRawHeader(name, value);
        }
    }

    void openStream()
    {
        HttpRequest request(options.url);
        request.setRawHeader("Accept", "text/event-stream");
        applyCommonHeaders(request, "GET");
        parser = SseParser(options.maxMessageSize);
        streamHeadersSeen = false;
        streamErrorBody.clear();
        stream = network->get(request);
        HttpExchange *reply = stream;
        QObject::connect(reply, &HttpExchange::readyRead, q, [this, reply] { onStreamData(reply); });
        QObject::connect(reply, &HttpExchange::finished, q, [this, reply] { onStreamFinished(reply); });
    }

    bool streamOk(HttpExchange *reply) const
    {
        const int status = HttpReply::statusCode(reply);
        return status >= 200 && status < 300 && HttpReply::mediaType(reply) == "text/event-stream";
    }

    void onStreamData(HttpExchange *reply)
    {
        if (reply != stream || (state != State::Starting && state != State::Open))
            return;
        const QByteArray data = reply->readAll();
        if (!streamOk(reply)) {
            if (streamErrorBody.size() < options.maxErrorBodySize)
                streamErrorBody.append(data.left(options.maxErrorBodySize - streamErrorBody.size()));
            return;
        }
        const QList<SseParser::Event> events = parser.feed(data);
        for (const SseParser::Event &event : events) {
            if (reply != stream || (state != State::Starting && state != State::Open))
                return;
            handleEvent(event);
        }
    }

    void handleEvent(const SseParser::Event &event)
    {
        if (event.oversized) {
            emit q->messageDropped(QByteArray(), event.size, options.maxMessageSize);
            return;
        }
        if (event.type == "endpoint") {
            onEndpoint(QString::fromUtf8(event.data).trimmed());
            return;
        }
        if (!event.type.isEmpty() && event.type != "message") {
            qCDebug(lcHttp) << "ignoring SSE event of type" << event.type;
            return;
        }
        if (state != State::Open) {
            emit q->protocolViolation(QCoreApplication::translate("Toolgate::SseTransport", "the server sent a message before naming its message endpoint; dropped"));
            return;
        }
        if (!event.data.trimmed().isEmpty())
            emit q->messageReceived(event.data);
    }

    void onEndpoint(const QString &text)
    {
        const QUrl target = options.url.resolved(QUrl(text));
        // Posting our messages to another origin would hand them (and credentials) to someone else.
        if (!target.isValid() || target.scheme() != options.url.scheme() || target.host() != options.url.host()
            || target.port(-1) != options.url.port(-1)) {
            fail(makeError(ErrorCode::ProtocolError,
                QCoreApplication::translate("Toolgate::SseTransport", "the server at %1 named a message endpoint on another site (%2); refused for safety")
                    .arg(HttpReply::displayUrl(options.url), HttpReply::displayUrl(target))));
            return;
        }
        if (state == State::Open) {
            if (target != endpoint)
                emit q->protocolViolation(QCoreApplication::translate("Toolgate::SseTransport", "the server named a second message endpoint; ignored"));
            return;
        }
        endpoint = target;
        endpointTimer.stop();
        state = State::Open;
        qCDebug(lcHttp) << "legacy SSE session open; posting to" << HttpReply::displayUrl(endpoint);
        emit q->started();
    }

    void onStreamFinished(HttpExchange *reply)
    {
        if (reply != stream)
            return;
        onStreamData(reply);
        stream = nullptr;
        reply->deleteLater();
        if (state != State::Starting && state != State::Open)
            return;
        const int status = HttpReply::statusCode(reply);
        const QByteArray wwwAuthenticate = reply->rawHeader("WWW-Authenticate");
        if (state == State::Starting && options.authenticator && streamAuthAttempts < HttpAuthenticator::maxAttemptsPerRequest
            && (status == 401 || (status == 403 && wwwAuthenticate.contains("insufficient_scope")))) {
            ++streamAuthAttempts;
            options.authenticator->authenticate(HttpChallenge{status, wwwAuthenticate, options.url, streamAuthAttempts, reply->rawHeader("DPoP-Nonce")},
                                                guard.get(), [this](const Result<void> &result) {
                if (state != State::Starting)
                    return;
                if (!result)
                    fail(result.error());
                else
                    openStream();
            });
            return;
        }
        const QString what = QCoreApplication::translate("Toolgate::SseTransport", "opening the event stream (HTTP+SSE)");
        if (status == 0 || HttpReply::isRedirect(status)) {
            fail(HttpReply::networkError(reply, what));
        } else if (!streamOk(reply)) {
            if (status >= 200 && status < 300) {
                fail(makeError(ErrorCode::TransportError,
                    QCoreApplication::translate("Toolgate::SseTransport", "%1 failed: %2 answered with \"%3\" instead of an event stream; is this the server's SSE URL?")
                        .arg(what, HttpReply::displayUrl(options.url), QString::fromLatin1(HttpReply::mediaType(reply)))));
            } else {
                fail(HttpReply::statusError(reply, streamErrorBody, what));
            }
        } else if (state == State::Starting) {
            fail(makeError(ErrorCode::TransportError,
                QCoreApplication::translate("Toolgate::SseTransport", "the server at %1 closed its event stream without naming a message endpoint")
                    .arg(HttpReply::displayUrl(options.url))));
        } else {
            fail(makeError(ErrorCode::ConnectionClosed, QCoreApplication::translate("Toolgate::SseTransport", "the server closed the event stream; the session is over")));
        }
    }

    void sendPost(std::shared_ptr<Post> post)
    {
        if (state != State::Open)
            return;
        HttpRequest request(endpoint);
        request.setRawHeader("Content-Type", QByteArrayLiteral("application/json"));
        applyCommonHeaders(request, "POST");
        HttpExchange *reply = network->post(request, post->body);
        posts.insert(reply, post);
        QObject::connect(reply, &HttpExchange::readyRead, q, [this, reply] {
            const auto p = posts.value(reply);
            const QByteArray data = reply->readAll();
            if (p && p->errorBody.size() < options.maxErrorBodySize)
                p->errorBody.append(data.left(options.maxErrorBodySize - p->errorBody.size()));
        });
        QObject::connect(reply, &HttpExchange::finished, q, [this, reply] { onPostFinished(reply); });
    }

    void onPostFinished(HttpExchange *reply)
    {
        const auto post = posts.take(reply);
        reply->deleteLater();
        if (!post || state != State::Open)
            return;
        const QByteArray rest = reply->readAll();
        post->errorBody.append(rest.left(std::max<qint64>(0, options.maxErrorBodySize - post->errorBody.size())));
        const int status = HttpReply::statusCode(reply);
        if (status >= 200 && status < 300)
            return; // the answer comes on the stream
        const QByteArray wwwAuthenticate = reply->rawHeader("WWW-Authenticate");
        if (options.authenticator && post->authAttempts < HttpAuthenticator::maxAttemptsPerRequest
            && (status == 401 || (status == 403 && wwwAuthenticate.contains("insufficient_scope")))) {
            ++post->authAttempts;
            post->errorBody.clear();
            options.authenticator->authenticate(HttpChallenge{status, wwwAuthenticate, endpoint, post->authAttempts, reply->rawHeader("DPoP-Nonce")},
                                                guard.get(), [this, post](const Result<void> &result) {
                if (state != State::Open)
                    return;
                if (!result)
                    failPost(*post, result.error());
                else
                    sendPost(post);
            });
            return;
        }
        const QString what = post->id.isUndefined() ? QCoreApplication::translate("Toolgate::SseTransport", "sending \"%1\"").arg(post->method)
                                                    : QCoreApplication::translate("Toolgate::SseTransport", "sending the request \"%1\"").arg(post->method);
        const Error error = status == 0 || HttpReply::isRedirect(status) ? HttpReply::networkError(reply, what)
                                                                         : HttpReply::statusError(reply, post->errorBody, what);
        failPost(*post, error);
        if (status == 0 && (reply->failure() == NetworkFailure::ConnectionRefused || reply->failure() == NetworkFailure::HostNotFound))
            fail(error);
    }

    void failPost(const Post &post, const Error &error)
    {
        if (post.id.isString() || post.id.isDouble())
            emit q->messageReceived(JsonRpcMessage::errorResponse(RequestId::fromJson(post.id), error).serialize());
        else
            emit q->diagnosticLine(error.message);
    }

    void fail(const Error &error)
    {
        if (!fatalReported) {
            fatalReported = true;
            qCInfo(lcHttp) << error.message;
            emit q->errorOccurred(error);
        }
        shutdown();
    }

    void shutdown()
    {
        endpointTimer.stop();
        guard = std::make_unique<QObject>();
        if (stream) {
            HttpExchange *reply = stream;
            stream = nullptr;
            reply->disconnect(q);
            reply->abort();
            reply->deleteLater();
        }
        const QList<HttpExchange *> replies = posts.keys();
        posts.clear();
        for (HttpExchange *reply : replies) {
            reply->disconnect(q);
            reply->abort();
            reply->deleteLater();
        }
        state = State::Closing;
        QMetaObject::invokeMethod(q, [this] {
            if (closedEmitted)
                return;
            closedEmitted = true;
            state = State::Closed;
            emit q->closed();
        }, Qt::QueuedConnection);
    }
};

SseTransport::SseTransport(HttpTransportOptions options, QObject *parent)
    : Transport(parent)
    , d(std::make_unique<Private>(this, std::move(options)))
{
    d->endpointTimer.setSingleShot(true);
    connect(&d->endpointTimer, &QTimer::timeout, this, [this] {
        d->fail(makeError(ErrorCode::TransportError,
            QCoreApplication::translate("Toolgate::SseTransport", "the server at %1 did not name its message endpoint in time; is this the server's SSE URL?")
                .arg(description())));
    });
}

SseTransport::~SseTransport()
{
    d->closedEmitted = true;
    if (d->state != State::Closed && d->state != State::Idle)
        d->shutdown();
}

void SseTransport::start()
{
    Q_ASSERT(d->state == State::Idle);
    d->state = State::Starting;
    const QUrl &url = d->options.url;
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty()) {
        const Error error = makeError(ErrorCode::ConfigError,
            QCoreApplication::translate("Toolgate::SseTransport", "\"%1\" is not a usable server URL: it must start with http:// or https:// and name a host")
                .arg(url.toDisplayString()));
        QMetaObject::invokeMethod(this, [this, error] { d->fail(error); }, Qt::QueuedConnection);
        return;
    }
    d->network = std::make_unique<HttpClient>();
    qCInfo(lcHttp) << "connecting to" << description() << "(HTTP+SSE)";
    d->endpointTimer.start(d->options.endpointTimeout);
    d->openStream();
}

void SseTransport::send(const QByteArray &message)
{
    if (d->state != State::Open)
        return;
    auto post = std::make_shared<Private::Post>();
    post->body = message;
    const QJsonObject object = QJsonDocument::fromJson(message).object();
    post->method = object.value(QLatin1String("method")).toString();
    if (!post->method.isEmpty())
        post->id = object.value(QLatin1String("id"));
    d->sendPost(std::move(post));
}

void SseTransport::close()
{
    switch (d->state) {
    case State::Idle:
    case State::Starting:
    case State::Open:
        d->shutdown();
        return;
    case State::Closing:
    case State::Closed:
        return;
    }
}

Transport::State SseTransport::state() const
{
    return d->state;
}

QString SseTransport::description() const
{
    return HttpReply::displayUrl(d->options.url);
}

QUrl SseTransport::endpoint() const
{
    return d->endpoint;
}

} // namespace Toolgate

#include "moc_ssetransport.cpp"
