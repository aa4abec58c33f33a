// McpServer running tools as tasks, in both eras: 2025-11-25's experimental tasks (task param,
// tasks/get, tasks/result, tasks/list, tasks/cancel, notifications/tasks/status) and 2026-07-28's
// extension io.modelcontextprotocol/tasks (resultType "task", tasks/get with the detailed task,
// tasks/update, tasks/cancel). In process (loopback) with tools written for the test, so every
// timing is in the test's hands; end to end against toolgate-demo-server's task tools.

#include "rawmcppeer.h"
#include "core/common/error.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/protocolversion.h"
#include "core/protocol/requestenvelope.h"
#include "core/protocol/task.h"
#include "core/server/mcpserver.h"
#include "core/transport/stdiotransport.h"
#include "../../support/loopbacktransport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QRegularExpression>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

constexpr int answerTimeoutMs = TestSupport::rawAnswerTimeoutMs;
const Implementation testClient{u"tasks-test"_s, {}, u"1.0"_s};

QString demoServerPath()
{
    return TestSupport::executable(u"toolgate-demo-server"_s);
}

QJsonObject formCapabilities() { return QJsonObject{{u"elicitation"_s, QJsonObject{{u"form"_s, QJsonObject()}}}}; }

QJsonObject withTasksExtension(QJsonObject capabilities = formCapabilities())
{
    capabilities.insert(u"extensions", QJsonObject{{tasksExtensionName, QJsonObject()}});
    return capabilities;
}

// params with the 2026-07-28 envelope in _meta.
QJsonObject enveloped(QJsonObject params = {}, const QJsonObject &capabilities = withTasksExtension())
{
    return TestSupport::withEnvelope(std::move(params), QString(ProtocolVersion::modern), testClient, capabilities);
}

QJsonObject call(const QString &tool, const QJsonObject &arguments = {}) { return {{u"name"_s, tool}, {u"arguments"_s, arguments}}; }

QJsonObject taskCall(const QString &tool, const QJsonObject &arguments = {}, const QJsonObject &task = QJsonObject{{u"ttl"_s, 60000}})
{
    QJsonObject params = call(tool, arguments);
    params.insert(u"task", task);
    return params;
}

bool isTimestamp(const QJsonValue &value)
{
    return value.isString() && QDateTime::fromString(value.toString(), Qt::ISODateWithMs).isValid();
}

// The raw client, with the 2025-11-25 opening and the polling of a task that these tests need.
struct TasksPeer : RawPeer
{
    using RawPeer::RawPeer;

    bool initializeLegacy(const QJsonObject &capabilities = formCapabilities())
    {
        const auto answer = request(u"initialize"_s, {{u"protocolVersion"_s, u"2025-11-25"_s},
                                                       {u"capabilities"_s, capabilities},
                                                       {u"clientInfo"_s, testClient.toJson()}});
        if (!answer)
            return false;
        peer->sendNotification(u"notifications/initialized"_s);
        lastInitialize = answer->toObject();
        return true;
    }
    QJsonObject lastInitialize;

    /// tools/call of tool as a 2025-11-25 task: the id of the task it made; empty when the call failed,
    /// and lastFailure says why.
    QString startTask(const QString &tool, const QJsonObject &arguments = {})
    {
        const auto created = request(u"tools/call"_s, taskCall(tool, arguments));
        lastFailure = created ? QByteArray() : why(created);
        return created ? created->toObject().value(u"task").toObject().value(u"taskId").toString() : QString();
    }
    QByteArray lastFailure;

    /// The taskSupport of each tool tools/list names ("" where it says none); empty when the list
    /// failed, and lastFailure says why.
    QMap<QString, QString> taskSupport()
    {
        const auto listed = request(u"tools/list"_s);
        lastFailure = listed ? QByteArray() : why(listed);
        QMap<QString, QString> support;
        for (const QJsonValue &tool : listed ? listed->toObject().value(u"tools").toArray() : QJsonArray())
            support.insert(tool.toObject().value(u"name").toString(),
                           tool.toObject().value(u"execution").toObject().value(u"taskSupport").toString());
        return support;
    }

    // Polls tasks/get until the task's status is one of wanted; the last tasks/get result.
    QJsonObject pollUntil(const QString &taskId, const QStringList &wanted, bool modern)
    {
        QJsonObject last;
        // The caller checks the status it got; the last answer says where it stopped.
        (void)QTest::qWaitFor([&] {
            const auto got = request(u"tasks/get"_s, modern ? enveloped({{u"taskId"_s, taskId}}) : QJsonObject{{u"taskId"_s, taskId}});
            if (!got)
                return false;
            last = got->toObject();
            return wanted.contains(last.value(u"status").toString());
        }, answerTimeoutMs);
        return last;
    }
};

// What the test tools saw: cancellations and work that went on after one.
struct Observed
{
    int cancelled = 0;
    int finishedWork = 0;
    QString lastAnswer;
    // The scope of the last "work" call: its timers go with it (the server deletes it once the call ends).
    QPointer<QObject> workScope;
    // Set by "held": finishes that call (work done, answered "done") when the test says so.
    std::function<void()> release;
};

// A server with task tools whose timing the test sets through their arguments ("ms").
struct TaskServer
{
    std::unique_ptr<Transport> clientEnd;
    std::unique_ptr<Transport> serverEnd;
    std::unique_ptr<McpServer> server;
    std::unique_ptr<TasksPeer> client;
    std::shared_ptr<Observed> observed = std::make_shared<Observed>();

