#include "core/compare/resultdiff.h"

#include "core/calls/toolpin.h"
#include "core/common/jsonpointer.h"
#include "core/jsonrpc/jsonwriter.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace Toolgate {

namespace {

// Deeper than this the two sides are compared as a whole: nothing a person reads nests further,
// and the walk stays far from the stack's end.
constexpr int maxDepth = 64;

struct Walker
{
    int maxChanges;
    bool truncated = false;
    QList<JsonPathChange> changes;

    bool add(JsonPathChange::Type type, const QString &pointer, const QJsonValue &before, const QJsonValue &after)
    {
        if (changes.size() >= maxChanges) {
            truncated = true;
            return false;
        }
        changes.append(JsonPathChange{type, pointer, before, after});
        return true;
    }

    void walk(const QJsonValue &a, const QJsonValue &b, const QString &pointer, int depth)
    {
        if (truncated || a == b)
            return;
        if (depth < maxDepth && a.isObject() && b.isObject()) {
            const QJsonObject x = a.toObject(), y = b.toObject();
            QStringList keys = x.keys();
            for (const QString &key : y.keys()) {
                if (!x.contains(key))
                    keys.append(key);
            }
            std::sort(keys.begin(), keys.end());
            for (const QString &key : std::as_const(keys)) {
                const QString path = JsonPointer::pointerAppend(pointer, key);
                if (!x.contains(key))
                    add(JsonPathChange::Type::Added, path, QJsonValue(QJsonValue::Undefined), y.value(key));
                else if (!y.contains(key))
                    add(JsonPathChange::Type::Removed, path, x.value(key), QJsonValue(QJsonValue::Undefined));
                else
                    walk(x.value(key), y.value(key), path, depth + 1);
                if (truncated)
                    return;
            }
            return;
        }
        if (depth < maxDepth && a.isArray() && b.isArray()) {
            const QJsonArray x = a.toArray(), y = b.toArray();
            for (qsizetype i = 0; i < std::max(x.size(), y.size()); ++i) {
                const QString path = pointer + u'/' + QString::number(i);
                if (i >= x.size())
                    add(JsonPathChange::Type::Added, path, QJsonValue(QJsonValue::Undefined), y.at(i));
                else if (i >= y.size())
                    add(JsonPathChange::Type::Removed, path, x.at(i), QJsonValue(QJsonValue::Undefined));
                else
                    walk(x.at(i), y.at(i), path, depth + 1);
                if (truncated)
                    return;
            }
            return;
        }
        add(JsonPathChange::Type::Changed, pointer, a, b);
    }
};

QJsonArray nonTextContent(const CallToolResult &result)
{
    QJsonArray blocks;
    for (const Content &content : result.content) {
        const QJsonObject json = content.toJson();
        if (json.value(u"type").toString() != QLatin1String("text"))
            blocks.append(json);
    }
    return blocks;
}

} // namespace

bool ResultDiff::isEmpty() const
{
    return !isErrorChanged && !textChanged && !otherContentChanged && structuredChanges.isEmpty();
}

ResultDiff ResultDiff::between(const CallToolResult &before, const CallToolResult &after, const Limits &limits)
{
    ResultDiff diff;
    diff.isErrorChanged = before.isError != after.isError;
    const QString a = before.textSummary(), b = after.textSummary();
    if (a != b) {
        diff.textChanged = true;
        // The same line diff the approval of a changed tool shows.
        DefinitionChange texts;
        texts.before = QJsonObject{{QStringLiteral("text"), a}};
        texts.after = QJsonObject{{QStringLiteral("text"), b}};
        diff.textDiff = texts.lineDiff(QStringLiteral("text"), limits.maxTextLines);
    }
    diff.otherContentChanged = nonTextContent(before) != nonTextContent(after);
    const QJsonValue x = before.structuredContent ? QJsonValue(*before.structuredContent) : QJsonValue(QJsonValue::Undefined);
    const QJsonValue y = after.structuredContent ? QJsonValue(*after.structuredContent) : QJsonValue(QJsonValue::Undefined);
    if (x.isUndefined() && !y.isUndefined())
        diff.structuredChanges.append(JsonPathChange{JsonPathChange::Type::Added, QString(), x, y});
    else if (!x.isUndefined() && y.isUndefined())
        diff.structuredChanges.append(JsonPathChange{JsonPathChange::Type::Removed, QString(), x, y});
    else
        diff.structuredChanges = jsonDiff(x, y, limits.maxPathChanges, &diff.structuredTruncated);
    return diff;
}

QList<JsonPathChange> ResultDiff::jsonDiff(const QJsonValue &before, const QJsonValue &after, int maxChanges, bool *truncated)
{
    Walker walker{std::max(0, maxChanges)};
    walker.walk(before, after, QString(), 0);
    if (truncated)
        *truncated = walker.truncated;
    return walker.changes;
}

QString ResultDiff::preview(const QJsonValue &value, int maxChars)
{
    if (value.isUndefined())
        return QString();
    QByteArray compact;
    JsonWriter::appendValue(compact, value);
    const QString text = QString::fromUtf8(compact);
    if (text.size() <= maxChars)
        return text;
    return text.left(std::max(0, maxChars)) + QCoreApplication::translate("Toolgate::ResultDiff", "… (%1 characters in all)").arg(text.size());
}

} // namespace Toolgate
