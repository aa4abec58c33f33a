#include "approvalgates.h"
#include "npmpeers.h"

#include "core/apps/appbridge.h"
#include "core/apps/appcsp.h"
#include "core/apps/apphost.h"
#include "core/apps/apptrust.h"
#include "core/apps/appmeta.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "sessioncalltarget.h"
#include "core/transport/stdiotransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;

namespace {

QJsonObject parse(const QString &raw)
{
    return QJsonDocument::fromJson(raw.toUtf8()).object();
}

QString message(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QString request(qint64 id, const QString &method, const QJsonObject &params = {})
{
    return message({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
                    {QStringLiteral("method"), method}, {QStringLiteral("params"), params}});
}

QString notification(const QString &method, const QJsonObject &params = {})
{
    return message({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("method"), method},
                    {QStringLiteral("params"), params}});
}

/// The glue the GUI has, over real sessions: what the bridge reaches servers through.
class SessionHost final : public AppHost
{
public:
    /// Per server name: its session as the pipeline's call target, with the tools it listed.
    QHash<QString, TestSupport::SessionCallTarget *> targets;
    ToolCallPipeline *pipeline = nullptr;
    QList<std::pair<QUrl, ApprovalDecision>> links;
    QList<AppRequestRecord> requests;
    QList<quint64> origins;
    int readsInFlight = 0;
    int mostReadsInFlight = 0;

    std::optional<Tool> tool(const QString &server, const QString &name) const override
    {
        TestSupport::SessionCallTarget *target = targets.value(server);
        return target ? target->listedTool(name) : std::nullopt;
    }
    ToolCall *callTool(const ServerIdentity &server, const QString &name, const QJsonObject &arguments, quint64 originCallId,
                       QObject *parent, Error *error) override
    {
        TestSupport::SessionCallTarget *target = targets.value(server.name);
        if (!target || !target->readySession()) {
            *error = makeError(ErrorCode::NotConnected, QStringLiteral("not connected"));
            return nullptr;
        }
        origins.append(originCallId);
        ToolCall *call = pipeline->call(target, name, arguments, CallInitiator::App, parent);
        call->setOriginCallId(originCallId);
        return call;
    }
    void readResource(const QString &server, const QString &uri, QObject *context,
                      std::function<void(const Result<ReadResourceResult> &)> callback) override
    {
        ++readsInFlight;
        mostReadsInFlight = qMax(mostReadsInFlight, readsInFlight);
        targets.value(server)->readySession()->readResource(uri, context, [this, callback = std::move(callback)](const Result<ReadResourceResult> &result) {
            --readsInFlight;
            callback(result);
        });
    }
    void recordLinkRequest(const ServerIdentity &, const QUrl &url, const ApprovalDecision &decision, quint64) override
    {
        links.append({url, decision});
    }
    void recordAppRequest(const ServerIdentity &, const AppRequestRecord &record, quint64) override
    {
        requests.append(record);
    }
};

} // namespace

