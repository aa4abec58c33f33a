// The client features a server asks of Toolgate (sampling, elicitation, roots), driven through their
// dialogs offscreen against the real @modelcontextprotocol/server-everything over stdio: what the person
// does in the dialog must reach the server, and every request must be answered once and audited.

#include "npmpeers.h"
#include "modernpeer.h"
#include "scriptedmodelserver.h"
#include "toolcallkeyfortests.h"
#include "../support/mainwindowtesting.h"

#include "core/audit/auditlog.h"
#include "core/audit/auditreader.h"
#include "core/host/host.h"
#include "core/requests/serverrequestpipeline.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "ui/clientfeatures/clientfeatures.h"
#include "ui/clientfeatures/elicitationdialog.h"
#include "ui/clientfeatures/requestheader.h"
#include "ui/clientfeatures/rootsdialog.h"
#include "core/workspace/rootsstore.h"
#include "ui/clientfeatures/samplingdialog.h"
#include "ui/clientfeatures/samplingmodelpanel.h"
#include "ui/viewers/messagebanner.h"
#include "ui/forms/argumentform.h"
#include "ui/forms/fieldeditor.h"
#include "core/common/error.h"
#include "ui/serverfeatures/toolpanel.h"
#include "ui/viewers/contentview.h"
#include "core/workspace/serverconnection.h"

#include <QApplication>
#include <QBuffer>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <QTest>
#include <QTextCursor>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

/// A tools/call in flight; answer is set once the server answers.
struct PendingCall
{
    std::optional<Result<CallToolResult>> answer;
    QString text() const { return answer && answer->ok() ? answer->value().textSummary() : QString(); }
    bool isError() const { return answer && answer->ok() && answer->value().isError; }
};

/// Waits for the Dialog that call opened, declines it, and waits for the call's answer: whether
/// both came within 10 s each.
template<typename Dialog>
bool declineAndWait(const PendingCall &call)
{
    if (!QTest::qWaitFor([] { return visibleTopLevel<Dialog>() != nullptr; }, 10000))
        return false;
    QTest::mouseClick(visibleTopLevel<Dialog>()->declineButton(), Qt::LeftButton);
    return QTest::qWaitFor([&] { return call.answer.has_value(); }, 10000);
}

template<typename T>
int visibleDialogCount()
{
    int count = 0;
    const QList<QWidget *> windows = QApplication::topLevelWidgets();
    for (QWidget *window : windows) {
        if (qobject_cast<T *>(window) && window->isVisible())
            ++count;
    }
    return count;
}

} // namespace

/// Records the URLs QDesktopServices would have opened in a browser.
class UrlRecorder : public QObject
{
    Q_OBJECT
public:
    QList<QUrl> opened;
public slots:
    void open(const QUrl &url) { opened.append(url); }
};

class tst_ClientFeatures : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void samplingReplyReachesServer();
    void samplingDeclineIsUserRejectedError();
    void samplingEscapeDeclines();
    void samplingShowsImagesAndAudio();
    void samplingAnsweredByAModel();
    void samplingModelReplyDeclined();
    void samplingModelKeyKeptOutOfAudit();
    void samplingWithoutAModelPointsToSettings();
    void serverCancelAbortsTheModel();
    void requestsQueuePerServer();
    void elicitationFormAccept();
    void elicitationDecline();
    void elicitationCancelByClosing();
    void urlElicitationOpensOnlyAfterConsent();
    void urlElicitationDecline();
    void rootsServedAndListChanged();
    void disconnectClosesPendingDialog();
    void answerTimeoutClosesDialog();
    void serverCancelClosesDialog();
    void auditRecordsRedacted();
    void urlElicitationCompleteClosesWaitingDialog();
    void urlElicitationCompleteAfterConsent();
    void urlElicitationRequiredErrorThenRunAgain();
    void urlElicitationRequiredDialogClosedByComplete();
    void modernToolAsksThroughTheDialog();
    void modernToolOverHttpAsksThroughTheDialog();
    void aServersOwnWordsDoNotSizeTheHeader();
    void screenshots();

private:
    void connectServer();
    /// Toolgate's own fault server (URL elicitation with elicitation/complete and -32042).
    void connectFaultServer();
    /// The TypeScript SDK v2 peer that speaks only MCP 2026-07-28 (tests/npm/peers/modern-server.mjs).
    void connectModernServer();
    void connectServer(const ServerConfig &config);
    QString screenshotDir();
    /// A models file with one connection to model (OpenAI format), offered by the sampling dialogs.
    /// apiKey: typed into models.json by hand (ModelsFile keeps such a key in memory only).
    void offerModel(const TestModel::ScriptedModelServer &model, const QString &apiKey = {});
    std::shared_ptr<PendingCall> startCall(const QString &tool, const QJsonObject &arguments,
                                           std::chrono::milliseconds timeout = std::chrono::seconds(30));
    QList<AuditRecord> serverRequestRecords(const QString &method = {});

    /// Starts a call through the host's pipeline (approved by m_gate), as the GUI does.
    QPointer<ToolCall> pipelineCall(const QString &tool, const QJsonObject &arguments);
    /// True when, once what is queued has run, the one request on show is still unanswered: whatever
    /// answers it settles it first, and only an answer lets the server answer the call that asked.
    bool stillUnanswered();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QWidget> m_window; // stands in for the main window the dialogs belong to
    std::unique_ptr<Host> m_toolgate;
    Toolgate::TestSupport::ScriptedGate m_gate;
    std::unique_ptr<RootsStore> m_roots;
    std::unique_ptr<ClientFeatures> m_features;
    QPointer<ServerConnection> m_connection;
    std::unique_ptr<QSignalSpy> m_notices;
    std::unique_ptr<UrlRecorder> m_urls;
};

void tst_ClientFeatures::initTestCase()
{
    const QString missing = TestSupport::missingNpmPeers();
    if (!missing.isEmpty())
        QFAIL(qPrintable(missing));
    m_urls = std::make_unique<UrlRecorder>();
    // Offscreen runs must never start a browser: the handler stands in for it, on the real openUrl path.
    QDesktopServices::setUrlHandler(QStringLiteral("https"), m_urls.get(), "open");
    QDesktopServices::setUrlHandler(QStringLiteral("http"), m_urls.get(), "open");
}

void tst_ClientFeatures::cleanupTestCase()
{
    QDesktopServices::unsetUrlHandler(QStringLiteral("https"));
    QDesktopServices::unsetUrlHandler(QStringLiteral("http"));
}

void tst_ClientFeatures::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_window = std::make_unique<QWidget>();
    m_window->setWindowTitle(QStringLiteral("host"));
    m_toolgate = Toolgate::TestSupport::guiTestHost(m_dir->path(), m_dir->filePath(QStringLiteral("audit.sqlite")));
    m_gate.requests.clear();
    m_toolgate->setApprovalGate(&m_gate);
    m_roots = std::make_unique<RootsStore>(m_dir->filePath(QStringLiteral("config/roots.json")));
    QVERIFY(m_roots->load().ok());
    m_features = std::make_unique<ClientFeatures>(m_roots.get(), m_toolgate->serverRequests(), m_toolgate->toolCalls(), m_window.get());
    m_toolgate->setServerRequestGate(m_features.get());
    m_notices = std::make_unique<QSignalSpy>(m_toolgate->serverRequests(), &ServerRequestPipeline::notice);
    m_urls->opened.clear();
}

void tst_ClientFeatures::cleanup()
{
    if (m_connection) {
        m_connection->stop();
        QTRY_VERIFY_WITH_TIMEOUT(m_connection->status() == ServerConnection::Status::Stopped, 5000);
    }
    m_notices.reset();
    m_toolgate->setServerRequestGate(nullptr);
    m_features.reset();
    m_toolgate.reset();
    m_roots.reset();
    m_window.reset();
    QTRY_COMPARE(visibleDialogCount<QDialog>(), 0);
    m_dir.reset();
}

