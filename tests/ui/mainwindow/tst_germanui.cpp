// The window in German (issue 14): with the German translation loaded, every text a person sees or
// hears — labels, buttons, menus, actions, tooltips, placeholders, titles, tabs, headers, list rows,
// accessible names — of the main window and its dialogs is German. It fails on a string that was
// never wrapped in tr() (it still reads as English) and on one that was but has no translation.
// Texts that come from the server (the demo server's tools, resources, prompts, results, its output)
// are data, and are taken out before the check. Against the real demo server, through the real dialogs.

#include "ui/mainwindow/mainwindow.h"
#include "../support/windowtour.h"

#include "ui/audit/auditwindow.h"
#include "ui/clientfeatures/elicitationdialog.h"
#include "ui/clientfeatures/rootsdialog.h"
#include "core/workspace/rootsstore.h"
#include "ui/clientfeatures/samplingdialog.h"
#include "core/common/translations.h"
#include "ui/dialogs/aboutdialog.h"
#include "ui/dialogs/confirmationdialog.h"
#include "ui/dialogs/dialogapprovalgate.h"
#include "ui/dialogs/importdialog.h"
#include "ui/dialogs/servereditordialog.h"
#include "ui/forms/argumentform.h"
#include "core/host/host.h"
#include "ui/items/itembrowser.h"
#include "ui/serverfeatures/promptpanel.h"
#include "ui/serverfeatures/resourcepanel.h"
#include "ui/servers/serverpanel.h"
#include "ui/serverfeatures/toolpanel.h"
#include "ui/models/prompttreemodel.h"
#include "ui/models/resourcetreemodel.h"
#include "ui/viewers/contentview.h"
#include "ui/viewers/resultview.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <QXmlStreamReader>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

// Words that are English and not German: one of them left in a text means an English string.
const QSet<QString> &englishWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> set;
        const char *list[] = {
            "the", "and", "of", "to", "is", "are", "not", "with", "for", "this", "that", "these", "those", "you", "your",
            "from", "by", "or", "be", "it", "its", "has", "have", "been", "run", "running", "add", "remove", "edit",
            "open", "close", "save", "cancel", "file", "files", "view", "help", "settings", "tools", "tool", "resources",
            "resource", "ready", "starting", "stopped", "failed", "search", "read", "reload", "refresh", "select",
            "choose", "show", "hide", "allow", "deny", "always", "never", "once", "session", "arguments",
            "result", "results", "error", "errors", "command", "value", "values", "folder", "nothing", "no", "yes",
            "none", "new", "more", "less", "all", "any", "every", "only", "what", "when", "where", "which", "who",
            "how", "why", "there", "here", "then", "than", "can", "cannot", "could", "would", "should", "must", "may",
            "need", "needs", "ask", "asks", "sent", "send", "call", "calls", "keychain", "secret", "secrets", "text",
            "line", "column", "item", "items", "list", "type", "enabled", "disabled", "restart", "restarting",
            "connected", "listing", "output", "record", "records", "decision", "decisions", "request", "requests",
            "reply", "message", "messages", "page", "model", "user", "assistant", "image", "play", "fit", "actual",
            "size", "duration", "unknown", "loading", "reading", "decoding", "waiting", "cancelled", "denied",
            "allowed", "about", "quit", "parameters", "time", "reason", "outcome", "timing", "local",
            "remote", "sign", "signed", "required", "server's", "don't", "doesn't", "isn't", "can't",
            "pick", "fill", "press", "get", "got", "gave", "up", "out", "off", "over", "last", "first", "next",
            "previous", "back", "forward", "zoom", "clear", "copy", "paste", "undo", "redo", "find", "found",
            "working", "environment", "variables", "header", "headers", "description", "title", "offers", "runs",
            "calls", "itself", "instructions", "version", "raw", "content", "contents", "whole", "data",
            "loaded", "succeeded", "match", "matches", "hour", "hours", "days", "range", "custom", "kinds", "event", "events",
        };
        for (const char *word : list)
            set.insert(QString::fromLatin1(word));
        // Left out as German too: "Name", "Status", "Servers" (des Servers), "Prompt(s)", "Details", "Import",
        // "Export", "Log", "Browser", "Client", "Transport", "Pause", "Kind", "Argument", "optional", "Audio", "Bytes",
        // "in", "an", "so", "was", "will", "also"; and "Roots", kept in brackets after "Stammordner".
        return set;
    }();
    return words;
}

struct SourceText
{
    QString source;
    QString translation;
};

