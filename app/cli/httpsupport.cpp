#include "httpsupport.h"

#include "auth/authorizationuseragent.h"
#include "auth/oauthauthenticator.h"
#include "auth/secretstore.h"
#include "jsonrpc/jsonrpcerror.h"
#include "transport/httptransportfactory.h"
#include "transport/transport.h"

#include <QTextStream>
#include <QUrl>

namespace Toolgate {

namespace HttpSupport {

namespace {

void printLine(const QString &line)
{
    QTextStream(stderr) << line << '\n';
}

std::shared_ptr<SecretStore> keychain()
{
    // One store for the run: it remembers when the keychain is missing and warns only once.
    static const std::shared_ptr<SecretStore> store = std::make_shared<KeychainSecretStore>(QStringLiteral("Toolgate"));
    return store;
}

} // namespace

Result<std::pair<QString, QString>> parseHeader(const QString &text)
{
    const qsizetype colon = text.indexOf(u':');
    const QString name = colon > 0 ? text.left(colon).trimmed() : QString();
    static const QString allowed = QStringLiteral("!#$%&'*+-.^_`|~");
    bool valid = !name.isEmpty();
    for (const QChar c : name)
        valid = valid && c.unicode() < 128 && (c.isLetterOrNumber() || allowed.contains(c));
    const QString value = colon > 0 ? text.mid(colon + 1).trimmed() : QString();
    if (!valid || value.contains(u'\n') || value.contains(u'\r'))
        return makeError(ErrorCode::InvalidArguments,
                         QStringLiteral("--header wants \"Name: value\" (for example \"X-Api-Key: 123\"), not \"%1\"").arg(name.isEmpty() ? text : name));
    return std::pair<QString, QString>(name, value);
}

Result<ServerConfig> inlineServer(const QString &url, const QStringList &headers)
{
    const QUrl parsed(url.trimmed(), QUrl::StrictMode);
    if (!parsed.isValid() || (parsed.scheme() != QLatin1String("http") && parsed.scheme() != QLatin1String("https"))
        || parsed.host().isEmpty()) {
        return makeError(ErrorCode::InvalidArguments,
                         QStringLiteral("--url wants an http:// or https:// address such as http://127.0.0.1:3001/mcp, not \"%1\"").arg(url));
    }
    ServerConfig config;
    config.name = parsed.host();
    config.transport = ServerConfig::Transport::Http;
    config.url = parsed.toString();
    for (const QString &header : headers) {
        const auto pair = parseHeader(header);
        if (!pair)
            return pair.error();
        config.headers.insert(pair->first, pair->second);
    }
    return config;
}

Result<std::unique_ptr<Transport>> createTransport(const ServerConfig &config, bool inheritEnvironment, bool verbose)
{
    HttpTransportFactory::Options options;
    options.inheritFullEnvironment = inheritEnvironment;
    options.authenticatorFor = [verbose](const ServerConfig &server) -> std::shared_ptr<HttpAuthenticator> {
        OAuthAuthenticator::Options oauth;
        oauth.serverUrl = QUrl(server.url);
        oauth.client = OAuthClientSettings::fromJson(server.extra.value(QLatin1String("oauth")).toObject());
        oauth.client.clientName = QStringLiteral("Toolgate CLI");
        oauth.store = keychain();
        const QString name = server.name;
        oauth.userAgent = std::make_shared<LoopbackUserAgent>([name](const QUrl &url) {
            // The link carries no secret (only a one-time state and a PKCE challenge).
            printLine(QStringLiteral("Sign in to \"%1\" in your browser. If it does not open, visit:\n  %2")
                          .arg(name, url.toString(QUrl::FullyEncoded)));
            return LoopbackUserAgent::openWithSystemHandler(url);
        });
        auto authenticator = std::make_shared<OAuthAuthenticator>(oauth);
        if (verbose) {
            QObject::connect(authenticator.get(), &HttpAuthenticator::diagnosticLine, authenticator.get(),
                             [](const QString &line) { printLine(QStringLiteral("[auth] ") + line); });
        }
        return authenticator;
    };
    return HttpTransportFactory::create(config, options);
}

QString helpText()
{
    return QStringLiteral(
        "  --url URL           talk to the remote (HTTP) server at URL instead of a configured one;\n"
        "                      Streamable HTTP, falling back to the older HTTP+SSE transport\n"
        "  --header \"N: V\"     send this HTTP header to a --url server (repeatable)\n");
}

} // namespace HttpSupport

} // namespace Toolgate
