#pragma once

#include <QAbstractItemModel>
#include <QHash>
#include <QPointer>
#include <QSet>

#include <memory>
#include <vector>

namespace Toolgate {

class IconLoader;
class ServerConnection;
class Workspace;

/// The shared shape of the tool, resource and prompt trees: one top-level row per server of the
/// workspace (in workspace order), with that server's items below it. Subclasses snapshot their
/// items per server and bring the snapshot up to date with syncChildren(), which reports
/// removals, moves and insertions row by row, so views keep selection and expansion when a
/// server's list changes.
class ServerTreeModel : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerTreeModel)
public:
    enum Role {
        KindRole = Qt::UserRole,  ///< Kind, as int
        ConnectionRole,           ///< ServerConnection * (as QObject *)
        ServerNameRole,           ///< the configured server name
        SearchTextRole,           ///< the text the search filter matches
        StatusTextRole,           ///< server rows: the connection's status text or item count
        FirstCustomRole = Qt::UserRole + 32,
    };
    enum class Kind { Server, Item };

    ~ServerTreeModel() override;

    Workspace *workspace() const;
    /// The connection of a server row or of an item's server row.
    ServerConnection *connection(const QModelIndex &index) const;
    QModelIndex serverIndex(const ServerConnection *connection, int column = 0) const;
    static bool isServer(const QModelIndex &index);
    static bool isItem(const QModelIndex &index);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

protected:
    /// One server row; subclasses derive to hold their items.
    struct Node
    {
        virtual ~Node() = default;
        QPointer<ServerConnection> connection;
    };

    ServerTreeModel(Workspace *workspace, QObject *parent);
    /// Builds the server rows; call once at the end of the subclass constructor.
    void initialize();

    /// A node for a connection, holding a snapshot of its items. Also connects the change signals
    /// of the connection that the subclass cares about (they are disconnected on removal).
    virtual std::unique_ptr<Node> createNode(ServerConnection *connection) = 0;
    virtual int childCount(const Node &node) const = 0;
    virtual QVariant childData(const Node &node, int row, int column, int role) const = 0;
    /// "3 tools" and the like, shown on a ready server's row.
    virtual QString countText(int count) const = 0;
    virtual QVariant serverData(const Node &node, int column, int role) const;

    Node *nodeFor(const ServerConnection *connection) const;
    QModelIndex indexForNode(const Node *node, int column = 0) const;
    IconLoader *iconLoader() const { return m_iconLoader; }
    /// The server row of node changed (count, status): repaint all its columns.
    void serverRowChanged(const Node *node);

    /// Brings rows (node's snapshot) to target. Items are identified by key(item); equal(a, b)
    /// decides whether a kept item needs a dataChanged. Duplicate keys fall back to a replace.
    template<typename T, typename KeyFn, typename EqualFn>
    void syncChildren(Node *node, QList<T> &rows, const QList<T> &target, KeyFn key, EqualFn equal);

private:
    void addConnection(ServerConnection *connection);
    void removeConnection(ServerConnection *connection);
    void resetAll();
    int nodeRow(const Node *node) const;

    QPointer<Workspace> m_workspace;
    std::vector<std::unique_ptr<Node>> m_nodes;
    IconLoader *m_iconLoader;
};

template<typename T, typename KeyFn, typename EqualFn>
void ServerTreeModel::syncChildren(Node *node, QList<T> &rows, const QList<T> &target, KeyFn key, EqualFn equal)
{
    const QModelIndex parent = indexForNode(node);
    const auto uniqueKeys = [&key](const QList<T> &list, QSet<QString> *keys) {
        for (const T &item : list) {
            const QString k = key(item);
            if (keys->contains(k))
                return false;
            keys->insert(k);
        }
        return true;
    };
    QSet<QString> wanted;
    QSet<QString> present;
    if (!uniqueKeys(target, &wanted) || !uniqueKeys(rows, &present)) {
        if (!rows.isEmpty()) {
            beginRemoveRows(parent, 0, int(rows.size()) - 1);
            rows.clear();
            endRemoveRows();
        }
        if (!target.isEmpty()) {
            beginInsertRows(parent, 0, int(target.size()) - 1);
            rows = target;
            endInsertRows();
        }
        serverRowChanged(node);
        return;
    }

    // Removals first, a contiguous run at a time, from the end so indexes stay valid.
    for (int i = int(rows.size()) - 1; i >= 0; --i) {
        if (wanted.contains(key(rows.at(i))))
            continue;
        const int last = i;
        while (i > 0 && !wanted.contains(key(rows.at(i - 1))))
            --i;
        beginRemoveRows(parent, i, last);
        rows.remove(i, last - i + 1);
        endRemoveRows();
    }

    // Then walk the target order: keep, move into place, or insert.
    const int lastColumn = columnCount(parent) - 1;
    for (int i = 0; i < target.size(); ++i) {
        const QString k = key(target.at(i));
        if (i >= rows.size() || key(rows.at(i)) != k) {
            int from = -1;
            for (int j = i + 1; j < rows.size(); ++j) {
                if (key(rows.at(j)) == k) {
                    from = j;
                    break;
                }
            }
            if (from < 0) {
                beginInsertRows(parent, i, i);
                rows.insert(i, target.at(i));
                endInsertRows();
                continue;
            }
            beginMoveRows(parent, from, from, parent, i);
            rows.move(from, i);
            endMoveRows();
        }
        if (!equal(rows.at(i), target.at(i))) {
            rows[i] = target.at(i);
            emit dataChanged(index(i, 0, parent), index(i, lastColumn, parent));
        }
    }
    Q_ASSERT(rows.size() == target.size());
    serverRowChanged(node);
}

} // namespace Toolgate
