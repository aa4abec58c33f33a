#include "core/server/busypoll.h"

#include <QAbstractEventDispatcher>
#include <QObject>
#include <QThread>

#ifdef Q_OS_UNIX
#include <poll.h>
#endif

namespace Toolgate {

namespace {
constexpr int maxSkippedArmings = 64;
}

BusyPoll::BusyPoll(std::chrono::microseconds budget)
    : m_budget(budget)
{}

BusyPoll::~BusyPoll()
{
    detach();
}

void BusyPoll::attach(int fd, QObject *context)
{
    detach();
#ifdef Q_OS_UNIX
    auto *dispatcher = QAbstractEventDispatcher::instance(context->thread());
    if (!dispatcher || fd < 0 || m_budget <= std::chrono::microseconds::zero())
        return;
    m_fd = fd;
    m_connection = QObject::connect(dispatcher, &QAbstractEventDispatcher::aboutToBlock, context,
                                    [this] { aboutToBlock(); }, Qt::DirectConnection);
#else
    Q_UNUSED(fd)
    Q_UNUSED(context)
#endif
}

void BusyPoll::detach()
{
    QObject::disconnect(m_connection);
    m_connection = {};
    m_fd = -1;
    m_armed = false;
}

void BusyPoll::arm()
{
    if (m_fd < 0)
        return;
    if (m_skipNext > 0) {
        --m_skipNext;
        return;
    }
    m_armed = true;
}

void BusyPoll::aboutToBlock()
{
#ifdef Q_OS_UNIX
    if (!m_armed || m_fd < 0)
        return;
    m_armed = false;
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + m_budget;
    pollfd watched{m_fd, POLLIN, 0};
    do {
        // Zero timeout: a readiness check, never a sleep. Hang-ups and errors count as input
        // too, so the event loop learns about them without delay.
        if (::poll(&watched, 1, 0) > 0) {
            ++m_hits;
            m_backoff = 0;
            return;
        }
    } while (Clock::now() < deadline);
    ++m_misses;
    m_backoff = m_backoff == 0 ? 1 : std::min(m_backoff * 2, maxSkippedArmings);
    m_skipNext = m_backoff;
#endif
}

} // namespace Toolgate
