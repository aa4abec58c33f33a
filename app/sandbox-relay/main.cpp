// toolgate-sandbox-relay: runs inside a local server's sandbox when its network is a list of hosts
// (issue 32, docs/sandbox.md "Host lists"). The sandbox has its own network with only a loopback, so
// Toolgate's proxy outside cannot be reached over TCP; it is bound in as a Unix socket. The relay
// listens on 127.0.0.1:PORT inside, passes each connection on to that socket, and runs the server as
// its child with stdin, stdout and stderr passed through, exiting as the server exits.
//
//     toolgate-sandbox-relay SOCKET PORT -- PROGRAM [ARGUMENTS...]
//
// It links Qt only: none of Toolgate's libraries are loaded into the sandbox.

#include "core/common/streamrelay.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QLocalSocket>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>

#include <cstdio>

namespace {

void say(const QString &text)
{
    std::fprintf(stderr, "toolgate-sandbox-relay: %s\n", qPrintable(text));
}

/// Passes each connection made to 127.0.0.1:port on to the proxy's socket.
class Relay final : public QObject
{
public:
    explicit Relay(QString socket) : m_socket(std::move(socket)) {}

    bool listen(quint16 port)
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *client = m_server.nextPendingConnection())
                pass(client);
        });
        return m_server.listen(QHostAddress::LocalHost, port);
    }
    QString errorString() const { return m_server.errorString(); }

private:
    void pass(QTcpSocket *client)
    {
        auto *proxy = new QLocalSocket(client);
        connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
        connect(proxy, &QLocalSocket::connected, client, [client, proxy] {
            Toolgate::StreamRelay::both(client, proxy, client, {});
        });
        connect(proxy, &QLocalSocket::errorOccurred, client, [client, proxy](QLocalSocket::LocalSocketError) {
            if (proxy->state() == QLocalSocket::UnconnectedState && client->state() == QAbstractSocket::ConnectedState)
                client->disconnectFromHost();
        });
        proxy->connectToServer(m_socket);
    }

    QString m_socket;
    QTcpServer m_server;
};

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QStringList arguments = QCoreApplication::arguments();
    const qsizetype dashes = arguments.indexOf(QStringLiteral("--"));
    bool portOk = false;
    const uint port = dashes == 3 ? arguments.at(2).toUInt(&portOk) : 0;
    if (dashes != 3 || !portOk || port == 0 || port > 65535 || dashes + 1 >= arguments.size()) {
        say(QStringLiteral("usage: toolgate-sandbox-relay SOCKET PORT -- PROGRAM [ARGUMENTS...]"));
        return 2;
    }
    Relay relay(arguments.at(1));
    if (!relay.listen(quint16(port))) {
        say(QStringLiteral("cannot listen on 127.0.0.1:%1: %2").arg(port).arg(relay.errorString()));
        return 1;
    }

    // The server talks to Toolgate through the very stdin, stdout and stderr the relay was given.
    QProcess server;
    server.setProcessChannelMode(QProcess::ForwardedChannels);
    server.setInputChannelMode(QProcess::ForwardedInputChannel);
    QObject::connect(&server, &QProcess::finished, &app, [](int code, QProcess::ExitStatus status) {
        QCoreApplication::exit(status == QProcess::NormalExit ? code : 128 + 9);
    });
    QObject::connect(&server, &QProcess::errorOccurred, &app, [&server](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return;
        say(QStringLiteral("cannot start %1: %2").arg(server.program(), server.errorString()));
        QCoreApplication::exit(127);
    });
    server.start(arguments.at(dashes + 1), arguments.mid(dashes + 2));
    return app.exec();
}
