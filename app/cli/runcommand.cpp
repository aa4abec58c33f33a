#include "app/cli/runcommand.h"
#include "app/cli/chatmodel.h"
#include "app/cli/clitext.h"

#include "core/collections/collection.h"
#include "core/collections/collectionrunner.h"
#include "core/collections/junitwriter.h"
#include "core/common/displaytext.h"
#include "core/common/error.h"
#include "app/cli/console.h"
#include "core/jsonrpc/jsonwriter.h"
#include "core/model/modelclient.h"
#include "core/workspace/serverconnection.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace Toolgate {

namespace {

Result<QJsonObject> variablesOf(const QStringList &assignments)
{
    QJsonObject values;
    for (const QString &assignment : assignments) {
        const auto parsed = Collection::parseVariable(assignment);
        if (!parsed)
            return usageError(Cli::tr("--var wants name=value, not \"%1\"").arg(assignment));
        values.insert(parsed->first, parsed->second);
    }
    return values;
}

QJsonObject reportJson(const RunReport &report)
{
    QJsonArray calls;
    for (const CallReport &call : report.calls) {
        QJsonArray expectations;
        for (const ExpectationResult &e : call.expectations)
            expectations.append(QJsonObject{{QStringLiteral("name"), e.name}, {QStringLiteral("passed"), e.passed}, {QStringLiteral("message"), e.message}});
        QJsonObject entry{{QStringLiteral("name"), call.name},
                          {QStringLiteral("server"), call.server},
                          {QStringLiteral("tool"), call.tool},
                          {QStringLiteral("arguments"), call.arguments},
                          {QStringLiteral("made"), call.made},
                          {QStringLiteral("outcome"), ToolCallOutcome::kindName(call.outcome.kind)},
                          {QStringLiteral("durationMs"), double(call.durationMs)},
                          {QStringLiteral("passed"), call.passed()},
                          {QStringLiteral("expectations"), expectations}};
        if (!call.problem().isEmpty())
            entry.insert(QStringLiteral("problem"), call.problem());
        if (call.isPrompt) {
            entry.remove(QStringLiteral("tool"));
            entry.remove(QStringLiteral("arguments"));
            entry.remove(QStringLiteral("outcome"));
            entry.remove(QStringLiteral("expectations"));
            entry.insert(QStringLiteral("prompt"), call.prompt);
            entry.insert(QStringLiteral("runs"), call.plannedRuns);
            entry.insert(QStringLiteral("passedRuns"), call.passedRuns());
            QJsonArray runs;
            for (const PromptRunReport &run : call.promptRuns) {
                QJsonArray modelCalls;
                for (const ModelCallSeen &seen : run.calls) {
                    QJsonObject modelCall{{QStringLiteral("tool"), seen.tool}, {QStringLiteral("exposed"), seen.exposed},
                                          {QStringLiteral("arguments"), seen.arguments}, {QStringLiteral("argumentsText"), seen.argumentsText}};
                    if (!seen.outcome.isEmpty())
                        modelCall.insert(QStringLiteral("outcome"), seen.outcome);
                    modelCalls.append(modelCall);
                }
                QJsonObject runJson{{QStringLiteral("passed"), run.passed}, {QStringLiteral("calls"), modelCalls},
                                    {QStringLiteral("answer"), run.answer}, {QStringLiteral("durationMs"), double(run.durationMs)}};
                if (!run.problem.isEmpty())
                    runJson.insert(QStringLiteral("problem"), run.problem);
                runs.append(runJson);
            }
            entry.insert(QStringLiteral("runReports"), runs);
        }
        calls.append(entry);
    }
    QJsonObject json{{QStringLiteral("collection"), report.collectionName},
                     {QStringLiteral("passed"), report.passed()},
                     {QStringLiteral("failedCalls"), report.failedCalls()},
                     {QStringLiteral("failedExpectations"), report.failedExpectations()},
                     {QStringLiteral("durationMs"), double(report.durationMs)},
                     {QStringLiteral("calls"), calls}};
    if (report.error)
        json.insert(QStringLiteral("error"), report.error->message);
    return json;
}

} // namespace

