// What an HTTP server and its authorization server tell us during OAuth sign-in (core/auth): the
// WWW-Authenticate header of a 401/403, the protected resource and authorization server metadata
// documents, and the URLs derived from them; plus the JWTs we read (claims) and sign.
//
// Input: a metadata document (or any text), then optionally a line "--" and the server URL:
//     {"resource":"https://mcp.example.com/mcp","authorization_servers":["https://as.example.com"]}
//     --
//     https://mcp.example.com/mcp
// The whole input is also read as a WWW-Authenticate header value and as a JWT.
// Checks, besides the sanitizers: a server's canonical resource is stable when canonicalised again
// and covers the server itself; discovery URLs stay on the server's origin; a token we sign reads
// back with the claims we signed and verifies.

#include "fuzzsupport.h"

#include "core/auth/jwt.h"
#include "core/auth/oauthclientsettings.h"
#include "core/auth/oauthmetadata.h"
#include "core/auth/wwwauthenticate.h"

#include <QJsonDocument>

using namespace Toolgate;

namespace {

// A throw-away P-256 key made for this fuzzer (openssl genpkey -algorithm EC
// -pkeyopt ec_paramgen_curve:P-256); it signs nothing but fuzz inputs.
constexpr char testKey[] = "-----BEGIN PRIVATE KEY-----\n"
                           "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQggboQ2R7IsDg0Mof0\n"
                           "vh2OIHckhKQHza+pxyZgLar6kvWhRANCAARKI1CiWKn5XAm7mdvgvFg6LvingJKk\n"
                           "/lA/6lmdj/aeqaPAqjrILvfH0PGwiO/ijhgJ4mJ8e8kIJmE+ASVhkQgJ\n"
                           "-----END PRIVATE KEY-----\n";

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    return a.scheme() == b.scheme() && a.host() == b.host() && a.port() == b.port();
}

void checkServerUrl(const QUrl &server)
{
    const QString canonical = OAuthDiscovery::canonicalResource(server);
    for (const QUrl &url : OAuthDiscovery::protectedResourceUrls(server))
        TOOLGATE_FUZZ_CHECK(sameOrigin(url, server.adjusted(QUrl::RemoveUserInfo)) || !server.isValid(), url.toEncoded());
    for (const QUrl &url : OAuthDiscovery::authorizationServerUrls(server))
        TOOLGATE_FUZZ_CHECK(sameOrigin(url, server.adjusted(QUrl::RemoveUserInfo)) || !server.isValid(), url.toEncoded());
    Q_UNUSED(AuthorizationServerMetadata::defaults(server));

    const bool web = server.isValid() && !server.host().isEmpty()
        && (server.scheme() == QLatin1String("http") || server.scheme() == QLatin1String("https"));
    if (!web)
        return;
    TOOLGATE_FUZZ_CHECK(OAuthDiscovery::canonicalResource(QUrl(canonical)) == canonical,
                        "canonicalResource() is not stable: " + server.toEncoded() + " -> " + canonical.toUtf8());
    TOOLGATE_FUZZ_CHECK(OAuthDiscovery::resourceCovers(canonical, server),
                        "a server's own resource does not cover it: " + server.toEncoded() + " -> " + canonical.toUtf8());
    TOOLGATE_FUZZ_CHECK(OAuthDiscovery::sameIssuer(canonical, canonical + u'/'), canonical.toUtf8());
}

void checkHeader(const QByteArray &header)
{
    const QList<AuthChallenge> challenges = AuthChallenge::parse(header);
    for (const AuthChallenge &challenge : challenges) {
        TOOLGATE_FUZZ_CHECK(!challenge.scheme.isEmpty(), header.left(200));
        for (auto it = challenge.params.cbegin(); it != challenge.params.cend(); ++it)
            TOOLGATE_FUZZ_CHECK(it.key() == it.key().toLower() && !it.key().isEmpty(), it.key().toUtf8());
        Q_UNUSED(challenge.scopes());
        Q_UNUSED(challenge.resourceMetadata());
        Q_UNUSED(challenge.error());
        Q_UNUSED(challenge.errorDescription());
    }
    const AuthChallenge bearer = AuthChallenge::bearer(header);
    TOOLGATE_FUZZ_CHECK(bearer.scheme.isEmpty() || bearer.scheme.compare(QLatin1String("bearer"), Qt::CaseInsensitive) == 0,
                        bearer.scheme.toUtf8());
}

void checkDocument(const QJsonObject &document, const QUrl &server)
{
    if (const auto resource = ProtectedResourceMetadata::fromJson(document)) {
        TOOLGATE_FUZZ_CHECK(!resource->resource.isEmpty(), "empty resource accepted");
        Q_UNUSED(OAuthDiscovery::resourceCovers(resource->resource, server));
        for (const QString &issuer : resource->authorizationServers)
            Q_UNUSED(OAuthDiscovery::authorizationServerUrls(QUrl(issuer)));
    }
    if (const auto as = AuthorizationServerMetadata::fromJson(document)) {
        TOOLGATE_FUZZ_CHECK(!as->issuer.isEmpty() && as->tokenEndpoint.isValid() && !as->tokenEndpoint.isRelative(),
                            "unusable authorization server metadata accepted");
        Q_UNUSED(OAuthDiscovery::sameIssuer(as->issuer, server.toString()));
    }
    const OAuthClientSettings settings = OAuthClientSettings::fromJson(document);
    Q_UNUSED(OAuthClientSettings::grantName(settings.grant));

    if (Jwt::canSign()) {
        const auto token = Jwt::signEs256(document.value(QLatin1String("header")).toObject(), document, testKey);
        TOOLGATE_FUZZ_CHECK(token.ok(), "signing failed");
        TOOLGATE_FUZZ_CHECK(Jwt::claims(token.value()) == document, "the claims do not read back: " + token.value().left(200));
        const auto verified = Jwt::verifyEs256(token.value(), testKey);
        TOOLGATE_FUZZ_CHECK(verified.ok() && verified.value(), "our own signature does not verify");
    }
}

} // namespace

TOOLGATE_FUZZ_INITIALIZE(Fuzz::quietLogging)

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text = Fuzz::input(data, size);
    const auto [documentText, urlText] = Fuzz::splitAt(text, "--");
    const QUrl server(QString::fromUtf8(urlText.trimmed()));

    checkHeader(text);
    checkServerUrl(server);
    checkServerUrl(QUrl(QString::fromUtf8(documentText.trimmed())));

    const QJsonDocument document = QJsonDocument::fromJson(documentText);
    if (document.isObject())
        checkDocument(document.object(), server);

    // Tokens from servers are read without a signature check (claims) or checked against our key.
    Q_UNUSED(Jwt::claims(text.trimmed()));
    if (Jwt::canSign()) {
        const auto verified = Jwt::verifyEs256(text.trimmed(), testKey);
        TOOLGATE_FUZZ_CHECK(verified.ok(), "the key did not load");
    }
    return 0;
}
