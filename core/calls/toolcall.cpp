#include "core/calls/toolcall.h"
#include "core/calls/toolpin.h"

#include "core/calls/approvalpolicy.h"
#include "core/calls/approvalqueue.h"
#include "core/calls/calltarget.h"
#include "core/calls/runapproval.h"
#include "core/client/clientsession.h"
#include "core/client/taskfollower.h"
#include "core/common/logging.h"
#include "core/common/error.h"
#include "core/schema/schemachecker.h"
#include "core/schema/schemanode.h"
#include "core/schema/schemavalidator.h"

#include <QCoreApplication>

#include <atomic>

namespace Toolgate {

namespace {

quint64 nextCallId()
{
    static std::atomic<quint64> last{0};
    return ++last;
}

} // namespace

QString ToolCallOutcome::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Pending: return QStringLiteral("pending");
    case Kind::Succeeded: return QStringLiteral("succeeded");
    case Kind::ToolError: return QStringLiteral("tool error");
    case Kind::Denied: return QStringLiteral("denied");
    case Kind::InvalidArguments: return QStringLiteral("invalid arguments");
    case Kind::Failed: return QStringLiteral("failed");
    case Kind::Cancelled: return QStringLiteral("cancelled");
    }
    return {};
}

ToolCall::ToolCall(CallTarget *target, ToolCallRecord record, QObject *parent)
    : QObject(parent)
    , m_target(target)
    , m_targetGuard(target ? target->targetObject() : nullptr)
    , m_record(std::move(record))
{
    m_record.outcome.sentArguments = m_record.requestedArguments;
    m_record.outcome.sentArgumentOrder = m_record.argumentOrder;
}

ToolCall::~ToolCall()
{
    // Whoever started the call let it go before it ended (a window closed, a run was dropped): the
    // journal hears so rather than keep the call pending.
    if (m_stage != Stage::Finished && m_opened && m_pipeline)
        m_pipeline->journal(this, CallJournalEntry::Kind::Abandoned);
}

CallTarget *ToolCall::target() const
{
    return m_targetGuard ? m_target : nullptr;
}

void ToolCall::setStage(Stage stage)
{
    if (m_stage == stage)
        return;
    m_stage = stage;
    emit stageChanged(stage);
}

bool ToolCall::asksForTask() const
{
    switch (taskSupportOf(m_record.tool.execution)) {
    case TaskSupport::Required:
        return true;
    case TaskSupport::Optional:
        return m_runAsTask;
    case TaskSupport::Forbidden:
        break;
    }
    return false;
}

void ToolCall::cancel(const QString &reason)
{
    if (m_stage == Stage::Finished || m_cancelRequested)
        return;
    if (m_taskFollower) {
        // A task: tasks/cancel; the follower finishes us once the server acknowledged it.
        m_cancelRequested = true;
        m_taskFollower->cancel(reason);
        return;
    }
    if (m_stage == Stage::Running && m_session && m_requestId.isValid()) {
        // The session answers the pending request with RequestCancelled; received() finishes us.
        if (m_session->cancelRequest(m_requestId, reason))
            m_cancelRequested = true;
        // Else nothing is pending: the answer is in and its structured content is being checked. The
        // tool has run and its result is what happened; a cancel now would only mislabel it.
        return;
    }
    m_cancelRequested = true;
    m_record.outcome.error = makeError(ErrorCode::RequestCancelled, reason);
    // Before sending: nothing left the app. Awaiting approval: the pending question is dropped.
    if (m_stage == Stage::AwaitingApproval && m_pipeline)
        m_pipeline->finish(this, ToolCallOutcome::Kind::Cancelled);
    // In Validating the pipeline sees m_cancelRequested once it has recorded the intent.
}

class ToolCallPipeline::Private
{
public:
    // What checking one value against one schema found.
    struct Check
    {
        QStringList problems;
        QList<SchemaIssue> issues;
        std::shared_ptr<const Result<SchemaValidator>> validator;
    };

