#include "core/schema/schemadocument_p.h"

#include "core/common/logging.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QUrl>

#include <cmath>
#include <vector>

namespace Toolgate::SchemaDetail {

bool jsonEquals(const QJsonValue &a, const QJsonValue &b)
{
    return jsonEqualsVisiting(a, b, [](const QJsonValue &, const QJsonValue &, int) { return true; });
}

bool jsonContains(const QJsonArray &list, const QJsonValue &value)
{
    for (const QJsonValue &candidate : list)
        if (jsonEquals(candidate, value))
            return true;
    return false;
}

QString jsonText(const QJsonValue &value)
{
    if (value.isDouble())
        return formatNumber(value.toDouble());
    if (value.isUndefined())
        return QStringLiteral("null");
    // QJsonDocument only serialises containers, so wrap the value and strip the brackets again.
    const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}

QString displayValue(const QJsonValue &value)
{
    return value.isString() ? value.toString() : jsonText(value);
}

std::optional<QJsonValue> parseJsonValue(const QString &text, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(
        QByteArray("[") + text.toUtf8() + QByteArray("]"), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        if (error) {
            // The offset counts the "[" we added; report it relative to the caller's text.
            *error = QCoreApplication::translate("Toolgate::SchemaDocument", "%1 at character %2")
                         .arg(parseError.errorString())
                         .arg(qMax(0, parseError.offset - 1) + 1);
        }
        return std::nullopt;
    }
    const QJsonArray array = document.array();
    if (array.size() != 1) {
        if (error)
            *error = array.isEmpty() ? QCoreApplication::translate("Toolgate::SchemaDocument", "no value given")
                                     : QCoreApplication::translate("Toolgate::SchemaDocument", "more than one value given");
        return std::nullopt;
    }
    return array.first();
}

QString formatNumber(double value)
{
    if (std::isfinite(value) && value == std::trunc(value) && std::fabs(value) < 1e15)
        return QString::number(qint64(value));
    return QString::number(value, 'g', 15);
}

QString joinAlternatives(const QStringList &parts, const QString &conjunction)
{
    if (parts.isEmpty())
        return QString();
    if (parts.size() == 1)
        return parts.first();
    const QString word = conjunction.isEmpty() ? QCoreApplication::translate("Toolgate::SchemaDocument", "or") : conjunction;
    return parts.mid(0, parts.size() - 1).join(QStringLiteral(", ")) % u' ' % word % u' ' % parts.last();
}

QString typePhrase(const QString &typeName)
{
    if (typeName == u"string")
        return QCoreApplication::translate("Toolgate::SchemaDocument", "text");
    if (typeName == u"integer")
        return QCoreApplication::translate("Toolgate::SchemaDocument", "a whole number");
    if (typeName == u"number")
        return QCoreApplication::translate("Toolgate::SchemaDocument", "a number");
    if (typeName == u"boolean")
        return QCoreApplication::translate("Toolgate::SchemaDocument", "true or false");
    if (typeName == u"null")
        return QStringLiteral("null");
    if (typeName == u"array")
        return QCoreApplication::translate("Toolgate::SchemaDocument", "a list");
    if (typeName == u"object")
        return QCoreApplication::translate("Toolgate::SchemaDocument", "an object");
    return typeName;
}

bool isKnownTypeName(const QString &typeName)
{
    static const QStringList names = {
        QStringLiteral("string"), QStringLiteral("integer"), QStringLiteral("number"),
        QStringLiteral("boolean"), QStringLiteral("null"), QStringLiteral("array"), QStringLiteral("object")};
    return names.contains(typeName);
}

QStringList schemaTypes(const QJsonObject &schema)
{
    const QJsonValue type = schema.value(QLatin1String("type"));
    if (type.isString()) {
        const QString name = type.toString();
        return isKnownTypeName(name) ? QStringList{name} : QStringList();
    }
    QStringList types;
    const QJsonArray list = type.toArray();
    for (const QJsonValue &entry : list) {
        const QString name = entry.toString();
        if (isKnownTypeName(name) && !types.contains(name))
            types.append(name);
    }
    return types;
}

bool isAnnotationKeyword(const QString &keyword)
{
    static const QSet<QString> annotations = {
        QStringLiteral("title"), QStringLiteral("description"), QStringLiteral("default"),
        QStringLiteral("examples"), QStringLiteral("$comment"), QStringLiteral("deprecated"),
        QStringLiteral("readOnly"), QStringLiteral("writeOnly"), QStringLiteral("$schema"),
        QStringLiteral("$id"), QStringLiteral("id"), QStringLiteral("$anchor"),
        QStringLiteral("$dynamicAnchor"), QStringLiteral("$defs"), QStringLiteral("definitions"),
        QStringLiteral("$vocabulary"), QStringLiteral("contentMediaType"), QStringLiteral("contentEncoding")};
    return annotations.contains(keyword) || keyword.startsWith(QLatin1String("x-"));
}

std::optional<QString> schemaSizeProblem(const QJsonObject &schema)
{
    // Depth first with a stack of open containers, each with the position of its next member: a list
    // of a million values costs nothing before the limit is reached.
    struct Open
    {
        QJsonObject object;
        QJsonArray array;
        bool isObject;
        qsizetype next;
        qsizetype pointerLength;
    };
    std::vector<Open> stack;
    qint64 size = 0;
    qint64 pointerCharacters = 0;
    auto enter = [&](const QJsonValue &value, qsizetype pointerLength) -> std::optional<QString> {
        const bool container = value.isObject() || value.isArray();
        size += container ? 1 + kContainerSize : 1;
        if (size > kMaxSchemaSize)
            return QCoreApplication::translate("Toolgate::SchemaDocument", "it is too large to check");
        pointerCharacters += pointerLength;
        if (pointerCharacters > kMaxPointerCharacters)
            return QCoreApplication::translate("Toolgate::SchemaDocument", "its names are too long for its size");
        if (!container)
            return std::nullopt;
        if (qsizetype(stack.size()) + 1 >= kMaxSchemaDepth)
            return QCoreApplication::translate("Toolgate::SchemaDocument", "it is nested more than %1 levels deep").arg(kMaxSchemaDepth);
        if (value.isObject())
            stack.push_back({value.toObject(), {}, true, 0, pointerLength});
        else
            stack.push_back({{}, value.toArray(), false, 0, pointerLength});
        return std::nullopt;
    };
    if (std::optional<QString> problem = enter(schema, 0))
        return problem;
    while (!stack.empty()) {
        Open &top = stack.back();
        const qsizetype count = top.isObject ? top.object.size() : top.array.size();
        if (top.next == count) {
            stack.pop_back();
            continue;
        }
        const qsizetype index = top.next++;
        QJsonValue child;
        qsizetype pointerLength = top.pointerLength + 1;
        if (top.isObject) {
            const auto it = top.object.begin() + index;
            child = it.value();
            pointerLength += it.key().size();
        } else {
            child = top.array.at(index);
            pointerLength += index < 10 ? 1 : index < 100 ? 2 : 6;
        }
        // enter() may grow the stack: top is not used after this.
        if (std::optional<QString> problem = enter(child, pointerLength))
            return problem;
    }
    return std::nullopt;
}

namespace {

const QStringList &refKeywords()
{
    // $dynamicRef and $recursiveRef are treated as plain references: without dynamic scopes they resolve
    // the same way for the self-recursive schemas they are used for in practice.
    static const QStringList keywords = {
        QStringLiteral("$ref"), QStringLiteral("$dynamicRef"), QStringLiteral("$recursiveRef")};
    return keywords;
}

QString describePointer(const QString &pointer)
{
    return pointer.isEmpty() ? QCoreApplication::translate("Toolgate::SchemaDocument", "the root") : pointer;
}

// Resource URIs are compared as strings, so always produce them the same way.
QString resourceKey(const QUrl &url)
{
    return url.toString(QUrl::RemoveFragment);
}

// Encodes a JSON Pointer for a "#..." reference: a literal '%' must not be read as an escape later.
QString refForPointer(const QString &pointer)
{
    QString encoded = pointer;
    encoded.replace(u'%', QStringLiteral("%25"));
    return u'#' % encoded;
}

class Indexer final
{
public:
    explicit Indexer(const QJsonObject &root) : m_root(root) {}

