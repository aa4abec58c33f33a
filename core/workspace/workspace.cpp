#include "workspace.h"

#include "auth/secretstore.h"
#include "common/logging.h"
#include "common/error.h"
#include "serverconfigfile.h"

#include <algorithm>

#include <QDir>
#include <QFileInfo>
#include <QPointer>
#include <QTimer>
#include <QUrl>

namespace Toolgate {

/// What connections read their secrets through: the workspace's store, except that reading a key
/// a rename is still moving waits until the move is done (else a renamed server that starts at
/// once would find nothing under its new name).
class Workspace::ConnectionSecretStore final : public SecretStore
{
public:
    explicit ConnectionSecretStore(SecretStore *inner) : m_inner(inner) {}

    void read(const QString &key, QObject *context, ReadCallback callback) override
    {
        if (!m_moving.contains(key)) {
            m_inner->read(key, context, std::move(callback));
            return;
        }
        QPointer<QObject> guard(context);
        m_moving[key].append([this, key, guard, callback = std::move(callback)] {
            if (guard)
                m_inner->read(key, guard, callback);
        });
    }
    void write(const QString &key, const QByteArray &value, QObject *context, WriteCallback callback) override
    {
        m_inner->write(key, value, context, std::move(callback));
    }
    void remove(const QString &key, QObject *context, WriteCallback callback) override
    {
        m_inner->remove(key, context, std::move(callback));
    }
    QString location() const override { return m_inner->location(); }

