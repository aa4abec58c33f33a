#include "app/cli/chatcommand.h"

#include "app/cli/chatmodel.h"
#include "app/cli/chatoutput.h"
#include "app/cli/clitext.h"
#include "app/cli/console.h"
#include "app/cli/outputprinter.h"
#include "app/cli/terminalreader.h"
#include "app/cli/terminalturns.h"
#include "core/audit/auditlog.h"
#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/model/conversationturn.h"
#include "core/model/modelclient.h"
#include "core/skills/skillcatalog.h"
#include "core/workspace/serverconnection.h"

namespace Toolgate {

namespace {

constexpr int defaultMaxRounds = 10;

} // namespace

Result<void> ChatCommand::prepare(const CliArguments &arguments)
{
    if (arguments.target.isEmpty() && !Console::stdinIsTerminal())
        return usageError(Cli::tr("chat needs a question when its input is not a terminal: chat --model NAME \"QUESTION\""));
    // The skill is handed over only once the person saw it and said yes: there must be one to ask.
    if (!arguments.skill.isEmpty() && !Console::stdinIsTerminal())
        return usageError(Cli::tr("chat --skill needs a terminal: you confirm the skill's instructions before the model gets them"));
    const auto model = ChatModel::fromArguments(arguments);
    if (!model)
        return model.error();
    return {};
}

ApprovalDecision ChatCommand::noTerminalDecision()
{
    // Said to the model and recorded in the audit log, like --yes's reason: in English.
    return ApprovalDecision{ApprovalDecision::Kind::Deny,
                            ApprovalDecision::Source::RememberedRule,
                            QStringLiteral("nobody is at a terminal to decide on this call, and no rule allows it"),
                            std::nullopt,
                            {}};
}

QString ChatCommand::helpText()
{
    return Cli::tr(R"(
Chat with a model:
  chat --model NAME ["QUESTION"]
  chat --model-url URL --model-api openai|anthropic --model MODEL [--model-key-env VAR] ["QUESTION"]
                      a conversation with a language model that may call the server's
                      tools. NAME is a model of the models file (models.json beside the
                      servers file; its key is read from the system keychain). Or give the
                      model here: the base URL (with /v1 for openai), the wire format, the
                      model's name, and the environment variable that holds the key (never
                      the key itself). With a question: one exchange, the answer on stdout.
                      Without, at a terminal: a prompt line per message; Ctrl-D ends.
  --tool NAME         expose only this tool of the server to the model (repeatable); all
                      of them without it
  --max-rounds N      most replies of the model per question (default 10): a model still
                      calling tools then is stopped (exit code 12)
  --skill NAME        give the model the server's skill NAME (or its skill:// URI) as
                      instructions: its SKILL.md is fetched, verified and shown, and goes to
                      the model only if you answer y (recorded in the audit log); n ends the
                      chat (exit code 6). Needs a terminal.
  Every tool call the model asks for goes through the same checks as call: rules, pinned
  definitions, your decision, the audit log (recorded as the model's). At a terminal you
  decide each call (y / n with a reason, which the model is told). Without a terminal only
  calls that a rule (rules.json) allows run; the rest are denied and the model is told why.
  --yes is refused: a model's calls are never approved wholesale. A tool the model asks
  for that was not exposed never runs. --json prints the transcript (messages, tool calls
  with decisions and results, tokens) instead of the text. It exits with 0 when the model
  answered, 11 when the model failed, 12 at the bound on rounds, 130 when stopped (Ctrl-C).
)");
}

ChatCommand::ChatCommand(Context context, CliArguments arguments, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_connection(context.connection)
    , m_arguments(std::move(arguments))
    , m_output(std::make_unique<ChatOutput>(m_arguments.json, m_arguments.verbose))
{
    m_interactive = m_arguments.target.isEmpty();
    if (m_context.reader) {
        connect(m_context.reader, &TerminalReader::lineRead, this, &ChatCommand::onLine);
        connect(m_context.reader, &TerminalReader::endOfInput, this, &ChatCommand::onEndOfInput);
    }
}

ChatCommand::~ChatCommand()
{
    // The turn first: it cancels what is still open while the client it uses is there.
    m_turn.reset();
    m_client.reset();
}

void ChatCommand::start()
{
    // A server that offers skills but no tools: the model gets its skill and no tools to call.
    const ClientSession *session = m_connection->readySession();
    if (!m_arguments.skill.isEmpty() && session && !session->serverCapabilities().tools) {
        exposeTools({});
        return;
    }
    m_connection->relistTools(this, [this](const Result<QList<Tool>> &tools) {
        if (m_done)
            return;
        if (!tools) {
            const ExitCode code = exitCodeFor(tools.error()) == ExitCode::Connection ? ExitCode::Connection : ExitCode::RequestFailed;
            m_context.printer->failure(tools.error(), code, m_connection->identity());
            done(code);
            return;
        }
        exposeTools(tools.value());
    });
}

void ChatCommand::exposeTools(const QList<Tool> &tools)
{
    QStringList names;
    for (const Tool &tool : tools)
        names.append(tool.name);
    for (const QString &wanted : std::as_const(m_arguments.exposedTools)) {
        if (!names.contains(wanted)) {
            QStringList shown;
            for (const QString &name : std::as_const(names))
                shown.append(Console::toolName(name));
            const Error error = usageError(Cli::tr("--tool %1: the server \"%2\" has no tool of that name. Its tools: %3")
                                               .arg(Console::sanitizedLine(wanted), Console::sanitizedLine(m_connection->identity().name),
                                                    shown.isEmpty() ? Cli::tr("(none)") : shown.join(QStringLiteral(", "))));
            m_context.printer->failure(error, ExitCode::Usage, m_connection->identity());
            done(ExitCode::Usage);
            return;
        }
    }
    for (const QString &name : std::as_const(names)) {
        if (m_arguments.exposedTools.isEmpty() || m_arguments.exposedTools.contains(name))
            m_tools.add(m_connection.data(), name);
    }
    connectModel();
}

void ChatCommand::connectModel()
{
    ChatModel::withKey(m_arguments, *m_context.secrets, m_context.audit, this, [this](const Result<ModelConfig> &config) {
        if (m_done)
            return;
        if (!config) {
            // A missing key in the keychain is a configuration error, as a name the file lacks.
            const ExitCode code = exitCodeFor(config.error()) == ExitCode::Usage ? ExitCode::Usage : ExitCode::Config;
            m_context.printer->failure(config.error(), code);
            done(code);
            return;
        }
        m_client = ModelClient::create(config.value());
        begin();
    });
}

void ChatCommand::begin()
{
    if (!m_arguments.skill.isEmpty() && !m_skillDecided) {
        offerSkill();
        return;
    }
    m_output->introduce(*m_client, m_connection->identity(), m_tools, m_interactive);
    if (m_interactive)
        promptForMessage();
    else
        ask(m_arguments.target);
}

void ChatCommand::offerSkill()
{
    ClientSession *session = m_connection->readySession();
    if (!session || !SkillCatalog::offeredBy(session)) {
        m_context.printer->failure(makeError(ErrorCode::InvalidParams, Cli::tr("--skill: the server “%1” offers no skills.")
                                                                           .arg(Console::sanitizedLine(m_connection->identity().name))),
                                   ExitCode::RequestFailed, m_connection->identity());
        done(ExitCode::RequestFailed);
        return;
    }
    m_skills = std::make_unique<SkillCatalog>(session);
    m_skills->list(this, [this](const Result<QList<SkillEntry>> &listed) {
        if (m_done)
            return;
        const auto fail = [this](const Error &error, ExitCode code) {
            m_context.printer->failure(error, code, m_connection->identity());
            done(code);
        };
        if (!listed) {
            fail(listed.error(), ExitCode::RequestFailed);
            return;
        }
        // As toolgate-cli skill: the URI names one skill; a name may name several, which is refused.
        QList<SkillEntry> matches;
        for (const SkillEntry &entry : listed.value()) {
            if (entry.uri == m_arguments.skill)
                matches = {entry};
        }
        if (matches.isEmpty()) {
            for (const SkillEntry &entry : listed.value()) {
                if (entry.name() == m_arguments.skill)
                    matches.append(entry);
            }
        }
        const QString wanted = Console::sanitizedLine(m_arguments.skill);
        if (matches.isEmpty()) {
            fail(usageError(Cli::tr("--skill: the server lists no skill “%1”; toolgate-cli skills lists those it has.").arg(wanted)),
                 ExitCode::Usage);
            return;
        }
        if (matches.size() > 1) {
            fail(usageError(Cli::tr("--skill: several skills are named “%1”. Name one by its URI.").arg(wanted)), ExitCode::Usage);
            return;
        }
        m_skills->open(matches.constFirst(), this, [this, fail](const Result<SkillCatalog::LoadedSkill> &opened) {
            if (m_done)
                return;
            if (!opened) {
                fail(opened.error(), ExitCode::RequestFailed); // nothing of a skill that failed verification is shown
                return;
            }
            m_offeredSkill.emplace(m_connection->identity(), opened.value());
            confirmSkill();
        });
    });
}

void ChatCommand::confirmSkill()
{
    if (m_done || !m_context.reader || !m_context.turns)
        return;
    m_context.turns->take(this, [this] {
        if (m_done)
            return;
        m_hasTerminalTurn = true;
        const SkillInstructions &skill = *m_offeredSkill;
        Console::err(Cli::tr("The model will get these instructions, with every message that follows:\n"
                             "  Server:  %1\n  Skill:   %2\n  URI:     %3\n  Digest:  %4\n  Size:    %n byte(s)\n",
                             nullptr, int(skill.size()))
                         .arg(Console::sanitizedLine(skill.server().name), Console::sanitizedLine(skill.name()),
                              Console::sanitizedLine(skill.uri()), Console::sanitizedLine(skill.digest())));
        Console::err(QStringLiteral("----\n") + Console::sanitized(skill.text()) + QStringLiteral("\n----\n"));
        Console::err(Cli::tr("Add this skill to the conversation? [y/N] "));
        m_waitingForSkillAnswer = true;
        m_context.reader->requestLine();
    });
}

void ChatCommand::onSkillAnswer(const QString &answer)
{
    m_waitingForSkillAnswer = false;
    if (std::exchange(m_hasTerminalTurn, false))
        m_context.turns->release(this);
    const QString word = answer.trimmed().toLower();
    if (word != QLatin1String("y") && word != QLatin1String("yes")) {
        Console::err(Cli::tr("The skill was not added; nothing was sent to the model.\n"));
        done(ExitCode::Denied);
        return;
    }
    const SkillInstructions &skill = *m_offeredSkill;
    // A system message: both model clients send it as instructions (OpenAI in the messages, Anthropic as "system").
    m_conversation.messages.append(ModelMessage::system(skill.text()));
    if (m_context.audit) {
        AuditConnectionEvent event;
        event.server = skill.server();
        event.kind = AuditConnectionEvent::Kind::SkillAdded;
        event.message = skill.notice();
        event.details = skill.auditDetails();
        event.initiator = CallInitiator::Cli;
        m_context.audit->recordConnectionEvent(event);
    }
    Console::err(Console::sanitizedLine(skill.notice()) + u'\n');
    m_skillDecided = true;
    begin();
}

void ChatCommand::ask(const QString &message)
{
    ConversationTurn::Options options;
    options.maxRounds = m_arguments.maxRounds.value_or(defaultMaxRounds);
    m_turn = std::make_unique<ConversationTurn>(&m_conversation, m_client.get(), m_context.pipeline, &m_tools, options);
    ConversationTurn *turn = m_turn.get();
    connect(turn, &ConversationTurn::textReceived, this, [this](const QString &piece) { m_output->text(piece); });
    connect(turn, &ConversationTurn::replied, this, [this] { m_output->replyEnded(); });
    connect(turn, &ConversationTurn::toolCallStarted, this,
            [this](int index) { m_output->callStarted(m_conversation.toolCalls.at(index)); });
    connect(turn, &ConversationTurn::toolCallAnswered, this,
            [this](int index) { m_output->callAnswered(m_conversation.toolCalls.at(index)); });
    connect(turn, &ConversationTurn::contextShortened, this,
            [this](int shortened, qint64 contextLimit) { m_output->contextShortened(shortened, contextLimit); });
    connect(turn, &ConversationTurn::finished, this, &ChatCommand::exchangeFinished);
    turn->start(message);
}

void ChatCommand::exchangeFinished()
{
    if (!m_turn || m_done)
        return;
    const int maxRounds = m_arguments.maxRounds.value_or(defaultMaxRounds);
    m_output->exchangeEnded(*m_turn, m_conversation, maxRounds, m_interactive);
    const ConversationTurn::Ending ending = m_turn->ending();
    if (ending == ConversationTurn::Ending::Stopped) {
        m_output->transcript(m_conversation, *m_client, m_connection->identity(), m_tools, ending, m_turn->error());
        done(ExitCode::Interrupted);
        return;
    }
    if (m_interactive) {
        // The person goes on, whatever became of this exchange; the turn goes once its signal returned.
        std::unique_ptr<ConversationTurn> ended = std::move(m_turn);
        ended.release()->deleteLater();
        promptForMessage();
        return;
    }
    m_output->transcript(m_conversation, *m_client, m_connection->identity(), m_tools, ending, m_turn->error());
    switch (ending) {
    case ConversationTurn::Ending::Answered: done(ExitCode::Success); return;
    case ConversationTurn::Ending::RoundLimit: done(ExitCode::RoundLimit); return;
    case ConversationTurn::Ending::ModelFailed: done(ExitCode::ModelFailed); return;
    case ConversationTurn::Ending::Running:
    case ConversationTurn::Ending::Stopped: break;
    }
    done(ExitCode::Interrupted);
}

void ChatCommand::promptForMessage()
{
    if (m_done || !m_context.reader || !m_context.turns)
        return;
    // The terminal is shared with the approval prompt and the server's questions: one at a time.
    m_context.turns->take(this, [this] {
        if (m_done)
            return;
        m_hasTerminalTurn = true;
        m_waitingForMessage = true;
        Console::err(QStringLiteral("> "));
        m_context.reader->requestLine();
    });
}

void ChatCommand::onLine(const QString &line)
{
    if (m_waitingForSkillAnswer && !m_done) {
        onSkillAnswer(line);
        return;
    }
    if (!m_waitingForMessage || m_done)
        return;
    m_waitingForMessage = false;
    if (std::exchange(m_hasTerminalTurn, false))
        m_context.turns->release(this);
    if (line.trimmed().isEmpty()) {
        promptForMessage();
        return;
    }
    ask(line);
}

void ChatCommand::onEndOfInput()
{
    if (m_waitingForSkillAnswer && !m_done) {
        onSkillAnswer({});
        return;
    }
    if (!m_waitingForMessage || m_done)
        return;
    m_waitingForMessage = false;
    if (std::exchange(m_hasTerminalTurn, false))
        m_context.turns->release(this);
    Console::err(QStringLiteral("\n"));
    m_output->transcript(m_conversation, *m_client, m_connection->identity(), m_tools, ConversationTurn::Ending::Answered, {});
    done(ExitCode::Success);
}

void ChatCommand::interrupt()
{
    if (m_done)
        return;
    if (m_turn && m_turn->isRunning()) {
        m_turn->stop(); // exchangeFinished() reports it
        return;
    }
    if (m_client)
        m_output->transcript(m_conversation, *m_client, m_connection->identity(), m_tools, ConversationTurn::Ending::Stopped, {});
    done(ExitCode::Interrupted);
}

void ChatCommand::serverFailed(const Error &error)
{
    if (m_done)
        return;
    if (m_turn && m_turn->isRunning()) {
        // The model would only hear of one failed call after another: the chat ends here.
        m_turn->disconnect(this);
        m_turn->stop();
    }
    m_context.printer->failure(Error{error.code, Cli::tr("the server failed: ") + error.message, error.data}, ExitCode::Connection,
                               m_connection ? std::optional<ServerIdentity>(m_connection->identity()) : std::nullopt);
    done(ExitCode::Connection);
}

void ChatCommand::done(ExitCode code)
{
    if (m_done)
        return;
    m_done = true;
    if (std::exchange(m_hasTerminalTurn, false) && m_context.turns)
        m_context.turns->release(this);
    emit finished(int(code));
}

} // namespace Toolgate

#include "moc_chatcommand.cpp"
