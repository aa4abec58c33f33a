#pragma once

// A test peer in a child process that says on its output where it listens (the npm HTTP peers): started
// when made, killed when dropped, and what it printed kept for the assertion messages.

#include <QByteArray>
#include <QDeadlineTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStringList>

namespace Toolgate::TestSupport {

class ListeningProcess
{
public:
    /// channels: MergedChannels to keep its errors with its output, ForwardedErrorChannel to let them
    /// through to the test's own stderr.
    ListeningProcess(const QString &program, const QStringList &arguments, QProcess::ProcessChannelMode channels,
                     const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
    {
        m_process.setProcessEnvironment(environment);
        m_process.setProcessChannelMode(channels);
        m_process.start(program, arguments);
    }
    ~ListeningProcess()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    Q_DISABLE_COPY_MOVE(ListeningProcess)

    /// What the first group of listening captured once the process printed it (the port); empty when
    /// the process ended or timeoutMs passed first.
    QString waitFor(const QRegularExpression &listening, int timeoutMs = 20000)
    {
        QDeadlineTimer deadline(timeoutMs);
        while (!deadline.hasExpired()) {
            read();
            const auto match = listening.match(QString::fromUtf8(m_output));
            if (match.hasMatch())
                return match.captured(1);
            if (m_process.state() == QProcess::NotRunning)
                return {};
            m_process.waitForReadyRead(100);
        }
        return {};
    }
    /// Everything it printed so far.
    QString output()
    {
        read();
        return QString::fromUtf8(m_output);
    }

private:
    void read() { m_output += m_process.readAll(); }

    QProcess m_process;
    QByteArray m_output;
};

} // namespace Toolgate::TestSupport
