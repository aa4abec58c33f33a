// ClientSession over StdioTransport against toolgate-fault-server: every way a server can
// misbehave. For each case: every pending call is answered exactly once, nothing hangs (every
// wait is bounded), and the session either stays usable or fails cleanly (failed() once, a useful
// message, state Failed).

#include "core/client/clientsession.h"
#include "npmpeers.h"
#include "postedevents.h"
#include "toolcallkeyfortests.h"
#include "core/common/error.h"
#include "core/transport/stdiotransport.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <array>
#include <cerrno>
#include <csignal>
#include <list>
#include <optional>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using Toolgate::TestSupport::findTool;
using namespace std::chrono_literals;

namespace {

constexpr int kWait = 10000; // upper bound for anything that should happen "soon"

QString faultServer()
{
    return QStringLiteral(TOOLGATE_BIN_DIR "/toolgate-fault-server");
}

/// Counts the answers to one call and keeps the last.
struct Call
{
    int count = 0;
    std::optional<Result<CallToolResult>> last;
    QElapsedTimer clock;
    qint64 elapsedAtAnswer = -1;
    std::function<void()> onAnswer;

    ClientSession::Callback<CallToolResult> callback()
    {
        clock.start();
        return [this](const Result<CallToolResult> &result) {
            ++count;
            last = result;
            elapsedAtAnswer = clock.elapsed();
            if (onAnswer)
                onAnswer();
        };
    }
    bool ok() const { return last && last->ok(); }
    QString text() const { return ok() ? last->value().textSummary() : QString(); }
    int errorCode() const { return last && !last->ok() ? last->error().code : 0; }
    QString errorMessage() const { return last && !last->ok() ? last->error().message : QString(); }
    /// The answer a call gets when the server went away under it.
    bool lostConnection() const
    {
        return errorCode() == int(ErrorCode::ConnectionClosed) || errorCode() == int(ErrorCode::TransportError);
    }
    QString describe() const
    {
        if (!last)
            return u"(no answer)"_s;
        return last->ok() ? u"ok: "_s + text() : last->error().toString();
    }
};

struct Harness
{
    ClientSession *session = nullptr; // owned by the test's context object
    StdioTransport *transport = nullptr;
    std::unique_ptr<QSignalSpy> ready, failed, closed, violations, logMessages, diagnostics, states;

    QStringList violationTexts() const
    {
        QStringList out;
        for (const auto &args : *violations)
            out.append(args.first().toString());
        return out;
    }
    QStringList diagnosticLines() const
    {
        QStringList out;
        for (const auto &args : *diagnostics)
            out.append(args.first().toString());
        return out;
    }
    Error failure() const { return failed->isEmpty() ? Error() : failed->first().first().value<Error>(); }
};

struct Setup
{
    QStringList arguments;
    ClientSession::Options options;
    StdioTransport::Options transportOptions;
    QString logFile; // FAULT_SERVER_LOG
    std::function<void(ClientSession *)> beforeConnect;
};

} // namespace

class tst_FaultInjection : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void normalSession();
    void crashMidCall();
    void abortMidCall();
    void hangTimesOutAndServerIsTold();
    void cancelHang();
    void garbage();
    void garbageAtStart();
    void oversizeFailsFast();
    void unknownId();
    void flood();
    void stderrSpam();
    void duplicateReply();
    void batchReply();
    void wrongJsonrpc();
    void exitAfterReply();
    void serverRequestWithRootsHandler();
    void serverRequestRootsAnsweredLater();
    void serverRequestRootsHandlerDropsResponder();
    void serverRequestWithoutRootsHandler();
    void pingClient();
    void unsupportedProtocolVersion();
    void noResponseToInitialize();
    void crashOnInitialize();
    void exitImmediately();
    void commandNotFound();
    void slowWithProgressOutlivesTimeout();
    void slowWithoutProgressTimesOut();
    void slowHitsHardMaximum();
    void severalInFlightWhenServerCrashes();
    void disconnectWithPendingCalls();
    void disconnectWhileConnecting();
    void disconnectAfterFailureClosesOnce();
    void destroySessionWithPendingCall();
    void callsBeforeReady();

