#include "core/common/jsonpointer.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringBuilder>

namespace Toolgate::JsonPointer {

namespace {

/// The array index a token stands for, if it is one: digits only, no leading zero but "0" itself.
std::optional<qsizetype> arrayIndex(const QString &token)
{
    if (token.isEmpty() || token.size() > 18 || (token.size() > 1 && token.startsWith(u'0')))
        return std::nullopt;
    qsizetype index = 0;
    for (const QChar c : token) {
        if (c < u'0' || c > u'9')
            return std::nullopt;
        index = index * 10 + (c.unicode() - u'0');
    }
    return index;
}

} // namespace

QString escapePointerToken(const QString &token)
{
    if (!token.contains(u'~') && !token.contains(u'/'))
        return token;
    QString escaped = token;
    // Order matters: "~" first, or the "~" introduced for "/" would be escaped again.
    escaped.replace(u'~', QStringLiteral("~0"));
    escaped.replace(u'/', QStringLiteral("~1"));
    return escaped;
}

QString pointerAppend(const QString &pointer, const QString &token)
{
    return pointer % u'/' % escapePointerToken(token);
}

QString pointerAppend(const QString &pointer, qsizetype index)
{
    return pointer % u'/' % QString::number(index);
}

std::optional<QStringList> pointerTokens(const QString &pointer)
{
    if (pointer.isEmpty())
        return QStringList();
    if (!pointer.startsWith(u'/'))
        return std::nullopt;
    QStringList tokens = pointer.mid(1).split(u'/');
    for (QString &token : tokens) {
        token.replace(QStringLiteral("~1"), QStringLiteral("/"));
        token.replace(QStringLiteral("~0"), QStringLiteral("~"));
    }
    return tokens;
}

std::optional<QJsonValue> valueAt(const QJsonValue &root, const QString &pointer)
{
    const std::optional<QStringList> tokens = pointerTokens(pointer);
    if (!tokens)
        return std::nullopt;
    QJsonValue current = root;
    for (const QString &token : *tokens) {
        if (current.isObject()) {
            const QJsonObject object = current.toObject();
            const auto it = object.constFind(token);
            if (it == object.constEnd())
                return std::nullopt;
            current = it.value();
        } else if (current.isArray()) {
            const QJsonArray array = current.toArray();
            const std::optional<qsizetype> index = arrayIndex(token);
            if (!index || *index >= array.size())
                return std::nullopt;
            current = array.at(*index);
        } else {
            return std::nullopt;
        }
    }
    return current;
}

} // namespace Toolgate::JsonPointer
