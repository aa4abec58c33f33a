#include "core/workspace/serverconnection.h"

#include "core/workspace/workspace.h"

#include "core/auth/secretstore.h"
#include "core/client/clientsession.h"
#include "core/client/eranegotiator.h"
#include "core/common/logging.h"
#include "core/common/displaytext.h"
#include "core/common/error.h"
#include "core/workspace/eracache.h"
#include "core/workspace/servertrust.h"
#include "core/workspace/transportfactory.h"
#include "core/transport/transport.h"

#include <algorithm>

#include <QPointer>
#include <QTimer>

namespace Toolgate {

namespace {

constexpr int consoleLinesKept = 2000;

// stdio, Streamable HTTP (falling back to legacy HTTP+SSE) or legacy HTTP+SSE. Apps that sign in
// with OAuth install a factory with an authenticator instead.
Result<std::unique_ptr<Transport>> defaultTransportFactory(const ServerConfig &config)
{
    return TransportFactory::create(config);
}

// Errors that a restart cannot fix: the user has to change something first.
bool isPermanent(const Error &error)
{
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
    return a.transport != b.transport || a.command != b.command || a.args != b.args || a.env != b.env
        || a.cwd != b.cwd || a.url != b.url || a.headers != b.headers || a.protocolEra != b.protocolEra;
}

} // namespace

class ServerConnection::Private
{
public:
    ServerConnection *q;
    ServerConfig config;
    RestartPolicy policy;
    ClientSession::Options sessionOptions;
    SessionConfigurator configurator;
    TransportFactory transportFactory = defaultTransportFactory;
    Status status = Status::Stopped;
    Error lastError;
    ClientSession *session = nullptr; // owned; deleted later when replaced
    QList<Tool> tools;
    QList<Resource> resources;
    QList<ResourceTemplate> templates;
    QList<Prompt> prompts;
    QList<ConsoleLine> console;
    /// One list request of a kind at a time: list_changed notifications that arrive meanwhile only
    /// ask for one more refresh when it is done, so a server that floods them costs a request per
    /// answer, not one per notification.
    struct Refresh
    {
        int running = 0;
        bool again = false;
    };
    Refresh toolsRefresh;
    Refresh resourcesRefresh;
    Refresh promptsRefresh;
    bool listsOnReady = true;
    QList<QDateTime> crashTimes;
    /// Failures since the server was last ready: a program that never completes the handshake must
    /// not restart forever just because each attempt takes longer than the crash window.
    int failuresSinceReady = 0;
    QTimer restartTimer;
    std::chrono::milliseconds nextDelay{0};
    SecretStore *secretStore = nullptr;
    quint64 secretReadGeneration = 0; // answers of an older read are ignored
    std::shared_ptr<EraCache> eraCache;
    std::shared_ptr<ServerTrust> trust;
    /// Trusted this once although the trust could not be written down.
    QString trustedOnce;
    /// The sibling probe of an Auto stdio server whose era is not known yet; deleted (the sibling
    /// killed) with the session.
    std::unique_ptr<EraNegotiator> negotiator;
    ClientSession::EraMode eraMode = ClientSession::EraMode::Legacy;
    QString eraHow; // how the mode was chosen: a probe's verdict, the cache's, or the setting
    qint64 probeMs = -1;
    EraSummary::Source eraSource = EraSummary::Source::Session;
    QString eraProbe; // the probe's verdict behind eraMode (made this start or cached), else empty

    void setStatus(Status newStatus)
    {
        if (status == newStatus)
            return;
        status = newStatus;
        emit q->statusChanged(newStatus);
    }

    void addConsoleLine(ConsoleLine::Kind kind, const QString &text, std::optional<LoggingLevel> level = std::nullopt,
                        const QString &source = {})
    {
        ConsoleLine line{QDateTime::currentDateTime(), kind, text, level, source};
        console.append(line);
        if (console.size() > consoleLinesKept)
            console.remove(0, console.size() - consoleLinesKept);
        emit q->consoleLineAdded(line);
    }

