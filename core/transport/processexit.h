#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace Toolgate {

/// How a local server's process ended, in words: its exit code, or the signal that ended it by name
/// ("signal 11: segmentation fault"), also when a shell or launcher passed a crash on as 128 + signal.
class ProcessExit final
{
    Q_DECLARE_TR_FUNCTIONS(Toolgate::ProcessExit)
public:
    /// crashed: ended by a signal, which exitCode then holds (as QProcess reports it on Unix).
    ProcessExit(int exitCode, bool crashed) : m_exitCode(exitCode), m_crashed(crashed) {}
    /// The exit a StdioTransport error carries in its data (exitCode, crashed); nullopt-like
    /// isValid() == false when the error came from elsewhere.
    static ProcessExit fromErrorData(const QJsonValue &data);

    bool isValid() const { return m_exitCode >= 0; }
    /// "the server crashed (signal 11: segmentation fault)", "the server exited with code 3".
    QString serverEnded() const;
    /// The same said of "it": "it crashed (signal 11: segmentation fault)".
    QString itEnded() const;
    /// exitCode, crashed and (when a signal ended it) signal, for an error's data.
    QJsonObject toJson() const;
    /// The signal that ended it, also a crash a shell reported as 128 + signal; 0 for none.
    int signal() const;
    /// "segmentation fault" for SIGSEGV and the other signals that end programs; empty for others.
    static QString signalName(int signal);

private:
    QString signalWords(int signal) const;

    int m_exitCode = -1;
    bool m_crashed = false;
};

} // namespace Toolgate
