#include "core/workspace/serverconnection.h"

#include "core/auth/secretstore.h"
#include "core/client/clientsession.h"
#include "core/common/displaytext.h"
#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/transport/transport.h"
#include "core/workspace/erachooser.h"
#include "core/workspace/sandboxproxy.h"
#include "core/workspace/serverlists.h"
#include "core/workspace/serversecretreader.h"
#include "core/workspace/servertrustgate.h"
#include "core/workspace/transportfactory.h"
#include "core/workspace/workspace.h"

#include <QLocale>
#include <QPointer>

namespace Toolgate {

namespace {

// stdio, Streamable HTTP (falling back to legacy HTTP+SSE) or legacy HTTP+SSE. Apps that sign in
// with OAuth install a factory with an authenticator instead.
Result<std::unique_ptr<Transport>> defaultTransportFactory(const ServerConfig &config)
{
    return TransportFactory::create(config);
}

// Enough for a runtime's stack trace after the line that names the path.
constexpr qsizetype stderrLinesSearched = 200;

// Errors that a restart cannot fix: the user has to change something first.
bool isPermanent(const Error &error)
{
    // A program that prints text instead of speaking MCP prints it again on every start.
    if (ClientSession::isNotAnMcpServer(error))
        return true;
    switch (ErrorCode(error.code)) {
    case ErrorCode::CommandNotFound:
    case ErrorCode::ConfigError:
    case ErrorCode::UnsupportedProtocolVersion:
        return true;
    default:
        return false;
    }
}

// The protocol era setting counts: a running server is restarted so that the new setting applies.
bool launchChanged(const ServerConfig &a, const ServerConfig &b)
{
    // So does the sandbox: a changed profile must be trusted again (issue 32) and then applies.
    return a.transport != b.transport || a.command != b.command || a.args != b.args || a.env != b.env
        || a.cwd != b.cwd || a.url != b.url || a.headers != b.headers || a.protocolEra != b.protocolEra
        || a.sandbox != b.sandbox;
}

} // namespace

class ServerConnection::Private
{
public:
    explicit Private(ServerConnection *q)
        : q(q)
        , console([q](const ConsoleLine &line) { emit q->consoleLineAdded(line); })
        , lists(console)
        , era(console)
        , restarts(q, [this] { readSecretsThenConnect(); })
    {
        restarts.onCountdown(q, [q] { emit q->restartCountdownChanged(); });
    }

    ServerConnection *q;
    ServerConfig config;
    ClientSession::Options sessionOptions;
    SessionConfigurator configurator;
    TransportFactory transportFactory = defaultTransportFactory;
    Status status = Status::Stopped;
    Error lastError;
    QStringList waitingForSecrets; ///< what WaitingForSecrets waits for, described for people
    std::optional<SandboxDenial> denial;
    /// The last host the sandbox's proxy refused since this start ("host:port").
    QString lastRefusedHost;
    /// What the server of this start wrote to stderr (its last lines): where a denial is looked for.
    QStringList startStderr;
    ClientSession *session = nullptr; // owned; deleted later when replaced
    bool listsOnReady = true;
    ServerConsole console;
    ServerLists lists;
    EraChooser era;
    RestartBackoff restarts;
    ServerSecretReader secrets;
    ServerTrustGate trustGate;

    void setStatus(Status newStatus)
    {
        if (status == newStatus)
            return;
        status = newStatus;
        emit q->statusChanged(newStatus);
    }

