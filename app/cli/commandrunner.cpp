#include "commandrunner.h"
#include "clitext.h"

#include "calls/toolcall.h"
#include "client/clientsession.h"
#include "common/error.h"
#include "console.h"
#include "outputprinter.h"
#include "schema/argumentcoercion.h"
#include "workspace/serverconnection.h"

#include <QElapsedTimer>

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
    case CliCommand::Complete: {
        const CompletionReference reference = m_arguments.completeKind == CompletionReference::Kind::Prompt
            ? CompletionReference::prompt(m_arguments.target)
            : CompletionReference::resourceTemplate(m_arguments.target);
        m_session->complete(reference, m_arguments.completeArgument, m_arguments.completeValue, m_arguments.pairMap(),
                            this, failOr([this](const CompleteResult &result) { m_printer->completion(m_server, result); }));
        return;
    }
    case CliCommand::Ping: {
        auto timer = std::make_shared<QElapsedTimer>();
        timer->start();
        m_session->ping(this, failOr([this, timer](const std::monostate &) { m_printer->pong(m_server, timer->elapsed()); }));
        return;
    }
    }
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
        const auto sameName = std::count_if(tools.value().cbegin(), tools.value().cend(),
                                            [this](const Tool &tool) { return tool.name == m_arguments.target; });
        if (sameName > 1)
            Console::error(Cli::tr("warning: the server lists %1 tools named \"%2\"; the first one's input schema is used "
                                          "here, and the server decides which one runs")
                               .arg(sameName)
                               .arg(Console::sanitizedLine(m_arguments.target)));
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
    connect(m_call, &ToolCall::finished, this, &CommandRunner::callFinished);
    // Long calls say how far they got; progress also restarts the --timeout clock.
    connect(m_call, &ToolCall::progress, this,
            [this, name = tool.name](const ProgressUpdate &update) { m_printer->progress(name, update); });
}

void CommandRunner::callFinished()
{
    if (!m_call || m_done)
        return;
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
    if (m_done)
        return;
    if (m_call) {
        // finished() arrives once the call is cancelled; callFinished() reports it.
        m_call->cancel(QStringLiteral("interrupted (Ctrl-C)"));
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
