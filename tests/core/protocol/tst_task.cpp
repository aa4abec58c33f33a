// Task (core/protocol/task.h): both eras' shapes of a server's task, read strictly where Toolgate acts on
// them and leniently elsewhere.

#include "core/common/error.h"
#include "core/protocol/task.h"
#include "core/protocol/tool.h"

#include <QJsonDocument>
#include <QTest>

using namespace Toolgate;

namespace {

QJsonObject json(const char *text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

} // namespace

class tst_Task : public QObject
{
    Q_OBJECT

private slots:
    void legacyShape();
    void extensionShape();
    void sepShape();
    void inputRequestsKeepTheirOrder();
    void failedCarriesTheError();
    void refusesWhatCannotBeFollowed_data();
    void refusesWhatCannotBeFollowed();
    void taskSupportOfTools();
    void relatedTask();
};

void tst_Task::legacyShape()
{
    const auto task = Task::parse(json(R"({"taskId":"786512e2","status":"working","statusMessage":"The operation is now in progress.",
        "createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:40:00Z","ttl":60000,"pollInterval":5000})"));
    QVERIFY2(task, task ? "" : qPrintable(task.error().message));
    QCOMPARE(task->taskId, QStringLiteral("786512e2"));
    QCOMPARE(task->status, Task::Status::Working);
    QCOMPARE(task->statusMessage, QStringLiteral("The operation is now in progress."));
    QCOMPARE(task->createdAt, QDateTime(QDate(2025, 11, 25), QTime(10, 30), Qt::UTC));
    QCOMPARE(task->ttlMs, std::optional<qint64>(60000));
    QCOMPARE(task->pollIntervalMs, std::optional<qint64>(5000));
    QVERIFY(!task->isTerminal());
    QVERIFY(!task->requestState);
    // Written back the way it came.
    QCOMPARE(Task::parse(task->toJson())->pollIntervalMs, task->pollIntervalMs);
}

void tst_Task::extensionShape()
{
    // @modelcontextprotocol/ext-tasks 0.2.2: ttlMs (nullable) and pollIntervalMs; completed carries the result.
    const auto task = Task::parse(json(R"({"resultType":"complete","taskId":"t1","status":"completed","createdAt":"2026-07-28T00:00:00Z",
        "lastUpdatedAt":"2026-07-28T00:00:05Z","ttlMs":null,"pollIntervalMs":250,"requestState":"opaque",
        "result":{"content":[{"type":"text","text":"done"}],"isError":false}})"));
    QVERIFY2(task, task ? "" : qPrintable(task.error().message));
    QVERIFY(task->isTerminal());
    QVERIFY(!task->ttlMs);
    QCOMPARE(task->pollIntervalMs, std::optional<qint64>(250));
    QCOMPARE(task->requestState, std::optional<QString>(QStringLiteral("opaque")));
    QVERIFY(task->result);
    const auto result = CallToolResult::parse(*task->result);
    QVERIFY(result);
    QCOMPARE(result->textSummary(), QStringLiteral("done"));
}

void tst_Task::sepShape()
{
    // SEP-2663's text: ttlSeconds and pollIntervalMilliseconds.
    const auto task = Task::parse(json(R"({"taskId":"t2","status":"working","createdAt":"x","lastUpdatedAt":"y","ttlSeconds":60,"pollIntervalMilliseconds":5000})"));
    QVERIFY(task);
    QCOMPARE(task->ttlMs, std::optional<qint64>(60000));
    QCOMPARE(task->pollIntervalMs, std::optional<qint64>(5000));
    QVERIFY(!task->createdAt.isValid()); // a bad timestamp reads as unknown, not as a broken task
}

void tst_Task::inputRequestsKeepTheirOrder()
{
    const QByteArray text = R"({"taskId":"t3","status":"input_required","createdAt":"2026-07-28T00:00:00Z","lastUpdatedAt":"2026-07-28T00:00:00Z","ttlMs":null,
        "inputRequests":{"zeta":{"method":"elicitation/create","params":{"message":"Which format?","requestedSchema":{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"string"}}}}},
                         "alpha":{"method":"roots/list","params":{}}}})";
    const JsonKeyOrder order = JsonKeyOrder::fromJson(text);
    const auto task = Task::parse(json(text.constData()), order);
    QVERIFY2(task, task ? "" : qPrintable(task.error().message));
    QCOMPARE(task->inputRequests.size(), 2);
    QCOMPARE(task->inputRequests.at(0).key, QStringLiteral("zeta"));
    QCOMPARE(task->inputRequests.at(1).method, QStringLiteral("roots/list"));
    QCOMPARE(task->inputRequests.at(0).paramsOrder.member(u"requestedSchema").member(u"properties").orderedKeys(
                 task->inputRequests.at(0).params.value(QStringLiteral("requestedSchema")).toObject().value(QStringLiteral("properties")).toObject()),
             (QStringList{QStringLiteral("z"), QStringLiteral("a")}));
}

