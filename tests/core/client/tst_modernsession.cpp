// ClientSession in the modern era (MCP 2026-07-28, issue 15): server/discover instead of initialize, the
// _meta envelope on every request, resultType. Against the real TypeScript SDK v2 peer
// (tests/npm/peers/modern-server.mjs) over stdio, which refuses any request without the envelope; and,
// for what no real server sends (an unknown resultType, a refusal that contradicts itself), against a
// scripted JSON-RPC peer on an in-process transport pair that records the bytes the session wrote.

#include "loopbacktransport.h"
#include "modernpeer.h"
#include "npmpeers.h"
#include "postedevents.h"
#include "sessionwaits.h"
#include "testtable.h"
#include "toolcallkeyfortests.h"

#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/jsonrpc/jsonwriter.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/protocolversion.h"
#include "core/transport/stdiotransport.h"
#include "core/transport/streamablehttptransport.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;
using Toolgate::TestSupport::connectAndWait;
using Toolgate::TestSupport::disconnectAndWait;

#define AWAIT_OK(var, T, call) TOOLGATE_AWAIT_OK(var, T, 15000, call)

namespace {

QString peerScript()
{
    return TestSupport::modernPeerScript();
}

std::unique_ptr<StdioTransport> peerTransport(const QString &era)
{
    StdioLaunchSpec spec{TestSupport::nodeBinary(), {peerScript(), u"--transport"_s, u"stdio"_s, u"--era"_s, era}, {}, {}, false};
    return std::make_unique<StdioTransport>(spec);
}

ClientSession::Options optionsFor(ClientSession::EraMode era)
{
    ClientSession::Options options;
    options.era = era;
    options.initializeTimeout = std::chrono::seconds(20);
    return options;
}

using HttpPeer = TestSupport::ModernHttpPeer;

std::unique_ptr<StreamableHttpTransport> httpTransport(const QUrl &url)
{
    HttpTransportOptions options;
    options.url = url;
    return std::make_unique<StreamableHttpTransport>(options);
}

/// Waits for ready() or failed(); true when ready.
const QString envelopeVersion = u"io.modelcontextprotocol/protocolVersion"_s;
const QString envelopeClientInfo = u"io.modelcontextprotocol/clientInfo"_s;
const QString envelopeCapabilities = u"io.modelcontextprotocol/clientCapabilities"_s;
const QString envelopeLogLevel = u"io.modelcontextprotocol/logLevel"_s;

QJsonObject discoverResult()
{
    return QJsonObject{{u"supportedVersions"_s, QJsonArray{u"2026-07-28"_s}},
                       {u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject()}, {u"logging"_s, QJsonObject()}}},
                       {u"resultType"_s, u"complete"_s},
                       {u"_meta"_s, QJsonObject{{u"io.modelcontextprotocol/serverInfo"_s,
                                                 QJsonObject{{u"name"_s, u"scripted"_s}, {u"version"_s, u"1"_s}}}}}};
}

/// A ClientSession on one end of a loopback pair and a JSON-RPC peer on the other, which the test scripts.
struct ScriptedServer
{
    ScriptedServer()
    {
        auto [clientEnd, serverEnd] = TestSupport::LoopbackTransport::createPair();
        server = std::move(serverEnd);
        peer = std::make_unique<JsonRpcPeer>(server.get());
        peer->setRemote(JsonRpcPeer::Remote::Client);
        clientTransport = std::move(clientEnd);
    }
    ~ScriptedServer()
    {
        session.reset();
        peer.reset();
    }
    /// Every request the session sent with this method, as the server received it.
    QList<QJsonObject> requests(const QString &method) const
    {
        QList<QJsonObject> out;
        for (const QByteArray &message : server->received) {
            const QJsonObject o = QJsonDocument::fromJson(message).object();
            if (o.value(u"method"_s).toString() == method)
                out.append(o);
        }
        return out;
    }
    bool open(ClientSession::EraMode era, const std::function<void(ClientSession &)> &configure = {})
    {
        server->start();
        ClientSession::Options options = optionsFor(era);
        if (firstRelistenDelay)
            options.firstRelistenDelay = *firstRelistenDelay;
        session = std::make_unique<ClientSession>(std::move(clientTransport), options);
        if (configure)
            configure(*session);
        return connectAndWait(*session, 5000);
    }
    /// Answers a request with this exact text as its result (QJsonObject would sort the keys).
    void respondRaw(const Responder &responder, const QByteArray &resultJson)
    {
        QByteArray message = "{\"jsonrpc\":\"2.0\",\"id\":";
        JsonWriter::appendValue(message, responder.id().toJson());
        server->send(message + ",\"result\":" + resultJson + '}');
        held.append(responder); // answered above, behind its back: kept so that it sends nothing itself
    }
    QList<Responder> held;
    /// Set before open(): the session's Options::firstRelistenDelay (else the product's).
    std::optional<std::chrono::milliseconds> firstRelistenDelay;

    std::unique_ptr<TestSupport::LoopbackTransport> clientTransport;
    std::unique_ptr<TestSupport::LoopbackTransport> server;
    std::unique_ptr<JsonRpcPeer> peer;
    std::unique_ptr<ClientSession> session;
};

/// Sends method on session (tools/list, tools/call, resources/read, prompts/get or completion/complete)
/// and waits for its answer; the error, if it failed.
std::optional<Error> callAndWait(ClientSession &session, const QString &method, const ClientSession::CallOptions &options = {})
{
    std::optional<Error> failure;
    bool answered = false;
    const auto note = [&](const auto &result) {
        answered = true;
        if (!result.ok())
            failure = result.error();
    };
    QObject context;
    if (method == u"tools/list")
        session.listTools(&context, [&](const Result<QList<Tool>> &r) { note(r); });
    else if (method == u"tools/call")
        session.callTool(ToolCallKeyForTests::make(), u"t"_s, QJsonObject{{u"n"_s, 1}}, options, &context,
                         [&](const Result<CallToolResult> &r) { note(r); });
    else if (method == u"resources/read")
        session.readResource(u"x:/y"_s, &context, [&](const Result<ReadResourceResult> &r) { note(r); });
    else if (method == u"completion/complete")
        session.complete(CompletionReference::prompt(u"p"_s), u"a"_s, u"v"_s, {}, &context,
                         [&](const Result<CompleteResult> &r) { note(r); });
    else
        session.getPrompt(u"p"_s, {{u"a"_s, u"b"_s}}, &context, [&](const Result<GetPromptResult> &r) { note(r); });
    QDeadlineTimer deadline(10000);
    while (!answered && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    if (!answered)
        return Error{0, u"no answer within 10 s"_s, {}};
    return failure;
}

/// What a test's server-request handlers saw: the params and the responder of each request, by method.
struct InputLog
{
    struct Entry
    {
        QString method;
        QJsonObject params;
        Responder responder;
        std::optional<ClientSession::EmbeddedRequestOrigin> origin;
    };
    QList<Entry> entries;
    /// Installs handlers for all three kinds that answer with answers[method] (or keep the responder
    /// unanswered when there is none).
    void install(ClientSession &session, const QHash<QString, QJsonObject> &answers)
    {
        const auto handlerFor = [this, &session, answers](const QString &method) {
            return [this, &session, answers, method](const QJsonObject &params, const Responder &responder) {
                entries.append({method, params, responder, session.embeddedRequestOrigin(responder.id())});
                if (answers.contains(method))
                    responder.respond(answers.value(method));
            };
        };
        session.setElicitationHandler(handlerFor(u"elicitation/create"_s));
        session.setSamplingHandler(handlerFor(u"sampling/createMessage"_s));
        session.setRootsHandler(handlerFor(u"roots/list"_s));
    }
};

const QJsonObject samplingAnswer{{u"role"_s, u"assistant"_s},
                                 {u"content"_s, QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"forty-two"_s}}},
                                 {u"model"_s, u"test-model"_s}};
const QJsonObject rootsAnswer{{u"roots"_s, QJsonArray{QJsonObject{{u"uri"_s, u"file:///work/project"_s}}}}};

} // namespace

class tst_ModernSession : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    // The real peer, over stdio.
    void opensWithServerDiscover();
    void listsAndCalls_data();
    void listsAndCalls();
    void readsResourceAndPrompt();
    void unknownResourceIsAnError();
    void inputNeedsAnUndeclaredCapability();
    void loggingNeedsTheCapability();
    void pingDoesNotExist();
    void legacySessionAgainstModernOnlyServer();
    void legacySessionAgainstDualServer();
    void inputRequestsGoToTheHandlers_data();
    void inputRequestsGoToTheHandlers();
    void inputNotGivenEndsTheCall();
    void cancelWhileAskingWithdrawsTheQuestions();
    void listsAndCallsOverHttp_data();
    void listsAndCallsOverHttp();
    void cancelOverHttpClosesTheStream();
    void aBrokenStreamIsSentAgainOnlyWhenSafe_data();
    void aBrokenStreamIsSentAgainOnlyWhenSafe();
    void stdioIgnoresArgumentHeaders();
    void listChangesArriveOnTheListen_data();
    void listChangesArriveOnTheListen();
    void headerRefusalRelistsAndRetriesOnce();

    // A scripted peer: the bytes on the wire, and answers no real server gives.
    void envelopeOnEveryRequest();
    void legacyRequestsCarryNoEnvelope();
    void resultType_data();
    void resultType();
    void legacyResultTypeIsNotJudged();
    void modernErrorsInWords();
    void legacyErrorsKeepTheServersWords();
    void discoverRefusedWithMethodNotFound();
    void discoverRefusesTheVersionItLists();
    void discoverRetriedOnceWithTheVersionItLists();
    void retryCarriesTheAnswersAndTheStateAsSent_data();
    void retryCarriesTheAnswersAndTheStateAsSent();
    void inputRoundsAreBounded();
    void unreadableInputRequests_data();
    void unreadableInputRequests();
    void inputOfAnUndeclaredKindEndsTheCall();
    void embeddedFormKeepsTheServersFieldOrder();
    void disconnectWhileAskingAnswersTheCall();
    void listenIsAcknowledgedAndRenewed();
    void listenUnknownToTheServer();
    void readsAreCachedWhileFresh();

private:
    std::unique_ptr<ClientSession> m_session;
    void connectPeer(const QString &era, ClientSession::EraMode mode = ClientSession::EraMode::Modern);
};

void tst_ModernSession::initTestCase()
{
    const QString missing = TestSupport::missingNpmPeers();
    if (!missing.isEmpty())
        QFAIL(qPrintable(missing));
    QVERIFY2(QFileInfo::exists(peerScript()), qPrintable(peerScript()));
}

