#pragma once

#include "core/calls/approval.h"

#include <QObject>
#include <QPointer>

#include <optional>

namespace Toolgate {

class TerminalReader;
class TerminalTurns;

/// Asks about each tool call on the terminal: the summary and question on stderr, the answer
/// from stdin (read asynchronously). End of input denies with "no answer". The pipeline's
/// ApprovalQueue puts one question at a time; it takes its turn at the terminal with the questions
/// servers ask meanwhile (TerminalTurns).
class TerminalApprovalGate final : public QObject, public ApprovalGate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalApprovalGate)
public:
    /// reader and turns are not owned and must outlive the gate.
    TerminalApprovalGate(TerminalReader *reader, TerminalTurns *turns, QObject *parent = nullptr);
    ~TerminalApprovalGate() override;

    void requestApproval(const ApprovalRequest &request, QObject *context,
                         std::function<void(const ApprovalDecision &)> decide) override;
    /// Shows every call of the run with its exact arguments and asks once: y approves them all, n denies the run.
    void requestRunApproval(const RunApprovalRequest &request, QObject *context,
                            std::function<void(const ApprovalDecision &)> decide) override;

private:
    enum class Step { Idle, Decision, Reason };
    struct Question
    {
        ApprovalRequest request;
        std::optional<RunApprovalRequest> run; ///< set: a whole run, asked about once
        QPointer<QObject> context;
        std::function<void(const ApprovalDecision &)> decide;
    };

    void ask(Question question);
    /// Asks the question on the terminal, or gives the turn back when it went away.
    void askNext();
    void askDecision();
    void onLine(const QString &line);
    void onEnd();
    void answer(const ApprovalDecision &decision);

    TerminalReader *m_reader;
    TerminalTurns *m_turns;
    std::optional<Question> m_question;
    Step m_step = Step::Idle;
    bool m_hasTurn = false;
    bool m_waitingForTurn = false;
};

} // namespace Toolgate
