// The Streamable HTTP transport against a scripted local server: JSON and SSE answers, session
// ids, the protocol version header, the GET stream, resumption, session restarts, DELETE,
// off-spec answers, errors, authorization retries, and the fallback to legacy HTTP+SSE.

#include "fakehttpserver.h"
#include "postedevents.h"

#include "core/common/error.h"
#include "core/transport/fallbackhttptransport.h"
#include "core/transport/ssetransport.h"
#include "core/transport/streamablehttptransport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace Toolgate;
using namespace TestHttp;

namespace {

QByteArray initializeRequest(int id = 1)
{
    return QByteArrayLiteral(R"({"jsonrpc":"2.0","id":)") + QByteArray::number(id)
        + R"(,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})";
}

QByteArray initializeResult(const QByteArray &id, const QByteArray &version = "2025-11-25")
{
    return R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":{"protocolVersion":")" + version
        + R"(","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"1"}}})";
}

QJsonObject body(const Request &request)
{
    return QJsonDocument::fromJson(request.body).object();
}

QByteArray idOf(const Request &request)
{
    const QJsonValue id = body(request).value(QLatin1String("id"));
    if (id.isDouble())
        return QByteArray::number(id.toInteger());
    if (id.isString())
        return '"' + id.toString().toUtf8() + '"';
    return "null";
}

QJsonObject message(const QSignalSpy &spy, int index)
{
    return QJsonDocument::fromJson(spy.at(index).at(0).toByteArray()).object();
}

/// The error of the message received at index (empty when it is none).
QJsonObject errorOf(const QSignalSpy &spy, int index)
{
    return message(spy, index).value(QLatin1String("error")).toObject();
}

/// Options for a transport on url.
HttpTransportOptions optionsFor(const QUrl &url)
{
    HttpTransportOptions options;
    options.url = url;
    return options;
}

/// What every test here starts with: a transport of type T made from options, with a spy on the
/// messages it receives.
template<typename T = StreamableHttpTransport>
struct Client
{
    explicit Client(const HttpTransportOptions &options)
        : transport(options)
        , received(&transport, &Transport::messageReceived)
    {
    }

    /// Starts the transport; true once it is open (waiting as long as QTRY_VERIFY does).
    bool open()
    {
        transport.start();
        return QTest::qWaitFor([this] { return transport.isOpen(); }, 5000);
    }

    /// Sends initialize; true once exactly one message (its answer, or an error in its place) came back.
    bool initialize(int timeoutMs = 5000)
    {
        transport.send(initializeRequest(1));
        return QTest::qWaitFor([this] { return received.count() == 1; }, timeoutMs);
    }

    /// open(), then initialize(): true once the transport is open and initialize came back.
    bool openInitialized(int timeoutMs = 5000) { return open() && initialize(timeoutMs); }

    T transport;
    QSignalSpy received;
};

/// Answers a GET (the stream of server messages) with 405, "there is none"; true when it did.
bool refusedGet(Exchange *e)
{
    if (e->request().method != "GET")
        return false;
    e->respond(405);
    return true;
}

/// An authenticator that hands out a token after each challenge.
class FakeAuthenticator final : public HttpAuthenticator
{
public:
    QByteArray authorization(const QUrl &) const override { return m_token; }
    void authenticate(const HttpChallenge &challenge, QObject *context, std::function<void(const Result<void> &)> done) override
    {
        challenges.append(challenge);
        QMetaObject::invokeMethod(context, [this, done] {
            if (refuse) {
                done(makeError(ErrorCode::TransportError, QStringLiteral("sign-in refused")));
                return;
            }
            m_token = "Bearer token-" + QByteArray::number(challenges.size());
            done({});
        }, Qt::QueuedConnection);
    }
    QList<HttpChallenge> challenges;
    bool refuse = false;

private:
    QByteArray m_token;
};

} // namespace

