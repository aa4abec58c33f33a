#include "ui/servers/servertrustprompter.h"

#include "ui/dialogs/servertrustdialog.h"
#include "core/workspace/servertrust.h"
#include "core/workspace/workspace.h"

#include <QWidget>

namespace Toolgate {

namespace {

QString declinedKey(const ServerConnection *connection)
{
    return connection->name() + u'\x1f' + ServerTrustFacts::of(connection->config()).fingerprint();
}

} // namespace

ServerTrustPrompter::ServerTrustPrompter(Workspace *workspace, QWidget *window)
    : QObject(window)
    , m_workspace(workspace)
    , m_window(window)
{
    for (ServerConnection *connection : workspace->connections())
        watch(connection);
    connect(workspace, &Workspace::connectionAdded, this, &ServerTrustPrompter::watch);
    connect(workspace, &Workspace::connectionsReset, this, [this] {
        for (ServerConnection *connection : m_workspace->connections())
            watch(connection);
    });
}

ServerTrustDialog *ServerTrustPrompter::currentDialog() const
{
    return m_dialog;
}

void ServerTrustPrompter::watch(ServerConnection *connection)
{
    if (m_watched.contains(connection))
        return;
    m_watched.insert(connection);
    connect(connection, &ServerConnection::statusChanged, this, [this, connection] { onStatusChanged(connection); });
    connect(connection, &QObject::destroyed, this, [this, connection] { m_watched.remove(connection); });
    onStatusChanged(connection);
}

void ServerTrustPrompter::onStatusChanged(ServerConnection *connection)
{
    if (connection->status() != ServerConnection::Status::WaitingForTrust || m_declined.contains(declinedKey(connection)))
        return;
    enqueue(connection);
}

void ServerTrustPrompter::ask(ServerConnection *connection)
{
    if (!connection || !connection->needsTrust())
        return;
    m_declined.remove(declinedKey(connection));
    enqueue(connection);
}

void ServerTrustPrompter::enqueue(ServerConnection *connection)
{
    if (m_dialog && m_dialog->config().name == connection->name())
        return;
    for (const QPointer<ServerConnection> &queued : std::as_const(m_queue)) {
        if (queued == connection)
            return;
    }
    m_queue.append(connection);
    // Queued: a server waiting at start asks once the window is there, and several ask one by one.
    QMetaObject::invokeMethod(this, &ServerTrustPrompter::showNext, Qt::QueuedConnection);
}

void ServerTrustPrompter::showNext()
{
    if (m_dialog)
        return;
    while (!m_queue.isEmpty()) {
        QPointer<ServerConnection> connection = m_queue.takeFirst();
        if (!connection || !connection->needsTrust())
            continue;
        std::optional<ServerTrustFacts> before;
        if (const ServerTrust *trust = connection->serverTrust()) {
            if (const auto last = trust->lastTrusted(connection->name()))
                before = last->facts;
        }
        auto *dialog = new ServerTrustDialog(connection->config(), before, m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        if (m_trustDelayMs >= 0)
            dialog->setTrustDelay(m_trustDelayMs);
        m_dialog = dialog;
        const QString fingerprint = dialog->fingerprint();
        connect(dialog, &QDialog::finished, this, [this, connection, dialog, fingerprint](int result) {
            if (m_dialog == dialog)
                m_dialog = nullptr;
            // What the person saw must still be what runs: an edit meanwhile asks again.
            if (connection && ServerTrustFacts::of(connection->config()).fingerprint() == fingerprint) {
                if (result == QDialog::Accepted) {
                    (void)connection->trust(QStringLiteral("dialog"));
                } else {
                    m_declined.insert(declinedKey(connection));
                    connection->refuseTrust(QStringLiteral("dialog"));
                }
            } else if (connection && connection->needsTrust()) {
                m_queue.prepend(connection);
            }
            QMetaObject::invokeMethod(this, &ServerTrustPrompter::showNext, Qt::QueuedConnection);
        });
        dialog->open();
        return;
    }
}

} // namespace Toolgate

#include "moc_servertrustprompter.cpp"
