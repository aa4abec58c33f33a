#pragma once

#include "app/cli/cliarguments.h"
#include "app/cli/exitcode.h"

#include <QObject>
#include <QPointer>

#include <memory>

namespace Toolgate {

class AuditLog;
class CollectionRunner;
class ModelClient;
class SecretStore;
class ServerConnection;
class ToolCallPipeline;
struct CallReport;
struct ResolvedCall;
struct RunReport;

/// toolgate-cli run COLLECTION: runs a collection's calls (issue 19) against the connected server,
/// each through the pipeline under one approval of the whole run (the terminal shows every call with
/// its exact arguments and asks once; --yes approves the listed calls), prints a report per call and
/// writes a JUnit file with --junit. A collection's prompts go to the model of --model, each tried
/// --runs (or its "runs") times, the model's calls recorded, or sent with --send-model-calls.
/// Exits 0 when every expectation held and every run of a prompt passed, 9 when not.
class RunCommand final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunCommand)
public:
    /// Before connecting: reads the collection and fills in its variables (so a broken file or a
    /// missing variable stops the run before any server starts), and names the server when the
    /// collection's calls name one and the command line did not (arguments.serverName).
    static Result<void> prepare(CliArguments &arguments);
    /// The file a COLLECTION argument names: the path itself, else NAME(.json) in Collection::defaultFolder().
    static QString collectionPath(const QString &argument);
    /// The run part of --help.
    static QString helpText();

    /// connection and pipeline are not owned and must outlive the command.
    RunCommand(ServerConnection *connection, CliArguments arguments, ToolCallPipeline *pipeline, QObject *parent = nullptr);
    ~RunCommand() override;

    /// Where the key of a models file's model is kept, and the audit log to redact it from (not owned).
    void setModelKeys(SecretStore *secrets, AuditLog *audit);

    /// Asks for the run's approval, then runs; finished() follows.
    void start();
    /// Ctrl-C: the call under way is cancelled and the run stops (exit code 130).
    void interrupt();

signals:
    void finished(int exitCode);

private:
    void startRun(const QString &name, const QList<ResolvedCall> &calls);
    void printCall(int index);
    void printPrompt(const CallReport &call);
    void runFinished();
    void done(ExitCode code);

    QPointer<ServerConnection> m_connection;
    CliArguments m_arguments;
    ToolCallPipeline *m_pipeline;
    SecretStore *m_secrets = nullptr;
    AuditLog *m_audit = nullptr;
    std::unique_ptr<ModelClient> m_model;
    std::unique_ptr<CollectionRunner> m_runner;
    bool m_interrupted = false;
    bool m_done = false;
};

} // namespace Toolgate
