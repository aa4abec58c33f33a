// OAuthAuthenticator with DPoP (RFC 9449) and the JWT-bearer grant (RFC 7523) through the Streamable
// HTTP transport, against a local server that is MCP server and authorization server at once: the
// token request and each MCP request carry a proof of the server's one key (kept in the store and
// reused by the next sign-in), the token goes out as "DPoP <token>", nonces from either server are
// honoured with one retry, Bearer stays where DPoP is not offered; the workload token is read from
// its source for the grant, and a failing source or a refused grant ends the sign-in at once.

#include "../http/fakehttpserver.h"

#include "core/auth/dpopprover.h"
#include "core/auth/jwt.h"
#include "core/auth/oauthauthenticator.h"
#include "core/auth/secretstore.h"
#include "core/transport/streamablehttptransport.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QUrlQuery>

#include <algorithm>
#include <optional>

using namespace Toolgate;
using namespace TestHttp;

namespace {

QMap<QString, QString> formFields(const QByteArray &body)
{
    QMap<QString, QString> fields;
    const QUrlQuery query(QString::fromUtf8(body).replace(u'+', u' '));
    for (const auto &[k, v] : query.queryItems(QUrl::FullyDecoded))
        fields.insert(k, v);
    return fields;
}

QJsonObject proofPart(const QByteArray &proof, int index)
{
    return QJsonDocument::fromJson(QByteArray::fromBase64(proof.split('.').value(index), QByteArray::Base64UrlEncoding)).object();
}

struct DpopFake
{
    Server server;
    bool offerDpop = true;
    QByteArray asNonce; ///< non-empty: the token endpoint insists on it
    QByteArray rsNonce; ///< non-empty: the MCP endpoint insists on it
    QList<Request> tokenRequests;
    QList<Request> mcpRequests;
    QStringList refusedAssertions;

