// McpServer in the 2026-07-28 era ("modern": server/discover, the per-request _meta envelope,
// resultType, input_required rounds, subscriptions/listen), and the era decision per connection.
// End to end: toolgate-demo-server runs as a child process over StdioTransport and a raw JsonRpcPeer
// sends exactly the messages a modern (or legacy) client sends. In process (loopback): what needs
// the server object itself (era(), the graceful end of subscriptions when it goes away).

#include "core/client/clientsession.h"
#include "npmpeers.h"
#include "rawmcppeer.h"
#include "toolcallkeyfortests.h"
#include "core/common/error.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/protocolversion.h"
#include "core/protocol/requestenvelope.h"
#include "core/server/mcpserver.h"
#include "core/transport/stdiotransport.h"
#include "../../support/loopbacktransport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

constexpr int answerTimeoutMs = TestSupport::rawAnswerTimeoutMs;

QString demoServerPath()
{
    return TestSupport::executable(u"toolgate-demo-server"_s);
}

const Implementation testClient{u"modern-test"_s, {}, u"1.0"_s};

QJsonObject formCapabilities() { return QJsonObject{{u"elicitation"_s, QJsonObject{{u"form"_s, QJsonObject()}}}}; }

// params with the envelope in _meta (merged with what _meta already holds).
QJsonObject enveloped(QJsonObject params = {}, const QJsonObject &capabilities = formCapabilities(),
                      const QString &version = QString(ProtocolVersion::modern))
{
    return TestSupport::withEnvelope(std::move(params), version, testClient, capabilities);
}

} // namespace

class tst_McpServerModern : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    // end to end, toolgate-demo-server over stdio
    void discoverDescribesTheServer();
    void envelopeIsCheckedOnEveryRequest();
    void legacyOnlyMethodsAreGone();
    void everyResultSaysComplete();
    void logMessagesFollowTheRequestsLogLevel();
    void confirmActionAsksWithInputRequired();
    void confirmActionNeedsTheDeclaredCapability();
    void listenAcknowledgesAndStampsNotifications();
    void confirmActionAsksALegacyClientWithARequest();
    void discoverThenInitializeIsLegacy();
    void toolgatesOwnClientSpeaksModernToTheDemo_data();
    void toolgatesOwnClientSpeaksModernToTheDemo();

    // in process
    void eraIsReported();
    void subscriptionsEndGracefullyWhenTheServerGoes();
};

void tst_McpServerModern::initTestCase()
{
    QVERIFY2(QFileInfo::exists(demoServerPath()), qPrintable(u"build toolgate-demo-server first: "_s + demoServerPath()));
}

void tst_McpServerModern::discoverDescribesTheServer()
{
    DemoProcess demo;
    const auto discovered = demo.request(u"server/discover"_s, enveloped());
    QVERIFY2(discovered.ok(), why(discovered).constData());
    const QJsonObject result = discovered->toObject();
    QCOMPARE(result.value(u"supportedVersions").toArray(), QJsonArray{u"2026-07-28"_s});
    QCOMPARE(result.value(u"resultType").toString(), u"complete"_s);
    QCOMPARE(result.value(u"ttlMs").toInt(-1), 0);
    QCOMPARE(result.value(u"cacheScope").toString(), u"private"_s);
    const QJsonObject capabilities = result.value(u"capabilities").toObject();
    QVERIFY(capabilities.value(u"tools").toObject().value(u"listChanged").toBool());
    QVERIFY(capabilities.value(u"resources").toObject().value(u"subscribe").toBool());
    QVERIFY(capabilities.contains(u"prompts"));
    QVERIFY(capabilities.contains(u"completions"));
    const QJsonObject serverInfo = result.value(u"_meta").toObject().value(RequestEnvelope::serverInfoKey).toObject();
    QCOMPARE(serverInfo.value(u"name").toString(), u"toolgate-demo-server"_s);
    QVERIFY(!serverInfo.value(u"version").toString().isEmpty());
    QVERIFY(result.value(u"instructions").toString().contains(u"demo://readme"));
}

