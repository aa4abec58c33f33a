// The acceptance test of issue #15 for the server side: the TypeScript SDK v2 client
// (@modelcontextprotocol/client 2.4.0, tests/npm) connects to toolgate-demo-server over stdio, lists
// its tools and calls echo and confirm_action (answering the form), through tests/npm/peers/sdk-client.mjs.
// One ctest entry per negotiation mode: sdk-v2-client/auto, sdk-v2-client/2026-07-28 (pinned: no
// fallback) and sdk-v2-client/legacy (the initialize era, with a real elicitation/create request).
// sdk-v2-client/tasks: the pinned MCP Tasks client (@modelcontextprotocol/ext-tasks) runs the demo's
// task tools (tests/npm/peers/tasks-client.mjs): to the end, to a failure, and cancelled.

#include "npmpeers.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate::TestSupport;

class tst_SdkV2Client : public QObject
{
    Q_OBJECT

private slots:
    void listsAndCalls_data();
    void listsAndCalls();
    void tasksClient();

private:
    // Runs a peer script against toolgate-demo-server; its JSON summary line (empty on failure, with why).
    QJsonObject runPeer(const QString &script, const QStringList &arguments, QString *diagnostics);
};

QJsonObject tst_SdkV2Client::runPeer(const QString &script, const QStringList &arguments, QString *diagnostics)
{
    const QString demo = QDir(binDir()).filePath(u"toolgate-demo-server"_s);
    if (!QFileInfo::exists(demo)) {
        *diagnostics = u"build toolgate-demo-server first: "_s + demo;
        return {};
    }
    QProcess node;
    node.setWorkingDirectory(npmDir());
    node.start(nodeBinary(), QStringList{npmDir() + u"/peers/"_s + script} + arguments + QStringList{u"--"_s, demo});
    if (!node.waitForStarted(10000)) {
        *diagnostics = node.errorString();
        return {};
    }
    if (!node.waitForFinished(90000)) {
        node.kill();
        node.waitForFinished();
        *diagnostics = script + u" did not finish within 90 s"_s;
        return {};
    }
    const QByteArray out = node.readAllStandardOutput();
    *diagnostics = QString::fromUtf8(out + node.readAllStandardError());
    const QJsonObject summary = QJsonDocument::fromJson(out.trimmed().split('\n').last()).object();
    if (node.exitStatus() != QProcess::NormalExit || node.exitCode() != 0 || !summary.value(u"ok").toBool())
        return {};
    return summary;
}

void tst_SdkV2Client::tasksClient()
{
    if (const QString missing = missingNpmPeers(); !missing.isEmpty())
        QFAIL(qPrintable(missing));
    QString diagnostics;
    const QJsonObject summary = runPeer(u"tasks-client.mjs"_s, {}, &diagnostics);
    QVERIFY2(!summary.isEmpty(), qPrintable(u"the Tasks client failed:\n"_s + diagnostics));
    QCOMPARE(summary.value(u"protocolVersion").toString(), u"2025-11-25"_s);
    QCOMPARE(summary.value(u"researchKind").toString(), u"task"_s);
    QCOMPARE(summary.value(u"researchStatus").toString(), u"completed"_s);
    QVERIFY2(summary.value(u"research").toString().contains(u"Research report on \"otters\""), qPrintable(diagnostics));
    QCOMPARE(summary.value(u"reportKind").toString(), u"task"_s);
    QCOMPARE(summary.value(u"reportStatus").toString(), u"completed"_s);
    QCOMPARE(summary.value(u"failingStatus").toString(), u"failed"_s);
    QCOMPARE(summary.value(u"cancelledStatus").toString(), u"cancelled"_s);
}

void tst_SdkV2Client::listsAndCalls_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("era");
    QTest::addColumn<QString>("version");
    // auto probes with server/discover and must find the modern era the demo now serves.
    QTest::newRow("auto") << u"auto"_s << u"modern"_s << u"2026-07-28"_s;
    QTest::newRow("2026-07-28") << u"2026-07-28"_s << u"modern"_s << u"2026-07-28"_s;
    QTest::newRow("legacy") << u"legacy"_s << u"legacy"_s << u"2025-11-25"_s;
}

void tst_SdkV2Client::listsAndCalls()
{
    QFETCH(QString, mode);
    QFETCH(QString, era);
    QFETCH(QString, version);
    if (const QString missing = missingNpmPeers(); !missing.isEmpty())
        QFAIL(qPrintable(missing));
    const QString script = npmDir() + u"/peers/sdk-client.mjs"_s;
    const QString demo = QDir(binDir()).filePath(u"toolgate-demo-server"_s);
    QVERIFY2(QFileInfo::exists(demo), qPrintable(u"build toolgate-demo-server first: "_s + demo));

    QProcess node;
    node.setWorkingDirectory(npmDir());
    node.start(nodeBinary(), {script, u"--mode"_s, mode, u"--"_s, demo});
    QVERIFY2(node.waitForStarted(10000), qPrintable(node.errorString()));
    if (!node.waitForFinished(90000)) {
        node.kill();
        node.waitForFinished();
        QFAIL("the SDK client did not finish within 90 s");
    }
    const QByteArray out = node.readAllStandardOutput();
    const QString diagnostics = QString::fromUtf8(out + node.readAllStandardError());
    const QJsonObject summary = QJsonDocument::fromJson(out.trimmed().split('\n').last()).object();
    QVERIFY2(!summary.isEmpty(), qPrintable(u"no JSON summary from the SDK client:\n"_s + diagnostics));
    QVERIFY2(node.exitStatus() == QProcess::NormalExit && node.exitCode() == 0 && summary.value(u"ok").toBool(),
             qPrintable(u"the SDK client failed:\n"_s + diagnostics));

    // What was negotiated, from the client's own side.
    QCOMPARE(summary.value(u"era").toString(), era);
    QCOMPARE(summary.value(u"protocolVersion").toString(), version);
    QCOMPARE(summary.value(u"server").toString(), u"toolgate-demo-server"_s);
    const QJsonArray tools = summary.value(u"tools").toArray();
    QVERIFY(tools.contains(u"echo"_s) && tools.contains(u"confirm_action"_s));
    QCOMPARE(summary.value(u"echo").toString(), u"hello from the SDK"_s);
    QVERIFY2(summary.value(u"confirm").toString().startsWith(u"accepted: confirm = true"),
             qPrintable(summary.value(u"confirm").toString()));
    QCOMPARE(summary.value(u"elicitations").toArray(), QJsonArray{u"Really tidy the demo?"_s});
}

QTEST_GUILESS_MAIN(tst_SdkV2Client)
#include "tst_sdkv2client.moc"
