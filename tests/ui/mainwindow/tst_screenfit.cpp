// Every window and dialog fits the screen it is on (issue 34 item 1): on a small screen or at 200 %,
// no window's minimum size is larger than the screen's available geometry, no window reaches past it,
// and every button is where a person can click it (content scrolls instead).
//
// The screen is set by TOOLGATE_TEST_SCREEN ("1400x900@2": 1400 by 900 device pixels at 200 %); ctest
// runs this test once for each screen the issue names. The offscreen platform takes the geometry from
// a configuration file, the scale from QT_SCALE_FACTOR, both set in main() before the application.

#include "ui/mainwindow/mainwindow.h"
#include "../support/windowtour.h"

#include "ui/collections/collectionspane.h"
#include "ui/dialogs/dialogapprovalgate.h"
#include "ui/dialogs/servereditordialog.h"
#include "ui/servers/serverpanel.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QScreen>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

// True when widget sits in a scroll area's viewport below window: scrolling brings it into view.
bool scrollsIntoView(const QWidget *widget, const QWidget *window)
{
    for (const QWidget *up = widget->parentWidget(); up && up != window; up = up->parentWidget()) {
        if (const auto *area = qobject_cast<const QAbstractScrollArea *>(up->parentWidget()); area && area->viewport() == up)
            return true;
    }
    return false;
}

// True when widget is in a dock that Qt parked out of the window (a tabbed dock that is not the current
// tab), or is the extension button Qt keeps in a toolbar: neither is a place a person looks for a button.
bool parkedByQt(const QWidget *widget, const QWidget *window)
{
    if (widget->objectName() == QLatin1String("qt_toolbar_ext_button"))
        return true;
    for (const QWidget *up = widget->parentWidget(); up && up != window; up = up->parentWidget()) {
        if (qobject_cast<const QDockWidget *>(up) && !window->rect().intersects(QRect(up->mapTo(window, QPoint()), up->size())))
            return true;
    }
    return false;
}

// The first ancestor of widget (below window) that cuts part of it off, or null: a button squeezed out
// of a pane too small for it is as unreachable as one below the screen's edge.
const QWidget *clippingAncestor(const QWidget *widget, const QWidget *window)
{
    QRect rect = widget->rect();
    const QWidget *child = widget;
    for (const QWidget *up = widget->parentWidget(); up; up = up->parentWidget()) {
        rect.translate(child->pos());
        if (!up->rect().contains(rect))
            return up;
        if (up == window)
            break;
        child = up;
    }
    return nullptr;
}

QString describe(const QWidget *widget)
{
    QString text;
    if (const auto *button = qobject_cast<const QAbstractButton *>(widget); button && !button->text().isEmpty())
        text = QStringLiteral(" \"%1\"").arg(button->text());
    return QString::fromLatin1(widget->metaObject()->className()) + u'#' + widget->objectName() + text;
}

QString rectText(const QRect &r)
{
    return QStringLiteral("%1x%2 at %3,%4").arg(r.width()).arg(r.height()).arg(r.x()).arg(r.y());
}

} // namespace