void tst_McpServerModern::envelopeIsCheckedOnEveryRequest()
{
    DemoProcess demo;
    // An opening that names a revision the server does not speak: -32022, and the connection stays open.
    const auto unsupported = demo.request(u"tools/list"_s, enveloped({}, formCapabilities(), u"2099-01-01"_s));
    QVERIFY(!unsupported.ok());
    QCOMPARE(unsupported.error().code, int(ErrorCode::UnsupportedProtocolVersion));
    QCOMPARE(unsupported.error().data.toObject().value(u"supported").toArray(), QJsonArray{u"2026-07-28"_s});
    QCOMPARE(unsupported.error().data.toObject().value(u"requested").toString(), u"2099-01-01"_s);

    const auto listed = demo.request(u"tools/list"_s, enveloped());
    QVERIFY2(listed.ok(), why(listed).constData());

    // Pinned to modern now: every request is checked, not only the first one.
    const auto missing = demo.request(u"tools/list"_s);
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().code, int(ErrorCode::InvalidParams));
    QVERIFY2(missing.error().message.contains(RequestEnvelope::protocolVersionKey)
                 && missing.error().message.contains(RequestEnvelope::clientCapabilitiesKey),
             qPrintable(missing.error().message));

    QJsonObject noCapabilities = enveloped();
    QJsonObject meta = noCapabilities.value(u"_meta").toObject();
    meta.remove(RequestEnvelope::clientCapabilitiesKey);
    noCapabilities.insert(u"_meta", meta);
    const auto partial = demo.request(u"tools/list"_s, noCapabilities);
    QVERIFY(!partial.ok());
    QCOMPARE(partial.error().code, int(ErrorCode::InvalidParams));
    QVERIFY2(partial.error().message.contains(RequestEnvelope::clientCapabilitiesKey)
                 && !partial.error().message.contains(RequestEnvelope::protocolVersionKey),
             qPrintable(partial.error().message));

    const auto later = demo.request(u"tools/call"_s, enveloped({{u"name"_s, u"echo"_s}, {u"arguments"_s, QJsonObject{{u"text"_s, u"x"_s}}}},
                                                               formCapabilities(), u"2099-01-01"_s));
    QVERIFY(!later.ok());
    QCOMPARE(later.error().code, int(ErrorCode::UnsupportedProtocolVersion));
    QCOMPARE(later.error().data.toObject().value(u"supported").toArray(), QJsonArray{u"2026-07-28"_s});
    QCOMPARE(later.error().data.toObject().value(u"requested").toString(), u"2099-01-01"_s);
}

void tst_McpServerModern::legacyOnlyMethodsAreGone()
{
    DemoProcess demo;
    QVERIFY(demo.request(u"tools/list"_s, enveloped()).ok());
    for (const QString &method : {u"ping"_s, u"logging/setLevel"_s, u"resources/subscribe"_s, u"resources/unsubscribe"_s}) {
        const auto answer = demo.request(method, enveloped({{u"level"_s, u"info"_s}, {u"uri"_s, u"demo://counter"_s}}));
        QVERIFY2(!answer.ok(), qPrintable(method));
        QCOMPARE(answer.error().code, int(ErrorCode::MethodNotFound));
    }
    // initialize on a modern connection: refused the way a modern-only server refuses it.
    const auto initialize = demo.request(u"initialize"_s, {{u"protocolVersion"_s, u"2025-11-25"_s},
                                                             {u"capabilities"_s, QJsonObject()},
                                                             {u"clientInfo"_s, testClient.toJson()}});
    QVERIFY(!initialize.ok());
    QCOMPARE(initialize.error().code, int(ErrorCode::UnsupportedProtocolVersion));
    QCOMPARE(initialize.error().data.toObject().value(u"supported").toArray(), QJsonArray{u"2026-07-28"_s});
}

