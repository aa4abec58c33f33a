// WorkspaceAppHost, the MCP App views' way to the workspace's servers, on a real Host with the demo
// server: the tools as listed, calls through the host's pipeline (asked about as an app's, linked to
// the call that rendered the app), resources read, link requests and the app's other requests
// recorded, and a server that is not there refused in words, always answered on the event loop.

#include "approvalgates.h"
#include "auditrecords.h"
#include "builtservers.h"
#include "testhost.h"

#include "core/calls/toolcall.h"
#include "core/common/error.h"
#include "core/host/host.h"
#include "core/host/workspaceapphost.h"
#include "core/workspace/serverconnection.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

using namespace Toolgate;
using namespace Toolgate::TestSupport;
using namespace Qt::StringLiterals;

namespace {

constexpr int waitMs = 20000;

} // namespace

class tst_WorkspaceAppHost final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void toolsAreTheServersListedOnes();
    void callsGoThroughTheHostsPipelineAsAnApps();
    void readsTheServersResources();
    void aServerThatIsNotThereIsRefused();
    void linkRequestsAreRecorded();

private:
    QString auditPath() const { return m_dir->filePath(u"audit.sqlite"_s); }
    /// The call finished (within waitMs); false when it did not.
    static bool finishes(ToolCall *call) { return QSignalSpy(call, &ToolCall::finished).wait(waitMs); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Host> m_host;
    ScriptedGate m_gate;
    std::unique_ptr<WorkspaceAppHost> m_apps;
    QPointer<ServerConnection> m_demo;
};

void tst_WorkspaceAppHost::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(ServerConfigFile::save(m_dir->filePath(u"servers.json"_s), {demoConfig()}));
    m_host = guiTestHost(m_dir->path(), auditPath());
    m_gate.requests.clear();
    m_host->setApprovalGate(&m_gate);
    m_apps = std::make_unique<WorkspaceAppHost>(m_host->workspace(), m_host->toolCalls());
    m_apps->setAuditLog(m_host->audit());
    m_demo = startServer(*m_host, u"demo"_s, waitMs);
    QVERIFY(m_demo);
    QTRY_VERIFY_WITH_TIMEOUT(!m_demo->tools().isEmpty() && !m_demo->resources().isEmpty(), waitMs);
}

void tst_WorkspaceAppHost::cleanup()
{
    m_apps.reset();
    m_host.reset();
    m_dir.reset();
}

void tst_WorkspaceAppHost::toolsAreTheServersListedOnes()
{
    const std::optional<Tool> echo = m_apps->tool(u"demo"_s, u"echo"_s);
    QVERIFY(echo);
    QCOMPARE(echo->toJson(), m_demo->listedTool(u"echo"_s)->toJson());
    QVERIFY(!m_apps->tool(u"demo"_s, u"no_such_tool"_s));
    QVERIFY(!m_apps->tool(u"nobody"_s, u"echo"_s));
}

void tst_WorkspaceAppHost::callsGoThroughTheHostsPipelineAsAnApps()
{
    // The call whose result rendered the app, made in the window.
    QPointer<ToolCall> rendering = m_host->toolCalls()->call(m_demo, u"echo"_s, {{u"text"_s, u"the app's call"_s}}, CallInitiator::Gui,
                                                             this);
    QVERIFY(finishes(rendering));

    Error error;
    QPointer<ToolCall> fromApp = m_apps->callTool(m_demo->identity(), u"add"_s, {{u"a"_s, 2}, {u"b"_s, 3}}, rendering->id(), this, &error);
    QVERIFY2(fromApp, qPrintable(error.message));
    QVERIFY(finishes(fromApp));
    QCOMPARE(fromApp->outcome().kind, ToolCallOutcome::Kind::Succeeded);
    QCOMPARE(fromApp->originCallId(), rendering->id());
    // Asked about like any call, as an app's.
    QCOMPARE(m_gate.requests.size(), 2);
    QCOMPARE(m_gate.requests.constLast().initiator, CallInitiator::App);
    QCOMPARE(m_gate.requests.constLast().tool.name, u"add"_s);

    m_host.reset(); // its audit log writes what is queued last
    const auto stored = storedRecords(auditPath(), {.types = {AuditRecordType::ToolCall}});
    QVERIFY(stored);
    QCOMPARE(namesOf(stored.value()), (QStringList{u"echo"_s, u"add"_s}));
    QCOMPARE(stored->at(1).initiator, CallInitiator::App);
    QCOMPARE(stored->at(1).origin, std::optional<qint64>(stored->at(0).id));
}

