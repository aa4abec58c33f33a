#include "core/schema/schemanode.h"

#include "core/schema/schemadocument_p.h"

#include <QCoreApplication>
#include <QScopeGuard>

#include <algorithm>
#include <climits>
#include <cmath>

namespace Toolgate {

using namespace SchemaDetail;

namespace {

// A recursive definition (a tree of comments, say) is expanded this many times per path, then Any.
constexpr int kMaxRecursion = 8;
// Several recursive properties multiply: stop describing altogether past this many nodes,
constexpr int kMaxNodes = 5000;
// or once flattening (following references, merging allOf parts) has looked at this many keys, which
// bounds the time a form takes to appear whatever the schema (docs/benchmarks.md).
constexpr qint64 kMaxFlattenWork = 60'000;
// Nor is anything described deeper than this: no form is that deep, and the description recurses.
constexpr int kMaxDepth = 64;

SchemaNode::Kind kindForType(const QString &type)
{
    if (type == u"object")
        return SchemaNode::Kind::Object;
    if (type == u"array")
        return SchemaNode::Kind::Array;
    if (type == u"string")
        return SchemaNode::Kind::String;
    if (type == u"number")
        return SchemaNode::Kind::Number;
    if (type == u"integer")
        return SchemaNode::Kind::Integer;
    if (type == u"boolean")
        return SchemaNode::Kind::Boolean;
    if (type == u"null")
        return SchemaNode::Kind::Null;
    return SchemaNode::Kind::Any;
}

QString kindLabel(SchemaNode::Kind kind)
{
    switch (kind) {
    case SchemaNode::Kind::Object: return QCoreApplication::translate("Toolgate::SchemaNode", "Object");
    case SchemaNode::Kind::Array: return QCoreApplication::translate("Toolgate::SchemaNode", "List");
    case SchemaNode::Kind::String: return QCoreApplication::translate("Toolgate::SchemaNode", "Text");
    case SchemaNode::Kind::Number: return QCoreApplication::translate("Toolgate::SchemaNode", "Number");
    case SchemaNode::Kind::Integer: return QCoreApplication::translate("Toolgate::SchemaNode", "Whole number");
    case SchemaNode::Kind::Boolean: return QCoreApplication::translate("Toolgate::SchemaNode", "True/false");
    case SchemaNode::Kind::Null: return QCoreApplication::translate("Toolgate::SchemaNode", "Null");
    case SchemaNode::Kind::Choice: return QCoreApplication::translate("Toolgate::SchemaNode", "Choice");
    case SchemaNode::Kind::Any: break;
    }
    return QCoreApplication::translate("Toolgate::SchemaNode", "Any value");
}

// The kind a list of allowed values implies; nulls only make it nullable.
SchemaNode::Kind kindForValues(const QJsonArray &values, bool *hasNull)
{
    std::optional<SchemaNode::Kind> kind;
    for (const QJsonValue &value : values) {
        SchemaNode::Kind current = SchemaNode::Kind::Any;
        switch (value.type()) {
        case QJsonValue::Null:
            *hasNull = true;
            continue;
        case QJsonValue::Bool: current = SchemaNode::Kind::Boolean; break;
        case QJsonValue::String: current = SchemaNode::Kind::String; break;
        case QJsonValue::Double:
            current = value.toDouble() == std::trunc(value.toDouble()) ? SchemaNode::Kind::Integer
                                                                      : SchemaNode::Kind::Number;
            break;
        case QJsonValue::Array: current = SchemaNode::Kind::Array; break;
        case QJsonValue::Object: current = SchemaNode::Kind::Object; break;
        case QJsonValue::Undefined: continue;
        }
        if (!kind) {
            kind = current;
        } else if (*kind != current) {
            // Integers and other numbers mix into Number; anything else mixes into Any.
            const bool numeric = (*kind == SchemaNode::Kind::Integer || *kind == SchemaNode::Kind::Number)
                && (current == SchemaNode::Kind::Integer || current == SchemaNode::Kind::Number);
            kind = numeric ? SchemaNode::Kind::Number : SchemaNode::Kind::Any;
        }
    }
    return kind.value_or(*hasNull ? SchemaNode::Kind::Null : SchemaNode::Kind::Any);
}

bool isNullOnly(const QJsonObject &schema)
{
    if (schemaTypes(schema) == QStringList{QStringLiteral("null")})
        return true;
    if (schema.contains(QLatin1String("const")) && schema.value(QLatin1String("const")).isNull())
        return true;
    const QJsonArray values = schema.value(QLatin1String("enum")).toArray();
    return values.size() == 1 && values.first().isNull();
}

std::optional<QJsonValue> singleValue(const QJsonObject &schema)
{
    if (schema.contains(QLatin1String("const")))
        return schema.value(QLatin1String("const"));
    const QJsonArray values = schema.value(QLatin1String("enum")).toArray();
    if (values.size() == 1)
        return values.first();
    return std::nullopt;
}

QJsonObject withoutAnnotations(QJsonObject schema)
{
    for (const QLatin1String key : {QLatin1String("title"), QLatin1String("description"), QLatin1String("default"),
                                    QLatin1String("examples"), QLatin1String("x-toolgate-ref")})
        schema.remove(key);
    return schema;
}

// The text order of a schema's "properties" objects, found again after flattening (which follows
// references and merges allOf parts into QJsonObjects, so a node no longer knows where in the
// text it came from). A flattened object whose property names are exactly those of one
// "properties" object in the text takes that object's order; any other (merged parts) lists its
// names in the order they first appear in the text.
class PropertyOrder final
{
public:
    explicit PropertyOrder(const JsonKeyOrder &schemaOrder) { collect(schemaOrder, 0); }