    TaskServer()
    {
        auto [c, s] = LoopbackTransport::createPair();
        clientEnd = std::move(c);
        serverEnd = std::move(s);
        server = std::make_unique<McpServer>(serverEnd.get(), Implementation{u"task-server"_s, {}, u"1.0"_s});
        const auto seen = observed;

        // Works for "ms" milliseconds in two steps, with status messages; stops when cancelled.
        const auto work = [seen](const ToolCallContext &call) {
            const int ms = call.arguments().value(u"ms").toInt(50);
            call.onCancelled([seen] { ++seen->cancelled; });
            seen->workScope = call.scope();
            call.setStatusMessage(u"halfway there soon"_s);
            QTimer::singleShot(ms / 2, call.scope(), [call, ms, seen] {
                call.setStatusMessage(u"halfway"_s);
                call.reportProgress(1, 2, u"halfway"_s);
                QTimer::singleShot(ms / 2, call.scope(), [call, seen] {
                    ++seen->finishedWork;
                    CallToolResult result;
                    result.content.append(Content::makeText(u"done"_s));
                    call.respond(result);
                });
            });
        };
        addTool(u"work"_s, u"optional"_s, work);
        addTool(u"must_task"_s, u"required"_s, work);
        // Works until the test releases it.
        addTool(u"held"_s, u"required"_s, [seen](const ToolCallContext &call) {
            seen->release = [call, observed = seen.get()] { // not seen itself: it holds this
                ++observed->finishedWork;
                CallToolResult result;
                result.content.append(Content::makeText(u"done"_s));
                call.respond(result);
            };
        });
        addTool(u"plain"_s, {}, [](const ToolCallContext &call) {
            CallToolResult result;
            result.content.append(Content::makeText(call.isTask() ? u"task"_s : u"plain"_s));
            call.respond(result);
        });
        addTool(u"broken"_s, u"optional"_s, [](const ToolCallContext &call) {
            QTimer::singleShot(20, call.scope(), [call] { call.fail(makeError(ErrorCode::InternalError, u"the disk is full"_s)); });
        });
        addTool(u"tool_error"_s, u"optional"_s, [](const ToolCallContext &call) {
            QTimer::singleShot(20, call.scope(), [call] {
                CallToolResult result;
                result.content.append(Content::makeText(u"no such city"_s));
                result.isError = true;
                call.respond(result);
            });
        });
        addTool(u"ask"_s, u"required"_s, [seen](const ToolCallContext &call) {
            QTimer::singleShot(20, call.scope(), [call, seen] {
                const QJsonObject question{{u"mode"_s, u"form"_s},
                                           {u"message"_s, u"Which format?"_s},
                                           {u"requestedSchema"_s, QJsonObject{{u"type"_s, u"object"_s},
                                                                              {u"properties"_s, QJsonObject{{u"format"_s, QJsonObject{{u"type"_s, u"string"_s}}}}}}}};
                call.askClient(u"elicitation/create"_s, question, [call, seen](const Result<QJsonObject> &answer) {
                    CallToolResult result;
                    seen->lastAnswer = answer ? answer->value(u"content").toObject().value(u"format").toString() : answer.error().message;
                    result.content.append(Content::makeText(u"format: "_s + seen->lastAnswer));
                    result.isError = !answer;
                    call.respond(result);
                });
            });
        });

        client = std::make_unique<TasksPeer>(clientEnd.get());
        server->start();
        clientEnd->start();
    }

    void addTool(const QString &name, const QString &taskSupport, McpServer::ToolHandler handler)
    {
        QJsonObject json{{u"name"_s, name}, {u"inputSchema"_s, QJsonObject{{u"type"_s, u"object"_s}}}};
        if (!taskSupport.isEmpty())
            json.insert(u"execution", QJsonObject{{u"taskSupport"_s, taskSupport}});
        QVERIFY(server->addTool(Tool::fromJson(json), std::move(handler)));
    }
};

using TasksDemo = DemoProcess<TasksPeer>;

} // namespace

class tst_McpServerTasks : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    // 2025-11-25, in process
    void legacyCapabilitiesAndToolList();
    void legacyTaskRunsToCompletion();
    void legacyTasksResultWaitsForTheEnd();
    void legacyOptionalToolWithoutTaskRunsNormally();
    void legacyTaskParamIsCheckedAgainstTheTool();
    void legacyListPaginates();
    void legacyCancelStopsTheWork();
    void legacyFailedTasks();
    void legacyInputRequiredGoesThroughTasksResult();
    void unknownTasksAreInvalidParams();
    void tasksAreBoundedAndExpire();
    void noTaskToolsNoTasks();

    // 2026-07-28 with the extension, in process
    void modernDiscoverDeclaresTheExtension();
    void modernTaskRunsToCompletion();
    void modernWithoutTheExtension();
    void modernInputRequiredAndUpdate();
    void modernCancelAndFailures();

    // end to end, toolgate-demo-server over stdio
    void demoListsItsTaskTools();
    void demoResearchInBothEras();
    void demoLongReportIsCancelled();
    void demoFailingJobFails();
    void demoChooseFormatAsksInBothEras();
};

void tst_McpServerTasks::initTestCase()
{
    QVERIFY2(QFileInfo::exists(demoServerPath()), qPrintable(u"build toolgate-demo-server first: "_s + demoServerPath()));
}

void tst_McpServerTasks::legacyCapabilitiesAndToolList()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    QVERIFY(client.initializeLegacy());
    const QJsonObject tasks = client.lastInitialize.value(u"capabilities").toObject().value(u"tasks").toObject();
    QCOMPARE(tasks, (QJsonObject{{u"list"_s, QJsonObject()},
                                 {u"cancel"_s, QJsonObject()},
                                 {u"requests"_s, QJsonObject{{u"tools"_s, QJsonObject{{u"call"_s, QJsonObject()}}}}}}));
    QVERIFY(!client.lastInitialize.value(u"capabilities").toObject().contains(u"extensions"));

    const QMap<QString, QString> support = client.taskSupport();
    QVERIFY2(!support.isEmpty(), client.lastFailure.constData());
    QCOMPARE(support.value(u"work"_s), u"optional"_s);
    QCOMPARE(support.value(u"must_task"_s), u"required"_s);
    QCOMPARE(support.value(u"plain"_s), QString());
}

