#pragma once

// server-everything (the npm peer) in one of its HTTP modes, on a port of its choosing on
// 127.0.0.1; the loopback preload (TOOLGATE_TEST_LOOPBACK_PRELOAD) makes it listen there and say
// where.

#include "npmpeers.h"

#include <QByteArray>
#include <QDeadlineTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>

namespace Toolgate::TestSupport {

/// server-everything in one of its HTTP modes, on a port of its choosing on 127.0.0.1.
class EverythingServer
{
public:
    explicit EverythingServer(const QString &mode)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PORT"), QStringLiteral("0"));
        env.insert(QStringLiteral("TOOLGATE_REPORT_LISTEN"), QStringLiteral("1"));
        m_process.setProcessEnvironment(env);
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.start(nodeBinary(), {QStringLiteral("--require"), QStringLiteral(TOOLGATE_TEST_LOOPBACK_PRELOAD), everythingEntry(), mode});
    }
    ~EverythingServer()
    {
        m_process.kill();
        m_process.waitForFinished(3000);
    }
    /// Waits for the port; 0 when the server did not come up.
    quint16 waitForPort(int timeoutMs = 20000)
    {
        static const QRegularExpression listening(QStringLiteral("TOOLGATE_LISTENING 127\\.0\\.0\\.1:(\\d+)"));
        QDeadlineTimer deadline(timeoutMs);
        while (!deadline.hasExpired()) {
            m_output += m_process.readAll();
            const auto match = listening.match(QString::fromUtf8(m_output));
            if (match.hasMatch())
                return quint16(match.captured(1).toUInt());
            if (m_process.state() == QProcess::NotRunning)
                return 0;
            m_process.waitForReadyRead(100);
        }
        return 0;
    }
    QString output() const { return QString::fromUtf8(m_output); }

private:
    QProcess m_process;
    QByteArray m_output;
};

} // namespace Toolgate::TestSupport
