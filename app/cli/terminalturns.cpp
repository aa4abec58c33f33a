#include "app/cli/terminalturns.h"

namespace Toolgate {

TerminalTurns::TerminalTurns(QObject *parent)
    : QObject(parent)
{
}

void TerminalTurns::take(QObject *owner, std::function<void()> start)
{
    m_waiting.push_back({owner, std::move(start)});
    // Free, or its holder was destroyed without giving the turn back: the next one may start.
    if (!m_holder)
        QMetaObject::invokeMethod(this, [this] { startNext(); }, Qt::QueuedConnection);
}

void TerminalTurns::release(QObject *owner)
{
    if (m_holderKey != owner)
        return;
    m_holder = nullptr;
    m_holderKey = nullptr;
    // Still busy until startNext() knows whether anyone else waits: no flicker between two questions.
    QMetaObject::invokeMethod(this, [this] { startNext(); }, Qt::QueuedConnection);
}

void TerminalTurns::setBusy(bool busy)
{
    if (m_busy == busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

void TerminalTurns::startNext()
{
    if (m_holderKey && m_holder)
        return;
    while (!m_waiting.empty() && !m_waiting.front().owner)
        m_waiting.pop_front();
    if (m_waiting.empty()) {
        // Nobody waits (or the holder was destroyed without giving the turn back).
        m_holderKey = nullptr;
        setBusy(false);
        return;
    }
    Waiting next = std::move(m_waiting.front());
    m_waiting.pop_front();
    m_holder = next.owner;
    m_holderKey = next.owner;
    setBusy(true);
    next.start();
}

} // namespace Toolgate

#include "moc_terminalturns.cpp"
