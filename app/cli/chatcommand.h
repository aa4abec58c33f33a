#pragma once

#include "app/cli/cliarguments.h"
#include "app/cli/exitcode.h"
#include "core/calls/approval.h"
#include "core/model/conversation.h"
#include "core/model/exposedtools.h"
#include "core/skills/skillinstructions.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

namespace Toolgate {

class AuditLog;
class ChatOutput;
class ConversationTurn;
class ModelClient;
class OutputPrinter;
class SecretStore;
class SkillCatalog;
class ServerConnection;
class TerminalReader;
class TerminalTurns;
class ToolCallPipeline;

/// toolgate-cli chat: a conversation with a language model that may call the connected server's
/// tools (all of them, or those named with --tool). Each call the model asks for goes through the
/// pipeline as the model's (CallInitiator::Model): at a terminal the person decides each, as call
/// asks; without one only calls a rule allows run (noTerminalDecision()). The outcome goes back to the
/// model until it answers. With a question: one exchange; without, at a terminal: a prompt line per
/// message until the input ends.
class ChatCommand final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChatCommand)
public:
    /// What the chat uses of the run; nothing is owned, all must outlive the command.
    struct Context
    {
        ServerConnection *connection = nullptr; ///< ready
        ToolCallPipeline *pipeline = nullptr;
        SecretStore *secrets = nullptr; ///< where a configured model's key is kept
        AuditLog *audit = nullptr; ///< told the key, so that it is redacted from what it records
        OutputPrinter *printer = nullptr;
        TerminalReader *reader = nullptr; ///< the person's messages in interactive mode
        TerminalTurns *turns = nullptr;
    };

    /// Before any server starts: the model is known (models file, --model-url, the key's variable) and
    /// there is a question or a terminal to ask for one.
    static Result<void> prepare(const CliArguments &arguments);
    /// How a model's call is decided when nobody is at a terminal: denied, unless a rule allowed it first.
    static ApprovalDecision noTerminalDecision();
    /// The chat part of --help.
    static QString helpText();

    ChatCommand(Context context, CliArguments arguments, QObject *parent = nullptr);
    ~ChatCommand() override;

    /// Lists the tools, reads the model's key, then asks; finished() follows.
    void start();
    /// Ctrl-C: the exchange under way stops at once (its calls are cancelled) and the chat ends (130).
    void interrupt();
    /// The server died: the exchange stops and the chat ends (exit code 4).
    void serverFailed(const Error &error);

signals:
    void finished(int exitCode);

private:
    void exposeTools(const QList<Tool> &tools);
    void connectModel();
    void begin();
    /// --skill: lists the server's skills, opens and verifies the one named, and asks the person.
    void offerSkill();
    void confirmSkill();
    void onSkillAnswer(const QString &answer);
    void ask(const QString &message);
    void exchangeFinished();
    void promptForMessage();
    void onLine(const QString &line);
    void onEndOfInput();
    void done(ExitCode code);

    Context m_context;
    QPointer<ServerConnection> m_connection;
    CliArguments m_arguments;
    std::unique_ptr<ModelClient> m_client;
    ExposedTools m_tools;
    Conversation m_conversation;
    std::unique_ptr<ConversationTurn> m_turn;
    std::unique_ptr<ChatOutput> m_output;
    std::unique_ptr<SkillCatalog> m_skills;
    /// The verified skill put to the person (--skill), until they answer.
    std::optional<SkillInstructions> m_offeredSkill;
    bool m_skillDecided = false;
    bool m_waitingForSkillAnswer = false;
    bool m_interactive = false;
    bool m_waitingForMessage = false;
    bool m_hasTerminalTurn = false;
    bool m_done = false;
};

} // namespace Toolgate
