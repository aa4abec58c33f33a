#pragma once

// A loopback TCP proxy for tests: forwards every connection to a target port and can cut the
// connections whose requests contain some text (to drop an event stream mid-flight).

#include <QHostAddress>
#include <QList>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>

namespace TestHttp {

class TcpProxy : public QObject
{
public:
    explicit TcpProxy(quint16 targetPort, QObject *parent = nullptr) : QObject(parent), m_target(targetPort)
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *client = m_server.nextPendingConnection()) {
                auto *upstream = new QTcpSocket(client);
                Pair pair{client, upstream, {}};
                m_pairs.append(pair);
                const qsizetype index = m_pairs.size() - 1;
                QObject::connect(client, &QTcpSocket::readyRead, this, [this, index] {
                    Pair &p = m_pairs[index];
                    const QByteArray data = p.client->readAll();
                    // A new request on a kept-alive connection starts with its method.
                    if (data.startsWith("POST ") || data.startsWith("GET ") || data.startsWith("DELETE "))
                        p.lastRequest.clear();
                    p.lastRequest += data;
                    if (p.upstream->state() == QAbstractSocket::ConnectedState)
                        p.upstream->write(data);
                    else
                        p.pending += data;
                });
                QObject::connect(upstream, &QTcpSocket::connected, this, [this, index] {
                    Pair &p = m_pairs[index];
                    p.upstream->write(p.pending);
                    p.pending.clear();
                });
                QObject::connect(upstream, &QTcpSocket::readyRead, this, [this, index] {
                    Pair &p = m_pairs[index];
                    if (p.client)
                        p.client->write(p.upstream->readAll());
                });
                QObject::connect(client, &QTcpSocket::disconnected, this, [this, index] {
                    if (m_pairs[index].upstream)
                        m_pairs[index].upstream->disconnectFromHost();
                });
                QObject::connect(upstream, &QTcpSocket::disconnected, this, [this, index] {
                    if (m_pairs[index].client)
                        m_pairs[index].client->disconnectFromHost();
                });
                upstream->connectToHost(QHostAddress::LocalHost, m_target);
            }
        });
        m_server.listen(QHostAddress::LocalHost, 0);
    }

    ~TcpProxy() override
    {
        // Sockets die with the server below; they must not call back into a half-destroyed proxy.
        for (Pair &p : m_pairs) {
            if (p.client)
                p.client->disconnect(this);
            if (p.upstream)
                p.upstream->disconnect(this);
        }
    }

    quint16 port() const { return m_server.serverPort(); }

    /// Cuts (RST) every connection whose latest request contains text; returns how many.
    int cut(const QByteArray &text)
    {
        int count = 0;
        for (Pair &p : m_pairs) {
            if (p.client && p.lastRequest.contains(text)) {
                p.client->abort();
                if (p.upstream)
                    p.upstream->abort();
                ++count;
            }
        }
        return count;
    }

private:
    struct Pair
    {
        QPointer<QTcpSocket> client;
        QPointer<QTcpSocket> upstream;
        QByteArray lastRequest;
        QByteArray pending;
    };
    QTcpServer m_server;
    quint16 m_target;
    QList<Pair> m_pairs;
};

} // namespace TestHttp
