// No cut-off German (#34 item 6): German words are longer than English ones, and a label, button or
// placeholder sized for the English text shows "Argumente prü" or "Suche nach Werkzeu". With the German
// translation loaded, every single-line text of the main window and its dialogs — a label that does not
// wrap, a button, a line edit's placeholder — must fit the width its widget has. Against the real demo
// server (which then speaks German too), through the same tour as tst_germanui, offscreen.

#include "ui/mainwindow/mainwindow.h"
#include "../support/windowtour.h"

#include "germantranslation.h"

#include "core/host/host.h"
#include "ui/dialogs/dialogapprovalgate.h"
#include "ui/viewers/contentview.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QStyle>
#include <QStyleOptionButton>
#include <QStyleOptionFrame>
#include <QTest>
#include <QTextDocumentFragment>
#include <QToolButton>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

QString fitPath(const QObject *object)
{
    QStringList path;
    for (const QObject *o = object; o; o = o->parent()) {
        path.prepend(o->objectName().isEmpty() ? QString::fromLatin1(o->metaObject()->className())
                                               : QString::fromLatin1(o->metaObject()->className()) + u'#' + o->objectName());
        if (o->isWidgetType() && static_cast<const QWidget *>(o)->isWindow())
            break;
    }
    return path.join(QStringLiteral(" > "));
}

// What a server returned is shown as it came (and cut by the views that show it on one line); only
// Toolgate's own texts are the translation's to fit.
bool showsServerContent(const QWidget *widget)
{
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        if (qobject_cast<const ContentView *>(w) || w->objectName() == u"serverInstructions")
            return true;
    }
    return false;
}

// The text as drawn: without the "&" of a shortcut, rich text as its plain words.
QStringList drawnLines(QString text, Qt::TextFormat format, bool mnemonic)
{
    if (format == Qt::RichText || (format == Qt::AutoText && Qt::mightBeRichText(text)))
        text = QTextDocumentFragment::fromHtml(text).toPlainText();
    if (mnemonic) {
        text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
        text.remove(u'&');
        text.replace(u'\x01', u'&');
    }
    return text.split(u'\n');
}

int widestLine(const QFontMetrics &metrics, const QStringList &lines)
{
    int widest = 0;
    for (const QString &line : lines)
        widest = qMax(widest, metrics.horizontalAdvance(line));
    return widest;
}

// A text wider than the room its widget gives it, for a person to read: where, which text, how many pixels short.
class CutOffCheck
{
public:
    QStringList problems;

    void checkWindow(QWidget *window)
    {
        QVERIFY(settled(window));
        QList<QWidget *> widgets = window->findChildren<QWidget *>();
        widgets.prepend(window);
        for (QWidget *widget : std::as_const(widgets)) {
            if (!widget->isVisible() || widget->width() <= 0 || showsServerContent(widget))
                continue;
            if (auto *label = qobject_cast<QLabel *>(widget))
                checkLabel(label);
            else if (auto *button = qobject_cast<QPushButton *>(widget))
                checkPushButton(button);
            else if (qobject_cast<QCheckBox *>(widget) || qobject_cast<QRadioButton *>(widget) || qobject_cast<QToolButton *>(widget))
                checkBySizeHint(static_cast<QAbstractButton *>(widget));
            else if (auto *line = qobject_cast<QLineEdit *>(widget))
                checkPlaceholder(line);
        }
    }

private:
    void report(const QWidget *widget, const QString &text, int needed, int room)
    {
        const QString problem = QStringLiteral("%1: \"%2\" needs %3 px, has %4").arg(fitPath(widget), text).arg(needed).arg(room);
        if (!problems.contains(problem))
            problems.append(problem);
    }

    void checkLabel(const QLabel *label)
    {
        if (label->wordWrap() || label->text().isEmpty())
            return;
        const QStringList lines = drawnLines(label->text(), label->textFormat(), label->buddy() != nullptr);
        const int needed = widestLine(label->fontMetrics(), lines);
        const int room = label->contentsRect().width() - 2 * label->margin() - qMax(0, label->indent());
        // Given a minimum width below its text and the whole text on hover: cut at the edge on purpose
        // (a command line, which has no good place to wrap).
        const bool cutOnPurpose = label->minimumWidth() > 0 && label->minimumWidth() < needed && !label->toolTip().isEmpty();
        if (needed > room && !cutOnPurpose)
            report(label, label->text(), needed, room);
    }

    void checkPushButton(QPushButton *button)
    {
        if (button->text().isEmpty())
            return;
        QStyleOptionButton option;
        option.initFrom(button);
        option.features = button->isFlat() ? QStyleOptionButton::Flat : QStyleOptionButton::None;
        if (button->menu())
            option.features |= QStyleOptionButton::HasMenu;
        option.text = button->text();
        option.icon = button->icon();
        option.iconSize = button->iconSize();
        const QRect contents = button->style()->subElementRect(QStyle::SE_PushButtonContents, &option, button);
        int needed = widestLine(button->fontMetrics(), drawnLines(button->text(), Qt::PlainText, true));
        if (!button->icon().isNull())
            needed += button->iconSize().width() + 4;
        if (button->menu())
            needed += button->style()->pixelMetric(QStyle::PM_MenuButtonIndicator, &option, button);
        if (needed > contents.width())
            report(button, button->text(), needed, contents.width());
    }