void tst_McpServerTasks::legacyTaskRunsToCompletion()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    QVERIFY(client.initializeLegacy());
    QJsonObject params = taskCall(u"work"_s, {{u"ms"_s, 200}});
    params.insert(u"_meta", QJsonObject{{u"progressToken"_s, u"p1"_s}});
    const auto created = client.request(u"tools/call"_s, params);
    QVERIFY2(created.ok(), why(created).constData());
    QVERIFY(!created->toObject().contains(u"content"));
    const QJsonObject task = created->toObject().value(u"task").toObject();
    const QString taskId = task.value(u"taskId").toString();
    QVERIFY2(QRegularExpression(u"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"_s).match(taskId).hasMatch(),
             qPrintable(taskId));
    QCOMPARE(task.value(u"status").toString(), u"working"_s);
    QVERIFY(isTimestamp(task.value(u"createdAt")));
    QVERIFY(isTimestamp(task.value(u"lastUpdatedAt")));
    QCOMPARE(task.value(u"ttl").toInteger(), 60000);
    QVERIFY(task.value(u"pollInterval").toInteger() > 0);
    QCOMPARE(fixture.server->taskCount(), 1);

    const auto working = client.request(u"tasks/get"_s, {{u"taskId"_s, taskId}});
    QVERIFY2(working.ok(), why(working).constData());
    QCOMPARE(working->toObject().value(u"status").toString(), u"working"_s);
    QCOMPARE(working->toObject().value(u"statusMessage").toString(), u"halfway there soon"_s);

    const QJsonObject done = client.pollUntil(taskId, {u"completed"_s}, false);
    QCOMPARE(done.value(u"status").toString(), u"completed"_s);
    QVERIFY(!done.contains(u"result")); // 2025-11-25 fetches the result with tasks/result

    const auto result = client.request(u"tasks/result"_s, {{u"taskId"_s, taskId}});
    QVERIFY2(result.ok(), why(result).constData());
    QCOMPARE(firstText(result->toObject()), u"done"_s);
    QCOMPARE(result->toObject().value(u"_meta").toObject().value(relatedTaskMetaKey).toObject().value(u"taskId").toString(), taskId);

    // The status went out as notifications (without related-task meta), and progress with the call's token.
    QStringList statuses;
    for (const JsonRpcMessage &message : client.notificationsOf(u"notifications/tasks/status"_s)) {
        QCOMPARE(message.params().value(u"taskId").toString(), taskId);
        QVERIFY(!message.params().contains(u"_meta"));
        statuses.append(message.params().value(u"status").toString() + u':' + message.params().value(u"statusMessage").toString());
    }
    QVERIFY2(statuses.contains(u"working:halfway"_s) && statuses.last() == u"completed:", qPrintable(statuses.join(u", ")));
    const auto progress = client.notificationsOf(u"notifications/progress"_s);
    QCOMPARE(progress.size(), 1);
    QCOMPARE(progress.first().params().value(u"progressToken").toString(), u"p1"_s);
}

void tst_McpServerTasks::legacyTasksResultWaitsForTheEnd()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    QVERIFY(client.initializeLegacy());
    const QString taskId = client.startTask(u"held"_s);
    QVERIFY2(!taskId.isEmpty(), client.lastFailure.constData());

    auto answer = std::make_shared<std::optional<Result<QJsonValue>>>();
    client.send(u"tasks/result"_s, {{u"taskId"_s, taskId}}, answer);
    // The server answers in order: once a ping sent after tasks/result is answered, an answer to
    // tasks/result given at once would be here too.
    QVERIFY(client.request(u"ping"_s).ok());
    QVERIFY2(!answer->has_value(), "tasks/result answered before the task ended");
    QCOMPARE(fixture.observed->finishedWork, 0);
    QVERIFY(fixture.observed->release);
    fixture.observed->release();
    QVERIFY(QTest::qWaitFor([&] { return answer->has_value(); }, answerTimeoutMs));
    QVERIFY2((*answer)->ok(), why(**answer).constData());
    QCOMPARE(fixture.observed->finishedWork, 1);
    QCOMPARE(firstText((*answer)->value().toObject()), u"done"_s);
}

void tst_McpServerTasks::legacyOptionalToolWithoutTaskRunsNormally()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    QVERIFY(client.initializeLegacy());
    const auto direct = client.request(u"tools/call"_s, call(u"work"_s, {{u"ms"_s, 20}}));
    QVERIFY2(direct.ok(), why(direct).constData());
    QCOMPARE(firstText(direct->toObject()), u"done"_s);
    QVERIFY(!direct->toObject().contains(u"task"));
    QCOMPARE(fixture.server->taskCount(), 0);
}

void tst_McpServerTasks::legacyTaskParamIsCheckedAgainstTheTool()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    QVERIFY(client.initializeLegacy());
    // required, called without a task: -32601, as the spec says.
    const auto required = client.request(u"tools/call"_s, call(u"must_task"_s));
    QVERIFY(!required.ok());
    QCOMPARE(required.error().code, int(ErrorCode::MethodNotFound));
    QVERIFY2(required.error().message.contains(u"only as a task"), qPrintable(required.error().message));
    // forbidden (no execution), called with a task: -32601 as well.
    const auto forbidden = client.request(u"tools/call"_s, taskCall(u"plain"_s));
    QVERIFY(!forbidden.ok());
    QCOMPARE(forbidden.error().code, int(ErrorCode::MethodNotFound));
    // and a task param that is not an object is a malformed request.
    QJsonObject bad = call(u"work"_s);
    bad.insert(u"task", 5);
    const auto malformed = client.request(u"tools/call"_s, bad);
    QVERIFY(!malformed.ok());
    QCOMPARE(malformed.error().code, int(ErrorCode::InvalidParams));
    QCOMPARE(fixture.server->taskCount(), 0);
    // The forbidden tool still works without one.
    const auto plain = client.request(u"tools/call"_s, call(u"plain"_s));
    QVERIFY2(plain.ok(), why(plain).constData());
    QCOMPARE(firstText(plain->toObject()), u"plain"_s);
}

void tst_McpServerTasks::legacyListPaginates()
{
    TaskServer fixture;
    fixture.server->setPageSize(2);
    TasksPeer &client = *fixture.client;
    QVERIFY(client.initializeLegacy());
    QStringList created;
    for (int i = 0; i < 5; ++i) {
        const auto answer = client.request(u"tools/call"_s, taskCall(u"work"_s, {{u"ms"_s, 10000}}));
        QVERIFY2(answer.ok(), why(answer).constData());
        created.append(answer->toObject().value(u"task").toObject().value(u"taskId").toString());
    }
    QStringList listed;
    QList<int> pageSizes;
    QJsonObject params;
    for (int page = 0; page < 10; ++page) {
        const auto answer = client.request(u"tasks/list"_s, params);
        QVERIFY2(answer.ok(), why(answer).constData());
        const QJsonArray tasks = answer->toObject().value(u"tasks").toArray();
        pageSizes.append(int(tasks.size()));
        for (const QJsonValue &task : tasks) {
            QCOMPARE(task.toObject().value(u"status").toString(), u"working"_s);
            listed.append(task.toObject().value(u"taskId").toString());
        }
        if (!answer->toObject().contains(u"nextCursor"))
            break;
        params = {{u"cursor"_s, answer->toObject().value(u"nextCursor")}};
    }
    QCOMPARE(listed, created);
    QCOMPARE(pageSizes, (QList<int>{2, 2, 1}));
    const auto badCursor = client.request(u"tasks/list"_s, {{u"cursor"_s, u"not-a-cursor"_s}});
    QVERIFY(!badCursor.ok());
    QCOMPARE(badCursor.error().code, int(ErrorCode::InvalidParams));
}

