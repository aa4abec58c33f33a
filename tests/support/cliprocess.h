#pragma once

// Running the built toolgate-cli the way a person or a script does, for the tests that drive it end
// to end: a fresh XDG_CONFIG_HOME (never the developer's own servers file), answers on stdin, and
// everything it printed kept for the assertion messages.

#include "testpaths.h"
#include "core/workspace/servertrust.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace Toolgate::TestSupport {

/// The trust fingerprint toolgate-cli computes for config when it runs with configHome as its
/// XDG_CONFIG_HOME: a secret value typed into the servers file counts by a digest keyed with that
/// installation's key (trust-digest.key in its config folder), so the same folder is used here.
inline QString cliFingerprint(const ServerConfig &config, const QString &configHome)
{
    const QByteArray saved = qgetenv("TOOLGATE_CONFIG_DIR");
    const bool wasSet = qEnvironmentVariableIsSet("TOOLGATE_CONFIG_DIR");
    qputenv("TOOLGATE_CONFIG_DIR", QDir(configHome).filePath(QStringLiteral("Toolgate/toolgate")).toLocal8Bit());
    const QString fingerprint = ServerTrustFacts::of(config).fingerprint();
    if (wasSet)
        qputenv("TOOLGATE_CONFIG_DIR", saved);
    else
        qunsetenv("TOOLGATE_CONFIG_DIR");
    return fingerprint;
}

/// What one run printed and how it ended.
struct CliRun
{
    int exitCode = -1; ///< -1: did not start or timed out; -2: crashed
    QByteArray stdoutBytes;
    QString err;

    QString out() const { return QString::fromUtf8(stdoutBytes); }
    QString all() const { return out() + err; }
    QJsonObject json() const { return QJsonDocument::fromJson(stdoutBytes).object(); }
    /// For assertion messages.
    QString describe() const
    {
        return QStringLiteral("exit %1\n--- stdout:\n%2\n--- stderr:\n%3").arg(exitCode).arg(out().left(4000), err.left(4000));
    }
};

inline QString cliPath() { return executable(QStringLiteral("toolgate-cli")); }

/// Which of paths are no executable file, as "<path> was not built" lines; empty when all are.
inline QString notBuilt(const QStringList &paths)
{
    QStringList missing;
    for (const QString &path : paths) {
        if (!QFileInfo(path).isExecutable())
            missing.append(path + QStringLiteral(" was not built"));
    }
    return missing.join(u'\n');
}

/// The pinned Node 22 of tests/npm (the one the npm peers are tested with).
inline QString pinnedNode() { return nodeBinary(); }

/// node + server-everything over stdio, as a command line after "--".
inline QStringList everythingCommand()
{
    return {pinnedNode(), npmDir() + QStringLiteral("/node_modules/@modelcontextprotocol/server-everything/dist/index.js"),
            QStringLiteral("stdio")};
}

/// Runs program in environment to its end: input on stdin (closed afterwards), killed after timeoutMs.
inline CliRun runProcess(const QString &program, const QStringList &arguments, const QProcessEnvironment &environment,
                         const QByteArray &input = {}, int timeoutMs = 60000)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    CliRun result;
    if (!process.waitForStarted(10000)) {
        result.err = QStringLiteral("[test: %1 did not start]").arg(program);
        return result;
    }
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        result.err = QStringLiteral("[test: %1 timed out]\n").arg(program);
    } else {
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    }
    result.stdoutBytes = process.readAllStandardOutput();
    result.err += QString::fromUtf8(process.readAllStandardError());
    return result;
}

/// Runs program to its end: configHome as XDG_CONFIG_HOME, env added to the environment, input on
/// stdin (closed afterwards), killed after timeoutMs.
inline CliRun runToEnd(const QString &program, const QStringList &arguments, const QString &configHome, const QByteArray &input = {},
                       const QMap<QString, QString> &env = {}, int timeoutMs = 60000)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), configHome);
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        environment.insert(it.key(), it.value());
    return runProcess(program, arguments, environment, input, timeoutMs);
}

/// Runs toolgate-cli (or program) to its end with input on stdin, closed afterwards.
class CliProcess
{
public:
    CliProcess() { m_home.setAutoRemove(true); }

    /// XDG_CONFIG_HOME of every run (servers.json goes here when a test writes one).
    QString configHome() const { return m_home.path(); }

    CliRun run(const QStringList &arguments, const QByteArray &input = {}, const QMap<QString, QString> &env = {},
               int timeoutMs = 60000, const QString &program = {}) const
    {
        return runToEnd(program.isEmpty() ? cliPath() : program, arguments, m_home.path(), input, env, timeoutMs);
    }

private:
    QTemporaryDir m_home;
};

} // namespace Toolgate::TestSupport

#define VERIFY_CLI(condition, run) QVERIFY2(condition, qPrintable((run).describe()))

namespace Toolgate::TestSupport {

/// One answer to give when toolgate-cli's stderr ends with a prompt matching pattern.
struct PromptAnswer
{
    QString pattern; ///< a regular expression matched against the text printed since the last answer
    QString answer;  ///< sent with a newline
};

/// Runs toolgate-cli like a person at a terminal: whenever what it printed since the last answer ends
/// in a prompt that matches one of answers (first match wins), that answer is typed. stdin is closed
/// once the process ends or after timeoutMs.
inline CliRun converse(const CliProcess &cli, const QStringList &arguments, const QList<PromptAnswer> &answers,
                       int timeoutMs = 60000)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), cli.configHome());
    process.setProcessEnvironment(environment);
    process.start(cliPath(), arguments);
    CliRun result;
    if (!process.waitForStarted(10000)) {
        result.err = QStringLiteral("[test: toolgate-cli did not start]");
        return result;
    }
    QString sinceAnswer;
    QDeadlineTimer deadline(timeoutMs);
    while (process.state() != QProcess::NotRunning && !deadline.hasExpired()) {
        process.waitForReadyRead(100);
        const QString chunk = QString::fromUtf8(process.readAllStandardError());
        result.err += chunk;
        sinceAnswer += chunk;
        result.stdoutBytes += process.readAllStandardOutput();
        for (const PromptAnswer &rule : answers) {
            if (QRegularExpression(rule.pattern + QStringLiteral("\\s*$")).match(sinceAnswer).hasMatch()) {
                process.write((rule.answer + u'\n').toUtf8());
                result.err += QStringLiteral("[typed: %1]\n").arg(rule.answer);
                sinceAnswer.clear();
                break;
            }
        }
    }
    process.closeWriteChannel();
    if (process.state() != QProcess::NotRunning && !process.waitForFinished(deadline.hasExpired() ? 1000 : int(deadline.remainingTime()))) {
        process.kill();
        process.waitForFinished(5000);
        result.err += QStringLiteral("[test: toolgate-cli timed out]\n");
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.stdoutBytes += process.readAllStandardOutput();
    result.err += QString::fromUtf8(process.readAllStandardError());
    return result;
}

} // namespace Toolgate::TestSupport
