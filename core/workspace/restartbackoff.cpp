#include "core/workspace/restartbackoff.h"

#include <QObject>

#include <algorithm>

namespace Toolgate {

RestartBackoff::RestartBackoff(QObject *context, std::function<void()> restart)
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    QObject::connect(&m_timer, &QTimer::timeout, context, [this, restart = std::move(restart)] {
        m_restartAt = QDeadlineTimer(QDeadlineTimer::Forever);
        m_countdown.stop();
        restart();
    });
    m_countdown.setSingleShot(true);
    m_countdown.setTimerType(Qt::PreciseTimer);
    QObject::connect(&m_countdown, &QTimer::timeout, &m_countdown, [this] { startCountdownTick(); });
}

void RestartBackoff::schedule()
{
    m_restartAt = QDeadlineTimer(m_nextDelay, Qt::PreciseTimer);
    m_timer.start(m_nextDelay);
    startCountdownTick();
}

void RestartBackoff::cancel()
{
    m_timer.stop();
    m_countdown.stop();
    m_restartAt = QDeadlineTimer(QDeadlineTimer::Forever);
}

int RestartBackoff::secondsLeft() const
{
    if (m_restartAt.isForever())
        return 0;
    const qint64 ms = qMax<qint64>(0, m_restartAt.remainingTime());
    return int((ms + 999) / 1000);
}

void RestartBackoff::onCountdown(QObject *context, std::function<void()> countdown)
{
    QObject::connect(&m_countdown, &QTimer::timeout, context, std::move(countdown));
}

void RestartBackoff::startCountdownTick()
{
    // The next moment the rounded-up seconds drop by one: the remainder of the current second. The
    // last one is the restart itself (m_timer), which ends the countdown.
    const qint64 ms = m_restartAt.isForever() ? 0 : m_restartAt.remainingTime();
    const qint64 intoSecond = ms % 1000;
    if (ms > 1000)
        m_countdown.start(int(intoSecond == 0 ? 1000 : intoSecond));
}

RestartBackoff::Verdict RestartBackoff::countFailure(const QString &errorMessage)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    m_crashTimes.append(now);
    while (!m_crashTimes.isEmpty() && m_crashTimes.first().msecsTo(now) > m_policy.window.count())
        m_crashTimes.removeFirst();
    ++m_failuresSinceReady;
    Verdict verdict;
    verdict.failures = failureCount();
    if (verdict.failures >= m_policy.maxCrashes) {
        verdict.giveUp = true;
        // With restarts at all (maxCrashes 1 means none, as in toolgate-cli), say why they stopped.
        if (m_policy.maxCrashes > 1) {
            verdict.reason = m_failuresSinceReady >= m_policy.maxCrashes
                ? tr("%1 — it failed %2 times in a row before getting ready, so Toolgate stopped restarting it. "
                     "Fix the server, then press Restart.").arg(errorMessage).arg(m_failuresSinceReady)
                : tr("%1 — it failed %2 times within %3 s, so Toolgate stopped restarting it. Fix the server, then press Restart.")
                      .arg(errorMessage)
                      .arg(m_crashTimes.size())
                      .arg(m_policy.window.count() / 1000);
        }
        return verdict;
    }
    m_nextDelay = verdict.failures == 1 ? m_policy.initialDelay
                                        : std::min(m_policy.maxDelay, std::max(m_policy.initialDelay, m_nextDelay * 2));
    verdict.delay = m_nextDelay;
    return verdict;
}

void RestartBackoff::forgetFailures()
{
    m_crashTimes.clear();
    m_failuresSinceReady = 0;
}

} // namespace Toolgate
