#pragma once

// The longest time the GUI thread's event loop did not come round, for the benchmark of hostile
// servers (tests/bench/benchhostilegui.cpp) and for tests that bound a stall.

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QString>
#include <QTimer>

namespace Toolgate::TestSupport {

/// The largest gap between two turns of the event loop, by a precise timer firing every periodMs.
class StallProbe final : public QObject
{
public:
    static constexpr int periodMs = 2;

    explicit StallProbe(QObject *parent = nullptr) : QObject(parent)
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(periodMs);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            ++m_turns;
            const qint64 now = m_clock.nsecsElapsed();
            const qint64 gap = now - m_last;
            m_last = now;
            if (gap > m_longest) {
                m_longest = gap;
                m_longestPhase = phase;
            }
            m_longestIn[phase] = qMax(m_longestIn.value(phase), gap);
            if (gap > 100'000'000)
                ++m_over100;
        });
    }
    void start()
    {
        m_clock.start();
        m_last = 0;
        m_timer.start();
    }
    void stop() { m_timer.stop(); }

    QString phase = QStringLiteral("start");
    double longestMs() const { return double(m_longest) / 1e6; }
    QString longestPhase() const { return m_longestPhase; }
    int over100() const { return m_over100; }
    /// The longest stall while phase was current (e.g. "select schema_input").
    double longestMsIn(const QString &phase) const { return double(m_longestIn.value(phase)) / 1e6; }
    qint64 elapsedMs() const { return m_clock.elapsed(); }
    /// How often the timer fired: a stall is measured at the first turn after it ended.
    int turns() const { return m_turns; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_longest = 0;
    int m_over100 = 0;
    int m_turns = 0;
    QString m_longestPhase;
    QHash<QString, qint64> m_longestIn;
};

} // namespace Toolgate::TestSupport
