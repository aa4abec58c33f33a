// DpopProver: the DPoP proofs of RFC 9449 as a resource or authorization server checks them —
// the signature verified with nothing but the public JWK the proof carries, the header and the
// claims (htm, htu without query or fragment, iat, a fresh jti, ath = base64url(sha256(token)),
// the nonce of the right origin), the RFC 7638 thumbprint, and the key kept as PEM and read back.

#include "core/auth/dpopprover.h"
#include "core/auth/jwt.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonDocument>
#include <QTest>

#ifdef TOOLGATE_HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#endif

using namespace Toolgate;

namespace {

QJsonObject jwtPart(const QByteArray &token, int index)
{
    return QJsonDocument::fromJson(QByteArray::fromBase64(token.split('.').value(index), QByteArray::Base64UrlEncoding)).object();
}

QByteArray fromBase64Url(const QString &text)
{
    return QByteArray::fromBase64(text.toLatin1(), QByteArray::Base64UrlEncoding);
}

#ifdef TOOLGATE_HAVE_OPENSSL
/// Verifies an ES256 JWS with the public key of a JWK only, as a server does (no private key).
bool verifiesWithJwk(const QByteArray &token, const QJsonObject &jwk)
{
    const QByteArray point = QByteArray(1, '\x04') + fromBase64Url(jwk.value(QLatin1String("x")).toString())
        + fromBase64Url(jwk.value(QLatin1String("y")).toString());
    if (point.size() != 65)
        return false;
    OSSL_PARAM_BLD *builder = OSSL_PARAM_BLD_new();
    OSSL_PARAM_BLD_push_utf8_string(builder, OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0);
    OSSL_PARAM_BLD_push_octet_string(builder, OSSL_PKEY_PARAM_PUB_KEY, point.constData(), size_t(point.size()));
    OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(builder);
    EVP_PKEY_CTX *fromData = EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr);
    EVP_PKEY *key = nullptr;
    const bool loaded = fromData && EVP_PKEY_fromdata_init(fromData) == 1
        && EVP_PKEY_fromdata(fromData, &key, EVP_PKEY_PUBLIC_KEY, params) == 1;
    EVP_PKEY_CTX_free(fromData);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(builder);
    if (!loaded)
        return false;

    const QList<QByteArray> parts = token.split('.');
    const QByteArray input = parts.value(0) + '.' + parts.value(1);
    const QByteArray raw = QByteArray::fromBase64(parts.value(2), QByteArray::Base64UrlEncoding);
    bool ok = false;
    if (raw.size() == 64) {
        ECDSA_SIG *sig = ECDSA_SIG_new();
        ECDSA_SIG_set0(sig, BN_bin2bn(reinterpret_cast<const unsigned char *>(raw.constData()), 32, nullptr),
                       BN_bin2bn(reinterpret_cast<const unsigned char *>(raw.constData()) + 32, 32, nullptr));
        unsigned char *der = nullptr;
        const int derLength = i2d_ECDSA_SIG(sig, &der);
        EVP_MD_CTX *ctx = EVP_MD_CTX_new();
        ok = derLength > 0 && EVP_DigestVerifyInit(ctx, nullptr, EVP_sha256(), nullptr, key) == 1
            && EVP_DigestVerify(ctx, der, size_t(derLength), reinterpret_cast<const unsigned char *>(input.constData()),
                                size_t(input.size()))
                == 1;
        EVP_MD_CTX_free(ctx);
        OPENSSL_free(der);
        ECDSA_SIG_free(sig);
    }
    EVP_PKEY_free(key);
    return ok;
}
#endif

} // namespace

class tst_DpopProver : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void publicKeyIsAP256Jwk();
    void proofVerifiesWithItsPublicKey();
    void proofClaims();
    void resourceProofCarriesTheTokenHash();
    void nonceGoesToItsOriginOnly();
    void thumbprintIsRfc7638();
    void keyIsKeptAndReadBack();
    void unreadableKeyIsRefused();
};

void tst_DpopProver::init()
{
    if (!Jwt::canSign())
        QSKIP("this build has no OpenSSL, so no DPoP");
}

void tst_DpopProver::publicKeyIsAP256Jwk()
{
    auto prover = DpopProver::generate();
    QVERIFY2(prover, qPrintable(prover ? QString() : prover.error().message));
    const QJsonObject jwk = prover->publicJwk();
    QCOMPARE(jwk.value(QLatin1String("kty")).toString(), QStringLiteral("EC"));
    QCOMPARE(jwk.value(QLatin1String("crv")).toString(), QStringLiteral("P-256"));
    QCOMPARE(fromBase64Url(jwk.value(QLatin1String("x")).toString()).size(), 32);
    QCOMPARE(fromBase64Url(jwk.value(QLatin1String("y")).toString()).size(), 32);
    QVERIFY(!jwk.contains(QLatin1String("d"))); // never the private part
    QVERIFY(prover->privateKeyPem().startsWith("-----BEGIN PRIVATE KEY-----"));
    // Two keys are two keys.
    QVERIFY(DpopProver::generate()->publicJwk() != jwk);
}