void tst_WorkspaceAppHost::readsTheServersResources()
{
    const QString uri = m_demo->resources().constFirst().uri;
    std::optional<Result<ReadResourceResult>> read;
    m_apps->readResource(u"demo"_s, uri, this, [&read](const Result<ReadResourceResult> &result) { read = result; });
    QTRY_VERIFY_WITH_TIMEOUT(read.has_value(), waitMs);
    QVERIFY2(read->ok(), qPrintable(read->ok() ? QString() : read->error().message));
    QVERIFY(!read->value().contents.isEmpty());
    QCOMPARE(read->value().contents.constFirst().uri, uri);
}

void tst_WorkspaceAppHost::aServerThatIsNotThereIsRefused()
{
    Error error;
    QVERIFY(!m_apps->callTool(ServerIdentity{u"nobody"_s, u"gone"_s, {}}, u"echo"_s, {}, 0, this, &error));
    QCOMPARE(error.code, int(ErrorCode::NotConnected));
    QVERIFY2(error.message.contains(u"nobody"_s), qPrintable(error.message));
    QVERIFY(m_gate.requests.isEmpty()); // nobody was asked about a call that cannot go anywhere

    // A read is answered all the same: once, later, never while the caller is still asking.
    std::optional<Result<ReadResourceResult>> read;
    m_apps->readResource(u"nobody"_s, u"demo://anything"_s, this, [&read](const Result<ReadResourceResult> &result) { read = result; });
    QVERIFY(!read.has_value());
    QTRY_VERIFY_WITH_TIMEOUT(read.has_value(), waitMs);
    QVERIFY(!read->ok());
    QCOMPARE(read->error().code, int(ErrorCode::NotConnected));
}

void tst_WorkspaceAppHost::linkRequestsAreRecorded()
{
    const ServerIdentity demo = m_demo->identity();
    m_apps->recordLinkRequest(demo, QUrl(u"https://example.com/allowed"_s),
                              ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt}, 0);
    m_apps->recordLinkRequest(demo, QUrl(u"https://example.com/denied"_s), ApprovalDecision::deny(QString()), 0);
    // The app's other requests: a resource it read (its size, not its content), a summary of refused links.
    m_apps->recordAppRequest(demo, AppRequestRecord{u"resources/read"_s, {{u"uri"_s, u"demo://info"_s}}, std::nullopt,
                                                    QJsonObject{{u"bytes"_s, 42}}, std::nullopt}, 0);
    m_apps->recordAppRequest(demo, AppRequestRecord{u"ui/open-link"_s, {{u"refusedLinks"_s, 997}}, ApprovalDecision::deny(u"not a web or mail link"_s),
                                                    std::nullopt, Error{-32000, u"… and 997 more refused links from this app"_s, {}}}, 0);

    m_host.reset();
    const auto stored = storedRecords(auditPath(), {.types = {AuditRecordType::ServerRequest}});
    QVERIFY(stored);
    QCOMPARE(namesOf(stored.value()), (QStringList{u"ui/open-link"_s, u"ui/open-link"_s, u"resources/read"_s, u"ui/open-link"_s}));
    QCOMPARE(stored->at(0).initiator, CallInitiator::App);
    QCOMPARE(stored->at(0).serverName, u"demo"_s);
    QCOMPARE(stored->at(0).arguments.value(u"url"_s).toString(), u"https://example.com/allowed"_s);
    QCOMPARE(stored->at(0).decision, ApprovalDecision::Kind::AllowOnce);
    QCOMPARE(stored->at(1).decision, ApprovalDecision::Kind::Deny);
    QCOMPARE(stored->at(1).errorMessage, u"Link opening denied by user"_s);
    QCOMPARE(stored->at(2).initiator, CallInitiator::App);
    QCOMPARE(stored->at(2).arguments.value(u"uri"_s).toString(), u"demo://info"_s);
    QCOMPARE(stored->at(3).arguments.value(u"refusedLinks"_s).toInt(), 997);
    QCOMPARE(stored->at(3).decision, ApprovalDecision::Kind::Deny);
    QCOMPARE(stored->at(3).errorMessage, u"… and 997 more refused links from this app"_s);
}

QTEST_GUILESS_MAIN(tst_WorkspaceAppHost)
#include "tst_workspaceapphost.moc"
