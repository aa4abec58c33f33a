// The requests a server makes of the client reach the handlers through ClientSession's
// ServerRequestIntake, which alone refuses what the client did not declare (an elicitation mode,
// sampling with tools, a request with no handler): the same check for a request sent on its own
// (2025-11-25) and one embedded in an InputRequiredResult (2026-07-28), whoever installed the handlers
// (the test itself, or the ServerRequestPipeline as in the apps).
// A scripted JSON-RPC peer on an in-process transport pair plays the server.

#include "loopbacktransport.h"
#include "toolcallkeyfortests.h"

#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/requests/serverrequest.h"
#include "core/requests/serverrequestgate.h"
#include "core/requests/serverrequestpipeline.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

namespace {

constexpr int kWait = 5000;

/// A server that opens in either era and, in the modern one, answers tools/call "ask" with the input
/// request the test puts in embedded.
struct ScriptedServer
{
    explicit ScriptedServer(ClientSession::EraMode era)
    {
        auto [clientEnd, serverEnd] = TestSupport::LoopbackTransport::createPair();
        server = std::move(serverEnd);
        peer = std::make_unique<JsonRpcPeer>(server.get());
        peer->setRemote(JsonRpcPeer::Remote::Client);
        peer->setRequestHandler(u"initialize"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
            declared = request.params().value(u"capabilities"_s).toObject();
            responder.respond(QJsonObject{{u"protocolVersion"_s, u"2025-11-25"_s},
                                          {u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject()}}},
                                          {u"serverInfo"_s, QJsonObject{{u"name"_s, u"scripted"_s}, {u"version"_s, u"1"_s}}}});
        });
        peer->setRequestHandler(u"server/discover"_s, [](const JsonRpcMessage &, const Responder &responder) {
            responder.respond(QJsonObject{
                {u"supportedVersions"_s, QJsonArray{u"2026-07-28"_s}},
                {u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject()}}},
                {u"resultType"_s, u"complete"_s},
                {u"_meta"_s, QJsonObject{{u"io.modelcontextprotocol/serverInfo"_s, QJsonObject{{u"name"_s, u"scripted"_s}, {u"version"_s, u"1"_s}}}}}});
        });
        peer->setRequestHandler(u"tools/call"_s, [this](const JsonRpcMessage &request, const Responder &responder) {
            callMeta = request.params().value(u"_meta"_s).toObject();
            if (request.params().contains(u"inputResponses"_s)) {
                responder.respond(QJsonObject{{u"resultType"_s, u"complete"_s},
                                              {u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"done"_s}}}}});
                return;
            }
            responder.respond(QJsonObject{{u"resultType"_s, u"input_required"_s},
                                          {u"inputRequests"_s, QJsonObject{{u"q"_s, embedded}}}});
        });
        server->start();
        ClientSession::Options options;
        options.era = era;
        session = std::make_unique<ClientSession>(std::move(clientEnd), options);
    }
    ~ScriptedServer()
    {
        session.reset();
        peer.reset();
    }

    bool open()
    {
        QSignalSpy ready(session.get(), &ClientSession::ready);
        session->connectToServer();
        return ready.wait(kWait);
    }

    /// The client's answer to a request the server sends on its own.
    Result<QJsonValue> ask(const QString &method, const QJsonObject &params)
    {
        std::optional<Result<QJsonValue>> answer;
        QObject context;
        peer->sendRequest(method, params, &context, [&answer](const Result<QJsonValue> &result) { answer = result; });
        if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, kWait))
            return makeError(ErrorCode::RequestTimeout, u"the client did not answer"_s);
        return *answer;
    }

    /// A tools/call whose answer asks for embedded (2026-07-28).
    Result<CallToolResult> callAsking(const QJsonObject &request)
    {
        embedded = request;
        std::optional<Result<CallToolResult>> answer;
        QObject context;
        session->callTool(ToolCallKeyForTests::make(), u"ask"_s, {}, {}, &context,
                          [&answer](const Result<CallToolResult> &result) { answer = result; });
        if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, kWait))
            return makeError(ErrorCode::RequestTimeout, u"the call was not answered"_s);
        return *answer;
    }

    std::unique_ptr<TestSupport::LoopbackTransport> server;
    std::unique_ptr<JsonRpcPeer> peer;
    std::unique_ptr<ClientSession> session;
    QJsonObject declared;
    QJsonObject embedded;
    QJsonObject callMeta; ///< the _meta of the last tools/call (2026-07-28: the client's capabilities)
};

QJsonObject urlElicitation()
{
    return QJsonObject{{u"mode"_s, u"url"_s}, {u"elicitationId"_s, u"e1"_s}, {u"url"_s, u"https://x.example/a"_s},
                       {u"message"_s, u"Go"_s}};
}

QJsonObject formElicitation()
{
    return QJsonObject{{u"message"_s, u"Which format?"_s},
                       {u"requestedSchema"_s, QJsonObject{{u"type"_s, u"object"_s}, {u"properties"_s, QJsonObject()}}}};
}