QString RunCommand::collectionPath(const QString &argument)
{
    if (QFileInfo::exists(argument) || argument.contains(u'/') || argument.contains(QDir::separator()))
        return argument;
    const QDir folder(Collection::defaultFolder());
    const QString named = folder.filePath(argument);
    if (QFileInfo::exists(named))
        return named;
    if (QFileInfo::exists(named + QStringLiteral(".json")))
        return named + QStringLiteral(".json");
    return argument;
}

Result<void> RunCommand::prepare(CliArguments &arguments)
{
    const auto collection = Collection::load(collectionPath(arguments.target));
    if (!collection)
        return collection.error();
    const auto overrides = variablesOf(arguments.variables);
    if (!overrides)
        return overrides.error();
    const bool serverGiven = !arguments.serverName.isEmpty() || !arguments.url.isEmpty() || !arguments.inlineServer.isEmpty();
    const QStringList servers = collection->servers();
    if (!serverGiven && servers.size() > 1) {
        return usageError(Cli::tr("the calls of this collection go to several servers (%1); toolgate-cli runs a collection "
                                  "against one server: choose it with --server NAME")
                              .arg(servers.join(QStringLiteral(", "))));
    }
    if (!serverGiven && servers.size() == 1)
        arguments.serverName = servers.first();
    const bool modelGiven = !arguments.model.isEmpty();
    if (collection->hasPrompts() && !modelGiven) {
        return usageError(Cli::tr("this collection has prompts for a model; name the model: --model NAME (from the models file), "
                                  "or --model-url URL --model-api openai|anthropic --model MODEL"));
    }
    if (!collection->hasPrompts() && (modelGiven || arguments.runs))
        return usageError(Cli::tr("--model, --runs and --send-model-calls go with a collection that has prompts; this one has none"));
    if (modelGiven) {
        if (const auto model = ChatModel::fromArguments(arguments); !model)
            return model.error();
    }
    // Every call goes to the one server this run connects to; here only the variables are checked.
    const auto resolved = collection->resolve(overrides.value(), QStringLiteral("-"));
    if (!resolved)
        return resolved.error();
    return {};
}

QString RunCommand::helpText()
{
    return Cli::tr(R"(
Collections:
  run COLLECTION [--var name=value ...] [--junit FILE]
                      run the saved calls of a collection file (docs/collections.md) in
                      order and check what each result is expected to show. COLLECTION is a
                      file, or the name of one in %1.
                      Every call goes to the one server of this run: --server NAME, a server
                      after "--", --url, else the server the calls name.
  --var name=value    a value for ${name} in the calls' arguments (repeatable); read as JSON
                      when it is valid JSON (3, true, "text"), else as text
  --junit FILE        also write the report as JUnit XML, for CI systems
  --model NAME        the model a collection's prompts go to (as chat takes it: a model of
                      the models file, or --model-url URL --model-api openai|anthropic
                      --model MODEL [--model-key-env VAR])
  --runs N            try each prompt N times (instead of its "runs")
  --send-model-calls  send the tool calls the model asks for, each decided on its own as
                      in chat (not with --yes); without it they are recorded, not sent
  Before the run, every call is shown with its exact arguments and approved once, as a
  whole (--yes approves exactly the listed calls), and so are the prompts, the model and
  whether its calls are sent. A call whose arguments differ from those shown is asked
  about on its own. Exit code 9: a call failed, an expectation did not hold or a run of a
  prompt did not pass; 11: the model could not be reached or replied unusably; 0: every
  expectation held and every run passed.
)").arg(QDir::toNativeSeparators(Collection::defaultFolder()));
}

