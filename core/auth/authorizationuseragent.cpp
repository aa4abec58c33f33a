#include "core/auth/authorizationuseragent.h"

#include "core/auth/authlogging.h"
#include "core/common/error.h"
#include "core/transport/httpclient.h"
#include "core/transport/httpreply.h"

#include <QCoreApplication>
#include <QPointer>
#include <QProcess>
#include <QTimer>
#include <QUrlQuery>

namespace Toolgate {

namespace {

constexpr qsizetype maxCallbackRequest = 16 * 1024;
constexpr int maxRedirectHops = 5;

bool isRedirectTo(const QUrl &location, const QUrl &redirectUri)
{
    return location.scheme() == redirectUri.scheme() && location.host() == redirectUri.host()
        && location.port(-1) == redirectUri.port(-1) && location.path() == redirectUri.path();
}

QByteArray page(const QString &title, const QString &text)
{
    const QString html = QStringLiteral("<!doctype html><html><head><meta charset=\"utf-8\"><title>%1</title></head>"
                                        "<body style=\"font-family:sans-serif;margin:3em\"><h1>%1</h1><p>%2</p></body></html>")
                             .arg(title.toHtmlEscaped(), text.toHtmlEscaped());
    return html.toUtf8();
}

} // namespace

class LoopbackUserAgent::Private
{
public:
    Opener opener;
    Options options;
    std::unique_ptr<LoopbackListener> listener;
    QPointer<QObject> context;
    Done done;
    QTimer timeout;

    void finish(const Result<QUrl> &result)
    {
        timeout.stop();
        Done callback = std::exchange(done, {});
        if (callback && context)
            callback(result);
    }

    // One request of the browser: the sign-in's redirect on /callback, or anything else (404).
    LoopbackAnswer answer(const LoopbackRequest &request)
    {
        const QUrl target = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(listener->port())).resolved(QUrl(QString::fromLatin1(request.target)));
        const QUrlQuery query(target);
        QByteArray body;
        int status = 200;
        if (request.method != "GET" || target.path() != QLatin1String("/callback") || !done) {
            status = 404;
            body = page(QCoreApplication::translate("Toolgate::AuthorizationUserAgent", "Not found"), QCoreApplication::translate("Toolgate::AuthorizationUserAgent", "This address only receives Toolgate sign-ins."));
        } else if (query.hasQueryItem(QStringLiteral("error"))) {
            body = page(QCoreApplication::translate("Toolgate::AuthorizationUserAgent", "Sign-in failed"),
                        QCoreApplication::translate("Toolgate::AuthorizationUserAgent", "The sign-in did not succeed. You can close this tab and return to Toolgate."));
        } else {
            body = page(QCoreApplication::translate("Toolgate::AuthorizationUserAgent", "Signed in"), QCoreApplication::translate("Toolgate::AuthorizationUserAgent", "You can close this tab and return to Toolgate."));
        }
        LoopbackAnswer answer;
        answer.response = "HTTP/1.1 " + QByteArray::number(status) + (status == 200 ? " OK" : " Not Found")
            + "\r\nContent-Type: text/html; charset=utf-8\r\nConnection: close\r\nContent-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        if (status == 200)
            answer.afterSending = [this, target] { finish(target); };
        return answer;
    }
};

LoopbackUserAgent::LoopbackUserAgent(Opener opener)
    : LoopbackUserAgent(std::move(opener), Options())
{}

LoopbackUserAgent::LoopbackUserAgent(Opener opener, Options options)
    : d(std::make_unique<Private>())
{
    d->opener = std::move(opener);
    d->options = options;
    d->timeout.setSingleShot(true);
    QObject::connect(&d->timeout, &QTimer::timeout, &d->timeout, [this] {
        d->finish(makeError(ErrorCode::RequestTimeout,
                            QCoreApplication::translate("Toolgate::AuthorizationUserAgent", "the sign-in was not completed within %1 minutes; connect again to retry")
                                .arg(std::chrono::duration_cast<std::chrono::minutes>(d->options.timeout).count())));
    });
}

LoopbackUserAgent::~LoopbackUserAgent() = default;

