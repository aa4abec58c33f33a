#include "core/auth/oauthauthenticator.h"

#include "core/auth/authlogging.h"
#include "core/auth/authorizationuseragent.h"
#include "core/auth/dpopprover.h"
#include "core/common/error.h"
#include "core/auth/jwt.h"
#include "core/auth/oauthmetadata.h"
#include "core/auth/pkce.h"
#include "core/auth/secretstore.h"
#include "core/transport/httpclient.h"
#include "core/transport/httpreply.h"
#include "core/auth/wwwauthenticate.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QUrlQuery>

#include <optional>

namespace Toolgate {

namespace {

const QString grantTokenExchange = QStringLiteral("urn:ietf:params:oauth:grant-type:token-exchange");
const QString grantJwtBearer = QStringLiteral("urn:ietf:params:oauth:grant-type:jwt-bearer");
const QString methodBasic = QStringLiteral("client_secret_basic");
const QString methodPost = QStringLiteral("client_secret_post");
const QString methodNone = QStringLiteral("none");
const QString methodPrivateKeyJwt = QStringLiteral("private_key_jwt");

QByteArray formEncode(const QString &text)
{
    return text.toUtf8().toPercentEncoding();
}

QByteArray formBody(const QList<std::pair<QString, QString>> &fields)
{
    QByteArray body;
    for (const auto &[name, value] : fields) {
        if (!body.isEmpty())
            body += '&';
        body += formEncode(name) + '=' + formEncode(value);
    }
    return body;
}

QStringList unite(QStringList a, const QStringList &b)
{
    for (const QString &item : b) {
        if (!a.contains(item))
            a.append(item);
    }
    return a;
}

struct Tokens
{
    QString accessToken;
    QString refreshToken;
    QDateTime expiresAt;
    QStringList scopes;
    QString issuer;
    QString tokenType; ///< "Bearer" or "DPoP" (bound to this server's DPoP key)

    bool isEmpty() const { return accessToken.isEmpty(); }
    bool isDpop() const { return tokenType.compare(QLatin1String("DPoP"), Qt::CaseInsensitive) == 0; }
    QJsonObject toJson() const
    {
        QJsonObject o{{QLatin1String("access_token"), accessToken}, {QLatin1String("issuer"), issuer},
                      {QLatin1String("scope"), scopes.join(u' ')}};
        if (isDpop())
            o.insert(QLatin1String("token_type"), tokenType);
        if (!refreshToken.isEmpty())
            o.insert(QLatin1String("refresh_token"), refreshToken);
        if (expiresAt.isValid())
            o.insert(QLatin1String("expires_at"), expiresAt.toSecsSinceEpoch());
        return o;
    }
    static Tokens fromJson(const QJsonObject &o)
    {
        Tokens t;
        t.accessToken = o.value(QLatin1String("access_token")).toString();
        t.refreshToken = o.value(QLatin1String("refresh_token")).toString();
        t.issuer = o.value(QLatin1String("issuer")).toString();
        t.tokenType = o.value(QLatin1String("token_type")).toString(QStringLiteral("Bearer"));
        t.scopes = o.value(QLatin1String("scope")).toString().split(u' ', Qt::SkipEmptyParts);
        if (o.contains(QLatin1String("expires_at")))
            t.expiresAt = QDateTime::fromSecsSinceEpoch(o.value(QLatin1String("expires_at")).toInteger());
        return t;
    }
};

struct Client
{
    QString clientId;
    QString clientSecret;
    QString method;
    QString redirectUri;
    bool registered = false; ///< from dynamic registration (stored per issuer)

    QJsonObject toJson() const
    {
        return {{QLatin1String("client_id"), clientId}, {QLatin1String("client_secret"), clientSecret},
                {QLatin1String("token_endpoint_auth_method"), method}, {QLatin1String("redirect_uri"), redirectUri}};
    }
    static Client fromJson(const QJsonObject &o)
    {
        Client c;
        c.clientId = o.value(QLatin1String("client_id")).toString();
        c.clientSecret = o.value(QLatin1String("client_secret")).toString();
        c.method = o.value(QLatin1String("token_endpoint_auth_method")).toString();
        c.redirectUri = o.value(QLatin1String("redirect_uri")).toString();
        c.registered = true;
        return c;
    }
};

/// What one sign-in learned on its way.
struct Flow
{
    int status = 0;
    AuthChallenge bearer; ///< the server's Bearer or DPoP challenge
    bool resourceAsksDpop = false;
    bool useDpop = false; ///< token requests carry a DPoP proof (RFC 9449)
    bool stepUp = false;
    std::optional<ProtectedResourceMetadata> prm;
    AuthorizationServerMetadata as;
    bool asFromPrm = false;
    QString resource;
    Client client;
    QStringList scopes;
    QUrl redirectUri;
    Pkce pkce;
    QByteArray state;
};

using JsonCallback = std::function<void(const Result<QJsonObject> &result, int status)>;
using VoidCallback = std::function<void(const Result<void> &)>;

} // namespace

class OAuthAuthenticator::Private
{
public:
    OAuthAuthenticator *q;
    Options options;
    std::unique_ptr<HttpClient> network = std::make_unique<HttpClient>();
    std::unique_ptr<QObject> guard = std::make_unique<QObject>();
    Tokens tokens;
    bool loaded = false;
    /// This server's DPoP key (kept in the store), once a sign-in or a saved DPoP token needed it.
    std::optional<DpopProver> dpop;
    QStringList requestedScopes;
    bool running = false;
    struct Waiter
    {
        QPointer<QObject> context;
        VoidCallback done;
    };
    QList<Waiter> waiters;