class tst_AppBridge final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ClientSession> m_apps;
    std::unique_ptr<ClientSession> m_vanilla;
    std::unique_ptr<TestSupport::SessionCallTarget> m_appsTarget;
    std::unique_ptr<TestSupport::SessionCallTarget> m_vanillaTarget;
    TestSupport::ScriptedGate m_gate;
    std::unique_ptr<ToolCallPipeline> m_pipeline;
    SessionHost m_host;

    static std::unique_ptr<ClientSession> connect(StdioLaunchSpec spec)
    {
        auto session = std::make_unique<ClientSession>(std::make_unique<StdioTransport>(std::move(spec)), ClientSession::Options());
        session->setExtension(McpApps::extensionId(), McpApps::clientCapability());
        QSignalSpy ready(session.get(), &ClientSession::ready);
        session->connectToServer();
        if (!ready.wait(20000))
            return nullptr;
        return session;
    }

    /// The session as a call target that has listed its tools (the bridge looks them up there).
    static std::unique_ptr<TestSupport::SessionCallTarget> targetOf(ClientSession *session, const QString &name)
    {
        auto target = std::make_unique<TestSupport::SessionCallTarget>(session, ServerIdentity{name, {}, {}});
        const auto tools = TestSupport::await<QList<Tool>>([&](QObject *c, auto cb) { target->relistTools(c, cb); });
        if (!tools || !*tools)
            return nullptr;
        return target;
    }

    AppViewContext contextFor(const QString &server, const QString &toolName)
    {
        AppViewContext context;
        context.server.name = server;
        context.tool = m_host.tool(server, toolName).value_or(Tool());
        context.arguments = QJsonObject{{QStringLiteral("text"), QStringLiteral("hi")}};
        context.resource.uri = QStringLiteral("ui://appserver/echo.html");
        context.resource.html = QStringLiteral("<p>app</p>");
        context.originCallId = 42;
        return context;
    }

    /// The next message the bridge sends after sending `sent` (waits for it).
    static QJsonObject nextSent(QSignalSpy &spy, int index)
    {
        if (spy.size() <= index && !QTest::qWaitFor([&] { return spy.size() > index; }, 15000))
            return {};
        return parse(spy.at(index).at(0).toString());
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(TestSupport::missingNpmPeers().isEmpty(), qPrintable(TestSupport::missingNpmPeers()));
        m_apps = connect({TestSupport::binDir() + QStringLiteral("/toolgate-app-server"), {}, {}, {}});
        QVERIFY(m_apps);
        m_vanilla = connect({TestSupport::nodeBinary(),
                             {TestSupport::npmDir() + QStringLiteral("/node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js"),
                              QStringLiteral("--stdio")}, {}, {}});
        QVERIFY(m_vanilla);
        m_pipeline = std::make_unique<ToolCallPipeline>(&m_gate, nullptr, ToolCallPipeline::Options());
        m_host.pipeline = m_pipeline.get();
        m_appsTarget = targetOf(m_apps.get(), QStringLiteral("apps"));
        QVERIFY(m_appsTarget);
        m_vanillaTarget = targetOf(m_vanilla.get(), QStringLiteral("vanilla"));
        QVERIFY(m_vanillaTarget);
        m_host.targets.insert(QStringLiteral("apps"), m_appsTarget.get());
        m_host.targets.insert(QStringLiteral("vanilla"), m_vanillaTarget.get());
    }

    void init()
    {
        m_gate.requests.clear();
        m_gate.decision = ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt};
        m_host.links.clear();
        m_host.requests.clear();
        m_host.origins.clear();
        m_host.mostReadsInFlight = 0;
    }

    void toolMeta_data()
    {
        QTest::addColumn<QByteArray>("meta");
        QTest::addColumn<QString>("uri");
        QTest::addColumn<bool>("model");
        QTest::addColumn<bool>("app");
        QTest::addColumn<int>("problems");
        QTest::addRow("none") << QByteArray("{}") << QString() << true << true << 0;
        QTest::addRow("default visibility") << QByteArray("{\"ui\": {\"resourceUri\": \"ui://a/b\"}}") << "ui://a/b" << true << true << 0;
        QTest::addRow("deprecated flat key") << QByteArray("{\"ui/resourceUri\": \"ui://a/flat\"}") << "ui://a/flat" << true << true << 0;
        QTest::addRow("app only") << QByteArray("{\"ui\": {\"visibility\": [\"app\"]}}") << QString() << false << true << 0;
        QTest::addRow("model only") << QByteArray("{\"ui\": {\"visibility\": [\"model\"]}}") << QString() << true << false << 0;
        QTest::addRow("empty list") << QByteArray("{\"ui\": {\"visibility\": []}}") << QString() << false << false << 0;
        QTest::addRow("malformed: default") << QByteArray("{\"ui\": {\"visibility\": \"app\"}}") << QString() << true << true << 1;
        QTest::addRow("not ui://") << QByteArray("{\"ui\": {\"resourceUri\": \"https://evil.example/app.html\"}}") << QString() << true << true << 1;
    }

    void toolMeta()
    {
        QFETCH(QByteArray, meta);
        Tool tool;
        tool.name = QStringLiteral("t");
        tool.meta = QJsonDocument::fromJson(meta).object();
        const AppToolMeta parsed = AppToolMeta::of(tool);
        QTEST(parsed.resourceUri, "uri");
        QTEST(parsed.visibleToModel, "model");
        QTEST(parsed.visibleToApp, "app");
        QTEST(int(parsed.problems.size()), "problems");
    }

    void defaultCsp()
    {
        // The spec's restrictive default, word for word, and only further restrictions after it.
        const QString policy = AppCsp().policy();
        QVERIFY(policy.startsWith(QStringLiteral(
            "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; media-src 'self' data:; connect-src 'none'; ")));
        QVERIFY(policy.contains(QStringLiteral("frame-src 'none'")));
        QVERIFY(policy.contains(QStringLiteral("object-src 'none'")));
        QVERIFY(policy.contains(QStringLiteral("base-uri 'self'")));
        QVERIFY(!AppCsp().allows(QUrl(QStringLiteral("http://127.0.0.1:8080/x")), AppCsp::RequestKind::Connect));
        QVERIFY(!AppCsp().allows(QUrl(QStringLiteral("file:///etc/passwd")), AppCsp::RequestKind::Resource));
        QVERIFY(!AppCsp().allows(QUrl(QStringLiteral("https://example.com/")), AppCsp::RequestKind::Navigation));
        QVERIFY(AppCsp().allows(QUrl(QStringLiteral("data:image/png;base64,AAAA")), AppCsp::RequestKind::Resource));
    }

    void declaredCsp()
    {
        const AppResourceMeta meta = AppResourceMeta::fromJson(QJsonDocument::fromJson("{\"csp\": {\n"
            "            \"connectDomains\": [\"https://API.example.com/\", \"wss://live.example.com:8443\", \"https://a.com; script-src *\",\n"
            "                               \"*\", \"'unsafe-eval'\", \"https:\", \"data:\", \"file:///etc\", 7],\n"
            "            \"resourceDomains\": [\"https://*.cdn.example.net\"],\n"
            "            \"frameDomains\": \"https://not-a-list.example\"}}").object());
        QVERIFY(meta.csp);
        QCOMPARE(meta.csp->connectDomains, (QStringList{QStringLiteral("https://api.example.com"), QStringLiteral("wss://live.example.com:8443")}));
        QCOMPARE(meta.csp->resourceDomains, QStringList{QStringLiteral("https://*.cdn.example.net")});
        QVERIFY(meta.csp->frameDomains.isEmpty());
        QCOMPARE(meta.problems.size(), 8); // seven bad entries and the list that is not one
        const AppCsp csp(meta.csp);
        const QString policy = csp.policy();
        QVERIFY(policy.contains(QStringLiteral("connect-src https://api.example.com wss://live.example.com:8443;")));
        QVERIFY(policy.contains(QStringLiteral("script-src 'self' 'unsafe-inline' https://*.cdn.example.net;")));
        QVERIFY(!policy.contains(QStringLiteral("unsafe-eval")));
        QVERIFY(!policy.contains(QStringLiteral("a.com")));
        using K = AppCsp::RequestKind;
        QVERIFY(csp.allows(QUrl(QStringLiteral("https://api.example.com/v1?q=1")), K::Connect));
        QVERIFY(!csp.allows(QUrl(QStringLiteral("https://api.example.com:444/v1")), K::Connect));
        QVERIFY(!csp.allows(QUrl(QStringLiteral("http://api.example.com/v1")), K::Connect));
        QVERIFY(!csp.allows(QUrl(QStringLiteral("https://api.example.com/img.png")), K::Resource));
        QVERIFY(csp.allows(QUrl(QStringLiteral("wss://live.example.com:8443/socket")), K::Connect));
        QVERIFY(!csp.allows(QUrl(QStringLiteral("wss://live.example.com/socket")), K::Connect));
        QVERIFY(csp.allows(QUrl(QStringLiteral("https://x.cdn.example.net/a.js")), K::Resource));
        QVERIFY(!csp.allows(QUrl(QStringLiteral("https://cdn.example.net/a.js")), K::Resource));
        QVERIFY(!csp.allows(QUrl(QStringLiteral("https://evilcdn.example.net/a.js")), K::Resource));
        QVERIFY(!csp.allows(QUrl(QStringLiteral("https://x.cdn.example.net/a.js")), K::Frame));
        QVERIFY(csp.plainWords().first().contains(QStringLiteral("api.example.com")));
    }

    void resourceContent()
    {
        ReadResourceResult result;
        ResourceContents text;
        text.uri = QStringLiteral("ui://x");
        text.mimeType = QStringLiteral("text/plain");
        text.text = QStringLiteral("not an app");
        result.contents.append(text);
        QVERIFY(!AppResource::fromReadResult(QStringLiteral("ui://x"), result));
        ResourceContents blob;
        blob.uri = QStringLiteral("ui://x");
        blob.mimeType = QStringLiteral("text/html; profile=mcp-app");
        blob.blob = QByteArray("<p>hello</p>").toBase64();
        blob.meta = QJsonObject{{QStringLiteral("ui"), QJsonObject{{QStringLiteral("prefersBorder"), false}}}};
        result.contents.append(blob);
        const auto app = AppResource::fromReadResult(QStringLiteral("ui://x"), result);
        QVERIFY(app);
        QCOMPARE(app->html, QStringLiteral("<p>hello</p>"));
        QCOMPARE(app->meta.prefersBorder, std::optional<bool>(false));
        QVERIFY(!app->meta.csp);
    }

    void capabilityReachesServer()
    {
        // The vanillajs app server does not echo capabilities; the app server logs them on stderr.
        const auto *transport = qobject_cast<StdioTransport *>(m_apps->transport());
        QVERIFY(transport);
        QTRY_VERIFY_WITH_TIMEOUT(transport->recentStderr().join(u'\n').contains(
            QStringLiteral("\"extensions\":{\"io.modelcontextprotocol/ui\":{\"mimeTypes\":[\"text/html;profile=mcp-app\"]}}")), 5000);
    }

    void handshakeAndNothingBeforeInitialized()
    {
        AppHostEnvironment environment;
        environment.theme = QStringLiteral("dark");
        environment.containerWidth = 640;
        environment.maxHeight = 800;
        environment.locale = QStringLiteral("de-DE");
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), environment);
        QSignalSpy sent(&bridge, &AppBridge::send);
        bridge.setToolResult(CallToolResult::fromJson(QJsonObject{{QStringLiteral("content"), QJsonArray{}}}));
        bridge.receive(request(1, QStringLiteral("ui/initialize"), {{QStringLiteral("protocolVersion"), QStringLiteral("2026-01-26")}}));
        QCOMPARE(sent.size(), 1); // only the answer: no notification before initialized
        const QJsonObject answer = parse(sent.at(0).at(0).toString());
        QCOMPARE(answer.value(u"id").toInt(), 1);
        const QJsonObject result = answer.value(u"result").toObject();
        QCOMPARE(result.value(u"protocolVersion").toString(), QStringLiteral("2026-01-26"));
        const QJsonObject context = result.value(u"hostContext").toObject();
        QCOMPARE(context.value(u"theme").toString(), QStringLiteral("dark"));
        QCOMPARE(context.value(u"displayMode").toString(), QStringLiteral("inline"));
        QCOMPARE(context.value(u"locale").toString(), QStringLiteral("de-DE"));
        QCOMPARE(context.value(u"containerDimensions").toObject().value(u"maxHeight").toInt(), 800);
        QCOMPARE(context.value(u"toolInfo").toObject().value(u"tool").toObject().value(u"name").toString(), QStringLiteral("echo-app"));
        QVERIFY(result.value(u"hostCapabilities").toObject().contains(u"serverTools"));
        QCOMPARE(result.value(u"hostCapabilities").toObject().value(u"sandbox").toObject().value(u"permissions").toObject(), QJsonObject());

        bridge.receive(notification(QStringLiteral("ui/notifications/initialized")));
        QCOMPARE(sent.size(), 3);
        const QJsonObject input = parse(sent.at(1).at(0).toString());
        QCOMPARE(input.value(u"method").toString(), QStringLiteral("ui/notifications/tool-input"));
        QCOMPARE(input.value(u"params").toObject().value(u"arguments").toObject().value(u"text").toString(), QStringLiteral("hi"));
        QCOMPARE(parse(sent.at(2).at(0).toString()).value(u"method").toString(), QStringLiteral("ui/notifications/tool-result"));
        // A second initialized or result changes nothing.
        bridge.receive(notification(QStringLiteral("ui/notifications/initialized")));
        bridge.setToolCancelled(QStringLiteral("late"));
        QCOMPARE(sent.size(), 3);
        bridge.receive(request(2, QStringLiteral("ping")));
        QCOMPARE(parse(sent.at(3).at(0).toString()).value(u"result").toObject(), QJsonObject());
        bridge.receive(request(3, QStringLiteral("ui/request-display-mode"), {{QStringLiteral("mode"), QStringLiteral("fullscreen")}}));
        QCOMPARE(parse(sent.at(4).at(0).toString()).value(u"result").toObject().value(u"mode").toString(), QStringLiteral("inline"));
        bridge.receive(request(4, QStringLiteral("sampling/createMessage")));
        QCOMPARE(parse(sent.at(5).at(0).toString()).value(u"error").toObject().value(u"code").toInt(), -32601);
    }

    void declaredPermissions()
    {
        // Known names only, in a fixed order; what Toolgate does not know is named and dropped.
        const AppResourceMeta meta = AppResourceMeta::fromJson(QJsonObject{
            {QStringLiteral("permissions"), QJsonObject{{QStringLiteral("clipboardWrite"), QJsonObject()},
                                                        {QStringLiteral("teleport"), QJsonObject()},
                                                        {QStringLiteral("camera"), QJsonObject()}}}});
        QCOMPARE(meta.permissions, (QStringList{QStringLiteral("camera"), QStringLiteral("clipboardWrite")}));
        QCOMPARE(meta.problems.size(), 1);
        QVERIFY(meta.problems.first().contains(QStringLiteral("teleport")));

        // The view hears which permissions its frame may ask the person for: the declared ones.
        AppViewContext context = contextFor(QStringLiteral("apps"), QStringLiteral("echo-app"));
        context.resource.meta = meta;
        AppBridge bridge(&m_host, context, {});
        QSignalSpy sent(&bridge, &AppBridge::send);
        bridge.receive(request(1, QStringLiteral("ui/initialize")));
        const QJsonObject sandbox = parse(sent.at(0).at(0).toString()).value(u"result").toObject().value(u"hostCapabilities").toObject()
                                        .value(u"sandbox").toObject();
        QCOMPARE(sandbox.value(u"permissions").toObject(),
                 (QJsonObject{{QStringLiteral("camera"), QJsonObject()}, {QStringLiteral("clipboardWrite"), QJsonObject()}}));
    }

    void trustRemembersPermissions()
    {
        QTemporaryDir dir;
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
        const QString vanilla = QStringLiteral("vanilla");
        const QString command = QStringLiteral("node server.js --stdio");
        AppTrust trust;
        QSignalSpy changed(&trust, &AppTrust::changed);
        // Nothing is granted to a server whose apps may not run.
        trust.grantPermission(vanilla, command, QStringLiteral("camera"));
        QVERIFY(trust.grantedPermissions(vanilla, command).isEmpty());
        trust.allow(vanilla, command);
        trust.grantPermission(vanilla, command, QStringLiteral("camera"));
        trust.grantPermission(vanilla, command, QStringLiteral("camera"));
        trust.grantPermission(vanilla, command, QStringLiteral("teleport"));
        QCOMPARE(trust.grantedPermissions(vanilla, command), QStringList{QStringLiteral("camera")});
        QCOMPARE(changed.size(), 2);
        // Per server: another command line (or another server) has none, and the grant outlives the object.
        QVERIFY(AppTrust().grantedPermissions(vanilla, QStringLiteral("node other.js")).isEmpty());
        QCOMPARE(AppTrust().grantedPermissions(vanilla, command), QStringList{QStringLiteral("camera")});
        // Taking the apps back takes their permissions too.
        trust.revoke(vanilla, command);
        QVERIFY(!trust.isAllowed(vanilla, command));
        trust.allow(vanilla, command);
        QVERIFY(trust.grantedPermissions(vanilla, command).isEmpty());
    }

    void cancelledResult()
    {
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        QSignalSpy sent(&bridge, &AppBridge::send);
        bridge.receive(notification(QStringLiteral("ui/notifications/initialized")));
        bridge.setToolCancelled(QStringLiteral("cancelled by the user"));
        QCOMPARE(sent.size(), 2);
        const QJsonObject cancelled = parse(sent.at(1).at(0).toString());
        QCOMPARE(cancelled.value(u"method").toString(), QStringLiteral("ui/notifications/tool-cancelled"));
        QCOMPARE(cancelled.value(u"params").toObject().value(u"reason").toString(), QStringLiteral("cancelled by the user"));
    }

    void malformedInput()
    {
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        QSignalSpy sent(&bridge, &AppBridge::send);
        QSignalSpy problems(&bridge, &AppBridge::problem);
        bridge.receive(QStringLiteral("not json"));
        bridge.receive(QStringLiteral("{\"jsonrpc\":\"1.0\",\"method\":3}"));
        QCOMPARE(problems.size(), 2);
        QCOMPARE(sent.size(), 0);
    }

    void toolCallGoesThroughApproval_data()
    {
        QTest::addColumn<bool>("allow");
        QTest::addRow("allowed") << true;
        QTest::addRow("denied") << false;
    }

    void toolCallGoesThroughApproval()
    {
        QFETCH(bool, allow);
        if (!allow)
            m_gate.decision = ApprovalDecision::deny(QStringLiteral("not now"));
        AppBridge bridge(&m_host, contextFor(QStringLiteral("vanilla"), QStringLiteral("get-time")), {});
        QSignalSpy sent(&bridge, &AppBridge::send);
        bridge.receive(request(7, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("get-time")},
                                                                 {QStringLiteral("arguments"), QJsonObject()}}));
        const QJsonObject answer = nextSent(sent, 0);
        QCOMPARE(answer.value(u"id").toInt(), 7);
        QCOMPARE(m_gate.requests.size(), 1);
        QCOMPARE(m_gate.requests.first().initiator, CallInitiator::App);
        QCOMPARE(m_gate.requests.first().server.name, QStringLiteral("vanilla"));
        QCOMPARE(m_host.origins, QList<quint64>{42});
        if (allow) {
            const QString text = answer.value(u"result").toObject().value(u"content").toArray().at(0).toObject().value(u"text").toString();
            QVERIFY2(QDateTime::fromString(text, Qt::ISODateWithMs).isValid(), qPrintable(text));
        } else {
            QCOMPARE(answer.value(u"error").toObject().value(u"code").toInt(), -32000);
            QVERIFY(answer.value(u"error").toObject().value(u"message").toString().contains(QStringLiteral("denied")));
        }
    }

    void refusedBeforeAsking_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QString>("why");
        // get-time exists, but on another server than the app's: an app reaches only its own.
        QTest::addRow("another server's tool") << "apps" << "get-time" << "does not offer";
        QTest::addRow("model-only tool") << "apps" << "admin-only" << "not make visible to apps";
        QTest::addRow("unknown tool") << "vanilla" << "rm-rf" << "does not offer";
    }

    void refusedBeforeAsking()
    {
        QFETCH(QString, server);
        QFETCH(QString, tool);
        QFETCH(QString, why);
        AppBridge bridge(&m_host, contextFor(server, QStringLiteral("echo-app")), {});
        QSignalSpy sent(&bridge, &AppBridge::send);
        QSignalSpy problems(&bridge, &AppBridge::problem);
        bridge.receive(request(9, QStringLiteral("tools/call"), {{QStringLiteral("name"), tool}}));
        QCOMPARE(sent.size(), 1);
        const QJsonObject error = parse(sent.at(0).at(0).toString()).value(u"error").toObject();
        QCOMPARE(error.value(u"code").toInt(), -32000);
        QVERIFY2(error.value(u"message").toString().contains(why), qPrintable(error.value(u"message").toString()));
        QCOMPARE(problems.size(), 1);
        QVERIFY(m_gate.requests.isEmpty());
        QVERIFY(m_host.origins.isEmpty());
    }

    void appOnlyToolIsCallable()
    {
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        QSignalSpy sent(&bridge, &AppBridge::send);
        bridge.receive(request(3, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("app-refresh")}}));
        const QJsonObject answer = nextSent(sent, 0);
        QCOMPARE(answer.value(u"result").toObject().value(u"content").toArray().at(0).toObject().value(u"text").toString(),
                 QStringLiteral("refreshed"));
        QCOMPARE(m_gate.requests.size(), 1); // still approved by the person
    }

    void resourceReadStaysOnServer()
    {
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        QSignalSpy sent(&bridge, &AppBridge::send);
        bridge.receive(request(5, QStringLiteral("resources/read"), {{QStringLiteral("uri"), QStringLiteral("ui://appserver/echo.html")}}));
        QJsonObject answer = nextSent(sent, 0);
        QVERIFY(answer.value(u"result").toObject().value(u"contents").toArray().at(0).toObject().value(u"text").toString().contains(
            QStringLiteral("Echo app")));
        // The vanillajs app's resource exists only on the other server.
        bridge.receive(request(6, QStringLiteral("resources/read"), {{QStringLiteral("uri"), QStringLiteral("ui://get-time/mcp-app.html")}}));
        answer = nextSent(sent, 1);
        QVERIFY(answer.contains(u"error"));
    }

    void openLinkAsksThePerson()
    {
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        QSignalSpy sent(&bridge, &AppBridge::send);
        QSignalSpy asked(&bridge, &AppBridge::openLinkRequested);
        bridge.receive(request(1, QStringLiteral("ui/open-link"), {{QStringLiteral("url"), QStringLiteral("javascript:alert(1)")}}));
        bridge.receive(request(2, QStringLiteral("ui/open-link"), {{QStringLiteral("url"), QStringLiteral("file:///etc/passwd")}}));
        QCOMPARE(asked.size(), 0);
        QCOMPARE(sent.size(), 2);
        QVERIFY(parse(sent.at(1).at(0).toString()).contains(u"error"));
        bridge.receive(request(3, QStringLiteral("ui/open-link"), {{QStringLiteral("url"), QStringLiteral("https://example.com/a")}}));
        bridge.receive(request(4, QStringLiteral("ui/open-link"), {{QStringLiteral("url"), QStringLiteral("https://example.com/b")}}));
        QCOMPARE(asked.size(), 2);
        QCOMPARE(sent.size(), 2); // nothing until the person answers
        bridge.answerOpenLink(asked.at(0).at(0).toInt(), false);
        bridge.answerOpenLink(asked.at(1).at(0).toInt(), true);
        bridge.answerOpenLink(asked.at(1).at(0).toInt(), true); // answered once only
        QCOMPARE(sent.size(), 4);
        QCOMPARE(parse(sent.at(2).at(0).toString()).value(u"error").toObject().value(u"message").toString(), QStringLiteral("Link opening denied by user"));
        QCOMPARE(parse(sent.at(3).at(0).toString()).value(u"id").toInt(), 4);
        QVERIFY(parse(sent.at(3).at(0).toString()).contains(u"result"));
        QCOMPARE(m_host.links.size(), 4);
        QVERIFY(!m_host.links.at(2).second.allows());
        QVERIFY(m_host.links.at(3).second.allows());
    }

    void messagesForThePerson()
    {
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        QSignalSpy sent(&bridge, &AppBridge::send);
        QSignalSpy said(&bridge, &AppBridge::messageFromApp);
        QSignalSpy context(&bridge, &AppBridge::modelContextUpdated);
        QSignalSpy logs(&bridge, &AppBridge::logMessage);
        QSignalSpy sizes(&bridge, &AppBridge::sizeChanged);
        bridge.receive(request(1, QStringLiteral("ui/message"), {{QStringLiteral("role"), QStringLiteral("user")},
            {QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), QStringLiteral("hello there")}}}}}));
        bridge.receive(request(2, QStringLiteral("ui/update-model-context"), {{QStringLiteral("structuredContent"), QJsonObject{{QStringLiteral("n"), 1}}}}));
        bridge.receive(notification(QStringLiteral("notifications/message"), {{QStringLiteral("level"), QStringLiteral("warning")}, {QStringLiteral("data"), QStringLiteral("careful")}}));
        bridge.receive(notification(QStringLiteral("ui/notifications/size-changed"), {{QStringLiteral("width"), 300}, {QStringLiteral("height"), 1e9}}));
        QCOMPARE(said.size(), 1);
        QCOMPARE(said.at(0).at(1).toString(), QStringLiteral("hello there"));
        QCOMPARE(context.at(0).at(0).toString(), QStringLiteral("{\"n\":1}"));
        QCOMPARE(logs.size(), 1);
        QCOMPARE(sizes.at(0).at(0).toInt(), 300);
        QCOMPARE(sizes.at(0).at(1).toInt(), 100000); // capped
        QCOMPARE(sent.size(), 2);
    }

    void refusedLinksAreSummedUp()
    {
        // A flood of javascript: links: each refused to the app, but only the first few recorded and
        // told to the person; the rest of the interval is one audit row and one line.
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        AppBridgeLimits limits;
        limits.messageBurst = 1e6; // this test is about links, not the message budget
        limits.summaryIntervalMs = 100;
        bridge.setLimits(limits);
        QSignalSpy sent(&bridge, &AppBridge::send);
        QSignalSpy problems(&bridge, &AppBridge::problem);
        constexpr int flood = 2000;
        for (int i = 1; i <= flood; ++i)
            bridge.receive(request(i, QStringLiteral("ui/open-link"), {{QStringLiteral("url"), QStringLiteral("javascript:alert(%1)").arg(i)}}));
        QCOMPARE(sent.size(), flood); // every request answered
        QVERIFY(parse(sent.last().at(0).toString()).contains(u"error"));
        QCOMPARE(m_host.links.size(), limits.refusedLinksRecorded);
        QCOMPARE(problems.size(), 1);
        QVERIFY(m_host.requests.isEmpty());
        // Once the interval is over: one row and one line for the rest.
        QTRY_COMPARE(m_host.requests.size(), 1);
        const AppRequestRecord summary = m_host.requests.constFirst();
        QCOMPARE(summary.method, QStringLiteral("ui/open-link"));
        QCOMPARE(summary.params.value(u"refusedLinks").toInt(), flood - limits.refusedLinksRecorded);
        QVERIFY(summary.decision && !summary.decision->allows());
        QCOMPARE(problems.size(), 2);
        // The person was told of the first one; the line counts all the others.
        QVERIFY2(problems.at(1).at(0).toString().contains(QStringLiteral("%1 more refused links").arg(flood - 1)),
                 qPrintable(problems.at(1).at(0).toString()));
        // The next interval starts afresh; what is left unsummed when the view goes is recorded too.
        for (int i = 1; i <= 5; ++i)
            bridge.receive(request(i, QStringLiteral("ui/open-link"), {{QStringLiteral("url"), QStringLiteral("file:///etc/passwd")}}));
        QCOMPARE(m_host.links.size(), 2 * limits.refusedLinksRecorded);
        bridge.teardown(QStringLiteral("closed"));
        QCOMPARE(m_host.requests.size(), 2);
        QCOMPARE(m_host.requests.at(1).params.value(u"refusedLinks").toInt(), 5 - limits.refusedLinksRecorded);
    }

    void toolCallsAreRateLimited()
    {
        // Under an allowing gate (as under an allow rule) an app could call as fast as it posts.
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        AppBridgeLimits limits;
        limits.maxCallsInFlight = limits.maxCallsAwaitingApproval = 1000; // the rate alone
        limits.callsPerSecond = 0.01; // nothing refills while the loop runs, however slow the machine
        bridge.setLimits(limits);
        QSignalSpy sent(&bridge, &AppBridge::send);
        QSignalSpy problems(&bridge, &AppBridge::problem);
        constexpr int flood = 60;
        for (int i = 1; i <= flood; ++i)
            bridge.receive(request(i, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("app-refresh")}}));
        QTRY_COMPARE_WITH_TIMEOUT(sent.size(), flood, 15000); // every call answered
        int refused = 0;
        for (const QList<QVariant> &args : std::as_const(sent)) {
            const QJsonObject error = parse(args.at(0).toString()).value(u"error").toObject();
            if (!error.isEmpty()) {
                ++refused;
                QVERIFY2(error.value(u"message").toString().contains(QStringLiteral("faster than Toolgate allows")), qPrintable(error.value(u"message").toString()));
            }
        }
        // The burst went through; nothing else was sent.
        QCOMPARE(m_host.origins.size(), int(limits.callBurst));
        QCOMPARE(m_gate.requests.size(), m_host.origins.size());
        QCOMPARE(refused, flood - m_host.origins.size());
        QCOMPARE(problems.size(), 1); // told once
    }

    void questionsOfOneViewAreBounded()
    {
        // Nobody answers: the view may not pile up questions for the person.
        TestSupport::HeldGate held;
        ToolCallPipeline pipeline(&held, nullptr, ToolCallPipeline::Options());
        m_host.pipeline = &pipeline;
        const auto restore = qScopeGuard([this] { m_host.pipeline = m_pipeline.get(); });
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        QSignalSpy sent(&bridge, &AppBridge::send);
        constexpr int asked = 8;
        for (int i = 1; i <= asked; ++i)
            bridge.receive(request(i, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("app-refresh")}}));
        const int bound = AppBridgeLimits().maxCallsAwaitingApproval;
        QCOMPARE(m_host.origins.size(), bound);
        QCOMPARE(sent.size(), asked - bound);
        for (const QList<QVariant> &args : std::as_const(sent))
            QVERIFY(parse(args.at(0).toString()).value(u"error").toObject().value(u"message").toString().contains(QStringLiteral("still waiting or running")));
        QTRY_VERIFY(!held.requests.isEmpty());
        QVERIFY(held.requests.size() <= bound);
    }

    void messageFloodIsDroppedUnread()
    {
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        AppBridgeLimits limits;
        limits.summaryIntervalMs = 100;
        limits.messagesPerSecond = 0.01; // nothing refills while the loops run, however slow the machine
        bridge.setLimits(limits);
        QSignalSpy sent(&bridge, &AppBridge::send);
        QSignalSpy problems(&bridge, &AppBridge::problem);
        constexpr int flood = 5000;
        for (int i = 1; i <= flood; ++i)
            bridge.receive(request(i, QStringLiteral("ping")));
        int answered = 0;
        int unread = 0;
        for (const QList<QVariant> &args : std::as_const(sent)) {
            const QJsonObject message = parse(args.at(0).toString());
            if (message.contains(u"result"))
                ++answered;
            else if (message.value(u"id").isNull() && message.contains(u"error"))
                ++unread;
        }
        // The burst was answered; the rest dropped unread, which the view hears once.
        QCOMPARE(answered, int(limits.messageBurst));
        QCOMPARE(unread, 1);
        QCOMPARE(problems.size(), 1);
        QTRY_COMPARE(problems.size(), 2);
        QVERIFY2(problems.at(1).at(0).toString().contains(QStringLiteral("%1 more messages").arg(flood - answered - 1)),
                 qPrintable(problems.at(1).at(0).toString()));

        // A batch counts message by message: what is over the budget is refused by id.
        AppBridge batched(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        batched.setLimits(limits);
        QSignalSpy batchSent(&batched, &AppBridge::send);
        QJsonArray batch;
        for (int i = 1; i <= flood; ++i)
            batch.append(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), i}, {QStringLiteral("method"), QStringLiteral("ping")}});
        batched.receive(QString::fromUtf8(QJsonDocument(batch).toJson(QJsonDocument::Compact)));
        QCOMPARE(batchSent.size(), flood);
        int batchAnswered = 0;
        for (const QList<QVariant> &args : std::as_const(batchSent))
            batchAnswered += parse(args.at(0).toString()).contains(u"result") ? 1 : 0;
        QVERIFY2(batchAnswered < int(limits.messageBurst), qPrintable(QString::number(batchAnswered))); // the batch's size cost more

        // Large messages use the budget up sooner: two of 7 MB in a row, the second is dropped.
        AppBridge large(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        large.setLimits(limits);
        QSignalSpy largeSent(&large, &AppBridge::send);
        const QString padded = request(1, QStringLiteral("ping"), {{QStringLiteral("pad"), QString(7 * 1024 * 1024, u'x')}});
        large.receive(padded);
        large.receive(padded);
        QCOMPARE(largeSent.size(), 2);
        QVERIFY(parse(largeSent.at(0).at(0).toString()).contains(u"result"));
        QVERIFY(parse(largeSent.at(1).at(0).toString()).value(u"id").isNull());
    }

    void resourceReadsAreBoundedAndRecorded()
    {
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        AppBridgeLimits limits;
        limits.maxReadsWaiting = 2;
        bridge.setLimits(limits);
        QSignalSpy sent(&bridge, &AppBridge::send);
        QSignalSpy problems(&bridge, &AppBridge::problem);
        constexpr int parallel = 6;
        for (int i = 1; i <= parallel; ++i)
            bridge.receive(request(i, QStringLiteral("resources/read"), {{QStringLiteral("uri"), QStringLiteral("ui://appserver/echo.html")}}));
        // Two at a time, two waiting their turn, the rest refused at once.
        const int served = limits.maxReadsInFlight + limits.maxReadsWaiting;
        QCOMPARE(sent.size(), parallel - served);
        QVERIFY(parse(sent.at(0).at(0).toString()).value(u"error").toObject().value(u"message").toString().contains(QStringLiteral("waiting")));
        QTRY_COMPARE_WITH_TIMEOUT(sent.size(), parallel, 15000);
        QCOMPARE(m_host.mostReadsInFlight, limits.maxReadsInFlight);
        for (qsizetype i = parallel - served; i < parallel; ++i)
            QVERIFY(parse(sent.at(i).at(0).toString()).contains(u"result"));
        // Each read that was made is recorded, with its size (never its content).
        QCOMPARE(m_host.requests.size(), served);
        for (const AppRequestRecord &record : std::as_const(m_host.requests)) {
            QCOMPARE(record.method, QStringLiteral("resources/read"));
            QCOMPARE(record.params.value(u"uri").toString(), QStringLiteral("ui://appserver/echo.html"));
            QVERIFY(record.result && record.result->value(u"bytes").toInteger() > 100);
        }

        // An answer larger than an app is given is refused to it, and recorded as refused.
        m_host.requests.clear();
        bridge.receive(request(10, QStringLiteral("resources/read"), {{QStringLiteral("uri"), QStringLiteral("data://appserver/large.txt")}}));
        QTRY_COMPARE_WITH_TIMEOUT(sent.size(), parallel + 1, 15000);
        const QJsonObject error = parse(sent.last().at(0).toString()).value(u"error").toObject();
        QVERIFY2(error.value(u"message").toString().contains(QStringLiteral("at most 8 MB")), qPrintable(error.value(u"message").toString()));
        QCOMPARE(m_host.requests.size(), 1);
        QVERIFY(m_host.requests.constFirst().error && !m_host.requests.constFirst().result);
    }

    void teardown()
    {
        AppBridge bridge(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        QSignalSpy sent(&bridge, &AppBridge::send);
        QSignalSpy gone(&bridge, &AppBridge::tornDown);
        QSignalSpy withdrawn(&bridge, &AppBridge::questionWithdrawn);
        bridge.receive(notification(QStringLiteral("ui/notifications/initialized")));
        bridge.receive(request(3, QStringLiteral("ui/open-link"), {{QStringLiteral("url"), QStringLiteral("https://example.com/")}}));
        const qsizetype before = sent.size();
        bridge.teardown(QStringLiteral("closed by the user"));
        QCOMPARE(withdrawn.size(), 1);
        QCOMPARE(sent.size(), before + 1);
        const QJsonObject teardown = parse(sent.last().at(0).toString());
        QCOMPARE(teardown.value(u"method").toString(), QStringLiteral("ui/resource-teardown"));
        QCOMPARE(teardown.value(u"params").toObject().value(u"reason").toString(), QStringLiteral("closed by the user"));
        QCOMPARE(gone.size(), 0);
        bridge.receive(request(9, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("echo-app")}}));
        QVERIFY(parse(sent.last().at(0).toString()).contains(u"error")); // no new work while closing
        bridge.receive(message({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), teardown.value(u"id")},
                                {QStringLiteral("result"), QJsonObject()}}));
        QCOMPARE(gone.size(), 1);
        const qsizetype after = sent.size();
        bridge.receive(request(10, QStringLiteral("ping")));
        QCOMPARE(sent.size(), after); // gone: nothing more is sent
        QVERIFY(m_gate.requests.isEmpty());
    }

    void teardownWithoutAnswer()
    {
        AppBridge silent(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        QSignalSpy gone(&silent, &AppBridge::tornDown);
        silent.receive(notification(QStringLiteral("ui/notifications/initialized")));
        silent.teardown(QStringLiteral("x"));
        QVERIFY(gone.wait(AppBridge::teardownGraceMs * 3));
        AppBridge never(&m_host, contextFor(QStringLiteral("apps"), QStringLiteral("echo-app")), {});
        QSignalSpy neverGone(&never, &AppBridge::tornDown);
        never.teardown(QStringLiteral("x"));
        QCOMPARE(neverGone.size(), 0); // queued, not from inside teardown()
        QVERIFY(neverGone.wait(1000));
    }
};

QTEST_GUILESS_MAIN(tst_AppBridge)
#include "tst_appbridge.moc"