    void dropSession();
    void readSecretsThenConnect();
    void failMissingSecrets(const QStringList &missing, const QStringList &errors);
    void waitForTypedSecrets(const QStringList &missing);
    void connectNow();
    void startSession();
    void onFailed(const Error &error);
};

void ServerConnection::Private::dropSession()
{
    lists.setSession(nullptr);
    era.cancelProbe(); // a probe under way: its sibling is killed
    if (!session)
        return;
    ClientSession *old = std::exchange(session, nullptr);
    old->disconnect(q);
    // What it writes to stderr while it shuts down still belongs in the console (often the reason).
    connect(old, &ClientSession::diagnosticLine, q, [this](const QString &line) { console.add(ConsoleLine::Kind::Stderr, line); });
    if (old->state() == ClientSession::State::Closed || old->state() == ClientSession::State::Failed) {
        old->deleteLater();
    } else {
        // Let it shut the server down gracefully, then go.
        connect(old, &ClientSession::closed, old, &QObject::deleteLater);
        old->disconnectFromServer();
    }
}

void ServerConnection::Private::readSecretsThenConnect()
{
    denial.reset();
    // Nothing runs that nobody trusted (issue 16): not at start, not after an edit, not on a restart.
    if (!trustGate.allows(config)) {
        dropSession();
        lists.clear();
        if (status != Status::WaitingForTrust)
            console.note(ServerConnection::tr("not started: waiting until you trust what it runs (%1)").arg(config.endpoint()));
        setStatus(Status::WaitingForTrust);
        return;
    }
    // A placeholder outside the store's keys stands for a value nobody can read: never pass it on.
    if (const QStringList placeholders = ServerSecretReader::unreadablePlaceholders(config); !placeholders.isEmpty()) {
        dropSession();
        failMissingSecrets(placeholders, {});
        return;
    }
    if (!config.hasUnreadSecrets()) {
        connectNow();
        return;
    }
    dropSession();
    const QList<ServerConfig::SecretEntry> unread = ServerSecretReader::unread(config);
    if (!secrets.store()) {
        failMissingSecrets(ServerSecretReader::describe(unread), {});
        return;
    }
    setStatus(Status::Starting);
    console.note(ServerConnection::tr("reading %n secret value(s) from %1", nullptr, int(unread.size())).arg(secrets.store()->location()));
    secrets.read(unread, config, q, [this](const QStringList &missing, const QStringList &errors) {
        if (errors.isEmpty() && !missing.isEmpty() && !secrets.store()->keepsAfterQuit()) {
            waitForTypedSecrets(missing);
            return;
        }
        if (!missing.isEmpty() || !errors.isEmpty()) {
            failMissingSecrets(missing, errors);
            return;
        }
        emit q->secretsRead();
        connectNow();
    });
}

void ServerConnection::Private::failMissingSecrets(const QStringList &missing, const QStringList &errors)
{
    lastError = secrets.missingError(missing, errors, config.name);
    console.note(lastError.message);
    setStatus(Status::Failed);
}

// Without a keychain nothing outlives the session: a value not typed yet is expected, not a failure. The
// person is asked (the GUI's SecretPrompt, the CLI's environment); the reason is kept for whoever cannot ask.
void ServerConnection::Private::waitForTypedSecrets(const QStringList &missing)
{
    lastError = secrets.missingError(missing, {}, config.name);
    waitingForSecrets = missing;
    console.note(ServerConnection::tr("not started: waiting for you to type the secret value of %1, which Toolgate keeps only until it quits (there is no keychain)")
                     .arg(missing.join(QStringLiteral(", "))));
    setStatus(Status::WaitingForSecrets);
}

void ServerConnection::Private::connectNow()
{
    dropSession();
    if (era.chooseAtOnce(config)) {
        startSession();
        return;
    }
    setStatus(Status::Starting);
    era.probe(config, sessionOptions, q, [this](const std::optional<Error> &failure) {
        if (failure)
            onFailed(*failure);
        else
            startSession();
    });
}

void ServerConnection::Private::startSession()
{
    auto transport = transportFactory(config);
    if (!transport) {
        lastError = transport.error();
        console.note(lastError.message);
        setStatus(Status::Failed);
        return;
    }
    startStderr.clear();
    lastRefusedHost.clear();
    // A sandbox with a list of hosts: its proxy (owned by the transport) reports each connection.
    if (SandboxProxy *proxy = transport.value()->findChild<SandboxProxy *>()) {
        connect(proxy, &SandboxProxy::connectionAttempted, q, [this](const SandboxConnection &connection) {
            if (!connection.allowed)
                lastRefusedHost = connection.target();
            console.note(connection.allowed
                             ? ServerConnection::tr("network: connected to %1 (a listed host)").arg(connection.target())
                             : ServerConnection::tr("network: refused a connection to %1, which is not in the sandbox's list of hosts").arg(connection.target()));
            emit q->networkConnection(connection);
        });
    }
    ClientSession::Options options = sessionOptions;
    options.era = era.mode();
    session = new ClientSession(std::move(transport).value(), options, q);
    lists.setSession(session);
    if (configurator)
        configurator(session, q);
    ClientSession *s = session;
    connect(s, &ClientSession::ready, q, [this] {
        console.note(ServerConnection::tr("connected: %1 %2, protocol %3")
                         .arg(session->serverInfo().name, session->serverInfo().version, session->protocolVersion()));
        era.sessionReady(config, *session);
        console.note(era.describe(*session));
        qCInfo(lcWorkspace) << config.name << "protocol era decided by:" << era.how() << "probe ms:" << era.probeMs();
        restarts.readyReached();
        setStatus(Status::Ready);
        if (listsOnReady)
            q->refreshLists();
    });
    connect(s, &ClientSession::failed, q, [this](const Error &error) {
        era.sessionFailed(config);
        onFailed(error);
    });
    connect(s, &ClientSession::diagnosticLine, q, [this](const QString &line) {
        startStderr.append(line);
        if (startStderr.size() > stderrLinesSearched)
            startStderr.removeFirst();
        console.add(ConsoleLine::Kind::Stderr, line);
    });
    connect(s, &ClientSession::protocolViolation, q, [this](const QString &text) {
        console.add(ConsoleLine::Kind::ProtocolViolation, text);
    });
    connect(s, &ClientSession::logMessage, q, [this](const LogMessage &message) {
        console.add(ConsoleLine::Kind::Log, message.text(), message.level, message.logger);
    });
    connect(s, &ClientSession::toolsListChanged, q, [this] { lists.refreshTools(); });
    connect(s, &ClientSession::resourcesListChanged, q, [this] { lists.refreshResources(); });
    connect(s, &ClientSession::promptsListChanged, q, [this] { lists.refreshPrompts(); });
    connect(s, &ClientSession::resourceUpdated, q, &ServerConnection::resourceUpdated);

    setStatus(Status::Starting);
    console.note(ServerConnection::tr("starting %1").arg(config.endpoint()));
    session->connectToServer();
}

void ServerConnection::Private::onFailed(const Error &error)
{
    lastError = error;
    console.note(ServerConnection::tr("failed: %1").arg(error.message));
    lists.clear();
    // A server that failed after its sandbox hid a path from it fails again on every restart: say
    // so, with the grant that would allow it, and wait for the person (issue 32). The era probe's
    // sibling has no session here; its stderr is in the error's message.
    if (config.transport == ServerConfig::Transport::Stdio && config.sandbox.enabled) {
        denial = SandboxDenial::find(startStderr + error.message.split(u'\n'), config.sandbox);
        // Else a host its proxy refused since it started, the likelier cause than any other.
        if (!denial && !lastRefusedHost.isEmpty())
            denial = SandboxDenial::forHost(lastRefusedHost);
        if (denial) {
            lastError.message = denial->message() + u'\n' + error.message;
            console.note(denial->message());
            setStatus(Status::Failed);
            return;
        }
    }
    if (isPermanent(error)) {
        setStatus(Status::Failed);
        return;
    }
    const RestartBackoff::Verdict verdict = restarts.countFailure(error.message);
    if (verdict.giveUp) {
        if (!verdict.reason.isEmpty()) {
            lastError.message = verdict.reason;
            console.note(ServerConnection::tr("stopped restarting after %1 failures").arg(verdict.failures));
        }
        setStatus(Status::Failed);
        return;
    }
    // A countdown keeps its one decimal (not DisplayText::duration()'s "850 ms"), in the person's locale.
    console.note(ServerConnection::tr("restarting in %1 s").arg(QLocale().toString(verdict.delay.count() / 1000.0, 'f', 1)));
    // The timer runs before the status says Restarting, so whoever reads statusText() on that
    // signal sees the real delay rather than "0.0 s".
    restarts.schedule();
    setStatus(Status::Restarting);
}

ServerConnection::ServerConnection(ServerConfig config, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this))
{
    d->config = std::move(config);
    d->status = d->config.enabled ? Status::Stopped : Status::Disabled;
    connect(&d->lists, &ServerLists::toolsChanged, this, &ServerConnection::toolsChanged);
    connect(&d->lists, &ServerLists::resourcesChanged, this, &ServerConnection::resourcesChanged);
    connect(&d->lists, &ServerLists::promptsChanged, this, &ServerConnection::promptsChanged);
}

