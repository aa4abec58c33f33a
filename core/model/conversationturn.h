#pragma once

#include "core/common/error.h"
#include "core/model/contextbudget.h"
#include "core/model/conversation.h"
#include "core/model/modelreply.h"
#include "core/model/toolanswer.h"

#include <QList>
#include <QObject>
#include <QPointer>

namespace Toolgate {

class ExposedTools;
class ModelClient;
class ModelTurn;
class ToolCall;
class ToolCallPipeline;

/// One exchange of a conversation: the person's message goes to the model with the exposed tools;
/// each tool call the model asks for goes through the ToolCallPipeline (CallInitiator::Model: rules,
/// pinning, the person's approval, the audit log), one after another, and its outcome goes back to
/// the model; this repeats until the model answers without tool calls, or a bound on rounds is
/// reached. A name that maps to no exposed tool, or a call the model wrote unusably, is answered
/// with an error and nothing runs. Every call of a reply is answered exactly once, also on stop().
class ConversationTurn final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConversationTurn)
public:
    struct Options
    {
        /// Most replies of the model in one exchange: a model that keeps calling tools is stopped there.
        int maxRounds = 10;
        /// Most tokens per reply; 0: the connection's default.
        int maxTokens = 0;
        bool stream = true;
        /// Most characters of one tool result sent back to the model.
        qsizetype maxAnswerLength = ToolAnswer::defaultMaxLength;
    };

    enum class Ending {
        Running,
        Answered, ///< the model answered without (further) tool calls
        RoundLimit, ///< the model still asked for tools after Options::maxRounds replies
        /// the model could not be reached or its reply was unusable, or the conversation does not fit
        /// the model's context even with its tool results shortened (nothing was sent): see error()
        ModelFailed,
        Stopped, ///< stop()
    };

    /// Nothing is owned; conversation, client, pipeline and tools must outlive the turn.
    ConversationTurn(Conversation *conversation, ModelClient *client, ToolCallPipeline *pipeline, const ExposedTools *tools,
                     Options options, QObject *parent = nullptr);
    /// A turn still running is stopped (without finished()).
    ~ConversationTurn() override;

    /// Adds the person's message to the conversation and asks the model; finished() follows, never
    /// synchronously. Once per turn.
    void start(const QString &message);
    /// Ends the turn at once: the model's reply being read is abandoned, the tool call waiting for
    /// approval or running is cancelled (the server is told), and every call not answered yet is
    /// answered as cancelled. finished() is emitted before this returns, unless the turn had ended.
    void stop();

    Ending ending() const { return m_ending; }
    bool isRunning() const { return m_ending == Ending::Running; }
    /// Why the model failed (ModelFailed), in words for people.
    const Error &error() const { return m_error; }
    /// The replies the model gave in this turn.
    int rounds() const { return m_rounds; }
    /// The tokens of this turn's replies.
    ModelUsage usage() const;

signals:
    /// A piece of the model's text as it arrives.
    void textReceived(const QString &piece);
    /// The model's reply is in (its text and calls are in the conversation now).
    void replied(const Toolgate::ModelReply &reply);
    /// The call conversation->toolCalls[index] went to the pipeline: call is the pipeline's call, to
    /// follow (it is owned by the pipeline and deletes itself once finished).
    void toolCallStarted(int index, Toolgate::ToolCall *call);
    /// conversation->toolCalls[index] is answered (run, denied, rejected, not exposed or cancelled).
    void toolCallAnswered(int index);
    /// To fit the model's context (ModelConfig::contextLimit, tokens), the request about to be sent
    /// has its shortenedResults oldest tool results replaced by a note (the conversation keeps them).
    /// Emitted when that number grows within the turn.
    void contextShortened(int shortenedResults, qint64 contextLimit);
    void finished();

private:
    void askModel();
    void onReply(const ModelReply &reply);
    void onModelFailed(const Error &error);
    void runNextCall();
    void onCallFinished(int index);
    void answer(int index);
    /// Puts the answers of the current reply's calls into the conversation, once all are answered.
    void sendAnswers();
    /// Abandons the model's reply, cancels the call under way and answers every call not answered yet
    /// as cancelled; returns the indexes it answered.
    QList<int> halt();
    void finish(Ending ending);
    void releaseModelTurn();

    Conversation *m_conversation;
    ModelClient *m_client;
    QPointer<ToolCallPipeline> m_pipeline;
    const ExposedTools *m_tools;
    Options m_options;
    ContextBudget m_budget;
    /// The size of the request last sent (ContextBudget::charactersOf()), to learn from its reply's usage.
    qsizetype m_sentCharacters = 0;
    int m_shortenedResults = 0;

    QPointer<ModelTurn> m_modelTurn;
    QPointer<ToolCall> m_call;
    int m_callIndex = -1;
    /// The indexes in m_conversation->toolCalls of the current reply's calls, in the reply's order.
    QList<int> m_replyCalls;
    int m_rounds = 0;
    qsizetype m_firstUsage = 0;
    bool m_started = false;
    Ending m_ending = Ending::Running;
    Error m_error;
};

} // namespace Toolgate