void tst_DpopProver::proofVerifiesWithItsPublicKey()
{
#ifdef TOOLGATE_HAVE_OPENSSL
    auto prover = DpopProver::generate();
    QVERIFY(prover);
    auto proof = prover->proof("POST", QUrl(QStringLiteral("https://as.example/token")));
    QVERIFY(proof);
    const QJsonObject header = jwtPart(proof.value(), 0);
    QCOMPARE(header.value(QLatin1String("typ")).toString(), QStringLiteral("dpop+jwt"));
    QCOMPARE(header.value(QLatin1String("alg")).toString(), QStringLiteral("ES256"));
    QCOMPARE(header.value(QLatin1String("jwk")).toObject(), prover->publicJwk());
    QVERIFY(verifiesWithJwk(proof.value(), header.value(QLatin1String("jwk")).toObject()));
    // Tampered claims, or another key, do not verify.
    QByteArray tampered = proof.value();
    const qsizetype dot = tampered.indexOf('.');
    tampered[dot + 2] = tampered[dot + 2] == 'A' ? 'B' : 'A';
    QVERIFY(!verifiesWithJwk(tampered, prover->publicJwk()));
    QVERIFY(!verifiesWithJwk(proof.value(), DpopProver::generate()->publicJwk()));
#else
    QSKIP("no OpenSSL");
#endif
}

void tst_DpopProver::proofClaims()
{
    auto prover = DpopProver::generate();
    QVERIFY(prover);
    const QUrl url(QStringLiteral("https://user:pw@mcp.example:8443/a/mcp?session=1#part"));
    const qint64 before = QDateTime::currentSecsSinceEpoch();
    auto first = prover->proof("GET", url);
    auto second = prover->proof("GET", url);
    QVERIFY(first && second);
    const QJsonObject claims = jwtPart(first.value(), 1);
    QCOMPARE(claims.value(QLatin1String("htm")).toString(), QStringLiteral("GET"));
    // RFC 9449 §4.2: the target URI without query and fragment.
    QCOMPARE(claims.value(QLatin1String("htu")).toString(), QStringLiteral("https://mcp.example:8443/a/mcp"));
    const qint64 iat = claims.value(QLatin1String("iat")).toInteger();
    QVERIFY(iat >= before && iat <= QDateTime::currentSecsSinceEpoch());
    QVERIFY(claims.value(QLatin1String("jti")).toString().size() >= 16);
    QVERIFY(!claims.contains(QLatin1String("ath"))); // a token request's proof
    QVERIFY(!claims.contains(QLatin1String("nonce")));
    // Each proof is fresh: its own jti.
    QVERIFY(jwtPart(second.value(), 1).value(QLatin1String("jti")) != claims.value(QLatin1String("jti")));
}

void tst_DpopProver::resourceProofCarriesTheTokenHash()
{
    auto prover = DpopProver::generate();
    QVERIFY(prover);
    const QString token = QStringLiteral("eyJhbGciOiJFUzI1NiJ9.e30.c2ln");
    auto proof = prover->proof("POST", QUrl(QStringLiteral("http://localhost:3000/mcp")), token);
    QVERIFY(proof);
    const QByteArray expected = QCryptographicHash::hash(token.toUtf8(), QCryptographicHash::Sha256)
                                    .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    QCOMPARE(jwtPart(proof.value(), 1).value(QLatin1String("ath")).toString().toLatin1(), expected);
    QCOMPARE(DpopProver::accessTokenHash(token), expected);
}

void tst_DpopProver::nonceGoesToItsOriginOnly()
{
    auto made = DpopProver::generate();
    QVERIFY(made);
    DpopProver prover = made.value();
    const QUrl token(QStringLiteral("http://localhost:4000/token"));
    const QUrl mcp(QStringLiteral("http://localhost:5000/mcp"));
    prover.setNonce(token, "as-nonce");
    prover.setNonce(mcp, {}); // nothing said: nothing remembered
    QCOMPARE(jwtPart(prover.proof("POST", QUrl(QStringLiteral("http://LOCALHOST:4000/other"))).value(), 1)
                 .value(QLatin1String("nonce"))
                 .toString(),
             QStringLiteral("as-nonce"));
    QVERIFY(!jwtPart(prover.proof("POST", mcp).value(), 1).contains(QLatin1String("nonce")));
    prover.setNonce(mcp, "rs-nonce");
    QCOMPARE(jwtPart(prover.proof("POST", mcp, QStringLiteral("t")).value(), 1).value(QLatin1String("nonce")).toString(),
             QStringLiteral("rs-nonce"));
    // A new nonce replaces the old one.
    prover.setNonce(token, "as-nonce-2");
    QCOMPARE(prover.nonce(token), QByteArray("as-nonce-2"));
}

void tst_DpopProver::thumbprintIsRfc7638()
{
    auto prover = DpopProver::generate();
    QVERIFY(prover);
    const QJsonObject jwk = prover->publicJwk();
    // The required members in lexicographic order, no white space (RFC 7638 §3).
    const QByteArray canonical = QStringLiteral(R"({"crv":"P-256","kty":"EC","x":"%1","y":"%2"})")
                                     .arg(jwk.value(QLatin1String("x")).toString(), jwk.value(QLatin1String("y")).toString())
                                     .toUtf8();
    QCOMPARE(prover->thumbprint(),
             QCryptographicHash::hash(canonical, QCryptographicHash::Sha256)
                 .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

void tst_DpopProver::keyIsKeptAndReadBack()
{
    auto prover = DpopProver::generate();
    QVERIFY(prover);
    auto again = DpopProver::fromPrivateKeyPem(prover->privateKeyPem());
    QVERIFY(again);
    QCOMPARE(again->publicJwk(), prover->publicJwk());
    QCOMPARE(again->thumbprint(), prover->thumbprint());
#ifdef TOOLGATE_HAVE_OPENSSL
    QVERIFY(verifiesWithJwk(again->proof("POST", QUrl(QStringLiteral("https://as.example/token"))).value(), prover->publicJwk()));
#endif
}

void tst_DpopProver::unreadableKeyIsRefused()
{
    QVERIFY(!DpopProver::fromPrivateKeyPem("not a key"));
    QVERIFY(!DpopProver::fromPrivateKeyPem({}));
}

QTEST_GUILESS_MAIN(tst_DpopProver)
#include "tst_dpopprover.moc"
