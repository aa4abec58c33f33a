// Following a task (TaskFollower through the pipeline) against a scripted JSON-RPC peer on an in-process
// transport pair: the 2026-07-28 extension's flow (resultType "task", inputRequests answered with
// tasks/update once per key, requestState echoed, the result inline) and what a hostile server may do
// that no real one does (describe another task, forget the task, flood status notifications, suggest a
// poll interval of zero). The legacy era against the real server-everything: tests/integration/tst_everythingtasks.

#include "loopbacktransport.h"
#include "sessioncalltarget.h"
#include "sessionwaits.h"

#include "core/calls/approval.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/peer/jsonrpcpeer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

namespace {

const QString taskId = u"task-7f3a"_s;

QJsonObject taskJson(const QString &status, const QString &message = {}, const QString &requestState = {})
{
    QJsonObject task{{u"resultType"_s, u"complete"_s}, {u"taskId"_s, taskId}, {u"status"_s, status},
                     {u"createdAt"_s, u"2026-11-26T10:00:00Z"_s}, {u"lastUpdatedAt"_s, u"2026-11-26T10:00:01Z"_s},
                     {u"ttlMs"_s, QJsonValue::Null}, {u"pollIntervalMs"_s, 0}};
    if (!message.isEmpty())
        task.insert(u"statusMessage"_s, message);
    if (!requestState.isEmpty())
        task.insert(u"requestState"_s, requestState);
    return task;
}

/// A modern server that answers tools/call of "slow" with a task and lets each test script tasks/get.
struct ScriptedTaskServer
{
    ScriptedTaskServer()
    {
        auto [clientEnd, serverEnd] = TestSupport::LoopbackTransport::createPair();
        server = std::move(serverEnd);
        peer = std::make_unique<JsonRpcPeer>(server.get());
        peer->setRemote(JsonRpcPeer::Remote::Client);
        clientTransport = std::move(clientEnd);
        peer->setRequestHandler(u"server/discover"_s, [](const JsonRpcMessage &, const Responder &responder) {
            responder.respond(QJsonObject{
                {u"supportedVersions"_s, QJsonArray{u"2026-07-28"_s}},
                {u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject()},
                                                {u"extensions"_s, QJsonObject{{u"io.modelcontextprotocol/tasks"_s, QJsonObject()}}}}},
                {u"resultType"_s, u"complete"_s},
                {u"_meta"_s, QJsonObject{{u"io.modelcontextprotocol/serverInfo"_s, QJsonObject{{u"name"_s, u"scripted"_s}, {u"version"_s, u"1"_s}}}}}});
        });
        peer->setRequestHandler(u"tools/list"_s, [](const JsonRpcMessage &, const Responder &responder) {
            responder.respond(QJsonObject{{u"resultType"_s, u"complete"_s},
                                          {u"tools"_s, QJsonArray{QJsonObject{{u"name"_s, u"slow"_s},
                                                                              {u"inputSchema"_s, QJsonObject{{u"type"_s, u"object"_s}}}}}}});
        });
        peer->setRequestHandler(u"tools/call"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
            callParams = request.params();
            QJsonObject created = taskJson(u"working"_s, u"started"_s, u"state-0"_s);
            created.insert(u"resultType"_s, u"task"_s);
            responder.respond(created);
        });
        peer->setRequestHandler(u"tasks/get"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
            gets.append(request.params());
            if (onGet)
                onGet(request.params(), responder);
            else
                responder.respond(taskJson(u"working"_s));
        });
        peer->setRequestHandler(u"tasks/update"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
            updates.append(request.params());
            responder.respond(QJsonObject{{u"resultType"_s, u"complete"_s}});
        });
        peer->setRequestHandler(u"tasks/cancel"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
            cancels.append(request.params());
            responder.respond(QJsonObject{{u"resultType"_s, u"complete"_s}});
        });
    }
    ~ScriptedTaskServer()
    {
        pipeline.reset();
        target.reset();
        session.reset();
        peer.reset();
    }

    bool open()
    {
        server->start();
        ClientSession::Options options;
        options.era = ClientSession::EraMode::Modern;
        session = std::make_unique<ClientSession>(std::move(clientTransport), options);
        elicitations.install(*session, QJsonObject{{u"format"_s, u"pdf"_s}});
        if (!TestSupport::connectAndWait(*session, 5000))
            return false;
        target = std::make_unique<TestSupport::SessionCallTarget>(session.get(), ServerIdentity{u"scripted"_s, u"in-process"_s, {}});
        pipeline = std::make_unique<ToolCallPipeline>(&gate, nullptr, ToolCallPipeline::Options{});
        return true;
    }

    ToolCall *call(QObject *parent)
    {
        return pipeline->call(target.get(), u"slow"_s, {}, CallInitiator::Gui, parent);
    }

    /// Opens the session, calls "slow" (owned by parent) and waits until the call finished: null when the
    /// session did not open or the call did not finish within timeoutMs.
    QPointer<ToolCall> callToTheEnd(QObject *parent, int timeoutMs)
    {
        if (!open())
            return nullptr;
        QPointer<ToolCall> started = call(parent);
        QSignalSpy finished(started.data(), &ToolCall::finished);
        return finished.wait(timeoutMs) ? started : nullptr;
    }

    std::unique_ptr<TestSupport::LoopbackTransport> clientTransport;
    std::unique_ptr<TestSupport::LoopbackTransport> server;
    std::unique_ptr<JsonRpcPeer> peer;
    std::unique_ptr<ClientSession> session;
    std::unique_ptr<TestSupport::SessionCallTarget> target;
    FixedApprovalGate gate{ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, {}, {}}};
    std::unique_ptr<ToolCallPipeline> pipeline;

    std::function<void(const QJsonObject &, const Responder &)> onGet;
    QJsonObject callParams;
    QList<QJsonObject> gets;
    QList<QJsonObject> updates;
    QList<QJsonObject> cancels;
    TestSupport::AcceptedElicitations elicitations;
};

} // namespace