void tst_McpServerTasks::legacyCancelStopsTheWork()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    QVERIFY(client.initializeLegacy());
    const QString taskId = client.startTask(u"work"_s, {{u"ms"_s, 400}});
    QVERIFY2(!taskId.isEmpty(), client.lastFailure.constData());
    auto waiting = std::make_shared<std::optional<Result<QJsonValue>>>();
    client.send(u"tasks/result"_s, {{u"taskId"_s, taskId}}, waiting);

    const auto cancelled = client.request(u"tasks/cancel"_s, {{u"taskId"_s, taskId}});
    QVERIFY2(cancelled.ok(), why(cancelled).constData());
    QCOMPARE(cancelled->toObject().value(u"taskId").toString(), taskId);
    QCOMPARE(cancelled->toObject().value(u"status").toString(), u"cancelled"_s);
    QCOMPARE(fixture.observed->cancelled, 1);

    // The work stopped: its scope is deleted, and the timer that would finish it with it.
    QTRY_VERIFY(!fixture.observed->workScope);
    QCOMPARE(fixture.observed->finishedWork, 0);
    const auto got = client.request(u"tasks/get"_s, {{u"taskId"_s, taskId}});
    QVERIFY2(got.ok(), why(got).constData());
    QCOMPARE(got->toObject().value(u"status").toString(), u"cancelled"_s);
    // Whoever waited in tasks/result hears that there is no result.
    QVERIFY(waiting->has_value());
    QVERIFY(!(*waiting)->ok());
    QVERIFY2((*waiting)->error().message.contains(u"cancelled"), qPrintable((*waiting)->error().message));
    QCOMPARE(client.notificationsOf(u"notifications/tasks/status"_s).last().params().value(u"status").toString(), u"cancelled"_s);

    // A task that ended cannot be cancelled again: -32602.
    const auto again = client.request(u"tasks/cancel"_s, {{u"taskId"_s, taskId}});
    QVERIFY(!again.ok());
    QCOMPARE(again.error().code, int(ErrorCode::InvalidParams));
}

void tst_McpServerTasks::legacyFailedTasks()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    QVERIFY(client.initializeLegacy());
    // A JSON-RPC error: the task fails, and tasks/result answers with that error.
    const QString brokenId = client.startTask(u"broken"_s);
    QVERIFY2(!brokenId.isEmpty(), client.lastFailure.constData());
    const QJsonObject failed = client.pollUntil(brokenId, {u"failed"_s, u"completed"_s}, false);
    QCOMPARE(failed.value(u"status").toString(), u"failed"_s);
    QVERIFY(failed.value(u"statusMessage").toString().contains(u"disk is full"));
    const auto error = client.request(u"tasks/result"_s, {{u"taskId"_s, brokenId}});
    QVERIFY(!error.ok());
    QCOMPARE(error.error().code, int(ErrorCode::InternalError));
    QCOMPARE(error.error().message, u"the disk is full"_s);

    // A tool error (isError) counts as failed in 2025-11-25; tasks/result gives the tool's result.
    const QString toolErrorId = client.startTask(u"tool_error"_s);
    QVERIFY2(!toolErrorId.isEmpty(), client.lastFailure.constData());
    QCOMPARE(client.pollUntil(toolErrorId, {u"failed"_s, u"completed"_s}, false).value(u"status").toString(), u"failed"_s);
    const auto result = client.request(u"tasks/result"_s, {{u"taskId"_s, toolErrorId}});
    QVERIFY2(result.ok(), why(result).constData());
    QVERIFY(result->toObject().value(u"isError").toBool());
    QCOMPARE(firstText(result->toObject()), u"no such city"_s);
}

void tst_McpServerTasks::legacyInputRequiredGoesThroughTasksResult()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    client.elicitationAnswer = [](const JsonRpcMessage &) {
        return QJsonObject{{u"action"_s, u"accept"_s}, {u"content"_s, QJsonObject{{u"format"_s, u"table"_s}}}};
    };
    QVERIFY(client.initializeLegacy());
    const QString taskId = client.startTask(u"ask"_s);
    QVERIFY2(!taskId.isEmpty(), client.lastFailure.constData());

    // The question waits until the client listens in tasks/result; meanwhile the task says input_required.
    const QJsonObject waiting = client.pollUntil(taskId, {u"input_required"_s}, false);
    QCOMPARE(waiting.value(u"status").toString(), u"input_required"_s);
    QVERIFY(client.request(u"ping"_s).ok()); // what the server sent before its answer has arrived
    QVERIFY(client.serverRequests.isEmpty());

    const auto result = client.request(u"tasks/result"_s, {{u"taskId"_s, taskId}});
    QVERIFY2(result.ok(), why(result).constData());
    QCOMPARE(firstText(result->toObject()), u"format: table"_s);
    QCOMPARE(client.serverRequests.size(), 1);
    const QJsonObject asked = client.serverRequests.first().params();
    QCOMPARE(asked.value(u"message").toString(), u"Which format?"_s);
    QCOMPARE(asked.value(u"_meta").toObject().value(relatedTaskMetaKey).toObject().value(u"taskId").toString(), taskId);

    QStringList statuses;
    for (const JsonRpcMessage &message : client.notificationsOf(u"notifications/tasks/status"_s))
        statuses.append(message.params().value(u"status").toString());
    QVERIFY2(statuses.join(u',').contains(u"input_required,working,completed"), qPrintable(statuses.join(u',')));

    // A client without the elicitation capability: the tool hears so, and the task still ends.
    TaskServer noForms;
    QVERIFY(noForms.client->initializeLegacy(QJsonObject()));
    const QString refusedId = noForms.client->startTask(u"ask"_s);
    QVERIFY2(!refusedId.isEmpty(), noForms.client->lastFailure.constData());
    QCOMPARE(noForms.client->pollUntil(refusedId, {u"failed"_s, u"completed"_s}, false).value(u"status").toString(), u"failed"_s);
    QVERIFY2(noForms.observed->lastAnswer.contains(u"elicitation/create"), qPrintable(noForms.observed->lastAnswer));
}