    QObject *owner = nullptr; // the pipeline
    ApprovalQueue *questions = nullptr; // the pipeline's child
    QPointer<ApprovalPolicy> policy;
    QPointer<ArgumentRules> rules;
    Options options;
    CallJournal *journal = nullptr;

    static Check describe(const SchemaChecker::Check &checked, const QString &what)
    {
        Check result;
        result.validator = checked.validator;
        if (!*result.validator) {
            result.problems = {(what == u"output" ? QCoreApplication::translate("Toolgate::ToolCall", "the tool's output schema cannot be used: %1")
                                                   : QCoreApplication::translate("Toolgate::ToolCall", "the tool's input schema cannot be used: %1"))
                                      .arg(result.validator->error().message)};
            return result;
        }
        result.issues = checked.result.issues;
        for (const SchemaIssue &issue : std::as_const(result.issues))
            result.problems.append(issue.path.isEmpty() ? issue.message
                                                        : SchemaValidator::readablePath(issue.path) + QStringLiteral(": ") + issue.message);
        return result;
    }

    // Checks instance against schema off the GUI thread (SchemaChecker: a schema of a few MB took
    // 0.2-0.45 s to compile, issue #13) and hands what it found to done on call's thread, unless call
    // or the pipeline is gone by then. Checks end in the order they were asked for, so the calls go on
    // in that order. No schema: done at once, nothing found.
    void problems(ToolCall *call, const QJsonObject &schema, const QJsonValue &instance, const QString &what,
                  std::function<void(ToolCall *, const Check &)> done)
    {
        if (schema.isEmpty()) {
            done(call, Check{});
            return;
        }
        QPointer<ToolCall> guard(call);
        SchemaChecker::shared()->check(schema, instance, call, [guard, owner = QPointer<QObject>(owner), what,
                                                               done = std::move(done)](const SchemaChecker::Check &checked) {
            if (guard && owner)
                done(guard, describe(checked, what));
        });
    }
};

ToolCallPipeline::ToolCallPipeline(ApprovalGate *gate, ApprovalPolicy *policy, Options options, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    Q_ASSERT(gate);
    d->owner = this;
    d->questions = new ApprovalQueue(gate, this);
    d->policy = policy;
    d->options = options;
}

ToolCallPipeline::~ToolCallPipeline() = default;

void ToolCallPipeline::setJournal(CallJournal *journal)
{
    d->journal = journal;
}

ApprovalQueue *ToolCallPipeline::questions() const
{
    return d->questions;
}

void ToolCallPipeline::setArgumentRules(ArgumentRules *rules)
{
    d->rules = rules;
}

ToolCall *ToolCallPipeline::call(CallTarget *target, const QString &toolName, const QJsonObject &arguments,
                                 CallInitiator initiator, QObject *parent, const JsonKeyOrder &argumentOrder)
{
    ToolCallRecord record;
    record.id = nextCallId();
    record.server = target ? target->identity() : ServerIdentity{};
    record.tool.name = toolName; // the definition is looked up once, when the call starts
    record.requestedArguments = arguments;
    record.argumentOrder = argumentOrder;
    record.initiator = initiator;
    record.startedAt = QDateTime::currentDateTimeUtc();
    auto *call = new ToolCall(target, std::move(record), parent);
    call->m_pipeline = this;
    // Start on the next event-loop turn so the caller can connect to finished() first.
    QPointer<ToolCall> guard(call);
    QMetaObject::invokeMethod(this, [this, guard, toolName] {
        if (guard)
            start(guard, toolName);
    }, Qt::QueuedConnection);
    return call;
}

