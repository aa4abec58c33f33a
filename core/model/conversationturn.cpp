#include "core/model/conversationturn.h"

#include "core/calls/toolcall.h"
#include "core/common/jsonkeyorder.h"
#include "core/model/argumentorigins.h"
#include "core/model/exposedtools.h"
#include "core/model/modelerror.h"
#include "core/model/modelclient.h"
#include "core/model/modellogging.h"
#include "core/model/modelturn.h"

#include <QLocale>
#include <QUuid>

namespace Toolgate {

ConversationTurn::ConversationTurn(Conversation *conversation, ModelClient *client, ToolCallPipeline *pipeline, const ExposedTools *tools,
                                   Options options, QObject *parent)
    : QObject(parent)
    , m_conversation(conversation)
    , m_client(client)
    , m_pipeline(pipeline)
    , m_tools(tools)
    , m_options(options)
    , m_budget(client->config().contextLimit, options.maxTokens > 0 ? options.maxTokens : client->config().maxOutputTokens)
{ }

ConversationTurn::~ConversationTurn()
{
    if (isRunning())
        halt();
}

void ConversationTurn::start(const QString &message)
{
    if (m_started)
        return;
    m_started = true;
    m_firstUsage = m_conversation->usage.size();
    if (m_conversation->title.isEmpty())
        m_conversation->title = Conversation::titleFor(message);
    if (m_conversation->id.isEmpty())
        m_conversation->id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_conversation->messages.append(ModelMessage::user(message));
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (isRunning())
                askModel();
        },
        Qt::QueuedConnection);
}

ModelUsage ConversationTurn::usage() const
{
    Conversation replies;
    replies.usage = m_conversation->usage.mid(m_firstUsage);
    return replies.totalUsage();
}

void ConversationTurn::askModel()
{
    if (m_rounds >= m_options.maxRounds) {
        qCInfo(lcModel) << "the model still asked for tools after" << m_rounds << "replies; the turn stops there";
        finish(Ending::RoundLimit);
        return;
    }
    ModelRequest request;
    request.tools = m_tools->modelTools();
    ContextBudget::Fitted fitted = m_budget.fit(m_conversation->messages, request.tools);
    if (!fitted.fits) {
        qCInfo(lcModel) << "the conversation needs about" << fitted.estimatedTokens << "tokens, more than the model's context of"
                        << m_budget.contextLimit() << "; nothing was sent";
        m_error = ModelErrors::make(ModelProblem::ContextFull,
            tr("The conversation no longer fits the model's context of %1 tokens: it needs about %2 even with every tool result "
               "shortened, so nothing was sent. Start a new conversation, or raise the context limit in Settings › Models if "
               "the model takes more.")
                .arg(QLocale().toString(m_budget.contextLimit()), QLocale().toString(fitted.estimatedTokens)));
        finish(Ending::ModelFailed);
        return;
    }
    if (fitted.shortenedResults > m_shortenedResults) {
        m_shortenedResults = fitted.shortenedResults;
        emit contextShortened(m_shortenedResults, m_budget.contextLimit());
        if (!isRunning())
            return;
    }
    request.messages = std::move(fitted.messages);
    m_sentCharacters = ContextBudget::charactersOf(request.messages, request.tools);
    request.maxTokens = m_options.maxTokens;
    request.stream = m_options.stream;
    m_modelTurn = m_client->send(request);
    connect(m_modelTurn, &ModelTurn::textReceived, this, &ConversationTurn::textReceived);
    connect(m_modelTurn, &ModelTurn::finished, this, &ConversationTurn::onReply);
    connect(m_modelTurn, &ModelTurn::failed, this, &ConversationTurn::onModelFailed);
}

void ConversationTurn::releaseModelTurn()
{
    if (!m_modelTurn)
        return;
    ModelTurn *turn = m_modelTurn;
    m_modelTurn = nullptr;
    turn->disconnect(this);
    turn->cancel(); // nothing when it has ended
    turn->deleteLater();
}

void ConversationTurn::onModelFailed(const Error &error)
{
    releaseModelTurn();
    m_error = error;
    finish(Ending::ModelFailed);
}

