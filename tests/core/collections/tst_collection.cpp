// Collections (issue 19): reading and writing the file (keys kept in the order written), broken files
// in plain words, ${variables}, every kind of expectation passing and failing with readable text, and
// the JUnit report's structure.

#include "core/collections/collection.h"
#include "core/collections/collectionrunner.h"
#include "core/collections/expectedcall.h"
#include "core/collections/junitwriter.h"
#include "core/common/error.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace Toolgate;
using namespace Qt::StringLiterals;

namespace {

const QByteArray demoCollection = R"json({
  "format": "toolgate-collection",
  "version": 1,
  "name": "Demo smoke test",
  "variables": {"city": "Amsterdam", "b": 3},
  "calls": [
    {
      "name": "weather",
      "server": "demo",
      "tool": "weather",
      "arguments": {"units": "celsius", "city": "${city}"},
      "expect": [
        {"isError": false},
        {"textContains": "${city}"},
        {"pointer": "/units", "equals": "celsius"},
        {"name": "conditions are known", "pointer": "/conditions", "matches": "^(sunny|partly cloudy|cloudy|rainy|stormy|snowy|foggy)$"},
        {"matchesOutputSchema": true},
        {"withinMs": 5000}
      ]
    },
    {
      "name": "add",
      "server": "demo",
      "tool": "add",
      "arguments": {"b": "${b}", "a": 2, "note": "b is ${b}, $${literal}"}
    }
  ]
})json";

ToolCallOutcome answered(const QString &text, std::optional<QJsonObject> structured = std::nullopt, bool isError = false)
{
    ToolCallOutcome outcome;
    outcome.kind = isError ? ToolCallOutcome::Kind::ToolError : ToolCallOutcome::Kind::Succeeded;
    outcome.result.isError = isError;
    outcome.result.content.append(Content::makeText(text));
    outcome.result.structuredContent = structured;
    outcome.durationMs = 40;
    return outcome;
}

Expectation expectation(const QByteArray &json)
{
    const auto parsed = Expectation::fromJson(QJsonDocument::fromJson(json).object(), u"test"_s);
    if (!parsed)
        qFatal("bad expectation in the test: %s", qPrintable(parsed.error().message));
    return parsed.value();
}

} // namespace

Q_DECLARE_METATYPE(QList<Toolgate::ExpectedCall>)
Q_DECLARE_METATYPE(QList<Toolgate::ModelCallSeen>)

class tst_Collection : public QObject
{
    Q_OBJECT

private slots:
    void readsTheFileKeepingKeyOrder();
    void savesAndReadsBackInOrder();
    void brokenFilesSayWhatAndWhere_data();
    void brokenFilesSayWhatAndWhere();
    void variablesAreFilledIn();
    void unknownVariablesFailBeforeAnythingRuns();
    void amplificationIsBoundedBeforeAnythingRuns();
    void commandLineVariablesAreJsonOrText();
    void expectationsPassAndFail_data();
    void expectationsPassAndFail();
    void aCallWithoutResultFailsEveryExpectation();
    void longTextIsShortened();
    void junitReportHasTheExpectedStructure();
    void defaultFolderFollowsTheOverride();
    void aPromptEntryIsReadFilledInAndSavedBack();
    void judgingTheModelsCalls_data();
    void judgingTheModelsCalls();
    void junitHasATestCasePerRunOfAPrompt();
};

void tst_Collection::amplificationIsBoundedBeforeAnythingRuns()
{
    // Issue #35: "${x}" repeated inside a string was filled in without a limit (a 1.4 MB file reached
    // 14.8 GB before the person could deny the call), and a collection of a million calls took 6 GB.
    // Each has a limit, said in plain words, before any call is asked about.
    QString repeated;
    for (int i = 0; i < 20000; ++i)
        repeated += u"${x}"_s;
    const QJsonObject bomb{{u"version"_s, 1},
                           {u"variables"_s, QJsonObject{{u"x"_s, QString(4096, u'a')}}},
                           {u"calls"_s, QJsonArray{QJsonObject{{u"name"_s, u"bomb"_s}, {u"server"_s, u"demo"_s}, {u"tool"_s, u"echo"_s},
                                                               {u"arguments"_s, QJsonObject{{u"text"_s, repeated}}}}}}};
    const QByteArray text = QJsonDocument(bomb).toJson(QJsonDocument::Compact);
    QVERIFY(text.size() < 200 * 1024);
    const auto collection = Collection::fromJson(text, u"bomb.json"_s);
    QVERIFY2(collection, collection ? "" : qPrintable(collection.error().message));
    const auto resolved = collection->resolve();
    QVERIFY(!resolved);
    QVERIFY2(resolved.error().message.contains(u"larger than 32 MB"_s) && resolved.error().message.contains(u"bomb"_s),
             qPrintable(resolved.error().message));
    // Within the limit it is filled in as before.
    const auto small = collection->resolve({{u"x"_s, u"ab"_s}});
    QVERIFY(small);
    QCOMPARE(small->first().arguments.value(u"text"_s).toString().size(), 40000);

    // Too many calls.
    QJsonArray calls;
    const QJsonObject call{{u"server"_s, u"demo"_s}, {u"tool"_s, u"echo"_s}};
    for (qsizetype i = 0; i <= Collection::maxCalls; ++i)
        calls.append(call);
    const auto many = Collection::fromJson(QJsonDocument(QJsonObject{{u"version"_s, 1}, {u"calls"_s, calls}}).toJson(), u"many.json"_s);
    QVERIFY(!many);
    QVERIFY2(many.error().message.contains(u"10001 calls"_s), qPrintable(many.error().message));
    // Too large a file, before it is parsed.
    const auto huge = Collection::fromJson(QByteArray(Collection::maxFileSize + 1, ' '), u"huge.json"_s);
    QVERIFY(!huge);
    QVERIFY2(huge.error().message.contains(u"MB a collection may have"_s), qPrintable(huge.error().message));
}

