#pragma once

#include "auth/authorizationuseragent.h"
#include "transport/httptransportfactory.h"

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
    std::shared_ptr<LoopbackUserAgent> m_browser;
    std::shared_ptr<OAuthAuthenticator> m_authenticator;
    std::function<void()> m_restart;
};

/// Gives every HTTP server of a workspace an OAuthAuthenticator that keeps its tokens and client
/// secrets in the SecretStore and signs in through the system browser (opener) with the loopback
/// redirect, each behind a ServerSignIn. Install transportOptions() as the workspace's factory.
class SignInManager final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SignInManager)
public:
    SignInManager(Workspace *workspace, std::shared_ptr<SecretStore> store, LoopbackUserAgent::Opener opener,
                  QObject *parent = nullptr);
    ~SignInManager() override;

    /// For HttpTransportFactory::factory(); also installs it on the workspace when asked.
    HttpTransportFactory::Options transportOptions();
    /// Makes the workspace's connections use transportOptions().
    void install();
    /// The sign-in of a server, once it has an HTTP transport; else null.
    ServerSignIn *signIn(const QString &serverName) const;
    /// Options of the loopback listener (tests use port 0 and a short timeout).
    void setLoopbackOptions(const LoopbackUserAgent::Options &options) { m_loopbackOptions = options; }

signals:
    /// A server's sign-in appeared or changed state.
    void signInChanged(const QString &serverName);

private:
    ServerSignIn *signInFor(const QString &serverName);

    QPointer<Workspace> m_workspace;
    std::shared_ptr<SecretStore> m_store;
    LoopbackUserAgent::Opener m_opener;
    LoopbackUserAgent::Options m_loopbackOptions;
    QHash<QString, ServerSignIn *> m_signIns; // children
};

} // namespace Toolgate
