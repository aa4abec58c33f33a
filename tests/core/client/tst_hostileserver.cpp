// ClientSession over a real StdioTransport against toolgate-hostile-server: a server that
// answers initialize correctly and then breaks the protocol on purpose. For each case the waiting
// request hears back at once (never at its timeout), the lie is reported instead of passed on,
// memory stays bounded, and nothing secret travels on into our own log.

#include "core/client/clientsession.h"
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

private:
    ClientSession *start(const QStringList &arguments, const ServerConfig &base = {});
    ClientSession *startAndCall(const QString &tool, Answer<CallToolResult> &call);

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

ClientSession *tst_HostileServer::start(const QStringList &arguments, const ServerConfig &base)
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
    auto *session = new ClientSession(std::move(transport).value(), options, m_context.get());
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
ClientSession *tst_HostileServer::startAndCall(const QString &tool, Answer<CallToolResult> &call)
{
    ClientSession *session = start({});
    if (!session)
        return nullptr;
    session->callTool(ToolCallKeyForTests::make(), tool, {}, {}, m_context.get(), call.callback());
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

QTEST_GUILESS_MAIN(tst_HostileServer)
#include "tst_hostileserver.moc"