void tst_Collection::readsTheFileKeepingKeyOrder()
{
    const auto collection = Collection::fromJson(demoCollection, u"demo.json"_s);
    QVERIFY2(collection, collection ? "" : qPrintable(collection.error().message));
    QCOMPARE(collection->name, u"Demo smoke test"_s);
    QCOMPARE(collection->calls.size(), 2);
    const SavedCall &weather = collection->calls.at(0);
    QCOMPARE(weather.tool, u"weather"_s);
    QCOMPARE(weather.expectations.size(), 6);
    // The order written, not QJsonObject's sorted one.
    QCOMPARE(weather.argumentOrder.orderedKeys(weather.arguments), (QStringList{u"units"_s, u"city"_s}));
    const SavedCall &add = collection->calls.at(1);
    QCOMPARE(add.argumentOrder.orderedKeys(add.arguments), (QStringList{u"b"_s, u"a"_s, u"note"_s}));
    QCOMPARE(collection->variableOrder.orderedKeys(collection->variables), (QStringList{u"city"_s, u"b"_s}));
    QCOMPARE(collection->servers(), QStringList{u"demo"_s});
    // Resolved calls keep the order too: it is what the approval shows and what is sent.
    const auto resolved = collection->resolve();
    QVERIFY(resolved);
    QCOMPARE(resolved->at(1).argumentOrder.orderedKeys(resolved->at(1).arguments), (QStringList{u"b"_s, u"a"_s, u"note"_s}));
}

void tst_Collection::savesAndReadsBackInOrder()
{
    const auto collection = Collection::fromJson(demoCollection, u"demo.json"_s);
    QVERIFY(collection);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"sub/saved.json"_s);
    const Result<void> saved = collection->save(path);
    QVERIFY2(saved, saved ? "" : qPrintable(saved.error().message));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    // Arguments as written: "units" before "city", "b" before "a".
    QVERIFY2(text.indexOf("\"units\"") < text.indexOf("\"city\": \"${city}\""), text.constData());
    QVERIFY2(text.indexOf("\"b\": \"${b}\"") < text.indexOf("\"a\": 2"), text.constData());
    QVERIFY(text.indexOf("\"format\"") < text.indexOf("\"calls\""));
    const auto again = Collection::load(path);
    QVERIFY2(again, again ? "" : qPrintable(again.error().message));
    QCOMPARE(again->calls.size(), 2);
    QCOMPARE(again->calls.at(0).arguments, collection->calls.at(0).arguments);
    QCOMPARE(again->calls.at(0).argumentOrder.orderedKeys(again->calls.at(0).arguments), (QStringList{u"units"_s, u"city"_s}));
    QCOMPARE(again->calls.at(0).expectations.size(), 6);
    QCOMPARE(again->calls.at(0).expectations.at(3).displayName(), u"conditions are known"_s);
    QCOMPARE(again->variables, collection->variables);
}

