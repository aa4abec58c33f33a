#pragma once

#include <QWidget>

class QAction;
class QTreeView;
class QToolBar;

namespace Toolgate {

class ServerConnection;
class ServerListModel;
class Workspace;

/// The list of configured servers with their live state, and the actions on them: add, edit,
/// remove, enable/disable and restart. Edits go through the Workspace, which saves them.
class ServerPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerPanel)
public:
    ServerPanel(Workspace *workspace, ServerListModel *model, QWidget *parent = nullptr);

    QAction *addServerAction() const { return m_add; }
    QAction *editServerAction() const { return m_edit; }
    QAction *removeServerAction() const { return m_remove; }
    QAction *toggleServerAction() const { return m_toggle; }
    QAction *restartServerAction() const { return m_restart; }
    QAction *probeEraAgainAction() const { return m_probeEra; }

    /// More actions on the selected server for its context menu (owned by the caller), after the panel's own.
    void addContextActions(const QList<QAction *> &actions) { m_extraActions.append(actions); }

    QTreeView *view() const { return m_view; }
    ServerConnection *currentConnection() const;
    void selectConnection(const ServerConnection *connection);

public slots:
    void addServer();
    void editServer();
    void removeServer();
    void toggleServer();
    void restartServer();
    /// Forgets the remembered protocol era of the selected server and restarts it, probing again.
    void probeEraAgain();
    /// Adds the grant connection's sandbox denial offers to its profile and saves it (issue 32): what
    /// it runs then changed, so it starts again only once trusted with it.
    void grantDeniedAccess(Toolgate::ServerConnection *connection);

signals:
    void currentConnectionChanged(Toolgate::ServerConnection *connection);
    /// A short note for the status bar.
    void message(const QString &text);

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateActions();
    void updateIcons();
    void showError(const QString &title, const QString &text);

    Workspace *m_workspace;
    ServerListModel *m_model;
    QToolBar *m_toolBar;
    QTreeView *m_view;
    QAction *m_add;
    QAction *m_edit;
    QAction *m_remove;
    QAction *m_toggle;
    QAction *m_restart;
    QAction *m_probeEra;
    QList<QAction *> m_extraActions;
};

} // namespace Toolgate