    void dropSession()
    {
        resetRefreshes();
        negotiator.reset(); // a probe under way: its sibling is killed
        if (!session)
            return;
        ClientSession *old = std::exchange(session, nullptr);
        old->disconnect(q);
        // What it writes to stderr while it shuts down still belongs in the console (often the reason).
        connect(old, &ClientSession::diagnosticLine, q, [this](const QString &line) { addConsoleLine(ConsoleLine::Kind::Stderr, line); });
        if (old->state() == ClientSession::State::Closed || old->state() == ClientSession::State::Failed) {
            old->deleteLater();
        } else {
            // Let it shut the server down gracefully, then go.
            connect(old, &ClientSession::closed, old, &QObject::deleteLater);
            old->disconnectFromServer();
        }
    }

    void clearLists()
    {
        const bool hadTools = !tools.isEmpty();
        const bool hadResources = !resources.isEmpty() || !templates.isEmpty();
        const bool hadPrompts = !prompts.isEmpty();
        tools.clear();
        resources.clear();
        templates.clear();
        prompts.clear();
        if (hadTools)
            emit q->toolsChanged();
        if (hadResources)
            emit q->resourcesChanged();
        if (hadPrompts)
            emit q->promptsChanged();
    }

    /// Starts a refresh unless one is running (then it runs once more afterwards); false: skip it.
    bool beginRefresh(Refresh &refresh, int requests)
    {
        if (refresh.running > 0) {
            refresh.again = true;
            return false;
        }
        refresh.running = requests;
        refresh.again = false;
        return true;
    }
    /// One request of a refresh answered; when the last is, a refresh asked for meanwhile runs.
    void endRefresh(Refresh &refresh, void (Private::*rerun)())
    {
        if (--refresh.running > 0)
            return;
        refresh.running = 0;
        if (std::exchange(refresh.again, false))
            (this->*rerun)();
    }
    void resetRefreshes()
    {
        toolsRefresh = {};
        resourcesRefresh = {};
        promptsRefresh = {};
    }