RunCommand::RunCommand(ServerConnection *connection, CliArguments arguments, ToolCallPipeline *pipeline, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_arguments(std::move(arguments))
    , m_pipeline(pipeline)
{
}

RunCommand::~RunCommand()
{
    // The runner first: it stops what it still asks of the model while the client is there.
    m_runner.reset();
    m_model.reset();
}

void RunCommand::setModelKeys(SecretStore *secrets, AuditLog *audit)
{
    m_secrets = secrets;
    m_audit = audit;
}

void RunCommand::start()
{
    const auto collection = Collection::load(collectionPath(m_arguments.target));
    if (!collection) {
        Console::error(collection.error().message);
        done(ExitCode::Config);
        return;
    }
    const auto overrides = variablesOf(m_arguments.variables);
    const QString server = m_connection->identity().name;
    auto calls = overrides ? collection->resolve(overrides.value(), server) : Result<QList<ResolvedCall>>(overrides.error());
    if (!calls) {
        Console::error(calls.error().message);
        done(exitCodeFor(calls.error()));
        return;
    }
    if (m_arguments.runs) {
        for (ResolvedCall &call : calls.value()) {
            if (call.isPrompt())
                call.runs = *m_arguments.runs;
        }
    }
    const QString name = collection->name.isEmpty() ? QFileInfo(m_arguments.target).completeBaseName() : collection->name;
    if (m_arguments.model.isEmpty() || !m_secrets) {
        startRun(name, calls.value());
        return;
    }
    ChatModel::withKey(m_arguments, *m_secrets, m_audit, this, [this, name, resolved = calls.value()](const Result<ModelConfig> &config) {
        if (m_done)
            return;
        if (!config) {
            Console::error(config.error().message);
            done(exitCodeFor(config.error()) == ExitCode::Usage ? ExitCode::Usage : ExitCode::Config);
            return;
        }
        m_model = ModelClient::create(config.value());
        startRun(name, resolved);
    });
}

void RunCommand::startRun(const QString &name, const QList<ResolvedCall> &calls)
{
    const QString server = m_connection->identity().name;
    QPointer<ServerConnection> connection = m_connection;
    m_runner = std::make_unique<CollectionRunner>(
        m_pipeline, [connection, server](const QString &name) -> Result<CallTarget *> {
            if (connection && name == server)
                return connection.data();
            // One server per run here: a call for another one cannot go, and says how to make it.
            return makeError(ErrorCode::NotConnected, QCoreApplication::translate("Toolgate::RunCommand", "this call is for the server \"%1\", but this run is connected to \"%2\" only; run the collection again with --server %1")
                                                          .arg(name, server));
        },
        CallInitiator::Cli);
    connect(m_runner.get(), &CollectionRunner::callStarted, this, [this](int index) {
        const CallReport &call = m_runner->report().calls.at(index);
        Console::err(Cli::tr("Running %1/%2: %3 (%4)...\n")
                         .arg(index + 1)
                         .arg(m_runner->report().calls.size())
                         .arg(Console::sanitizedLine(call.name), call.isPrompt ? Cli::tr("a prompt, %n run(s)", nullptr, call.plannedRuns)
                                                                               : Console::toolName(call.tool)));
    });
    connect(m_runner.get(), &CollectionRunner::callFinished, this, &RunCommand::printCall);
    connect(m_runner.get(), &CollectionRunner::promptRunFinished, this, [this](int index, int run) {
        const CallReport &call = m_runner->report().calls.at(index);
        Console::err(Cli::tr("  run %1/%2: %3\n").arg(run + 1).arg(call.plannedRuns).arg(call.promptRuns.at(run).passed ? Cli::tr("passed") : Cli::tr("FAILED")));
    });
    connect(m_runner.get(), &CollectionRunner::finished, this, &RunCommand::runFinished);
    if (m_model)
        m_runner->setModel(m_model.get(), m_arguments.sendModelCalls);
    m_runner->start(name, calls);
}

void RunCommand::interrupt()
{
    m_interrupted = true;
    if (m_runner && m_runner->isRunning())
        m_runner->cancel();
    else
        done(ExitCode::Interrupted);
}

void RunCommand::printCall(int index)
{
    if (m_arguments.json)
        return;
    const CallReport &call = m_runner->report().calls.at(index);
    if (call.isPrompt) {
        printPrompt(call);
        return;
    }
    QString text = (call.passed() ? Cli::tr("  ok      ") : Cli::tr("  FAILED  "))
        + Cli::tr("%1 (%2 on %3, %4)\n").arg(Console::sanitizedLine(call.name), Console::toolName(call.tool), Console::sanitizedLine(call.server), DisplayText::duration(call.durationMs));
    if (!call.problem().isEmpty())
        text += QStringLiteral("          ") + Console::sanitizedLine(call.problem()) + u'\n';
    for (const ExpectationResult &e : call.expectations) {
        if (!call.answered())
            break; // the problem above says why none of them could hold
        text += (e.passed ? Cli::tr("          passed: ") : Cli::tr("          FAILED: ")) + Console::sanitizedLine(e.name) + u'\n';
        if (!e.passed)
            text += QStringLiteral("            ") + Console::sanitizedLine(e.message) + u'\n';
    }
    Console::out(text);
}

void RunCommand::printPrompt(const CallReport &call)
{
    QString text = (call.passed() ? Cli::tr("  ok      ") : Cli::tr("  FAILED  "))
        + Cli::tr("%1 (a prompt on %2: %3 of %4 runs passed, %5)\n")
              .arg(Console::sanitizedLine(call.name), Console::sanitizedLine(call.server))
              .arg(call.passedRuns())
              .arg(call.plannedRuns)
              .arg(DisplayText::duration(call.durationMs));
    if (!call.problem().isEmpty())
        text += QStringLiteral("          ") + Console::sanitizedLine(call.problem()) + u'\n';
    for (qsizetype i = 0; i < call.promptRuns.size(); ++i) {
        const PromptRunReport &run = call.promptRuns.at(i);
        if (!run.passed)
            text += Cli::tr("          run %1 FAILED: ").arg(i + 1) + Console::sanitizedLine(run.problem) + u'\n';
    }
    Console::out(text);
}

void RunCommand::runFinished()
{
    const RunReport &report = m_runner->report();
    ExitCode code = report.passed() ? ExitCode::Success : ExitCode::ExpectationFailed;
    // The model not answering is not its choice of calls: a run that could not judge it says so.
    if (report.modelFailed())
        code = ExitCode::ModelFailed;
    if (report.error)
        code = exitCodeFor(report.error.value());
    if (m_interrupted)
        code = ExitCode::Interrupted;
    if (!m_arguments.junitPath.isEmpty()) {
        if (const Result<void> written = JUnitWriter::write(report, m_arguments.junitPath); !written) {
            Console::error(Cli::tr("the JUnit report was not written: %1").arg(written.error().message));
            if (code == ExitCode::Success)
                code = ExitCode::Config;
        }
    }
    if (m_arguments.json) {
        Console::outJson(QJsonDocument(reportJson(report)).toJson(QJsonDocument::Indented));
    } else if (report.error) {
        Console::error(report.error->message);
    } else {
        const int failed = report.failedCalls();
        Console::out(failed == 0
                         ? Cli::tr("Collection \"%1\" passed: every call answered and every expectation held (calls: %2, %3).\n")
                               .arg(Console::sanitizedLine(report.collectionName))
                               .arg(report.calls.size())
                               .arg(DisplayText::duration(report.durationMs))
                         : Cli::tr("Collection \"%1\" FAILED: calls failed: %2 of %3; expectations that did not hold: %4 (%5).\n")
                               .arg(Console::sanitizedLine(report.collectionName))
                               .arg(failed)
                               .arg(report.calls.size())
                               .arg(report.failedExpectations())
                               .arg(DisplayText::duration(report.durationMs)));
    }
    done(code);
}

void RunCommand::done(ExitCode code)
{
    if (m_done)
        return;
    m_done = true;
    emit finished(int(code));
}

} // namespace Toolgate

#include "moc_runcommand.cpp"
