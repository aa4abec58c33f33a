#pragma once

// Internal to core/schema: JSON helpers and the reference-resolving document shared by
// SchemaValidator, SchemaNode and argument coercion. Not part of the public API.

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include "core/common/jsonpointer.h"

#include <cmath>
#include <optional>

namespace Toolgate::SchemaDetail {

// JSON Pointer, from core/common (the names schema code has always used).
using JsonPointer::escapePointerToken;
using JsonPointer::pointerAppend;
using JsonPointer::pointerTokens;
using JsonPointer::valueAt;

/// A keyword's count (maxLength, minItems, ...): a whole number from 0 to 1e15, else none. Larger counts
/// are no limit anyone means, and would overflow what they are compared with.
inline std::optional<qint64> countValue(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double number = value.toDouble();
    if (number < 0 || number != std::trunc(number) || number > 1e15)
        return std::nullopt;
    return qint64(number);
}

/// A keyword's number (minimum, multipleOf, ...), or none when it is not a number.
inline std::optional<double> numberValue(const QJsonValue &value)
{
    return value.isDouble() ? std::optional<double>(value.toDouble()) : std::nullopt;
}

/// Deep JSON equality where numbers compare by value (1 == 1.0), as JSON Schema requires.
bool jsonEquals(const QJsonValue &a, const QJsonValue &b);
/// jsonEquals() that first asks visit(a, b, depth) about every pair of values it compares (depth 0
/// for the pair given); a false from visit ends the comparison as "not equal". For comparisons that
/// are paid for and bounded (SchemaValidator's budget).
template<typename Visit>
bool jsonEqualsVisiting(const QJsonValue &a, const QJsonValue &b, Visit &&visit, int depth = 0)
{
    if (!visit(a, b, depth))
        return false;
    if (a.type() != b.type())
        return false;
    switch (a.type()) {
    case QJsonValue::Double:
        return a.toDouble() == b.toDouble();
    case QJsonValue::Array: {
        const QJsonArray left = a.toArray();
        const QJsonArray right = b.toArray();
        if (left.size() != right.size())
            return false;
        for (qsizetype i = 0; i < left.size(); ++i)
            if (!jsonEqualsVisiting(left.at(i), right.at(i), visit, depth + 1))
                return false;
        return true;
    }
    case QJsonValue::Object: {
        const QJsonObject left = a.toObject();
        const QJsonObject right = b.toObject();
        if (left.size() != right.size())
            return false;
        for (auto it = left.begin(), other = right.begin(); it != left.end(); ++it, ++other) {
            // Both iterate in sorted key order, so equal objects line up member by member.
            if (it.key() != other.key() || !jsonEqualsVisiting(it.value(), other.value(), visit, depth + 1))
                return false;
        }
        return true;
    }
    default:
        return a == b;
    }
}
/// True if list holds a value jsonEquals to value.
bool jsonContains(const QJsonArray &list, const QJsonValue &value);
/// Compact JSON text of any value, scalars included.
QString jsonText(const QJsonValue &value);
/// How a value reads in a message: strings as they are, everything else as compact JSON.
QString displayValue(const QJsonValue &value);
/// Parses any JSON text, scalars included (QJsonDocument alone only accepts objects and arrays).
std::optional<QJsonValue> parseJsonValue(const QString &text, QString *error = nullptr);
/// A number as people write it: 3 rather than 3.000000, 0.1 rather than 0.10000000000000001.
QString formatNumber(double value);

/// Joins phrases for a sentence: "a", "a or b", "a, b or c".
QString joinAlternatives(const QStringList &parts, const QString &conjunction = QString()); // "or" in the language of the messages
/// A phrase naming a JSON Schema type for non-developers: "text", "a whole number", ...
QString typePhrase(const QString &typeName);
/// True for the seven type names JSON Schema defines.
bool isKnownTypeName(const QString &typeName);
/// The known type names a schema's "type" keyword lists (string or array form), in order.
QStringList schemaTypes(const QJsonObject &schema);
/// Annotations that never constrain a value; used to decide whether a $ref has real siblings.
bool isAnnotationKeyword(const QString &keyword);

/// Size of a schema as far as the cost of compiling it goes: each value counts 1, and each object or
/// list kContainerSize more (they are what indexing, references and compiling work on).
constexpr qint64 kContainerSize = 12;
/// Schemas larger than this are not compiled (SchemaValidator) or described (SchemaNode).
constexpr qint64 kMaxSchemaSize = 60'000;
/// Nor are schemas with objects or lists nested deeper than this.
constexpr int kMaxSchemaDepth = 128;
/// Nor are schemas whose JSON Pointers, one per value, add up to more characters than this: pointers
/// are kept while compiling, and long names nested deeply would need memory far beyond the schema's size.
constexpr qint64 kMaxPointerCharacters = 8'000'000;

/// Why a schema is too large or deep to work with ("it is too large to check"), or nullopt if it is
/// not. Looks at every value at most once, without recursion, and stops as soon as a limit is passed.
std::optional<QString> schemaSizeProblem(const QJsonObject &schema);

/// Calls fn(keyword, childPointerSuffixToken(s), childValue) for every subschema directly inside
/// schemaObject, using the union of draft-07 and 2020-12 keywords. Unknown keywords are skipped,
/// so data inside them (examples, vendor extensions) is never mistaken for a schema.
template<typename Fn>
void forEachSubschema(const QJsonObject &schemaObject, const QString &pointer, Fn fn);

/// One problem found while indexing references, with the pointer of the schema that has it.
struct RefProblem
{
    QString pointer;
    QString message;
};

/// A schema document whose references have been resolved up front.
/// Every resolvable reference ($ref, and $dynamicRef/$recursiveRef as approximations) is rewritten to a
/// document-absolute "#<json-pointer>" so consumers never need base URIs, $id or $anchor again.
/// Nothing is ever fetched: references to other documents are reported as problems and left as they were.
class SchemaDocument final
{
public:
    /// Indexes root ($id, $anchor, $ref targets) and rewrites its references.
    static SchemaDocument build(const QJsonObject &root);

