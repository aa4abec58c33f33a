#include "core/workspace/sandboxproxy.h"

#include "core/common/error.h"
#include "core/common/hostnames.h"
#include "core/common/logging.h"
#include "core/transport/httpclient.h"

#include <QCoreApplication>
#include <QDir>
#include <QTemporaryDir>

namespace Toolgate {

QString SandboxConnection::target() const
{
    return (host.contains(u':') ? u'[' + host + u']' : host) + u':' + QString::number(port);
}

QString SandboxConnection::text() const
{
    return allowed ? QCoreApplication::translate("Toolgate::SandboxProxy", "%1 (allowed)").arg(target())
                   : QCoreApplication::translate("Toolgate::SandboxProxy", "%1 (refused)").arg(target());
}

SandboxProxy::SandboxProxy(QStringList hosts, QObject *parent)
    : QObject(parent)
    , m_hosts(std::move(hosts))
{
}

SandboxProxy::~SandboxProxy()
{
    // The listener first: its tunnels may still ask allows(), which reads m_hosts.
    m_listener.reset();
}

QString SandboxProxy::socketName()
{
    return QStringLiteral("proxy.sock");
}

QString SandboxProxy::folder() const
{
    return m_folder ? m_folder->path() : QString();
}

Result<void> SandboxProxy::listen()
{
    QString why;
    NetworkBackend *backend = HttpClient::backend(&why);
    if (!backend) {
        return makeError(ErrorCode::InternalError,
                         QCoreApplication::translate("Toolgate::SandboxProxy", "cannot start the server's network proxy: %1").arg(why));
    }
    // A folder of our own (mode 0700), so no other user can reach the proxy and the sandbox sees only it.
    m_folder = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/toolgate-proxy-XXXXXX"));
    if (!m_folder->isValid()) {
        why = m_folder->errorString();
        m_folder.reset();
        return makeError(ErrorCode::InternalError,
                         QCoreApplication::translate("Toolgate::SandboxProxy", "cannot make a folder for the server's network proxy in %1: %2; check that the "
                                                                              "temporary folder is writable")
                             .arg(QDir::toNativeSeparators(QDir::tempPath()), why));
    }
    // Called by the listener, which this object owns, on this thread.
    m_listener = backend->listenAsProxy(QDir(m_folder->path()).filePath(socketName()),
                                        [this](const QString &host, quint16 port) { return decide(host, port); }, &why);
    if (!m_listener) {
        m_folder.reset();
        return makeError(ErrorCode::InternalError,
                         QCoreApplication::translate("Toolgate::SandboxProxy", "cannot start the server's network proxy: %1").arg(why));
    }
    return {};
}

bool SandboxProxy::decide(const QString &host, quint16 port)
{
    const QString normalized = HostNames::normalized(host);
    const SandboxConnection attempt{normalized, port, allows(m_hosts, normalized, port), QDateTime::currentDateTimeUtc()};
    qCInfo(lcWorkspace) << "sandbox proxy:" << attempt.text();
    emit connectionAttempted(attempt);
    return attempt.allowed;
}

bool SandboxProxy::allows(const QStringList &hosts, const QString &host, quint16 port)
{
    for (const QString &entry : hosts) {
        const auto [name, entryPort] = HostNames::splitPort(entry);
        if ((entryPort == 0 || entryPort == port) && HostNames::listed(host, {name}))
            return true;
    }
    return false;
}

} // namespace Toolgate
