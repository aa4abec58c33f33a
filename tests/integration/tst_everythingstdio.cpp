// Integration tests of the MCP client against the reference server
// @modelcontextprotocol/server-everything (pinned in tests/npm) over stdio.

#include "npmpeers.h"
#include "postedevents.h"
#include "sessioncalltarget.h"
#include "sessionwaits.h"
#include "toolcallkeyfortests.h"

#include "core/calls/approval.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/transport/stdiotransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

#include <optional>

using namespace Toolgate;

#define AWAIT_OK(var, T, call) TOOLGATE_AWAIT_OK(var, T, 15000, call)

namespace {

/// One field of each item of a list the server sent: fieldOfEach(tools, &Tool::name).
template<typename Item>
QStringList fieldOfEach(const QList<Item> &items, QString Item::*field)
{
    QStringList out;
    for (const Item &item : items)
        out.append(item.*field);
    return out;
}

/// Which of wanted are not in list: empty when all are there, and what QCOMPARE prints when not.
QStringList missingFrom(const QStringList &list, const QStringList &wanted)
{
    QStringList missing;
    for (const QString &item : wanted) {
        if (!list.contains(item))
            missing.append(item);
    }
    return missing;
}

} // namespace

class tst_EverythingStdio : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void handshake();
    void toolsListedAndListChanged();
    void echoAndSum();
    void annotatedText();
    void image();
    void resourceLinks();
    void embeddedResources();
    void structuredContentValidated();
    void progress();
    void logging();
    void resources();
    void resourceTemplates();
    void subscriptions();
    void prompts();
    void completion();
    void roots();
    void sampling();
    void elicitationDecline();
    void deniedCallNeverSent();
    void invalidArgumentsReported();

private:
    void connectSession();
    CallToolResult callTool(const QString &name, const QJsonObject &args, bool *ok);

    std::unique_ptr<ClientSession> m_session;
    // Created before connecting: the server announces late tools right after initialized.
    std::unique_ptr<QSignalSpy> m_toolsChanged;
    bool m_installRoots = false;
    bool m_installSampling = false;
    bool m_installElicitation = false;
};

void tst_EverythingStdio::initTestCase()
{
    const QString missing = TestSupport::missingNpmPeers();
    if (!missing.isEmpty())
        QFAIL(qPrintable(missing));
}

void tst_EverythingStdio::init()
{
    m_installRoots = m_installSampling = m_installElicitation = false;
}

void tst_EverythingStdio::cleanup()
{
    if (m_session)
        QVERIFY(TestSupport::disconnectAndWait(*m_session));
    m_toolsChanged.reset();
    m_session.reset();
}

void tst_EverythingStdio::connectSession()
{
    StdioLaunchSpec spec{TestSupport::nodeBinary(), {TestSupport::everythingEntry(), QStringLiteral("stdio")}, {}, {}, false};
    m_session = std::make_unique<ClientSession>(std::make_unique<StdioTransport>(spec), ClientSession::Options());
    if (m_installRoots) {
        m_session->setRootsHandler([](const QJsonObject &, const Responder &responder) {
            QJsonObject root;
            root.insert(QStringLiteral("uri"), QStringLiteral("file:///tmp/toolgate-root"));
            root.insert(QStringLiteral("name"), QStringLiteral("toolgate-root"));
            QJsonArray roots;
            roots.append(root);
            QJsonObject result;
            result.insert(QStringLiteral("roots"), roots);
            responder.respond(result);
        });
    }
    if (m_installSampling) {
        m_session->setSamplingHandler([](const QJsonObject &params, const Responder &responder) {
            const QString prompt = params.value(QStringLiteral("messages")).toArray().at(0).toObject()
                                       .value(QStringLiteral("content")).toObject().value(QStringLiteral("text")).toString();
            responder.respond(QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                          {QStringLiteral("model"), QStringLiteral("toolgate-test-model")},
                                          {QStringLiteral("content"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                                  {QStringLiteral("text"), QString(QStringLiteral("sampled: ") + prompt)}}}});
        });
    }
    if (m_installElicitation) {
        m_session->setElicitationHandler([](const QJsonObject &, const Responder &responder) {
            responder.respond(QJsonObject{{QStringLiteral("action"), QStringLiteral("decline")}});
        });
    }
    m_toolsChanged = std::make_unique<QSignalSpy>(m_session.get(), &ClientSession::toolsListChanged);
    QSignalSpy ready(m_session.get(), &ClientSession::ready);
    QSignalSpy failed(m_session.get(), &ClientSession::failed);
    m_session->connectToServer();
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1 || failed.count() == 1, 15000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().value<Error>().message));
}