// The English source texts of the .ts whose German differs: one of them on screen is untranslated.
QHash<QString, QString> untranslatedSources(QString *error)
{
    QHash<QString, QString> sources;
    QFile file(QStringLiteral(TOOLGATE_SOURCE_DIR "/resources/translations/toolgate_de.ts"));
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return sources;
    }
    QXmlStreamReader xml(&file);
    QString source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == u"source") {
            source = xml.readElementText();
        } else if (xml.name() == u"translation") {
            QString translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            const QString key = QString(source).remove(u'&').trimmed();
            if (translation.remove(u'&').trimmed() != key && key.size() > 1)
                sources.insert(key, source);
        }
    }
    return sources;
}

QString describe(const QObject *object)
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

// Content views show what a server returned; the server page shows its instructions (Markdown).
bool insideServerContent(const QWidget *widget)
{
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        if (qobject_cast<const ContentView *>(w) || w->objectName() == u"serverInstructions")
            return true;
    }
    return false;
}

// Takes every occurrence of part out of text that is not inside a longer word ("system" stays in "filesystem").
void removeWhole(QString &text, const QString &part)
{
    const auto isWord = [](QChar c) { return c.isLetterOrNumber(); };
    qsizetype from = 0;
    while ((from = text.indexOf(part, from)) >= 0) {
        const qsizetype end = from + part.size();
        const bool alone = (from == 0 || !isWord(text.at(from - 1)) || !isWord(part.front()))
            && (end >= text.size() || !isWord(text.at(end)) || !isWord(part.back()));
        if (alone) {
            text.replace(from, part.size(), QStringLiteral(" "));
            from += 1;
        } else {
            from = end;
        }
    }
}

class GermanCheck
{
public:
    QStringList problems;
    QStringList serverTexts; // longest first, taken out of a text before the check