void tst_McpServerTasks::unknownTasksAreInvalidParams()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    QVERIFY(client.initializeLegacy());
    for (const QString &method : {u"tasks/get"_s, u"tasks/result"_s, u"tasks/cancel"_s}) {
        const auto answer = client.request(method, {{u"taskId"_s, u"00000000-0000-4000-8000-000000000000"_s}});
        QVERIFY2(!answer.ok(), qPrintable(method));
        QCOMPARE(answer.error().code, int(ErrorCode::InvalidParams));
        const auto noId = client.request(method, {});
        QVERIFY2(!noId.ok(), qPrintable(method));
        QCOMPARE(noId.error().code, int(ErrorCode::InvalidParams));
    }
}

void tst_McpServerTasks::tasksAreBoundedAndExpire()
{
    TaskServer fixture;
    McpServer::TaskLimits limits;
    limits.maxTasks = 2;
    limits.defaultTtlMs = 1000;
    fixture.server->setTaskLimits(limits);
    TasksPeer &client = *fixture.client;
    QVERIFY(client.initializeLegacy());
    const auto first = client.request(u"tools/call"_s, taskCall(u"work"_s, {{u"ms"_s, 10000}}, QJsonObject()));
    const auto second = client.request(u"tools/call"_s, taskCall(u"work"_s, {{u"ms"_s, 10000}}, {{u"ttl"_s, 60000}}));
    QVERIFY2(first.ok() && second.ok(), why(first.ok() ? second : first).constData());
    QCOMPARE(first->toObject().value(u"task").toObject().value(u"ttl").toInteger(), 1000);
    QCOMPARE(second->toObject().value(u"task").toObject().value(u"ttl").toInteger(), 60000);
    const QString secondId = second->toObject().value(u"task").toObject().value(u"taskId").toString();

    // Two running tasks are all the server keeps: a third is refused, in words.
    const auto third = client.request(u"tools/call"_s, taskCall(u"work"_s, {{u"ms"_s, 10000}}));
    QVERIFY(!third.ok());
    QCOMPARE(third.error().code, int(ErrorCode::InternalError));
    QVERIFY2(third.error().message.contains(u"2 tasks"), qPrintable(third.error().message));

    // The first one's ttl passes: it is gone, and its work was stopped.
    const QJsonObject firstTask{{u"taskId"_s, first->toObject().value(u"task").toObject().value(u"taskId")}};
    std::optional<Result<QJsonValue>> expired;
    QVERIFY(QTest::qWaitFor([&] {
        expired = client.request(u"tasks/get"_s, firstTask);
        return !expired->ok();
    }, answerTimeoutMs));
    QCOMPARE(expired->error().code, int(ErrorCode::InvalidParams));
    QCOMPARE(fixture.observed->cancelled, 1);
    QCOMPARE(fixture.server->taskCount(), 1);

    // A finished task makes room for a new one.
    QVERIFY(client.request(u"tasks/cancel"_s, {{u"taskId"_s, secondId}}).ok());
    const auto fourth = client.request(u"tools/call"_s, taskCall(u"work"_s, {{u"ms"_s, 10000}}));
    QVERIFY2(fourth.ok(), why(fourth).constData());
    const auto fifth = client.request(u"tools/call"_s, taskCall(u"work"_s, {{u"ms"_s, 10000}}));
    QVERIFY2(fifth.ok(), why(fifth).constData());
    QCOMPARE(fixture.server->taskCount(), 2);
    QVERIFY(!client.request(u"tasks/get"_s, {{u"taskId"_s, secondId}}).ok()); // the cancelled one made room
}

void tst_McpServerTasks::noTaskToolsNoTasks()
{
    auto [clientEnd, serverEnd] = LoopbackTransport::createPair();
    McpServer server(serverEnd.get(), {u"plain-server"_s, {}, u"1.0"_s});
    QVERIFY(server.addTool(Tool::fromJson(QJsonObject{{u"name"_s, u"plain"_s}, {u"inputSchema"_s, QJsonObject{{u"type"_s, u"object"_s}}}}),
                           [](const ToolCallContext &call) {
                               CallToolResult result;
                               result.content.append(Content::makeText(call.isTask() ? u"task"_s : u"plain"_s));
                               call.respond(result);
                           }));
    TasksPeer client(clientEnd.get());
    server.start();
    clientEnd->start();
    QVERIFY(client.initializeLegacy());
    QVERIFY(!client.lastInitialize.value(u"capabilities").toObject().contains(u"tasks"));
    // A server that offers no tasks ignores the task param, as the spec asks.
    const auto answer = client.request(u"tools/call"_s, taskCall(u"plain"_s));
    QVERIFY2(answer.ok(), why(answer).constData());
    QCOMPARE(firstText(answer->toObject()), u"plain"_s);
    const auto list = client.request(u"tasks/list"_s);
    QVERIFY(!list.ok());
    QCOMPARE(list.error().code, int(ErrorCode::MethodNotFound));
}

void tst_McpServerTasks::modernDiscoverDeclaresTheExtension()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    const auto discovered = client.request(u"server/discover"_s, enveloped());
    QVERIFY2(discovered.ok(), why(discovered).constData());
    const QJsonObject capabilities = discovered->toObject().value(u"capabilities").toObject();
    QCOMPARE(capabilities.value(u"extensions").toObject().value(tasksExtensionName), QJsonValue(QJsonObject()));
    QVERIFY(!capabilities.contains(u"tasks")); // the 2025-11-25 capability is not this era's
    const auto listed = client.request(u"tools/list"_s, enveloped());
    QVERIFY2(listed.ok(), why(listed).constData());
    for (const QJsonValue &tool : listed->toObject().value(u"tools").toArray())
        QVERIFY(!tool.toObject().contains(u"execution"));
    // 2025-11-25's own methods are not there.
    for (const QString &method : {u"tasks/result"_s, u"tasks/list"_s}) {
        const auto answer = client.request(method, enveloped({{u"taskId"_s, u"x"_s}}));
        QVERIFY2(!answer.ok(), qPrintable(method));
        QCOMPARE(answer.error().code, int(ErrorCode::MethodNotFound));
    }
}