    DpopFake()
    {
        server.setHandler([this](Exchange *e) {
            const Request &r = e->request();
            const QString base = QStringLiteral("http://127.0.0.1:%1").arg(server.port());
            if (r.path == "/.well-known/oauth-protected-resource/mcp") {
                const QJsonObject prm{{QStringLiteral("resource"), QString(base + QStringLiteral("/mcp"))},
                                      {QStringLiteral("authorization_servers"), QJsonArray{base}}};
                e->respondJson(200, QJsonDocument(prm).toJson(QJsonDocument::Compact));
            } else if (r.path == "/.well-known/oauth-authorization-server") {
                QJsonObject as{{QStringLiteral("issuer"), base},
                               {QStringLiteral("authorization_endpoint"), QString(base + QStringLiteral("/authorize"))},
                               {QStringLiteral("token_endpoint"), QString(base + QStringLiteral("/token"))},
                               {QStringLiteral("code_challenge_methods_supported"), QJsonArray{QStringLiteral("S256")}}};
                if (offerDpop)
                    as.insert(QStringLiteral("dpop_signing_alg_values_supported"), QJsonArray{QStringLiteral("ES256")});
                e->respondJson(200, QJsonDocument(as).toJson(QJsonDocument::Compact));
            } else if (r.path == "/token") {
                tokenRequests.append(r);
                const QByteArray proof = r.header("dpop");
                const auto fields = formFields(r.body);
                if (refusedAssertions.contains(fields.value(QStringLiteral("assertion")))) {
                    e->respondJson(400, R"({"error":"invalid_grant","error_description":"the workload token has expired"})");
                } else if (!proof.isEmpty() && !asNonce.isEmpty()
                           && proofPart(proof, 1).value(QLatin1String("nonce")).toString().toUtf8() != asNonce) {
                    e->respondJson(400, R"({"error":"use_dpop_nonce"})", {{"DPoP-Nonce", asNonce}});
                } else if (!proof.isEmpty()) {
                    e->respondJson(200, R"({"access_token":"dpop-at","token_type":"DPoP","expires_in":3600})");
                } else {
                    e->respondJson(200, R"({"access_token":"bearer-at","token_type":"Bearer","expires_in":3600})");
                }
            } else if (r.path == "/mcp" && r.method == "POST") {
                mcpRequests.append(r);
                const QByteArray authorization = r.header("authorization");
                const QByteArray proof = r.header("dpop");
                const bool dpopOk = authorization == "DPoP dpop-at" && !proof.isEmpty()
                    && proofPart(proof, 1).value(QLatin1String("ath")).toString().toLatin1()
                        == DpopProver::accessTokenHash(QStringLiteral("dpop-at"));
                if (!dpopOk && authorization != "Bearer bearer-at") {
                    const QByteArray scheme = offerDpop ? "DPoP" : "Bearer";
                    e->respond(401, {},
                               {{"WWW-Authenticate",
                                 scheme + " resource_metadata=\"" + base.toUtf8() + "/.well-known/oauth-protected-resource/mcp\""}});
                    return;
                }
                if (dpopOk && !rsNonce.isEmpty() && proofPart(proof, 1).value(QLatin1String("nonce")).toString().toUtf8() != rsNonce) {
                    e->respond(401, {}, {{"WWW-Authenticate", "DPoP error=\"use_dpop_nonce\""}, {"DPoP-Nonce", rsNonce}});
                    return;
                }
                e->respondJson(200, R"({"jsonrpc":"2.0","id":1,"result":{"tools":[]}})");
            } else {
                e->respond(r.method == "GET" && r.path == "/mcp" ? 405 : 404);
            }
        });
    }
};

OAuthAuthenticator::Options clientCredentials(const DpopFake &fake, std::shared_ptr<MemorySecretStore> store)
{
    OAuthAuthenticator::Options options;
    options.serverUrl = fake.server.url();
    options.store = std::move(store);
    options.client.grant = OAuthClientSettings::Grant::ClientCredentials;
    options.client.clientId = QStringLiteral("machine");
    options.client.clientSecret = QStringLiteral("machine-secret");
    options.client.tokenEndpointAuthMethod = QStringLiteral("client_secret_post");
    return options;
}

OAuthAuthenticator::Options workload(const DpopFake &fake, const QStringList &command)
{
    OAuthAuthenticator::Options options;
    options.serverUrl = fake.server.url();
    options.client.grant = OAuthClientSettings::Grant::JwtBearer;
    options.client.clientId = QStringLiteral("workload");
    options.client.assertion.kind = AssertionSource::Kind::Command;
    options.client.assertion.command = command;
    return options;
}

/// Sends tools/list through authenticator; the answer (empty when none came).
QJsonObject listTools(const DpopFake &fake, std::shared_ptr<HttpAuthenticator> authenticator)
{
    HttpTransportOptions options;
    options.url = fake.server.url();
    options.authenticator = std::move(authenticator);
    StreamableHttpTransport transport(options);
    QSignalSpy received(&transport, &Transport::messageReceived);
    transport.start();
    if (!QTest::qWaitFor([&] { return transport.isOpen(); }, 5000))
        return {};
    transport.send(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})");
    if (!QTest::qWaitFor([&] { return received.count() > 0; }, 15000))
        return {};
    return QJsonDocument::fromJson(received.at(0).at(0).toByteArray()).object();
}

QByteArray storedValue(MemorySecretStore &store, const QString &key)
{
    QObject context;
    std::optional<Result<QByteArray>> stored;
    store.read(key, &context, [&](const Result<QByteArray> &r) { stored = r; });
    if (!QTest::qWaitFor([&] { return stored.has_value(); }, 5000) || !*stored)
        return {};
    return stored->value();
}

QString thumbprintOf(const QByteArray &proof)
{
    const QJsonObject jwk = proofPart(proof, 0).value(QLatin1String("jwk")).toObject();
    const QByteArray canonical = QJsonDocument(jwk).toJson(QJsonDocument::Compact); // sorted, as RFC 7638 wants
    return QString::fromLatin1(Jwt::base64Url(QCryptographicHash::hash(canonical, QCryptographicHash::Sha256)));
}

} // namespace

class tst_DpopSignIn : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void tokensBoundToTheKeptKey();
    void noncesOfBothServers();
    void bearerWhereDpopIsNotOffered();
    void jwtBearerGrant();
    void failingTokenSourceEndsTheSignIn();
    void refusedGrantIsNotRetried();
};

