#pragma once

// Running toolgate-cli with a real terminal on its stdin (a pseudo-terminal), for what it does only at a
// terminal (toolgate-cli chat asks about a model's calls only there, and talks interactively). Its
// stdout and stderr stay pipes, read as converse() reads them; answers are typed into the terminal in
// the order given, each once its prompt shows. POSIX only.

#include "cliprocess.h"

#include <QProcess>

#ifndef Q_OS_WIN
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>
#endif

#include <cstdlib>

namespace Toolgate::TestSupport {

/// What typing Ctrl-D at the start of a line sends: the end of input, for a terminal in line mode.
inline QString endOfInputKey()
{
    return QString(QChar(4));
}

#ifndef Q_OS_WIN

/// Runs toolgate-cli with a pseudo-terminal as its stdin: each answer is typed (with Enter; the
/// end-of-input key alone) once what toolgate-cli printed on stderr since the last answer ends in a
/// prompt matching that answer's pattern. Answers are used in order, each once. When they are used
/// up and the program has not ended, the end-of-input key is typed once at the end of timeoutMs.
inline CliRun converseAtTerminal(const CliProcess &cli, const QStringList &arguments, const QList<PromptAnswer> &answers,
                                 const QMap<QString, QString> &env = {}, int timeoutMs = 60000)
{
    CliRun result;
    const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) {
        result.err = QStringLiteral("[test: no pseudo-terminal]");
        return result;
    }
    const char *slaveName = ::ptsname(master);
    const int slave = slaveName ? ::open(slaveName, O_RDWR | O_NOCTTY) : -1;
    if (slave < 0) {
        ::close(master);
        result.err = QStringLiteral("[test: cannot open the pseudo-terminal]");
        return result;
    }
    // Line mode without echo: what is typed is read a line at a time, and nothing comes back on the
    // master that the test would have to drain.
    termios settings{};
    ::tcgetattr(slave, &settings);
    settings.c_lflag &= ~tcflag_t(ECHO | ECHONL);
    settings.c_lflag |= ICANON;
    ::tcsetattr(slave, TCSANOW, &settings);

    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), cli.configHome());
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        environment.insert(it.key(), it.value());
    process.setProcessEnvironment(environment);
    // The terminal becomes the child's stdin, after QProcess set up its own channels.
    process.setChildProcessModifier([slave] { ::dup2(slave, STDIN_FILENO); });
    process.start(cliPath(), arguments);
    const bool started = process.waitForStarted(10000);
    ::close(slave);
    if (!started) {
        ::close(master);
        result.err = QStringLiteral("[test: toolgate-cli did not start]");
        return result;
    }
    const auto type = [master, &result](const QString &answer) {
        const QByteArray bytes = answer == endOfInputKey() ? QByteArray(1, '\x04') : (answer + u'\n').toUtf8();
        [[maybe_unused]] const ssize_t written = ::write(master, bytes.constData(), size_t(bytes.size()));
        result.err += QStringLiteral("[typed: %1]\n").arg(answer == endOfInputKey() ? QStringLiteral("Ctrl-D") : answer);
    };
    QString sinceAnswer;
    qsizetype next = 0;
    QDeadlineTimer deadline(timeoutMs);
    while (process.state() != QProcess::NotRunning && !deadline.hasExpired()) {
        process.waitForReadyRead(100);
        const QString chunk = QString::fromUtf8(process.readAllStandardError());
        result.err += chunk;
        sinceAnswer += chunk;
        result.stdoutBytes += process.readAllStandardOutput();
        if (next < answers.size() && QRegularExpression(answers.at(next).pattern + QStringLiteral("\\s*$")).match(sinceAnswer).hasMatch()) {
            type(answers.at(next).answer);
            ++next;
            sinceAnswer.clear();
        }
    }
    if (process.state() != QProcess::NotRunning) {
        type(endOfInputKey());
        if (!process.waitForFinished(5000)) {
            process.kill();
            process.waitForFinished(5000);
            result.err += QStringLiteral("[test: toolgate-cli timed out]\n");
            ::close(master);
            return result;
        }
    }
    ::close(master);
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.stdoutBytes += process.readAllStandardOutput();
    result.err += QString::fromUtf8(process.readAllStandardError());
    return result;
}

#endif

} // namespace Toolgate::TestSupport
