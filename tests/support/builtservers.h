#pragma once

// The servers this build makes (app/demo-server, tests/servers) as tests configure them: always the
// build's own, never one found on PATH (e.g. an installed package's).

#include "npmpeers.h"
#include "testpaths.h"

#include "core/workspace/serverconfig.h"

#include <QByteArray>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

namespace Toolgate::TestSupport {

/// The demo server, as a stdio server of that name.
inline ServerConfig demoConfig(const QString &name = QStringLiteral("demo"))
{
    ServerConfig config;
    config.name = name;
    config.command = executable(QStringLiteral("toolgate-demo-server"));
    return config;
}

/// The reference server-everything of tests/npm (Node), as a stdio server of that name.
inline ServerConfig everythingConfig(const QString &name = QStringLiteral("everything"))
{
    ServerConfig config;
    config.name = name;
    config.command = nodeBinary();
    config.args = {everythingEntry(), QStringLiteral("stdio")};
    return config;
}

/// The fault server (tests/servers/faultserver.cpp), as the stdio server "fault" that appends the id of
/// each process it starts to pidsFile (FAULT_SERVER_PIDS), so that starts() can count them.
inline ServerConfig faultConfig(const QString &pidsFile, const QStringList &args = {})
{
    ServerConfig config;
    config.name = QStringLiteral("fault");
    config.command = executable(QStringLiteral("toolgate-fault-server"));
    config.args = args;
    config.env.insert(QStringLiteral("FAULT_SERVER_PIDS"), pidsFile);
    // It notes its starts in a file of the test's folder, which its sandbox (issue 32) must be granted.
    config.sandbox.grants = {{QFileInfo(pidsFile).absolutePath(), true}};
    return config;
}

/// How many processes the fault server started with pidsFile (see faultConfig()).
inline int starts(const QString &pidsFile)
{
    QFile file(pidsFile);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    return int(file.readAll().split('\n').size()) - 1;
}

} // namespace Toolgate::TestSupport
