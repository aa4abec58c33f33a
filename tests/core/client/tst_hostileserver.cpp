// ClientSession over a real StdioTransport against toolgate-hostile-server: a server that
// answers initialize correctly and then breaks the protocol on purpose. For each case the waiting
// request hears back at once (never at its timeout), the lie is reported instead of passed on,
// memory stays bounded, and nothing secret travels on into our own log.

#include "core/client/clientsession.h"
#include "core/client/taskfollower.h"
#include "core/common/error.h"
#include "core/protocol/page.h"
#include "core/workspace/transportfactory.h"
#include "testtable.h"
#include "toolcallkeyfortests.h"
#include "core/transport/stdiotransport.h"
#include "core/workspace/serverconfig.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTest>

#include <list>
#include <optional>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace std::chrono_literals;
using Toolgate::TestSupport::addColumns;

namespace {

constexpr int kWait = 10000;

QString hostileServer()
{
    return QStringLiteral(TOOLGATE_BIN_DIR "/toolgate-hostile-server");
}

template<typename T>
struct Answer
{
    int count = 0;
    std::optional<Result<T>> last;
    QElapsedTimer clock;

    ClientSession::Callback<T> callback()
    {
        clock.start();
        return [this](const Result<T> &result) {
            ++count;
            last = result;
        };
    }
    bool ok() const { return last && last->ok(); }
    Error error() const { return last && !last->ok() ? last->error() : Error(); }
    QString describe() const
    {
        if (!last)
            return u"(no answer)"_s;
        return last->ok() ? u"ok"_s : last->error().toString();
    }
};

// Everything logged through Qt (qCWarning, qCDebug, ...) while a test runs: our own log.
QStringList g_logged;
QtMessageHandler g_previousHandler = nullptr;

void collectMessages(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    g_logged.append(message);
    if (g_previousHandler)
        g_previousHandler(type, context, message);
}

} // namespace

class tst_HostileServer : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void unreadableAnswerFailsItsCallAtOnce_data();
    void unreadableAnswerFailsItsCallAtOnce();
    void closedStdoutFailsEverythingAtOnce();
    void lyingResultIsAProtocolError_data();
    void lyingResultIsAProtocolError();
    void endlessPagesAreCappedInItems_data();
    void endlessPagesAreCappedInItems();
    void brokenToolListIsReported();
    void secretsOnStderrAreRedacted();

    void taskAskingForeverIsCancelledAfterTheRoundCap();
    void requestStateIsBounded_data();
    void requestStateIsBounded();
    void taskStateIsBounded();
    void serverSentRequestsOnlyInTheLegacyEra_data();
    void serverSentRequestsOnlyInTheLegacyEra();
    void legacySessionRefusesModernAnswers_data();
    void legacySessionRefusesModernAnswers();

private:
    using Prepare = std::function<void(ClientSession &)>;
    /// prepare runs before the session connects (handlers installed there are declared at initialize).
    ClientSession *start(const QStringList &arguments, const ServerConfig &base = {},
                         ClientSession::EraMode era = ClientSession::EraMode::Legacy, const Prepare &prepare = {});
    ClientSession *startAndCall(const QString &tool, Answer<CallToolResult> &call, const QJsonObject &arguments = {});
    /// The server's stderr lines seen so far that start with prefix.
    int diagnosticsStartingWith(const QString &prefix) const
    {
        int count = 0;
        for (const auto &args : *m_diagnostics)
            count += args.first().toString().startsWith(prefix) ? 1 : 0;
        return count;
    }

    std::unique_ptr<QObject> m_context;
    std::unique_ptr<QSignalSpy> m_violations;
    std::unique_ptr<QSignalSpy> m_diagnostics;
    std::unique_ptr<QSignalSpy> m_failed;
    QStringList violations() const
    {
        QStringList out;
        for (const auto &args : *m_violations)
            out.append(args.first().toString());
        return out;
    }
};

void tst_HostileServer::init()
{
    QVERIFY2(QFileInfo(hostileServer()).isExecutable(), qPrintable(hostileServer()));
    m_context = std::make_unique<QObject>();
}

void tst_HostileServer::cleanup()
{
    m_violations.reset();
    m_diagnostics.reset();
    m_failed.reset();
    m_context.reset();
}

