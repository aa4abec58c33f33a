#pragma once

#include "core/model/modelmessage.h"

#include <QList>
#include <QString>

namespace Toolgate {

/// Tokens a turn used, as the provider counted them (-1: not reported).
struct ModelUsage
{
    qint64 inputTokens = -1;
    qint64 outputTokens = -1;
};

/// What one turn of a model came to.
struct ModelReply
{
    enum class FinishReason {
        Stop,          ///< the model is done (OpenAI "stop", Anthropic "end_turn", "stop_sequence")
        ToolCalls,     ///< it waits for the results of its tool calls
        Length,        ///< cut at the token limit
        ContentFilter, ///< withheld by the provider ("content_filter", "refusal")
        Other,         ///< anything else, see rawFinishReason
    };

    QString text;
    QList<ModelToolCall> toolCalls;     ///< the calls that may be carried out
    QList<ModelToolCall> rejectedCalls; ///< calls with a problem: never carried out, answered with an error
    FinishReason finishReason = FinishReason::Other;
    QString rawFinishReason; ///< as the provider said it
    ModelUsage usage;

    /// The assistant message to put into the conversation: its text and every call, rejected ones
    /// included (each needs its answer for the conversation to go on).
    ModelMessage toMessage() const { return ModelMessage::assistant(text, toolCalls + rejectedCalls); }
};

} // namespace Toolgate
