// The window without a mouse: the whole flow of running a tool by keys alone, and a name for every
// control a screen reader lands on. Against the real demo server, through the real dialogs.

#include "ui/mainwindow/mainwindow.h"
#include "../support/windowtour.h"

#include "ui/audit/auditwindow.h"
#include "core/host/host.h"
#include "ui/clientfeatures/elicitationdialog.h"
#include "ui/clientfeatures/rootsdialog.h"
#include "core/workspace/rootsstore.h"
#include "ui/clientfeatures/samplingdialog.h"
#include "ui/dialogs/aboutdialog.h"
#include "ui/dialogs/approvalrulesdialog.h"
#include "ui/dialogs/confirmationdialog.h"
#include "ui/dialogs/dialogapprovalgate.h"
#include "ui/dialogs/importdialog.h"
#include "ui/dialogs/servereditordialog.h"
#include "ui/forms/argumentform.h"
#include "ui/items/itembrowser.h"
#include "ui/serverfeatures/promptpanel.h"
#include "ui/serverfeatures/resourcepanel.h"
#include "ui/servers/serverinfopanel.h"
#include "ui/servers/serverpanel.h"
#include "ui/serverfeatures/toolpanel.h"
#include "ui/models/prompttreemodel.h"
#include "ui/models/resourcetreemodel.h"
#include "ui/models/tooltreemodel.h"
#include "ui/viewers/contentview.h"
#include "ui/viewers/messagebanner.h"
#include "ui/viewers/resultview.h"
#include "core/workspace/serverconfigfile.h"

#include <QAbstractButton>
#include <QAccessible>
#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

QString describe(const QWidget *widget)
{
    QStringList path;
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        path.prepend(w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className())
                                               : QString::fromLatin1(w->metaObject()->className()) + u'#' + w->objectName());
        if (w->isWindow())
            break;
    }
    return path.join(QStringLiteral(" > "));
}

// What counts as named: the name a screen reader announces, i.e. the Name of the widget's
// accessibility interface. Qt builds it from the accessible name, else from a button's text, else
// from the text of the QLabel that has the widget as its buddy. A placeholder or a tooltip does not
// count: the first vanishes once something is typed, the second is the description.
//
// Checked: every visible widget that Tab can reach (focus policy includes TabFocus) and that has no
// focus proxy (then the proxy is the one checked). Left out: tab bars, which a screen reader reads
// by their tabs, and each tab has its text.
QStringList unnamedControls(QWidget *window)
{
    QStringList unnamed;
    QList<QWidget *> widgets = window->findChildren<QWidget *>();
    widgets.prepend(window);
    for (QWidget *widget : std::as_const(widgets)) {
        if (!widget->isVisible() || !(widget->focusPolicy() & Qt::TabFocus) || widget->focusProxy())
            continue;
        if (qobject_cast<QTabBar *>(widget))
            continue;
        QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(widget);
        const QString name = accessible ? accessible->text(QAccessible::Name).trimmed() : QString();
        if (name.isEmpty())
            unnamed.append(describe(widget));
    }
    return unnamed;
}

} // namespace

class tst_Keyboard final : public QObject, private MainWindowFixture
{
    Q_OBJECT

private:
    void createWindow()
    {
        makeWindow(nullptr).findChild<DialogApprovalGate *>()->setAllowDelay(0);
        QVERIFY(showMainWindow(*m_window, *m_host, QSize(1280, 720)));
        QApplication::setActiveWindow(m_window.get());
        m_host->workspace()->startAll();
        QVERIFY(waitForTool(*m_window));
    }

    // Keys go to whatever has the focus, as they would from a keyboard.
    static void press(int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QWidget *focus = QApplication::focusWidget();
        QVERIFY2(focus, "nothing has the keyboard focus");
        QTest::keyClick(focus, Qt::Key(key), modifiers);
    }

    static void type(const QString &text)
    {
        QWidget *focus = QApplication::focusWidget();
        QVERIFY2(focus, "nothing has the keyboard focus");
        QTest::keyClicks(focus, text);
    }

    void checkNamed(QWidget *window)
    {
        QVERIFY(settled(window)); // posted layouts and late widgets (content panes) settle
        const QStringList unnamed = unnamedControls(window);
        QVERIFY2(unnamed.isEmpty(), qPrintable(QStringLiteral("without an accessible name in %1:\n  %2")
                                                    .arg(describe(window), unnamed.join(QStringLiteral("\n  ")))));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(demoServerBuilt());
    }

    void init()
    {
        QVERIFY(makeFolder());
        m_host = Toolgate::TestSupport::guiTestHost(m_dir->path());
    }

    void cleanup()
    {
        dropWindowHostAndFolder();
    }

