#pragma once

#include <QByteArrayView>
#include <QLatin1StringView>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <memory>

namespace Toolgate {

/// The order of the keys of a JSON text's objects, which QJsonObject does not keep (it sorts its
/// keys). A tree shaped like the JSON it came from: each object knows its keys in text order and
/// the orders of its members; each array the orders of its elements, or one order for every
/// element. Objects it knows nothing about fall back to QJsonObject's sorted order, so an empty
/// order is always safe to use.
///
/// Read from the bytes a peer or a person wrote (fromJson), or built for values that follow a
/// schema (SchemaKeyOrder). Copies share their tree; the setters copy it first when shared.
class JsonKeyOrder
{
public:
    JsonKeyOrder() = default;

    /// The key order of a JSON text. Invalid JSON, or nesting deeper than maxDepth, gives what was
    /// read up to that point (deeper objects fall back to sorted order). Uses nlohmann::json's SAX
    /// reader, which keeps no document and does not recurse.
    static JsonKeyOrder fromJson(QByteArrayView text);
    /// An order naming only these keys (members unknown).
    static JsonKeyOrder fromKeys(const QStringList &keys);

    static constexpr int maxDepth = 512;

    bool isEmpty() const;
    /// This object's keys in text order (duplicates once, where they first appeared).
    QStringList keys() const;
    JsonKeyOrder member(QStringView key) const;
    JsonKeyOrder member(QLatin1StringView key) const { return member(QString(key)); }
    /// How many elements of an array the text had (0 for a built order).
    qsizetype elementCount() const;
    /// Element index of an array; an array built for a schema has one order for every element.
    JsonKeyOrder element(qsizetype index) const;

    /// Appends key after the known ones (if new) and sets its member order.
    void setMember(const QString &key, const JsonKeyOrder &order);
    void setEveryElement(const JsonKeyOrder &order);

    /// The keys of object in this order: the keys this order names, in its order, then any others
    /// in QJsonObject's order.
    QStringList orderedKeys(const QJsonObject &object) const;

    /// The same orders (not the same tree).
    friend bool operator==(const JsonKeyOrder &a, const JsonKeyOrder &b);

    struct Node;

private:
    friend struct JsonKeyOrderAccess;
    explicit JsonKeyOrder(std::shared_ptr<Node> node) : m_node(std::move(node)) {}
    Node &detach();

    std::shared_ptr<Node> m_node;
};

} // namespace Toolgate
