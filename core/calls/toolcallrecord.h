#pragma once

#include "core/calls/approval.h"
#include "core/calls/argumentorigin.h"
#include "core/calls/argumentrules.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/protocol/elicitation.h"
#include "core/protocol/inputrequired.h"
#include "core/protocol/tool.h"

#include <QDateTime>
#include <QJsonObject>

#include <optional>

namespace Toolgate {

/// One step in the life of a call's task, as the audit log and the Tasks view show it.
struct TaskEvent
{
    QDateTime at;
    Task::Status status = Task::Status::Working;
    QString message; ///< the server's statusMessage, or Toolgate's words (e.g. why it stopped following)
};

/// What became of one call, filled in as the pipeline goes.
struct ToolCallOutcome
{
    enum class Kind {
        Pending,
        Succeeded,      ///< The tool ran; result.isError is false.
        ToolError,      ///< The tool ran and reported isError.
        Denied,         ///< A human or rule said no; nothing was sent.
        InvalidArguments, ///< Refused before asking (pipeline set to reject invalid arguments).
        Failed,         ///< Protocol or transport error; see error.
        Cancelled,      ///< Cancelled by the user before an answer arrived.
    };

    Kind kind = Kind::Pending;
    ApprovalDecision decision;
    /// The arguments as sent (after any edit in the approval step),
    QJsonObject sentArguments;
    /// written with their keys in this order: the form's, or as the person typed or edited them.
    JsonKeyOrder sentArgumentOrder;
    /// The server's result; for a denial, a synthesized isError result carrying the reason.
    CallToolResult result;
    Error error;
    QStringList inputProblems;
    /// Whether structuredContent matched the tool's outputSchema (nullopt: nothing to check).
    std::optional<bool> outputValid;
    QStringList outputProblems;
    /// Failed with -32042 (2025-11-25): the browser steps the server wants done before the call can
    /// succeed. The person finishes them and runs the call again; nothing is retried by itself.
    QList<UrlElicitation> urlElicitations;
    /// 2026-07-28: the rounds of input the server asked for (MRTR) before it answered, oldest first.
    /// The approval covered them all: the call was sent again with the person's answers, not asked again.
    QList<InputRound> inputRounds;
    /// The rule on argument values that decided the call (allowed or denied it, or sent it to the person),
    /// if one did (ArgumentRules; issue 16, item 4).
    std::optional<ArgumentRuleVerdict> ruleVerdict;
    /// What shadow rules would have done: recorded, never applied.
    QList<ArgumentRuleVerdict> shadowVerdicts;
    /// Set when the tool's definition changed since the person last approved it (what they were shown).
    std::optional<DefinitionChange> definitionChange;
    /// Set once the server answered with a task: its latest state. The call then runs until the task ends.
    std::optional<Task> task;
    /// The task's life, oldest first: created, each change of status or message, how it ended. Past
    /// maxTaskEvents entries only changes of status are added (at most twice that many are kept).
    QList<TaskEvent> taskEvents;
    static constexpr qsizetype maxTaskEvents = 100;
    qint64 durationMs = 0;

    static QString kindName(Kind kind);
};

/// One tool call as a plain record: who asked for what, of which server's tool, and what became of it.
/// The pipeline fills it in as the call goes (ToolCall::record()); the audit journal writes it.
struct ToolCallRecord
{
    /// A number unique to the call within this run of the program (never 0).
    quint64 id = 0;
    /// For a call an app view made: the id of the call whose result rendered that app; 0 otherwise.
    quint64 originCallId = 0;
    ServerIdentity server;
    /// The tool as the person is shown it: the definition the server lists (only its name until the
    /// call starts, on the next turn of the event loop after ToolCallPipeline::call()).
    Tool tool;
    /// The arguments the caller asked for (before any edit by the human),
    QJsonObject requestedArguments;
    /// with their keys in this order: the caller's, else the input schema's.
    JsonKeyOrder argumentOrder;
    CallInitiator initiator = CallInitiator::Gui;
    /// For a model's call: the title of the conversation it was asked for in,
    QString requestedIn;
    /// and that conversation's stable id (Conversation::id): it scopes "allow for this conversation".
    QString conversationId;
    /// For a model's call: the arguments that repeat text another server sent in that conversation.
    QList<ArgumentOrigin> argumentOrigins;
    QDateTime startedAt;
    ToolCallOutcome outcome;
};

} // namespace Toolgate
