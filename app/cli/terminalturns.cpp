#include "terminalturns.h"

namespace Toolgate {

TerminalTurns::TerminalTurns(QObject *parent)
    : QObject(parent)
{
}

void TerminalTurns::take(QObject *owner, std::function<void()> start)
{
    m_waiting.push_back({owner, std::move(start)});
    if (!m_holderKey)
        QMetaObject::invokeMethod(this, [this] { startNext(); }, Qt::QueuedConnection);
}

void TerminalTurns::release(QObject *owner)
{
    if (m_holderKey != owner)
        return;
    m_holder = nullptr;
    m_holderKey = nullptr;
    if (m_waiting.empty())
        emit busyChanged(false);
    QMetaObject::invokeMethod(this, [this] { startNext(); }, Qt::QueuedConnection);
}

void TerminalTurns::startNext()
{
    if (m_holderKey && m_holder)
        return;
    while (!m_waiting.empty() && !m_waiting.front().owner)
        m_waiting.pop_front();
    if (m_waiting.empty()) {
        if (m_holderKey) {
            // The holder was destroyed without giving the turn back.
            m_holderKey = nullptr;
            emit busyChanged(false);
        }
        return;
    }
    Waiting next = std::move(m_waiting.front());
    m_waiting.pop_front();
    const bool wasBusy = m_holderKey != nullptr;
    m_holder = next.owner;
    m_holderKey = next.owner;
    if (!wasBusy)
        emit busyChanged(true);
    next.start();
}

} // namespace Toolgate
