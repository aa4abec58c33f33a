#include "core/collections/collectionrunner.h"

#include "core/calls/calltarget.h"
#include "core/calls/runapproval.h"
#include "core/common/error.h"

#include <QCoreApplication>

#include <algorithm>

namespace Toolgate {

bool CallReport::answered() const
{
    return outcome.kind == ToolCallOutcome::Kind::Succeeded || outcome.kind == ToolCallOutcome::Kind::ToolError;
}

bool CallReport::passed() const
{
    if (!answered())
        return false;
    return std::all_of(expectations.cbegin(), expectations.cend(), [](const ExpectationResult &r) { return r.passed; });
}

QString CallReport::problem() const
{
    if (!made)
        return QCoreApplication::translate("Toolgate::CollectionRunner", "the call was not made");
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

CollectionRunner::CollectionRunner(ToolCallPipeline *pipeline, TargetFinder targets, CallInitiator initiator, QObject *parent)
    : QObject(parent)
    , m_pipeline(pipeline)
    , m_targets(std::move(targets))
    , m_initiator(initiator)
{
}

CollectionRunner::~CollectionRunner() = default;

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
        m_report.calls.append(report);
    }

    // The person approves the whole run once, each call shown with the server it goes to (as the
    // pipeline will see it) and its exact arguments.
    RunApprovalRequest request;
    request.runName = runName;
    request.initiator = m_initiator;
    for (const ResolvedCall &call : calls) {
        RunApprovalRequest::Entry entry;
        entry.name = call.name;
        const Result<CallTarget *> target = m_targets ? m_targets(call.server) : Result<CallTarget *>(nullptr);
        entry.server = target && target.value() ? target.value()->identity() : ServerIdentity{call.server, {}, {}};
        entry.toolName = call.tool;
        entry.arguments = call.arguments;
        entry.argumentOrder = call.argumentOrder;
        request.calls.append(entry);
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