void tst_ClientFeatures::connectServer()
{
    ServerConfig config;
    config.name = QStringLiteral("everything");
    config.command = TestSupport::nodeBinary();
    config.args = QStringList{TestSupport::everythingEntry(), QStringLiteral("stdio")};
    m_connection = m_toolgate->workspace()->addTransientServer(config).value();
    m_connection->start();
    QTRY_VERIFY_WITH_TIMEOUT(m_connection->status() == ServerConnection::Status::Ready, 15000);
    // The sampling, elicitation and roots tools appear once the server has seen our capabilities.
    const auto hasTool = [this](const QString &name) {
        const QList<Tool> tools = m_connection->tools();
        return std::any_of(tools.cbegin(), tools.cend(), [&](const Tool &t) { return t.name == name; });
    };
    QTRY_VERIFY_WITH_TIMEOUT(hasTool(QStringLiteral("trigger-sampling-request")) && hasTool(QStringLiteral("trigger-elicitation-request"))
                                 && hasTool(QStringLiteral("trigger-url-elicitation")) && hasTool(QStringLiteral("get-roots-list")),
                             15000);
}

void tst_ClientFeatures::connectFaultServer()
{
    ServerConfig config;
    config.name = QStringLiteral("fault");
    config.command = QStringLiteral(TOOLGATE_BIN_DIR "/toolgate-fault-server");
    m_connection = m_toolgate->workspace()->addTransientServer(config).value();
    m_connection->start();
    QTRY_VERIFY_WITH_TIMEOUT(m_connection->status() == ServerConnection::Status::Ready, 15000);
    QCOMPARE(m_connection->session()->protocolVersion(), QStringLiteral("2025-11-25"));
    QTRY_VERIFY_WITH_TIMEOUT(!m_connection->tools().isEmpty(), 15000);
}

void tst_ClientFeatures::connectModernServer()
{
    ServerConfig config = TestSupport::modernPeerConfig();
    config.protocolEra = ServerConfig::EraPreference::Modern;
    connectServer(config);
}

void tst_ClientFeatures::connectServer(const ServerConfig &config)
{
    m_connection = m_toolgate->workspace()->addTransientServer(config).value();
    m_connection->start();
    QTRY_VERIFY_WITH_TIMEOUT(m_connection->status() == ServerConnection::Status::Ready, 20000);
    QCOMPARE(m_connection->session()->protocolVersion(), QStringLiteral("2026-07-28"));
    QTRY_VERIFY_WITH_TIMEOUT(!m_connection->tools().isEmpty(), 15000);
}

QString tst_ClientFeatures::screenshotDir()
{
    QString directory = qEnvironmentVariable("TOOLGATE_SCREENSHOT_DIR");
    if (directory.isEmpty())
        directory = m_dir->filePath(QStringLiteral("screenshots"));
    QDir().mkpath(directory);
    return directory;
}

std::shared_ptr<PendingCall> tst_ClientFeatures::startCall(const QString &tool, const QJsonObject &arguments,
                                                           std::chrono::milliseconds timeout)
{
    auto call = std::make_shared<PendingCall>();
    ClientSession::CallOptions options;
    options.timeout = timeout;
    options.maxTime = timeout;
    m_connection->session()->callTool(ToolCallKeyForTests::make(), tool, arguments, options, this,
                                      [call](const Result<CallToolResult> &result) { call->answer = result; });
    return call;
}

QPointer<ToolCall> tst_ClientFeatures::pipelineCall(const QString &tool, const QJsonObject &arguments)
{
    return m_toolgate->toolCalls()->call(m_connection, tool, arguments, CallInitiator::Gui, this);
}

bool tst_ClientFeatures::stillUnanswered()
{
    QSignalSpy settled(m_features.get(), &ClientFeatures::requestSettled);
    if (!deliverPostedEvents())
        return false;
    if (!settled.isEmpty() || m_features->pendingCount() != 1) {
        qWarning("the request was answered: %d settled, %d pending", int(settled.count()), m_features->pendingCount());
        return false;
    }
    return true;
}

QList<AuditRecord> tst_ClientFeatures::serverRequestRecords(const QString &method)
{
    bool flushed = false;
    QObject context;
    m_toolgate->audit()->flush(&context, [&flushed](const Result<void> &) { flushed = true; });
    QDeadlineTimer deadline(10000);
    while (!flushed && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    auto reader = AuditReader::open(m_toolgate->audit()->path());
    if (!reader.ok())
        return {};
    AuditFilter filter;
    filter.types = {AuditRecordType::ServerRequest};
    if (!method.isEmpty())
        filter.names = {method};
    AuditReader::PageRequest request;
    request.limit = 100;
    request.detail = AuditReader::Detail::Full;
    auto page = reader.value()->page(filter, request);
    if (!page.ok())
        return {};
    QList<AuditRecord> records = page.value().records;
    std::reverse(records.begin(), records.end()); // oldest first
    return records;
}

void tst_ClientFeatures::samplingReplyReachesServer()
{
    connectServer();
    auto call = startCall(QStringLiteral("trigger-sampling-request"),
                          {{QStringLiteral("prompt"), QStringLiteral("What is the capital of France?")}, {QStringLiteral("maxTokens"), 64}});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<SamplingDialog>(), 10000);
    SamplingDialog *dialog = visibleTopLevel<SamplingDialog>();
    QCOMPARE(dialog->parentWidget(), m_window.get());
    QVERIFY(!dialog->isModal());
    QVERIFY(dialog->windowTitle().contains(QStringLiteral("everything")));

    // What the server sent is shown: the system prompt, the limits and the message.
    auto *systemPrompt = dialog->findChild<QPlainTextEdit *>(QStringLiteral("systemPrompt"));
    QVERIFY(systemPrompt);
    QCOMPARE(systemPrompt->toPlainText(), QStringLiteral("You are a helpful test server."));
    auto *limits = dialog->findChild<QLabel *>(QStringLiteral("limits"));
    QVERIFY(limits);
    QVERIFY2(limits->text().contains(QStringLiteral("64 tokens")), qPrintable(limits->text()));
    QVERIFY(limits->text().contains(QStringLiteral("temperature 0.7")));
    const QList<ContentView *> views = dialog->findChildren<ContentView *>();
    QCOMPARE(views.size(), 1);
    QCOMPARE(views.first()->type(), Content::Type::Text);

    // Nothing is answered until the person acts, and Send waits for a reply.
    QVERIFY(stillUnanswered());
    QVERIFY(!call->answer);
    QVERIFY(!dialog->sendButton()->isEnabled());
    QVERIFY(dialog->declineButton()->isDefault());
    QTest::keyClicks(dialog->replyEdit(), QStringLiteral("Paris, as far as this human knows."));
    QVERIFY(dialog->sendButton()->isEnabled());
    QCOMPARE(dialog->modelEdit()->text(), QStringLiteral("human (Toolgate)"));
    QTest::keyClick(dialog->modelEdit(), Qt::Key_Return); // must not press the default Decline
    QVERIFY(stillUnanswered());
    QVERIFY(dialog->isVisible());
    QVERIFY(!call->answer);
    QTest::mouseClick(dialog->sendButton(), Qt::LeftButton);

    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    QVERIFY2(call->answer->ok(), call->answer->ok() ? "" : qPrintable(call->answer->error().message));
    const QString text = call->text();
    QVERIFY2(text.contains(QStringLiteral("Paris, as far as this human knows.")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("human (Toolgate)")));
    QVERIFY(text.contains(QStringLiteral("endTurn")));
    QVERIFY(text.contains(QStringLiteral("assistant")));
    QTRY_VERIFY(!visibleTopLevel<SamplingDialog>());
    QCOMPARE(m_features->pendingCount(), 0);
}

