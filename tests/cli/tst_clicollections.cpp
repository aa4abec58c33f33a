// toolgate-cli run (issue 19) end to end: the built CLI runs a collection file against the project's demo
// server. The same file exits 0; after a change (--var b=4) it exits 9 with a JUnit report naming the
// failed expectation. At a terminal every call of the run is shown with its exact arguments and asked
// about once; a broken file or a missing variable stops the run before any server starts.

#include "cliprocess.h"

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

private:
    CliRun run(const QStringList &arguments, const QByteArray &input = {}) const;

    const QString m_demo = executable(u"toolgate-demo-server"_s);
    CliProcess m_cli;
    QTemporaryDir m_dir;
    QString m_collection;
};

void TestCliCollections::initTestCase()
{
    const QString missing = notBuilt({cliPath(), m_demo});
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
    QVERIFY(m_dir.isValid());
    m_collection = m_dir.filePath(u"smoke.json"_s);
    QFile file(m_collection);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(collectionText);
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

QTEST_GUILESS_MAIN(TestCliCollections)
#include "tst_clicollections.moc"