void tst_McpServerTasks::modernTaskRunsToCompletion()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    const auto created = client.request(u"tools/call"_s, enveloped(call(u"work"_s, {{u"ms"_s, 200}})));
    QVERIFY2(created.ok(), why(created).constData());
    const QJsonObject task = created->toObject();
    QCOMPARE(task.value(u"resultType").toString(), u"task"_s);
    const QString taskId = task.value(u"taskId").toString();
    QVERIFY(!taskId.isEmpty());
    QCOMPARE(task.value(u"status").toString(), u"working"_s);
    QVERIFY(isTimestamp(task.value(u"createdAt")));
    QVERIFY(isTimestamp(task.value(u"lastUpdatedAt")));
    QVERIFY(task.value(u"ttlMs").toInteger() > 0);
    QVERIFY(task.value(u"pollIntervalMs").toInteger() > 0);
    for (const char *absent : {"result", "error", "inputRequests", "content", "task"})
        QVERIFY2(!task.contains(QLatin1StringView(absent)), absent);

    const QJsonObject done = client.pollUntil(taskId, {u"completed"_s}, true);
    QCOMPARE(done.value(u"resultType").toString(), u"complete"_s);
    QCOMPARE(done.value(u"status").toString(), u"completed"_s);
    QCOMPARE(firstText(done.value(u"result").toObject()), u"done"_s);
    // The modern era sends nothing about a task on its own: no status notifications, no progress.
    QVERIFY(client.notificationsOf(u"notifications/tasks/status"_s).isEmpty());
    QVERIFY(client.notificationsOf(u"notifications/progress"_s).isEmpty());
}

void tst_McpServerTasks::modernWithoutTheExtension()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    // An optional task tool runs the ordinary way for a request that does not declare the extension.
    const auto direct = client.request(u"tools/call"_s, enveloped(call(u"work"_s, {{u"ms"_s, 20}}), formCapabilities()));
    QVERIFY2(direct.ok(), why(direct).constData());
    QCOMPARE(direct->toObject().value(u"resultType").toString(), u"complete"_s);
    QCOMPARE(firstText(direct->toObject()), u"done"_s);
    // A required one cannot: the error names the extension the request lacks.
    const auto refused = client.request(u"tools/call"_s, enveloped(call(u"must_task"_s), formCapabilities()));
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, int(ErrorCode::MissingRequiredClientCapability));
    QVERIFY2(refused.error().message.contains(tasksExtensionName), qPrintable(refused.error().message));
    QVERIFY(refused.error().data.toObject().value(u"requiredCapabilities").toObject().value(u"extensions").toObject().contains(tasksExtensionName));
    QCOMPARE(fixture.server->taskCount(), 0);
    // A tool without task support never becomes a task.
    const auto plain = client.request(u"tools/call"_s, enveloped(call(u"plain"_s)));
    QVERIFY2(plain.ok(), why(plain).constData());
    QCOMPARE(firstText(plain->toObject()), u"plain"_s);
}

void tst_McpServerTasks::modernInputRequiredAndUpdate()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    const auto created = client.request(u"tools/call"_s, enveloped(call(u"ask"_s)));
    QVERIFY2(created.ok(), why(created).constData());
    const QString taskId = created->toObject().value(u"taskId").toString();
    const QJsonObject waiting = client.pollUntil(taskId, {u"input_required"_s}, true);
    QCOMPARE(waiting.value(u"status").toString(), u"input_required"_s);
    const QJsonObject requests = waiting.value(u"inputRequests").toObject();
    QCOMPARE(requests.keys(), QStringList{u"input-1"_s});
    QCOMPARE(requests.value(u"input-1").toObject().value(u"method").toString(), u"elicitation/create"_s);
    QCOMPARE(requests.value(u"input-1").toObject().value(u"params").toObject().value(u"message").toString(), u"Which format?"_s);
    QVERIFY(client.serverRequests.isEmpty()); // nothing is sent: the client reads the question from tasks/get

    // An answer under a key the task does not wait for is acknowledged and ignored.
    const auto stray = client.request(u"tasks/update"_s, enveloped({{u"taskId"_s, taskId},
                                                                     {u"inputResponses"_s, QJsonObject{{u"input-9"_s, QJsonObject{{u"action"_s, u"accept"_s}}}}}}));
    QVERIFY2(stray.ok(), why(stray).constData());
    QCOMPARE(stray->toObject(), (QJsonObject{{u"resultType"_s, u"complete"_s}}));
    QCOMPARE(client.request(u"tasks/get"_s, enveloped({{u"taskId"_s, taskId}}))->toObject().value(u"status").toString(), u"input_required"_s);

    const auto updated = client.request(
        u"tasks/update"_s,
        enveloped({{u"taskId"_s, taskId},
                   {u"inputResponses"_s, QJsonObject{{u"input-1"_s, QJsonObject{{u"action"_s, u"accept"_s},
                                                                                {u"content"_s, QJsonObject{{u"format"_s, u"table"_s}}}}}}}}));
    QVERIFY2(updated.ok(), why(updated).constData());
    const QJsonObject done = client.pollUntil(taskId, {u"completed"_s, u"failed"_s}, true);
    QCOMPARE(done.value(u"status").toString(), u"completed"_s);
    QCOMPARE(firstText(done.value(u"result").toObject()), u"format: table"_s);
    QVERIFY(!done.contains(u"inputRequests"));

    // tasks/update for a task the server does not know is acknowledged too (the extension's rule).
    QVERIFY(client.request(u"tasks/update"_s, enveloped({{u"taskId"_s, u"nope"_s}, {u"inputResponses"_s, QJsonObject()}})).ok());
    const auto malformed = client.request(u"tasks/update"_s, enveloped({{u"taskId"_s, taskId}}));
    QVERIFY(!malformed.ok());
    QCOMPARE(malformed.error().code, int(ErrorCode::InvalidParams));
}

