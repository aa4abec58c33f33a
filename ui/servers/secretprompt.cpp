#include "ui/servers/secretprompt.h"

#include "ui/dialogs/secretvaluesdialog.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/workspace.h"
#include "core/workspace/workspacesecrets.h"

#include <QWidget>

namespace Toolgate {

SecretPrompt::SecretPrompt(Workspace *workspace, QWidget *window)
    : QObject(window)
    , m_workspace(workspace)
    , m_window(window)
{
    for (ServerConnection *connection : workspace->connections())
        watch(connection);
    connect(workspace, &Workspace::connectionAdded, this, &SecretPrompt::watch);
    connect(workspace, &Workspace::connectionsReset, this, [this] {
        for (ServerConnection *connection : m_workspace->connections())
            watch(connection);
    });
}

SecretValuesDialog *SecretPrompt::currentDialog() const
{
    return m_dialog;
}

void SecretPrompt::watch(ServerConnection *connection)
{
    if (m_watched.contains(connection))
        return;
    m_watched.insert(connection);
    connect(connection, &ServerConnection::statusChanged, this, [this, connection] { onStatusChanged(connection); });
    connect(connection, &QObject::destroyed, this, [this, connection] { m_watched.remove(connection); });
}

void SecretPrompt::onStatusChanged(ServerConnection *connection)
{
    // Asked again at each start that waits for them: that is what typing them each start means.
    // Cancelled, the server keeps waiting; restarting it asks again.
    const QList<ServerConfig::SecretEntry> wanted = m_workspace->secrets()->valuesToType(connection);
    if (wanted.isEmpty() || m_dialog)
        return;
    auto *dialog = new SecretValuesDialog(connection->name(), wanted, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    const QPointer<ServerConnection> guard(connection);
    connect(dialog, &QDialog::accepted, this, [this, dialog, guard] {
        if (guard)
            m_workspace->secrets()->typeValues(guard, dialog->values());
    });
    dialog->open();
}

} // namespace Toolgate

#include "moc_secretprompt.cpp"