    void run()
    {
        m_resources.insert(QString(), QString());
        walk(m_root, QString(), QString());
        // Resolving may discover schemas in places no keyword leads to (e.g. "#/components/x"),
        // which can hold references of their own, so the list grows while we go through it.
        for (qsizetype i = 0; i < m_refs.size(); ++i)
            resolve(i);
        findInPlaceCycle();
    }

    // The document with its references rewritten and the keywords only the index needs dropped, or
    // nullopt where nothing changes: unchanged parts are shared with the original, not copied.
    std::optional<QJsonValue> rewrite(const QJsonValue &value, const QString &pointer) const
    {
        if (value.isArray()) {
            const QJsonArray in = value.toArray();
            std::optional<QJsonArray> out;
            for (qsizetype i = 0; i < in.size(); ++i) {
                const QJsonValue child = in.at(i);
                if (!child.isObject() && !child.isArray())
                    continue;
                if (std::optional<QJsonValue> changed = rewrite(child, pointerAppend(pointer, i))) {
                    if (!out)
                        out = in;
                    out->replace(i, *changed);
                }
            }
            return out ? std::optional<QJsonValue>(*out) : std::nullopt;
        }
        if (!value.isObject())
            return std::nullopt;
        const QJsonObject in = value.toObject();
        const bool isSchema = m_visited.contains(pointer);
        std::optional<QJsonObject> out;
        auto changed = [&]() -> QJsonObject & {
            if (!out)
                out = in;
            return *out;
        };
        for (auto it = in.begin(); it != in.end(); ++it) {
            const QString key = it.key();
            if (isSchema) {
                // References are written below, once per schema; the rest is consumed by the index (a
                // validator would otherwise treat "id" as a new base URI).
                if ((refKeywords().contains(key) && it.value().isString()) || key == u"$id" || key == u"$anchor"
                    || key == u"$dynamicAnchor" || (key == u"id" && it.value().isString())) {
                    changed().remove(key);
                    continue;
                }
            }
            const QJsonValue child = it.value();
            if (!child.isObject() && !child.isArray())
                continue;
            if (std::optional<QJsonValue> rewritten = rewrite(child, pointerAppend(pointer, key)))
                changed().insert(key, *rewritten);
        }
        if (isSchema) {
            for (const QString &keyword : refKeywords()) {
                if (!in.value(keyword).isString())
                    continue;
                const auto target = m_resolved.constFind(pointer);
                changed().insert(QStringLiteral("$ref"), target != m_resolved.constEnd()
                                                             ? QJsonValue(refForPointer(target.value()))
                                                             : in.value(keyword));
                break;
            }
        }
        return out ? std::optional<QJsonValue>(*out) : std::nullopt;
    }