void tst_ClientFeatures::offerModel(const TestModel::ScriptedModelServer &model, const QString &apiKey)
{
    const QString path = m_dir->filePath(QStringLiteral("models.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QJsonObject connection{{QStringLiteral("api"), QStringLiteral("openai")},
                           {QStringLiteral("baseUrl"), model.openAiBaseUrl()},
                           {QStringLiteral("model"), QStringLiteral("scripted-model")}};
    if (!apiKey.isEmpty())
        connection.insert(QStringLiteral("apiKey"), apiKey);
    file.write(QJsonDocument(QJsonObject{{QStringLiteral("models"), QJsonObject{{QStringLiteral("scripted"), connection}}}}).toJson());
    file.close();
    m_features->setModelSource(path, m_toolgate->secretStore());
}

void tst_ClientFeatures::samplingAnsweredByAModel()
{
    TestModel::ScriptedModelServer model;
    model.enqueue(TestModel::ScriptedTurn::say(QStringLiteral("Paris, says the model.")));
    offerModel(model);
    connectServer();
    auto call = startCall(QStringLiteral("trigger-sampling-request"),
                          {{QStringLiteral("prompt"), QStringLiteral("What is the capital of France?")}, {QStringLiteral("maxTokens"), 64}});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<SamplingDialog>(), 10000);
    SamplingDialog *dialog = visibleTopLevel<SamplingDialog>();
    QVERIFY(dialog->askModelButton()->isEnabled());
    QVERIFY(!dialog->findChild<QLabel *>(QStringLiteral("noModels"))->isVisible());

    // Step 1: what goes to the model, editable; nothing is sent before the click.
    QTest::mouseClick(dialog->askModelButton(), Qt::LeftButton);
    SamplingModelPanel *panel = dialog->modelPanel();
    QVERIFY(panel->isVisible());
    QVERIFY(!dialog->sendButton()->isEnabled()); // no reply yet to send to the server
    QCOMPARE(panel->modelPicker()->currentText(), QStringLiteral("scripted (scripted-model)"));
    QCOMPARE(panel->systemPromptEdit()->toPlainText(), QStringLiteral("You are a helpful test server."));
    QCOMPARE(panel->messageEdits().size(), 1);
    const QString asked = panel->messageEdits().first()->toPlainText();
    QVERIFY2(asked.endsWith(QStringLiteral("What is the capital of France?")), qPrintable(asked));
    QVERIFY(deliverPostedEvents());
    QVERIFY(model.requests().isEmpty());
    panel->messageEdits().first()->moveCursor(QTextCursor::End);
    QTest::keyClicks(panel->messageEdits().first(), QStringLiteral(" One line, please."));
    QVERIFY(dialog->grab().save(QDir(screenshotDir()).filePath(QStringLiteral("sampling-by-model-request.png"))));
    QTest::mouseClick(panel->sendButton(), Qt::LeftButton);

    // Step 2: the model's reply in the reply field, editable; the server has nothing yet.
    QTRY_COMPARE_WITH_TIMEOUT(dialog->replyEdit()->toPlainText(), QStringLiteral("Paris, says the model."), 10000);
    QCOMPARE(model.requests().size(), 1);
    const QJsonArray sent = model.requests().first().body.value(QLatin1String("messages")).toArray();
    QCOMPARE(sent.last().toObject().value(QLatin1String("content")).toString(), asked + QStringLiteral(" One line, please."));
    QCOMPARE(model.requests().first().body.value(QLatin1String("max_tokens")).toInt(), 64);
    QVERIFY(!panel->isVisible());
    QVERIFY(dialog->modelReplyNote()->isVisible());
    QCOMPARE(dialog->modelEdit()->text(), QStringLiteral("scripted-model"));
    QVERIFY(stillUnanswered());
    QVERIFY(!call->answer);
    QVERIFY(dialog->sendButton()->isEnabled());
    QVERIFY(dialog->grab().save(QDir(screenshotDir()).filePath(QStringLiteral("sampling-by-model.png"))));
    QTest::mouseClick(dialog->sendButton(), Qt::LeftButton);

    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    const QString text = call->text();
    QVERIFY2(text.contains(QStringLiteral("Paris, says the model.")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("scripted-model")));
    QVERIFY(text.contains(QStringLiteral("endTurn")));

    // The record says which model wrote the reply, and what the person did with each step.
    const QList<AuditRecord> records = serverRequestRecords(QStringLiteral("sampling/createMessage"));
    QCOMPARE(records.size(), 1);
    const QString reason = records.first().decisionReason;
    QVERIFY2(reason.contains(QStringLiteral("Answered by the model \"scripted-model\" (connection \"scripted\")")), qPrintable(reason));
    QVERIFY2(reason.contains(QStringLiteral("the person edited the request")), qPrintable(reason));
    QVERIFY2(reason.contains(QStringLiteral("approved returning the model's reply unchanged")), qPrintable(reason));
    QVERIFY(records.first().editedArguments);
    QVERIFY(QJsonDocument(*records.first().editedArguments).toJson().contains("One line, please."));
}

void tst_ClientFeatures::samplingModelReplyDeclined()
{
    TestModel::ScriptedModelServer model;
    model.enqueue(TestModel::ScriptedTurn::say(QStringLiteral("Something the person will not pass on.")));
    offerModel(model);
    connectServer();
    auto call = startCall(QStringLiteral("trigger-sampling-request"), {{QStringLiteral("prompt"), QStringLiteral("Tell me a secret")}});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<SamplingDialog>(), 10000);
    SamplingDialog *dialog = visibleTopLevel<SamplingDialog>();
    QTest::mouseClick(dialog->askModelButton(), Qt::LeftButton);
    QTest::mouseClick(dialog->modelPanel()->sendButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->modelReplyNote()->isVisible(), 10000);
    // The person edits the reply, then thinks better of it: nothing of it reaches the server.
    QTest::keyClicks(dialog->replyEdit(), QStringLiteral(" And more."));
    QTest::mouseClick(dialog->declineButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    QVERIFY2(call->text().contains(QStringLiteral("User rejected sampling request")), qPrintable(call->text()));
    QVERIFY(!call->text().contains(QStringLiteral("will not pass on")));
    const QList<AuditRecord> records = serverRequestRecords(QStringLiteral("sampling/createMessage"));
    QCOMPARE(records.size(), 1);
    QCOMPARE(records.first().decision, std::optional<ApprovalDecision::Kind>(ApprovalDecision::Kind::Deny));
    QVERIFY2(records.first().decisionReason.contains(QStringLiteral("declined to return the reply of the model \"scripted-model\"")),
             qPrintable(records.first().decisionReason));
}

void tst_ClientFeatures::samplingModelKeyKeptOutOfAudit()
{
    // A model (or a provider's error) may quote the connection's key back; the person passes the
    // reply on unread. The audit record of the request must not hold the key.
    const QString key = QStringLiteral("sk-sampling-test-7c1d9e");
    TestModel::ScriptedModelServer model;
    model.enqueue(TestModel::ScriptedTurn::say(QStringLiteral("Your key is %1, by the way.").arg(key)));
    offerModel(model, key);
    connectServer();
    auto call = startCall(QStringLiteral("trigger-sampling-request"), {{QStringLiteral("prompt"), QStringLiteral("Which key?")}});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<SamplingDialog>(), 10000);
    SamplingDialog *dialog = visibleTopLevel<SamplingDialog>();
    QTest::mouseClick(dialog->askModelButton(), Qt::LeftButton);
    QTest::mouseClick(dialog->modelPanel()->sendButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->modelReplyNote()->isVisible(), 10000);
    QCOMPARE(model.requests().size(), 1);
    QCOMPARE(model.requests().first().http.header("authorization"), QByteArray("Bearer " + key.toUtf8()));
    QTest::mouseClick(dialog->sendButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);

    const QList<AuditRecord> records = serverRequestRecords(QStringLiteral("sampling/createMessage"));
    QCOMPARE(records.size(), 1);
    const QByteArray recorded = QJsonDocument(records.first().toJson()).toJson(QJsonDocument::Compact);
    QVERIFY2(recorded.contains("by the way"), recorded.constData()); // the reply is in the record…
    QVERIFY2(!recorded.contains(key.toUtf8()), recorded.constData()); // …without the key
}

void tst_ClientFeatures::samplingWithoutAModelPointsToSettings()
{
    // No models file: Ask a Model says so and leads to Settings › Models; writing the reply stays.
    m_features->setModelSource(m_dir->filePath(QStringLiteral("no-models.json")), m_toolgate->secretStore());
    QSignalSpy settingsAsked(m_features.get(), &ClientFeatures::modelSettingsRequested);
    connectServer();
    auto call = startCall(QStringLiteral("trigger-sampling-request"), {{QStringLiteral("prompt"), QStringLiteral("anyone?")}});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<SamplingDialog>(), 10000);
    SamplingDialog *dialog = visibleTopLevel<SamplingDialog>();
    QVERIFY(!dialog->askModelButton()->isEnabled());
    auto *note = dialog->findChild<QLabel *>(QStringLiteral("noModels"));
    QVERIFY(note && note->isVisible());
    QVERIFY(note->text().contains(QStringLiteral("Settings › Models")));
    auto *settings = dialog->findChild<QPushButton *>(QStringLiteral("modelSettings"));
    QVERIFY(settings && settings->isVisible());
    QTest::mouseClick(settings, Qt::LeftButton);
    QCOMPARE(settingsAsked.count(), 1);
    QVERIFY(stillUnanswered());
    QTest::keyClicks(dialog->replyEdit(), QStringLiteral("Written by hand."));
    QTest::mouseClick(dialog->sendButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    QVERIFY(call->text().contains(QStringLiteral("Written by hand.")));
}

