#pragma once

#include "common/result.h"
#include "serverconfig.h"
#include "serverconnection.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QObject>
#include <QSet>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace Toolgate {

class SecretStore;

/// Every configured server of one servers file, each kept connected by a ServerConnection.
/// Edits (add, update, remove) are written back to the file at once. A file that cannot be read
/// is never overwritten: the workspace stays empty and read-only until load() succeeds.
///
/// Secret env and header values (ServerConfig::secretKeys) go to the SecretStore under
/// "server/<name>/env|header/<key>"; the file keeps ServerConfig::secretPlaceholder(). Connections
/// read them back before they start. Renaming a server moves its entries, removing it or
/// unmarking a key deletes them. Without a SecretStore, secret values stay in the file.
/// Unmarking a value that was not read yet (the file and the config hold the placeholder) keeps
/// it secret until the store answers; then the real value goes into the file and the store entry
/// is deleted. A placeholder is never written or passed to a server as a value.
class Workspace final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Workspace)
public:
    /// What load() found.
    enum class LoadOutcome {
        Loaded,     ///< The file existed and was read.
        FirstStart, ///< There was no file: the demo server was configured and the file written.
    };

    /// configPath empty: a workspace of this run only (toolgate-cli), never written.
    explicit Workspace(QString configPath, QObject *parent = nullptr);
    ~Workspace() override;

    QString configPath() const;

    /// Reads the servers file and replaces all connections (connectionsReset()). A missing file is
    /// a first start: the bundled demo server is configured and the file is written. A broken file
    /// gives an error, leaves the workspace empty and blocks every write until a later load works.
    Result<LoadOutcome> load();
    /// Writes the current configuration. Refused while the file on disk could not be read.
    Result<void> save() const;
    /// The error of the last load(), while the file on disk is unreadable.
    std::optional<Error> loadError() const;

    QList<ServerConnection *> connections() const;
    int count() const;
    ServerConnection *connectionAt(int index) const;
    /// The connection with this configured name, or null.
    ServerConnection *connection(const QString &name) const;
    int indexOf(const ServerConnection *connection) const;
    QStringList serverNames() const;

    /// Checks a config before add or update: a non-empty unique name (ignoring case), a
    /// command (stdio) or URL (HTTP, SSE), and no placeholder standing for a value the store does
    /// not keep (e.g. a renamed variable). currentName is the server being edited, if any.
    Result<void> validate(const ServerConfig &config, const QString &currentName = {}) const;
    /// A name not used yet: base, else "base 2", "base 3", ...
    QString uniqueName(const QString &base) const;

    /// Adds a server, saves, and starts it when enabled. Returns the new connection.
    Result<ServerConnection *> addServer(const ServerConfig &config);
    /// Adds a server for this run only (toolgate-cli's chosen, --url and "-- command" servers): it is
    /// never written to the file and not started by itself. Its name must be unique like any other.
    Result<ServerConnection *> addTransientServer(const ServerConfig &config);
    /// Whether connection was added with addTransientServer().
    bool isTransient(const ServerConnection *connection) const;
    /// Replaces the configuration of the server called name (which may rename it), then saves.
    Result<void> updateServer(const QString &name, const ServerConfig &config);
    /// Enables or disables a server, then saves.
    Result<void> setServerEnabled(const QString &name, bool enabled);
    /// Stops and removes a server, then saves.
    Result<void> removeServer(const QString &name);

    /// Starts every enabled server.
    void startAll();
    /// Stops every server (gracefully; child processes are asked to exit).
    void stopAll();

    /// Applied to every connection, present and future, before each session connects.
    void setSessionConfigurator(ServerConnection::SessionConfigurator configurator);
    /// Applied to every connection, present and future (tests use an in-process transport).
    void setTransportFactory(ServerConnection::TransportFactory factory);
    void setRestartPolicy(const ServerConnection::RestartPolicy &policy);
    /// Client info and timeouts of every connection's sessions, present and future.
    void setSessionOptions(const ClientSession::Options &options);
    /// See ServerConnection::setListsOnReady(); for every connection, present and future.
    void setListsOnReady(bool list);
    /// Where secret values are kept (not owned; must outlive the workspace). Set before load().
    void setSecretStore(SecretStore *store);
    SecretStore *secretStore() const { return m_secretStore; }

    /// Secret values still written in plain text in the file, as "server: KEY" (offered for moving).
    QStringList plainSecrets() const;
    /// Moves every plain secret value of the file to the SecretStore, then saves.
    Result<void> moveSecretsToKeychain();
    /// The person's choice when there is no keychain: from now on every secret value is written in the
    /// file in plain text (the values read so far included) and the SecretStore is no longer used.
    Result<void> keepSecretsInFile();

    /// Whether writes, moves or deletions in the SecretStore have not been answered yet (the
    /// keychain answers asynchronously; quitting now could lose them).
    bool hasPendingSecretWrites() const;
    /// What is still pending, for people: "save server/x/env/API_KEY", "delete …".
    QStringList pendingSecretWrites() const;
    /// Calls callback once, on context's thread from the event loop: when no secret write is
    /// pending any more (with an empty list), or after timeoutMs with what is still pending.
    void whenSecretWritesDone(int timeoutMs, QObject *context, std::function<void(const QStringList &unfinished)> callback);

