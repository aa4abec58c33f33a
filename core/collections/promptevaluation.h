#pragma once

#include "core/collections/collection.h"
#include "core/collections/expectedcall.h"

#include "core/common/result.h"
#include "core/model/conversation.h"
#include "core/model/exposedtools.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

namespace Toolgate {

class CallTarget;
class ConversationTurn;
class ModelClient;
class ModelTurn;
class ToolCallPipeline;
struct ModelReply;

/// What became of one run of a prompt: the calls the model asked for and the verdict on them.
struct PromptRunReport
{
    QList<ModelCallSeen> calls; ///< in the order the model asked for them
    QString answer;             ///< the model's text
    bool passed = false;
    QString problem;            ///< failed: why (the model failed, or which expected call is missing)
    bool modelFailed = false;   ///< the model could not be reached or its reply was unusable
    qint64 durationMs = 0;

    /// What the model called, in one line: "add {"a": 2}; weather {…}", or that it called no tool.
    QString calledText() const;
};

/// Runs one prompt of a collection (docs/collections.md, "Evaluating a model"): runs times a fresh
/// conversation with the model, the prompt its one message and the chosen tools of the server offered,
/// each run judged by ExpectedCall::judge() on the calls the model asked for. Recording (the default),
/// the model's first reply is judged and nothing of it is sent: the run ends there, as a made-up
/// result would only mislead the model. Sending (the run's approval says so), each call goes through
/// the pipeline as any model's call — rules, pins, the person's decision, the audit log — and the
/// conversation goes on until the model answers; every call it asked for is judged.
/// Never blocks; finished() follows start() exactly once.
class PromptEvaluation final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PromptEvaluation)
public:
    /// Most replies of the model in one run that sends its calls.
    static constexpr int maxRounds = 10;

    /// Nothing is owned; target, client and pipeline must outlive the evaluation.
    PromptEvaluation(ResolvedCall prompt, CallTarget *target, ModelClient *client, ToolCallPipeline *pipeline, bool sendCalls,
                     QObject *parent = nullptr);
    ~PromptEvaluation() override;

    /// Lists the server's tools, then makes the runs one after another.
    void start();
    /// Stops: the model's reply (and a call under way) is abandoned, no more runs are made; finished() follows.
    void cancel();

    const QList<PromptRunReport> &runs() const { return m_runs; }
    /// Why no run could be made (the server has no tool the prompt names, its tools could not be listed).
    const std::optional<Error> &error() const { return m_error; }

signals:
    /// runs().at(index) is complete.
    void runFinished(int index);
    void finished();

private:
    void exposeTools(const QList<Tool> &tools);
    void nextRun();
    void onReply(const ModelReply &reply);
    void onModelFailed(const Error &error);
    void onConversationFinished();
    void judge(PromptRunReport &run);
    void releaseModelTurn();
    void finish();

    ResolvedCall m_prompt;
    QPointer<QObject> m_targetGuard;
    CallTarget *m_target;
    ModelClient *m_client;
    ToolCallPipeline *m_pipeline;
    bool m_sendCalls;
    ExposedTools m_tools;
    QList<PromptRunReport> m_runs;
    std::optional<Error> m_error;
    QPointer<ModelTurn> m_modelTurn;
    Conversation m_conversation;
    std::unique_ptr<ConversationTurn> m_turn;
    QElapsedTimer m_runClock;
    bool m_running = false;
    bool m_cancelled = false;
};

} // namespace Toolgate