    void setServerTexts(QSet<QString> texts)
    {
        // Names that stay English in German too, and the MIT licence text, which is legal text.
        for (const char *name : {"Model Context Protocol", "Claude Desktop", "VS Code", "Streamable HTTP", "Server-Sent Events",
                                 "Qt WebEngine", "Qt Multimedia", "GNOME Keyring", "KWallet", "JSON Lines"})
            texts.insert(QString::fromLatin1(name));
        QFile licence(QStringLiteral(TOOLGATE_SOURCE_DIR "/LICENSE"));
        if (licence.open(QIODevice::ReadOnly)) {
            const QStringList lines = QString::fromUtf8(licence.readAll()).split(u'\n');
            for (const QString &line : lines)
                texts.insert(line.trimmed());
        }
        serverTexts = QStringList(texts.cbegin(), texts.cend());
        serverTexts.removeIf([](const QString &t) { return t.trimmed().size() < 3; });
        std::sort(serverTexts.begin(), serverTexts.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
    }

    void check(const QString &rawText, const QString &where)
    {
        if (rawText.trimmed().isEmpty())
            return;
        const QString text = Qt::mightBeRichText(rawText) ? QTextDocumentFragment::fromHtml(rawText).toPlainText() : rawText;
        const QString key = QString(text).remove(u'&').trimmed();
        if (m_sources.contains(key) && !serverTexts.contains(key)) {
            report(QStringLiteral("untranslated \"%1\"").arg(key), where);
            return;
        }
        QString rest = QString(text).replace(u'\n', u' ');
        for (const QString &server : std::as_const(serverTexts))
            removeWhole(rest, server);
        // Paths, addresses, identifiers and numbers are not words of either language.
        static const QRegularExpression notWords(QStringLiteral("\\S*[/\\\\._@:=#\\d]\\S*"));
        rest.replace(notWords, QStringLiteral(" "));
        static const QRegularExpression word(QStringLiteral("[A-Za-z]+(?:'[a-z]+)?"));
        QStringList english;
        for (const QRegularExpressionMatch &match : word.globalMatch(rest)) {
            const QString w = match.captured(0);
            if (englishWords().contains(w.toLower()) && w.toUpper() != w) // JSON, URL, CLI, GUI stay as they are
                english.append(w);
        }
        if (!english.isEmpty())
            report(QStringLiteral("English (%1) in \"%2\"").arg(english.join(QStringLiteral(", ")), text.simplified().left(160)), where);
    }

    void checkModel(const QAbstractItemModel *model, const QModelIndex &parent, const QString &where, int &budget)
    {
        for (int section = 0; section < model->columnCount(parent) && !parent.isValid(); ++section) {
            check(model->headerData(section, Qt::Horizontal, Qt::DisplayRole).toString(), where + QStringLiteral(" header"));
            check(model->headerData(section, Qt::Horizontal, Qt::ToolTipRole).toString(), where + QStringLiteral(" header tooltip"));
        }
        for (int row = 0; row < model->rowCount(parent) && budget > 0; ++row) {
            for (int column = 0; column < model->columnCount(parent); ++column, --budget) {
                const QModelIndex index = model->index(row, column, parent);
                check(index.data(Qt::DisplayRole).toString(), where + QStringLiteral(" row"));
                check(index.data(Qt::ToolTipRole).toString(), where + QStringLiteral(" row tooltip"));
                check(index.data(Qt::AccessibleTextRole).toString(), where + QStringLiteral(" row accessible"));
                if (column == 0 && model->hasChildren(index))
                    checkModel(model, index, where, budget);
            }
        }
    }

    void checkAction(const QAction *action, const QString &where)
    {
        if (action->isSeparator())
            return;
        check(action->text(), where + QStringLiteral(" action"));
        if (action->toolTip() != QString(action->text()).remove(u'&').remove(QStringLiteral("…")))
            check(action->toolTip(), where + QStringLiteral(" action tooltip"));
        check(action->statusTip(), where + QStringLiteral(" action status tip"));
        check(action->whatsThis(), where + QStringLiteral(" action what's this"));
        if (action->menu())
            checkMenu(action->menu());
    }

    void checkMenu(const QMenu *menu)
    {
        check(menu->title(), describe(menu) + QStringLiteral(" title"));
        const QList<QAction *> actions = menu->actions();
        for (const QAction *action : actions)
            checkAction(action, describe(menu));
    }

    void checkWindow(QWidget *window)
    {
        QVERIFY(settled(window)); // posted layouts and late widgets (content panes) settle
        QList<QWidget *> widgets = window->findChildren<QWidget *>();
        widgets.prepend(window);
        for (QWidget *widget : std::as_const(widgets)) {
            const QString where = describe(widget);
            if (const auto *menu = qobject_cast<QMenu *>(widget)) {
                checkMenu(menu); // menus are hidden until opened and still read
                continue;
            }
            if (!widget->isVisible())
                continue;
            const QList<QAction *> actions = widget->actions();
            for (const QAction *action : actions)
                checkAction(action, where);
            if (widget->isWindow())
                check(widget->windowTitle(), where + QStringLiteral(" window title"));
            check(widget->toolTip(), where + QStringLiteral(" tooltip"));
            check(widget->statusTip(), where + QStringLiteral(" status tip"));
            check(widget->whatsThis(), where + QStringLiteral(" what's this"));
            check(widget->accessibleName(), where + QStringLiteral(" accessible name"));
            check(widget->accessibleDescription(), where + QStringLiteral(" accessible description"));
            const bool server = insideServerContent(widget);
            if (auto *label = qobject_cast<QLabel *>(widget); label && !server)
                check(label->text(), where);
            else if (auto *button = qobject_cast<QAbstractButton *>(widget))
                check(button->text(), where);
            else if (auto *line = qobject_cast<QLineEdit *>(widget))
                check(line->placeholderText(), where + QStringLiteral(" placeholder"));
            else if (auto *edit = qobject_cast<QTextEdit *>(widget)) {
                check(edit->placeholderText(), where + QStringLiteral(" placeholder"));
                if (edit->isReadOnly() && !server)
                    check(edit->toPlainText(), where);
            } else if (auto *plain = qobject_cast<QPlainTextEdit *>(widget)) {
                check(plain->placeholderText(), where + QStringLiteral(" placeholder"));
                if (plain->isReadOnly() && !server)
                    check(plain->toPlainText(), where);
            } else if (auto *combo = qobject_cast<QComboBox *>(widget)) {
                // The audit log's "Tool or event" filter lists the names stored in the log (tool names and
                // connection events such as "connected"); what is typed there is matched against them.
                for (int i = 0; i < combo->count() && combo->objectName() != u"toolFilter"; ++i) {
                    check(combo->itemText(i), where + QStringLiteral(" item"));
                    check(combo->itemData(i, Qt::ToolTipRole).toString(), where + QStringLiteral(" item tooltip"));
                }
                if (combo->lineEdit())
                    check(combo->lineEdit()->placeholderText(), where + QStringLiteral(" placeholder"));
            } else if (auto *tabs = qobject_cast<QTabBar *>(widget)) {
                for (int i = 0; i < tabs->count(); ++i) {
                    check(tabs->tabText(i), where + QStringLiteral(" tab"));
                    check(tabs->tabToolTip(i), where + QStringLiteral(" tab tooltip"));
                }
            } else if (auto *group = qobject_cast<QGroupBox *>(widget)) {
                check(group->title(), where + QStringLiteral(" title"));
            } else if (auto *view = qobject_cast<QAbstractItemView *>(widget); view && view->model() && !server) {
                int budget = 2000;
                checkModel(view->model(), {}, where, budget);
            }
        }
    }

    void load(QString *error) { m_sources = untranslatedSources(error); }

private:
    QHash<QString, QString> m_sources;
    QSet<QString> m_reported;

    void report(const QString &what, const QString &where)
    {
        if (!m_reported.contains(what)) {
            m_reported.insert(what);
            problems.append(QStringLiteral("%1\n      at %2").arg(what, where));
        }
    }
};

void collectStrings(const QJsonValue &value, QSet<QString> &out)
{
    if (value.isString()) {
        out.insert(value.toString());
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (const QJsonValue &v : array)
            collectStrings(v, out);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            out.insert(it.key());
            collectStrings(it.value(), out);
        }
    }
}

} // namespace

