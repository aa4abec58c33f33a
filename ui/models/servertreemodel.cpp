#include "ui/models/servertreemodel.h"

#include "ui/models/icons.h"
#include "ui/models/iconloader.h"
#include "core/client/clientsession.h"
#include "core/workspace/workspace.h"

#include <QApplication>
#include <QFont>
#include <QPalette>

namespace Toolgate {

ServerTreeModel::ServerTreeModel(Workspace *workspace, QObject *parent)
    : QAbstractItemModel(parent)
    , m_workspace(workspace)
    , m_iconLoader(new IconLoader(this))
{
    connect(m_iconLoader, &IconLoader::iconsReady, this, [this] {
        // Decorations of any row may have become available; cheap compared with a reset.
        for (const auto &node : m_nodes) {
            const QModelIndex server = indexForNode(node.get());
            emit dataChanged(server, server, {Qt::DecorationRole});
            const int count = childCount(*node);
            if (count > 0)
                emit dataChanged(index(0, 0, server), index(count - 1, 0, server), {Qt::DecorationRole});
        }
    });
}

ServerTreeModel::~ServerTreeModel() = default;

void ServerTreeModel::initialize()
{
    if (!m_workspace)
        return;
    connect(m_workspace, &Workspace::connectionAdded, this, &ServerTreeModel::addConnection);
    connect(m_workspace, &Workspace::connectionAboutToBeRemoved, this, &ServerTreeModel::removeConnection);
    connect(m_workspace, &Workspace::connectionsAboutToBeReset, this, [this] {
        beginResetModel();
        for (const auto &node : m_nodes) {
            if (node->connection)
                node->connection->disconnect(this);
        }
        m_nodes.clear();
    });
    connect(m_workspace, &Workspace::connectionsReset, this, [this] {
        resetAll();
        endResetModel();
    });
    connect(m_workspace, &Workspace::connectionConfigChanged, this, [this](ServerConnection *connection) {
        if (const Node *node = nodeFor(connection))
            serverRowChanged(node);
    });
    connect(m_workspace, &QObject::destroyed, this, [this] {
        beginResetModel();
        m_nodes.clear();
        endResetModel();
    });
    beginResetModel();
    resetAll();
    endResetModel();
}

void ServerTreeModel::resetAll()
{
    m_nodes.clear();
    if (!m_workspace)
        return;
    const QList<ServerConnection *> connections = m_workspace->connections();
    for (ServerConnection *connection : connections) {
        std::unique_ptr<Node> node = createNode(connection);
        node->connection = connection;
        const Node *raw = node.get();
        connect(connection, &ServerConnection::statusChanged, this, [this, raw] { serverRowChanged(raw); });
        m_nodes.push_back(std::move(node));
    }
}

void ServerTreeModel::addConnection(ServerConnection *connection)
{
    const int row = m_workspace ? m_workspace->indexOf(connection) : -1;
    const int at = row < 0 || row > int(m_nodes.size()) ? int(m_nodes.size()) : row;
    std::unique_ptr<Node> node = createNode(connection);
    node->connection = connection;
    const Node *raw = node.get();
    beginInsertRows({}, at, at);
    m_nodes.insert(m_nodes.begin() + at, std::move(node));
    endInsertRows();
    connect(connection, &ServerConnection::statusChanged, this, [this, raw] { serverRowChanged(raw); });
}

void ServerTreeModel::removeConnection(ServerConnection *connection)
{
    const Node *node = nodeFor(connection);
    if (!node)
        return;
    connection->disconnect(this);
    const int row = nodeRow(node);
    beginRemoveRows({}, row, row);
    m_nodes.erase(m_nodes.begin() + row);
    endRemoveRows();
}

Workspace *ServerTreeModel::workspace() const { return m_workspace; }

ServerConnection *ServerTreeModel::connection(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    if (const auto *node = static_cast<const Node *>(index.internalPointer()))
        return node->connection;
    return m_nodes.at(index.row())->connection;
}

QModelIndex ServerTreeModel::serverIndex(const ServerConnection *connection, int column) const
{
    return indexForNode(nodeFor(connection), column);
}

bool ServerTreeModel::isServer(const QModelIndex &index)
{
    return index.isValid() && index.internalPointer() == nullptr;
}

bool ServerTreeModel::isItem(const QModelIndex &index)
{
    return index.isValid() && index.internalPointer() != nullptr;
}

ServerTreeModel::Node *ServerTreeModel::nodeFor(const ServerConnection *connection) const
{
    if (!connection)
        return nullptr;
    for (const auto &node : m_nodes) {
        if (node->connection == connection)
            return node.get();
    }
    return nullptr;
}

int ServerTreeModel::nodeRow(const Node *node) const
{
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        if (m_nodes[i].get() == node)
            return int(i);
    }
    return -1;
}