    void theWholeFlowWorksWithoutAMouse()
    {
        createWindow();
        ToolPanel *panel = m_window->toolPanel();

        // Pick the server: focus the server list (Tab order starts there) and move with the arrows.
        m_window->serverPanel()->view()->setFocus(Qt::TabFocusReason);
        press(Qt::Key_Down);
        QTRY_COMPARE(m_window->pages()->currentWidget(), static_cast<QWidget *>(m_window->serverInfoPanel()));

        // Pick the tool: Ctrl+F, its name, Enter shows it; Enter again goes into its form.
        QTest::keyClick(m_window.get(), Qt::Key_F, Qt::ControlModifier);
        QCOMPARE(QApplication::focusWidget(), m_window->toolBrowser()->searchField());
        type(QStringLiteral("weather"));
        press(Qt::Key_Return);
        QCOMPARE(panel->tool().name, QStringLiteral("weather"));
        QCOMPARE(m_window->pages()->currentWidget(), panel);
        press(Qt::Key_Return);
        QWidget *field = QApplication::focusWidget();
        QVERIFY2(field && panel->argumentForm()->isAncestorOf(field), qPrintable(field ? describe(field) : QStringLiteral("none")));

        // Fill it in.
        press(Qt::Key_A, Qt::ControlModifier);
        type(QStringLiteral("Keyboardville"));
        QCOMPARE(panel->argumentForm()->arguments().value(u"city").toString(), QStringLiteral("Keyboardville"));

        // Tab from the last field reaches Run, which shows its shortcut beside it; Shift+Tab goes back.
        for (int i = 0; i < 10 && QApplication::focusWidget() != panel->runButton(); ++i)
            press(Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), panel->runButton());
        auto *hint = panel->findChild<QLabel *>(QStringLiteral("runShortcutHint"));
        QVERIFY(hint && hint->isVisible());
        QCOMPARE(hint->text(), QKeySequence(Qt::CTRL | Qt::Key_Enter).toString(QKeySequence::NativeText));
        press(Qt::Key_Tab, Qt::ShiftModifier);
        QVERIFY(panel->argumentForm()->isAncestorOf(QApplication::focusWidget()));
        while (QApplication::focusWidget() != field && panel->argumentForm()->isAncestorOf(QApplication::focusWidget()))
            press(Qt::Key_Tab, Qt::ShiftModifier);
        QCOMPARE(QApplication::focusWidget(), field);

        // Enter in a one-line field runs the tool: the confirmation dialog asks, Deny has the focus.
        QVERIFY2(qobject_cast<QLineEdit *>(field), qPrintable(describe(field)));
        press(Qt::Key_Return);
        ConfirmationDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = visibleTopLevel<ConfirmationDialog>()) != nullptr);
        QApplication::setActiveWindow(dialog);
        QTRY_COMPARE(QApplication::focusWidget(), dialog->findChild<QPushButton *>(QStringLiteral("deny")));
        // Decide: Tab to "Allow once", Space presses it.
        press(Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), dialog->findChild<QPushButton *>(QStringLiteral("allowOnce")));
        press(Qt::Key_Space);
        QTRY_VERIFY(!visibleTopLevel<ConfirmationDialog>());
        QApplication::setActiveWindow(m_window.get());

        // Read the result: Tab reaches the text the tool sent back.
        QTRY_VERIFY_WITH_TIMEOUT(!panel->currentCall() && !panel->resultView()->contentViews().isEmpty(), 20000);
        QPlainTextEdit *text = nullptr;
        QStringList visited;
        for (int i = 0; i < 25 && !text; ++i) {
            press(Qt::Key_Tab);
            visited.append(describe(QApplication::focusWidget()).section(QStringLiteral(" > "), -3));
            auto *focused = qobject_cast<QPlainTextEdit *>(QApplication::focusWidget());
            if (focused && panel->resultView()->isAncestorOf(focused))
                text = focused;
        }
        QVERIFY2(text, qPrintable(QStringLiteral("Tab never reached the result, only:\n") + visited.join(u'\n')));
        QVERIFY2(text->toPlainText().contains(u"Keyboardville"), qPrintable(text->toPlainText()));

        const QString directory = qEnvironmentVariable("TOOLGATE_SCREENSHOT_DIR");
        if (!directory.isEmpty()) {
            QVERIFY(settled(m_window.get()));
            QVERIFY(m_window->grab().save(QDir(directory).filePath(QStringLiteral("keyboard-result.png"))));
        }

        // In a multi-line field Enter is a new line; Ctrl+Enter runs from anywhere. Esc denies.
        QTest::keyClick(m_window.get(), Qt::Key_F, Qt::ControlModifier);
        type(QStringLiteral("echo"));
        press(Qt::Key_Return);
        press(Qt::Key_Return);
        QVERIFY(qobject_cast<QPlainTextEdit *>(QApplication::focusWidget()));
        press(Qt::Key_A, Qt::ControlModifier);
        type(QStringLiteral("two"));
        press(Qt::Key_Return);
        type(QStringLiteral("lines"));
        QCOMPARE(panel->argumentForm()->arguments().value(u"text").toString(), QStringLiteral("two\nlines"));
        QVERIFY(!visibleTopLevel<ConfirmationDialog>());
        press(Qt::Key_Return, Qt::ControlModifier);
        QTRY_VERIFY((dialog = visibleTopLevel<ConfirmationDialog>()) != nullptr);
        QApplication::setActiveWindow(dialog);
        QTRY_VERIFY(dialog->isAncestorOf(QApplication::focusWidget()));
        press(Qt::Key_Escape);
        QTRY_VERIFY(!visibleTopLevel<ConfirmationDialog>());
        QTRY_VERIFY(!panel->currentCall());
        QVERIFY(panel->resultView()->banner()->title().contains(u"denied", Qt::CaseInsensitive));
    }

    void everyControlHasAName()
    {
        createWindow();
        // The main window with each page: a tool with its result, a resource read, a prompt, a server.
        const LookAt look = [this](QWidget *view, const QStringList &) { checkNamed(view); };
        runWeatherThroughTheDialog(*m_window, look);
        if (QTest::currentTestFailed())
            return;
        showResourcePromptAndServer(*m_window, demo(), look);
        if (QTest::currentTestFailed())
            return;
        // Every dialog and window of the app.
        openEveryDialog(*m_window, path(QStringLiteral("roots.json")), look);
    }
};

QTEST_MAIN(tst_Keyboard)
#include "tst_keyboard.moc"
