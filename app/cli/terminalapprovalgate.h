#pragma once

#include "calls/approval.h"

#include <QObject>
#include <QPointer>

#include <deque>

namespace Toolgate {

class TerminalReader;

/// Asks about each tool call on the terminal: the summary and question on stderr, the answer
/// from stdin (read asynchronously). End of input denies with "no answer". Questions that arrive
/// while one is open wait their turn, and so does what the server prints meanwhile.
class TerminalApprovalGate final : public QObject, public ApprovalGate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalApprovalGate)
public:
    /// reader is not owned and must outlive the gate.
    explicit TerminalApprovalGate(TerminalReader *reader, QObject *parent = nullptr);
    ~TerminalApprovalGate() override;

    void requestApproval(const ApprovalRequest &request, QObject *context,
                         std::function<void(const ApprovalDecision &)> decide) override;

private:
    enum class Step { Idle, Decision, Reason };
    struct Question
    {
        ApprovalRequest request;
        QPointer<QObject> context;
        std::function<void(const ApprovalDecision &)> decide;
    };

    void askNext();
    void askDecision();
    void onLine(const QString &line);
    void onEnd();
    void answer(const ApprovalDecision &decision);
    void holdServerText(bool hold);

    TerminalReader *m_reader;
    std::deque<Question> m_questions;
    Step m_step = Step::Idle;
    bool m_holdingServerText = false;
};

} // namespace Toolgate
