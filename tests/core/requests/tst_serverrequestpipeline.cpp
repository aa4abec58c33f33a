// The server-request pipeline in core, without widgets: a real in-process MCP server asks the client
// (elicitation/create), the pipeline puts it to a gate that answers as a person would, and the real
// audit log records it. What is checked here is the promise the tool-call pipeline already keeps:
// nothing a person gave leaves the app before its audit record is durable.

#include "core/audit/auditlog.h"
#include "core/audit/auditreader.h"
#include "core/requests/serverrequest.h"
#include "core/requests/serverrequestgate.h"
#include "core/requests/serverrequestpipeline.h"

#include "inprocessserver.h"
#include "toolcallkeyfortests.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using Toolgate::TestSupport::InProcessServer;

namespace {

// A person who accepts every form with the same content.
class AcceptingGate final : public ServerRequestGate
{
public:
    explicit AcceptingGate(QJsonObject content) : m_content(std::move(content)) {}
    Abilities abilities() const override
    {
        Abilities abilities;
        abilities.elicitationForm = true;
        return abilities;
    }
    void present(ServerRequest *request) override { QVERIFY(request->accept(m_content).ok()); }

private:
    QJsonObject m_content;
};

const QJsonObject formRequest{
    {QStringLiteral("message"), QStringLiteral("Your name, please")},
    {QStringLiteral("requestedSchema"),
     QJsonObject{{QStringLiteral("type"), QStringLiteral("object")},
                 {QStringLiteral("properties"),
                  QJsonObject{{QStringLiteral("name"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}}}}}},
};

// What the server's tool received as the client's answer.
struct AnswerSeen
{
    bool arrived = false;
    Result<QJsonObject> answer = QJsonObject();
    /// Elicitation records in the store at the moment the answer reached the server.
    qint64 recordsThen = -1;
};

qint64 elicitationRecords(const QString &path)
{
    auto reader = AuditReader::open(path);
    if (!reader)
        return -1;
    AuditFilter filter;
    filter.names = {QStringLiteral("elicitation/create")};
    const auto count = reader.value()->count(filter);
    return count ? count.value() : -1;
}

} // namespace

class tst_ServerRequestPipeline : public QObject
{
    Q_OBJECT

private slots:
    void anAnswerLeavesOnlyOnceItsRecordIsDurable();
    void anAnswerThatCannotBeRecordedIsNotSent();

private:
    // Connects an in-process server whose tool "ask" asks the client for a form and keeps the
    // answer in seen, through a pipeline recording into audit (which may fail to write).
    void askThroughThePipeline(AuditLog *audit, const QString &auditPath, AnswerSeen &seen);
};

void tst_ServerRequestPipeline::askThroughThePipeline(AuditLog *audit, const QString &auditPath, AnswerSeen &seen)
{
    InProcessServer fixture;
    fixture.addTool(QStringLiteral("ask"), [&seen, auditPath](const ToolCallContext &call) {
        call.askClient(QStringLiteral("elicitation/create"), formRequest, [&seen, auditPath, call](const Result<QJsonObject> &answer) {
            seen.recordsThen = elicitationRecords(auditPath);
            seen.answer = answer;
            seen.arrived = true;
            call.respond(CallToolResult{});
        });
    });
    AcceptingGate gate(QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")}});
    ServerRequestPipeline pipeline(audit, CallInitiator::Gui);
    pipeline.setGate(&gate);
    pipeline.configureSession(fixture.session.get(), [&fixture] { return fixture.identity; });
    fixture.start();
    QTRY_VERIFY(fixture.session->isReady());

    // The call itself is not what is under test (the request the server sends back is), so it goes
    // straight to the session.
    bool called = false;
    fixture.session->callTool(ToolCallKeyForTests::make(), QStringLiteral("ask"), QJsonObject(), {}, &pipeline,
                              [&called](const Result<CallToolResult> &) { called = true; });
    QTRY_VERIFY(called);
    QVERIFY(seen.arrived);
}

void tst_ServerRequestPipeline::anAnswerLeavesOnlyOnceItsRecordIsDurable()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("audit.sqlite"));
    AuditLog::Options options;
    options.path = path;
    AuditLog audit(options);

    AnswerSeen seen;
    askThroughThePipeline(&audit, path, seen);
    QVERIFY2(seen.answer.ok(), qPrintable(seen.answer.ok() ? QString() : seen.answer.error().message));
    QCOMPARE(seen.answer.value().value(QLatin1String("action")).toString(), QStringLiteral("accept"));
    QCOMPARE(seen.answer.value().value(QLatin1String("content")).toObject().value(QLatin1String("name")).toString(),
             QStringLiteral("Ada"));
    // Before the fix the answer was sent first and recorded after: the server had it while the store
    // held nothing.
    QCOMPARE(seen.recordsThen, 1);
}

void tst_ServerRequestPipeline::anAnswerThatCannotBeRecordedIsNotSent()
{
    // The store's folder is a file: the audit log cannot open it, so nothing can be recorded.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString blocker = dir.filePath(QStringLiteral("not-a-folder"));
    {
        QFile file(blocker);
        QVERIFY(file.open(QIODevice::WriteOnly));
    }
    const QString path = blocker + QStringLiteral("/audit.sqlite");
    AuditLog::Options options;
    options.path = path;
    AuditLog audit(options);
    QSignalSpy writeFailed(&audit, &AuditLog::writeFailed);

    AnswerSeen seen;
    askThroughThePipeline(&audit, path, seen);
    // The person's data did not reach the server; an error saying why (without local paths) did.
    QVERIFY(!seen.answer.ok());
    QCOMPARE(seen.answer.error().code, int(ErrorCode::InternalError));
    QVERIFY(seen.answer.error().message.contains(QLatin1String("could not record")));
    QVERIFY(!seen.answer.error().message.contains(blocker));
    QVERIFY(!writeFailed.isEmpty() || writeFailed.wait());
}

QTEST_GUILESS_MAIN(tst_ServerRequestPipeline)
#include "tst_serverrequestpipeline.moc"