void tst_Collection::brokenFilesSayWhatAndWhere_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("words");
    QTest::addRow("not json") << QByteArray("{\"version\": 1,\n \"calls\": [}") << QStringList{u"not valid JSON"_s, u"line 2"_s};
    QTest::addRow("no version") << QByteArray(R"({"calls": []})") << QStringList{u"\"version\""_s};
    QTest::addRow("newer") << QByteArray(R"({"version": 7, "calls": []})") << QStringList{u"newer Toolgate"_s, u"7"_s};
    QTest::addRow("wrong format") << QByteArray(R"({"format": "postman", "version": 1, "calls": []})") << QStringList{u"\"format\""_s, u"postman"_s};
    QTest::addRow("no calls") << QByteArray(R"({"version": 1})") << QStringList{u"\"calls\""_s};
    QTest::addRow("call without name") << QByteArray(R"({"version": 1, "calls": [{"tool": "echo"}]})") << QStringList{u"call 1"_s, u"\"name\""_s};
    QTest::addRow("call without tool") << QByteArray(R"({"version": 1, "calls": [{"name": "first", "tool": "echo"}, {"name": "second"}]})")
                                       << QStringList{u"call 2 (\"second\")"_s, u"\"tool\""_s};
    QTest::addRow("duplicate names") << QByteArray(R"({"version": 1, "calls": [{"name": "a", "tool": "echo"}, {"name": "a", "tool": "echo"}]})")
                                     << QStringList{u"call 2 (\"a\")"_s, u"same name"_s};
    QTest::addRow("arguments not object") << QByteArray(R"({"version": 1, "calls": [{"name": "a", "tool": "echo", "arguments": [1]}]})")
                                          << QStringList{u"call 1 (\"a\")"_s, u"\"arguments\""_s};
    QTest::addRow("empty expectation") << QByteArray(R"({"version": 1, "calls": [{"name": "a", "tool": "echo", "expect": [{"isError": false}, {}]}]})")
                                       << QStringList{u"call 1 (\"a\"), expectation 2"_s, u"checks nothing"_s};
    QTest::addRow("two kinds") << QByteArray(R"({"version": 1, "calls": [{"name": "a", "tool": "echo", "expect": [{"isError": false, "withinMs": 3}]}]})")
                               << QStringList{u"expectation 1"_s, u"one thing"_s};
    QTest::addRow("bad regex") << QByteArray(R"({"version": 1, "calls": [{"name": "a", "tool": "echo", "expect": [{"pointer": "/x", "matches": "(("}]}]})")
                               << QStringList{u"expectation 1"_s, u"regular expression"_s};
    QTest::addRow("bad pointer") << QByteArray(R"({"version": 1, "calls": [{"name": "a", "tool": "echo", "expect": [{"pointer": "x", "equals": 1}]}]})")
                                 << QStringList{u"\"pointer\""_s, u"start with \"/\""_s};
    QTest::addRow("bad withinMs") << QByteArray(R"({"version": 1, "calls": [{"name": "a", "tool": "echo", "expect": [{"withinMs": "soon"}]}]})")
                                  << QStringList{u"\"withinMs\""_s};
    // Prompts to a model (docs/collections.md, "Evaluating a model").
    QTest::addRow("empty prompt") << QByteArray(R"({"version": 1, "calls": [{"name": "p", "prompt": " ", "expectCalls": []}]})")
                                  << QStringList{u"call 1 (\"p\")"_s, u"\"prompt\" must be the text"_s};
    QTest::addRow("prompt with a tool") << QByteArray(R"({"version": 1, "calls": [{"name": "p", "prompt": "Add", "tool": "add", "expectCalls": []}]})")
                                        << QStringList{u"call 1 (\"p\")"_s, u"a prompt has no \"tool\""_s, u"\"expectCalls\""_s};
    QTest::addRow("prompt without expectCalls") << QByteArray(R"({"version": 1, "calls": [{"name": "p", "prompt": "Add"}]})")
                                                << QStringList{u"call 1 (\"p\")"_s, u"\"expectCalls\" must be the list"_s};
    QTest::addRow("runs zero") << QByteArray(R"({"version": 1, "calls": [{"name": "p", "prompt": "Add", "runs": 0, "expectCalls": []}]})")
                               << QStringList{u"\"runs\" must be a whole number from 1 to 1000"_s};
    QTest::addRow("runs fraction") << QByteArray(R"({"version": 1, "calls": [{"name": "p", "prompt": "Add", "runs": 2.5, "expectCalls": []}]})")
                                   << QStringList{u"\"runs\""_s};
    QTest::addRow("tools not names") << QByteArray(R"({"version": 1, "calls": [{"name": "p", "prompt": "Add", "tools": ["add", 3], "expectCalls": []}]})")
                                     << QStringList{u"\"tools\" must be a list of tool names"_s};
    QTest::addRow("expected call without tool") << QByteArray(R"({"version": 1, "calls": [{"name": "p", "prompt": "Add", "expectCalls": [{"tool": "add"}, {"expect": []}]}]})")
                                                << QStringList{u"call 1 (\"p\"), expected call 2"_s, u"\"tool\" is missing"_s};
    QTest::addRow("result check on a model's call") << QByteArray(R"({"version": 1, "calls": [{"name": "p", "prompt": "Add", "expectCalls": [{"tool": "add", "expect": [{"isError": false}]}]}]})")
                                                    << QStringList{u"expected call 1, expectation 1"_s, u"checked by its arguments only"_s};
}

void tst_Collection::brokenFilesSayWhatAndWhere()
{
    QFETCH(QByteArray, text);
    QFETCH(QStringList, words);
    const auto collection = Collection::fromJson(text, u"broken.json"_s);
    QVERIFY(!collection);
    const QString message = collection.error().message;
    QVERIFY2(message.contains(u"broken.json"_s), qPrintable(message));
    for (const QString &word : std::as_const(words))
        QVERIFY2(message.contains(word), qPrintable(u"\"%1\" not in: %2"_s.arg(word, message)));
}

void tst_Collection::variablesAreFilledIn()
{
    const auto collection = Collection::fromJson(demoCollection, u"demo.json"_s);
    QVERIFY(collection);
    const auto resolved = collection->resolve({{u"city"_s, u"Utrecht"_s}});
    QVERIFY2(resolved, resolved ? "" : qPrintable(resolved.error().message));
    QCOMPARE(resolved->at(0).arguments.value(u"city"_s).toString(), u"Utrecht"_s);
    QCOMPARE(resolved->at(0).server, u"demo"_s);
    // Expectations see the variables too.
    QCOMPARE(resolved->at(0).expectations.at(1).text, u"Utrecht"_s);
    // A whole-value ${b} takes the variable's type; inside text it is written as text; $${ stays literal.
    QCOMPARE(resolved->at(1).arguments.value(u"b"_s), QJsonValue(3));
    QCOMPARE(resolved->at(1).arguments.value(u"note"_s).toString(), u"b is 3, ${literal}"_s);
    // An override server goes for every call.
    const auto elsewhere = collection->resolve({}, u"other"_s);
    QVERIFY(elsewhere);
    QCOMPARE(elsewhere->at(0).server, u"other"_s);
    QCOMPARE(elsewhere->at(1).server, u"other"_s);
}

void tst_Collection::unknownVariablesFailBeforeAnythingRuns()
{
    const auto collection = Collection::fromJson(R"({"version": 1, "calls": [
        {"name": "greet", "server": "demo", "tool": "echo", "arguments": {"text": "hello ${who}"}},
        {"name": "no server", "tool": "echo", "arguments": {"text": "x"}}]})", u"vars.json"_s);
    QVERIFY(collection);
    const auto resolved = collection->resolve();
    QVERIFY(!resolved);
    const QString message = resolved.error().message;
    QVERIFY2(message.contains(u"call 1 (\"greet\")"_s) && message.contains(u"${who}"_s) && message.contains(u"--var who=VALUE"_s), qPrintable(message));
    QVERIFY2(message.contains(u"call 2 (\"no server\") names no server"_s), qPrintable(message));
    const auto given = collection->resolve({{u"who"_s, u"Ada"_s}}, u"demo"_s);
    QVERIFY2(given, given ? "" : qPrintable(given.error().message));
    QCOMPARE(given->at(0).arguments.value(u"text"_s).toString(), u"hello Ada"_s);
}