void tst_DpopSignIn::init()
{
    if (!Jwt::canSign())
        QSKIP("this build has no OpenSSL, so no DPoP");
}

void tst_DpopSignIn::tokensBoundToTheKeptKey()
{
    DpopFake fake;
    auto store = std::make_shared<MemorySecretStore>();
    auto authenticator = std::make_shared<OAuthAuthenticator>(clientCredentials(fake, store));
    const QJsonObject answer = listTools(fake, authenticator);
    QVERIFY2(answer.contains(QLatin1String("result")), QJsonDocument(answer).toJson().constData());

    // The token request proved the key: POST to the token endpoint, no ath.
    QCOMPARE(fake.tokenRequests.size(), 1);
    const QByteArray tokenProof = fake.tokenRequests.at(0).header("dpop");
    QVERIFY(!tokenProof.isEmpty());
    QCOMPARE(proofPart(tokenProof, 0).value(QLatin1String("typ")).toString(), QStringLiteral("dpop+jwt"));
    QCOMPARE(proofPart(tokenProof, 1).value(QLatin1String("htm")).toString(), QStringLiteral("POST"));
    QCOMPARE(proofPart(tokenProof, 1).value(QLatin1String("htu")).toString(), fake.server.url(QStringLiteral("/token")).toString());
    QVERIFY(!proofPart(tokenProof, 1).contains(QLatin1String("ath")));

    // The key is in the store, and it is the key of the proofs.
    const auto kept = DpopProver::fromPrivateKeyPem(storedValue(*store, authenticator->dpopKeyName()));
    QVERIFY(kept);
    QCOMPARE(thumbprintOf(tokenProof), QString::fromLatin1(kept->thumbprint()));
    const QByteArray mcpProof = fake.mcpRequests.last().header("dpop");
    QCOMPARE(fake.mcpRequests.last().header("authorization"), QByteArray("DPoP dpop-at"));
    QCOMPARE(thumbprintOf(mcpProof), QString::fromLatin1(kept->thumbprint()));
    QCOMPARE(proofPart(mcpProof, 1).value(QLatin1String("htu")).toString(), fake.server.url().toString());
    // The saved token says what it is bound to; the saved record holds no key.
    const QByteArray savedToken = storedValue(*store, authenticator->tokenKey());
    QVERIFY(savedToken.contains("\"token_type\":\"DPoP\""));
    QVERIFY(!savedToken.contains("PRIVATE KEY"));

    // The next run (a new authenticator, the same keychain) presents the saved token with the same key.
    const qsizetype before = fake.mcpRequests.size();
    auto again = std::make_shared<OAuthAuthenticator>(clientCredentials(fake, store));
    QVERIFY(listTools(fake, again).contains(QLatin1String("result")));
    QCOMPARE(fake.tokenRequests.size(), 1); // no new sign-in
    QVERIFY(fake.mcpRequests.size() > before);
    QCOMPARE(thumbprintOf(fake.mcpRequests.last().header("dpop")), QString::fromLatin1(kept->thumbprint()));
    // Every proof was fresh.
    QSet<QString> jtis;
    for (const Request &request : std::as_const(fake.mcpRequests)) {
        const QByteArray proof = request.header("dpop");
        if (!proof.isEmpty())
            jtis.insert(proofPart(proof, 1).value(QLatin1String("jti")).toString());
    }
    QCOMPARE(jtis.size(), qsizetype(std::count_if(fake.mcpRequests.cbegin(), fake.mcpRequests.cend(), [](const Request &r) {
                 return !r.header("dpop").isEmpty();
             })));
}

