#pragma once

// server-everything (the npm peer) in one of its HTTP modes, on a port of its choosing on
// 127.0.0.1; the loopback preload (TOOLGATE_TEST_LOOPBACK_PRELOAD) makes it listen there and say
// where.

#include "listeningprocess.h"
#include "npmpeers.h"

namespace Toolgate::TestSupport {

/// server-everything in one of its HTTP modes, on a port of its choosing on 127.0.0.1.
class EverythingServer
{
public:
    explicit EverythingServer(const QString &mode)
        : m_process(nodeBinary(), {QStringLiteral("--require"), QStringLiteral(TOOLGATE_TEST_LOOPBACK_PRELOAD), everythingEntry(), mode},
                    QProcess::MergedChannels, environment())
    { }
    /// Waits for the port; 0 when the server did not come up.
    quint16 waitForPort(int timeoutMs = 20000)
    {
        static const QRegularExpression listening(QStringLiteral("TOOLGATE_LISTENING 127\\.0\\.0\\.1:(\\d+)"));
        return quint16(m_process.waitFor(listening, timeoutMs).toUInt());
    }
    QString output() { return m_process.output(); }

private:
    static QProcessEnvironment environment()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PORT"), QStringLiteral("0"));
        env.insert(QStringLiteral("TOOLGATE_REPORT_LISTEN"), QStringLiteral("1"));
        return env;
    }

    ListeningProcess m_process;
};

} // namespace Toolgate::TestSupport