    Private(OAuthAuthenticator *q, Options o) : q(q), options(std::move(o))
    {
        if (!options.store)
            options.store = std::make_shared<MemorySecretStore>();
    }

    QString serverName() const { return HttpReply::displayUrl(options.serverUrl); }

    void say(const QString &line)
    {
        qCInfo(lcAuth).noquote() << line;
        emit q->diagnosticLine(line);
    }

    // --- HTTP helpers --------------------------------------------------------------------------

    void request(HttpExchange *reply, const QString &what, JsonCallback callback)
    {
        auto body = std::make_shared<QByteArray>();
        auto tooLarge = std::make_shared<bool>(false);
        QObject::connect(reply, &HttpExchange::readyRead, guard.get(), [this, reply, body, tooLarge] {
            const QByteArray data = reply->readAll();
            if (body->size() + data.size() > options.maxResponseSize) {
                *tooLarge = true;
                reply->abort();
                return;
            }
            body->append(data);
        });
        QObject::connect(reply, &HttpExchange::finished, guard.get(), [this, reply, body, tooLarge, what, callback] {
            reply->deleteLater();
            // RFC 9449 §8: an authorization server hands out the nonce for the next proofs this way.
            if (dpop)
                dpop->setNonce(reply->url(), reply->rawHeader("DPoP-Nonce"));
            if (!*tooLarge)
                body->append(reply->readAll());
            const int status = HttpReply::statusCode(reply);
            if (*tooLarge) {
                callback(makeError(ErrorCode::MessageTooLarge, QCoreApplication::translate("Toolgate::OAuthAuthenticator", "%1 failed: the answer is too large").arg(what)), status);
                return;
            }
            if (status == 0) {
                callback(HttpReply::networkError(reply, what), 0);
                return;
            }
            const QJsonDocument document = QJsonDocument::fromJson(*body);
            if (status >= 200 && status < 300) {
                if (!document.isObject()) {
                    callback(makeError(ErrorCode::ProtocolError,
                                       QCoreApplication::translate("Toolgate::OAuthAuthenticator", "%1 failed: the answer is not a JSON object").arg(what)), status);
                    return;
                }
                callback(document.object(), status);
                return;
            }
            // OAuth errors come as {"error": ..., "error_description": ...}.
            const QJsonObject error = document.object();
            if (error.contains(QLatin1String("error"))) {
                QString message = QCoreApplication::translate("Toolgate::OAuthAuthenticator", "%1 failed: the server answered \"%2\"").arg(what, error.value(QLatin1String("error")).toString());
                const QString description = error.value(QLatin1String("error_description")).toString();
                if (!description.isEmpty())
                    message += QStringLiteral(" (%1)").arg(HttpReply::excerpt(description.toUtf8()));
                callback(makeError(ErrorCode::TransportError, message,
                                   QJsonObject{{QLatin1String("httpStatus"), status}, {QLatin1String("oauthError"), error.value(QLatin1String("error"))}}),
                         status);
                return;
            }
            callback(HttpReply::statusError(reply, *body, what, HttpReply::Endpoint::Other), status);
        });
    }

    void getJson(const QUrl &url, const QString &what, JsonCallback callback)
    {
        HttpRequest request(url);
        request.setRawHeader("Accept", "application/json");
        request.followRedirects = true; // metadata may move, but never from https to http
        request.transferTimeoutMs = int(options.requestTimeout.count());
        this->request(network->get(request), what, std::move(callback));
    }

    void postForm(const QUrl &url, const QByteArray &form, const QByteArray &authorization, const QString &what, JsonCallback callback,
                  const QByteArray &dpopProof = {})
    {
        HttpRequest request(url);
        if (!dpopProof.isEmpty())
            request.setRawHeader("DPoP", dpopProof);
        request.setRawHeader("Content-Type", QByteArrayLiteral("application/x-www-form-urlencoded"));
        request.setRawHeader("Accept", "application/json");
        request.transferTimeoutMs = int(options.requestTimeout.count());
        if (!authorization.isEmpty())
            request.setRawHeader("Authorization", authorization);
        this->request(network->post(request, form), what, std::move(callback));
    }

    void postJson(const QUrl &url, const QJsonObject &body, const QString &what, JsonCallback callback)
    {
        HttpRequest request(url);
        request.setRawHeader("Content-Type", QByteArrayLiteral("application/json"));
        request.setRawHeader("Accept", "application/json");
        request.transferTimeoutMs = int(options.requestTimeout.count());
        this->request(network->post(request, QJsonDocument(body).toJson(QJsonDocument::Compact)), what, std::move(callback));
    }

    /// Tries urls in order; the first JSON object that accept() takes wins.
    void firstJson(QList<QUrl> urls, const QString &what, std::function<bool(const QJsonObject &, const QUrl &)> accept,
                   std::function<void(bool found)> done)
    {
        if (urls.isEmpty()) {
            done(false);
            return;
        }
        const QUrl url = urls.takeFirst();
        getJson(url, what, [this, urls, what, accept, done, url](const Result<QJsonObject> &result, int status) {
            if (result && accept(result.value(), url)) {
                done(true);
                return;
            }
            qCDebug(lcAuth) << "no" << what << "at" << HttpReply::displayUrl(url) << "( HTTP" << status << ")";
            firstJson(urls, what, accept, done);
        });
    }

    // --- the flow ------------------------------------------------------------------------------

    void finish(const Result<void> &result)
    {
        running = false;
        const QList<Waiter> all = std::exchange(waiters, {});
        if (!result)
            qCInfo(lcAuth).noquote() << "authorization for" << serverName() << "failed:" << result.error().message;
        for (const Waiter &waiter : all) {
            if (waiter.context)
                waiter.done(result);
        }
    }

