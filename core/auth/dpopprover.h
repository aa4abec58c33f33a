#pragma once

#include "core/common/result.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QUrl>

namespace Toolgate {

/// Makes the DPoP proofs (RFC 9449) of one ES256 key: a JWT per request that shows the sender
/// holds the key its access token is bound to. It also keeps the nonce each origin (authorization
/// server, MCP server) last asked for, and puts it in the next proof to that origin.
class DpopProver final
{
public:
    /// A new EC P-256 key (an error when this build has no OpenSSL).
    static Result<DpopProver> generate();
    /// The key kept earlier (privateKeyPem()).
    static Result<DpopProver> fromPrivateKeyPem(const QByteArray &pem);

    /// The private key as PKCS#8 PEM, to keep in the SecretStore. Never logged.
    QByteArray privateKeyPem() const { return m_privateKeyPem; }
    /// The public key as a JWK: {"crv":"P-256","kty":"EC","x":…,"y":…}.
    QJsonObject publicJwk() const { return m_publicJwk; }
    /// The JWK SHA-256 thumbprint (RFC 7638), base64url: the "jkt" a bound token names.
    QByteArray thumbprint() const;

    /// A fresh proof for a request (method, url). With accessToken it carries "ath" (a proof for
    /// a resource request); the nonce url's origin last sent, if any, goes in as "nonce".
    Result<QByteArray> proof(const QByteArray &method, const QUrl &url, const QString &accessToken = {}) const;

    /// Remembers the nonce an origin sent (DPoP-Nonce header); empty: keeps the one known.
    void setNonce(const QUrl &url, const QByteArray &nonce);
    QByteArray nonce(const QUrl &url) const;

    /// "htu": the URL without query and fragment (RFC 9449 §4.2).
    static QString targetUri(const QUrl &url);
    /// "ath": base64url(SHA-256(access token)).
    static QByteArray accessTokenHash(const QString &accessToken);

private:
    DpopProver() = default;

    QByteArray m_privateKeyPem;
    QJsonObject m_publicJwk;
    QHash<QString, QByteArray> m_nonces; ///< by origin (scheme://host:port)
};

} // namespace Toolgate