private:
    Harness *start(Setup setup, bool waitReady = true);
    /// Calls tool on h's session; call counts the answers and keeps the last.
    RequestId callTool(Harness *h, Call &call, const QString &tool, const QJsonObject &arguments = {})
    {
        return h->session->callTool(ToolCallKeyForTests::make(), tool, arguments, {}, m_context.get(), call.callback());
    }
    /// Calls echo and checks the answer; proves the session still works.
    bool echoWorks(Harness *h, const QString &text);
    /// For a session that ended: true once its transport is closed (the server reaped, the transport's
    /// timers stopped) and what that queued has been delivered. Nothing can come after that, so a
    /// second answer or signal that did not come by then never will.
    static bool ended(Harness *h);
    QString serverLog() const;

    std::unique_ptr<QObject> m_context;
    std::list<Harness> m_harnesses;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void tst_FaultInjection::init()
{
    QVERIFY2(QFileInfo(faultServer()).isExecutable(), qPrintable(faultServer()));
    m_context = std::make_unique<QObject>();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void tst_FaultInjection::cleanup()
{
    m_harnesses.clear();
    m_context.reset(); // sessions (and their servers) go with it
    m_dir.reset();
}

Harness *tst_FaultInjection::start(Setup setup, bool waitReady)
{
    StdioLaunchSpec spec;
    spec.program = faultServer();
    spec.arguments = setup.arguments;
    if (!setup.logFile.isEmpty())
        spec.environment.insert(u"FAULT_SERVER_LOG"_s, setup.logFile);
    auto transport = std::make_unique<StdioTransport>(spec, setup.transportOptions);
    Harness &h = m_harnesses.emplace_back();
    h.transport = transport.get();
    h.session = new ClientSession(std::move(transport), setup.options, m_context.get());
    h.ready = std::make_unique<QSignalSpy>(h.session, &ClientSession::ready);
    h.failed = std::make_unique<QSignalSpy>(h.session, &ClientSession::failed);
    h.closed = std::make_unique<QSignalSpy>(h.session, &ClientSession::closed);
    h.violations = std::make_unique<QSignalSpy>(h.session, &ClientSession::protocolViolation);
    h.logMessages = std::make_unique<QSignalSpy>(h.session, &ClientSession::logMessage);
    h.diagnostics = std::make_unique<QSignalSpy>(h.session, &ClientSession::diagnosticLine);
    h.states = std::make_unique<QSignalSpy>(h.session, &ClientSession::stateChanged);
    if (setup.beforeConnect)
        setup.beforeConnect(h.session);
    h.session->connectToServer();
    if (waitReady) {
        if (!QTest::qWaitFor([&] { return h.session->isReady() || !h.failed->isEmpty(); }, kWait)) {
            qWarning("the session did not become ready in time");
            return nullptr;
        }
        if (!h.session->isReady()) {
            qWarning("the session failed: %s", qPrintable(h.failure().toString()));
            return nullptr;
        }
    }
    return &h;
}

bool tst_FaultInjection::echoWorks(Harness *h, const QString &text)
{
    Call call;
    callTool(h, call, u"echo"_s, {{u"text"_s, text}});
    if (!QTest::qWaitFor([&] { return call.count > 0; }, kWait)) {
        qWarning("echo was not answered");
        return false;
    }
    if (call.count != 1 || call.text() != text) {
        qWarning("echo answered %d times: %s", call.count, qPrintable(call.describe()));
        return false;
    }
    return true;
}

bool tst_FaultInjection::ended(Harness *h)
{
    if (!QTest::qWaitFor([h] { return h->transport->state() == Transport::State::Closed; }, kWait)) {
        qWarning("the transport did not close");
        return false;
    }
    return TestSupport::deliverPostedEvents();
}

QString tst_FaultInjection::serverLog() const
{
    QFile file(m_dir->filePath(u"server.log"_s));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

// ---- the baseline ------------------------------------------------------------------------------

void tst_FaultInjection::normalSession()
{
    Setup setup;
    setup.logFile = m_dir->filePath(u"server.log"_s);
    Harness *h = start(setup);
    QVERIFY(h);
    QCOMPARE(h->ready->count(), 1);
    QCOMPARE(h->states->count(), 3);
    QCOMPARE(h->states->at(0).first().value<ClientSession::State>(), ClientSession::State::Connecting);
    QCOMPARE(h->states->at(1).first().value<ClientSession::State>(), ClientSession::State::Initializing);
    QCOMPARE(h->states->at(2).first().value<ClientSession::State>(), ClientSession::State::Ready);
    QCOMPARE(h->session->protocolVersion(), u"2025-11-25"_s);
    QCOMPARE(h->session->serverInfo().name, u"toolgate-fault-server"_s);
    QVERIFY(h->session->serverCapabilities().tools);

    int listed = 0;
    std::optional<Result<QList<Tool>>> tools;
    h->session->listTools(m_context.get(), [&](const Result<QList<Tool>> &r) { ++listed; tools = r; });
    QTRY_COMPARE_WITH_TIMEOUT(listed, 1, kWait);
    QVERIFY(tools->ok());
    QCOMPARE(tools->value().size(), 21); // includes multiline (a description over several lines) and env, which reports what the host put in its environment
    QVERIFY(findTool(tools->value(), u"echo"_s).has_value());
    QVERIFY(!findTool(tools->value(), u"nope"_s).has_value());

    int pinged = 0;
    bool pingOk = false;
    h->session->ping(m_context.get(), [&](const Result<std::monostate> &r) { ++pinged; pingOk = r.ok(); });
    QTRY_COMPARE_WITH_TIMEOUT(pinged, 1, kWait);
    QVERIFY(pingOk);
    QVERIFY(echoWorks(h, u"h\u00e9llo \u2713"_s));

    Call unknown;
    callTool(h, unknown, u"no_such_tool"_s);
    QTRY_COMPARE_WITH_TIMEOUT(unknown.count, 1, kWait);
    QCOMPARE(unknown.errorCode(), -32602);
    QCOMPARE(unknown.errorMessage(), u"Unknown tool: no_such_tool"_s);

    QTRY_COMPARE_WITH_TIMEOUT(serverLog(),
                              u"initialize\nnotifications/initialized\ntools/list\nping\ntools/call\ntools/call\n"_s, kWait);
    QCOMPARE(h->violations->count(), 0);

    h->session->disconnectFromServer();
    QTRY_COMPARE_WITH_TIMEOUT(h->closed->count(), 1, kWait);
    QCOMPARE(h->session->state(), ClientSession::State::Closed);
    QCOMPARE(h->failed->count(), 0);
}

// ---- the server dies -------------------------------------------------------------------------

void tst_FaultInjection::crashMidCall()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    callTool(h, call, u"crash"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QVERIFY2(call.lostConnection(), qPrintable(call.describe()));
    QTRY_COMPARE_WITH_TIMEOUT(h->failed->count(), 1, kWait);
    const Error error = h->failure();
    QVERIFY2(error.message.contains(u"code 3"_s), qPrintable(error.message));
    QVERIFY2(error.message.contains(u"about to crash"_s), qPrintable(error.message));
    QCOMPARE(error.code, int(ErrorCode::TransportError));
    QCOMPARE(h->session->state(), ClientSession::State::Failed);
    QCOMPARE(h->session->lastError().message, error.message);
    QTRY_COMPARE_WITH_TIMEOUT(h->closed->count(), 1, kWait);

    // Further calls are refused at once, naming the failure.
    Call after;
    callTool(h, after, u"echo"_s, {{u"text"_s, u"x"_s}});
    QTRY_COMPARE_WITH_TIMEOUT(after.count, 1, kWait);
    QCOMPARE(after.errorCode(), int(ErrorCode::NotConnected));
    QVERIFY2(after.errorMessage().startsWith(u"the server connection failed: the server exited with code 3"_s),
             qPrintable(after.errorMessage()));

    QVERIFY(ended(h));
    QCOMPARE(call.count, 1);
    QCOMPARE(after.count, 1);
    QCOMPARE(h->failed->count(), 1);
    QCOMPARE(h->closed->count(), 1);
}

void tst_FaultInjection::abortMidCall()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    callTool(h, call, u"abort"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QVERIFY2(call.lostConnection(), qPrintable(call.describe()));
    QTRY_COMPARE_WITH_TIMEOUT(h->failed->count(), 1, kWait);
    const Error error = h->failure();
    QVERIFY2(error.message.startsWith(u"the server crashed"_s), qPrintable(error.message));
    QCOMPARE(error.data.toObject().value(u"crashed"_s).toBool(), true);
    QCOMPARE(h->session->state(), ClientSession::State::Failed);
    QTRY_COMPARE_WITH_TIMEOUT(h->closed->count(), 1, kWait);
    QVERIFY(ended(h));
    QCOMPARE(call.count, 1);
    QCOMPARE(h->failed->count(), 1);
}

// ---- timeouts and cancellation ------------------------------------------------------------------

void tst_FaultInjection::hangTimesOutAndServerIsTold()
{
    Setup setup;
    setup.options.toolCallTimeout = 300ms;
    setup.logFile = m_dir->filePath(u"server.log"_s);
    Harness *h = start(setup);
    QVERIFY(h);
    Call call;
    const RequestId id = callTool(h, call, u"hang"_s);
    QCOMPARE(id, RequestId(2)); // initialize was 1
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.errorCode(), int(ErrorCode::RequestTimeout));
    QCOMPARE(call.errorMessage(), u"tools/call timed out: no answer or progress for 0.3 s"_s);
    QVERIFY2(call.elapsedAtAnswer >= 300, qPrintable(QString::number(call.elapsedAtAnswer)));

    QTRY_COMPARE_WITH_TIMEOUT(serverLog(),
                              u"initialize\nnotifications/initialized\ntools/call\nnotifications/cancelled\n"_s, kWait);
    QTRY_VERIFY_WITH_TIMEOUT(h->diagnosticLines().contains(u"cancelled 2"_s), kWait);

    QVERIFY(echoWorks(h, u"still alive"_s));
    QCOMPARE(call.count, 1);
    QCOMPARE(h->failed->count(), 0);
    QCOMPARE(h->violations->count(), 0);
    QVERIFY(h->session->isReady());
}

void tst_FaultInjection::cancelHang()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    const RequestId id = callTool(h, call, u"hang"_s);
    QTRY_VERIFY_WITH_TIMEOUT(h->diagnosticLines().contains(u"recv: tools/call 2"_s), kWait);
    QVERIFY(h->session->cancelRequest(id, u"user pressed stop"_s));
    QVERIFY(!h->session->cancelRequest(id));
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.errorCode(), int(ErrorCode::RequestCancelled));
    QCOMPARE(call.errorMessage(), u"user pressed stop"_s);
    QTRY_VERIFY_WITH_TIMEOUT(h->diagnosticLines().contains(u"cancelled 2"_s), kWait);
    QVERIFY(echoWorks(h, u"after cancel"_s));
    QCOMPARE(call.count, 1);
    QCOMPARE(h->violations->count(), 0);
    QCOMPARE(h->failed->count(), 0);
}

