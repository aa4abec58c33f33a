// The split between a tool's form and its result (#34 item 2), in the real window against the demo
// server: before a result the form takes the room it needs and the empty result keeps a small strip;
// a result arriving gets room of its own; the divider moves freely, and where the person drags it is
// remembered per tool, also across sessions, while every other tool keeps its own split.

#include "ui/mainwindow/mainwindow.h"
#include "../support/mainwindowtesting.h"

#include "ui/forms/argumentform.h"
#include "ui/forms/fieldeditor.h"
#include "ui/items/itemheader.h"
#include "ui/serverfeatures/toolpanel.h"
#include "ui/viewers/resultview.h"

#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

class tst_ToolSplit final
    : public QObject
    , private MainWindowFixture
{
    Q_OBJECT

private:
    ScriptedGate m_gate;

    ToolPanel *panel() const { return m_window->toolPanel(); }
    QSplitter *splitter() const { return panel()->splitter(); }
    int formPart() const { return splitter()->sizes().value(0); }
    int resultPart() const { return splitter()->sizes().value(1); }

    void openWindow(QSize size)
    {
        makeWindow(&m_gate);
        QVERIFY(showMainWindow(*m_window, *m_host, size));
        m_host->workspace()->startAll();
        QVERIFY(waitForTool(*m_window, QStringLiteral("demo"), QStringLiteral("rich_form")));
    }

    // Shows tool and waits until its form has its fields and the window (and the split) settled.
    void show(const QString &tool)
    {
        QVERIFY(m_window->selectTool(QStringLiteral("demo"), tool));
        QVERIFY(waitUntilChecked(panel()->argumentForm()));
        QVERIFY(!panel()->argumentForm()->isAddingFields()
                || QTest::qWaitFor([this] { return !panel()->argumentForm()->isAddingFields(); }));
        QVERIFY(settled(m_window.get()));
    }

    // How many of the form's top-level fields show whole, without scrolling.
    int wholeFieldsShown() const
    {
        auto *scroll = panel()->argumentForm()->findChild<QScrollArea *>(QStringLiteral("formPage"));
        int shown = 0;
        const QList<FieldEditor *> fields = panel()->argumentForm()->findChildren<FieldEditor *>();
        for (const FieldEditor *field : fields) {
            if (field->pointer().count(u'/') != 1 || !field->isVisible())
                continue;
            const int top = field->mapTo(scroll->viewport(), QPoint(0, 0)).y();
            if (top >= 0 && top + field->height() <= scroll->viewport()->height())
                ++shown;
        }
        return shown;
    }

    // Places the divider as a drag ends: the sizes change and the splitter says it moved (as the
    // tool-page tests of tst_mainwindow do).
    void dragDivider(int formHeight)
    {
        const int total = formPart() + resultPart();
        splitter()->setSizes({formHeight, total - formHeight});
        emit splitter()->splitterMoved(formHeight, 1);
        QVERIFY2(formPart() == formHeight, qPrintable(QStringLiteral("dragged to %1, the form has %2").arg(formHeight).arg(formPart())));
        QVERIFY(settled(m_window.get()));
    }

    void runRichForm()
    {
        panel()->argumentForm()->setArguments({{QStringLiteral("name"), QStringLiteral("Ada Lovelace")},
                                               {QStringLiteral("email"), QStringLiteral("ada@example.com")},
                                               {QStringLiteral("favorite_color"), QStringLiteral("blue")}});
        QTRY_VERIFY(panel()->runButton()->isEnabled());
        QTest::mouseClick(panel()->runButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!panel()->currentCall() && panel()->saveButton()->isEnabled(), 20000);
        QVERIFY(settled(m_window.get()));
    }

private slots:
    void initTestCase() { QVERIFY(demoServerBuilt()); }

    void init()
    {
        QVERIFY(makeFolder());
        m_host = guiTestHost(m_dir->path());
        m_gate.decision = ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt};
    }

    void cleanup()
    {
        dropWindowHostAndFolder();
        QTRY_VERIFY(QApplication::topLevelWidgets().isEmpty());
    }

    // On a laptop screen the rich form shows most of its fields, and only a strip is left to the empty
    // result; a short form takes only what it needs.
    void aLongFormGetsTheRoomItNeeds()
    {
        openWindow(QSize(1280, 720));
        show(QStringLiteral("rich_form"));
        const int total = formPart() + resultPart();
        QVERIFY2(wholeFieldsShown() >= 4,
                 qPrintable(QStringLiteral("%1 fields shown whole in %2 of %3 px").arg(wholeFieldsShown()).arg(formPart()).arg(total)));
        QVERIFY2(resultPart() <= 72, qPrintable(QStringLiteral("the empty result keeps %1 of %2 px").arg(resultPart()).arg(total)));
        const int longForm = formPart();

        show(QStringLiteral("weather"));
        QVERIFY2(formPart() < longForm,
                 qPrintable(QStringLiteral("weather's form has %1 px, the rich form %2").arg(formPart()).arg(longForm)));
        // Run sits right under its fields, not at the bottom of a pane padded out for nothing.
        QVERIFY2(formPart() <= panel()->argumentForm()->parentWidget()->sizeHint().height() + 2,
                 qPrintable(QStringLiteral("weather's form has %1 px for %2")
                                .arg(formPart())
                                .arg(panel()->argumentForm()->parentWidget()->sizeHint().height())));
    }

    // The divider can be taken up or down to a couple of lines on either side: neither part holds it.
    void theDividerMovesFreely()
    {
        openWindow(QSize(1280, 720));
        show(QStringLiteral("rich_form"));
        int low = 0;
        int high = 0;
        splitter()->getRange(1, &low, &high);
        const int total = splitter()->height();
        QVERIFY2(low <= 80 && total - high <= 80,
                 qPrintable(QStringLiteral("the divider moves between %1 and %2 of %3 px").arg(low).arg(high).arg(total)));
    }

    // A result arriving under a long form gets room of its own; the form keeps the rest.
    void aResultGrowsTheResultPart()
    {
        openWindow(QSize(1280, 720));
        show(QStringLiteral("rich_form"));
        const int empty = resultPart();
        QVERIFY2(empty <= 72, qPrintable(QStringLiteral("the empty result keeps %1 px").arg(empty)));
        runRichForm();
        QTRY_VERIFY2(resultPart() > empty + 60,
                     qPrintable(QStringLiteral("the result had %1 px empty, %2 with the result").arg(empty).arg(resultPart())));
        // What the result holds (a few lines of JSON) shows whole, or takes at least half.
        const int total = formPart() + resultPart();
        const int wanted = panel()->resultView()->wantedHeight();
        QVERIFY2(wanted < 0 || resultPart() >= qMin(wanted, total / 2),
                 qPrintable(QStringLiteral("the result wants %1 and has %2 of %3 px").arg(wanted).arg(resultPart()).arg(total)));
        QVERIFY2(wholeFieldsShown() >= 2, qPrintable(QStringLiteral("%1 fields shown beside the result").arg(wholeFieldsShown())));
    }

    // Where the person drags the divider holds for that tool: switching tools applies each tool's own
    // split, an undragged tool keeps its fit, and the next session remembers.
    void aDraggedSplitIsRememberedPerTool()
    {
        openWindow(QSize(1280, 720));
        show(QStringLiteral("echo"));
        const int echoFit = formPart();
        show(QStringLiteral("rich_form"));
        dragDivider(300);
        show(QStringLiteral("weather"));
        const int weatherFit = formPart();
        QVERIFY2(qAbs(weatherFit - 300) > 20,
                 qPrintable(QStringLiteral("weather's form has %1 px, as the rich form was dragged to").arg(weatherFit)));
        dragDivider(weatherFit + 120);
        const int weatherDragged = formPart();

        show(QStringLiteral("rich_form"));
        QCOMPARE(formPart(), 300);
        show(QStringLiteral("weather"));
        QCOMPARE(formPart(), weatherDragged);
        show(QStringLiteral("echo"));
        QCOMPARE(formPart(), echoFit);

        m_window->close();
        m_window.reset();
        m_host = guiTestHost(m_dir->path());
        // The next session, in a taller window (the console keeps the height it was given): the rich
        // form has the height it was dragged to, not all the room its fit would give it.
        openWindow(QSize(1280, 900));
        show(QStringLiteral("rich_form"));
        QVERIFY2(formPart() + resultPart() - splitter()->widget(1)->minimumHeight() > 340,
                 qPrintable(QStringLiteral("%1 px for the form and the result").arg(formPart() + resultPart())));
        QCOMPARE(formPart(), 300);
        show(QStringLiteral("echo"));
        QCOMPARE(formPart(), echoFit);
    }

    // A double-click on the divider gives the tool its fit again, and forgets the drag.
    void aDoubleClickFitsTheDividerAgain()
    {
        openWindow(QSize(1280, 720));
        show(QStringLiteral("rich_form"));
        const int fit = formPart();
        dragDivider(fit - 150);
        QTest::mouseDClick(splitter()->handle(1), Qt::LeftButton);
        QTRY_COMPARE(formPart(), fit);
        show(QStringLiteral("echo"));
        show(QStringLiteral("rich_form"));
        QCOMPARE(formPart(), fit);
    }

    // A result is never cut: with the divider as low as it goes, the result's pane keeps all it needs to
    // show its buttons (Plain, Markdown, Copy) whole; only the empty result is a strip. (tst_screenfit
    // found Plain cut at 200 % when the result kept the empty strip.)
    void aResultIsNeverCut()
    {
        openWindow(QSize(1280, 720));
        show(QStringLiteral("rich_form"));
        runRichForm();
        QWidget *result = splitter()->widget(1);
        int low = 0;
        int high = 0;
        splitter()->getRange(1, &low, &high);
        dragDivider(high);
        QVERIFY2(
            result->height() >= result->minimumSizeHint().height(),
            qPrintable(QStringLiteral("the result has %1 px, it needs %2").arg(result->height()).arg(result->minimumSizeHint().height())));
        auto *plain = result->findChild<QWidget *>(QStringLiteral("plainModeButton"));
        QVERIFY(plain && plain->isVisible());
        const QRect inPane(plain->mapTo(result, QPoint(0, 0)), plain->size());
        QVERIFY2(
            result->rect().contains(inPane),
            qPrintable(QStringLiteral("Plain is at %1,%2 in a pane %3 px high").arg(inPane.x()).arg(inPane.y()).arg(result->height())));
    }

    // The header is as tall as its text, however the tool was reached: first, or again after a tool with
    // another description (its wrapped height was the last tool's, taking the form's room or cutting it).
    void theHeaderIsAsTallAsItsText()
    {
        openWindow(QSize(1280, 720));
        show(QStringLiteral("rich_form"));
        ItemHeader *header = panel()->header();
        const int first = header->height();
        show(QStringLiteral("echo"));
        QCOMPARE(header->height(), header->heightForWidth(header->width()));
        show(QStringLiteral("rich_form"));
        QCOMPARE(header->height(), first);
        QCOMPARE(header->height(), header->heightForWidth(header->width()));
    }

    // A short place (1400×900 at 200 % leaves 700×450, less the menu, the console and, without a
    // keychain, its notice above the tool) scrolls the page to the form rather than squeezing the form
    // under the tool's title: the form's pane keeps the first fields (weather's whole form and Run),
    // and the page's scroll bar reaches them.
    void aShortWindowScrollsThePageToTheForm()
    {
        openWindow(QSize(700, 330));
        show(QStringLiteral("weather"));
        QWidget *pane = splitter()->widget(0);
        const QRect run(panel()->runButton()->mapTo(pane, QPoint(0, 0)), panel()->runButton()->size());
        QVERIFY2(pane->rect().contains(run),
                 qPrintable(QStringLiteral("Run ends at %1 in a form's pane %2 px high").arg(run.bottom()).arg(pane->height())));
        auto *page = qobject_cast<QScrollArea *>(m_window->centralWidget());
        QVERIFY(page);
        page->ensureWidgetVisible(panel()->runButton(), 0, 0);
        const QRect onPage(panel()->runButton()->mapTo(page->viewport(), QPoint(0, 0)), panel()->runButton()->size());
        QVERIFY2(page->viewport()->rect().contains(onPage), "the page does not scroll to Run");

        show(QStringLiteral("rich_form"));
        // A long form: its first dozen lines, the first fields whole, and the rest a scroll away.
        const int dozenLines = panel()->fontMetrics().lineSpacing() * 12;
        QVERIFY2(formPart() >= dozenLines && wholeFieldsShown() >= 1,
                 qPrintable(QStringLiteral("%1 fields shown in %2 px").arg(wholeFieldsShown()).arg(formPart())));
        if (qEnvironmentVariableIsSet("TOOLGATE_SCREENSHOT_DIR")) {
            QTemporaryDir scratch;
            QVERIFY(m_window->grab().save(QDir(screenshotFolder(scratch)).filePath(QStringLiteral("tool-split-700x330.png"))));
        }
    }

    // #34 item 1: at 200 % (and in German) the run row of long_report — Run, the shortcut, "Always runs as a
    // task", the state and Save… — was wider than the form's pane, which does not scroll sideways: Save… was
    // cut. On a narrow pane the shortcut and then the note give way; on a wide one they are back.
    void aNarrowPaneKeepsTheRunRowInView()
    {
        openWindow(QSize(560, 600));
        show(QStringLiteral("long_report"));
        auto *pane = splitter()->widget(0)->findChild<QWidget *>(QStringLiteral("formPaneContent"));
        QVERIFY(pane);
        auto *scroll = qobject_cast<QScrollArea *>(splitter()->widget(0));
        QVERIFY(scroll);
        auto *save = panel()->findChild<QPushButton *>(QStringLiteral("saveCallButton"));
        QVERIFY(save);
        for (QWidget *button : {static_cast<QWidget *>(panel()->runButton()), static_cast<QWidget *>(save)}) {
            const int right = button->mapTo(scroll->viewport(), QPoint(button->width(), 0)).x();
            QVERIFY2(right <= scroll->viewport()->width(),
                     qPrintable(QStringLiteral("%1 ends at %2 in a pane %3 px wide")
                                    .arg(button->objectName()).arg(right).arg(scroll->viewport()->width())));
        }
        QVERIFY(!panel()->taskNote()->isVisible() || !panel()->findChild<QLabel *>(QStringLiteral("runShortcutHint"))->isVisible());

        m_window->resize(1600, 900);
        QTRY_VERIFY(panel()->taskNote()->isVisible());
        QTRY_VERIFY(panel()->findChild<QLabel *>(QStringLiteral("runShortcutHint"))->isVisible());
    }

    // The form and the result at 1280×720 and 1024×768, before and after a result: for the eye (with
    // TOOLGATE_SCREENSHOT_DIR set, kept there) and so that the pictures still render.
    void screenshots()
    {
        QTemporaryDir scratch;
        const QString folder = screenshotFolder(scratch);
        for (const QSize size : {QSize(1280, 720), QSize(1024, 768)}) {
            openWindow(size);
            show(QStringLiteral("rich_form"));
            const QString name = QStringLiteral("tool-split-%1x%2-%3.png").arg(size.width()).arg(size.height());
            QVERIFY(m_window->grab().save(QDir(folder).filePath(name.arg(QStringLiteral("form")))));
            const int empty = resultPart();
            runRichForm();
            QTRY_VERIFY(resultPart() > empty);
            QVERIFY(settled(m_window.get()));
            QVERIFY(m_window->grab().save(QDir(folder).filePath(name.arg(QStringLiteral("result")))));
            m_window->close();
            m_window.reset();
            m_host = guiTestHost(m_dir->path());
        }
    }
};

QTEST_MAIN(tst_ToolSplit)
#include "tst_toolsplit.moc"
