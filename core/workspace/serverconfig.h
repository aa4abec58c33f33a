#pragma once

#include "core/common/jsonkeyorder.h"
#include "core/transport/stdiotransport.h"
#include "core/workspace/sandboxprofile.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// One configured MCP server: how to reach it, as written in a servers file.
struct ServerConfig
{
    enum class Transport { Stdio, Http, Sse };
    /// Which protocol era to speak (issue 15). Auto: find out (a server/discover probe), Legacy: initialize
    /// only (no probe), Modern: 2026-07-28 only (no fallback).
    enum class EraPreference { Auto, Legacy, Modern };

    QString name;
    Transport transport = Transport::Stdio;
    // Stdio
    QString command;
    QStringList args;
    QMap<QString, QString> env;
    QString cwd;
    /// What the server may touch when it runs (issue 32); on by default. Written to the servers file as
    /// "sandbox" only when it differs from the default.
    SandboxProfile sandbox;
    /// Who changed the sandbox for this run only, when not the servers file ("--no-sandbox", "--grant"):
    /// recorded in the audit log. Never written to a servers file.
    QString sandboxChangedBy;
    // Http and Sse
    QString url;
    QMap<QString, QString> headers;

    bool enabled = true;
    /// Written to the servers file as "protocolEra": "legacy" / "modern"; Auto (the default) is not written.
    EraPreference protocolEra = EraPreference::Auto;
    /// Stdio: give the server our whole environment, as a shell gives a command typed in it
    /// (toolgate-cli's "-- command"). Configured servers get the allow-list plus their env. Never
    /// written to a servers file.
    bool inheritEnvironment = false;
    /// Names of env variables or headers whose values are secrets. Their values live in the
    /// SecretStore (the OS keychain); the servers file holds secretPlaceholder() instead.
    QStringList secretKeys;
    /// Secret keys whose values are still written in the file in plain text (typed there by hand,
    /// or a workspace without a SecretStore). WorkspaceSecrets::moveSecretsToKeychain() moves them.
    QStringList plainSecretKeys;
    /// Keys of the server's entry we do not model, written back unchanged on save.
    QJsonObject extra;
    /// The order of this server's entry as the person wrote it (the servers file's, or the editor's
    /// rows): its settings, the names in env and headers, and the keys inside extra. QMap and
    /// QJsonObject sort them; the servers file is written back in this order.
    JsonKeyOrder fileOrder;

    /// The names in env / headers in the person's order (names the order does not know follow, sorted).
    QStringList envNames() const;
    QStringList headerNames() const;
    /// Sets the order of the names in env / headers (the editor's rows); the config stays equal to
    /// itself when they already come in this order.
    void setEnvOrder(const QStringList &names);
    void setHeaderOrder(const QStringList &names);

    /// One secret value of this config: where it is in the config and where in the SecretStore.
    struct SecretEntry
    {
        enum class Kind { Env, Header };
        Kind kind = Kind::Env;
        QString key;      ///< the variable or header name
        QString value;    ///< secretPlaceholder() while not read from the store yet
        QString storeKey; ///< "server/<name>/env/<key>" or "server/<name>/header/<key>"
        /// For people: "the environment variable API_KEY" / "the header Authorization".
        QString describe() const;
    };
    /// The secret values kept in the SecretStore: marked secret, not empty, not kept plain.
    QList<SecretEntry> keychainSecrets() const;
    /// Whether a secret value has not been read from the SecretStore yet.
    bool hasUnreadSecrets() const;
    /// Sets the value of an env variable or header in place (used when it is read from the store).
    void setSecretValue(const SecretEntry &entry, const QString &value);

    /// What the servers file holds instead of a secret value (so people editing it by hand see
    /// where the value went).
    static QString secretPlaceholder();
    /// What earlier versions wrote instead, "stored in the system keychain" even where there was none:
    /// read as secretPlaceholder(), never written.
    static QString earlierSecretPlaceholder();
    /// The SecretStore key of a server's env variable or header; stable while the server keeps its name.
    static QString secretStoreKey(const QString &serverName, SecretEntry::Kind kind, const QString &key);

    /// The launch spec for a stdio server (program, arguments, environment, working directory).
    StdioLaunchSpec launchSpec() const;
    /// What a person recognises: the command line (quoted where needed) or the URL.
    QString endpoint() const;

    /// The bundled demo server: toolgate-demo-server next to the running executable, else on PATH.
    static ServerConfig demoServer();
    /// The demo server's file name ("toolgate-demo-server", with ".exe" on Windows). launchSpec() gives a
    /// server of that name LANGUAGE=Translations::language(), so the demo speaks Toolgate's language.
    static QString demoServerProgram();

    /// "stdio", "http" or "sse".
    static QString transportName(Transport transport);
    /// "auto", "legacy" or "modern", as in the servers file.
    static QString eraPreferenceName(EraPreference preference);
    static std::optional<EraPreference> eraPreferenceFromName(const QString &name);
    /// Whether an env or header name looks like it holds a secret (API_KEY, Authorization, ...).
    static bool looksSecret(const QString &key);
    /// The values of the env variables and headers that are marked or look secret (to redact them).
    QStringList secretValues() const;

    bool operator==(const ServerConfig &) const = default;
};

} // namespace Toolgate