// ---- garbage on the wire ------------------------------------------------------------------------

void tst_FaultInjection::garbage()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    callTool(h, call, u"garbage"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.text(), u"after garbage"_s);
    const QStringList violations = h->violationTexts();
    QCOMPARE(violations.size(), 3); // the empty line is not one
    QCOMPARE(violations.at(0), u"the server wrote a line that is not a JSON-RPC message to stdout: this is not json"_s);
    QVERIFY2(violations.at(1).startsWith(u"the server sent an invalid message (invalid JSON at offset "_s)
                 && violations.at(1).endsWith(u"): {broken"_s),
             qPrintable(violations.at(1)));
    QVERIFY2(violations.at(2).startsWith(u"the server sent an invalid message (invalid JSON at offset "_s)
                 && violations.at(2).endsWith(u"): [1,2"_s),
             qPrintable(violations.at(2)));
    QVERIFY(echoWorks(h, u"usable"_s));
    QCOMPARE(h->failed->count(), 0);
}

void tst_FaultInjection::garbageAtStart()
{
    Harness *h = start({{u"--garbage-at-start"_s}});
    QVERIFY(h);
    QCOMPARE(h->violationTexts(),
             QStringList{u"the server wrote a line that is not a JSON-RPC message to stdout: fault server starting..."_s});
    QVERIFY(echoWorks(h, u"fine"_s));
}

