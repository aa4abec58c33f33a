// toolgate-cli run (issue 19) end to end: the built CLI runs a collection file against the project's demo
// server. The same file exits 0; after a change (--var b=4) it exits 9 with a JUnit report naming the
// failed expectation. At a terminal every call of the run is shown with its exact arguments and asked
// about once; a broken file or a missing variable stops the run before any server starts. A prompt
// goes to the scripted model server (a program of its own) N times: the pass rate, what the model
// called instead, a JUnit test case per run, and the model's calls recorded, not sent.

#include "cliprocess.h"
#include "scriptedmodelprocess.h"

#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;
using namespace Toolgate::TestSupport;

namespace {

const QByteArray collectionText = R"json({
  "format": "toolgate-collection",
  "version": 1,
  "name": "CLI smoke",
  "variables": {"b": 3},
  "calls": [
    {"name": "echo", "server": "demo", "tool": "echo", "arguments": {"text": "hello collections"},
     "expect": [{"isError": false}, {"textContains": "hello collections"}]},
    {"name": "add", "server": "demo", "tool": "add", "arguments": {"b": "${b}", "a": 2},
     "expect": [{"name": "the sum is five", "pointer": "/sum", "equals": 5}, {"matchesOutputSchema": true}, {"withinMs": 20000}]}
  ]
})json";

struct JUnit
{
    int tests = -1;
    int failures = -1;
    QStringList failureMessages;
    QString error;
};

JUnit readJUnit(const QString &path)
{
    JUnit junit;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        junit.error = u"no JUnit file at "_s + path;
        return junit;
    }
    QXmlStreamReader xml(&file);
    QString testcase;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == u"testsuite") {
            junit.tests = xml.attributes().value(u"tests"_s).toInt();
            junit.failures = xml.attributes().value(u"failures"_s).toInt();
        } else if (xml.name() == u"testcase") {
            testcase = xml.attributes().value(u"name"_s).toString();
        } else if (xml.name() == u"failure") {
            junit.failureMessages.append(testcase + u": "_s + xml.attributes().value(u"message"_s).toString());
        }
    }
    if (xml.hasError())
        junit.error = xml.errorString();
    return junit;
}

// A prompt whose every run must call add with a = 2 and b = 3; its file says 2 runs.
const QByteArray evalText = R"json({
  "version": 1,
  "name": "CLI eval",
  "calls": [
    {"name": "adds", "server": "demo", "prompt": "What is 2 plus 3?", "tools": ["add"], "runs": 2,
     "expectCalls": [{"tool": "add", "expect": [{"pointer": "/a", "equals": 2}, {"pointer": "/b", "equals": 3}]}]}
  ]
})json";

} // namespace

class TestCliCollections : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void thePassingCollectionExitsZero();
    void aChangeMakesTheRunFailWithAJUnitReport();
    void theTerminalAsksOnceShowingEveryCall();
    void jsonReportAndAuditRecords();
    void aDeniedRunSendsNothing();
    void noAnswerDeniesTheRun();
    void brokenFilesAndMissingVariablesStopBeforeConnecting();
    void aPromptsPassRateWithAJUnitCasePerRun();
    void promptUsageErrors_data();
    void promptUsageErrors();

private:
    CliRun run(const QStringList &arguments, const QByteArray &input = {}) const;

    const QString m_demo = executable(u"toolgate-demo-server"_s);
    CliProcess m_cli;
    QTemporaryDir m_dir;
    QString m_collection;
    QString m_eval;
};

void TestCliCollections::initTestCase()
{
    const QString missing = notBuilt({cliPath(), m_demo, executable(u"toolgate-scripted-model-server"_s)});
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
    QVERIFY(m_dir.isValid());
    m_collection = m_dir.filePath(u"smoke.json"_s);
    QFile file(m_collection);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(collectionText);
    m_eval = m_dir.filePath(u"eval.json"_s);
    QFile eval(m_eval);
    QVERIFY(eval.open(QIODevice::WriteOnly));
    eval.write(evalText);
}

CliRun TestCliCollections::run(const QStringList &arguments, const QByteArray &input) const
{
    const QMap<QString, QString> env{{u"TOOLGATE_AUDIT_DB"_s, m_dir.filePath(u"audit.db"_s)},
                                     {u"TOOLGATE_CONFIG_DIR"_s, m_dir.filePath(u"config"_s)},
                                     {u"LANGUAGE"_s, u"en"_s}};
    return m_cli.run(arguments + QStringList{u"--"_s, m_demo}, input, env);
}

