#pragma once

#include "core/common/result.h"

#include <QByteArray>
#include <QJsonObject>

namespace Toolgate {

/// JSON Web Tokens we sign ourselves: client assertions for private_key_jwt (RFC 7523).
namespace Jwt {

/// Whether this build can sign (it needs OpenSSL's libcrypto).
bool canSign();
/// Signs header.claims with an EC P-256 private key in PEM (PKCS#8 or SEC1) as ES256.
/// header gets "alg":"ES256" (and "typ":"JWT" unless given).
Result<QByteArray> signEs256(QJsonObject header, const QJsonObject &claims, const QByteArray &privateKeyPem);
/// Checks an ES256 signature with the public half of the key (for tests).
Result<bool> verifyEs256(const QByteArray &token, const QByteArray &privateKeyPem);
/// The claims of a token, without checking its signature.
QJsonObject claims(const QByteArray &token);
QByteArray base64Url(const QByteArray &data);

} // namespace Jwt

} // namespace Toolgate