class tst_StreamableHttpTransport : public QObject
{
    Q_OBJECT

private slots:
    void jsonAnswersSessionAndVersionHeaders();
    void sseAnswerWithServerRequestInside();
    void offSpecAnswersTolerated();
    void getStreamDeliversServerMessages();
    void droppedStreamResumedAfterRetry();
    void droppedModernStreamFailsWithoutResuming();
    void droppedStreamWithoutIdFailsRequest();
    void expiredSessionStartsANewOne();
    void deleteOnClose();
    void httpErrorBecomesErrorResponse();
    void jsonRpcErrorBodyPassedOn();
    void redirectReportedClearly();
    void connectionRefused();
    void oversizedAnswerDropped();
    void extraHeadersSent();
    void authorizationRetried();
    void authorizationGivesUp();
    void insufficientScopeStepUp();
    void fallbackToLegacySse();
    void fallbackNotTriggeredByJsonRpcError();
    void legacySseRefusesForeignEndpoint();
};

void tst_StreamableHttpTransport::jsonAnswersSessionAndVersionHeaders()
{
    Server server;
    server.setHandler([](Exchange *e) {
        if (refusedGet(e))
            return;
        const Request &r = e->request();
        const QJsonObject b = body(r);
        const QString method = b.value(QLatin1String("method")).toString();
        if (method == QLatin1String("initialize"))
            e->respondJson(200, initializeResult(idOf(r)), {{"Mcp-Session-Id", "abc-123"}});
        else if (!b.contains(QLatin1String("id")))
            e->respond(202);
        else
            e->respondJson(200, R"({"jsonrpc":"2.0","id":)" + idOf(r) + R"(,"result":{"tools":[]}})");
    });
    HttpTransportOptions options;
    options.url = server.url();
    StreamableHttpTransport transport(options);
    QSignalSpy started(&transport, &Transport::started);
    QSignalSpy received(&transport, &Transport::messageReceived);
    transport.start();
    QVERIFY(started.wait(5000));
    transport.send(initializeRequest(1));
    QTRY_COMPARE(received.count(), 1);
    QCOMPARE(message(received, 0).value(QLatin1String("id")).toInt(), 1);
    QCOMPARE(transport.sessionId(), QByteArray("abc-123"));
    QCOMPARE(transport.protocolVersion(), QStringLiteral("2025-11-25"));
    transport.send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    transport.send(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})");
    QTRY_COMPARE(received.count(), 2);

    const QList<Request> posts = server.requests("POST");
    QCOMPARE(posts.size(), 3);
    QCOMPARE(posts.at(0).header("accept"), QByteArray("application/json, text/event-stream"));
    QCOMPARE(posts.at(0).header("content-type"), QByteArray("application/json"));
    QVERIFY(posts.at(0).header("mcp-session-id").isEmpty());
    QVERIFY(posts.at(0).header("mcp-protocol-version").isEmpty());
    for (int i = 1; i < 3; ++i) {
        QCOMPARE(posts.at(i).header("mcp-session-id"), QByteArray("abc-123"));
        QCOMPARE(posts.at(i).header("mcp-protocol-version"), QByteArray("2025-11-25"));
    }
    // The GET stream was tried, with the session, and 405 taken as "none".
    QTRY_COMPARE(server.requests("GET").size(), 1);
    QCOMPARE(server.requests("GET").at(0).header("accept"), QByteArray("text/event-stream"));
    QCOMPARE(server.requests("GET").at(0).header("mcp-session-id"), QByteArray("abc-123"));
}

