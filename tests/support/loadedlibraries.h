#pragma once

// Which shared libraries this process has mapped (Linux: /proc/self/maps), for the tests that hold
// Toolgate to loading Qt WebEngine, Qt Multimedia and QtKeychain only when they are first needed.

#include <QByteArray>
#include <QFile>
#include <QSet>
#include <QString>

namespace Toolgate::TestSupport {

/// Whether /proc/self/maps can be read here (Linux).
inline bool canSeeLoadedLibraries()
{
    return QFile::exists(QStringLiteral("/proc/self/maps"));
}

/// Whether a library whose path contains part is mapped into this process now.
inline bool libraryLoaded(const QByteArray &part)
{
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly))
        return false;
    for (const QByteArray &line : maps.readAll().split('\n')) {
        const qsizetype slash = line.indexOf('/');
        if (slash >= 0 && line.indexOf(".so", slash) >= 0 && line.indexOf(part, slash) >= 0)
            return true;
    }
    return false;
}

} // namespace Toolgate::TestSupport
