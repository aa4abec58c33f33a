#pragma once

#include "core/calls/toolcall.h"
#include "core/model/conversation.h"

#include <QString>

namespace Toolgate {

/// What a model is told about one of its tool calls: the tool's result as text, or why nothing ran.
/// The model reads these words (and may pass them on to the person), so they say plainly what
/// happened; a denial carries the person's reason.
class ToolAnswer final
{
public:
    ToolAnswer() = delete;

    /// Most characters of one answer; the rest is cut, saying so (a tool may return megabytes).
    static constexpr qsizetype defaultMaxLength = 256 * 1024;

    /// Fills call's status, decision and answer from what the pipeline made of it.
    static void fromOutcome(ConversationToolCall &call, const ToolCallOutcome &outcome, qsizetype maxLength = defaultMaxLength);
    /// The model's call was unusable (problem says why: invalid JSON arguments, a tool not offered).
    static void rejected(ConversationToolCall &call, const QString &problem);
    /// The name maps to no tool exposed in the conversation.
    static void notExposed(ConversationToolCall &call);
    /// Stopped by the person before a result was in.
    static void cancelled(ConversationToolCall &call);

    /// A tool's result as text for the model: text blocks as they are, other blocks named (an image
    /// is not sent), structured content as JSON when nothing else says it.
    static QString resultText(const CallToolResult &result);
};

} // namespace Toolgate