void tst_ClientFeatures::serverCancelAbortsTheModel()
{
    // The model never answers; the server gives up on its request (notifications/cancelled after the
    // tool's timeoutMs): the dialog closes and the model's request is aborted, not left running.
    TestModel::ScriptedModelServer model;
    model.enqueue(TestModel::ScriptedTurn::hostileTurn(TestModel::ScriptedTurn::Hostile::EndlessText));
    offerModel(model);
    ServerConfig config;
    config.name = QStringLiteral("modern");
    config.command = TestSupport::nodeBinary();
    config.args = QStringList{TestSupport::npmDir() + QStringLiteral("/peers/modern-server.mjs"), QStringLiteral("--transport"),
                              QStringLiteral("stdio")};
    config.protocolEra = ServerConfig::EraPreference::Legacy;
    m_connection = m_toolgate->workspace()->addTransientServer(config).value();
    m_connection->start();
    QTRY_VERIFY_WITH_TIMEOUT(m_connection->status() == ServerConnection::Status::Ready, 20000);

    auto call = startCall(QStringLiteral("ask_model"),
                          {{QStringLiteral("question"), QStringLiteral("slow model")}, {QStringLiteral("timeoutMs"), 3000}},
                          std::chrono::seconds(60));
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<SamplingDialog>(), 10000);
    QPointer<SamplingDialog> dialog = visibleTopLevel<SamplingDialog>();
    QTest::mouseClick(dialog->askModelButton(), Qt::LeftButton);
    QTest::mouseClick(dialog->modelPanel()->sendButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(model.openStreams(), 1, 10000);
    QVERIFY(dialog->modelPanel()->isAsking());
    QTRY_VERIFY_WITH_TIMEOUT(!dialog, 20000);
    QTRY_COMPARE_WITH_TIMEOUT(model.openStreams(), 0, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    QVERIFY(call->isError());
}

void tst_ClientFeatures::samplingDeclineIsUserRejectedError()
{
    connectServer();
    auto call = startCall(QStringLiteral("trigger-sampling-request"), {{QStringLiteral("prompt"), QStringLiteral("decline me")}});
    QVERIFY(declineAndWait<SamplingDialog>(*call));
    QVERIFY(call->answer->ok());
    // The server's tool fails with the error we answered.
    QVERIFY2(call->isError(), qPrintable(call->text()));
    QVERIFY2(call->text().contains(QStringLiteral("User rejected sampling request")), qPrintable(call->text()));
}

void tst_ClientFeatures::samplingEscapeDeclines()
{
    connectServer();
    auto call = startCall(QStringLiteral("trigger-sampling-request"), {{QStringLiteral("prompt"), QStringLiteral("escape")}});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<SamplingDialog>(), 10000);
    SamplingDialog *dialog = visibleTopLevel<SamplingDialog>();
    QTest::keyClicks(dialog->replyEdit(), QStringLiteral("typed, but never sent"));
    QTest::keyClick(dialog, Qt::Key_Escape);
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    QVERIFY(call->isError());
    QVERIFY(call->text().contains(QStringLiteral("User rejected sampling request")));
    QVERIFY(!call->text().contains(QStringLiteral("never sent")));
}

void tst_ClientFeatures::samplingShowsImagesAndAudio()
{
    // server-everything only samples with text, so the other content kinds are checked on the dialog itself.
    QImage image(8, 8, QImage::Format_RGB32);
    image.fill(Qt::red);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    const QJsonObject params{
        {QStringLiteral("messages"),
         QJsonArray{
             QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                         {QStringLiteral("content"), QJsonObject{{QStringLiteral("type"), QStringLiteral("image")},
                                                                 {QStringLiteral("data"), QString::fromLatin1(png.toBase64())},
                                                                 {QStringLiteral("mimeType"), QStringLiteral("image/png")}}}},
             QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                         {QStringLiteral("content"),
                          QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), QStringLiteral("A red square.")}},
                                     QJsonObject{{QStringLiteral("type"), QStringLiteral("audio")},
                                                 {QStringLiteral("data"), QString::fromLatin1(QByteArray("RIFF").toBase64())},
                                                 {QStringLiteral("mimeType"), QStringLiteral("audio/wav")}}}}}}},
        {QStringLiteral("modelPreferences"),
         QJsonObject{{QStringLiteral("hints"), QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("claude-3-sonnet")}}}},
                     {QStringLiteral("intelligencePriority"), 0.8}}},
        {QStringLiteral("includeContext"), QStringLiteral("thisServer")},
        {QStringLiteral("maxTokens"), 10}};
    const auto request = SamplingRequest::fromJson(params);
    QVERIFY2(request.ok(), qPrintable(request.ok() ? QString() : request.error().message));
    SamplingDialog dialog(ServerIdentity{QStringLiteral("pictures"), QStringLiteral("pictures-server"), {}}, request.value(), false);
    QList<Content::Type> types;
    for (ContentView *view : dialog.findChildren<ContentView *>())
        types.append(view->type());
    QCOMPARE(types, (QList<Content::Type>{Content::Type::Image, Content::Type::Text, Content::Type::Audio}));
    auto *preferences = dialog.findChild<QLabel *>(QStringLiteral("modelPreferences"));
    QVERIFY(preferences);
    QVERIFY(preferences->text().contains(QStringLiteral("claude-3-sonnet")));
    QCOMPARE(preferences->text(), QStringLiteral("hints: claude-3-sonnet · intelligence 0.8"));
    QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("includeContext")));
    QSignalSpy declined(&dialog, &SamplingDialog::declined);
    QSignalSpy replied(&dialog, &SamplingDialog::replied);
    dialog.show();
    dialog.close();
    dialog.show();
    dialog.close(); // a second close answers nothing more
    QCOMPARE(declined.count(), 1);
    QCOMPARE(replied.count(), 0);
}