    bool isEmpty() const { return m_rank.isEmpty(); }

    void sort(QList<SchemaProperty> &properties) const
    {
        QStringList names;
        for (const SchemaProperty &property : std::as_const(properties))
            names.append(property.name);
        const auto exact = m_byNames.constFind(setKey(names));
        const auto position = [&](const QString &name) {
            return exact != m_byNames.cend() ? exact->indexOf(name) : m_rank.value(name, INT_MAX);
        };
        std::stable_sort(properties.begin(), properties.end(), [&](const SchemaProperty &a, const SchemaProperty &b) {
            return position(a.name) < position(b.name);
        });
    }

private:
    // Bounds the walk for a hostile schema of megabytes: past these, later objects sort by first appearance.
    static constexpr int kMaxDepth = 128;
    static constexpr int kMaxObjects = 20'000;

    static QString setKey(QStringList names)
    {
        names.sort();
        return names.join(QChar(0));
    }

    void collect(const JsonKeyOrder &node, int depth)
    {
        if (depth > kMaxDepth || ++m_visited > kMaxObjects)
            return;
        const QStringList keys = node.keys();
        for (const QString &key : keys) {
            const JsonKeyOrder member = node.member(key);
            if (key == QLatin1String("properties")) {
                const QStringList names = member.keys();
                for (const QString &name : names)
                    m_rank.insert(name, m_rank.value(name, int(m_rank.size())));
                m_byNames.insert(setKey(names), names);
            }
            collect(member, depth + 1);
        }
        for (qsizetype i = 0; i < node.elementCount(); ++i)
            collect(node.element(i), depth + 1);
    }

    QHash<QString, QStringList> m_byNames;
    QHash<QString, int> m_rank;
    int m_visited = 0;
};

class Builder final
{
public:
    Builder(const SchemaDocument &document, const PropertyOrder &order) : m_document(document), m_order(order) {}

