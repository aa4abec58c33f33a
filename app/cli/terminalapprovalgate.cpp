#include "app/cli/terminalapprovalgate.h"
#include "app/cli/clitext.h"

#include "app/cli/approvalformatter.h"
#include "app/cli/console.h"
#include "app/cli/terminalreader.h"
#include "app/cli/terminalturns.h"

#include <QJsonDocument>

namespace Toolgate {

namespace {

QString decisionQuestion() { return Cli::tr("Allow this call? [y]es once / [n]o (deny) / [s]how input schema: "); }
QString runQuestion() { return Cli::tr("Allow these calls? [y]es / [n]o (deny the run): "); }
QString reasonQuestion() { return Cli::tr("Reason for denying (optional, Enter to skip): "); }

} // namespace

TerminalApprovalGate::TerminalApprovalGate(TerminalReader *reader, TerminalTurns *turns, QObject *parent)
    : QObject(parent)
    , m_reader(reader)
    , m_turns(turns)
{
    connect(m_reader, &TerminalReader::lineRead, this, &TerminalApprovalGate::onLine);
    connect(m_reader, &TerminalReader::endOfInput, this, &TerminalApprovalGate::onEnd);
}

TerminalApprovalGate::~TerminalApprovalGate() = default;

void TerminalApprovalGate::requestApproval(const ApprovalRequest &request, QObject *context,
                                           std::function<void(const ApprovalDecision &)> decide)
{
    enqueue({request, std::nullopt, context, std::move(decide)});
}

void TerminalApprovalGate::requestRunApproval(const RunApprovalRequest &request, QObject *context,
                                              std::function<void(const ApprovalDecision &)> decide)
{
    enqueue({ApprovalRequest{}, request, context, std::move(decide)});
}

void TerminalApprovalGate::enqueue(Question question)
{
    m_questions.push_back(std::move(question));
    if (m_hasTurn || m_waitingForTurn)
        return;
    m_waitingForTurn = true;
    m_turns->take(this, [this] {
        m_waitingForTurn = false;
        m_hasTurn = true;
        askNext();
    });
}

void TerminalApprovalGate::askNext()
{
    // Questions whose call went away meanwhile (cancelled) are not asked at all.
    while (!m_questions.empty() && !m_questions.front().context)
        m_questions.pop_front();
    if (m_questions.empty()) {
        m_step = Step::Idle;
        if (std::exchange(m_hasTurn, false))
            m_turns->release(this);
        return;
    }
    const Question &question = m_questions.front();
    Console::err(question.run ? ApprovalFormatter::formatRun(*question.run) : ApprovalFormatter::format(question.request));
    askDecision();
}

void TerminalApprovalGate::askDecision()
{
    m_step = Step::Decision;
    Console::err(!m_questions.empty() && m_questions.front().run ? runQuestion() : decisionQuestion());
    m_reader->requestLine();
}

void TerminalApprovalGate::onLine(const QString &line)
{
    if (m_step == Step::Idle || m_questions.empty())
        return;
    if (!m_questions.front().context) {
        // The call was cancelled while we waited; this answer belongs to nobody.
        Console::err(QStringLiteral("\n"));
        m_questions.pop_front();
        askNext();
        return;
    }
    // A terminal echoes what was typed; an answer from a pipe or file is echoed here, so a
    // transcript shows what was decided.
    if (!Console::stdinIsTerminal())
        Console::err(Console::sanitized(line) + u'\n');
    const QString input = line.trimmed().toLower();
    if (m_step == Step::Reason) {
        answer(ApprovalDecision::deny(line.trimmed()));
        return;
    }
    if (input == QLatin1String("y") || input == QLatin1String("yes")) {
        answer(ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt});
    } else if (input == QLatin1String("n") || input == QLatin1String("no")) {
        m_step = Step::Reason;
        Console::err(reasonQuestion());
        m_reader->requestLine();
    } else if ((input == QLatin1String("s") || input == QLatin1String("schema")) && !m_questions.front().run) {
        const QJsonObject schema = m_questions.front().request.tool.inputSchema;
        Console::err(Cli::tr("  Input schema:\n")
                     + Console::indented(Console::sanitized(QString::fromUtf8(QJsonDocument(schema).toJson()).trimmed()),
                                         QStringLiteral("    "))
                     + u'\n');
        askDecision();
    } else {
        Console::err(Cli::tr("Please answer y or n.\n"));
        askDecision();
    }
}

void TerminalApprovalGate::onEnd()
{
    if (m_step == Step::Idle || m_questions.empty())
        return;
    Console::err(QStringLiteral("\n"));
    if (m_step == Step::Reason) {
        answer(ApprovalDecision::deny());
        return;
    }
    Console::err(m_questions.front().run ? Cli::tr("No answer (end of input): the run is denied; nothing is sent.\n")
                                         : Cli::tr("No answer (end of input): the call is denied.\n"));
    answer(ApprovalDecision::deny(Cli::tr("no answer")));
}

void TerminalApprovalGate::answer(const ApprovalDecision &decision)
{
    Question question = std::move(m_questions.front());
    m_questions.pop_front();
    m_step = Step::Idle;
    if (question.context)
        question.decide(decision);
    askNext();
}

} // namespace Toolgate

#include "moc_terminalapprovalgate.cpp"