    void fail(const QString &message, ErrorCode code = ErrorCode::TransportError)
    {
        finish(makeError(code, QCoreApplication::translate("Toolgate::OAuthAuthenticator", "signing in to %1 failed: %2").arg(serverName(), message)));
    }

    void fail(const Error &error)
    {
        finish(makeError(ErrorCode(error.code), QCoreApplication::translate("Toolgate::OAuthAuthenticator", "signing in to %1 failed: %2").arg(serverName(), error.message)));
    }

    void start(const HttpChallenge &challenge)
    {
        auto flow = std::make_shared<Flow>();
        flow->status = challenge.statusCode;
        flow->bearer = AuthChallenge::oauth(challenge.wwwAuthenticate);
        const AuthChallenge dpopChallenge = AuthChallenge::dpop(challenge.wwwAuthenticate);
        flow->resourceAsksDpop = !dpopChallenge.scheme.isEmpty();
        flow->stepUp = challenge.statusCode == 403;
        if (dpop && !challenge.dpopNonce.isEmpty()) {
            dpop->setNonce(challenge.requestUrl, challenge.dpopNonce);
            // RFC 9449 §9: the server wants a nonce in the proof; the token is fine, so try again with it.
            if (tokens.isDpop() && !tokens.isEmpty() && dpopChallenge.error() == QLatin1String("use_dpop_nonce")) {
                qCInfo(lcAuth) << serverName() << "asked for a DPoP nonce; sending the request again with it";
                finish({});
                return;
            }
        }
        if (!loaded) {
            loaded = true;
            options.store->read(q->tokenKey(), guard.get(), [this, flow](const Result<QByteArray> &stored) {
                if (stored && !stored.value().isEmpty()) {
                    tokens = Tokens::fromJson(QJsonDocument::fromJson(stored.value()).object());
                    if (!tokens.isEmpty() && !flow->stepUp) {
                        // The refused request went out before we looked: retry with what we had. A
                        // DPoP-bound token needs its key; without it the token is of no use.
                        if (tokens.isDpop()) {
                            loadDpopKey(false, [this, flow](const Result<void> &key) {
                                if (!key || !dpop) {
                                    tokens = {};
                                    discover(flow);
                                    return;
                                }
                                useSavedTokens();
                            });
                            return;
                        }
                        useSavedTokens();
                        return;
                    }
                }
                discover(flow);
            });
            return;
        }
        discover(flow);
    }

    void useSavedTokens()
    {
        say(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "using the saved sign-in for %1").arg(serverName()));
        finish({});
    }

    // --- DPoP (RFC 9449) ---------------------------------------------------------------------

    /// Loads this server's DPoP key from the store (create: or makes and keeps a new one).
    void loadDpopKey(bool create, std::function<void(const Result<void> &)> done)
    {
        if (dpop) {
            done({});
            return;
        }
        options.store->read(q->dpopKeyName(), guard.get(), [this, create, done](const Result<QByteArray> &stored) {
            if (stored && !stored.value().isEmpty()) {
                auto prover = DpopProver::fromPrivateKeyPem(stored.value());
                if (prover) {
                    dpop = std::move(prover).value();
                    done({});
                    return;
                }
                qCWarning(lcAuth).noquote() << "the saved DPoP key of" << serverName() << "is unusable:" << prover.error().message;
            }
            if (!create) {
                done(makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::OAuthAuthenticator", "no DPoP key is saved")));
                return;
            }
            auto prover = DpopProver::generate();
            if (!prover) {
                done(prover.error());
                return;
            }
            dpop = std::move(prover).value();
            qCInfo(lcAuth) << "made a new DPoP key for" << serverName();
            options.store->write(q->dpopKeyName(), dpop->privateKeyPem(), guard.get(), [done](const Result<void> &saved) {
                if (!saved)
                    qCWarning(lcAuth).noquote() << saved.error().message;
                done({});
            });
        });
    }

    /// Decides whether this sign-in binds its tokens to a key: when the authorization server
    /// offers DPoP with ES256, or the resource asked for DPoP and the authorization server does
    /// not say which algorithms it takes. Then makes sure the key is there and goes on.
    void prepareDpop(const std::shared_ptr<Flow> &flow, std::function<void()> next)
    {
        const QStringList algorithms = flow->as.dpopSigningAlgValuesSupported;
        const bool offered = algorithms.contains(QLatin1String("ES256")) || (algorithms.isEmpty() && flow->resourceAsksDpop);
        if (!offered || !Jwt::canSign()) {
            if (!algorithms.isEmpty() || flow->resourceAsksDpop)
                qCInfo(lcAuth) << "not using DPoP with" << flow->as.issuer << "( ES256 not offered, or no OpenSSL in this build )";
            flow->useDpop = false;
            next();
            return;
        }
        flow->useDpop = true;
        loadDpopKey(true, [this, flow, next](const Result<void> &key) {
            if (!key) {
                fail(key.error());
                return;
            }
            say(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "binding the tokens for %1 to a key of its own (DPoP)").arg(serverName()));
            next();
        });
    }