void tst_ModernSession::cleanup()
{
    if (m_session && m_session->state() != ClientSession::State::Closed)
        (void)disconnectAndWait(*m_session);
    m_session.reset();
}

void tst_ModernSession::connectPeer(const QString &era, ClientSession::EraMode mode)
{
    m_session = std::make_unique<ClientSession>(peerTransport(era), optionsFor(mode));
    const bool ready = connectAndWait(*m_session);
    QVERIFY2(ready, qPrintable(m_session->lastError().message));
}

void tst_ModernSession::opensWithServerDiscover()
{
    connectPeer(u"modern"_s);
    QCOMPARE(m_session->state(), ClientSession::State::Ready);
    QCOMPARE(m_session->era(), ProtocolEra::Modern);
    QCOMPARE(m_session->protocolVersion(), u"2026-07-28"_s);
    QCOMPARE(m_session->serverInfo().name, u"toolgate-modern-peer"_s);
    QVERIFY(m_session->serverCapabilities().tools);
    QVERIFY(m_session->serverCapabilities().toolsListChanged);
    QVERIFY(m_session->serverCapabilities().resources);
    QVERIFY(m_session->serverCapabilities().prompts);
    QCOMPARE(m_session->discoverResult().supportedVersions, QStringList{u"2026-07-28"_s});
    QCOMPARE(m_session->discoverResult().cacheScope, u"private"_s);
}

void tst_ModernSession::listsAndCalls_data()
{
    QTest::addColumn<QString>("era");
    QTest::addRow("modern-only server") << u"modern"_s;
    QTest::addRow("dual-era server") << u"dual"_s;
}

void tst_ModernSession::listsAndCalls()
{
    QFETCH(QString, era);
    connectPeer(era);
    QCOMPARE(m_session->era(), ProtocolEra::Modern);

    // The peer answers a request without the envelope with -32602: each success below carried it.
    AWAIT_OK(tools, QList<Tool>, m_session->listTools(c, cb));
    for (const char *name : {"echo", "add", "confirm_action", "ask_model", "list_workspace", "change_tools"})
        QVERIFY2(TestSupport::findTool(tools, QLatin1StringView(name)).has_value(), name);
    const std::optional<Tool> add = TestSupport::findTool(tools, u"add"_s);
    QVERIFY(!add->outputSchema.isEmpty());

    ClientSession::CallOptions options;
    options.onProgress = [](const ProgressUpdate &) {}; // a progressToken of our own in _meta, next to the envelope
    AWAIT_OK(echo, CallToolResult,
             m_session->callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"hello, 2026 ✓"_s}},
                                 options, c, cb));
    QVERIFY(!echo.isError);
    QCOMPARE(echo.textSummary(), u"hello, 2026 ✓"_s);
    QCOMPARE(echo.raw.value(u"resultType"_s).toString(), u"complete"_s);

    ClientSession::CallOptions plain;
    plain.argumentOrder = JsonKeyOrder(); // no order asked for
    AWAIT_OK(sum, CallToolResult,
             m_session->callTool(ToolCallKeyForTests::make(), u"add"_s, QJsonObject{{u"a"_s, 2}, {u"b"_s, 3.5}}, plain, c, cb));
    QVERIFY(!sum.isError);
    QCOMPARE(sum.textSummary(), u"5.5"_s);
    QVERIFY(sum.structuredContent.has_value());
    QCOMPARE(sum.structuredContent->value(u"sum"_s).toDouble(), 5.5);
}

void tst_ModernSession::readsResourceAndPrompt()
{
    connectPeer(u"modern"_s);
    AWAIT_OK(resources, QList<Resource>, m_session->listResources(c, cb));
    QCOMPARE(resources.size(), 1);
    QCOMPARE(resources.first().uri, u"toolgate://peer/readme"_s);
    AWAIT_OK(read, ReadResourceResult, m_session->readResource(u"toolgate://peer/readme"_s, c, cb));
    QCOMPARE(read.contents.size(), 1);
    QCOMPARE(read.contents.first().text.value_or(QString()), u"This is the modern test peer."_s);

    AWAIT_OK(prompts, QList<Prompt>, m_session->listPrompts(c, cb));
    QCOMPARE(prompts.size(), 1);
    AWAIT_OK(prompt, GetPromptResult, m_session->getPrompt(u"greeting"_s, {{u"name"_s, u"Ada"_s}}, c, cb));
    QCOMPARE(prompt.messages.size(), 1);
    QCOMPARE(prompt.messages.first().content.text, u"Hello, Ada!"_s);
}

void tst_ModernSession::unknownResourceIsAnError()
{
    connectPeer(u"modern"_s);
    const auto answer = TestSupport::await<ReadResourceResult>(
        [this](QObject *c, auto cb) { m_session->readResource(u"toolgate://peer/missing"_s, c, cb); });
    QVERIFY(answer.has_value());
    QVERIFY(!answer->ok());
    // 2026-07-28's resource-not-found is -32602 with data.uri (SEP-2164).
    QCOMPARE(answer->error().code, int(ErrorCode::InvalidParams));
    QCOMPARE(answer->error().data.toObject().value(u"uri"_s).toString(), u"toolgate://peer/missing"_s);
    QVERIFY2(answer->error().message.startsWith(u"the server has no resource toolgate://peer/missing ("_s), qPrintable(answer->error().message));
    QCOMPARE(m_session->state(), ClientSession::State::Ready);
}

void tst_ModernSession::inputNeedsAnUndeclaredCapability()
{
    // A session with no handlers for server requests declares no elicitation in the envelope, and the
    // server says so with -32021 instead of asking.
    connectPeer(u"modern"_s);
    const auto answer = TestSupport::await<CallToolResult>([this](QObject *c, auto cb) {
        m_session->callTool(ToolCallKeyForTests::make(), u"confirm_action"_s, QJsonObject{{u"action"_s, u"delete"_s}},
                            {}, c, cb);
    });
    QVERIFY(answer.has_value());
    QVERIFY(!answer->ok());
    QCOMPARE(answer->error().code, int(ErrorCode::MissingRequiredClientCapability));
    QVERIFY(answer->error().data.toObject().value(u"requiredCapabilities"_s).toObject().contains(u"elicitation"_s));
    QVERIFY2(answer->error().message.startsWith(u"the server needs client capabilities that Toolgate did not declare for this request (elicitation): "_s),
             qPrintable(answer->error().message));
    QCOMPARE(m_session->state(), ClientSession::State::Ready);
}

void tst_ModernSession::loggingNeedsTheCapability()
{
    connectPeer(u"modern"_s);
    // The peer declares no logging capability: that is still checked as in the legacy era (the level
    // itself travelling in the envelope is checked in envelopeOnEveryRequest).
    const auto refused = TestSupport::await<std::monostate>(
        [this](QObject *c, auto cb) { m_session->setLoggingLevel(LoggingLevel::Debug, c, cb); });
    QVERIFY(refused.has_value());
    QVERIFY(!refused->ok());
    QCOMPARE(refused->error().code, int(ErrorCode::MethodNotFound));
    AWAIT_OK(echo, CallToolResult,
             m_session->callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"still here"_s}}, {}, c, cb));
    QCOMPARE(echo.textSummary(), u"still here"_s);
}

void tst_ModernSession::pingDoesNotExist()
{
    connectPeer(u"modern"_s);
    const auto answer = TestSupport::await<std::monostate>([this](QObject *c, auto cb) { m_session->ping(c, cb); });
    QVERIFY(answer.has_value());
    QVERIFY(!answer->ok());
    QCOMPARE(answer->error().code, int(ErrorCode::MethodNotFound));
    QVERIFY2(answer->error().message.contains(u"2026-07-28"_s), qPrintable(answer->error().message));
}

void tst_ModernSession::legacySessionAgainstModernOnlyServer()
{
    // Today's symptom (issue 15): "Unsupported protocol version: 2025-11-25". Now it says what to do.
    m_session = std::make_unique<ClientSession>(peerTransport(u"modern"_s), optionsFor(ClientSession::EraMode::Legacy));
    QVERIFY(!connectAndWait(*m_session));
    QCOMPARE(m_session->state(), ClientSession::State::Failed);
    const Error error = m_session->lastError();
    QCOMPARE(error.code, int(ErrorCode::UnsupportedProtocolVersion));
    QVERIFY2(error.message.contains(u"speaks only MCP 2026-07-28"_s), qPrintable(error.message));
    QVERIFY2(error.message.contains(u"protocol era"_s), qPrintable(error.message));
}

void tst_ModernSession::legacySessionAgainstDualServer()
{
    // The legacy path is today's: initialize, no envelope, and the dual peer serves it.
    connectPeer(u"dual"_s, ClientSession::EraMode::Legacy);
    QCOMPARE(m_session->era(), ProtocolEra::Legacy);
    QCOMPARE(m_session->protocolVersion(), QString(ProtocolVersion::latestLegacy));
    QVERIFY(m_session->discoverResult().supportedVersions.isEmpty());
    AWAIT_OK(echo, CallToolResult,
             m_session->callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"legacy"_s}}, {}, c, cb));
    QCOMPARE(echo.textSummary(), u"legacy"_s);
}

void tst_ModernSession::inputRequestsGoToTheHandlers_data()
{
    TestSupport::addColumns<QString, QJsonObject, QString, QJsonObject, QString>("tool", "arguments", "method", "answer", "result");
    QTest::addRow("elicitation, accepted")
        << u"confirm_action"_s << QJsonObject{{u"action"_s, u"delete"_s}} << u"elicitation/create"_s
        << QJsonObject{{u"action"_s, u"accept"_s}, {u"content"_s, QJsonObject{{u"confirm"_s, true}, {u"reason"_s, u"tidy up"_s}}}}
        << u"delete: done, confirmed; reason: tidy up"_s;
    QTest::addRow("elicitation, declined")
        << u"confirm_action"_s << QJsonObject{{u"action"_s, u"delete"_s}} << u"elicitation/create"_s
        << QJsonObject{{u"action"_s, u"decline"_s}} << u"delete: not done, the person chose decline"_s;
    QTest::addRow("sampling") << u"ask_model"_s << QJsonObject{{u"question"_s, u"six times seven?"_s}} << u"sampling/createMessage"_s
                              << samplingAnswer << u"model test-model said: forty-two"_s;
    QTest::addRow("roots") << u"list_workspace"_s << QJsonObject() << u"roots/list"_s << rootsAnswer
                           << u"roots: file:///work/project"_s;
}