ServerConnection::~ServerConnection()
{
    // Sessions are children; their transports end the child processes on destruction.
}

const ServerConfig &ServerConnection::config() const { return d->config; }
QString ServerConnection::name() const { return d->config.name; }

ServerIdentity ServerConnection::identity() const
{
    ServerIdentity identity{d->config.name, d->config.endpoint(), {}};
    if (d->session)
        identity.serverInfo = d->session->serverInfo();
    return identity;
}

ClientSession *ServerConnection::readySession() const
{
    return d->session && d->session->isReady() ? d->session : nullptr;
}

std::optional<Tool> ServerConnection::listedTool(const QString &name) const { return d->lists.tool(name); }

QStringList ServerConnection::otherServersWithTool(const QString &name) const
{
    QStringList others;
    const auto *workspace = qobject_cast<const Workspace *>(parent());
    if (!workspace)
        return others;
    for (const ServerConnection *other : workspace->connections()) {
        if (other != this && other->listedTool(name))
            others.append(other->name());
    }
    return others;
}

QString ServerConnection::afterServerStopped() const
{
    switch (d->status) {
    case Status::Restarting:
        return ServerConnection::tr("Toolgate is restarting it; run the tool again once it shows Ready.");
    case Status::Starting:
        return ServerConnection::tr("Toolgate is starting it again; run the tool again once it shows Ready.");
    case Status::Ready:
        return ServerConnection::tr("Toolgate restarted it; run the tool again.");
    case Status::Failed:
        return ServerConnection::tr("Toolgate did not restart it: %1").arg(DisplayText::visibleLine(d->lastError.message));
    case Status::Disabled:
    case Status::Stopped:
    case Status::WaitingForTrust:
    case Status::WaitingForSecrets:
        break;
    }
    return {};
}