ClientSession *tst_HostileServer::start(const QStringList &arguments, const ServerConfig &base, ClientSession::EraMode era,
                                        const Prepare &prepare)
{
    // Through the factory the app and the CLI use, so the config's secrets reach the transport.
    ServerConfig config = base;
    config.name = u"hostile"_s;
    config.command = hostileServer();
    config.args = arguments;
    auto transport = TransportFactory::create(config);
    if (!transport)
        return nullptr;
    ClientSession::Options options;
    options.toolCallTimeout = 60s; // what an unreadable answer must not have to wait out
    options.requestTimeout = 60s;
    options.era = era;
    auto *session = new ClientSession(std::move(transport).value(), options, m_context.get());
    if (prepare)
        prepare(*session);
    m_violations = std::make_unique<QSignalSpy>(session, &ClientSession::protocolViolation);
    m_diagnostics = std::make_unique<QSignalSpy>(session, &ClientSession::diagnosticLine);
    m_failed = std::make_unique<QSignalSpy>(session, &ClientSession::failed);
    session->connectToServer();
    if (!QTest::qWaitFor([&] { return session->isReady() || !m_failed->isEmpty(); }, kWait) || !session->isReady())
        return nullptr;
    return session;
}

/// A session to the hostile server in which tool (no arguments) was called and answered once;
/// nullptr when the session did not start or no answer came.
ClientSession *tst_HostileServer::startAndCall(const QString &tool, Answer<CallToolResult> &call, const QJsonObject &arguments)
{
    ClientSession *session = start({});
    if (!session)
        return nullptr;
    session->callTool(ToolCallKeyForTests::make(), tool, arguments, {}, m_context.get(), call.callback());
    if (!QTest::qWaitFor([&] { return call.count > 0; }, kWait) || call.count != 1)
        return nullptr;
    return session;
}

// ---- answers that cannot be read -----------------------------------------------------------------

void tst_HostileServer::unreadableAnswerFailsItsCallAtOnce_data()
{
    addColumns<QString, QString>("tool", "why");
    QTest::addRow("invalid UTF-8") << u"invalid_utf8"_s << u"invalid UTF8 string"_s;
    QTest::addRow("nested deeper than 1024") << u"deep_nesting"_s << u"too deeply nested"_s;
}

void tst_HostileServer::unreadableAnswerFailsItsCallAtOnce()
{
    QFETCH(QString, tool);
    QFETCH(QString, why);
    Answer<CallToolResult> call;
    ClientSession *session = startAndCall(tool, call);
    QVERIFY2(session, qPrintable(call.describe()));
    QVERIFY2(call.clock.elapsed() < 5000, qPrintable(QString::number(call.clock.elapsed())));
    QCOMPARE(call.error().code, int(ErrorCode::ProtocolError));
    QVERIFY2(call.error().message.startsWith(u"the server's answer to tools/call could not be read (invalid JSON at offset "_s),
             qPrintable(call.describe()));
    QVERIFY2(call.error().message.contains(why), qPrintable(call.describe()));
    QVERIFY(!violations().isEmpty());

    // Only that call failed: the session goes on.
    Answer<CallToolResult> echo;
    session->callTool(ToolCallKeyForTests::make(), u"echo"_s, {{u"text"_s, u"still here"_s}}, {}, m_context.get(), echo.callback());
    QTRY_COMPARE_WITH_TIMEOUT(echo.count, 1, kWait);
    QVERIFY2(echo.ok(), qPrintable(echo.describe()));
    QCOMPARE(echo.last->value().textSummary(), u"still here"_s);
    QCOMPARE(call.count, 1);
}

void tst_HostileServer::closedStdoutFailsEverythingAtOnce()
{
    // Without a sandbox: bubblewrap's own process keeps the server's stdout open (it hands the pipe on
    // and stays to supervise), so a sandboxed server that closes its stdout is not seen until it exits
    // (docs/sandbox.md, "Not done yet"). This test is about what the transport makes of the closed pipe.
    ServerConfig unconfined;
    unconfined.sandbox.enabled = false;
    ClientSession *session = start({}, unconfined);
    QVERIFY(session);
    Answer<CallToolResult> closing, echo;
    session->callTool(ToolCallKeyForTests::make(), u"close_stdout"_s, {}, {}, m_context.get(), closing.callback());
    session->callTool(ToolCallKeyForTests::make(), u"echo"_s, {{u"text"_s, u"lost"_s}}, {}, m_context.get(), echo.callback());
    QTRY_COMPARE_WITH_TIMEOUT(closing.count, 1, kWait);
    QTRY_COMPARE_WITH_TIMEOUT(echo.count, 1, kWait);
    QVERIFY2(closing.clock.elapsed() < 5000, qPrintable(QString::number(closing.clock.elapsed())));
    for (const auto *answer : {&closing, &echo}) {
        QVERIFY2(answer->error().message.contains(u"closed its standard output but kept running"_s), qPrintable(answer->describe()));
    }
    // The session failed with that reason, once, and the server was stopped.
    QTRY_COMPARE_WITH_TIMEOUT(m_failed->count(), 1, kWait);
    QVERIFY(m_failed->first().first().value<Error>().message.contains(u"closed its standard output"_s));
    QTRY_COMPARE_WITH_TIMEOUT(session->state(), ClientSession::State::Failed, kWait);
    QTRY_VERIFY_WITH_TIMEOUT(session->transport()->state() == Transport::State::Closed, kWait);
}

