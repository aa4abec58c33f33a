#pragma once

#include "core/common/result.h"

#include <QDateTime>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class QTemporaryDir;

namespace Toolgate {

class ProxyListener;

/// One connection a sandboxed server asked its proxy for (issue 32), allowed or refused.
struct SandboxConnection
{
    QString host; ///< normalized (HostNames::normalized)
    quint16 port = 0;
    bool allowed = false;
    QDateTime at;

    /// "api.example.com:443 (allowed)", "evil.test:443 (refused)", as shown beside a call's result.
    QString text() const;
    /// "api.example.com:443"
    QString target() const;
};

/// The proxy through which a server whose sandbox lists hosts reaches the network (docs/sandbox.md,
/// "Host lists"). It listens on a Unix socket in a private folder that the launcher binds into the
/// sandbox, where toolgate-sandbox-relay makes it reachable on 127.0.0.1. It speaks HTTP proxy: CONNECT
/// host:port (for HTTPS and anything else over TCP) and plain-HTTP requests in absolute form. A listed
/// host is connected to and relayed; any other is answered 403 with the reason. Every attempt is
/// reported, allowed or not.
///
/// The sockets are the network plugin's (NetworkBackend::listenAsProxy()): core never links Qt Network.
/// Everything is asynchronous on the thread it lives in; relaying is a copy between sockets, light
/// enough for the GUI thread.
class SandboxProxy final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxProxy)
public:
    /// hosts: the profile's list; an entry is "host", "*.example.com" (any host under it) or either
    /// followed by ":port" (that port only; without one, any port).
    explicit SandboxProxy(QStringList hosts, QObject *parent = nullptr);
    ~SandboxProxy() override;

    /// Starts listening; the error says why it cannot (no private folder, socket refused).
    Result<void> listen();
    /// The folder holding the socket, to bind into the sandbox (empty before listen()).
    QString folder() const;
    /// The socket's file name in folder().
    static QString socketName();

    /// Whether hosts lets a server connect to host (normalized) on port.
    static bool allows(const QStringList &hosts, const QString &host, quint16 port);

signals:
    /// A server asked to connect somewhere: allowed (and being connected) or refused.
    void connectionAttempted(const Toolgate::SandboxConnection &connection);

private:
    /// The listener asks: records the attempt and says whether it may connect.
    bool decide(const QString &host, quint16 port);

    QStringList m_hosts;
    std::unique_ptr<QTemporaryDir> m_folder;
    std::unique_ptr<ProxyListener> m_listener;
};

} // namespace Toolgate

Q_DECLARE_METATYPE(Toolgate::SandboxConnection)