    SchemaNode build(const QJsonValue &schema, QStringList trail)
    {
        ++m_nodes;
        ++m_depth;
        const auto leave = qScopeGuard([this] { --m_depth; });
        const QJsonObject flat = exhausted() ? QJsonObject() : m_document.flatten(schema, trail, kMaxRecursion, &m_work);
        SchemaNode node;
        readAnnotations(flat, node);
        if (flat.contains(QLatin1String("x-toolgate-recursive")) || flat.contains(QLatin1String("x-toolgate-unresolved"))
            || exhausted() || m_depth > kMaxDepth) {
            node.truncated = true;
            return node;
        }
        for (const QLatin1String keyword : {QLatin1String("oneOf"), QLatin1String("anyOf")}) {
            const QJsonArray alternatives = flat.value(keyword).toArray();
            if (!alternatives.isEmpty())
                return buildChoice(flat, alternatives, trail, node);
        }
        buildTyped(flat, trail, node);
        return node;
    }

private:
    std::shared_ptr<const SchemaNode> child(const QJsonValue &schema, const QStringList &trail)
    {
        return std::make_shared<const SchemaNode>(build(schema, trail));
    }

    static void readAnnotations(const QJsonObject &flat, SchemaNode &node)
    {
        node.title = flat.value(QLatin1String("title")).toString();
        node.description = flat.value(QLatin1String("description")).toString();
        if (flat.contains(QLatin1String("default")))
            node.defaultValue = flat.value(QLatin1String("default"));
        node.examples = flat.value(QLatin1String("examples")).toArray();
        node.readOnly = flat.value(QLatin1String("readOnly")).toBool();
        node.writeOnly = flat.value(QLatin1String("writeOnly")).toBool();
        node.deprecated = flat.value(QLatin1String("deprecated")).toBool();
        node.format = flat.value(QLatin1String("format")).toString();
    }

    static void readConstraints(const QJsonObject &flat, SchemaNode &node)
    {
        if (flat.value(QLatin1String("enum")).isArray()) {
            node.enumValues = flat.value(QLatin1String("enum")).toArray();
            // Vendor extensions some generators use to title enum values.
            for (const QLatin1String key : {QLatin1String("enumNames"), QLatin1String("x-enumNames")}) {
                const QJsonArray names = flat.value(key).toArray();
                if (names.size() == node.enumValues.size()) {
                    for (const QJsonValue &name : names)
                        node.enumTitles.append(name.toString());
                    break;
                }
            }
        } else if (flat.contains(QLatin1String("const"))) {
            node.enumValues = QJsonArray{flat.value(QLatin1String("const"))};
        }
        if (node.enumTitles.isEmpty() && !node.enumValues.isEmpty())
            node.enumTitles = QStringList(node.enumValues.size(), QString());

        node.minimum = numberValue(flat.value(QLatin1String("minimum")));
        node.maximum = numberValue(flat.value(QLatin1String("maximum")));
        const QJsonValue exclusiveMinimum = flat.value(QLatin1String("exclusiveMinimum"));
        const QJsonValue exclusiveMaximum = flat.value(QLatin1String("exclusiveMaximum"));
        if (exclusiveMinimum.isBool()) { // draft-04
            node.exclusiveMinimum = exclusiveMinimum.toBool() && node.minimum;
        } else if (exclusiveMinimum.isDouble() && (!node.minimum || exclusiveMinimum.toDouble() >= *node.minimum)) {
            node.minimum = exclusiveMinimum.toDouble();
            node.exclusiveMinimum = true;
        }
        if (exclusiveMaximum.isBool()) {
            node.exclusiveMaximum = exclusiveMaximum.toBool() && node.maximum;
        } else if (exclusiveMaximum.isDouble() && (!node.maximum || exclusiveMaximum.toDouble() <= *node.maximum)) {
            node.maximum = exclusiveMaximum.toDouble();
            node.exclusiveMaximum = true;
        }
        node.multipleOf = numberValue(flat.value(QLatin1String("multipleOf")));
        node.minLength = countValue(flat.value(QLatin1String("minLength")));
        node.maxLength = countValue(flat.value(QLatin1String("maxLength")));
        node.pattern = flat.value(QLatin1String("pattern")).toString();
        node.minItems = countValue(flat.value(QLatin1String("minItems")));
        node.maxItems = countValue(flat.value(QLatin1String("maxItems")));
        node.uniqueItems = flat.value(QLatin1String("uniqueItems")).toBool();
    }

