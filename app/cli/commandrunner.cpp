#include "app/cli/commandrunner.h"
#include "app/cli/runcommand.h"
#include "app/cli/clitext.h"

#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/client/taskfollower.h"
#include "core/common/error.h"
#include "app/cli/console.h"
#include "app/cli/interfacecommands.h"
#include "app/cli/outputprinter.h"
#include "core/schema/argumentcoercion.h"
#include "core/skills/skillcatalog.h"
#include "app/cli/taskstatusline.h"
#include "core/workspace/serverconnection.h"

#include <QElapsedTimer>
#include <QRegularExpression>

#include <algorithm>

namespace Toolgate {

namespace {

ExitCode exitCodeForOutcome(const ToolCallOutcome &outcome)
{
    switch (outcome.kind) {
    case ToolCallOutcome::Kind::Succeeded: return ExitCode::Success;
    case ToolCallOutcome::Kind::ToolError: return ExitCode::ToolError;
    case ToolCallOutcome::Kind::Denied: return ExitCode::Denied;
    case ToolCallOutcome::Kind::InvalidArguments: return ExitCode::InvalidArguments;
    case ToolCallOutcome::Kind::Cancelled: return ExitCode::Interrupted;
    case ToolCallOutcome::Kind::Failed:
    case ToolCallOutcome::Kind::Pending: break;
    }
    const ExitCode code = exitCodeFor(outcome.error);
    // A failed call is a connection or request problem, whatever the error's code suggests.
    return code == ExitCode::Connection ? code : ExitCode::RequestFailed;
}

/// A word for a shell: as is when plain, else in single quotes.
QString shellWord(const QString &word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./:=@%+,-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    QString quoted = word;
    quoted.replace(u'\'', QLatin1StringView("'\\''"));
    return u'\'' + quoted + u'\'';
}

} // namespace

CommandRunner::CommandRunner(ServerConnection *connection, CliArguments arguments, ToolCallPipeline *pipeline,
                             OutputPrinter *printer, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_session(connection->session())
    , m_server(connection->identity())
    , m_arguments(std::move(arguments))
    , m_pipeline(pipeline)
    , m_printer(printer)
{
}

CommandRunner::~CommandRunner() = default;

void CommandRunner::setModelKeys(SecretStore *secrets, AuditLog *audit)
{
    m_secrets = secrets;
    m_audit = audit;
}

void CommandRunner::setOtherConnection(ServerConnection *other)
{
    m_other = other;
}

void CommandRunner::start()
{
    const auto failOr = [this](auto onValue) {
        return [this, onValue](const auto &result) {
            if (m_done)
                return;
            if (!result) {
                requestFailed(result.error());
                return;
            }
            onValue(result.value());
            done(ExitCode::Success);
        };
    };

    switch (m_arguments.command) {
    case CliCommand::Servers:
        // Handled before connecting; nothing to ask the server.
        done(ExitCode::Success);
        return;
    case CliCommand::Chat:
    case CliCommand::Doctor:
        // CliRunner runs a chat (ChatCommand) and the doctor (ConnectionDoctor) itself, never through a CommandRunner.
        done(ExitCode::Success);
        return;
    case CliCommand::Info:
        m_printer->info(m_server, m_session->serverInitializeResult(), m_connection->eraSummary());
        done(ExitCode::Success);
        return;
    case CliCommand::Tools:
        m_connection->relistTools(this, failOr([this](const QList<Tool> &tools) { m_printer->tools(m_server, tools); }));
        return;
    case CliCommand::Call:
        startCall();
        return;
    case CliCommand::Resources:
        m_session->listResources(this, failOr([this](const QList<Resource> &list) { m_printer->resources(m_server, list); }));
        return;
    case CliCommand::Read:
        m_session->readResource(m_arguments.target, this, failOr([this](const ReadResourceResult &result) {
            m_printer->resourceContents(m_server, m_arguments.target, result);
        }));
        return;
    case CliCommand::Templates:
        m_session->listResourceTemplates(this, failOr([this](const QList<ResourceTemplate> &list) {
            m_printer->templates(m_server, list);
        }));
        return;
    case CliCommand::Prompts:
        m_session->listPrompts(this, failOr([this](const QList<Prompt> &list) { m_printer->prompts(m_server, list); }));
        return;
    case CliCommand::Prompt:
        m_session->getPrompt(m_arguments.target, m_arguments.pairMap(), this, failOr([this](const GetPromptResult &result) {
            m_printer->prompt(m_server, m_arguments.target, result);
        }));
        return;
    case CliCommand::Skills:
        m_skills = std::make_unique<SkillCatalog>(m_session);
        m_skills->list(this, failOr([this](const QList<SkillEntry> &skills) { m_printer->skills(m_server, skills, m_skills->problems()); }));
        return;
    case CliCommand::Skill:
        showSkill();
        return;
    case CliCommand::Complete: {
        const CompletionReference reference = m_arguments.completeKind == CompletionReference::Kind::Prompt
            ? CompletionReference::prompt(m_arguments.target)
            : CompletionReference::resourceTemplate(m_arguments.target);
        m_session->complete(reference, m_arguments.completeArgument, m_arguments.completeValue, m_arguments.pairMap(),
                            this, failOr([this](const CompleteResult &result) { m_printer->completion(m_server, result); }));
        return;
    }
    case CliCommand::Task:
        runTaskCommand();
        return;
    case CliCommand::Run:
        m_run = std::make_unique<RunCommand>(m_connection, m_arguments, m_pipeline);
        m_run->setModelKeys(m_secrets, m_audit);
        connect(m_run.get(), &RunCommand::finished, this, [this](int exitCode) { done(ExitCode(exitCode)); });
        m_run->start();
        return;
    case CliCommand::Snapshot:
    case CliCommand::Diff:
        if (m_other && m_other->readySession()) {
            InterfaceCommands::runAgainstServer(m_session, m_server, m_other->readySession(), m_other->identity(), m_arguments,
                                                this, [this](ExitCode code) { done(code); },
                                                [this](const Error &error) { requestFailed(error); });
            return;
        }
        InterfaceCommands::runLive(m_session, m_server, m_arguments, m_printer, this,
                                   [this](ExitCode code) { done(code); },
                                   [this](const Error &error) { requestFailed(error); });
        return;
    case CliCommand::Ping: {
        auto timer = std::make_shared<QElapsedTimer>();
        timer->start();
        m_session->ping(this, failOr([this, timer](const std::monostate &) { m_printer->pong(m_server, timer->elapsed()); }));
        return;
    }
    }
}

void CommandRunner::showSkill()
{
    m_skills = std::make_unique<SkillCatalog>(m_session);
    m_skills->list(this, [this](const Result<QList<SkillEntry>> &listed) {
        if (m_done)
            return;
        if (!listed) {
            requestFailed(listed.error());
            return;
        }
        // A name is a label, not an identifier (SEP-2640): two skills may share one, and then the URI decides.
        const QString wanted = m_arguments.target;
        QList<SkillEntry> matches;
        for (const SkillEntry &entry : listed.value()) {
            if (entry.uri == wanted)
                matches = {entry};
        }
        if (matches.isEmpty()) {
            for (const SkillEntry &entry : listed.value()) {
                if (entry.name() == wanted)
                    matches.append(entry);
            }
        }
        if (matches.isEmpty()) {
            requestFailed(makeError(ErrorCode::InvalidParams, tr("The server lists no skill “%1”; toolgate-cli skills lists those it has.")
                                                                  .arg(Console::sanitizedLine(wanted))));
            return;
        }
        if (matches.size() > 1) {
            QStringList uris;
            for (const SkillEntry &entry : std::as_const(matches))
                uris.append(Console::sanitizedLine(entry.uri));
            requestFailed(usageError(tr("Several skills are named “%1”: %2. Name one by its URI.")
                                         .arg(Console::sanitizedLine(wanted), uris.join(QStringLiteral(", ")))));
            return;
        }
        m_skills->open(matches.constFirst(), this, [this](const Result<SkillCatalog::LoadedSkill> &opened) {
            if (m_done)
                return;
            if (!opened) {
                requestFailed(opened.error());
                return;
            }
            m_printer->skill(m_server, opened.value());
            done(ExitCode::Success);
        });
    });
}

void CommandRunner::startCall()
{
    // The schema is needed first: key=value pairs are typed by it.
    m_connection->relistTools(this, [this](const Result<QList<Tool>> &tools) {
        if (m_done)
            return;
        if (!tools) {
            requestFailed(tools.error());
            return;
        }
        // Several tools of this name: the pipeline refuses the call when their definitions differ.
        for (const Tool &tool : tools.value()) {
            if (tool.name == m_arguments.target) {
                callTool(tool);
                return;
            }
        }
        QStringList names;
        for (const Tool &tool : tools.value())
            names.append(Console::toolName(tool.name));
        m_printer->failure(usageError(Cli::tr("the server \"%1\" has no tool named \"%2\". Its tools: %3")
                                          .arg(Console::sanitizedLine(m_server.name), Console::sanitizedLine(m_arguments.target),
                                               names.isEmpty() ? QStringLiteral("(none)") : names.join(QStringLiteral(", ")))),
                           ExitCode::Usage, m_server);
        done(ExitCode::Usage);
    });
}

void CommandRunner::callTool(const Tool &tool)
{
    QJsonObject arguments = m_arguments.jsonArguments.value_or(QJsonObject());
    if (!m_arguments.pairs.isEmpty()) {
        const auto coerced = coerceArguments(tool.inputSchema, m_arguments.pairs);
        if (!coerced) {
            const Error error = makeError(ErrorCode::InvalidArguments,
                                          Cli::tr("invalid arguments for %1: %2").arg(tool.name, coerced.error().message));
            m_printer->failure(error, ExitCode::InvalidArguments, m_server);
            done(ExitCode::InvalidArguments);
            return;
        }
        const QJsonObject pairs = coerced.value();
        for (auto it = pairs.begin(); it != pairs.end(); ++it)
            arguments.insert(it.key(), it.value());
    }
    // JSON typed keeps the order it was typed in; key=value pairs fill fields, which the pipeline
    // orders as the input schema lists them.
    m_call = m_pipeline->call(m_connection, tool.name, arguments, CallInitiator::Cli, this,
                                m_arguments.jsonArgumentOrder);
    if (m_arguments.runAsTask) {
        m_call->setRunAsTask(true);
        if (taskSupportOf(tool.execution) == TaskSupport::Forbidden || !m_session->taskCapabilities().toolCalls)
            Console::err(Cli::tr("note: %1 does not run as a task on this server; toolgate-cli waits for its answer\n")
                             .arg(Console::toolName(tool.name)));
    }
    connect(m_call, &ToolCall::finished, this, &CommandRunner::callFinished);
    connect(m_call, &ToolCall::taskChanged, this, &CommandRunner::callTaskChanged);
    // Long calls say how far they got; progress also restarts the --timeout clock. While a task
    // runs, it is part of the task's status line.
    connect(m_call, &ToolCall::progress, this, [this, name = tool.name](const ProgressUpdate &update) {
        if (m_taskQuiet.isActive())
            m_taskQuiet.start();
        if (m_statusLine)
            m_statusLine->progress(update);
        else
            m_printer->progress(name, update);
    });
}

void CommandRunner::callTaskChanged(const Task &task)
{
    if (!m_call || m_done)
        return;
    if (!m_statusLine) {
        // The server answered with a task.
        const QString tool = Console::toolName(m_call->tool().name);
        if (m_arguments.noWait) {
            // The call object stays as it is: nothing is cancelled, the task goes on at the server.
            m_printer->taskLeftRunning(m_server, m_call->tool().name, task, taskCommand(QStringLiteral("get"), task.taskId));
            if (m_connection && m_connection->config().transport == ServerConfig::Transport::Stdio)
                Console::err(Cli::tr("note: toolgate-cli started this server itself and stops it now, and the task "
                                     "ends with it; --no-wait is for servers that keep running (--url)\n"));
            done(ExitCode::Success);
            return;
        }
        Console::err(Cli::tr("%1: the server runs the call as task %2 (Ctrl-C cancels it)\n")
                         .arg(tool, Console::sanitizedLine(task.taskId)));
        m_statusLine = std::make_unique<TaskStatusLine>(tool, Console::stderrIsTerminal());
        if (m_arguments.timeout) {
            m_taskQuiet.setSingleShot(true);
            m_taskQuiet.setInterval(*m_arguments.timeout);
            connect(&m_taskQuiet, &QTimer::timeout, this, &CommandRunner::taskWentQuiet);
        }
    }
    m_statusLine->update(task);
    // A task that ended is quiet for good reason (its result is on the way): no more clock.
    if (!m_arguments.timeout || task.isTerminal())
        m_taskQuiet.stop();
    else
        m_taskQuiet.start();
}

void CommandRunner::taskWentQuiet()
{
    if (!m_call || m_done || !m_call->task())
        return;
    m_taskTimedOut = true;
    const qint64 seconds = std::chrono::duration_cast<std::chrono::seconds>(*m_arguments.timeout).count();
    Console::err(Cli::tr("Task %1 sent no news for %2 s (--timeout); cancelling it at the server...\n")
                     .arg(Console::sanitizedLine(m_call->task()->taskId))
                     .arg(seconds));
    // finished() follows once the server has it; callFinished() reports the timeout.
    m_call->cancel(QStringLiteral("no news within the client's --timeout"));
}

void CommandRunner::callFinished()
{
    if (!m_call || m_done)
        return;
    m_taskQuiet.stop();
    if (m_statusLine)
        m_statusLine->finish();
    const ToolCallOutcome::Kind kind = m_call->outcome().kind;
    if (m_taskTimedOut && kind == ToolCallOutcome::Kind::Cancelled) {
        const Error error = makeError(ErrorCode::RequestTimeout,
                                      Cli::tr("the task sent no news within --timeout and was cancelled at the server"));
        m_printer->failure(error, ExitCode::RequestFailed, m_server);
        done(ExitCode::RequestFailed);
        return;
    }
    if (m_arguments.noWait && !m_call->task()
        && (kind == ToolCallOutcome::Kind::Succeeded || kind == ToolCallOutcome::Kind::ToolError))
        Console::err(Cli::tr("note: the server answered at once, without a task\n"));
    if (m_serverFailure && m_call->outcome().kind == ToolCallOutcome::Kind::Cancelled) {
        const Error error{m_serverFailure->code,
                          Cli::tr("the server failed before the call was approved: ") + m_serverFailure->message,
                          m_serverFailure->data};
        m_printer->failure(error, ExitCode::Connection, m_server);
        done(ExitCode::Connection);
        return;
    }
    if (m_call->outcome().kind == ToolCallOutcome::Kind::Failed && m_serverFailure) {
        const Error error = explained(m_call->outcome().error);
        m_printer->failure(error, ExitCode::Connection, m_server);
        done(ExitCode::Connection);
        return;
    }
    m_printer->toolCall(m_server, *m_call);
    done(exitCodeForOutcome(m_call->outcome()));
}

void CommandRunner::interrupt()
{
    if (m_run) {
        m_interrupted = true;
        m_run->interrupt();
        return;
    }
    if (m_done)
        return;
    if (m_call) {
        if (m_call->task() && !m_call->task()->isTerminal())
            Console::err(Cli::tr("Cancelling task %1 at the server...\n").arg(Console::sanitizedLine(m_call->task()->taskId)));
        // finished() arrives once the call is cancelled; callFinished() reports it.
        m_call->cancel(QStringLiteral("interrupted (Ctrl-C)"));
        return;
    }
    if (m_follower && !m_follower->isFinished()) {
        m_interrupted = true;
        Console::err(Cli::tr("Cancelling task %1 at the server...\n").arg(Console::sanitizedLine(m_arguments.taskId)));
        // The follower's finished() reports it (with the result, if the task ended first).
        m_follower->cancel(QStringLiteral("interrupted (Ctrl-C)"));
        return;
    }
    done(ExitCode::Interrupted);
}

void CommandRunner::serverFailed(const Error &error)
{
    if (m_done || m_serverFailure)
        return;
    m_serverFailure = error;
    if (m_call && m_call->stage() == ToolCall::Stage::AwaitingApproval)
        m_call->cancel(QStringLiteral("the server failed"));
}

void CommandRunner::runTaskCommand()
{
    const ClientSession::TaskCapabilities capabilities = m_session->taskCapabilities();
    const QString server = Console::sanitizedLine(m_server.name);
    if (!capabilities.toolCalls && !capabilities.list && !capabilities.cancel) {
        taskFailed(makeError(ErrorCode::MethodNotFound,
                             Cli::tr("the server \"%1\" does not run tasks (it declares no tasks capability)").arg(server)),
                   QString());
        return;
    }
    switch (m_arguments.taskAction) {
    case TaskAction::List:
        if (!capabilities.list) {
            taskFailed(makeError(ErrorCode::MethodNotFound,
                                 capabilities.modern
                                     ? Cli::tr("the server \"%1\" runs tasks through the 2026-07-28 tasks extension, which has "
                                               "no list of tasks; look at one task with: %2")
                                           .arg(server, taskCommand(QStringLiteral("get"), QStringLiteral("ID")))
                                     : Cli::tr("the server \"%1\" does not list its tasks (it does not declare tasks/list)")
                                           .arg(server)),
                       QString());
            return;
        }
        m_session->listTasks(this, [this](const Result<QList<Task>> &tasks) {
            if (m_done)
                return;
            if (!tasks) {
                taskFailed(tasks.error(), Cli::tr("list the tasks"));
                return;
            }
            m_printer->tasks(m_server, tasks.value());
            done(ExitCode::Success);
        });
        return;
    case TaskAction::Get:
        lookUpTask([this](const Task &task) {
            m_printer->task(m_server, task);
            done(ExitCode::Success);
        });
        return;
    case TaskAction::Result:
        lookUpTask([this](const Task &task) { followTask(task); });
        return;
    case TaskAction::Cancel:
        if (!capabilities.cancel) {
            taskFailed(makeError(ErrorCode::MethodNotFound,
                                 Cli::tr("the server \"%1\" does not let its tasks be cancelled (it does not declare tasks/cancel)")
                                     .arg(server)),
                       QString());
            return;
        }
        lookUpTask([this](const Task &task) {
            if (task.isTerminal()) {
                taskFailed(makeError(ErrorCode::InvalidParams,
                                     Cli::tr("task %1 has already ended (%2); there is nothing to cancel")
                                         .arg(Console::sanitizedLine(task.taskId), Task::describeStatus(task.status))),
                           QString());
                return;
            }
            m_session->cancelTask(task.taskId, task.requestState, this, [this, id = task.taskId](const Result<std::optional<Task>> &answer) {
                if (m_done)
                    return;
                if (!answer) {
                    taskFailed(answer.error(), Cli::tr("cancel task %1").arg(Console::sanitizedLine(id)));
                    return;
                }
                m_printer->taskCancelled(m_server, id, answer.value());
                done(ExitCode::Success);
            });
        });
        return;
    }
}

void CommandRunner::lookUpTask(std::function<void(const Task &task)> found)
{
    const QString taskId = m_arguments.taskId;
    m_session->getTask(taskId, std::nullopt, this, [this, taskId, found = std::move(found)](const Result<Task> &task) {
        if (m_done)
            return;
        if (task) {
            found(task.value());
            return;
        }
        // Both eras answer an id they do not know with "invalid params".
        if (task.error().code == int(ErrorCode::InvalidParams)) {
            taskFailed(Error{task.error().code,
                             Cli::tr("the server \"%1\" knows no task \"%2\": it may have ended and been removed, or belong "
                                     "to another connection (a server that toolgate-cli starts itself ends with each run, and "
                                     "its tasks with it). The server said: %3")
                                 .arg(Console::sanitizedLine(m_server.name), Console::sanitizedLine(taskId), task.error().message),
                             task.error().data},
                       QString());
            return;
        }
        taskFailed(task.error(), Cli::tr("look up task %1").arg(Console::sanitizedLine(taskId)));
    });
}

void CommandRunner::followTask(const Task &task)
{
    const QString label = Cli::tr("task %1").arg(Console::sanitizedLine(task.taskId));
    m_statusLine = std::make_unique<TaskStatusLine>(label, Console::stderrIsTerminal());
    m_statusLine->update(task);
    TaskFollower::Options options;
    options.toolName = label;
    m_follower = std::make_unique<TaskFollower>(m_session, task, options);
    connect(m_follower.get(), &TaskFollower::taskChanged, this, [this](const Task &changed) {
        if (m_statusLine)
            m_statusLine->update(changed);
    });
    connect(m_follower.get(), &TaskFollower::finished, this, [this, id = task.taskId](const Result<CallToolResult> &result) {
        if (m_done)
            return;
        if (m_statusLine)
            m_statusLine->finish();
        if (!result) {
            if (m_interrupted) {
                m_printer->failure(Error{result.error().code, Cli::tr("task %1 was cancelled: %2")
                                                                  .arg(Console::sanitizedLine(id), result.error().message),
                                         result.error().data},
                                   ExitCode::Interrupted, m_server);
                done(ExitCode::Interrupted);
                return;
            }
            taskFailed(result.error(), Cli::tr("get the result of task %1").arg(Console::sanitizedLine(id)));
            return;
        }
        m_printer->taskResult(m_server, id, result.value());
        done(result.value().isError ? ExitCode::ToolError : ExitCode::Success);
    });
}

void CommandRunner::taskFailed(const Error &error, const QString &doing)
{
    const Error reported = explained(error);
    ExitCode code = exitCodeFor(reported) == ExitCode::Connection || m_serverFailure ? ExitCode::Connection : ExitCode::RequestFailed;
    const Error worded{reported.code,
                       doing.isEmpty() ? reported.message : Cli::tr("could not %1: %2").arg(doing, reported.message),
                       reported.data};
    m_printer->failure(worded, code, m_server);
    done(code);
}

QString CommandRunner::taskCommand(const QString &action, const QString &taskId) const
{
    QStringList words{QStringLiteral("toolgate-cli")};
    if (!m_arguments.url.isEmpty()) {
        words << QStringLiteral("--url") << shellWord(m_arguments.url);
        // Header values may be secrets: only their names are repeated.
        for (const QString &header : m_arguments.headers)
            words << QStringLiteral("--header") << shellWord(header.section(u':', 0, 0).trimmed() + QStringLiteral(": ..."));
    } else if (m_arguments.inlineServer.isEmpty()) {
        if (!m_arguments.configPath.isEmpty())
            words << QStringLiteral("--config") << shellWord(m_arguments.configPath);
        words << QStringLiteral("--server") << shellWord(m_server.name);
    }
    words << QStringLiteral("task") << action << shellWord(Console::sanitizedLine(taskId));
    if (!m_arguments.inlineServer.isEmpty()) {
        words << QStringLiteral("--");
        for (const QString &word : m_arguments.inlineServer)
            words << shellWord(word);
    }
    return words.join(u' ');
}

void CommandRunner::requestFailed(const Error &error)
{
    const Error reported = explained(error);
    const ExitCode code = exitCodeFor(reported) == ExitCode::Connection || m_serverFailure ? ExitCode::Connection : ExitCode::RequestFailed;
    m_printer->failure(reported, code, m_server);
    done(code);
}

Error CommandRunner::explained(const Error &error) const
{
    if (!m_serverFailure || error.code != int(ErrorCode::ConnectionClosed))
        return error;
    return Error{m_serverFailure->code, Cli::tr("the server stopped while the request was open: ") + m_serverFailure->message,
                 m_serverFailure->data};
}

void CommandRunner::done(ExitCode exitCode)
{
    if (m_done)
        return;
    m_done = true;
    emit finished(int(exitCode));
}

} // namespace Toolgate

#include "moc_commandrunner.cpp"
