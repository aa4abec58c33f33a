// The translations are complete: lupdate run over the sources into a copy of each .ts finds no string
// without a translation, none that vanished from the sources, and every translation keeps its
// placeholders (%1, %n) and its accelerator (&). And the embedded .qm is the one the app loads by locale.

#include "common/translations.h"

#include <QCoreApplication>
#include <QDir>
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
        QStringList arguments{QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-extensions"), QStringLiteral("cpp,h")};
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
            const auto translators = QCoreApplication::instance()->findChildren<QTranslator *>();
            for (QTranslator *translator : translators) {
                QCoreApplication::removeTranslator(translator);
                delete translator;
            }
        }
        QVERIFY(Translations::install(QCoreApplication::instance(), QLocale(QLocale::English, QLocale::UnitedStates)).isEmpty());
        QCOMPARE(QCoreApplication::translate("Toolgate::MainWindow", "&File"), QStringLiteral("&File"));
    }
};

QTEST_GUILESS_MAIN(tst_Translations)
#include "tst_translations.moc"