void tst_StreamableHttpTransport::sseAnswerWithServerRequestInside()
{
    Server server;
    QPointer<Exchange> callStream;
    server.setHandler([&](Exchange *e) {
        if (refusedGet(e))
            return;
        const Request &r = e->request();
        const QJsonObject b = body(r);
        const QString method = b.value(QLatin1String("method")).toString();
        if (method == QLatin1String("initialize")) {
            e->respondJson(200, initializeResult(idOf(r)));
        } else if (method == QLatin1String("tools/call")) {
            callStream = e;
            e->startStream();
            e->write("event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":1,\"progress\":1}}\n\n");
            e->write("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"srv-1\",\"method\":\"elicitation/create\",\"params\":{}}\n\n");
        } else if (!b.contains(QLatin1String("method"))) {
            // The client's answer to elicitation arrives as its own POST.
            e->respond(202);
            if (callStream) {
                callStream->write("data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"content\":[]}}\n\n");
                callStream->endStream();
            }
        } else {
            e->respond(202);
        }
    });
    Client client(optionsFor(server.url()));
    auto &[transport, received] = client;
    QVERIFY(client.openInitialized());
    transport.send(R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x"}})");
    QTRY_COMPARE(received.count(), 3);
    QCOMPARE(message(received, 1).value(QLatin1String("method")).toString(), QStringLiteral("notifications/progress"));
    QCOMPARE(message(received, 2).value(QLatin1String("method")).toString(), QStringLiteral("elicitation/create"));
    transport.send(R"({"jsonrpc":"2.0","id":"srv-1","result":{"action":"accept","content":{}}})");
    QTRY_COMPARE(received.count(), 4);
    QCOMPARE(message(received, 3).value(QLatin1String("id")).toInt(), 7);
    QVERIFY(message(received, 3).contains(QLatin1String("result")));
}

void tst_StreamableHttpTransport::offSpecAnswersTolerated()
{
    // Like the conformance suite's initialize server: notifications get 200 with "{}" (no id)
    // and the GET stream gets 400.
    Server server;
    server.setHandler([](Exchange *e) {
        const Request &r = e->request();
        if (r.method == "GET") {
            e->respondJson(400, R"({"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}})");
            return;
        }
        const QJsonObject b = body(r);
        if (b.value(QLatin1String("method")).toString() == QLatin1String("initialize"))
            e->respondJson(200, initializeResult(idOf(r)));
        else
            e->respondJson(200, R"({"jsonrpc":"2.0","id":)" + idOf(r) + R"(,"result":{}})");
    });
    Client client(optionsFor(server.url()));
    auto &[transport, received] = client;
    QSignalSpy errors(&transport, &Transport::errorOccurred);
    QVERIFY(client.openInitialized());
    transport.send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    QTRY_COMPARE(server.requests("GET").size(), 1);
    transport.send(R"({"jsonrpc":"2.0","id":2,"method":"ping"})");
    QTRY_COMPARE(received.count(), 2);
    QCOMPARE(message(received, 1).value(QLatin1String("id")).toInt(), 2);
    QCOMPARE(server.requests("GET").size(), 1); // 400 means: no GET stream, and no retrying
    QVERIFY(transport.isOpen());
    // Closing lets the notifications still being posted through and ends only after their answers
    // were read: the notification's "{}" has been handled then, and it never reached the peer.
    QSignalSpy closed(&transport, &Transport::closed);
    transport.close();
    QTRY_COMPARE(closed.count(), 1);
    QCOMPARE(server.requests("POST").size(), 3); // initialize, initialized, ping: all answered
    QCOMPARE(received.count(), 2);
    QCOMPARE(errors.count(), 0);
}

void tst_StreamableHttpTransport::getStreamDeliversServerMessages()
{
    Server server;
    server.setHandler([](Exchange *e) {
        const Request &r = e->request();
        if (r.method == "GET") {
            e->startStream(200);
            e->write(": keep-alive\n\n");
            e->write("data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}\n\n");
            return;
        }
        if (body(r).value(QLatin1String("method")).toString() == QLatin1String("initialize"))
            e->respondJson(200, initializeResult(idOf(r)), {{"Mcp-Session-Id", "s1"}});
        else
            e->respond(202);
    });
    Client client(optionsFor(server.url()));
    auto &[transport, received] = client;
    QVERIFY(client.open());
    transport.send(initializeRequest(1));
    QTRY_COMPARE(received.count(), 2);
    QCOMPARE(message(received, 1).value(QLatin1String("method")).toString(), QStringLiteral("notifications/tools/list_changed"));
}