// ---- results that lie -----------------------------------------------------------------------------

void tst_HostileServer::lyingResultIsAProtocolError_data()
{
    addColumns<QString, QString>("tool", "message");
    QTest::addRow("isError: \"yes\"") << u"is_error_yes"_s
                                      << u"the server's tool result is malformed: \"isError\" must be true or false, not a string"_s;
    QTest::addRow("content not a list") << u"content_not_list"_s
                                        << u"the server's tool result is malformed: \"content\" must be a list, not an object"_s;
}

void tst_HostileServer::lyingResultIsAProtocolError()
{
    QFETCH(QString, tool);
    QFETCH(QString, message);
    Answer<CallToolResult> call;
    QVERIFY2(startAndCall(tool, call), qPrintable(call.describe()));
    QCOMPARE(call.error().code, int(ErrorCode::ProtocolError));
    QCOMPARE(call.error().message, message);
}

// ---- lists -----------------------------------------------------------------------------------------

void tst_HostileServer::endlessPagesAreCappedInItems_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("requests"); // tools/list requests the server should have seen
    QTest::addColumn<QString>("last");
    QTest::addRow("20000 per page, no end") << QStringList{} << 1 << u"tool_0_9999"_s;
    QTest::addRow("4000 per page, no end") << QStringList{u"--page-size"_s, u"4000"_s} << 3 << u"tool_2_1999"_s;
    QTest::addRow("2500 per page, no end") << QStringList{u"--page-size"_s, u"2500"_s} << 4 << u"tool_3_2499"_s;
}

void tst_HostileServer::endlessPagesAreCappedInItems()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, requests);
    QFETCH(QString, last);
    ClientSession *session = start(QStringList{u"--mode"_s, u"endless-pages"_s} + arguments);
    QVERIFY(session);
    Answer<QList<Tool>> list;
    session->listTools(m_context.get(), list.callback());
    QTRY_COMPARE_WITH_TIMEOUT(list.count, 1, 60000);
    QVERIFY2(list.ok(), qPrintable(list.describe()));
    QCOMPARE(list.last->value().size(), maxListItems);
    QCOMPARE(list.last->value().constLast().name, last);
    QVERIFY2(violations().contains(u"the server offers more than 10000 tools (tools/list); showing the first 10000"_s),
             qPrintable(violations().join(u'\n')));
    // No page beyond the cap was asked for.
    int listRequests = 0;
    for (const auto &args : *m_diagnostics)
        listRequests += args.first().toString().startsWith(u"recv: tools/list"_s) ? 1 : 0;
    QCOMPARE(listRequests, requests);
}

void tst_HostileServer::brokenToolListIsReported()
{
    ClientSession *session = start({u"--mode"_s, u"broken-tools"_s});
    QVERIFY(session);
    Answer<QList<Tool>> list;
    session->listTools(m_context.get(), list.callback());
    QTRY_COMPARE_WITH_TIMEOUT(list.count, 1, kWait);
    QVERIFY2(list.ok(), qPrintable(list.describe()));
    // Listed, not dropped — and reported.
    const QStringList reported = violations();
    for (const QString &expected : {u"a tool has no name (its \"name\" is missing), so it cannot be called"_s,
                                    u"the tool \"schema_string\" has no input schema object (its \"inputSchema\" is a string); its arguments cannot be checked"_s,
                                    u"the tool \"no_schema\" has no input schema object (its \"inputSchema\" is missing); its arguments cannot be checked"_s,
                                    u"2 tools are named \"echo\"; a call by that name may reach any of them"_s}) {
        QVERIFY2(reported.contains(expected), qPrintable(u"missing: "_s + expected + u"\nreported:\n"_s + reported.join(u'\n')));
    }
    // Both are kept, in the server's order: of two tools with one name the first one counts
    // (ServerConnection::listedTool), not silently the last.
    const QList<Tool> &tools = list.last->value();
    const auto echo = std::find_if(tools.cbegin(), tools.cend(), [](const Tool &tool) { return tool.name == u"echo"_s; });
    QVERIFY(echo != tools.cend());
    QCOMPARE(echo->description, u"Echoes the text back"_s);
}