void ToolCallPipeline::requestRunApproval(const RunApprovalRequest &request, QObject *context,
                                          std::function<void(const Result<std::shared_ptr<RunApproval>> &)> done)
{
    QPointer<QObject> guard(context);
    QPointer<ToolCallPipeline> self(this);
    d->questions->askRun(request, context, [guard, self, request, done = std::move(done)](const ApprovalDecision &decision) {
        if (!guard || !self)
            return;
        if (self->d->journal)
            self->d->journal->writeRunDecision(request, decision);
        if (!decision.allows()) {
            const QString text = decision.reason.isEmpty()
                ? QCoreApplication::translate("Toolgate::ToolCall", "The run \"%1\" was not approved.").arg(request.runName)
                : QCoreApplication::translate("Toolgate::ToolCall", "The run \"%1\" was not approved: %2").arg(request.runName, decision.reason);
            done(makeError(ErrorCode::ApprovalDenied, text));
            return;
        }
        done(std::shared_ptr<RunApproval>(new RunApproval(request, self.data())));
    });
}

void ToolCallPipeline::start(ToolCall *call, const QString &toolName)
{
    CallTarget *target = call->target();
    if (!target || !target->readySession()) {
        call->m_record.outcome.error = makeError(ErrorCode::NotConnected,
                                          QCoreApplication::translate("Toolgate::ToolCall", "the server \"%1\" is not connected").arg(call->m_record.server.name));
        finish(call, ToolCallOutcome::Kind::Failed);
        return;
    }
    // The identity of the server now, with what it reported about itself once connected.
    call->m_record.server = target->identity();
    if (const auto listed = target->listedTool(toolName)) {
        call->m_record.tool = *listed;
        validateAndAsk(call);
        return;
    }
    // Not listed yet (e.g. a CLI call straight after connecting): list, then look again.
    QPointer<ToolCall> guard(call);
    target->relistTools(call, [this, guard, toolName](const Result<QList<Tool>> &tools) {
        if (!guard)
            return;
        if (!tools) {
            guard->m_record.outcome.error = tools.error();
            finish(guard, ToolCallOutcome::Kind::Failed);
            return;
        }
        const auto found = std::find_if(tools->cbegin(), tools->cend(), [&](const Tool &t) { return t.name == toolName; });
        const std::optional<Tool> tool = found == tools->cend() ? std::nullopt : std::optional<Tool>(*found);
        // Two different definitions under one name: the person would approve one while the server runs
        // whichever it likes, so nothing is called.
        if (const qsizetype twins = ToolPin::differentDefinitions(tools.value(), toolName)) {
            guard->m_record.tool = *tool;
            guard->m_record.outcome.error = makeError(ErrorCode::InvalidParams,
                QCoreApplication::translate("Toolgate::ToolCall", "the server \"%1\" lists %2 different tools named \"%3\"; which one "
                                            "it would run cannot be known, so Toolgate does not call it")
                    .arg(guard->m_record.server.name).arg(twins).arg(toolName));
            finish(guard, ToolCallOutcome::Kind::Failed);
            return;
        }
        if (!tool) {
            QStringList names;
            for (const Tool &t : tools.value())
                names.append(t.name);
            guard->m_record.outcome.error = makeError(ErrorCode::InvalidParams,
                QCoreApplication::translate("Toolgate::ToolCall", "the server \"%1\" has no tool named \"%2\". Its tools: %3")
                    .arg(guard->m_record.server.name, toolName, names.isEmpty() ? QCoreApplication::translate("Toolgate::ToolCall", "(none)") : names.join(QStringLiteral(", "))));
            finish(guard, ToolCallOutcome::Kind::Failed);
            return;
        }
        guard->m_record.tool = *tool;
        validateAndAsk(guard);
    });
}