class tst_GermanUi final : public QObject, private MainWindowFixture
{
    Q_OBJECT

private:
    GermanCheck m_check;
    QTemporaryDir m_auditDir;

    // What the demo server said: its tools, resources, prompts, instructions, output lines — data.
    void learnServerTexts(const QStringList &extra = {})
    {
        QSet<QString> texts(extra.cbegin(), extra.cend());
        ServerConnection *connection = demo();
        for (const Tool &tool : connection->tools())
            collectStrings(tool.toJson(), texts);
        for (const Resource &resource : connection->resources())
            collectStrings(resource.toJson(), texts);
        for (const ResourceTemplate &resourceTemplate : connection->resourceTemplates())
            collectStrings(resourceTemplate.toJson(), texts);
        for (const Prompt &prompt : connection->prompts())
            collectStrings(prompt.toJson(), texts);
        if (connection->session())
            collectStrings(connection->session()->serverInitializeResult().toJson(), texts);
        for (const ConsoleLine &line : connection->console()) {
            if (line.kind != ConsoleLine::Kind::Lifecycle)
                texts.insert(line.text);
        }
        // Form labels the window makes from property names ("city" → "City").
        const QSet<QString> copy = texts;
        for (const QString &text : copy) {
            if (!text.isEmpty() && !text.contains(u' ')) {
                QString label = text;
                label.replace(u'_', u' ');
                label[0] = label[0].toUpper();
                texts.insert(label);
            }
        }
        m_check.setServerTexts(texts);
    }

    void verifyGerman(QWidget *window, const QStringList &extraServerTexts = {})
    {
        learnServerTexts(extraServerTexts);
        m_check.checkWindow(window);
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(demoServerBuilt(), "the demo server is not built");
        // A new audit log: records written by earlier runs, in whatever language they ran, are not this run's texts.
        QVERIFY(m_auditDir.isValid());
        qputenv("TOOLGATE_AUDIT_DB", m_auditDir.filePath(QStringLiteral("audit.sqlite")).toLocal8Bit());
        // As on a German system: the translations, and QLocale's own formats (sizes, numbers, dates).
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QVERIFY(!Translations::install(qApp, QLocale(QLocale::German, QLocale::Germany)).isEmpty());
        QString error;
        m_check.load(&error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void init()
    {
        QVERIFY(makeFolder());
        m_host = Toolgate::TestSupport::guiTestHost(m_dir->path());
    }

    void cleanup() { dropWindowHostAndFolder(); }

    void everyVisibleTextIsGerman()
    {
        makeWindow(nullptr).findChild<DialogApprovalGate *>()->setAllowDelay(0);
        QVERIFY(showMainWindow(*m_window, *m_host, QSize(1280, 720)));
        m_host->workspace()->startAll();
        QVERIFY(waitForTool(*m_window));
        QTRY_COMPARE(demo()->status(), ServerConnection::Status::Ready);

        // The main window with a server's page, then a tool run with its result, a resource read, a prompt.
        const LookAt look = [this](QWidget *view, const QStringList &dataTexts) { verifyGerman(view, dataTexts); };
        m_window->serverPanel()->selectConnection(demo());
        verifyGerman(m_window.get());
        runWeatherThroughTheDialog(*m_window, look);
        if (QTest::currentTestFailed())
            return;

        if (qEnvironmentVariableIsSet("TOOLGATE_SCREENSHOT_DIR")) {
            QTemporaryDir scratch;
            const QString file = QDir(screenshotFolder(scratch)).filePath(QStringLiteral("german-main-window.png"));
            QVERIFY(m_window->grab().save(file));
        }

        showResourcePromptAndServer(*m_window, demo(), look);
        if (QTest::currentTestFailed())
            return;
        // Every dialog and window of the app.
        openEveryDialog(*m_window, path(QStringLiteral("roots.json")), look);
        if (QTest::currentTestFailed())
            return;

        for (const QString &problem : std::as_const(m_check.problems))
            qWarning().noquote() << problem;
        QVERIFY2(m_check.problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 texts on screen are not German (wrap them in tr() and translate them in "
                                           "resources/translations/toolgate_de.ts):\n  %2")
                                .arg(m_check.problems.size()).arg(m_check.problems.mid(0, 3).join(QStringLiteral("\n  ")))));
    }
};

QTEST_MAIN(tst_GermanUi)
#include "tst_germanui.moc"