void tst_McpServerModern::everyResultSaysComplete()
{
    DemoProcess demo;
    const struct
    {
        QString method;
        QJsonObject params;
        bool cacheable;
    } requests[] = {
        {u"tools/list"_s, {}, true},
        {u"resources/list"_s, {}, true},
        {u"resources/templates/list"_s, {}, true},
        {u"resources/read"_s, {{u"uri"_s, u"demo://readme"_s}}, true},
        {u"prompts/list"_s, {}, true},
        {u"tools/call"_s, {{u"name"_s, u"echo"_s}, {u"arguments"_s, QJsonObject{{u"text"_s, u"modern"_s}}}}, false},
        {u"tools/call"_s, {{u"name"_s, u"add"_s}, {u"arguments"_s, QJsonObject{{u"a"_s, 2}, {u"b"_s, 3}}}}, false},
    };
    for (const auto &request : requests) {
        const auto answer = demo.request(request.method, enveloped(request.params));
        QVERIFY2(answer.ok(), qPrintable(request.method + u": "_s + QString::fromUtf8(why(answer))));
        const QJsonObject result = answer->toObject();
        QVERIFY2(result.value(u"resultType").toString() == u"complete", qPrintable(request.method));
        if (request.cacheable) {
            QVERIFY2(result.value(u"ttlMs").isDouble() && result.value(u"cacheScope").toString() == u"private",
                     qPrintable(request.method));
        }
    }
    const auto echo = demo.request(u"tools/call"_s, enveloped({{u"name"_s, u"echo"_s}, {u"arguments"_s, QJsonObject{{u"text"_s, u"hi"_s}}}}));
    QCOMPARE(firstText(echo->toObject()), u"hi"_s);

    // 2026-07-28's resource-not-found is -32602 with the uri.
    const auto missing = demo.request(u"resources/read"_s, enveloped({{u"uri"_s, u"demo://nothing-here"_s}}));
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().code, int(ErrorCode::InvalidParams));
    QCOMPARE(missing.error().data.toObject().value(u"uri").toString(), u"demo://nothing-here"_s);
}

void tst_McpServerModern::logMessagesFollowTheRequestsLogLevel()
{
    DemoProcess demo;
    RawPeer &client = *demo.client;
    const QJsonObject call{{u"name"_s, u"log_messages"_s}, {u"arguments"_s, QJsonObject()}};
    const auto silent = demo.request(u"tools/call"_s, enveloped(call));
    QVERIFY2(silent.ok(), why(silent).constData());
    QVERIFY2(firstText(silent->toObject()).contains(u"none of them"), qPrintable(firstText(silent->toObject())));
    QVERIFY(client.notificationsOf(u"notifications/message"_s).isEmpty()); // no logLevel in the envelope: no log

    QJsonObject withLevel = enveloped(call);
    QJsonObject meta = withLevel.value(u"_meta").toObject();
    meta.insert(RequestEnvelope::logLevelKey, u"warning"_s);
    withLevel.insert(u"_meta", meta);
    const auto logged = demo.request(u"tools/call"_s, withLevel);
    QVERIFY2(logged.ok(), why(logged).constData());
    QVERIFY2(firstText(logged->toObject()).contains(u"5 of them"), qPrintable(firstText(logged->toObject())));
    const auto messages = client.notificationsOf(u"notifications/message"_s);
    QCOMPARE(messages.size(), 5);
    QCOMPARE(messages.first().params().value(u"level").toString(), u"warning"_s);
    QCOMPARE(messages.last().params().value(u"level").toString(), u"emergency"_s);
}

