#include "core/auth/oauthclientsettings.h"

#include <QJsonArray>

namespace Toolgate {

OAuthClientSettings OAuthClientSettings::fromJson(const QJsonObject &object)
{
    OAuthClientSettings settings;
    const QString grant = object.value(QLatin1String("grant")).toString();
    if (grant == QLatin1String("client_credentials"))
        settings.grant = Grant::ClientCredentials;
    else if (grant == QLatin1String("jwt_bearer"))
        settings.grant = Grant::JwtBearer;
    settings.clientId = object.value(QLatin1String("clientId")).toString();
    settings.tokenEndpointAuthMethod = object.value(QLatin1String("tokenEndpointAuthMethod")).toString();
    settings.clientMetadataUrl = QUrl(object.value(QLatin1String("clientMetadataUrl")).toString());
    const QJsonArray scopes = object.value(QLatin1String("scopes")).toArray();
    for (const QJsonValue &scope : scopes)
        settings.extraScopes.append(scope.toString());
    settings.requestOfflineAccess = object.value(QLatin1String("offlineAccess")).toBool(true);
    settings.assertion = AssertionSource::fromJson(object.value(QLatin1String("assertion")).toObject());
    return settings;
}

QString OAuthClientSettings::grantName(Grant grant)
{
    switch (grant) {
    case Grant::AuthorizationCode:
        return QStringLiteral("authorization_code");
    case Grant::ClientCredentials:
        return QStringLiteral("client_credentials");
    case Grant::CrossAppAccess:
        return QStringLiteral("cross_app_access");
    case Grant::JwtBearer:
        return QStringLiteral("jwt_bearer");
    }
    return {};
}

} // namespace Toolgate