class tst_TaskFollower : public QObject
{
    Q_OBJECT

private slots:
    void extensionFlowToTheInlineResult();
    void cancelSendsTasksCancelWithTheState();
    void anotherTasksDescriptionIsRefused();
    void forgottenTaskEndsTheCall();
    void notificationFloodStaysBounded();
    void disconnectEndsTheCall();
    void legacyResultThatNeverComesEndsTheCall();
};

void tst_TaskFollower::extensionFlowToTheInlineResult()
{
    ScriptedTaskServer s;
    int round = 0;
    s.onGet = [&round](const QJsonObject &, const Responder &responder) {
        ++round;
        if (round <= 3) {
            // The same question on three polls in a row: asked once.
            QJsonObject task = taskJson(u"input_required"_s, u"which format?"_s, u"state-%1"_s.arg(round));
            task.insert(u"inputRequests"_s, QJsonObject{{u"format"_s, QJsonObject{{u"method"_s, u"elicitation/create"_s},
                {u"params"_s, QJsonObject{{u"mode"_s, u"form"_s}, {u"message"_s, u"Which format?"_s},
                                          {u"requestedSchema"_s, QJsonObject{{u"type"_s, u"object"_s},
                                              {u"properties"_s, QJsonObject{{u"format"_s, QJsonObject{{u"type"_s, u"string"_s}}}}}}}}}}}});
            responder.respond(task);
            return;
        }
        if (round == 4) {
            responder.respond(taskJson(u"working"_s, u"writing the report"_s, u"state-4"_s));
            return;
        }
        QJsonObject done = taskJson(u"completed"_s, {}, u"state-5"_s);
        done.insert(u"result"_s, QJsonObject{{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"report.pdf"_s}}}},
                                             {u"isError"_s, false}});
        responder.respond(done);
    };
    QPointer<ToolCall> call = s.callToTheEnd(this, 10000);
    QVERIFY(call);
    // Toolgate says, on every request, that it follows tasks.
    QVERIFY(s.callParams.value(u"_meta"_s).toObject().value(u"io.modelcontextprotocol/clientCapabilities"_s).toObject()
                .value(u"extensions"_s).toObject().contains(u"io.modelcontextprotocol/tasks"_s));
    QVERIFY2(call->outcome().kind == ToolCallOutcome::Kind::Succeeded, qPrintable(call->outcome().error.message));
    QCOMPARE(call->outcome().result.textSummary(), u"report.pdf"_s);
    QCOMPARE(s.elicitations.asked.size(), 1);
    QVERIFY(s.elicitations.origins.constFirst());
    QCOMPARE(s.elicitations.origins.constFirst()->subject, u"slow"_s);
    QCOMPARE(s.elicitations.origins.constFirst()->auditCallId, call->id());
    QCOMPARE(s.updates.size(), 1);
    QCOMPARE(s.updates.constFirst().value(u"inputResponses"_s).toObject().value(u"format"_s).toObject().value(u"action"_s).toString(), u"accept"_s);
    QCOMPARE(s.updates.constFirst().value(u"taskId"_s).toString(), taskId);
    // requestState: always the latest the server gave.
    QCOMPARE(s.gets.constFirst().value(u"requestState"_s).toString(), u"state-0"_s);
    for (qsizetype i = 1; i < s.gets.size(); ++i)
        QCOMPARE(s.gets.at(i).value(u"requestState"_s).toString(), u"state-%1"_s.arg(i));
    const QList<TaskEvent> &events = call->outcome().taskEvents;
    QCOMPARE(events.constFirst().status, Task::Status::Working);
    QCOMPARE(events.constLast().status, Task::Status::Completed);
    QVERIFY(std::any_of(events.cbegin(), events.cend(), [](const TaskEvent &e) { return e.status == Task::Status::InputRequired; }));
}

