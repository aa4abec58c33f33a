// BusyPoll on a real pipe and the real event loop: when it spins, that a spin ends as soon as
// input is there (and leaves the input to the loop's notifier), and how it backs off.

#include "core/server/busypoll.h"

#include <QEventLoop>
#include <QSocketNotifier>
#include <QTest>
#include <QTimer>

#include <chrono>
#include <fcntl.h>
#include <thread>
#include <unistd.h>

using namespace Toolgate;
using namespace std::chrono_literals;

namespace {

struct Pipe
{
    int readEnd = -1;
    int writeEnd = -1;
    Pipe()
    {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) == 0) {
            readEnd = fds[0];
            writeEnd = fds[1];
        }
    }
    ~Pipe()
    {
        ::close(readEnd);
        ::close(writeEnd);
    }
    void write(char byte) const { QCOMPARE(::write(writeEnd, &byte, 1), ssize_t(1)); }
};

// A busy poll over a fresh pipe's read end, attached for as long as context lives.
struct PipeWatch
{
    Pipe pipe;
    QObject context;
    BusyPoll busyPoll;
    explicit PipeWatch(std::chrono::microseconds budget) : busyPoll(budget) { busyPoll.attach(pipe.readEnd, &context); }
};

// One turn of an event loop that would sleep: aboutToBlock fires, then the loop waits for the
// notifier or the timer, whichever comes first.
void runLoopFor(std::chrono::milliseconds time)
{
    QEventLoop loop;
    QTimer::singleShot(time, &loop, &QEventLoop::quit);
    loop.exec();
}

} // namespace

class tst_BusyPoll : public QObject
{
    Q_OBJECT

private slots:
    void inputAlreadyWaitingEndsTheSpinAndIsLeftForTheNotifier()
    {
        PipeWatch watch(10s); // a spin that would not end by itself within the test
        const Pipe &pipe = watch.pipe;
        BusyPoll &busyPoll = watch.busyPoll;
        QByteArray received;
        QEventLoop loop;
        QSocketNotifier notifier(pipe.readEnd, QSocketNotifier::Read);
        connect(&notifier, &QSocketNotifier::activated, &loop, [&] {
            char byte;
            while (::read(pipe.readEnd, &byte, 1) == 1)
                received.append(byte);
            loop.quit();
        });

        busyPoll.arm();
        pipe.write('x');
        QTimer::singleShot(5s, &loop, &QEventLoop::quit);
        loop.exec();

        QCOMPARE(received, QByteArray("x"));
        QCOMPARE(busyPoll.hits(), 1);
        QCOMPARE(busyPoll.misses(), 0);
    }

    void inputArrivingDuringTheSpinIsCaught()
    {
        PipeWatch watch(10s);
        const Pipe &pipe = watch.pipe;
        BusyPoll &busyPoll = watch.busyPoll;
        busyPoll.arm();
        // Written while the main thread spins: without the spin, nothing here could see it
        // before the 2 s timer, and the spin would count as nothing.
        std::thread writer([&] {
            std::this_thread::sleep_for(20ms);
            const char byte = 'y';
            [[maybe_unused]] const auto n = ::write(pipe.writeEnd, &byte, 1);
        });
        const auto started = std::chrono::steady_clock::now();
        runLoopFor(2s);
        writer.join();
        QCOMPARE(busyPoll.hits(), 1);
        QCOMPARE(busyPoll.misses(), 0);
        // The spin lasted until the byte came, not the whole budget.
        QVERIFY(std::chrono::steady_clock::now() - started < 9s);
    }

    void aMissSkipsTheNextArmingsAndAHitStartsAfresh()
    {
        PipeWatch watch(1ms);
        const Pipe &pipe = watch.pipe;
        BusyPoll &busyPoll = watch.busyPoll;

        // Misses double the number of armings that are ignored: 1, 2, 4 …
        const auto armAndTurn = [&] {
            busyPoll.arm();
            runLoopFor(5ms);
        };
        armAndTurn();
        QCOMPARE(busyPoll.misses(), 1);
        armAndTurn(); // ignored
        QCOMPARE(busyPoll.misses(), 1);
        armAndTurn();
        QCOMPARE(busyPoll.misses(), 2);
        armAndTurn(); // ignored
        armAndTurn(); // ignored
        QCOMPARE(busyPoll.misses(), 2);
        armAndTurn();
        QCOMPARE(busyPoll.misses(), 3);
        for (int i = 0; i < 4; ++i)
            armAndTurn(); // ignored
        QCOMPARE(busyPoll.misses(), 3);
        QCOMPARE(busyPoll.hits(), 0);

        // A hit: input waits when the loop is about to sleep.
        pipe.write('z');
        armAndTurn();
        QCOMPARE(busyPoll.hits(), 1);
        char byte;
        QCOMPARE(::read(pipe.readEnd, &byte, 1), ssize_t(1));

        // … after which a miss skips one arming again, not eight.
        armAndTurn();
        QCOMPARE(busyPoll.misses(), 4);
        armAndTurn(); // ignored
        armAndTurn();
        QCOMPARE(busyPoll.misses(), 5);
    }

    void theBackOffIsCapped()
    {
        PipeWatch watch(100us);
        BusyPoll &busyPoll = watch.busyPoll;
        // 1 + 2 + 4 + … + 64 ignored armings after seven misses; from then on every 65th spins.
        for (int i = 0; i < 300; ++i) {
            busyPoll.arm();
            runLoopFor(0ms);
        }
        // Spins at armings 1, 3, 6, 11, 20, 37, 70, 135, 200, 265: 10 misses.
        QCOMPARE(busyPoll.misses(), 10);
    }

    void nothingSpinsUnlessArmedAttachedAndBudgeted()
    {
        PipeWatch watch(1ms);
        const Pipe &pipe = watch.pipe;
        BusyPoll &busyPoll = watch.busyPoll;
        runLoopFor(5ms); // not armed
        QCOMPARE(busyPoll.misses() + busyPoll.hits(), 0);

        busyPoll.arm();
        busyPoll.detach();
        runLoopFor(5ms);
        QCOMPARE(busyPoll.misses() + busyPoll.hits(), 0);

        BusyPoll off(0us);
        off.attach(pipe.readEnd, &watch.context);
        off.arm();
        runLoopFor(5ms);
        QCOMPARE(off.misses() + off.hits(), 0);

        // The context going away ends the watch too.
        BusyPoll orphan(1ms);
        {
            QObject shortLived;
            orphan.attach(pipe.readEnd, &shortLived);
        }
        orphan.arm();
        runLoopFor(5ms);
        QCOMPARE(orphan.misses() + orphan.hits(), 0);
    }

    void aHangUpEndsTheSpinAtOnce()
    {
        // The peer closing its end is news the loop must get without delay, like input.
        PipeWatch watch(10s);
        Pipe &pipe = watch.pipe;
        BusyPoll &busyPoll = watch.busyPoll;
        ::close(pipe.writeEnd);
        pipe.writeEnd = -1;
        busyPoll.arm();
        const auto started = std::chrono::steady_clock::now();
        runLoopFor(5ms);
        QVERIFY(std::chrono::steady_clock::now() - started < 5s);
        QCOMPARE(busyPoll.hits(), 1);
    }
};

QTEST_GUILESS_MAIN(tst_BusyPoll)
#include "tst_busypoll.moc"
