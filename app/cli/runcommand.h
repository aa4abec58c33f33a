#pragma once

#include "app/cli/cliarguments.h"
#include "app/cli/exitcode.h"

#include <QObject>
#include <QPointer>

#include <memory>

namespace Toolgate {

class CollectionRunner;
class ServerConnection;
class ToolCallPipeline;
struct RunReport;

/// toolgate-cli run COLLECTION: runs a collection's calls (issue 19) against the connected server,
/// each through the pipeline under one approval of the whole run (the terminal shows every call with
/// its exact arguments and asks once; --yes approves the listed calls), prints a report per call and
/// writes a JUnit file with --junit. Exits 0 when every expectation held, 9 when one did not.
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

    /// Asks for the run's approval, then runs; finished() follows.
    void start();
    /// Ctrl-C: the call under way is cancelled and the run stops (exit code 130).
    void interrupt();

signals:
    void finished(int exitCode);

private:
    void printCall(int index);
    void runFinished();
    void done(ExitCode code);

    QPointer<ServerConnection> m_connection;
    CliArguments m_arguments;
    ToolCallPipeline *m_pipeline;
    std::unique_ptr<CollectionRunner> m_runner;
    bool m_interrupted = false;
    bool m_done = false;
};

} // namespace Toolgate