    QSet<QString> visited() const { return m_visited; }
    QList<RefProblem> problems() const { return m_problems; }

private:
    struct PendingRef
    {
        QString pointer;
        QString ref;
        QString base;
    };

    void walk(const QJsonValue &value, const QString &pointer, QString base)
    {
        if (m_visited.contains(pointer))
            return;
        m_visited.insert(pointer);
        if (!value.isObject())
            return;
        const QJsonObject object = value.toObject();

        QString id = object.value(QLatin1String("$id")).toString();
        if (id.isEmpty())
            id = object.value(QLatin1String("id")).toString(); // draft-04 spelling
        if (id.startsWith(u'#')) {
            // draft-06/07 plain-name fragment: an anchor, not a new resource.
            m_anchors.insert(base % u'#' % id.mid(1), pointer);
        } else if (!id.isEmpty()) {
            const QUrl resolved = QUrl(base).resolved(QUrl(id));
            base = resourceKey(resolved);
            if (!m_resources.contains(base))
                m_resources.insert(base, pointer);
            if (resolved.hasFragment() && !resolved.fragment().isEmpty())
                m_anchors.insert(base % u'#' % resolved.fragment(QUrl::FullyDecoded), pointer);
        }
        for (const QLatin1String keyword : {QLatin1String("$anchor"), QLatin1String("$dynamicAnchor")}) {
            const QString name = object.value(keyword).toString();
            if (!name.isEmpty())
                m_anchors.insert(base % u'#' % name, pointer);
        }
        for (const QString &keyword : refKeywords()) {
            const QJsonValue ref = object.value(keyword);
            if (ref.isString()) {
                m_refs.append({pointer, ref.toString(), base});
                break; // one reference per schema; $ref wins over the dynamic variants
            }
        }
        forEachSubschema(object, pointer, [&](const QString &keyword, const QString &childPointer, const QJsonValue &child) {
            if (inPlaceKeywords().contains(keyword))
                m_inPlace[pointer].append(childPointer);
            walk(child, childPointer, base);
        });
    }

