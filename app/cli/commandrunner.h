#pragma once

#include "core/calls/approval.h"
#include "app/cli/cliarguments.h"
#include "app/cli/exitcode.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

namespace Toolgate {

class AuditLog;
class ClientSession;
class SecretStore;
class OutputPrinter;
class RunCommand;
class SkillCatalog;
class ServerConnection;
class TaskFollower;
class TaskStatusLine;
class ToolCall;
class ToolCallPipeline;
struct Task;
struct Tool;

/// Runs the one command of a toolgate-cli invocation on a connection that is ready, prints the
/// result and reports the exit code. Tool calls go through the pipeline (the only way there is),
/// so every call is validated, approved and recorded first.
class CommandRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CommandRunner)
public:
    /// Nothing is owned; all must outlive the runner.
    CommandRunner(ServerConnection *connection, CliArguments arguments, ToolCallPipeline *pipeline,
                  OutputPrinter *printer, QObject *parent = nullptr);
    ~CommandRunner() override;

    /// diff --against-server: the second server (ready, not owned), whose interface the first's is compared with.
    void setOtherConnection(ServerConnection *other);
    /// For run --model: where a models file's key is kept, and the audit log to redact it from.
    void setModelKeys(SecretStore *secrets, AuditLog *audit);

    /// Sends the command's requests; finished() follows.
    void start();
    /// Ctrl-C: a tool call is cancelled (the server is told, then finished() reports it), and so is
    /// a task being waited for (tasks/cancel); any other request is abandoned at once.
    void interrupt();
    /// The server died. Pending requests fail by themselves; a call still waiting for approval
    /// is withdrawn, since nobody could send it anymore.
    void serverFailed(const Error &error);

signals:
    /// Emitted once, with an ExitCode value.
    void finished(int exitCode);

private:
    void startCall();
    void callTool(const Tool &tool);
    void callFinished();
    void callTaskChanged(const Task &task);
    void taskWentQuiet();
    void runTaskCommand();
    /// skill NAME: the listing, then that skill opened (fetched and verified) and printed.
    void showSkill();
    /// task get/result/cancel: the task as the server has it now, or the error in plain words.
    void lookUpTask(std::function<void(const Task &task)> found);
    void followTask(const Task &task);
    void taskFailed(const Error &error, const QString &doing);
    /// How to reach this server again and do action with the task (shown after --no-wait).
    QString taskCommand(const QString &action, const QString &taskId) const;
    void requestFailed(const Error &error);
    void done(ExitCode exitCode);
    /// error, or what made the server fail when error only says the connection closed (the exit
    /// code or signal is the useful part).
    Error explained(const Error &error) const;

    QPointer<ServerConnection> m_connection;
    QPointer<ServerConnection> m_other;
    SecretStore *m_secrets = nullptr;
    AuditLog *m_audit = nullptr;
    ClientSession *m_session;
    ServerIdentity m_server;
    CliArguments m_arguments;
    ToolCallPipeline *m_pipeline;
    OutputPrinter *m_printer;
    QPointer<ToolCall> m_call;
    /// While a call's task (or task result's) runs: its status on stderr.
    std::unique_ptr<TaskStatusLine> m_statusLine;
    /// task result: follows the task to its end.
    std::unique_ptr<TaskFollower> m_follower;
    /// run: the collection being run.
    std::unique_ptr<RunCommand> m_run;
    /// skills, skill NAME: the server's skills.
    std::unique_ptr<SkillCatalog> m_skills;
    bool m_interrupted = false;
    /// --timeout while a call's task runs: restarted by each status and progress; when it runs out,
    /// the task is cancelled at the server (a task that never ends would otherwise keep the run alive).
    QTimer m_taskQuiet;
    bool m_taskTimedOut = false;
    std::optional<Error> m_serverFailure;
    bool m_done = false;
};

} // namespace Toolgate
