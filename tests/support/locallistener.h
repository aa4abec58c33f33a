#pragma once

#include <QHostAddress>
#include <QString>
#include <QTcpServer>

namespace Toolgate::TestSupport {

/// A TCP listener on this computer for the sandbox's host lists (issue 32): listening once made, and
/// named as a list names a host, "localhost:PORT". Whether a sandboxed server reached it is whether
/// server has a pending connection (the kernel completes it even while the test waits for a process).
struct LocalListener
{
    LocalListener() { server.listen(QHostAddress::LocalHost); }
    bool isListening() const { return server.isListening(); }
    QString target() const { return QStringLiteral("localhost:") + QString::number(server.serverPort()); }

    QTcpServer server;
};

} // namespace Toolgate::TestSupport