void tst_DpopSignIn::noncesOfBothServers()
{
    DpopFake fake;
    fake.asNonce = "as-nonce-1";
    fake.rsNonce = "rs-nonce-1";
    auto authenticator = std::make_shared<OAuthAuthenticator>(clientCredentials(fake, std::make_shared<MemorySecretStore>()));
    const QJsonObject answer = listTools(fake, authenticator);
    QVERIFY2(answer.contains(QLatin1String("result")), QJsonDocument(answer).toJson().constData());
    // The token endpoint asked once for its nonce; the request went again with it.
    QCOMPARE(fake.tokenRequests.size(), 2);
    QVERIFY(!proofPart(fake.tokenRequests.at(0).header("dpop"), 1).contains(QLatin1String("nonce")));
    QCOMPARE(proofPart(fake.tokenRequests.at(1).header("dpop"), 1).value(QLatin1String("nonce")).toString(), QStringLiteral("as-nonce-1"));
    // So did the MCP server, without a new sign-in; its nonce went to it only.
    const QJsonObject lastClaims = proofPart(fake.mcpRequests.last().header("dpop"), 1);
    QCOMPARE(lastClaims.value(QLatin1String("nonce")).toString(), QStringLiteral("rs-nonce-1"));
}

void tst_DpopSignIn::bearerWhereDpopIsNotOffered()
{
    DpopFake fake;
    fake.offerDpop = false;
    auto store = std::make_shared<MemorySecretStore>();
    auto authenticator = std::make_shared<OAuthAuthenticator>(clientCredentials(fake, store));
    const QJsonObject answer = listTools(fake, authenticator);
    QVERIFY2(answer.contains(QLatin1String("result")), QJsonDocument(answer).toJson().constData());
    QCOMPARE(fake.tokenRequests.size(), 1);
    QVERIFY(fake.tokenRequests.at(0).header("dpop").isEmpty());
    QCOMPARE(fake.mcpRequests.last().header("authorization"), QByteArray("Bearer bearer-at"));
    QVERIFY(fake.mcpRequests.last().header("dpop").isEmpty());
    QVERIFY(storedValue(*store, authenticator->dpopKeyName()).isEmpty()); // no key made for nothing
}

void tst_DpopSignIn::jwtBearerGrant()
{
    DpopFake fake;
    fake.offerDpop = false;
    auto authenticator = std::make_shared<OAuthAuthenticator>(
        workload(fake, {QStringLiteral("printf"), QStringLiteral("workload.jwt.sig\n")}));
    const QJsonObject answer = listTools(fake, authenticator);
    QVERIFY2(answer.contains(QLatin1String("result")), QJsonDocument(answer).toJson().constData());
    QCOMPARE(fake.tokenRequests.size(), 1);
    const auto fields = formFields(fake.tokenRequests.at(0).body);
    QCOMPARE(fields.value(QStringLiteral("grant_type")), QStringLiteral("urn:ietf:params:oauth:grant-type:jwt-bearer"));
    QCOMPARE(fields.value(QStringLiteral("assertion")), QStringLiteral("workload.jwt.sig"));
    QCOMPARE(fields.value(QStringLiteral("resource")), fake.server.url().toString());
    QCOMPARE(fields.value(QStringLiteral("client_id")), QStringLiteral("workload"));
}

void tst_DpopSignIn::failingTokenSourceEndsTheSignIn()
{
    DpopFake fake;
    auto authenticator = std::make_shared<OAuthAuthenticator>(
        workload(fake, {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo 'no workload identity here' >&2; exit 2")}));
    const QJsonObject answer = listTools(fake, authenticator);
    const QString message = answer.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString();
    QVERIFY2(message.contains(QLatin1String("exit code 2")) && message.contains(QLatin1String("no workload identity here")),
             qPrintable(message));
    QVERIFY(fake.tokenRequests.isEmpty());
}

void tst_DpopSignIn::refusedGrantIsNotRetried()
{
    DpopFake fake;
    fake.offerDpop = false;
    fake.refusedAssertions = {QStringLiteral("expired.jwt.sig")};
    auto authenticator = std::make_shared<OAuthAuthenticator>(
        workload(fake, {QStringLiteral("printf"), QStringLiteral("expired.jwt.sig")}));
    const QJsonObject answer = listTools(fake, authenticator);
    const QString message = answer.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString();
    QVERIFY2(message.contains(QLatin1String("invalid_grant")), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1String("expired.jwt.sig")), qPrintable(message));
    // One token request: neither the same token again nor another grant.
    QCOMPARE(fake.tokenRequests.size(), 1);
}

QTEST_GUILESS_MAIN(tst_DpopSignIn)
#include "tst_dpopsignin.moc"