    // Keywords whose subschemas apply to the same value rather than to a property or item of it.
    static const QSet<QString> &inPlaceKeywords()
    {
        static const QSet<QString> keywords = {
            QStringLiteral("allOf"), QStringLiteral("anyOf"), QStringLiteral("oneOf"), QStringLiteral("not"),
            QStringLiteral("if"), QStringLiteral("then"), QStringLiteral("else"),
            QStringLiteral("dependentSchemas"), QStringLiteral("dependencies")};
        return keywords;
    }

    // A schema that reaches itself through references and in-place keywords only (a -> b -> a, or
    // {"anyOf": [{"$ref": "#"}]}) sends any validator into endless recursion without ever looking
    // deeper into the value. Report it instead.
    void findInPlaceCycle()
    {
        QHash<QString, int> state; // 1: on the current path, 2: done
        // Depth first with a stack of our own: a chain of references can be as long as the schema.
        struct Frame
        {
            QString pointer;
            QStringList next;
            qsizetype done = 0;
        };
        auto visit = [&](const QString &start) -> std::optional<QString> {
            std::vector<Frame> stack;
            auto enter = [&](const QString &pointer) {
                state.insert(pointer, 1);
                QStringList next = m_inPlace.value(pointer);
                if (const auto target = m_resolved.constFind(pointer); target != m_resolved.constEnd())
                    next.append(target.value());
                stack.push_back({pointer, next});
            };
            enter(start);
            while (!stack.empty()) {
                Frame &top = stack.back();
                if (top.done == top.next.size()) {
                    state.insert(top.pointer, 2);
                    stack.pop_back();
                    continue;
                }
                const QString child = top.next.at(top.done++);
                const int seen = state.value(child);
                if (seen == 1)
                    return child;
                if (seen == 0)
                    enter(child); // may reallocate the stack: top is not used after this
            }
            return std::nullopt;
        };
        QStringList pointers(m_visited.begin(), m_visited.end());
        pointers.sort(); // deterministic messages
        for (const QString &pointer : std::as_const(pointers)) {
            if (state.value(pointer) != 0)
                continue;
            if (std::optional<QString> cycle = visit(pointer)) {
                m_problems.append({*cycle, QCoreApplication::translate("Toolgate::SchemaDocument", "the schema at %1 refers back to itself through $ref "
                                                          "without going into a property or item, so checking a "
                                                          "value against it would never end")
                                               .arg(describePointer(*cycle))});
                return;
            }
        }
    }

    void resolve(qsizetype index)
    {
        const PendingRef ref = m_refs.at(index);
        const qsizetype hash = ref.ref.indexOf(u'#');
        const QString documentPart = hash < 0 ? ref.ref : ref.ref.left(hash);
        const QString fragment = hash < 0
            ? QString()
            : QUrl::fromPercentEncoding(ref.ref.mid(hash + 1).toUtf8());

        const QString resource = documentPart.isEmpty()
            ? ref.base
            : resourceKey(QUrl(ref.base).resolved(QUrl(documentPart)));
        const auto resourcePointer = m_resources.constFind(resource);
        if (resourcePointer == m_resources.constEnd()) {
            addProblem(ref, QCoreApplication::translate("Toolgate::SchemaDocument", "$ref \"%1\" at %2 refers to another document (%3). "
                                           "Toolgate never downloads schemas; only references inside "
                                           "the schema itself, such as \"#/$defs/name\", are supported")
                                .arg(ref.ref, describePointer(ref.pointer), resource));
            return;
        }

        QString target;
        if (fragment.isEmpty()) {
            target = resourcePointer.value();
        } else if (fragment.startsWith(u'/')) {
            target = resourcePointer.value() + fragment;
        } else {
            const auto anchor = m_anchors.constFind(resource % u'#' % fragment);
            if (anchor == m_anchors.constEnd()) {
                addProblem(ref, QCoreApplication::translate("Toolgate::SchemaDocument", "$ref \"%1\" at %2 names the anchor \"%3\", which the schema "
                                               "does not define")
                                    .arg(ref.ref, describePointer(ref.pointer), fragment));
                return;
            }
            target = anchor.value();
        }

        const std::optional<QJsonValue> targetValue = valueAt(m_root, target);
        if (!targetValue) {
            addProblem(ref, QCoreApplication::translate("Toolgate::SchemaDocument", "$ref \"%1\" at %2 points to nothing in the schema")
                                .arg(ref.ref, describePointer(ref.pointer)));
            return;
        }
        m_resolved.insert(ref.pointer, target);
        walk(*targetValue, target, resource);
    }

