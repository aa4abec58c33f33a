#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QPointer>

namespace Toolgate {

class ServerConnection;
class SignInManager;
class Workspace;

/// One row per configured server with its live state, in workspace order.
class ServerListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerListModel)
public:
    enum Column { NameColumn, StatusColumn, TransportColumn, EndpointColumn, ColumnCount };
    enum Role {
        ConnectionRole = Qt::UserRole, ///< ServerConnection * (as QObject *)
        NameRole,                      ///< the configured name
        StatusRole,                    ///< ServerConnection::Status, as int
        StatusTextRole,                ///< "Ready", "Failed: <reason>", ...
        EnabledRole,                   ///< bool
        EndpointRole,                  ///< command line or URL
        ServerTitleRole,               ///< what the server calls itself, once connected
    };

    explicit ServerListModel(Workspace *workspace, QObject *parent = nullptr);
    ~ServerListModel() override;

    /// Shows "Sign-in required" / "Signing in…" of HTTP servers waiting for the person (not owned).
    void setSignInManager(SignInManager *signIns);

    ServerConnection *connection(const QModelIndex &index) const;
    QModelIndex indexOf(const ServerConnection *connection, int column = 0) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The connection's status for people, saying so when it waits for a sign-in (a remote
    /// server stays "starting" until the person has signed in). The server page uses it too.
    static QString statusText(const ServerConnection *connection, const SignInManager *signIns);

private:
    void watch(ServerConnection *connection);
    void rowChanged(ServerConnection *connection);
    /// The connection's status text, or what its sign-in waits for while it is starting.
    QString statusText(const ServerConnection *connection) const;

    QPointer<Workspace> m_workspace;
    QPointer<SignInManager> m_signIns;
    QList<QPointer<ServerConnection>> m_rows;
};

} // namespace Toolgate