void tst_Collection::commandLineVariablesAreJsonOrText()
{
    QCOMPARE(Collection::parseVariable(u"b=4"_s)->second, QJsonValue(4));
    QCOMPARE(Collection::parseVariable(u"flag=true"_s)->second, QJsonValue(true));
    QCOMPARE(Collection::parseVariable(u"city=New York"_s)->second, QJsonValue(u"New York"_s));
    QCOMPARE(Collection::parseVariable(u"code=\"007\""_s)->second, QJsonValue(u"007"_s));
    QCOMPARE(Collection::parseVariable(u"eq=a=b"_s)->second, QJsonValue(u"a=b"_s));
    QVERIFY(!Collection::parseVariable(u"novalue"_s));
    QVERIFY(!Collection::parseVariable(u"=3"_s));
}

void tst_Collection::expectationsPassAndFail_data()
{
    QTest::addColumn<QByteArray>("expectation");
    QTest::addColumn<bool>("passes");
    QTest::addColumn<QString>("message");
    QTest::addRow("isError false, passes") << QByteArray(R"({"isError": false})") << true << QString();
    QTest::addRow("isError true, fails") << QByteArray(R"({"isError": true})") << false << u"expected the tool to report an error; it succeeded. Its text was: It is sunny in Paris."_s;
    QTest::addRow("text contains") << QByteArray(R"({"textContains": "sunny"})") << true << QString();
    QTest::addRow("text missing") << QByteArray(R"({"textContains": "rain"})") << false
                                  << u"expected the text to contain \"rain\"; the result's text was: It is sunny in Paris."_s;
    QTest::addRow("equals") << QByteArray(R"({"pointer": "/temperature", "equals": 21})") << true << QString();
    QTest::addRow("equals 21.0") << QByteArray(R"({"pointer": "/temperature", "equals": 21.0})") << true << QString();
    QTest::addRow("not equal") << QByteArray(R"({"pointer": "/temperature", "equals": 30})") << false << u"expected /temperature to equal 30; it was 21"_s;
    QTest::addRow("nested equals") << QByteArray(R"({"pointer": "/wind/0/dir", "equals": "N"})") << true << QString();
    QTest::addRow("missing pointer") << QByteArray(R"({"pointer": "/pressure", "equals": 1})") << false
                                     << u"expected a value at /pressure; there is none. The structured content was: {\"conditions\":\"sunny\",\"temperature\":21,\"wind\":[{\"dir\":\"N\"}]}"_s;
    QTest::addRow("whole equals") << QByteArray(R"({"equals": {"conditions": "sunny", "temperature": 21, "wind": [{"dir": "N"}]}})") << true << QString();
    QTest::addRow("matches") << QByteArray(R"({"pointer": "/conditions", "matches": "^sun"})") << true << QString();
    QTest::addRow("no match") << QByteArray(R"({"pointer": "/conditions", "matches": "^rain"})") << false << u"expected /conditions to match /^rain/; it was \"sunny\""_s;
    QTest::addRow("matches a number") << QByteArray(R"({"pointer": "/temperature", "matches": "2"})") << false << u"expected /temperature to be text matching /2/; it was 21"_s;
    QTest::addRow("schema not checked") << QByteArray(R"({"matchesOutputSchema": true})") << false
                                        << u"expected structured content that matches the output schema; there was nothing to check (no output schema or no structured content)"_s;
    QTest::addRow("within") << QByteArray(R"({"withinMs": 100})") << true << QString();
    QTest::addRow("too slow") << QByteArray(R"({"withinMs": 10})") << false << u"expected the call to finish within 10 ms; it took 40 ms"_s;
}

