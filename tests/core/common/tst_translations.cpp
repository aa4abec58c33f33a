// The translations are complete: lupdate run over the sources into a copy of each .ts finds no string
// without a translation, none that vanished from the sources, and every translation keeps its
// placeholders (%1, %n) and its accelerator (&). And the embedded .qm is the one the app loads by locale.

#include "germantranslation.h"

#include "core/common/translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace Toolgate;

namespace {

struct Message
{
    QString context;
    QString source;
    QString type; // "", "unfinished", "vanished", "obsolete"
    QStringList translations; // one, or the numerus forms
    bool numerus = false;
};

QList<Message> readTs(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == u"name")
            context = xml.readElementText();
        else if (xml.name() == u"message")
            current = Message{context, {}, {}, {}, xml.attributes().value(QLatin1StringView("numerus")) == u"yes"};
        else if (xml.name() == u"source")
            current.source = xml.readElementText();
        else if (xml.name() == u"translation") {
            current.type = xml.attributes().value(QLatin1StringView("type")).toString();
            if (current.numerus) {
                while (xml.readNextStartElement())
                    current.translations.append(xml.readElementText());
            } else {
                current.translations.append(xml.readElementText());
            }
            messages.append(current);
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%(\\d+|n)"));
    QSet<QString> found;
    for (const QRegularExpressionMatch &match : re.globalMatch(text))
        found.insert(match.captured(0));
    return found;
}

// An accelerator is a & before a letter (&& is a literal ampersand; "& " in prose is none).
bool hasAccelerator(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("(?<!&)&(?!&)\\w"));
    return re.match(text).hasMatch();
}

QString describe(const Message &m)
{
    return QStringLiteral("[%1] \"%2\"").arg(m.context, m.source.left(100));
}

} // namespace

class tst_Translations final : public QObject
{
    Q_OBJECT

private slots:
    void tsFilesAreCompleteForTheSources_data()
    {
        QTest::addColumn<QString>("ts");
        const QStringList files = QString::fromUtf8(TOOLGATE_TS_FILES).split(u'|');
        for (const QString &file : files)
            QTest::addRow("%s", qPrintable(QFileInfo(file).fileName())) << file;
    }

