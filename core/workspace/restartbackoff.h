#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QList>
#include <QString>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <functional>

class QObject;

namespace Toolgate {

/// When a server that failed is started again, and when that stops.
struct RestartPolicy
{
    /// Delay before the first restart, doubled after each crash up to maxDelay.
    std::chrono::milliseconds initialDelay = std::chrono::seconds(1);
    std::chrono::milliseconds maxDelay = std::chrono::seconds(30);
    /// Failures after which restarting stops: this many within window, or this many in a row
    /// without the server ever becoming ready (a program that never completes the handshake).
    int maxCrashes = 5;
    std::chrono::milliseconds window = std::chrono::minutes(2);
};

/// Restarts one failed server after a growing delay, and gives up after repeated failures
/// (RestartPolicy), saying why: what ServerConnection does after a failure a restart may fix.
class RestartBackoff final
{
    // ServerConnection's context: its texts came from there, with their translations.
    Q_DECLARE_TR_FUNCTIONS(Toolgate::ServerConnection)
    Q_DISABLE_COPY_MOVE(RestartBackoff)
public:
    /// What a failure leads to.
    struct Verdict
    {
        bool giveUp = false;
        /// Giving up with restarts on: why they stopped, for people (starts with the error's message).
        QString reason;
        /// Failures counted: within the window, or in a row before getting ready, whichever is more.
        int failures = 0;
        /// Not giving up: the delay before the next start.
        std::chrono::milliseconds delay{0};
    };

    /// restart runs when a scheduled delay is over (guarded by context).
    RestartBackoff(QObject *context, std::function<void()> restart);

    void setPolicy(const RestartPolicy &policy) { m_policy = policy; }
    const RestartPolicy &policy() const { return m_policy; }

    /// Counts a failure and says whether to give up or how long to wait.
    Verdict countFailure(const QString &errorMessage);
    /// Starts waiting the delay of the last verdict, then restarts.
    void schedule();
    /// A scheduled restart does not happen.
    void cancel();
    /// The server became ready: failures in a row start again from zero.
    void readyReached() { m_failuresSinceReady = 0; }
    /// Forgets every failure (a restart the person asked for).
    void forgetFailures();

    /// The delay chosen at the last failure.
    std::chrono::milliseconds delay() const { return m_nextDelay; }
    /// When the scheduled restart is due; QDeadlineTimer::Forever when none is scheduled.
    QDeadlineTimer nextRestart() const { return m_restartAt; }
    /// Whole seconds until the scheduled restart, rounded up (a countdown never shows 0 before it is
    /// over); 0 when none is scheduled. Every view of the countdown says this number.
    int secondsLeft() const;
    /// countdown runs (guarded by context) whenever secondsLeft() has changed while a restart is
    /// scheduled, so that every view refreshes at the same moment and shows the same number.
    void onCountdown(QObject *context, std::function<void()> countdown);
    /// What countFailure() counted last.
    int failureCount() const { return std::max(int(m_crashTimes.size()), m_failuresSinceReady); }

private:
    RestartPolicy m_policy;
    QList<QDateTime> m_crashTimes;
    /// Failures since the server was last ready: a program that never completes the handshake must
    /// not restart forever just because each attempt takes longer than the crash window.
    int m_failuresSinceReady = 0;
    std::chrono::milliseconds m_nextDelay{0};
    QTimer m_timer;
    QDeadlineTimer m_restartAt{QDeadlineTimer::Forever};
    QTimer m_countdown; // fires as secondsLeft() changes

    void startCountdownTick();
};

} // namespace Toolgate