    static SchemaNode::Kind inferKind(const QJsonObject &flat, SchemaNode &node)
    {
        if (!node.enumValues.isEmpty()) {
            bool hasNull = false;
            const SchemaNode::Kind kind = kindForValues(node.enumValues, &hasNull);
            if (hasNull && kind != SchemaNode::Kind::Null)
                node.nullable = true;
            return kind;
        }
        auto hasAny = [&](std::initializer_list<QLatin1String> keys) {
            return std::any_of(keys.begin(), keys.end(), [&](QLatin1String key) { return flat.contains(key); });
        };
        if (hasAny({QLatin1String("properties"), QLatin1String("additionalProperties"), QLatin1String("required"),
                    QLatin1String("patternProperties"), QLatin1String("minProperties"), QLatin1String("maxProperties")}))
            return SchemaNode::Kind::Object;
        if (hasAny({QLatin1String("items"), QLatin1String("prefixItems"), QLatin1String("minItems"),
                    QLatin1String("maxItems"), QLatin1String("uniqueItems"), QLatin1String("contains")}))
            return SchemaNode::Kind::Array;
        if (hasAny({QLatin1String("minLength"), QLatin1String("maxLength"), QLatin1String("pattern"), QLatin1String("format")}))
            return SchemaNode::Kind::String;
        if (hasAny({QLatin1String("minimum"), QLatin1String("maximum"), QLatin1String("exclusiveMinimum"),
                    QLatin1String("exclusiveMaximum"), QLatin1String("multipleOf")}))
            return SchemaNode::Kind::Number;
        return SchemaNode::Kind::Any;
    }

    // A schema may carry constraints for several types (handy with type lists); keep only those that
    // matter for the kind this node ended up with, so a form does not show a minimum on a text field.
    static void dropForeignConstraints(SchemaNode &node)
    {
        const bool numeric = node.kind == SchemaNode::Kind::Number || node.kind == SchemaNode::Kind::Integer;
        if (node.kind == SchemaNode::Kind::Any)
            return;
        if (!numeric) {
            node.minimum.reset();
            node.maximum.reset();
            node.exclusiveMinimum = node.exclusiveMaximum = false;
            node.multipleOf.reset();
        }
        if (node.kind != SchemaNode::Kind::String) {
            node.minLength.reset();
            node.maxLength.reset();
            node.pattern.clear(); // format stays: "int64" or "double" tell a form something too
        }
        if (node.kind != SchemaNode::Kind::Array) {
            node.minItems.reset();
            node.maxItems.reset();
            node.uniqueItems = false;
        }
    }

    void buildTyped(const QJsonObject &flat, const QStringList &trail, SchemaNode &node)
    {
        QStringList types = schemaTypes(flat);
        if (types.size() > 1 && types.contains(QStringLiteral("null"))) {
            node.nullable = true;
            types.removeAll(QStringLiteral("null"));
        }
        if (types.size() > 1) {
            // ["string", "number"]: one alternative per type, each with the constraints that apply to it.
            node.kind = SchemaNode::Kind::Choice;
            for (const QString &type : std::as_const(types)) {
                QJsonObject one = withoutAnnotations(flat);
                one.insert(QStringLiteral("type"), type);
                auto alternative = child(one, trail);
                node.choices.append({kindLabel(alternative->kind), alternative});
            }
            return;
        }

        readConstraints(flat, node);
        node.kind = types.isEmpty() ? inferKind(flat, node) : kindForType(types.first());
        dropForeignConstraints(node);

        // Properties and items are described whenever present, e.g. also for ["object", "null"].
        const QJsonObject properties = flat.value(QLatin1String("properties")).toObject();
        QStringList required;
        for (const QJsonValue &name : flat.value(QLatin1String("required")).toArray())
            if (name.isString())
                required.append(name.toString());
        for (auto it = properties.begin(); it != properties.end(); ++it)
            node.properties.append({it.key(), required.contains(it.key()), child(it.value(), trail)});
        // A required name without a schema is still something the form must ask for.
        for (const QString &name : std::as_const(required)) {
            if (!properties.contains(name))
                node.properties.append({name, true, std::make_shared<const SchemaNode>()});
        }
        if (!m_order.isEmpty()) {
            m_order.sort(node.properties);
        } else {
            std::stable_sort(node.properties.begin(), node.properties.end(),
                             [](const SchemaProperty &a, const SchemaProperty &b) {
                                 if (a.required != b.required)
                                     return a.required;
                                 return a.name < b.name;
                             });
        }

        const QJsonValue additional = flat.value(QLatin1String("additionalProperties"));
        if (additional == QJsonValue(false)) {
            node.additionalProperties = false;
        } else if (additional.isObject()) {
            node.additionalPropertiesNode = child(additional, trail);
        }

        const QJsonValue items = flat.value(QLatin1String("items"));
        const QJsonArray prefixItems = flat.value(QLatin1String("prefixItems")).toArray();
        const QJsonArray tuple = items.isArray() ? items.toArray() : prefixItems;
        for (const QJsonValue &item : tuple)
            node.tupleItems.append(child(item, trail));
        const QJsonValue rest = items.isArray() ? flat.value(QLatin1String("additionalItems")) : items;
        if (rest.isObject() && !rest.toObject().isEmpty())
            node.items = child(rest, trail);
    }