    void addProblem(const PendingRef &ref, const QString &message)
    {
        qCDebug(lcSchema) << "unresolved reference:" << message;
        m_problems.append({ref.pointer, message});
    }

    QJsonObject m_root;
    QHash<QString, QString> m_resources; // resource URI (no fragment) -> pointer
    QHash<QString, QString> m_anchors;   // resource URI + "#" + name -> pointer
    QHash<QString, QString> m_resolved;  // pointer of a schema with a reference -> target pointer
    QHash<QString, QStringList> m_inPlace; // pointer -> subschemas applied to the same value
    QList<PendingRef> m_refs;
    QSet<QString> m_visited;
    QList<RefProblem> m_problems;
};

QJsonArray toArray(const QJsonValue &value)
{
    return value.isArray() ? value.toArray() : QJsonArray{value};
}

} // namespace

SchemaDocument SchemaDocument::build(const QJsonObject &root)
{
    Indexer indexer(root);
    indexer.run();
    SchemaDocument document;
    document.m_root = indexer.rewrite(root, QString()).value_or(root).toObject();
    document.m_problems = indexer.problems();
    document.m_schemaPointers = indexer.visited();
    return document;
}

std::optional<QString> SchemaDocument::refPointer(const QString &ref)
{
    if (ref == u"#")
        return QString();
    if (!ref.startsWith(QLatin1String("#/")))
        return std::nullopt;
    return QUrl::fromPercentEncoding(ref.mid(1).toUtf8());
}

std::optional<QJsonValue> SchemaDocument::resolve(const QString &ref) const
{
    const std::optional<QString> pointer = refPointer(ref);
    if (!pointer)
        return std::nullopt;
    return valueAt(m_root, *pointer);
}

QJsonObject SchemaDocument::flatten(const QJsonValue &schema, QStringList &trail, int maxRepeats, qint64 *work) const
{
    if (schema.isBool())
        return schema.toBool() ? QJsonObject() : QJsonObject{{QStringLiteral("not"), QJsonObject()}};
    if (!schema.isObject())
        return QJsonObject();
    const QJsonObject object = schema.toObject();
    QJsonObject result = object;
    result.remove(QLatin1String("$ref"));
    result.remove(QLatin1String("allOf"));
    // Each merge copies the keys gathered so far.
    auto merged = [&](const QJsonObject &primary, const QJsonObject &secondary) {
        if (work)
            *work += 1 + primary.size() + secondary.size();
        return merge(primary, secondary);
    };

    const QJsonValue ref = object.value(QLatin1String("$ref"));
    if (ref.isString()) {
        const std::optional<QString> pointer = refPointer(ref.toString());
        const std::optional<QJsonValue> target = pointer ? valueAt(m_root, *pointer) : std::nullopt;
        if (!target) {
            result.insert(QStringLiteral("x-toolgate-unresolved"), ref);
        } else if (trail.count(*pointer) >= maxRepeats) {
            result.insert(QStringLiteral("x-toolgate-recursive"), true);
        } else {
            trail.append(*pointer);
            result = merged(result, flatten(*target, trail, maxRepeats, work));
            if (!result.contains(QLatin1String("x-toolgate-ref")))
                result.insert(QStringLiteral("x-toolgate-ref"), *pointer);
        }
    }
    const QJsonArray parts = object.value(QLatin1String("allOf")).toArray();
    for (const QJsonValue &part : parts)
        result = merged(result, flatten(part, trail, maxRepeats, work));
    return result;
}

QJsonObject SchemaDocument::merge(const QJsonObject &primary, const QJsonObject &secondary)
{
    static const QStringList lowerBounds = {
        QStringLiteral("minimum"), QStringLiteral("exclusiveMinimum"), QStringLiteral("minLength"),
        QStringLiteral("minItems"), QStringLiteral("minProperties")};
    static const QStringList upperBounds = {
        QStringLiteral("maximum"), QStringLiteral("exclusiveMaximum"), QStringLiteral("maxLength"),
        QStringLiteral("maxItems"), QStringLiteral("maxProperties")};
    static const QStringList flags = {
        QStringLiteral("readOnly"), QStringLiteral("writeOnly"), QStringLiteral("deprecated"),
        QStringLiteral("uniqueItems")};

    QJsonObject result = primary;
    for (auto it = secondary.begin(); it != secondary.end(); ++it) {
        const QString key = it.key();
        const QJsonValue theirs = it.value();
        if (!result.contains(key)) {
            result.insert(key, theirs);
            continue;
        }
        const QJsonValue ours = result.value(key);
        if (key == u"properties") {
            QJsonObject properties = ours.toObject();
            const QJsonObject other = theirs.toObject();
            for (auto property = other.begin(); property != other.end(); ++property) {
                const auto existing = properties.constFind(property.key());
                if (existing == properties.constEnd())
                    properties.insert(property.key(), property.value());
                else if (!jsonEquals(existing.value(), property.value()))
                    // Both constraints apply; flattening the property later merges them.
                    properties.insert(property.key(),
                                      QJsonObject{{QStringLiteral("allOf"),
                                                   QJsonArray{existing.value(), property.value()}}});
            }
            result.insert(key, properties);
        } else if (key == u"required") {
            QJsonArray required = ours.toArray();
            for (const QJsonValue &name : theirs.toArray())
                if (!required.contains(name))
                    required.append(name);
            result.insert(key, required);
        } else if (key == u"type") {
            const QJsonArray left = toArray(ours);
            const QJsonArray right = toArray(theirs);
            QJsonArray both;
            for (const QJsonValue &type : left) {
                const QString name = type.toString();
                QString kept;
                if (right.contains(type))
                    kept = name;
                else if (name == u"number" && right.contains(QJsonValue(QStringLiteral("integer"))))
                    kept = QStringLiteral("integer");
                else if (name == u"integer" && right.contains(QJsonValue(QStringLiteral("number"))))
                    kept = name;
                if (!kept.isEmpty() && !both.contains(QJsonValue(kept)))
                    both.append(kept);
            }
            // Contradicting types make the schema unsatisfiable; keep ours rather than describe nothing.
            if (!both.isEmpty())
                result.insert(key, both.size() == 1 ? both.first() : QJsonValue(both));
        } else if (lowerBounds.contains(key) && ours.isDouble() && theirs.isDouble()) {
            result.insert(key, qMax(ours.toDouble(), theirs.toDouble()));
        } else if (upperBounds.contains(key) && ours.isDouble() && theirs.isDouble()) {
            result.insert(key, qMin(ours.toDouble(), theirs.toDouble()));
        } else if (key == u"enum") {
            QJsonArray common;
            const QJsonArray other = theirs.toArray();
            for (const QJsonValue &value : ours.toArray())
                if (jsonContains(other, value))
                    common.append(value);
            if (!common.isEmpty())
                result.insert(key, common);
        } else if (key == u"additionalProperties") {
            if (theirs == QJsonValue(false))
                result.insert(key, false);
        } else if (flags.contains(key)) {
            result.insert(key, ours.toBool() || theirs.toBool());
        }
        // Everything else (annotations, format, pattern, items, ...): the primary schema wins.
    }
    return result;
}

} // namespace Toolgate::SchemaDetail