void tst_StreamableHttpTransport::droppedStreamResumedAfterRetry()
{
    // Like the conformance suite's sse-retry server: the tools/call stream sends an id and
    // retry: 400, closes, and the answer comes on a GET carrying Last-Event-ID.
    Server server;
    qint64 closedAt = -1;
    server.setHandler([&](Exchange *e) {
        const Request &r = e->request();
        if (r.method == "GET") {
            if (r.header("last-event-id").isEmpty()) {
                e->respond(405);
                return;
            }
            e->startStream();
            e->write("id: ev-2\ndata: {\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{\"content\":[]}}\n\n");
            return; // left open: the client closes it once the answer arrived
        }
        const QString method = body(r).value(QLatin1String("method")).toString();
        if (method == QLatin1String("initialize")) {
            e->respondJson(200, initializeResult(idOf(r), "2025-03-26"), {{"Mcp-Session-Id", "s-retry"}});
        } else if (method == QLatin1String("tools/call")) {
            e->startStream();
            e->write("id: ev-1\nretry: 400\ndata: \n\n");
            QTimer::singleShot(50, e, [&, e] {
                closedAt = server.elapsedMs();
                e->endStream();
            });
        } else {
            e->respond(202);
        }
    });
    Client client(optionsFor(server.url()));
    auto &[transport, received] = client;
    QVERIFY(client.openInitialized());
    transport.send(R"({"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"test_reconnection"}})");
    QTRY_COMPARE_WITH_TIMEOUT(received.count(), 2, 5000);
    QCOMPARE(message(received, 1).value(QLatin1String("id")).toInt(), 5);
    const QList<Request> gets = server.requests("GET");
    const Request resume = gets.last();
    QCOMPARE(resume.header("last-event-id"), QByteArray("ev-1"));
    QCOMPARE(resume.header("mcp-session-id"), QByteArray("s-retry"));
    QCOMPARE(resume.header("mcp-protocol-version"), QByteArray("2025-03-26"));
    const qint64 delay = resume.receivedAtMs - closedAt;
    QVERIFY2(delay >= 380 && delay < 700, qPrintable(QStringLiteral("reconnected after %1 ms").arg(delay)));
}

void tst_StreamableHttpTransport::droppedModernStreamFailsWithoutResuming()
{
    // The same stream, for a 2026-07-28 request: that revision has no Last-Event-ID resumption, so the
    // request fails at once (no GET, no waiting for the retry delay).
    Server server;
    server.setHandler([&](Exchange *e) {
        const Request &r = e->request();
        if (r.method == "GET") {
            e->respond(405);
            return;
        }
        e->startStream();
        e->write("id: ev-1\nretry: 3000\ndata: \n\n");
        QTimer::singleShot(50, e, [e] { e->endStream(); });
    });
    Client client(optionsFor(server.url()));
    auto &[transport, received] = client;
    QVERIFY(client.open());
    transport.send(R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"slow","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}})");
    QTRY_COMPARE_WITH_TIMEOUT(received.count(), 1, 2000); // well before the 3 s the server asked to wait
    const QJsonObject answer = message(received, 0);
    QCOMPARE(answer.value(QLatin1String("id")).toInt(), 7);
    const QJsonObject error = answer.value(QLatin1String("error")).toObject();
    QCOMPARE(error.value(QLatin1String("code")).toInt(), int(ErrorCode::ConnectionClosed));
    QVERIFY2(error.value(QLatin1String("message")).toString().contains(QLatin1String("cannot resume it")), qPrintable(error.value(QLatin1String("message")).toString()));
    QCOMPARE(server.requests("GET").size(), 0);
}

void tst_StreamableHttpTransport::droppedStreamWithoutIdFailsRequest()
{
    Server server;
    server.setHandler([](Exchange *e) {
        if (refusedGet(e))
            return;
        const Request &r = e->request();
        if (body(r).value(QLatin1String("method")).toString() == QLatin1String("initialize")) {
            e->respondJson(200, initializeResult(idOf(r)));
            return;
        }
        e->startStream();
        e->write("data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"x\"}}\n\n");
        e->endStream();
    });
    Client client(optionsFor(server.url()));
    auto &[transport, received] = client;
    QVERIFY(client.openInitialized());
    transport.send(R"({"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"x"}})");
    QTRY_COMPARE(received.count(), 3);
    const QJsonObject answer = message(received, 2);
    QCOMPARE(answer.value(QLatin1String("id")).toInt(), 9);
    QCOMPARE(answer.value(QLatin1String("error")).toObject().value(QLatin1String("code")).toInt(), int(ErrorCode::ConnectionClosed));
    QVERIFY(answer.value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString().contains(QLatin1String("before answering")));
}