signals:
    void connectionAdded(Toolgate::ServerConnection *connection);
    /// Emitted while the connection is still listed; it is deleted later.
    void connectionAboutToBeRemoved(Toolgate::ServerConnection *connection);
    void connectionRemoved(Toolgate::ServerConnection *connection);
    /// The whole list is about to be replaced (load()); the old connections are still valid.
    void connectionsAboutToBeReset();
    /// The whole list was replaced (load()); connections() holds the new list.
    void connectionsReset();
    /// The configuration of a listed connection changed (renamed, enabled, edited).
    void connectionConfigChanged(Toolgate::ServerConnection *connection);
    /// A connection read its secret values from the SecretStore (e.g. to redact them in logs).
    void secretsRead(Toolgate::ServerConnection *connection);
    /// Writing, moving or deleting a secret in the SecretStore failed; message says what to do.
    void secretStoreProblem(const QString &message);
    /// The last pending secret write, move or deletion was answered (hasPendingSecretWrites() is false).
    void secretWritesFinished();

private:
    class ConnectionSecretStore;
    ServerConnection *createConnection(const ServerConfig &config);
    void clearConnections();
    QList<ServerConfig> configs() const;
    Result<void> saveChecked() const;
    /// Brings the SecretStore in line with the configs: writes new or changed values, deletes
    /// entries no config has any more. Call before saveChecked().
    void syncSecrets();
    /// Copies the store entry from to the key to, then deletes from (a rename).
    void moveSecret(const QString &from, const QString &to);
    void reportSecretProblem(const QString &what, const Error &error);
    /// Why a placeholder in config stands for no stored value; empty when each one does.
    QString unknownPlaceholder(const ServerConfig &config, const QString &currentName) const;
    /// Keeps values the caller unmarked but which still hold the placeholder marked secret in
    /// config, and remembers them for connection; their values are read by readPlainValues().
    QList<ServerConfig::SecretEntry> keepUnreadPlainSecret(ServerConfig &config, const QString &currentName,
                                                           ServerConnection *connection);
    /// Reads the remembered values of connection from the store, then writes them as plain values.
    void readPlainValues(ServerConnection *connection, const QList<ServerConfig::SecretEntry> &entries);
    void applyPlainValue(ServerConnection *connection, const ServerConfig::SecretEntry &entry, const Result<QByteArray> &read);
    /// Counts a store request as pending until endSecretWork(id); what names it for people.
    quint64 beginSecretWork(const QString &what);
    void endSecretWork(quint64 id);

    QString m_configPath;
    QList<ServerConnection *> m_connections; // children of this
    std::optional<Error> m_loadError;
    ServerConnection::SessionConfigurator m_configurator;
    ServerConnection::TransportFactory m_transportFactory;
    std::optional<ServerConnection::RestartPolicy> m_restartPolicy;
    std::optional<ClientSession::Options> m_sessionOptions;
    bool m_listsOnReady = true;
    QSet<const ServerConnection *> m_transient;
    SecretStore *m_secretStore = nullptr;
    std::unique_ptr<ConnectionSecretStore> m_connectionStore; // what connections read through
    /// What the SecretStore holds for our servers: store key → value (the placeholder while unread).
    QHash<QString, QString> m_storedSecrets;
    /// Per connection: secret values to write plainly once they are read (kind and key only).
    QHash<const ServerConnection *, QList<ServerConfig::SecretEntry>> m_pendingPlain;
    /// Store requests not answered yet: id → what, for people.
    QMap<quint64, QString> m_secretWork;
    quint64 m_nextSecretWork = 0;
};

} // namespace Toolgate
