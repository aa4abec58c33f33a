#include "core/calls/argumentorigin.h"

#include <QJsonObject>

namespace Toolgate {

namespace {

QString kindName(ArgumentOrigin::SourceKind kind)
{
    return kind == ArgumentOrigin::SourceKind::Resource ? QStringLiteral("resource") : QStringLiteral("tool_result");
}

} // namespace

QJsonArray ArgumentOrigin::toJson(const QList<ArgumentOrigin> &origins)
{
    QJsonArray json;
    for (const ArgumentOrigin &origin : origins) {
        json.append(QJsonObject{{QStringLiteral("pointer"), origin.pointer},
                                {QStringLiteral("text"), origin.text},
                                {QStringLiteral("source"), kindName(origin.sourceKind)},
                                {QStringLiteral("server"), origin.sourceServer},
                                {QStringLiteral("name"), origin.sourceName},
                                {QStringLiteral("call"), double(origin.sourceCall)}});
    }
    return json;
}

QList<ArgumentOrigin> ArgumentOrigin::fromJson(const QJsonArray &json)
{
    QList<ArgumentOrigin> origins;
    for (const QJsonValue &value : json) {
        const QJsonObject object = value.toObject();
        if (!object.value(QLatin1StringView("pointer")).isString())
            continue;
        ArgumentOrigin origin;
        origin.pointer = object.value(QLatin1StringView("pointer")).toString();
        origin.text = object.value(QLatin1StringView("text")).toString();
        origin.sourceKind = object.value(QLatin1StringView("source")).toString() == kindName(SourceKind::Resource) ? SourceKind::Resource
                                                                                                                     : SourceKind::ToolResult;
        origin.sourceServer = object.value(QLatin1StringView("server")).toString();
        origin.sourceName = object.value(QLatin1StringView("name")).toString();
        origin.sourceCall = quint64(object.value(QLatin1StringView("call")).toDouble());
        origins.append(origin);
    }
    return origins;
}

} // namespace Toolgate
