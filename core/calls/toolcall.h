#pragma once

#include "core/calls/approval.h"
#include "core/calls/argumentrules.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/protocol/elicitation.h"
#include "core/protocol/inputrequired.h"
#include "core/protocol/progress.h"
#include "core/protocol/tool.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <functional>

namespace Toolgate {

class ApprovalPolicy;
class CallTarget;
class ClientSession;
class RunApproval;
class TaskFollower;
class ToolCallPipeline;

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

/// One tool call travelling through the pipeline: validate → approve → send → check output.
/// Emits finished() exactly once. Owned by whoever started it (deleteLater after finished()).
class ToolCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolCall)
public:
    enum class Stage { Validating, AwaitingApproval, Running, Finished };
    Q_ENUM(Stage)

    Stage stage() const { return m_stage; }
    const ServerIdentity &server() const { return m_server; }
    const Tool &tool() const { return m_tool; }
    /// The arguments the caller asked for (before any edit by the human).
    const QJsonObject &requestedArguments() const { return m_requestedArguments; }
    /// The order of requestedArguments()'s keys: the caller's, else the input schema's.
    const JsonKeyOrder &argumentOrder() const { return m_argumentOrder; }
    CallInitiator initiator() const { return m_initiator; }
    /// A number unique to this call within this run of the program (never 0).
    quint64 id() const { return m_id; }
    /// For a call an app view made: id() of the call whose result rendered that app; 0 otherwise.
    quint64 originCallId() const { return m_originCallId; }
    /// Links this call to the call whose result rendered the app that makes it. Set it right
    /// after ToolCallPipeline::call(), before the event loop runs (the audit log reads it at start).
    void setOriginCallId(quint64 originCallId) { m_originCallId = originCallId; }
    /// For a model's call: the conversation it was asked for in, shown with the approval request
    /// (ApprovalRequest::requestedIn). Set it right after ToolCallPipeline::call().
    void setRequestedIn(const QString &conversationTitle) { m_requestedIn = conversationTitle; }
    const QString &requestedIn() const { return m_requestedIn; }
    const ToolCallOutcome &outcome() const { return m_outcome; }
    /// The task the server runs the call as, once it answered with one.
    const std::optional<Task> &task() const { return m_outcome.task; }
    /// For a tool whose taskSupport is "optional": ask the server to run the call as a task. A tool that
    /// requires it always is; one that forbids it never is. Set it right after ToolCallPipeline::call().
    void setRunAsTask(bool runAsTask) { m_runAsTask = runAsTask; }
    /// The approval of the run this call belongs to (a collection run). A call that matches one of its
    /// unused entries exactly goes without asking; any other is asked about as usual. Set it right
    /// after ToolCallPipeline::call(). Only the pipeline makes RunApprovals, after its gate approved.
    void setRunApproval(std::shared_ptr<RunApproval> approval) { m_runApproval = std::move(approval); }
    /// Whether the call is (to be) sent asking for a task.
    bool asksForTask() const;
    QDateTime startedAt() const { return m_startedAt; }

    /// Cancels: before sending, this denies nothing and sends nothing; while running, it sends
    /// notifications/cancelled (for a task: tasks/cancel). The call then finishes as Cancelled. Once the server's answer is in
    /// (its structured content still being checked), the tool has run: nothing changes.
    void cancel(const QString &reason = QStringLiteral("cancelled by the user"));

signals:
    void stageChanged(Toolgate::ToolCall::Stage stage);
    void progress(const Toolgate::ProgressUpdate &update);
    /// The server answered with a task, or the task's status changed (task() holds it).
    void taskChanged(const Toolgate::Task &task);
    void finished();

private:
    friend class ToolCallPipeline;
    ToolCall(CallTarget *target, ServerIdentity server, Tool tool, QJsonObject arguments, JsonKeyOrder argumentOrder,
             CallInitiator initiator, QObject *parent);
    void setStage(Stage stage);
    void finish(ToolCallOutcome::Kind kind);
    /// The target, or null once it is gone.
    CallTarget *target() const;

    CallTarget *m_target;
    QPointer<QObject> m_targetGuard;
    QPointer<ClientSession> m_session; // the session the call was sent on
    QPointer<ToolCallPipeline> m_pipeline;
    ServerIdentity m_server;
    Tool m_tool;
    QJsonObject m_requestedArguments;
    JsonKeyOrder m_argumentOrder;
    CallInitiator m_initiator;
    quint64 m_id;
    quint64 m_originCallId = 0;
    QString m_requestedIn;
    Stage m_stage = Stage::Validating;
    ToolCallOutcome m_outcome;
    RequestId m_requestId;
    QDateTime m_startedAt;
    QElapsedTimer m_runTimer;
    bool m_cancelRequested = false;
    bool m_runAsTask = false;
    std::shared_ptr<RunApproval> m_runApproval;
    QPointer<TaskFollower> m_taskFollower;
};