void tst_McpServerTasks::modernCancelAndFailures()
{
    TaskServer fixture;
    TasksPeer &client = *fixture.client;
    const auto created = client.request(u"tools/call"_s, enveloped(call(u"must_task"_s, {{u"ms"_s, 400}})));
    QVERIFY2(created.ok(), why(created).constData());
    const QString taskId = created->toObject().value(u"taskId").toString();
    const auto cancelled = client.request(u"tasks/cancel"_s, enveloped({{u"taskId"_s, taskId}}));
    QVERIFY2(cancelled.ok(), why(cancelled).constData());
    QCOMPARE(cancelled->toObject(), (QJsonObject{{u"resultType"_s, u"complete"_s}}));
    QCOMPARE(fixture.observed->cancelled, 1);
    // The work stopped: its scope is deleted, and the timer that would finish it with it.
    QTRY_VERIFY(!fixture.observed->workScope);
    QCOMPARE(fixture.observed->finishedWork, 0);
    const auto got = client.request(u"tasks/get"_s, enveloped({{u"taskId"_s, taskId}}));
    QVERIFY2(got.ok(), why(got).constData());
    QCOMPARE(got->toObject().value(u"status").toString(), u"cancelled"_s);
    QVERIFY(!got->toObject().contains(u"result"));
    // Cancelling again, or an unknown task, is acknowledged all the same.
    QVERIFY(client.request(u"tasks/cancel"_s, enveloped({{u"taskId"_s, taskId}})).ok());
    QVERIFY(client.request(u"tasks/cancel"_s, enveloped({{u"taskId"_s, u"nope"_s}})).ok());
    const auto unknown = client.request(u"tasks/get"_s, enveloped({{u"taskId"_s, u"nope"_s}}));
    QVERIFY(!unknown.ok());
    QCOMPARE(unknown.error().code, int(ErrorCode::InvalidParams));

    // A JSON-RPC error fails the task, with the error inline.
    const auto broken = client.request(u"tools/call"_s, enveloped(call(u"broken"_s)));
    QVERIFY2(broken.ok(), why(broken).constData());
    const QJsonObject failed = client.pollUntil(broken->toObject().value(u"taskId").toString(), {u"failed"_s, u"completed"_s}, true);
    QCOMPARE(failed.value(u"status").toString(), u"failed"_s);
    QCOMPARE(failed.value(u"error").toObject().value(u"code").toInt(), int(ErrorCode::InternalError));
    QCOMPARE(failed.value(u"error").toObject().value(u"message").toString(), u"the disk is full"_s);
    // A tool error is a completed task whose result says isError (failed is for JSON-RPC errors).
    const auto toolError = client.request(u"tools/call"_s, enveloped(call(u"tool_error"_s)));
    QVERIFY2(toolError.ok(), why(toolError).constData());
    const QJsonObject completed = client.pollUntil(toolError->toObject().value(u"taskId").toString(), {u"failed"_s, u"completed"_s}, true);
    QCOMPARE(completed.value(u"status").toString(), u"completed"_s);
    QVERIFY(completed.value(u"result").toObject().value(u"isError").toBool());
}

void tst_McpServerTasks::demoListsItsTaskTools()
{
    TasksDemo demo;
    TasksPeer &client = *demo.client;
    QVERIFY(client.initializeLegacy());
    QVERIFY(client.lastInitialize.value(u"capabilities").toObject().value(u"tasks").toObject().contains(u"requests"));
    const QMap<QString, QString> support = client.taskSupport();
    QVERIFY2(!support.isEmpty(), client.lastFailure.constData());
    QCOMPARE(support.value(u"research"_s), u"optional"_s);
    QCOMPARE(support.value(u"long_report"_s), u"required"_s);
    QCOMPARE(support.value(u"failing_job"_s), u"optional"_s);
    QCOMPARE(support.value(u"choose_format"_s), u"required"_s);
    QCOMPARE(support.value(u"echo"_s), QString());
}

void tst_McpServerTasks::demoResearchInBothEras()
{
    {
        TasksDemo demo;
        TasksPeer &client = *demo.client;
        QVERIFY(client.initializeLegacy());
        const QString taskId = client.startTask(u"research"_s, {{u"topic"_s, u"otters"_s}, {u"seconds"_s, 0.3}});
        QVERIFY2(!taskId.isEmpty(), client.lastFailure.constData());
        QCOMPARE(client.pollUntil(taskId, {u"completed"_s, u"failed"_s}, false).value(u"status").toString(), u"completed"_s);
        const auto result = client.request(u"tasks/result"_s, {{u"taskId"_s, taskId}});
        QVERIFY2(result.ok(), why(result).constData());
        QVERIFY2(firstText(result->toObject()).contains(u"Research report on \"otters\""), qPrintable(firstText(result->toObject())));
        bool sawStep = false;
        for (const JsonRpcMessage &message : client.notificationsOf(u"notifications/tasks/status"_s))
            sawStep = sawStep || message.params().value(u"statusMessage").toString().startsWith(u"Step 1 of 5");
        QVERIFY(sawStep);
        // research also runs the ordinary way.
        const auto direct = client.request(u"tools/call"_s, call(u"research"_s, {{u"seconds"_s, 0.05}}));
        QVERIFY2(direct.ok(), why(direct).constData());
        QVERIFY(firstText(direct->toObject()).contains(u"Research report on \"tea\""));
    }
    {
        TasksDemo demo;
        TasksPeer &client = *demo.client;
        const auto created = client.request(u"tools/call"_s, enveloped(call(u"research"_s, {{u"seconds"_s, 0.3}})));
        QVERIFY2(created.ok(), why(created).constData());
        QCOMPARE(created->toObject().value(u"resultType").toString(), u"task"_s);
        const QJsonObject done = client.pollUntil(created->toObject().value(u"taskId").toString(), {u"completed"_s, u"failed"_s}, true);
        QCOMPARE(done.value(u"status").toString(), u"completed"_s);
        QVERIFY(firstText(done.value(u"result").toObject()).contains(u"Research report"));
        QCOMPARE(done.value(u"result").toObject().value(u"structuredContent").toObject().value(u"topic").toString(), u"tea"_s);
    }
}

