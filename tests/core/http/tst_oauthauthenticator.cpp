// OAuthAuthenticator with the Streamable HTTP transport against a scripted local server that is
// MCP server and authorization server at once: a saved sign-in is reused, an expired one is
// renewed with its refresh token, a full sign-in goes through the loopback redirect, and
// servers whose metadata does not add up are refused.

#include "fakehttpserver.h"
#include "germantranslation.h"

#include "core/auth/authorizationuseragent.h"
#include "core/auth/oauthauthenticator.h"
#include "core/auth/secretstore.h"
#include "core/common/translations.h"
#include "core/transport/streamablehttptransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QScopeGuard>
#include <QTest>
#include <QTranslator>
#include <QUrlQuery>

using namespace Toolgate;
using namespace TestHttp;

namespace {

QMap<QString, QString> form(const QByteArray &body)
{
    QMap<QString, QString> fields;
    const QUrlQuery query(QString::fromUtf8(body).replace(u'+', u' '));
    for (const auto &[k, v] : query.queryItems(QUrl::FullyDecoded))
        fields.insert(k, v);
    return fields;
}

/// The MCP endpoint accepts only `token`; the rest is OAuth metadata and endpoints.
struct Fake
{
    Server server;
    QByteArray validToken = "Bearer at-2";
    QList<QMap<QString, QString>> tokenRequests;
    QList<QUrl> authorizationRequests;
    QString prmResource; // empty: the server's own URL
    QJsonObject extraAsMetadata;

    Fake()
    {
        server.setHandler([this](Exchange *e) {
            const Request &r = e->request();
            const QString base = QStringLiteral("http://127.0.0.1:%1").arg(server.port());
            if (r.path == "/.well-known/oauth-protected-resource/mcp") {
                const QJsonObject prm{{QStringLiteral("resource"), prmResource.isEmpty() ? base + QStringLiteral("/mcp") : prmResource},
                                      {QStringLiteral("authorization_servers"), QJsonArray{base}}};
                e->respondJson(200, QJsonDocument(prm).toJson(QJsonDocument::Compact));
            } else if (r.path == "/.well-known/oauth-authorization-server") {
                QJsonObject as{{QStringLiteral("issuer"), base},
                               {QStringLiteral("authorization_endpoint"), QString(base + QStringLiteral("/authorize"))},
                               {QStringLiteral("token_endpoint"), QString(base + QStringLiteral("/token"))},
                               {QStringLiteral("code_challenge_methods_supported"), QJsonArray{QStringLiteral("S256")}}};
                for (auto it = extraAsMetadata.begin(); it != extraAsMetadata.end(); ++it)
                    as.insert(it.key(), it.value());
                e->respondJson(200, QJsonDocument(as).toJson(QJsonDocument::Compact));
            } else if (r.path == "/token") {
                tokenRequests.append(form(r.body));
                e->respondJson(200, R"({"access_token":"at-2","token_type":"Bearer","expires_in":3600,"refresh_token":"rt-2"})");
            } else if (r.path == "/mcp" && r.method == "POST") {
                if (r.header("authorization") != validToken) {
                    e->respond(401, {}, {{"WWW-Authenticate", "Bearer error=\"invalid_token\", resource_metadata=\"" + base.toUtf8()
                                                                  + "/.well-known/oauth-protected-resource/mcp\""}});
                    return;
                }
                e->respondJson(200, R"({"jsonrpc":"2.0","id":1,"result":{"tools":[]}})");
            } else {
                e->respond(r.method == "GET" && r.path == "/mcp" ? 405 : 404);
            }
        });
    }
};

} // namespace

class tst_OAuthAuthenticator : public QObject
{
    Q_OBJECT

private slots:
    void savedTokenReused();
    void expiredTokenRefreshed();
    void fullSignInThroughLoopback();
    void foreignResourceRefused();
    void missingPkceRefused();
    void refusalsAreGerman();
};

/// Options for signing in to fake as client "c", with a browser that follows the redirects.
static OAuthAuthenticator::Options headlessOptions(const Fake &fake)
{
    OAuthAuthenticator::Options options;
    options.serverUrl = fake.server.url();
    options.client.clientId = QStringLiteral("c");
    options.userAgent = std::make_shared<HeadlessUserAgent>();
    return options;
}

/// Options for fake's MCP endpoint that keep the tokens in store.
static OAuthAuthenticator::Options storedOptions(const Fake &fake, std::shared_ptr<MemorySecretStore> store)
{
    OAuthAuthenticator::Options options;
    options.serverUrl = fake.server.url();
    options.store = std::move(store);
    return options;
}

