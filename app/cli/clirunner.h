#pragma once

#include "calls/approval.h"
#include "cliarguments.h"
#include "exitcode.h"
#include "serverselector.h"

#include <QObject>
#include <QTimer>

#include <memory>

namespace Toolgate {

class AttachmentSaver;
class AuditLog;
class SecretStore;
class ClientSession;
class CommandRunner;
class ConnectionAuditor;
class InterruptWatcher;
class OutputPrinter;
class TerminalReader;
class ToolCallPipeline;

/// One toolgate-cli run from start to exit code: choose the server, connect, run the command,
/// disconnect gracefully (the server's stdin is closed and its exit awaited), report.
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
    void readSecretsThenConnect(ServerSelector::Choice choice);
    void onReady();
    void onFailed(const Error &error);
    void onInterrupted();
    void finish(ExitCode exitCode);
    void report();

    CliArguments m_arguments;
    // Declared in dependency order: each is destroyed before what it uses.
    std::unique_ptr<AttachmentSaver> m_saver;
    std::unique_ptr<OutputPrinter> m_printer;
    std::unique_ptr<InterruptWatcher> m_interrupts;
    std::unique_ptr<TerminalReader> m_reader;
    std::unique_ptr<ApprovalGate> m_gate;
    // Destroyed after the pipeline: its destructor writes what is still queued.
    std::unique_ptr<SecretStore> m_secrets;
    std::unique_ptr<AuditLog> m_audit;
    std::unique_ptr<ConnectionAuditor> m_connectionAuditor; // records the session's connection events
    std::unique_ptr<ToolCallPipeline> m_pipeline;
    std::unique_ptr<ClientSession> m_session;
    std::unique_ptr<CommandRunner> m_command;

    ServerIdentity m_server;
    ExitCode m_exitCode = ExitCode::Success;
    bool m_finishing = false;
    bool m_reported = false;
    int m_interruptCount = 0;
    QTimer m_closeTimeout;
};

} // namespace Toolgate