void tst_FaultInjection::oversizeFailsFast()
{
    Setup setup;
    setup.transportOptions.maxMessageSize = 64 * 1024;
    setup.options.toolCallTimeout = 60s; // an answer by timeout would take a minute
    Harness *h = start(setup);
    QVERIFY(h);
    Call call;
    callTool(h, call, u"oversize"_s, {{u"bytes"_s, 200000}});
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.errorCode(), int(ErrorCode::MessageTooLarge));
    QVERIFY2(call.errorMessage().contains(u"over the limit of 65536 bytes"_s), qPrintable(call.errorMessage()));
    QVERIFY2(call.elapsedAtAnswer < kWait, qPrintable(QString::number(call.elapsedAtAnswer)));
    QCOMPARE(h->violations->count(), 1);
    QVERIFY2(h->violationTexts().first().contains(u"over the limit of 65536 bytes; it was dropped"_s),
             qPrintable(h->violationTexts().first()));
    QVERIFY(echoWorks(h, u"after oversize"_s));
    QCOMPARE(call.count, 1);
    QCOMPARE(h->failed->count(), 0);
}

void tst_FaultInjection::unknownId()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    callTool(h, call, u"unknown_id"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.text(), u"unknown_id done"_s);
    QCOMPARE(h->violationTexts(),
             (QStringList{u"the server answered request 987654321, which was never sent or was already answered"_s,
                          u"the server answered request \"nope\", which was never sent or was already answered"_s,
                          u"the server reported an error without a request id: stray error with null id (code -32600)"_s}));
    QVERIFY(echoWorks(h, u"ok"_s));
    QCOMPARE(h->failed->count(), 0);
}

void tst_FaultInjection::flood()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    qsizetype logsAtAnswer = -1;
    call.onAnswer = [&] { logsAtAnswer = h->logMessages->count(); };
    callTool(h, call, u"flood"_s, {{u"count"_s, 10000}});
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, 30000);
    QCOMPARE(call.text(), u"flood done"_s);
    QCOMPARE(logsAtAnswer, 10000); // every notification before the answer, none lost
    QCOMPARE(h->logMessages->count(), 10000);
    const auto first = h->logMessages->first().first().value<LogMessage>();
    const auto last = h->logMessages->last().first().value<LogMessage>();
    QCOMPARE(first.text(), u"flood 0"_s);
    QCOMPARE(first.logger, u"fault"_s);
    QVERIFY(first.level == LoggingLevel::Info);
    QCOMPARE(last.text(), u"flood 9999"_s);
    QVERIFY(echoWorks(h, u"after flood"_s));
    QCOMPARE(h->violations->count(), 0);
}

void tst_FaultInjection::stderrSpam()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    callTool(h, call, u"stderr_spam"_s, {{u"lines"_s, 2000}});
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.text(), u"stderr_spam done"_s);
    QTRY_VERIFY_WITH_TIMEOUT(h->diagnosticLines().contains(u"stderr spam line 1999"_s), kWait);
    QCOMPARE(h->diagnosticLines().filter(u"stderr spam line "_s).size(), 2000);
    QCOMPARE(h->violations->count(), 0);
    QVERIFY(echoWorks(h, u"quiet now"_s));
}