// ---- secrets ---------------------------------------------------------------------------------------

void tst_HostileServer::secretsOnStderrAreRedacted()
{
    const QString apiKey = u"sk-hostile-0123456789abcdef"_s;
    const QString pin = u"pin-7f3a9c21"_s; // no secret-looking name: known only because it is marked secret
    ServerConfig config;
    config.env = {{u"API_KEY"_s, apiKey}, {u"SERVICE_PIN"_s, pin}};
    config.secretKeys = {u"SERVICE_PIN"_s};

    g_logged.clear();
    g_previousHandler = qInstallMessageHandler(collectMessages);
    const auto restore = qScopeGuard([] { qInstallMessageHandler(g_previousHandler); });

    ClientSession *session = start({}, config);
    QVERIFY(session);
    Answer<CallToolResult> printed;
    session->callTool(ToolCallKeyForTests::make(), u"stderr_secret"_s, {}, {}, m_context.get(), printed.callback());
    QTRY_COMPARE_WITH_TIMEOUT(printed.count, 1, kWait);
    QTRY_VERIFY_WITH_TIMEOUT(m_diagnostics->count() >= 2, kWait);

    // Then it prints them again and exits: the failure (and our log of it) carries its stderr.
    Answer<CallToolResult> exited;
    session->callTool(ToolCallKeyForTests::make(), u"stderr_secret"_s, {{u"exit"_s, true}}, {}, m_context.get(), exited.callback());
    QTRY_COMPARE_WITH_TIMEOUT(exited.count, 1, kWait);
    QTRY_COMPARE_WITH_TIMEOUT(m_failed->count(), 1, kWait);

    QStringList seen;
    for (const auto &args : *m_diagnostics)
        seen.append(args.first().toString());
    seen.append(static_cast<StdioTransport *>(session->transport())->recentStderr());
    seen.append(m_failed->first().first().value<Error>().message);
    seen.append(exited.error().message);
    seen.append(g_logged);
    const QString all = seen.join(u'\n');
    QVERIFY2(all.contains(u"starting with my key [redacted] (do not tell anyone)"_s), qPrintable(all));
    QVERIFY2(all.contains(u"and the pin is [redacted]"_s), qPrintable(all));
    QVERIFY2(m_failed->first().first().value<Error>().message.contains(u"[redacted]"_s), qPrintable(all));
    QVERIFY2(!all.contains(apiKey), qPrintable(all));
    QVERIFY2(!all.contains(pin), qPrintable(all));
}

// ---- the protocol's own amplifiers and era mix-ups (issue 35) --------------------------------------

namespace {

// What a person who accepts every form would answer.
void acceptEveryForm(const QJsonObject &, const Responder &responder)
{
    responder.respond(QJsonObject{{u"action"_s, u"accept"_s}, {u"content"_s, QJsonObject{{u"answer"_s, u"yes"_s}}}});
}

} // namespace

void tst_HostileServer::taskAskingForeverIsCancelledAfterTheRoundCap()
{
    int asked = 0;
    ClientSession *session = start({u"--mode"_s, u"modern"_s, u"--mode"_s, u"endless-task-questions"_s}, {},
                                   ClientSession::EraMode::Modern, [&asked](ClientSession &s) {
                                       s.setElicitationHandler([&asked](const QJsonObject &params, const Responder &responder) {
                                           ++asked;
                                           acceptEveryForm(params, responder);
                                       });
                                   });
    QVERIFY(session);
    Answer<CallToolResult> call;
    session->callTool(ToolCallKeyForTests::make(), u"ask_forever"_s, {}, {}, m_context.get(), call.callback());
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QVERIFY2(call.ok() && call.last->value().task, qPrintable(call.describe()));

    TaskFollower follower(session, *call.last->value().task, {u"ask_forever"_s});
    Answer<CallToolResult> ended;
    connect(&follower, &TaskFollower::finished, m_context.get(), ended.callback());
    QTRY_COMPARE_WITH_TIMEOUT(ended.count, 1, 30000);
    QCOMPARE(ended.error().code, int(ErrorCode::ProtocolError));
    QCOMPARE(ended.error().message, u"the server kept asking for input to finish task endless (10 rounds); Toolgate stopped "
                                    "answering it and cancelled the task"_s);
    // The person answered the ten rounds and no more, and the server heard the task is cancelled.
    QCOMPARE(asked, ClientSession::maxInputRounds);
    QTRY_COMPARE_WITH_TIMEOUT(diagnosticsStartingWith(u"note: task cancelled"_s), 1, kWait);
    QCOMPARE(ended.count, 1);
}

