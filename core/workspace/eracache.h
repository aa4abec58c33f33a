#pragma once

#include "core/common/result.h"
#include "core/protocol/discover.h"

#include <QDateTime>
#include <QHash>
#include <QString>

#include <functional>
#include <optional>

namespace Toolgate {

struct ServerConfig;

/// The protocol era each server was found to speak, kept in eras.json in the config folder, so the
/// server/discover probe is paid once per server configuration and not on every start. The spec allows
/// it ("MAY persist across restarts of the same server configuration, re-probing if the cached assumption
/// later fails", basic/versioning.mdx). An entry belongs to a server's name and to a hash of what decides
/// which program answers (stdio: command, arguments, folder, environment; HTTP: the URL's origin and
/// path): change any of them and the entry no longer applies. Only the hash is stored, no secret.
class EraCache final
{
public:
    struct Entry
    {
        ProtocolEra era = ProtocolEra::Legacy;
        QString version;    // Modern: the revision; Legacy: empty (initialize negotiates it)
        QDateTime decidedAt;
        QString how;        // "probe result", "probe -32601", "probe timeout", "initialize -32022", ...
        qint64 probeMs = -1;
    };

    /// path: the eras.json file. Nothing is read until load().
    explicit EraCache(QString path);
    /// eras.json in the app's config folder, or in TOOLGATE_CONFIG_DIR when that is set.
    static QString defaultPath();

    /// Reads the file. A missing file is an empty cache; an unreadable one is reported and then treated
    /// as empty (the cache is only a shortcut: the next probe rewrites it).
    Result<void> load();

    std::optional<Entry> lookup(const ServerConfig &config) const;
    /// Records the verdict for config and writes the file.
    Result<void> store(const ServerConfig &config, const Entry &entry);
    /// Forgets config's entry ("probe the protocol era again", or a cached assumption that failed).
    Result<void> forget(const ServerConfig &config);

    /// The hash of what decides which program answers config (hex SHA-256).
    static QString fingerprint(const ServerConfig &config);

private:
    struct Stored
    {
        QString fingerprint;
        Entry entry;
    };
    /// Reads the file as it is now (another process may have written it).
    Result<QHash<QString, Stored>> readFile() const;
    /// Applies change to the file's current entries under a lock and writes them when change says
    /// something changed.
    Result<void> update(const std::function<bool(QHash<QString, Stored> &)> &change);
    Result<void> save() const;

    QString m_path;
    QHash<QString, Stored> m_entries; // by server name
};

} // namespace Toolgate
