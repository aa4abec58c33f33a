#pragma once

#include <QObject>
#include <QPointer>
#include <QSet>

class QWidget;

namespace Toolgate {

class SecretValuesDialog;
class ServerConnection;
class Workspace;

/// Asks for the secret values a server of the workspace cannot start without when there is no keychain
/// to keep them between starts (the person types them at each start): each time such a server fails to
/// start for want of them (WorkspaceSecrets::valuesToType()), a SecretValuesDialog; what is typed is kept
/// until Toolgate quits and starts the server (WorkspaceSecrets::typeValues()). One dialog at a time.
class SecretPrompt final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecretPrompt)
public:
    /// window: the dialogs' parent, and this object's.
    SecretPrompt(Workspace *workspace, QWidget *window);

    /// The dialog open now, if any.
    SecretValuesDialog *currentDialog() const;

private:
    void watch(ServerConnection *connection);
    void onStatusChanged(ServerConnection *connection);

    Workspace *m_workspace;
    QWidget *m_window;
    QPointer<SecretValuesDialog> m_dialog;
    QSet<const QObject *> m_watched;
};

} // namespace Toolgate