void tst_ClientFeatures::requestsQueuePerServer()
{
    connectServer();
    auto first = startCall(QStringLiteral("trigger-sampling-request"), {{QStringLiteral("prompt"), QStringLiteral("first")}});
    auto second = startCall(QStringLiteral("trigger-sampling-request"), {{QStringLiteral("prompt"), QStringLiteral("second")}});
    QTRY_COMPARE_WITH_TIMEOUT(m_features->pendingCount(), 2, 10000);
    // One dialog per server at a time; it says another request waits.
    QCOMPARE(visibleDialogCount<SamplingDialog>(), 1);
    SamplingDialog *dialog = visibleTopLevel<SamplingDialog>();
    auto *queued = dialog->findChild<QLabel *>(QStringLiteral("queuedNote"));
    QVERIFY(queued && queued->isVisible());
    QVERIFY(queued->text().contains(QStringLiteral("1 more")));
    QTest::keyClicks(dialog->replyEdit(), QStringLiteral("answer one"));
    QTest::mouseClick(dialog->sendButton(), Qt::LeftButton);

    QTRY_VERIFY_WITH_TIMEOUT(first->answer.has_value(), 10000);
    QVERIFY(first->text().contains(QStringLiteral("answer one")));
    QTRY_VERIFY(visibleTopLevel<SamplingDialog>() && visibleTopLevel<SamplingDialog>() != dialog);
    SamplingDialog *next = visibleTopLevel<SamplingDialog>();
    QVERIFY(!next->findChild<QLabel *>(QStringLiteral("queuedNote"))->isVisible());
    QVERIFY(!second->answer);
    QTest::keyClicks(next->replyEdit(), QStringLiteral("answer two"));
    QTest::mouseClick(next->sendButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(second->answer.has_value(), 10000);
    QVERIFY(second->text().contains(QStringLiteral("answer two")));
    QVERIFY(!second->text().contains(QStringLiteral("answer one")));
}

void tst_ClientFeatures::elicitationFormAccept()
{
    connectServer();
    auto call = startCall(QStringLiteral("trigger-elicitation-request"), {});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<ElicitationDialog>(), 10000);
    ElicitationDialog *dialog = visibleTopLevel<ElicitationDialog>();
    QVERIFY(!dialog->isUrlMode());
    QVERIFY(dialog->form());
    auto *message = dialog->findChild<QPlainTextEdit *>(QStringLiteral("message"));
    QVERIFY(message && message->toPlainText().contains(QStringLiteral("Please provide inputs")));
    // A request the server sends by itself (the legacy era) comes with no call to name.
    auto *occasion = dialog->findChild<QLabel *>(QStringLiteral("occasion"));
    QVERIFY(occasion && !occasion->isVisible());
    // "name" is required: Accept waits until it is filled in, and the dialog says why (the field itself
    // is not marked before the person touched it).
    QVERIFY(!dialog->acceptButton()->isEnabled());
    QVERIFY(!dialog->form()->validationProblems().isEmpty());
    QVERIFY(dialog->acceptHint() && dialog->acceptHint()->isVisible());
    QVERIFY(dialog->acceptHint()->text().contains(QStringLiteral("required")));
    FieldEditor *name = dialog->form()->fieldEditor(QStringLiteral("/name"));
    QVERIFY(name);
    auto *line = name->findChild<QLineEdit *>();
    QVERIFY(line);
    QTest::keyClicks(line, QStringLiteral("Ada Lovelace"));
    // A bad email is caught inline, too.
    auto *email = dialog->form()->fieldEditor(QStringLiteral("/email"))->findChild<QLineEdit *>();
    QTest::keyClicks(email, QStringLiteral("not-an-email"));
    QTRY_VERIFY(!dialog->acceptButton()->isEnabled());
    email->clear();
    QTest::keyClicks(email, QStringLiteral("ada@example.org"));
    QTRY_VERIFY2(dialog->acceptButton()->isEnabled(), qPrintable(dialog->form()->validationProblems().join(u'\n')));
    QVERIFY(!dialog->acceptHint()->isVisible());
    QTest::mouseClick(dialog->acceptButton(), Qt::LeftButton);

    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    const QString text = call->text();
    QVERIFY2(text.contains(QStringLiteral("accept")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Ada Lovelace")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("ada@example.org")));
    QVERIFY(text.contains(QStringLiteral("It was a dark and stormy night."))); // a default, sent as shown
}

void tst_ClientFeatures::elicitationDecline()
{
    connectServer();
    auto call = startCall(QStringLiteral("trigger-elicitation-request"), {});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<ElicitationDialog>(), 10000);
    ElicitationDialog *dialog = visibleTopLevel<ElicitationDialog>();
    QCOMPARE(dialog->focusWidget(), dialog->declineButton());
    // Enter in a field answers nothing: there is no default button to press.
    auto *name = dialog->form()->fieldEditor(QStringLiteral("/name"))->findChild<QLineEdit *>();
    QTest::keyClicks(name, QStringLiteral("Grace"));
    QTest::keyClick(name, Qt::Key_Return);
    QVERIFY(stillUnanswered());
    QVERIFY2(!call->answer, qPrintable(call->text()));
    QVERIFY(dialog->isVisible());
    QTest::mouseClick(dialog->declineButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    QVERIFY2(call->text().contains(QStringLiteral("declined")), qPrintable(call->text()));
    QVERIFY(!call->text().contains(QStringLiteral("\"content\"")));
}

void tst_ClientFeatures::elicitationCancelByClosing()
{
    connectServer();
    auto call = startCall(QStringLiteral("trigger-elicitation-request"), {});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<ElicitationDialog>(), 10000);
    visibleTopLevel<ElicitationDialog>()->close(); // the window's close button
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    QVERIFY2(call->text().contains(QStringLiteral("cancel")), qPrintable(call->text()));
}

void tst_ClientFeatures::urlElicitationOpensOnlyAfterConsent()
{
    connectServer();
    const QString url = QStringLiteral("https://auth.example.com/connect?session=42");
    auto call = startCall(QStringLiteral("trigger-url-elicitation"),
                          {{QStringLiteral("url"), url}, {QStringLiteral("message"), QStringLiteral("Sign in to Example to continue.")}});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<ElicitationDialog>(), 10000);
    ElicitationDialog *dialog = visibleTopLevel<ElicitationDialog>();
    QVERIFY(dialog->isUrlMode());
    QVERIFY(!dialog->form());
    QCOMPARE(dialog->findChild<QPlainTextEdit *>(QStringLiteral("message"))->toPlainText(), QStringLiteral("Sign in to Example to continue."));
    QCOMPARE(dialog->findChild<QPlainTextEdit *>(QStringLiteral("url"))->toPlainText(), url);
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("urlHost"))->text().contains(QStringLiteral("auth.example.com")));
    QVERIFY(stillUnanswered());
    QVERIFY(m_urls->opened.isEmpty()); // nothing is fetched or opened before consent
    QVERIFY(!call->answer);
    QTest::mouseClick(dialog->acceptButton(), Qt::LeftButton);
    QCOMPARE(m_urls->opened, QList<QUrl>{QUrl(url)});
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    QVERIFY2(call->text().contains(QStringLiteral("User completed the URL elicitation")), qPrintable(call->text()));
}

void tst_ClientFeatures::urlElicitationDecline()
{
    connectServer();
    auto call = startCall(QStringLiteral("trigger-url-elicitation"), {{QStringLiteral("url"), QStringLiteral("https://example.com/x")}});
    QVERIFY(declineAndWait<ElicitationDialog>(*call));
    QVERIFY2(call->text().contains(QStringLiteral("declined to open the URL")), qPrintable(call->text()));
    QVERIFY(m_urls->opened.isEmpty());
}