void tst_ModernSession::inputRequestsGoToTheHandlers()
{
    // The real SDK v2 peer answers these tools with an InputRequiredResult (MRTR); the session hands the
    // embedded request to the handler installed for its method, as it would a legacy server request, and
    // the server finishes the tool with the answer it gets back.
    QFETCH(QString, tool);
    QFETCH(QJsonObject, arguments);
    QFETCH(QString, method);
    QFETCH(QJsonObject, answer);
    QFETCH(QString, result);

    InputLog log;
    m_session = std::make_unique<ClientSession>(peerTransport(u"modern"_s), optionsFor(ClientSession::EraMode::Modern));
    log.install(*m_session, {{method, answer}});
    QVERIFY2(connectAndWait(*m_session), qPrintable(m_session->lastError().message));

    QList<InputRound> rounds;
    ClientSession::CallOptions options;
    options.onInputRound = [&rounds](const InputRound &round) { rounds.append(round); };
    options.auditCallId = 4711;
    RequestId firstId;
    AWAIT_OK(called, CallToolResult, firstId = m_session->callTool(ToolCallKeyForTests::make(), tool, arguments, options, c, cb));
    QCOMPARE(called.content.size(), 1);
    QCOMPARE(called.content.first().text, result);
    QVERIFY(!called.isError);

    QCOMPARE(log.entries.size(), 1);
    QCOMPARE(log.entries.first().method, method);
    if (method == u"elicitation/create")
        QCOMPARE(log.entries.first().params.value(u"message"_s).toString(), u"Really delete?"_s);
    // The handler could tell where the request came from (the audit records it with the call).
    QVERIFY(log.entries.first().origin.has_value());
    QCOMPARE(log.entries.first().origin->method, u"tools/call"_s);
    QVERIFY(log.entries.first().origin->firstId == firstId);
    QCOMPARE(log.entries.first().origin->round, 1);
    QCOMPARE(log.entries.first().origin->auditCallId, quint64(4711));
    QVERIFY(!m_session->embeddedRequestOrigin(log.entries.first().responder.id())); // answered: forgotten

    QCOMPARE(rounds.size(), 1);
    QCOMPARE(rounds.first().number, 1);
    QCOMPARE(rounds.first().inputs.size(), 1);
    QCOMPARE(rounds.first().inputs.first().method, method);
    QCOMPARE(rounds.first().inputs.first().answer, answer);
}

void tst_ModernSession::inputNotGivenEndsTheCall()
{
    // MRTR has no error reply for one input: a refusal (a sampling request the person turned down, a
    // question that timed out) ends the call with it, in words.
    m_session = std::make_unique<ClientSession>(peerTransport(u"modern"_s), optionsFor(ClientSession::EraMode::Modern));
    m_session->setSamplingHandler([](const QJsonObject &, const Responder &responder) {
        responder.respondError(Error{-1, u"the person declined to sample"_s, {}});
    });
    QVERIFY2(connectAndWait(*m_session), qPrintable(m_session->lastError().message));
    const auto answer = TestSupport::await<CallToolResult>([this](QObject *c, auto cb) {
        m_session->callTool(ToolCallKeyForTests::make(), u"ask_model"_s, QJsonObject{{u"question"_s, u"?"_s}}, {}, c, cb);
    });
    QVERIFY(answer.has_value());
    QVERIFY(!answer->ok());
    QCOMPARE(answer->error().code, -1);
    QCOMPARE(answer->error().message,
             u"the server asked for input to finish tools/call (sampling/createMessage), and it was not given: the person declined to sample"_s);
    QCOMPARE(m_session->state(), ClientSession::State::Ready);
}

void tst_ModernSession::cancelWhileAskingWithdrawsTheQuestions()
{
    // While the person is asked nothing is on the wire: cancelling withdraws the question (the handler
    // hears serverRequestCancelled with the id it was given) and ends the call as cancelled.
    InputLog log;
    m_session = std::make_unique<ClientSession>(peerTransport(u"modern"_s), optionsFor(ClientSession::EraMode::Modern));
    log.install(*m_session, {}); // nobody answers
    QVERIFY2(connectAndWait(*m_session), qPrintable(m_session->lastError().message));
    std::optional<Result<CallToolResult>> answer;
    int answers = 0;
    QObject context;
    QList<std::pair<RequestId, QString>> withdrawn;
    connect(m_session.get(), &ClientSession::serverRequestCancelled, &context,
            [&withdrawn](const RequestId &id, const QString &reason) { withdrawn.append({id, reason}); });
    const RequestId firstId = m_session->callTool(ToolCallKeyForTests::make(), u"confirm_action"_s, QJsonObject{{u"action"_s, u"x"_s}}, {},
                                                  &context, [&answer, &answers](const Result<CallToolResult> &r) {
                                                      answer = r;
                                                      ++answers;
                                                  });
    QTRY_COMPARE_WITH_TIMEOUT(log.entries.size(), 1, 15000);
    const RequestId localId = log.entries.first().responder.id();
    QVERIFY(m_session->embeddedRequestOrigin(localId).has_value());

    QVERIFY(m_session->cancelRequest(firstId, u"changed my mind"_s));
    QCOMPARE(withdrawn.size(), 1);
    QVERIFY(withdrawn.first().first == localId);
    QCOMPARE(withdrawn.first().second, u"changed my mind"_s);
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 5000);
    QVERIFY(!answer->ok());
    QCOMPARE(answer->error().code, int(ErrorCode::RequestCancelled));
    QVERIFY(!m_session->embeddedRequestOrigin(localId));
    QVERIFY(!m_session->cancelRequest(firstId)); // over

    // An answer that comes after all is dropped: nothing is sent again, nothing answered twice.
    log.entries.first().responder.respond(QJsonObject{{u"action"_s, u"accept"_s}, {u"content"_s, QJsonObject{{u"confirm"_s, true}}}});
    // A retry would go out now, before this echo, and the peer answers tools/call in order.
    AWAIT_OK(echoed, CallToolResult, m_session->callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"after"_s}}, {}, c, cb));
    QCOMPARE(echoed.content.first().text, u"after"_s);
    QCOMPARE(answers, 1);
    QCOMPARE(log.entries.size(), 1);
    QCOMPARE(m_session->state(), ClientSession::State::Ready);
}

void tst_ModernSession::listsAndCallsOverHttp_data()
{
    QTest::addColumn<QString>("serverEra");
    QTest::addColumn<ClientSession::EraMode>("mode");
    QTest::addColumn<QString>("decidedBy");
    QTest::newRow("the Modern setting") << u"modern"_s << ClientSession::EraMode::Modern << u"server/discover"_s;
    // Auto over HTTP: initialize; the modern-only server's -32022 moves the session to server/discover.
    QTest::newRow("Auto: initialize, corrected") << u"modern"_s << ClientSession::EraMode::PreferLegacy << u"initialize -32022"_s;
    // A dual-era server (createMcpHandler with legacy: 'stateless') in the modern era.
    QTest::newRow("dual-era server, the Modern setting") << u"dual"_s << ClientSession::EraMode::Modern << u"server/discover"_s;
}

void tst_ModernSession::listsAndCallsOverHttp()
{
    // MCP 2026-07-28 over Streamable HTTP against the SDK v2 peer in modern-only mode (createMcpHandler with
    // legacy: 'reject'), which refuses a request whose MCP-Protocol-Version, Mcp-Method, Mcp-Name or
    // Mcp-Param-* headers are missing or disagree with the body (-32020).
    QFETCH(QString, serverEra);
    QFETCH(ClientSession::EraMode, mode);
    QFETCH(QString, decidedBy);
    HttpPeer peer(serverEra);
    const QUrl url = peer.url();
    QVERIFY2(url.isValid(), "the HTTP peer did not start");
    InputLog log;
    m_session = std::make_unique<ClientSession>(httpTransport(url), optionsFor(mode));
    log.install(*m_session, {{u"elicitation/create"_s, QJsonObject{{u"action"_s, u"accept"_s},
                                                                    {u"content"_s, QJsonObject{{u"confirm"_s, true}}}}}});
    QSignalSpy violations(m_session.get(), &ClientSession::protocolViolation);
    QVERIFY2(connectAndWait(*m_session), qPrintable(m_session->lastError().message));
    QCOMPARE(m_session->era(), ProtocolEra::Modern);
    QCOMPARE(m_session->eraDecidedBy(), decidedBy);

    AWAIT_OK(tools, QList<Tool>, m_session->listTools(c, cb));
    for (const char *name : {"echo", "add", "regional_echo", "confirm_action"})
        QVERIFY2(TestSupport::findTool(tools, QLatin1StringView(name)).has_value(), name);
    // An invalid x-mcp-header makes a tool unusable over HTTP: it is not offered, and the console hears why.
    QVERIFY(!TestSupport::findTool(tools, u"broken_header"_s).has_value());
    bool told = false;
    for (const QList<QVariant> &violation : std::as_const(violations))
        told = told || violation.first().toString().startsWith(u"the tool \"broken_header\" is not offered: its x-mcp-header annotations are invalid: \"amount\""_s);
    QVERIFY(told);

    AWAIT_OK(sum, CallToolResult, m_session->callTool(ToolCallKeyForTests::make(), u"add"_s, QJsonObject{{u"a"_s, 2}, {u"b"_s, 3}}, {}, c, cb));
    QCOMPARE(sum.structuredContent.value_or(QJsonObject()).value(u"sum"_s).toInt(), 5);
    // Mcp-Param-Region carries a value that needs the Base64 form (non-ASCII, a trailing space).
    AWAIT_OK(echoed, CallToolResult, m_session->callTool(ToolCallKeyForTests::make(), u"regional_echo"_s,
                                                         QJsonObject{{u"region"_s, u"Z\u00fcrich west "_s}, {u"text"_s, u"hi"_s}}, {}, c, cb));
    QCOMPARE(echoed.content.first().text, u"Z\u00fcrich west : hi"_s);
    // MRTR over HTTP: the retry is a new POST with the answers.
    AWAIT_OK(confirmed, CallToolResult, m_session->callTool(ToolCallKeyForTests::make(), u"confirm_action"_s,
                                                            QJsonObject{{u"action"_s, u"deploy"_s}}, {}, c, cb));
    QCOMPARE(confirmed.content.first().text, u"deploy: done, confirmed; reason: (none)"_s);
    QCOMPARE(log.entries.size(), 1);
    AWAIT_OK(read, ReadResourceResult, m_session->readResource(u"toolgate://peer/readme"_s, c, cb));
    QCOMPARE(read.contents.first().text.value_or(QString()), u"This is the modern test peer."_s);
}

