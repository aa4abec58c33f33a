#pragma once

#include "core/common/error.h"
#include "core/workspace/serverconfig.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

class QObject;

namespace Toolgate {

class SecretStore;

/// Brings the secret env and header values of one server's config from the SecretStore into
/// memory before each start, and says in plain words which could not be had and what to do.
/// The servers file holds placeholders; only this puts the real values in.
class ServerSecretReader final
{
    // ServerConnection's context: its texts came from there, with their translations.
    Q_DECLARE_TR_FUNCTIONS(Toolgate::ServerConnection)
public:
    using Done = std::function<void(const QStringList &missing, const QStringList &errors)>;

    /// Not owned; may be null (then nothing can be read).
    void setStore(SecretStore *store) { m_store = store; }
    SecretStore *store() const { return m_store; }

    /// Placeholders in config's env and headers that no stored secret stands behind: values
    /// nobody can read, never to be passed on.
    static QStringList unreadablePlaceholders(const ServerConfig &config);
    /// The stored secrets of config whose value is not in memory yet.
    static QList<ServerConfig::SecretEntry> unread(const ServerConfig &config);
    /// The entries as people name them.
    static QStringList describe(const QList<ServerConfig::SecretEntry> &entries);

    /// Reads entries from the store into config (which must outlive the read); done gets the
    /// entries not found and the read errors (both empty: every value is in). Needs a store.
    void read(const QList<ServerConfig::SecretEntry> &entries, ServerConfig &config, QObject *context, Done done);
    /// The answers of reads under way are ignored (stopped or reconfigured meanwhile).
    void cancel() { ++m_generation; }

    /// Why serverName cannot start without its secrets (ConfigError), with what to do about it.
    Error missingError(const QStringList &missing, const QStringList &errors, const QString &serverName) const;

private:
    SecretStore *m_store = nullptr;
    quint64 m_generation = 0;
};

} // namespace Toolgate