void tst_ClientFeatures::rootsServedAndListChanged()
{
    const QString first = m_dir->filePath(QStringLiteral("project one"));
    const QString second = m_dir->filePath(QStringLiteral("second-project"));
    QVERIFY(QDir().mkpath(first) && QDir().mkpath(second));
    QVERIFY(m_roots->setFolders({first}).ok());
    connectServer();

    const QString firstUri = QUrl::fromLocalFile(first).toString(QUrl::FullyEncoded);
    const QString secondUri = QUrl::fromLocalFile(second).toString(QUrl::FullyEncoded);
    QVERIFY(firstUri.startsWith(QStringLiteral("file:///")) && firstUri.contains(QStringLiteral("project%20one")));
    std::shared_ptr<PendingCall> call;
    const auto rootsListed = [&](const QString &uri) {
        call = startCall(QStringLiteral("get-roots-list"), {});
        QDeadlineTimer deadline(5000);
        while (!call->answer && !deadline.hasExpired())
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
        return call->text().contains(uri);
    };
    QTRY_VERIFY_WITH_TIMEOUT(rootsListed(firstUri), 10000);
    QVERIFY(!call->text().contains(secondUri));

    // The person edits the list in Settings → Roots; OK saves it and tells the server, which asks again.
    auto *dialog = new RootsDialog(m_roots.get(), m_window.get());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    QCOMPARE(dialog->folders(), QStringList{first});
    dialog->addFolder(second);
    dialog->addFolder(second); // duplicates are ignored
    QCOMPARE(dialog->folders(), (QStringList{first, second}));
    QSignalSpy changed(m_roots.get(), &RootsStore::changed);
    auto *box = dialog->findChild<QDialogButtonBox *>();
    QTest::mouseClick(box->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QCOMPARE(changed.count(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(rootsListed(secondUri), 10000);
    QVERIFY(call->text().contains(firstUri));
    QVERIFY(call->text().contains(QStringLiteral("2 total")));

    // The list survives a restart of the app.
    RootsStore reloaded(m_roots->path());
    QVERIFY(reloaded.load().ok());
    QCOMPARE(reloaded.folders(), (QStringList{first, second}));

    // Each roots/list was answered and audited without a decision (the person chose the list beforehand).
    const QList<AuditRecord> records = serverRequestRecords();
    QVERIFY(records.size() >= 2);
    for (const AuditRecord &record : records) {
        QCOMPARE(record.name, QStringLiteral("roots/list"));
        QCOMPARE(record.outcome, AuditOutcome::Succeeded);
        QVERIFY(!record.decision);
    }
    QVERIFY(QJsonDocument(*records.last().result).toJson().contains(secondUri.toUtf8()));
}

void tst_ClientFeatures::disconnectClosesPendingDialog()
{
    connectServer();
    auto call = startCall(QStringLiteral("trigger-sampling-request"), {{QStringLiteral("prompt"), QStringLiteral("going away")}});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<SamplingDialog>(), 10000);
    QPointer<SamplingDialog> dialog = visibleTopLevel<SamplingDialog>();
    QTest::keyClicks(dialog->replyEdit(), QStringLiteral("too late"));
    m_connection->stop();
    QTRY_VERIFY_WITH_TIMEOUT(!dialog || !dialog->isVisible(), 5000);
    QCOMPARE(m_features->pendingCount(), 0);
    QTRY_VERIFY(!m_notices->isEmpty());
    const QString notice = m_notices->last().first().toString();
    QVERIFY2(notice.contains(QStringLiteral("everything")) && notice.contains(QStringLiteral("disconnected")), qPrintable(notice));
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 5000);
    QVERIFY(!call->answer->ok()); // our own call ended with the connection

    const QList<AuditRecord> records = serverRequestRecords(QStringLiteral("sampling/createMessage"));
    QCOMPARE(records.size(), 1);
    QCOMPARE(records.first().name, QStringLiteral("sampling/createMessage"));
    QCOMPARE(records.first().errorCode, std::optional<int>(int(ErrorCode::ConnectionClosed)));
    QVERIFY(!records.first().decision);
}

void tst_ClientFeatures::answerTimeoutClosesDialog()
{
    ServerRequestPipeline::Options options;
    options.answerTimeout = std::chrono::milliseconds(1500);
    m_toolgate->serverRequests()->setOptions(options);
    connectServer();
    auto call = startCall(QStringLiteral("trigger-elicitation-request"), {});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<ElicitationDialog>(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!visibleTopLevel<ElicitationDialog>(), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    // An unanswered elicitation is the spec's "dismissed without an explicit choice".
    QVERIFY2(call->text().contains(QStringLiteral("cancel")), qPrintable(call->text()));
    QVERIFY(!m_notices->isEmpty());
    QVERIFY(m_notices->last().first().toString().contains(QStringLiteral("no answer")));
}

void tst_ClientFeatures::serverCancelClosesDialog()
{
    // A server that gives up on its sampling request sends notifications/cancelled: the dialog must close and
    // nothing may be answered afterwards. The SDK v2 peer in the initialize era sends the classic
    // sampling/createMessage and gives up after the tool's timeoutMs, as every SDK server does after its 60 s
    // default (server-everything's trigger-sampling-request, which this test waited a minute for before).
    ServerConfig config;
    config.name = QStringLiteral("modern");
    config.command = TestSupport::nodeBinary();
    config.args = QStringList{TestSupport::npmDir() + QStringLiteral("/peers/modern-server.mjs"), QStringLiteral("--transport"),
                              QStringLiteral("stdio")};
    config.protocolEra = ServerConfig::EraPreference::Legacy;
    m_connection = m_toolgate->workspace()->addTransientServer(config).value();
    m_connection->start();
    QTRY_VERIFY_WITH_TIMEOUT(m_connection->status() == ServerConnection::Status::Ready, 20000);
    QVERIFY(m_connection->session()->protocolVersion() != QStringLiteral("2026-07-28"));

    auto call = startCall(QStringLiteral("ask_model"),
                          {{QStringLiteral("question"), QStringLiteral("slow human")}, {QStringLiteral("timeoutMs"), 3000}},
                          std::chrono::seconds(60));
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<SamplingDialog>(), 10000);
    QPointer<SamplingDialog> dialog = visibleTopLevel<SamplingDialog>();
    QTest::keyClicks(dialog->replyEdit(), QStringLiteral("still typing"));
    QTRY_VERIFY_WITH_TIMEOUT(!dialog || !dialog->isVisible(), 20000);
    QCOMPARE(m_features->pendingCount(), 0);
    QVERIFY(!m_notices->isEmpty());
    const QString notice = m_notices->last().first().toString();
    QVERIFY2(notice.contains(QStringLiteral("cancelled")), qPrintable(notice));
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    QVERIFY(call->isError());
    QVERIFY2(call->text().contains(QStringLiteral("timed out"), Qt::CaseInsensitive), qPrintable(call->text()));

    const QList<AuditRecord> records = serverRequestRecords(QStringLiteral("sampling/createMessage"));
    QCOMPARE(records.size(), 1);
    QCOMPARE(records.first().errorCode, std::optional<int>(int(ErrorCode::RequestCancelled)));
    QVERIFY(records.first().errorMessage.contains(QStringLiteral("cancelled")));
}

void tst_ClientFeatures::auditRecordsRedacted()
{
    const QString secret = QStringLiteral("tok-9f8e7d6c5b4a");
    m_toolgate->audit()->addSecretValues({secret});
    connectServer();
    auto sampled = startCall(QStringLiteral("trigger-sampling-request"),
                             {{QStringLiteral("prompt"), QStringLiteral("my key is %1").arg(secret)}});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<SamplingDialog>(), 10000);
    SamplingDialog *sampling = visibleTopLevel<SamplingDialog>();
    QTest::keyClicks(sampling->replyEdit(), QStringLiteral("I will not repeat %1").arg(secret));
    QTest::mouseClick(sampling->sendButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(sampled->answer.has_value(), 10000);
    QVERIFY(sampled->text().contains(secret)); // the server gets what the person wrote...

    auto elicited = startCall(QStringLiteral("trigger-elicitation-request"), {});
    QVERIFY(declineAndWait<ElicitationDialog>(*elicited));

    QList<AuditRecord> records = serverRequestRecords();
    // The server also asks for roots by itself shortly after connecting; those are checked elsewhere.
    records.removeIf([](const AuditRecord &record) { return record.name == QLatin1String("roots/list"); });
    QStringList methods;
    for (const AuditRecord &record : records)
        methods.append(record.name);
    QCOMPARE(methods, (QStringList{QStringLiteral("sampling/createMessage"), QStringLiteral("elicitation/create")}));

    const AuditRecord &sample = records.at(0);
    QCOMPARE(sample.serverName, QStringLiteral("everything"));
    QCOMPARE(sample.decision, std::optional(ApprovalDecision::Kind::AllowOnce));
    QCOMPARE(sample.decisionSource, std::optional(ApprovalDecision::Source::Human));
    QCOMPARE(sample.outcome, AuditOutcome::Succeeded);
    QVERIFY(sample.result.has_value());
    // ...but the log keeps neither the request's nor the answer's copy of the secret.
    const QByteArray stored = QJsonDocument(sample.arguments).toJson() + QJsonDocument(*sample.result).toJson();
    QVERIFY(stored.contains("my key is"));
    QVERIFY(stored.contains("I will not repeat"));
    QVERIFY2(!stored.contains(secret.toUtf8()), stored.constData());

    const AuditRecord &elicit = records.at(1);
    QCOMPARE(elicit.decision, std::optional(ApprovalDecision::Kind::Deny));
    QCOMPARE(elicit.decisionReason, QStringLiteral("declined"));
    QCOMPARE(elicit.result->value(QStringLiteral("action")).toString(), QStringLiteral("decline"));
    QVERIFY(elicit.arguments.contains(QStringLiteral("requestedSchema")));
}

void tst_ClientFeatures::urlElicitationCompleteClosesWaitingDialog()
{
    connectFaultServer();
    auto call = startCall(QStringLiteral("url_elicit"), {{QStringLiteral("step"), QStringLiteral("sso")}});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<ElicitationDialog>(), 10000);
    ElicitationDialog *dialog = visibleTopLevel<ElicitationDialog>();
    QVERIFY(dialog->isUrlMode());
    QCOMPARE(dialog->elicitationId(), QStringLiteral("sso"));
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("urlHost"))->text().contains(QStringLiteral("auth.example.com")));

    // The step finishes elsewhere (the fault server stands in for the browser) while the question is open:
    // the dialog closes, the server hears "cancel" (no consent was given), the person is told.
    auto finish = startCall(QStringLiteral("finish_url_step"), {{QStringLiteral("step"), QStringLiteral("sso")}});
    QTRY_COMPARE_WITH_TIMEOUT(visibleDialogCount<ElicitationDialog>(), 0, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    QVERIFY2(call->text().contains(QStringLiteral("\"action\":\"cancel\"")), qPrintable(call->text()));
    QTRY_VERIFY(!m_notices->isEmpty());
    QVERIFY2(m_notices->last().first().toString().contains(QStringLiteral("reports that the step in the browser is complete")),
             qPrintable(m_notices->last().first().toString()));
    QVERIFY(m_urls->opened.isEmpty());
    QCOMPARE(m_features->pendingCount(), 0);
}

