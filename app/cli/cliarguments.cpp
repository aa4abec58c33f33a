#include "app/cli/cliarguments.h"

#include <algorithm>

#include "app/cli/chatcommand.h"
#include "app/cli/runcommand.h"
#include "app/cli/terminalservertrust.h"

#include "app/cli/clitext.h"
#include "app/cli/exitcode.h"
#include "app/cli/interfacecommands.h"
#include "core/collections/collection.h"
#include "core/workspace/serverconfigfile.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

namespace Toolgate {

namespace {

struct CommandInfo
{
    const char *name;
    CliCommand command;
};

constexpr CommandInfo commands[] = {
    {"servers", CliCommand::Servers},     {"info", CliCommand::Info},         {"tools", CliCommand::Tools},
    {"call", CliCommand::Call},           {"resources", CliCommand::Resources}, {"read", CliCommand::Read},
    {"templates", CliCommand::Templates}, {"prompts", CliCommand::Prompts},   {"prompt", CliCommand::Prompt},
    {"skills", CliCommand::Skills},       {"skill", CliCommand::Skill},
    {"complete", CliCommand::Complete},   {"ping", CliCommand::Ping},         {"task", CliCommand::Task},
    {"run", CliCommand::Run},
    {"snapshot", CliCommand::Snapshot},   {"diff", CliCommand::Diff},
    {"chat", CliCommand::Chat},           {"doctor", CliCommand::Doctor},
};

std::optional<CliCommand> commandNamed(const QString &name)
{
    for (const CommandInfo &info : commands) {
        if (name == QLatin1String(info.name))
            return info.command;
    }
    return std::nullopt;
}

QString commandNames()
{
    QStringList names;
    for (const CommandInfo &info : commands)
        names.append(QLatin1String(info.name));
    return names.join(QStringLiteral(", "));
}

Result<QJsonObject> parseJsonObject(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(utf8, &error);
    if (error.error != QJsonParseError::NoError) {
        const int column = int(QString::fromUtf8(utf8.left(error.offset)).size()) + 1;
        return usageError(Cli::tr("the tool arguments are not valid JSON (at character %1: %2): %3")
                              .arg(column).arg(error.errorString(), text));
    }
    if (!document.isObject())
        return usageError(Cli::tr("the tool arguments must be a JSON object like {\"key\": 1}: %1").arg(text));
    return document.object();
}

Result<void> checkPairs(const QStringList &pairs, const QString &what)
{
    for (const QString &pair : pairs) {
        const qsizetype equals = pair.indexOf(u'=');
        if (equals <= 0) {
            return usageError(Cli::tr("expected %1 as key=value, not \"%2\"%3")
                                  .arg(what, pair,
                                       pair.startsWith(u'{') ? Cli::tr(" (a JSON object may only come first)") : QString()));
        }
    }
    return {};
}

Result<void> expectCount(const QString &command, const QStringList &positional, qsizetype count, const QString &synopsis)
{
    if (positional.size() < count)
        return usageError(Cli::tr("%1 needs more arguments: %2").arg(command, synopsis));
    if (positional.size() > count)
        return usageError(Cli::tr("%1 takes no more arguments than %2; unexpected \"%3\"")
                              .arg(command, synopsis, positional.at(count)));
    return {};
}

// The model given on the command line, for chat and run: a file's model by name, or one given in full.
Result<void> checkModelOptions(const CliArguments &parsed)
{
    if (!parsed.modelUrl.isEmpty() && parsed.modelApi.isEmpty())
        return usageError(Cli::tr("--model-url needs --model-api openai or --model-api anthropic"));
    if (parsed.modelUrl.isEmpty() && (!parsed.modelApi.isEmpty() || !parsed.modelKeyEnv.isEmpty()))
        return usageError(Cli::tr("--model-api and --model-key-env go with --model-url; a model from the models file has its own"));
    return {};
}

} // namespace

Result<CliArguments> CliArguments::parse(const QStringList &arguments)
{
    CliArguments parsed;
    QStringList positional;
    std::optional<QString> argsOption;
    bool seenConfig = false;

    qsizetype i = 0;
    for (; i < arguments.size(); ++i) {
        const QString &token = arguments.at(i);
        if (token == QLatin1String("--")) {
            parsed.inlineServer = arguments.mid(i + 1);
            if (parsed.inlineServer.isEmpty())
                return usageError(Cli::tr("nothing follows \"--\"; give the server command to start after it"));
            break;
        }
        if (!token.startsWith(u'-') || token == QLatin1String("-")) {
            positional.append(token);
            continue;
        }
        QString name = token;
        std::optional<QString> inlineValue;
        if (token.startsWith(QLatin1String("--"))) {
            const qsizetype equals = token.indexOf(u'=');
            if (equals > 0) {
                name = token.left(equals);
                inlineValue = token.mid(equals + 1);
            }
        }
        const auto value = [&]() -> Result<QString> {
            if (inlineValue)
                return *inlineValue;
            if (i + 1 >= arguments.size() || arguments.at(i + 1) == QLatin1String("--"))
                return usageError(Cli::tr("%1 needs a value").arg(name));
            return arguments.at(++i);
        };
        const auto flag = [&](bool &target) -> Result<void> {
            if (inlineValue)
                return usageError(Cli::tr("%1 takes no value").arg(name));
            target = true;
            return {};
        };

        Result<void> ok;
        if (name == QLatin1String("--help") || name == QLatin1String("-h")) {
            ok = flag(parsed.help);
        } else if (name == QLatin1String("--version")) {
            ok = flag(parsed.version);
        } else if (name == QLatin1String("--yes") || name == QLatin1String("-y")) {
            ok = flag(parsed.yes);
        } else if (name == QLatin1String("--json")) {
            ok = flag(parsed.json);
        } else if (name == QLatin1String("--verbose")) {
            ok = flag(parsed.verbose);
        } else if (name == QLatin1String("--task")) {
            ok = flag(parsed.runAsTask);
        } else if (name == QLatin1String("--no-wait")) {
            ok = flag(parsed.noWait);
        } else if (name == QLatin1String("--no-sandbox")) {
            ok = flag(parsed.noSandbox);
        } else if (name == QLatin1String("--send-model-calls")) {
            ok = flag(parsed.sendModelCalls);
        } else if (name == QLatin1String("--config") || name == QLatin1String("--server")
                   || name == QLatin1String("--save-dir") || name == QLatin1String("--timeout")
                   || name == QLatin1String("--args") || name == QLatin1String("--json-args")
                   || name == QLatin1String("--url") || name == QLatin1String("--header") || name == QLatin1String("--era")
                   || name == QLatin1String("--root") || name == QLatin1String("--trust-fingerprint")
                   || name == QLatin1String("--sampling-model")
                   || name == QLatin1String("--var") || name == QLatin1String("--junit")
                   || name == QLatin1String("--output") || name == QLatin1String("-o")
                   || name == QLatin1String("--against-server") || name == QLatin1String("--model")
                   || name == QLatin1String("--model-url") || name == QLatin1String("--model-api")
                   || name == QLatin1String("--model-key-env") || name == QLatin1String("--tool")
                   || name == QLatin1String("--skill")
                   || name == QLatin1String("--max-rounds") || name == QLatin1String("--grant")
                   || name == QLatin1String("--network") || name == QLatin1String("--runs")) {
            const auto v = value();
            if (!v)
                return v.error();
            if (name == QLatin1String("--config")) {
                parsed.configPath = v.value();
                seenConfig = true;
            } else if (name == QLatin1String("--server")) {
                parsed.serverName = v.value();
            } else if (name == QLatin1String("--against-server")) {
                parsed.againstServer = v.value();
            } else if (name == QLatin1String("--model")) {
                parsed.model = v.value();
            } else if (name == QLatin1String("--model-url")) {
                parsed.modelUrl = v.value();
            } else if (name == QLatin1String("--model-api")) {
                if (v.value() != QLatin1String("openai") && v.value() != QLatin1String("anthropic"))
                    return usageError(Cli::tr("--model-api wants openai or anthropic, not \"%1\"").arg(v.value()));
                parsed.modelApi = v.value();
            } else if (name == QLatin1String("--model-key-env")) {
                parsed.modelKeyEnv = v.value();
            } else if (name == QLatin1String("--tool")) {
                parsed.exposedTools.append(v.value());
            } else if (name == QLatin1String("--skill")) {
                parsed.skill = v.value();
            } else if (name == QLatin1String("--max-rounds")) {
                bool isNumber = false;
                const int rounds = v.value().toInt(&isNumber);
                if (!isNumber || rounds < 1 || rounds > 1000)
                    return usageError(Cli::tr("--max-rounds wants a whole number from 1 to 1000, not \"%1\"").arg(v.value()));
                parsed.maxRounds = rounds;
            } else if (name == QLatin1String("--runs")) {
                bool isNumber = false;
                const int runs = v.value().toInt(&isNumber);
                if (!isNumber || runs < 1 || runs > Collection::maxRuns)
                    return usageError(Cli::tr("--runs wants a whole number from 1 to %1, not \"%2\"").arg(Collection::maxRuns).arg(v.value()));
                parsed.runs = runs;
            } else if (name == QLatin1String("--url")) {
                parsed.url = v.value();
            } else if (name == QLatin1String("--header")) {
                parsed.headers.append(v.value());
            } else if (name == QLatin1String("--era")) {
                parsed.era = ServerConfig::eraPreferenceFromName(v.value());
                if (!parsed.era)
                    return usageError(Cli::tr("--era wants legacy, modern or auto, not \"%1\"").arg(v.value()));
            } else if (name == QLatin1String("--var")) {
                parsed.variables.append(v.value());
            } else if (name == QLatin1String("--junit")) {
                parsed.junitPath = v.value();
            } else if (name == QLatin1String("--output") || name == QLatin1String("-o")) {
                parsed.outputPath = v.value();
            } else if (name == QLatin1String("--save-dir")) {
                parsed.saveDir = v.value();
            } else if (name == QLatin1String("--trust-fingerprint")) {
                if (!TerminalServerTrust::isFingerprint(v.value()))
                    return usageError(Cli::tr("--trust-fingerprint wants the 64 hex digits toolgate-cli shows for a server, not \"%1\"").arg(v.value()));
                parsed.trustFingerprints.append(v.value().toLower());
            } else if (name == QLatin1String("--grant")) {
                const QString folder = SandboxProfile::parseGrant(v.value()).path;
                if (!QFileInfo(folder).isDir())
                    return usageError(Cli::tr("--grant wants an existing folder, optionally followed by \":rw\", not \"%1\"").arg(v.value()));
                parsed.grants.append(v.value());
            } else if (name == QLatin1String("--network")) {
                // "on", "off", or the only hosts it may reach (through Toolgate's proxy): "host:port,*.example.com".
                const QString value = v.value().trimmed();
                if (value != QLatin1String("on") && value != QLatin1String("off")) {
                    const QStringList hosts = value.split(u',');
                    const bool readable = std::all_of(hosts.cbegin(), hosts.cend(), [](const QString &host) {
                        const QString h = host.trimmed();
                        return !h.isEmpty() && !h.contains(u'/') && !h.contains(u' ') && !h.contains(u'@');
                    });
                    if (!readable)
                        return usageError(Cli::tr("--network wants \"on\", \"off\" or hosts separated by commas (\"api.example.com:443,*.example.org\"), not \"%1\"").arg(v.value()));
                }
                parsed.network = value;
            } else if (name == QLatin1String("--sampling-model")) {
                parsed.samplingModel = v.value();
            } else if (name == QLatin1String("--root")) {
                if (!QFileInfo(v.value()).isDir())
                    return usageError(Cli::tr("--root wants an existing folder, not \"%1\"").arg(v.value()));
                parsed.roots.append(v.value());
            } else if (name == QLatin1String("--timeout")) {
                bool isNumber = false;
                const double seconds = v.value().toDouble(&isNumber);
                if (!isNumber || !(seconds > 0) || seconds > 24 * 3600)
                    return usageError(Cli::tr("--timeout wants a number of seconds above 0, not \"%1\"").arg(v.value()));
                parsed.timeout = std::chrono::milliseconds(qint64(seconds * 1000));
            } else {
                if (argsOption)
                    return usageError(Cli::tr("give the tool arguments as JSON only once"));
                argsOption = v.value();
            }
        } else {
            return usageError(Cli::tr("unknown option %1 (see --help)").arg(name));
        }
        if (!ok)
            return ok.error();
    }

    if (parsed.help || parsed.version)
        return parsed;

    if (positional.isEmpty())
        return usageError(Cli::tr("no command given; commands: %1 (see --help)").arg(commandNames()));
    const QString commandName = positional.takeFirst();
    const auto command = commandNamed(commandName);
    if (!command)
        return usageError(Cli::tr("unknown command \"%1\"; commands: %2").arg(commandName, commandNames()));
    parsed.command = *command;

    if (argsOption && parsed.command != CliCommand::Call)
        return usageError(Cli::tr("--args only goes with call"));
    if (parsed.runAsTask && parsed.command != CliCommand::Call)
        return usageError(Cli::tr("--task only goes with call"));
    if (parsed.noWait && parsed.command != CliCommand::Call)
        return usageError(Cli::tr("--no-wait only goes with call"));
    if ((!parsed.variables.isEmpty() || !parsed.junitPath.isEmpty()) && parsed.command != CliCommand::Run)
        return usageError(Cli::tr("--var and --junit only go with run"));
    if (!parsed.outputPath.isEmpty() && parsed.command != CliCommand::Snapshot)
        return usageError(Cli::tr("--output only goes with snapshot"));
    if (!parsed.againstServer.isEmpty() && parsed.command != CliCommand::Diff)
        return usageError(Cli::tr("--against-server only goes with diff"));
    const bool modelOptions = !parsed.model.isEmpty() || !parsed.modelUrl.isEmpty() || !parsed.modelApi.isEmpty()
        || !parsed.modelKeyEnv.isEmpty();
    if (modelOptions && parsed.command != CliCommand::Chat && parsed.command != CliCommand::Run)
        return usageError(Cli::tr("--model, --model-url, --model-api and --model-key-env only go with chat and run"));
    if ((!parsed.exposedTools.isEmpty() || parsed.maxRounds || !parsed.skill.isEmpty()) && parsed.command != CliCommand::Chat)
        return usageError(Cli::tr("--tool, --max-rounds and --skill only go with chat"));
    if ((parsed.runs || parsed.sendModelCalls) && parsed.command != CliCommand::Run)
        return usageError(Cli::tr("--runs and --send-model-calls only go with run"));
    // Not waiting makes sense only for a task: a tool that may run as one is asked to.
    if (parsed.noWait)
        parsed.runAsTask = true;
    if (!parsed.inlineServer.isEmpty() && !parsed.serverName.isEmpty())
        return usageError(Cli::tr("--server picks a server from the servers file; it cannot be combined with a server command after \"--\""));
    if (!parsed.inlineServer.isEmpty() && seenConfig)
        return usageError(Cli::tr("--config cannot be combined with a server command after \"--\""));
    if (!parsed.url.isEmpty() && (!parsed.inlineServer.isEmpty() || !parsed.serverName.isEmpty() || seenConfig))
        return usageError(Cli::tr("--url names the server itself; it cannot be combined with --server, --config or a command after \"--\""));
    if (parsed.noSandbox && (!parsed.grants.isEmpty() || !parsed.network.isEmpty()))
        return usageError(Cli::tr("--no-sandbox runs the server without a sandbox; --grant and --network do not apply"));
    if (!parsed.url.isEmpty() && (parsed.noSandbox || !parsed.grants.isEmpty() || !parsed.network.isEmpty()))
        return usageError(Cli::tr("--grant, --network and --no-sandbox apply to local servers, not to --url"));
    if (!parsed.headers.isEmpty() && parsed.url.isEmpty())
        return usageError(Cli::tr("--header only goes with --url"));
    if (parsed.era && parsed.url.isEmpty() && parsed.inlineServer.isEmpty())
        return usageError(Cli::tr("--era goes with a server given with --url or after \"--\"; a server of the servers "
                                  "file takes its era from its \"protocolEra\" there"));
    if (parsed.command == CliCommand::Servers && !parsed.serverName.isEmpty())
        return usageError(Cli::tr("servers lists every configured server; --server does not apply"));

    switch (parsed.command) {
    case CliCommand::Servers:
    case CliCommand::Info:
    case CliCommand::Tools:
    case CliCommand::Resources:
    case CliCommand::Templates:
    case CliCommand::Prompts:
    case CliCommand::Skills:
    case CliCommand::Ping:
    case CliCommand::Snapshot:
    case CliCommand::Doctor:
        if (!positional.isEmpty())
            return usageError(Cli::tr("%1 takes no arguments; unexpected \"%2\"").arg(commandName, positional.first()));
        break;
    case CliCommand::Diff: {
        if (!parsed.againstServer.isEmpty()) {
            // Two servers of the servers file; a server typed after "--" or a URL has no name to pair with.
            if (!positional.isEmpty())
                return usageError(Cli::tr("diff --against-server NAME compares two servers and takes no snapshot file; "
                                          "unexpected \"%1\"").arg(positional.first()));
            if (!parsed.url.isEmpty() || !parsed.inlineServer.isEmpty())
                return usageError(Cli::tr("diff --against-server compares two servers of the servers file: "
                                          "name the first with --server, not with --url or after \"--\""));
            break;
        }
        if (positional.isEmpty() || positional.size() > 2)
            return usageError(Cli::tr("diff needs one snapshot file (compared with the server) or two (compared with each other): "
                                      "diff FILE, or diff FILE1 FILE2"));
        if (positional.size() == 2 && (!parsed.serverName.isEmpty() || !parsed.url.isEmpty() || !parsed.inlineServer.isEmpty()))
            return usageError(Cli::tr("diff FILE1 FILE2 compares two snapshot files and connects to no server; give one file to compare with a server"));
        parsed.snapshotFiles = positional;
        break;
    }
    case CliCommand::Chat: {
        // A model's calls are each decided on their own: a standing yes would let a model run anything.
        if (parsed.yes)
            return usageError(Cli::tr("--yes does not go with chat: a model's tool calls are never approved wholesale. At a "
                                      "terminal you decide each one; without one, only calls that a rule (rules.json) allows run"));
        if (parsed.model.isEmpty())
            return usageError(Cli::tr("chat needs a model: --model NAME (from the models file), or --model-url URL --model-api "
                                      "openai|anthropic --model MODEL"));
        if (const auto checked = checkModelOptions(parsed); !checked)
            return checked.error();
        if (positional.size() > 1)
            return usageError(Cli::tr("chat takes one question; put it in quotes: chat --model NAME \"%1 ...\"").arg(positional.first()));
        if (!positional.isEmpty()) {
            if (positional.first().trimmed().isEmpty())
                return usageError(Cli::tr("the question is empty"));
            parsed.target = positional.first();
        }
        break;
    }
    case CliCommand::Read: {
        const auto counted = expectCount(commandName, positional, 1, Cli::tr("read URI"));
        if (!counted)
            return counted.error();
        parsed.target = positional.first();
        break;
    }
    case CliCommand::Skill: {
        const auto counted = expectCount(commandName, positional, 1, Cli::tr("skill NAME"));
        if (!counted)
            return counted.error();
        parsed.target = positional.first();
        break;
    }
    case CliCommand::Call: {
        if (positional.isEmpty())
            return usageError(Cli::tr("call needs a tool name: call TOOL [key=value ...]"));
        parsed.target = positional.takeFirst();
        if (!positional.isEmpty() && positional.first().startsWith(u'{')) {
            if (argsOption)
                return usageError(Cli::tr("give the tool arguments as JSON only once (positional or --args)"));
            argsOption = positional.takeFirst();
        }
        if (argsOption) {
            auto object = parseJsonObject(*argsOption);
            if (!object)
                return object.error();
            parsed.jsonArguments = object.value();
            parsed.jsonArgumentOrder = JsonKeyOrder::fromJson(argsOption->toUtf8());
        }
        const auto pairsOk = checkPairs(positional, Cli::tr("tool arguments"));
        if (!pairsOk)
            return pairsOk.error();
        parsed.pairs = positional;
        break;
    }
    case CliCommand::Prompt: {
        if (positional.isEmpty())
            return usageError(Cli::tr("prompt needs a prompt name: prompt NAME [key=value ...]"));
        parsed.target = positional.takeFirst();
        const auto pairsOk = checkPairs(positional, Cli::tr("prompt arguments"));
        if (!pairsOk)
            return pairsOk.error();
        parsed.pairs = positional;
        break;
    }
    case CliCommand::Run: {
        const auto counted = expectCount(commandName, positional, 1, Cli::tr("run COLLECTION"));
        if (!counted)
            return counted.error();
        parsed.target = positional.first();
        if (modelOptions) {
            if (parsed.model.isEmpty())
                return usageError(Cli::tr("--model-url, --model-api and --model-key-env need --model MODEL, the model's name"));
            if (const auto checked = checkModelOptions(parsed); !checked)
                return checked.error();
        }
        // A model's calls are each decided on their own: a standing yes would let a model run anything.
        if (parsed.sendModelCalls && parsed.yes) {
            return usageError(Cli::tr("--yes does not go with --send-model-calls: a model's tool calls are never approved wholesale. "
                                      "At a terminal you approve the run and decide each call the model asks for"));
        }
        if (parsed.sendModelCalls && !modelOptions)
            return usageError(Cli::tr("--send-model-calls needs a model for the collection's prompts: --model NAME"));
        break;
    }
    case CliCommand::Task: {
        const QString synopsis = Cli::tr("task list, task get ID, task result ID or task cancel ID");
        if (positional.isEmpty())
            return usageError(Cli::tr("task needs what to do: %1").arg(synopsis));
        const QString action = positional.takeFirst();
        if (action == QLatin1String("list")) {
            parsed.taskAction = TaskAction::List;
            if (!positional.isEmpty())
                return usageError(Cli::tr("task list takes no arguments; unexpected \"%1\"").arg(positional.first()));
            break;
        }
        if (action == QLatin1String("get"))
            parsed.taskAction = TaskAction::Get;
        else if (action == QLatin1String("result"))
            parsed.taskAction = TaskAction::Result;
        else if (action == QLatin1String("cancel"))
            parsed.taskAction = TaskAction::Cancel;
        else
            return usageError(Cli::tr("task does not know \"%1\": %2").arg(action, synopsis));
        const auto counted = expectCount(QStringLiteral("task ") + action, positional, 1,
                                         QStringLiteral("task %1 ID").arg(action));
        if (!counted)
            return counted.error();
        parsed.taskId = positional.first();
        if (parsed.taskId.isEmpty())
            return usageError(Cli::tr("the task id is empty"));
        break;
    }
    case CliCommand::Complete: {
        const QString synopsis = Cli::tr("complete prompt NAME ARG VALUE, or complete template URI ARG VALUE");
        if (positional.size() < 4)
            return usageError(Cli::tr("complete needs more arguments: %1").arg(synopsis));
        const QString kind = positional.takeFirst();
        if (kind == QLatin1String("prompt"))
            parsed.completeKind = CompletionReference::Kind::Prompt;
        else if (kind == QLatin1String("template") || kind == QLatin1String("resource"))
            parsed.completeKind = CompletionReference::Kind::ResourceTemplate;
        else
            return usageError(Cli::tr("complete completes a \"prompt\" or a \"template\", not \"%1\": %2").arg(kind, synopsis));
        parsed.target = positional.takeFirst();
        parsed.completeArgument = positional.takeFirst();
        parsed.completeValue = positional.takeFirst();
        // Anything further is context: the values of the other arguments, as key=value.
        const auto pairsOk = checkPairs(positional, Cli::tr("context arguments"));
        if (!pairsOk)
            return pairsOk.error();
        parsed.pairs = positional;
        break;
    }
    }
    return parsed;
}

QMap<QString, QString> CliArguments::pairMap() const
{
    QMap<QString, QString> map;
    for (const QString &pair : pairs) {
        const qsizetype equals = pair.indexOf(u'=');
        map.insert(pair.left(equals), pair.mid(equals + 1));
    }
    return map;
}

QString CliArguments::helpText()
{
    return Cli::tr(R"(Usage: toolgate-cli [options] <command> [command arguments]
       toolgate-cli [options] <command> [command arguments] -- <server command> [server arguments...]

Talks to one MCP server: the server given after "--" (started directly, nothing configured),
else the one named with --server in the servers file, else the only enabled one there.
Without a servers file the bundled demo server is used. A server given after "--" inherits
the whole environment; configured servers see only PATH, HOME and a few other basics plus
the "env" of their entry.

Commands:
  servers                           list the configured servers (does not connect)
  info                              server name and version, protocol revision, capabilities,
                                    instructions
  tools                             list the tools
  call TOOL [key=value ...]         call a tool once you approve it (see Tool arguments)
  call TOOL '{"key": ...}' [key=value ...]
  call TOOL --args '{"key": ...}' [key=value ...]
  resources                         list the resources
  read URI                          read a resource
  templates                         list the resource templates
  prompts                           list the prompts
  prompt NAME [key=value ...]       render a prompt with its arguments
  skills                            list the server's skills (name, description, size, digest);
                                    no skill file is fetched
  skill NAME                        fetch a skill's SKILL.md (NAME, or its skill:// URI), verify
                                    it against the listing (size, digest, frontmatter) and print
                                    it; a skill that fails is not printed (exit code 5)
  complete prompt NAME ARG VALUE [key=value ...]
  complete template URI ARG VALUE [key=value ...]
                                    suggest values for a prompt argument or a template
                                    variable; key=value gives the other arguments as context
  ping                              check that the server answers
  doctor                            find out why a server does not connect: its program and
                                    PATH, its first output and how it ended, or for --url the
                                    connection, the endpoint's answer and its sign-in
  task list                         list the server's tasks (servers of the 2025-11-25 era)
  task get ID                       show a task's status
  task result ID                    wait for a task to end and print its result, as call does
  task cancel ID                    cancel a task at the server
  chat --model NAME ["QUESTION"]    talk with a language model that may call the server's tools,
                                    each call decided by you (see Chat with a model)

Tool arguments:
  key=value       The value takes the type the tool's input schema gives that key: a=2 sends
                  the number 2 when "a" is a number, the string "2" when it is a string;
                  booleans accept true/false, yes/no, 1/0; arrays and objects are JSON.
  key:=JSON       The value is raw JSON, sent without conversion (key:='"007"').
  a.b=value       Sets property b of the object argument a.
  JSON object     Given as the first argument after TOOL, or with --args (alias --json-args),
                  it is sent as written. key=value pairs after it add or replace top-level keys.
  Arguments that do not match the tool's input schema are refused before anything is sent.
  Note: --json selects JSON output; it never takes the arguments.

Options:
  --config FILE       servers file (default: %1)
                      Reads the "mcpServers" format (Claude Desktop, Cursor) and VS Code's
                      "servers" format.
  --server NAME       the configured server to use (needed when several are enabled)
  --url URL           a remote (HTTP) server instead of a configured one: Streamable HTTP,
                      falling back to the older HTTP+SSE transport
  --header "N: V"     an HTTP header for the --url server (repeatable)
  --era legacy|modern|auto
                      the protocol era of a server given with --url or after "--":
                      legacy opens with initialize (2025-11-25 and before), modern with
                      server/discover (2026-07-28); auto, the default, opens with
                      initialize and turns modern when the server refuses it. A server
                      of the servers file has its "protocolEra" there
  --yes, -y           approve every tool call without asking (not with chat: a model's
                      calls are never approved wholesale)
  --json              machine-readable output: one JSON document per command on stdout
  --timeout SECONDS   tool call inactivity timeout (default 60; progress from the server
                      restarts it); given, it also bounds a task: one with no news for
                      that long is cancelled at the server
  --root DIR          a folder the server may know about when it asks for the client's
                      roots (repeatable; none are shared without it)
  --sampling-model NAME
                      a model of the models file that may write the reply when a server
                      asks for one (sampling); at a terminal only, each step approved
  --grant DIR[:rw]    let a local server's sandbox see DIR, read-only, or with ":rw" to
                      write in it too (repeatable; adds to the servers file's grants)
  --network on|off|HOST,...
                      whether a local server's sandbox may use the network (this
                      computer included), or only the listed hosts ("host:port" or
                      "*.example.com"), through Toolgate's proxy; default: as the
                      servers file says, else on
  --no-sandbox        run a local server with your full rights, without a sandbox
                      (recorded in the audit log). Local servers run in a sandbox by
                      default: the system read-only, your home folder hidden except
                      the grants, never Toolgate's own files or your keys
  --task              call: ask the tool to run as a task, when it may (tools that require
                      it always do)
  --no-wait           call: once the server answers with a task, print its id and exit,
                      leaving the task running at the server
  --verbose           copy the server's stderr, its log messages and protocol problems to stderr
  --save-dir DIR      write images, audio and binary resource contents to files in DIR
  --version           print the version
  --help, -h          print this help

Approval:
  Before every tool call, stderr shows the server (name and command or URL), the tool (title,
  name, description), its annotations (the server's own, unverified claims), any problems
  with the arguments, and the exact JSON arguments. The answer is read from stdin:
    y  allow this call once
    n  deny it (you may then give a reason)
    s  show the tool's input schema, then ask again
  End of input, or no input at all, denies the call ("no answer"). Ctrl-C (or SIGTERM)
  cancels a call that is waiting or running (the server is told) and exits with 130.

When the server asks:
  A server may ask for information (elicitation: a form, asked field by field with its
  defaults offered, or a link to open in your browser, opened only if you agree) or for a
  model reply (sampling: you read the conversation and write the reply, or ask for one of
  the tools it offers, or decline). With --sampling-model NAME a model of the models file
  may write it instead: you see what goes to the model and approve sending it, then see
  its reply and approve returning it. With --yes, or when input ends, such questions are
  declined and the server is told why; nothing is ever answered for you. Roots are the
  folders given with --root.

Tasks:
  A server may run a call as a task: it answers at once with a task id and works on.
  call then shows the task's status on stderr while it runs (one updating line on a
  terminal, a line per change otherwise), and prints the result as for any call. Ctrl-C
  cancels the task at the server (tasks/cancel). With --no-wait it prints the task id
  instead; look at the task later with "task get ID" and "task result ID", given the same
  server. A server that toolgate-cli starts itself stops when the run ends, and its tasks
  with it: --no-wait and the task commands are for servers that keep running (--url).

Output:
  Text is printed as is; images, audio and binary data are summarised, and saved with
  --save-dir. Progress the server reports for a running call goes to stderr, one line
  per report: TOOL: progress N/TOTAL (message). Errors go to stderr as
  "toolgate-cli: <message>".

Exit codes:
  0    success
  1    the tool reported an error (isError)
  2    usage error
  3    configuration error
  4    could not connect, or the server failed
  5    a request failed (protocol error, timeout, error from the server)
  6    the call was denied
  7    invalid tool arguments
  8    audit verify: the audit log was changed after it was written
  9    run: a call got no result, an expectation did not hold, or a run of a prompt did not pass
  10   diff: the two interfaces differ
  11   chat, run: the model could not be reached, refused the request or sent an unusable reply
  12   chat: the model still asked for tools after --max-rounds replies
  130  interrupted (Ctrl-C or SIGTERM)
)").arg(QDir::toNativeSeparators(ServerConfigFile::defaultPath())) + RunCommand::helpText() + ChatCommand::helpText() + TerminalServerTrust::helpText()
        + InterfaceCommands::helpText();
}

} // namespace Toolgate