    SchemaNode buildChoice(const QJsonObject &flat, const QJsonArray &alternatives, const QStringList &trail,
                           SchemaNode node)
    {
        QJsonObject outer = flat;
        outer.remove(QLatin1String("oneOf"));
        outer.remove(QLatin1String("anyOf"));
        // Keywords next to oneOf/anyOf apply to every alternative; the annotations describe the choice itself.
        const QJsonObject shared = withoutAnnotations(outer);

        struct Alternative
        {
            QJsonObject flat;
            QStringList trail;
        };
        QList<Alternative> remaining;
        bool sawNull = false;
        for (const QJsonValue &alternative : alternatives) {
            if (exhausted())
                break;
            QStringList alternativeTrail = trail;
            const QJsonObject merged =
                SchemaDocument::merge(m_document.flatten(alternative, alternativeTrail, kMaxRecursion, &m_work), shared);
            if (isNullOnly(merged)) {
                sawNull = true;
                continue;
            }
            remaining.append({merged, alternativeTrail});
        }
        if (exhausted()) {
            node.truncated = true;
            return node;
        }

        if (remaining.isEmpty()) {
            node.kind = SchemaNode::Kind::Null;
            return node;
        }

        // The "enum with titles" idiom: oneOf [{const: "a", title: "Apple"}, ...].
        const bool allConst = std::all_of(remaining.begin(), remaining.end(), [](const Alternative &alternative) {
            return singleValue(alternative.flat) && !alternative.flat.contains(QLatin1String("properties"));
        });
        if (allConst) {
            buildTyped(outer, trail, node);
            node.enumValues = QJsonArray();
            node.enumTitles.clear();
            for (const Alternative &alternative : std::as_const(remaining)) {
                node.enumValues.append(*singleValue(alternative.flat));
                node.enumTitles.append(alternative.flat.value(QLatin1String("title")).toString());
            }
            if (node.kind == SchemaNode::Kind::Any) {
                bool hasNull = false;
                node.kind = kindForValues(node.enumValues, &hasNull);
            }
            node.nullable = node.nullable || sawNull;
            return node;
        }

        if (remaining.size() == 1) {
            // anyOf [X, null]: really an optional X. The outer annotations describe it best.
            SchemaNode inner = build(remaining.first().flat, remaining.first().trail);
            if (!node.title.isEmpty())
                inner.title = node.title;
            if (!node.description.isEmpty())
                inner.description = node.description;
            if (!node.defaultValue.isUndefined())
                inner.defaultValue = node.defaultValue;
            if (!node.examples.isEmpty())
                inner.examples = node.examples;
            inner.readOnly = inner.readOnly || node.readOnly;
            inner.writeOnly = inner.writeOnly || node.writeOnly;
            inner.deprecated = inner.deprecated || node.deprecated;
            inner.nullable = inner.nullable || sawNull;
            return inner;
        }

        node.kind = SchemaNode::Kind::Choice;
        node.nullable = sawNull;
        for (qsizetype i = 0; i < remaining.size(); ++i) {
            const Alternative &alternative = remaining.at(i);
            auto alternativeNode = std::make_shared<const SchemaNode>(build(alternative.flat, alternative.trail));
            node.choices.append({choiceLabel(alternative.flat, *alternativeNode, i), alternativeNode});
        }
        return node;
    }

