// The demo server speaks Toolgate's language (#34 item 6): Toolgate gives the bundled demo LANGUAGE set
// to the language of its own texts, and the demo's tools' titles and descriptions, and what it answers
// (tool results and errors, resources, prompts), come from its translation
// (app/demo-server/toolgate-demo-server_de.ts), which translates every text it lists. Through the real
// demo server, started as the app starts it.

#include "builtservers.h"
#include "germantranslation.h"
#include "listtools.h"
#include "npmpeers.h"
#include "sessionwaits.h"
#include "toolcallkeyfortests.h"

#include "core/client/clientsession.h"
#include "core/common/translations.h"
#include "core/protocol/tool.h"
#include "core/workspace/transportfactory.h"

#include <QFile>
#include <QJsonArray>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace Toolgate::TestSupport;

#define AWAIT_OK(var, T, call) TOOLGATE_AWAIT_OK(var, T, 15000, call)

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

// Each property of an input schema (nested objects, array items, oneOf branches and $defs too) that has no
// "title", as "tool: path". Such a field is labelled with its English property name ("seconds" →
// "Seconds") whatever language the demo speaks.
void collectUntitledFields(const QString &where, const QJsonValue &schema, QStringList &out)
{
    if (schema.isArray()) {
        const QJsonArray items = schema.toArray();
        for (qsizetype i = 0; i < items.size(); ++i)
            collectUntitledFields(where + u'[' + QString::number(i) + u']', items.at(i), out);
        return;
    }
    if (!schema.isObject())
        return;
    const QJsonObject object = schema.toObject();
    const QJsonObject properties = object.value(u"properties").toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        if (it.value().isObject() && !it.value().toObject().contains(u"title"))
            out.append(where + u'.' + it.key());
    }
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key() == u"properties") {
            for (auto property = properties.begin(); property != properties.end(); ++property)
                collectUntitledFields(where + u'.' + property.key(), property.value(), out);
        } else if (it.value().isObject() || it.value().isArray()) {
            collectUntitledFields(where + u'.' + it.key(), it.value(), out);
        }
    }
}

