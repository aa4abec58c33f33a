#pragma once

// A scriptable HTTP/1.1 server on 127.0.0.1 for transport tests: each request goes to a handler
// that answers with a fixed body, a chunked stream it writes to over time, or a dropped socket.

#include <QByteArray>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QList>
#include <QMap>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

#include <functional>
#include <memory>

namespace TestHttp {

struct Request
{
    QByteArray method;
    QByteArray path;
    QMap<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;
    qint64 receivedAtMs = 0;

    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
};

/// One request and its answer.
class Exchange : public QObject
{
public:
    Exchange(QTcpSocket *socket, Request request, QObject *parent)
        : QObject(parent), m_socket(socket), m_request(std::move(request)) {}

    const Request &request() const { return m_request; }

    void respond(int status, const QByteArray &body = {}, const QMap<QByteArray, QByteArray> &headers = {})
    {
        if (!m_socket)
            return;
        QByteArray out = statusLine(status);
        for (auto it = headers.cbegin(); it != headers.cend(); ++it)
            out += it.key() + ": " + it.value() + "\r\n";
        out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        m_socket->write(out);
        m_done = true;
    }

    void respondJson(int status, const QByteArray &json, QMap<QByteArray, QByteArray> headers = {})
    {
        headers.insert("Content-Type", "application/json");
        respond(status, json, headers);
    }

    void startStream(int status = 200, QMap<QByteArray, QByteArray> headers = {})
    {
        if (!m_socket)
            return;
        if (!headers.contains("Content-Type"))
            headers.insert("Content-Type", "text/event-stream");
        QByteArray out = statusLine(status);
        for (auto it = headers.cbegin(); it != headers.cend(); ++it)
            out += it.key() + ": " + it.value() + "\r\n";
        out += "Transfer-Encoding: chunked\r\n\r\n";
        m_socket->write(out);
    }

    void write(const QByteArray &data)
    {
        if (!m_socket || data.isEmpty())
            return;
        m_socket->write(QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n");
        m_socket->flush();
    }

    void endStream()
    {
        if (!m_socket)
            return;
        m_socket->write("0\r\n\r\n");
        m_socket->flush();
        m_done = true;
    }

    void dropConnection()
    {
        if (m_socket)
            m_socket->abort();
        m_done = true;
    }

    bool isDone() const { return m_done; }
    bool isConnected() const { return m_socket && m_socket->state() == QAbstractSocket::ConnectedState; }

private:
    static QByteArray statusLine(int status)
    {
        return "HTTP/1.1 " + QByteArray::number(status) + " " + reason(status) + "\r\n";
    }
    static QByteArray reason(int status)
    {
        switch (status) {
        case 200: return "OK";
        case 202: return "Accepted";
        case 204: return "No Content";
        case 307: return "Temporary Redirect";
        case 400: return "Bad Request";
        case 401: return "Unauthorized";
        case 403: return "Forbidden";
        case 404: return "Not Found";
        case 405: return "Method Not Allowed";
        case 500: return "Internal Server Error";
        default: return "Status";
        }
    }

    QPointer<QTcpSocket> m_socket;
    Request m_request;
    bool m_done = false;
};

class Server : public QObject
{
public:
    using Handler = std::function<void(Exchange *exchange)>;

    explicit Server(QObject *parent = nullptr) : QObject(parent)
    {
        m_clock.start();
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                m_sockets.append(socket);
                QObject::connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onData(socket); });
                QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
        m_server.listen(QHostAddress::LocalHost, 0);
    }

    void setHandler(Handler handler) { m_handler = std::move(handler); }
    QUrl url(const QString &path = QStringLiteral("/mcp")) const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path));
    }
    quint16 port() const { return m_server.serverPort(); }
    const QList<Request> &requests() const { return m_requests; }
    QList<Request> requests(const QByteArray &method) const
    {
        QList<Request> out;
        for (const Request &r : m_requests) {
            if (r.method == method)
                out.append(r);
        }
        return out;
    }
    qint64 elapsedMs() const { return m_clock.elapsed(); }
    void closeAll()
    {
        for (const auto &socket : std::as_const(m_sockets)) {
            if (socket)
                socket->abort();
        }
    }

private:
    void onData(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        for (;;) {
            const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
            if (headerEnd < 0)
                return;
            const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
            Request request;
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            request.method = first.value(0);
            request.path = first.value(1);
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const QByteArray line = lines.at(i).trimmed();
                const qsizetype colon = line.indexOf(':');
                if (colon > 0)
                    request.headers.insert(line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed());
            }
            const qsizetype length = request.headers.value("content-length").toLongLong();
            if (buffer.size() < headerEnd + 4 + length)
                return;
            request.body = buffer.mid(headerEnd + 4, length);
            buffer.remove(0, headerEnd + 4 + length);
            request.receivedAtMs = m_clock.elapsed();
            m_requests.append(request);
            auto *exchange = new Exchange(socket, request, socket);
            if (m_handler)
                m_handler(exchange);
            else
                exchange->respond(404);
        }
    }

    QTcpServer m_server;
    Handler m_handler;
    QList<Request> m_requests;
    QList<QPointer<QTcpSocket>> m_sockets;
    QMap<QTcpSocket *, QByteArray> m_buffers;
    QElapsedTimer m_clock;
};

} // namespace TestHttp
