#pragma once

#include "core/model/conversation.h"
#include "core/model/conversationturn.h"
#include "core/model/exposedtools.h"
#include "core/protocol/serveridentity.h"

#include <QString>

namespace Toolgate {

class ModelClient;

/// What toolgate-cli chat prints: the model's text on stdout as it streams, each tool call the model
/// asks for and what became of it on stderr (the approval prompt comes in between), the tokens used,
/// and with --json the whole transcript on stdout instead of the text. Everything the model or a
/// server wrote passes through Console, so none of it can steer the terminal.
class ChatOutput final
{
public:
    ChatOutput(bool json, bool verbose);

    /// Which model, which server, which tools the model may ask for (stderr).
    void introduce(const ModelClient &client, const ServerIdentity &server, const ExposedTools &tools, bool interactive);
    /// A piece of the model's text (stdout, unless --json).
    void text(const QString &piece);
    /// The model's reply is complete: its text ends its line.
    void replyEnded();
    void callStarted(const ConversationToolCall &call);
    void callAnswered(const ConversationToolCall &call);
    /// Older tool results were shortened to fit the model's context (stderr).
    void contextShortened(int shortenedResults, qint64 contextLimit);
    /// How an exchange ended, in words, when not as expected (stderr); the tokens with --verbose or
    /// in interactive mode.
    void exchangeEnded(const ConversationTurn &turn, const Conversation &conversation, int maxRounds, bool interactive);
    /// The transcript, with --json (stdout).
    void transcript(const Conversation &conversation, const ModelClient &client, const ServerIdentity &server, const ExposedTools &tools,
                    ConversationTurn::Ending ending, const Error &error);

    static QString endingName(ConversationTurn::Ending ending);

private:
    bool m_json;
    bool m_verbose;
    bool m_lineOpen = false; ///< text of the model's printed on stdout without its newline yet
};

} // namespace Toolgate