// The sources of a .ts file whose translation is empty or not finished ("unfinished", "vanished", "obsolete"),
// each with its context; total counts every source.
QStringList untranslatedSources(const QString &path, int *total)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {u"cannot read "_s + path};
    QStringList untranslated;
    QXmlStreamReader xml(&file);
    QString context;
    QString source;
    *total = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == u"name") {
            context = xml.readElementText();
        } else if (xml.name() == u"source") {
            source = xml.readElementText();
            ++*total;
        } else if (xml.name() == u"translation") {
            const QString type = xml.attributes().value(u"type"_s).toString();
            if (xml.readElementText().isEmpty() || !type.isEmpty())
                untranslated.append(u"%1: %2%3"_s.arg(context, source, type.isEmpty() ? QString() : u" (%1)"_s.arg(type)));
        }
    }
    if (xml.hasError())
        untranslated.append(u"not valid XML: "_s + xml.errorString());
    return untranslated;
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

    // What the demo answers, not only what it lists: a few tool results (with a number written the language's
    // way), a tool's error, a resource and a prompt, each in the language Toolgate speaks. The values programs
    // read (the structured content's enum values) stay as they are.
    void theDemosAnswersSpeakToolgatesLanguage_data()
    {
        QTest::addColumn<bool>("german");
        QTest::addColumn<QString>("sum");
        QTest::addColumn<QString>("weatherText");
        QTest::addColumn<QString>("missingArgument");
        QTest::addColumn<QString>("greeting");
        QTest::addColumn<QString>("counterTitle");
        QTest::addColumn<QString>("promptDescription");
        QTest::addColumn<QString>("promptMessage");
        QTest::addColumn<QString>("serverDescription");

        QTest::newRow("German") << true << u"2,5 + 1 = 3,5"_s
                                << u"Erfundenes Wetter für Amsterdam: %1 °F, %2, Luftfeuchtigkeit %3 %, Wind %4 km/h."_s
                                << u"Ungültige Argumente für echo: „text“ ist erforderlich."_s
                                << u"Hallo, Ada! Willkommen beim Toolgate-Demoserver."_s << u"Antipp-Zähler"_s
                                << u"Einen Text zusammenfassen (brief)"_s
                                << u"Bitte fasse den folgenden Text in zwei oder drei Sätzen zusammen.\n\nTee ist gut."_s
                                << u"Ein freundlicher Beispielserver, der jede Art von MCP-Inhalt und jede Funktion zeigt."_s;
        QTest::newRow("English") << false << u"2.5 + 1 = 3.5"_s
                                 << u"Made-up weather for Amsterdam: %1 °F, %2, humidity %3 %, wind %4 km/h."_s
                                 << u"Invalid arguments for echo: \"text\" is required."_s
                                 << u"Hello, Ada! Welcome to the Toolgate demo server."_s << u"Touch counter"_s
                                 << u"Summarize a text (brief)"_s
                                 << u"Please summarize the following text in two or three sentences.\n\nTee ist gut."_s
                                 << u"A friendly sample server that shows every kind of MCP content and feature."_s;
    }

    void theDemosAnswersSpeakToolgatesLanguage()
    {
        QFETCH(bool, german);
        std::optional<GermanTranslation> translation;
        if (german) {
            translation.emplace();
            QVERIFY(translation->installed());
        }
        auto transport = TransportFactory::create(demoConfig());
        QVERIFY2(transport, transport ? "" : qPrintable(transport.error().message));
        ClientSession session(std::move(transport).value(), {});
        QVERIFY(connectAndWait(session));
        QTEST(session.serverInfo().description, "serverDescription");

        const auto call = [&session](const QString &tool, const QJsonObject &arguments) {
            return await<CallToolResult>([&](QObject *c, std::function<void(const Result<CallToolResult> &)> cb) {
                session.callTool(ToolCallKeyForTests::make(), tool, arguments, {}, c, cb);
            });
        };
        const auto sum = call(u"add"_s, QJsonObject{{u"a"_s, 2.5}, {u"b"_s, 1}});
        QVERIFY(sum && sum->ok());
        QTEST(sum->value().content.value(0).text, "sum");

        const auto weather = call(u"weather"_s, QJsonObject{{u"city"_s, u"Amsterdam"_s}, {u"units"_s, u"fahrenheit"_s}});
        QVERIFY(weather && weather->ok());
        const QJsonObject report = weather->value().structuredContent.value_or(QJsonObject());
        const QString condition = report.value(u"conditions"_s).toString();
        // The enum value in the structured content, the word of the language in the text.
        static const QMap<QString, QString> germanConditions{{u"sunny"_s, u"sonnig"_s},     {u"partly cloudy"_s, u"teils bewölkt"_s},
                                                             {u"cloudy"_s, u"bewölkt"_s},   {u"rainy"_s, u"regnerisch"_s},
                                                             {u"stormy"_s, u"stürmisch"_s}, {u"snowy"_s, u"verschneit"_s},
                                                             {u"foggy"_s, u"neblig"_s}};
        QVERIFY2(germanConditions.contains(condition), qPrintable(condition));
        const QLocale numbers = german ? QLocale(QLocale::German, QLocale::Germany) : QLocale(QLocale::English, QLocale::UnitedStates);
        QFETCH(QString, weatherText);
        QCOMPARE(weather->value().content.value(0).text,
                 weatherText.arg(
                     numbers.toString(report.value(u"temperature"_s).toDouble()), german ? germanConditions.value(condition) : condition,
                     numbers.toString(report.value(u"humidity"_s).toInt()), numbers.toString(report.value(u"wind_kph"_s).toDouble())));

        const auto missing = call(u"echo"_s, QJsonObject{});
        QVERIFY(missing && missing->ok());
        QVERIFY(missing->value().isError);
        QTEST(missing->value().content.value(0).text, "missingArgument");

        AWAIT_OK(greeting, ReadResourceResult, session.readResource(u"demo://greeting/Ada"_s, c, cb));
        QTEST(greeting.contents.value(0).text.value_or(QString()), "greeting");
        AWAIT_OK(resources, QList<Resource>, session.listResources(c, cb));
        const auto counter = std::find_if(resources.begin(), resources.end(),
                                          [](const Resource &resource) { return resource.uri == u"demo://counter"; });
        QVERIFY(counter != resources.end());
        QTEST(counter->title, "counterTitle");

        AWAIT_OK(prompt, GetPromptResult, session.getPrompt(u"summarize"_s, {{u"text"_s, u"Tee ist gut."_s}}, c, cb));
        QTEST(prompt.description, "promptDescription");
        QTEST(prompt.messages.value(0).content.text, "promptMessage");
        QVERIFY(disconnectAndWait(session));
    }

    // Every text in the demo's translation is translated: a new source left "unfinished" by lupdate, or a
    // DemoSchema entry lupdate marked "vanished" (it cannot see the JSON literals), would reach the person in
    // English.
    void everyTextOfTheDemosTranslationIsTranslated()
    {
        int total = 0;
        const QStringList untranslated = untranslatedSources(
            QStringLiteral(TOOLGATE_SOURCE_DIR "/app/demo-server/toolgate-demo-server_de.ts"), &total);
        QVERIFY2(untranslated.isEmpty(),
                 qPrintable(u"not translated in app/demo-server/toolgate-demo-server_de.ts:\n  "_s + untranslated.join(u"\n  "_s)));
        QVERIFY(total > 200);
    }

    // #34 item 7: the form of long_report said "Seconds" in German. A field's label is its title, so every
    // field of every demo tool has one, and the German one is German.
    void everyInputFieldHasATitle()
    {
        QString error;
        const QList<Tool> tools = listToolsOf(demoConfig(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(tools.size() > 15);
        QStringList untitled;
        for (const Tool &tool : tools)
            collectUntitledFields(tool.name, tool.inputSchema, untitled);
        QVERIFY2(untitled.isEmpty(), qPrintable(u"fields without a title: "_s + untitled.join(u", "_s)));

        QList<Tool> germanTools;
        {
            GermanTranslation german;
            QVERIFY(german.installed());
            germanTools = listToolsOf(demoConfig(), &error);
        }
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const std::optional<Tool> longReport = demoTool(germanTools, u"long_report"_s);
        QVERIFY(longReport);
        QCOMPARE(longReport->inputSchema.value(u"properties"_s)[u"seconds"_s][u"title"_s].toString(), u"Sekunden"_s);
        QCOMPARE(longReport->title, u"Langer Bericht (immer eine Aufgabe)"_s);
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