    // A check box, radio button or text tool button asks for exactly its indicator, icon and text.
    void checkBySizeHint(const QAbstractButton *button)
    {
        if (button->text().isEmpty())
            return;
        if (auto *tool = qobject_cast<const QToolButton *>(button); tool && tool->toolButtonStyle() == Qt::ToolButtonIconOnly)
            return;
        if (button->width() < button->sizeHint().width())
            report(button, button->text(), button->sizeHint().width(), button->width());
    }

    void checkPlaceholder(const QLineEdit *line)
    {
        if (line->placeholderText().isEmpty() || !line->text().isEmpty())
            return;
        QStyleOptionFrame option;
        option.initFrom(line);
        option.rect = line->contentsRect();
        option.lineWidth = line->hasFrame() ? line->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, &option, line) : 0;
        option.midLineWidth = 0;
        option.state |= QStyle::State_Sunken;
        option.features = QStyleOptionFrame::None;
        QRect contents = line->style()->subElementRect(QStyle::SE_LineEditContents, &option, line);
        contents = contents.marginsRemoved(line->textMargins());
        constexpr int lineEditHorizontalMargin = 2; // QLineEditPrivate::horizontalMargin
        int room = contents.width() - 2 * lineEditHorizontalMargin;
        // The clear button and other actions' buttons sit inside the edit and take their room.
        for (const QWidget *side : line->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
            if (side->isVisible())
                room -= side->width();
        }
        const int needed = line->fontMetrics().horizontalAdvance(line->placeholderText());
        if (needed > room)
            report(line, line->placeholderText(), needed, room);
    }
};

} // namespace

class tst_GermanFit final
    : public QObject
    , private MainWindowFixture
{
    Q_OBJECT

private:
    CutOffCheck m_check;
    QTemporaryDir m_auditDir;
    int m_shots = 0;
    std::unique_ptr<GermanTranslation> m_german;

    void look(QWidget *view)
    {
        m_check.checkWindow(view->window());
        if (qEnvironmentVariableIsSet("TOOLGATE_GERMAN_FIT_SHOTS")) {
            const QString file = QDir(qEnvironmentVariable("TOOLGATE_GERMAN_FIT_SHOTS"))
                                     .filePath(QStringLiteral("german-fit-%1.png").arg(++m_shots, 2, 10, QLatin1Char('0')));
            QVERIFY(view->window()->grab().save(file));
        }
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(demoServerBuilt(), "the demo server is not built");
        QVERIFY(m_auditDir.isValid());
        qputenv("TOOLGATE_AUDIT_DB", m_auditDir.filePath(QStringLiteral("audit.sqlite")).toLocal8Bit());
        m_german = std::make_unique<GermanTranslation>();
        QVERIFY(m_german->installed());
    }

    void cleanupTestCase() { m_german.reset(); }

    void init()
    {
        QVERIFY(makeFolder());
        m_host = Toolgate::TestSupport::guiTestHost(m_dir->path());
    }

    void cleanup() { dropWindowHostAndFolder(); }

    void noTextIsCutOff()
    {
        makeWindow(nullptr).findChild<DialogApprovalGate *>()->setAllowDelay(0);
        // The size a first start gives the window on a large screen (MainWindow::restoreLayout).
        QVERIFY(showMainWindow(*m_window, *m_host, QSize(1280, 820)));
        m_host->workspace()->startAll();
        QVERIFY(waitForTool(*m_window));
        QTRY_COMPARE(demo()->status(), ServerConnection::Status::Ready);

        const LookAt look = [this](QWidget *view, const QStringList &) { this->look(view); };
        m_window->serverPanel()->selectConnection(demo());
        look(m_window.get(), {});
        runWeatherThroughTheDialog(*m_window, look);
        if (QTest::currentTestFailed())
            return;
        showResourcePromptAndServer(*m_window, demo(), look);
        if (QTest::currentTestFailed())
            return;
        openEveryDialog(*m_window, path(QStringLiteral("roots.json")), look);
        if (QTest::currentTestFailed())
            return;

        for (const QString &problem : std::as_const(m_check.problems))
            qWarning().noquote() << problem;
        QVERIFY2(m_check.problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 texts are cut off in German (give them room in the layout, or a shorter "
                                           "German text):\n  %2")
                                .arg(m_check.problems.size())
                                .arg(m_check.problems.join(QStringLiteral("\n  ")))));
    }
};

QTEST_MAIN(tst_GermanFit)
#include "tst_germanfit.moc"