void tst_ClientFeatures::urlElicitationCompleteAfterConsent()
{
    connectFaultServer();
    auto call = startCall(QStringLiteral("url_elicit"), {{QStringLiteral("step"), QStringLiteral("sso")}});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<ElicitationDialog>(), 10000);
    ElicitationDialog *dialog = visibleTopLevel<ElicitationDialog>();
    QVERIFY(settled(dialog));
    QVERIFY(dialog->grab().save(QDir(screenshotDir()).filePath(QStringLiteral("url-elicitation-request.png"))));
    QTest::mouseClick(dialog->acceptButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(call->answer.has_value(), 10000);
    QVERIFY2(call->text().contains(QStringLiteral("\"action\":\"accept\"")), qPrintable(call->text()));
    QCOMPARE(m_urls->opened, QList<QUrl>{QUrl(QStringLiteral("https://auth.example.com/connect?step=sso"))});

    const qsizetype noticesBefore = m_notices->count();
    auto finish = startCall(QStringLiteral("finish_url_step"), {{QStringLiteral("step"), QStringLiteral("sso")}});
    QTRY_COMPARE_WITH_TIMEOUT(m_notices->count(), noticesBefore + 1, 10000);
    QVERIFY(m_notices->last().first().toString().startsWith(QStringLiteral("fault reports that the step in the browser is complete")));
    // An id the server never asked about is ignored: no notice.
    auto unknown = startCall(QStringLiteral("finish_url_step"), {{QStringLiteral("step"), QStringLiteral("never-asked")}});
    QTRY_VERIFY_WITH_TIMEOUT(unknown->answer.has_value(), 10000);
    // The server sends the notification before its answer, on the same stream: it has been handled,
    // and what that queued has run.
    QVERIFY(deliverPostedEvents());
    QCOMPARE(m_notices->count(), noticesBefore + 1);
}