/// Observes every call for the audit log: intent before anything is sent, then decision and outcome.
class ToolCallObserver
{
public:
    virtual ~ToolCallObserver() = default;
    virtual void callStarted(const ToolCall &call) = 0;
    virtual void callDecided(const ToolCall &call) = 0;
    virtual void callFinished(const ToolCall &call) = 0;
    /// The call became a task, or its task changed status: call.outcome().taskEvents has grown by one.
    virtual void callTaskChanged(const ToolCall &call) { Q_UNUSED(call); }
    /// Called once the call is allowed, right before it is sent. The pipeline sends only after
    /// proceed has been called (exactly once, on context's thread); an error fails the call and
    /// nothing is sent. The audit log answers once the intent and decision are durable.
    /// A run of calls (a collection) was approved or denied as a whole: what was listed, and the decision.
    virtual void runDecided(const RunApprovalRequest &request, const ApprovalDecision &decision)
    {
        Q_UNUSED(request);
        Q_UNUSED(decision);
    }
    virtual void callReadyToSend(const ToolCall &call, QObject *context, std::function<void(const Result<void> &)> proceed)
    {
        Q_UNUSED(call);
        Q_UNUSED(context);
        proceed({});
    }
};

/// The only way a tool gets called: validate the arguments, ask the approval policy and then a
/// human, send only if allowed, check structured output, report the outcome. No path skips a step:
/// ClientSession::callTool() takes a ToolCallKey, and only this class can make one.
class ToolCallPipeline final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolCallPipeline)
public:
    struct Options
    {
        /// true: invalid arguments fail the call before asking (CLI default). false: the human
        /// sees the problems in the approval step and may still send (GUI).
        bool rejectInvalidArguments = false;
        /// A task that ended: how long its result may take to come (TaskFollower::Options::resultGrace).
        std::chrono::milliseconds taskResultGrace = std::chrono::seconds(30);
    };

    /// Neither gate nor policy is owned; both must outlive the pipeline. policy may be null.
    ToolCallPipeline(ApprovalGate *gate, ApprovalPolicy *policy, Options options, QObject *parent = nullptr);
    ~ToolCallPipeline() override;

    /// Not owned; may be null.
    void setObserver(ToolCallObserver *observer);
    /// The rules on argument values, asked before remembered decisions and the gate. Not owned; may be null.
    void setArgumentRules(ArgumentRules *rules);

signals:
    /// Any call ended (right before the call's own finished()).
    void callFinished(Toolgate::ToolCall *call);
    /// The server answered a call with a task: the call runs until the task ends (TaskRegistry keeps it).
    void callBecameTask(Toolgate::ToolCall *call);

public:
    /// Starts a call of target's tool toolName. The definition the person approves is the one in
    /// target's tool list (listed first if it is not there yet). The returned object is parented to
    /// parent and emits finished() exactly once. argumentOrder is the order of the arguments' keys
    /// the person sees (a form's, or the JSON they typed); when empty, that of the input schema.
    ToolCall *call(CallTarget *target, const QString &toolName, const QJsonObject &arguments,
                   CallInitiator initiator, QObject *parent, const JsonKeyOrder &argumentOrder = {});
    /// Asks the gate once about a whole run of calls (each with its exact arguments). On approval,
    /// done gets the RunApproval to give each call of the run (ToolCall::setRunApproval()); on denial,
    /// an ApprovalDenied error with the reason. done is called once, on context's thread, unless
    /// context dies first.
    void requestRunApproval(const RunApprovalRequest &request, QObject *context,
                            std::function<void(const Result<std::shared_ptr<RunApproval>> &)> done);

private:
    friend class ToolCall;
    void start(ToolCall *call, const QString &toolName);
    void validateAndAsk(ToolCall *call);
    void checkArguments(ToolCall *call);
    void ask(ToolCall *call, const QStringList &problems, const std::shared_ptr<const Result<SchemaValidator>> &validator,
             const QList<SchemaIssue> &issues);
    /// Puts the call before the person (through the gate), as it now stands.
    void requestApproval(ToolCall *call, const std::shared_ptr<const Result<SchemaValidator>> &validator,
                         const QList<SchemaIssue> &issues);
    /// Whether the server changed the tool while the person decided; then the call is asked about again,
    /// showing the change, and true is returned.
    bool askAgainIfChanged(ToolCall *call, const ApprovalDecision &decision);
    void decided(ToolCall *call, const ApprovalDecision &decision);
    void proceed(ToolCall *call);
    void send(ToolCall *call);
    void received(ToolCall *call, const Result<CallToolResult> &result);
    void followTask(ToolCall *call, const Task &task);
    void taskChanged(ToolCall *call, const Task &task, const QString &note = {});
    void finish(ToolCall *call, ToolCallOutcome::Kind kind);

    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