void ToolCallPipeline::validateAndAsk(ToolCall *call)
{
    // A call without a form (the CLI with no JSON text, an app view) shows and sends its arguments
    // in the order of the schema's properties, as a form would ask them. Describing a large schema
    // takes long (a hostile app view's call with a multi-MB schema held the window): it is done as
    // for a form, on the checking thread unless the schema is small.
    if (call->m_record.argumentOrder.isEmpty() && !call->m_record.tool.inputSchemaOrder().isEmpty()) {
        const auto useOrder = [](ToolCall *ordered, const SchemaChecker::Prepared &prepared) {
            ordered->m_record.argumentOrder = prepared.node->valueOrder();
            ordered->m_record.outcome.sentArgumentOrder = ordered->m_record.argumentOrder;
        };
        QPointer<ToolCallPipeline> self(this);
        QPointer<ToolCall> guard(call);
        const auto prepared = SchemaChecker::shared()->prepareSoon(
            call->m_record.tool.inputSchema, call->m_record.tool.inputSchemaOrder(), call,
            [self, guard, useOrder](const SchemaChecker::Prepared &later) {
                if (!self || !guard)
                    return;
                useOrder(guard, later);
                self->checkArguments(guard);
            });
        if (!prepared)
            return;
        useOrder(call, *prepared);
    }
    checkArguments(call);
}

void ToolCallPipeline::checkArguments(ToolCall *call)
{
    d->problems(call, call->m_record.tool.inputSchema, call->m_record.requestedArguments, QStringLiteral("input"),
                [this](ToolCall *checked, const Private::Check &found) {
                    ask(checked, found.problems, found.validator, found.issues);
                });
}

void ToolCallPipeline::ask(ToolCall *call, const QStringList &problems,
                           const std::shared_ptr<const Result<SchemaValidator>> &validator, const QList<SchemaIssue> &issues)
{
    if (call->stage() == ToolCall::Stage::Finished)
        return;
    call->m_record.outcome.inputProblems = problems;
    // The intent is recorded before anything can leave the app.
    journal(call, CallJournalEntry::Kind::Opened);
    if (call->m_cancelRequested) {
        finish(call, ToolCallOutcome::Kind::Cancelled);
        return;
    }
    if (!call->m_record.outcome.inputProblems.isEmpty() && d->options.rejectInvalidArguments) {
        call->m_record.outcome.error = makeError(ErrorCode::InvalidArguments,
                                          QCoreApplication::translate("Toolgate::ToolCall", "the arguments do not match the tool's input schema:\n%1")
                                              .arg(call->m_record.outcome.inputProblems.join(u'\n')));
        finish(call, ToolCallOutcome::Kind::InvalidArguments);
        return;
    }

    if (d->policy)
        call->m_record.outcome.definitionChange = d->policy->changeSincePinned(call->m_record.server, call->m_record.tool);

    // The rules on argument values come first: a deny rule denies, an allow rule allows (never a tool
    // whose definition changed since it was approved: the person sees the change), an ask rule asks
    // even when "always allow" was remembered. Shadow rules are only recorded.
    bool ruleAsks = false;
    if (d->rules) {
        const ArgumentRuleEvaluation evaluation = d->rules->evaluate(call->m_record.server.name, call->m_record.tool.name, call->m_record.requestedArguments);
        call->m_record.outcome.shadowVerdicts = evaluation.shadows;
        call->m_record.outcome.ruleVerdict = evaluation.deciding;
        if (evaluation.deciding) {
            const ArgumentRuleVerdict &verdict = *evaluation.deciding;
            ApprovalDecision byRule;
            byRule.source = ApprovalDecision::Source::RememberedRule;
            byRule.reason = verdict.describe();
            switch (verdict.action) {
            case ArgumentRule::Action::Deny:
                byRule.kind = ApprovalDecision::Kind::Deny;
                decided(call, byRule);
                return;
            case ArgumentRule::Action::Allow:
                if (!call->m_record.outcome.definitionChange) {
                    byRule.kind = ApprovalDecision::Kind::AllowOnce;
                    decided(call, byRule);
                    return;
                }
                ruleAsks = true; // the change is the person's to see
                break;
            case ArgumentRule::Action::Ask:
                ruleAsks = true;
                break;
            }
        }
    }

    // A call of an approved run (a collection) that is exactly one the person approved goes without
    // asking again; one whose arguments differ, or whose tool changed since it was approved, is asked
    // about as usual. Each approved call is used once.
    if (call->m_runApproval && call->m_runApproval->m_issuer == this && !ruleAsks && !call->m_record.outcome.definitionChange
        && call->m_runApproval->consume(call->m_record.server, call->m_record.tool.name, call->m_record.requestedArguments)) {
        ApprovalDecision byRun;
        byRun.kind = ApprovalDecision::Kind::AllowOnce;
        byRun.source = ApprovalDecision::Source::ApprovedRun;
        byRun.reason = call->m_runApproval->reason();
        decided(call, byRun);
        return;
    }

    if (d->policy && !ruleAsks) {
        if (const auto remembered = d->policy->lookup(call->m_record.server, call->m_record.tool, call->m_record.conversationId)) {
            decided(call, *remembered);
            return;
        }
    }

    requestApproval(call, validator, issues);
}

