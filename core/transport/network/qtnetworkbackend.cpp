// toolgate_network: HTTP through Qt Network, loaded by HttpClient on the first request (and by the
// loopback sign-in), so that a process talking only to local servers never loads Qt Network.

#include "core/transport/networkbackend.h"
#include "core/transport/network/qtproxylistener.h"

#include <QHostAddress>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QtPlugin>

namespace Toolgate {

namespace {

NetworkFailure failureOf(QNetworkReply::NetworkError error)
{
    switch (error) {
    case QNetworkReply::NoError: return NetworkFailure::None;
    case QNetworkReply::ConnectionRefusedError: return NetworkFailure::ConnectionRefused;
    case QNetworkReply::HostNotFoundError: return NetworkFailure::HostNotFound;
    case QNetworkReply::TimeoutError: return NetworkFailure::Timeout;
    case QNetworkReply::OperationCanceledError: return NetworkFailure::Cancelled;
    case QNetworkReply::RemoteHostClosedError: return NetworkFailure::RemoteHostClosed;
    case QNetworkReply::SslHandshakeFailedError: return NetworkFailure::TlsHandshake;
    case QNetworkReply::InsecureRedirectError: return NetworkFailure::InsecureRedirect;
    case QNetworkReply::TooManyRedirectsError: return NetworkFailure::TooManyRedirects;
    case QNetworkReply::ProxyConnectionRefusedError:
    case QNetworkReply::ProxyConnectionClosedError:
    case QNetworkReply::ProxyNotFoundError:
    case QNetworkReply::ProxyTimeoutError:
    case QNetworkReply::ProxyAuthenticationRequiredError: return NetworkFailure::Proxy;
    case QNetworkReply::ProtocolUnknownError: return NetworkFailure::UnknownProtocol;
    default: return NetworkFailure::Other;
    }
}

class QtNetworkExchange final : public NetworkExchange
{
public:
    QtNetworkExchange(QNetworkReply *reply, NetworkCallbacks callbacks)
        : m_reply(reply)
        , m_callbacks(std::move(callbacks))
    {
        // The reply is the connections' context: they end with it, or when this object disconnects them.
        QObject::connect(reply, &QNetworkReply::readyRead, reply, [this] {
            if (m_callbacks.readyRead)
                m_callbacks.readyRead();
        });
        QObject::connect(reply, &QNetworkReply::finished, reply, [this] {
            if (m_callbacks.finished)
                m_callbacks.finished();
        });
    }

    ~QtNetworkExchange() override
    {
        // The manager may be gone already (it owns its replies): then so is the reply.
        if (m_reply) {
            m_reply->disconnect();
            m_reply->abort();
            m_reply->deleteLater();
        }
    }

    void abort() override
    {
        if (m_reply)
            m_reply->abort();
    }
    QByteArray readAll() override { return m_reply ? m_reply->readAll() : QByteArray(); }
    int statusCode() const override { return m_reply ? m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() : 0; }
    QByteArray reasonPhrase() const override
    {
        return m_reply ? m_reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toByteArray() : QByteArray();
    }
    QByteArray rawHeader(const QByteArray &name) const override { return m_reply ? m_reply->rawHeader(name) : QByteArray(); }
    QUrl url() const override { return m_reply ? m_reply->url() : QUrl(); }
    NetworkFailure failure() const override { return m_reply ? failureOf(m_reply->error()) : NetworkFailure::Cancelled; }
    QString errorString() const override { return m_reply ? m_reply->errorString() : QString(); }

private:
    QPointer<QNetworkReply> m_reply;
    NetworkCallbacks m_callbacks;
};

class QtNetworkClient final : public NetworkClient
{
public:
    QtNetworkClient() { m_manager.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy); }

    std::unique_ptr<NetworkExchange> send(const QByteArray &method, const HttpRequest &request, const QByteArray &body,
                                          NetworkCallbacks callbacks) override
    {
        QNetworkRequest qt(request.url);
        for (const auto &[name, value] : request.headers)
            qt.setRawHeader(name, value);
        qt.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                        request.followRedirects ? QNetworkRequest::NoLessSafeRedirectPolicy : QNetworkRequest::ManualRedirectPolicy);
        qt.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
        if (request.transferTimeoutMs > 0)
            qt.setTransferTimeout(request.transferTimeoutMs);
        QNetworkReply *reply = nullptr;
        if (method == "GET")
            reply = m_manager.get(qt);
        else if (method == "POST")
            reply = m_manager.post(qt, body);
        else if (method == "DELETE")
            reply = m_manager.deleteResource(qt);
        else
            reply = m_manager.sendCustomRequest(qt, method, body);
        return std::make_unique<QtNetworkExchange>(reply, std::move(callbacks));
    }

private:
    QNetworkAccessManager m_manager;
};

class QtLoopbackListener final : public LoopbackListener
{
public:
    QtLoopbackListener(qsizetype maxRequest, std::function<LoopbackAnswer(const LoopbackRequest &)> answer)
        : m_maxRequest(maxRequest)
        , m_answer(std::move(answer))
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] { accept(); });
    }

    bool listen(quint16 port, QString *why)
    {
        if (m_server.listen(QHostAddress::LocalHost, port) || (port != 0 && m_server.listen(QHostAddress::LocalHost, 0)))
            return true;
        if (why)
            *why = m_server.errorString();
        return false;
    }

    quint16 port() const override { return m_server.serverPort(); }

private:
    void accept()
    {
        while (QTcpSocket *socket = m_server.nextPendingConnection()) {
            QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            auto buffer = std::make_shared<QByteArray>();
            QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, buffer] {
                buffer->append(socket->readAll());
                if (buffer->size() > m_maxRequest) {
                    socket->abort();
                    return;
                }
                if (!buffer->contains("\r\n\r\n"))
                    return;
                const QList<QByteArray> requestLine = buffer->left(buffer->indexOf("\r\n")).split(' ');
                LoopbackAnswer answer = m_answer(LoopbackRequest{requestLine.value(0), requestLine.value(1)});
                socket->write(answer.response);
                socket->disconnectFromHost();
                // Last, and on the next turn: what runs may end the sign-in and with it this listener.
                if (answer.afterSending)
                    QMetaObject::invokeMethod(&m_server, std::move(answer.afterSending), Qt::QueuedConnection);
            });
        }
    }

    QTcpServer m_server;
    qsizetype m_maxRequest;
    std::function<LoopbackAnswer(const LoopbackRequest &)> m_answer;
};

} // namespace

class QtNetworkBackend final : public QObject, public NetworkBackend
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID ToolgateNetworkBackend_iid)
    Q_INTERFACES(Toolgate::NetworkBackend)
public:
    std::unique_ptr<NetworkClient> createClient() override { return std::make_unique<QtNetworkClient>(); }

    std::unique_ptr<LoopbackListener> listenOnLoopback(quint16 port, qsizetype maxRequest,
                                                       std::function<LoopbackAnswer(const LoopbackRequest &)> answer,
                                                       QString *why) override
    {
        auto listener = std::make_unique<QtLoopbackListener>(maxRequest, std::move(answer));
        if (!listener->listen(port, why))
            return nullptr;
        return listener;
    }

    std::unique_ptr<ProxyListener> listenAsProxy(const QString &socketPath, std::function<bool(const QString &host, quint16 port)> allows,
                                                 QString *why) override
    {
        auto listener = std::make_unique<QtProxyListener>(std::move(allows));
        if (!listener->listen(socketPath, why))
            return nullptr;
        return listener;
    }
};

} // namespace Toolgate

#include "qtnetworkbackend.moc"