void ServerConnection::relistTools(QObject *context, std::function<void(const Result<QList<Tool>> &)> done)
{
    ClientSession *session = readySession();
    if (!session) {
        QPointer<QObject> guard(context);
        const QString name = d->config.name;
        QMetaObject::invokeMethod(this, [guard, done, name] {
            if (guard)
                done(makeError(ErrorCode::NotConnected, ServerConnection::tr("the server \"%1\" is not connected").arg(name)));
        }, Qt::QueuedConnection);
        return;
    }
    QPointer<ClientSession> s(session);
    QPointer<QObject> guard(context);
    session->listTools(this, [this, s, guard, done](const Result<QList<Tool>> &result) {
        // The list is this connection's one copy: keep it when the session is still ours.
        if (result)
            d->lists.adoptTools(s, result.value());
        if (guard)
            done(result);
    });
}

void ServerConnection::setSessionOptions(const ClientSession::Options &options)
{
    d->sessionOptions = options;
}

void ServerConnection::setListsOnReady(bool list)
{
    d->listsOnReady = list;
}

std::chrono::milliseconds ServerConnection::restartDelay() const
{
    return d->status == Status::Restarting ? d->restarts.delay() : std::chrono::milliseconds(0);
}

QDeadlineTimer ServerConnection::nextRestart() const
{
    return d->status == Status::Restarting ? d->restarts.nextRestart() : QDeadlineTimer(QDeadlineTimer::Forever);
}

