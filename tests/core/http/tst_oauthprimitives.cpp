// The pieces of OAuth that need no server: WWW-Authenticate parsing, the discovery URL orders,
// resource matching, PKCE, ES256 client assertions and the secret stores.

#include "core/auth/jwt.h"
#include "core/auth/oauthmetadata.h"
#include "core/auth/pkce.h"
#include "core/auth/secretstore.h"
#include "core/auth/wwwauthenticate.h"
#include "testtable.h"

#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using Toolgate::TestSupport::addColumns;

// Which metadata a row of discoveryUrls looks for.
enum class Discovery { ProtectedResource, AuthorizationServer };
Q_DECLARE_METATYPE(Discovery)

namespace {

QStringList urlStrings(const QList<QUrl> &urls)
{
    QStringList strings;
    for (const QUrl &url : urls)
        strings.append(url.toString());
    return strings;
}

} // namespace

class tst_OAuthPrimitives : public QObject
{
    Q_OBJECT

private slots:
    void wwwAuthenticate_data();
    void wwwAuthenticate();
    void discoveryUrls_data();
    void discoveryUrls();
    void resourceCovers_data();
    void resourceCovers();
    void canonicalResource();
    void pkce();
    void es256();
    void memoryStore();
    void keychainStoreAnswersOrDegrades();
    void keychainStoreWithoutASessionBusSaysMemoryFromTheStart();
};