void ToolCallPipeline::requestApproval(ToolCall *call, const std::shared_ptr<const Result<SchemaValidator>> &validator,
                                       const QList<SchemaIssue> &issues)
{
    call->setStage(ToolCall::Stage::AwaitingApproval);
    ApprovalRequest request{call->m_record.server, call->m_record.tool, call->m_record.requestedArguments, call->m_record.argumentOrder,
                            call->m_record.outcome.inputProblems, call->m_record.initiator};
    request.inputValidator = validator;
    request.validationIssues = issues;
    request.definitionChange = call->m_record.outcome.definitionChange;
    request.requestedIn = call->m_record.requestedIn;
    request.conversationId = call->m_record.conversationId;
    request.argumentOrigins = call->m_record.argumentOrigins;
    request.runsAsTask = call->asksForTask();
    if (CallTarget *target = call->target())
        request.shadowedServers = target->otherServersWithTool(call->m_record.tool.name);
    QPointer<ToolCall> guard(call);
    d->questions->ask(request, call, [this, guard](const ApprovalDecision &decision) {
        if (guard)
            decided(guard, decision);
    });
}

bool ToolCallPipeline::askAgainIfChanged(ToolCall *call, const ApprovalDecision &decision)
{
    // Only a person takes time to decide; rules, remembered approvals and approved runs decide at once.
    if (decision.source != ApprovalDecision::Source::Human || !decision.allows())
        return false;
    CallTarget *target = call->target();
    const std::optional<Tool> now = target ? target->listedTool(call->m_record.tool.name) : std::nullopt;
    if (!now || ToolPin::samePinnedDefinition(call->m_record.tool, *now)) // cheap: the pinned fields compared as they are
        return false;
    const ToolPin shown = ToolPin::of(call->m_record.tool);
    std::optional<DefinitionChange> change = DefinitionChange::between(shown, *now);
    if (!change)
        return false;
    // The server changed the tool while the question was open (issue #35): the person approved what they
    // saw, and the server would run something else. The decision is dropped and the new definition asked
    // about, with what changed since the question was shown.
    qCInfo(lcCalls) << "the tool" << call->m_record.tool.name << "changed while its call was being decided; asking again";
    change->pinnedAt = {};
    call->m_record.tool = *now;
    call->m_record.outcome.definitionChange = std::move(change);
    d->problems(call, call->m_record.tool.inputSchema, call->m_record.requestedArguments, QStringLiteral("input"),
                [this](ToolCall *checked, const Private::Check &found) {
                    checked->m_record.outcome.inputProblems = found.problems;
                    requestApproval(checked, found.validator, found.issues);
                });
    return true;
}