void ServerConnection::setConfig(const ServerConfig &config)
{
    const bool relaunch = launchChanged(d->config, config) || d->config.enabled != config.enabled;
    d->config = config;
    emit configChanged();
    if (!relaunch)
        return;
    if (!config.enabled) {
        stop();
        d->setStatus(Status::Disabled);
        return;
    }
    if (d->status != Status::Stopped && d->status != Status::Disabled)
        restart();
    else
        start();
}

void ServerConnection::setRestartPolicy(const RestartPolicy &policy) { d->restarts.setPolicy(policy); }
void ServerConnection::addConsoleNote(const QString &text) { d->console.note(text); }

void ServerConnection::setSessionConfigurator(SessionConfigurator configurator) { d->configurator = std::move(configurator); }
void ServerConnection::setTransportFactory(TransportFactory factory) { d->transportFactory = std::move(factory); }
void ServerConnection::setSecretStore(SecretStore *store) { d->secrets.setStore(store); }
void ServerConnection::setEraCache(std::shared_ptr<EraCache> cache) { d->era.setCache(std::move(cache)); }
void ServerConnection::setServerTrust(std::shared_ptr<ServerTrust> trust) { d->trustGate.setTrust(std::move(trust)); }
ServerTrust *ServerConnection::serverTrust() const { return d->trustGate.trust(); }
bool ServerConnection::needsTrust() const { return !d->trustGate.allows(d->config); }

Result<void> ServerConnection::trust(const QString &by)
{
    const Result<void> kept = d->trustGate.grant(d->config, by);
    if (!kept)
        d->console.note(kept.error().message);
    emit trustDecided(true, by);
    if (d->status == Status::WaitingForTrust) {
        d->console.note(ServerConnection::tr("trusted: %1").arg(d->config.endpoint()));
        start();
    }
    return kept;
}

void ServerConnection::refuseTrust(const QString &by)
{
    d->console.note(ServerConnection::tr("not trusted, so not started"));
    emit trustDecided(false, by);
}

std::optional<ServerConnection::EraSummary> ServerConnection::eraSummary() const
{
    if (d->status != Status::Ready || !d->session || !d->session->isReady())
        return std::nullopt;
    return d->era.summary(*d->session);
}

bool ServerConnection::canProbeEraAgain() const { return d->era.canProbeAgain(d->config); }

void ServerConnection::probeEraAgain()
{
    if (const Result<void> forgotten = d->era.forget(d->config); !forgotten)
        d->console.note(forgotten.error().message);
    restart();
}

void ServerConnection::start()
{
    if (!d->config.enabled) {
        d->setStatus(Status::Disabled);
        return;
    }
    if (d->status == Status::Starting || d->status == Status::Ready)
        return;
    d->restarts.cancel();
    d->readSecretsThenConnect();
}

void ServerConnection::stop()
{
    d->restarts.cancel();
    d->secrets.cancel();
    d->dropSession();
    d->lists.clear();
    if (d->status != Status::Stopped && d->status != Status::Disabled)
        d->console.note(ServerConnection::tr("stopped"));
    d->setStatus(d->config.enabled ? Status::Stopped : Status::Disabled);
}

void ServerConnection::restart()
{
    stop();
    d->restarts.forgetFailures();
    start();
}

ServerConnection::Status ServerConnection::status() const { return d->status; }
Error ServerConnection::lastError() const { return d->lastError; }
std::optional<SandboxDenial> ServerConnection::sandboxDenial() const
{
    return d->status == Status::Failed ? d->denial : std::nullopt;
}
ClientSession *ServerConnection::session() const { return d->session; }
QList<Tool> ServerConnection::tools() const { return d->lists.tools(); }
QList<Resource> ServerConnection::resources() const { return d->lists.resources(); }
QList<ResourceTemplate> ServerConnection::resourceTemplates() const { return d->lists.resourceTemplates(); }
QList<Prompt> ServerConnection::prompts() const { return d->lists.prompts(); }
QList<ConsoleLine> ServerConnection::console() const { return d->console.lines(); }

