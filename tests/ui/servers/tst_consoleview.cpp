// ConsoleView against a server that floods its stderr (issue 13): the view takes the lines a few at a
// time, so no turn of the event loop lays out thousands of them, and still ends up showing the last ones.

#include "ui/servers/consoleview.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconnection.h"

#include <QDir>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextLayout>
#include <QElapsedTimer>
#include <QTest>
#include <QTimer>

using namespace Toolgate;

class TstConsoleView : public QObject
{
    Q_OBJECT

private slots:
    // #34 item 7: the console's sentences ran off the right edge. They wrap at the view's width now, long
    // paths too, and there is nothing to scroll sideways.
    void aLongLineWrapsWithinTheView()
    {
        ServerConfig config;
        config.name = QStringLiteral("missing");
        config.command = QStringLiteral("/no/such/folder/") + QString(300, u'x');
        ServerConnection connection(config);
        connection.start();
        QTRY_VERIFY_WITH_TIMEOUT(connection.status() == ServerConnection::Status::Failed
                                     || connection.status() == ServerConnection::Status::Restarting,
                                 10000);
        ConsoleView view;
        view.resize(400, 300);
        view.show();
        view.setConnection(&connection);
        QTRY_VERIFY(view.plainText().contains(QString(300, u'x')));
        auto *text = view.findChild<QPlainTextEdit *>(QStringLiteral("consoleText"));
        QVERIFY(text);
        QTRY_COMPARE(text->horizontalScrollBar()->maximum(), 0);
        QTextBlock longest;
        for (QTextBlock block = text->document()->begin(); block.isValid(); block = block.next()) {
            if (block.text().contains(QString(300, u'x')))
                longest = block;
        }
        QVERIFY(longest.isValid());
        QVERIFY2(longest.layout()->lineCount() > 1, qPrintable(longest.text()));
    }

    void aStderrFloodIsShownAFewLinesPerTurn()
    {
        ServerConfig config;
        config.name = QStringLiteral("hostile");
        config.command = QDir(QStringLiteral(TOOLGATE_BIN_DIR)).filePath(QStringLiteral("toolgate-hostile-server"));
        config.args = {QStringLiteral("--mode"), QStringLiteral("stderr-flood"), QStringLiteral("--count"), QStringLiteral("5000")};
        ServerConnection connection(config);
        connection.start();
        // The connection keeps the most recent 2,000 lines; wait until the last of the flood is among them.
        QTRY_VERIFY_WITH_TIMEOUT(!connection.console().isEmpty()
                                     && connection.console().constLast().text.contains(QLatin1String("stderr flood sent")),
                                 20000);
        QVERIFY(connection.console().size() >= ConsoleView::maxLines);

        // Shown now: its history arrives as one batch of 2,000 lines.
        ConsoleView view;
        view.resize(800, 400);
        view.show();
        const auto linesShown = [&view] { return view.plainText().isEmpty() ? 0 : view.plainText().count(u'\n') + 1; };
        view.setConnection(&connection);
        qsizetype previous = linesShown();
        QVERIFY2(previous <= ConsoleView::linesPerFlush, qPrintable(QStringLiteral("%1 lines added at once").arg(previous)));
        int turns = 0;
        QElapsedTimer clock;
        clock.start();
        // One turn of the event loop per round; the heartbeat only makes sure a turn ends even when
        // nothing else happens (the wait below blocks until something does).
        QTimer heartbeat;
        heartbeat.start(100);
        while (!view.plainText().contains(QLatin1String("stderr flood sent")) && clock.elapsed() < 20000) {
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
            const qsizetype lines = linesShown();
            QVERIFY2(lines - previous <= ConsoleView::linesPerFlush,
                     qPrintable(QStringLiteral("%1 lines added in one turn").arg(lines - previous)));
            if (lines != previous)
                ++turns;
            previous = lines;
        }
        QVERIFY(view.plainText().contains(QLatin1String("stderr flood sent")));
        QVERIFY(view.plainText().contains(QLatin1String("stderr line 4999")));
        QVERIFY(turns >= ConsoleView::maxLines / ConsoleView::linesPerFlush - 1); // the first batch came at once
        connection.stop();
    }
};

QTEST_MAIN(TstConsoleView)
#include "tst_consoleview.moc"