void tst_McpServerModern::confirmActionAsksWithInputRequired()
{
    DemoProcess demo;
    const QJsonObject call{{u"name"_s, u"confirm_action"_s}, {u"arguments"_s, QJsonObject{{u"action"_s, u"empty the bin"_s}}}};
    const auto first = demo.request(u"tools/call"_s, enveloped(call));
    QVERIFY2(first.ok(), why(first).constData());
    const QJsonObject asked = first->toObject();
    QCOMPARE(asked.value(u"resultType").toString(), u"input_required"_s);
    QVERIFY(!asked.contains(u"content"));
    const QJsonObject input = asked.value(u"inputRequests").toObject().value(u"confirm").toObject();
    QCOMPARE(input.value(u"method").toString(), u"elicitation/create"_s);
    const QJsonObject params = input.value(u"params").toObject();
    QCOMPARE(params.value(u"mode").toString(), u"form"_s);
    QCOMPARE(params.value(u"message").toString(), u"Really empty the bin?"_s);
    const QJsonObject properties = params.value(u"requestedSchema").toObject().value(u"properties").toObject();
    QCOMPARE(properties.value(u"confirm").toObject().value(u"type").toString(), u"boolean"_s);
    QCOMPARE(properties.value(u"reason").toObject().value(u"type").toString(), u"string"_s);
    QVERIFY(asked.value(u"requestState").isString());
    const QString state = asked.value(u"requestState").toString();

    // The retry: the same params, a new id, the answers and the state.
    QJsonObject retry = call;
    retry.insert(u"inputResponses", QJsonObject{{u"confirm"_s, QJsonObject{{u"action"_s, u"accept"_s},
                                                                          {u"content"_s, QJsonObject{{u"confirm"_s, true},
                                                                                                     {u"reason"_s, u"it is full"_s}}}}}});
    retry.insert(u"requestState", state);
    const auto done = demo.request(u"tools/call"_s, enveloped(retry));
    QVERIFY2(done.ok(), why(done).constData());
    QCOMPARE(done->toObject().value(u"resultType").toString(), u"complete"_s);
    const QString text = firstText(done->toObject());
    QVERIFY2(text.startsWith(u"accepted:") && text.contains(u"confirm = true") && text.contains(u"it is full"), qPrintable(text));

    retry.insert(u"inputResponses", QJsonObject{{u"confirm"_s, QJsonObject{{u"action"_s, u"decline"_s}}}});
    const auto declined = demo.request(u"tools/call"_s, enveloped(retry));
    QVERIFY2(declined.ok(), why(declined).constData());
    QVERIFY2(firstText(declined->toObject()).startsWith(u"declined:"), qPrintable(firstText(declined->toObject())));

    retry.insert(u"inputResponses", QJsonObject{{u"confirm"_s, QJsonObject{{u"action"_s, u"cancel"_s}}}});
    const auto cancelled = demo.request(u"tools/call"_s, enveloped(retry));
    QVERIFY2(firstText(cancelled->toObject()).startsWith(u"cancelled:"), qPrintable(firstText(cancelled->toObject())));
}

void tst_McpServerModern::confirmActionNeedsTheDeclaredCapability()
{
    DemoProcess demo;
    const auto answer = demo.request(u"tools/call"_s, enveloped({{u"name"_s, u"confirm_action"_s}, {u"arguments"_s, QJsonObject()}},
                                                                QJsonObject()));
    QVERIFY(!answer.ok());
    QCOMPARE(answer.error().code, int(ErrorCode::MissingRequiredClientCapability));
    QVERIFY(answer.error().data.toObject().value(u"requiredCapabilities").toObject().value(u"elicitation").toObject().contains(u"form"));
}

