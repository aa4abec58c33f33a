#pragma once

#include "core/common/result.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/workspacesecrets.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

#include <memory>
#include <optional>

namespace Toolgate {

class ServerTrust;

/// Every configured server of one servers file, each kept connected by a ServerConnection.
/// Edits (add, update, remove) are written back to the file at once. A file that cannot be read
/// is never overwritten: the workspace stays empty and read-only until load() succeeds.
/// The secret values of its servers are kept by secrets() (a WorkspaceSecrets), which the workspace
/// tells of every edit of the list.
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
    /// needsTrust: it starts only once trusted, like the file's servers (setServerTrust()); toolgate-cli
    /// asks so for a server it took from a servers file, not for one typed on its command line.
    Result<ServerConnection *> addTransientServer(const ServerConfig &config, bool needsTrust = false);
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
    /// See ServerConnection::setEraCache(); for every connection, present and future (issue 15). The app and
    /// toolgate-cli pass an EraCache on EraCache::defaultPath(), loaded.
    void setEraCache(std::shared_ptr<EraCache> cache);
    /// Who must trust what a server runs before it starts (issue 16), for every connection of the
    /// servers file, present and future (not the transient ones: their caller decides). Null: none.
    void setServerTrust(std::shared_ptr<ServerTrust> trust);
    ServerTrust *serverTrust() const { return m_serverTrust.get(); }
    /// The secret values of the servers in the keychain: its store, moving them, pending writes.
    WorkspaceSecrets *secrets() const { return m_secrets.get(); }

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

private:
    // The secrets change configs too (a value moved into the file or the keychain) and must
    // announce it like any edit, through setConnectionConfig().
    friend class WorkspaceSecrets;
    ServerConnection *createConnection(const ServerConfig &config);
    void clearConnections();
    QList<ServerConfig> configs() const;
    Result<void> saveChecked() const;
    /// Gives a listed connection a new config and says so (connectionConfigChanged()); does not save.
    void setConnectionConfig(ServerConnection *connection, const ServerConfig &config);

    QString m_configPath;
    QList<ServerConnection *> m_connections; // children of this
    std::optional<Error> m_loadError;
    ServerConnection::SessionConfigurator m_configurator;
    ServerConnection::TransportFactory m_transportFactory;
    std::optional<ServerConnection::RestartPolicy> m_restartPolicy;
    std::optional<ClientSession::Options> m_sessionOptions;
    bool m_listsOnReady = true;
    std::shared_ptr<EraCache> m_eraCache;
    std::shared_ptr<ServerTrust> m_serverTrust;
    QSet<const ServerConnection *> m_transient;
    std::unique_ptr<WorkspaceSecrets> m_secrets;
};

} // namespace Toolgate