void tst_TaskFollower::cancelSendsTasksCancelWithTheState()
{
    ScriptedTaskServer s;
    s.onGet = [](const QJsonObject &, const Responder &responder) { responder.respond(taskJson(u"working"_s, {}, u"state-9"_s)); };
    QVERIFY(s.open());
    QPointer<ToolCall> call = s.call(this);
    QSignalSpy changed(call.data(), &ToolCall::taskChanged);
    QVERIFY(changed.wait(5000));
    QTRY_VERIFY(!s.gets.isEmpty());
    QSignalSpy finished(call.data(), &ToolCall::finished);
    call->cancel(u"no longer needed"_s);
    QVERIFY(finished.wait(5000));
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Cancelled);
    QCOMPARE(s.cancels.size(), 1);
    QCOMPARE(s.cancels.constFirst().value(u"taskId"_s).toString(), taskId);
    QCOMPARE(s.cancels.constFirst().value(u"requestState"_s).toString(), u"state-9"_s);
}

void tst_TaskFollower::anotherTasksDescriptionIsRefused()
{
    ScriptedTaskServer s;
    s.onGet = [](const QJsonObject &, const Responder &responder) {
        QJsonObject other = taskJson(u"completed"_s);
        other.insert(u"taskId"_s, u"someone-elses"_s);
        other.insert(u"result"_s, QJsonObject{{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"not yours"_s}}}}});
        responder.respond(other);
    };
    QPointer<ToolCall> call = s.callToTheEnd(this, 15000);
    QVERIFY(call);
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Failed);
    QVERIFY2(call->outcome().error.message.contains(u"someone-elses"_s), qPrintable(call->outcome().error.message));
    QVERIFY(call->outcome().result.textSummary().isEmpty());
}

void tst_TaskFollower::forgottenTaskEndsTheCall()
{
    ScriptedTaskServer s;
    s.onGet = [](const QJsonObject &, const Responder &responder) {
        responder.respondError(makeError(ErrorCode::InvalidParams, u"Failed to retrieve task: Task has expired"_s));
    };
    QPointer<ToolCall> call = s.callToTheEnd(this, 5000);
    QVERIFY(call);
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Failed);
    QVERIFY2(call->outcome().error.message.contains(taskId) && call->outcome().error.message.contains(u"expired"_s),
             qPrintable(call->outcome().error.message));
}

void tst_TaskFollower::notificationFloodStaysBounded()
{
    ScriptedTaskServer s;
    bool flooded = false;
    s.onGet = [&s, &flooded](const QJsonObject &, const Responder &responder) {
        if (!flooded) {
            flooded = true;
            for (int i = 0; i < 2000; ++i) {
                QJsonObject status = taskJson(u"working"_s, u"step %1"_s.arg(i));
                status.remove(u"resultType"_s);
                s.peer->sendNotification(u"notifications/tasks/status"_s, status);
            }
            // One about a task that is not ours: ignored.
            QJsonObject stranger = taskJson(u"failed"_s);
            stranger.insert(u"taskId"_s, u"stranger"_s);
            s.peer->sendNotification(u"notifications/tasks/status"_s, stranger);
            responder.respond(taskJson(u"working"_s, u"step 1999"_s));
            return;
        }
        QJsonObject done = taskJson(u"completed"_s);
        done.insert(u"result"_s, QJsonObject{{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"ok"_s}}}}});
        responder.respond(done);
    };
    QPointer<ToolCall> call = s.callToTheEnd(this, 15000);
    QVERIFY(call);
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Succeeded);
    QVERIFY2(call->outcome().taskEvents.size() <= 2 * ToolCallOutcome::maxTaskEvents, qPrintable(QString::number(call->outcome().taskEvents.size())));
    QCOMPARE(call->outcome().taskEvents.constLast().status, Task::Status::Completed);
}