void ConversationTurn::onReply(const ModelReply &reply)
{
    releaseModelTurn();
    ++m_rounds;
    m_budget.learn(m_sentCharacters, reply.usage.inputTokens);
    m_conversation->usage.append(reply.usage);
    const int round = int(m_conversation->usage.size());
    // Every call of the reply, rejected ones too, is in the message and must be answered.
    const ModelMessage message = reply.toMessage();
    m_conversation->messages.append(message);
    m_replyCalls.clear();
    for (const ModelToolCall &call : message.toolCalls) {
        ConversationToolCall record;
        record.round = round;
        record.callId = call.id;
        record.name = call.name;
        record.arguments = call.arguments;
        record.argumentsText = call.argumentsText;
        if (!call.isValid()) {
            ToolAnswer::rejected(record, call.problem);
        } else if (const auto resolved = m_tools->resolve(call.name)) {
            record.server = resolved->server;
            record.tool = resolved->tool;
        } else {
            // Offered but not exposed cannot happen through the client (it rejects names it did not
            // offer); this is the conversation's own word on it, whatever the client let through.
            ToolAnswer::notExposed(record);
        }
        m_conversation->toolCalls.append(record);
        m_replyCalls.append(int(m_conversation->toolCalls.size() - 1));
    }
    emit replied(reply);
    if (!isRunning())
        return;
    if (m_replyCalls.isEmpty()) {
        finish(Ending::Answered);
        return;
    }
    for (int index : std::as_const(m_replyCalls)) {
        if (m_conversation->toolCalls.at(index).isAnswered()) {
            emit toolCallAnswered(index);
            if (!isRunning())
                return;
        }
    }
    runNextCall();
}

void ConversationTurn::runNextCall()
{
    // One call after another: each is put to the person on its own, and may depend on the one before.
    for (int index : std::as_const(m_replyCalls)) {
        ConversationToolCall &record = m_conversation->toolCalls[index];
        if (record.isAnswered())
            continue;
        // Asked again: the exposed tools, or their servers, may have changed while earlier calls ran.
        const auto resolved = m_tools->resolve(record.name);
        if (!resolved || !m_pipeline) {
            record.server.clear();
            record.tool.clear();
            ToolAnswer::notExposed(record);
            emit toolCallAnswered(index);
            if (!isRunning())
                return;
            continue;
        }
        ToolCall *call = m_pipeline->call(resolved->target, resolved->tool, record.arguments, CallInitiator::Model, m_pipeline,
                                          JsonKeyOrder::fromJson(record.argumentsText.toUtf8()));
        call->setRequestedIn(m_conversation->id, m_conversation->title);
        // Where the arguments' text came from is a matter of the conversation; the pipeline only carries it.
        record.argumentOrigins = ArgumentOriginFinder(ArgumentOriginFinder::sourcesOf(*m_conversation)).find(resolved->server, record.arguments);
        call->setArgumentOrigins(record.argumentOrigins);
        record.pipelineCallId = call->id();
        m_call = call;
        m_callIndex = index;
        // The pipeline owns the call; it goes once finished, also when this turn stopped waiting for it.
        connect(call, &ToolCall::finished, call, &QObject::deleteLater);
        connect(call, &ToolCall::finished, this, [this, index] { onCallFinished(index); });
        emit toolCallStarted(index, call);
        return;
    }
    sendAnswers();
    askModel();
}

void ConversationTurn::onCallFinished(int index)
{
    if (!m_call || index != m_callIndex)
        return;
    ToolAnswer::fromOutcome(m_conversation->toolCalls[index], m_call->outcome(), m_options.maxAnswerLength);
    m_call = nullptr;
    m_callIndex = -1;
    emit toolCallAnswered(index);
    if (isRunning())
        runNextCall();
}

void ConversationTurn::sendAnswers()
{
    QList<ModelToolResult> results;
    results.reserve(m_replyCalls.size());
    for (int index : std::as_const(m_replyCalls)) {
        const ConversationToolCall &record = m_conversation->toolCalls.at(index);
        results.append(ModelToolResult{record.callId, record.answer, record.answerIsError});
    }
    m_conversation->messages.append(ModelMessage::results(results));
    m_replyCalls.clear();
}

QList<int> ConversationTurn::halt()
{
    releaseModelTurn();
    if (m_call) {
        ToolCall *call = m_call;
        m_call = nullptr;
        m_callIndex = -1;
        call->disconnect(this);
        // Waiting for approval: the question is withdrawn. Running: the server is told. Either way the
        // call finishes (and goes) by itself; the model hears now that it was cancelled.
        call->cancel(QStringLiteral("the person stopped the conversation"));
    }
    QList<int> answered;
    for (int index : std::as_const(m_replyCalls)) {
        ConversationToolCall &record = m_conversation->toolCalls[index];
        if (record.isAnswered())
            continue;
        ToolAnswer::cancelled(record);
        answered.append(index);
    }
    if (!m_replyCalls.isEmpty())
        sendAnswers();
    return answered;
}

void ConversationTurn::stop()
{
    if (!isRunning())
        return;
    // Ended first, so that nothing a signal below sets off can start more work.
    m_ending = Ending::Stopped;
    const QList<int> answered = halt();
    for (int index : answered)
        emit toolCallAnswered(index);
    emit finished();
}

void ConversationTurn::finish(Ending ending)
{
    if (!isRunning())
        return;
    m_ending = ending;
    emit finished();
}

} // namespace Toolgate

#include "moc_conversationturn.cpp"