void tst_Collection::expectationsPassAndFail()
{
    QFETCH(QByteArray, expectation);
    QFETCH(bool, passes);
    QFETCH(QString, message);
    const ToolCallOutcome outcome = answered(u"It is sunny in Paris."_s,
                                             QJsonObject{{u"conditions"_s, u"sunny"_s}, {u"temperature"_s, 21},
                                                         {u"wind"_s, QJsonArray{QJsonObject{{u"dir"_s, u"N"_s}}}}});
    const ExpectationResult result = ::expectation(expectation).evaluate(outcome);
    QCOMPARE(result.passed, passes);
    QCOMPARE(result.message, message);
    QVERIFY(!result.name.isEmpty());
}

void tst_Collection::aCallWithoutResultFailsEveryExpectation()
{
    // The output schema verdict is the pipeline's (outputValid); the expectation reads it.
    ToolCallOutcome checked = answered(u"x"_s, QJsonObject{{u"temperature"_s, u"warm"_s}});
    checked.outputValid = false;
    checked.outputProblems = {u"/temperature: expected a number"_s};
    const ExpectationResult schema = ::expectation(R"({"matchesOutputSchema": true})").evaluate(checked);
    QVERIFY(!schema.passed);
    QVERIFY2(schema.message.contains(u"/temperature: expected a number"_s), qPrintable(schema.message));
    checked.outputValid = true;
    QVERIFY(::expectation(R"({"matchesOutputSchema": true})").evaluate(checked).passed);

    ToolCallOutcome denied;
    denied.kind = ToolCallOutcome::Kind::Denied;
    denied.error.message = u"The user denied this call to echo."_s;
    for (const QByteArray &json : {QByteArray(R"({"isError": true})"), QByteArray(R"({"withinMs": 100000})")}) {
        const ExpectationResult result = ::expectation(json).evaluate(denied);
        QVERIFY(!result.passed);
        QVERIFY2(result.message.contains(u"denied"_s) && result.message.contains(u"The user denied this call to echo."_s), qPrintable(result.message));
    }
    const ToolCallOutcome toolError = answered(u"it broke"_s, std::nullopt, true);
    QVERIFY(::expectation(R"({"isError": true})").evaluate(toolError).passed);
    const ExpectationResult noError = ::expectation(R"({"isError": false})").evaluate(toolError);
    QCOMPARE(noError.message, u"expected no error; the tool reported one: it broke"_s);
}

void tst_Collection::longTextIsShortened()
{
    const QString text(5000, u'a');
    const ExpectationResult result = ::expectation(R"({"textContains": "b"})").evaluate(answered(text));
    QVERIFY(!result.passed);
    QVERIFY2(result.message.size() < 500, qPrintable(result.message.left(600)));
    QVERIFY2(result.message.endsWith(u"… (4700 more characters)"_s), qPrintable(result.message.right(60)));
}