void tst_FaultInjection::duplicateReply()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    const RequestId id = callTool(h, call, u"duplicate_reply"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.text(), u"duplicate"_s);
    QVERIFY(echoWorks(h, u"barrier"_s)); // the duplicate came before this answer
    QCOMPARE(call.count, 1);
    QCOMPARE(h->violationTexts(),
             QStringList{u"the server answered request %1, which was never sent or was already answered"_s.arg(id.toString())});
}

void tst_FaultInjection::batchReply()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    callTool(h, call, u"batch_reply"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.text(), u"batched"_s);
    QCOMPARE(h->violations->count(), 0);
    QVERIFY(echoWorks(h, u"after batch"_s));
}

void tst_FaultInjection::wrongJsonrpc()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    callTool(h, call, u"wrong_jsonrpc"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.text(), u"wrong_jsonrpc done"_s); // the real answer, not the 1.0 one
    QCOMPARE(h->violations->count(), 1);
    QVERIFY2(h->violationTexts().first().startsWith(u"the server sent an invalid message (\"jsonrpc\" must be \"2.0\"): "_s),
             qPrintable(h->violationTexts().first()));
    QVERIFY(echoWorks(h, u"ok"_s));
    QCOMPARE(call.count, 1);
}

void tst_FaultInjection::exitAfterReply()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    callTool(h, call, u"exit_after_reply"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.text(), u"bye"_s);
    QTRY_COMPARE_WITH_TIMEOUT(h->failed->count(), 1, kWait);
    QVERIFY2(h->failure().message.startsWith(u"the server exited with code 0"_s), qPrintable(h->failure().message));
    QTRY_COMPARE_WITH_TIMEOUT(h->closed->count(), 1, kWait);
    QCOMPARE(h->session->state(), ClientSession::State::Failed);
    QVERIFY(ended(h));
    QCOMPARE(call.count, 1);
    QCOMPARE(h->failed->count(), 1);
    QCOMPARE(h->closed->count(), 1);
}

// ---- requests from the server -------------------------------------------------------------------

void tst_FaultInjection::serverRequestWithRootsHandler()
{
    int asked = 0;
    QJsonObject askedWith{{u"marker"_s, true}};
    Setup setup;
    setup.beforeConnect = [&](ClientSession *session) {
        session->setRootsHandler([&](const QJsonObject &params, const Responder &responder) {
            ++asked;
            askedWith = params;
            responder.respond(QJsonObject{
                {u"roots"_s, QJsonArray{QJsonObject{{u"uri"_s, u"file:///work/project"_s}, {u"name"_s, u"project"_s}}}}});
        });
    };
    Harness *h = start(setup);
    QVERIFY(h);
    Call call;
    callTool(h, call, u"server_request"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.text(),
             u"{\"id\":\"srv-1\",\"jsonrpc\":\"2.0\",\"result\":{\"roots\":[{\"name\":\"project\",\"uri\":\"file:///work/project\"}]}}"_s);
    QCOMPARE(asked, 1);
    QCOMPARE(askedWith, QJsonObject());
    QCOMPARE(h->violations->count(), 0);
}

void tst_FaultInjection::serverRequestRootsAnsweredLater()
{
    Setup setup;
    setup.beforeConnect = [&](ClientSession *session) {
        session->setRootsHandler([this](const QJsonObject &, const Responder &responder) {
            QTimer::singleShot(100, m_context.get(), [responder] {
                responder.respond(QJsonObject{{u"roots"_s, QJsonArray()}});
            });
        });
    };
    Harness *h = start(setup);
    QVERIFY(h);
    Call call;
    callTool(h, call, u"server_request"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.text(), u"{\"id\":\"srv-1\",\"jsonrpc\":\"2.0\",\"result\":{\"roots\":[]}}"_s);
}

void tst_FaultInjection::serverRequestRootsHandlerDropsResponder()
{
    Setup setup;
    setup.beforeConnect = [&](ClientSession *session) {
        session->setRootsHandler([](const QJsonObject &, const Responder &) {});
    };
    Harness *h = start(setup);
    QVERIFY(h);
    Call call;
    callTool(h, call, u"server_request"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.text(),
             u"{\"error\":{\"code\":-32603,\"message\":\"the request was dropped without an answer\"},\"id\":\"srv-1\",\"jsonrpc\":\"2.0\"}"_s);
}

void tst_FaultInjection::serverRequestWithoutRootsHandler()
{
    // No handler: roots is not advertised and a roots/list request is method-not-found.
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    callTool(h, call, u"server_request"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QVERIFY2(call.text().contains(u"-32601"_s), qPrintable(call.describe()));
    QCOMPARE(call.text(),
             u"{\"error\":{\"code\":-32601,\"message\":\"this client does not offer roots\"},\"id\":\"srv-1\",\"jsonrpc\":\"2.0\"}"_s);
    QVERIFY(echoWorks(h, u"ok"_s));
}

void tst_FaultInjection::pingClient()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    callTool(h, call, u"ping_client"_s);
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.text(), u"{\"id\":\"srv-ping\",\"jsonrpc\":\"2.0\",\"result\":{}}"_s);
}

// ---- failures during the handshake --------------------------------------------------------------

