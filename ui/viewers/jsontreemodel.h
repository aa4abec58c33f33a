#pragma once

#include <QAbstractItemModel>
#include <QJsonValue>

#include <memory>
#include <vector>

namespace Toolgate {

/// A read-only tree over a JSON value with columns Key, Value and Type. Nodes are created only
/// when a view asks for them, so a large document costs what is expanded, not what exists.
class JsonTreeModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JsonTreeModel)
public:
    enum Column { KeyColumn, ValueColumn, TypeColumn, ColumnCount };
    enum Role {
        JsonValueRole = Qt::UserRole + 1, ///< The QJsonValue of the row.
        JsonPathRole,                     ///< A JSONPath-like locator, e.g. $.items[2].name
    };

    explicit JsonTreeModel(QObject *parent = nullptr);
    ~JsonTreeModel() override;

    /// Replaces the data. An object or array shows its members as top-level rows; any other
    /// value shows as a single row.
    void setJson(const QJsonValue &root);
    /// The data shown.
    QJsonValue json() const;
    /// "object", "array", "string", "number", "boolean" or "null".
    static QString typeName(const QJsonValue &value);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    struct Node;
    Node *nodeFor(const QModelIndex &index) const;
    Node *childOf(Node *parent, int row) const;
    static int childCount(const QJsonValue &value);
    static QString displayValue(const QJsonValue &value);
    static QString path(const Node *node);

    std::unique_ptr<Node> m_root;
    bool m_scalarRoot = false;
};

} // namespace Toolgate