void tst_Task::failedCarriesTheError()
{
    const auto task = Task::parse(json(R"({"taskId":"t4","status":"failed","createdAt":"","lastUpdatedAt":"","ttlMs":1000,
        "error":{"code":-32603,"message":"the disk is full"}})"));
    QVERIFY(task);
    QVERIFY(task->error);
    QCOMPARE(task->error->code, -32603);
    QCOMPARE(task->error->message, QStringLiteral("the disk is full"));
}

void tst_Task::refusesWhatCannotBeFollowed_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("no id") << QByteArray(R"({"status":"working"})");
    QTest::newRow("empty id") << QByteArray(R"({"taskId":"","status":"working"})");
    QTest::newRow("numeric id") << QByteArray(R"({"taskId":7,"status":"working"})");
    QTest::newRow("unknown status") << QByteArray(R"({"taskId":"a","status":"sleeping"})");
    QTest::newRow("status not a string") << QByteArray(R"({"taskId":"a","status":1})");
    QTest::newRow("requestState not a string") << QByteArray(R"({"taskId":"a","status":"working","requestState":{}})");
    QTest::newRow("result not an object") << QByteArray(R"({"taskId":"a","status":"completed","result":"done"})");
    QTest::newRow("unknown input method") << QByteArray(R"({"taskId":"a","status":"input_required","inputRequests":{"k":{"method":"tools/call"}}})");
    QTest::newRow("huge id") << (QByteArray(R"({"taskId":")") + QByteArray(5000, 'x') + QByteArray(R"(","status":"working"})"));
}

void tst_Task::refusesWhatCannotBeFollowed()
{
    QFETCH(QByteArray, text);
    const auto task = Task::parse(json(text.constData()));
    QVERIFY(!task);
    QCOMPARE(task.error().code, int(ErrorCode::ProtocolError));
    QVERIFY(task.error().message.startsWith(QStringLiteral("the server described a task")) || task.error().message.contains(QStringLiteral("input")));
}

void tst_Task::taskSupportOfTools()
{
    QCOMPARE(taskSupportOf(json(R"({"taskSupport":"required"})")), TaskSupport::Required);
    QCOMPARE(taskSupportOf(json(R"({"taskSupport":"optional"})")), TaskSupport::Optional);
    QCOMPARE(taskSupportOf(json(R"({"taskSupport":"forbidden"})")), TaskSupport::Forbidden);
    QCOMPARE(taskSupportOf(json(R"({"taskSupport":"sometimes"})")), TaskSupport::Forbidden);
    QCOMPARE(taskSupportOf({}), TaskSupport::Forbidden);
}

void tst_Task::relatedTask()
{
    QCOMPARE(relatedTaskId(json(R"({"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"abc"}}})")), std::optional<QString>(QStringLiteral("abc")));
    QCOMPARE(relatedTaskId(json(R"({"message":"hi"})")), std::nullopt);
}

QTEST_APPLESS_MAIN(tst_Task)
#include "tst_task.moc"