void tst_McpServerModern::listenAcknowledgesAndStampsNotifications()
{
    DemoProcess demo;
    RawPeer &client = *demo.client;
    std::optional<Result<QJsonValue>> listenAnswer;
    const RequestId listenId = client.peer->sendRequest(
        u"subscriptions/listen"_s,
        enveloped({{u"notifications"_s, QJsonObject{{u"toolsListChanged"_s, true},
                                                    {u"resourceSubscriptions"_s, QJsonArray{u"demo://counter"_s}}}}}),
        &client.context, [&listenAnswer](const Result<QJsonValue> &result) { listenAnswer = result; });
    QVERIFY(QTest::qWaitFor([&] { return !client.notificationsOf(u"notifications/subscriptions/acknowledged"_s).isEmpty(); },
                            answerTimeoutMs));
    const JsonRpcMessage ack = client.notifications.first();
    QCOMPARE(ack.method(), u"notifications/subscriptions/acknowledged"_s); // the first message of the subscription
    QCOMPARE(ack.params().value(u"_meta").toObject().value(RequestEnvelope::subscriptionIdKey), listenId.toJson());
    const QJsonObject honored = ack.params().value(u"notifications").toObject();
    QVERIFY(honored.value(u"toolsListChanged").toBool());
    QCOMPARE(honored.value(u"resourceSubscriptions").toArray(), QJsonArray{u"demo://counter"_s});
    QVERIFY(!honored.contains(u"promptsListChanged"));

    // change_catalog changes all three lists; only the tools' change was asked for.
    const auto changed = demo.request(u"tools/call"_s, enveloped({{u"name"_s, u"change_catalog"_s}, {u"arguments"_s, QJsonObject()}}));
    QVERIFY2(changed.ok(), why(changed).constData());
    QVERIFY(QTest::qWaitFor([&] { return !client.notificationsOf(u"notifications/tools/list_changed"_s).isEmpty(); }, answerTimeoutMs));
    const JsonRpcMessage toolsChanged = client.notificationsOf(u"notifications/tools/list_changed"_s).first();
    QCOMPARE(toolsChanged.params().value(u"_meta").toObject().value(RequestEnvelope::subscriptionIdKey), listenId.toJson());

    const auto touched = demo.request(u"tools/call"_s, enveloped({{u"name"_s, u"touch_resource"_s}, {u"arguments"_s, QJsonObject()}}));
    QVERIFY2(touched.ok(), why(touched).constData());
    QVERIFY(QTest::qWaitFor([&] { return !client.notificationsOf(u"notifications/resources/updated"_s).isEmpty(); }, answerTimeoutMs));
    const JsonRpcMessage updated = client.notificationsOf(u"notifications/resources/updated"_s).first();
    QCOMPARE(updated.params().value(u"uri").toString(), u"demo://counter"_s);
    QCOMPARE(updated.params().value(u"_meta").toObject().value(RequestEnvelope::subscriptionIdKey), listenId.toJson());

    QVERIFY(demo.request(u"tools/list"_s, enveloped()).ok()); // a round trip: anything queued has arrived
    QVERIFY(client.notificationsOf(u"notifications/prompts/list_changed"_s).isEmpty());
    QVERIFY(client.notificationsOf(u"notifications/resources/list_changed"_s).isEmpty());
    QVERIFY(!listenAnswer.has_value()); // the subscription is still open

    // Cancelling the listen request ends the subscription: nothing more is sent for it.
    QVERIFY(client.peer->cancel(listenId, u"done"_s));
    const qsizetype before = client.notifications.size();
    QVERIFY(demo.request(u"tools/call"_s, enveloped({{u"name"_s, u"change_catalog"_s}, {u"arguments"_s, QJsonObject()}})).ok());
    QVERIFY(demo.request(u"tools/list"_s, enveloped()).ok());
    QCOMPARE(client.notifications.size(), before);
}

void tst_McpServerModern::confirmActionAsksALegacyClientWithARequest()
{
    DemoProcess demo;
    RawPeer &client = *demo.client;
    QJsonObject asked;
    client.elicitationAnswer = [&asked](const JsonRpcMessage &request) {
        asked = request.params();
        return QJsonObject{{u"action"_s, u"accept"_s}, {u"content"_s, QJsonObject{{u"confirm"_s, false}, {u"reason"_s, u"not today"_s}}}};
    };
    const auto initialized = demo.request(u"initialize"_s, {{u"protocolVersion"_s, u"2025-11-25"_s},
                                                              {u"capabilities"_s, formCapabilities()},
                                                              {u"clientInfo"_s, testClient.toJson()}});
    QVERIFY2(initialized.ok(), why(initialized).constData());
    client.peer->sendNotification(u"notifications/initialized"_s);

    const auto done = demo.request(u"tools/call"_s, {{u"name"_s, u"confirm_action"_s},
                                                      {u"arguments"_s, QJsonObject{{u"action"_s, u"empty the bin"_s}}}});
    QVERIFY2(done.ok(), why(done).constData());
    QCOMPARE(asked.value(u"message").toString(), u"Really empty the bin?"_s);
    QCOMPARE(asked.value(u"mode").toString(), u"form"_s);
    QVERIFY(asked.value(u"requestedSchema").toObject().value(u"properties").toObject().contains(u"confirm"));
    QVERIFY(!done->toObject().contains(u"resultType")); // the legacy era has none
    const QString text = firstText(done->toObject());
    QVERIFY2(text.startsWith(u"accepted:") && text.contains(u"confirm = false") && text.contains(u"not today"), qPrintable(text));

    // The modern-only methods do not exist for a legacy connection.
    const auto discover = demo.request(u"server/discover"_s, enveloped());
    QVERIFY(!discover.ok());
    QCOMPARE(discover.error().code, int(ErrorCode::MethodNotFound));
}