void tst_ModernSession::cancelOverHttpClosesTheStream()
{
    // Over Streamable HTTP a modern request is cancelled by closing its response stream; the session
    // answers the call at once and goes on working.
    HttpPeer peer(u"modern"_s);
    const QUrl url = peer.url();
    QVERIFY2(url.isValid(), "the HTTP peer did not start");
    m_session = std::make_unique<ClientSession>(httpTransport(url), optionsFor(ClientSession::EraMode::Modern));
    QVERIFY2(connectAndWait(*m_session), qPrintable(m_session->lastError().message));
    std::optional<Result<CallToolResult>> answer;
    QObject context;
    const RequestId id = m_session->callTool(ToolCallKeyForTests::make(), u"wait"_s, QJsonObject{{u"ms"_s, 30000}}, {}, &context,
                                             [&answer](const Result<CallToolResult> &r) { answer = r; });
    // A call sent after it comes back while it still waits: its stream is open by now.
    AWAIT_OK(before, CallToolResult, m_session->callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"before"_s}}, {}, c, cb));
    QCOMPARE(before.content.first().text, u"before"_s);
    QVERIFY(!answer.has_value());
    QElapsedTimer timer;
    timer.start();
    QVERIFY(m_session->cancelRequest(id, u"no longer needed"_s));
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 5000);
    QCOMPARE(answer->error().code, int(ErrorCode::RequestCancelled));
    QVERIFY(timer.elapsed() < 5000);
    AWAIT_OK(echoed, CallToolResult, m_session->callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"still here"_s}}, {}, c, cb));
    QCOMPARE(echoed.content.first().text, u"still here"_s);
    QCOMPARE(m_session->state(), ClientSession::State::Ready);
}

void tst_ModernSession::aBrokenStreamIsSentAgainOnlyWhenSafe_data()
{
    QTest::addColumn<QString>("method");
    QTest::newRow("tools/list") << u"tools/list"_s;
    QTest::newRow("resources/read") << u"resources/read"_s;
    QTest::newRow("tools/call") << u"tools/call"_s;
}

void tst_ModernSession::aBrokenStreamIsSentAgainOnlyWhenSafe()
{
    // 2026-07-28 cannot resume a response stream that ends before its answer. The peer ends the first one of
    // method that way (before the SDK sees the request). A list or a read is sent again under a new id and
    // answers as if nothing happened; a tool call may have run, so it fails and says so.
    QFETCH(QString, method);
    HttpPeer peer(u"modern"_s, {u"--break-first-stream"_s, method});
    const QUrl url = peer.url();
    QVERIFY2(url.isValid(), "the HTTP peer did not start");
    m_session = std::make_unique<ClientSession>(httpTransport(url), optionsFor(ClientSession::EraMode::Modern));
    QVERIFY2(connectAndWait(*m_session), qPrintable(m_session->lastError().message));
    if (method == u"tools/list") {
        AWAIT_OK(tools, QList<Tool>, m_session->listTools(c, cb));
        QVERIFY(TestSupport::findTool(tools, u"echo"_s).has_value());
    } else if (method == u"resources/read") {
        AWAIT_OK(read, ReadResourceResult, m_session->readResource(u"toolgate://peer/readme"_s, c, cb));
        QCOMPARE(read.contents.first().text.value_or(QString()), u"This is the modern test peer."_s);
    } else {
        std::optional<Result<CallToolResult>> answer;
        QObject context;
        m_session->callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"once"_s}}, {}, &context,
                            [&answer](const Result<CallToolResult> &r) { answer = r; });
        QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 10000);
        QVERIFY(!answer->ok());
        QCOMPARE(answer->error().code, int(ErrorCode::ConnectionClosed));
        QVERIFY2(answer->error().message.contains(u"may or may not have been carried out"_s), qPrintable(answer->error().message));
        // Sent again by the person, it goes through.
        AWAIT_OK(echoed, CallToolResult, m_session->callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"twice"_s}}, {}, c, cb));
        QCOMPARE(echoed.content.first().text, u"twice"_s);
    }
    QCOMPARE(m_session->state(), ClientSession::State::Ready);
}

void tst_ModernSession::stdioIgnoresArgumentHeaders()
{
    // Over stdio there are no headers: x-mcp-header means nothing, and the tool is offered (the spec lets
    // a stdio client ignore the annotations).
    connectPeer(u"modern"_s);
    AWAIT_OK(tools, QList<Tool>, m_session->listTools(c, cb));
    QVERIFY(TestSupport::findTool(tools, u"broken_header"_s).has_value());
    AWAIT_OK(echoed, CallToolResult, m_session->callTool(ToolCallKeyForTests::make(), u"regional_echo"_s,
                                                         QJsonObject{{u"region"_s, u"eu"_s}, {u"text"_s, u"hi"_s}}, {}, c, cb));
    QCOMPARE(echoed.content.first().text, u"eu: hi"_s);
}

void tst_ModernSession::listChangesArriveOnTheListen_data()
{
    QTest::addColumn<QString>("transport");
    QTest::newRow("stdio") << u"stdio"_s;
    QTest::newRow("Streamable HTTP") << u"http"_s;
}

void tst_ModernSession::listChangesArriveOnTheListen()
{
    // 2026-07-28 servers send list changes only on subscriptions/listen: without it the SDK v2 peer says
    // nothing when change_tools adds a tool.
    QFETCH(QString, transport);
    std::unique_ptr<HttpPeer> httpPeer;
    if (transport == u"http"_s) {
        httpPeer = std::make_unique<HttpPeer>(u"modern"_s);
        const QUrl url = httpPeer->url();
        QVERIFY2(url.isValid(), "the HTTP peer did not start");
        m_session = std::make_unique<ClientSession>(httpTransport(url), optionsFor(ClientSession::EraMode::Modern));
    } else {
        m_session = std::make_unique<ClientSession>(peerTransport(u"modern"_s), optionsFor(ClientSession::EraMode::Modern));
    }
    // The session opens the listen once it is ready; the server sends changes to it once it acknowledged it.
    bool acknowledged = false;
    QObject guard; // connection context: dies before the flag
    connect(m_session->transport(), &Transport::messageReceived, &guard, [&acknowledged](const QByteArray &message) {
        if (message.contains("notifications/subscriptions/acknowledged"))
            acknowledged = true;
    });
    QVERIFY2(connectAndWait(*m_session), qPrintable(m_session->lastError().message));
    QSignalSpy changed(m_session.get(), &ClientSession::toolsListChanged);
    QSignalSpy violations(m_session.get(), &ClientSession::protocolViolation);
    QTRY_VERIFY_WITH_TIMEOUT(acknowledged, 5000);
    AWAIT_OK(added, CallToolResult, m_session->callTool(ToolCallKeyForTests::make(), u"change_tools"_s, {}, {}, c, cb));
    QCOMPARE(added.content.first().text, u"added extra_1"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!changed.isEmpty(), 5000);
    AWAIT_OK(tools, QList<Tool>, m_session->listTools(c, cb));
    QVERIFY(TestSupport::findTool(tools, u"extra_1"_s).has_value());
    for (const QList<QVariant> &violation : std::as_const(violations)) // broken_header's is expected over HTTP
        QVERIFY2(violation.first().toString().contains(u"broken_header"_s), qPrintable(violation.first().toString()));
}

void tst_ModernSession::headerRefusalRelistsAndRetriesOnce()
{
    // The SDK v2 peer refuses a regional_echo without its Mcp-Param-Region header (-32020). A session that has
    // not listed the tools (or holds annotations that changed) knows no header to send: it lists the tools
    // again, tells its owner the list may have changed, and sends the call once more.
    HttpPeer peer(u"modern"_s);
    const QUrl url = peer.url();
    QVERIFY2(url.isValid(), "the HTTP peer did not start");
    m_session = std::make_unique<ClientSession>(httpTransport(url), optionsFor(ClientSession::EraMode::Modern));
    QVERIFY2(connectAndWait(*m_session), qPrintable(m_session->lastError().message));
    QSignalSpy changed(m_session.get(), &ClientSession::toolsListChanged);
    AWAIT_OK(echoed, CallToolResult, m_session->callTool(ToolCallKeyForTests::make(), u"regional_echo"_s,
                                                         QJsonObject{{u"region"_s, u"eu"_s}, {u"text"_s, u"hi"_s}}, {}, c, cb));
    QCOMPARE(echoed.content.first().text, u"eu: hi"_s);
    QCOMPARE(changed.size(), 1);
}

void tst_ModernSession::envelopeOnEveryRequest()
{
    ScriptedServer s;
    s.peer->setRequestHandler(u"server/discover"_s, [](const JsonRpcMessage &, const Responder &r) { r.respond(discoverResult()); });
    s.peer->setRequestHandler(u"tools/list"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respond(QJsonObject{{u"tools"_s, QJsonArray{QJsonObject{{u"name"_s, u"t"_s}, {u"inputSchema"_s, QJsonObject{{u"type"_s, u"object"_s}}}}}},
                              {u"resultType"_s, u"complete"_s}});
    });
    s.peer->setRequestHandler(u"tools/call"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respond(QJsonObject{{u"content"_s, QJsonArray()}});
    });
    QVERIFY(s.open(ClientSession::EraMode::Modern));
    QCOMPARE(s.session->serverInfo().name, u"scripted"_s);
    QVERIFY(s.requests(u"initialize"_s).isEmpty());

    AWAIT_OK(tools, QList<Tool>, s.session->listTools(c, cb));
    QCOMPARE(tools.size(), 1);
    const auto levelSet = TestSupport::await<std::monostate>(
        [&s](QObject *c, auto cb) { s.session->setLoggingLevel(LoggingLevel::Warning, c, cb); });
    QVERIFY(levelSet.has_value() && levelSet->ok());
    ClientSession::CallOptions options;
    options.meta = QJsonObject{{u"com.example/trace"_s, u"abc"_s}, {envelopeVersion, u"1999-01-01"_s}};
    options.onProgress = [](const ProgressUpdate &) {};
    AWAIT_OK(call, CallToolResult,
             s.session->callTool(ToolCallKeyForTests::make(), u"t"_s, QJsonObject{{u"x"_s, 1}}, options, c, cb));
    Q_UNUSED(call);

    QVERIFY(s.requests(u"logging/setLevel"_s).isEmpty()); // removed in 2026-07-28: nothing sent
    const QList<QJsonObject> discover = s.requests(u"server/discover"_s);
    QCOMPARE(discover.size(), 1);
    const QJsonObject discoverMeta = discover.first().value(u"params"_s).toObject().value(u"_meta"_s).toObject();
    QCOMPARE(discoverMeta.value(envelopeVersion).toString(), u"2026-07-28"_s);
    QCOMPARE(discoverMeta.value(envelopeClientInfo).toObject().value(u"name"_s).toString(), u"toolgate"_s);
    QVERIFY(discoverMeta.value(envelopeCapabilities).isObject());
    QVERIFY(!discoverMeta.contains(envelopeLogLevel));

    const QJsonObject listMeta = s.requests(u"tools/list"_s).first().value(u"params"_s).toObject().value(u"_meta"_s).toObject();
    QCOMPARE(listMeta, discoverMeta);

    const QList<QJsonObject> calls = s.requests(u"tools/call"_s);
    QCOMPARE(calls.size(), 1);
    const QJsonObject params = calls.first().value(u"params"_s).toObject();
    QCOMPARE(params.value(u"name"_s).toString(), u"t"_s);
    QCOMPARE(params.value(u"arguments"_s).toObject(), QJsonObject({{u"x"_s, 1}}));
    const QJsonObject callMeta = params.value(u"_meta"_s).toObject();
    // The envelope wins over a caller's key of the same name; the caller's other keys stay.
    QCOMPARE(callMeta.value(envelopeVersion).toString(), u"2026-07-28"_s);
    QCOMPARE(callMeta.value(envelopeClientInfo), discoverMeta.value(envelopeClientInfo));
    QCOMPARE(callMeta.value(envelopeCapabilities), discoverMeta.value(envelopeCapabilities));
    QCOMPARE(callMeta.value(envelopeLogLevel).toString(), u"warning"_s);
    QCOMPARE(callMeta.value(u"com.example/trace"_s).toString(), u"abc"_s);
    QVERIFY(callMeta.value(u"progressToken"_s).isString());
    // One object, no duplicate keys: the raw text names the version once.
    const QByteArray raw = [&] {
        for (const QByteArray &m : s.server->received) {
            if (m.contains("\"tools/call\""))
                return m;
        }
        return QByteArray();
    }();
    QCOMPARE(raw.count("io.modelcontextprotocol/protocolVersion"), 1);
    // Roots, sampling and elicitation reach a modern client as input requests, which it cannot answer yet.
    QVERIFY(!discoverMeta.value(envelopeCapabilities).toObject().contains(u"elicitation"_s));
}