void tst_Collection::junitReportHasTheExpectedStructure()
{
    RunReport report;
    report.collectionName = u"Demo <smoke> & test"_s;
    report.startedAt = QDateTime::currentDateTimeUtc();
    report.durationMs = 1234;
    CallReport good;
    good.name = u"weather"_s;
    good.server = u"demo"_s;
    good.tool = u"weather"_s;
    good.made = true;
    good.outcome = answered(u"sunny"_s);
    good.durationMs = 12;
    good.expectations = {{u"text contains \"sunny\""_s, true, {}}};
    CallReport bad = good;
    bad.name = u"add"_s;
    bad.tool = u"add"_s;
    bad.outcome = answered(u"\x1b[31m6"_s);
    bad.expectations = {{u"sum is five"_s, false, u"expected /sum to equal 5; it was 6"_s},
                        {u"no error"_s, true, {}},
                        {u"quick"_s, false, u"expected the call to finish within 1 ms; it took 12 ms"_s}};
    CallReport notMade = good;
    notMade.name = u"after"_s;
    notMade.made = true;
    notMade.outcome = ToolCallOutcome{};
    notMade.outcome.kind = ToolCallOutcome::Kind::Failed;
    notMade.outcome.error.message = u"the server \"demo\" is not connected"_s;
    notMade.expectations = {{u"no error"_s, false, u"the tool gave no result"_s}};
    report.calls = {good, bad, notMade};

    const QByteArray xml = JUnitWriter::toXml(report);
    QXmlStreamReader reader(xml);
    QStringList path;
    int suites = 0, cases = 0;
    QStringList failures;
    QMap<QString, QString> suiteAttributes;
    QString currentCase;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement()) {
            const QString name = reader.name().toString();
            if (path.isEmpty())
                QCOMPARE(name, u"testsuites"_s);
            if (name == u"testsuite") {
                QCOMPARE(path, QStringList{u"testsuites"_s});
                ++suites;
                for (const auto &a : reader.attributes())
                    suiteAttributes.insert(a.name().toString(), a.value().toString());
            } else if (name == u"testcase") {
                QCOMPARE(path, (QStringList{u"testsuites"_s, u"testsuite"_s}));
                ++cases;
                currentCase = reader.attributes().value(u"name"_s).toString();
                QVERIFY(reader.attributes().hasAttribute(u"classname"_s));
                bool ok = false;
                QVERIFY(reader.attributes().value(u"time"_s).toDouble(&ok) >= 0);
                QVERIFY(ok);
            } else if (name == u"failure") {
                QCOMPARE(path.last(), u"testcase"_s);
                QVERIFY(reader.attributes().hasAttribute(u"type"_s));
                failures.append(currentCase + u": "_s + reader.attributes().value(u"message"_s).toString());
            }
            path.append(name);
        } else if (reader.isEndElement()) {
            path.removeLast();
        }
    }
    QVERIFY2(!reader.hasError(), qPrintable(reader.errorString() + u"\n"_s + QString::fromUtf8(xml)));
    QCOMPARE(suites, 1);
    QCOMPARE(cases, 3);
    QCOMPARE(suiteAttributes.value(u"name"_s), u"Demo <smoke> & test"_s);
    QCOMPARE(suiteAttributes.value(u"tests"_s), u"3"_s);
    QCOMPARE(suiteAttributes.value(u"failures"_s), u"2"_s);
    QCOMPARE(suiteAttributes.value(u"time"_s), u"1.234"_s);
    QVERIFY(QDateTime::fromString(suiteAttributes.value(u"timestamp"_s), Qt::ISODate).isValid());
    QCOMPARE(failures, (QStringList{u"add: sum is five: expected /sum to equal 5; it was 6"_s,
                                    u"add: quick: expected the call to finish within 1 ms; it took 12 ms"_s,
                                    u"after: the tool gave no result (failed): the server \"demo\" is not connected"_s}));
    // A control character from a server cannot make the XML invalid.
    QVERIFY(!xml.contains('\x1b'));

    // And it is valid JUnit XML: xmllint (libxml2-utils, installed by packaging/setup-debian.sh) checks it
    // against the common format's schema — the passing report, the failing one and a run that was denied.
    const QString xmllint = QStandardPaths::findExecutable(u"xmllint"_s);
    QVERIFY2(!xmllint.isEmpty(), "xmllint is missing: install libxml2-utils (packaging/setup-debian.sh does)");
    {
        RunReport denied = report;
        denied.error = Error{int(ErrorCode::ApprovalDenied), u"The run was not approved."_s, {}};
        for (CallReport &call : denied.calls) {
            call.made = false;
            call.outcome = ToolCallOutcome{};
            call.expectations.clear();
        }
        RunReport passing = report;
        passing.calls = {good};
        for (const RunReport &checked : {report, denied, passing}) {
            QProcess lint;
            lint.start(xmllint, {u"--noout"_s, u"--schema"_s, QStringLiteral(TOOLGATE_JUNIT_XSD), u"-"_s});
            QVERIFY(lint.waitForStarted());
            lint.write(JUnitWriter::toXml(checked));
            lint.closeWriteChannel();
            QVERIFY(lint.waitForFinished(30000));
            QVERIFY2(lint.exitCode() == 0, lint.readAllStandardError().constData());
        }
    }
}

void tst_Collection::defaultFolderFollowsTheOverride()
{
    QTemporaryDir dir;
    qputenv("TOOLGATE_CONFIG_DIR", dir.path().toUtf8());
    QCOMPARE(Collection::defaultFolder(), QDir(dir.path()).filePath(u"collections"_s));
    qunsetenv("TOOLGATE_CONFIG_DIR");
    QVERIFY(Collection::defaultFolder().endsWith(u"/collections"_s));
}

