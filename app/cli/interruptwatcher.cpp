#include "app/cli/interruptwatcher.h"

#include <QMetaObject>

#include <atomic>

#ifdef Q_OS_WIN
#include <windows.h>
#else
#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>
#endif

namespace Toolgate {

#ifdef Q_OS_WIN

namespace {
std::atomic<InterruptWatcher *> g_watcher{nullptr};

BOOL WINAPI consoleHandler(DWORD type)
{
    if (type != CTRL_C_EVENT && type != CTRL_BREAK_EVENT)
        return FALSE;
    // Runs on a thread the system creates; hand over to the event loop.
    if (InterruptWatcher *watcher = g_watcher.load())
        QMetaObject::invokeMethod(watcher, [watcher] { emit watcher->interrupted(); }, Qt::QueuedConnection);
    return TRUE;
}
} // namespace

class InterruptWatcher::Platform
{
public:
    explicit Platform(InterruptWatcher *watcher)
    {
        g_watcher = watcher;
        SetConsoleCtrlHandler(consoleHandler, TRUE);
    }
    ~Platform()
    {
        SetConsoleCtrlHandler(consoleHandler, FALSE);
        g_watcher = nullptr;
    }
};

#else

namespace {
// The self-pipe: the signal handler may only do async-signal-safe things, and write() is one.
int g_pipe[2] = {-1, -1};

void onInterrupt(int)
{
    const int saved = errno;
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(g_pipe[1], &byte, 1);
    errno = saved;
}
} // namespace

class InterruptWatcher::Platform
{
public:
    explicit Platform(InterruptWatcher *watcher)
    {
        if (::pipe(g_pipe) != 0)
            return;
        for (int fd : g_pipe) {
            ::fcntl(fd, F_SETFD, FD_CLOEXEC); // not inherited by the server we start
            ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
        }
        m_notifier = std::make_unique<QSocketNotifier>(g_pipe[0], QSocketNotifier::Read);
        QObject::connect(m_notifier.get(), &QSocketNotifier::activated, watcher, [watcher] {
            char bytes[16];
            ssize_t n;
            while ((n = ::read(g_pipe[0], bytes, sizeof bytes)) > 0) {
                for (ssize_t i = 0; i < n; ++i)
                    emit watcher->interrupted();
            }
        });
        struct sigaction action = {};
        action.sa_handler = onInterrupt;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        // SIGTERM too (a service manager, a CI runner's timeout, kill): like Ctrl-C, the call or task
        // is cancelled at the server before the run ends, not left running there.
        m_installed = ::sigaction(SIGINT, &action, &m_previous) == 0;
        m_installedTerm = ::sigaction(SIGTERM, &action, &m_previousTerm) == 0;
    }

    ~Platform()
    {
        if (m_installed)
            ::sigaction(SIGINT, &m_previous, nullptr);
        if (m_installedTerm)
            ::sigaction(SIGTERM, &m_previousTerm, nullptr);
        m_notifier.reset();
        for (int &fd : g_pipe) {
            if (fd >= 0)
                ::close(fd);
            fd = -1;
        }
    }

private:
    std::unique_ptr<QSocketNotifier> m_notifier;
    struct sigaction m_previous = {};
    struct sigaction m_previousTerm = {};
    bool m_installed = false;
    bool m_installedTerm = false;
};

#endif

InterruptWatcher::InterruptWatcher(QObject *parent)
    : QObject(parent)
    , m_platform(std::make_unique<Platform>(this))
{
}

InterruptWatcher::~InterruptWatcher() = default;

} // namespace Toolgate

#include "moc_interruptwatcher.cpp"
