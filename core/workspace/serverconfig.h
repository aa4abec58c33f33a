#pragma once

#include "transport/stdiotransport.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

namespace Toolgate {

/// One configured MCP server: how to reach it, as written in a servers file.
struct ServerConfig
{
    enum class Transport { Stdio, Http, Sse };

    QString name;
    Transport transport = Transport::Stdio;
    // Stdio
    QString command;
    QStringList args;
    QMap<QString, QString> env;
    QString cwd;
    // Http and Sse
    QString url;
    QMap<QString, QString> headers;

    bool enabled = true;
    /// Names of env variables or headers whose values are secrets (to move to the keychain).
    QStringList secretKeys;
    /// Keys of the server's entry we do not model, written back unchanged on save.
    QJsonObject extra;

    /// The launch spec for a stdio server (program, arguments, environment, working directory).
    StdioLaunchSpec launchSpec() const;
    /// What a person recognises: the command line (quoted where needed) or the URL.
    QString endpoint() const;

    /// The bundled demo server: toolgate-demo-server next to the running executable, else on PATH.
    static ServerConfig demoServer();

    /// "stdio", "http" or "sse".
    static QString transportName(Transport transport);
    /// Whether an env or header name looks like it holds a secret (API_KEY, Authorization, ...).
    static bool looksSecret(const QString &key);

    bool operator==(const ServerConfig &) const = default;
};

} // namespace Toolgate