    void tsFilesAreCompleteForTheSources()
    {
        QFETCH(QString, ts);
        const QString lupdate = QString::fromUtf8(TOOLGATE_LUPDATE);
        if (lupdate.isEmpty() || !QFileInfo(lupdate).isExecutable())
            QSKIP("lupdate (Debian: qt6-l10n-tools) was not found when this was configured");

        // lupdate writes into a copy: the file in the repository is the one under test, untouched.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString copy = dir.filePath(QFileInfo(ts).fileName());
        QVERIFY(QFile::copy(ts, copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QProcess process;
        process.setWorkingDirectory(QString::fromUtf8(TOOLGATE_SOURCE_DIR));
        process.setProcessChannelMode(QProcess::MergedChannels);
        // -I: the one include root, so that lupdate finds the headers that give each tr() its context.
        QStringList arguments{QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-extensions"), QStringLiteral("cpp,h"),
                              QStringLiteral("-I"), QString::fromUtf8(TOOLGATE_SOURCE_DIR)};
        arguments += QString::fromUtf8(TOOLGATE_TR_SOURCES).split(u'|');
        arguments += {QStringLiteral("-ts"), copy};
        process.start(lupdate, arguments);
        QVERIFY2(process.waitForFinished(60000), qPrintable(process.errorString()));
        QCOMPARE(process.exitCode(), 0);

        QString error;
        const QList<Message> messages = readTs(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() > 100);

        QStringList problems;
        for (const Message &m : messages) {
            if (m.type == u"unfinished") {
                problems.append(QStringLiteral("not translated (new or changed in the sources): %1").arg(describe(m)));
                continue;
            }
            if (m.type == u"vanished" || m.type == u"obsolete") {
                problems.append(QStringLiteral("no longer in the sources (run the toolgate_lupdate target): %1").arg(describe(m)));
                continue;
            }
            if (m.translations.isEmpty() || std::any_of(m.translations.cbegin(), m.translations.cend(), [](const QString &t) { return t.isEmpty(); })) {
                problems.append(QStringLiteral("empty translation: %1").arg(describe(m)));
                continue;
            }
            for (const QString &translation : m.translations) {
                // Numerus forms may leave %n out of a singular ("ein Eintrag"); everything else must match.
                QSet<QString> want = placeholders(m.source);
                QSet<QString> got = placeholders(translation);
                if (m.numerus) {
                    want.remove(QStringLiteral("%n"));
                    got.remove(QStringLiteral("%n"));
                }
                if (want != got)
                    problems.append(QStringLiteral("placeholders differ in \"%1\": %2").arg(translation.left(100), describe(m)));
                if (hasAccelerator(m.source) != hasAccelerator(translation))
                    problems.append(QStringLiteral("accelerator (&) lost or added in \"%1\": %2").arg(translation, describe(m)));
            }
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 of %2 messages in %3 need work (edit the .ts, e.g. with Qt Linguist, after "
                                           "cmake --build build --target toolgate_lupdate):\n  %4")
                                .arg(problems.size()).arg(messages.size()).arg(QFileInfo(ts).fileName(), problems.join(QStringLiteral("\n  ")))));
    }

    // An extra guard next to the German runs in tst_cligerman and friends: text handed to the channels
    // that reach people (errors, protocol problems, Console notes, sign-in steps, denial reasons) is
    // translatable. A QStringLiteral sentence there is either wrapped in tr()/translate() or listed here
    // with the reason it stays English (it only goes over the wire, or no one sees it).
    void visibleMessagesAreTranslatable()
    {
        struct Allowed
        {
            const char *file;
            const char *text;
            const char *why;
        };
        static const Allowed allowed[] = {
            {"core/requests/serverrequestpipeline.cpp", "The user did not answer: ", "error reply to the server"},
            {"core/requests/serverrequestpipeline.cpp", "Toolgate is closing", "error reply to the server"},
            {"core/calls/callregistry.cpp", "Toolgate is closing", "the cancellation reason sent to the server"},
            {"core/requests/serverrequestpipeline.cpp", "this client does not answer ", "error reply to the server"},
            {"core/requests/serverrequestpipeline.cpp", "the client could not list its roots", "error reply to the server"},
            {"core/requests/serverrequest.cpp", "%1 does not answer this kind of request", "a programming error in the caller"},
            {"core/requests/serverrequest.cpp", "the client could not record its answer", "error reply to the server"},
            {"core/client/serverrequestintake.cpp", "this client does not offer ", "error reply to the server"},
            {"core/client/serverrequestintake.cpp", "this client does not answer ", "error reply to the server"},
            {"core/client/serverrequestintake.cpp", "this client did not declare sampling.tools", "error reply to the server"},
            {"core/client/serverrequestintake.cpp", "this client does not support elicitation mode", "error reply to the server"},
            {"core/client/serverrequestintake.cpp", "%1 is not a request a server sends in MCP %2", "error reply to the server (a legacy request in the modern era)"},
            {"core/requests/serverrequestpipeline.cpp", "too many requests are waiting for the user", "error reply to the server"},
            {"core/requests/serverrequestpipeline.cpp", "the client's tasks are gone", "error reply to the server"},
            {"core/requests/clienttasks.cpp", "", "error replies to the server's tasks/* requests"},
            {"core/client/serverrequestintake.cpp", "this client runs no tasks", "error reply to the server"},
            {"core/peer/jsonrpcpeer.cpp", "Method not found: ", "error reply to the other side"},
            {"core/transport/streamablehttptransport.cpp", "%1 (HTTP %2)", "the server's own message with its status"},
            {"core/host/workspaceapphost.cpp", "%1 is not connected", "error reply to the app"},
            {"ui/models/iconloader.cpp", "", "why an icon is not shown; the icon is just left out"},
            {"app/cli/conformancemode.cpp", "", "the conformance test driver's log"},
            {"app/cli/commandrunner.cpp", "", "cancellation reasons sent to the server"},
            {"core/apps/appbridge.cpp", "the app view was closed", "cancellation reason sent to the server"},
            {"core/model/conversationturn.cpp", "the person stopped the conversation", "cancellation reason sent to the server"},
            {"ui/serverfeatures/toolpanel.cpp", "", "cancellation and teardown reasons sent to the server and the app"},
            {"ui/apps/apppane.cpp", "", "teardown reasons sent to the app"},
        };
        static const QRegularExpression visible(QStringLiteral(
            R"re((makeError\([^,;]*,\s*|Error\{[^,;]*,\s*|protocolViolation\(|diagnosticLine\(|emit problem\(|say\(|fail\(|problems\.append\(|decline\(|deny\(|cancel\(|closeApp\(|destroyView\()QStringLiteral\("((?:[^"\\]|\\.)*[A-Za-z]{2,} [A-Za-z]{2,}(?:[^"\\]|\\.)*)")re"));
        const QDir root(QString::fromUtf8(TOOLGATE_SOURCE_DIR));
        QStringList problems;
        int files = 0;
        for (const QString &folder : QString::fromUtf8(TOOLGATE_TR_SOURCES).split(u'|')) {
            QDirIterator it(root.filePath(folder), {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                const QString relative = root.relativeFilePath(path);
                QFile file(path);
                QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
                ++files;
                const QString text = QString::fromUtf8(file.readAll());
                for (const QRegularExpressionMatch &match : visible.globalMatch(text)) {
                    const QString literal = match.captured(2);
                    const bool listed = std::any_of(std::begin(allowed), std::end(allowed), [&](const Allowed &a) {
                        return relative == QLatin1StringView(a.file) && literal.startsWith(QString::fromUtf8(a.text));
                    });
                    if (!listed) {
                        const int line = int(text.left(match.capturedStart()).count(u'\n')) + 1;
                        problems.append(QStringLiteral("%1:%2: \"%3\"").arg(relative).arg(line).arg(literal));
                    }
                }
            }
        }
        QVERIFY(files > 100);
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 sentence(s) reach people but cannot be translated; wrap them in tr() or "
                                           "QCoreApplication::translate(), or list them here with the reason they stay English:\n  %2")
                                .arg(problems.size()).arg(problems.join(QStringLiteral("\n  ")))));
    }

    // The .qm in the binary is built from the .ts: every message translates to its translation.
    void embeddedGermanMatchesTheTsFile()
    {
        QTranslator translator;
        QVERIFY(translator.load(QLocale(QLocale::German, QLocale::Germany), QStringLiteral("toolgate"), QStringLiteral("_"), QStringLiteral(":/i18n")));
        QString error;
        const QString ts = QString::fromUtf8(TOOLGATE_SOURCE_DIR) + QStringLiteral("/resources/translations/toolgate_de.ts");
        const QList<Message> messages = readTs(ts, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        int checked = 0;
        for (const Message &m : messages) {
            if (m.type == u"unfinished" || m.type == u"vanished" || m.type == u"obsolete" || m.numerus)
                continue;
            const QString got = translator.translate(m.context.toUtf8().constData(), m.source.toUtf8().constData());
            QVERIFY2(got == m.translations.value(0), qPrintable(describe(m) + QStringLiteral(" → \"") + got + u'"'));
            ++checked;
        }
        QVERIFY(checked > 100);
    }

    // The locale decides: German (also de_AT, and LANGUAGE-style lists) loads it, English loads nothing.
    void theLocaleChoosesTheTranslation()
    {
        {
            QCoreApplication::setApplicationName(QStringLiteral("x")); // any object tree to parent the translators
            const QStringList loaded = Translations::install(QCoreApplication::instance(), QLocale(QStringLiteral("de_AT")));
            QVERIFY2(!loaded.isEmpty(), "de_AT found no translation");
            QVERIFY(loaded.first().endsWith(QStringLiteral("toolgate_de.qm")));
            QCOMPARE(QCoreApplication::translate("Toolgate::MainWindow", "&File"), QStringLiteral("&Datei"));
            TestSupport::removeTranslators();
        }
        QVERIFY(Translations::install(QCoreApplication::instance(), QLocale(QLocale::English, QLocale::UnitedStates)).isEmpty());
        QCOMPARE(QCoreApplication::translate("Toolgate::MainWindow", "&File"), QStringLiteral("&File"));
    }
};

QTEST_GUILESS_MAIN(tst_Translations)
#include "tst_translations.moc"
