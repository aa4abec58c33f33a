// Integration tests of the HTTP transports against the reference server
// @modelcontextprotocol/server-everything (pinned in tests/npm), run in its streamableHttp and
// sse modes on 127.0.0.1 only (a preloaded module binds its wildcard listen to loopback).

#include "tcpproxy.h"
#include "everythingserver.h"
#include "npmpeers.h"
#include "sessionwaits.h"
#include "toolcallkeyfortests.h"

#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/transport/fallbackhttptransport.h"
#include "core/workspace/transportfactory.h"
#include "core/transport/ssetransport.h"
#include "core/transport/streamablehttptransport.h"
#include "core/workspace/serverconfig.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace Toolgate;
using Toolgate::TestSupport::EverythingServer;
using Toolgate::TestSupport::await;
using Toolgate::TestSupport::findTool;

namespace {




} // namespace

#define AWAIT_OK(var, T, call) TOOLGATE_AWAIT_OK(var, T, 20000, call)

namespace {

/// The transport the app makes for a server that a servers file names, of kind, at url.
auto configuredTransport(const QString &name, ServerConfig::Transport kind, const QUrl &url)
{
    ServerConfig config;
    config.name = name;
    config.transport = kind;
    config.url = url.toString();
    return TransportFactory::create(config);
}

} // namespace

class tst_EverythingHttp : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void streamableHandshake();
    void toolsAndListChanged();
    void resourcesAndPrompts();
    void progress();
    void elicitationInsideToolCall();
    void droppedStreamResumes();
    void legacySseByFallback();
    void legacySseConfigured();
    void wrongPathReportsBothAttempts();

private:
    void connect(std::unique_ptr<Transport> transport, bool elicitation = false);
    CallToolResult call(const QString &name, const QJsonObject &args, bool *ok, const ClientSession::CallOptions &options = {});

    HttpTransportOptions startServer(const QString &mode, const QString &path);
    FallbackHttpTransport *connectByFallback(const HttpTransportOptions &options);

    std::unique_ptr<ClientSession> m_session;
    std::unique_ptr<EverythingServer> m_server; // outlives the session: it is closed first
};

void tst_EverythingHttp::initTestCase()
{
    if (const QString missing = Toolgate::TestSupport::missingNpmPeers(); !missing.isEmpty())
        QFAIL(qPrintable(missing));
}

void tst_EverythingHttp::cleanup()
{
    if (m_session)
        QVERIFY(Toolgate::TestSupport::disconnectAndWait(*m_session));
    m_session.reset();
    m_server.reset();
}

/// Starts server-everything over mode: options for its endpoint at path (an empty URL if it did not start).
HttpTransportOptions tst_EverythingHttp::startServer(const QString &mode, const QString &path)
{
    m_server = std::make_unique<EverythingServer>(mode);
    HttpTransportOptions options;
    if (const quint16 port = m_server->waitForPort())
        options.url = QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path));
    return options;
}

/// Connects the session through a FallbackHttpTransport, which it owns; that transport.
FallbackHttpTransport *tst_EverythingHttp::connectByFallback(const HttpTransportOptions &options)
{
    auto transport = std::make_unique<FallbackHttpTransport>(options);
    FallbackHttpTransport *http = transport.get();
    connect(std::move(transport));
    return http;
}

void tst_EverythingHttp::connect(std::unique_ptr<Transport> transport, bool elicitation)
{
    m_session = std::make_unique<ClientSession>(std::move(transport), ClientSession::Options());
    if (elicitation) {
        m_session->setElicitationHandler([](const QJsonObject &params, const Responder &responder) {
            QVERIFY(params.contains(QLatin1String("requestedSchema")));
            responder.respond(QJsonObject{{QStringLiteral("action"), QStringLiteral("decline")}});
        });
    }
    QSignalSpy ready(m_session.get(), &ClientSession::ready);
    QSignalSpy failed(m_session.get(), &ClientSession::failed);
    m_session->connectToServer();
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1 || failed.count() == 1, 20000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.at(0).at(0).value<Error>().message));
}

CallToolResult tst_EverythingHttp::call(const QString &name, const QJsonObject &args, bool *ok, const ClientSession::CallOptions &options)
{
    *ok = false;
    const auto answer = await<CallToolResult>([&](QObject *c, std::function<void(const Result<CallToolResult> &)> cb) {
        m_session->callTool(ToolCallKeyForTests::make(), name, args, options, c, cb);
    }, 30000);
    if (!answer || !answer->ok()) {
        qWarning() << "call failed:" << (answer ? answer->error().message : QStringLiteral("timeout"));
        return {};
    }
    *ok = true;
    return answer->value();
}

void tst_EverythingHttp::streamableHandshake()
{
    const HttpTransportOptions options = startServer(QStringLiteral("streamableHttp"), QStringLiteral("/mcp"));
    QVERIFY2(!options.url.isEmpty(), qPrintable(m_server->output()));
    QCOMPARE(connectByFallback(options)->mode(), FallbackHttpTransport::Mode::StreamableHttp);
    QCOMPARE(m_session->serverInfo().name, QStringLiteral("mcp-servers/everything"));
    QCOMPARE(m_session->protocolVersion(), QStringLiteral("2025-11-25"));
    AWAIT_OK(pong, std::monostate, m_session->ping(c, cb));
    Q_UNUSED(pong);
}