QJsonObject samplingWithTools()
{
    return QJsonObject{{u"messages"_s, QJsonArray()}, {u"maxTokens"_s, 10},
                       {u"tools"_s, QJsonArray{QJsonObject{{u"name"_s, u"t"_s}, {u"inputSchema"_s, QJsonObject{{u"type"_s, u"object"_s}}}}}}};
}

/// Puts nothing to anyone: counts what reaches it and dismisses it.
class CountingGate final : public ServerRequestGate
{
public:
    Abilities abilities() const override { return Abilities{false, false, true, false, false}; } // form elicitation only
    void present(ServerRequest *request) override
    {
        ++presented;
        request->dismiss();
    }
    int presented = 0;
};

} // namespace

class tst_ServerRequestIntake final : public QObject
{
    Q_OBJECT

private slots:
    void refusesWhatWasNotDeclared_data();
    void refusesWhatWasNotDeclared();
    void embeddedRequestsGetTheSameCheck();
    void throughThePipelineOnlyTheIntakeRefuses();
    void declaresWhatTheHandlersAnswer();
    void taskOnlyWhereDeclared();
};

void tst_ServerRequestIntake::refusesWhatWasNotDeclared_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<int>("code"); // 0: the handler answers
    QTest::addColumn<QString>("message");

    QTest::addRow("form, declared") << u"elicitation/create"_s << formElicitation() << 0 << QString();
    QTest::addRow("url, not declared") << u"elicitation/create"_s << urlElicitation() << int(ErrorCode::InvalidParams)
                                       << u"this client does not support elicitation mode \"url\""_s;
    QTest::addRow("sampling with tools, not declared") << u"sampling/createMessage"_s << samplingWithTools() << int(ErrorCode::InvalidParams)
                                                       << u"this client did not declare sampling.tools, so it cannot sample with tools"_s;
    QTest::addRow("roots, no handler") << u"roots/list"_s << QJsonObject() << int(ErrorCode::MethodNotFound)
                                       << u"this client does not offer roots"_s;
}

void tst_ServerRequestIntake::refusesWhatWasNotDeclared()
{
    QFETCH(QString, method);
    QFETCH(QJsonObject, params);
    QFETCH(int, code);
    QFETCH(QString, message);

    ScriptedServer scripted(ClientSession::EraMode::Legacy);
    int handled = 0;
    const auto handler = [&handled](const QJsonObject &, const Responder &responder) {
        ++handled;
        responder.respond(QJsonObject{{u"action"_s, u"cancel"_s}});
    };
    scripted.session->setElicitationHandler(handler); // form only
    scripted.session->setSamplingHandler(handler);    // without tools
    QVERIFY(scripted.open());

    const Result<QJsonValue> answer = scripted.ask(method, params);
    if (code == 0) {
        QVERIFY2(answer.ok(), qPrintable(answer.ok() ? QString() : answer.error().message));
        QCOMPARE(handled, 1);
        return;
    }
    QVERIFY(!answer.ok());
    QCOMPARE(answer.error().code, code);
    QCOMPARE(answer.error().message, message);
    QCOMPARE(handled, 0);
}

void tst_ServerRequestIntake::embeddedRequestsGetTheSameCheck()
{
    ScriptedServer scripted(ClientSession::EraMode::Modern);
    int handled = 0;
    scripted.session->setElicitationHandler([&handled](const QJsonObject &, const Responder &responder) {
        ++handled;
        responder.respond(QJsonObject{{u"action"_s, u"cancel"_s}});
    });
    QVERIFY(scripted.open());

    const Result<CallToolResult> refused = scripted.callAsking(
        QJsonObject{{u"method"_s, u"elicitation/create"_s}, {u"params"_s, urlElicitation()}});
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, int(ErrorCode::InvalidParams));
    QCOMPARE(refused.error().message, u"the server asked for input to finish tools/call (elicitation/create), and it was not given: "
                                      "this client does not support elicitation mode \"url\""_s);
    QCOMPARE(handled, 0);

    const Result<CallToolResult> answered = scripted.callAsking(
        QJsonObject{{u"method"_s, u"elicitation/create"_s}, {u"params"_s, formElicitation()}});
    QVERIFY2(answered.ok(), qPrintable(answered.ok() ? QString() : answered.error().message));
    QCOMPARE(handled, 1);
}