void TestCliCollections::thePassingCollectionExitsZero()
{
    const QString junitPath = m_dir.filePath(u"pass.xml"_s);
    const CliRun result = run({u"--yes"_s, u"run"_s, m_collection, u"--junit"_s, junitPath});
    VERIFY_CLI(result.exitCode == 0, result);
    VERIFY_CLI(result.out().contains(u"ok      echo"_s) && result.out().contains(u"ok      add"_s), result);
    VERIFY_CLI(result.out().contains(u"passed: the sum is five"_s), result);
    VERIFY_CLI(result.out().contains(u"Collection \"CLI smoke\" passed: every call answered and every expectation held (calls: 2,"_s), result);
    const JUnit junit = readJUnit(junitPath);
    QVERIFY2(junit.error.isEmpty(), qPrintable(junit.error));
    QCOMPARE(junit.tests, 2);
    QCOMPARE(junit.failures, 0);
    QVERIFY(junit.failureMessages.isEmpty());
}

void TestCliCollections::aChangeMakesTheRunFailWithAJUnitReport()
{
    const QString junitPath = m_dir.filePath(u"fail.xml"_s);
    const CliRun result = run({u"--yes"_s, u"run"_s, m_collection, u"--var"_s, u"b=4"_s, u"--junit"_s, junitPath});
    VERIFY_CLI(result.exitCode == 9, result);
    VERIFY_CLI(result.out().contains(u"FAILED  add"_s), result);
    VERIFY_CLI(result.out().contains(u"FAILED: the sum is five"_s) && result.out().contains(u"expected /sum to equal 5; it was 6"_s), result);
    VERIFY_CLI(result.out().contains(u"Collection \"CLI smoke\" FAILED: calls failed: 1 of 2; expectations that did not hold: 1"_s), result);
    const JUnit junit = readJUnit(junitPath);
    QVERIFY2(junit.error.isEmpty(), qPrintable(junit.error));
    QCOMPARE(junit.tests, 2);
    QCOMPARE(junit.failures, 1);
    QCOMPARE(junit.failureMessages, QStringList{u"add: the sum is five: expected /sum to equal 5; it was 6"_s});
}

void TestCliCollections::theTerminalAsksOnceShowingEveryCall()
{
    const CliRun result = run({u"run"_s, m_collection}, "y\n");
    VERIFY_CLI(result.exitCode == 0, result);
    // One question, for the run; every call shown with its exact arguments, in the order written.
    VERIFY_CLI(result.err.count(u"Allow these calls?"_s) == 1, result);
    VERIFY_CLI(!result.err.contains(u"Allow this call?"_s), result);
    VERIFY_CLI(result.err.contains(u"Run of the collection \"CLI smoke\", approved as a whole (calls: 2)"_s), result);
    VERIFY_CLI(result.err.contains(u"\"text\": \"hello collections\""_s), result);
    static const QRegularExpression ordered(u"\"b\": 3,\\s*\"a\": 2"_s);
    VERIFY_CLI(result.err.contains(ordered), result);
}

void TestCliCollections::jsonReportAndAuditRecords()
{
    const QString db = m_dir.filePath(u"json-audit.db"_s);
    const CliRun result = m_cli.run({u"--yes"_s, u"--json"_s, u"run"_s, m_collection, u"--var"_s, u"b=4"_s, u"--"_s, m_demo}, {},
                                    {{u"TOOLGATE_AUDIT_DB"_s, db}, {u"TOOLGATE_CONFIG_DIR"_s, m_dir.filePath(u"config"_s)}});
    VERIFY_CLI(result.exitCode == 9, result);
    const QJsonObject report = result.json();
    VERIFY_CLI(report.value(u"collection"_s).toString() == u"CLI smoke"_s, result);
    VERIFY_CLI(!report.value(u"passed"_s).toBool(true) && report.value(u"failedExpectations"_s).toInt() == 1, result);
    const QJsonObject add = report.value(u"calls"_s).toArray().at(1).toObject();
    VERIFY_CLI(add.value(u"arguments"_s).toObject().value(u"b"_s).toInt() == 4, result);
    const QJsonObject sum = add.value(u"expectations"_s).toArray().at(0).toObject();
    VERIFY_CLI(sum.value(u"name"_s).toString() == u"the sum is five"_s && !sum.value(u"passed"_s).toBool(true), result);
    VERIFY_CLI(sum.value(u"message"_s).toString() == u"expected /sum to equal 5; it was 6"_s, result);

    // Each call is in the audit log, decided by the run's approval.
    const CliRun audit = m_cli.run({u"audit"_s, u"list"_s, u"--json"_s, u"--db"_s, db});
    VERIFY_CLI(audit.exitCode == 0, audit);
    VERIFY_CLI(audit.out().count(u"\"decisionReason\":\"approved with the collection run \\\"CLI smoke\\\"\""_s) == 2, audit);
    // Decided by the run the person started, not by a remembered rule (#34 item 7); a filter finds them.
    VERIFY_CLI(audit.out().count(u"\"decidedBy\":\"run\""_s) == 2, audit);
    const CliRun byRun = m_cli.run({u"audit"_s, u"list"_s, u"--decision"_s, u"run"_s, u"--db"_s, db});
    VERIFY_CLI(byRun.exitCode == 0 && byRun.out().count(u"allow_once (run)"_s) == 2, byRun);
    // And the run's approval itself, with what it listed.
    VERIFY_CLI(audit.out().count(u"\"name\":\"run_approved\""_s) == 1, audit);
    VERIFY_CLI(audit.out().contains(u"the collection run \\\"CLI smoke\\\" was approved as a whole (calls: 2)"_s), audit);
}