void tst_McpServerTasks::demoLongReportIsCancelled()
{
    TasksDemo demo;
    TasksPeer &client = *demo.client;
    // Without the extension the demo says what is missing.
    const auto refused = client.request(u"tools/call"_s, enveloped(call(u"long_report"_s), formCapabilities()));
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, int(ErrorCode::MissingRequiredClientCapability));

    const auto created = client.request(u"tools/call"_s, enveloped(call(u"long_report"_s, {{u"seconds"_s, 30}})));
    QVERIFY2(created.ok(), why(created).constData());
    const QString taskId = created->toObject().value(u"taskId").toString();
    const QJsonObject writing = client.pollUntil(taskId, {u"working"_s}, true);
    QCOMPARE(writing.value(u"status").toString(), u"working"_s);
    QVERIFY(client.request(u"tasks/cancel"_s, enveloped({{u"taskId"_s, taskId}})).ok());
    const auto got = client.request(u"tasks/get"_s, enveloped({{u"taskId"_s, taskId}}));
    QVERIFY2(got.ok(), why(got).constData());
    QCOMPARE(got->toObject().value(u"status").toString(), u"cancelled"_s);

    // And in 2025-11-25, a long_report finishes when given a short time.
    TasksDemo legacy;
    QVERIFY(legacy.client->initializeLegacy());
    const auto report = legacy.client->request(u"tools/call"_s, taskCall(u"long_report"_s, {{u"seconds"_s, 0.2}, {u"topic"_s, u"bees"_s}}));
    QVERIFY2(report.ok(), why(report).constData());
    const auto result = legacy.client->request(u"tasks/result"_s, {{u"taskId"_s, report->toObject().value(u"task").toObject().value(u"taskId")}});
    QVERIFY2(result.ok(), why(result).constData());
    QVERIFY2(firstText(result->toObject()).startsWith(u"# A long report on bees"), qPrintable(firstText(result->toObject())));
    const auto notAsTask = legacy.client->request(u"tools/call"_s, call(u"long_report"_s));
    QVERIFY(!notAsTask.ok());
    QCOMPARE(notAsTask.error().code, int(ErrorCode::MethodNotFound));
}

void tst_McpServerTasks::demoFailingJobFails()
{
    TasksDemo demo;
    TasksPeer &client = *demo.client;
    const auto created = client.request(u"tools/call"_s, enveloped(call(u"failing_job"_s, {{u"seconds"_s, 0.1}})));
    QVERIFY2(created.ok(), why(created).constData());
    const QJsonObject failed = client.pollUntil(created->toObject().value(u"taskId").toString(), {u"failed"_s, u"completed"_s}, true);
    QCOMPARE(failed.value(u"status").toString(), u"failed"_s);
    QVERIFY(failed.value(u"error").toObject().value(u"message").toString().contains(u"on purpose"));

    TasksDemo legacy;
    QVERIFY(legacy.client->initializeLegacy());
    const QString taskId = legacy.client->startTask(u"failing_job"_s, {{u"seconds"_s, 0.1}, {u"how"_s, u"tool_error"_s}});
    QVERIFY2(!taskId.isEmpty(), legacy.client->lastFailure.constData());
    QCOMPARE(legacy.client->pollUntil(taskId, {u"failed"_s, u"completed"_s}, false).value(u"status").toString(), u"failed"_s);
    const auto result = legacy.client->request(u"tasks/result"_s, {{u"taskId"_s, taskId}});
    QVERIFY2(result.ok(), why(result).constData());
    QVERIFY(result->toObject().value(u"isError").toBool());
}

void tst_McpServerTasks::demoChooseFormatAsksInBothEras()
{
    {
        TasksDemo demo;
        TasksPeer &client = *demo.client;
        client.elicitationAnswer = [](const JsonRpcMessage &) {
            return QJsonObject{{u"action"_s, u"accept"_s}, {u"content"_s, QJsonObject{{u"format"_s, u"a table"_s}}}};
        };
        QVERIFY(client.initializeLegacy());
        const QString taskId = client.startTask(u"choose_format"_s, {{u"seconds"_s, 0.2}, {u"topic"_s, u"owls"_s}});
        QVERIFY2(!taskId.isEmpty(), client.lastFailure.constData());
        QCOMPARE(client.pollUntil(taskId, {u"input_required"_s}, false).value(u"statusMessage").toString(),
                 u"Waiting for you to choose a format"_s);
        const auto result = client.request(u"tasks/result"_s, {{u"taskId"_s, taskId}});
        QVERIFY2(result.ok(), why(result).constData());
        QVERIFY2(firstText(result->toObject()).startsWith(u"| Topic |"), qPrintable(firstText(result->toObject())));
        QCOMPARE(client.serverRequests.size(), 1);
        QCOMPARE(client.serverRequests.first().params().value(u"message").toString(), u"Which format should the summary have?"_s);
    }
    {
        TasksDemo demo;
        TasksPeer &client = *demo.client;
        const auto created = client.request(u"tools/call"_s, enveloped(call(u"choose_format"_s, {{u"seconds"_s, 0.2}})));
        QVERIFY2(created.ok(), why(created).constData());
        const QString taskId = created->toObject().value(u"taskId").toString();
        const QJsonObject asking = client.pollUntil(taskId, {u"input_required"_s}, true);
        const QJsonObject requests = asking.value(u"inputRequests").toObject();
        QCOMPARE(requests.size(), 1);
        const QString key = requests.keys().first();
        QCOMPARE(requests.value(key).toObject().value(u"method").toString(), u"elicitation/create"_s);
        QVERIFY(client.request(u"tasks/update"_s,
                               enveloped({{u"taskId"_s, taskId},
                                          {u"inputResponses"_s, QJsonObject{{key, QJsonObject{{u"action"_s, u"accept"_s},
                                                                                              {u"content"_s, QJsonObject{{u"format"_s, u"one paragraph"_s}}}}}}}}))
                    .ok());
        const QJsonObject done = client.pollUntil(taskId, {u"completed"_s, u"failed"_s}, true);
        QCOMPARE(done.value(u"status").toString(), u"completed"_s);
        QCOMPARE(done.value(u"result").toObject().value(u"structuredContent").toObject().value(u"format").toString(), u"one paragraph"_s);
    }
}

QTEST_GUILESS_MAIN(tst_McpServerTasks)
#include "tst_mcpservertasks.moc"