void tst_FaultInjection::unsupportedProtocolVersion()
{
    Harness *h = start({{u"--protocol-version"_s, u"1999-01-01"_s}}, false);
    QVERIFY(h);
    QTRY_COMPARE_WITH_TIMEOUT(h->failed->count(), 1, kWait);
    const Error error = h->failure();
    QCOMPARE(error.code, int(ErrorCode::UnsupportedProtocolVersion));
    QVERIFY2(error.message.contains(u"\"1999-01-01\""_s), qPrintable(error.message));
    QCOMPARE(h->ready->count(), 0);
    QCOMPARE(h->session->state(), ClientSession::State::Failed);
    QCOMPARE(h->session->protocolVersion(), QString());
    QTRY_COMPARE_WITH_TIMEOUT(h->closed->count(), 1, kWait);
    QVERIFY(ended(h));
    QCOMPARE(h->failed->count(), 1);
    QCOMPARE(h->closed->count(), 1);
}

void tst_FaultInjection::noResponseToInitialize()
{
    Setup setup;
    setup.arguments = {u"--no-response-to-initialize"_s};
    setup.options.initializeTimeout = 300ms;
    Harness *h = start(setup, false);
    QVERIFY(h);
    QTRY_COMPARE_WITH_TIMEOUT(h->failed->count(), 1, kWait);
    const Error error = h->failure();
    QCOMPARE(error.code, int(ErrorCode::RequestTimeout));
    // The server never answered: it did not "reject" initialize.
    QCOMPARE(error.message, u"initialize did not finish within the maximum time allowed"_s);
    QCOMPARE(h->ready->count(), 0);
    QCOMPARE(h->session->state(), ClientSession::State::Failed);
    QTRY_COMPARE_WITH_TIMEOUT(h->closed->count(), 1, kWait);
    QVERIFY(ended(h));
    QCOMPARE(h->failed->count(), 1);
}

void tst_FaultInjection::crashOnInitialize()
{
    Harness *h = start({{u"--crash-on-initialize"_s}}, false);
    QVERIFY(h);
    QTRY_COMPARE_WITH_TIMEOUT(h->failed->count(), 1, kWait);
    const Error error = h->failure();
    QVERIFY2(error.message.contains(u"code 3"_s), qPrintable(error.message));
    QVERIFY2(error.message.contains(u"about to crash"_s), qPrintable(error.message));
    QCOMPARE(h->ready->count(), 0);
    QCOMPARE(h->session->state(), ClientSession::State::Failed);
    QTRY_COMPARE_WITH_TIMEOUT(h->closed->count(), 1, kWait);
    QVERIFY(ended(h));
    QCOMPARE(h->failed->count(), 1);
}

void tst_FaultInjection::exitImmediately()
{
    Harness *h = start({{u"--exit-immediately"_s, u"7"_s}}, false);
    QVERIFY(h);
    QTRY_COMPARE_WITH_TIMEOUT(h->failed->count(), 1, kWait);
    QCOMPARE(h->failure().code, int(ErrorCode::TransportError));
    QCOMPARE(h->failure().message, u"the server exited with code 7. Its last output on stderr:\nfailing at start"_s);
    QTRY_COMPARE_WITH_TIMEOUT(h->closed->count(), 1, kWait);
    QCOMPARE(h->ready->count(), 0);
    QCOMPARE(h->session->state(), ClientSession::State::Failed);
}

void tst_FaultInjection::commandNotFound()
{
    auto transport = std::make_unique<StdioTransport>(StdioLaunchSpec{u"toolgate-no-such-server"_s, {}, {}, {}, false});
    auto *session = new ClientSession(std::move(transport), {}, m_context.get());
    QSignalSpy failed(session, &ClientSession::failed);
    QSignalSpy closed(session, &ClientSession::closed);
    session->connectToServer();
    QVERIFY(failed.wait(kWait));
    const Error error = failed.first().first().value<Error>();
    QCOMPARE(error.code, int(ErrorCode::CommandNotFound));
    QVERIFY2(error.message.contains(u"Searched PATH: "_s), qPrintable(error.message));
    QTRY_COMPARE_WITH_TIMEOUT(closed.count(), 1, kWait);
    QCOMPARE(session->state(), ClientSession::State::Failed);
    QCOMPARE(failed.count(), 1);
}

// ---- progress ---------------------------------------------------------------------------------