    /// The rewritten document.
    const QJsonObject &root() const { return m_root; }
    /// References that could not be resolved locally, in document order.
    const QList<RefProblem> &problems() const { return m_problems; }
    /// JSON Pointers of every place in the document that holds a schema (reachable from the root or a $ref).
    const QSet<QString> &schemaPointers() const { return m_schemaPointers; }

    /// The target pointer of a rewritten "$ref" value, or nullopt if it is not a local pointer reference.
    static std::optional<QString> refPointer(const QString &ref);
    /// The schema a rewritten "$ref" value names, or nullopt if it names nothing in this document.
    std::optional<QJsonValue> resolve(const QString &ref) const;

    /// The schema with its own $ref followed (siblings overlaid, 2020-12 style) and its allOf parts
    /// merged in, one level deep: nested subschemas keep their $refs. Each followed reference's pointer
    /// is appended to trail; a reference already followed maxRepeats times on the trail is not followed
    /// again and the result gets "x-toolgate-recursive": true, so recursive definitions end.
    /// Unresolvable references set "x-toolgate-unresolved" to the reference text.
    /// When work is given, the keys looked at are added to it, so a caller can bound the total.
    QJsonObject flatten(const QJsonValue &schema, QStringList &trail, int maxRepeats = 8, qint64 *work = nullptr) const;

    /// Merges two flattened schemas as allOf would, roughly: primary's annotations win, constraints
    /// combine (properties united, required united, bounds tightened, types intersected).
    static QJsonObject merge(const QJsonObject &primary, const QJsonObject &secondary);

private:
    QJsonObject m_root;
    QList<RefProblem> m_problems;
    QSet<QString> m_schemaPointers;
};

// --- template implementation ---

template<typename Fn>
void forEachSubschema(const QJsonObject &schemaObject, const QString &pointer, Fn fn)
{
    static const QStringList singles = {
        QStringLiteral("additionalProperties"), QStringLiteral("additionalItems"),
        QStringLiteral("contains"), QStringLiteral("not"), QStringLiteral("if"), QStringLiteral("then"),
        QStringLiteral("else"), QStringLiteral("propertyNames"), QStringLiteral("unevaluatedProperties"),
        QStringLiteral("unevaluatedItems"), QStringLiteral("contentSchema")};
    static const QStringList lists = {
        QStringLiteral("allOf"), QStringLiteral("anyOf"), QStringLiteral("oneOf"), QStringLiteral("prefixItems")};
    static const QStringList maps = {
        QStringLiteral("properties"), QStringLiteral("patternProperties"), QStringLiteral("$defs"),
        QStringLiteral("definitions"), QStringLiteral("dependentSchemas"), QStringLiteral("dependencies")};

    for (auto it = schemaObject.begin(); it != schemaObject.end(); ++it) {
        const QString key = it.key();
        const QJsonValue value = it.value();
        const QString keyPointer = pointerAppend(pointer, key);
        const bool isSchemaValue = value.isObject() || value.isBool();
        if (key == u"items") {
            // draft-07 allows a list (tuple form); 2020-12 moved that to prefixItems.
            if (value.isArray()) {
                const QJsonArray list = value.toArray();
                for (qsizetype i = 0; i < list.size(); ++i)
                    if (list.at(i).isObject() || list.at(i).isBool())
                        fn(key, pointerAppend(keyPointer, i), list.at(i));
            } else if (isSchemaValue) {
                fn(key, keyPointer, value);
            }
        } else if (singles.contains(key)) {
            if (isSchemaValue)
                fn(key, keyPointer, value);
        } else if (lists.contains(key)) {
            const QJsonArray list = value.toArray();
            for (qsizetype i = 0; i < list.size(); ++i)
                if (list.at(i).isObject() || list.at(i).isBool())
                    fn(key, pointerAppend(keyPointer, i), list.at(i));
        } else if (maps.contains(key)) {
            const QJsonObject map = value.toObject();
            for (auto child = map.begin(); child != map.end(); ++child) {
                // "dependencies" mixes schemas with property-name lists; only the former are schemas.
                if (child.value().isObject() || child.value().isBool())
                    fn(key, pointerAppend(keyPointer, child.key()), child.value());
            }
        }
    }
}

} // namespace Toolgate::SchemaDetail