void tst_StreamableHttpTransport::expiredSessionStartsANewOne()
{
    Server server;
    int sessions = 0;
    QByteArray current;
    server.setHandler([&](Exchange *e) {
        const Request &r = e->request();
        if (r.method == "GET" || r.method == "DELETE") {
            e->respond(405);
            return;
        }
        const QJsonObject b = body(r);
        const QString method = b.value(QLatin1String("method")).toString();
        if (method == QLatin1String("initialize")) {
            current = "session-" + QByteArray::number(++sessions);
            e->respondJson(200, initializeResult(idOf(r)), {{"Mcp-Session-Id", current}});
        } else if (r.header("mcp-session-id") != current) {
            e->respond(404, "no such session");
        } else if (!b.contains(QLatin1String("id"))) {
            e->respond(202);
        } else {
            e->respondJson(200, R"({"jsonrpc":"2.0","id":)" + idOf(r) + R"(,"result":{}})");
        }
    });
    Client client(optionsFor(server.url()));
    auto &[transport, received] = client;
    QSignalSpy diagnostics(&transport, &Transport::diagnosticLine);
    QVERIFY(client.openInitialized());
    current = "forgotten"; // the server restarts and forgets every session
    transport.send(R"({"jsonrpc":"2.0","id":2,"method":"ping"})");
    QTRY_COMPARE(received.count(), 2);
    QCOMPARE(message(received, 1).value(QLatin1String("id")).toInt(), 2);
    QVERIFY(message(received, 1).contains(QLatin1String("result")));
    QCOMPARE(transport.sessionId(), QByteArray("session-2"));
    // A new initialize without a session id, then initialized, then the request again.
    QList<QString> methods;
    QList<QByteArray> sessionsSent;
    for (const Request &r : server.requests("POST")) {
        methods.append(body(r).value(QLatin1String("method")).toString());
        sessionsSent.append(r.header("mcp-session-id"));
    }
    QCOMPARE(methods, (QList<QString>{QStringLiteral("initialize"), QStringLiteral("ping"), QStringLiteral("initialize"),
                                      QStringLiteral("notifications/initialized"), QStringLiteral("ping")}));
    QVERIFY(sessionsSent.at(2).isEmpty());
    QCOMPARE(sessionsSent.at(4), QByteArray("session-2"));
    QVERIFY(!diagnostics.isEmpty());
}

void tst_StreamableHttpTransport::deleteOnClose()
{
    Server server;
    server.setHandler([](Exchange *e) {
        const Request &r = e->request();
        if (r.method == "GET") {
            e->respond(405);
        } else if (r.method == "DELETE") {
            e->respond(200);
        } else {
            e->respondJson(200, initializeResult(idOf(r)), {{"Mcp-Session-Id", "bye"}});
        }
    });
    Client client(optionsFor(server.url()));
    auto &[transport, received] = client;
    QSignalSpy closed(&transport, &Transport::closed);
    QVERIFY(client.openInitialized());
    transport.close();
    QTRY_COMPARE(closed.count(), 1);
    QCOMPARE(server.requests("DELETE").size(), 1);
    QCOMPARE(server.requests("DELETE").at(0).header("mcp-session-id"), QByteArray("bye"));
    QVERIFY(TestSupport::deliverPostedEvents()); // closed: its timers stopped, only what is queued could follow
    QCOMPARE(closed.count(), 1);
}

