#include "core/transport/requestheaders.h"

#include "core/common/error.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QSet>

#include <cmath>

namespace Toolgate::RequestHeaders {

namespace {

const QLatin1StringView annotationKey{"x-mcp-header"};
const QLatin1StringView sentinelStart{"=?base64?"};
const QLatin1StringView sentinelEnd{"?="};
constexpr double maxSafeInteger = 9007199254740991.0; // 2^53 - 1

/// RFC 9110 tchar.
bool isToken(const QString &name)
{
    static const QByteArray extra = QByteArrayLiteral("!#$%&'*+-.^_`|~");
    if (name.isEmpty())
        return false;
    for (const QChar c : name) {
        const char16_t u = c.unicode();
        const bool ok = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9')
            || (u < 128 && extra.contains(char(u)));
        if (!ok)
            return false;
    }
    return true;
}

Error invalid(const QString &why)
{
    return makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::RequestHeaders", "its x-mcp-header annotations are invalid: %1").arg(why));
}

struct Scan
{
    ToolArgumentHeaders found;
    QSet<QString> namesLower;
    std::optional<Error> problem;

    /// schema is reached from the root through "properties" alone when path is set (the root: empty path).
    void walk(const QJsonValue &value, const std::optional<QStringList> &path, int depth)
    {
        if (problem || depth > 64)
            return;
        if (value.isArray()) {
            for (const QJsonValue &element : value.toArray())
                walk(element, std::nullopt, depth + 1);
            return;
        }
        if (!value.isObject())
            return;
        const QJsonObject object = value.toObject();
        if (object.contains(annotationKey))
            annotation(object, path);
        for (auto it = object.begin(); it != object.end() && !problem; ++it) {
            if (it.key() == QLatin1String("properties") && path && it.value().isObject()) {
                const QJsonObject properties = it.value().toObject();
                for (auto property = properties.begin(); property != properties.end() && !problem; ++property)
                    walk(property.value(), *path + QStringList{property.key()}, depth + 1);
            } else {
                walk(it.value(), std::nullopt, depth + 1);
            }
        }
    }

    void annotation(const QJsonObject &schema, const std::optional<QStringList> &path)
    {
        const QJsonValue name = schema.value(annotationKey);
        if (!path || path->isEmpty()) {
            problem = invalid(QStringLiteral("one is not on a property reached through \"properties\" alone"));
            return;
        }
        const QString where = path->join(u'.');
        if (!name.isString() || !isToken(name.toString())) {
            problem = invalid(QStringLiteral("the one on \"%1\" is not a valid header name").arg(where));
            return;
        }
        const QString type = schema.value(QLatin1String("type")).toString();
        if (type != QLatin1String("string") && type != QLatin1String("integer") && type != QLatin1String("boolean")) {
            problem = invalid(QStringLiteral("\"%1\" is not a string, integer or boolean").arg(where));
            return;
        }
        if (namesLower.contains(name.toString().toLower())) {
            problem = invalid(QStringLiteral("the name \"%1\" is used twice").arg(name.toString()));
            return;
        }
        namesLower.insert(name.toString().toLower());
        found.append({*path, name.toString()});
    }
};

QJsonValue valueAt(const QJsonObject &arguments, const QStringList &path)
{
    QJsonValue value = arguments;
    for (const QString &key : path) {
        if (!value.isObject())
            return QJsonValue::Undefined;
        value = value.toObject().value(key);
    }
    return value;
}

} // namespace

Result<ToolArgumentHeaders> toolArgumentHeaders(const QJsonObject &inputSchema)
{
    Scan scan;
    scan.walk(inputSchema, QStringList(), 0);
    if (scan.problem)
        return *scan.problem;
    return scan.found;
}

std::optional<QByteArray> argumentValue(const QJsonValue &value)
{
    if (value.isString())
        return encode(value.toString());
    if (value.isBool())
        return value.toBool() ? QByteArrayLiteral("true") : QByteArrayLiteral("false");
    if (value.isDouble()) {
        const double number = value.toDouble();
        if (std::isfinite(number) && std::trunc(number) == number && std::abs(number) <= maxSafeInteger)
            return QByteArray::number(qint64(number));
    }
    return std::nullopt;
}

QByteArray encode(const QString &text)
{
    bool plain = !text.startsWith(u' ') && !text.startsWith(u'\t') && !text.endsWith(u' ') && !text.endsWith(u'\t')
        && !(text.startsWith(sentinelStart) && text.endsWith(sentinelEnd));
    for (const QChar c : text) {
        if (!plain)
            break;
        plain = (c.unicode() >= 0x20 && c.unicode() <= 0x7e) || c == u'\t';
    }
    if (plain)
        return text.toLatin1();
    return QByteArray(sentinelStart.data(), sentinelStart.size()) + text.toUtf8().toBase64()
        + QByteArray(sentinelEnd.data(), sentinelEnd.size());
}

QList<std::pair<QByteArray, QByteArray>> forRequest(const QString &method, const QJsonObject &params,
                                                    const QHash<QString, ToolArgumentHeaders> &toolHeaders)
{
    QList<std::pair<QByteArray, QByteArray>> headers{{QByteArrayLiteral("Mcp-Method"), encode(method)}};
    QString name;
    if (method == QLatin1String("tools/call") || method == QLatin1String("prompts/get"))
        name = params.value(QLatin1String("name")).toString();
    else if (method == QLatin1String("resources/read"))
        name = params.value(QLatin1String("uri")).toString();
    else if (method == QLatin1String("tasks/get") || method == QLatin1String("tasks/update") || method == QLatin1String("tasks/cancel"))
        name = params.value(QLatin1String("taskId")).toString(); // SEP-2663: routes a task's requests to its instance
    else
        return headers;
    headers.append({QByteArrayLiteral("Mcp-Name"), encode(name)});
    if (method != QLatin1String("tools/call"))
        return headers;
    const QJsonObject arguments = params.value(QLatin1String("arguments")).toObject();
    for (const ToolArgumentHeader &header : toolHeaders.value(name)) {
        if (const auto value = argumentValue(valueAt(arguments, header.path)))
            headers.append({QByteArrayLiteral("Mcp-Param-") + header.name.toLatin1(), *value});
    }
    return headers;
}

} // namespace Toolgate::RequestHeaders
