#include "core/transport/network/qtproxylistener.h"

#include "core/common/hostnames.h"
#include "core/common/streamrelay.h"

#include <QCoreApplication>
#include <QLocalSocket>
#include <QPointer>
#include <QTcpSocket>
#include <QUrl>

#include <tuple>
#include <utility>

namespace Toolgate {

namespace {

/// A request head longer than this is not a proxy request a client would send.
constexpr qsizetype maxHeadSize = 16 * 1024;

QByteArray response(int status, const QByteArray &reason, const QString &body = {})
{
    const QByteArray text = body.toUtf8() + '\n';
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\nContent-Type: text/plain; charset=utf-8\r\n"
           "Connection: close\r\nContent-Length: " + QByteArray::number(text.size()) + "\r\n\r\n" + text;
}

/// One client connection to the proxy: reads the request head, decides, then connects and relays or
/// answers with an error. Deletes itself when done.
class ProxyTunnel final : public QObject
{
public:
    ProxyTunnel(QLocalSocket *client, QObject *parent, std::function<bool(const QString &, quint16)> allows)
        : QObject(parent), m_client(client), m_allows(std::move(allows))
    {
        m_client->setParent(this);
        connect(m_client, &QLocalSocket::readyRead, this, &ProxyTunnel::readHead);
        // Gone before the relaying began (while the head was read, or the host connected): nothing to wait for.
        connect(m_client, &QLocalSocket::disconnected, this, [this] {
            if (m_relaying)
                return;
            if (m_upstream)
                m_upstream->abort();
            deleteLater();
        });
        readHead();
    }

private:
    void readHead()
    {
        if (m_upstream)
            return;
        m_head += m_client->readAll();
        const qsizetype end = m_head.indexOf("\r\n\r\n");
        if (end < 0) {
            if (m_head.size() > maxHeadSize)
                fail(431, "Request Header Fields Too Large", QCoreApplication::translate("Toolgate::SandboxProxy", "The request is too long for a proxy request."));
            return;
        }
        disconnect(m_client, &QLocalSocket::readyRead, this, &ProxyTunnel::readHead);
        const QList<QByteArray> requestLine = m_head.left(m_head.indexOf("\r\n")).split(' ');
        if (requestLine.size() != 3) {
            fail(400, "Bad Request", QCoreApplication::translate("Toolgate::SandboxProxy", "This is not an HTTP proxy request."));
            return;
        }
        const QByteArray method = requestLine.at(0);
        QString host;
        quint16 port = 0;
        if (method == "CONNECT") {
            std::tie(host, port) = HostNames::splitPort(QString::fromLatin1(requestLine.at(1)));
            m_rest = m_head.mid(end + 4);
        } else {
            // A plain-HTTP request in absolute form: passed on in origin form, without the proxy's headers.
            const QUrl url(QString::fromLatin1(requestLine.at(1)), QUrl::StrictMode);
            if (!url.isValid() || url.scheme() != QLatin1String("http") || url.host().isEmpty()) {
                fail(400, "Bad Request", QCoreApplication::translate("Toolgate::SandboxProxy", "Only CONNECT and http:// requests go through this proxy."));
                return;
            }
            host = url.host();
            port = quint16(url.port(80));
            QByteArray path = url.path(QUrl::FullyEncoded).toLatin1();
            if (path.isEmpty())
                path = "/";
            if (url.hasQuery())
                path += '?' + url.query(QUrl::FullyEncoded).toLatin1();
            QByteArray forwarded = method + ' ' + path + ' ' + requestLine.at(2) + "\r\n";
            const QList<QByteArray> lines = m_head.left(end).split('\n');
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const QByteArray line = lines.at(i).trimmed();
                if (!line.isEmpty() && !line.toLower().startsWith("proxy-"))
                    forwarded += line + "\r\n";
            }
            m_rest = forwarded + "\r\n" + m_head.mid(end + 4);
            m_plainHttp = true;
        }
        m_head.clear();
        if (host.isEmpty() || port == 0) {
            fail(400, "Bad Request", QCoreApplication::translate("Toolgate::SandboxProxy", "The request names no host and port."));
            return;
        }
        const QString target = (host.contains(u':') ? u'[' + host + u']' : host) + u':' + QString::number(port);
        if (!m_allows(host, port)) {
            fail(403, "Forbidden",
                 QCoreApplication::translate("Toolgate::SandboxProxy", "Toolgate's sandbox does not let this server connect to %1: it is not in the server's "
                                                                      "list of hosts. To allow it, add it to the list in the server's sandbox settings.")
                     .arg(target));
            return;
        }
        m_upstream = new QTcpSocket(this);
        connect(m_upstream, &QTcpSocket::connected, this, &ProxyTunnel::upstreamConnected);
        connect(m_upstream, &QTcpSocket::errorOccurred, this, [this, target] {
            if (m_upstream->state() != QAbstractSocket::ConnectedState && !m_relaying)
                fail(502, "Bad Gateway", QCoreApplication::translate("Toolgate::SandboxProxy", "Cannot connect to %1: %2").arg(target, m_upstream->errorString()));
        });
        m_upstream->connectToHost(host, port);
    }

    void upstreamConnected()
    {
        m_relaying = true;
        if (m_plainHttp)
            m_upstream->write(m_rest);
        else
            m_client->write("HTTP/1.1 200 Connection established\r\n\r\n" + std::exchange(m_rest, {}));
        if (m_plainHttp)
            m_rest.clear();
        StreamRelay::both(m_client.data(), m_upstream.data(), this, [this] { deleteLater(); });
    }

    void fail(int status, const QByteArray &reason, const QString &why)
    {
        if (m_upstream)
            m_upstream->abort();
        if (m_client->state() != QLocalSocket::ConnectedState) {
            deleteLater();
            return;
        }
        m_client->write(response(status, reason, why));
        m_client->disconnectFromServer(); // after what was written; disconnected then deletes us
    }

    QPointer<QLocalSocket> m_client;
    QPointer<QTcpSocket> m_upstream;
    std::function<bool(const QString &, quint16)> m_allows;
    QByteArray m_head;
    QByteArray m_rest; ///< what the client sent after the head, for the host
    bool m_plainHttp = false;
    bool m_relaying = false;
};

} // namespace

QtProxyListener::QtProxyListener(std::function<bool(const QString &host, quint16 port)> allows)
    : m_allows(std::move(allows))
{
    // Only this user may connect; inside the sandbox the server runs as this user too.
    m_server.setSocketOptions(QLocalServer::UserAccessOption);
    QObject::connect(&m_server, &QLocalServer::newConnection, &m_server, [this] {
        while (QLocalSocket *client = m_server.nextPendingConnection())
            new ProxyTunnel(client, &m_server, m_allows);
    });
}

QtProxyListener::~QtProxyListener() = default;

bool QtProxyListener::listen(const QString &socketPath, QString *why)
{
    if (m_server.listen(socketPath))
        return true;
    if (why)
        *why = m_server.errorString();
    return false;
}

} // namespace Toolgate
