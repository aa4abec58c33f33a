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
    ask({request, std::nullopt, context, std::move(decide)});
}

void TerminalApprovalGate::requestRunApproval(const RunApprovalRequest &request, QObject *context,
                                              std::function<void(const ApprovalDecision &)> decide)
{
    ask({ApprovalRequest{}, request, context, std::move(decide)});
}

void TerminalApprovalGate::ask(Question question)
{
    if (m_question) {
        // The ApprovalQueue puts one question at a time; two at once could be answered wrongly.
        qWarning("TerminalApprovalGate: asked while another question is open: denied");
        if (question.context)
            question.decide(ApprovalDecision::deny(Cli::tr("another question was still open")));
        return;
    }
    m_question = std::move(question);
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
    // A question whose call went away meanwhile (cancelled) is not asked at all.
    if (m_question && !m_question->context)
        m_question.reset();
    if (!m_question) {
        m_step = Step::Idle;
        if (std::exchange(m_hasTurn, false))
            m_turns->release(this);
        return;
    }
    const Question &question = *m_question;
    Console::err(question.run ? ApprovalFormatter::formatRun(*question.run) : ApprovalFormatter::format(question.request));
    askDecision();
}

void TerminalApprovalGate::askDecision()
{
    m_step = Step::Decision;
    Console::err(m_question && m_question->run ? runQuestion() : decisionQuestion());
    m_reader->requestLine();
}

void TerminalApprovalGate::onLine(const QString &line)
{
    if (m_step == Step::Idle || !m_question)
        return;
    if (!m_question->context) {
        // The call was cancelled while we waited; this answer belongs to nobody.
        Console::err(QStringLiteral("\n"));
        m_question.reset();
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
    } else if ((input == QLatin1String("s") || input == QLatin1String("schema")) && !m_question->run) {
        const QJsonObject schema = m_question->request.tool.inputSchema;
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
    if (m_step == Step::Idle || !m_question)
        return;
    Console::err(QStringLiteral("\n"));
    if (m_step == Step::Reason) {
        answer(ApprovalDecision::deny());
        return;
    }
    Console::err(m_question->run ? Cli::tr("No answer (end of input): the run is denied; nothing is sent.\n")
                                         : Cli::tr("No answer (end of input): the call is denied.\n"));
    answer(ApprovalDecision::deny(Cli::tr("no answer")));
}

void TerminalApprovalGate::answer(const ApprovalDecision &decision)
{
    Question question = std::move(*m_question);
    m_question.reset();
    m_step = Step::Idle;
    if (question.context)
        question.decide(decision);
    askNext();
}

} // namespace Toolgate

#include "moc_terminalapprovalgate.cpp"
