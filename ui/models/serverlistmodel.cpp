#include "ui/models/serverlistmodel.h"

#include "core/workspace/serversignin.h"

#include "core/client/clientsession.h"
#include "ui/models/icons.h"
#include "ui/models/modeltext_p.h"
#include "core/workspace/workspace.h"

#include <QApplication>
#include <QColor>
#include <QFont>
#include <QPalette>

namespace Toolgate {

ServerListModel::ServerListModel(Workspace *workspace, QObject *parent)
    : QAbstractTableModel(parent)
    , m_workspace(workspace)
{
    if (!workspace)
        return;

    connect(workspace, &Workspace::connectionAdded, this, [this](ServerConnection *connection) {
        const int at = int(m_rows.size());
        beginInsertRows({}, at, at);
        m_rows.append(connection);
        endInsertRows();
        watch(connection);
    });
    connect(workspace, &Workspace::connectionAboutToBeRemoved, this, [this](ServerConnection *connection) {
        const int row = int(m_rows.indexOf(connection));
        if (row < 0)
            return;
        connection->disconnect(this);
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        endRemoveRows();
    });
    connect(workspace, &Workspace::connectionsAboutToBeReset, this, [this] {
        beginResetModel();
        for (const QPointer<ServerConnection> &connection : std::as_const(m_rows)) {
            if (connection)
                connection->disconnect(this);
        }
        m_rows.clear();
    });
    connect(workspace, &Workspace::connectionsReset, this, [this] {
        const QList<ServerConnection *> connections = m_workspace->connections();
        for (ServerConnection *connection : connections) {
            m_rows.append(connection);
            watch(connection);
        }
        endResetModel();
    });
    connect(workspace, &Workspace::connectionConfigChanged, this, &ServerListModel::rowChanged);
    connect(workspace, &QObject::destroyed, this, [this] {
        beginResetModel();
        m_rows.clear();
        endResetModel();
    });

    const QList<ServerConnection *> connections = workspace->connections();
    for (ServerConnection *connection : connections) {
        m_rows.append(connection);
        watch(connection);
    }
}

ServerListModel::~ServerListModel() = default;

void ServerListModel::watch(ServerConnection *connection)
{
    connect(connection, &ServerConnection::statusChanged, this, [this, connection] { rowChanged(connection); });
    // The countdown ticks where the connection says, so the server's page shows the same seconds.
    connect(connection, &ServerConnection::restartCountdownChanged, this, [this, connection] { rowChanged(connection); });
    connect(connection, &ServerConnection::configChanged, this, [this, connection] { rowChanged(connection); });
}

void ServerListModel::rowChanged(ServerConnection *connection)
{
    const int row = int(m_rows.indexOf(connection));
    if (row >= 0)
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

ServerConnection *ServerListModel::connection(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this || index.row() >= m_rows.size())
        return nullptr;
    return m_rows.at(index.row());
}

QModelIndex ServerListModel::indexOf(const ServerConnection *connection, int column) const
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows.at(row) == connection)
            return index(row, column);
    }
    return {};
}

int ServerListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ServerListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ServerListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Server");
    case StatusColumn: return tr("Status");
    case TransportColumn: return tr("Transport");
    case EndpointColumn: return tr("Command or URL");
    default: return {};
    }
}

QVariant ServerListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ServerConnection *connection = m_rows.at(index.row());
    if (!connection)
        return {};
    const ServerConfig &config = connection->config();
    const ServerConnection::Status status = connection->status();
    const QString serverTitle = connection->session() && status == ServerConnection::Status::Ready
        ? ModelText::oneLine(connection->session()->serverInfo().displayName(), 80)
        : QString();

    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return config.name;
        case StatusColumn: return ModelText::oneLine(statusText(connection), 400);
        // Plain words in the list ("stdio" means nothing to most people); the server page explains them.
        case TransportColumn:
            return config.transport == ServerConfig::Transport::Stdio ? tr("local") : tr("remote");
        case EndpointColumn: return config.endpoint();
        default: return {};
        }
    case Qt::DecorationRole:
        return index.column() == NameColumn ? QVariant(Icons::status(status)) : QVariant();
    case Qt::ToolTipRole: {
        QString tip = u"<p><b>" + config.name.toHtmlEscaped() + u"</b>";
        if (!serverTitle.isEmpty())
            tip += u" — " + serverTitle.toHtmlEscaped();
        tip += u"<br>" + ModelText::tooltipText(statusText(connection), 1000) + u"</p><p><code>"
            + ModelText::tooltipText(config.endpoint(), 1000) + u"</code></p>";
        return tip;
    }
    case Qt::ForegroundRole:
        if (!config.enabled)
            return QApplication::palette().color(QPalette::Disabled, QPalette::Text);
        if (index.column() == StatusColumn && status == ServerConnection::Status::Failed)
            return QColor(0xc6, 0x28, 0x28);
        if (index.column() == StatusColumn
            && (status == ServerConnection::Status::WaitingForTrust || status == ServerConnection::Status::WaitingForSecrets))
            return QColor(0xa0, 0x5a, 0x00);
        return {};
    case Qt::FontRole:
        if (index.column() == NameColumn) {
            QFont font = QApplication::font();
            font.setBold(true);
            return font;
        }
        return {};
    case ConnectionRole:
        return QVariant::fromValue<QObject *>(const_cast<ServerConnection *>(connection));
    case NameRole:
        return config.name;
    case StatusRole:
        return int(status);
    case StatusTextRole:
        return statusText(connection);
    case EnabledRole:
        return config.enabled;
    case EndpointRole:
        return config.endpoint();
    case ServerTitleRole:
        return serverTitle;
    default:
        return {};
    }
}

void ServerListModel::setSignInManager(SignInManager *signIns)
{
    m_signIns = signIns;
    if (!signIns)
        return;
    connect(signIns, &SignInManager::signInChanged, this, [this](const QString &name) {
        for (const QPointer<ServerConnection> &connection : std::as_const(m_rows)) {
            if (connection && connection->name() == name)
                rowChanged(connection);
        }
    });
}

QString ServerListModel::statusText(const ServerConnection *connection) const
{
    return statusText(connection, m_signIns);
}

QString ServerListModel::statusText(const ServerConnection *connection, const SignInManager *signIns)
{
    const ServerSignIn *signIn = signIns ? signIns->signIn(connection->name()) : nullptr;
    if (signIn && connection->status() == ServerConnection::Status::Starting) {
        switch (signIn->state()) {
        case ServerSignIn::State::SignInRequired: return tr("Sign-in required");
        case ServerSignIn::State::SigningIn: return tr("Signing in… (finish in your browser)");
        default: break;
        }
    }
    return connection->statusText();
}

} // namespace Toolgate

#include "moc_serverlistmodel.cpp"