void tst_EverythingHttp::toolsAndListChanged()
{
    const HttpTransportOptions options = startServer(QStringLiteral("streamableHttp"), QStringLiteral("/mcp"));
    QVERIFY2(!options.url.isEmpty(), qPrintable(m_server->output()));
    auto transport = configuredTransport(QStringLiteral("everything"), ServerConfig::Transport::Http, options.url);
    QVERIFY(transport.ok());
    m_session = std::make_unique<ClientSession>(std::move(transport).value(), ClientSession::Options());
    // The late tool arrives as tools/list_changed on the GET stream, right after initialized.
    QSignalSpy listChanged(m_session.get(), &ClientSession::toolsListChanged);
    QSignalSpy ready(m_session.get(), &ClientSession::ready);
    m_session->connectToServer();
    QVERIFY(ready.wait(20000));
    QTRY_VERIFY_WITH_TIMEOUT(listChanged.count() >= 1, 10000);
    AWAIT_OK(tools, QList<Tool>, m_session->listTools(c, cb));
    QVERIFY2(tools.size() >= 13, qPrintable(QString::number(tools.size())));
    bool ok = false;
    const CallToolResult echo = call(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("über HTTP")}}, &ok);
    QVERIFY(ok);
    QCOMPARE(echo.content.value(0).text, QStringLiteral("Echo: über HTTP"));
    const CallToolResult sum = call(QStringLiteral("get-sum"), {{QStringLiteral("a"), 2}, {QStringLiteral("b"), 3}}, &ok);
    QVERIFY(ok);
    QCOMPARE(sum.content.value(0).text, QStringLiteral("The sum of 2 and 3 is 5."));
}

void tst_EverythingHttp::resourcesAndPrompts()
{
    const HttpTransportOptions options = startServer(QStringLiteral("streamableHttp"), QStringLiteral("/mcp"));
    QVERIFY2(!options.url.isEmpty(), qPrintable(m_server->output()));
    connect(std::make_unique<StreamableHttpTransport>(options));
    AWAIT_OK(resources, QList<Resource>, m_session->listResources(c, cb));
    QVERIFY(resources.size() >= 7);
    AWAIT_OK(templates, QList<ResourceTemplate>, m_session->listResourceTemplates(c, cb));
    QVERIFY(templates.size() >= 2);
    AWAIT_OK(read, ReadResourceResult, m_session->readResource(QStringLiteral("demo://resource/dynamic/text/1"), c, cb));
    QVERIFY(read.contents.value(0).text.value_or(QString()).startsWith(QLatin1String("Resource 1:")));
    AWAIT_OK(prompts, QList<Prompt>, m_session->listPrompts(c, cb));
    QVERIFY(prompts.size() >= 4);
    AWAIT_OK(prompt, GetPromptResult, m_session->getPrompt(QStringLiteral("args-prompt"), {{QStringLiteral("city"), QStringLiteral("Paris")}}, c, cb));
    QVERIFY(prompt.messages.value(0).content.text.contains(QLatin1String("Paris")));
}

void tst_EverythingHttp::progress()
{
    const HttpTransportOptions options = startServer(QStringLiteral("streamableHttp"), QStringLiteral("/mcp"));
    QVERIFY2(!options.url.isEmpty(), qPrintable(m_server->output()));
    connect(std::make_unique<StreamableHttpTransport>(options));
    QList<double> steps;
    ClientSession::CallOptions callOptions;
    callOptions.onProgress = [&steps](const ProgressUpdate &update) { steps.append(update.progress); };
    bool ok = false;
    const CallToolResult result = call(QStringLiteral("trigger-long-running-operation"),
                                       {{QStringLiteral("duration"), 1}, {QStringLiteral("steps"), 3}}, &ok, callOptions);
    QVERIFY(ok);
    QVERIFY(result.content.value(0).text.contains(QLatin1String("completed")));
    QCOMPARE(steps, (QList<double>{1, 2, 3}));
}

void tst_EverythingHttp::elicitationInsideToolCall()
{
    const HttpTransportOptions options = startServer(QStringLiteral("streamableHttp"), QStringLiteral("/mcp"));
    QVERIFY2(!options.url.isEmpty(), qPrintable(m_server->output()));
    connect(std::make_unique<StreamableHttpTransport>(options), true);
    // The tool appears once initialized is in: list the tools until it is there.
    QVERIFY(QTest::qWaitFor([this] {
        const auto listed = await<QList<Tool>>([this](QObject *c, auto cb) { m_session->listTools(c, cb); }, 20000);
        return listed && listed->ok() && findTool(listed->value(), QStringLiteral("trigger-elicitation-request"));
    }, 10000));
    bool ok = false;
    const CallToolResult result = call(QStringLiteral("trigger-elicitation-request"), {}, &ok);
    QVERIFY(ok);
    QVERIFY2(result.content.value(0).text.contains(QLatin1String("declined")), qPrintable(result.content.value(0).text));
}