CallToolResult tst_EverythingStdio::callTool(const QString &name, const QJsonObject &args, bool *ok)
{
    *ok = false;
    const auto answer = TestSupport::await<CallToolResult>([&](QObject *c, std::function<void(const Result<CallToolResult> &)> cb) {
        m_session->callTool(ToolCallKeyForTests::make(), name, args, {}, c, cb);
    });
    if (!answer || !answer->ok()) {
        qWarning() << "tools/call" << name << "failed:" << (answer ? answer->error().message : QStringLiteral("no answer"));
        return {};
    }
    *ok = true;
    return answer->value();
}

void tst_EverythingStdio::handshake()
{
    connectSession();
    QCOMPARE(m_session->protocolVersion(), QStringLiteral("2025-11-25"));
    QCOMPARE(m_session->serverInfo().name, QStringLiteral("mcp-servers/everything"));
    QVERIFY(m_session->serverCapabilities().tools);
    QVERIFY(m_session->serverCapabilities().resourcesSubscribe);
    QVERIFY(m_session->serverCapabilities().completions);
    QVERIFY(!m_session->serverInitializeResult().instructions.isEmpty());
    AWAIT_OK(pong, std::monostate, m_session->ping(c, cb));
    Q_UNUSED(pong);
}

void tst_EverythingStdio::toolsListedAndListChanged()
{
    connectSession();
    // The server registers one more tool after notifications/initialized and says so.
    QTRY_VERIFY_WITH_TIMEOUT(m_toolsChanged->count() >= 1, 10000);
    AWAIT_OK(tools, QList<Tool>, m_session->listTools(c, cb));
    const QStringList expected{QStringLiteral("echo"), QStringLiteral("get-sum"), QStringLiteral("get-tiny-image"),
                               QStringLiteral("get-structured-content"), QStringLiteral("trigger-long-running-operation"),
                               QStringLiteral("simulate-research-query")};
    QCOMPARE(missingFrom(fieldOfEach(tools, &Tool::name), expected), QStringList());
    QVERIFY(!TestSupport::findTool(tools, QStringLiteral("get-roots-list"))); // no roots handler, so not offered
    const Tool sum = *TestSupport::findTool(tools, QStringLiteral("get-sum"));
    QCOMPARE(sum.displayName(), QStringLiteral("Get Sum Tool"));
    QCOMPARE(sum.inputSchema.value(QStringLiteral("required")).toArray(), (QJsonArray{QStringLiteral("a"), QStringLiteral("b")}));
}

void tst_EverythingStdio::echoAndSum()
{
    connectSession();
    bool ok;
    CallToolResult echo = callTool(QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("héllo ✓")}}, &ok);
    QVERIFY(ok);
    QCOMPARE(echo.textSummary(), QStringLiteral("Echo: héllo ✓"));
    CallToolResult sum = callTool(QStringLiteral("get-sum"), {{QStringLiteral("a"), 2}, {QStringLiteral("b"), 3}}, &ok);
    QVERIFY(ok);
    QVERIFY(!sum.isError);
    QCOMPARE(sum.textSummary(), QStringLiteral("The sum of 2 and 3 is 5."));
}