void tst_Collection::aPromptEntryIsReadFilledInAndSavedBack()
{
    const QByteArray text = R"json({
  "version": 1,
  "name": "Model eval",
  "variables": {"a": 2, "city": "Oslo"},
  "calls": [
    {"name": "adds", "server": "demo", "prompt": "What is ${a} plus 3?", "tools": ["add", "echo"], "runs": 5,
     "expectCalls": [{"tool": "add", "expect": [{"pointer": "/a", "equals": "${a}"}, {"name": "b is three", "pointer": "/b", "equals": 3}]},
                     {"tool": "echo", "expect": [{"pointer": "/text", "matches": "^${city}"}]}]},
    {"name": "no tool", "server": "demo", "prompt": "Say hello.", "expectCalls": []},
    {"name": "echo", "server": "demo", "tool": "echo", "arguments": {"text": "hi"}}
  ]
})json";
    const auto collection = Collection::fromJson(text, u"eval.json"_s);
    QVERIFY2(collection, collection ? "" : qPrintable(collection.error().message));
    QVERIFY(collection->hasPrompts());
    const SavedCall &adds = collection->calls.at(0);
    QVERIFY(adds.isPrompt());
    QCOMPARE(adds.exposedTools, (QStringList{u"add"_s, u"echo"_s}));
    QCOMPARE(adds.runs, 5);
    QCOMPARE(adds.expectedCalls.size(), 2);
    QCOMPARE(adds.expectedCalls.at(0).expectations.at(1).displayName(), u"b is three"_s);
    QVERIFY(collection->calls.at(1).isPrompt());
    QVERIFY(collection->calls.at(1).expectedCalls.isEmpty());
    QVERIFY(!collection->calls.at(2).isPrompt());

    // ${variables} are filled in the prompt and in what its calls are expected to hold; runs default to one.
    const auto resolved = collection->resolve();
    QVERIFY(resolved);
    QCOMPARE(resolved->at(0).prompt, u"What is 2 plus 3?"_s);
    QCOMPARE(resolved->at(0).expectedCalls.at(0).expectations.at(0).value, QJsonValue(2));
    QCOMPARE(resolved->at(0).expectedCalls.at(1).expectations.at(0).text, u"^Oslo"_s);
    QCOMPARE(resolved->at(1).runs, 1);

    // Saved in the order the documentation shows, and read back the same.
    const QByteArray saved = collection->toJson();
    const qsizetype at = saved.indexOf("\"prompt\"");
    QVERIFY2(at > 0 && at < saved.indexOf("\"tools\"") && saved.indexOf("\"tools\"") < saved.indexOf("\"runs\"")
                 && saved.indexOf("\"runs\"") < saved.indexOf("\"expectCalls\""),
             saved.constData());
    QVERIFY2(saved.indexOf("\"name\": \"b is three\"") < saved.indexOf("\"pointer\": \"/b\""), saved.constData());
    QCOMPARE(saved.count("\"arguments\""), qsizetype(1)); // the tool call's; a prompt has none
    const auto again = Collection::fromJson(saved, u"saved.json"_s);
    QVERIFY2(again, again ? "" : qPrintable(again.error().message));
    QCOMPARE(again->calls.at(0).prompt, adds.prompt);
    QCOMPARE(again->calls.at(0).exposedTools, adds.exposedTools);
    QCOMPARE(again->calls.at(0).runs, 5);
    QCOMPARE(again->calls.at(0).expectedCalls.at(0).toJson(), adds.expectedCalls.at(0).toJson());
    QCOMPARE(again->calls.at(0).expectedCalls.at(1).toJson(), adds.expectedCalls.at(1).toJson());
    QVERIFY(again->calls.at(1).isPrompt() && again->calls.at(1).expectedCalls.isEmpty());
    QCOMPARE(again->calls.at(2).tool, u"echo"_s);
}

static ModelCallSeen seen(const QString &tool, const QByteArray &arguments, bool exposed = true)
{
    ModelCallSeen call;
    call.tool = tool;
    call.exposed = exposed;
    call.argumentsText = QString::fromUtf8(arguments);
    call.arguments = QJsonDocument::fromJson(arguments).object();
    return call;
}

void tst_Collection::judgingTheModelsCalls_data()
{
    const auto expected = [](const QByteArray &json) {
        QList<ExpectedCall> list;
        const QJsonArray array = QJsonDocument::fromJson(json).array();
        for (const QJsonValue &value : array) {
            const auto parsed = ExpectedCall::fromJson(value, u"test"_s);
            if (!parsed)
                qFatal("bad expected call in the test: %s", qPrintable(parsed.error().message));
            list.append(parsed.value());
        }
        return list;
    };
    const QList<ExpectedCall> addTwoThree = expected(R"([{"tool": "add", "expect": [{"pointer": "/a", "equals": 2}, {"pointer": "/b", "equals": 3}]}])");
    const QList<ExpectedCall> addThenEcho = expected(R"([{"tool": "add"}, {"tool": "echo", "expect": [{"pointer": "/text", "matches": "^5"}]}])");
    ModelCallSeen unusable = seen(u"add"_s, "{\"a\": 2,");
    unusable.problem = u"its arguments are not valid JSON"_s;

    QTest::addColumn<QList<ExpectedCall>>("expected");
    QTest::addColumn<QList<ModelCallSeen>>("calls");
    QTest::addColumn<bool>("passes");
    QTest::addColumn<QString>("problem");
    QTest::addRow("the call, keys in any order") << addTwoThree << QList<ModelCallSeen>{seen(u"add"_s, R"({"b": 3, "a": 2.0})")} << true << QString();
    QTest::addRow("other calls around it") << addTwoThree
                                           << QList<ModelCallSeen>{seen(u"echo"_s, "{}"), seen(u"add"_s, R"({"a": 3, "b": 3})"),
                                                                   seen(u"add"_s, R"({"a": 2, "b": 3})"), seen(u"echo"_s, "{}")}
                                           << true << QString();
    QTest::addRow("wrong argument") << addTwoThree << QList<ModelCallSeen>{seen(u"add"_s, R"({"a": 3, "b": 3})")} << false
                                    << u"expected a call of add (/a equals 2, /b equals 3); the call of add did not match: expected /a to equal 2; it was 3"_s;
    QTest::addRow("missing argument") << addTwoThree << QList<ModelCallSeen>{seen(u"add"_s, R"({"a": 2})")} << false
                                      << u"expected a call of add (/a equals 2, /b equals 3); the call of add did not match: expected an argument at /b; there is none. The arguments were: {\"a\":2}"_s;
    QTest::addRow("no call") << addTwoThree << QList<ModelCallSeen>{} << false << u"expected a call of add (/a equals 2, /b equals 3); there was none"_s;
    QTest::addRow("a tool not offered") << addTwoThree << QList<ModelCallSeen>{seen(u"add"_s, R"({"a": 2, "b": 3})", false)} << false
                                        << u"expected a call of add (/a equals 2, /b equals 3); there was none"_s;
    QTest::addRow("unusable arguments") << addTwoThree << QList<ModelCallSeen>{unusable} << false
                                        << u"expected a call of add (/a equals 2, /b equals 3); the call of add did not match: its arguments are not valid JSON"_s;
    QTest::addRow("in order") << addThenEcho << QList<ModelCallSeen>{seen(u"add"_s, "{}"), seen(u"echo"_s, R"({"text": "5 it is"})")} << true << QString();
    QTest::addRow("out of order") << addThenEcho << QList<ModelCallSeen>{seen(u"echo"_s, R"({"text": "5 it is"})"), seen(u"add"_s, "{}")} << false
                                  << u"expected a call of echo (/text matches /^5/); there was none"_s;
    QTest::addRow("one call serves one expected call") << expected(R"([{"tool": "add"}, {"tool": "add"}])") << QList<ModelCallSeen>{seen(u"add"_s, "{}")}
                                                       << false << u"expected a call of add; there was none"_s;
    QTest::addRow("none expected, none made") << QList<ExpectedCall>{} << QList<ModelCallSeen>{} << true << QString();
    QTest::addRow("none expected, one made") << QList<ExpectedCall>{} << QList<ModelCallSeen>{seen(u"add"_s, "{}")} << false << u"expected no tool call"_s;
}