void tst_ModernSession::legacyRequestsCarryNoEnvelope()
{
    ScriptedServer s;
    s.peer->setRequestHandler(u"initialize"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respond(QJsonObject{{u"protocolVersion"_s, u"2025-11-25"_s}, {u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject()}}},
                              {u"serverInfo"_s, QJsonObject{{u"name"_s, u"legacy"_s}, {u"version"_s, u"1"_s}}}});
    });
    s.peer->setRequestHandler(u"tools/call"_s, [](const JsonRpcMessage &, const Responder &r) { r.respond(QJsonObject{{u"content"_s, QJsonArray()}}); });
    s.peer->setRequestHandler(u"tools/list"_s, [](const JsonRpcMessage &, const Responder &r) { r.respond(QJsonObject{{u"tools"_s, QJsonArray()}}); });
    QVERIFY(s.open(ClientSession::EraMode::Legacy));
    QCOMPARE(s.session->era(), ProtocolEra::Legacy);
    QVERIFY(s.requests(u"server/discover"_s).isEmpty());
    AWAIT_OK(tools, QList<Tool>, s.session->listTools(c, cb));
    AWAIT_OK(call, CallToolResult, s.session->callTool(ToolCallKeyForTests::make(), u"t"_s, QJsonObject{{u"x"_s, 1}}, {}, c, cb));
    Q_UNUSED(tools);
    Q_UNUSED(call);
    for (const QByteArray &message : s.server->received)
        QVERIFY2(!message.contains("io.modelcontextprotocol/"), message.constData());
    // Byte for byte what the legacy session has always written for a call without _meta.
    const QByteArray call0 = [&] {
        for (const QByteArray &m : s.server->received) {
            if (m.contains("\"tools/call\""))
                return m;
        }
        return QByteArray();
    }();
    QVERIFY2(call0.contains(R"("params":{"arguments":{"x":1},"name":"t"})"), call0.constData());
}

void tst_ModernSession::resultType_data()
{
    TestSupport::addColumns<QString, QJsonValue, QString>("method", "resultType", "error");
    QTest::addRow("tools/list, absent") << u"tools/list"_s << QJsonValue(QJsonValue::Undefined) << QString();
    QTest::addRow("tools/list, null") << u"tools/list"_s << QJsonValue(QJsonValue::Null) << u"unknown resultType \"null\""_s;
    QTest::addRow("tools/list, complete") << u"tools/list"_s << QJsonValue(u"complete"_s) << QString();
    QTest::addRow("tools/list, unknown") << u"tools/list"_s << QJsonValue(u"task"_s) << u"unknown resultType \"task\" in the answer to tools/list"_s;
    QTest::addRow("tools/list, a number") << u"tools/list"_s << QJsonValue(7) << u"unknown resultType \"7\""_s;
    QTest::addRow("tools/list, input_required") << u"tools/list"_s << QJsonValue(u"input_required"_s) << u"only tools/call, resources/read and prompts/get"_s;
    QTest::addRow("tools/call, absent") << u"tools/call"_s << QJsonValue(QJsonValue::Undefined) << QString();
    QTest::addRow("tools/call, unknown") << u"tools/call"_s << QJsonValue(u"partial"_s) << u"unknown resultType \"partial\" in the answer to tools/call"_s;
    // "task" is the tasks extension's (issue 18): a tools/call answer that says so must be a readable task.
    QTest::addRow("tools/call, a task without its fields") << u"tools/call"_s << QJsonValue(u"task"_s)
                                                           << u"the server described a task in a form Toolgate cannot read"_s;
    QTest::addRow("tools/call, input_required") << u"tools/call"_s << QJsonValue(u"input_required"_s) << u"asks for input to finish tools/call"_s;
    QTest::addRow("resources/read, unknown") << u"resources/read"_s << QJsonValue(u"partial"_s) << u"unknown resultType \"partial\""_s;
    QTest::addRow("resources/read, input_required") << u"resources/read"_s << QJsonValue(u"input_required"_s) << u"asks for input to finish resources/read"_s;
    QTest::addRow("completion/complete, input_required") << u"completion/complete"_s << QJsonValue(u"input_required"_s) << u"only tools/call"_s;
}

void tst_ModernSession::resultType()
{
    QFETCH(QString, method);
    QFETCH(QJsonValue, resultType);
    QFETCH(QString, error);

    ScriptedServer s;
    QJsonObject discover = discoverResult();
    discover.insert(u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject()}, {u"resources"_s, QJsonObject()}, {u"completions"_s, QJsonObject()}});
    s.peer->setRequestHandler(u"server/discover"_s, [discover](const JsonRpcMessage &, const Responder &r) { r.respond(discover); });
    const auto answer = [resultType](QJsonObject result) {
        if (!resultType.isUndefined())
            result.insert(u"resultType"_s, resultType);
        return result;
    };
    s.peer->setRequestHandler(method, [method, answer](const JsonRpcMessage &, const Responder &r) {
        if (method == u"tools/list")
            r.respond(answer(QJsonObject{{u"tools"_s, QJsonArray()}}));
        else if (method == u"tools/call")
            r.respond(answer(QJsonObject{{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"ok"_s}}}}}));
        else if (method == u"resources/read")
            r.respond(answer(QJsonObject{{u"contents"_s, QJsonArray()}}));
        else
            r.respond(answer(QJsonObject{{u"completion"_s, QJsonObject{{u"values"_s, QJsonArray()}}}}));
    });
    QVERIFY(s.open(ClientSession::EraMode::Modern));

    const std::optional<Error> failure = callAndWait(*s.session, method);

    if (error.isEmpty()) {
        QVERIFY2(!failure, failure ? qPrintable(failure->message) : "");
    } else {
        QVERIFY(failure.has_value());
        QCOMPARE(failure->code, int(ErrorCode::ProtocolError));
        QVERIFY2(failure->message.contains(error), qPrintable(failure->message));
    }
    QCOMPARE(s.session->state(), ClientSession::State::Ready); // one bad answer does not end the session
}

void tst_ModernSession::legacyResultTypeIsNotJudged()
{
    // A legacy server's result has no resultType; one that happens to carry an unknown one is not judged.
    ScriptedServer s;
    s.peer->setRequestHandler(u"initialize"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respond(QJsonObject{{u"protocolVersion"_s, u"2025-11-25"_s}, {u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject()}}},
                              {u"serverInfo"_s, QJsonObject{{u"name"_s, u"legacy"_s}, {u"version"_s, u"1"_s}}}});
    });
    s.peer->setRequestHandler(u"tools/list"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respond(QJsonObject{{u"tools"_s, QJsonArray()}, {u"resultType"_s, u"task"_s}});
    });
    QVERIFY(s.open(ClientSession::EraMode::Legacy));
    AWAIT_OK(tools, QList<Tool>, s.session->listTools(c, cb));
    QVERIFY(tools.isEmpty());
}

void tst_ModernSession::modernErrorsInWords()
{
    ScriptedServer s;
    QJsonObject discover = discoverResult();
    discover.insert(u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject()}, {u"resources"_s, QJsonObject()}});
    s.peer->setRequestHandler(u"server/discover"_s, [discover](const JsonRpcMessage &, const Responder &r) { r.respond(discover); });
    s.peer->setRequestHandler(u"tools/list"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respondError(Error{-32022, u"Unsupported protocol version"_s,
                             QJsonObject{{u"supported"_s, QJsonArray{u"2027-01-01"_s}}, {u"requested"_s, u"2026-07-28"_s}}});
    });
    s.peer->setRequestHandler(u"resources/read"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respondError(Error{-32002, u"Resource not found"_s, {}}); // an older server's code
    });
    s.peer->setRequestHandler(u"tools/call"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respondError(Error{-32602, u"Invalid arguments: x"_s, {}}); // not a resource: left as it is
    });
    QVERIFY(s.open(ClientSession::EraMode::Modern));
    const auto list = TestSupport::await<QList<Tool>>([&s](QObject *c, auto cb) { s.session->listTools(c, cb); });
    QVERIFY(list.has_value() && !list->ok());
    QCOMPARE(list->error().code, int(ErrorCode::UnsupportedProtocolVersion));
    QVERIFY2(list->error().message.startsWith(u"the server no longer accepts MCP 2026-07-28 (it supports 2027-01-01)"_s),
             qPrintable(list->error().message));
    const auto read = TestSupport::await<ReadResourceResult>([&s](QObject *c, auto cb) { s.session->readResource(u"x:/gone"_s, c, cb); });
    QVERIFY(read.has_value() && !read->ok());
    QCOMPARE(read->error().code, -32002);
    QCOMPARE(read->error().message, u"the server has no resource x:/gone (Resource not found)"_s);
    const auto call = TestSupport::await<CallToolResult>([&s](QObject *c, auto cb) {
        s.session->callTool(ToolCallKeyForTests::make(), u"t"_s, {}, {}, c, cb);
    });
    QVERIFY(call.has_value() && !call->ok());
    QCOMPARE(call->error().message, u"Invalid arguments: x"_s);
}

