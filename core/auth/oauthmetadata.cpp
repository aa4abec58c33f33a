#include "core/auth/oauthmetadata.h"

#include "core/common/error.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace Toolgate {

namespace {

QStringList stringList(const QJsonValue &value)
{
    QStringList out;
    const QJsonArray array = value.toArray();
    for (const QJsonValue &item : array) {
        if (item.isString())
            out.append(item.toString());
    }
    return out;
}

QString trimSlash(QString text)
{
    while (text.endsWith(u'/'))
        text.chop(1);
    return text;
}

} // namespace

Result<ProtectedResourceMetadata> ProtectedResourceMetadata::fromJson(const QJsonObject &object)
{
    ProtectedResourceMetadata metadata;
    metadata.resource = object.value(QLatin1String("resource")).toString();
    metadata.authorizationServers = stringList(object.value(QLatin1String("authorization_servers")));
    metadata.hasScopesSupported = object.value(QLatin1String("scopes_supported")).isArray();
    metadata.scopesSupported = stringList(object.value(QLatin1String("scopes_supported")));
    if (metadata.resource.isEmpty())
        return makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::OAuthMetadata", "the protected resource metadata has no \"resource\""));
    return metadata;
}

Result<AuthorizationServerMetadata> AuthorizationServerMetadata::fromJson(const QJsonObject &object)
{
    AuthorizationServerMetadata metadata;
    metadata.issuer = object.value(QLatin1String("issuer")).toString();
    metadata.authorizationEndpoint = QUrl(object.value(QLatin1String("authorization_endpoint")).toString());
    metadata.tokenEndpoint = QUrl(object.value(QLatin1String("token_endpoint")).toString());
    metadata.registrationEndpoint = QUrl(object.value(QLatin1String("registration_endpoint")).toString());
    metadata.scopesSupported = stringList(object.value(QLatin1String("scopes_supported")));
    metadata.grantTypesSupported = stringList(object.value(QLatin1String("grant_types_supported")));
    metadata.hasCodeChallengeMethods = object.value(QLatin1String("code_challenge_methods_supported")).isArray();
    metadata.codeChallengeMethodsSupported = stringList(object.value(QLatin1String("code_challenge_methods_supported")));
    metadata.tokenEndpointAuthMethodsSupported = stringList(object.value(QLatin1String("token_endpoint_auth_methods_supported")));
    metadata.clientIdMetadataDocumentSupported = object.value(QLatin1String("client_id_metadata_document_supported")).toBool();
    metadata.issParameterSupported = object.value(QLatin1String("authorization_response_iss_parameter_supported")).toBool();
    metadata.dpopSigningAlgValuesSupported = stringList(object.value(QLatin1String("dpop_signing_alg_values_supported")));
    if (metadata.issuer.isEmpty())
        return makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::OAuthMetadata", "the authorization server metadata has no \"issuer\""));
    if (!metadata.tokenEndpoint.isValid() || metadata.tokenEndpoint.isRelative())
        return makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::OAuthMetadata", "the authorization server metadata has no usable \"token_endpoint\""));
    return metadata;
}

AuthorizationServerMetadata AuthorizationServerMetadata::defaults(const QUrl &base)
{
    const QUrl root = base.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo);
    AuthorizationServerMetadata metadata;
    metadata.issuer = root.toString();
    metadata.authorizationEndpoint = root.resolved(QUrl(QStringLiteral("/authorize")));
    metadata.tokenEndpoint = root.resolved(QUrl(QStringLiteral("/token")));
    metadata.registrationEndpoint = root.resolved(QUrl(QStringLiteral("/register")));
    metadata.synthesized = true;
    return metadata;
}

namespace OAuthDiscovery {

namespace {

QString canonicalResourceOnce(const QUrl &serverUrl)
{
    QUrl url = serverUrl.adjusted(QUrl::RemoveFragment | QUrl::RemoveUserInfo | QUrl::NormalizePathSegments);
    url.setScheme(url.scheme().toLower());
    url.setHost(url.host().toLower());
    if ((url.scheme() == QLatin1String("https") && url.port() == 443) || (url.scheme() == QLatin1String("http") && url.port() == 80))
        url.setPort(-1);
    QString text = url.toString(QUrl::FullyEncoded);
    // No trailing slashes (RFC 8707 advises against them), but all of them: chopping one left
    // "/mcp//" as "/mcp/", which canonicalised again to "/mcp" — two resources for one server.
    // The path ends the text here (no query, the fragment is gone); a lone "/" stays.
    if (!url.hasQuery()) {
        const qsizetype pathStart = text.size() - url.path(QUrl::FullyEncoded).size();
        while (text.size() > pathStart + 1 && text.endsWith(u'/'))
            text.chop(1);
    }
    return text;
}

} // namespace

QString canonicalResource(const QUrl &serverUrl)
{
    // One pass is not always the end: Qt's path normalisation turns "/a/..//x" into "//x", and
    // "//x" into "/x" on the next pass (found by fuzz_oauth). A server must have one resource, so
    // normalise until nothing changes. Every pass that changes the text only removes characters,
    // so this ends; the bound is a guard, not a limit ever reached.
    QString text = canonicalResourceOnce(serverUrl);
    for (qsizetype guard = text.size(); guard > 0; --guard) {
        QString again = canonicalResourceOnce(QUrl(text));
        if (again == text || again.size() >= text.size())
            break;
        text = std::move(again);
    }
    return text;
}

bool resourceCovers(const QString &resource, const QUrl &serverUrl)
{
    const QUrl r(canonicalResource(QUrl(resource)));
    const QUrl s(canonicalResource(serverUrl));
    if (!r.isValid() || r.scheme() != s.scheme() || r.host() != s.host() || r.port(-1) != s.port(-1))
        return false;
    const QString rp = trimSlash(r.path());
    const QString sp = trimSlash(s.path());
    return rp.isEmpty() || sp == rp || sp.startsWith(rp + u'/');
}

QList<QUrl> protectedResourceUrls(const QUrl &serverUrl)
{
    const QUrl root = serverUrl.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo);
    const QString wellKnown = QStringLiteral("/.well-known/oauth-protected-resource");
    QList<QUrl> urls;
    const QString path = trimSlash(serverUrl.path());
    if (!path.isEmpty()) {
        QUrl specific = root;
        specific.setPath(wellKnown + path);
        urls.append(specific);
    }
    QUrl rootUrl = root;
    rootUrl.setPath(wellKnown);
    urls.append(rootUrl);
    return urls;
}

QList<QUrl> authorizationServerUrls(const QUrl &issuer)
{
    const QUrl root = issuer.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo);
    const QString path = trimSlash(issuer.path());
    auto at = [&root](const QString &p) {
        QUrl url = root;
        url.setPath(p);
        return url;
    };
    if (path.isEmpty()) {
        return {at(QStringLiteral("/.well-known/oauth-authorization-server")),
                at(QStringLiteral("/.well-known/openid-configuration"))};
    }
    return {at(QStringLiteral("/.well-known/oauth-authorization-server") + path),
            at(QStringLiteral("/.well-known/openid-configuration") + path),
            at(path + QStringLiteral("/.well-known/openid-configuration"))};
}

bool sameIssuer(const QString &a, const QString &b)
{
    return trimSlash(a) == trimSlash(b);
}

} // namespace OAuthDiscovery

} // namespace Toolgate