    void discover(const std::shared_ptr<Flow> &flow)
    {
        QList<QUrl> urls;
        const QUrl fromHeader = flow->bearer.resourceMetadata();
        if (fromHeader.isValid() && !fromHeader.isRelative())
            urls.append(fromHeader);
        for (const QUrl &url : OAuthDiscovery::protectedResourceUrls(options.serverUrl)) {
            if (!urls.contains(url))
                urls.append(url);
        }
        firstJson(urls, QCoreApplication::translate("Toolgate::OAuthAuthenticator", "protected resource metadata"),
            [flow](const QJsonObject &object, const QUrl &) {
                auto prm = ProtectedResourceMetadata::fromJson(object);
                if (!prm)
                    return false;
                flow->prm = prm.value();
                return true;
            },
            [this, flow](bool found) {
                if (!found) {
                    // 2025-03-26: no protected resource metadata; the server's origin is the
                    // authorization server.
                    say(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "%1 publishes no protected resource metadata; using the 2025-03-26 discovery").arg(serverName()));
                    flow->resource = OAuthDiscovery::canonicalResource(options.serverUrl);
                    discoverAuthorizationServer(flow, options.serverUrl.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment),
                                                false);
                    return;
                }
                if (!OAuthDiscovery::resourceCovers(flow->prm->resource, options.serverUrl)) {
                    fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "its metadata says it is \"%1\", which is not this server's address; refused for "
                                        "safety, as the credentials would be meant for another service").arg(flow->prm->resource));
                    return;
                }
                flow->resource = flow->prm->resource;
                if (flow->prm->authorizationServers.isEmpty()) {
                    fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "its metadata names no authorization server"));
                    return;
                }
                discoverAuthorizationServer(flow, QUrl(flow->prm->authorizationServers.first()), true);
            });
    }

    void discoverAuthorizationServer(const std::shared_ptr<Flow> &flow, const QUrl &issuer, bool fromPrm)
    {
        flow->asFromPrm = fromPrm;
        auto mismatch = std::make_shared<QString>();
        firstJson(OAuthDiscovery::authorizationServerUrls(issuer), QCoreApplication::translate("Toolgate::OAuthAuthenticator", "authorization server metadata"),
            [flow, issuer, fromPrm, mismatch](const QJsonObject &object, const QUrl &) {
                auto as = AuthorizationServerMetadata::fromJson(object);
                if (!as)
                    return false;
                if (fromPrm && !OAuthDiscovery::sameIssuer(as->issuer, issuer.toString())) {
                    *mismatch = as->issuer;
                    return false;
                }
                flow->as = as.value();
                return true;
            },
            [this, flow, issuer, fromPrm, mismatch](bool found) {
                if (!found) {
                    if (!mismatch->isEmpty()) {
                        fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "the authorization server's metadata names the issuer \"%1\" instead of \"%2\"; refused for safety")
                                 .arg(*mismatch, issuer.toString()));
                        return;
                    }
                    if (fromPrm) {
                        fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "no authorization server metadata was found for %1").arg(issuer.toString()));
                        return;
                    }
                    say(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "no authorization server metadata at %1; using the default endpoints").arg(HttpReply::displayUrl(issuer)));
                    flow->as = AuthorizationServerMetadata::defaults(issuer);
                }
                qCInfo(lcAuth) << "authorization server for" << serverName() << "is" << flow->as.issuer;
                chooseScopes(flow);
                prepareDpop(flow, [this, flow] { startGrant(flow); });
            });
    }

    void startGrant(const std::shared_ptr<Flow> &flow)
    {
        switch (options.client.grant) {
        case OAuthClientSettings::Grant::ClientCredentials:
            clientCredentials(flow);
            return;
        case OAuthClientSettings::Grant::CrossAppAccess:
            crossAppAccess(flow);
            return;
        case OAuthClientSettings::Grant::JwtBearer:
            jwtBearer(flow);
            return;
        case OAuthClientSettings::Grant::AuthorizationCode:
            break;
        }
        resolveClient(flow);
    }

    void chooseScopes(const std::shared_ptr<Flow> &flow)
    {
        QStringList scopes;
        const QStringList challenged = flow->bearer.scopes();
        if (flow->stepUp)
            scopes = unite(unite(requestedScopes, tokens.scopes), challenged);
        else if (!challenged.isEmpty())
            scopes = challenged;
        else if (flow->prm && flow->prm->hasScopesSupported)
            scopes = flow->prm->scopesSupported;
        scopes = unite(scopes, options.client.extraScopes);
        // A refresh token needs offline_access where the authorization server lists it (SEP-2207).
        const QString offline = QStringLiteral("offline_access");
        if (options.client.requestOfflineAccess && options.client.grant == OAuthClientSettings::Grant::AuthorizationCode
            && flow->as.scopesSupported.contains(offline) && !scopes.isEmpty() && !scopes.contains(offline))
            scopes.append(offline);
        flow->scopes = scopes;
    }

    QString chooseMethod(const Client &client, const AuthorizationServerMetadata &as) const
    {
        if (!client.method.isEmpty())
            return client.method;
        if (!options.client.tokenEndpointAuthMethod.isEmpty() && client.clientId == options.client.clientId)
            return options.client.tokenEndpointAuthMethod;
        if (client.clientSecret.isEmpty())
            return methodNone;
        const QStringList supported = as.tokenEndpointAuthMethodsSupported;
        if (supported.isEmpty() || supported.contains(methodBasic))
            return methodBasic;
        if (supported.contains(methodPost))
            return methodPost;
        return methodBasic;
    }

    /// Adds client authentication to a token request: a header (returned) or form fields.
    Result<QByteArray> authenticateClient(const Client &client, const AuthorizationServerMetadata &as,
                                          QList<std::pair<QString, QString>> &form) const
    {
        const QString method = chooseMethod(client, as);
        if (method == methodNone && client.clientId.isEmpty())
            return QByteArray(); // a grant that needs no client (the JWT-bearer grant may go without)
        if (method == methodBasic) {
            return QByteArray("Basic " + QByteArray(formEncode(client.clientId) + ':' + formEncode(client.clientSecret)).toBase64());
        }
        form.append({QStringLiteral("client_id"), client.clientId});
        if (method == methodPost) {
            form.append({QStringLiteral("client_secret"), client.clientSecret});
        } else if (method == methodPrivateKeyJwt) {
            const qint64 now = QDateTime::currentSecsSinceEpoch();
            const QJsonObject claims{{QLatin1String("iss"), client.clientId}, {QLatin1String("sub"), client.clientId},
                                     {QLatin1String("aud"), as.issuer}, {QLatin1String("iat"), now},
                                     {QLatin1String("exp"), now + 300},
                                     {QLatin1String("jti"), QString::fromLatin1(Pkce::randomToken(16))}};
            auto assertion = Jwt::signEs256({}, claims, options.client.privateKeyPem);
            if (!assertion)
                return assertion.error();
            form.append({QStringLiteral("client_assertion_type"), QStringLiteral("urn:ietf:params:oauth:client-assertion-type:jwt-bearer")});
            form.append({QStringLiteral("client_assertion"), QString::fromLatin1(assertion.value())});
        }
        return QByteArray();
    }

    // --- authorization code --------------------------------------------------------------------

    void resolveClient(const std::shared_ptr<Flow> &flow)
    {
        if (!flow->as.synthesized
            && (!flow->as.hasCodeChallengeMethods || !flow->as.codeChallengeMethodsSupported.contains(QLatin1String("S256")))) {
            fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "its authorization server does not offer PKCE with S256, which MCP requires to keep the sign-in "
                                "safe; Toolgate will not sign in there"));
            return;
        }
        if (!options.userAgent) {
            fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "a person has to sign in, and this program cannot show a sign-in page"));
            return;
        }
        auto redirect = options.userAgent->redirectUri();
        if (!redirect) {
            fail(redirect.error());
            return;
        }
        flow->redirectUri = redirect.value();
        if (!options.client.clientId.isEmpty()) {
            flow->client.clientId = options.client.clientId;
            flow->client.clientSecret = options.client.clientSecret;
            flow->client.method = options.client.tokenEndpointAuthMethod;
            maybeRefresh(flow);
            return;
        }
        options.store->read(clientKey(flow->as.issuer), guard.get(), [this, flow](const Result<QByteArray> &stored) {
            if (stored && !stored.value().isEmpty()) {
                const Client client = Client::fromJson(QJsonDocument::fromJson(stored.value()).object());
                if (!client.clientId.isEmpty() && (client.redirectUri.isEmpty() || client.redirectUri == flow->redirectUri.toString())) {
                    flow->client = client;
                    maybeRefresh(flow);
                    return;
                }
            }
            const QUrl cimd = options.client.clientMetadataUrl;
            if (flow->as.clientIdMetadataDocumentSupported && cimd.isValid() && cimd.scheme() == QLatin1String("https")) {
                qCInfo(lcAuth) << "using the client ID metadata document" << cimd.toString();
                flow->client.clientId = cimd.toString();
                flow->client.method = methodNone;
                maybeRefresh(flow);
                return;
            }
            if (flow->as.registrationEndpoint.isValid() && !flow->as.registrationEndpoint.isRelative()) {
                registerClient(flow);
                return;
            }
            fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "its authorization server (%1) does not let Toolgate register itself. Register a client for "
                                "Toolgate there (redirect URI %2) and enter its client ID in the server's settings")
                     .arg(flow->as.issuer, flow->redirectUri.toString()));
        });
    }

    void registerClient(const std::shared_ptr<Flow> &flow)
    {
        QJsonArray grants{QStringLiteral("authorization_code"), QStringLiteral("refresh_token")};
        QJsonObject metadata{
            {QLatin1String("client_name"), options.client.clientName},
            {QLatin1String("redirect_uris"), QJsonArray{flow->redirectUri.toString()}},
            {QLatin1String("grant_types"), grants},
            {QLatin1String("response_types"), QJsonArray{QStringLiteral("code")}},
            {QLatin1String("token_endpoint_auth_method"), methodNone},
            {QLatin1String("application_type"), QStringLiteral("native")},
        };
        if (flow->useDpop)
            metadata.insert(QLatin1String("dpop_bound_access_tokens"), true); // RFC 9449 §5.2
        say(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "registering Toolgate with the authorization server %1").arg(flow->as.issuer));
        postJson(flow->as.registrationEndpoint, metadata, QCoreApplication::translate("Toolgate::OAuthAuthenticator", "registering with the authorization server"),
            [this, flow](const Result<QJsonObject> &result, int) {
                if (!result) {
                    fail(result.error());
                    return;
                }
                Client client;
                client.clientId = result->value(QLatin1String("client_id")).toString();
                client.clientSecret = result->value(QLatin1String("client_secret")).toString();
                client.method = result->value(QLatin1String("token_endpoint_auth_method")).toString();
                client.redirectUri = flow->redirectUri.toString();
                client.registered = true;
                if (client.clientId.isEmpty()) {
                    fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "the authorization server's registration answer has no client_id"));
                    return;
                }
                flow->client = client;
                options.store->write(clientKey(flow->as.issuer), QJsonDocument(client.toJson()).toJson(QJsonDocument::Compact),
                                     guard.get(), [this, flow](const Result<void> &saved) {
                    if (!saved)
                        qCWarning(lcAuth).noquote() << saved.error().message;
                    authorize(flow);
                });
            });
    }

    void maybeRefresh(const std::shared_ptr<Flow> &flow)
    {
        if (flow->stepUp || tokens.refreshToken.isEmpty()) {
            authorize(flow);
            return;
        }
        QList<std::pair<QString, QString>> form{{QStringLiteral("grant_type"), QStringLiteral("refresh_token")},
                                                {QStringLiteral("refresh_token"), tokens.refreshToken},
                                                {QStringLiteral("resource"), flow->resource}};
        requestTokens(flow, form, QCoreApplication::translate("Toolgate::OAuthAuthenticator", "refreshing the access token"), [this, flow](const Result<QJsonObject> &result) {
            if (result) {
                auto fresh = parseTokens(flow, result.value(), tokens.refreshToken);
                if (fresh) {
                    say(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "renewed the sign-in for %1").arg(serverName()));
                    saveTokens(fresh.value());
                    return;
                }
            }
            say(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "the saved sign-in for %1 could not be renewed; signing in again").arg(serverName()));
            tokens.refreshToken.clear();
            authorize(flow);
        });
    }

    void authorize(const std::shared_ptr<Flow> &flow)
    {
        if (!flow->as.authorizationEndpoint.isValid() || flow->as.authorizationEndpoint.isRelative()) {
            fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "the authorization server names no authorization endpoint"));
            return;
        }
        flow->pkce = Pkce::generate();
        flow->state = Pkce::randomToken();
        QList<std::pair<QString, QString>> fields{{QStringLiteral("response_type"), QStringLiteral("code")},
                                                  {QStringLiteral("client_id"), flow->client.clientId},
                                                  {QStringLiteral("redirect_uri"), flow->redirectUri.toString()},
                                                  {QStringLiteral("code_challenge"), QString::fromLatin1(flow->pkce.challenge)},
                                                  {QStringLiteral("code_challenge_method"), QStringLiteral("S256")},
                                                  {QStringLiteral("state"), QString::fromLatin1(flow->state)},
                                                  {QStringLiteral("resource"), flow->resource}};
        if (!flow->scopes.isEmpty())
            fields.append({QStringLiteral("scope"), flow->scopes.join(u' ')});
        QUrl url = flow->as.authorizationEndpoint;
        QByteArray query = url.query(QUrl::FullyEncoded).toLatin1();
        if (!query.isEmpty())
            query += '&';
        query += formBody(fields);
        url.setQuery(QString::fromLatin1(query), QUrl::TolerantMode);
        requestedScopes = flow->scopes;
        say(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "signing in to %1 at %2").arg(serverName(), HttpReply::displayUrl(flow->as.authorizationEndpoint)));
        options.userAgent->authorize(url, guard.get(), [this, flow](const Result<QUrl> &redirected) {
            if (!redirected) {
                fail(redirected.error());
                return;
            }
            const QUrlQuery answer(redirected.value());
            const QString state = answer.queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded);
            if (state.toLatin1() != flow->state) {
                fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "the sign-in came back with the wrong state; it may not be from this sign-in and was refused"));
                return;
            }
            // RFC 9207: the issuer that sent the answer must be ours (a mix-up attack otherwise), compared as
            // plain strings (§2.4): no case folding, no trailing-slash or port normalisation.
            const QString iss = answer.queryItemValue(QStringLiteral("iss"), QUrl::FullyDecoded);
            if ((!iss.isEmpty() && iss != flow->as.issuer) || (iss.isEmpty() && flow->as.issParameterSupported)) {
                fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "the sign-in answer did not come from the expected authorization server; refused for safety"));
                return;
            }
            if (answer.hasQueryItem(QStringLiteral("error"))) {
                QString message = QCoreApplication::translate("Toolgate::OAuthAuthenticator", "the authorization server refused the sign-in (%1)")
                                      .arg(answer.queryItemValue(QStringLiteral("error"), QUrl::FullyDecoded));
                const QString description = answer.queryItemValue(QStringLiteral("error_description"), QUrl::FullyDecoded);
                if (!description.isEmpty())
                    message += QStringLiteral(": ") + HttpReply::excerpt(description.toUtf8());
                fail(message);
                return;
            }
            const QString code = answer.queryItemValue(QStringLiteral("code"), QUrl::FullyDecoded);
            if (code.isEmpty()) {
                fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "the sign-in came back without an authorization code"));
                return;
            }
            exchangeCode(flow, code);
        });
    }

    void exchangeCode(const std::shared_ptr<Flow> &flow, const QString &code)
    {
        QList<std::pair<QString, QString>> form{{QStringLiteral("grant_type"), QStringLiteral("authorization_code")},
                                                {QStringLiteral("code"), code},
                                                {QStringLiteral("redirect_uri"), flow->redirectUri.toString()},
                                                {QStringLiteral("code_verifier"), QString::fromLatin1(flow->pkce.verifier)},
                                                {QStringLiteral("resource"), flow->resource}};
        requestAndTakeTokens(flow, form, QCoreApplication::translate("Toolgate::OAuthAuthenticator", "signed in to %1").arg(serverName()));
    }

    /// Authenticates the client (into the form or a header), POSTs the form to the token
    /// endpoint and answers with the token answer. A client that cannot be authenticated ends
    /// the flow at once; what the endpoint says is the caller's to judge.
    void requestTokens(const std::shared_ptr<Flow> &flow, QList<std::pair<QString, QString>> form, const QString &what,
                       std::function<void(const Result<QJsonObject> &answer)> onAnswer, bool nonceRetried = false)
    {
        const QList<std::pair<QString, QString>> unauthenticated = form;
        auto header = authenticateClient(flow->client, flow->as, form);
        if (!header) {
            fail(header.error());
            return;
        }
        QByteArray proof;
        if (flow->useDpop && dpop) {
            auto made = dpop->proof("POST", flow->as.tokenEndpoint);
            if (!made) {
                fail(made.error());
                return;
            }
            proof = made.value();
        }
        postForm(flow->as.tokenEndpoint, formBody(form), header.value(), what,
                 [this, flow, unauthenticated, what, nonceRetried, onAnswer = std::move(onAnswer)](const Result<QJsonObject> &answer, int) {
            // RFC 9449 §8: the authorization server wants a nonce in the proof; request() kept the
            // one it sent, so the same request goes again once, with it.
            if (!answer && flow->useDpop && dpop && !nonceRetried
                && answer.error().data.toObject().value(QLatin1String("oauthError")).toString() == QLatin1String("use_dpop_nonce")
                && !dpop->nonce(flow->as.tokenEndpoint).isEmpty()) {
                qCInfo(lcAuth) << "the authorization server asked for a DPoP nonce; sending the token request again with it";
                requestTokens(flow, unauthenticated, what, onAnswer, true);
                return;
            }
            onAnswer(answer);
        }, proof);
    }

    /// requestTokens() for a grant that ends the flow: the tokens are kept, or the flow fails.
    /// signedInLine (if any) goes to the console once the tokens arrived.
    void requestAndTakeTokens(const std::shared_ptr<Flow> &flow, QList<std::pair<QString, QString>> form,
                              const QString &signedInLine = {})
    {
        requestTokens(flow, std::move(form), QCoreApplication::translate("Toolgate::OAuthAuthenticator", "getting the access token"),
                      [this, flow, signedInLine](const Result<QJsonObject> &answer) {
            if (!answer) {
                fail(answer.error());
                return;
            }
            if (!signedInLine.isEmpty())
                say(signedInLine);
            takeTokens(flow, answer.value());
        });
    }

    /// Reads a token answer.
    Result<Tokens> parseTokens(const std::shared_ptr<Flow> &flow, const QJsonObject &answer, const QString &previousRefresh) const
    {
        const QString accessToken = answer.value(QLatin1String("access_token")).toString();
        const QString type = answer.value(QLatin1String("token_type")).toString();
        if (accessToken.isEmpty())
            return makeError(ErrorCode::ProtocolError, QCoreApplication::translate("Toolgate::OAuthAuthenticator", "the token answer has no access_token"));
        const bool dpopBound = flow->useDpop && type.compare(QLatin1String("DPoP"), Qt::CaseInsensitive) == 0;
        if (!type.isEmpty() && type.compare(QLatin1String("bearer"), Qt::CaseInsensitive) != 0 && !dpopBound)
            return makeError(ErrorCode::ProtocolError,
                             QCoreApplication::translate("Toolgate::OAuthAuthenticator", "the authorization server issued a \"%1\" token; MCP needs a Bearer token").arg(type));
        Tokens fresh;
        fresh.tokenType = dpopBound ? QStringLiteral("DPoP") : QStringLiteral("Bearer");
        fresh.accessToken = accessToken;
        fresh.refreshToken = answer.value(QLatin1String("refresh_token")).toString(previousRefresh);
        fresh.issuer = flow->as.issuer;
        const QString scope = answer.value(QLatin1String("scope")).toString();
        fresh.scopes = scope.isEmpty() ? flow->scopes : scope.split(u' ', Qt::SkipEmptyParts);
        const qint64 expiresIn = answer.value(QLatin1String("expires_in")).toInteger(0);
        if (expiresIn > 0)
            fresh.expiresAt = QDateTime::currentDateTimeUtc().addSecs(expiresIn);
        return fresh;
    }

    /// Keeps tokens (in memory at once, in the store after) and ends the flow successfully.
    void saveTokens(const Tokens &fresh)
    {
        tokens = fresh;
        options.store->write(q->tokenKey(), QJsonDocument(tokens.toJson()).toJson(QJsonDocument::Compact), guard.get(),
                             [this](const Result<void> &saved) {
            if (!saved)
                qCWarning(lcAuth).noquote() << saved.error().message;
            finish({});
        });
    }

    /// A token answer that ends the flow: saved, or the reason it failed.
    void takeTokens(const std::shared_ptr<Flow> &flow, const QJsonObject &answer)
    {
        auto fresh = parseTokens(flow, answer, {});
        if (!fresh) {
            fail(fresh.error());
            return;
        }
        saveTokens(fresh.value());
    }

    // --- client credentials and cross-app access ----------------------------------------------

    Client configuredClient() const
    {
        Client client;
        client.clientId = options.client.clientId;
        client.clientSecret = options.client.clientSecret;
        client.method = options.client.tokenEndpointAuthMethod;
        if (client.method.isEmpty() && !options.client.privateKeyPem.isEmpty())
            client.method = methodPrivateKeyJwt;
        return client;
    }

    void clientCredentials(const std::shared_ptr<Flow> &flow)
    {
        flow->client = configuredClient();
        if (flow->client.clientId.isEmpty()) {
            fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "the client credentials grant needs a client ID; enter it in the server's settings"), ErrorCode::ConfigError);
            return;
        }
        QList<std::pair<QString, QString>> form{{QStringLiteral("grant_type"), QStringLiteral("client_credentials")},
                                                {QStringLiteral("resource"), flow->resource}};
        if (!flow->scopes.isEmpty())
            form.append({QStringLiteral("scope"), flow->scopes.join(u' ')});
        say(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "getting an access token for %1 with the client credentials").arg(serverName()));
        requestAndTakeTokens(flow, form);
    }

    /// RFC 7523 §2.1: the workload's own token (from a file, a command or the keychain) is the grant.
    /// A refusal ends the sign-in: no other grant is tried, and the same token is not sent again.
    void jwtBearer(const std::shared_ptr<Flow> &flow)
    {
        flow->client = configuredClient();
        const AssertionSource &source = options.client.assertion;
        say(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "getting an access token for %1 with the workload token from %2")
                .arg(serverName(), source.describe()));
        source.read(options.store.get(), guard.get(), [this, flow](const Result<QByteArray> &assertion) {
            if (!assertion) {
                fail(assertion.error());
                return;
            }
            QList<std::pair<QString, QString>> form{{QStringLiteral("grant_type"), grantJwtBearer},
                                                    {QStringLiteral("assertion"), QString::fromUtf8(assertion.value())},
                                                    {QStringLiteral("resource"), flow->resource}};
            if (!flow->scopes.isEmpty())
                form.append({QStringLiteral("scope"), flow->scopes.join(u' ')});
            requestAndTakeTokens(flow, form);
        });
    }

    void crossAppAccess(const std::shared_ptr<Flow> &flow)
    {
        const OAuthClientSettings &c = options.client;
        if (!c.idpTokenEndpoint.isValid() || c.idpIdToken.isEmpty()) {
            fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "cross-app access needs the identity provider's token endpoint and an ID token"), ErrorCode::ConfigError);
            return;
        }
        QList<std::pair<QString, QString>> form{
            {QStringLiteral("grant_type"), grantTokenExchange},
            {QStringLiteral("requested_token_type"), QStringLiteral("urn:ietf:params:oauth:token-type:id-jag")},
            {QStringLiteral("audience"), flow->as.issuer},
            {QStringLiteral("resource"), flow->resource},
            {QStringLiteral("subject_token"), c.idpIdToken},
            {QStringLiteral("subject_token_type"), QStringLiteral("urn:ietf:params:oauth:token-type:id_token")},
        };
        if (!flow->scopes.isEmpty())
            form.append({QStringLiteral("scope"), flow->scopes.join(u' ')});
        QByteArray header;
        if (!c.idpClientSecret.isEmpty()) {
            header = "Basic " + QByteArray(formEncode(c.idpClientId) + ':' + formEncode(c.idpClientSecret)).toBase64();
        } else if (!c.idpClientId.isEmpty()) {
            form.append({QStringLiteral("client_id"), c.idpClientId});
        }
        say(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "exchanging the enterprise sign-in for an authorization grant at %1").arg(HttpReply::displayUrl(c.idpTokenEndpoint)));
        postForm(c.idpTokenEndpoint, formBody(form), header, QCoreApplication::translate("Toolgate::OAuthAuthenticator", "exchanging the identity token"),
                 [this, flow](const Result<QJsonObject> &result, int) {
            if (!result) {
                fail(result.error());
                return;
            }
            const QString grant = result->value(QLatin1String("access_token")).toString();
            if (grant.isEmpty()) {
                fail(QCoreApplication::translate("Toolgate::OAuthAuthenticator", "the identity provider's answer has no authorization grant"));
                return;
            }
            flow->client = configuredClient();
            QList<std::pair<QString, QString>> form{{QStringLiteral("grant_type"), grantJwtBearer},
                                                    {QStringLiteral("assertion"), grant}};
            if (!flow->scopes.isEmpty())
                form.append({QStringLiteral("scope"), flow->scopes.join(u' ')});
            requestAndTakeTokens(flow, form);
        });
    }
};

