#pragma once

#include "core/calls/calljournal.h"
#include "core/calls/toolcallrecord.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/protocol/progress.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <functional>

namespace Toolgate {

class ApprovalPolicy;
class ApprovalQueue;
class CallTarget;
class ClientSession;
class RunApproval;
class TaskFollower;
class ToolCallPipeline;

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
    /// The call as a plain record: what was asked of which tool, and (as it goes) what became of it.
    const ToolCallRecord &record() const { return m_record; }
    const ServerIdentity &server() const { return m_record.server; }
    const Tool &tool() const { return m_record.tool; }
    /// The arguments the caller asked for (before any edit by the human).
    const QJsonObject &requestedArguments() const { return m_record.requestedArguments; }
    /// The order of requestedArguments()'s keys: the caller's, else the input schema's.
    const JsonKeyOrder &argumentOrder() const { return m_record.argumentOrder; }
    CallInitiator initiator() const { return m_record.initiator; }
    /// A number unique to this call within this run of the program (never 0).
    quint64 id() const { return m_record.id; }
    /// For a call an app view made: id() of the call whose result rendered that app; 0 otherwise.
    quint64 originCallId() const { return m_record.originCallId; }
    /// Links this call to the call whose result rendered the app that makes it. Set it right
    /// after ToolCallPipeline::call(), before the event loop runs (the journal reads it when the call opens).
    void setOriginCallId(quint64 originCallId) { m_record.originCallId = originCallId; }
    /// For a model's call: the conversation it was asked for in, its title shown with the approval
    /// request (ApprovalRequest::requestedIn), its id scoping an approval "for this conversation".
    /// Set it right after ToolCallPipeline::call().
    void setRequestedIn(const QString &conversationId, const QString &conversationTitle)
    {
        m_record.conversationId = conversationId;
        m_record.requestedIn = conversationTitle;
    }
    const QString &requestedIn() const { return m_record.requestedIn; }
    const QString &conversationId() const { return m_record.conversationId; }
    /// For a model's call: the arguments that repeat another server's text (ApprovalRequest::argumentOrigins,
    /// and the audit log). Set it right after ToolCallPipeline::call().
    void setArgumentOrigins(QList<ArgumentOrigin> origins) { m_record.argumentOrigins = std::move(origins); }
    const ToolCallOutcome &outcome() const { return m_record.outcome; }
    /// The task the server runs the call as, once it answered with one.
    const std::optional<Task> &task() const { return m_record.outcome.task; }
    /// For a tool whose taskSupport is "optional": ask the server to run the call as a task. A tool that
    /// requires it always is; one that forbids it never is. Set it right after ToolCallPipeline::call().
    void setRunAsTask(bool runAsTask) { m_runAsTask = runAsTask; }
    /// The approval of the run this call belongs to (a collection run). A call that matches one of its
    /// unused entries exactly goes without asking; any other is asked about as usual. Set it right
    /// after ToolCallPipeline::call(). Only the pipeline makes RunApprovals, after its gate approved.
    void setRunApproval(std::shared_ptr<RunApproval> approval) { m_runApproval = std::move(approval); }
    /// Whether the call is (to be) sent asking for a task.
    bool asksForTask() const;
    QDateTime startedAt() const { return m_record.startedAt; }

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

public:
    /// A call deleted before it ended is written to the journal as abandoned.
    ~ToolCall() override;

private:
    // The pipeline moves the call from stage to stage and fills in its record; nobody else does.
    friend class ToolCallPipeline;
    ToolCall(CallTarget *target, ToolCallRecord record, QObject *parent);
    void setStage(Stage stage);
    /// The target, or null once it is gone.
    CallTarget *target() const;

    CallTarget *m_target;
    QPointer<QObject> m_targetGuard;
    QPointer<ClientSession> m_session; // the session the call was sent on
    QPointer<ToolCallPipeline> m_pipeline;
    ToolCallRecord m_record;
    Stage m_stage = Stage::Validating;
    /// Whether the journal has the call's Opened entry (so it is owed a Closed or Abandoned one).
    bool m_opened = false;
    RequestId m_requestId;
    QElapsedTimer m_runTimer;
    bool m_cancelRequested = false;
    bool m_runAsTask = false;
    std::shared_ptr<RunApproval> m_runApproval;
    QPointer<TaskFollower> m_taskFollower;
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

    /// Neither gate nor policy is owned; both must outlive the pipeline. policy may be null. The
    /// pipeline's questions() put the gate one question at a time.
    ToolCallPipeline(ApprovalGate *gate, ApprovalPolicy *policy, Options options, QObject *parent = nullptr);
    ~ToolCallPipeline() override;

    /// The questions waiting for the person, put to the gate one at a time (owned by the pipeline).
    ApprovalQueue *questions() const;
    /// Where every call is written, in order (the audit log). Not owned; may be null (nothing is
    /// written, and calls are sent without waiting for a durable record).
    void setJournal(CallJournal *journal);
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
    /// The one end of every call: records how it ended, writes it to the journal and tells the caller.
    void finish(ToolCall *call, ToolCallOutcome::Kind kind);
    /// Writes entry kind of call to the journal (if any), opening the call first when it ends unopened.
    void journal(ToolCall *call, CallJournalEntry::Kind kind, const TaskEvent *step = nullptr);

    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