void ToolCallPipeline::decided(ToolCall *call, const ApprovalDecision &decision)
{
    if (call->stage() == ToolCall::Stage::Finished)
        return;
    if (askAgainIfChanged(call, decision))
        return;
    call->m_record.outcome.decision = decision;
    // Arguments the person edited are held to the deny rules too: an edit cannot carry a call past them.
    if (decision.editedArguments && decision.allows() && d->rules) {
        const ArgumentRuleEvaluation evaluation = d->rules->evaluate(call->m_record.server.name, call->m_record.tool.name, *decision.editedArguments);
        if (evaluation.deciding && evaluation.deciding->action == ArgumentRule::Action::Deny) {
            call->m_record.outcome.ruleVerdict = evaluation.deciding;
            call->m_record.outcome.decision.kind = ApprovalDecision::Kind::Deny;
            call->m_record.outcome.decision.source = ApprovalDecision::Source::RememberedRule;
            call->m_record.outcome.decision.reason = evaluation.deciding->describe();
        }
    }
    // Edited arguments whose gate kept no order of its own keep the order they were shown in.
    if (decision.editedArguments && decision.editedArgumentOrder.isEmpty())
        call->m_record.outcome.decision.editedArgumentOrder = call->m_record.argumentOrder;
    if (decision.editedArguments) {
        call->m_record.outcome.sentArguments = *decision.editedArguments;
        call->m_record.outcome.sentArgumentOrder = call->m_record.outcome.decision.editedArgumentOrder;
        d->problems(call, call->m_record.tool.inputSchema, *decision.editedArguments, QStringLiteral("input"),
                    [this](ToolCall *checked, const Private::Check &found) {
                        checked->m_record.outcome.inputProblems = found.problems;
                        proceed(checked);
                    });
        return;
    }
    proceed(call);
}

void ToolCallPipeline::proceed(ToolCall *call)
{
    if (call->stage() == ToolCall::Stage::Finished)
        return;
    const ApprovalDecision &decision = call->m_record.outcome.decision;
    journal(call, CallJournalEntry::Kind::Decided);

    if (call->m_cancelRequested) {
        finish(call, ToolCallOutcome::Kind::Cancelled);
        return;
    }
    if (!decision.allows()) {
        // The denial reaches the caller as a tool error carrying the reason; the server sees nothing.
        const bool byRule = decision.source == ApprovalDecision::Source::RememberedRule && call->m_record.outcome.ruleVerdict;
        const QString text = byRule
            ? QCoreApplication::translate("Toolgate::ToolCall", "Toolgate's rule \"%1\" denied this call to %2: %3")
                  .arg(call->m_record.outcome.ruleVerdict->rule, call->m_record.tool.name,
                       call->m_record.outcome.ruleVerdict->reason.isEmpty()
                           ? QCoreApplication::translate("Toolgate::ToolCall", "no reason given")
                           : call->m_record.outcome.ruleVerdict->reason)
            : decision.reason.isEmpty()
            ? QCoreApplication::translate("Toolgate::ToolCall", "The user denied this call to %1.").arg(call->m_record.tool.name)
            : QCoreApplication::translate("Toolgate::ToolCall", "The user denied this call to %1: %2").arg(call->m_record.tool.name, decision.reason);
        call->m_record.outcome.result = CallToolResult{};
        call->m_record.outcome.result.isError = true;
        call->m_record.outcome.result.content.append(Content::makeText(text));
        call->m_record.outcome.error = makeError(ErrorCode::ApprovalDenied, text);
        finish(call, ToolCallOutcome::Kind::Denied);
        return;
    }
    if (decision.source == ApprovalDecision::Source::Human && d->policy) {
        d->policy->remember(call->m_record.server, call->m_record.tool, decision.kind, call->m_record.conversationId);
    }
    if (!d->journal) {
        send(call);
        return;
    }
    // Nothing leaves the app before the audit log holds the intent and decision durably.
    QPointer<ToolCall> guard(call);
    d->journal->whenDurable(call->m_record, call, [this, guard](const Result<void> &recorded) {
        if (!guard || guard->stage() == ToolCall::Stage::Finished)
            return;
        if (guard->m_cancelRequested) {
            finish(guard, ToolCallOutcome::Kind::Cancelled);
            return;
        }
        if (!recorded) {
            guard->m_record.outcome.error = makeError(ErrorCode::AuditUnavailable,
                QCoreApplication::translate("Toolgate::ToolCall", "the call was not sent because the audit log could not record it: %1")
                    .arg(recorded.error().message));
            finish(guard, ToolCallOutcome::Kind::Failed);
            return;
        }
        send(guard);
    });
}

