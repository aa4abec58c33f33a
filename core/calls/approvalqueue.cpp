#include "core/calls/approvalqueue.h"

#include <algorithm>

namespace Toolgate {

ApprovalQueue::ApprovalQueue(ApprovalGate *gate, QObject *parent)
    : QObject(parent)
    , m_gate(gate)
{
    Q_ASSERT(gate);
}

ApprovalQueue::~ApprovalQueue()
{
    // The gate may still show the current question; its answer finds no queue and goes nowhere.
    if (m_current)
        disconnect(m_current->contextWatch);
    for (const Question &question : m_waiting)
        disconnect(question.contextWatch);
}

void ApprovalQueue::ask(const ApprovalRequest &request, QObject *context, Decide decide)
{
    enqueue(Question{0, request, std::nullopt, context, std::move(decide), {}});
}

void ApprovalQueue::askRun(const RunApprovalRequest &request, QObject *context, Decide decide)
{
    enqueue(Question{0, std::nullopt, request, context, std::move(decide), {}});
}

int ApprovalQueue::pendingCount() const
{
    return int(m_waiting.size()) + (m_current ? 1 : 0);
}

void ApprovalQueue::enqueue(Question question)
{
    if (!question.decide || !question.context)
        return; // nobody to answer
    question.id = m_nextId++;
    const quint64 id = question.id;
    question.contextWatch = connect(question.context.data(), &QObject::destroyed, this, [this, id] { contextDestroyed(id); });
    m_waiting.push_back(std::move(question));
    countChanged();
    putNext();
}

void ApprovalQueue::putNext()
{
    if (m_current || m_waiting.empty())
        return;
    m_current = std::move(m_waiting.front());
    m_waiting.pop_front();
    countChanged();
    const quint64 id = m_current->id;
    QPointer<ApprovalQueue> self(this);
    auto decide = [self, id](const ApprovalDecision &decision) {
        if (self)
            self->answered(id, decision);
    };
    // A gate may answer at once (a rule, a test): nothing of m_current is touched after asking.
    if (m_current->run)
        m_gate->requestRunApproval(*m_current->run, m_current->context, std::move(decide));
    else
        m_gate->requestApproval(*m_current->call, m_current->context, std::move(decide));
}

void ApprovalQueue::answered(quint64 id, const ApprovalDecision &decision)
{
    if (!m_current || m_current->id != id)
        return; // dropped meanwhile: its asker is gone
    Question question = std::move(*m_current);
    m_current.reset();
    disconnect(question.contextWatch);
    countChanged();
    if (question.context)
        question.decide(decision);
    // The next question is put once this answer has been dealt with (a dialog is still closing).
    QMetaObject::invokeMethod(this, &ApprovalQueue::putNext, Qt::QueuedConnection);
}

void ApprovalQueue::contextDestroyed(quint64 id)
{
    if (m_current && m_current->id == id) {
        m_current.reset(); // the gate watches the context too, and closes what it shows
        countChanged();
        QMetaObject::invokeMethod(this, &ApprovalQueue::putNext, Qt::QueuedConnection);
        return;
    }
    const auto it = std::find_if(m_waiting.begin(), m_waiting.end(), [id](const Question &q) { return q.id == id; });
    if (it == m_waiting.end())
        return;
    m_waiting.erase(it);
    countChanged();
}

void ApprovalQueue::countChanged()
{
    m_gate->setWaitingCount(int(m_waiting.size()));
    emit pendingCountChanged(pendingCount());
}

} // namespace Toolgate

#include "moc_approvalqueue.cpp"