void tst_ModernSession::legacyErrorsKeepTheServersWords()
{
    ScriptedServer s;
    s.peer->setRequestHandler(u"initialize"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respond(QJsonObject{{u"protocolVersion"_s, u"2025-11-25"_s}, {u"capabilities"_s, QJsonObject{{u"resources"_s, QJsonObject()}}},
                              {u"serverInfo"_s, QJsonObject{{u"name"_s, u"legacy"_s}, {u"version"_s, u"1"_s}}}});
    });
    s.peer->setRequestHandler(u"resources/read"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respondError(Error{-32002, u"Resource not found"_s, {}});
    });
    QVERIFY(s.open(ClientSession::EraMode::Legacy));
    const auto read = TestSupport::await<ReadResourceResult>([&s](QObject *c, auto cb) { s.session->readResource(u"x:/gone"_s, c, cb); });
    QVERIFY(read.has_value() && !read->ok());
    QCOMPARE(read->error().message, u"Resource not found"_s);
}

void tst_ModernSession::discoverRefusedWithMethodNotFound()
{
    // A legacy server asked to speak modern: the session fails and says what to change.
    ScriptedServer s;
    s.peer->setRequestHandler(u"server/discover"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respondError(Error{-32601, u"Method not found"_s, {}});
    });
    QVERIFY(!s.open(ClientSession::EraMode::Modern));
    QCOMPARE(s.session->state(), ClientSession::State::Failed);
    const QString message = s.session->lastError().message;
    QVERIFY2(message.contains(u"does not speak MCP 2026-07-28"_s), qPrintable(message));
    QVERIFY2(message.contains(u"error -32601 (Method not found)"_s), qPrintable(message));
    QVERIFY2(message.contains(u"Auto or Legacy"_s), qPrintable(message));
    QVERIFY(s.requests(u"initialize"_s).isEmpty()); // no fallback when Modern is asked for
}

void tst_ModernSession::discoverRefusesTheVersionItLists()
{
    ScriptedServer s;
    s.peer->setRequestHandler(u"server/discover"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respondError(Error{-32022, u"Unsupported protocol version"_s,
                             QJsonObject{{u"supported"_s, QJsonArray{u"2026-07-28"_s}}, {u"requested"_s, u"2026-07-28"_s}}});
    });
    QVERIFY(!s.open(ClientSession::EraMode::Modern));
    QCOMPARE(s.session->lastError().code, int(ErrorCode::UnsupportedProtocolVersion));
    QCOMPARE(s.session->lastError().message, u"the server refused MCP 2026-07-28 twice, although it lists it as supported"_s);
    QCOMPARE(s.requests(u"server/discover"_s).size(), 2); // asked once more, and no more
}

void tst_ModernSession::discoverRetriedOnceWithTheVersionItLists()
{
    // The conformance suite's request-metadata scenario refuses the first request with -32022 naming the
    // version it was asked for, and expects the client to ask again with a version from the list.
    ScriptedServer s;
    int asked = 0;
    s.peer->setRequestHandler(u"server/discover"_s, [&asked](const JsonRpcMessage &, const Responder &r) {
        if (++asked == 1)
            r.respondError(Error{-32022, u"Unsupported protocol version"_s,
                                 QJsonObject{{u"supported"_s, QJsonArray{u"2026-07-28"_s}}, {u"requested"_s, u"2026-07-28"_s}}});
        else
            r.respond(discoverResult());
    });
    QVERIFY(s.open(ClientSession::EraMode::Modern));
    QCOMPARE(s.session->protocolVersion(), u"2026-07-28"_s);
    QCOMPARE(asked, 2);
}

namespace {

QJsonObject discoverWithEverything()
{
    QJsonObject discover = discoverResult();
    discover.insert(u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject()}, {u"resources"_s, QJsonObject()}, {u"prompts"_s, QJsonObject()}});
    return discover;
}

const QJsonObject acceptOk{{u"action"_s, u"accept"_s}, {u"content"_s, QJsonObject{{u"ok"_s, true}}}};

QJsonObject inputRequired(const QJsonObject &inputRequests, const QJsonValue &state = QJsonValue::Undefined)
{
    QJsonObject result{{u"resultType"_s, u"input_required"_s}, {u"inputRequests"_s, inputRequests}};
    if (!state.isUndefined())
        result.insert(u"requestState"_s, state);
    return result;
}

QJsonObject askFor(const QString &method, const QJsonObject &params = {})
{
    QJsonObject request{{u"method"_s, method}};
    if (!params.isEmpty())
        request.insert(u"params"_s, params);
    return request;
}

const QJsonObject confirmParams{{u"message"_s, u"Sure?"_s},
                                {u"requestedSchema"_s, QJsonObject{{u"type"_s, u"object"_s},
                                                                   {u"properties"_s, QJsonObject{{u"ok"_s, QJsonObject{{u"type"_s, u"boolean"_s}}}}}}}};

QJsonObject completeAnswerTo(const QString &method)
{
    if (method == u"resources/read")
        return QJsonObject{{u"contents"_s, QJsonArray{QJsonObject{{u"uri"_s, u"x:/y"_s}, {u"text"_s, u"done"_s}}}}};
    if (method == u"prompts/get")
        return QJsonObject{{u"messages"_s, QJsonArray{QJsonObject{{u"role"_s, u"user"_s},
                                                                 {u"content"_s, QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"done"_s}}}}}}};
    return QJsonObject{{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"done"_s}}}}};
}

} // namespace

void tst_ModernSession::retryCarriesTheAnswersAndTheStateAsSent_data()
{
    QTest::addColumn<QString>("method");
    QTest::newRow("tools/call") << u"tools/call"_s;
    QTest::newRow("resources/read") << u"resources/read"_s;
    QTest::newRow("prompts/get") << u"prompts/get"_s;
}

void tst_ModernSession::retryCarriesTheAnswersAndTheStateAsSent()
{
    // The state is opaque: it must come back as the server wrote it, escapes and all.
    QFETCH(QString, method);
    const QString state = u"r1 \"quoted\" \\ back\nslash \u00e9 \u00fc \U0001F600 \u2028 end"_s;
    ScriptedServer s;
    s.peer->setRequestHandler(u"server/discover"_s, [](const JsonRpcMessage &, const Responder &r) { r.respond(discoverWithEverything()); });
    s.peer->setRequestHandler(method, [method, state](const JsonRpcMessage &request, const Responder &r) {
        if (!request.params().contains(u"inputResponses"_s))
            r.respond(inputRequired(QJsonObject{{u"ask"_s, askFor(u"elicitation/create"_s, confirmParams)}, {u"where"_s, askFor(u"roots/list"_s)}}, state));
        else
            r.respond(completeAnswerTo(method));
    });
    InputLog log;
    QVERIFY(s.open(ClientSession::EraMode::Modern, [&log](ClientSession &session) {
        log.install(session, {{u"elicitation/create"_s, acceptOk}, {u"roots/list"_s, rootsAnswer}});
    }));
    QList<InputRound> rounds;
    ClientSession::CallOptions options;
    options.onInputRound = [&rounds](const InputRound &round) { rounds.append(round); };
    const auto failure = callAndWait(*s.session, method, options);
    QVERIFY2(!failure, failure ? qPrintable(failure->message) : "");

    const QList<QJsonObject> sent = s.requests(method);
    QCOMPARE(sent.size(), 2);
    QVERIFY(sent.at(0).value(u"id"_s) != sent.at(1).value(u"id"_s)); // a new request, not the same id again
    const QJsonObject first = sent.at(0).value(u"params"_s).toObject();
    QJsonObject retry = sent.at(1).value(u"params"_s).toObject();
    QCOMPARE(retry.value(u"requestState"_s).toString(), state);
    QCOMPARE(retry.value(u"inputResponses"_s).toObject(), (QJsonObject{{u"ask"_s, acceptOk}, {u"where"_s, rootsAnswer}}));
    retry.remove(u"requestState"_s);
    retry.remove(u"inputResponses"_s);
    QCOMPARE(retry, first); // the same request otherwise: arguments, uri or name, and the envelope
    QVERIFY(!first.contains(u"inputResponses"_s));

    // The envelope declares what the handlers answer; roots without listChanged, which 2026-07-28 lacks.
    const QJsonObject capabilities = first.value(u"_meta"_s).toObject().value(envelopeCapabilities).toObject();
    QVERIFY(capabilities.contains(u"elicitation"_s));
    QVERIFY(capabilities.contains(u"sampling"_s));
    QCOMPARE(capabilities.value(u"roots"_s), QJsonValue(QJsonObject()));

    QCOMPARE(log.entries.size(), 2);
    QCOMPARE(log.entries.at(0).method, u"elicitation/create"_s);
    QCOMPARE(log.entries.at(1).method, u"roots/list"_s);
    QCOMPARE(log.entries.at(0).origin->method, method);
    if (method == u"tools/call") {
        QCOMPARE(rounds.size(), 1);
        QCOMPARE(rounds.first().inputs.size(), 2);
        QCOMPARE(rounds.first().inputs.at(0).key, u"ask"_s);
        QCOMPARE(rounds.first().inputs.at(0).answer, acceptOk);
    }
}

void tst_ModernSession::inputRoundsAreBounded()
{
    // A server that asks again and again is stopped after maxInputRounds rounds, with a message.
    ScriptedServer s;
    s.peer->setRequestHandler(u"server/discover"_s, [](const JsonRpcMessage &, const Responder &r) { r.respond(discoverWithEverything()); });
    int attempts = 0;
    s.peer->setRequestHandler(u"tools/call"_s, [&attempts](const JsonRpcMessage &, const Responder &r) {
        ++attempts;
        r.respond(QJsonObject{{u"resultType"_s, u"input_required"_s}, {u"requestState"_s, QString::number(attempts)}});
    });
    InputLog log;
    QVERIFY(s.open(ClientSession::EraMode::Modern, [&log](ClientSession &session) { log.install(session, {}); }));
    const auto failure = callAndWait(*s.session, u"tools/call"_s);
    QVERIFY(failure.has_value());
    QCOMPARE(failure->code, int(ErrorCode::ProtocolError));
    QVERIFY2(failure->message.contains(u"kept asking for input to finish tools/call (10 rounds)"_s), qPrintable(failure->message));
    QCOMPARE(attempts, ClientSession::maxInputRounds + 1);
    QCOMPARE(s.requests(u"tools/call"_s).last().value(u"params"_s).toObject().value(u"requestState"_s).toString(), u"10"_s);
    QCOMPARE(s.session->state(), ClientSession::State::Ready);
}