void tst_EverythingStdio::annotatedText()
{
    connectSession();
    bool ok;
    CallToolResult result = callTool(QStringLiteral("get-annotated-message"),
                                     {{QStringLiteral("messageType"), QStringLiteral("error")}, {QStringLiteral("includeImage"), true}}, &ok);
    QVERIFY(ok);
    QVERIFY(result.content.size() >= 2);
    QCOMPARE(result.content.at(0).type, Content::Type::Text);
    QVERIFY(!result.content.at(0).annotations.audience.isEmpty());
    QVERIFY(result.content.at(0).annotations.priority.has_value());
    QCOMPARE(result.content.at(1).type, Content::Type::Image);
}

void tst_EverythingStdio::image()
{
    connectSession();
    bool ok;
    CallToolResult result = callTool(QStringLiteral("get-tiny-image"), {}, &ok);
    QVERIFY(ok);
    const auto image = std::find_if(result.content.cbegin(), result.content.cend(),
                                    [](const Content &c) { return c.type == Content::Type::Image; });
    QVERIFY(image != result.content.cend());
    QCOMPARE(image->mimeType, QStringLiteral("image/png"));
    QVERIFY(image->decodedData().startsWith("\x89PNG\r\n\x1a\n"));
}

void tst_EverythingStdio::resourceLinks()
{
    connectSession();
    bool ok;
    CallToolResult result = callTool(QStringLiteral("get-resource-links"), {{QStringLiteral("count"), 4}}, &ok);
    QVERIFY(ok);
    QList<Content> links;
    for (const Content &c : result.content) {
        if (c.type == Content::Type::ResourceLink)
            links.append(c);
    }
    QCOMPARE(links.size(), 4);
    QVERIFY(links.at(0).uri.startsWith(QStringLiteral("demo://resource/dynamic/")));
    // A link opens through resources/read.
    AWAIT_OK(read, ReadResourceResult, m_session->readResource(links.at(0).uri, c, cb));
    QCOMPARE(read.contents.size(), 1);
    QCOMPARE(read.contents.at(0).uri, links.at(0).uri);
}

void tst_EverythingStdio::embeddedResources()
{
    connectSession();
    // get-resource-reference of a type and id: the resource embedded in its result, if the call
    // succeeded and there is one.
    const auto embeddedReference = [this](const QString &type, int id) -> std::optional<ResourceContents> {
        bool ok = false;
        const CallToolResult result = callTool(QStringLiteral("get-resource-reference"),
                                               {{QStringLiteral("resourceType"), type}, {QStringLiteral("resourceId"), id}}, &ok);
        for (const Content &content : result.content) {
            if (ok && content.type == Content::Type::Resource)
                return content.resource;
        }
        return std::nullopt;
    };
    const auto text = embeddedReference(QStringLiteral("Text"), 2);
    QVERIFY(text && text->isText());
    QVERIFY(text->text->contains(QStringLiteral("Resource 2")));
    const auto blob = embeddedReference(QStringLiteral("Blob"), 3);
    QVERIFY(blob && !blob->isText());
    QVERIFY(!blob->decodedBlob().isEmpty());
}

void tst_EverythingStdio::structuredContentValidated()
{
    connectSession();
    AWAIT_OK(tools, QList<Tool>, m_session->listTools(c, cb));
    Q_UNUSED(tools);
    FixedApprovalGate gate(ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, {}});
    ToolCallPipeline pipeline(&gate, nullptr, {});
    TestSupport::SessionCallTarget target(m_session.get(), {QStringLiteral("everything"), QStringLiteral("node"), {}});
    QObject owner;
    ToolCall *call = pipeline.call(&target, QStringLiteral("get-structured-content"), {{QStringLiteral("location"), QStringLiteral("Chicago")}},
                                   CallInitiator::Cli, &owner);
    QSignalSpy finished(call, &ToolCall::finished);
    QVERIFY(finished.wait(15000));
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Succeeded);
    QVERIFY(call->outcome().result.structuredContent.has_value());
    QVERIFY(call->outcome().result.structuredContent->contains(QStringLiteral("temperature")));
    QCOMPARE(call->outcome().outputValid, std::optional<bool>(true));
}