void tst_EverythingHttp::droppedStreamResumes()
{
    // The proxy cuts the tools/call stream after its first progress event. The transport
    // reconnects with GET and Last-Event-ID after its retry delay; server-everything replays
    // from its event store what it sent meanwhile. (Its store only replays events stored before
    // the reconnection, so the delay is longer than the rest of the operation.)
    HttpTransportOptions options = startServer(QStringLiteral("streamableHttp"), QStringLiteral("/mcp"));
    QVERIFY2(!options.url.isEmpty(), qPrintable(m_server->output()));
    TestHttp::TcpProxy proxy(quint16(options.url.port()));
    options.url.setPort(proxy.port());
    options.defaultRetryDelay = std::chrono::milliseconds(2000);
    options.openGetStream = false;
    connect(std::make_unique<StreamableHttpTransport>(options));

    QList<double> steps;
    int cuts = 0;
    ClientSession::CallOptions callOptions;
    callOptions.onProgress = [&](const ProgressUpdate &update) {
        steps.append(update.progress);
        if (steps.size() == 1)
            cuts = proxy.cut("trigger-long-running-operation"); // break the stream after the first event
    };
    bool ok = false;
    const CallToolResult result = call(QStringLiteral("trigger-long-running-operation"),
                                       {{QStringLiteral("duration"), 1}, {QStringLiteral("steps"), 4}}, &ok, callOptions);
    QCOMPARE(cuts, 1);
    QVERIFY(ok);
    QVERIFY(result.content.value(0).text.contains(QLatin1String("completed")));
    // Progress sent while the stream was down arrives after the reconnection.
    QCOMPARE(steps, (QList<double>{1, 2, 3, 4}));
    // And the session goes on.
    const CallToolResult echo = call(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("still here")}}, &ok);
    QVERIFY(ok);
    QCOMPARE(echo.content.value(0).text, QStringLiteral("Echo: still here"));
}

void tst_EverythingHttp::legacySseByFallback()
{
    const HttpTransportOptions options = startServer(QStringLiteral("sse"), QStringLiteral("/sse"));
    QVERIFY2(!options.url.isEmpty(), qPrintable(m_server->output()));
    QCOMPARE(connectByFallback(options)->mode(), FallbackHttpTransport::Mode::LegacySse);
    AWAIT_OK(tools, QList<Tool>, m_session->listTools(c, cb));
    QVERIFY(tools.size() >= 12);
    bool ok = false;
    const CallToolResult echo = call(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("legacy")}}, &ok);
    QVERIFY(ok);
    QCOMPARE(echo.content.value(0).text, QStringLiteral("Echo: legacy"));
    QList<double> steps;
    ClientSession::CallOptions callOptions;
    callOptions.onProgress = [&steps](const ProgressUpdate &update) { steps.append(update.progress); };
    call(QStringLiteral("trigger-long-running-operation"), {{QStringLiteral("duration"), 1}, {QStringLiteral("steps"), 2}}, &ok, callOptions);
    QVERIFY(ok);
    QCOMPARE(steps, (QList<double>{1, 2}));
}

void tst_EverythingHttp::legacySseConfigured()
{
    const HttpTransportOptions options = startServer(QStringLiteral("sse"), QStringLiteral("/sse"));
    QVERIFY2(!options.url.isEmpty(), qPrintable(m_server->output()));
    auto transport = configuredTransport(QStringLiteral("legacy"), ServerConfig::Transport::Sse, options.url);
    QVERIFY(transport.ok());
    QVERIFY(qobject_cast<SseTransport *>(transport.value().get()));
    connect(std::move(transport).value());
    AWAIT_OK(resources, QList<Resource>, m_session->listResources(c, cb));
    QVERIFY(resources.size() >= 7);
    AWAIT_OK(prompts, QList<Prompt>, m_session->listPrompts(c, cb));
    QVERIFY(prompts.size() >= 4);
}

void tst_EverythingHttp::wrongPathReportsBothAttempts()
{
    const HttpTransportOptions options = startServer(QStringLiteral("sse"), QStringLiteral("/nothing-here"));
    QVERIFY2(!options.url.isEmpty(), qPrintable(m_server->output()));
    m_session = std::make_unique<ClientSession>(std::make_unique<FallbackHttpTransport>(options), ClientSession::Options());
    QSignalSpy failed(m_session.get(), &ClientSession::failed);
    m_session->connectToServer();
    QVERIFY(failed.wait(20000));
    const QString message = failed.at(0).at(0).value<Error>().message;
    QVERIFY2(message.contains(QLatin1String("Streamable HTTP")) && message.contains(QLatin1String("HTTP+SSE"))
                 && message.contains(QLatin1String("HTTP 404 to POST")) && message.contains(QLatin1String("HTTP 404 to GET")),
             qPrintable(message));
}

QTEST_GUILESS_MAIN(tst_EverythingHttp)
#include "tst_everythinghttp.moc"