    static QString choiceLabel(const QJsonObject &flat, const SchemaNode &node, qsizetype index)
    {
        if (!node.title.isEmpty())
            return node.title;
        // A discriminator: a property with a single allowed value, like "type": {"const": "circle"}.
        for (const SchemaProperty &property : node.properties)
            if (property.node->enumValues.size() == 1)
                return displayValue(property.node->enumValues.first());
        const QString ref = flat.value(QLatin1String("x-toolgate-ref")).toString();
        if (!ref.isEmpty()) {
            const QStringList tokens = pointerTokens(ref).value_or(QStringList());
            if (!tokens.isEmpty() && !tokens.last().isEmpty())
                return tokens.last();
        }
        if (node.kind != SchemaNode::Kind::Any)
            return kindLabel(node.kind);
        return u"Option " % QString::number(index + 1);
    }

    bool exhausted() const { return m_nodes > kMaxNodes || m_work > kMaxFlattenWork; }

    const SchemaDocument &m_document;
    const PropertyOrder &m_order;
    int m_nodes = 0;
    int m_depth = 0;
    qint64 m_work = 0;
};

} // namespace

SchemaNode SchemaNode::fromSchema(const QJsonObject &schema, const JsonKeyOrder &schemaOrder)
{
    // The same bound as SchemaValidator: a schema of megabytes describes nothing a form can show, and
    // indexing it would keep the GUI busy for seconds.
    if (schemaSizeProblem(schema)) {
        SchemaNode node;
        node.truncated = true;
        return node;
    }
    const SchemaDocument document = SchemaDocument::build(schema);
    const PropertyOrder order(schemaOrder);
    return Builder(document, order).build(document.root(), QStringList());
}

JsonKeyOrder SchemaNode::valueOrder() const
{
    JsonKeyOrder order;
    switch (kind) {
    case Kind::Object:
        order = JsonKeyOrder::fromKeys(propertyNames());
        for (const SchemaProperty &property : properties) {
            const JsonKeyOrder member = property.node->valueOrder();
            if (!member.isEmpty())
                order.setMember(property.name, member);
        }
        break;
    case Kind::Array:
        if (items)
            order.setEveryElement(items->valueOrder());
        break;
    case Kind::Choice:
        // Whichever alternative the value follows: the first that names a key places it.
        for (const SchemaChoice &choice : choices) {
            const JsonKeyOrder alternative = choice.node->valueOrder();
            for (const QString &key : alternative.keys()) {
                if (order.member(key).isEmpty())
                    order.setMember(key, alternative.member(key));
            }
        }
        break;
    default:
        break;
    }
    return order;
}

const SchemaProperty *SchemaNode::property(const QString &name) const
{
    for (const SchemaProperty &candidate : properties)
        if (candidate.name == name)
            return &candidate;
    return nullptr;
}

QStringList SchemaNode::propertyNames() const
{
    QStringList names;
    for (const SchemaProperty &property : properties)
        names.append(property.name);
    return names;
}

QString SchemaNode::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Object: return QStringLiteral("object");
    case Kind::Array: return QStringLiteral("array");
    case Kind::String: return QStringLiteral("string");
    case Kind::Number: return QStringLiteral("number");
    case Kind::Integer: return QStringLiteral("integer");
    case Kind::Boolean: return QStringLiteral("boolean");
    case Kind::Null: return QStringLiteral("null");
    case Kind::Choice: return QStringLiteral("choice");
    case Kind::Any: break;
    }
    return QStringLiteral("any");
}

} // namespace Toolgate