void tst_TaskFollower::disconnectEndsTheCall()
{
    ScriptedTaskServer s;
    QVERIFY(s.open());
    QPointer<ToolCall> call = s.call(this);
    QSignalSpy changed(call.data(), &ToolCall::taskChanged);
    QVERIFY(changed.wait(5000));
    QSignalSpy finished(call.data(), &ToolCall::finished);
    s.server->close();
    QVERIFY(finished.wait(5000));
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Failed);
    QVERIFY2(call->outcome().error.message.contains(taskId), qPrintable(call->outcome().error.message));
}

void tst_TaskFollower::legacyResultThatNeverComesEndsTheCall()
{
    // 2025-11-25: the server says the task completed, but never answers tasks/result.
    auto [clientEnd, serverEnd] = TestSupport::LoopbackTransport::createPair();
    JsonRpcPeer peer(serverEnd.get());
    peer.setRemote(JsonRpcPeer::Remote::Client);
    QList<Responder> held;
    peer.setRequestHandler(u"initialize"_s, [](const JsonRpcMessage &, const Responder &responder) {
        responder.respond(QJsonObject{
            {u"protocolVersion"_s, u"2025-11-25"_s},
            {u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject()},
                                            {u"tasks"_s, QJsonObject{{u"requests"_s, QJsonObject{{u"tools"_s, QJsonObject{{u"call"_s, QJsonObject()}}}}}}}}},
            {u"serverInfo"_s, QJsonObject{{u"name"_s, u"scripted"_s}, {u"version"_s, u"1"_s}}}});
    });
    peer.setRequestHandler(u"tools/list"_s, [](const JsonRpcMessage &, const Responder &responder) {
        responder.respond(QJsonObject{{u"tools"_s, QJsonArray{QJsonObject{{u"name"_s, u"slow"_s},
                                                                          {u"inputSchema"_s, QJsonObject{{u"type"_s, u"object"_s}}},
                                                                          {u"execution"_s, QJsonObject{{u"taskSupport"_s, u"required"_s}}}}}}});
    });
    QJsonObject callParams;
    peer.setRequestHandler(u"tools/call"_s, [&callParams](const JsonRpcMessage &request, const Responder &responder) {
        callParams = request.params();
        QJsonObject task = taskJson(u"working"_s);
        task.remove(u"resultType"_s);
        responder.respond(QJsonObject{{u"task"_s, task}});
    });
    peer.setRequestHandler(u"tasks/get"_s, [](const JsonRpcMessage &, const Responder &responder) {
        QJsonObject task = taskJson(u"completed"_s);
        task.remove(u"resultType"_s);
        responder.respond(task);
    });
    peer.setRequestHandler(u"tasks/result"_s, [&held](const JsonRpcMessage &, const Responder &responder) { held.append(responder); });
    serverEnd->start();
    ClientSession session(std::move(clientEnd), ClientSession::Options());
    QSignalSpy ready(&session, &ClientSession::ready);
    session.connectToServer();
    QVERIFY(ready.wait(5000));
    TestSupport::SessionCallTarget target(&session, ServerIdentity{u"scripted"_s, u"in-process"_s, {}});
    FixedApprovalGate gate{ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, {}, {}}};
    ToolCallPipeline::Options options;
    options.taskResultGrace = std::chrono::milliseconds(500);
    ToolCallPipeline pipeline(&gate, nullptr, options);
    QPointer<ToolCall> call = pipeline.call(&target, u"slow"_s, {}, CallInitiator::Gui, this);
    QSignalSpy finished(call.data(), &ToolCall::finished);
    QVERIFY(finished.wait(10000));
    QVERIFY(callParams.contains(u"task"_s)); // a required task tool is asked for as a task
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Failed);
    QVERIFY2(call->outcome().error.message.contains(u"did not hand over its result"_s), qPrintable(call->outcome().error.message));
    QCOMPARE(held.size(), 1);
}

QTEST_MAIN(tst_TaskFollower)
#include "tst_taskfollower.moc"