void tst_ModernSession::unreadableInputRequests_data()
{
    TestSupport::addColumns<QJsonObject, QString>("answer", "error");
    const QJsonObject type{{u"resultType"_s, u"input_required"_s}};
    const auto with = [type](const QString &key, const QJsonValue &value) {
        QJsonObject answer = type;
        answer.insert(key, value);
        return answer;
    };
    QTest::addRow("inputRequests is a list") << with(u"inputRequests"_s, QJsonArray()) << u"inputRequests is not an object"_s;
    QTest::addRow("nothing asked, no state") << type << u"neither inputRequests nor requestState is there"_s;
    QTest::addRow("state is a number") << with(u"requestState"_s, 5) << u"requestState is not a string"_s;
    QTest::addRow("an entry is a number") << with(u"inputRequests"_s, QJsonObject{{u"a"_s, 1}}) << u"inputRequests.a is not an object"_s;
    QTest::addRow("a method it may not ask")
        << with(u"inputRequests"_s, QJsonObject{{u"a"_s, askFor(u"tools/call"_s)}}) << u"inputRequests.a asks for \"tools/call\", which is none of"_s;
    QTest::addRow("params is a list")
        << with(u"inputRequests"_s, QJsonObject{{u"a"_s, QJsonObject{{u"method"_s, u"roots/list"_s}, {u"params"_s, QJsonArray()}}}})
        << u"inputRequests.a.params is not an object"_s;
}

void tst_ModernSession::unreadableInputRequests()
{
    QFETCH(QJsonObject, answer);
    QFETCH(QString, error);
    ScriptedServer s;
    s.peer->setRequestHandler(u"server/discover"_s, [](const JsonRpcMessage &, const Responder &r) { r.respond(discoverWithEverything()); });
    s.peer->setRequestHandler(u"tools/call"_s, [answer](const JsonRpcMessage &, const Responder &r) { r.respond(answer); });
    InputLog log;
    QVERIFY(s.open(ClientSession::EraMode::Modern, [&log](ClientSession &session) { log.install(session, {}); }));
    const auto failure = callAndWait(*s.session, u"tools/call"_s);
    QVERIFY(failure.has_value());
    QCOMPARE(failure->code, int(ErrorCode::ProtocolError));
    QVERIFY2(failure->message.startsWith(u"the server asked for input in a form Toolgate cannot read: "_s), qPrintable(failure->message));
    QVERIFY2(failure->message.contains(error), qPrintable(failure->message));
    QVERIFY(log.entries.isEmpty()); // nobody was asked
    QCOMPARE(s.requests(u"tools/call"_s).size(), 1);
}

void tst_ModernSession::inputOfAnUndeclaredKindEndsTheCall()
{
    // Only elicitation is declared; a server that asks for sampling anyway gets no retry.
    ScriptedServer s;
    s.peer->setRequestHandler(u"server/discover"_s, [](const JsonRpcMessage &, const Responder &r) { r.respond(discoverWithEverything()); });
    s.peer->setRequestHandler(u"tools/call"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respond(inputRequired(QJsonObject{{u"s"_s, askFor(u"sampling/createMessage"_s, QJsonObject{{u"messages"_s, QJsonArray()}, {u"maxTokens"_s, 5}})}}));
    });
    QVERIFY(s.open(ClientSession::EraMode::Modern, [](ClientSession &session) {
        session.setElicitationHandler([](const QJsonObject &, const Responder &responder) { responder.respond(acceptOk); });
    }));
    const auto failure = callAndWait(*s.session, u"tools/call"_s);
    QVERIFY(failure.has_value());
    QCOMPARE(failure->code, int(ErrorCode::MethodNotFound));
    QCOMPARE(failure->message, u"the server asked for input to finish tools/call (sampling/createMessage), and it was not given: "
                               "this client does not offer sampling"_s);
    const QList<QJsonObject> sent = s.requests(u"tools/call"_s);
    QCOMPARE(sent.size(), 1);
    const QJsonObject capabilities = sent.first().value(u"params"_s).toObject().value(u"_meta"_s).toObject().value(envelopeCapabilities).toObject();
    QVERIFY(capabilities.contains(u"elicitation"_s));
    QVERIFY(!capabilities.contains(u"sampling"_s));
    QVERIFY(!capabilities.contains(u"roots"_s));
}

void tst_ModernSession::embeddedFormKeepsTheServersFieldOrder()
{
    // A form asks its fields in the order the server wrote them, as for a legacy elicitation/create.
    ScriptedServer s;
    s.peer->setRequestHandler(u"server/discover"_s, [](const JsonRpcMessage &, const Responder &r) { r.respond(discoverWithEverything()); });
    s.peer->setRequestHandler(u"tools/call"_s, [&s](const JsonRpcMessage &request, const Responder &r) {
        if (request.params().contains(u"inputResponses"_s)) {
            r.respond(completeAnswerTo(u"tools/call"_s));
            return;
        }
        s.respondRaw(r, R"({"resultType":"input_required","inputRequests":{"form":{"method":"elicitation/create","params":)"
                        R"({"message":"Fill in","requestedSchema":{"type":"object","properties":)"
                        R"({"zeta":{"type":"string"},"alpha":{"type":"string"},"mid":{"type":"number"}}}}}}})");
    });
    QStringList fieldOrder;
    QVERIFY(s.open(ClientSession::EraMode::Modern, [&fieldOrder](ClientSession &session) {
        session.setElicitationHandler([&fieldOrder](const QJsonObject &, const Responder &responder) {
            fieldOrder = responder.paramsOrder().member(u"requestedSchema").member(u"properties").keys();
            responder.respond(QJsonObject{{u"action"_s, u"decline"_s}});
        });
    }));
    const auto failure = callAndWait(*s.session, u"tools/call"_s);
    QVERIFY2(!failure, failure ? qPrintable(failure->message) : "");
    QCOMPARE(fieldOrder, (QStringList{u"zeta"_s, u"alpha"_s, u"mid"_s}));
}

void tst_ModernSession::disconnectWhileAskingAnswersTheCall()
{
    // The server goes away while the person is asked: the question is withdrawn, the call answered.
    ScriptedServer s;
    s.peer->setRequestHandler(u"server/discover"_s, [](const JsonRpcMessage &, const Responder &r) { r.respond(discoverWithEverything()); });
    s.peer->setRequestHandler(u"tools/call"_s, [](const JsonRpcMessage &, const Responder &r) {
        r.respond(inputRequired(QJsonObject{{u"ask"_s, askFor(u"elicitation/create"_s, confirmParams)}}));
    });
    InputLog log;
    QVERIFY(s.open(ClientSession::EraMode::Modern, [&log](ClientSession &session) { log.install(session, {}); }));
    QObject context;
    QList<RequestId> withdrawn;
    connect(s.session.get(), &ClientSession::serverRequestCancelled, &context,
            [&withdrawn](const RequestId &id, const QString &) { withdrawn.append(id); });
    std::optional<Result<CallToolResult>> answer;
    s.session->callTool(ToolCallKeyForTests::make(), u"t"_s, {}, {}, &context, [&answer](const Result<CallToolResult> &r) { answer = r; });
    QTRY_COMPARE_WITH_TIMEOUT(log.entries.size(), 1, 5000);
    s.server->close();
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 5000);
    QVERIFY(!answer->ok());
    QCOMPARE(answer->error().code, int(ErrorCode::ConnectionClosed));
    QCOMPARE(withdrawn.size(), 1);
    QVERIFY(withdrawn.first() == log.entries.first().responder.id());
}