void tst_Collection::judgingTheModelsCalls()
{
    QFETCH(QList<ExpectedCall>, expected);
    QFETCH(QList<ModelCallSeen>, calls);
    QFETCH(bool, passes);
    QFETCH(QString, problem);
    const ExpectedCall::Verdict verdict = ExpectedCall::judge(expected, calls);
    QCOMPARE(verdict.passed, passes);
    QCOMPARE(verdict.problem, problem);
}

void tst_Collection::junitHasATestCasePerRunOfAPrompt()
{
    RunReport report;
    report.collectionName = u"Model eval"_s;
    report.startedAt = QDateTime::currentDateTimeUtc();
    CallReport prompt;
    prompt.name = u"adds"_s;
    prompt.server = u"demo"_s;
    prompt.made = true;
    prompt.isPrompt = true;
    prompt.plannedRuns = 3;
    PromptRunReport good;
    good.passed = true;
    good.durationMs = 250;
    PromptRunReport bad;
    bad.problem = u"expected a call of add; there was none. The model called: no tool; it answered: 5"_s;
    prompt.promptRuns = {good, bad, good};
    CallReport call;
    call.name = u"echo"_s;
    call.server = u"demo"_s;
    call.tool = u"echo"_s;
    call.made = true;
    call.outcome = answered(u"hi"_s);
    report.calls = {prompt, call};

    const QByteArray xml = JUnitWriter::toXml(report);
    QXmlStreamReader reader(xml);
    QStringList cases;
    QStringList failures;
    QString suiteTests;
    QString suiteFailures;
    while (!reader.atEnd()) {
        reader.readNext();
        if (!reader.isStartElement())
            continue;
        if (reader.name() == u"testsuite") {
            suiteTests = reader.attributes().value(u"tests"_s).toString();
            suiteFailures = reader.attributes().value(u"failures"_s).toString();
        } else if (reader.name() == u"testcase") {
            cases.append(reader.attributes().value(u"name"_s).toString());
        } else if (reader.name() == u"failure") {
            failures.append(cases.last() + u": "_s + reader.attributes().value(u"message"_s).toString());
        }
    }
    QVERIFY2(!reader.hasError(), qPrintable(reader.errorString()));
    QCOMPARE(cases, (QStringList{u"adds (run 1 of 3)"_s, u"adds (run 2 of 3)"_s, u"adds (run 3 of 3)"_s, u"echo"_s}));
    QCOMPARE(suiteTests, u"4"_s);
    QCOMPARE(suiteFailures, u"1"_s);
    QCOMPARE(failures, QStringList{u"adds (run 2 of 3): "_s + bad.problem});

    const QString xmllint = QStandardPaths::findExecutable(u"xmllint"_s);
    QVERIFY2(!xmllint.isEmpty(), "xmllint is missing: install libxml2-utils (packaging/setup-debian.sh does)");
    QProcess lint;
    lint.start(xmllint, {u"--noout"_s, u"--schema"_s, QStringLiteral(TOOLGATE_JUNIT_XSD), u"-"_s});
    QVERIFY(lint.waitForStarted());
    lint.write(xml);
    lint.closeWriteChannel();
    QVERIFY(lint.waitForFinished(30000));
    QVERIFY2(lint.exitCode() == 0, lint.readAllStandardError().constData());
}

QTEST_GUILESS_MAIN(tst_Collection)
#include "tst_collection.moc"