void tst_EverythingStdio::progress()
{
    connectSession();
    int updates = 0;
    double last = 0;
    ClientSession::CallOptions options;
    options.onProgress = [&](const ProgressUpdate &update) {
        ++updates;
        QVERIFY(update.progress > last);
        last = update.progress;
        QCOMPARE(update.total, std::optional<double>(4));
    };
    // A timeout shorter than the whole run but longer than a step: progress must keep it alive.
    options.timeout = std::chrono::milliseconds(1500);
    AWAIT_OK(result, CallToolResult,
             m_session->callTool(ToolCallKeyForTests::make(), QStringLiteral("trigger-long-running-operation"),
                                 {{QStringLiteral("duration"), 2}, {QStringLiteral("steps"), 4}}, options, c, cb));
    QCOMPARE(updates, 4);
    QVERIFY(result.textSummary().contains(QStringLiteral("Long running operation completed")));
}

void tst_EverythingStdio::logging()
{
    connectSession();
    QSignalSpy messages(m_session.get(), &ClientSession::logMessage);
    AWAIT_OK(set, std::monostate, m_session->setLoggingLevel(LoggingLevel::Debug, c, cb));
    Q_UNUSED(set);
    bool ok;
    callTool(QStringLiteral("toggle-simulated-logging"), {}, &ok);
    QVERIFY(ok);
    QTRY_VERIFY_WITH_TIMEOUT(!messages.isEmpty(), 10000);
    const LogMessage first = messages.first().first().value<LogMessage>();
    QVERIFY(!first.text().isEmpty());
    callTool(QStringLiteral("toggle-simulated-logging"), {}, &ok);
    QVERIFY(ok);
}

void tst_EverythingStdio::resources()
{
    connectSession();
    AWAIT_OK(list, QList<Resource>, m_session->listResources(c, cb));
    QVERIFY(list.size() >= 7);
    const auto doc = std::find_if(list.cbegin(), list.cend(), [](const Resource &r) {
        return r.uri == QLatin1String("demo://resource/static/document/features.md");
    });
    QVERIFY(doc != list.cend());
    QCOMPARE(doc->mimeType, QStringLiteral("text/markdown"));
    AWAIT_OK(read, ReadResourceResult, m_session->readResource(doc->uri, c, cb));
    QCOMPARE(read.contents.size(), 1);
    QVERIFY(read.contents.at(0).isText());
    QVERIFY(!read.contents.at(0).text->isEmpty());

    // An unknown resource is an error answer, not a hang.
    const auto missing = TestSupport::await<ReadResourceResult>([&](QObject *c, std::function<void(const Result<ReadResourceResult> &)> cb) {
        m_session->readResource(QStringLiteral("demo://resource/dynamic/text/0"), c, cb);
    });
    QVERIFY(missing.has_value());
    QVERIFY(!missing->ok());
    QVERIFY(missing->error().message.contains(QStringLiteral("Unknown resource")));
}

void tst_EverythingStdio::resourceTemplates()
{
    connectSession();
    AWAIT_OK(templates, QList<ResourceTemplate>, m_session->listResourceTemplates(c, cb));
    QCOMPARE(missingFrom(fieldOfEach(templates, &ResourceTemplate::uriTemplate),
                         {QStringLiteral("demo://resource/dynamic/text/{resourceId}"),
                          QStringLiteral("demo://resource/dynamic/blob/{resourceId}")}),
             QStringList());
    AWAIT_OK(blob, ReadResourceResult, m_session->readResource(QStringLiteral("demo://resource/dynamic/blob/5"), c, cb));
    QCOMPARE(blob.contents.size(), 1);
    QVERIFY(!blob.contents.at(0).isText());
    QVERIFY(!blob.contents.at(0).decodedBlob().isEmpty());
}

