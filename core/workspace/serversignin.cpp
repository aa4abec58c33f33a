#include <QCoreApplication>
#include "core/workspace/serversignin.h"

#include "core/auth/oauthauthenticator.h"
#include "core/auth/secretstore.h"
#include "core/common/logging.h"
#include "core/common/error.h"
#include "core/workspace/workspace.h"

namespace Toolgate {

/// The authorization step of one server's OAuth client: parks the request until the person
/// presses Sign in, then hands it to the browser (LoopbackUserAgent).
class GatedUserAgent final : public AuthorizationUserAgent
{
public:
    explicit GatedUserAgent(ServerSignIn *signIn) : m_signIn(signIn) {}

    Result<QUrl> redirectUri() override
    {
        if (!m_signIn)
            return makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::ServerSignIn", "the server was removed during its sign-in"));
        return m_signIn->m_browser->redirectUri();
    }

    void authorize(const QUrl &authorizationUrl, QObject *context, Done done) override
    {
        if (!m_signIn) {
            done(makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::ServerSignIn", "the server was removed during its sign-in")));
            return;
        }
        if (auto old = std::exchange(m_signIn->m_pending, std::nullopt); old && old->context)
            old->done(makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::ServerSignIn", "a newer sign-in request replaced this one")));
        m_signIn->m_pending = ServerSignIn::Pending{authorizationUrl, context, std::move(done)};
        if (std::exchange(m_signIn->m_openWhenAsked, false) || m_signIn->m_alwaysOpenWhenAsked) {
            m_signIn->signIn(); // the person already pressed Sign in
            return;
        }
        m_signIn->setState(ServerSignIn::State::SignInRequired,
                           QCoreApplication::translate("Toolgate::ServerSignIn", "Sign-in required: %1 asks you to sign in at %2. Press Sign in to open it in your browser.")
                               .arg(m_signIn->m_serverName, authorizationUrl.host()));
    }

private:
    QPointer<ServerSignIn> m_signIn;
};

/// The OAuth client as the transport sees it, reporting the outcome of each sign-in to ServerSignIn.
class ObservedAuthenticator final : public HttpAuthenticator
{
public:
    ObservedAuthenticator(std::shared_ptr<OAuthAuthenticator> inner, ServerSignIn *signIn)
        : m_inner(std::move(inner))
        , m_signIn(signIn)
    {
        connect(m_inner.get(), &HttpAuthenticator::diagnosticLine, this, &HttpAuthenticator::diagnosticLine);
    }

    QByteArray authorization(const QUrl &url) const override { return m_inner->authorization(url); }
    Headers requestHeaders(const QByteArray &method, const QUrl &url) const override { return m_inner->requestHeaders(method, url); }

    void authenticate(const HttpChallenge &challenge, QObject *context, std::function<void(const Result<void> &)> done) override
    {
        QPointer<ServerSignIn> signIn = m_signIn;
        m_inner->authenticate(challenge, context, [signIn, done = std::move(done)](const Result<void> &result) {
            if (signIn) {
                if (result)
                    signIn->setState(ServerSignIn::State::SignedIn, QCoreApplication::translate("Toolgate::ServerSignIn", "Signed in."));
                else if (signIn->m_state != ServerSignIn::State::Failed)
                    signIn->setState(ServerSignIn::State::Failed,
                                     QCoreApplication::translate("Toolgate::ServerSignIn", "Sign-in failed: %1. Press Sign in to try again, or check the server's URL.")
                                         .arg(result.error().message));
            }
            done(result);
        });
    }

private:
    std::shared_ptr<OAuthAuthenticator> m_inner;
    QPointer<ServerSignIn> m_signIn;
};

ServerSignIn::ServerSignIn(QString serverName, QObject *parent)
    : QObject(parent)
    , m_serverName(std::move(serverName))
{
}

void ServerSignIn::setState(State state, const QString &message)
{
    if (m_state == state && m_message == message)
        return;
    m_state = state;
    m_message = message;
    emit stateChanged(state);
}

void ServerSignIn::signIn()
{
    if (m_inFlight)
        return; // the browser is open already
    if (!m_pending) {
        // Nothing is waiting (e.g. after a failed or cancelled sign-in): restart the server and
        // open the browser as soon as it asks.
        m_openWhenAsked = true;
        setState(State::SigningIn, QCoreApplication::translate("Toolgate::ServerSignIn", "Signing in… contacting the server."));
        if (m_restart)
            m_restart();
        return;
    }
    m_inFlight = std::exchange(m_pending, std::nullopt);
    const quint64 generation = ++m_generation;
    setState(State::SigningIn, QCoreApplication::translate("Toolgate::ServerSignIn", "Signing in… finish in your browser."));
    m_browser->authorize(m_inFlight->url, this, [this, generation](const Result<QUrl> &redirected) {
        if (generation != m_generation || !m_inFlight)
            return; // cancelled meanwhile; that was answered already
        const Pending inFlight = *std::exchange(m_inFlight, std::nullopt);
        if (!redirected)
            setState(State::Failed, QCoreApplication::translate("Toolgate::ServerSignIn", "Sign-in did not finish: %1. Press Sign in to try again.").arg(redirected.error().message));
        else
            setState(State::SigningIn, QCoreApplication::translate("Toolgate::ServerSignIn", "Signing in… getting the tokens."));
        if (inFlight.context)
            inFlight.done(redirected);
    });
}

void ServerSignIn::cancel()
{
    ++m_generation;
    m_openWhenAsked = false;
    std::optional<Pending> waiting = std::exchange(m_inFlight, std::nullopt);
    if (!waiting)
        waiting = std::exchange(m_pending, std::nullopt);
    setState(State::Failed, QCoreApplication::translate("Toolgate::ServerSignIn", "Sign-in cancelled. Press Sign in when you want to try again."));
    if (waiting && waiting->context)
        waiting->done(makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::ServerSignIn", "you cancelled the sign-in to %1").arg(m_serverName)));
}

void ServerSignIn::signOut()
{
    if (!m_authenticator)
        return;
    QPointer<ServerSignIn> self(this);
    m_authenticator->signOut(this, [self](const Result<void> &result) {
        if (!self)
            return;
        if (!result) {
            self->setState(State::Failed, QCoreApplication::translate("Toolgate::ServerSignIn", "Could not forget the sign-in: %1").arg(result.error().message));
            return;
        }
        self->setState(State::Unknown, QCoreApplication::translate("Toolgate::ServerSignIn", "Signed out: the tokens were forgotten."));
        if (self->m_restart)
            self->m_restart(); // the server asks for a new sign-in now, not on the next call
    });
}

SignInManager::SignInManager(Workspace *workspace, Options options, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_options(std::move(options))
{
    Q_ASSERT(m_options.store);
}

SignInManager::SignInManager(Workspace *workspace, std::shared_ptr<SecretStore> store, LoopbackUserAgent::Opener opener,
                             QObject *parent)
    : SignInManager(workspace, Options{std::move(store), std::move(opener), {}, false, {}, {}}, parent)
{
}

SignInManager::~SignInManager() = default;

ServerSignIn *SignInManager::signIn(const QString &serverName) const
{
    return m_signIns.value(serverName);
}

ServerSignIn *SignInManager::signInFor(const QString &serverName)
{
    if (ServerSignIn *existing = m_signIns.value(serverName))
        return existing;
    auto *signIn = new ServerSignIn(serverName, this);
    if (m_options.userAgent)
        signIn->m_browser = m_options.userAgent();
    else
        signIn->m_browser = std::make_shared<LoopbackUserAgent>(m_options.opener, m_loopbackOptions);
    signIn->m_alwaysOpenWhenAsked = m_options.signInWhenAsked;
    QPointer<Workspace> workspace = m_workspace;
    signIn->m_restart = [workspace, serverName] {
        if (ServerConnection *connection = workspace ? workspace->connection(serverName) : nullptr)
            connection->restart();
    };
    connect(signIn, &ServerSignIn::stateChanged, this, [this, serverName] { emit signInChanged(serverName); });
    m_signIns.insert(serverName, signIn);
    return signIn;
}

TransportFactory::Options SignInManager::transportOptions()
{
    TransportFactory::Options options;
    QPointer<SignInManager> self(this);
    options.authenticatorFor = [self](const ServerConfig &config) -> std::shared_ptr<HttpAuthenticator> {
        if (!self)
            return nullptr;
        ServerSignIn *signIn = self->signInFor(config.name);
        const QUrl url(config.url.trimmed());
        if (!signIn->m_authenticator || signIn->m_authenticator->property("serverUrl").toUrl() != url) {
            OAuthAuthenticator::Options oauth;
            oauth.serverUrl = url;
            oauth.client = self->m_options.clientSettings
                ? self->m_options.clientSettings(config)
                : OAuthClientSettings::fromJson(config.extra.value(QLatin1String("oauth")).toObject());
            if (!self->m_options.clientName.isEmpty())
                oauth.client.clientName = self->m_options.clientName;
            oauth.store = self->m_options.store;
            oauth.userAgent = std::make_shared<GatedUserAgent>(signIn);
            signIn->m_authenticator = std::make_shared<OAuthAuthenticator>(oauth);
            signIn->m_authenticator->setProperty("serverUrl", url);
            const QString serverName = config.name;
            connect(signIn->m_authenticator.get(), &HttpAuthenticator::diagnosticLine, self.data(),
                    [self, serverName](const QString &line) {
                        if (self)
                            emit self->diagnosticLine(serverName, line);
                    });
            // A sign-in saved earlier is a sign-in: say so before the server is even asked.
            QPointer<ServerSignIn> guard(signIn);
            self->m_options.store->read(signIn->m_authenticator->tokenKey(), signIn, [guard](const Result<QByteArray> &saved) {
                if (guard && saved && !saved.value().isEmpty() && guard->m_state == ServerSignIn::State::Unknown)
                    guard->setState(ServerSignIn::State::SignedIn, QCoreApplication::translate("Toolgate::ServerSignIn", "Signed in (saved sign-in)."));
            });
            emit self->signInChanged(config.name);
        }
        return std::make_shared<ObservedAuthenticator>(signIn->m_authenticator, signIn);
    };
    return options;
}

void SignInManager::install()
{
    if (m_workspace)
        m_workspace->setTransportFactory(TransportFactory::factory(transportOptions()));
}

} // namespace Toolgate

#include "moc_serversignin.cpp"
