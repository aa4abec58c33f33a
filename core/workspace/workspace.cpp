#include "core/workspace/workspace.h"

#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/workspace/serverconfigfile.h"

#include <QDir>
#include <QFileInfo>
#include <QUrl>

namespace Toolgate {

Workspace::Workspace(QString configPath, QObject *parent)
    : QObject(parent)
    , m_configPath(std::move(configPath))
    , m_secrets(new WorkspaceSecrets(*this)) // not make_unique: the constructor is private to the workspace
{
}

Workspace::~Workspace()
{
    // Connections are children; deleting them ends their sessions and child processes.
    clearConnections();
}

QString Workspace::configPath() const { return m_configPath; }

Result<Workspace::LoadOutcome> Workspace::load()
{
    const QFileInfo file(m_configPath);
    if (!file.exists()) {
        emit connectionsAboutToBeReset();
        clearConnections();
        m_loadError.reset();
        m_secrets->loaded({});
        m_connections.append(createConnection(ServerConfig::demoServer()));
        emit connectionsReset();
        qCInfo(lcWorkspace) << "first start: configured the demo server in" << m_configPath;
        if (!QDir().mkpath(file.absolutePath()))
            return makeError(ErrorCode::ConfigError,
                             tr("Could not create the configuration folder %1.").arg(QDir::toNativeSeparators(file.absolutePath())));
        if (Result<void> saved = saveChecked(); !saved)
            return saved.error();
        return LoadOutcome::FirstStart;
    }

    Result<QList<ServerConfig>> loaded = ServerConfigFile::load(m_configPath);
    emit connectionsAboutToBeReset();
    clearConnections();
    if (!loaded) {
        // Keep the user's file exactly as it is: they may have a typo to fix by hand.
        m_loadError = loaded.error();
        qCWarning(lcWorkspace) << "cannot read" << m_configPath << ':' << loaded.error().message;
        emit connectionsReset();
        return loaded.error();
    }
    m_loadError.reset();
    m_secrets->loaded(loaded.value());
    for (const ServerConfig &config : loaded.value()) {
        // Names are keys in the file, so duplicates can only differ in case; keep both, renamed.
        ServerConfig unique = config;
        unique.name = uniqueName(config.name.trimmed().isEmpty() ? tr("server") : config.name);
        m_connections.append(createConnection(unique));
    }
    emit connectionsReset();
    return LoadOutcome::Loaded;
}

Result<void> Workspace::save() const
{
    return saveChecked();
}

Result<void> Workspace::saveChecked() const
{
    if (m_configPath.isEmpty())
        return {}; // a workspace of this run only (toolgate-cli): nothing is kept
    if (m_loadError)
        return makeError(ErrorCode::ConfigError,
                         tr("%1 could not be read, so it is left untouched: %2")
                             .arg(QDir::toNativeSeparators(m_configPath), m_loadError->message));
    QList<ServerConfig> list = configs();
    if (!m_secrets->store()) {
        // Nowhere else to keep them: the values stay in the file, as before secrets were moved.
        for (ServerConfig &config : list)
            config.plainSecretKeys = config.secretKeys;
    }
    Result<void> saved = ServerConfigFile::save(m_configPath, list);
    if (!saved)
        qCWarning(lcWorkspace) << "cannot write" << m_configPath << ':' << saved.error().message;
    return saved;
}

std::optional<Error> Workspace::loadError() const { return m_loadError; }

QList<ServerConnection *> Workspace::connections() const { return m_connections; }
int Workspace::count() const { return int(m_connections.size()); }

ServerConnection *Workspace::connectionAt(int index) const
{
    return index >= 0 && index < m_connections.size() ? m_connections.at(index) : nullptr;
}

ServerConnection *Workspace::connection(const QString &name) const
{
    for (ServerConnection *connection : m_connections) {
        if (connection->name() == name)
            return connection;
    }
    return nullptr;
}

int Workspace::indexOf(const ServerConnection *connection) const
{
    return int(m_connections.indexOf(connection));
}

QStringList Workspace::serverNames() const
{
    QStringList names;
    names.reserve(m_connections.size());
    for (const ServerConnection *connection : m_connections)
        names.append(connection->name());
    return names;
}

Result<void> Workspace::validate(const ServerConfig &config, const QString &currentName) const
{
    const QString name = config.name.trimmed();
    if (name.isEmpty())
        return makeError(ErrorCode::ConfigError, tr("The server needs a name."));
    if (name != config.name)
        return makeError(ErrorCode::ConfigError, tr("The name must not start or end with spaces."));
    for (const ServerConnection *connection : m_connections) {
        if (connection->name() == currentName)
            continue;
        if (connection->name().compare(name, Qt::CaseInsensitive) == 0)
            return makeError(ErrorCode::ConfigError, tr("There is already a server called \"%1\".").arg(connection->name()));
    }
    switch (config.transport) {
    case ServerConfig::Transport::Stdio:
        if (config.command.trimmed().isEmpty())
            return makeError(ErrorCode::ConfigError, tr("A local (stdio) server needs a command to run."));
        break;
    case ServerConfig::Transport::Http:
    case ServerConfig::Transport::Sse: {
        const QUrl url(config.url.trimmed(), QUrl::StrictMode);
        if (config.url.trimmed().isEmpty())
            return makeError(ErrorCode::ConfigError, tr("A remote server needs a URL."));
        if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https") || url.host().isEmpty())
            return makeError(ErrorCode::ConfigError, tr("The URL must be an http:// or https:// address."));
        break;
    }
    }
    if (const QString unknown = m_secrets->unknownPlaceholder(config, currentName); !unknown.isEmpty())
        return makeError(ErrorCode::ConfigError, unknown);
    return {};
}

QString Workspace::uniqueName(const QString &base) const
{
    const auto taken = [this](const QString &name) {
        for (const ServerConnection *connection : m_connections) {
            if (connection->name().compare(name, Qt::CaseInsensitive) == 0)
                return true;
        }
        return false;
    };
    if (!taken(base))
        return base;
    for (int n = 2;; ++n) {
        const QString candidate = base + u' ' + QString::number(n);
        if (!taken(candidate))
            return candidate;
    }
}

Result<ServerConnection *> Workspace::addServer(const ServerConfig &config)
{
    if (Result<void> valid = validate(config); !valid)
        return valid.error();
    if (m_loadError)
        return saveChecked().error();
    ServerConnection *connection = createConnection(config);
    m_connections.append(connection);
    emit connectionAdded(connection);
    m_secrets->sync();
    const Result<void> saved = saveChecked();
    connection->start();
    if (!saved)
        return saved.error();
    return connection;
}

Result<ServerConnection *> Workspace::addTransientServer(const ServerConfig &config, bool needsTrust)
{
    if (config.name.trimmed().isEmpty())
        return makeError(ErrorCode::ConfigError, tr("A server needs a name."));
    if (connection(config.name))
        return makeError(ErrorCode::ConfigError, tr("There is already a server called \"%1\".").arg(config.name));
    ServerConnection *connection = createConnection(config);
    if (!needsTrust)
        connection->setServerTrust(nullptr);
    m_transient.insert(connection);
    m_connections.append(connection);
    emit connectionAdded(connection);
    return connection;
}

bool Workspace::isTransient(const ServerConnection *connection) const
{
    return m_transient.contains(connection);
}

Result<void> Workspace::updateServer(const QString &name, const ServerConfig &config)
{
    ServerConnection *existing = connection(name);
    if (!existing)
        return makeError(ErrorCode::ConfigError, tr("There is no server called \"%1\".").arg(name));
    if (Result<void> valid = validate(config, name); !valid)
        return valid;
    if (m_loadError)
        return saveChecked();
    if (existing->config() == config)
        return {};
    ServerConfig applied = config;
    const QList<ServerConfig::SecretEntry> toRead = m_secrets->keepUnreadPlainSecret(applied, name, existing);
    if (config.name != name)
        m_secrets->renamed(name, applied);
    setConnectionConfig(existing, applied);
    m_secrets->sync();
    const Result<void> saved = saveChecked();
    m_secrets->readPlainValues(existing, toRead);
    return saved;
}

void Workspace::setConnectionConfig(ServerConnection *connection, const ServerConfig &config)
{
    connection->setConfig(config);
    emit connectionConfigChanged(connection);
}

Result<void> Workspace::setServerEnabled(const QString &name, bool enabled)
{
    ServerConnection *existing = connection(name);
    if (!existing)
        return makeError(ErrorCode::ConfigError, tr("There is no server called \"%1\".").arg(name));
    ServerConfig config = existing->config();
    config.enabled = enabled;
    return updateServer(name, config);
}

Result<void> Workspace::removeServer(const QString &name)
{
    ServerConnection *existing = connection(name);
    if (!existing)
        return makeError(ErrorCode::ConfigError, tr("There is no server called \"%1\".").arg(name));
    if (m_loadError)
        return saveChecked();
    const bool transient = m_transient.remove(existing);
    emit connectionAboutToBeRemoved(existing);
    m_connections.removeOne(existing);
    existing->stop();
    emit connectionRemoved(existing);
    m_secrets->connectionRemoved(existing);
    existing->deleteLater();
    if (transient)
        return {};
    m_secrets->sync();
    return saveChecked();
}

void Workspace::startAll()
{
    for (ServerConnection *connection : std::as_const(m_connections))
        connection->start();
}

void Workspace::stopAll()
{
    for (ServerConnection *connection : std::as_const(m_connections))
        connection->stop();
}

void Workspace::setSessionConfigurator(ServerConnection::SessionConfigurator configurator)
{
    m_configurator = std::move(configurator);
    for (ServerConnection *connection : std::as_const(m_connections))
        connection->setSessionConfigurator(m_configurator);
}

void Workspace::setTransportFactory(ServerConnection::TransportFactory factory)
{
    m_transportFactory = std::move(factory);
    for (ServerConnection *connection : std::as_const(m_connections))
        connection->setTransportFactory(m_transportFactory);
}

void Workspace::setRestartPolicy(const ServerConnection::RestartPolicy &policy)
{
    m_restartPolicy = policy;
    for (ServerConnection *connection : std::as_const(m_connections))
        connection->setRestartPolicy(policy);
}

void Workspace::setSessionOptions(const ClientSession::Options &options)
{
    m_sessionOptions = options;
    for (ServerConnection *connection : std::as_const(m_connections))
        connection->setSessionOptions(options);
}

void Workspace::setListsOnReady(bool list)
{
    m_listsOnReady = list;
    for (ServerConnection *connection : std::as_const(m_connections))
        connection->setListsOnReady(list);
}

void Workspace::setServerTrust(std::shared_ptr<ServerTrust> trust)
{
    m_serverTrust = std::move(trust);
    for (ServerConnection *connection : std::as_const(m_connections)) {
        if (!m_transient.contains(connection))
            connection->setServerTrust(m_serverTrust);
    }
}

void Workspace::setEraCache(std::shared_ptr<EraCache> cache)
{
    m_eraCache = std::move(cache);
    for (ServerConnection *connection : std::as_const(m_connections))
        connection->setEraCache(m_eraCache);
}

ServerConnection *Workspace::createConnection(const ServerConfig &config)
{
    auto *connection = new ServerConnection(config, this);
    m_secrets->connectionCreated(connection);
    if (m_configurator)
        connection->setSessionConfigurator(m_configurator);
    if (m_transportFactory)
        connection->setTransportFactory(m_transportFactory);
    if (m_restartPolicy)
        connection->setRestartPolicy(*m_restartPolicy);
    if (m_sessionOptions)
        connection->setSessionOptions(*m_sessionOptions);
    connection->setListsOnReady(m_listsOnReady);
    connection->setEraCache(m_eraCache);
    connection->setServerTrust(m_serverTrust);
    return connection;
}

void Workspace::clearConnections()
{
    // Deleted at once rather than later: a reload must not leave the old servers running
    // alongside the new ones, and views learn of it through connectionsReset().
    m_secrets->connectionsCleared();
    m_transient.clear();
    const QList<ServerConnection *> old = std::exchange(m_connections, {});
    for (ServerConnection *connection : old)
        delete connection;
}

QList<ServerConfig> Workspace::configs() const
{
    QList<ServerConfig> list;
    list.reserve(m_connections.size());
    for (const ServerConnection *connection : m_connections) {
        if (!m_transient.contains(connection))
            list.append(connection->config());
    }
    return list;
}

} // namespace Toolgate

#include "moc_workspace.cpp"