void tst_HostileServer::requestStateIsBounded_data()
{
    addColumns<int, int, QString>("bytes", "calls", "message");
    // Refused as it comes: the 2 MB are never sent back.
    QTest::addRow("2 MB in one round") << 2 * 1024 * 1024 << 1
                                       << u"the server asked for input to finish tools/call and gave Toolgate 2.0 MB of state to "
                                          "send back, more than the 1.0 MB a round may have; Toolgate stopped answering it"_s;
    // 900 kB a round is fine; the fifth would make 4.3 MB in all, and is not sent back.
    QTest::addRow("900 kB a round, 4.3 MB in all") << 900000 << 5
                                                   << u"the server asked for input to finish tools/call and gave Toolgate 4.3 MB of "
                                                      "state to send back over its rounds, more than the 4.0 MB one request may have; "
                                                      "Toolgate stopped answering it"_s;
}

void tst_HostileServer::requestStateIsBounded()
{
    QFETCH(int, bytes);
    QFETCH(int, calls);
    QFETCH(QString, message);
    ClientSession *session = start({u"--mode"_s, u"modern"_s}, {}, ClientSession::EraMode::Modern,
                                   [](ClientSession &s) { s.setElicitationHandler(acceptEveryForm); });
    QVERIFY(session);
    Answer<CallToolResult> call;
    session->callTool(ToolCallKeyForTests::make(), u"huge_state"_s, {{u"bytes"_s, bytes}}, {}, m_context.get(), call.callback());
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.error().code, int(ErrorCode::ProtocolError));
    QCOMPARE(call.error().message, message);

    // Nothing more went out: once the server has read a later call, it has read every earlier one.
    Answer<CallToolResult> echo;
    session->callTool(ToolCallKeyForTests::make(), u"echo"_s, {{u"text"_s, u"after"_s}}, {}, m_context.get(), echo.callback());
    QTRY_COMPARE_WITH_TIMEOUT(echo.count, 1, kWait);
    QVERIFY2(echo.ok(), qPrintable(echo.describe()));
    QTRY_COMPARE_WITH_TIMEOUT(diagnosticsStartingWith(u"recv: tools/call"_s), calls + 1, kWait);
    QCOMPARE(diagnosticsStartingWith(u"note: huge_state call"_s), calls);
}

void tst_HostileServer::taskStateIsBounded()
{
    int asked = 0;
    ClientSession *session = start({u"--mode"_s, u"modern"_s, u"--mode"_s, u"endless-task-questions"_s}, {},
                                   ClientSession::EraMode::Modern, [&asked](ClientSession &s) {
                                       s.setElicitationHandler([&asked](const QJsonObject &params, const Responder &responder) {
                                           ++asked;
                                           acceptEveryForm(params, responder);
                                       });
                                   });
    QVERIFY(session);
    Answer<CallToolResult> call;
    session->callTool(ToolCallKeyForTests::make(), u"ask_forever"_s, {{u"stateBytes"_s, 2 * 1024 * 1024}}, {}, m_context.get(),
                      call.callback());
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QVERIFY2(call.ok() && call.last->value().task, qPrintable(call.describe()));

    TaskFollower follower(session, *call.last->value().task, {u"ask_forever"_s});
    Answer<CallToolResult> ended;
    connect(&follower, &TaskFollower::finished, m_context.get(), ended.callback());
    QTRY_COMPARE_WITH_TIMEOUT(ended.count, 1, kWait);
    QCOMPARE(ended.error().code, int(ErrorCode::ProtocolError));
    QCOMPARE(ended.error().message, u"the server gave Toolgate 2.0 MB of state to send back with every look at task endless, more "
                                    "than the 1.0 MB it may have; Toolgate stopped following the task and cancelled it"_s);
    // The task was cancelled without sending the state back, and never looked at nor answered.
    QTRY_COMPARE_WITH_TIMEOUT(diagnosticsStartingWith(u"note: task cancelled, requestState of 0 bytes"_s), 1, kWait);
    QCOMPARE(diagnosticsStartingWith(u"recv: tasks/get"_s), 0);
    QCOMPARE(asked, 0);
}

