#pragma once

#include "core/auth/assertionsource.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace Toolgate {

/// How Toolgate presents itself to a server's OAuth authorization server, and which grant it
/// uses. Secrets (clientSecret, privateKeyPem, idpIdToken) come from the keychain or the
/// caller's memory, never from the config file.
struct OAuthClientSettings
{
    enum class Grant {
        AuthorizationCode, ///< a person signs in (PKCE); the default
        ClientCredentials, ///< machine-to-machine: client secret or private_key_jwt (SEP-1046)
        CrossAppAccess,    ///< enterprise IdP token exchange, then a JWT-bearer grant (SEP-990)
        JwtBearer,         ///< a workload's own token as the grant (RFC 7523, SEP-1933 workload identity)
    };

    Grant grant = Grant::AuthorizationCode;
    QString clientName = QStringLiteral("Toolgate");
    /// Pre-registered client; empty: use a client ID metadata document or register dynamically.
    QString clientId;
    QString clientSecret;
    /// client_secret_basic, client_secret_post, none or private_key_jwt; empty: choose.
    QString tokenEndpointAuthMethod;
    /// private_key_jwt: an EC P-256 private key (PEM) signing ES256 client assertions.
    QByteArray privateKeyPem;
    /// An https URL serving our client ID metadata document (CIMD); empty: none.
    QUrl clientMetadataUrl;
    /// Scopes to ask for on top of what the server names.
    QStringList extraScopes;
    /// Ask for offline_access (a refresh token) when the authorization server offers it.
    bool requestOfflineAccess = true;

    // Cross-app access: the enterprise identity provider.
    QUrl idpTokenEndpoint;
    QString idpClientId;
    QString idpClientSecret;
    QString idpIdToken;

    /// JwtBearer: where the workload token (the assertion) comes from.
    AssertionSource assertion;

    /// Reads the non-secret settings of a server entry's "oauth" object:
    /// {"clientId", "grant": "authorization_code"|"client_credentials"|"jwt_bearer", "tokenEndpointAuthMethod",
    ///  "clientMetadataUrl", "scopes": [...], "offlineAccess": bool, "assertion": {see AssertionSource}}.
    static OAuthClientSettings fromJson(const QJsonObject &object);
    static QString grantName(Grant grant);
};

} // namespace Toolgate