/// Puts token in store under key, as an earlier sign-in would have; whether it was written.
static bool saveToken(MemorySecretStore &store, const QString &key, const QByteArray &token)
{
    QObject context;
    bool saved = false;
    store.write(key, token, &context, [&](const Result<void> &) { saved = true; });
    return QTest::qWaitFor([&] { return saved; }, 5000);
}

/// Sends tools/list to fake's MCP endpoint through authenticator; the answer, and in answered
/// whether one came.
static QJsonObject sendList(const Fake &fake, std::shared_ptr<HttpAuthenticator> authenticator, bool *answered)
{
    HttpTransportOptions options;
    options.url = fake.server.url();
    options.authenticator = std::move(authenticator);
    StreamableHttpTransport transport(options);
    QSignalSpy received(&transport, &Transport::messageReceived);
    transport.start();
    *answered = QTest::qWaitFor([&] { return transport.isOpen(); }, 5000);
    if (!*answered)
        return {};
    transport.send(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})");
    *answered = QTest::qWaitFor([&] { return received.count() > 0; }, 15000);
    return *answered ? QJsonDocument::fromJson(received.at(0).at(0).toByteArray()).object() : QJsonObject();
}

void tst_OAuthAuthenticator::savedTokenReused()
{
    Fake fake;
    auto store = std::make_shared<MemorySecretStore>();
    auto authenticator = std::make_shared<OAuthAuthenticator>(storedOptions(fake, store));
    QVERIFY(saveToken(*store, authenticator->tokenKey(), R"({"access_token":"at-2","scope":""})"));

    bool answered = false;
    const QJsonObject answer = sendList(fake, authenticator, &answered);
    QVERIFY(answered);
    QVERIFY2(answer.contains(QLatin1String("result")), QJsonDocument(answer).toJson().constData());
    QVERIFY(fake.tokenRequests.isEmpty()); // no sign-in needed
}

void tst_OAuthAuthenticator::expiredTokenRefreshed()
{
    Fake fake;
    auto store = std::make_shared<MemorySecretStore>();
    OAuthAuthenticator::Options options = storedOptions(fake, store);
    options.client.clientId = QStringLiteral("pre-registered");
    options.userAgent = std::make_shared<HeadlessUserAgent>();
    auto authenticator = std::make_shared<OAuthAuthenticator>(options);
    QVERIFY(saveToken(*store, authenticator->tokenKey(), R"({"access_token":"at-1","refresh_token":"rt-1"})"));

    bool answered = false;
    const QJsonObject answer = sendList(fake, authenticator, &answered);
    QVERIFY(answered);
    QVERIFY2(answer.contains(QLatin1String("result")), QJsonDocument(answer).toJson().constData());
    QCOMPARE(fake.tokenRequests.size(), 1);
    const auto request = fake.tokenRequests.at(0);
    QCOMPARE(request.value(QStringLiteral("grant_type")), QStringLiteral("refresh_token"));
    QCOMPARE(request.value(QStringLiteral("refresh_token")), QStringLiteral("rt-1"));
    QCOMPARE(request.value(QStringLiteral("resource")), fake.server.url().toString());
    QCOMPARE(request.value(QStringLiteral("client_id")), QStringLiteral("pre-registered"));
    QVERIFY(fake.authorizationRequests.isEmpty());
    // The renewed tokens were saved.
    QObject context;
    std::optional<Result<QByteArray>> stored;
    store->read(authenticator->tokenKey(), &context, [&](const Result<QByteArray> &r) { stored = r; });
    QTRY_VERIFY(stored.has_value());
    QVERIFY(stored->value().contains("rt-2"));
}

