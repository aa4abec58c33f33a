#pragma once

#include "core/common/jsonkeyorder.h"
#include "core/common/result.h"
#include "core/protocol/completion.h"
#include "core/workspace/serverconfig.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace Toolgate {

/// The commands toolgate-cli knows.
enum class CliCommand { Servers, Info, Tools, Call, Resources, Read, Templates, Prompts, Prompt, Skills, Skill, Complete, Ping, Task, Run, Snapshot, Diff, Chat, Doctor };

/// What `task` does with the server's tasks.
enum class TaskAction { List, Get, Result, Cancel };

/// toolgate-cli's command line, parsed and checked (but not yet matched against any server).
struct CliArguments
{
    // Options
    QString configPath;  ///< --config; empty: the default servers file
    QString serverName;  ///< --server
    QString url;         ///< --url: a remote (HTTP) server instead of a configured one
    QStringList headers; ///< --header "Name: value" for the --url server
    /// --era legacy|modern|auto: the protocol era of a server given with --url or after "--" (a server of the
    /// servers file has its "protocolEra" there); nullopt: not given, as auto.
    std::optional<ServerConfig::EraPreference> era;
    bool yes = false;
    bool json = false;
    bool verbose = false;
    std::optional<std::chrono::milliseconds> timeout;
    QString saveDir;
    /// --trust-fingerprint HEX: servers from the file trusted to start when they run exactly this.
    QStringList trustFingerprints;
    /// --root DIR: folders servers may know about (roots/list), as given.
    QStringList roots;
    /// --sampling-model NAME: a connection of the models file that may write a server's sampling reply,
    /// each time with the person's approval at the terminal (what goes to it, and its reply).
    QString samplingModel;
    /// --grant PATH[:rw] (repeatable): folders added to the sandbox of the server for this run.
    QStringList grants;
    /// --network on|off: the sandbox's network for this run; empty: as the servers file says.
    QString network;
    /// --no-sandbox: run the server with the person's full rights (recorded in the audit log).
    bool noSandbox = false;
    bool help = false;
    bool version = false;
    /// --task: ask a tool whose task support is optional to run as a task (call only).
    bool runAsTask = false;
    /// --no-wait: once the server answers with a task, print its id and leave it running (call only).
    bool noWait = false;

    CliCommand command = CliCommand::Servers;
    /// TOOL for call, URI for read, NAME for prompt, NAME or URI for complete; chat: the question (empty:
    /// interactive, a prompt line per message at the terminal).
    QString target;
    /// key=value pairs: tool arguments (call), prompt arguments, completion context.
    QStringList pairs;
    /// The JSON object given for call (positional or --args), if any.
    std::optional<QJsonObject> jsonArguments;
    /// The order of jsonArguments' keys as typed (the approval prompt shows them so, and they are sent so).
    JsonKeyOrder jsonArgumentOrder;
    /// complete: the reference kind, the argument name and the partial value.
    CompletionReference::Kind completeKind = CompletionReference::Kind::Prompt;
    QString completeArgument;
    QString completeValue;
    /// task: what to do, and the task's id (all but list).
    TaskAction taskAction = TaskAction::List;
    QString taskId;
    /// run: --var name=value (overriding the collection's variables) and --junit FILE; target is the collection.
    QStringList variables;
    QString junitPath;
    /// run --runs N: how often each prompt of the collection is tried (overrides the file's "runs").
    std::optional<int> runs;
    /// run --send-model-calls: the tool calls the model asks for are sent (each decided on its own);
    /// without it they are recorded only.
    bool sendModelCalls = false;

    /// snapshot -o FILE: where to write the snapshot (empty or "-": stdout).
    QString outputPath;
    /// diff: the snapshot file to compare the server with, or the two files to compare.
    QStringList snapshotFiles;
    /// diff --against-server NAME: the configured server whose interface the server is compared with.
    QString againstServer;

    /// chat, run: the model, by its name in the models file, or (with modelUrl) as the server knows it (--model).
    QString model;
    /// chat --model-url URL --model-api openai|anthropic: a model given on the command line, not from the file.
    QString modelUrl;
    QString modelApi;
    /// chat --model-key-env VAR: the environment variable that holds the model's API key (never the key itself).
    QString modelKeyEnv;
    /// chat --tool NAME: only these tools of the server are exposed to the model (repeatable); empty: all of them.
    QStringList exposedTools;
    /// chat --skill: the server's skill (name or URI) to give the model as instructions, once confirmed.
    QString skill;
    /// chat --max-rounds N: most replies of the model per question before the conversation is stopped.
    std::optional<int> maxRounds;

    /// The server command and its arguments given after "--"; empty: use the servers file.
    QStringList inlineServer;

    /// Parses the arguments after the program name. Errors are usage errors (exit code 2).
    static Result<CliArguments> parse(const QStringList &arguments);
    /// The --help text.
    static QString helpText();
    /// pairs as a map of strings (prompt arguments, completion context); pairs must be valid.
    QMap<QString, QString> pairMap() const;
};

} // namespace Toolgate