OAuthAuthenticator::OAuthAuthenticator(Options options, QObject *parent)
    : HttpAuthenticator(parent)
    , d(std::make_unique<Private>(this, std::move(options)))
{}

OAuthAuthenticator::~OAuthAuthenticator() = default;

QByteArray OAuthAuthenticator::authorization(const QUrl &) const
{
    if (d->tokens.isEmpty())
        return {};
    if (d->tokens.isDpop())
        return "DPoP " + d->tokens.accessToken.toUtf8();
    return "Bearer " + d->tokens.accessToken.toUtf8();
}

HttpAuthenticator::Headers OAuthAuthenticator::requestHeaders(const QByteArray &method, const QUrl &url) const
{
    Headers headers = HttpAuthenticator::requestHeaders(method, url);
    if (!d->tokens.isEmpty() && d->tokens.isDpop() && d->dpop) {
        // RFC 9449 §7: a fresh proof for each request, bound to this token ("ath").
        auto proof = d->dpop->proof(method, url, d->tokens.accessToken);
        if (proof)
            headers.append({QByteArrayLiteral("DPoP"), proof.value()});
        else
            qCWarning(lcAuth).noquote() << "no DPoP proof for" << HttpReply::displayUrl(url) << ":" << proof.error().message;
    }
    return headers;
}