class tst_ScreenFit final
    : public QObject
    , private MainWindowFixture
{
    Q_OBJECT

private:
    QTemporaryDir m_auditDir;
    int m_windowsChecked = 0;

    // What the issue asks of view's window: its minimum size and its frame within the screen's room,
    // every visible button inside the window and not cut off (unless it scrolls into view).
    void verifyFits(QWidget *view)
    {
        QWidget *window = view->window();
        QVERIFY(settled(window));
        const QRect room = window->screen()->availableGeometry();
        const QString name = describe(window);
        ++m_windowsChecked;
        QVERIFY2(window->minimumWidth() <= room.width() && window->minimumHeight() <= room.height(),
                 qPrintable(QStringLiteral("%1 needs at least %2x%3, the screen has %4")
                                .arg(name)
                                .arg(window->minimumWidth())
                                .arg(window->minimumHeight())
                                .arg(rectText(room))));
        QVERIFY2(room.contains(window->frameGeometry()),
                 qPrintable(QStringLiteral("%1 is %2, the screen has %3").arg(name, rectText(window->frameGeometry()), rectText(room))));
        const QList<QAbstractButton *> buttons = window->findChildren<QAbstractButton *>();
        for (const QAbstractButton *button : buttons) {
            if (!button->isVisible() || button->window() != window || scrollsIntoView(button, window) || parkedByQt(button, window))
                continue;
            const QWidget *clip = clippingAncestor(button, window);
            QVERIFY2(!clip,
                     qPrintable(QStringLiteral("%1 in %2 (%3) is cut off by %4 (%5)")
                                    .arg(describe(button), name, rectText(QRect(button->mapTo(window, QPoint()), button->size())),
                                         clip ? describe(clip) : QString(), clip ? rectText(clip->rect()) : QString())));
            const QRect onScreen(button->mapToGlobal(QPoint()), button->size());
            QVERIFY2(room.contains(onScreen),
                     qPrintable(QStringLiteral("%1 in %2 is at %3, the screen has %4")
                                    .arg(describe(button), name, rectText(onScreen), rectText(room))));
        }
    }

    void showDemoWindow()
    {
        makeWindow(nullptr).findChild<DialogApprovalGate *>()->setAllowDelay(0);
        QVERIFY(showMainWindow(*m_window, *m_host));
        m_host->workspace()->startAll();
        QVERIFY(waitForTool(*m_window));
        QTRY_COMPARE(demo()->status(), ServerConnection::Status::Ready);
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(demoServerBuilt(), "the demo server is not built");
        QVERIFY(m_auditDir.isValid());
        qputenv("TOOLGATE_AUDIT_DB", m_auditDir.filePath(QStringLiteral("audit.sqlite")).toLocal8Bit());
        const QScreen *screen = QGuiApplication::primaryScreen();
        qInfo("screen %s, available %s, %g device pixels a pixel", qPrintable(rectText(screen->geometry())),
              qPrintable(rectText(screen->availableGeometry())), screen->devicePixelRatio());
    }

    void init()
    {
        QVERIFY(makeFolder());
        m_host = Toolgate::TestSupport::guiTestHost(m_dir->path());
        m_windowsChecked = 0;
    }

    void cleanup() { dropWindowHostAndFolder(); }

    // The main window and every dialog and window a person reaches from it, with real content: a call
    // waiting for approval, the demo server's resources and prompts, Add Server, the audit log with
    // that call in it, Collections.
    void everyWindowAndDialogFits()
    {
        showDemoWindow();
        if (QTest::currentTestFailed())
            return;
        const LookAt look = [this](QWidget *view, const QStringList &) { verifyFits(view); };
        verifyFits(m_window.get());

        runWeatherThroughTheDialog(*m_window, [this](QWidget *view, const QStringList &) {
            verifyFits(view);
            if (qobject_cast<ConfirmationDialog *>(view) && qEnvironmentVariableIsSet("TOOLGATE_SCREENSHOT_DIR")
                && view->devicePixelRatio() >= 2) {
                QTemporaryDir scratch;
                QVERIFY(view->grab().save(QDir(screenshotFolder(scratch)).filePath(QStringLiteral("approval-dialog-200pct.png"))));
            }
        });
        if (QTest::currentTestFailed())
            return;
        showResourcePromptAndServer(*m_window, demo(), look);
        if (QTest::currentTestFailed())
            return;
        openEveryDialog(*m_window, path(QStringLiteral("roots.json")), look);
        if (QTest::currentTestFailed())
            return;

        m_window->serverPanel()->addServerAction()->trigger();
        ServerEditorDialog *editor = nullptr;
        QTRY_VERIFY((editor = visibleTopLevel<ServerEditorDialog>()) != nullptr);
        verifyFits(editor);
        editor->reject();
        if (QTest::currentTestFailed())
            return;

        m_window->showCollections();
        QTRY_VERIFY(m_window->collectionsPane()->isVisible());
        verifyFits(m_window.get());
        QVERIFY(m_windowsChecked >= 15);
    }

    // A window made larger than the screen (as a saved geometry from a larger screen would) is brought
    // back within it, and so is the next window that restores that geometry.
    void savedGeometryFitsTheNextScreen()
    {
        showDemoWindow();
        if (QTest::currentTestFailed())
            return;
        m_window->showCollections();
        m_window->setGeometry(QRect(QPoint(0, 0), QGuiApplication::primaryScreen()->geometry().size() * 2));
        verifyFits(m_window.get());
        m_window->close(); // saves the geometry

        m_window.reset();
        makeWindow(nullptr);
        QVERIFY(showMainWindow(*m_window, *m_host));
        verifyFits(m_window.get());
    }
};

// The screen before the application exists: TOOLGATE_TEST_SCREEN "WIDTHxHEIGHT@SCALE" becomes an
// offscreen screen of that many device pixels and QT_SCALE_FACTOR.
int main(int argc, char *argv[])
{
    QTemporaryDir config;
    const QString wanted = qEnvironmentVariable("TOOLGATE_TEST_SCREEN");
    if (!wanted.isEmpty()) {
        const QRegularExpressionMatch match = QRegularExpression(QStringLiteral("^(\\d+)x(\\d+)@(\\d+(?:\\.\\d+)?)$")).match(wanted);
        if (!match.hasMatch() || !config.isValid()) {
            qCritical("TOOLGATE_TEST_SCREEN is \"%s\"; it should be like 1400x900@2", qPrintable(wanted));
            return 2;
        }
        const QJsonObject screen{{QStringLiteral("name"), QStringLiteral("Screen")},
                                 {QStringLiteral("x"), 0},
                                 {QStringLiteral("y"), 0},
                                 {QStringLiteral("width"), match.captured(1).toInt()},
                                 {QStringLiteral("height"), match.captured(2).toInt()},
                                 {QStringLiteral("logicalDpi"), 96},
                                 {QStringLiteral("logicalBaseDpi"), 96},
                                 {QStringLiteral("dpr"), 1}};
        const QString file = config.filePath(QStringLiteral("screens.json"));
        QFile out(file);
        if (!out.open(QIODevice::WriteOnly)
            || out.write(QJsonDocument(QJsonObject{{QStringLiteral("screens"), QJsonArray{screen}}}).toJson()) < 0)
            return 2;
        out.close();
        qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + QFile::encodeName(file));
        qputenv("QT_SCALE_FACTOR", match.captured(3).toLatin1());
    }
    QApplication app(argc, argv);
    tst_ScreenFit test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_screenfit.moc"
