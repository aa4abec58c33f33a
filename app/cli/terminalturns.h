#pragma once

#include <QObject>
#include <QPointer>

#include <deque>
#include <functional>

namespace Toolgate {

/// The terminal holds one conversation at a time: the approval prompt and the questions servers
/// ask (sampling, elicitation) take turns, so their lines never interleave and an answer typed for
/// one cannot be read by the other. A holder asks for the turn, gets start() when it is free, and
/// gives it back with release().
class TerminalTurns final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalTurns)
public:
    explicit TerminalTurns(QObject *parent = nullptr);

    /// Runs start (queued, never inside this call) once the terminal is free, unless owner is gone.
    void take(QObject *owner, std::function<void()> start);
    /// Gives the turn back; the next waiting holder starts.
    void release(QObject *owner);
    /// Whether someone is asking the person something right now (or is about to, next in line).
    bool isBusy() const { return m_busy; }

signals:
    /// The terminal became busy (the first question opened) or free (the last one closed): said once
    /// per change, so holders such as Console::holdServerText() stay balanced.
    void busyChanged(bool busy);

private:
    void startNext();
    void setBusy(bool busy);

    struct Waiting
    {
        QPointer<QObject> owner;
        std::function<void()> start;
    };
    std::deque<Waiting> m_waiting;
    QPointer<QObject> m_holder;
    QObject *m_holderKey = nullptr;
    bool m_busy = false;
};

} // namespace Toolgate