void ToolCallPipeline::send(ToolCall *call)
{
    CallTarget *target = call->target();
    call->m_session = target ? target->readySession() : nullptr;
    if (!call->m_session) {
        call->m_record.outcome.error = makeError(ErrorCode::NotConnected,
                                          QCoreApplication::translate("Toolgate::ToolCall", "the server \"%1\" disconnected before the call could be sent").arg(call->m_record.server.name));
        finish(call, ToolCallOutcome::Kind::Failed);
        return;
    }
    call->setStage(ToolCall::Stage::Running);
    call->m_runTimer.start();
    ClientSession::CallOptions options;
    options.argumentOrder = call->m_record.outcome.sentArgumentOrder;
    QPointer<ToolCall> guard(call);
    options.onProgress = [guard](const ProgressUpdate &update) {
        if (guard)
            emit guard->progress(update);
    };
    options.onInputRound = [guard](const InputRound &round) {
        if (guard)
            guard->m_record.outcome.inputRounds.append(round);
    };
    options.auditCallId = call->id();
    options.asTask = call->asksForTask();
    if (options.asTask && !call->m_session->taskCapabilities().toolCalls)
        qCInfo(lcCalls) << "the tool" << call->m_record.tool.name << "asks to run as a task, but the server did not declare tasks for tools/call; asking anyway";
    call->m_requestId = call->m_session->callTool(ToolCallKey(), call->m_record.tool.name, call->m_record.outcome.sentArguments, options, call,
        [this, guard](const Result<CallToolResult> &result) {
            if (guard)
                received(guard, result);
        });
    // Cancelled while it was being sent (from a stageChanged() handler): the request goes out and is
    // cancelled at once, so the server hears of it.
    if (call->m_cancelRequested && call->m_requestId.isValid())
        call->m_session->cancelRequest(call->m_requestId, call->m_record.outcome.error.message);
}

void ToolCallPipeline::followTask(ToolCall *call, const Task &task)
{
    call->m_requestId = RequestId(); // answered: a cancel now goes to the task
    TaskFollower::Options options;
    options.toolName = call->m_record.tool.name;
    options.auditCallId = call->id();
    options.resultGrace = d->options.taskResultGrace;
    auto *follower = new TaskFollower(call->m_session, task, options, call);
    call->m_taskFollower = follower;
    QPointer<ToolCall> guard(call);
    connect(follower, &TaskFollower::taskChanged, call, [this, guard](const Task &changed) {
        if (guard)
            taskChanged(guard, changed);
    });
    connect(follower, &TaskFollower::finished, call, [this, guard](const Result<CallToolResult> &result) {
        if (guard)
            received(guard, result);
    });
    call->m_record.outcome.task = task;
    call->m_record.outcome.taskEvents.append({QDateTime::currentDateTimeUtc(), task.status, task.statusMessage});
    emit callBecameTask(call);
    journal(call, CallJournalEntry::Kind::TaskStep, &call->m_record.outcome.taskEvents.constLast());
    emit call->taskChanged(task);
    // Cancelled while the call was on the wire: the server made the task anyway, so it is cancelled now.
    if (call->m_cancelRequested)
        follower->cancel(call->m_record.outcome.error.message);
}

void ToolCallPipeline::taskChanged(ToolCall *call, const Task &task, const QString &note)
{
    if (call->stage() == ToolCall::Stage::Finished)
        return;
    const bool newStatus = !call->m_record.outcome.task || call->m_record.outcome.task->status != task.status
        || call->m_record.outcome.task->statusMessage != task.statusMessage;
    call->m_record.outcome.task = task;
    if (!newStatus)
        return;
    // A server may change its message as often as it likes; the task's life on record may not grow
    // without bound. Past the limit, only changes of status are kept (the last is always the latest).
    QList<TaskEvent> &events = call->m_record.outcome.taskEvents;
    const bool statusChanged = events.isEmpty() || events.constLast().status != task.status;
    if (events.size() >= ToolCallOutcome::maxTaskEvents && !statusChanged) {
        emit call->taskChanged(task);
        return;
    }
    if (events.size() >= 2 * ToolCallOutcome::maxTaskEvents)
        events.remove(ToolCallOutcome::maxTaskEvents, 1); // keep the first ones (how it began) and the latest
    events.append({QDateTime::currentDateTimeUtc(), task.status, note.isEmpty() ? task.statusMessage : note});
    journal(call, CallJournalEntry::Kind::TaskStep, &events.constLast());
    emit call->taskChanged(task);
}

