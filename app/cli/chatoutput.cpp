#include "app/cli/chatoutput.h"

#include "app/cli/clitext.h"
#include "app/cli/console.h"
#include "core/model/modelclient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

namespace Toolgate {

namespace {

// An answer shown on one line: the first line of it, cut, made safe.
QString firstLine(const QString &text)
{
    QString line = text.section(u'\n', 0, 0);
    if (line.size() > 160)
        line = line.left(159) + QChar(0x2026);
    else if (text.contains(u'\n'))
        line += QStringLiteral(" …");
    return Console::sanitizedLine(line);
}

QString statusText(ConversationToolCall::Status status)
{
    using Status = ConversationToolCall::Status;
    switch (status) {
    case Status::ToolError: return Cli::tr("the tool reported an error");
    case Status::Denied: return Cli::tr("denied");
    case Status::InvalidArguments: return Cli::tr("refused, the arguments do not match the tool's input schema");
    case Status::Failed: return Cli::tr("failed");
    case Status::Cancelled: return Cli::tr("cancelled");
    case Status::Pending:
    case Status::Rejected:
    case Status::NotExposed:
    case Status::Succeeded: break;
    }
    return ConversationToolCall::statusName(status);
}

QString tokens(qint64 count)
{
    return count < 0 ? Cli::tr("?") : QString::number(count);
}

} // namespace

ChatOutput::ChatOutput(bool json, bool verbose)
    : m_json(json)
    , m_verbose(verbose)
{ }

QString ChatOutput::endingName(ConversationTurn::Ending ending)
{
    switch (ending) {
    case ConversationTurn::Ending::Running: return QStringLiteral("running");
    case ConversationTurn::Ending::Answered: return QStringLiteral("answered");
    case ConversationTurn::Ending::RoundLimit: return QStringLiteral("round_limit");
    case ConversationTurn::Ending::ModelFailed: return QStringLiteral("model_failed");
    case ConversationTurn::Ending::Stopped: return QStringLiteral("stopped");
    }
    return {};
}

void ChatOutput::introduce(const ModelClient &client, const ServerIdentity &server, const ExposedTools &tools, bool interactive)
{
    QStringList names;
    for (const ExposedTools::Listed &tool : tools.list())
        names.append(Console::toolName(tool.tool));
    QString text = Cli::tr("Model: %1 at %2\n")
                       .arg(Console::sanitizedLine(client.config().model), Console::sanitizedLine(client.endpointText()));
    text += names.isEmpty()
        ? Cli::tr("Tools exposed to it: none (the server \"%1\" has none)\n").arg(Console::sanitizedLine(server.name))
        : Cli::tr("Tools exposed to it (server \"%1\"): %2\n").arg(Console::sanitizedLine(server.name), names.join(QStringLiteral(", ")));
    text += Console::stdinIsTerminal()
        ? Cli::tr("Each call the model asks for is shown to you to allow or deny.\n")
        : Cli::tr("No terminal: calls the model asks for run only when a rule allows them; the rest are denied.\n");
    if (interactive)
        text += Cli::tr("Type a message and press Enter; Ctrl-D ends the chat, Ctrl-C stops it.\n");
    Console::err(text);
}

void ChatOutput::text(const QString &piece)
{
    if (m_json || piece.isEmpty())
        return;
    Console::out(piece);
    m_lineOpen = !piece.endsWith(u'\n');
}

void ChatOutput::replyEnded()
{
    if (m_lineOpen)
        Console::out(QStringLiteral("\n"));
    m_lineOpen = false;
}

void ChatOutput::callStarted(const ConversationToolCall &call)
{
    replyEnded();
    Console::err(Cli::tr("The model asks to call %1 on %2.\n").arg(Console::toolName(call.tool), Console::sanitizedLine(call.server)));
}

void ChatOutput::callAnswered(const ConversationToolCall &call)
{
    replyEnded();
    using Status = ConversationToolCall::Status;
    switch (call.status) {
    case Status::Rejected:
    case Status::NotExposed:
        Console::err(Cli::tr("The model asked for %1; nothing ran: %2\n").arg(Console::toolName(call.name), firstLine(call.answer)));
        return;
    case Status::Succeeded:
        Console::err(
            Cli::tr("%1: done; the result goes back to the model: %2\n").arg(Console::toolName(call.tool), firstLine(call.answer)));
        return;
    case Status::Pending: return;
    case Status::ToolError:
    case Status::Denied:
    case Status::InvalidArguments:
    case Status::Failed:
    case Status::Cancelled: break;
    }
    Console::err(
        Cli::tr("%1: %2; the model is told: %3\n").arg(Console::toolName(call.tool), statusText(call.status), firstLine(call.answer)));
}

void ChatOutput::contextShortened(int shortenedResults, qint64 contextLimit)
{
    replyEnded();
    Console::err(Cli::tr("%n older tool result(s) were shortened to fit the model's context of %1 tokens.\n", nullptr, shortenedResults)
                     .arg(QLocale().toString(contextLimit)));
}

void ChatOutput::exchangeEnded(const ConversationTurn &turn, const Conversation &conversation, int maxRounds, bool interactive)
{
    replyEnded();
    switch (turn.ending()) {
    case ConversationTurn::Ending::RoundLimit:
        Console::error(
            Cli::tr("the model still asked for tools after %n replies; the exchange was stopped there (--max-rounds)", nullptr, maxRounds));
        break;
    case ConversationTurn::Ending::ModelFailed: Console::error(turn.error().message); break;
    case ConversationTurn::Ending::Stopped: Console::err(Cli::tr("Stopped; calls still open were cancelled.\n")); break;
    case ConversationTurn::Ending::Running:
    case ConversationTurn::Ending::Answered: break;
    }
    if (interactive || m_verbose) {
        const ModelUsage now = turn.usage();
        const ModelUsage total = conversation.totalUsage();
        Console::err(Cli::tr("[tokens: %1 in, %2 out; in this conversation: %3 in, %4 out]\n")
                         .arg(tokens(now.inputTokens), tokens(now.outputTokens), tokens(total.inputTokens), tokens(total.outputTokens)));
    }
}

void ChatOutput::transcript(const Conversation &conversation, const ModelClient &client, const ServerIdentity &server,
                            const ExposedTools &tools, ConversationTurn::Ending ending, const Error &error)
{
    if (!m_json)
        return;
    QJsonObject json = conversation.toJson();
    json.insert(QStringLiteral("model"),
                QJsonObject{{QStringLiteral("name"), client.config().name},
                            {QStringLiteral("api"), ModelConfig::apiName(client.config().api)},
                            {QStringLiteral("model"), client.config().model},
                            {QStringLiteral("endpoint"), client.endpointText()}});
    json.insert(QStringLiteral("server"), server.name);
    QJsonArray exposed;
    for (const ExposedTools::Listed &tool : tools.list())
        exposed.append(QJsonObject{
            {QStringLiteral("name"), tool.apiName}, {QStringLiteral("server"), tool.server}, {QStringLiteral("tool"), tool.tool}});
    json.insert(QStringLiteral("exposedTools"), exposed);
    json.insert(QStringLiteral("ending"), endingName(ending));
    if (ending == ConversationTurn::Ending::ModelFailed)
        json.insert(QStringLiteral("error"), error.message);
    // The model's last word, for scripts that want only that.
    for (auto it = conversation.messages.crbegin(); it != conversation.messages.crend(); ++it) {
        if (it->role == ModelMessage::Role::Assistant) {
            json.insert(QStringLiteral("answer"), it->text);
            break;
        }
    }
    Console::outJson(QJsonDocument(json).toJson(QJsonDocument::Indented));
}

} // namespace Toolgate
