#pragma once

// Conversations as the model tests build them by hand.

#include "core/model/conversation.h"

namespace Toolgate::TestSupport {

/// A model's call of asked.name on server in round 1, as the conversation records it before it runs.
inline ConversationToolCall conversationCall(const ModelToolCall &asked, const QString &server)
{
    ConversationToolCall call;
    call.round = 1;
    call.callId = asked.id;
    call.name = asked.name;
    call.tool = asked.name;
    call.server = server;
    call.arguments = asked.arguments;
    call.argumentsText = asked.argumentsText;
    return call;
}

} // namespace Toolgate::TestSupport