void tst_StreamableHttpTransport::httpErrorBecomesErrorResponse()
{
    Server server;
    server.setHandler([](Exchange *e) {
        if (e->request().method == "GET")
            e->respond(405);
        else
            e->respond(500, "<html><body><h1>Internal Server Error</h1></body></html>", {{"Content-Type", "text/html"}});
    });
    Client client(optionsFor(server.url()));
    auto &[transport, received] = client;
    QVERIFY(client.open());
    transport.send(R"({"jsonrpc":"2.0","id":3,"method":"tools/list"})");
    QTRY_COMPARE(received.count(), 1);
    const QJsonObject error = errorOf(received, 0);
    QCOMPARE(message(received, 0).value(QLatin1String("id")).toInt(), 3);
    const QString text = error.value(QLatin1String("message")).toString();
    QVERIFY2(text.contains(QLatin1String("HTTP 500")) && text.contains(QLatin1String("Internal Server Error"))
                 && !text.contains(u'<'), qPrintable(text));
}

void tst_StreamableHttpTransport::jsonRpcErrorBodyPassedOn()
{
    Server server;
    server.setHandler([](Exchange *e) {
        e->respondJson(400, R"({"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Server not initialized"},"id":null})");
    });
    Client client(optionsFor(server.url()));
    auto &[transport, received] = client;
    QVERIFY(client.open());
    transport.send(R"({"jsonrpc":"2.0","id":4,"method":"tools/list"})");
    QTRY_COMPARE(received.count(), 1);
    const QJsonObject error = errorOf(received, 0);
    QCOMPARE(error.value(QLatin1String("code")).toInt(), -32000);
    QVERIFY(error.value(QLatin1String("message")).toString().contains(QLatin1String("Server not initialized")));
}

void tst_StreamableHttpTransport::redirectReportedClearly()
{
    Server server;
    server.setHandler([](Exchange *e) { e->respond(307, {}, {{"Location", "https://elsewhere.example/mcp/"}}); });
    Client client(optionsFor(server.url()));
    auto &[transport, received] = client;
    QVERIFY(client.openInitialized());
    const QString text = errorOf(received, 0).value(QLatin1String("message")).toString();
    QVERIFY2(text.contains(QLatin1String("307")) && text.contains(QLatin1String("https://elsewhere.example/mcp/"))
                 && text.contains(QLatin1String("change its URL")), qPrintable(text));
    QCOMPARE(server.requests().size(), 1); // not followed
}

void tst_StreamableHttpTransport::connectionRefused()
{
    quint16 port = 0;
    {
        QTcpServer probe;
        probe.listen(QHostAddress::LocalHost, 0);
        port = probe.serverPort();
    }
    Client client(optionsFor(QUrl(QStringLiteral("http://127.0.0.1:%1/mcp").arg(port))));
    auto &[transport, received] = client;
    QVERIFY(client.openInitialized(10000));
    const QString text = errorOf(received, 0).value(QLatin1String("message")).toString();
    QVERIFY2(text.contains(QLatin1String("nothing accepts connections")), qPrintable(text));
}

void tst_StreamableHttpTransport::oversizedAnswerDropped()
{
    Server server;
    server.setHandler([](Exchange *e) {
        e->respondJson(200, R"({"jsonrpc":"2.0","id":1,"result":{"blob":")" + QByteArray(300 * 1024, 'a') + "\"}}");
    });
    HttpTransportOptions options = optionsFor(server.url());
    options.maxMessageSize = 100 * 1024;
    Client client(options);
    auto &[transport, received] = client;
    QSignalSpy dropped(&transport, &Transport::messageDropped);
    QVERIFY(client.open());
    transport.send(R"({"jsonrpc":"2.0","id":1,"method":"resources/read"})");
    QTRY_COMPARE(dropped.count(), 1);
    QCOMPARE(dropped.at(0).at(2).toLongLong(), 100 * 1024);
    QVERIFY(dropped.at(0).at(0).toByteArray().contains("\"id\":1"));
    QCOMPARE(received.count(), 0);
}

void tst_StreamableHttpTransport::extraHeadersSent()
{
    Server server;
    server.setHandler([](Exchange *e) { e->respondJson(200, initializeResult(idOf(e->request()))); });
    HttpTransportOptions options = optionsFor(server.url());
    options.headers.insert(QStringLiteral("X-Api-Key"), QStringLiteral("k-1"));
    Client client(options);
    QVERIFY(client.openInitialized());
    QCOMPARE(server.requests().at(0).header("x-api-key"), QByteArray("k-1"));
}

