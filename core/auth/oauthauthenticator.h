#pragma once

#include "core/auth/oauthclientsettings.h"
#include "core/transport/httpauthenticator.h"

#include <chrono>
#include <memory>

namespace Toolgate {

class AuthorizationUserAgent;
class SecretStore;

/// OAuth 2.1 for one MCP server over HTTP, driven by the server's challenges: finds the
/// protected-resource and authorization-server metadata (with the 2025-03-26 fallbacks), checks
/// that they belong together, registers (pre-registered, client ID metadata document or dynamic
/// registration), signs in with PKCE S256 and the RFC 8707 resource, steps up scopes on
/// insufficient_scope, refreshes tokens, and supports client credentials, cross-app access and the
/// JWT-bearer grant of workload identity. Where the authorization server offers DPoP (RFC 9449), the
/// tokens are bound to a key of this server's kept in the store, and every request carries a proof.
/// Tokens and client secrets go to the SecretStore; none is ever logged.
class OAuthAuthenticator final : public HttpAuthenticator
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OAuthAuthenticator)
public:
    struct Options
    {
        QUrl serverUrl;
        OAuthClientSettings client;
        /// Where tokens and registrations are kept; null: memory for this object's life.
        std::shared_ptr<SecretStore> store;
        /// The sign-in step of the authorization-code grant; null: that grant fails.
        std::shared_ptr<AuthorizationUserAgent> userAgent;
        std::chrono::milliseconds requestTimeout = std::chrono::seconds(30);
        /// The largest metadata or token answer accepted.
        qint64 maxResponseSize = 1024 * 1024;
    };

    explicit OAuthAuthenticator(Options options, QObject *parent = nullptr);
    ~OAuthAuthenticator() override;

    QByteArray authorization(const QUrl &url) const override;
    Headers requestHeaders(const QByteArray &method, const QUrl &url) const override;
    void authenticate(const HttpChallenge &challenge, QObject *context,
                      std::function<void(const Result<void> &)> done) override;

    /// Forgets this server's tokens (here and in the store).
    void signOut(QObject *context, std::function<void(const Result<void> &)> done);
    /// The scopes of the current token (empty: none or unknown).
    QStringList grantedScopes() const;

    /// The keys this server's secrets are stored under (for tests and sign-out).
    QString tokenKey() const;
    /// Where this server's DPoP key is kept (PEM); made on the first sign-in that binds tokens to it.
    QString dpopKeyName() const;
    static QString clientKey(const QString &issuer);

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