void ToolCallPipeline::received(ToolCall *call, const Result<CallToolResult> &result)
{
    if (result && result.value().task && !call->m_taskFollower) {
        followTask(call, *result.value().task);
        return;
    }
    if (!result) {
        if (result.error().code == int(ErrorCode::RequestCancelled)) {
            call->m_record.outcome.error = result.error();
            finish(call, ToolCallOutcome::Kind::Cancelled);
            return;
        }
        call->m_record.outcome.error = result.error();
        if (ClientSession::isServerStopped(result.error())) {
            // The server's process ended under the call: say what became of the server too.
            if (CallTarget *target = call->target(); target) {
                if (const QString next = target->afterServerStopped(); !next.isEmpty())
                    call->m_record.outcome.error.message += QStringLiteral(". ") + next;
            }
        }
        if (call->m_session)
            call->m_record.outcome.urlElicitations = call->m_session->urlElicitationsRequiredBy(result.error());
        finish(call, ToolCallOutcome::Kind::Failed);
        return;
    }
    call->m_record.outcome.result = result.value();
    const CallToolResult &value = call->m_record.outcome.result;
    if (!call->m_record.tool.outputSchema.isEmpty()) {
        if (value.structuredContent) {
            d->problems(call, call->m_record.tool.outputSchema, *value.structuredContent, QStringLiteral("output"),
                        [this](ToolCall *checked, const Private::Check &found) {
                            checked->m_record.outcome.outputProblems = found.problems;
                            checked->m_record.outcome.outputValid = found.problems.isEmpty();
                            finish(checked, checked->m_record.outcome.result.isError ? ToolCallOutcome::Kind::ToolError
                                                                               : ToolCallOutcome::Kind::Succeeded);
                        });
            return;
        } else if (!value.isError) {
            // A tool with an outputSchema must return structured results (spec: tools, output schema).
            call->m_record.outcome.outputProblems = {QCoreApplication::translate("Toolgate::ToolCall", "the tool declares an output schema but returned no structuredContent")};
            call->m_record.outcome.outputValid = false;
        }
    }
    finish(call, value.isError ? ToolCallOutcome::Kind::ToolError : ToolCallOutcome::Kind::Succeeded);
}

void ToolCallPipeline::finish(ToolCall *call, ToolCallOutcome::Kind kind)
{
    if (call->stage() == ToolCall::Stage::Finished)
        return;
    call->m_record.outcome.kind = kind;
    if (call->m_runTimer.isValid())
        call->m_record.outcome.durationMs = call->m_runTimer.elapsed();
    journal(call, CallJournalEntry::Kind::Closed);
    emit callFinished(call);
    call->setStage(ToolCall::Stage::Finished);
    emit call->finished();
}

void ToolCallPipeline::journal(ToolCall *call, CallJournalEntry::Kind kind, const TaskEvent *step)
{
    if (!d->journal)
        return;
    using Kind = CallJournalEntry::Kind;
    if (kind == Kind::Opened) {
        if (call->m_opened)
            return; // asked again after the tool changed: the call was opened already
        call->m_opened = true;
    } else if (!call->m_opened) {
        if (kind == Kind::Abandoned)
            return; // nothing was written of it
        // It ended before it could be described (not connected, no such tool): opened and closed at once.
        call->m_opened = true;
        d->journal->write(CallJournalEntry{Kind::Opened, call->m_record});
    }
    d->journal->write(CallJournalEntry{kind, call->m_record, step});
}

} // namespace Toolgate

#include "moc_toolcall.cpp"