void tst_McpServerModern::discoverThenInitializeIsLegacy()
{
    DemoProcess demo;
    QVERIFY(demo.request(u"server/discover"_s, enveloped()).ok());
    // An older client (or a client's probe) may still open the initialize era afterwards.
    const auto initialized = demo.request(u"initialize"_s, {{u"protocolVersion"_s, u"2025-06-18"_s},
                                                              {u"capabilities"_s, QJsonObject()},
                                                              {u"clientInfo"_s, testClient.toJson()}});
    QVERIFY2(initialized.ok(), why(initialized).constData());
    QCOMPARE(initialized->toObject().value(u"protocolVersion").toString(), u"2025-06-18"_s);
    demo.client->peer->sendNotification(u"notifications/initialized"_s);
    QVERIFY(demo.request(u"ping"_s).ok());
    // A legacy client without the elicitation capability gets a tool error in words, not a hang.
    const auto call = demo.request(u"tools/call"_s, {{u"name"_s, u"confirm_action"_s}, {u"arguments"_s, QJsonObject()}});
    QVERIFY2(call.ok(), why(call).constData());
    QVERIFY(call->toObject().value(u"isError").toBool());
    QVERIFY2(firstText(call->toObject()).contains(u"elicitation/create"), qPrintable(firstText(call->toObject())));
}

void tst_McpServerModern::toolgatesOwnClientSpeaksModernToTheDemo_data()
{
    QTest::addColumn<ClientSession::EraMode>("mode");
    QTest::addColumn<QString>("decidedBy");
    QTest::newRow("Modern") << ClientSession::EraMode::Modern << u"server/discover"_s;
    QTest::newRow("PreferModern") << ClientSession::EraMode::PreferModern << u"server/discover"_s;
}

void tst_McpServerModern::toolgatesOwnClientSpeaksModernToTheDemo()
{
    QFETCH(ClientSession::EraMode, mode);
    QFETCH(QString, decidedBy);
    StdioLaunchSpec spec;
    spec.program = demoServerPath();
    ClientSession::Options options;
    options.era = mode;
    ClientSession session(std::make_unique<StdioTransport>(spec), options);
    session.connectToServer();
    QVERIFY2(QTest::qWaitFor([&] { return session.isReady() || session.state() == ClientSession::State::Failed; }, answerTimeoutMs),
             "the session did not settle");
    QVERIFY2(session.isReady(), qPrintable(session.lastError().toString()));
    QCOMPARE(session.era(), ProtocolEra::Modern);
    QCOMPARE(session.protocolVersion(), u"2026-07-28"_s);
    QCOMPARE(session.eraDecidedBy(), decidedBy);
    QCOMPARE(session.discoverResult().serverInfo.name, u"toolgate-demo-server"_s);

    std::optional<Result<QList<Tool>>> tools;
    session.listTools(&session, [&tools](const Result<QList<Tool>> &result) { tools = result; });
    QVERIFY(QTest::qWaitFor([&] { return tools.has_value(); }, answerTimeoutMs));
    QVERIFY2(tools->ok(), qPrintable(tools->ok() ? QString() : tools->error().toString()));
    QVERIFY(std::any_of(tools->value().cbegin(), tools->value().cend(), [](const Tool &t) { return t.name == u"confirm_action"; }));

    std::optional<Result<CallToolResult>> echo;
    session.callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"both eras"_s}}, {}, &session,
                     [&echo](const Result<CallToolResult> &result) { echo = result; });
    QVERIFY(QTest::qWaitFor([&] { return echo.has_value(); }, answerTimeoutMs));
    QVERIFY2(echo->ok(), qPrintable(echo->ok() ? QString() : echo->error().toString()));
    QCOMPARE(echo->value().textSummary(), u"both eras"_s);
}