void tst_HostileServer::serverSentRequestsOnlyInTheLegacyEra_data()
{
    addColumns<ClientSession::EraMode, QString, int>("era", "answer", "handled");
    QTest::addRow("legacy: answered") << ClientSession::EraMode::Legacy << u"result"_s << 3;
    // 2026-07-28 asks inside answers only: one sent on its own is refused, and the person never sees it.
    QTest::addRow("modern: refused") << ClientSession::EraMode::Modern << u"error -32601"_s << 0;
}

void tst_HostileServer::serverSentRequestsOnlyInTheLegacyEra()
{
    QFETCH(ClientSession::EraMode, era);
    QFETCH(QString, answer);
    QFETCH(int, handled);
    g_logged.clear();
    g_previousHandler = qInstallMessageHandler(collectMessages);
    const auto restore = qScopeGuard([] { qInstallMessageHandler(g_previousHandler); });

    int handlersCalled = 0;
    ClientSession *session = start({u"--mode"_s, u"modern"_s}, {}, era, [&handlersCalled](ClientSession &s) {
        s.setElicitationHandler([&handlersCalled](const QJsonObject &params, const Responder &responder) {
            ++handlersCalled;
            acceptEveryForm(params, responder);
        });
        s.setSamplingHandler([&handlersCalled](const QJsonObject &, const Responder &responder) {
            ++handlersCalled;
            responder.respond(QJsonObject{{u"role"_s, u"assistant"_s}, {u"content"_s, QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"hello"_s}}},
                                          {u"model"_s, u"test"_s}});
        });
        s.setRootsHandler([&handlersCalled](const QJsonObject &, const Responder &responder) {
            ++handlersCalled;
            responder.respond(QJsonObject{{u"roots"_s, QJsonArray()}});
        });
    });
    QVERIFY(session);
    Answer<CallToolResult> call;
    session->callTool(ToolCallKeyForTests::make(), u"legacy_requests"_s, {}, {}, m_context.get(), call.callback());
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QVERIFY2(call.ok(), qPrintable(call.describe()));
    for (const QString &method : {u"elicitation/create"_s, u"sampling/createMessage"_s, u"roots/list"_s, u"ping"_s})
        QTRY_COMPARE_WITH_TIMEOUT(diagnosticsStartingWith(u"note: answer to legacy-"_s + method + u": "_s + answer), 1, kWait);
    QCOMPARE(handlersCalled, handled);
    const bool logged = std::any_of(g_logged.cbegin(), g_logged.cend(), [](const QString &line) {
        return line.startsWith(u"refused elicitation/create sent as a request of its own"_s);
    });
    QCOMPARE(logged, era == ClientSession::EraMode::Modern);
}

void tst_HostileServer::legacySessionRefusesModernAnswers_data()
{
    addColumns<QString, QString>("shape", "message");
    QTest::addRow("input_required") << u"input_required"_s
                                    << u"the server answered tools/call with \"input_required\", an answer of MCP 2026-07-28, but this "
                                       "connection speaks 2025-11-25, where it holds no result; the server mixes up protocol revisions: "
                                       "tell its author"_s;
    QTest::addRow("a 2026-07-28 task") << u"task"_s
                                       << u"the server answered tools/call with \"task\", an answer of MCP 2026-07-28, but this "
                                          "connection speaks 2025-11-25, where it holds no result; the server mixes up protocol "
                                          "revisions: tell its author"_s;
    QTest::addRow("a 2025-11-25 task not asked for") << u"legacy_task"_s
                                                     << u"the server answered tools/call with a task, which Toolgate did not ask for, "
                                                        "instead of the call's result; the server does not follow MCP 2025-11-25: tell "
                                                        "its author"_s;
}

void tst_HostileServer::legacySessionRefusesModernAnswers()
{
    QFETCH(QString, shape);
    QFETCH(QString, message);
    Answer<CallToolResult> call;
    QVERIFY2(startAndCall(u"modern_answer"_s, call, {{u"shape"_s, shape}}), qPrintable(call.describe()));
    QCOMPARE(call.error().code, int(ErrorCode::ProtocolError));
    QCOMPARE(call.error().message, message);
}

QTEST_GUILESS_MAIN(tst_HostileServer)
#include "tst_hostileserver.moc"
