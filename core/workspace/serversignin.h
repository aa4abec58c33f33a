#pragma once

#include "core/auth/authorizationuseragent.h"
#include "core/auth/oauthclientsettings.h"
#include "core/workspace/transportfactory.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <memory>

namespace Toolgate {

class OAuthAuthenticator;
class SecretStore;
class Workspace;

/// The OAuth sign-in of one HTTP server, with the person in charge: a server that asks for a
/// sign-in waits in SignInRequired until signIn() is called (no browser pops up by itself);
/// SigningIn waits for the browser, cancel() gives up; signOut() forgets the tokens.
class ServerSignIn final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerSignIn)
public:
    enum class State {
        Unknown,        ///< not asked yet (and no saved sign-in)
        SignInRequired, ///< the server refused us; waiting for the person to press Sign in
        SigningIn,      ///< the browser is open at the authorization server
        SignedIn,       ///< tokens are saved (or were accepted)
        Failed,         ///< the last sign-in failed; message() says why and what to do
    };
    Q_ENUM(State)

    State state() const { return m_state; }
    /// For people: what is going on and what to do.
    QString message() const { return m_message; }
    QString serverName() const { return m_serverName; }

    /// Opens the browser at the authorization server (only when a sign-in is pending).
    void signIn();
    /// Gives up the pending or running sign-in; the server fails with "sign-in cancelled".
    void cancel();
    /// Forgets this server's tokens (memory and SecretStore) and restarts it, so it asks again.
    void signOut();

signals:
    void stateChanged(Toolgate::ServerSignIn::State state);

private:
    friend class SignInManager;
    friend class GatedUserAgent;
    friend class ObservedAuthenticator;
    ServerSignIn(QString serverName, QObject *parent);
    void setState(State state, const QString &message);

    struct Pending
    {
        QUrl url;
        QPointer<QObject> context;
        AuthorizationUserAgent::Done done;
    };

    QString m_serverName;
    State m_state = State::Unknown;
    QString m_message;
    std::optional<Pending> m_pending;  // waiting for the person to press Sign in
    std::optional<Pending> m_inFlight; // the browser is open
    quint64 m_generation = 0;          // browser answers of a cancelled sign-in are ignored
    bool m_openWhenAsked = false;      // Sign in pressed while the server was not asking yet
    bool m_alwaysOpenWhenAsked = false; // SignInManager::Options::signInWhenAsked
    std::shared_ptr<AuthorizationUserAgent> m_browser;
    std::shared_ptr<OAuthAuthenticator> m_authenticator;
    std::function<void()> m_restart;
};

/// Gives every HTTP server of a workspace an OAuthAuthenticator that keeps its tokens and client
/// secrets in the SecretStore and signs in through the system browser (opener) with the loopback
/// redirect, each behind a ServerSignIn. Install transportOptions() as the workspace's factory.
/// The GUI, toolgate-cli and conformance mode differ only in the Options they give.
class SignInManager final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SignInManager)
public:
    struct Options
    {
        /// Where tokens and client secrets are kept (required).
        std::shared_ptr<SecretStore> store;
        /// Opens the authorization page in the system browser.
        LoopbackUserAgent::Opener opener;
        /// Replaces the browser and loopback redirect, e.g. with a HeadlessUserAgent (conformance tests).
        std::function<std::shared_ptr<AuthorizationUserAgent>()> userAgent;
        /// true: the browser opens as soon as a server asks (toolgate-cli, where the person started the
        /// command); false: the server waits until the person presses Sign in (the GUI).
        bool signInWhenAsked = false;
        /// The OAuth client settings for a server; unset: its "oauth" entry in the servers file.
        std::function<OAuthClientSettings(const ServerConfig &config)> clientSettings;
        /// The client_name registered with authorization servers; empty: the settings' own.
        QString clientName;
    };

    SignInManager(Workspace *workspace, Options options, QObject *parent = nullptr);
    SignInManager(Workspace *workspace, std::shared_ptr<SecretStore> store, LoopbackUserAgent::Opener opener,
                  QObject *parent = nullptr);
    ~SignInManager() override;

    /// For TransportFactory::factory(); also installs it on the workspace when asked.
    TransportFactory::Options transportOptions();
    /// Makes the workspace's connections use transportOptions().
    void install();
    /// The sign-in of a server, once it has an HTTP transport; else null.
    ServerSignIn *signIn(const QString &serverName) const;
    /// Options of the loopback listener (tests use port 0 and a short timeout).
    void setLoopbackOptions(const LoopbackUserAgent::Options &options) { m_loopbackOptions = options; }

signals:
    /// A server's sign-in appeared or changed state.
    void signInChanged(const QString &serverName);
    /// What the OAuth client of a server reports along the way (no secrets), for a verbose log.
    void diagnosticLine(const QString &serverName, const QString &line);

private:
    ServerSignIn *signInFor(const QString &serverName);

    QPointer<Workspace> m_workspace;
    Options m_options;
    LoopbackUserAgent::Options m_loopbackOptions;
    QHash<QString, ServerSignIn *> m_signIns; // children
};

} // namespace Toolgate