void tst_ModernSession::listenIsAcknowledgedAndRenewed()
{
    ScriptedServer s;
    QJsonObject discover = discoverResult();
    discover.insert(u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject{{u"listChanged"_s, true}}},
                                                   {u"resources"_s, QJsonObject{{u"subscribe"_s, true}}}});
    s.peer->setRequestHandler(u"server/discover"_s, [discover](const JsonRpcMessage &, const Responder &r) { r.respond(discover); });
    QList<Responder> listens;
    s.peer->setRequestHandler(u"subscriptions/listen"_s, [&listens](const JsonRpcMessage &, const Responder &r) { listens.append(r); });
    QVERIFY(s.open(ClientSession::EraMode::Modern));
    QSignalSpy toolsChanged(s.session.get(), &ClientSession::toolsListChanged);
    QSignalSpy updated(s.session.get(), &ClientSession::resourceUpdated);
    QSignalSpy violations(s.session.get(), &ClientSession::protocolViolation);
    QSignalSpy diagnostics(s.session.get(), &ClientSession::diagnosticLine);
    const auto stamped = [](const RequestId &id, QJsonObject params = {}) {
        params.insert(u"_meta"_s, QJsonObject{{u"io.modelcontextprotocol/subscriptionId"_s, id.toJson()}});
        return params;
    };
    const auto filterOf = [&s](int index) {
        return s.requests(u"subscriptions/listen"_s).value(index).value(u"params"_s).toObject().value(u"notifications"_s).toObject();
    };
    const auto cancelledIds = [&s] {
        QList<RequestId> ids;
        for (const QJsonObject &message : s.requests(u"notifications/cancelled"_s))
            ids.append(RequestId::fromJson(message.value(u"params"_s).toObject().value(u"requestId"_s)));
        return ids;
    };

    // Opened on Ready with what the capabilities announce (no URIs subscribed yet), the envelope on it.
    QTRY_COMPARE_WITH_TIMEOUT(listens.size(), 1, 5000);
    QCOMPARE(filterOf(0), (QJsonObject{{u"toolsListChanged"_s, true}}));
    QCOMPARE(s.requests(u"subscriptions/listen"_s).first().value(u"params"_s).toObject().value(u"_meta"_s).toObject()
                 .value(envelopeVersion).toString(), u"2026-07-28"_s);
    const RequestId first = listens.first().id();
    s.peer->sendNotification(u"notifications/subscriptions/acknowledged"_s,
                             stamped(first, {{u"notifications"_s, QJsonObject{{u"toolsListChanged"_s, true}}}}));

    // Its changes are heard; another subscription's are not; an unstamped one is, and is reported once.
    s.peer->sendNotification(u"notifications/tools/list_changed"_s, stamped(first));
    QTRY_COMPARE_WITH_TIMEOUT(toolsChanged.size(), 1, 5000);
    s.peer->sendNotification(u"notifications/tools/list_changed"_s, stamped(RequestId(u"someone-else"_s)));
    s.peer->sendNotification(u"notifications/tools/list_changed"_s);
    s.peer->sendNotification(u"notifications/tools/list_changed"_s);
    QTRY_COMPARE_WITH_TIMEOUT(toolsChanged.size(), 3, 5000);
    QCOMPARE(violations.size(), 1);
    QVERIFY2(violations.first().first().toString().startsWith(u"the server sent notifications/tools/list_changed without naming the subscription"_s),
             qPrintable(violations.first().first().toString()));

    // Subscribing opens a second listen with the URI; the first keeps being heard until the second is
    // acknowledged, then it is cancelled; the caller hears back on the acknowledgement.
    std::optional<Result<std::monostate>> subscribed;
    QObject context;
    s.session->subscribeResource(u"file:///a.txt"_s, &context, [&subscribed](const Result<std::monostate> &r) { subscribed = r; });
    QTRY_COMPARE_WITH_TIMEOUT(listens.size(), 2, 5000);
    QCOMPARE(filterOf(1), (QJsonObject{{u"toolsListChanged"_s, true}, {u"resourceSubscriptions"_s, QJsonArray{u"file:///a.txt"_s}}}));
    const RequestId second = listens.at(1).id();
    s.peer->sendNotification(u"notifications/tools/list_changed"_s, stamped(first));
    QTRY_COMPARE_WITH_TIMEOUT(toolsChanged.size(), 4, 5000);
    QVERIFY(!subscribed.has_value());
    QVERIFY(cancelledIds().isEmpty());
    s.peer->sendNotification(u"notifications/subscriptions/acknowledged"_s,
                             stamped(second, {{u"notifications"_s, filterOf(1)}}));
    QTRY_VERIFY_WITH_TIMEOUT(subscribed.has_value(), 5000);
    QVERIFY2(subscribed->ok(), subscribed->ok() ? "" : qPrintable(subscribed->error().message));
    QTRY_COMPARE_WITH_TIMEOUT(cancelledIds(), QList<RequestId>{first}, 5000);
    s.peer->sendNotification(u"notifications/resources/updated"_s, stamped(second, {{u"uri"_s, u"file:///a.txt"_s}}));
    s.peer->sendNotification(u"notifications/tools/list_changed"_s, stamped(first)); // cancelled: not heard
    QTRY_COMPARE_WITH_TIMEOUT(updated.size(), 1, 5000);
    QCOMPARE(updated.first().first().toString(), u"file:///a.txt"_s);
    QVERIFY(TestSupport::deliverPostedEvents()); // the loopback delivers queued, in order: the second one is in
    QCOMPARE(toolsChanged.size(), 4);

    // A subscription the server does not grant fails the call, and the console hears what is missing.
    subscribed.reset();
    s.session->subscribeResource(u"file:///b.txt"_s, &context, [&subscribed](const Result<std::monostate> &r) { subscribed = r; });
    QTRY_COMPARE_WITH_TIMEOUT(listens.size(), 3, 5000);
    const RequestId third = listens.at(2).id();
    s.peer->sendNotification(u"notifications/subscriptions/acknowledged"_s,
                             stamped(third, {{u"notifications"_s, QJsonObject{{u"toolsListChanged"_s, true},
                                                                             {u"resourceSubscriptions"_s, QJsonArray{u"file:///a.txt"_s}}}}}));
    QTRY_VERIFY_WITH_TIMEOUT(subscribed.has_value(), 5000);
    QVERIFY(!subscribed->ok());
    QCOMPARE(subscribed->error().message, u"the server did not accept a subscription to file:///b.txt"_s);
    QVERIFY(!diagnostics.isEmpty());
    QCOMPARE(diagnostics.last().first().toString(),
             u"the server does not send everything Toolgate asked to hear (subscriptions/listen); not granted: updates of file:///b.txt"_s);

    // The server ends the listen (gracefully): the session asks again, about a second later.
    QElapsedTimer sinceEnd;
    sinceEnd.start();
    listens.at(2).respond(QJsonObject{{u"resultType"_s, u"complete"_s}});
    QTRY_COMPARE_WITH_TIMEOUT(listens.size(), 4, 5000);
    QVERIFY(sinceEnd.elapsed() >= 900);
    QCOMPARE(filterOf(3), filterOf(2));
    QCOMPARE(violations.size(), 1);
}

void tst_ModernSession::listenUnknownToTheServer()
{
    // A server that declares list changes but answers subscriptions/listen with "method not found" is
    // told about once; nothing is asked again, and subscribing says why it cannot work.
    ScriptedServer s;
    // A listen asked for again would be asked at once, so that what comes of it can be waited for.
    s.firstRelistenDelay = std::chrono::milliseconds(0);
    QJsonObject discover = discoverResult();
    discover.insert(u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject{{u"listChanged"_s, true}}},
                                                   {u"resources"_s, QJsonObject{{u"subscribe"_s, true}}}});
    s.peer->setRequestHandler(u"server/discover"_s, [discover](const JsonRpcMessage &, const Responder &r) { r.respond(discover); });
    std::unique_ptr<QSignalSpy> spy;
    QVERIFY(s.open(ClientSession::EraMode::Modern, [&spy](ClientSession &session) {
        spy = std::make_unique<QSignalSpy>(&session, &ClientSession::protocolViolation);
    }));
    QSignalSpy &violations = *spy;
    QTRY_COMPARE_WITH_TIMEOUT(violations.size(), 1, 5000);
    QVERIFY2(violations.first().first().toString().startsWith(u"the server declares list changes but does not know subscriptions/listen"_s),
             qPrintable(violations.first().first().toString()));
    const auto answer = TestSupport::await<std::monostate>(
        [&s](QObject *c, auto cb) { s.session->subscribeResource(u"file:///a.txt"_s, c, cb); });
    QVERIFY(answer.has_value() && !answer->ok());
    QCOMPARE(answer->error().code, int(ErrorCode::MethodNotFound));
    // A listen that ends is asked again on a zero-time timer here: once a turn of the event loop has fired
    // it and the loopback has delivered what it sent, the server would have a second listen.
    QVERIFY(TestSupport::turnEventLoop());
    QVERIFY(TestSupport::deliverPostedEvents());
    QCOMPARE(s.requests(u"subscriptions/listen"_s).size(), 1);
    QCOMPARE(s.session->state(), ClientSession::State::Ready);
}

void tst_ModernSession::readsAreCachedWhileFresh()
{
    // ttlMs (server/utilities/caching.mdx): a read the server marks fresh is answered from the cache until
    // it expires or the resource is updated; ttlMs 0 and results after rounds of input are never kept.
    ScriptedServer s;
    QJsonObject discover = discoverResult();
    discover.insert(u"capabilities"_s, QJsonObject{{u"resources"_s, QJsonObject{{u"subscribe"_s, true}}}});
    s.peer->setRequestHandler(u"server/discover"_s, [discover](const JsonRpcMessage &, const Responder &r) { r.respond(discover); });
    QList<Responder> listens;
    s.peer->setRequestHandler(u"subscriptions/listen"_s, [&listens](const JsonRpcMessage &, const Responder &r) { listens.append(r); });
    int served = 0;
    s.peer->setRequestHandler(u"resources/read"_s, [&served](const JsonRpcMessage &request, const Responder &r) {
        const QString uri = request.params().value(u"uri"_s).toString();
        if (uri == u"file:///asks"_s && !request.params().contains(u"inputResponses"_s)) {
            r.respond(inputRequired(QJsonObject{{u"ask"_s, askFor(u"elicitation/create"_s, confirmParams)}}));
            return;
        }
        ++served;
        r.respond(QJsonObject{{u"contents"_s, QJsonArray{QJsonObject{{u"uri"_s, uri}, {u"text"_s, u"read %1"_s.arg(served)}}}},
                              {u"resultType"_s, u"complete"_s},
                              {u"ttlMs"_s, uri == u"file:///stale"_s ? 0 : 60000},
                              {u"cacheScope"_s, u"private"_s}});
    });
    QVERIFY(s.open(ClientSession::EraMode::Modern, [](ClientSession &session) {
        session.setElicitationHandler([](const QJsonObject &, const Responder &responder) { responder.respond(acceptOk); });
    }));
    const auto read = [&s](const QString &uri) {
        const auto answer = TestSupport::await<ReadResourceResult>([&s, uri](QObject *c, auto cb) { s.session->readResource(uri, c, cb); });
        return answer && answer->ok() ? answer->value().contents.value(0).text.value_or(QString()) : u"(failed)"_s;
    };
    QCOMPARE(read(u"file:///a"_s), u"read 1"_s);
    QCOMPARE(read(u"file:///a"_s), u"read 1"_s); // fresh: the server is not asked
    QCOMPARE(served, 1);
    QCOMPARE(read(u"file:///b"_s), u"read 2"_s); // another URI is another key
    QCOMPARE(read(u"file:///stale"_s), u"read 3"_s);
    QCOMPARE(read(u"file:///stale"_s), u"read 4"_s); // ttlMs 0: stale at once
    QCOMPARE(read(u"file:///asks"_s), u"read 5"_s);
    QCOMPARE(read(u"file:///asks"_s), u"read 6"_s); // came after a round of input: not kept

    // An update of the resource (on the listen opened by subscribing) makes the next read ask again.
    std::optional<Result<std::monostate>> subscribed;
    QObject context;
    s.session->subscribeResource(u"file:///a"_s, &context, [&subscribed](const Result<std::monostate> &r) { subscribed = r; });
    QTRY_COMPARE_WITH_TIMEOUT(listens.size(), 1, 5000);
    const QJsonObject stamp{{u"io.modelcontextprotocol/subscriptionId"_s, listens.first().id().toJson()}};
    s.peer->sendNotification(u"notifications/subscriptions/acknowledged"_s,
                             QJsonObject{{u"notifications"_s, QJsonObject{{u"resourceSubscriptions"_s, QJsonArray{u"file:///a"_s}}}}, {u"_meta"_s, stamp}});
    QTRY_VERIFY_WITH_TIMEOUT(subscribed.has_value(), 5000);
    QSignalSpy updated(s.session.get(), &ClientSession::resourceUpdated);
    s.peer->sendNotification(u"notifications/resources/updated"_s, QJsonObject{{u"uri"_s, u"file:///a"_s}, {u"_meta"_s, stamp}});
    QTRY_COMPARE_WITH_TIMEOUT(updated.size(), 1, 5000);
    QCOMPARE(read(u"file:///a"_s), u"read 7"_s);
    QCOMPARE(read(u"file:///b"_s), u"read 2"_s); // untouched
}

QTEST_GUILESS_MAIN(tst_ModernSession)
#include "tst_modernsession.moc"
