#pragma once

#include "core/calls/approval.h"
#include "core/calls/argumentorigin.h"
#include "core/model/modelmessage.h"
#include "core/model/modelreply.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Toolgate {

/// One tool call a model asked for in a conversation, and what became of it.
struct ConversationToolCall
{
    enum class Status {
        Pending, ///< not answered yet
        Rejected, ///< the model's call itself was unusable (invalid JSON arguments, no such tool offered): nothing ran
        NotExposed, ///< the name maps to no tool exposed in the conversation: nothing ran
        Succeeded,
        ToolError, ///< the tool ran and reported an error
        Denied, ///< a person or a rule said no: nothing was sent
        InvalidArguments, ///< the arguments do not match the tool's input schema: nothing was sent
        Failed, ///< the server or connection failed
        Cancelled, ///< stopped before its result was in
    };

    int round = 0; ///< the model's reply (counted from 1 over the conversation) that asked for it
    QString callId; ///< the model's id of the call
    QString name; ///< the tool's name as the model wrote it
    QString server; ///< the exposed tool it maps to; empty when it maps to none
    QString tool;
    QJsonObject arguments; ///< parsed; empty when they were no JSON object
    QString argumentsText; ///< as the model wrote them
    Status status = Status::Pending;
    /// How the call was decided, once it was (by a person, a rule, or Toolgate for lack of anyone to ask).
    std::optional<ApprovalDecision> decision;
    /// The pipeline's call (ToolCall::id(), which the audit log records); 0 when nothing went to the pipeline.
    quint64 pipelineCallId = 0;
    /// The arguments that repeat text another server sent earlier in the conversation (as the
    /// confirmation dialog and the audit log mark them); kept with the conversation.
    QList<ArgumentOrigin> argumentOrigins;
    QString answer; ///< what the model was told
    bool answerIsError = false;

    bool isAnswered() const { return status != Status::Pending; }
    /// The status as the transcript names it ("succeeded", "not_exposed", ...).
    static QString statusName(Status status);
};

/// A conversation with a model: its title, the messages so far, every tool call the model asked for
/// with its fate, and the tokens each reply cost. A plain value; ConversationTurn adds to it.
struct Conversation
{
    /// Stable and unique among conversations (a kept one's is SavedConversation::id; ConversationTurn
    /// makes one for a conversation without): recorded with the model's calls in the audit log, and
    /// what an approval "for this conversation" holds for. Not part of toJson().
    QString id;
    QString title;
    QList<ModelMessage> messages;
    QList<ConversationToolCall> toolCalls;
    /// The tokens of each reply of the model, in order (-1: not reported by the provider).
    QList<ModelUsage> usage;

    /// The tokens of all replies: each count summed over the replies that reported it (-1: none did).
    ModelUsage totalUsage() const;
    /// A title made from the first message: its first line, whitespace simplified, cut to a few words.
    static QString titleFor(const QString &firstMessage);
    /// The transcript: title, messages, tool calls with their decisions and answers, usage.
    QJsonObject toJson() const;
    /// The conversation a transcript (toJson()) describes, to go on with it (a saved conversation).
    /// What the transcript lacks is left empty; a tool call still pending counts as cancelled, as
    /// nothing will answer it any more.
    static Conversation fromJson(const QJsonObject &json);
    static QJsonObject usageToJson(const ModelUsage &usage);
};

} // namespace Toolgate