void TestCliCollections::aDeniedRunSendsNothing()
{
    const CliRun result = run({u"run"_s, m_collection}, "n\nnot now\n");
    VERIFY_CLI(result.exitCode == 6, result);
    VERIFY_CLI(result.err.contains(u"was not approved"_s), result);
    VERIFY_CLI(!result.err.contains(u"Running 1/2"_s), result);
    const CliRun audit = m_cli.run({u"audit"_s, u"list"_s, u"--json"_s, u"--db"_s, m_dir.filePath(u"audit.db"_s)});
    VERIFY_CLI(audit.out().contains(u"\"name\":\"run_denied\""_s) && audit.out().contains(u"was denied: not now"_s), audit);
}

void TestCliCollections::noAnswerDeniesTheRun()
{
    const CliRun result = run({u"run"_s, m_collection});
    VERIFY_CLI(result.exitCode == 6, result);
    VERIFY_CLI(result.err.contains(u"No answer (end of input): the run is denied; nothing is sent."_s), result);
    VERIFY_CLI(!result.err.contains(u"Running 1/2"_s), result);
}

void TestCliCollections::brokenFilesAndMissingVariablesStopBeforeConnecting()
{
    const QString broken = m_dir.filePath(u"broken.json"_s);
    {
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"version": 1, "calls": [{"name": "x", "tool": "echo", "arguments": {"text": "${nobody}"}}]})");
    }
    const CliRun missing = run({u"--yes"_s, u"run"_s, broken});
    VERIFY_CLI(missing.exitCode == 3, missing);
    VERIFY_CLI(missing.err.contains(u"${nobody}"_s) && missing.err.contains(u"--var nobody=VALUE"_s), missing);
    const CliRun given = run({u"--yes"_s, u"run"_s, broken, u"--var"_s, u"nobody=somebody"_s});
    VERIFY_CLI(given.exitCode == 0, given);

    {
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(R"({"version": 1, "calls": [{"name": "x"}]})");
    }
    const CliRun noTool = run({u"--yes"_s, u"run"_s, broken});
    VERIFY_CLI(noTool.exitCode == 3, noTool);
    VERIFY_CLI(noTool.err.contains(u"call 1 (\"x\")"_s) && noTool.err.contains(u"\"tool\" is missing"_s), noTool);

    const CliRun usage = run({u"--yes"_s, u"call"_s, u"echo"_s, u"--var"_s, u"a=1"_s});
    VERIFY_CLI(usage.exitCode == 2, usage);
}