void tst_StreamableHttpTransport::authorizationRetried()
{
    Server server;
    server.setHandler([](Exchange *e) {
        if (refusedGet(e))
            return;
        const Request &r = e->request();
        if (r.header("authorization").isEmpty()) {
            e->respond(401, "{}", {{"WWW-Authenticate", R"(Bearer resource_metadata="http://x/.well-known/oauth-protected-resource")"}});
            return;
        }
        e->respondJson(200, initializeResult(idOf(r)));
    });
    auto authenticator = std::make_shared<FakeAuthenticator>();
    HttpTransportOptions options = optionsFor(server.url());
    options.authenticator = authenticator;
    Client client(options);
    auto &[transport, received] = client;
    QVERIFY(client.openInitialized());
    QVERIFY(message(received, 0).contains(QLatin1String("result")));
    QCOMPARE(authenticator->challenges.size(), 1);
    QCOMPARE(authenticator->challenges.at(0).statusCode, 401);
    QVERIFY(authenticator->challenges.at(0).wwwAuthenticate.contains("resource_metadata"));
    QCOMPARE(server.requests("POST").last().header("authorization"), QByteArray("Bearer token-1"));
}

void tst_StreamableHttpTransport::authorizationGivesUp()
{
    Server server;
    server.setHandler([](Exchange *e) { e->respond(401, {}, {{"WWW-Authenticate", "Bearer"}}); });
    auto authenticator = std::make_shared<FakeAuthenticator>();
    HttpTransportOptions options = optionsFor(server.url());
    options.authenticator = authenticator;
    Client client(options);
    auto &[transport, received] = client;
    QVERIFY(client.open());
    transport.send(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})");
    QTRY_COMPARE(received.count(), 1);
    QCOMPARE(authenticator->challenges.size(), HttpAuthenticator::maxAttemptsPerRequest);
    const QString text = errorOf(received, 0).value(QLatin1String("message")).toString();
    QVERIFY2(text.contains(QLatin1String("still refuses")), qPrintable(text));

    // A refused sign-in ends the request at once, with the authenticator's reason.
    authenticator->refuse = true;
    authenticator->challenges.clear();
    transport.send(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})");
    QTRY_COMPARE(received.count(), 2);
    QCOMPARE(authenticator->challenges.size(), 1);
    QCOMPARE(message(received, 1).value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString(),
             QStringLiteral("sign-in refused"));
}

void tst_StreamableHttpTransport::insufficientScopeStepUp()
{
    Server server;
    server.setHandler([](Exchange *e) {
        if (refusedGet(e))
            return;
        const Request &r = e->request();
        if (r.header("authorization") != "Bearer token-1") {
            e->respond(403, {}, {{"WWW-Authenticate", R"(Bearer error="insufficient_scope", scope="a b")"}});
            return;
        }
        e->respondJson(200, R"({"jsonrpc":"2.0","id":1,"result":{}})");
    });
    auto authenticator = std::make_shared<FakeAuthenticator>();
    HttpTransportOptions options = optionsFor(server.url());
    options.authenticator = authenticator;
    Client client(options);
    auto &[transport, received] = client;
    QVERIFY(client.open());
    transport.send(R"({"jsonrpc":"2.0","id":1,"method":"tools/call"})");
    QTRY_COMPARE(received.count(), 1);
    QVERIFY(message(received, 0).contains(QLatin1String("result")));
    QCOMPARE(authenticator->challenges.at(0).statusCode, 403);

    // A plain 403 (no insufficient_scope) is not a sign-in matter.
    Server plain;
    plain.setHandler([](Exchange *e) { e->respond(403, "forbidden"); });
    options.url = plain.url();
    StreamableHttpTransport other(options);
    QSignalSpy otherReceived(&other, &Transport::messageReceived);
    other.start();
    QTRY_VERIFY(other.isOpen());
    authenticator->challenges.clear();
    other.send(R"({"jsonrpc":"2.0","id":1,"method":"tools/call"})");
    QTRY_COMPARE(otherReceived.count(), 1);
    QVERIFY(authenticator->challenges.isEmpty());
}

void tst_StreamableHttpTransport::fallbackToLegacySse()
{
    Server server;
    QPointer<Exchange> events;
    server.setHandler([&](Exchange *e) {
        const Request &r = e->request();
        if (r.method == "POST" && r.path == "/sse") {
            e->respond(404, "Cannot POST /sse", {{"Content-Type", "text/html"}});
        } else if (r.method == "GET" && r.path == "/sse") {
            events = e;
            e->startStream();
            e->write("event: endpoint\ndata: /message?sessionId=42\n\n");
        } else if (r.method == "POST" && r.path.startsWith("/message")) {
            e->respond(202, "Accepted");
            const QJsonObject b = body(r);
            if (b.value(QLatin1String("method")).toString() == QLatin1String("initialize") && events)
                events->write("event: message\ndata: " + initializeResult(idOf(r)) + "\n\n");
        } else {
            e->respond(404);
        }
    });
    HttpTransportOptions options;
    options.url = server.url(QStringLiteral("/sse"));
    FallbackHttpTransport transport(options);
    QSignalSpy started(&transport, &Transport::started);
    QSignalSpy received(&transport, &Transport::messageReceived);
    QSignalSpy errors(&transport, &Transport::errorOccurred);
    transport.start();
    QVERIFY(started.wait(5000));
    transport.send(initializeRequest(1));
    transport.send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    QTRY_COMPARE(received.count(), 1);
    QCOMPARE(transport.mode(), FallbackHttpTransport::Mode::LegacySse);
    QCOMPARE(message(received, 0).value(QLatin1String("id")).toInt(), 1);
    QTRY_COMPARE(server.requests("POST").size(), 3);
    QCOMPARE(server.requests("POST").at(1).path, QByteArray("/message?sessionId=42"));
    QCOMPARE(body(server.requests("POST").at(2)).value(QLatin1String("method")).toString(), QStringLiteral("notifications/initialized"));
    QCOMPARE(errors.count(), 0);
    QCOMPARE(started.count(), 1);

    // When the legacy stream ends, so does the session.
    QSignalSpy closed(&transport, &Transport::closed);
    events->endStream();
    QTRY_COMPARE(closed.count(), 1);
    QCOMPARE(errors.count(), 1);
}

void tst_StreamableHttpTransport::fallbackNotTriggeredByJsonRpcError()
{
    Server server;
    server.setHandler([](Exchange *e) {
        e->respondJson(400, R"({"jsonrpc":"2.0","error":{"code":-32602,"message":"unsupported protocol version"},"id":1})");
    });
    Client<FallbackHttpTransport> client(optionsFor(server.url()));
    auto &[transport, received] = client;
    QVERIFY(client.openInitialized());
    QCOMPARE(errorOf(received, 0).value(QLatin1String("code")).toInt(), -32602);
    QVERIFY(server.requests("GET").isEmpty());
    QCOMPARE(transport.mode(), FallbackHttpTransport::Mode::StreamableHttp);
}

void tst_StreamableHttpTransport::legacySseRefusesForeignEndpoint()
{
    Server server;
    server.setHandler([](Exchange *e) {
        e->startStream();
        e->write("event: endpoint\ndata: http://evil.example/message\n\n");
    });
    HttpTransportOptions options;
    options.url = server.url(QStringLiteral("/sse"));
    SseTransport transport(options);
    QSignalSpy errors(&transport, &Transport::errorOccurred);
    QSignalSpy closed(&transport, &Transport::closed);
    QSignalSpy started(&transport, &Transport::started);
    transport.start();
    QTRY_COMPARE(closed.count(), 1);
    QCOMPARE(started.count(), 0);
    QCOMPARE(errors.count(), 1);
    QVERIFY(errors.at(0).at(0).value<Error>().message.contains(QLatin1String("another site")));
}

QTEST_GUILESS_MAIN(tst_StreamableHttpTransport)
#include "tst_streamablehttptransport.moc"