void tst_EverythingStdio::subscriptions()
{
    connectSession();
    const QString uri = QStringLiteral("demo://resource/dynamic/text/1");
    QSignalSpy updated(m_session.get(), &ClientSession::resourceUpdated);
    AWAIT_OK(subscribed, std::monostate, m_session->subscribeResource(uri, c, cb));
    Q_UNUSED(subscribed);
    bool ok;
    callTool(QStringLiteral("toggle-subscriber-updates"), {}, &ok);
    QVERIFY(ok);
    QTRY_VERIFY_WITH_TIMEOUT(!updated.isEmpty(), 10000);
    QCOMPARE(updated.first().first().toString(), uri);
    callTool(QStringLiteral("toggle-subscriber-updates"), {}, &ok);
    AWAIT_OK(unsubscribed, std::monostate, m_session->unsubscribeResource(uri, c, cb));
    Q_UNUSED(unsubscribed);
}

void tst_EverythingStdio::prompts()
{
    connectSession();
    AWAIT_OK(list, QList<Prompt>, m_session->listPrompts(c, cb));
    QCOMPARE(missingFrom(fieldOfEach(list, &Prompt::name), {QStringLiteral("simple-prompt"), QStringLiteral("args-prompt")}),
             QStringList());
    const Prompt args = *std::find_if(list.cbegin(), list.cend(), [](const Prompt &p) { return p.name == QLatin1String("args-prompt"); });
    QCOMPARE(args.arguments.size(), 2);
    QVERIFY(args.arguments.at(0).required);

    AWAIT_OK(simple, GetPromptResult, m_session->getPrompt(QStringLiteral("simple-prompt"), {}, c, cb));
    QCOMPARE(simple.messages.size(), 1);
    QCOMPARE(simple.messages.at(0).role, QStringLiteral("user"));
    QCOMPARE(simple.messages.at(0).content.text, QStringLiteral("This is a simple prompt without arguments."));

    AWAIT_OK(withArgs, GetPromptResult,
             m_session->getPrompt(QStringLiteral("args-prompt"), {{QStringLiteral("city"), QStringLiteral("Paris")}}, c, cb));
    QVERIFY(withArgs.messages.at(0).content.text.contains(QStringLiteral("Paris")));

    AWAIT_OK(embedded, GetPromptResult,
             m_session->getPrompt(QStringLiteral("resource-prompt"),
                                  {{QStringLiteral("resourceType"), QStringLiteral("Text")}, {QStringLiteral("resourceId"), QStringLiteral("3")}}, c, cb));
    QVERIFY(std::any_of(embedded.messages.cbegin(), embedded.messages.cend(),
                        [](const PromptMessage &m) { return m.content.type == Content::Type::Resource; }));
}

void tst_EverythingStdio::completion()
{
    connectSession();
    AWAIT_OK(departments, CompleteResult,
             m_session->complete(CompletionReference::prompt(QStringLiteral("completable-prompt")), QStringLiteral("department"),
                                 QStringLiteral("S"), {}, c, cb));
    QCOMPARE(departments.values, (QStringList{QStringLiteral("Sales"), QStringLiteral("Support")}));
    AWAIT_OK(names, CompleteResult,
             m_session->complete(CompletionReference::prompt(QStringLiteral("completable-prompt")), QStringLiteral("name"), QString(),
                                 {{QStringLiteral("department"), QStringLiteral("Engineering")}}, c, cb));
    QCOMPARE(names.values, (QStringList{QStringLiteral("Alice"), QStringLiteral("Bob"), QStringLiteral("Charlie")}));
    AWAIT_OK(ids, CompleteResult,
             m_session->complete(CompletionReference::resourceTemplate(QStringLiteral("demo://resource/dynamic/text/{resourceId}")),
                                 QStringLiteral("resourceId"), QStringLiteral("4"), {}, c, cb));
    QCOMPARE(ids.values, QStringList{QStringLiteral("4")});
}

