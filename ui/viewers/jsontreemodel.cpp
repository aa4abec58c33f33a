#include "ui/viewers/jsontreemodel.h"

#include "ui/viewers/viewerformat.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Toolgate {

struct JsonTreeModel::Node
{
    QJsonValue value;
    QString key;      // member name, empty for array elements
    int row = 0;      // position under parent
    bool isElement = false;
    Node *parent = nullptr;
    // Sized on first use, filled per row on demand.
    mutable std::vector<std::unique_ptr<Node>> children;
    mutable bool sized = false;
};

JsonTreeModel::JsonTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
    , m_root(std::make_unique<Node>())
{
}

JsonTreeModel::~JsonTreeModel() = default;

void JsonTreeModel::setJson(const QJsonValue &root)
{
    beginResetModel();
    m_root = std::make_unique<Node>();
    m_scalarRoot = !root.isObject() && !root.isArray();
    if (m_scalarRoot) {
        // Wrap a scalar so it still shows as one row.
        QJsonArray wrapper;
        wrapper.append(root);
        m_root->value = wrapper;
    } else {
        m_root->value = root;
    }
    endResetModel();
}

QJsonValue JsonTreeModel::json() const
{
    return m_scalarRoot ? m_root->value.toArray().at(0) : m_root->value;
}

QString JsonTreeModel::typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Object: return u"object"_s;
    case QJsonValue::Array: return u"array"_s;
    case QJsonValue::String: return u"string"_s;
    case QJsonValue::Double: return u"number"_s;
    case QJsonValue::Bool: return u"boolean"_s;
    case QJsonValue::Null: return u"null"_s;
    case QJsonValue::Undefined: break;
    }
    return u"undefined"_s;
}

int JsonTreeModel::childCount(const QJsonValue &value)
{
    if (value.isObject())
        return int(value.toObject().size());
    if (value.isArray())
        return int(value.toArray().size());
    return 0;
}

JsonTreeModel::Node *JsonTreeModel::nodeFor(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
}

JsonTreeModel::Node *JsonTreeModel::childOf(Node *parent, int row) const
{
    if (!parent->sized) {
        parent->children.resize(std::size_t(childCount(parent->value)));
        parent->sized = true;
    }
    if (row < 0 || std::size_t(row) >= parent->children.size())
        return nullptr;
    std::unique_ptr<Node> &slot = parent->children[std::size_t(row)];
    if (!slot) {
        slot = std::make_unique<Node>();
        slot->row = row;
        slot->parent = parent;
        if (parent->value.isObject()) {
            const QJsonObject object = parent->value.toObject();
            const auto it = object.constBegin() + row; // random access: no key list is built
            slot->key = it.key();
            slot->value = it.value();
        } else {
            slot->isElement = true;
            slot->value = parent->value.toArray().at(row);
        }
    }
    return slot.get();
}

QModelIndex JsonTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || (parent.isValid() && parent.column() != 0))
        return {};
    Node *parentNode = nodeFor(parent);
    Node *child = childOf(parentNode, row);
    return child ? createIndex(row, column, child) : QModelIndex();
}

QModelIndex JsonTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const Node *node = nodeFor(child);
    Node *parentNode = node->parent;
    if (!parentNode || parentNode == m_root.get())
        return {};
    return createIndex(parentNode->row, 0, parentNode);
}

int JsonTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return childCount(nodeFor(parent)->value);
}

int JsonTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

bool JsonTreeModel::hasChildren(const QModelIndex &parent) const
{
    return rowCount(parent) > 0;
}

QString JsonTreeModel::displayValue(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Object: {
        const qsizetype n = value.toObject().size();
        return n == 1 ? u"{1 key}"_s : QStringLiteral("{%1 keys}").arg(n);
    }
    case QJsonValue::Array: {
        const qsizetype n = value.toArray().size();
        return n == 1 ? u"[1 item]"_s : QStringLiteral("[%1 items]").arg(n);
    }
    case QJsonValue::String:
        return ViewerFormat::oneLine(value.toString());
    case QJsonValue::Double: {
        // Integers keep every digit; QJsonValue keeps them as qint64 when they fit.
        const QVariant v = value.toVariant();
        if (v.typeId() == QMetaType::LongLong)
            return QString::number(v.toLongLong());
        return QString::number(value.toDouble(), 'g', QLocale::FloatingPointShortest);
    }
    case QJsonValue::Bool:
        return value.toBool() ? u"true"_s : u"false"_s;
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Undefined:
        break;
    }
    return {};
}

QString JsonTreeModel::path(const Node *node)
{
    static const QRegularExpression identifier(u"^[A-Za-z_$][A-Za-z0-9_$]*$"_s);
    QStringList parts;
    for (const Node *n = node; n && n->parent; n = n->parent) {
        if (n->isElement)
            parts.prepend(QStringLiteral("[%1]").arg(n->row));
        else if (identifier.match(n->key).hasMatch())
            parts.prepend(u'.' + n->key);
        else
            parts.prepend(u"[\""_s + QString(n->key).replace(u'\\', u"\\\\"_s).replace(u'"', u"\\\""_s) + u"\"]"_s);
    }
    return u'$' + parts.join(QString());
}

QVariant JsonTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Node *node = nodeFor(index);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn:
            if (m_scalarRoot)
                return u"(value)"_s;
            return node->isElement ? QStringLiteral("[%1]").arg(node->row) : node->key;
        case ValueColumn:
            return displayValue(node->value);
        case TypeColumn:
            return typeName(node->value);
        }
        break;
    case Qt::ToolTipRole:
        // Tooltips guess rich text, and keys and values come from the server.
        if (index.column() == ValueColumn && node->value.isString())
            return ViewerFormat::toolTip(node->value.toString());
        if (index.column() == KeyColumn)
            return ViewerFormat::toolTip(path(node));
        break;
    case JsonValueRole:
        return QVariant::fromValue(node->value);
    case JsonPathRole:
        return path(node);
    default:
        break;
    }
    return {};
}

QVariant JsonTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn: return tr("Key");
    case ValueColumn: return tr("Value");
    case TypeColumn: return tr("Type");
    }
    return {};
}

Qt::ItemFlags JsonTreeModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (!hasChildren(index))
        flags |= Qt::ItemNeverHasChildren;
    return flags;
}

} // namespace Toolgate

#include "moc_jsontreemodel.cpp"
