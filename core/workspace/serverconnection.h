#pragma once

#include "core/calls/approval.h"
#include "core/calls/calltarget.h"
#include "core/client/clientsession.h"
#include "core/protocol/logginglevel.h"
#include "core/protocol/prompt.h"
#include "core/protocol/resource.h"
#include "core/protocol/tool.h"
#include "core/workspace/erasummary.h"
#include "core/workspace/restartbackoff.h"
#include "core/workspace/sandboxdenial.h"
#include "core/workspace/sandboxproxy.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconsole.h"

#include <QJsonObject>
#include <QDeadlineTimer>
#include <QObject>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace Toolgate {

class ClientSession;
class EraCache;
class SecretStore;
class ServerTrust;
class Transport;

/// Keeps one configured server connected: starts it once it is trusted and its secrets are read,
/// watches it, restarts it with backoff after a crash and gives up after repeated failures, saying
/// so. It owns the parts that do each job — ServerTrustGate, ServerSecretReader, EraChooser,
/// RestartBackoff, ServerLists (the server's latest tool, resource and prompt lists, the only copy
/// the app keeps) and ServerConsole — and the session they serve.
class ServerConnection final : public QObject, public CallTarget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerConnection)
public:
    /// WaitingForTrust: not started because nobody trusted what it runs yet (issue 16); see trust().
    /// WaitingForSecrets: not started because its secret values are kept only for the session (no
    /// keychain) and have not been typed in this one yet; starting it again once they are stored.
    enum class Status { Disabled, Stopped, Starting, Ready, Failed, Restarting, WaitingForTrust, WaitingForSecrets };
    Q_ENUM(Status)

    using RestartPolicy = Toolgate::RestartPolicy;

    /// How the protocol era of the live session was settled (issue 15).
    using EraSummary = ServerEraSummary;

    /// Installs the client-side handlers (roots, sampling, elicitation) on each new session.
    using SessionConfigurator = std::function<void(ClientSession *session, ServerConnection *connection)>;
    /// Makes the transport for a config; the default handles stdio (HTTP arrives with its issue).
    using TransportFactory = std::function<Result<std::unique_ptr<Transport>>(const ServerConfig &config)>;

    explicit ServerConnection(ServerConfig config, QObject *parent = nullptr);
    ~ServerConnection() override;

    const ServerConfig &config() const;
    /// Applies a new configuration; a running server is restarted when what it runs changed.
    void setConfig(const ServerConfig &config);
    QString name() const;

    void setRestartPolicy(const RestartPolicy &policy);
    /// Client info and timeouts of the sessions this connection makes (from the next start).
    void setSessionOptions(const ClientSession::Options &options);
    /// Whether tools, resources and prompts are listed as soon as the server is ready (default);
    /// toolgate-cli lists only what its command needs.
    void setListsOnReady(bool list);
    void setSessionConfigurator(SessionConfigurator configurator);
    void setTransportFactory(TransportFactory factory);
    /// Where secret env and header values are read from before each start (not owned; may be null,
    /// then a server whose secrets are not in memory fails to start, saying which value is missing).
    void setSecretStore(SecretStore *store);
    /// Where the protocol era of servers is remembered (issue 15). With a cache, a stdio server set to
    /// Auto whose era is not known yet is probed first on a disposable sibling (EraNegotiator), and the
    /// verdict is kept. Without one (null, the default) Auto opens with initialize and turns modern in
    /// place when initialize is refused by a modern-only server.
    void setEraCache(std::shared_ptr<EraCache> cache);

    /// Who decides whether what this server runs may start (issue 16; shared, may be null: then it
    /// starts without asking, as toolgate-cli's servers typed on its command line do). With one, a
    /// start of a config it does not trust stops at WaitingForTrust.
    void setServerTrust(std::shared_ptr<ServerTrust> trust);
    ServerTrust *serverTrust() const;
    /// Whether a start would wait for trust: a trust store is set and does not trust config().
    bool needsTrust() const;
    /// Trusts what config() runs (recorded in the trust store as given by `by`: "dialog", "terminal",
    /// "--trust-fingerprint") and starts the server. The error says why the trust could not be kept
    /// on disk; the server starts anyway, this once.
    Result<void> trust(const QString &by);
    /// The person declined: the server stays waiting (and says so); recorded, nothing else.
    void refuseTrust(const QString &by);

    /// How the session's era was settled; nullopt unless Ready.
    std::optional<EraSummary> eraSummary() const;
    /// Whether probeEraAgain() probes: the server is set to Auto, runs over stdio, and an era cache is set.
    bool canProbeEraAgain() const;
    /// Forgets the remembered protocol era of this server and restarts it, so it is probed again
    /// ("Probe the protocol era again"). Without canProbeEraAgain() it only restarts.
    void probeEraAgain();

    /// Connects (if enabled). No effect when already starting or ready.
    void start();
    /// Disconnects gracefully and does not restart.
    void stop();
    /// Stops, clears the crash history, and starts again.
    void restart();

    Status status() const;
    /// For people: "Ready", "Starting…", "Failed: <reason>", "Restarting in 4 s (failure 2 of 5): <reason>".
    QString statusText() const;
    /// statusText() without the reason, for a narrow place whose tooltip has the rest: "Failed",
    /// "Restarting in 4 s", "Waiting for your trust".
    QString briefStatusText() const;
    /// While Restarting: the delay before the next start, as chosen when the server failed.
    std::chrono::milliseconds restartDelay() const;
    /// While Restarting: when the next start is due (the one source of every countdown shown);
    /// QDeadlineTimer::Forever otherwise.
    QDeadlineTimer nextRestart() const;
    Error lastError() const;
    /// While Failed: the path its sandbox kept the server from, as its stderr said before it failed, and
    /// the grant that would allow it (issue 32); nullopt when the failure was not the sandbox's doing.
    std::optional<SandboxDenial> sandboxDenial() const;
    /// Why a call cannot go to this server now, in plain words with what to do about it (turn it on,
    /// wait until it is ready, restart it, trust it). Meant for when readySession() is null.
    Error notReadyError() const;
    /// The live session while Starting or Ready, else null.
    ClientSession *session() const;

    QList<Tool> tools() const;
    QList<Resource> resources() const;
    QList<ResourceTemplate> resourceTemplates() const;
    QList<Prompt> prompts() const;
    /// Re-fetches tools, resources, templates and prompts (those the server offers).
    void refreshLists();

    /// The most recent console lines (capped).
    QList<ConsoleLine> console() const;
    /// Adds a note of ours to the console (e.g. what an app view of this server logged).
    void addConsoleNote(const QString &text);
    static QString statusName(Status status);

    // CallTarget
    QObject *targetObject() override { return this; }
    ServerIdentity identity() const override;
    ClientSession *readySession() const override;
    std::optional<Tool> listedTool(const QString &name) const override;
    void relistTools(QObject *context, std::function<void(const Result<QList<Tool>> &)> done) override;
    /// The other connections of this one's Workspace (its parent) that list a tool of that name.
    QStringList otherServersWithTool(const QString &name) const override;
    QString afterServerStopped() const override;

signals:
    void statusChanged(Toolgate::ServerConnection::Status status);
    /// While Restarting: the whole seconds until the next start changed (statusText() says the new
    /// number). Views of the countdown refresh on this, so that they all show the same.
    void restartCountdownChanged();
    void toolsChanged();
    void resourcesChanged();
    void promptsChanged();
    void resourceUpdated(const QString &uri);
    void consoleLineAdded(const Toolgate::ConsoleLine &line);
    void configChanged();
    /// The secret values were read from the SecretStore into config() (before connecting).
    void secretsRead();
    /// Someone trusted (granted) or declined what config() runs (issue 16); by as given to trust().
    void trustDecided(bool granted, const QString &by);
    /// The server, sandboxed with a list of hosts, asked its proxy for a connection (issue 32).
    void networkConnection(const Toolgate::SandboxConnection &connection);

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
