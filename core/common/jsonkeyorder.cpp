#include "core/common/jsonkeyorder.h"

#include <QHash>
#include <QList>
#include <QSet>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace Toolgate {

struct JsonKeyOrder::Node
{
    QStringList keys;
    QHash<QString, JsonKeyOrder> members;
    QList<JsonKeyOrder> elements;
    JsonKeyOrder everyElement;
};

namespace {

// Records the key order while nlohmann's SAX reader walks the text. It builds nothing for
// scalars, so the tree is as large as the text's objects and arrays, not its values.
class KeyOrderReader final : public nlohmann::json_sax<nlohmann::json>
{
public:
    explicit KeyOrderReader(int maxDepth) : m_maxDepth(maxDepth) {}

    std::shared_ptr<JsonKeyOrder::Node> root;

    bool null() override { return scalar(); }
    bool boolean(bool) override { return scalar(); }
    bool number_integer(number_integer_t) override { return scalar(); }
    bool number_unsigned(number_unsigned_t) override { return scalar(); }
    bool number_float(number_float_t, const string_t &) override { return scalar(); }
    bool string(string_t &) override { return scalar(); }
    bool binary(binary_t &) override { return scalar(); }

    bool start_object(std::size_t) override { return open(/*isObject=*/true); }
    bool start_array(std::size_t) override { return open(/*isObject=*/false); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t &key) override
    {
        if (m_skipped > 0 || m_stack.empty())
            return true;
        Frame &frame = m_stack.back();
        frame.key = QString::fromUtf8(key.data(), qsizetype(key.size()));
        if (!frame.seen.contains(frame.key)) {
            frame.seen.insert(frame.key);
            frame.node->keys.append(frame.key);
        }
        return true;
    }

    bool parse_error(std::size_t, const std::string &, const nlohmann::detail::exception &) override
    {
        return false; // keep what was read
    }

private:
    struct Frame
    {
        JsonKeyOrder::Node *node;
        bool isObject;
        QString key;     // the member being read
        QSet<QString> seen; // keys already listed, so a repeated key is listed once
    };

    // The value just read takes a place in its array, so element(i) stays aligned.
    bool scalar()
    {
        if (m_skipped == 0 && !m_stack.empty() && !m_stack.back().isObject)
            m_stack.back().node->elements.append(JsonKeyOrder());
        return true;
    }

    bool open(bool isObject)
    {
        if (m_skipped > 0 || int(m_stack.size()) >= m_maxDepth) {
            ++m_skipped;
            return true;
        }
        auto node = std::make_shared<JsonKeyOrder::Node>();
        if (m_stack.empty()) {
            root = node;
        } else {
            Frame &parent = m_stack.back();
            attach(parent, node);
        }
        m_stack.push_back(Frame{node.get(), isObject, {}, {}});
        return true;
    }

    bool close()
    {
        if (m_skipped > 0) {
            --m_skipped;
            return true;
        }
        if (!m_stack.empty())
            m_stack.pop_back();
        return true;
    }

    static void attach(Frame &parent, const std::shared_ptr<JsonKeyOrder::Node> &node);

    int m_maxDepth;
    int m_skipped = 0; // depth below the deepest level recorded
    std::vector<Frame> m_stack;
};

} // namespace

// The reader's way to JsonKeyOrder's private constructor.
struct JsonKeyOrderAccess
{
    static JsonKeyOrder wrap(std::shared_ptr<JsonKeyOrder::Node> node) { return JsonKeyOrder(std::move(node)); }
};

void KeyOrderReader::attach(Frame &parent, const std::shared_ptr<JsonKeyOrder::Node> &node)
{
    if (parent.isObject)
        parent.node->members.insert(parent.key, JsonKeyOrderAccess::wrap(node)); // a repeated key: the last wins, as in Qt
    else
        parent.node->elements.append(JsonKeyOrderAccess::wrap(node));
}

JsonKeyOrder JsonKeyOrder::fromJson(QByteArrayView text)
{
    KeyOrderReader reader(maxDepth);
    const char *begin = text.data();
    nlohmann::json::sax_parse(begin, begin + text.size(), &reader);
    return JsonKeyOrder(reader.root);
}

JsonKeyOrder JsonKeyOrder::fromKeys(const QStringList &keys)
{
    auto node = std::make_shared<Node>();
    QSet<QString> seen;
    for (const QString &key : keys) {
        if (!seen.contains(key)) {
            seen.insert(key);
            node->keys.append(key);
        }
    }
    return JsonKeyOrder(std::move(node));
}

bool JsonKeyOrder::isEmpty() const
{
    return !m_node
        || (m_node->keys.isEmpty() && m_node->elements.isEmpty() && m_node->everyElement.isEmpty());
}

QStringList JsonKeyOrder::keys() const
{
    return m_node ? m_node->keys : QStringList();
}

JsonKeyOrder JsonKeyOrder::member(QStringView key) const
{
    if (!m_node)
        return {};
    return m_node->members.value(key.toString());
}

qsizetype JsonKeyOrder::elementCount() const
{
    return m_node ? m_node->elements.size() : 0;
}

JsonKeyOrder JsonKeyOrder::element(qsizetype index) const
{
    if (!m_node)
        return {};
    if (index >= 0 && index < m_node->elements.size())
        return m_node->elements.at(index);
    return m_node->everyElement;
}

bool operator==(const JsonKeyOrder &a, const JsonKeyOrder &b)
{
    if (a.m_node == b.m_node)
        return true;
    if (a.isEmpty() || b.isEmpty())
        return a.isEmpty() && b.isEmpty();
    const JsonKeyOrder::Node &x = *a.m_node;
    const JsonKeyOrder::Node &y = *b.m_node;
    return x.keys == y.keys && x.members == y.members && x.elements == y.elements && x.everyElement == y.everyElement;
}

JsonKeyOrder::Node &JsonKeyOrder::detach()
{
    if (!m_node)
        m_node = std::make_shared<Node>();
    else if (m_node.use_count() > 1)
        m_node = std::make_shared<Node>(*m_node);
    return *m_node;
}

void JsonKeyOrder::setMember(const QString &key, const JsonKeyOrder &order)
{
    Node &node = detach();
    if (!node.members.contains(key) && !node.keys.contains(key))
        node.keys.append(key);
    node.members.insert(key, order);
}

void JsonKeyOrder::setEveryElement(const JsonKeyOrder &order)
{
    detach().everyElement = order;
}

QStringList JsonKeyOrder::orderedKeys(const QJsonObject &object) const
{
    if (!m_node || m_node->keys.isEmpty())
        return object.keys();
    QStringList ordered;
    ordered.reserve(object.size());
    QSet<QString> placed;
    for (const QString &key : m_node->keys) {
        if (object.contains(key)) {
            ordered.append(key);
            placed.insert(key);
        }
    }
    if (ordered.size() == object.size())
        return ordered;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        if (!placed.contains(it.key()))
            ordered.append(it.key());
    }
    return ordered;
}

} // namespace Toolgate
