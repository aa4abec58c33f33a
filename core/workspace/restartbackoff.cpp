#include "core/workspace/restartbackoff.h"

#include <QObject>

#include <algorithm>

namespace Toolgate {

RestartBackoff::RestartBackoff(QObject *context, std::function<void()> restart)
{
    m_timer.setSingleShot(true);
    QObject::connect(&m_timer, &QTimer::timeout, context, std::move(restart));
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