void tst_McpServerModern::eraIsReported()
{
    auto [clientEnd, serverEnd] = LoopbackTransport::createPair();
    McpServer server(serverEnd.get(), {u"era-test"_s, {}, u"1.0"_s});
    RawPeer client(clientEnd.get());
    server.start();
    clientEnd->start();
    QCOMPARE(server.era(), ProtocolEra::Legacy);
    QVERIFY(server.protocolVersion().isEmpty());

    QVERIFY(client.request(u"server/discover"_s, enveloped()).ok());
    QCOMPARE(server.era(), ProtocolEra::Modern);
    QVERIFY(!server.isInitialized()); // discover alone does not pin the connection

    QVERIFY(client.request(u"tools/list"_s, enveloped()).ok());
    QCOMPARE(server.era(), ProtocolEra::Modern);
    QVERIFY(server.isInitialized());
    QCOMPARE(server.protocolVersion(), u"2026-07-28"_s);
    QCOMPARE(server.clientInfo().name, u"modern-test"_s);
    QCOMPARE(server.clientCapabilities(), formCapabilities());
}

void tst_McpServerModern::subscriptionsEndGracefullyWhenTheServerGoes()
{
    auto [clientEnd, serverEnd] = LoopbackTransport::createPair();
    auto server = std::make_unique<McpServer>(serverEnd.get(), Implementation{u"graceful"_s, {}, u"2.0"_s});
    QVERIFY(server->addTool(Tool::fromJson(QJsonObject{{u"name"_s, u"noop"_s}, {u"inputSchema"_s, QJsonObject{{u"type"_s, u"object"_s}}}}),
                            [](const ToolCallContext &call) { call.respond({}); }));
    RawPeer client(clientEnd.get());
    server->start();
    clientEnd->start();

    std::optional<Result<QJsonValue>> listenAnswer;
    const RequestId listenId = client.peer->sendRequest(
        u"subscriptions/listen"_s, enveloped({{u"notifications"_s, QJsonObject{{u"toolsListChanged"_s, true}}}}), &client.context,
        [&listenAnswer](const Result<QJsonValue> &result) { listenAnswer = result; });
    QVERIFY(QTest::qWaitFor([&] { return !server->subscriptionIds().isEmpty(); }, answerTimeoutMs));
    QCOMPARE(server->subscriptionIds(), QList<RequestId>{listenId});

    // Asking only for what the server does not offer (it has no prompts): acknowledged with nothing, and ended at once.
    const auto nothing = client.request(u"subscriptions/listen"_s,
                                        enveloped({{u"notifications"_s, QJsonObject{{u"promptsListChanged"_s, true}}}}));
    QVERIFY2(nothing.ok(), why(nothing).constData());
    QCOMPARE(nothing->toObject().value(u"resultType").toString(), u"complete"_s);
    const auto acks = client.notificationsOf(u"notifications/subscriptions/acknowledged"_s);
    QCOMPARE(acks.size(), 2);
    QCOMPARE(acks.last().params().value(u"notifications").toObject(), QJsonObject());
    QCOMPARE(server->subscriptionIds(), QList<RequestId>{listenId});

    server.reset(); // shutting down: each open subscription gets its graceful result
    QVERIFY(QTest::qWaitFor([&] { return listenAnswer.has_value(); }, answerTimeoutMs));
    QVERIFY2(listenAnswer->ok(), why(*listenAnswer).constData());
    const QJsonObject result = listenAnswer->value().toObject();
    QCOMPARE(result.value(u"resultType").toString(), u"complete"_s);
    QCOMPARE(result.value(u"_meta").toObject().value(RequestEnvelope::subscriptionIdKey), listenId.toJson());
    QCOMPARE(result.value(u"_meta").toObject().value(RequestEnvelope::serverInfoKey).toObject().value(u"name").toString(), u"graceful"_s);
}

QTEST_GUILESS_MAIN(tst_McpServerModern)
#include "tst_mcpservermodern.moc"