void tst_OAuthPrimitives::wwwAuthenticate_data()
{
    addColumns<QByteArray, QString, QString, QString>("header", "error", "scope", "resourceMetadata");

    QTest::addRow("bare") << QByteArray("Bearer") << QString() << QString() << QString();
    QTest::addRow("metadata") << QByteArray(R"(Bearer resource_metadata="https://a.example/.well-known/oauth-protected-resource/mcp")")
                              << QString() << QString() << QStringLiteral("https://a.example/.well-known/oauth-protected-resource/mcp");
    QTest::addRow("step-up") << QByteArray(R"(Bearer error="insufficient_scope", scope="mcp:basic mcp:write", resource_metadata="http://h/x")")
                             << QStringLiteral("insufficient_scope") << QStringLiteral("mcp:basic mcp:write") << QStringLiteral("http://h/x");
    QTest::addRow("case and spacing") << QByteArray(R"(bearer   Scope = "a" ,ERROR=invalid_token)")
                                      << QStringLiteral("invalid_token") << QStringLiteral("a") << QString();
    QTest::addRow("escaped quote") << QByteArray(R"(Bearer error_description="say \"hi\"", error="x")")
                                   << QStringLiteral("x") << QString() << QString();
    QTest::addRow("after basic") << QByteArray(R"(Basic realm="r", Bearer scope="s1", error="invalid_token")")
                                 << QStringLiteral("invalid_token") << QStringLiteral("s1") << QString();
    QTest::addRow("comma in quoted value") << QByteArray(R"(Bearer error_description="a, b", scope="z")")
                                           << QString() << QStringLiteral("z") << QString();
}

void tst_OAuthPrimitives::wwwAuthenticate()
{
    QFETCH(QByteArray, header);
    QFETCH(QString, error);
    QFETCH(QString, scope);
    QFETCH(QString, resourceMetadata);
    const AuthChallenge bearer = AuthChallenge::bearer(header);
    QCOMPARE(bearer.scheme.toLower(), QStringLiteral("bearer"));
    QCOMPARE(bearer.error(), error);
    QCOMPARE(bearer.scopes().join(u' '), scope);
    QCOMPARE(bearer.resourceMetadata().toString(), resourceMetadata);
}

void tst_OAuthPrimitives::discoveryUrls_data()
{
    addColumns<Discovery, QString, QStringList>("discovery", "from", "expected");
    // Where the protected resource metadata of an MCP server may be, most specific first.
    QTest::addRow("resource: path") << Discovery::ProtectedResource << QStringLiteral("https://h.example/mcp")
                                    << QStringList{QStringLiteral("https://h.example/.well-known/oauth-protected-resource/mcp"),
                                                   QStringLiteral("https://h.example/.well-known/oauth-protected-resource")};
    QTest::addRow("resource: deep path, port")
        << Discovery::ProtectedResource << QStringLiteral("http://localhost:3000/a/b/")
        << QStringList{QStringLiteral("http://localhost:3000/.well-known/oauth-protected-resource/a/b"),
                       QStringLiteral("http://localhost:3000/.well-known/oauth-protected-resource")};
    QTest::addRow("resource: root") << Discovery::ProtectedResource << QStringLiteral("https://h.example")
                                    << QStringList{QStringLiteral("https://h.example/.well-known/oauth-protected-resource")};
    // Where an issuer's authorization server metadata may be, in the order to try.
    QTest::addRow("issuer: no path") << Discovery::AuthorizationServer << QStringLiteral("https://as.example")
                                     << QStringList{QStringLiteral("https://as.example/.well-known/oauth-authorization-server"),
                                                    QStringLiteral("https://as.example/.well-known/openid-configuration")};
    QTest::addRow("issuer: path") << Discovery::AuthorizationServer << QStringLiteral("https://as.example/tenant1")
                                  << QStringList{QStringLiteral("https://as.example/.well-known/oauth-authorization-server/tenant1"),
                                                 QStringLiteral("https://as.example/.well-known/openid-configuration/tenant1"),
                                                 QStringLiteral("https://as.example/tenant1/.well-known/openid-configuration")};
}

void tst_OAuthPrimitives::discoveryUrls()
{
    QFETCH(Discovery, discovery);
    QFETCH(QString, from);
    QFETCH(QStringList, expected);
    const QList<QUrl> urls = discovery == Discovery::ProtectedResource ? OAuthDiscovery::protectedResourceUrls(QUrl(from))
                                                                       : OAuthDiscovery::authorizationServerUrls(QUrl(from));
    QCOMPARE(urlStrings(urls), expected);
}

void tst_OAuthPrimitives::resourceCovers_data()
{
    addColumns<QString, QString, bool>("resource", "server", "covers");
    QTest::addRow("same") << QStringLiteral("http://localhost:3000/mcp") << QStringLiteral("http://localhost:3000/mcp") << true;
    QTest::addRow("origin") << QStringLiteral("http://localhost:3000") << QStringLiteral("http://localhost:3000/mcp") << true;
    QTest::addRow("parent") << QStringLiteral("https://h/api/") << QStringLiteral("https://h/api/mcp") << true;
    QTest::addRow("case of host") << QStringLiteral("https://H.Example/mcp") << QStringLiteral("https://h.example/mcp") << true;
    QTest::addRow("default port") << QStringLiteral("https://h:443/mcp") << QStringLiteral("https://h/mcp") << true;
    QTest::addRow("other host") << QStringLiteral("https://evil.example.com/mcp") << QStringLiteral("http://localhost:3000/mcp") << false;
    QTest::addRow("other port") << QStringLiteral("http://localhost:3001/mcp") << QStringLiteral("http://localhost:3000/mcp") << false;
    QTest::addRow("other scheme") << QStringLiteral("https://localhost:3000/mcp") << QStringLiteral("http://localhost:3000/mcp") << false;
    QTest::addRow("sibling path") << QStringLiteral("https://h/mc") << QStringLiteral("https://h/mcp") << false;
    QTest::addRow("child of server") << QStringLiteral("https://h/mcp/x") << QStringLiteral("https://h/mcp") << false;
}

void tst_OAuthPrimitives::resourceCovers()
{
    QFETCH(QString, resource);
    QFETCH(QString, server);
    QFETCH(bool, covers);
    QCOMPARE(OAuthDiscovery::resourceCovers(resource, QUrl(server)), covers);
}

void tst_OAuthPrimitives::canonicalResource()
{
    QCOMPARE(OAuthDiscovery::canonicalResource(QUrl(QStringLiteral("HTTPS://Api.Example:443/mcp/#frag"))),
             QStringLiteral("https://api.example/mcp"));
    QCOMPARE(OAuthDiscovery::canonicalResource(QUrl(QStringLiteral("http://localhost:8080"))), QStringLiteral("http://localhost:8080"));
    QCOMPARE(OAuthDiscovery::canonicalResource(QUrl(QStringLiteral("http://localhost:8080/"))), QStringLiteral("http://localhost:8080/"));
    // Every trailing slash goes, so canonicalising twice changes nothing (found by fuzz_oauth).
    QCOMPARE(OAuthDiscovery::canonicalResource(QUrl(QStringLiteral("https://api.example/mcp//"))), QStringLiteral("https://api.example/mcp"));
    QCOMPARE(OAuthDiscovery::canonicalResource(QUrl(QStringLiteral("https://api.example//"))), QStringLiteral("https://api.example/"));
    QCOMPARE(OAuthDiscovery::canonicalResource(QUrl(QStringLiteral("https://api.example/mcp/?a=1"))), QStringLiteral("https://api.example/mcp/?a=1"));
    // Qt's path normalisation needs more than one pass for these: "/a/..//./x/" becomes "//x",
    // which becomes "/x" (found by fuzz_oauth). One server, one resource.
    QCOMPARE(OAuthDiscovery::canonicalResource(QUrl(QStringLiteral("https://[::1]:8443/a/..//./x/"))), QStringLiteral("https://[::1]:8443/x"));
    QCOMPARE(OAuthDiscovery::canonicalResource(QUrl(QStringLiteral("https://api.example/.//mcp"))), QStringLiteral("https://api.example/mcp"));
    QCOMPARE(OAuthDiscovery::canonicalResource(QUrl(QStringLiteral("https://api.example/a/..//..//mcp"))), QStringLiteral("https://api.example/mcp"));
    for (const char *url : {"https://api.example///mcp", "https://api.example/a/..//./x/", "http://h/././/.//y//"}) {
        const QString once = OAuthDiscovery::canonicalResource(QUrl(QString::fromLatin1(url)));
        QCOMPARE(OAuthDiscovery::canonicalResource(QUrl(once)), once);
    }
}

void tst_OAuthPrimitives::pkce()
{
    // RFC 7636 appendix B.
    QCOMPARE(Pkce::challengeFor("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
             QByteArray("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"));
    const Pkce a = Pkce::generate();
    const Pkce b = Pkce::generate();
    QVERIFY(a.verifier.size() >= 43 && a.verifier.size() <= 128);
    QVERIFY(a.verifier != b.verifier);
    QCOMPARE(a.challenge, Pkce::challengeFor(a.verifier));
    QVERIFY(!Pkce::randomToken().contains('='));
}

void tst_OAuthPrimitives::es256()
{
    if (!Jwt::canSign())
        QSKIP("built without OpenSSL");
    QTemporaryDir dir;
    QProcess openssl;
    openssl.start(QStringLiteral("openssl"), {QStringLiteral("genpkey"), QStringLiteral("-algorithm"), QStringLiteral("EC"),
                                              QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:P-256")});
    if (!openssl.waitForFinished(10000) || openssl.exitCode() != 0)
        QSKIP("the openssl command is not available to make a test key");
    const QByteArray pem = openssl.readAllStandardOutput();
    QVERIFY(pem.contains("PRIVATE KEY"));
    const QJsonObject claims{{QStringLiteral("iss"), QStringLiteral("client")}, {QStringLiteral("aud"), QStringLiteral("https://as")}};
    const auto token = Jwt::signEs256({}, claims, pem);
    QVERIFY2(token.ok(), token.ok() ? "" : qPrintable(token.error().message));
    QCOMPARE(token->count('.'), 2);
    QCOMPARE(Jwt::claims(token.value()), claims);
    const QJsonObject header = QJsonDocument::fromJson(QByteArray::fromBase64(token->split('.').at(0), QByteArray::Base64UrlEncoding)).object();
    QCOMPARE(header.value(QStringLiteral("alg")).toString(), QStringLiteral("ES256"));
    QCOMPARE(QByteArray::fromBase64(token->split('.').at(2), QByteArray::Base64UrlEncoding).size(), 64);
    QVERIFY(Jwt::verifyEs256(token.value(), pem).value());
    QByteArray tampered = token.value();
    tampered[tampered.indexOf('.') + 2] = tampered[tampered.indexOf('.') + 2] == 'A' ? 'B' : 'A';
    QVERIFY(!Jwt::verifyEs256(tampered, pem).value());
    // Not a key, or the wrong kind of key: a clear error.
    QVERIFY(!Jwt::signEs256({}, claims, "not a key").ok());
}

void tst_OAuthPrimitives::memoryStore()
{
    MemorySecretStore store;
    QObject context;
    std::optional<Result<QByteArray>> read;
    bool written = false;
    store.write(QStringLiteral("k"), "v", &context, [&](const Result<void> &r) { written = r.ok(); });
    QVERIFY(!written); // never synchronously
    QTRY_VERIFY(written);
    store.read(QStringLiteral("k"), &context, [&](const Result<QByteArray> &r) { read = r; });
    QTRY_VERIFY(read.has_value());
    QCOMPARE(read->value(), QByteArray("v"));
    read.reset();
    store.remove(QStringLiteral("k"), &context, [](const Result<void> &) {});
    store.read(QStringLiteral("k"), &context, [&](const Result<QByteArray> &r) { read = r; });
    QTRY_VERIFY(read.has_value());
    QVERIFY(read->value().isEmpty());
}

void tst_OAuthPrimitives::keychainStoreAnswersOrDegrades()
{
    // With a keychain service this round-trips through it; on a headless machine the store must
    // answer all the same (from memory, with a warning) and never hang or write a file.
    QTemporaryDir home;
    qputenv("XDG_CONFIG_HOME", home.path().toUtf8());
    KeychainSecretStore store(QStringLiteral("Toolgate test"));
    QObject context;
    const QString key = QStringLiteral("toolgate-test-%1").arg(QCoreApplication::applicationPid());
    bool written = false;
    store.write(key, "secret-value", &context, [&](const Result<void> &r) { written = r.ok(); });
    QTRY_VERIFY_WITH_TIMEOUT(written, 30000);
    std::optional<Result<QByteArray>> read;
    store.read(key, &context, [&](const Result<QByteArray> &r) { read = r; });
    QTRY_VERIFY_WITH_TIMEOUT(read.has_value(), 30000);
    QCOMPARE(read->value(), QByteArray("secret-value"));
    bool removed = false;
    store.remove(key, &context, [&](const Result<void> &r) { removed = r.ok(); });
    QTRY_VERIFY_WITH_TIMEOUT(removed, 30000);
    QVERIFY(!store.location().isEmpty());
    // Nothing in plain text on disk.
    QProcess grep;
    grep.start(QStringLiteral("grep"), {QStringLiteral("-r"), QStringLiteral("-l"), QStringLiteral("secret-value"), home.path()});
    QVERIFY(grep.waitForFinished(10000));
    QVERIFY2(grep.readAllStandardOutput().isEmpty(), "the secret was written to a file");
}

void tst_OAuthPrimitives::keychainStoreWithoutASessionBusSaysMemoryFromTheStart()
{
    // No D-Bus session (a headless machine, a container, a plain ssh login): no keychain service can
    // answer. The store says so when it is made, so the first secret is not promised to a keychain.
    const QByteArray busBefore = qgetenv("DBUS_SESSION_BUS_ADDRESS");
    const QByteArray runtimeBefore = qgetenv("XDG_RUNTIME_DIR");
    QTemporaryDir runtime; // holds no "bus" socket
    qunsetenv("DBUS_SESSION_BUS_ADDRESS");
    qputenv("XDG_RUNTIME_DIR", runtime.path().toUtf8());
    const auto restore = qScopeGuard([&] {
        if (runtimeBefore.isEmpty())
            qunsetenv("XDG_RUNTIME_DIR");
        else
            qputenv("XDG_RUNTIME_DIR", runtimeBefore);
        if (!busBefore.isEmpty())
            qputenv("DBUS_SESSION_BUS_ADDRESS", busBefore);
    });
    KeychainSecretStore store(QStringLiteral("Toolgate test"));
    QVERIFY(store.degraded());
    QVERIFY(!store.keepsAfterQuit());
    QCOMPARE(store.location(), QStringLiteral("memory (this session only)"));
    QString why;
    store.setDegradedHandler([&why](const QString &reason) { why = reason; });
    QVERIFY(!why.isEmpty());
    // It still keeps a value for the session.
    QObject context;
    bool written = false;
    store.write(QStringLiteral("k"), "v", &context, [&](const Result<void> &r) { written = r.ok(); });
    QTRY_VERIFY(written);
}

QTEST_GUILESS_MAIN(tst_OAuthPrimitives)
#include "tst_oauthprimitives.moc"