void tst_ServerRequestIntake::throughThePipelineOnlyTheIntakeRefuses()
{
    // The apps' path: the pipeline installs the handlers from its gate's abilities. What the gate cannot
    // do was not declared, so the intake refuses it before the pipeline (its queue, flood control and
    // audit) or the gate hears of it; what was declared reaches the gate.
    ScriptedServer scripted(ClientSession::EraMode::Legacy);
    CountingGate gate;
    ServerRequestPipeline pipeline(nullptr, CallInitiator::Gui);
    pipeline.setGate(&gate);
    pipeline.configureSession(scripted.session.get(), [] { return ServerIdentity{u"scripted"_s, u"in-process"_s, {}}; });
    QVERIFY(scripted.open());
    // The pipeline runs what it answers as tasks of the client too, when the server asks (2025-11-25).
    QCOMPARE(scripted.declared,
             (QJsonObject{{u"elicitation"_s, QJsonObject{{u"form"_s, QJsonObject()}}},
                          {u"tasks"_s, QJsonObject{{u"list"_s, QJsonObject()},
                                                   {u"cancel"_s, QJsonObject()},
                                                   {u"requests"_s, QJsonObject{{u"elicitation"_s, QJsonObject{{u"create"_s, QJsonObject()}}}}}}}}));

    const Result<QJsonValue> refused = scripted.ask(u"elicitation/create"_s, urlElicitation());
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, int(ErrorCode::InvalidParams));
    QCOMPARE(refused.error().message, u"this client does not support elicitation mode \"url\""_s);
    QCOMPARE(gate.presented, 0);

    const Result<QJsonValue> dismissed = scripted.ask(u"elicitation/create"_s, formElicitation());
    QVERIFY2(dismissed.ok(), qPrintable(dismissed.ok() ? QString() : dismissed.error().message));
    QCOMPARE(dismissed.value().toObject().value(u"action"_s).toString(), u"cancel"_s);
    QCOMPARE(gate.presented, 1);
}

void tst_ServerRequestIntake::declaresWhatTheHandlersAnswer()
{
    ScriptedServer scripted(ClientSession::EraMode::Legacy);
    const auto handler = [](const QJsonObject &, const Responder &responder) { responder.respond(QJsonObject()); };
    scripted.session->setRootsHandler(handler, false);
    scripted.session->setSamplingHandler(handler, true);
    scripted.session->setElicitationHandler(handler, {u"form"_s, u"url"_s});
    QVERIFY(scripted.open());
    QCOMPARE(scripted.declared,
             (QJsonObject{{u"roots"_s, QJsonObject{{u"listChanged"_s, false}}},
                          {u"sampling"_s, QJsonObject{{u"tools"_s, QJsonObject()}}},
                          {u"elicitation"_s, QJsonObject{{u"form"_s, QJsonObject()}, {u"url"_s, QJsonObject()}}}}));
}

void tst_ServerRequestIntake::taskOnlyWhereDeclared()
{
    // 2025-11-25 basic/utilities/tasks.mdx: a receiver that did not declare tasks for a request handles it
    // as usual, ignoring its task. So a handler never sees one where it cannot answer with a task: with no
    // task handler installed, and in 2026-07-28, which has no requests of the server's own to run as tasks.
    QJsonObject withTask = formElicitation();
    withTask.insert(u"task"_s, QJsonObject{{u"ttl"_s, 1000}});
    for (const ClientSession::EraMode era : {ClientSession::EraMode::Legacy, ClientSession::EraMode::Modern}) {
        ScriptedServer scripted(era);
        QJsonObject seen;
        scripted.session->setElicitationHandler([&seen](const QJsonObject &params, const Responder &responder) {
            seen = params;
            responder.respond(QJsonObject{{u"action"_s, u"cancel"_s}});
        });
        const bool modern = era == ClientSession::EraMode::Modern;
        if (modern) {
            scripted.session->setClientTaskHandler([](const QString &, const QJsonObject &, const Responder &responder) {
                responder.respondError(makeError(ErrorCode::InternalError, u"not here"_s));
            });
        }
        QVERIFY(scripted.open());
        if (modern) {
            const Result<CallToolResult> answered = scripted.callAsking(QJsonObject{{u"method"_s, u"elicitation/create"_s}, {u"params"_s, withTask}});
            QVERIFY2(answered.ok(), qPrintable(answered.ok() ? QString() : answered.error().message));
            const QJsonObject capabilities = scripted.callMeta.value(u"io.modelcontextprotocol/clientCapabilities"_s).toObject();
            QVERIFY(capabilities.contains(u"elicitation"_s));
            QVERIFY(!capabilities.contains(u"tasks"_s));
        } else {
            const Result<QJsonValue> answered = scripted.ask(u"elicitation/create"_s, withTask);
            QVERIFY2(answered.ok(), qPrintable(answered.ok() ? QString() : answered.error().message));
            QCOMPARE(answered.value().toObject().value(u"action"_s).toString(), u"cancel"_s);
            QVERIFY(!scripted.declared.contains(u"tasks"_s));
            const Result<QJsonValue> get = scripted.ask(u"tasks/get"_s, QJsonObject{{u"taskId"_s, u"t"_s}});
            QVERIFY(!get.ok());
            QCOMPARE(get.error().code, int(ErrorCode::MethodNotFound));
        }
        QVERIFY(!seen.isEmpty());
        QVERIFY(!seen.contains(u"task"_s));
    }
}

QTEST_GUILESS_MAIN(tst_ServerRequestIntake)
#include "tst_serverrequestintake.moc"
