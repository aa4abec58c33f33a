#pragma once

#include "core/calls/approval.h"

#include <QObject>
#include <QPointer>

#include <deque>
#include <functional>
#include <optional>

namespace Toolgate {

/// The questions about tool calls (and runs of calls) that wait for the person, put to the gate one
/// at a time in the order they were asked. The ToolCallPipeline owns it, as the ServerRequestPipeline
/// owns the queues of servers' requests: a gate shows the one question it is given and answers it; it
/// never queues.
///
/// Each question is answered exactly once, on its context's thread — unless its context dies first:
/// then the question is dropped (the gate, which watches the context too, closes what it shows) and
/// the next one is put.
class ApprovalQueue final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApprovalQueue)
public:
    using Decide = std::function<void(const ApprovalDecision &)>;

    /// gate is not owned and must outlive the queue.
    explicit ApprovalQueue(ApprovalGate *gate, QObject *parent = nullptr);
    /// Questions still waiting are dropped unanswered: their askers go with the pipeline.
    ~ApprovalQueue() override;

    /// Asks about one call, after the questions before it. Call on the queue's thread.
    void ask(const ApprovalRequest &request, QObject *context, Decide decide);
    /// Asks about a whole run of calls (ToolCallPipeline::requestRunApproval()), in the same line.
    void askRun(const RunApprovalRequest &request, QObject *context, Decide decide);

    /// Questions not yet answered: the one put to the gate plus those waiting behind it.
    int pendingCount() const;

signals:
    void pendingCountChanged(int count);

private:
    struct Question
    {
        quint64 id = 0;
        std::optional<ApprovalRequest> call; ///< set: one call
        std::optional<RunApprovalRequest> run; ///< set: a whole run
        QPointer<QObject> context;
        Decide decide;
        QMetaObject::Connection contextWatch;
    };

    void enqueue(Question question);
    void putNext();
    void answered(quint64 id, const ApprovalDecision &decision);
    void contextDestroyed(quint64 id);
    void countChanged();

    ApprovalGate *m_gate;
    std::deque<Question> m_waiting;
    std::optional<Question> m_current;
    quint64 m_nextId = 1;
};

} // namespace Toolgate
