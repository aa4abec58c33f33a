#include "core/collections/collectionrunner.h"

#include "core/calls/calltarget.h"
#include "core/calls/runapproval.h"
#include "core/common/error.h"
#include "core/model/modelclient.h"

#include <QCoreApplication>

#include <algorithm>

namespace Toolgate {

bool CallReport::answered() const
{
    return outcome.kind == ToolCallOutcome::Kind::Succeeded || outcome.kind == ToolCallOutcome::Kind::ToolError;
}

int CallReport::passedRuns() const
{
    return int(std::count_if(promptRuns.cbegin(), promptRuns.cend(), [](const PromptRunReport &run) { return run.passed; }));
}

bool CallReport::passed() const
{
    if (isPrompt)
        return made && plannedRuns > 0 && passedRuns() == plannedRuns;
    if (!answered())
        return false;
    return std::all_of(expectations.cbegin(), expectations.cend(), [](const ExpectationResult &r) { return r.passed; });
}

QString CallReport::problem() const
{
    if (!made)
        return QCoreApplication::translate("Toolgate::CollectionRunner", "the call was not made");
    if (isPrompt)
        return outcome.error.message;
    if (answered())
        return {};
    const QString why = outcome.error.message.isEmpty() ? ToolCallOutcome::kindName(outcome.kind) : outcome.error.message;
    return QCoreApplication::translate("Toolgate::CollectionRunner", "the tool gave no result (%1): %2")
        .arg(ToolCallOutcome::kindName(outcome.kind), Expectation::shortened(why));
}

bool RunReport::passed() const
{
    return !error && failedCalls() == 0;
}

int RunReport::failedCalls() const
{
    return int(std::count_if(calls.cbegin(), calls.cend(), [](const CallReport &c) { return !c.passed(); }));
}

int RunReport::failedExpectations() const
{
    int failed = 0;
    for (const CallReport &call : calls)
        failed += int(std::count_if(call.expectations.cbegin(), call.expectations.cend(), [](const ExpectationResult &r) { return !r.passed; }));
    return failed;
}

bool RunReport::modelFailed() const
{
    return std::any_of(calls.cbegin(), calls.cend(), [](const CallReport &call) {
        return std::any_of(call.promptRuns.cbegin(), call.promptRuns.cend(), [](const PromptRunReport &run) { return run.modelFailed; });
    });
}

CollectionRunner::CollectionRunner(ToolCallPipeline *pipeline, TargetFinder targets, CallInitiator initiator, QObject *parent)
    : QObject(parent)
    , m_pipeline(pipeline)
    , m_targets(std::move(targets))
    , m_initiator(initiator)
{
}

CollectionRunner::~CollectionRunner() = default;

void CollectionRunner::setModel(ModelClient *client, bool sendCalls)
{
    m_model = client;
    m_sendModelCalls = sendCalls;
}

void CollectionRunner::start(const QString &runName, const QList<ResolvedCall> &calls)
{
    Q_ASSERT(!m_running);
    m_running = true;
    m_cancelled = false;
    m_calls = calls;
    m_index = -1;
    m_approval.reset();
    m_report = RunReport{};
    m_report.collectionName = runName;
    m_report.startedAt = QDateTime::currentDateTimeUtc();
    m_runClock.start();
    for (const ResolvedCall &call : calls) {
        CallReport report;
        report.name = call.name;
        report.server = call.server;
        report.tool = call.tool;
        report.arguments = call.arguments;
        report.argumentOrder = call.argumentOrder;
        report.isPrompt = call.isPrompt();
        report.prompt = call.prompt;
        report.plannedRuns = call.isPrompt() ? call.runs : 0;
        m_report.calls.append(report);
    }

    // The person approves the whole run once, each call shown with the server it goes to (as the
    // pipeline will see it) and its exact arguments.
    RunApprovalRequest request;
    request.runName = runName;
    request.initiator = m_initiator;
    for (const ResolvedCall &call : calls) {
        const Result<CallTarget *> target = m_targets ? m_targets(call.server) : Result<CallTarget *>(nullptr);
        const ServerIdentity server = target && target.value() ? target.value()->identity() : ServerIdentity{call.server, {}, {}};
        if (call.isPrompt()) {
            // Without a model nothing is asked of one: the prompt fails on its own, saying so.
            if (m_model)
                request.prompts.append(RunApprovalRequest::Prompt{call.name, server, call.prompt, call.exposedTools, call.runs});
            continue;
        }
        RunApprovalRequest::Entry entry;
        entry.name = call.name;
        entry.server = server;
        entry.toolName = call.tool;
        entry.arguments = call.arguments;
        entry.argumentOrder = call.argumentOrder;
        request.calls.append(entry);
    }
    if (!request.prompts.isEmpty()) {
        request.model = QCoreApplication::translate("Toolgate::CollectionRunner", "%1 at %2").arg(m_model->config().model, m_model->endpointText());
        request.sendModelCalls = m_sendModelCalls;
    }
    m_pipeline->requestRunApproval(request, this, [this](const Result<std::shared_ptr<RunApproval>> &approval) {
        if (!m_running)
            return;
        if (!approval) {
            m_report.error = approval.error();
            finish();
            return;
        }
        if (m_cancelled) {
            m_report.error = makeError(ErrorCode::RequestCancelled, QCoreApplication::translate("Toolgate::CollectionRunner", "the run was cancelled"));
            finish();
            return;
        }
        m_approval = approval.value();
        emit approved();
        next();
    });
}

void CollectionRunner::cancel()
{
    if (!m_running || m_cancelled)
        return;
    m_cancelled = true;
    if (m_prompt) {
        m_prompt->cancel(); // its finished() ends the run
        return;
    }
    if (m_call) {
        m_call->cancel(); // its finished() ends the run
        return;
    }
    if (!m_approval) {
        // Still waiting for the run's approval: nothing was sent, and nothing will be.
        m_report.error = makeError(ErrorCode::RequestCancelled, QCoreApplication::translate("Toolgate::CollectionRunner", "the run was cancelled"));
        finish();
    }
}

void CollectionRunner::next()
{
    ++m_index;
    if (m_cancelled || m_index >= m_calls.size()) {
        finish();
        return;
    }
    const ResolvedCall &call = m_calls.at(m_index);
    CallReport &report = m_report.calls[m_index];
    report.made = true;
    m_callClock.start();
    emit callStarted(m_index);
    const Result<CallTarget *> target = m_targets ? m_targets(call.server) : Result<CallTarget *>(nullptr);
    if (!target || !target.value()) {
        report.outcome.kind = ToolCallOutcome::Kind::Failed;
        report.outcome.error = !target ? target.error()
                                       : makeError(ErrorCode::NotConnected, QCoreApplication::translate("Toolgate::CollectionRunner", "the server \"%1\" is not connected")
                                                                                .arg(call.server));
        for (const Expectation &e : call.expectations)
            report.expectations.append(e.evaluate(report.outcome));
        emit callFinished(m_index);
        QMetaObject::invokeMethod(this, [this] { next(); }, Qt::QueuedConnection);
        return;
    }
    if (call.isPrompt()) {
        startPrompt(target.value());
        return;
    }
    m_call = m_pipeline->call(target.value(), call.tool, call.arguments, m_initiator, this, call.argumentOrder);
    m_call->setRunApproval(m_approval);
    connect(m_call.data(), &ToolCall::finished, this, &CollectionRunner::callDone);
}

void CollectionRunner::callDone()
{
    ToolCall *call = m_call;
    if (!call)
        return;
    m_call = nullptr;
    CallReport &report = m_report.calls[m_index];
    report.outcome = call->outcome();
    // The tool's own time when it was sent; else the time until the pipeline gave up.
    report.durationMs = call->outcome().durationMs > 0 ? call->outcome().durationMs : m_callClock.elapsed();
    for (const Expectation &e : m_calls.at(m_index).expectations)
        report.expectations.append(e.evaluate(report.outcome));
    call->deleteLater();
    emit callFinished(m_index);
    next();
}

void CollectionRunner::startPrompt(CallTarget *target)
{
    CallReport &report = m_report.calls[m_index];
    if (!m_model) {
        report.outcome.kind = ToolCallOutcome::Kind::Failed;
        report.outcome.error = makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::CollectionRunner", "this is a prompt for a model, and the run has no model: "
                                                                                                                            "name one (toolgate-cli run --model NAME)"));
        emit callFinished(m_index);
        QMetaObject::invokeMethod(this, [this] { next(); }, Qt::QueuedConnection);
        return;
    }
    // What the approval said is what happens: it, not the caller, decides whether calls are sent.
    m_prompt = std::make_unique<PromptEvaluation>(m_calls.at(m_index), target, m_model, m_pipeline, m_approval->sendsModelCalls());
    const int index = m_index;
    connect(m_prompt.get(), &PromptEvaluation::runFinished, this, [this, index](int run) {
        m_report.calls[index].promptRuns = m_prompt->runs();
        emit promptRunFinished(index, run);
    });
    connect(m_prompt.get(), &PromptEvaluation::finished, this, &CollectionRunner::promptDone);
    m_prompt->start();
}

void CollectionRunner::promptDone()
{
    if (!m_prompt)
        return;
    // Not deleted inside its own signal.
    PromptEvaluation *prompt = m_prompt.release();
    prompt->disconnect(this);
    prompt->deleteLater();
    CallReport &report = m_report.calls[m_index];
    report.promptRuns = prompt->runs();
    report.durationMs = m_callClock.elapsed();
    if (prompt->error()) {
        report.outcome.kind = ToolCallOutcome::Kind::Failed;
        report.outcome.error = *prompt->error();
    }
    emit callFinished(m_index);
    next();
}

void CollectionRunner::finish()
{
    if (!m_running)
        return;
    m_running = false;
    m_report.durationMs = m_runClock.elapsed();
    m_approval.reset();
    emit finished();
}

} // namespace Toolgate

#include "moc_collectionrunner.cpp"
