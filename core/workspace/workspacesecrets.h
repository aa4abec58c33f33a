#pragma once

#include "core/common/result.h"
#include "core/workspace/serverconfig.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace Toolgate {

class SecretStore;
class ServerConnection;
class Workspace;

/// Keeps the secret values of a Workspace's servers in the SecretStore (the OS keychain).
///
/// Secret env and header values (ServerConfig::secretKeys) go to the store under
/// "server/<name>/env|header/<key>"; the servers file keeps ServerConfig::secretPlaceholder().
/// Connections read them back before they start. Renaming a server moves its entries, removing it or
/// unmarking a key deletes them. Without a SecretStore, secret values stay in the file.
/// Unmarking a value that was not read yet (the file and the config hold the placeholder) keeps
/// it secret until the store answers; then the real value goes into the file and the store entry
/// is deleted. A placeholder is never written or passed to a server as a value.
///
/// Owned by its Workspace (Workspace::secrets()), which tells it of every edit of the connection list.
class WorkspaceSecrets final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkspaceSecrets)
public:
    ~WorkspaceSecrets() override;

    /// Where secret values are kept (not owned; must outlive the workspace). Set before Workspace::load().
    void setStore(SecretStore *store);
    /// Null without a keychain, or once the person chose to keep secret values in the file.
    SecretStore *store() const { return m_store; }

    /// Secret values still written in plain text in the file, as "server: KEY" (offered for moving).
    QStringList plainSecrets() const;
    /// Moves every plain secret value of the file to the SecretStore, then saves.
    Result<void> moveSecretsToKeychain();
    /// The person's choice when there is no keychain: from now on every secret value is written in the
    /// file in plain text (the values read so far included) and the SecretStore is no longer used.
    Result<void> keepSecretsInFile();

    /// Where secret values go when that is not a keychain, in plain words for where the person marks a
    /// value secret (the server editor); empty when a keychain keeps them.
    QString withoutKeychainNote() const;
    /// The secret values connection could not start without because nothing kept them since Toolgate
    /// last quit (there is no keychain, and the person types them at each start). Empty otherwise.
    QList<ServerConfig::SecretEntry> valuesToType(const ServerConnection *connection) const;
    /// Keeps the values the person typed for connection (its valuesToType(), each with its value) until
    /// Toolgate quits, then starts it again with them.
    void typeValues(ServerConnection *connection, const QList<ServerConfig::SecretEntry> &typed);

    /// Whether writes, moves or deletions in the SecretStore have not been answered yet (the
    /// keychain answers asynchronously; quitting now could lose them).
    bool hasPendingSecretWrites() const;
    /// What is still pending, for people: "save server/x/env/API_KEY", "delete …".
    QStringList pendingSecretWrites() const;
    /// Calls callback once, on context's thread from the event loop: when no secret write is
    /// pending any more (with an empty list), or after timeoutMs with what is still pending.
    void whenSecretWritesDone(int timeoutMs, QObject *context, std::function<void(const QStringList &unfinished)> callback);

signals:
    /// A connection read its secret values from the SecretStore (e.g. to redact them in logs).
    void secretsRead(Toolgate::ServerConnection *connection);
    /// Writing, moving or deleting a secret in the SecretStore failed; message says what to do.
    void secretStoreProblem(const QString &message);
    /// The last pending secret write, move or deletion was answered (hasPendingSecretWrites() is false).
    void secretWritesFinished();

private:
    // Only the Workspace creates it and reports its edits: the hooks below must run at the right
    // step of each edit (e.g. sync() before the file is written), which no other caller could know.
    friend class Workspace;
    class ConnectionSecretStore;

    explicit WorkspaceSecrets(Workspace &workspace);

    /// The file was read (configs as written in it; empty on a first start): its placeholders are
    /// what the store holds, and nothing else is known about it.
    void loaded(const QList<ServerConfig> &configs);
    /// A new connection reads its secrets through the store, and its reads are reported.
    void connectionCreated(ServerConnection *connection);
    /// Forgets values of connection waiting to be written plainly (it is removed).
    void connectionRemoved(const ServerConnection *connection);
    /// Forgets every value waiting to be written plainly (the connection list is replaced).
    void connectionsCleared();
    /// Why a placeholder in config stands for no stored value; empty when each one does.
    QString unknownPlaceholder(const ServerConfig &config, const QString &currentName) const;
    /// Keeps values the caller unmarked but which still hold the placeholder marked secret in
    /// config, and remembers them for connection; their values are read by readPlainValues().
    QList<ServerConfig::SecretEntry> keepUnreadPlainSecret(ServerConfig &config, const QString &currentName,
                                                           ServerConnection *connection);
    /// The server oldName becomes config: values not read yet move to the new name's keys.
    void renamed(const QString &oldName, const ServerConfig &config);
    /// Brings the SecretStore in line with the configs: writes new or changed values, deletes
    /// entries no config has any more. Call before the file is written.
    void sync();
    /// Reads the remembered values of connection from the store, then writes them as plain values.
    void readPlainValues(ServerConnection *connection, const QList<ServerConfig::SecretEntry> &entries);

    void applyPlainValue(ServerConnection *connection, const ServerConfig::SecretEntry &entry, const Result<QByteArray> &read);
    /// Copies the store entry from to the key to, then deletes from (a rename).
    void moveSecret(const QString &from, const QString &to);
    void reportSecretProblem(const QString &what, const Error &error);
    /// Counts a store request as pending until endSecretWork(id); what names it for people.
    quint64 beginSecretWork(const QString &what);
    void endSecretWork(quint64 id);

    Workspace &m_workspace;
    SecretStore *m_store = nullptr;
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
