#include "core/workspace/workspacesecrets.h"

#include "core/auth/secretstore.h"
#include "core/common/error.h"
#include "core/common/logging.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/serversecretreader.h"
#include "core/workspace/workspace.h"

#include <algorithm>

#include <QDir>
#include <QPointer>
#include <QTimer>

namespace Toolgate {

/// What connections read their secrets through: the store, except that reading a key
/// a rename is still moving waits until the move is done (else a renamed server that starts at
/// once would find nothing under its new name).
class WorkspaceSecrets::ConnectionSecretStore final : public SecretStore
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
    bool keepsAfterQuit() const override { return m_inner->keepsAfterQuit(); }

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

WorkspaceSecrets::WorkspaceSecrets(Workspace &workspace)
    : m_workspace(workspace)
{
}

WorkspaceSecrets::~WorkspaceSecrets() = default;

void WorkspaceSecrets::setStore(SecretStore *store)
{
    m_store = store;
    m_connectionStore = store ? std::make_unique<ConnectionSecretStore>(store) : nullptr;
    const QList<ServerConnection *> connections = m_workspace.connections();
    for (ServerConnection *connection : connections)
        connection->setSecretStore(m_connectionStore.get());
}

void WorkspaceSecrets::loaded(const QList<ServerConfig> &configs)
{
    m_storedSecrets.clear();
    for (const ServerConfig &config : configs) {
        for (const ServerConfig::SecretEntry &entry : config.keychainSecrets()) {
            if (entry.value == ServerConfig::secretPlaceholder())
                m_storedSecrets.insert(entry.storeKey, entry.value);
        }
    }
}

void WorkspaceSecrets::connectionCreated(ServerConnection *connection)
{
    connection->setSecretStore(m_connectionStore.get());
    connect(connection, &ServerConnection::secretsRead, this, [this, connection] {
        // What was read is what the store holds: no need to write it back on the next save.
        for (const ServerConfig::SecretEntry &entry : connection->config().keychainSecrets()) {
            if (m_storedSecrets.contains(entry.storeKey))
                m_storedSecrets.insert(entry.storeKey, entry.value);
        }
        emit secretsRead(connection);
    });
}

void WorkspaceSecrets::connectionRemoved(const ServerConnection *connection)
{
    m_pendingPlain.remove(connection);
}

void WorkspaceSecrets::connectionsCleared()
{
    m_pendingPlain.clear();
}

void WorkspaceSecrets::renamed(const QString &oldName, const ServerConfig &config)
{
    // Values not read yet exist only in the store: move them to the new name's keys.
    for (const ServerConfig::SecretEntry &entry : config.keychainSecrets()) {
        const QString oldKey = ServerConfig::secretStoreKey(oldName, entry.kind, entry.key);
        if (entry.value != ServerConfig::secretPlaceholder() || !m_storedSecrets.contains(oldKey))
            continue;
        m_storedSecrets.remove(oldKey);
        m_storedSecrets.insert(entry.storeKey, entry.value);
        moveSecret(oldKey, entry.storeKey);
    }
}

QString WorkspaceSecrets::unknownPlaceholder(const ServerConfig &config, const QString &currentName) const
{
    const auto check = [&](const QMap<QString, QString> &map, ServerConfig::SecretEntry::Kind kind) -> QString {
        for (auto it = map.cbegin(); it != map.cend(); ++it) {
            if (it.value() != ServerConfig::secretPlaceholder())
                continue;
            // The placeholder stands for what the store keeps under the server's current name and
            // this key; a new server or a renamed row has nothing there.
            const bool stored = m_store && !currentName.isEmpty()
                && m_storedSecrets.contains(ServerConfig::secretStoreKey(currentName, kind, it.key()));
            const bool inKeychain = config.secretKeys.contains(it.key()) && !config.plainSecretKeys.contains(it.key());
            // Without a store a secret placeholder may still come from the file; the server says what is missing.
            if (stored || (inKeychain && (!m_store || currentName.isEmpty())))
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

QList<ServerConfig::SecretEntry> WorkspaceSecrets::keepUnreadPlainSecret(ServerConfig &config, const QString &currentName,
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
    if (m_store) {
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

void WorkspaceSecrets::readPlainValues(ServerConnection *connection, const QList<ServerConfig::SecretEntry> &entries)
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

void WorkspaceSecrets::applyPlainValue(ServerConnection *connection, const ServerConfig::SecretEntry &entry, const Result<QByteArray> &read)
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
    if (m_workspace.indexOf(connection) < 0)
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
    m_workspace.setConnectionConfig(connection, config);
    // The file holds the value before the store's copy goes: a failed write keeps the only copy.
    if (const Result<void> saved = m_workspace.save(); !saved) {
        const QString message = tr("Could not write %1 of \"%2\" into %3: %4. It is still kept in %5; save the server again to retry.")
                                    .arg(entry.describe(), config.name, QDir::toNativeSeparators(m_workspace.configPath()), saved.error().message,
                                         m_store->location());
        qCWarning(lcWorkspace).noquote() << message;
        emit secretStoreProblem(message);
        return;
    }
    sync();
}

QStringList WorkspaceSecrets::plainSecrets() const
{
    QStringList plain;
    const QList<ServerConnection *> connections = m_workspace.connections();
    for (const ServerConnection *connection : connections) {
        for (const QString &key : connection->config().plainSecretKeys)
            plain.append(QStringLiteral("%1: %2").arg(connection->name(), key));
    }
    return plain;
}

Result<void> WorkspaceSecrets::moveSecretsToKeychain()
{
    if (m_workspace.loadError())
        return m_workspace.save();
    if (!m_store)
        return makeError(ErrorCode::ConfigError, tr("There is no keychain to move the secret values to."));
    const QList<ServerConnection *> connections = m_workspace.connections();
    for (ServerConnection *connection : connections) {
        if (connection->config().plainSecretKeys.isEmpty())
            continue;
        ServerConfig config = connection->config();
        config.plainSecretKeys.clear();
        m_workspace.setConnectionConfig(connection, config); // same values: no restart
    }
    sync();
    return m_workspace.save();
}

Result<void> WorkspaceSecrets::keepSecretsInFile()
{
    if (m_workspace.loadError())
        return m_workspace.save();
    // Answers on their way refer to the store; it goes only once they are in.
    if (hasPendingSecretWrites())
        return makeError(ErrorCode::ConfigError, tr("Secret values are still being saved (%1). Try again in a moment.")
                                                     .arg(pendingSecretWrites().join(QStringLiteral(", "))));
    const QList<ServerConnection *> connections = m_workspace.connections();
    for (ServerConnection *connection : connections) {
        ServerConfig config = connection->config();
        if (config.secretKeys.isEmpty() || config.plainSecretKeys == config.secretKeys)
            continue;
        config.plainSecretKeys = config.secretKeys;
        m_workspace.setConnectionConfig(connection, config); // same values: no restart
    }
    // A value never read from the store stays the placeholder: the editor shows it as not available,
    // to be typed again.
    m_pendingPlain.clear();
    m_storedSecrets.clear();
    setStore(nullptr);
    return m_workspace.save();
}

void WorkspaceSecrets::sync()
{
    if (!m_store)
        return;
    QHash<QString, QString> wanted;
    const QList<ServerConnection *> connections = m_workspace.connections();
    for (const ServerConnection *connection : connections) {
        if (m_workspace.isTransient(connection))
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
        m_store->write(key, it.value().toUtf8(), this, [this, key, work](const Result<void> &written) {
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
        m_store->remove(key, this, [this, key, work](const Result<void> &removed) {
            if (!removed)
                reportSecretProblem(tr("delete the secret %1").arg(key), removed.error());
            endSecretWork(work);
        });
    }
    m_storedSecrets = wanted;
}

void WorkspaceSecrets::moveSecret(const QString &from, const QString &to)
{
    // One pending piece of work from the read to the deletion: quitting halfway could leave the
    // value under neither name.
    const quint64 work = beginSecretWork(tr("move %1 to %2").arg(from, to));
    m_connectionStore->beginMove(to);
    m_store->read(from, this, [this, from, to, work](const Result<QByteArray> &value) {
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
        m_store->write(to, value.value(), this, [this, from, to, work](const Result<void> &written) {
            m_connectionStore->endMove(to);
            if (!written) {
                reportSecretProblem(tr("move the secret %1 to %2").arg(from, to), written.error());
                endSecretWork(work);
                return; // keep the old entry: it is the only copy
            }
            m_store->remove(from, this, [this, from, work](const Result<void> &removed) {
                if (!removed)
                    reportSecretProblem(tr("delete the secret %1").arg(from), removed.error());
                endSecretWork(work);
            });
        });
    });
}

bool WorkspaceSecrets::hasPendingSecretWrites() const
{
    return !m_secretWork.isEmpty();
}

QStringList WorkspaceSecrets::pendingSecretWrites() const
{
    return m_secretWork.values();
}

QString WorkspaceSecrets::withoutKeychainNote() const
{
    if (!m_store)
        return tr("There is no keychain on this computer: secret values are written in servers.json in plain text, as "
                  "you chose. Anyone who can read that file can read them.");
    if (!m_store->keepsAfterQuit())
        return tr("There is no keychain on this computer: secret values are not stored. Toolgate keeps them until it "
                  "quits and asks for them again when the server next starts.");
    return {};
}

QList<ServerConfig::SecretEntry> WorkspaceSecrets::valuesToType(const ServerConnection *connection) const
{
    // Only a start that waits for them (no keychain): a keychain that lost a value fails the start, a
    // problem to fix in Edit Server, not a question at each start.
    if (!m_store || connection->status() != ServerConnection::Status::WaitingForSecrets)
        return {};
    return ServerSecretReader::unread(connection->config());
}

void WorkspaceSecrets::typeValues(ServerConnection *connection, const QList<ServerConfig::SecretEntry> &typed)
{
    if (!m_store || typed.isEmpty())
        return;
    const QPointer<ServerConnection> guard(connection);
    auto left = std::make_shared<qsizetype>(typed.size());
    for (const ServerConfig::SecretEntry &entry : typed) {
        m_storedSecrets.insert(entry.storeKey, entry.value);
        const QString key = entry.storeKey;
        const quint64 work = beginSecretWork(tr("save %1").arg(key));
        m_store->write(key, entry.value.toUtf8(), this, [this, key, work, guard, left](const Result<void> &written) {
            if (!written)
                reportSecretProblem(tr("save the secret %1").arg(key), written.error());
            endSecretWork(work);
            if (--*left == 0 && guard)
                guard->restart(); // reads them back from the store, as any start does
        });
    }
}

void WorkspaceSecrets::whenSecretWritesDone(int timeoutMs, QObject *context, std::function<void(const QStringList &)> callback)
{
    // The waiter carries the connections; deleting it after the one answer ends them all.
    auto *waiter = new QObject(context);
    const QPointer<WorkspaceSecrets> self(this);
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
    connect(this, &WorkspaceSecrets::secretWritesFinished, waiter, [answer] { answer({}); });
    QTimer::singleShot(timeoutMs, waiter, [self, answer] {
        answer(self ? self->pendingSecretWrites() : QStringList());
    });
}

quint64 WorkspaceSecrets::beginSecretWork(const QString &what)
{
    const quint64 id = ++m_nextSecretWork;
    m_secretWork.insert(id, what);
    return id;
}

void WorkspaceSecrets::endSecretWork(quint64 id)
{
    if (m_secretWork.remove(id) > 0 && m_secretWork.isEmpty())
        emit secretWritesFinished();
}

void WorkspaceSecrets::reportSecretProblem(const QString &what, const Error &error)
{
    const QString message = tr("Could not %1 in %2: %3. Edit the server and save it again to retry.")
                                .arg(what, m_store ? m_store->location() : QString(), error.message);
    qCWarning(lcWorkspace).noquote() << message;
    emit secretStoreProblem(message);
}

} // namespace Toolgate

#include "moc_workspacesecrets.cpp"
