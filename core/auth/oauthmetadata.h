#pragma once

#include "core/common/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace Toolgate {

/// RFC 9728 protected resource metadata: which authorization servers guard an MCP server.
struct ProtectedResourceMetadata
{
    QString resource;
    QStringList authorizationServers;
    QStringList scopesSupported;
    bool hasScopesSupported = false;

    static Result<ProtectedResourceMetadata> fromJson(const QJsonObject &object);
};

/// RFC 8414 authorization server metadata (also what OpenID Connect discovery returns).
struct AuthorizationServerMetadata
{
    QString issuer;
    QUrl authorizationEndpoint;
    QUrl tokenEndpoint;
    QUrl registrationEndpoint;
    QStringList scopesSupported;
    QStringList grantTypesSupported;
    QStringList codeChallengeMethodsSupported;
    bool hasCodeChallengeMethods = false;
    QStringList tokenEndpointAuthMethodsSupported;
    bool clientIdMetadataDocumentSupported = false;
    bool issParameterSupported = false; ///< authorization_response_iss_parameter_supported (RFC 9207)
    /// dpop_signing_alg_values_supported (RFC 9449 §5.1): it binds tokens to a key (DPoP) when non-empty.
    QStringList dpopSigningAlgValuesSupported;
    /// Made up from the 2025-03-26 defaults (/authorize, /token, /register): no document existed.
    bool synthesized = false;

    static Result<AuthorizationServerMetadata> fromJson(const QJsonObject &object);
    /// The 2025-03-26 fallback endpoints at the root of base.
    static AuthorizationServerMetadata defaults(const QUrl &base);
};

/// Where the metadata documents live, in the order the specification says to try them.
namespace OAuthDiscovery {

/// The canonical URI of an MCP server (RFC 8707 `resource`): lower-case scheme and host, no
/// fragment, no default port, no trailing slash unless the path is just "/".
QString canonicalResource(const QUrl &serverUrl);
/// Whether a protected resource document may speak for serverUrl: same origin and its path is
/// serverUrl's path or a parent of it (segment-wise).
bool resourceCovers(const QString &resource, const QUrl &serverUrl);
/// The path-specific then the root protected-resource well-known URLs.
QList<QUrl> protectedResourceUrls(const QUrl &serverUrl);
/// OAuth and OpenID metadata URLs for an issuer, with and without path, in priority order.
QList<QUrl> authorizationServerUrls(const QUrl &issuer);
/// Same issuer, ignoring a trailing slash on either.
bool sameIssuer(const QString &a, const QString &b);

} // namespace OAuthDiscovery

} // namespace Toolgate
