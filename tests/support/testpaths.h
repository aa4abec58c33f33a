#pragma once

// Where the build put the programs and where the npm test peers are, for tests of every layer (the CLI
// tests link no part of core).

#include <QDir>
#include <QString>

namespace Toolgate::TestSupport {

inline QString npmDir() { return QStringLiteral(TOOLGATE_TEST_NPM_DIR); }
inline QString binDir() { return QStringLiteral(TOOLGATE_BIN_DIR); }
/// The Node.js runtime pinned in tests/npm (never the system's).
inline QString nodeBinary() { return npmDir() + QStringLiteral("/node_modules/node/bin/node"); }

/// A program this build made (in its bin folder), never one found on PATH.
inline QString executable(const QString &name)
{
#ifdef Q_OS_WIN
    return QDir(binDir()).filePath(name + QStringLiteral(".exe"));
#else
    return QDir(binDir()).filePath(name);
#endif
}

} // namespace Toolgate::TestSupport