    void connectNow();
    void negotiateEra();
    void onEraDecided(const EraVerdict &verdict);
    void startSession();
    QString eraSummary() const;
    void rememberEra();
    void readSecretsThenConnect();
    void failMissingSecrets(const QStringList &missing, const QStringList &errors);
    void onFailed(const Error &error);
    void refreshTools();
    void refreshResources();
    void refreshPrompts();
};

void ServerConnection::Private::connectNow()
{
    dropSession();
    probeMs = -1;
    eraSource = EraSummary::Source::Session;
    eraProbe.clear();
    switch (config.protocolEra) {
    case ServerConfig::EraPreference::Legacy:
        eraMode = ClientSession::EraMode::Legacy;
        eraHow = QStringLiteral("setting");
        eraSource = EraSummary::Source::Setting;
        break;
    case ServerConfig::EraPreference::Modern:
        eraMode = ClientSession::EraMode::Modern;
        eraHow = QStringLiteral("setting");
        eraSource = EraSummary::Source::Setting;
        break;
    case ServerConfig::EraPreference::Auto:
        // HTTP has no sibling to probe: initialize, and a modern-only server's -32022 (naming the
        // revisions it speaks) moves the session to server/discover on the spot. A legacy server pays
        // nothing for this, and the answer is only as far away as the first request.
        if (config.transport != ServerConfig::Transport::Stdio) {
            eraMode = ClientSession::EraMode::PreferLegacy;
            eraHow = QStringLiteral("HTTP: initialize");
            break;
        }
        if (!eraCache) {
            eraMode = ClientSession::EraMode::PreferLegacy;
            eraHow = QStringLiteral("initialize, no era cache");
            break;
        }
        if (const auto cached = eraCache->lookup(config)) {
            eraMode = cached->era == ProtocolEra::Modern ? ClientSession::EraMode::PreferModern
                                                          : ClientSession::EraMode::PreferLegacy;
            eraHow = QStringLiteral("cached: %1").arg(cached->how);
            eraSource = EraSummary::Source::Cache;
            eraProbe = cached->how;
            break;
        }
        negotiateEra();
        return;
    }
    startSession();
}

void ServerConnection::Private::negotiateEra()
{
    EraNegotiator::Options options;
    options.probeTimeout = sessionOptions.probeTimeout;
    options.clientInfo = sessionOptions.clientInfo;
    if (options.clientInfo.name.isEmpty()) {
        options.clientInfo.name = QStringLiteral("toolgate");
        options.clientInfo.version = QStringLiteral(TOOLGATE_VERSION);
    }
    negotiator = std::make_unique<EraNegotiator>(config.launchSpec(), options);
    connect(negotiator.get(), &EraNegotiator::decided, q, [this](const EraVerdict &verdict) { onEraDecided(verdict); });
    setStatus(Status::Starting);
    addConsoleLine(ConsoleLine::Kind::Lifecycle,
                   ServerConnection::tr("asking a separate copy of %1 which MCP revision it speaks").arg(config.endpoint()));
    negotiator->start();
}

void ServerConnection::Private::onEraDecided(const EraVerdict &verdict)
{
    probeMs = negotiator ? negotiator->probeMs() : -1;
    // Deleted later: this runs inside its signal.
    if (negotiator)
        negotiator.release()->deleteLater();
    if (verdict.kind == EraVerdict::Kind::Error) {
        onFailed(verdict.error);
        return;
    }
    const bool modern = verdict.kind == EraVerdict::Kind::Modern;
    eraMode = modern ? ClientSession::EraMode::PreferModern : ClientSession::EraMode::PreferLegacy;
    eraHow = verdict.how;
    eraSource = EraSummary::Source::Probe;
    eraProbe = verdict.how;
    if (eraCache) {
        const Result<void> stored = eraCache->store(
            config, {modern ? ProtocolEra::Modern : ProtocolEra::Legacy, verdict.version, QDateTime::currentDateTimeUtc(), verdict.how, probeMs});
        if (!stored)
            qCWarning(lcWorkspace) << "could not remember the protocol era:" << stored.error().message;
    }
    startSession();
}

/// After Ready: a session that corrected its era in place (a cache or a probe judged wrongly) updates the cache.
void ServerConnection::Private::rememberEra()
{
    const QString by = session->eraDecidedBy();
    const bool corrected = by != QLatin1String("initialize") && by != QLatin1String("server/discover");
    if (corrected)
        eraHow = by;
    if (!eraCache || config.protocolEra != ServerConfig::EraPreference::Auto || config.transport != ServerConfig::Transport::Stdio)
        return;
    const auto cached = eraCache->lookup(config);
    if (cached && cached->era == session->era() && !corrected)
        return;
    const Result<void> stored = eraCache->store(config, {session->era(), session->era() == ProtocolEra::Modern ? session->protocolVersion() : QString(),
                                                         QDateTime::currentDateTimeUtc(), by, probeMs});
    if (!stored)
        qCWarning(lcWorkspace) << "could not remember the protocol era:" << stored.error().message;
}

/// The console's line about the era, in words (eraHow is short and stable for the cache and the log).
QString ServerConnection::Private::eraSummary() const
{
    const QString era = session->era() == ProtocolEra::Modern ? ServerConnection::tr("modern (2026-07-28)")
                                                               : ServerConnection::tr("legacy (initialize)");
    QString how;
    if (eraHow == QLatin1String("setting"))
        how = ServerConnection::tr("as set for this server");
    else if (eraHow.startsWith(QLatin1String("HTTP")))
        how = ServerConnection::tr("over HTTP only the legacy era so far");
    else if (eraHow.startsWith(QLatin1String("cached")))
        how = ServerConnection::tr("remembered from an earlier start");
    else if (eraHow.startsWith(QLatin1String("initialize ")) || eraHow.startsWith(QLatin1String("server/discover ")))
        how = ServerConnection::tr("corrected after the server's answer");
    else if (probeMs >= 0)
        how = ServerConnection::tr("found by asking a separate copy of the server, %1 ms").arg(probeMs);
    else
        how = ServerConnection::tr("not probed");
    return ServerConnection::tr("protocol era: %1, %2").arg(era, how);
}

void ServerConnection::Private::startSession()
{
    auto transport = transportFactory(config);
    if (!transport) {
        lastError = transport.error();
        addConsoleLine(ConsoleLine::Kind::Lifecycle, lastError.message);
        setStatus(Status::Failed);
        return;
    }
    ClientSession::Options options = sessionOptions;
    options.era = eraMode;
    session = new ClientSession(std::move(transport).value(), options, q);
    if (configurator)
        configurator(session, q);
    ClientSession *s = session;
    connect(s, &ClientSession::ready, q, [this] {
        addConsoleLine(ConsoleLine::Kind::Lifecycle,
                       ServerConnection::tr("connected: %1 %2, protocol %3")
                           .arg(session->serverInfo().name, session->serverInfo().version, session->protocolVersion()));
        rememberEra();
        addConsoleLine(ConsoleLine::Kind::Lifecycle, eraSummary());
        qCInfo(lcWorkspace) << config.name << "protocol era decided by:" << eraHow << "probe ms:" << probeMs;
        failuresSinceReady = 0;
        setStatus(Status::Ready);
        if (listsOnReady)
            q->refreshLists();
    });
    connect(s, &ClientSession::failed, q, [this](const Error &error) {
        // A cached "modern" that the server no longer answers to (it exited on server/discover): probe
        // again on the restart.
        if (eraCache && eraMode == ClientSession::EraMode::PreferModern && eraHow.startsWith(QLatin1String("cached"))) {
            if (const Result<void> forgotten = eraCache->forget(config); !forgotten)
                qCWarning(lcWorkspace) << "could not forget the protocol era:" << forgotten.error().message;
        }
        onFailed(error);
    });
    connect(s, &ClientSession::diagnosticLine, q, [this](const QString &line) {
        addConsoleLine(ConsoleLine::Kind::Stderr, line);
    });
    connect(s, &ClientSession::protocolViolation, q, [this](const QString &text) {
        addConsoleLine(ConsoleLine::Kind::ProtocolViolation, text);
    });
    connect(s, &ClientSession::logMessage, q, [this](const LogMessage &message) {
        addConsoleLine(ConsoleLine::Kind::Log, message.text(), message.level, message.logger);
    });
    connect(s, &ClientSession::toolsListChanged, q, [this] { refreshTools(); });
    connect(s, &ClientSession::resourcesListChanged, q, [this] { refreshResources(); });
    connect(s, &ClientSession::promptsListChanged, q, [this] { refreshPrompts(); });
    connect(s, &ClientSession::resourceUpdated, q, &ServerConnection::resourceUpdated);

    setStatus(Status::Starting);
    addConsoleLine(ConsoleLine::Kind::Lifecycle, ServerConnection::tr("starting %1").arg(config.endpoint()));
    session->connectToServer();
}

void ServerConnection::Private::readSecretsThenConnect()
{
    // Nothing runs that nobody trusted (issue 16): not at start, not after an edit, not on a restart.
    if (trust && !trust->isTrusted(config) && trustedOnce != ServerTrustFacts::of(config).fingerprint()) {
        dropSession();
        clearLists();
        if (status != Status::WaitingForTrust)
            addConsoleLine(ConsoleLine::Kind::Lifecycle,
                           ServerConnection::tr("not started: waiting until you trust what it runs (%1)").arg(config.endpoint()));
        setStatus(Status::WaitingForTrust);
        return;
    }
    // A placeholder outside the store's keys stands for a value nobody can read: never pass it on.
    QStringList placeholders;
    const QList<ServerConfig::SecretEntry> inStore = config.keychainSecrets();
    const auto findPlaceholders = [&](const QMap<QString, QString> &map, ServerConfig::SecretEntry::Kind kind) {
        for (auto it = map.cbegin(); it != map.cend(); ++it) {
            const bool stored = std::any_of(inStore.cbegin(), inStore.cend(), [&](const ServerConfig::SecretEntry &entry) {
                return entry.kind == kind && entry.key == it.key();
            });
            if (it.value() == ServerConfig::secretPlaceholder() && !stored)
                placeholders.append(ServerConfig::SecretEntry{kind, it.key(), {}, {}}.describe());
        }
    };
    findPlaceholders(config.env, ServerConfig::SecretEntry::Kind::Env);
    findPlaceholders(config.headers, ServerConfig::SecretEntry::Kind::Header);
    if (!placeholders.isEmpty()) {
        dropSession();
        failMissingSecrets(placeholders, {});
        return;
    }
    if (!config.hasUnreadSecrets()) {
        connectNow();
        return;
    }
    dropSession();
    QList<ServerConfig::SecretEntry> unread;
    for (const ServerConfig::SecretEntry &entry : config.keychainSecrets()) {
        if (entry.value == ServerConfig::secretPlaceholder())
            unread.append(entry);
    }
    if (!secretStore) {
        QStringList missing;
        for (const ServerConfig::SecretEntry &entry : std::as_const(unread))
            missing.append(entry.describe());
        failMissingSecrets(missing, {});
        return;
    }
    const quint64 generation = ++secretReadGeneration;
    setStatus(Status::Starting);
    addConsoleLine(ConsoleLine::Kind::Lifecycle,
                   ServerConnection::tr("reading %n secret value(s) from %1", nullptr, int(unread.size())).arg(secretStore->location()));
    struct Pending
    {
        qsizetype remaining = 0;
        QStringList missing;
        QStringList errors;
    };
    auto pending = std::make_shared<Pending>();
    pending->remaining = unread.size();
    for (const ServerConfig::SecretEntry &entry : std::as_const(unread)) {
        secretStore->read(entry.storeKey, q, [this, generation, pending, entry](const Result<QByteArray> &value) {
            if (generation != secretReadGeneration)
                return; // stopped or reconfigured meanwhile
            if (!value)
                pending->errors.append(QStringLiteral("%1: %2").arg(entry.describe(), value.error().message));
            else if (value.value().isEmpty())
                pending->missing.append(entry.describe());
            else
                config.setSecretValue(entry, QString::fromUtf8(value.value()));
            if (--pending->remaining > 0)
                return;
            if (!pending->missing.isEmpty() || !pending->errors.isEmpty()) {
                failMissingSecrets(pending->missing, pending->errors);
                return;
            }
            emit q->secretsRead();
            connectNow();
        });
    }
}

void ServerConnection::Private::failMissingSecrets(const QStringList &missing, const QStringList &errors)
{
    const QString where = secretStore ? secretStore->location() : ServerConnection::tr("the system keychain");
    QStringList parts;
    if (!missing.isEmpty()) {
        parts.append(ServerConnection::tr("the secret value of %1 was not found in %2").arg(missing.join(QStringLiteral(", ")), where));
    }
    if (!errors.isEmpty())
        parts.append(ServerConnection::tr("could not read %1").arg(errors.join(QStringLiteral("; "))));
    lastError = makeError(ErrorCode::ConfigError,
                          ServerConnection::tr("%1. Open Edit Server for \"%2\", enter the value again and save.")
                              .arg(parts.join(QStringLiteral("; ")), config.name));
    lastError.message[0] = lastError.message.at(0).toUpper();
    addConsoleLine(ConsoleLine::Kind::Lifecycle, lastError.message);
    setStatus(Status::Failed);
}

void ServerConnection::Private::onFailed(const Error &error)
{
    lastError = error;
    addConsoleLine(ConsoleLine::Kind::Lifecycle, ServerConnection::tr("failed: %1").arg(error.message));
    clearLists();
    if (isPermanent(error)) {
        setStatus(Status::Failed);
        return;
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    crashTimes.append(now);
    while (!crashTimes.isEmpty() && crashTimes.first().msecsTo(now) > policy.window.count())
        crashTimes.removeFirst();
    ++failuresSinceReady;
    const int failures = std::max(int(crashTimes.size()), failuresSinceReady);
    if (failures >= policy.maxCrashes) {
        // With restarts at all (maxCrashes 1 means none, as in toolgate-cli), say why they stopped.
        if (policy.maxCrashes > 1) {
            lastError.message = failuresSinceReady >= policy.maxCrashes
                ? ServerConnection::tr("%1 — it failed %2 times in a row before getting ready, so Toolgate stopped restarting it. "
                                 "Fix the server, then press Restart.").arg(error.message).arg(failuresSinceReady)
                : ServerConnection::tr("%1 — it failed %2 times within %3 s, so Toolgate stopped restarting it. Fix the server, then press Restart.")
                      .arg(error.message)
                      .arg(crashTimes.size())
                      .arg(policy.window.count() / 1000);
            addConsoleLine(ConsoleLine::Kind::Lifecycle, ServerConnection::tr("stopped restarting after %1 failures").arg(failures));
        }
        setStatus(Status::Failed);
        return;
    }
    nextDelay = failures == 1 ? policy.initialDelay : std::min(policy.maxDelay, std::max(policy.initialDelay, nextDelay * 2));
    addConsoleLine(ConsoleLine::Kind::Lifecycle, ServerConnection::tr("restarting in %1 s").arg(nextDelay.count() / 1000.0, 0, 'f', 1));
    // The timer runs before the status says Restarting, so whoever reads statusText() on that
    // signal sees the real delay rather than "0.0 s".
    restartTimer.start(nextDelay);
    setStatus(Status::Restarting);
}

void ServerConnection::Private::refreshTools()
{
    if (!session || !session->isReady() || !session->serverCapabilities().tools || !beginRefresh(toolsRefresh, 1))
        return;
    QPointer<ClientSession> s(session);
    session->listTools(q, [this, s](const Result<QList<Tool>> &result) {
        if (s != session)
            return; // an answer from a session we already replaced
        endRefresh(toolsRefresh, &Private::refreshTools);
        if (!result) {
            addConsoleLine(ConsoleLine::Kind::Lifecycle, ServerConnection::tr("listing tools failed: %1").arg(result.error().message));
            return;
        }
        tools = result.value();
        emit q->toolsChanged();
    });
}

void ServerConnection::Private::refreshResources()
{
    if (!session || !session->isReady() || !session->serverCapabilities().resources || !beginRefresh(resourcesRefresh, 2))
        return;
    QPointer<ClientSession> s(session);
    session->listResources(q, [this, s](const Result<QList<Resource>> &result) {
        if (s != session)
            return;
        endRefresh(resourcesRefresh, &Private::refreshResources);
        if (!result) {
            addConsoleLine(ConsoleLine::Kind::Lifecycle, ServerConnection::tr("listing resources failed: %1").arg(result.error().message));
            return;
        }
        resources = result.value();
        emit q->resourcesChanged();
    });
    session->listResourceTemplates(q, [this, s](const Result<QList<ResourceTemplate>> &result) {
        if (s != session)
            return;
        endRefresh(resourcesRefresh, &Private::refreshResources);
        if (!result) {
            addConsoleLine(ConsoleLine::Kind::Lifecycle, ServerConnection::tr("listing resource templates failed: %1").arg(result.error().message));
            return;
        }
        templates = result.value();
        emit q->resourcesChanged();
    });
}

void ServerConnection::Private::refreshPrompts()
{
    if (!session || !session->isReady() || !session->serverCapabilities().prompts || !beginRefresh(promptsRefresh, 1))
        return;
    QPointer<ClientSession> s(session);
    session->listPrompts(q, [this, s](const Result<QList<Prompt>> &result) {
        if (s != session)
            return;
        endRefresh(promptsRefresh, &Private::refreshPrompts);
        if (!result) {
            addConsoleLine(ConsoleLine::Kind::Lifecycle, ServerConnection::tr("listing prompts failed: %1").arg(result.error().message));
            return;
        }
        prompts = result.value();
        emit q->promptsChanged();
    });
}

ServerConnection::ServerConnection(ServerConfig config, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->q = this;
    d->config = std::move(config);
    d->status = d->config.enabled ? Status::Stopped : Status::Disabled;
    d->restartTimer.setSingleShot(true);
    connect(&d->restartTimer, &QTimer::timeout, this, [this] { d->readSecretsThenConnect(); });
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

std::optional<Tool> ServerConnection::listedTool(const QString &name) const
{
    const auto it = std::find_if(d->tools.cbegin(), d->tools.cend(), [&](const Tool &tool) { return tool.name == name; });
    return it == d->tools.cend() ? std::nullopt : std::optional<Tool>(*it);
}

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
        if (result && s == d->session) {
            d->tools = result.value();
            emit toolsChanged();
        }
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
    return d->status == Status::Restarting ? d->nextDelay : std::chrono::milliseconds(0);
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

void ServerConnection::setRestartPolicy(const RestartPolicy &policy) { d->policy = policy; }
void ServerConnection::addConsoleNote(const QString &text)
{
    d->addConsoleLine(ConsoleLine::Kind::Lifecycle, text);
}

void ServerConnection::setSessionConfigurator(SessionConfigurator configurator) { d->configurator = std::move(configurator); }
void ServerConnection::setTransportFactory(TransportFactory factory) { d->transportFactory = std::move(factory); }
void ServerConnection::setSecretStore(SecretStore *store) { d->secretStore = store; }
void ServerConnection::setEraCache(std::shared_ptr<EraCache> cache) { d->eraCache = std::move(cache); }
void ServerConnection::setServerTrust(std::shared_ptr<ServerTrust> trust) { d->trust = std::move(trust); }
ServerTrust *ServerConnection::serverTrust() const { return d->trust.get(); }

bool ServerConnection::needsTrust() const
{
    return d->trust && !d->trust->isTrusted(d->config) && d->trustedOnce != ServerTrustFacts::of(d->config).fingerprint();
}

Result<void> ServerConnection::trust(const QString &by)
{
    Result<void> kept;
    if (d->trust) {
        kept = d->trust->trust(d->config, by);
        if (!kept) {
            d->trustedOnce = ServerTrustFacts::of(d->config).fingerprint();
            d->addConsoleLine(ConsoleLine::Kind::Lifecycle, kept.error().message);
        }
    }
    emit trustDecided(true, by);
    if (d->status == Status::WaitingForTrust) {
        d->addConsoleLine(ConsoleLine::Kind::Lifecycle, ServerConnection::tr("trusted: %1").arg(d->config.endpoint()));
        start();
    }
    return kept;
}

void ServerConnection::refuseTrust(const QString &by)
{
    d->addConsoleLine(ConsoleLine::Kind::Lifecycle, ServerConnection::tr("not trusted, so not started"));
    emit trustDecided(false, by);
}

QString ServerConnection::EraSummary::eraName(ProtocolEra era)
{
    return era == ProtocolEra::Modern ? QStringLiteral("modern") : QStringLiteral("legacy");
}

QString ServerConnection::EraSummary::sourceName(Source source)
{
    switch (source) {
    case Source::Session: return QStringLiteral("session");
    case Source::Setting: return QStringLiteral("setting");
    case Source::Probe: return QStringLiteral("probe");
    case Source::Cache: return QStringLiteral("cache");
    }
    return {};
}

QString ServerConnection::EraSummary::describe() const
{
    return QStringLiteral("%1 (%2)").arg(protocolVersion, describeEra());
}

QString ServerConnection::EraSummary::describeEra() const
{
    QStringList parts{era == ProtocolEra::Modern ? ServerConnection::tr("modern") : ServerConnection::tr("legacy")};
    if (!decidedBy.isEmpty())
        parts.append(ServerConnection::tr("decided by %1").arg(decidedBy));
    switch (source) {
    case Source::Session:
        break;
    case Source::Setting:
        parts.append(ServerConnection::tr("as set for this server"));
        break;
    case Source::Probe:
        parts.append(ServerConnection::tr("probed in %1 ms").arg(probeMs));
        break;
    case Source::Cache:
        parts.append(ServerConnection::tr("cached"));
        break;
    }
    return parts.join(QStringLiteral(", "));
}

QJsonObject ServerConnection::EraSummary::toJson() const
{
    QJsonObject object{
        {QStringLiteral("era"), eraName(era)},
        {QStringLiteral("eraDecidedBy"), decidedBy},
        {QStringLiteral("eraSource"), sourceName(source)},
    };
    if (!probe.isEmpty())
        object.insert(QStringLiteral("eraProbe"), probe);
    if (probeMs >= 0)
        object.insert(QStringLiteral("probeMs"), probeMs);
    return object;
}

std::optional<ServerConnection::EraSummary> ServerConnection::eraSummary() const
{
    if (d->status != Status::Ready || !d->session || !d->session->isReady())
        return std::nullopt;
    EraSummary summary;
    summary.era = d->session->era();
    summary.protocolVersion = d->session->protocolVersion();
    summary.decidedBy = d->session->eraDecidedBy();
    summary.source = d->eraSource;
    summary.probe = d->eraProbe;
    summary.probeMs = d->eraSource == EraSummary::Source::Probe ? d->probeMs : -1;
    return summary;
}

bool ServerConnection::canProbeEraAgain() const
{
    return d->eraCache && d->config.protocolEra == ServerConfig::EraPreference::Auto
        && d->config.transport == ServerConfig::Transport::Stdio;
}

void ServerConnection::probeEraAgain()
{
    if (d->eraCache) {
        if (const Result<void> forgotten = d->eraCache->forget(d->config); !forgotten)
            d->addConsoleLine(ConsoleLine::Kind::Lifecycle, forgotten.error().message);
    }
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
    d->restartTimer.stop();
    d->readSecretsThenConnect();
}

void ServerConnection::stop()
{
    d->restartTimer.stop();
    ++d->secretReadGeneration;
    d->dropSession();
    d->clearLists();
    if (d->status != Status::Stopped && d->status != Status::Disabled)
        d->addConsoleLine(ConsoleLine::Kind::Lifecycle, ServerConnection::tr("stopped"));
    d->setStatus(d->config.enabled ? Status::Stopped : Status::Disabled);
}

void ServerConnection::restart()
{
    stop();
    d->crashTimes.clear();
    d->failuresSinceReady = 0;
    start();
}

ServerConnection::Status ServerConnection::status() const { return d->status; }
Error ServerConnection::lastError() const { return d->lastError; }
ClientSession *ServerConnection::session() const { return d->session; }
QList<Tool> ServerConnection::tools() const { return d->tools; }
QList<Resource> ServerConnection::resources() const { return d->resources; }
QList<ResourceTemplate> ServerConnection::resourceTemplates() const { return d->templates; }
QList<Prompt> ServerConnection::prompts() const { return d->prompts; }
QList<ConsoleLine> ServerConnection::console() const { return d->console; }

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
    }
    return {};
}

QString ServerConnection::statusText() const
{
    switch (d->status) {
    case Status::Failed:
        return ServerConnection::tr("Failed: %1").arg(d->lastError.message);
    case Status::Restarting:
        return ServerConnection::tr("Restarting in %1 s (failure %2 of %3): %4")
            .arg(qMax(0, d->restartTimer.remainingTime()) / 1000.0, 0, 'f', 1)
            .arg(std::max(int(d->crashTimes.size()), d->failuresSinceReady))
            .arg(d->policy.maxCrashes)
            .arg(d->lastError.message);
    case Status::Starting:
        return ServerConnection::tr("Starting…");
    case Status::WaitingForTrust:
        return ServerConnection::tr("Not started: waiting until you trust what it runs");
    default:
        return statusName(d->status);
    }
}

void ServerConnection::refreshLists()
{
    d->refreshTools();
    d->refreshResources();
    d->refreshPrompts();
}

} // namespace Toolgate

#include "moc_serverconnection.cpp"
