#include "elicitation.h"

#include "jsonrpc/jsonrpcerror.h"

#include <QJsonArray>

namespace Toolgate {

std::optional<UrlElicitation> UrlElicitation::fromJson(const QJsonObject &json)
{
    const QJsonValue id = json.value(QLatin1String("elicitationId"));
    const QJsonValue url = json.value(QLatin1String("url"));
    if (json.value(QLatin1String("mode")).toString() != QLatin1String("url") || !id.isString() || !url.isString()
        || id.toString().isEmpty() || url.toString().isEmpty())
        return std::nullopt;
    return UrlElicitation{id.toString(), url.toString(), json.value(QLatin1String("message")).toString()};
}

QJsonObject UrlElicitation::toJson() const
{
    return QJsonObject{{QLatin1String("mode"), QStringLiteral("url")},
                       {QLatin1String("elicitationId"), elicitationId},
                       {QLatin1String("url"), url},
                       {QLatin1String("message"), message}};
}

QList<UrlElicitation> UrlElicitation::listFromError(const Error &error)
{
    QList<UrlElicitation> list;
    if (error.code != int(ErrorCode::UrlElicitationRequired))
        return list;
    const QJsonArray entries = error.data.toObject().value(QLatin1String("elicitations")).toArray();
    for (const QJsonValue &entry : entries) {
        if (auto elicitation = fromJson(entry.toObject()))
            list.append(std::move(*elicitation));
    }
    return list;
}

} // namespace Toolgate
