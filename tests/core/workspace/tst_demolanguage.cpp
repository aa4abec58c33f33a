// The demo server speaks Toolgate's language (#34 item 6): Toolgate gives the bundled demo LANGUAGE set
// to the language of its own texts, and the demo's tools' titles and descriptions come from its
// translation (app/demo-server/toolgate-demo-server_de.ts), which covers every one of them. Through the
// real demo server, started as the app starts it.

#include "builtservers.h"
#include "germantranslation.h"
#include "listtools.h"

#include "core/common/translations.h"
#include "core/protocol/tool.h"

#include <QFile>
#include <QJsonArray>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

std::optional<Tool> demoTool(const QList<Tool> &tools, const QString &name)
{
    for (const Tool &tool : tools) {
        if (tool.name == name)
            return tool;
    }
    return std::nullopt;
}

// Every "title" and "description" text in a tool definition, as the demo's translation walks them.
void collectSchemaTexts(const QJsonValue &value, QSet<QString> &out)
{
    if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            collectSchemaTexts(item, out);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if ((it.key() == u"title" || it.key() == u"description") && it.value().isString())
                out.insert(it.value().toString());
            else
                collectSchemaTexts(it.value(), out);
        }
    }
}

// The translated sources of a .ts file.
QSet<QString> translatedSources(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QSet<QString> sources;
    QXmlStreamReader xml(&file);
    QString source;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == u"source") {
            source = xml.readElementText();
        } else if (xml.name() == u"translation") {
            const bool unfinished = !xml.attributes().value(u"type"_s).isEmpty();
            if (!xml.readElementText().isEmpty() && !unfinished)
                sources.insert(source);
        }
    }
    return sources;
}

} // namespace

class tst_DemoLanguage final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(QFileInfo(demoConfig().command).isExecutable(), "toolgate-demo-server was not built"); }

    void onlyTheDemoIsToldTheLanguage()
    {
        // English is said too: the demo must not pick German from a LANG=de_DE it inherits (toolgate-cli
        // --json, whose output stays English, or "-- command").
        QCOMPARE(demoConfig().launchSpec().environment.value(u"LANGUAGE"_s), u"en"_s);
        const QLocale before;
        QVERIFY(!Translations::installFor(QCoreApplication::instance(), {u"Cli"_s}, QLocale(QLocale::German, QLocale::Germany)).isEmpty());
        QCOMPARE(Translations::language(), u"en"_s);
        removeTranslators();
        QLocale::setDefault(before);

        GermanTranslation german;
        QVERIFY(german.installed());
        QCOMPARE(Translations::language(), u"de_DE"_s);
        QCOMPARE(demoConfig().launchSpec().environment.value(u"LANGUAGE"_s), u"de_DE"_s);
        QVERIFY(!stdioServer(u"other"_s, u"/usr/bin/cat"_s).launchSpec().environment.contains(u"LANGUAGE"_s));
        // The person's own LANGUAGE in the entry wins.
        ServerConfig french = demoConfig();
        french.env.insert(u"LANGUAGE"_s, u"fr"_s);
        QCOMPARE(french.launchSpec().environment.value(u"LANGUAGE"_s), u"fr"_s);
    }

    void theDemoSpeaksGermanWhenToolgateDoes()
    {
        QList<Tool> tools;
        QString error;
        {
            GermanTranslation german;
            QVERIFY(german.installed());
            tools = listToolsOf(demoConfig(), &error);
        }
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const std::optional<Tool> echo = demoTool(tools, u"echo"_s);
        QVERIFY(echo);
        QCOMPARE(echo->description,
                 u"Schickt Ihren Text unverändert als reinen Text zurück. Das einfachste Werkzeug "
                 u"überhaupt: Prüfen Sie damit, ob Werkzeugaufrufe funktionieren."_s);
        const std::optional<Tool> weather = demoTool(tools, u"weather"_s);
        QVERIFY(weather);
        QCOMPARE(weather->title, u"Wetter (erfunden)"_s);
        QCOMPARE(weather->inputSchema.value(u"properties"_s)[u"city"_s][u"description"_s].toString(),
                 u"Ein beliebiger Städtename, z. B. Amsterdam."_s);
        // Names and values are what programs send: never translated.
        QCOMPARE(weather->inputSchema.value(u"properties"_s)[u"units"_s][u"enum"_s].toArray().first().toString(), u"celsius"_s);
    }

    void theDemoSpeaksEnglishWhenToolgateDoes()
    {
        QCOMPARE(Translations::language(), u"en"_s);
        QString error;
        const QList<Tool> tools = listToolsOf(demoConfig(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const std::optional<Tool> weather = demoTool(tools, u"weather"_s);
        QVERIFY(weather);
        QCOMPARE(weather->title, u"Weather (made up)"_s);
    }

    // The .ts is kept by hand (lupdate cannot read the JSON literals): a new tool or description must be added to it.
    void everyTitleAndDescriptionHasAGermanTranslation()
    {
        QString error;
        const QList<Tool> tools = listToolsOf(demoConfig(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QSet<QString> texts;
        for (const Tool &tool : tools)
            collectSchemaTexts(tool.toJson(), texts);
        QVERIFY(texts.size() > 50);
        const QSet<QString> translated = translatedSources(
            QStringLiteral(TOOLGATE_SOURCE_DIR "/app/demo-server/toolgate-demo-server_de.ts"));
        QStringList missing;
        for (const QString &text : std::as_const(texts)) {
            if (!translated.contains(text))
                missing.append(text);
        }
        QVERIFY2(missing.isEmpty(), qPrintable(u"not in app/demo-server/toolgate-demo-server_de.ts:\n  "_s + missing.join(u"\n  "_s)));
    }
};

QTEST_GUILESS_MAIN(tst_DemoLanguage)
#include "tst_demolanguage.moc"
