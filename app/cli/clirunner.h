#pragma once

#include "core/calls/approval.h"
#include "app/cli/cliarguments.h"
#include "app/cli/exitcode.h"
#include "app/cli/serverselector.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace Toolgate {

class AttachmentSaver;
class ChatCommand;
class CommandRunner;
class ConnectionDoctor;
class Host;
class InterruptWatcher;
class OutputPrinter;
class ServerConnection;
class ServerRequestGate;
class TerminalReader;
class TerminalServerTrust;
class TerminalTurns;

/// One toolgate-cli run from start to exit code: build the host with the terminal's gates (or
/// the declining ones under --yes), add the chosen server to its workspace for this run, connect,
/// run the command, disconnect gracefully (the server's stdin is closed and its exit awaited),
/// report.
class CliRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CliRunner)
public:
    explicit CliRunner(CliArguments arguments, QObject *parent = nullptr);
    ~CliRunner() override;

    /// Begins the run; finished() follows (never synchronously).
    void start();

signals:
    /// The run is over and the server is gone; exitCode is an ExitCode value.
    void finished(int exitCode);

private:
    void listServers();
    void connectTo(const ServerSelector::Choice &choice);
    /// doctor: runs the ConnectionDoctor on the chosen server instead of connecting.
    void runDoctor(const ServerSelector::Choice &choice);
    void onStatusChanged();
    void onReady();
    /// diff --against-server: the second server, started once the first is ready.
    void connectToOther();
    void onOtherStatusChanged();
    void askForTrust(ServerConnection *connection, std::unique_ptr<TerminalServerTrust> &trust);
    void onFailed(const Error &error);
    /// Without a keychain: the secret values the server failed to start without, from toolgate-cli's
    /// environment. True when that answered the failure: the server starts again with them, or what to
    /// set was said.
    bool supplySecretsFromEnvironment();
    void onInterrupted();
    void finish(ExitCode exitCode);
    void report();

    CliArguments m_arguments;
    // Declared in dependency order: each is destroyed before what it uses.
    std::unique_ptr<AttachmentSaver> m_saver;
    std::unique_ptr<OutputPrinter> m_printer;
    std::unique_ptr<InterruptWatcher> m_interrupts;
    std::unique_ptr<TerminalReader> m_reader;
    std::unique_ptr<TerminalTurns> m_turns;
    std::unique_ptr<ApprovalGate> m_gate;
    std::unique_ptr<ServerRequestGate> m_requestGate;
    std::unique_ptr<Host> m_host;
    QPointer<ServerConnection> m_connection;
    std::unique_ptr<CommandRunner> m_command;
    std::unique_ptr<ChatCommand> m_chat; // chat runs instead of a CommandRunner
    std::unique_ptr<ConnectionDoctor> m_doctor; // doctor runs instead of a connection
    std::unique_ptr<TerminalServerTrust> m_trust; // while a server from the file waits for trust
    QPointer<ServerConnection> m_other;              // diff --against-server's second server
    std::unique_ptr<TerminalServerTrust> m_otherTrust;

    ServerIdentity m_server;
    ExitCode m_exitCode = ExitCode::Success;
    bool m_finishing = false;
    bool m_secretsSupplied = false;
    bool m_reported = false;
    int m_interruptCount = 0;
    QTimer m_closeTimeout;
};

} // namespace Toolgate