void tst_FaultInjection::slowWithProgressOutlivesTimeout()
{
    // 5 steps 200 ms apart over 1 s; the inactivity timeout (600 ms) is longer than a step but
    // shorter than the whole call, so only the progress resets let it finish.
    Setup setup;
    setup.options.toolCallTimeout = 600ms;
    Harness *h = start(setup);
    QVERIFY(h);
    QList<ProgressUpdate> updates;
    ClientSession::CallOptions options;
    options.onProgress = [&](const ProgressUpdate &u) { updates.append(u); };
    Call call;
    h->session->callTool(ToolCallKeyForTests::make(), u"slow"_s, {{u"ms"_s, 1000}, {u"steps"_s, 5}}, options, m_context.get(), call.callback());
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QVERIFY2(call.ok(), qPrintable(call.describe()));
    QCOMPARE(call.text(), u"slow done"_s);
    QVERIFY2(call.elapsedAtAnswer >= 1000, qPrintable(QString::number(call.elapsedAtAnswer)));
    QCOMPARE(updates.size(), 5);
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(updates.at(i).progress, double(i + 1));
        QCOMPARE(updates.at(i).total, std::optional<double>(5.0));
        QCOMPARE(updates.at(i).message, u"step %1/5"_s.arg(i + 1));
        QCOMPARE(updates.at(i).token, QJsonValue(updates.first().token));
    }
    QVERIFY(updates.first().token.toString().startsWith(u"toolgate-"_s));
    QCOMPARE(h->violations->count(), 0);
}

void tst_FaultInjection::slowWithoutProgressTimesOut()
{
    // The control for the case above: no progress token, so no progress, so it times out.
    Setup setup;
    setup.options.toolCallTimeout = 600ms;
    setup.logFile = m_dir->filePath(u"server.log"_s);
    Harness *h = start(setup);
    QVERIFY(h);
    Call call;
    callTool(h, call, u"slow"_s, {{u"ms"_s, 1000}, {u"steps"_s, 5}});
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.errorCode(), int(ErrorCode::RequestTimeout));
    QVERIFY2(call.elapsedAtAnswer >= 600 && call.elapsedAtAnswer < 1000, qPrintable(QString::number(call.elapsedAtAnswer)));
    QTRY_VERIFY_WITH_TIMEOUT(serverLog().endsWith(u"tools/call\nnotifications/cancelled\n"_s), kWait);
    QVERIFY(echoWorks(h, u"ok"_s));
    QCOMPARE(h->violations->count(), 0); // the server never answers a cancelled call
}

void tst_FaultInjection::slowHitsHardMaximum()
{
    Harness *h = start({});
    QVERIFY(h);
    int progress = 0;
    ClientSession::CallOptions options;
    options.onProgress = [&](const ProgressUpdate &) { ++progress; };
    options.timeout = 600ms;
    options.maxTime = 1000ms;
    Call call;
    int progressAtAnswer = -1;
    call.onAnswer = [&] { progressAtAnswer = progress; };
    const RequestId id = h->session->callTool(ToolCallKeyForTests::make(), u"slow"_s, {{u"ms"_s, 3000}, {u"steps"_s, 15}}, options, m_context.get(),
                                              call.callback());
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.errorCode(), int(ErrorCode::RequestTimeout));
    QCOMPARE(call.errorMessage(), u"tools/call did not finish within the maximum time allowed"_s);
    QVERIFY2(call.elapsedAtAnswer >= 1000 && call.elapsedAtAnswer < 2500, qPrintable(QString::number(call.elapsedAtAnswer)));
    QVERIFY2(progressAtAnswer >= 3, qPrintable(QString::number(progressAtAnswer)));
    QTRY_VERIFY_WITH_TIMEOUT(h->diagnosticLines().contains(u"cancelled %1"_s.arg(id.toString())), kWait);
    QVERIFY(echoWorks(h, u"ok"_s));
    QCOMPARE(progress, progressAtAnswer); // no progress reported after the answer
    QCOMPARE(call.count, 1);
}

// ---- many calls, one crash ----------------------------------------------------------------------

void tst_FaultInjection::severalInFlightWhenServerCrashes()
{
    Harness *h = start({});
    QVERIFY(h);
    std::array<Call, 6> calls;
    ClientSession::CallOptions withProgress;
    int progress = 0;
    withProgress.onProgress = [&](const ProgressUpdate &) { ++progress; };
    h->session->callTool(ToolCallKeyForTests::make(), u"hang"_s, {}, {}, m_context.get(), calls[0].callback());
    h->session->callTool(ToolCallKeyForTests::make(), u"hang"_s, {}, {}, m_context.get(), calls[1].callback());
    h->session->callTool(ToolCallKeyForTests::make(), u"slow"_s, {{u"ms"_s, 20000}, {u"steps"_s, 100}}, withProgress, m_context.get(), calls[2].callback());
    h->session->callTool(ToolCallKeyForTests::make(), u"hang"_s, {}, {}, m_context.get(), calls[3].callback());
    h->session->callTool(ToolCallKeyForTests::make(), u"crash"_s, {}, {}, m_context.get(), calls[4].callback());
    h->session->callTool(ToolCallKeyForTests::make(), u"hang"_s, {}, {}, m_context.get(), calls[5].callback()); // written after the crash
    for (const Call &call : calls) {
        QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
        QVERIFY2(call.errorCode() == int(ErrorCode::ConnectionClosed) || call.errorCode() == int(ErrorCode::TransportError),
                 qPrintable(call.describe()));
    }
    QTRY_COMPARE_WITH_TIMEOUT(h->failed->count(), 1, kWait);
    QTRY_COMPARE_WITH_TIMEOUT(h->closed->count(), 1, kWait);
    QVERIFY(ended(h));
    for (const Call &call : calls)
        QCOMPARE(call.count, 1);
    QCOMPARE(h->failed->count(), 1);
    QCOMPARE(h->closed->count(), 1);
    QCOMPARE(h->session->state(), ClientSession::State::Failed);
}

