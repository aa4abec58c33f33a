#include "core/collections/promptevaluation.h"

#include "core/calls/calltarget.h"
#include "core/common/error.h"
#include "core/model/conversationturn.h"
#include "core/model/modelclient.h"
#include "core/model/modelturn.h"

#include <QCoreApplication>

namespace Toolgate {

QString PromptRunReport::calledText() const
{
    if (calls.isEmpty()) {
        return answer.trimmed().isEmpty()
            ? QCoreApplication::translate("Toolgate::PromptEvaluation", "no tool, and it said nothing")
            : QCoreApplication::translate("Toolgate::PromptEvaluation", "no tool; it answered: %1").arg(Expectation::shortened(answer.simplified(), 200));
    }
    QStringList described;
    for (const ModelCallSeen &call : calls)
        described.append(call.describe());
    return described.join(QStringLiteral("; "));
}

PromptEvaluation::PromptEvaluation(ResolvedCall prompt, CallTarget *target, ModelClient *client, ToolCallPipeline *pipeline, bool sendCalls,
                                   QObject *parent)
    : QObject(parent)
    , m_prompt(std::move(prompt))
    , m_targetGuard(target ? target->targetObject() : nullptr)
    , m_target(target)
    , m_client(client)
    , m_pipeline(pipeline)
    , m_sendCalls(sendCalls)
{
}

PromptEvaluation::~PromptEvaluation()
{
    // The conversation first: it cancels what is still open while the client it uses is there.
    m_turn.reset();
    releaseModelTurn();
}

void PromptEvaluation::start()
{
    Q_ASSERT(!m_running);
    m_running = true;
    if (!m_targetGuard) {
        m_error = makeError(ErrorCode::NotConnected, QCoreApplication::translate("Toolgate::PromptEvaluation", "the server \"%1\" is not connected").arg(m_prompt.server));
        QMetaObject::invokeMethod(this, &PromptEvaluation::finish, Qt::QueuedConnection);
        return;
    }
    // Listed anew: the model is offered what the server has now.
    m_target->relistTools(this, [this](const Result<QList<Tool>> &tools) {
        if (!m_running)
            return;
        if (!tools) {
            m_error = tools.error();
            finish();
            return;
        }
        exposeTools(tools.value());
    });
}

void PromptEvaluation::exposeTools(const QList<Tool> &tools)
{
    QStringList names;
    for (const Tool &tool : tools)
        names.append(tool.name);
    QStringList missing;
    for (const QString &wanted : std::as_const(m_prompt.exposedTools)) {
        if (!names.contains(wanted))
            missing.append(wanted);
    }
    if (!missing.isEmpty()) {
        m_error = makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::PromptEvaluation", "the server \"%1\" has no tool %2 (named under \"tools\"); its tools: %3")
                                                        .arg(m_prompt.server, missing.join(QStringLiteral(", ")),
                                                             names.isEmpty() ? QCoreApplication::translate("Toolgate::PromptEvaluation", "(none)") : names.join(QStringLiteral(", "))));
        finish();
        return;
    }
    for (const QString &name : std::as_const(names)) {
        if (m_prompt.exposedTools.isEmpty() || m_prompt.exposedTools.contains(name))
            m_tools.add(m_target, name);
    }
    nextRun();
}

void PromptEvaluation::nextRun()
{
    if (m_cancelled || m_runs.size() >= m_prompt.runs) {
        finish();
        return;
    }
    m_runs.append(PromptRunReport{});
    m_runClock.start();
    if (m_sendCalls) {
        m_conversation = Conversation{};
        ConversationTurn::Options options;
        options.maxRounds = maxRounds;
        m_turn = std::make_unique<ConversationTurn>(&m_conversation, m_client, m_pipeline, &m_tools, options);
        connect(m_turn.get(), &ConversationTurn::finished, this, &PromptEvaluation::onConversationFinished);
        m_turn->start(m_prompt.prompt);
        return;
    }
    ModelRequest request;
    request.messages = {ModelMessage::user(m_prompt.prompt)};
    request.tools = m_tools.modelTools();
    m_modelTurn = m_client->send(request);
    connect(m_modelTurn, &ModelTurn::finished, this, &PromptEvaluation::onReply);
    connect(m_modelTurn, &ModelTurn::failed, this, &PromptEvaluation::onModelFailed);
}

