#pragma once

#include <QMetaObject>

#include <chrono>

class QObject;

namespace Toolgate {

/// Watches one file descriptor for a few microseconds before the thread's event loop goes to
/// sleep, after we sent something the peer usually answers at once.
///
/// Why: a sleeping process on another core is woken by an inter-processor interrupt, and on a
/// virtual machine the process that *writes* pays for it — about 15 µs per message on the
/// 2-core VM of docs/benchmarks.md, more than all the work of a call. A server that is still
/// awake when the next request arrives spares its client that cost, and answers sooner.
///
/// The spin is bounded (budget) and adaptive: when the input did not come in time, the next
/// spins are skipped (1, 2, 4 … up to 64 armings), so a peer driven by a person, or one that
/// takes longer than the budget, costs almost nothing. Only the time the event loop would
/// otherwise sleep is used: the spin runs from QAbstractEventDispatcher::aboutToBlock and ends
/// as soon as the fd is readable, so the event loop then finds it ready without sleeping.
///
/// POSIX only (elsewhere every call is a no-op). Not thread-safe: use it on the thread whose
/// event loop reads the fd.
class BusyPoll final
{
public:
    static constexpr std::chrono::microseconds defaultBudget{50};

    explicit BusyPoll(std::chrono::microseconds budget = defaultBudget);
    ~BusyPoll();
    BusyPoll(const BusyPoll &) = delete;
    BusyPoll &operator=(const BusyPoll &) = delete;

    /// Zero or less turns spinning off. Takes effect at the next attach().
    void setBudget(std::chrono::microseconds budget) { m_budget = budget; }
    std::chrono::microseconds budget() const { return m_budget; }

    /// Starts watching the current thread's event loop for fd; context ends the connection
    /// when it is destroyed.
    void attach(int fd, QObject *context);
    void detach();
    /// Something was sent; the next time the loop would sleep, wait a little for fd first.
    void arm();

    /// For tests and benchmarks: spins that saw input in time, and spins that gave up.
    int hits() const { return m_hits; }
    int misses() const { return m_misses; }

private:
    void aboutToBlock();

    std::chrono::microseconds m_budget;
    int m_fd = -1;
    bool m_armed = false;
    int m_skipNext = 0;   // armings to ignore after a miss
    int m_backoff = 0;    // what the next miss sets m_skipNext to
    int m_hits = 0;
    int m_misses = 0;
    QMetaObject::Connection m_connection;
};

} // namespace Toolgate
