#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>

class QWidget;

namespace Toolgate {

class ServerConnection;
class ServerTrustDialog;
class Workspace;

/// Shows the trust prompt (ServerTrustDialog) when a server of the workspace would start but waits
/// for trust (issue 16): at start for servers from the file, after an import, an edit or a reload.
/// One prompt at a time, in the order the servers asked. A server the person declined is not asked
/// about again by itself in this run (until what it runs changes); ask() opens the prompt again.
class ServerTrustPrompter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerTrustPrompter)
public:
    /// window: the dialogs' parent.
    ServerTrustPrompter(Workspace *workspace, QWidget *window);

    /// Opens the prompt for connection (e.g. from its page), after any prompt already open.
    void ask(ServerConnection *connection);
    /// The prompt open now, if any.
    ServerTrustDialog *currentDialog() const;
    /// 0: "Trust and Start" is active at once in every prompt (tests).
    void setTrustDelay(int milliseconds) { m_trustDelayMs = milliseconds; }

private:
    void watch(ServerConnection *connection);
    void onStatusChanged(ServerConnection *connection);
    void enqueue(ServerConnection *connection);
    void showNext();

    Workspace *m_workspace;
    QWidget *m_window;
    QList<QPointer<ServerConnection>> m_queue;
    QPointer<ServerTrustDialog> m_dialog;
    /// Fingerprints declined in this run, per connection: not asked again by themselves.
    QSet<QString> m_declined;
    QSet<const QObject *> m_watched;
    int m_trustDelayMs = -1;
};

} // namespace Toolgate