void OAuthAuthenticator::authenticate(const HttpChallenge &challenge, QObject *context, std::function<void(const Result<void> &)> done)
{
    d->waiters.append({context, std::move(done)});
    if (d->running)
        return; // one sign-in at a time; everyone waiting hears its outcome
    d->running = true;
    // Start outside the caller's stack: answers never arrive synchronously.
    QMetaObject::invokeMethod(d->guard.get(), [this, challenge] { d->start(challenge); }, Qt::QueuedConnection);
}

void OAuthAuthenticator::signOut(QObject *context, std::function<void(const Result<void> &)> done)
{
    d->tokens = {};
    d->requestedScopes.clear();
    d->options.store->remove(tokenKey(), context, std::move(done));
}

QStringList OAuthAuthenticator::grantedScopes() const
{
    return d->tokens.scopes;
}

QString OAuthAuthenticator::tokenKey() const
{
    return QStringLiteral("oauth-token:") + OAuthDiscovery::canonicalResource(d->options.serverUrl);
}

QString OAuthAuthenticator::dpopKeyName() const
{
    return QStringLiteral("oauth-dpop-key:") + OAuthDiscovery::canonicalResource(d->options.serverUrl);
}

QString OAuthAuthenticator::clientKey(const QString &issuer)
{
    return QStringLiteral("oauth-client:") + issuer;
}

} // namespace Toolgate

#include "moc_oauthauthenticator.cpp"
