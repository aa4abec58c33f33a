#include "core/auth/dpopprover.h"

#include "core/auth/jwt.h"
#include "core/auth/pkce.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonDocument>

#ifdef TOOLGATE_HAVE_OPENSSL
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#endif

#include <memory>

namespace Toolgate {

namespace {

QString dpopOrigin(const QUrl &url)
{
    return url.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo).toString().toLower();
}

#ifdef TOOLGATE_HAVE_OPENSSL

struct DpopPkeyDeleter
{
    void operator()(EVP_PKEY *p) const { EVP_PKEY_free(p); }
};
struct DpopBioDeleter
{
    void operator()(BIO *p) const { BIO_free(p); }
};
struct DpopBnDeleter
{
    void operator()(BIGNUM *p) const { BN_free(p); }
};
using DpopKey = std::unique_ptr<EVP_PKEY, DpopPkeyDeleter>;

Error dpopKeyError()
{
    return makeError(
        ErrorCode::InternalError,
        QCoreApplication::translate("Toolgate::DpopProver", "the key for proof of possession (DPoP) could not be made or read"));
}

/// One coordinate of the public point as a 32-byte big-endian number, base64url.
QString publicCoordinate(EVP_PKEY *key, const char *name)
{
    BIGNUM *raw = nullptr;
    if (EVP_PKEY_get_bn_param(key, name, &raw) != 1)
        return {};
    std::unique_ptr<BIGNUM, DpopBnDeleter> number(raw);
    QByteArray bytes(32, '\0');
    if (BN_bn2binpad(number.get(), reinterpret_cast<unsigned char *>(bytes.data()), 32) != 32)
        return {};
    return QString::fromLatin1(Jwt::base64Url(bytes));
}

/// PKCS#8 PEM and the public JWK of a P-256 key.
Result<std::pair<QByteArray, QJsonObject>> describeKey(EVP_PKEY *key)
{
    if (EVP_PKEY_get_base_id(key) != EVP_PKEY_EC || EVP_PKEY_get_bits(key) != 256)
        return dpopKeyError();
    std::unique_ptr<BIO, DpopBioDeleter> bio(BIO_new(BIO_s_mem()));
    if (!bio || PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr) != 1)
        return dpopKeyError();
    char *data = nullptr;
    const long size = BIO_get_mem_data(bio.get(), &data);
    const QByteArray pem(data, qsizetype(size));
    const QString x = publicCoordinate(key, OSSL_PKEY_PARAM_EC_PUB_X);
    const QString y = publicCoordinate(key, OSSL_PKEY_PARAM_EC_PUB_Y);
    if (x.isEmpty() || y.isEmpty())
        return dpopKeyError();
    const QJsonObject jwk{{QLatin1String("kty"), QStringLiteral("EC")},
                          {QLatin1String("crv"), QStringLiteral("P-256")},
                          {QLatin1String("x"), x},
                          {QLatin1String("y"), y}};
    return std::pair<QByteArray, QJsonObject>(pem, jwk);
}

#endif

} // namespace

Result<DpopProver> DpopProver::generate()
{
#ifdef TOOLGATE_HAVE_OPENSSL
    DpopKey key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
    if (!key)
        return dpopKeyError();
    auto described = describeKey(key.get());
    if (!described)
        return described.error();
    DpopProver prover;
    prover.m_privateKeyPem = described->first;
    prover.m_publicJwk = described->second;
    return prover;
#else
    return makeError(ErrorCode::ConfigError,
                     QCoreApplication::translate("Toolgate::DpopProver",
                                                 "this build of Toolgate cannot prove possession of a key (DPoP): "
                                                 "it was built without OpenSSL"));
#endif
}

Result<DpopProver> DpopProver::fromPrivateKeyPem(const QByteArray &pem)
{
#ifdef TOOLGATE_HAVE_OPENSSL
    std::unique_ptr<BIO, DpopBioDeleter> bio(BIO_new_mem_buf(pem.constData(), int(pem.size())));
    DpopKey key(bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr) : nullptr);
    if (!key)
        return dpopKeyError();
    auto described = describeKey(key.get());
    if (!described)
        return described.error();
    DpopProver prover;
    prover.m_privateKeyPem = described->first;
    prover.m_publicJwk = described->second;
    return prover;
#else
    Q_UNUSED(pem)
    return generate().error();
#endif
}

QByteArray DpopProver::thumbprint() const
{
    // RFC 7638: the required members in lexicographic order, no white space. QJsonObject sorts its
    // keys and the compact form has no spaces: that is exactly the canonical form.
    const QJsonObject required{{QLatin1String("crv"), m_publicJwk.value(QLatin1String("crv"))},
                               {QLatin1String("kty"), m_publicJwk.value(QLatin1String("kty"))},
                               {QLatin1String("x"), m_publicJwk.value(QLatin1String("x"))},
                               {QLatin1String("y"), m_publicJwk.value(QLatin1String("y"))}};
    return Jwt::base64Url(QCryptographicHash::hash(QJsonDocument(required).toJson(QJsonDocument::Compact), QCryptographicHash::Sha256));
}

Result<QByteArray> DpopProver::proof(const QByteArray &method, const QUrl &url, const QString &accessToken) const
{
    const QJsonObject header{{QLatin1String("typ"), QStringLiteral("dpop+jwt")}, {QLatin1String("jwk"), m_publicJwk}};
    QJsonObject claims{{QLatin1String("jti"), QString::fromLatin1(Pkce::randomToken(16))},
                       {QLatin1String("htm"), QString::fromLatin1(method)},
                       {QLatin1String("htu"), targetUri(url)},
                       {QLatin1String("iat"), QDateTime::currentSecsSinceEpoch()}};
    if (!accessToken.isEmpty())
        claims.insert(QLatin1String("ath"), QString::fromLatin1(accessTokenHash(accessToken)));
    const QByteArray known = nonce(url);
    if (!known.isEmpty())
        claims.insert(QLatin1String("nonce"), QString::fromUtf8(known));
    return Jwt::signEs256(header, claims, m_privateKeyPem);
}

void DpopProver::setNonce(const QUrl &url, const QByteArray &nonce)
{
    if (!nonce.isEmpty())
        m_nonces.insert(dpopOrigin(url), nonce.left(1024)); // a server's value: capped
}

QByteArray DpopProver::nonce(const QUrl &url) const
{
    return m_nonces.value(dpopOrigin(url));
}

QString DpopProver::targetUri(const QUrl &url)
{
    return url.adjusted(QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo).toString(QUrl::FullyEncoded);
}

QByteArray DpopProver::accessTokenHash(const QString &accessToken)
{
    return Jwt::base64Url(QCryptographicHash::hash(accessToken.toUtf8(), QCryptographicHash::Sha256));
}

} // namespace Toolgate
