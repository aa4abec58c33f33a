#pragma once

#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconfigfile.h"

#include <QDir>
#include <QString>
#include <QTemporaryDir>

namespace Toolgate::TestHelpers {

inline QString demoServerPath()
{
    return QDir(QStringLiteral(TOOLGATE_BIN_DIR)).filePath(QStringLiteral("toolgate-demo-server"));
}

inline ServerConfig demoConfig(const QString &name = QStringLiteral("demo"))
{
    ServerConfig config;
    config.name = name;
    config.command = demoServerPath();
    return config;
}

inline ServerConfig missingCommandConfig(const QString &name)
{
    ServerConfig config;
    config.name = name;
    config.command = QStringLiteral("toolgate-no-such-command-here");
    return config;
}

/// Writes a servers file into dir and returns its path.
inline QString writeServers(const QTemporaryDir &dir, const QList<ServerConfig> &servers)
{
    const QString path = dir.filePath(QStringLiteral("servers.json"));
    const Result<void> saved = ServerConfigFile::save(path, servers);
    Q_ASSERT(saved.ok());
    return path;
}

} // namespace Toolgate::TestHelpers
