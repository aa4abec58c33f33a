#pragma once

#include "core/transport/transport.h"

#include <QMap>
#include <QStringList>

#include <chrono>
#include <memory>

class QProcess;

namespace Toolgate {

/// How to start a local server: a program and an argument list, never a shell string.
struct StdioLaunchSpec
{
    QString program;
    QStringList arguments;
    /// Added to (and overriding) the inherited environment.
    QMap<QString, QString> environment;
    QString workingDirectory;
    /// false: the child sees only a small allow-list of our environment (PATH, HOME, ...) plus
    /// `environment`, so secrets in our environment do not leak into every server.
    bool inheritFullEnvironment = false;
    /// true: the child gets exactly `environment` and nothing of ours (a sandbox sets every variable
    /// itself). Wins over inheritFullEnvironment.
    bool exactEnvironment = false;
    /// Shown by description() instead of program and arguments when set: a sandbox's wrapper runs
    /// the server, but people and logs should recognise the server's own command.
    QString displayCommand;
    /// Values (tokens, keys) the server must not get to repeat into our logs: what it writes to
    /// stderr, or to stdout that is not a message, has them redacted before anyone sees it. Values
    /// of `environment` whose names look secret are redacted as well.
    QStringList secretValues;
};

/// Runs a local MCP server as a child process speaking newline-delimited JSON on stdin/stdout.
class StdioTransport final : public Transport
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StdioTransport)
public:
    struct Options
    {
        qint64 maxMessageSize = 64 * 1024 * 1024;
        /// Each step of the shutdown ladder: close stdin → wait → terminate → wait → kill.
        std::chrono::milliseconds shutdownStepTimeout = std::chrono::seconds(2);
        int stderrLinesKept = 200;
    };

    explicit StdioTransport(StdioLaunchSpec spec, QObject *parent = nullptr);
    StdioTransport(StdioLaunchSpec spec, Options options, QObject *parent = nullptr);
    ~StdioTransport() override;

    void start() override;
    void send(const QByteArray &message) override;
    void close() override;
    State state() const override;
    QString description() const override;

    /// How long close() waits for the server to exit after its stdin closed before it sends SIGTERM,
    /// for this transport only (the steps after that keep Options::shutdownStepTimeout). For a session
    /// that ended cleanly, when someone is waiting on the exit (a one-shot toolgate-cli run). Set it
    /// before close().
    void setExitGrace(std::chrono::milliseconds grace);

    /// The last lines the server wrote to stderr (at most Options::stderrLinesKept), secrets redacted.
    QStringList recentStderr() const;
    qint64 processId() const;
    const StdioLaunchSpec &spec() const;

    /// Resolves spec.program against the PATH the child will see; the error names that PATH.
    static Result<QString> resolveProgram(const StdioLaunchSpec &spec);
    /// The environment the child gets for spec.
    static QMap<QString, QString> childEnvironment(const StdioLaunchSpec &spec);

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
