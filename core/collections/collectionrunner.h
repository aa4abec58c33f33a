#pragma once

#include "core/collections/collection.h"
#include "core/collections/promptevaluation.h"

#include "core/calls/toolcall.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

namespace Toolgate {

class CallTarget;
class ModelClient;
class RunApproval;

/// What became of one call of a run.
struct CallReport
{
    QString name;
    QString server;
    QString tool;
    QJsonObject arguments;      ///< as resolved (and approved); outcome.sentArguments is what was sent
    JsonKeyOrder argumentOrder;
    bool made = false;          ///< the pipeline ran it (false: the run stopped before it)
    ToolCallOutcome outcome;
    qint64 durationMs = 0;      ///< from asking the pipeline to the outcome, approval included
    QList<ExpectationResult> expectations;

    // A prompt to a model (ResolvedCall::isPrompt()); outcome.error says why it could not run at all.
    bool isPrompt = false;
    QString prompt;
    int plannedRuns = 0;
    QList<PromptRunReport> promptRuns;
    /// The runs of a prompt that passed.
    int passedRuns() const;

    /// The tool gave a result (succeeded or reported an error).
    bool answered() const;
    /// Answered, and every expectation passed; a prompt: every one of its runs passed.
    bool passed() const;
    /// Why it failed when it has no failed expectation to say so: the call got no result.
    QString problem() const;
};

/// A whole run: one report per call, in the order of the collection.
struct RunReport
{
    QString collectionName;
    QDateTime startedAt;
    qint64 durationMs = 0;
    QList<CallReport> calls;
    /// Set when the run as a whole did not happen (not approved, cancelled before it started).
    std::optional<Error> error;

    bool passed() const;
    int failedCalls() const;
    int failedExpectations() const;
    /// A run of a prompt failed because the model could not be reached or replied unusably.
    bool modelFailed() const;
};

/// Runs the calls of a collection in order, through the ToolCallPipeline (so each is validated, decided
/// and recorded in the audit log like any call): first the whole run is approved once (each call with
/// its exact arguments), then each call goes with that approval, then its expectations are checked.
/// Never blocks; finished() follows start() exactly once.
class CollectionRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CollectionRunner)
public:
    /// The server a call names, connected and ready; else why not, in words for people (the call then
    /// fails with that error and the run goes on).
    using TargetFinder = std::function<Result<CallTarget *>(const QString &serverName)>;

    /// pipeline is not owned and must outlive the runner.
    CollectionRunner(ToolCallPipeline *pipeline, TargetFinder targets, CallInitiator initiator, QObject *parent = nullptr);
    ~CollectionRunner() override;

    /// The model the run's prompts go to (not owned; it must outlive the runner), and whether the run's
    /// approval is to send the tool calls it asks for (else they are recorded only). Without a model a
    /// prompt fails, saying so, and nothing is asked of any model.
    void setModel(ModelClient *client, bool sendCalls);

    /// Starts the run of calls (Collection::resolve()) under runName (the collection's name).
    void start(const QString &runName, const QList<ResolvedCall> &calls);
    /// Stops the run: the call under way is cancelled (or the approval no longer waited for), no more
    /// are made; finished() follows.
    void cancel();
    bool isRunning() const { return m_running; }
    const RunReport &report() const { return m_report; }

signals:
    /// The run approval was granted; the calls begin.
    void approved();
    void callStarted(int index);
    /// report().calls.at(index).promptRuns.at(run) is complete.
    void promptRunFinished(int index, int run);
    /// report().calls.at(index) is complete.
    void callFinished(int index);
    void finished();

private:
    void next();
    void callDone();
    void startPrompt(CallTarget *target);
    void promptDone();
    void finish();

    ToolCallPipeline *m_pipeline;
    TargetFinder m_targets;
    CallInitiator m_initiator;
    QList<ResolvedCall> m_calls;
    std::shared_ptr<RunApproval> m_approval;
    RunReport m_report;
    QPointer<ToolCall> m_call;
    QPointer<ModelClient> m_model;
    bool m_sendModelCalls = false;
    std::unique_ptr<PromptEvaluation> m_prompt;
    QElapsedTimer m_runClock;
    QElapsedTimer m_callClock;
    int m_index = -1;
    bool m_running = false;
    bool m_cancelled = false;
};

} // namespace Toolgate
