#pragma once

// tests/npm/peers/modern-server.mjs (the TypeScript SDK v2 server): "--era modern" is createMcpHandler with
// legacy: 'reject', "--era dual" serves both. Over stdio as a configured server, or over Streamable HTTP on
// 127.0.0.1, on a port of its choosing.

#include "listeningprocess.h"
#include "testpaths.h"

#include "core/workspace/serverconfig.h"

#include <QUrl>

namespace Toolgate::TestSupport {

inline QString modernPeerScript()
{
    return npmDir() + QStringLiteral("/peers/modern-server.mjs");
}

/// The peer as a stdio server (the pinned Node runs it).
inline ServerConfig modernPeerConfig(const QString &name = QStringLiteral("modern"), const QString &era = QStringLiteral("modern"))
{
    ServerConfig config;
    config.name = name;
    config.command = nodeBinary();
    config.args = {modernPeerScript(), QStringLiteral("--transport"), QStringLiteral("stdio"), QStringLiteral("--era"), era};
    return config;
}

class ModernHttpPeer
{
public:
    /// extra: more of the peer's options (e.g. "--break-first-stream", "tools/list").
    explicit ModernHttpPeer(const QString &era, const QStringList &extra = {})
        : m_process(nodeBinary(),
                    QStringList{modernPeerScript(), QStringLiteral("--transport"), QStringLiteral("http"), QStringLiteral("--era"), era}
                        + extra,
                    QProcess::ForwardedErrorChannel)
    { }
    /// The endpoint, once the peer listens (empty when it did not come up).
    QUrl url(int timeoutMs = 20000)
    {
        static const QRegularExpression listening(QStringLiteral("LISTENING (\\d+)"));
        const QString port = m_process.waitFor(listening, timeoutMs);
        return port.isEmpty() ? QUrl() : QUrl(QStringLiteral("http://127.0.0.1:%1/mcp").arg(port));
    }

private:
    ListeningProcess m_process;
};

} // namespace Toolgate::TestSupport
