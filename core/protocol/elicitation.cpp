#include "core/protocol/elicitation.h"

#include "core/common/error.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QUrl>

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

QString ElicitationRequest::modeName(Mode mode)
{
    return mode == Mode::Url ? QStringLiteral("url") : QStringLiteral("form");
}

Result<ElicitationRequest> ElicitationRequest::fromJson(const QJsonObject &params)
{
    ElicitationRequest request;
    request.message = params.value(QLatin1String("message")).toString();
    const QString mode = params.value(QLatin1String("mode")).toString();
    if (mode == QLatin1String("url")) {
        request.mode = Mode::Url;
        request.url = params.value(QLatin1String("url")).toString();
        request.elicitationId = params.value(QLatin1String("elicitationId")).toString();
        const QUrl url(request.url, QUrl::StrictMode);
        if (request.url.isEmpty())
            return makeError(ErrorCode::InvalidParams, QCoreApplication::translate("Toolgate::Elicitation", "URL-mode elicitation needs a url"));
        if (!url.isValid() || (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http")) || url.host().isEmpty())
            return makeError(ErrorCode::InvalidParams, QCoreApplication::translate("Toolgate::Elicitation", "URL-mode elicitation needs an http or https address"));
        return request;
    }
    if (!mode.isEmpty() && mode != QLatin1String("form"))
        return makeError(ErrorCode::InvalidParams, QCoreApplication::translate("Toolgate::Elicitation", "elicitation mode \"%1\" is not one of form, url").arg(mode));
    const QJsonValue schema = params.value(QLatin1String("requestedSchema"));
    if (!schema.isObject())
        return makeError(ErrorCode::InvalidParams, QCoreApplication::translate("Toolgate::Elicitation", "form-mode elicitation needs a requestedSchema object"));
    request.requestedSchema = schema.toObject();
    return request;
}

ElicitationRequest ElicitationRequest::forUrl(const UrlElicitation &elicitation)
{
    ElicitationRequest request;
    request.mode = Mode::Url;
    request.message = elicitation.message;
    request.url = elicitation.url;
    request.elicitationId = elicitation.elicitationId;
    return request;
}

QString ElicitationResult::actionName(Action action)
{
    switch (action) {
    case Action::Accept: return QStringLiteral("accept");
    case Action::Decline: return QStringLiteral("decline");
    case Action::Cancel: return QStringLiteral("cancel");
    }
    return {};
}

QJsonObject ElicitationResult::toJson() const
{
    QJsonObject json{{QLatin1String("action"), actionName(action)}};
    if (action == Action::Accept && !content.isEmpty())
        json.insert(QLatin1String("content"), content);
    return json;
}

} // namespace Toolgate
