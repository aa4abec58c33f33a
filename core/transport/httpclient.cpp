#include "core/transport/httpclient.h"

#include "core/common/plugins.h"

#include <QCoreApplication>
#include <QPointer>

namespace Toolgate {

HttpExchange::HttpExchange(HttpRequest request, QObject *parent)
    : QObject(parent)
    , m_request(std::move(request))
{}

HttpExchange::~HttpExchange() = default;

QUrl HttpExchange::url() const
{
    return m_exchange ? m_exchange->url() : m_request.url;
}

int HttpExchange::statusCode() const
{
    return m_exchange ? m_exchange->statusCode() : 0;
}

QByteArray HttpExchange::reasonPhrase() const
{
    return m_exchange ? m_exchange->reasonPhrase() : QByteArray();
}

QByteArray HttpExchange::rawHeader(const QByteArray &name) const
{
    return m_exchange ? m_exchange->rawHeader(name) : QByteArray();
}

qint64 HttpExchange::contentLength() const
{
    bool ok = false;
    const qint64 length = rawHeader("Content-Length").trimmed().toLongLong(&ok);
    return ok && length >= 0 ? length : -1;
}

QByteArray HttpExchange::readAll()
{
    return m_exchange ? m_exchange->readAll() : QByteArray();
}

NetworkFailure HttpExchange::failure() const
{
    if (!m_unsent.isEmpty())
        return NetworkFailure::Other;
    return m_exchange ? m_exchange->failure() : NetworkFailure::Cancelled;
}

QString HttpExchange::errorString() const
{
    if (!m_unsent.isEmpty())
        return m_unsent;
    return m_exchange ? m_exchange->errorString() : QString();
}

void HttpExchange::abort()
{
    if (m_exchange)
        m_exchange->abort();
}

void HttpExchange::failBeforeSending(const QString &why)
{
    m_unsent = why;
    QMetaObject::invokeMethod(this, &HttpExchange::reportFinished, Qt::QueuedConnection);
}

void HttpExchange::reportFinished()
{
    m_finished = true;
    emit finished();
}

HttpClient::HttpClient(QObject *parent)
    : QObject(parent)
{}

HttpClient::~HttpClient()
{
    // The exchanges first, while the plugin's client (whose connections they use) still exists.
    qDeleteAll(findChildren<HttpExchange *>(Qt::FindDirectChildrenOnly));
}

NetworkBackend *HttpClient::backend(QString *why)
{
    return Plugins::load<NetworkBackend>(QStringLiteral("network"), why);
}

HttpExchange *HttpClient::get(const HttpRequest &request)
{
    return send(QByteArrayLiteral("GET"), request, {});
}

HttpExchange *HttpClient::post(const HttpRequest &request, const QByteArray &body)
{
    return send(QByteArrayLiteral("POST"), request, body);
}

HttpExchange *HttpClient::deleteResource(const HttpRequest &request)
{
    return send(QByteArrayLiteral("DELETE"), request, {});
}

HttpExchange *HttpClient::send(const QByteArray &method, const HttpRequest &request, const QByteArray &body)
{
    auto *exchange = new HttpExchange(request, this);
    if (!m_client) {
        QString why;
        if (NetworkBackend *network = backend(&why))
            m_client = network->createClient();
        if (!m_client) {
            exchange->failBeforeSending(
                QCoreApplication::translate("Toolgate::HttpClient", "Toolgate's network plugin could not be loaded: %1").arg(why));
            return exchange;
        }
    }
    // The exchange owns the plugin's request: once it is deleted, nothing calls back.
    exchange->m_exchange = m_client->send(method, request, body,
                                          NetworkCallbacks{[exchange] { emit exchange->readyRead(); },
                                                           [exchange] { exchange->reportFinished(); }});
    return exchange;
}

} // namespace Toolgate

#include "moc_httpclient.cpp"
