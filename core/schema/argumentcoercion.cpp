#include "core/schema/argumentcoercion.h"

#include "core/schema/schemadocument_p.h"
#include "core/schema/schemanode.h"

#include "core/common/error.h"

#include <algorithm>
#include <cmath>
#include <QCoreApplication>

namespace Toolgate {

using namespace SchemaDetail;

namespace {

using Kind = SchemaNode::Kind;

Error argumentError(const QString &message)
{
    return makeError(ErrorCode::InvalidArguments, message);
}

// Plain text can be read as many kinds; try the strict ones first so that "5" becomes a number when
// both numbers and strings are allowed, and fall back to keeping the text.
int priority(Kind kind)
{
    switch (kind) {
    case Kind::Null: return 0;
    case Kind::Boolean: return 1;
    case Kind::Integer: return 2;
    case Kind::Number: return 3;
    case Kind::Array: return 4;
    case Kind::Object: return 5;
    case Kind::String: return 6;
    case Kind::Any: return 7;
    case Kind::Choice: break;
    }
    return 8;
}

void collectKinds(const SchemaNode &node, QList<Kind> &kinds)
{
    if (node.kind == Kind::Choice) {
        for (const SchemaChoice &choice : node.choices)
            collectKinds(*choice.node, kinds);
    } else if (!kinds.contains(node.kind)) {
        kinds.append(node.kind);
    }
    if (node.nullable && !kinds.contains(Kind::Null))
        kinds.append(Kind::Null);
}

void collectEnumValues(const SchemaNode &node, QJsonArray &values)
{
    for (const QJsonValue &value : node.enumValues)
        values.append(value);
    for (const SchemaChoice &choice : node.choices)
        collectEnumValues(*choice.node, values);
}

std::optional<QJsonValue> readInteger(const QString &text)
{
    bool ok = false;
    const qint64 integer = text.toLongLong(&ok, 10);
    if (ok)
        return QJsonValue(integer);
    // "1e3" or a number beyond 64 bits is still an integer if it has no fraction.
    const double number = text.toDouble(&ok);
    if (ok && std::isfinite(number) && number == std::trunc(number))
        return QJsonValue(number);
    return std::nullopt;
}

std::optional<QJsonValue> readNumber(const QString &text)
{
    bool ok = false;
    const qint64 integer = text.toLongLong(&ok, 10);
    if (ok)
        return QJsonValue(integer);
    const double number = text.toDouble(&ok);
    // QString::toDouble also reads "inf" and "nan", which JSON cannot carry.
    if (ok && std::isfinite(number))
        return QJsonValue(number);
    return std::nullopt;
}

std::optional<QJsonValue> readBoolean(const QString &text)
{
    const QString lower = text.toLower();
    if (lower == u"true" || lower == u"yes" || lower == u"1")
        return QJsonValue(true);
    if (lower == u"false" || lower == u"no" || lower == u"0")
        return QJsonValue(false);
    return std::nullopt;
}

std::optional<QJsonValue> read(Kind kind, const QString &text, bool onlyKind)
{
    const QString trimmed = text.trimmed();
    switch (kind) {
    case Kind::Null:
        // An empty value means null only where nothing else is possible; otherwise it is an empty string.
        if (trimmed.compare(u"null", Qt::CaseInsensitive) == 0 || (onlyKind && trimmed.isEmpty()))
            return QJsonValue(QJsonValue::Null);
        return std::nullopt;
    case Kind::Boolean:
        return readBoolean(trimmed);
    case Kind::Integer:
        return readInteger(trimmed);
    case Kind::Number:
        return readNumber(trimmed);
    case Kind::Array: {
        const std::optional<QJsonValue> value = parseJsonValue(text);
        return value && value->isArray() ? value : std::nullopt;
    }
    case Kind::Object: {
        const std::optional<QJsonValue> value = parseJsonValue(text);
        return value && value->isObject() ? value : std::nullopt;
    }
    case Kind::String:
    case Kind::Any:
    case Kind::Choice:
        break;
    }
    return QJsonValue(text);
}

QString expectation(Kind kind, bool withHint)
{
    switch (kind) {
    case Kind::Null: return typePhrase(QStringLiteral("null"));
    case Kind::Boolean:
        return withHint ? QCoreApplication::translate("Toolgate::ArgumentCoercion", "true or false (yes/no and 1/0 work too)") : typePhrase(QStringLiteral("boolean"));
    case Kind::Integer: return typePhrase(QStringLiteral("integer"));
    case Kind::Number: return typePhrase(QStringLiteral("number"));
    case Kind::Array:
        return withHint ? QCoreApplication::translate("Toolgate::ArgumentCoercion", "a list written as JSON, such as [\"a\", \"b\"]") : typePhrase(QStringLiteral("array"));
    case Kind::Object:
        return withHint ? QCoreApplication::translate("Toolgate::ArgumentCoercion", "an object written as JSON, such as {\"key\": \"value\"}")
                        : typePhrase(QStringLiteral("object"));
    case Kind::String: return typePhrase(QStringLiteral("string"));
    case Kind::Any:
    case Kind::Choice: break;
    }
    return QCoreApplication::translate("Toolgate::ArgumentCoercion", "a value");
}

// The object node that describes the fields under a dotted key: the node itself, the object
// alternative of a choice, or nullptr when the schema says nothing (then any field goes).
Result<const SchemaNode *> objectView(const SchemaNode &node, const QString &prefix)
{
    if (node.kind == Kind::Object)
        return &node;
    if (node.kind == Kind::Any)
        return static_cast<const SchemaNode *>(nullptr);
    if (node.kind == Kind::Choice) {
        for (const SchemaChoice &choice : node.choices) {
            if (choice.node->kind == Kind::Object)
                return choice.node.get();
        }
    }
    QList<Kind> kinds;
    collectKinds(node, kinds);
    QStringList phrases;
    for (const Kind kind : std::as_const(kinds))
        phrases.append(expectation(kind, false));
    return argumentError(QCoreApplication::translate("Toolgate::ArgumentCoercion", "Argument '%1' has no fields: it must be %2, not an object.")
                             .arg(prefix, joinAlternatives(phrases)));
}

QString unknownKeyMessage(const SchemaNode *object, const QString &key, const QString &prefix)
{
    const QStringList allowed = object->propertyNames();
    if (prefix.isEmpty()) {
        if (allowed.isEmpty())
            return QCoreApplication::translate("Toolgate::ArgumentCoercion", "Unknown argument '%1': this tool takes no arguments.").arg(key);
        return QCoreApplication::translate("Toolgate::ArgumentCoercion", "Unknown argument '%1'. Allowed: %2.").arg(key, allowed.join(QStringLiteral(", ")));
    }
    if (allowed.isEmpty())
        return QCoreApplication::translate("Toolgate::ArgumentCoercion", "Unknown argument '%1': '%2' takes no fields.").arg(key, prefix);
    return QCoreApplication::translate("Toolgate::ArgumentCoercion", "Unknown argument '%1'. Allowed in '%2': %3.")
        .arg(key, prefix, allowed.join(QStringLiteral(", ")));
}

const SchemaNode &anyNode()
{
    static const SchemaNode node;
    return node;
}

struct Assignment
{
    QStringList path; // property names from the root
    QString key;      // as the user typed it
};

bool isPrefix(const QStringList &prefix, const QStringList &path)
{
    return prefix.size() <= path.size() && std::equal(prefix.begin(), prefix.end(), path.begin());
}

void insertAt(QJsonObject &object, const QStringList &path, qsizetype index, const QJsonValue &value)
{
    const QString &name = path.at(index);
    if (index == path.size() - 1) {
        object.insert(name, value);
        return;
    }
    QJsonObject child = object.value(name).toObject();
    insertAt(child, path, index + 1, value);
    object.insert(name, child);
}

} // namespace

Result<QJsonValue> coerceArgumentValue(const SchemaNode &node, const QString &name, const QString &text)
{
    // A value spelled exactly like an allowed value becomes that value, whatever its JSON type.
    QJsonArray allowed;
    collectEnumValues(node, allowed);
    for (const QJsonValue &value : std::as_const(allowed))
        if (displayValue(value) == text)
            return value;

    QList<Kind> kinds; // in schema order, for the message
    collectKinds(node, kinds);
    QList<Kind> attempts = kinds;
    std::stable_sort(attempts.begin(), attempts.end(), [](Kind a, Kind b) { return priority(a) < priority(b); });
    for (const Kind kind : std::as_const(attempts)) {
        if (std::optional<QJsonValue> value = read(kind, text, kinds.size() == 1))
            return *value;
    }

    QStringList phrases;
    for (const Kind kind : std::as_const(kinds))
        phrases.append(expectation(kind, kinds.size() == 1));
    return argumentError(QCoreApplication::translate("Toolgate::ArgumentCoercion", "Argument '%1' must be %2, got '%3'.")
                             .arg(name, joinAlternatives(phrases), text));
}

Result<QJsonObject> coerceArguments(const QJsonObject &inputSchema, const QStringList &pairs)
{
    const SchemaNode root = SchemaNode::fromSchema(inputSchema);
    QJsonObject arguments;
    QList<Assignment> assignments;

    for (const QString &pair : pairs) {
        const qsizetype equals = pair.indexOf(u'=');
        if (equals < 0)
            return argumentError(QCoreApplication::translate("Toolgate::ArgumentCoercion", "Argument '%1' must look like key=value.").arg(pair));
        QString key = pair.left(equals);
        const QString text = pair.mid(equals + 1);
        const bool rawJson = key.endsWith(u':');
        if (rawJson)
            key.chop(1);
        if (key.isEmpty())
            return argumentError(QCoreApplication::translate("Toolgate::ArgumentCoercion", "Argument '%1' has no name before '='.").arg(pair));

        // Walk the dotted key through the schema. A declared name that itself contains dots wins over
        // splitting it, and the longest such name wins.
        QStringList path;
        const SchemaNode *node = &root;
        QString remaining = key;
        while (true) {
            const Result<const SchemaNode *> view = objectView(*node, path.join(u'.'));
            if (!view)
                return view.error();
            const SchemaNode *object = view.value();

            QString segment;
            if (object && object->property(remaining)) {
                segment = remaining;
            } else {
                for (qsizetype dot = remaining.lastIndexOf(u'.'); dot > 0 && object; dot = remaining.lastIndexOf(u'.', dot - 1)) {
                    if (object->property(remaining.left(dot))) {
                        segment = remaining.left(dot);
                        break;
                    }
                }
                if (segment.isEmpty())
                    segment = remaining.section(u'.', 0, 0);
            }
            if (segment.isEmpty()) // ".a" or "a..b"
                return argumentError(QCoreApplication::translate("Toolgate::ArgumentCoercion", "Argument '%1' has an empty name part.").arg(key));

            const QString prefix = path.join(u'.');
            path.append(segment);
            const SchemaNode *next = &anyNode();
            if (const SchemaProperty *property = object ? object->property(segment) : nullptr) {
                next = property->node.get();
            } else if (object) {
                if (!object->additionalProperties)
                    return argumentError(unknownKeyMessage(object, key, prefix));
                if (object->additionalPropertiesNode)
                    next = object->additionalPropertiesNode.get();
            }
            node = next;

            if (segment.size() == remaining.size())
                break;
            remaining = remaining.mid(segment.size() + 1);
            if (remaining.isEmpty())
                return argumentError(QCoreApplication::translate("Toolgate::ArgumentCoercion", "Argument '%1' has an empty name part.").arg(key));
        }

        for (const Assignment &earlier : std::as_const(assignments)) {
            if (earlier.path == path)
                return argumentError(QCoreApplication::translate("Toolgate::ArgumentCoercion", "Argument '%1' is given more than once.").arg(key));
            if (isPrefix(earlier.path, path) || isPrefix(path, earlier.path))
                return argumentError(QCoreApplication::translate("Toolgate::ArgumentCoercion", "Argument '%1' conflicts with '%2'.").arg(key, earlier.key));
        }

        QJsonValue value;
        if (rawJson) {
            QString problem;
            const std::optional<QJsonValue> parsed = parseJsonValue(text, &problem);
            if (!parsed)
                return argumentError(QCoreApplication::translate("Toolgate::ArgumentCoercion", "Argument '%1' is not valid JSON after ':=' (%2).").arg(key, problem));
            value = *parsed;
        } else {
            const Result<QJsonValue> coerced = coerceArgumentValue(*node, key, text);
            if (!coerced)
                return coerced.error();
            value = coerced.value();
        }
        assignments.append({path, key});
        insertAt(arguments, path, 0, value);
    }
    return arguments;
}

} // namespace Toolgate