void TestCliCollections::aPromptsPassRateWithAJUnitCasePerRun()
{
    QTemporaryDir modelDir;
    ModelServerProcess model;
    // Five runs: right, wrong a, no tool, right (keys the other way round), a wrong call then a right one.
    // Then one more for the run at the terminal.
    const QJsonArray script{callTurn(u"c1"_s, u"add"_s, uR"({"a": 2, "b": 3})"_s), callTurn(u"c2"_s, u"add"_s, uR"({"a": 3, "b": 3})"_s),
                            QJsonObject{{u"text"_s, u"It is 5."_s}}, callTurn(u"c4"_s, u"add"_s, uR"({"b": 3, "a": 2})"_s),
                            QJsonObject{{u"calls"_s, QJsonArray{QJsonObject{{u"id"_s, u"c5"_s}, {u"name"_s, u"add"_s}, {u"arguments"_s, uR"({"a": 1, "b": 4})"_s}},
                                                                 QJsonObject{{u"id"_s, u"c6"_s}, {u"name"_s, u"add"_s}, {u"arguments"_s, uR"({"a": 2, "b": 3})"_s}}}}},
                            callTurn(u"c7"_s, u"add"_s, uR"({"a": 2, "b": 3})"_s)};
    QVERIFY(model.start(script, modelDir.path()));
    const QStringList modelOptions{u"--model-url"_s, model.openAiUrl(), u"--model-api"_s, u"openai"_s, u"--model"_s, u"scripted-model"_s};

    const QString junitPath = m_dir.filePath(u"eval.xml"_s);
    const CliRun result = run(QStringList{u"--yes"_s, u"run"_s, m_eval, u"--runs"_s, u"5"_s, u"--junit"_s, junitPath} + modelOptions);
    VERIFY_CLI(result.exitCode == 9, result);
    VERIFY_CLI(result.out().contains(u"FAILED  adds (a prompt on toolgate-demo-server: 3 of 5 runs passed"_s), result);
    VERIFY_CLI(result.out().contains(u"run 2 FAILED: expected a call of add (/a equals 2, /b equals 3); the call of add did not match: "
                                     "expected /a to equal 2; it was 3. The model called: add {\"a\": 3, \"b\": 3}"_s),
               result);
    VERIFY_CLI(result.out().contains(u"run 3 FAILED: expected a call of add (/a equals 2, /b equals 3); there was none. The model "
                                     "called: no tool; it answered: It is 5."_s),
               result);
    VERIFY_CLI(!result.out().contains(u"run 1 FAILED"_s) && !result.out().contains(u"run 4 FAILED"_s) && !result.out().contains(u"run 5 FAILED"_s), result);
    const JUnit junit = readJUnit(junitPath);
    QVERIFY2(junit.error.isEmpty(), qPrintable(junit.error));
    QCOMPARE(junit.tests, 5);
    QCOMPARE(junit.failures, 2);
    QCOMPARE(junit.failureMessages.size(), 2);
    QVERIFY2(junit.failureMessages.first().startsWith(u"adds (run 2 of 5): expected a call of add"_s), qPrintable(junit.failureMessages.join(u'\n')));
    QCOMPARE(model.requests().size(), 5);

    // At a terminal: the approval shows the prompt and that the model's calls are not sent; the run
    // that passes exits 0, its report as JSON with the pass rate.
    const CliRun asked = run(QStringList{u"--json"_s, u"run"_s, m_eval, u"--runs"_s, u"1"_s} + modelOptions, "y\n");
    VERIFY_CLI(asked.exitCode == 0, asked);
    VERIFY_CLI(asked.err.contains(u"Prompts for the model scripted-model at "_s), asked);
    VERIFY_CLI(asked.err.contains(u"What is 2 plus 3?"_s), asked);
    VERIFY_CLI(asked.err.contains(u"The tool calls the model asks for are recorded and judged, and none is sent to the server."_s), asked);
    const QJsonObject adds = asked.json().value(u"calls"_s).toArray().first().toObject();
    VERIFY_CLI(adds.value(u"passedRuns"_s).toInt() == 1 && adds.value(u"runs"_s).toInt() == 1, asked);
    const QJsonObject seen = adds.value(u"runReports"_s).toArray().first().toObject().value(u"calls"_s).toArray().first().toObject();
    VERIFY_CLI(seen.value(u"tool"_s).toString() == u"add"_s && seen.value(u"arguments"_s).toObject().value(u"a"_s).toInt() == 2, asked);
    VERIFY_CLI(!seen.contains(u"outcome"_s), asked);
}

void TestCliCollections::promptUsageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("words");
    const QString eval = m_dir.filePath(u"eval.json"_s);
    const QStringList model{u"--model-url"_s, u"http://127.0.0.1:1/v1"_s, u"--model-api"_s, u"openai"_s, u"--model"_s, u"m"_s};
    QTest::addRow("prompts without a model") << QStringList{u"--yes"_s, u"run"_s, eval} << u"this collection has prompts for a model"_s;
    QTest::addRow("sending with --yes") << QStringList{u"--yes"_s, u"run"_s, eval, u"--send-model-calls"_s} + model
                                        << u"--yes does not go with --send-model-calls"_s;
    QTest::addRow("a model for no prompts") << QStringList{u"--yes"_s, u"run"_s, m_dir.filePath(u"smoke.json"_s)} + model
                                            << u"this one has none"_s;
    QTest::addRow("runs outside run") << QStringList{u"call"_s, u"echo"_s, u"--runs"_s, u"3"_s} << u"--runs and --send-model-calls only go with run"_s;
    QTest::addRow("runs not a number") << QStringList{u"run"_s, eval, u"--runs"_s, u"many"_s} << u"--runs wants a whole number from 1 to 1000"_s;
    QTest::addRow("url without api") << QStringList{u"run"_s, eval, u"--model-url"_s, u"http://127.0.0.1:1/v1"_s, u"--model"_s, u"m"_s}
                                     << u"--model-url needs --model-api"_s;
}

void TestCliCollections::promptUsageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, words);
    const CliRun result = run(arguments);
    VERIFY_CLI(result.exitCode == 2, result);
    VERIFY_CLI(result.err.contains(words), result);
    VERIFY_CLI(!result.err.contains(u"Running 1/"_s), result);
}

QTEST_GUILESS_MAIN(TestCliCollections)
#include "tst_clicollections.moc"
