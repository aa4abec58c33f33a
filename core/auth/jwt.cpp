#include "core/auth/jwt.h"

#include "core/common/error.h"

#include <QCoreApplication>
#include <QJsonDocument>

#ifdef TOOLGATE_HAVE_OPENSSL
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#endif

#include <memory>

namespace Toolgate {

namespace Jwt {

QByteArray base64Url(const QByteArray &data)
{
    return data.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

QJsonObject claims(const QByteArray &token)
{
    const QList<QByteArray> parts = token.split('.');
    if (parts.size() != 3)
        return {};
    return QJsonDocument::fromJson(QByteArray::fromBase64(parts.at(1), QByteArray::Base64UrlEncoding)).object();
}

#ifdef TOOLGATE_HAVE_OPENSSL

namespace {

struct PkeyDeleter { void operator()(EVP_PKEY *p) const { EVP_PKEY_free(p); } };
struct BioDeleter { void operator()(BIO *p) const { BIO_free(p); } };
struct MdCtxDeleter { void operator()(EVP_MD_CTX *p) const { EVP_MD_CTX_free(p); } };
struct SigDeleter { void operator()(ECDSA_SIG *p) const { ECDSA_SIG_free(p); } };

Result<std::unique_ptr<EVP_PKEY, PkeyDeleter>> loadKey(const QByteArray &pem)
{
    std::unique_ptr<BIO, BioDeleter> bio(BIO_new_mem_buf(pem.constData(), int(pem.size())));
    std::unique_ptr<EVP_PKEY, PkeyDeleter> key(bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr) : nullptr);
    if (!key)
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::Jwt", "the private key is not a PEM private key Toolgate can read"));
    if (EVP_PKEY_get_base_id(key.get()) != EVP_PKEY_EC || EVP_PKEY_get_bits(key.get()) != 256)
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::Jwt", "ES256 needs an elliptic-curve P-256 private key; this key is another kind"));
    return key;
}

} // namespace

bool canSign()
{
    return true;
}

Result<QByteArray> signEs256(QJsonObject header, const QJsonObject &claims, const QByteArray &privateKeyPem)
{
    auto key = loadKey(privateKeyPem);
    if (!key)
        return key.error();
    header.insert(QLatin1String("alg"), QStringLiteral("ES256"));
    if (!header.contains(QLatin1String("typ")))
        header.insert(QLatin1String("typ"), QStringLiteral("JWT"));
    const QByteArray input = base64Url(QJsonDocument(header).toJson(QJsonDocument::Compact)) + '.'
        + base64Url(QJsonDocument(claims).toJson(QJsonDocument::Compact));

    std::unique_ptr<EVP_MD_CTX, MdCtxDeleter> ctx(EVP_MD_CTX_new());
    size_t length = 0;
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key.value().get()) != 1
        || EVP_DigestSign(ctx.get(), nullptr, &length, reinterpret_cast<const unsigned char *>(input.constData()), size_t(input.size())) != 1)
        return makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::Jwt", "signing the client assertion failed"));
    QByteArray der(qsizetype(length), Qt::Uninitialized);
    if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char *>(der.data()), &length,
                       reinterpret_cast<const unsigned char *>(input.constData()), size_t(input.size())) != 1)
        return makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::Jwt", "signing the client assertion failed"));
    der.truncate(qsizetype(length));

    // OpenSSL gives a DER sequence (r, s); JWS wants r and s as two 32-byte big-endian numbers.
    const unsigned char *p = reinterpret_cast<const unsigned char *>(der.constData());
    std::unique_ptr<ECDSA_SIG, SigDeleter> sig(d2i_ECDSA_SIG(nullptr, &p, long(der.size())));
    if (!sig)
        return makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::Jwt", "signing the client assertion failed"));
    const BIGNUM *r = nullptr;
    const BIGNUM *s = nullptr;
    ECDSA_SIG_get0(sig.get(), &r, &s);
    QByteArray raw(64, '\0');
    BN_bn2binpad(r, reinterpret_cast<unsigned char *>(raw.data()), 32);
    BN_bn2binpad(s, reinterpret_cast<unsigned char *>(raw.data()) + 32, 32);
    return QByteArray(input + '.' + base64Url(raw));
}

Result<bool> verifyEs256(const QByteArray &token, const QByteArray &privateKeyPem)
{
    auto key = loadKey(privateKeyPem);
    if (!key)
        return key.error();
    const QList<QByteArray> parts = token.split('.');
    if (parts.size() != 3)
        return false;
    const QByteArray input = parts.at(0) + '.' + parts.at(1);
    const QByteArray raw = QByteArray::fromBase64(parts.at(2), QByteArray::Base64UrlEncoding);
    if (raw.size() != 64)
        return false;
    std::unique_ptr<ECDSA_SIG, SigDeleter> sig(ECDSA_SIG_new());
    BIGNUM *r = BN_bin2bn(reinterpret_cast<const unsigned char *>(raw.constData()), 32, nullptr);
    BIGNUM *s = BN_bin2bn(reinterpret_cast<const unsigned char *>(raw.constData()) + 32, 32, nullptr);
    ECDSA_SIG_set0(sig.get(), r, s);
    unsigned char *der = nullptr;
    const int derLength = i2d_ECDSA_SIG(sig.get(), &der);
    std::unique_ptr<EVP_MD_CTX, MdCtxDeleter> ctx(EVP_MD_CTX_new());
    const bool ok = derLength > 0 && EVP_DigestVerifyInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key.value().get()) == 1
        && EVP_DigestVerify(ctx.get(), der, size_t(derLength), reinterpret_cast<const unsigned char *>(input.constData()),
                            size_t(input.size())) == 1;
    OPENSSL_free(der);
    return ok;
}

#else

bool canSign()
{
    return false;
}

Result<QByteArray> signEs256(QJsonObject, const QJsonObject &, const QByteArray &)
{
    return makeError(ErrorCode::ConfigError,
                     QCoreApplication::translate("Toolgate::Jwt", "this build of Toolgate cannot sign client assertions (it was built without OpenSSL); "
                                    "use a client secret instead"));
}

Result<bool> verifyEs256(const QByteArray &, const QByteArray &)
{
    return signEs256({}, {}, {}).error();
}

#endif

} // namespace Jwt

} // namespace Toolgate