QModelIndex ServerTreeModel::indexForNode(const Node *node, int column) const
{
    const int row = nodeRow(node);
    return row < 0 ? QModelIndex() : createIndex(row, column, nullptr);
}

void ServerTreeModel::serverRowChanged(const Node *node)
{
    const int row = nodeRow(node);
    if (row < 0)
        return;
    emit dataChanged(createIndex(row, 0, nullptr), createIndex(row, columnCount({}) - 1, nullptr));
}

// Server rows carry a null internal pointer; item rows carry their server's Node, which stays put
// while server rows move, so persistent indexes of items survive insertions and removals above.
QModelIndex ServerTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= columnCount(parent))
        return {};
    if (!parent.isValid())
        return row < int(m_nodes.size()) ? createIndex(row, column, nullptr) : QModelIndex();
    if (!isServer(parent) || parent.row() >= int(m_nodes.size()))
        return {};
    Node *node = m_nodes.at(parent.row()).get();
    return row < childCount(*node) ? createIndex(row, column, node) : QModelIndex();
}

QModelIndex ServerTreeModel::parent(const QModelIndex &child) const
{
    if (!isItem(child))
        return {};
    return indexForNode(static_cast<const Node *>(child.internalPointer()));
}

int ServerTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_nodes.size());
    if (parent.column() != 0 || !isServer(parent) || parent.row() >= int(m_nodes.size()))
        return 0;
    return childCount(*m_nodes.at(parent.row()));
}

bool ServerTreeModel::hasChildren(const QModelIndex &parent) const
{
    return rowCount(parent) > 0;
}

Qt::ItemFlags ServerTreeModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | (isItem(index) ? Qt::ItemNeverHasChildren : Qt::NoItemFlags);
}

QVariant ServerTreeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (isServer(index)) {
        const Node &node = *m_nodes.at(index.row());
        switch (role) {
        case KindRole:
            return int(Kind::Server);
        case ConnectionRole:
            return QVariant::fromValue<QObject *>(node.connection.data());
        case ServerNameRole:
        case SearchTextRole:
            return node.connection ? node.connection->name() : QString();
        default:
            return serverData(node, index.column(), role);
        }
    }
    const Node &node = *static_cast<const Node *>(index.internalPointer());
    switch (role) {
    case KindRole:
        return int(Kind::Item);
    case ConnectionRole:
        return QVariant::fromValue<QObject *>(node.connection.data());
    case ServerNameRole:
        return node.connection ? node.connection->name() : QString();
    default:
        return childData(node, index.row(), index.column(), role);
    }
}

QVariant ServerTreeModel::serverData(const Node &node, int column, int role) const
{
    ServerConnection *connection = node.connection;
    if (!connection)
        return {};
    const bool ready = connection->status() == ServerConnection::Status::Ready;
    // The row beside the name has room for a few words ("Restarting in 4 s"); the tooltip has the reason.
    const QString status = ready ? countText(childCount(node)) : connection->briefStatusText();
    switch (role) {
    case Qt::DisplayRole:
        return column == 0 ? connection->name() : (column == columnCount({}) - 1 ? status : QVariant());
    case StatusTextRole:
        return status;
    case Qt::ToolTipRole:
        return QStringLiteral("<p><b>%1</b><br>%2</p>")
            .arg(connection->name().toHtmlEscaped(), (ready ? status : connection->statusText()).toHtmlEscaped());
    case Qt::DecorationRole:
        if (column != 0)
            return {};
        if (!ready)
            return Icons::status(connection->status());
        if (ClientSession *session = connection->session()) {
            const QIcon own = m_iconLoader->icon(session->serverInfo().icons);
            if (!own.isNull())
                return own;
        }
        return Icons::action(u"server");
    case Qt::FontRole:
        if (column == 0) {
            QFont font = QApplication::font();
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (column != 0 && connection->status() == ServerConnection::Status::Failed)
            return QColor(0xc6, 0x28, 0x28);
        return {};
    default:
        return {};
    }
}

} // namespace Toolgate

#include "moc_servertreemodel.cpp"