// ---- ending a session -----------------------------------------------------------------------------

void tst_FaultInjection::disconnectWithPendingCalls()
{
    Harness *h = start({});
    QVERIFY(h);
    Call a, b;
    callTool(h, a, u"hang"_s);
    ClientSession::CallOptions withProgress;
    withProgress.onProgress = [](const ProgressUpdate &) {};
    h->session->callTool(ToolCallKeyForTests::make(), u"slow"_s, {{u"ms"_s, 20000}}, withProgress, m_context.get(), b.callback());
    h->session->disconnectFromServer();
    QCOMPARE(h->session->state(), ClientSession::State::Closing);
    QTRY_COMPARE_WITH_TIMEOUT(a.count, 1, kWait);
    QTRY_COMPARE_WITH_TIMEOUT(b.count, 1, kWait);
    QCOMPARE(a.errorCode(), int(ErrorCode::ConnectionClosed));
    QCOMPARE(a.errorMessage(), u"the session was closed"_s);
    QCOMPARE(b.errorCode(), int(ErrorCode::ConnectionClosed));
    QTRY_COMPARE_WITH_TIMEOUT(h->closed->count(), 1, kWait);
    QCOMPARE(h->session->state(), ClientSession::State::Closed);
    QCOMPARE(h->failed->count(), 0);

    Call after;
    callTool(h, after, u"echo"_s);
    QTRY_COMPARE_WITH_TIMEOUT(after.count, 1, kWait);
    QCOMPARE(after.errorCode(), int(ErrorCode::NotConnected));
    QCOMPARE(after.errorMessage(), u"the server is not connected"_s);
    QVERIFY(ended(h));
    QCOMPARE(a.count, 1);
    QCOMPARE(b.count, 1);
    QCOMPARE(h->closed->count(), 1);
}

void tst_FaultInjection::disconnectWhileConnecting()
{
    // disconnectFromServer() before the process has even started: the session must end closed,
    // not come back to life when the process start is reported, and not report a failure.
    Harness *h = start({}, false);
    QVERIFY(h);
    h->session->disconnectFromServer();
    QTRY_COMPARE_WITH_TIMEOUT(h->closed->count(), 1, kWait);
    QVERIFY(ended(h)); // the process start, had it come late, is reported before its end
    QCOMPARE(h->session->state(), ClientSession::State::Closed);
    QCOMPARE(h->ready->count(), 0);
    QCOMPARE(h->failed->count(), 0);
    QCOMPARE(h->closed->count(), 1);
}

void tst_FaultInjection::disconnectAfterFailureClosesOnce()
{
    // A UI that reacts to failed() by disconnecting must still see closed() once.
    Harness *h = start({{u"--protocol-version"_s, u"1999-01-01"_s}}, false);
    QVERIFY(h);
    connect(h->session, &ClientSession::failed, h->session, [h] { h->session->disconnectFromServer(); });
    QTRY_COMPARE_WITH_TIMEOUT(h->failed->count(), 1, kWait);
    QTRY_COMPARE_WITH_TIMEOUT(h->closed->count(), 1, kWait);
    QVERIFY(ended(h));
    QCOMPARE(h->closed->count(), 1);
    QCOMPARE(h->failed->count(), 1);
    QCOMPARE(h->session->state(), ClientSession::State::Closed);
}

void tst_FaultInjection::destroySessionWithPendingCall()
{
    Harness *h = start({});
    QVERIFY(h);
    Call call;
    callTool(h, call, u"hang"_s);
    const qint64 pid = h->transport->processId();
    QVERIFY(pid > 0);
    delete h->session;
    h->session = nullptr;
    QVERIFY(::kill(pid_t(pid), 0) != 0 && errno == ESRCH); // the server went with it
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.errorCode(), int(ErrorCode::ConnectionClosed));
    QVERIFY(TestSupport::deliverPostedEvents()); // the session is gone: only what it queued could still answer
    QCOMPARE(call.count, 1);
}

void tst_FaultInjection::callsBeforeReady()
{
    Setup setup;
    setup.arguments = {u"--no-response-to-initialize"_s};
    Harness *h = start(setup, false);
    QVERIFY(h);
    Call call;
    const RequestId id = callTool(h, call, u"echo"_s);
    QVERIFY(!id.isValid());
    QCOMPARE(call.count, 0); // never inside the call
    QTRY_COMPARE_WITH_TIMEOUT(call.count, 1, kWait);
    QCOMPARE(call.errorCode(), int(ErrorCode::NotConnected));
    QCOMPARE(call.errorMessage(), u"the server is not connected"_s);
}

QTEST_GUILESS_MAIN(tst_FaultInjection)
#include "tst_faultinjection.moc"
