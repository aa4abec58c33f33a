#pragma once

// tests/npm/peers/modern-server.mjs (the TypeScript SDK v2 server) over Streamable HTTP on 127.0.0.1, on a
// port of its choosing: "--era modern" is createMcpHandler with legacy: 'reject', "--era dual" serves both.

#include "testpaths.h"

#include <QByteArray>
#include <QDeadlineTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QUrl>

namespace Toolgate::TestSupport {

class ModernHttpPeer
{
public:
    /// extra: more of the peer's options (e.g. "--break-first-stream", "tools/list").
    explicit ModernHttpPeer(const QString &era, const QStringList &extra = {})
    {
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.start(nodeBinary(), QStringList{npmDir() + QStringLiteral("/peers/modern-server.mjs"), QStringLiteral("--transport"),
                                                  QStringLiteral("http"), QStringLiteral("--era"), era} + extra);
    }
    ~ModernHttpPeer()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    /// The endpoint, once the peer listens (empty when it did not come up).
    QUrl url(int timeoutMs = 20000)
    {
        static const QRegularExpression listening(QStringLiteral("LISTENING (\\d+)"));
        QDeadlineTimer deadline(timeoutMs);
        while (!deadline.hasExpired() && m_process.state() != QProcess::NotRunning) {
            const auto match = listening.match(QString::fromUtf8(m_output));
            if (match.hasMatch())
                return QUrl(QStringLiteral("http://127.0.0.1:%1/mcp").arg(match.captured(1)));
            if (m_process.waitForReadyRead(100))
                m_output += m_process.readAllStandardOutput();
        }
        return {};
    }

private:
    QProcess m_process;
    QByteArray m_output;
};

} // namespace Toolgate::TestSupport