void tst_ClientFeatures::urlElicitationRequiredErrorThenRunAgain()
{
    connectFaultServer();
    Toolgate::TestSupport::ScriptedGate &gate = m_gate;
    ToolPanel panel(m_toolgate->toolCalls(), m_toolgate->serverRequests(), nullptr);
    panel.resize(720, 560);
    const QList<Tool> tools = m_connection->tools();
    const auto tool = std::find_if(tools.cbegin(), tools.cend(), [](const Tool &t) { return t.name == QLatin1String("url_required"); });
    QVERIFY(tool != tools.cend());
    panel.setTool(m_connection, *tool);
    panel.show();
    QTRY_VERIFY(panel.runButton()->isEnabled());
    QVERIFY(!panel.urlStepBox()->isVisible());

    panel.run();
    // The -32042 error's URL is offered in the URL dialog, with the server and the host; nothing opened yet.
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<ElicitationDialog>(), 10000);
    ElicitationDialog *dialog = visibleTopLevel<ElicitationDialog>();
    QCOMPARE(dialog->purpose(), ElicitationDialog::Purpose::RequiredByCall);
    QVERIFY(dialog->isUrlMode());
    QCOMPARE(dialog->elicitationId(), QStringLiteral("connect"));
    QCOMPARE(dialog->findChild<QPlainTextEdit *>(QStringLiteral("url"))->toPlainText(),
             QStringLiteral("https://auth.example.com/connect?step=connect"));
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("urlHost"))->text().contains(QStringLiteral("auth.example.com")));
    QVERIFY(dialog->windowTitle().contains(QStringLiteral("fault")));
    QVERIFY(!dialog->declineButton()->isVisible());
    QVERIFY(m_urls->opened.isEmpty());

    // The result says what is missing and offers Run Again; nothing was retried by itself.
    QTRY_VERIFY_WITH_TIMEOUT(panel.urlStepBox()->isVisible(), 10000);
    QVERIFY(panel.runAgainButton()->isEnabled());
    QCOMPARE(gate.requests.size(), 1);
    QVERIFY(settled(dialog));
    QVERIFY(settled(&panel));
    QVERIFY(dialog->grab().save(QDir(screenshotDir()).filePath(QStringLiteral("url-elicitation-required.png"))));
    QVERIFY(panel.grab().save(QDir(screenshotDir()).filePath(QStringLiteral("url-elicitation-required-result.png"))));

    QTest::mouseClick(dialog->acceptButton(), Qt::LeftButton);
    QCOMPARE(m_urls->opened, QList<QUrl>{QUrl(QStringLiteral("https://auth.example.com/connect?step=connect"))});
    QTRY_COMPARE(visibleDialogCount<ElicitationDialog>(), 0);

    // The browser step finishes; the server says so, and the result says so.
    auto finish = startCall(QStringLiteral("finish_url_step"), {{QStringLiteral("step"), QStringLiteral("connect")}});
    QTRY_VERIFY_WITH_TIMEOUT(panel.findChild<QLabel *>(QStringLiteral("urlStepText"))->text().contains(QStringLiteral("complete")), 10000);
    QVERIFY(m_notices->last().first().toString().contains(QStringLiteral("reports that the step in the browser is complete")));
    QVERIFY(settled(&panel));
    QVERIFY(panel.grab().save(QDir(screenshotDir()).filePath(QStringLiteral("url-elicitation-complete-result.png"))));
    QCOMPARE(gate.requests.size(), 1);

    // The person runs it again (approval asked again): it works now.
    QTest::mouseClick(panel.runAgainButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(gate.requests.size(), 2, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!panel.currentCall(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!panel.urlStepBox()->isVisible(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(panel.findChild<QLabel *>(QStringLiteral("callState"))->text().startsWith(QStringLiteral("Finished")), 10000);
    QCOMPARE(visibleDialogCount<ElicitationDialog>(), 0);
}

void tst_ClientFeatures::urlElicitationRequiredDialogClosedByComplete()
{
    connectFaultServer();
    // The call's outcome carries the steps the -32042 answer asks for; the gate shows them.
    QPointer<ToolCall> refused = pipelineCall(QStringLiteral("url_required"), {{QStringLiteral("step"), QStringLiteral("billing")}});
    QTRY_VERIFY_WITH_TIMEOUT(!refused || refused->stage() == ToolCall::Stage::Finished, 10000);
    QVERIFY(refused);
    QCOMPARE(refused->outcome().error.code, int(ErrorCode::UrlElicitationRequired));
    QCOMPARE(refused->outcome().urlElicitations.size(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<ElicitationDialog>(), 10000);
    // Asked again before finishing: still one window for the same step.
    QPointer<ToolCall> again = pipelineCall(QStringLiteral("url_required"), {{QStringLiteral("step"), QStringLiteral("billing")}});
    QTRY_VERIFY_WITH_TIMEOUT(!again || again->stage() == ToolCall::Stage::Finished, 10000);
    QVERIFY(deliverPostedEvents()); // a second window would be shown by what its finishing queued
    QCOMPARE(visibleDialogCount<ElicitationDialog>(), 1);
    QCOMPARE(m_features->openDialogs().size(), 1);

    auto finish = startCall(QStringLiteral("finish_url_step"), {{QStringLiteral("step"), QStringLiteral("billing")}});
    QTRY_COMPARE_WITH_TIMEOUT(visibleDialogCount<ElicitationDialog>(), 0, 10000);
    QVERIFY(m_notices->last().first().toString().contains(QStringLiteral("reports that the step in the browser is complete")));
    QVERIFY(m_urls->opened.isEmpty());
}

void tst_ClientFeatures::modernToolOverHttpAsksThroughTheDialog()
{
    // The same over Streamable HTTP, against the SDK v2 server in modern-only mode (createMcpHandler with
    // legacy: 'reject'), configured as a person would: a URL, the era left on Auto. Toolgate opens with
    // initialize, the server's -32022 moves it to server/discover, and the question comes in the answer.
    TestSupport::ModernHttpPeer peer(QStringLiteral("modern"));
    const QUrl url = peer.url();
    QVERIFY2(url.isValid(), "the HTTP peer did not start");
    ServerConfig config;
    config.name = QStringLiteral("modern");
    config.transport = ServerConfig::Transport::Http;
    config.url = url.toString();
    connectServer(config);
    QCOMPARE(m_connection->session()->era(), ProtocolEra::Modern);
    QPointer<ToolCall> call = pipelineCall(QStringLiteral("confirm_action"), {{QStringLiteral("action"), QStringLiteral("deploy")}});
    QVERIFY(call);
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<ElicitationDialog>(), 15000);
    ElicitationDialog *dialog = visibleTopLevel<ElicitationDialog>();
    QVERIFY(dialog->form());
    QVERIFY(waitUntilChecked(dialog->form()));
    dialog->form()->setArguments({{QStringLiteral("confirm"), true}});
    QVERIFY(waitUntilChecked(dialog->form()));
    QTRY_VERIFY(dialog->acceptButton()->isEnabled());
    QTest::mouseClick(dialog->acceptButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(call && call->stage() == ToolCall::Stage::Finished, 15000);
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Succeeded);
    QCOMPARE(call->outcome().result.textSummary(), QStringLiteral("deploy: done, confirmed; reason: (none)"));
    QCOMPARE(m_gate.requests.size(), 1);
    QCOMPARE(call->outcome().inputRounds.size(), 1);
}

void tst_ClientFeatures::modernToolAsksThroughTheDialog()
{
    // MCP 2026-07-28: the server answers the tool call with an InputRequiredResult (MRTR). Its elicitation
    // opens the same dialog as a legacy one; the call, approved once, is sent again with the answer and
    // completes; the audit records the question with the call.
    connectModernServer();
    QPointer<ToolCall> call = pipelineCall(QStringLiteral("confirm_action"), {{QStringLiteral("action"), QStringLiteral("delete")}});
    QVERIFY(call);
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<ElicitationDialog>(), 15000);
    ElicitationDialog *dialog = visibleTopLevel<ElicitationDialog>();
    QVERIFY(dialog->windowTitle().contains(QStringLiteral("modern")));
    auto *message = dialog->findChild<QPlainTextEdit *>(QStringLiteral("message"));
    QVERIFY(message);
    QCOMPARE(message->toPlainText(), QStringLiteral("Really delete?"));
    // The person is told which of their actions the question belongs to.
    auto *occasion = dialog->findChild<QLabel *>(QStringLiteral("occasion"));
    QVERIFY(occasion && occasion->isVisible());
    QCOMPARE(occasion->text(), QStringLiteral("The server needs this to finish the call of “confirm_action”."));
    QVERIFY(dialog->form());
    QVERIFY(waitUntilChecked(dialog->form()));
    dialog->form()->setArguments({{QStringLiteral("confirm"), true}, {QStringLiteral("reason"), QStringLiteral("tidy up")}});
    QVERIFY(waitUntilChecked(dialog->form()));
    QTRY_VERIFY2(dialog->acceptButton()->isEnabled(), qPrintable(dialog->form()->validationProblems().join(u'\n')));
    QVERIFY(settled(dialog));
    QVERIFY(dialog->grab().save(QDir(screenshotDir()).filePath(QStringLiteral("elicitation-mrtr.png"))));
    QTest::mouseClick(dialog->acceptButton(), Qt::LeftButton);

    QTRY_VERIFY_WITH_TIMEOUT(call && call->stage() == ToolCall::Stage::Finished, 15000);
    const ToolCallOutcome &outcome = call->outcome();
    QCOMPARE(outcome.kind, ToolCallOutcome::Kind::Succeeded);
    QCOMPARE(outcome.result.textSummary(), QStringLiteral("delete: done, confirmed; reason: tidy up"));
    QCOMPARE(m_gate.requests.size(), 1); // the retry was not put to the person again
    QCOMPARE(outcome.inputRounds.size(), 1);
    QCOMPARE(outcome.inputRounds.first().inputs.first().method, QStringLiteral("elicitation/create"));
    QCOMPARE(outcome.inputRounds.first().inputs.first().answer.value(QStringLiteral("action")).toString(), QStringLiteral("accept"));

    const QList<AuditRecord> asked = serverRequestRecords(QStringLiteral("elicitation/create"));
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.first().serverName, QStringLiteral("modern"));
    QCOMPARE(asked.first().decision, std::optional(ApprovalDecision::Kind::AllowOnce));
    QVERIFY(asked.first().origin.has_value());
    auto reader = AuditReader::open(m_toolgate->audit()->path());
    QVERIFY(reader.ok());
    AuditFilter calls;
    calls.types = {AuditRecordType::ToolCall};
    AuditReader::PageRequest request;
    request.limit = 10;
    const auto page = reader.value()->page(calls, request);
    QVERIFY(page.ok());
    QCOMPARE(page.value().records.size(), 1);
    QCOMPARE(page.value().records.first().name, QStringLiteral("confirm_action"));
    QCOMPARE(*asked.first().origin, page.value().records.first().id);
}

void tst_ClientFeatures::aServersOwnWordsDoNotSizeTheHeader()
{
    // Issue #35: what a server says of itself (serverInfo's name and version) and the occasion of its
    // request reach the header of every server-request dialog; a 400,000-character name sized the
    // label, and with it the dialog, to its length.
    ServerIdentity server;
    server.name = QStringLiteral("hostile");
    server.endpoint = QStringLiteral("toolgate-hostile-server");
    server.serverInfo.name = QString(400000, u'n');
    server.serverInfo.version = QString(100000, u'v');
    QWidget dialog;
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(createServerRequestHeader(server, QStringLiteral("The server asks for input"), &dialog));
    showServerRequestOccasion(&dialog, QString(300000, u'o'));
    dialog.resize(600, 400);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY2(dialog.minimumSizeHint().width() < 2000, qPrintable(QString::number(dialog.minimumSizeHint().width())));
    for (const QLabel *label : dialog.findChildren<QLabel *>()) {
        QVERIFY2(label->text().size() < 5000, qPrintable(label->objectName()));
        QVERIFY2(label->minimumSizeHint().width() < 2000, qPrintable(label->objectName()));
    }
}

void tst_ClientFeatures::screenshots()
{
    // Without TOOLGATE_SCREENSHOT_DIR the pictures still have to render and save, into a scratch folder.
    QString directory = qEnvironmentVariable("TOOLGATE_SCREENSHOT_DIR");
    if (directory.isEmpty())
        directory = m_dir->filePath(QStringLiteral("screenshots"));
    QVERIFY(QDir().mkpath(directory));
    connectServer();

    auto sampled = startCall(QStringLiteral("trigger-sampling-request"),
                             {{QStringLiteral("prompt"), QStringLiteral("Summarise the open issues in two sentences.")},
                              {QStringLiteral("maxTokens"), 120}});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<SamplingDialog>(), 10000);
    SamplingDialog *sampling = visibleTopLevel<SamplingDialog>();
    QTest::keyClicks(sampling->replyEdit(), QStringLiteral("Two issues are open: the sampling dialog needs screenshots, "
                                                           "and the roots menu needs a test. Both are small."));
    QVERIFY(settled(sampling));
    QVERIFY(sampling->grab().save(QDir(directory).filePath(QStringLiteral("sampling-dialog.png"))));
    QTest::mouseClick(sampling->sendButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(sampled->answer.has_value(), 10000);

    auto elicited = startCall(QStringLiteral("trigger-elicitation-request"), {});
    QTRY_VERIFY_WITH_TIMEOUT(visibleTopLevel<ElicitationDialog>(), 10000);
    ElicitationDialog *elicitation = visibleTopLevel<ElicitationDialog>();
    QTest::keyClicks(elicitation->form()->fieldEditor(QStringLiteral("/email"))->findChild<QLineEdit *>(), QStringLiteral("ada@"));
    QVERIFY(waitUntilChecked(elicitation->form())); // the field says what is wrong with "ada@"
    QVERIFY(settled(elicitation));
    QVERIFY(elicitation->grab().save(QDir(directory).filePath(QStringLiteral("elicitation-dialog.png"))));
    QTest::mouseClick(elicitation->cancelButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(elicited->answer.has_value(), 10000);
}

QTEST_MAIN(tst_ClientFeatures)
#include "tst_clientfeatures.moc"
