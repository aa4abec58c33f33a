// TerminalTurns: the approval prompt and the questions servers ask take turns at the terminal, and
// busyChanged() is said once per change — Console::holdServerText() counts holds, so an extra
// "busy" would hold the server's lines for good and a missing "free" would never print them.

#include "app/cli/terminalturns.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Toolgate;

class tst_TerminalTurns final : public QObject
{
    Q_OBJECT

private:
    /// busyChanged() as a list of true/false, in order.
    static QList<bool> changes(const QSignalSpy &spy)
    {
        QList<bool> list;
        for (const QList<QVariant> &args : spy)
            list.append(args.first().toBool());
        return list;
    }

private slots:
    void twoQuestionsInARowAreOneBusyPeriod()
    {
        TerminalTurns turns;
        QSignalSpy busy(&turns, &TerminalTurns::busyChanged);
        QObject approval;
        QObject elicitation;
        QStringList started;
        turns.take(&approval, [&] { started.append(QStringLiteral("approval")); });
        turns.take(&elicitation, [&] { started.append(QStringLiteral("elicitation")); });
        QTRY_COMPARE(started, QStringList{QStringLiteral("approval")});
        QVERIFY(turns.isBusy());

        turns.release(&approval); // the next one waits: the terminal stays busy
        QTRY_COMPARE(started.size(), 2);
        QCOMPARE(started.last(), QStringLiteral("elicitation"));
        turns.release(&elicitation);
        QTRY_VERIFY(!turns.isBusy());
        QCOMPARE(changes(busy), (QList<bool>{true, false}));
    }

    void aDestroyedWaiterDoesNotKeepTheTerminalBusy()
    {
        TerminalTurns turns;
        QSignalSpy busy(&turns, &TerminalTurns::busyChanged);
        QObject approval;
        auto gone = std::make_unique<QObject>();
        bool started = false;
        turns.take(&approval, [] {});
        turns.take(gone.get(), [&] { started = true; });
        QTRY_VERIFY(turns.isBusy());
        gone.reset(); // its question went away while it waited
        turns.release(&approval);
        QTRY_VERIFY(!turns.isBusy());
        QVERIFY(!started);
        QCOMPARE(changes(busy), (QList<bool>{true, false}));
    }

    void aHolderDestroyedWithTheTurnFreesIt()
    {
        TerminalTurns turns;
        QSignalSpy busy(&turns, &TerminalTurns::busyChanged);
        auto holder = std::make_unique<QObject>();
        QObject next;
        bool nextStarted = false;
        turns.take(holder.get(), [] {});
        QTRY_VERIFY(turns.isBusy());
        holder.reset();
        turns.take(&next, [&] { nextStarted = true; });
        QTRY_VERIFY(nextStarted);
        turns.release(&next);
        QTRY_VERIFY(!turns.isBusy());
        QCOMPARE(changes(busy), (QList<bool>{true, false}));
    }
};

QTEST_GUILESS_MAIN(tst_TerminalTurns)
#include "tst_terminalturns.moc"