    void beginMove(const QString &to) { m_moving[to]; }
    void endMove(const QString &to)
    {
        const QList<std::function<void()>> waiting = m_moving.take(to);
        for (const auto &read : waiting)
            read();
    }

private:
    SecretStore *m_inner;
    QHash<QString, QList<std::function<void()>>> m_moving;
};

Workspace::Workspace(QString configPath, QObject *parent)
    : QObject(parent)
    , m_configPath(std::move(configPath))
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
        m_storedSecrets.clear();
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
    m_storedSecrets.clear();
    for (const ServerConfig &config : loaded.value()) {
        // Names are keys in the file, so duplicates can only differ in case; keep both, renamed.
        ServerConfig unique = config;
        unique.name = uniqueName(config.name.trimmed().isEmpty() ? tr("server") : config.name);
        for (const ServerConfig::SecretEntry &entry : config.keychainSecrets()) {
            if (entry.value == ServerConfig::secretPlaceholder())
                m_storedSecrets.insert(entry.storeKey, entry.value);
        }
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
    if (!m_secretStore) {
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
    if (const QString unknown = unknownPlaceholder(config, currentName); !unknown.isEmpty())
        return makeError(ErrorCode::ConfigError, unknown);
    return {};
}

QString Workspace::unknownPlaceholder(const ServerConfig &config, const QString &currentName) const
{
    const auto check = [&](const QMap<QString, QString> &map, ServerConfig::SecretEntry::Kind kind) -> QString {
        for (auto it = map.cbegin(); it != map.cend(); ++it) {
            if (it.value() != ServerConfig::secretPlaceholder())
                continue;
            // The placeholder stands for what the store keeps under the server's current name and
            // this key; a new server or a renamed row has nothing there.
            const bool stored = m_secretStore && !currentName.isEmpty()
                && m_storedSecrets.contains(ServerConfig::secretStoreKey(currentName, kind, it.key()));
            const bool inKeychain = config.secretKeys.contains(it.key()) && !config.plainSecretKeys.contains(it.key());
            // Without a store a secret placeholder may still come from the file; the server says what is missing.
            if (stored || (inKeychain && (!m_secretStore || currentName.isEmpty())))
                continue;
            QString what = ServerConfig::SecretEntry{kind, it.key(), {}, {}}.describe();
            what[0] = what.at(0).toUpper();
            return tr("%1 holds only the keychain placeholder, and no value is kept for it under this name. Enter the real value.")
                .arg(what);
        }
        return {};
    };
    if (QString problem = check(config.env, ServerConfig::SecretEntry::Kind::Env); !problem.isEmpty())
        return problem;
    return check(config.headers, ServerConfig::SecretEntry::Kind::Header);
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
    syncSecrets();
    const Result<void> saved = saveChecked();
    connection->start();
    if (!saved)
        return saved.error();
    return connection;
}

Result<ServerConnection *> Workspace::addTransientServer(const ServerConfig &config)
{
    if (config.name.trimmed().isEmpty())
        return makeError(ErrorCode::ConfigError, tr("A server needs a name."));
    if (connection(config.name))
        return makeError(ErrorCode::ConfigError, tr("There is already a server called \"%1\".").arg(config.name));
    ServerConnection *connection = createConnection(config);
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
    const QList<ServerConfig::SecretEntry> toRead = keepUnreadPlainSecret(applied, name, existing);
    if (config.name != name) {
        // Values not read yet exist only in the store: move them to the new name's keys.
        for (const ServerConfig::SecretEntry &entry : applied.keychainSecrets()) {
            const QString oldKey = ServerConfig::secretStoreKey(name, entry.kind, entry.key);
            if (entry.value != ServerConfig::secretPlaceholder() || !m_storedSecrets.contains(oldKey))
                continue;
            m_storedSecrets.remove(oldKey);
            m_storedSecrets.insert(entry.storeKey, entry.value);
            moveSecret(oldKey, entry.storeKey);
        }
    }
    existing->setConfig(applied);
    emit connectionConfigChanged(existing);
    syncSecrets();
    const Result<void> saved = saveChecked();
    readPlainValues(existing, toRead);
    return saved;
}

QList<ServerConfig::SecretEntry> Workspace::keepUnreadPlainSecret(ServerConfig &config, const QString &currentName,
                                                                  ServerConnection *connection)
{
    // Values already waiting for the store stay waiting while the caller keeps them as they are
    // (e.g. setServerEnabled() passing the config back): the answer on its way applies them.
    QList<ServerConfig::SecretEntry> waiting;
    const ServerConfig &current = connection->config();
    for (const ServerConfig::SecretEntry &entry : m_pendingPlain.value(connection)) {
        const bool env = entry.kind == ServerConfig::SecretEntry::Kind::Env;
        const QMap<QString, QString> &map = env ? config.env : config.headers;
        const QMap<QString, QString> &currentMap = env ? current.env : current.headers;
        if (map.contains(entry.key) && map.value(entry.key) == currentMap.value(entry.key) && config.secretKeys.contains(entry.key))
            waiting.append(entry);
    }
    QList<ServerConfig::SecretEntry> toRead;
    if (m_secretStore) {
        const auto collect = [&](const QMap<QString, QString> &map, ServerConfig::SecretEntry::Kind kind) {
            for (auto it = map.cbegin(); it != map.cend(); ++it) {
                const bool inKeychain = config.secretKeys.contains(it.key()) && !config.plainSecretKeys.contains(it.key());
                if (it.value() != ServerConfig::secretPlaceholder() || inKeychain)
                    continue;
                // validate() made sure the store keeps it: read it before writing it plainly.
                if (!m_storedSecrets.contains(ServerConfig::secretStoreKey(currentName, kind, it.key())))
                    continue;
                toRead.append({kind, it.key(), {}, {}});
            }
        };
        collect(config.env, ServerConfig::SecretEntry::Kind::Env);
        collect(config.headers, ServerConfig::SecretEntry::Kind::Header);
    }
    // Until then the value stays a secret: the file keeps the placeholder, the store its entry,
    // and a start reads the real value.
    for (const ServerConfig::SecretEntry &entry : std::as_const(toRead)) {
        if (!config.secretKeys.contains(entry.key))
            config.secretKeys.append(entry.key);
        config.plainSecretKeys.removeAll(entry.key);
    }
    waiting.append(toRead);
    if (waiting.isEmpty())
        m_pendingPlain.remove(connection);
    else
        m_pendingPlain.insert(connection, waiting);
    return toRead;
}

void Workspace::readPlainValues(ServerConnection *connection, const QList<ServerConfig::SecretEntry> &entries)
{
    const QPointer<ServerConnection> guard(connection);
    for (const ServerConfig::SecretEntry &entry : entries) {
        const QString storeKey = ServerConfig::secretStoreKey(connection->name(), entry.kind, entry.key);
        const quint64 work = beginSecretWork(tr("read %1 to write it into the servers file").arg(storeKey));
        // Through the connections' store: a rename still moving the entry is waited for.
        m_connectionStore->read(storeKey, this, [this, guard, entry, work](const Result<QByteArray> &value) {
            if (guard)
                applyPlainValue(guard, entry, value);
            endSecretWork(work);
        });
    }
}

void Workspace::applyPlainValue(ServerConnection *connection, const ServerConfig::SecretEntry &entry, const Result<QByteArray> &read)
{
    QList<ServerConfig::SecretEntry> &pending = m_pendingPlain[connection];
    const auto found = std::find_if(pending.begin(), pending.end(), [&entry](const ServerConfig::SecretEntry &e) {
        return e.kind == entry.kind && e.key == entry.key;
    });
    if (found == pending.end()) {
        if (pending.isEmpty())
            m_pendingPlain.remove(connection);
        return; // edited again meanwhile (marked secret, removed, or given a new value)
    }
    pending.erase(found);
    if (pending.isEmpty())
        m_pendingPlain.remove(connection);
    if (!m_connections.contains(connection))
        return;

    ServerConfig config = connection->config();
    const QMap<QString, QString> &map = entry.kind == ServerConfig::SecretEntry::Kind::Env ? config.env : config.headers;
    if (!map.contains(entry.key) || !config.secretKeys.contains(entry.key))
        return;
    // The connection may have read it itself meanwhile (a start); else the store's answer is it.
    QString value = map.value(entry.key);
    if (value == ServerConfig::secretPlaceholder()) {
        const QString what = tr("read %1 of \"%2\"").arg(entry.describe(), config.name);
        if (!read) {
            reportSecretProblem(what, read.error());
            return; // still marked secret: the value stays where it is
        }
        if (read.value().isEmpty()) {
            reportSecretProblem(what, makeError(ErrorCode::ConfigError, tr("no value is stored for it, so it stays marked secret; enter the value")));
            return;
        }
        value = QString::fromUtf8(read.value());
    }
    config.setSecretValue(entry, value);
    config.secretKeys.removeAll(entry.key);
    connection->setConfig(config);
    emit connectionConfigChanged(connection);
    // The file holds the value before the store's copy goes: a failed write keeps the only copy.
    if (const Result<void> saved = saveChecked(); !saved) {
        const QString message = tr("Could not write %1 of \"%2\" into %3: %4. It is still kept in %5; save the server again to retry.")
                                    .arg(entry.describe(), config.name, QDir::toNativeSeparators(m_configPath), saved.error().message,
                                         m_secretStore->location());
        qCWarning(lcWorkspace).noquote() << message;
        emit secretStoreProblem(message);
        return;
    }
    syncSecrets();
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
    m_pendingPlain.remove(existing);
    existing->deleteLater();
    if (transient)
        return {};
    syncSecrets();
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

void Workspace::setSecretStore(SecretStore *store)
{
    m_secretStore = store;
    m_connectionStore = store ? std::make_unique<ConnectionSecretStore>(store) : nullptr;
    for (ServerConnection *connection : std::as_const(m_connections))
        connection->setSecretStore(m_connectionStore.get());
}

QStringList Workspace::plainSecrets() const
{
    QStringList plain;
    for (const ServerConnection *connection : m_connections) {
        for (const QString &key : connection->config().plainSecretKeys)
            plain.append(QStringLiteral("%1: %2").arg(connection->name(), key));
    }
    return plain;
}

Result<void> Workspace::moveSecretsToKeychain()
{
    if (m_loadError)
        return saveChecked();
    if (!m_secretStore)
        return makeError(ErrorCode::ConfigError, tr("There is no keychain to move the secret values to."));
    for (ServerConnection *connection : std::as_const(m_connections)) {
        if (connection->config().plainSecretKeys.isEmpty())
            continue;
        ServerConfig config = connection->config();
        config.plainSecretKeys.clear();
        connection->setConfig(config); // same values: no restart
        emit connectionConfigChanged(connection);
    }
    syncSecrets();
    return saveChecked();
}

Result<void> Workspace::keepSecretsInFile()
{
    if (m_loadError)
        return saveChecked();
    // Answers on their way refer to the store; it goes only once they are in.
    if (hasPendingSecretWrites())
        return makeError(ErrorCode::ConfigError, tr("Secret values are still being saved (%1). Try again in a moment.")
                                                     .arg(pendingSecretWrites().join(QStringLiteral(", "))));
    for (ServerConnection *connection : std::as_const(m_connections)) {
        ServerConfig config = connection->config();
        if (config.secretKeys.isEmpty() || config.plainSecretKeys == config.secretKeys)
            continue;
        config.plainSecretKeys = config.secretKeys;
        connection->setConfig(config); // same values: no restart
        emit connectionConfigChanged(connection);
    }
    // A value never read from the store stays the placeholder: the editor shows it as not available,
    // to be typed again.
    m_pendingPlain.clear();
    m_storedSecrets.clear();
    setSecretStore(nullptr);
    return saveChecked();
}

void Workspace::syncSecrets()
{
    if (!m_secretStore)
        return;
    QHash<QString, QString> wanted;
    for (const ServerConnection *connection : std::as_const(m_connections)) {
        if (m_transient.contains(connection))
            continue; // not ours to write or delete: the file they came from keeps them
        for (const ServerConfig::SecretEntry &entry : connection->config().keychainSecrets())
            wanted.insert(entry.storeKey, entry.value);
    }
    for (auto it = wanted.cbegin(); it != wanted.cend(); ++it) {
        // A placeholder is a value we never read: whatever the store holds is already right.
        if (it.value() == ServerConfig::secretPlaceholder() || m_storedSecrets.value(it.key()) == it.value())
            continue;
        const QString key = it.key();
        const quint64 work = beginSecretWork(tr("save %1").arg(key));
        m_secretStore->write(key, it.value().toUtf8(), this, [this, key, work](const Result<void> &written) {
            if (!written)
                reportSecretProblem(tr("save the secret %1").arg(key), written.error());
            endSecretWork(work);
        });
    }
    for (auto it = m_storedSecrets.cbegin(); it != m_storedSecrets.cend(); ++it) {
        if (wanted.contains(it.key()))
            continue;
        const QString key = it.key();
        const quint64 work = beginSecretWork(tr("delete %1").arg(key));
        m_secretStore->remove(key, this, [this, key, work](const Result<void> &removed) {
            if (!removed)
                reportSecretProblem(tr("delete the secret %1").arg(key), removed.error());
            endSecretWork(work);
        });
    }
    m_storedSecrets = wanted;
}

void Workspace::moveSecret(const QString &from, const QString &to)
{
    // One pending piece of work from the read to the deletion: quitting halfway could leave the
    // value under neither name.
    const quint64 work = beginSecretWork(tr("move %1 to %2").arg(from, to));
    m_connectionStore->beginMove(to);
    m_secretStore->read(from, this, [this, from, to, work](const Result<QByteArray> &value) {
        if (!value) {
            m_connectionStore->endMove(to);
            reportSecretProblem(tr("move the secret %1 to %2").arg(from, to), value.error());
            endSecretWork(work);
            return;
        }
        if (value.value().isEmpty()) {
            m_connectionStore->endMove(to);
            endSecretWork(work);
            return; // nothing stored; the server will say which value to enter
        }
        m_secretStore->write(to, value.value(), this, [this, from, to, work](const Result<void> &written) {
            m_connectionStore->endMove(to);
            if (!written) {
                reportSecretProblem(tr("move the secret %1 to %2").arg(from, to), written.error());
                endSecretWork(work);
                return; // keep the old entry: it is the only copy
            }
            m_secretStore->remove(from, this, [this, from, work](const Result<void> &removed) {
                if (!removed)
                    reportSecretProblem(tr("delete the secret %1").arg(from), removed.error());
                endSecretWork(work);
            });
        });
    });
}

bool Workspace::hasPendingSecretWrites() const
{
    return !m_secretWork.isEmpty();
}

QStringList Workspace::pendingSecretWrites() const
{
    return m_secretWork.values();
}

void Workspace::whenSecretWritesDone(int timeoutMs, QObject *context, std::function<void(const QStringList &)> callback)
{
    // The waiter carries the connections; deleting it after the one answer ends them all.
    auto *waiter = new QObject(context);
    const QPointer<Workspace> self(this);
    auto answer = [waiter, callback = std::move(callback)](const QStringList &unfinished) {
        if (waiter->property("answered").toBool())
            return;
        waiter->setProperty("answered", true);
        waiter->deleteLater();
        callback(unfinished);
    };
    if (!hasPendingSecretWrites()) {
        QMetaObject::invokeMethod(waiter, [answer] { answer({}); }, Qt::QueuedConnection);
        return;
    }
    connect(this, &Workspace::secretWritesFinished, waiter, [answer] { answer({}); });
    QTimer::singleShot(timeoutMs, waiter, [self, answer] {
        answer(self ? self->pendingSecretWrites() : QStringList());
    });
}

quint64 Workspace::beginSecretWork(const QString &what)
{
    const quint64 id = ++m_nextSecretWork;
    m_secretWork.insert(id, what);
    return id;
}

void Workspace::endSecretWork(quint64 id)
{
    if (m_secretWork.remove(id) > 0 && m_secretWork.isEmpty())
        emit secretWritesFinished();
}

void Workspace::reportSecretProblem(const QString &what, const Error &error)
{
    const QString message = tr("Could not %1 in %2: %3. Edit the server and save it again to retry.")
                                .arg(what, m_secretStore ? m_secretStore->location() : QString(), error.message);
    qCWarning(lcWorkspace).noquote() << message;
    emit secretStoreProblem(message);
}

ServerConnection *Workspace::createConnection(const ServerConfig &config)
{
    auto *connection = new ServerConnection(config, this);
    connection->setSecretStore(m_connectionStore.get());
    connect(connection, &ServerConnection::secretsRead, this, [this, connection] {
        // What was read is what the store holds: no need to write it back on the next save.
        for (const ServerConfig::SecretEntry &entry : connection->config().keychainSecrets()) {
            if (m_storedSecrets.contains(entry.storeKey))
                m_storedSecrets.insert(entry.storeKey, entry.value);
        }
        emit secretsRead(connection);
    });
    if (m_configurator)
        connection->setSessionConfigurator(m_configurator);
    if (m_transportFactory)
        connection->setTransportFactory(m_transportFactory);
    if (m_restartPolicy)
        connection->setRestartPolicy(*m_restartPolicy);
    if (m_sessionOptions)
        connection->setSessionOptions(*m_sessionOptions);
    connection->setListsOnReady(m_listsOnReady);
    return connection;
}

void Workspace::clearConnections()
{
    // Deleted at once rather than later: a reload must not leave the old servers running
    // alongside the new ones, and views learn of it through connectionsReset().
    m_pendingPlain.clear();
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