Error ServerConnection::notReadyError() const
{
    const QString name = DisplayText::visibleLine(d->config.name);
    QString reason = DisplayText::visibleLine(d->lastError.message);
    while (reason.endsWith(u'.'))
        reason.chop(1); // the sentence goes on after it
    QString message;
    switch (d->status) {
    case Status::Disabled:
        message = ServerConnection::tr("The server \"%1\" is turned off. Turn it on in the Servers list, then try again.").arg(name);
        break;
    case Status::Stopped:
        message = ServerConnection::tr("The server \"%1\" is stopped. Start it from the Servers list, then try again.").arg(name);
        break;
    case Status::Starting:
    case Status::Ready: // ready, but its session is not (yet) there
        message = ServerConnection::tr("The server \"%1\" is still starting. Try again once it shows Ready.").arg(name);
        break;
    case Status::Restarting:
        message = ServerConnection::tr("The server \"%1\" stopped working and is being restarted (%2). Try again once it shows Ready.")
                      .arg(name, reason);
        break;
    case Status::Failed:
        message = ServerConnection::tr("The server \"%1\" is not running: %2. Fix what the message says, then restart it from the Servers list.")
                      .arg(name, reason);
        break;
    case Status::WaitingForTrust:
        message = ServerConnection::tr("The server \"%1\" has not been started: it waits until you trust what it runs. Open it in the Servers list to review and trust it.").arg(name);
        break;
    case Status::WaitingForSecrets:
        message = ServerConnection::tr("The server \"%1\" has not been started: it waits for you to type its secret values. Type them when Toolgate asks, or restart the server from the Servers list to be asked again.").arg(name);
        break;
    }
    return makeError(ErrorCode::NotConnected, message);
}

QString ServerConnection::statusName(Status status)
{
    switch (status) {
    case Status::Disabled: return ServerConnection::tr("Disabled");
    case Status::Stopped: return ServerConnection::tr("Stopped");
    case Status::Starting: return ServerConnection::tr("Starting");
    case Status::Ready: return ServerConnection::tr("Ready");
    case Status::Failed: return ServerConnection::tr("Failed");
    case Status::Restarting: return ServerConnection::tr("Restarting");
    case Status::WaitingForTrust: return ServerConnection::tr("Waiting for your trust");
    case Status::WaitingForSecrets: return ServerConnection::tr("Waiting for its secret values");
    }
    return {};
}

QString ServerConnection::statusText() const
{
    switch (d->status) {
    case Status::Failed:
        return ServerConnection::tr("Failed: %1").arg(d->lastError.message);
    case Status::Restarting:
        // Whole seconds, from the one deadline: the list and the server's page say the same number.
        return ServerConnection::tr("Restarting in %1 s (failure %2 of %3): %4")
            .arg(d->restarts.secondsLeft())
            .arg(d->restarts.failureCount())
            .arg(d->restarts.policy().maxCrashes)
            .arg(d->lastError.message);
    case Status::Starting:
        return ServerConnection::tr("Starting…");
    case Status::WaitingForTrust:
        return ServerConnection::tr("Not started: waiting until you trust what it runs");
    case Status::WaitingForSecrets:
        return ServerConnection::tr("Not started: waiting for you to type the secret value of %1").arg(d->waitingForSecrets.join(QStringLiteral(", ")));
    default:
        return statusName(d->status);
    }
}

QString ServerConnection::briefStatusText() const
{
    switch (d->status) {
    case Status::Restarting:
        return ServerConnection::tr("Restarting in %1 s").arg(d->restarts.secondsLeft());
    case Status::Starting:
        return ServerConnection::tr("Starting…");
    default:
        return statusName(d->status);
    }
}

void ServerConnection::refreshLists() { d->lists.refreshAll(); }

} // namespace Toolgate

#include "moc_serverconnection.cpp"
