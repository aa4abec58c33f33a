#pragma once

#include <QString>

#include <cstdio>

namespace Toolgate {

/// Writes one line of diagnostics to stderr, prefixed with the program name. stdout belongs to
/// the protocol; stderr is what clients show in a server's console (and what tests watch).
inline void demoNote(const QString &line)
{
    const QByteArray text = "toolgate-demo-server: " + line.toUtf8() + '\n';
    std::fwrite(text.constData(), 1, size_t(text.size()), stderr);
    std::fflush(stderr);
}

} // namespace Toolgate
