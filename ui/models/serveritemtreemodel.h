#pragma once

#include "core/workspace/serverconnection.h"
#include "ui/models/servertreemodel.h"

#include <QList>

namespace Toolgate {

/// A ServerTreeModel whose server rows each hold a list of T (a server's tools, resources or prompts):
/// read from the connection when the row is made, and read again and brought up to date row by row
/// whenever the connection says the list changed. The trees share their three columns.
template<typename T>
class ServerItemTreeModel : public ServerTreeModel
{
public:
    /// An item's title, its name as the protocol knows it (for a resource, its URI), its description.
    enum Column { TitleColumn, NameColumn, DescriptionColumn, ColumnCount };

    int columnCount(const QModelIndex &parent = {}) const override
    {
        Q_UNUSED(parent)
        return ColumnCount;
    }

    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
            return {};
        return columnTitle(Column(section));
    }

protected:
    /// Where a tree's items come from, and how syncChildren() tells them apart.
    struct Source
    {
        void (ServerConnection::*changed)();                  ///< the connection's signal that they changed
        QList<T> (*read)(const ServerConnection *connection); ///< the items, as the tree lists them
        QString (*key)(const T &item);                        ///< what identifies an item among its server's
        bool (*same)(const T &a, const T &b);                 ///< whether a kept item still shows the same
    };

    struct ItemNode : Node
    {
        QList<T> items;
    };

    ServerItemTreeModel(Workspace *workspace, Source source, QObject *parent)
        : ServerTreeModel(workspace, parent)
        , m_source(source)
    {
    }

    virtual QString columnTitle(Column column) const = 0;
    /// What the tree shows of node's item at row, in column, for role.
    virtual QVariant itemData(const ItemNode &node, int row, int column, int role) const = 0;
    /// A node for a server, before its items are read; a subclass may keep more per server.
    virtual std::unique_ptr<ItemNode> newNode() const { return std::make_unique<ItemNode>(); }
    /// items are about to become node's: when the node is made, and before its rows change.
    virtual void itemsArriving(ItemNode &node, const QList<T> &items)
    {
        Q_UNUSED(node)
        Q_UNUSED(items)
    }

private:
    std::unique_ptr<Node> createNode(ServerConnection *connection) final
    {
        std::unique_ptr<ItemNode> node = newNode();
        node->connection = connection;
        const QList<T> items = m_source.read(connection);
        itemsArriving(*node, items);
        node->items = items;
        connect(connection, m_source.changed, this, [this, connection] { refresh(connection); });
        return node;
    }

    int childCount(const Node &node) const final
    {
        return int(static_cast<const ItemNode &>(node).items.size());
    }

    QVariant childData(const Node &node, int row, int column, int role) const final
    {
        return itemData(static_cast<const ItemNode &>(node), row, column, role);
    }

    void refresh(ServerConnection *connection)
    {
        auto *node = static_cast<ItemNode *>(nodeFor(connection));
        if (!node)
            return;
        const QList<T> items = m_source.read(connection);
        itemsArriving(*node, items);
        syncChildren(node, node->items, items, m_source.key, m_source.same);
    }

    Source m_source;
};

} // namespace Toolgate