Result<QUrl> LoopbackUserAgent::redirectUri()
{
    if (!d->listener) {
        QString why;
        if (NetworkBackend *network = HttpClient::backend(&why)) {
            d->listener = network->listenOnLoopback(d->options.preferredPort, maxCallbackRequest,
                                                    [this](const LoopbackRequest &request) { return d->answer(request); }, &why);
        }
        if (!d->listener) {
            return makeError(ErrorCode::TransportError,
                             QCoreApplication::translate("Toolgate::AuthorizationUserAgent", "could not listen on a local port to receive the sign-in: %1").arg(why));
        }
    }
    return QUrl(QStringLiteral("http://127.0.0.1:%1/callback").arg(d->listener->port()));
}

void LoopbackUserAgent::authorize(const QUrl &authorizationUrl, QObject *context, Done done)
{
    const auto uri = redirectUri();
    if (!uri) {
        QMetaObject::invokeMethod(context, [done, error = uri.error()] { done(error); }, Qt::QueuedConnection);
        return;
    }
    if (d->done)
        d->finish(makeError(ErrorCode::RequestCancelled, QCoreApplication::translate("Toolgate::AuthorizationUserAgent", "a newer sign-in replaced this one")));
    d->context = context;
    d->done = std::move(done);
    d->timeout.start(d->options.timeout);
    qCInfo(lcAuth) << "opening the browser to sign in at" << HttpReply::displayUrl(authorizationUrl);
    if (!d->opener || !d->opener(authorizationUrl))
        qCWarning(lcAuth) << "could not open a browser for the sign-in";
}

bool LoopbackUserAgent::openWithSystemHandler(const QUrl &url)
{
#if defined(Q_OS_MACOS)
    return QProcess::startDetached(QStringLiteral("open"), {url.toString(QUrl::FullyEncoded)});
#elif defined(Q_OS_WIN)
    return QProcess::startDetached(QStringLiteral("rundll32"), {QStringLiteral("url.dll,FileProtocolHandler"), url.toString(QUrl::FullyEncoded)});
#else
    return QProcess::startDetached(QStringLiteral("xdg-open"), {url.toString(QUrl::FullyEncoded)});
#endif
}

HeadlessUserAgent::HeadlessUserAgent(QUrl redirectUri)
    : m_redirectUri(std::move(redirectUri))
    , m_network(std::make_unique<HttpClient>())
{}

HeadlessUserAgent::~HeadlessUserAgent() = default;

Result<QUrl> HeadlessUserAgent::redirectUri()
{
    return m_redirectUri;
}

void HeadlessUserAgent::authorize(const QUrl &authorizationUrl, QObject *context, Done done)
{
    QPointer<QObject> guard(context);
    auto step = std::make_shared<std::function<void(const QUrl &, int)>>();
    *step = [this, guard, done, step](const QUrl &url, int hop) {
        HttpRequest request(url);
        request.transferTimeoutMs = 30000;
        HttpExchange *reply = m_network->get(request);
        QObject::connect(reply, &HttpExchange::finished, m_network.get(), [this, guard, done, step, reply, hop] {
            reply->deleteLater();
            if (!guard)
                return;
            const int status = HttpReply::statusCode(reply);
            const QString what = QCoreApplication::translate("Toolgate::AuthorizationUserAgent", "visiting the authorization page");
            if (HttpReply::isRedirect(status)) {
                const QUrl location = reply->url().resolved(QUrl::fromEncoded(reply->rawHeader("Location").trimmed()));
                if (isRedirectTo(location, m_redirectUri)) {
                    *step = nullptr; // break the self-reference
                    done(location);
                    return;
                }
                if (hop + 1 < maxRedirectHops) {
                    (*step)(location, hop + 1);
                    return;
                }
            }
            *step = nullptr;
            if (status == 0) {
                done(HttpReply::networkError(reply, what));
                return;
            }
            done(makeError(ErrorCode::TransportError,
                QCoreApplication::translate("Toolgate::AuthorizationUserAgent", "the authorization server did not send the sign-in back to Toolgate (HTTP %1 from %2); it wants a "
                               "person to sign in, which this headless client cannot do").arg(status).arg(HttpReply::displayUrl(reply->url()))));
        });
    };
    (*step)(authorizationUrl, 0);
}

} // namespace Toolgate