void tst_EverythingStdio::roots()
{
    m_installRoots = true;
    connectSession();
    // The server asks for roots by itself after initialized and registers get-roots-list.
    QTRY_VERIFY_WITH_TIMEOUT(m_toolsChanged->count() >= 1, 10000);
    bool ok = false;
    CallToolResult result;
    // roots/list is sent ~350 ms after initialized; poll until the server has our root.
    QTRY_VERIFY_WITH_TIMEOUT((result = callTool(QStringLiteral("get-roots-list"), {}, &ok),
                              ok && result.textSummary().contains(QStringLiteral("file:///tmp/toolgate-root"))), 10000);
}

void tst_EverythingStdio::sampling()
{
    m_installSampling = true;
    connectSession();
    QTRY_VERIFY_WITH_TIMEOUT(m_toolsChanged->count() >= 1, 10000);
    bool ok;
    CallToolResult result = callTool(QStringLiteral("trigger-sampling-request"), {{QStringLiteral("prompt"), QStringLiteral("capital of France?")}}, &ok);
    QVERIFY(ok);
    QVERIFY2(result.textSummary().contains(QStringLiteral("sampled: ")), qPrintable(result.textSummary()));
    QVERIFY(result.textSummary().contains(QStringLiteral("toolgate-test-model")));
}

void tst_EverythingStdio::elicitationDecline()
{
    m_installElicitation = true;
    connectSession();
    QTRY_VERIFY_WITH_TIMEOUT(m_toolsChanged->count() >= 1, 10000);
    bool ok;
    CallToolResult result = callTool(QStringLiteral("trigger-elicitation-request"), {}, &ok);
    QVERIFY(ok);
    QVERIFY2(result.textSummary().contains(QStringLiteral("declined")), qPrintable(result.textSummary()));
}

void tst_EverythingStdio::deniedCallNeverSent()
{
    connectSession();
    FixedApprovalGate gate(ApprovalDecision::deny(QStringLiteral("not today")));
    ToolCallPipeline pipeline(&gate, nullptr, {});
    TestSupport::SessionCallTarget target(m_session.get(), {QStringLiteral("everything"), QStringLiteral("node"), {}});
    QObject owner;
    // toggle-simulated-logging would start log traffic if it ran: none may arrive.
    QSignalSpy messages(m_session.get(), &ClientSession::logMessage);
    ToolCall *call = pipeline.call(&target, QStringLiteral("toggle-simulated-logging"), {}, CallInitiator::Cli, &owner);
    QSignalSpy finished(call, &ToolCall::finished);
    QVERIFY(finished.wait(15000));
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Denied);
    QVERIFY(call->outcome().result.isError);
    QVERIFY(call->outcome().result.textSummary().contains(QStringLiteral("not today")));
    // Had the call been sent, the simulated logging would have sent its first message at once, before
    // the call's answer and so before the answer to a ping sent after whatever was queued.
    QVERIFY(TestSupport::deliverPostedEvents());
    AWAIT_OK(pong, std::monostate, m_session->ping(c, cb));
    Q_UNUSED(pong);
    QCOMPARE(messages.count(), 0);
}

void tst_EverythingStdio::invalidArgumentsReported()
{
    connectSession();
    FixedApprovalGate gate(ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, {}});
    ToolCallPipeline pipeline(&gate, nullptr, {true});
    TestSupport::SessionCallTarget target(m_session.get(), {QStringLiteral("everything"), QStringLiteral("node"), {}});
    QObject owner;
    ToolCall *call = pipeline.call(&target, QStringLiteral("get-sum"), {{QStringLiteral("a"), QStringLiteral("two")}}, CallInitiator::Cli, &owner);
    QSignalSpy finished(call, &ToolCall::finished);
    QVERIFY(finished.wait(15000));
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::InvalidArguments);
    const QString problems = call->outcome().inputProblems.join(u'\n');
    QVERIFY2(problems.contains(QStringLiteral("a: must be a number")), qPrintable(problems));
    QVERIFY2(problems.contains(QStringLiteral("b")), qPrintable(problems));
}

QTEST_GUILESS_MAIN(tst_EverythingStdio)
#include "tst_everythingstdio.moc"
