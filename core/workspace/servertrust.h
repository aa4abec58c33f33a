#pragma once

#include "core/common/result.h"
#include "core/workspace/serverconfig.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// What a server configuration will run, as a person is shown it before trusting it (issue 16):
/// for a local server the program, every argument, every environment variable with its value and
/// the working folder; for a remote one the origin (scheme, host and port). Two configs that run the
/// same thing have the same facts and the same fingerprint, whatever their names.
///
/// An environment value decides what runs as much as the command does (PATH, PYTHONPATH, NODE_OPTIONS,
/// LD_PRELOAD, npm_config_registry, ...), so a changed value needs a new trust (issue #35). A secret
/// value is never kept in clear: one typed into the servers file is kept as a keyed digest (the key is
/// this installation's, in trust-digest.key beside the trust file, readable by its owner only); one kept
/// in the OS keychain is kept as "in the keychain" (no edit of the servers file can change it).
struct ServerTrustFacts
{
    bool remote = false;
    // Local (stdio)
    QString program;            ///< as configured
    QStringList arguments;
    QStringList environmentNames; ///< sorted
    /// By name, as trusted: the value itself, or secretMarker() + digest, or inKeychainMarker() (both
    /// begin with a null character, which no value can hold). Empty in entries trusted before values
    /// were checked.
    QMap<QString, QString> environment;
    QString workingDirectory;   ///< empty: Toolgate's own
    /// What the server may touch (issue 32): part of what is trusted, so a changed profile asks again.
    SandboxProfile sandbox;
    // Remote (HTTP, SSE)
    QString origin;             ///< "https://example.com:443"

    static ServerTrustFacts of(const ServerConfig &config);
    /// How a secret value is kept in environment: this prefix and a keyed digest of the value.
    static QString secretMarker();
    /// How a value kept in the OS keychain is kept in environment.
    static QString inKeychainMarker();
    /// The value of an environment variable as people may see it: the value, or "(secret)".
    static QString shownValue(const QString &kept);
    /// The hex SHA-256 of the facts: what a trust is given to, and what --trust-fingerprint names.
    QString fingerprint() const;
    /// The full command line, quoted like a shell would need it (for display only; never run so).
    QString commandLine() const;
    /// What differs from before, one line per fact, for people ("Arguments: … → …").
    QStringList changesSince(const ServerTrustFacts &before) const;

    QJsonObject toJson() const;
    static ServerTrustFacts fromJson(const QJsonObject &object);

    bool operator==(const ServerTrustFacts &) const = default;
};

/// Which servers the person trusted to run, kept in server-trust.json in the config folder (shared
/// by the app and toolgate-cli). A server whose facts (ServerTrustFacts) have no trust is not
/// started: ServerConnection waits in WaitingForTrust until someone trusts it. The bundled demo
/// server, run from the folder of the running program without extra environment variables, is
/// trusted from the start. A file that cannot be read trusts nothing, says why, and is rewritten
/// by the next trust.
class ServerTrust final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerTrust)
public:
    /// One trust given: to which server name and facts, when, and by whom ("dialog", "terminal", ...).
    struct Entry
    {
        QString serverName;
        ServerTrustFacts facts;
        QString fingerprint;
        QDateTime trustedAt;
        QString by;
    };

    /// path: the JSON file. Nothing is read until load().
    explicit ServerTrust(QString path, QObject *parent = nullptr);
    /// server-trust.json in the app's config folder, or in TOOLGATE_CONFIG_DIR when that is set.
    static QString defaultPath();
    QString path() const { return m_path; }

    /// Reads the file. A missing file trusts nothing and is no error; a broken one trusts nothing and
    /// returns (and keeps, see loadError()) an error that says so.
    Result<void> load();
    std::optional<Error> loadError() const { return m_loadError; }

    /// Whether config may start: the bundled demo server, or facts someone trusted.
    bool isTrusted(const ServerConfig &config) const;
    /// The facts last trusted for a server of this name, to show what changed since.
    std::optional<Entry> lastTrusted(const QString &serverName) const;
    /// Trusts config as it is now (replacing what its name was trusted with before) and writes the file:
    /// this one change to the file as it is now, under its lock, so that a trust another Toolgate
    /// process gave meanwhile is kept (and counts here from then on).
    Result<void> trust(const ServerConfig &config, const QString &by);

    /// Whether config runs the toolgate-demo-server that sits next to the running program (its
    /// absolute path, or its name found there), with no environment variables of its own.
    static bool isBundledDemo(const ServerConfig &config);

signals:
    void trustChanged(const QString &serverName);

private:
    /// The trusted entries in the file (none when there is none), or why it cannot be read.
    static Result<QList<Entry>> readFile(const QString &path);
    static QByteArray fileText(const QList<Entry> &entries);

    QString m_path;
    QList<Entry> m_entries;
    std::optional<Error> m_loadError;
};

} // namespace Toolgate