void tst_OAuthAuthenticator::fullSignInThroughLoopback()
{
    Fake fake;
    // The "browser": visits the authorization URL, and the authorization server (this test)
    // sends it to the loopback redirect with a code and the state.
    QNetworkAccessManager browser;
    QUrl visited;
    auto agent = std::make_shared<LoopbackUserAgent>([&](const QUrl &url) {
        visited = url;
        const QUrlQuery query(url);
        QUrl redirect(query.queryItemValue(QStringLiteral("redirect_uri"), QUrl::FullyDecoded));
        redirect.setQuery(QStringLiteral("code=c-1&state=") + query.queryItemValue(QStringLiteral("state"), QUrl::FullyEncoded));
        QNetworkReply *reply = browser.get(QNetworkRequest(redirect));
        QObject::connect(reply, &QNetworkReply::finished, reply, &QObject::deleteLater);
        return true;
    }, LoopbackUserAgent::Options{0, std::chrono::seconds(10)});
    OAuthAuthenticator::Options options;
    options.serverUrl = fake.server.url();
    options.client.clientId = QStringLiteral("desktop-app");
    options.userAgent = agent;
    bool answered = false;
    const QJsonObject answer = sendList(fake, std::make_shared<OAuthAuthenticator>(options), &answered);
    QVERIFY(answered);
    QVERIFY2(answer.contains(QLatin1String("result")), QJsonDocument(answer).toJson().constData());
    const QUrlQuery query(visited);
    QCOMPARE(query.queryItemValue(QStringLiteral("code_challenge_method")), QStringLiteral("S256"));
    QVERIFY(query.queryItemValue(QStringLiteral("redirect_uri"), QUrl::FullyDecoded).startsWith(QLatin1String("http://127.0.0.1:")));
    QCOMPARE(query.queryItemValue(QStringLiteral("resource"), QUrl::FullyDecoded), fake.server.url().toString());
    QCOMPARE(fake.tokenRequests.size(), 1);
    QCOMPARE(fake.tokenRequests.at(0).value(QStringLiteral("grant_type")), QStringLiteral("authorization_code"));
    QCOMPARE(fake.tokenRequests.at(0).value(QStringLiteral("code")), QStringLiteral("c-1"));
    QVERIFY(fake.tokenRequests.at(0).value(QStringLiteral("code_verifier")).size() >= 43);
}

void tst_OAuthAuthenticator::foreignResourceRefused()
{
    Fake fake;
    fake.prmResource = QStringLiteral("https://evil.example.com/mcp");
    const OAuthAuthenticator::Options options = headlessOptions(fake);
    bool answered = false;
    const QJsonObject answer = sendList(fake, std::make_shared<OAuthAuthenticator>(options), &answered);
    QVERIFY(answered);
    const QString message = answer.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString();
    QVERIFY2(message.contains(QLatin1String("evil.example.com")) && message.contains(QLatin1String("refused")), qPrintable(message));
    QVERIFY(fake.tokenRequests.isEmpty());
}

void tst_OAuthAuthenticator::missingPkceRefused()
{
    Fake fake;
    fake.extraAsMetadata.insert(QStringLiteral("code_challenge_methods_supported"), QJsonArray{QStringLiteral("plain")});
    const OAuthAuthenticator::Options options = headlessOptions(fake);
    bool answered = false;
    const QJsonObject answer = sendList(fake, std::make_shared<OAuthAuthenticator>(options), &answered);
    QVERIFY(answered);
    const QString message = answer.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString();
    QVERIFY2(message.contains(QLatin1String("PKCE")), qPrintable(message));
}

// Under a German locale a refused sign-in says why in German: the sentences are the core's own.
void tst_OAuthAuthenticator::refusalsAreGerman()
{
    const TestSupport::GermanTranslation german;
    QVERIFY(german.installed());
    {
        Fake fake;
        fake.prmResource = QStringLiteral("https://evil.example.com/mcp");
        bool answered = false;
        const QJsonObject answer = sendList(fake, std::make_shared<OAuthAuthenticator>(headlessOptions(fake)), &answered);
        QVERIFY(answered);
        const QString message = answer.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString();
        QVERIFY2(message.contains(QStringLiteral("die Anmeldung bei ")) && message.contains(QStringLiteral(" ist fehlgeschlagen: seine Metadaten geben \"https://evil.example.com/mcp\" an"))
                     && message.contains(QStringLiteral("aus Sicherheitsgründen abgelehnt")),
                 qPrintable(message));
    }
    {
        Fake fake;
        fake.extraAsMetadata.insert(QStringLiteral("code_challenge_methods_supported"), QJsonArray{QStringLiteral("plain")});
        bool answered = false;
        const QJsonObject answer = sendList(fake, std::make_shared<OAuthAuthenticator>(headlessOptions(fake)), &answered);
        QVERIFY(answered);
        const QString message = answer.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString();
        QVERIFY2(message.contains(QStringLiteral("sein Autorisierungsserver bietet kein PKCE mit S256")), qPrintable(message));
    }
}

QTEST_GUILESS_MAIN(tst_OAuthAuthenticator)
#include "tst_oauthauthenticator.moc"