void PromptEvaluation::onReply(const ModelReply &reply)
{
    releaseModelTurn();
    PromptRunReport &run = m_runs.last();
    run.answer = reply.text;
    for (const ModelToolCall &call : reply.toMessage().toolCalls) {
        ModelCallSeen seen;
        const auto resolved = m_tools.resolve(call.name);
        seen.tool = resolved ? resolved->tool : call.name;
        seen.exposed = resolved.has_value();
        seen.arguments = call.arguments;
        seen.argumentsText = call.argumentsText;
        seen.problem = call.problem;
        run.calls.append(seen);
    }
    judge(run);
    emit runFinished(int(m_runs.size() - 1));
    nextRun();
}

void PromptEvaluation::onModelFailed(const Error &error)
{
    releaseModelTurn();
    PromptRunReport &run = m_runs.last();
    run.durationMs = m_runClock.elapsed();
    run.modelFailed = true;
    run.problem = QCoreApplication::translate("Toolgate::PromptEvaluation", "the model gave no usable reply: %1").arg(error.message);
    emit runFinished(int(m_runs.size() - 1));
    nextRun();
}

void PromptEvaluation::onConversationFinished()
{
    // Not deleted inside its own signal.
    ConversationTurn *turn = m_turn.release();
    turn->disconnect(this);
    turn->deleteLater();
    PromptRunReport &run = m_runs.last();
    for (const ModelMessage &message : std::as_const(m_conversation.messages)) {
        if (message.role == ModelMessage::Role::Assistant && !message.text.isEmpty())
            run.answer = message.text;
    }
    for (const ConversationToolCall &call : std::as_const(m_conversation.toolCalls)) {
        ModelCallSeen seen;
        seen.tool = call.tool.isEmpty() ? call.name : call.tool;
        seen.exposed = !call.tool.isEmpty();
        seen.arguments = call.arguments;
        seen.argumentsText = call.argumentsText;
        if (call.status == ConversationToolCall::Status::Rejected)
            seen.problem = call.answer;
        seen.outcome = ConversationToolCall::statusName(call.status);
        run.calls.append(seen);
    }
    switch (turn->ending()) {
    case ConversationTurn::Ending::ModelFailed:
        run.durationMs = m_runClock.elapsed();
        run.modelFailed = true;
        run.problem = QCoreApplication::translate("Toolgate::PromptEvaluation", "the model gave no usable reply: %1").arg(turn->error().message);
        break;
    case ConversationTurn::Ending::Stopped:
        run.durationMs = m_runClock.elapsed();
        run.problem = QCoreApplication::translate("Toolgate::PromptEvaluation", "the run was cancelled");
        break;
    case ConversationTurn::Ending::Running:
    case ConversationTurn::Ending::Answered:
    case ConversationTurn::Ending::RoundLimit:
        judge(run);
        break;
    }
    emit runFinished(int(m_runs.size() - 1));
    nextRun();
}

void PromptEvaluation::judge(PromptRunReport &run)
{
    run.durationMs = m_runClock.elapsed();
    const ExpectedCall::Verdict verdict = ExpectedCall::judge(m_prompt.expectedCalls, run.calls);
    run.passed = verdict.passed;
    if (!verdict.passed)
        run.problem = QCoreApplication::translate("Toolgate::PromptEvaluation", "%1. The model called: %2").arg(verdict.problem, run.calledText());
}

void PromptEvaluation::cancel()
{
    if (!m_running || m_cancelled)
        return;
    m_cancelled = true;
    if (m_turn) {
        m_turn->stop(); // its finished() records the run and ends the evaluation
        return;
    }
    if (m_modelTurn) {
        releaseModelTurn();
        m_runs.last().durationMs = m_runClock.elapsed();
        m_runs.last().problem = QCoreApplication::translate("Toolgate::PromptEvaluation", "the run was cancelled");
        emit runFinished(int(m_runs.size() - 1));
    }
    finish();
}

void PromptEvaluation::releaseModelTurn()
{
    if (!m_modelTurn)
        return;
    ModelTurn *turn = m_modelTurn;
    m_modelTurn = nullptr;
    turn->disconnect(this);
    turn->cancel(); // nothing when it has ended
    turn->deleteLater();
}

void PromptEvaluation::finish()
{
    if (!m_running)
        return;
    m_running = false;
    emit finished();
}

} // namespace Toolgate

#include "moc_promptevaluation.cpp"
