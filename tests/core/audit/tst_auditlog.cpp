// AuditLog end to end: recording through the real call pipeline, crash recovery with a killed
// child process, redaction in the stored bytes, tamper detection, queries, export, migrations.

#include "auditrecords.h"
#include "core/audit/auditdatabase.h"
#include "core/audit/auditexporter.h"
#include "core/audit/auditlog.h"
#include "core/audit/auditreader.h"
#include "core/audit/auditverifier.h"
#include "core/audit/auditwriter.h"
#include "inprocessserver.h"
#include "csv.h"
#include "postedevents.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

constexpr int waitMs = 15000;

/// Tampering with event 4's stored hash. It must change the hash whatever it was: rewriting its first two
/// characters as "ab" left a hash that began with "ab" as it was, 1 run in 256, and the "tampered" store
/// verified as intact (the flaky tst_auditlog). Its first character is now always replaced by another.
const QString eventHashTampering =
    u"UPDATE events SET hash = (CASE WHEN substr(hash, 1, 1) = '0' THEN '1' ELSE '0' END) || substr(hash, 2) WHERE seq = 4"_s;

AuditToolCallIntent makeIntent(const QString &tool, const QJsonObject &arguments = {}, const QString &server = u"files"_s)
{
    AuditToolCallIntent intent;
    intent.server = {server, u"npx files-server /tmp"_s, {}};
    intent.server.serverInfo.name = u"files-server"_s;
    intent.server.serverInfo.version = u"0.9"_s;
    intent.tool = tool;
    intent.arguments = arguments;
    intent.initiator = CallInitiator::Gui;
    return intent;
}

AuditToolCallOutcome makeOutcome(const QString &text, ToolCallOutcome::Kind kind = ToolCallOutcome::Kind::Succeeded)
{
    AuditToolCallOutcome outcome;
    outcome.kind = kind;
    CallToolResult result;
    result.content.append(Content::makeText(text));
    result.isError = kind == ToolCallOutcome::Kind::ToolError;
    outcome.result = result;
    outcome.durationMs = 12;
    return outcome;
}

ApprovalDecision allowOnce()
{
    return {ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt};
}

} // namespace

class tst_AuditLog : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void recordsPipelineCalls();
    void recordsArgumentOrigins();
    void recordsTheConversation();
    void recordsEditsAndDenials();
    void recordsCallsThatFailBeforeTheIntent();
    void intentIsCommittedBeforeProceeding();
    void killedMidCall_data();
    void killedMidCall();
    void cleanShutdownMarksOwnUnfinishedCalls();
    void findingUnfinishedCallsReadsOnlyThem();
    void droppedCallIsMarked();
    void secretsNeverReachTheFile();
    void deepResultIsCutAndSaysSo();
    void serverRequestsAndConnectionEvents();
    void verifyAcceptsAnIntactLog();
    void verifyDetectsTampering_data();
    void verifyDetectsTampering();
    void hashTamperingChangesEveryHash();
    void twoWritersKeepOneChain();
    void queries();
    void changesSinceFindsNewAndCompletedRecords();
    void fullTextAndSubstringSearchAgree();
    void exportRoundTrip();
    void migratesAnOlderSchema();
    void unopenableStoreFailsCalls();

private:
    QString dbPath() const { return m_dir->filePath(u"audit.sqlite"_s); }
    std::unique_ptr<AuditReader> reader()
    {
        auto opened = AuditReader::open(dbPath());
        if (!opened)
            qWarning() << opened.error().message;
        return opened ? std::move(opened).value() : nullptr;
    }
    AuditLog::Options options() const
    {
        AuditLog::Options o;
        o.path = dbPath();
        return o;
    }
    // Five finished calls (3 with a decision) and a sixth left pending.
    void writeSample(AuditLog &log);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void tst_AuditLog::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void tst_AuditLog::writeSample(AuditLog &log)
{
    for (int i = 1; i <= 5; ++i) {
        const auto ticket = log.recordIntent(makeIntent(i % 2 ? u"read_file"_s : u"write_file"_s,
                                                        {{u"path"_s, u"/tmp/file%1.txt"_s.arg(i)}}, i <= 3 ? u"files"_s : u"web"_s));
        if (i <= 3)
            log.recordDecision(ticket, allowOnce());
        log.recordOutcome(ticket, makeOutcome(u"contents of file %1"_s.arg(i),
                                              i == 4 ? ToolCallOutcome::Kind::ToolError : ToolCallOutcome::Kind::Succeeded));
    }
    log.recordIntent(makeIntent(u"slow"_s));
    QVERIFY(log.waitForWrites());
}

void tst_AuditLog::recordsArgumentOrigins()
{
    // A model's call whose URL came from server «web»'s fetch (call #12), and a call without marks.
    const QList<ArgumentOrigin> marks{
        ArgumentOrigin{u"/url"_s, u"https://downloads.example.org/setup.sh"_s, ArgumentOrigin::SourceKind::ToolResult, u"web"_s, u"fetch"_s, 12},
        ArgumentOrigin{u"/notes/0"_s, u"remember to rotate the deploy key this week"_s, ArgumentOrigin::SourceKind::Resource, u"docs"_s,
                       u"file:///todo.md"_s, 0}};
    {
        AuditLog log(options());
        AuditToolCallIntent intent = makeIntent(u"download"_s, {{u"url"_s, u"https://downloads.example.org/setup.sh"_s}});
        intent.initiator = CallInitiator::Model;
        intent.argumentOrigins = marks;
        const auto ticket = log.recordIntent(intent);
        log.recordDecision(ticket, allowOnce());
        log.recordOutcome(ticket, makeOutcome(u"saved"_s));
        log.recordOutcome(log.recordIntent(makeIntent(u"read_file"_s)), makeOutcome(u"text"_s));
        QVERIFY(log.waitForWrites());
    }
    auto r = reader();
    QVERIFY(r);
    const auto marked = r->record(1);
    QVERIFY(marked);
    QCOMPARE(marked->argumentOrigins, marks);
    QVERIFY(r->record(2)->argumentOrigins.isEmpty());
    // In the export, and back.
    QCOMPARE(marked->toJson().value(u"argumentOrigins"_s).toArray().first().toObject().value(u"server"_s).toString(), u"web"_s);
    QCOMPARE(AuditRecord::fromJson(marked->toJson()).value(), *marked);
    r.reset();

    // Covered by the chain: changed, removed, or added to a record that had none, it no longer verifies.
    QVERIFY(verifyStore(dbPath())->ok());
    for (const QString &statement : {u"UPDATE records SET argument_origins = '[]' WHERE id = 1"_s,
                                     u"UPDATE records SET argument_origins = NULL WHERE id = 1"_s,
                                     u"UPDATE records SET argument_origins = '[]' WHERE id = 2"_s}) {
        QTemporaryDir copyDir;
        const QString copy = copyDir.filePath(u"copy.sqlite"_s);
        for (const QString &suffix : {QString(), u"-wal"_s, u"-shm"_s}) // as the store is, whatever is not checkpointed yet
            QVERIFY(!QFile::exists(dbPath() + suffix) || QFile::copy(dbPath() + suffix, copy + suffix));
        {
            RawDb raw(copy);
            QVERIFY(raw.exec(statement));
        }
        const auto result = verifyStore(copy);
        QVERIFY(result);
        QVERIFY2(!result->ok(), qPrintable(statement));
    }
}

void tst_AuditLog::recordsTheConversation()
{
    // A model's call keeps the conversation it was asked for in: its stable id and its title then.
    const QString id = u"5d0c1f6e-2b7a-4c8e-9a51-3f1e0d2c7b64"_s;
    const QString title = u"Tidy up, my notes"_s; // a comma: quoted in the CSV
    {
        AuditLog log(options());
        AuditToolCallIntent intent = makeIntent(u"download"_s, {{u"url"_s, u"https://example.org/a"_s}});
        intent.initiator = CallInitiator::Model;
        intent.conversationId = id;
        intent.conversationTitle = title;
        const auto ticket = log.recordIntent(intent);
        log.recordDecision(ticket, allowOnce());
        log.recordOutcome(ticket, makeOutcome(u"saved"_s));
        log.recordOutcome(log.recordIntent(makeIntent(u"read_file"_s)), makeOutcome(u"text"_s));
        QVERIFY(log.waitForWrites());
    }
    auto r = reader();
    QVERIFY(r);
    const auto model = r->record(1);
    QVERIFY(model);
    QCOMPARE(model->conversationId, id);
    QCOMPARE(model->conversationTitle, title);
    QVERIFY(r->record(2)->conversationId.isEmpty());
    // In the JSON export, and back; none for a call by hand.
    const QJsonObject conversation = model->toJson().value(u"conversation"_s).toObject();
    QCOMPARE(conversation.value(u"id"_s).toString(), id);
    QCOMPARE(conversation.value(u"title"_s).toString(), title);
    QVERIFY(!r->record(2)->toJson().contains(u"conversation"_s));
    QCOMPARE(AuditRecord::fromJson(model->toJson()).value(), *model);
    // In the CSV export.
    QBuffer csv;
    csv.open(QIODevice::WriteOnly);
    QCOMPARE(AuditExporter::write(*r, {}, AuditExporter::Format::Csv, &csv).value(), 2);
    const QList<QStringList> rows = TestSupport::parseCsv(QString::fromUtf8(csv.data()), TestSupport::CsvRowEnd::CrLf);
    const QStringList header = rows.first();
    const QStringList first = rows.at(1).at(0) == u"1"_s ? rows.at(1) : rows.at(2);
    QCOMPARE(first.at(header.indexOf(u"conversation_id"_s)), id);
    QCOMPARE(first.at(header.indexOf(u"conversation"_s)), title);
    r.reset();

    // Covered by the chain: changed, removed, or added to a record that had none, it no longer verifies.
    QVERIFY(verifyStore(dbPath())->ok());
    for (const QString &statement : {u"UPDATE records SET conversation_title = 'Something else' WHERE id = 1"_s,
                                     u"UPDATE records SET conversation_id = NULL WHERE id = 1"_s,
                                     u"UPDATE records SET conversation_id = 'x' WHERE id = 2"_s}) {
        QTemporaryDir copyDir;
        const QString copy = copyDir.filePath(u"copy.sqlite"_s);
        for (const QString &suffix : {QString(), u"-wal"_s, u"-shm"_s})
            QVERIFY(!QFile::exists(dbPath() + suffix) || QFile::copy(dbPath() + suffix, copy + suffix));
        {
            RawDb raw(copy);
            QVERIFY(raw.exec(statement));
        }
        const auto result = verifyStore(copy);
        QVERIFY(result);
        QVERIFY2(!result->ok(), qPrintable(statement));
    }
}

void tst_AuditLog::recordsPipelineCalls()
{
    AuditLog log(options());
    InProcessServer fixture;
    fixture.addTool(u"echo"_s, [](const ToolCallContext &call) {
        CallToolResult result;
        result.content.append(Content::makeText(u"echo: "_s + call.arguments().value(u"text").toString()));
        call.respond(result);
    });
    fixture.start();
    QTRY_VERIFY_WITH_TIMEOUT(fixture.session->isReady(), waitMs);
    fixture.identity.serverInfo = fixture.session->serverInfo();

    FixedApprovalGate gate(allowOnce());
    ToolCallPipeline pipeline(&gate, nullptr, {});
    pipeline.setJournal(&log);
    QObject owner;
    ToolCall *call = pipeline.call(fixture.target.get(), u"echo"_s,
                                   {{u"text"_s, u"hello"_s}, {u"password"_s, u"pw-123456"_s}}, CallInitiator::Gui, &owner);
    QSignalSpy finished(call, &ToolCall::finished);
    QVERIFY(finished.wait(waitMs));
    QVERIFY(log.waitForWrites());

    auto r = reader();
    QVERIFY(r);
    const auto page = r->page({}, {});
    QVERIFY(page);
    QCOMPARE(page->records.size(), 1);
    const auto record = r->record(page->records.first().id);
    QVERIFY(record);
    QCOMPARE(record->type, AuditRecordType::ToolCall);
    QCOMPARE(record->serverName, u"test"_s);
    QCOMPARE(record->serverEndpoint, u"test-server --api-key [redacted]"_s);
    QCOMPARE(record->serverInfo.value(u"name").toString(), u"audit-test-server"_s);
    QCOMPARE(record->serverInfo.value(u"version").toString(), u"1.2.3"_s);
    QCOMPARE(record->name, u"echo"_s);
    QCOMPARE(record->arguments.value(u"text").toString(), u"hello"_s);
    QCOMPARE(record->arguments.value(u"password").toString(), u"[redacted]"_s);
    QVERIFY(!record->editedArguments);
    QCOMPARE(record->decision, ApprovalDecision::Kind::AllowOnce);
    QCOMPARE(record->decisionSource, ApprovalDecision::Source::Human);
    QCOMPARE(record->outcome, AuditOutcome::Succeeded);
    QCOMPARE(record->isError, false);
    QVERIFY(record->result);
    QCOMPARE(record->result->value(u"content").toArray().at(0).toObject().value(u"text").toString(), u"echo: hello"_s);
    QVERIFY(record->resultSize.value_or(0) > 0);
    QVERIFY(record->durationMs.has_value());
    QCOMPARE(record->initiator, CallInitiator::Gui);
    QVERIFY(record->startedAt <= record->decidedAt);
    QVERIFY(record->decidedAt <= record->finishedAt);
    QCOMPARE(record->session, log.sessionId());
    const auto events = r->events(record->id);
    QVERIFY(events);
    QCOMPARE(events->size(), 3);
    QCOMPARE(events->at(0).kind, u"intent"_s);
    QCOMPARE(events->at(1).kind, u"decision"_s);
    QCOMPARE(events->at(2).kind, u"outcome"_s);
}

void tst_AuditLog::recordsEditsAndDenials()
{
    AuditLog log(options());
    InProcessServer fixture;
    fixture.addTool(u"echo"_s, [](const ToolCallContext &call) {
        CallToolResult result;
        result.content.append(Content::makeText(call.arguments().value(u"text").toString()));
        call.respond(result);
    });
    fixture.start();
    QTRY_VERIFY_WITH_TIMEOUT(fixture.session->isReady(), waitMs);
    QObject owner;
    // An edit from the command line, then a denial from the GUI.
    struct Step {
        ApprovalDecision decision;
        QString text;
        CallInitiator initiator;
    };
    const QList<Step> steps{
        {{ApprovalDecision::Kind::AllowForSession, ApprovalDecision::Source::Human, {}, QJsonObject{{u"text"_s, u"edited"_s}}},
         u"original"_s, CallInitiator::Cli},
        {ApprovalDecision::deny(u"not today"_s), u"x"_s, CallInitiator::Gui},
    };
    for (const Step &step : steps) {
        FixedApprovalGate gate(step.decision);
        ToolCallPipeline pipeline(&gate, nullptr, {});
        pipeline.setJournal(&log);
        ToolCall *call = pipeline.call(fixture.target.get(), u"echo"_s, {{u"text"_s, step.text}}, step.initiator, &owner);
        QSignalSpy finished(call, &ToolCall::finished);
        QVERIFY(finished.wait(waitMs));
    }
    QVERIFY(log.waitForWrites());
    auto r = reader();
    const auto page = r->page({}, {.limit = 10, .detail = AuditReader::Detail::Full});
    QVERIFY(page);
    QCOMPARE(page->records.size(), 2);
    const AuditRecord &denied = page->records.at(0);
    const AuditRecord &edited = page->records.at(1);
    QCOMPARE(edited.arguments.value(u"text").toString(), u"original"_s);
    QVERIFY(edited.edited);
    QCOMPARE(edited.editedArguments->value(u"text").toString(), u"edited"_s);
    QCOMPARE(edited.sentArguments().value(u"text").toString(), u"edited"_s);
    QCOMPARE(edited.decision, ApprovalDecision::Kind::AllowForSession);
    QCOMPARE(edited.initiator, CallInitiator::Cli);
    QCOMPARE(edited.result->value(u"content").toArray().at(0).toObject().value(u"text").toString(), u"edited"_s);
    QCOMPARE(denied.decision, ApprovalDecision::Kind::Deny);
    QCOMPARE(denied.decisionReason, u"not today"_s);
    QCOMPARE(denied.outcome, AuditOutcome::Denied);
    QCOMPARE(denied.isError, true);
    QVERIFY(denied.errorMessage.contains(u"not today"_s));
}

void tst_AuditLog::recordsCallsThatFailBeforeTheIntent()
{
    AuditLog log(options());
    FixedApprovalGate gate(allowOnce());
    ToolCallPipeline pipeline(&gate, nullptr, {});
    pipeline.setJournal(&log);
    QObject owner;
    TestSupport::SessionCallTarget offline(nullptr, {u"offline"_s, u"cmd"_s, {}});
    ToolCall *call = pipeline.call(&offline, u"tool"_s, {}, CallInitiator::Gui, &owner);
    QSignalSpy finished(call, &ToolCall::finished);
    QVERIFY(finished.wait(waitMs));
    QVERIFY(log.waitForWrites());
    const auto page = reader()->page({}, {});
    QCOMPARE(page->records.size(), 1);
    QCOMPARE(page->records.first().outcome, AuditOutcome::Failed);
    QVERIFY(page->records.first().errorMessage.contains(u"not connected"_s));
    QVERIFY(!page->records.first().decision);
}

void tst_AuditLog::intentIsCommittedBeforeProceeding()
{
    AuditLog log(options());
    const auto ticket = log.recordIntent(makeIntent(u"t"_s));
    log.recordDecision(ticket, allowOnce());
    std::optional<Result<qint64>> answer;
    bool visibleToOthers = false;
    QObject context;
    log.whenRecorded(ticket, &context, [&](const Result<qint64> &id) {
        answer = id;
        // Durable means visible to a fresh connection (another process) the moment we are told.
        auto other = AuditReader::open(dbPath());
        visibleToOthers = other && other.value()->record(id.value()).ok()
            && other.value()->record(id.value())->decision == ApprovalDecision::Kind::AllowOnce;
    });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), waitMs);
    QVERIFY(answer->ok());
    QVERIFY(visibleToOthers);
}

void tst_AuditLog::killedMidCall_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<bool>("hasDecision");
    QTest::addRow("after the intent") << u"intent"_s << false;
    QTest::addRow("after the decision") << u"decided"_s << true;
    QTest::addRow("through the pipeline, tool running") << u"pipeline"_s << true;
    QTest::addRow("abort()") << u"abort"_s << false;
}

void tst_AuditLog::killedMidCall()
{
    QFETCH(QString, mode);
    QFETCH(bool, hasDecision);
    QProcess crasher;
    crasher.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    crasher.start(QDir(QStringLiteral(TOOLGATE_BIN_DIR)).filePath(u"tst_audit_crasher"_s), {dbPath(), mode});
    QVERIFY(crasher.waitForStarted(waitMs));
    if (mode == u"abort"_s) {
        QVERIFY(crasher.waitForFinished(waitMs));
        QCOMPARE(crasher.exitStatus(), QProcess::CrashExit);
    } else {
        QByteArray output;
        QTRY_VERIFY2_WITH_TIMEOUT((output += crasher.readAllStandardOutput()).contains("READY"), output.constData(), waitMs);
        // While the crasher lives, another process must leave its call alone: it is under way.
        {
            AuditLog other(options());
            QVERIFY(other.waitForWrites());
        }
        auto r = reader();
        QCOMPARE(r->count({.outcomes = {AuditOutcome::Pending}}).value(), 1);
        r.reset();
        crasher.kill(); // SIGKILL: no chance to clean up
        QVERIFY(crasher.waitForFinished(waitMs));
    }

    // The next start marks the call; nothing is dropped.
    {
        AuditLog next(options());
        QVERIFY(next.waitForWrites());
    }
    auto r = reader();
    QCOMPARE(r->count({}).value(), 1);
    const auto record = r->record(r->page({}, {})->records.first().id);
    QVERIFY(record);
    QCOMPARE(record->outcome, AuditOutcome::Unknown);
    QVERIFY2(record->errorMessage.contains(u"the app stopped before the call finished"_s), qPrintable(record->errorMessage));
    QCOMPARE(record->decision.has_value(), hasDecision);
    QVERIFY(record->finishedAt.isValid());
    const auto verification = verifyStore(dbPath());
    QVERIFY(verification && verification->ok());
    QCOMPARE(verification->events, hasDecision ? 3 : 2);
    // The dead session's lock file was cleared away with it.
    QCOMPARE(QDir(dbPath() + u"-sessions"_s).entryList({u"*.lock"_s}, QDir::Files), QStringList());
}

void tst_AuditLog::cleanShutdownMarksOwnUnfinishedCalls()
{
    {
        AuditLog log(options());
        log.recordIntent(makeIntent(u"never_answers"_s));
    }
    const auto page = reader()->page({}, {});
    QCOMPARE(page->records.size(), 1);
    QCOMPARE(page->records.first().outcome, AuditOutcome::Unknown);
    QVERIFY(page->records.first().errorMessage.contains(u"quit"_s));
}

void tst_AuditLog::findingUnfinishedCallsReadsOnlyThem()
{
    // Every start looks for calls other sessions left unfinished. Connection events never have an outcome:
    // a plan through records_outcome visits each one ever recorded (thousands after months of use).
    AuditDatabase::Options options;
    options.path = dbPath();
    options.connectionName = u"plan"_s;
    auto database = AuditDatabase::open(options);
    QVERIFY(database);
    QSqlQuery plan(database.value()->db());
    QVERIFY2(plan.exec(u"EXPLAIN QUERY PLAN "_s + AuditWriter::sessionsWithPendingRecordsQuery()), qPrintable(plan.lastError().text()));
    QStringList steps;
    while (plan.next())
        steps.append(plan.value(3).toString());
    QVERIFY2(steps.join(u'\n').contains(u"records_pending"_s), qPrintable(steps.join(u'\n')));
    AuditWriter writer(database.value()->db());
    QVERIFY(writer.sessionsWithPendingRecords().ok());
}

void tst_AuditLog::droppedCallIsMarked()
{
    AuditLog log(options());
    InProcessServer fixture;
    bool invoked = false;
    QList<ToolCallContext> unanswered; // kept, so the server does not answer for the tool
    fixture.addTool(u"hang"_s, [&](const ToolCallContext &call) {
        invoked = true;
        unanswered.append(call);
    });
    fixture.start();
    QTRY_VERIFY_WITH_TIMEOUT(fixture.session->isReady(), waitMs);
    FixedApprovalGate gate(allowOnce());
    ToolCallPipeline pipeline(&gate, nullptr, {});
    pipeline.setJournal(&log);
    auto owner = std::make_unique<QObject>();
    pipeline.call(fixture.target.get(), u"hang"_s, {}, CallInitiator::Gui, owner.get());
    QTRY_VERIFY_WITH_TIMEOUT(invoked, waitMs);
    owner.reset(); // the call dies without finishing
    QVERIFY(log.waitForWrites());
    const auto page = reader()->page({}, {});
    QCOMPARE(page->records.first().outcome, AuditOutcome::Unknown);
    QVERIFY(page->records.first().errorMessage.contains(u"dropped"_s));
}

void tst_AuditLog::secretsNeverReachTheFile()
{
    const QStringList secrets{u"sk-arg-SECRET1"_s, u"env-SECRET2-value"_s, u"eyJBEARER.SECRET3"_s, u"pw-SECRET4"_s,
                              u"hdr-SECRET5"_s, u"elicited-SECRET6"_s};
    {
        AuditLog log(options());
        log.addSecretValues({u"env-SECRET2-value"_s});
        AuditToolCallIntent intent = makeIntent(u"fetch"_s,
            {{u"api_key"_s, u"sk-arg-SECRET1"_s},
             {u"note"_s, u"uses env-SECRET2-value inside"_s},
             {u"headers"_s, QJsonObject{{u"Authorization"_s, u"Bearer eyJBEARER.SECRET3"_s}}}});
        intent.server.endpoint = u"https://user:pw-SECRET4@api.example/mcp"_s;
        const auto ticket = log.recordIntent(intent);
        log.recordDecision(ticket, {ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {},
                                    QJsonObject{{u"token"_s, u"sk-arg-SECRET1"_s}}});
        AuditToolCallOutcome outcome = makeOutcome(u"called with Bearer eyJBEARER.SECRET3 ok"_s);
        outcome.error = Error{-1, u"auth failed for password=pw-SECRET4"_s, {}};
        log.recordOutcome(ticket, outcome);
        AuditConnectionEvent event;
        event.server = intent.server;
        event.details = QJsonObject{{u"headers"_s, QJsonObject{{u"X-Api-Key"_s, u"hdr-SECRET5"_s}}}};
        log.recordConnectionEvent(event);
        AuditServerRequest request;
        request.server = intent.server;
        request.method = u"elicitation/create"_s;
        request.result = QJsonObject{{u"action"_s, u"accept"_s}, {u"content"_s, QJsonObject{{u"password"_s, u"elicited-SECRET6"_s}}}};
        log.recordServerRequest(request);
        QVERIFY(log.waitForWrites());
        // Look at the bytes while the WAL still holds them, then again after the checkpoint at close.
        for (const QString &file : QStringList{dbPath(), dbPath() + u"-wal"_s}) {
            QFile f(file);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const QByteArray bytes = f.readAll();
            for (const QString &secret : secrets)
                QVERIFY2(!bytes.contains(secret.toUtf8()), qPrintable(secret + u" in "_s + file));
        }
    }
    QFile f(dbPath());
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    QVERIFY(bytes.contains("[redacted]"));
    for (const QString &secret : secrets)
        QVERIFY2(!bytes.contains(secret.toUtf8()), qPrintable(secret));
    // And an export cannot show them either.
    auto r = reader();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QVERIFY(AuditExporter::write(*r, {}, AuditExporter::Format::JsonLines, &buffer));
    for (const QString &secret : secrets)
        QVERIFY(!buffer.data().contains(secret.toUtf8()));
}

void tst_AuditLog::deepResultIsCutAndSaysSo()
{
    // 100 levels: deeper than the store keeps (64). The cut part is marked as cut, not passed off as a
    // redacted secret, and the record says how what it shows differs from what was received.
    QJsonValue deep = u"bottom"_s;
    for (int i = 0; i < 100; ++i)
        deep = QJsonArray{deep};
    AuditLog log(options());
    const auto ticket = log.recordIntent(makeIntent(u"deep"_s));
    log.recordDecision(ticket, allowOnce());
    AuditToolCallOutcome outcome = makeOutcome(u"a deep result"_s);
    outcome.result->structuredContent = QJsonObject{{u"deep"_s, deep}};
    log.recordOutcome(ticket, outcome);
    QVERIFY(log.waitForWrites());
    auto r = reader();
    QVERIFY(r);
    const auto page = r->page({}, {});
    QVERIFY(page && !page->records.isEmpty());
    const auto record = r->record(page->records.first().id);
    QVERIFY(record && record->result);
    const QByteArray stored = QJsonDocument(*record->result).toJson(QJsonDocument::Compact);
    QVERIFY2(stored.contains("\"[cut: nested deeper than 64 levels]\""), stored.constData());
    QVERIFY2(!stored.contains("[redacted]"), stored.constData());
    QVERIFY(record->resultSize.value_or(0) > stored.size());
    QCOMPARE(record->resultStorageNote(),
             u"%1 bytes stored: 1 part(s) nested deeper than 64 levels cut"_s.arg(stored.size()));

    // A result stored as received needs no note.
    AuditRecord plain = *record;
    plain.result = QJsonObject{{u"content"_s, QJsonArray()}};
    plain.resultSize = QJsonDocument(*plain.result).toJson(QJsonDocument::Compact).size();
    QCOMPARE(plain.resultStorageNote(), QString());
}

void tst_AuditLog::serverRequestsAndConnectionEvents()
{
    {
        AuditLog log(options());
        AuditConnectionEvent connected;
        connected.server = {u"web"_s, u"https://mcp.example"_s, {}};
        connected.kind = AuditConnectionEvent::Kind::Crashed;
        connected.message = u"exit code 9"_s;
        log.recordConnectionEvent(connected);
        AuditServerRequest sampling;
        sampling.server = connected.server;
        sampling.method = u"sampling/createMessage"_s;
        sampling.params = QJsonObject{{u"maxTokens"_s, 100}};
        sampling.decision = ApprovalDecision::deny(u"no"_s);
        sampling.error = Error{-1, u"User rejected sampling request"_s, {}};
        sampling.durationMs = 40;
        log.recordServerRequest(sampling);
        AuditServerRequest roots;
        roots.server = connected.server;
        roots.method = u"roots/list"_s;
        roots.result = QJsonObject{{u"roots"_s, QJsonArray{}}};
        log.recordServerRequest(roots);
        QVERIFY(log.waitForWrites());
    }
    auto r = reader();
    const auto all = r->page({}, {.detail = AuditReader::Detail::Full});
    QCOMPARE(all->records.size(), 3);
    const AuditRecord &roots = all->records.at(0);
    const AuditRecord &sampling = all->records.at(1);
    const AuditRecord &crash = all->records.at(2);
    QCOMPARE(crash.type, AuditRecordType::Connection);
    QCOMPARE(crash.name, u"crashed"_s);
    QCOMPARE(crash.outcome, AuditOutcome::None);
    QCOMPARE(crash.arguments.value(u"message").toString(), u"exit code 9"_s);
    QCOMPARE(sampling.type, AuditRecordType::ServerRequest);
    QCOMPARE(sampling.outcome, AuditOutcome::Failed);
    QCOMPARE(sampling.decision, ApprovalDecision::Kind::Deny);
    QCOMPARE(sampling.arguments.value(u"maxTokens").toInt(), 100);
    QCOMPARE(roots.outcome, AuditOutcome::Succeeded);
    QCOMPARE(r->count({.types = {AuditRecordType::ServerRequest}}).value(), 2);
    // Connection events are never "pending", and nobody marks them "unknown".
    QCOMPARE(r->count({.outcomes = {AuditOutcome::Pending}}).value(), 0);
    QVERIFY(verifyStore(dbPath())->ok());
}

void tst_AuditLog::verifyAcceptsAnIntactLog()
{
    {
        AuditLog log(options());
        writeSample(log);
    }
    const auto result = verifyStore(dbPath());
    QVERIFY(result);
    QVERIFY(result->ok());
    QCOMPARE(result->records, 6);
    // 6 intents, 3 decisions, 5 outcomes, 1 "unknown" at shutdown.
    QCOMPARE(result->events, 15);
    QCOMPARE(result->headHash.size(), 64);
}

void tst_AuditLog::verifyDetectsTampering_data()
{
    QTest::addColumn<QStringList>("statements");
    QTest::addColumn<qint64>("firstRecord");
    QTest::addColumn<int>("kind");
    using K = AuditProblem::Kind;
    QTest::addRow("arguments changed") << QStringList{u"UPDATE records SET arguments = '{\"path\":\"/etc/passwd\"}' WHERE id = 2"_s}
                                       << qint64(2) << int(K::RecordChanged);
    QTest::addRow("outcome changed") << QStringList{u"UPDATE records SET outcome = 'denied' WHERE id = 4"_s} << qint64(4) << int(K::RecordChanged);
    QTest::addRow("decision changed") << QStringList{u"UPDATE records SET decision = 'deny' WHERE id = 3"_s} << qint64(3) << int(K::RecordChanged);
    QTest::addRow("time changed") << QStringList{u"UPDATE records SET started_at = started_at - 3600000 WHERE id = 2"_s} << qint64(2)
                                  << int(K::RecordChanged);
    QTest::addRow("row deleted") << QStringList{u"DELETE FROM records WHERE id = 3"_s} << qint64(3) << int(K::RecordRemoved);
    QTest::addRow("row and its events deleted")
        << QStringList{u"DELETE FROM records WHERE id = 2"_s, u"DELETE FROM events WHERE record_id = 2"_s} << qint64(2) << int(K::RecordRemoved);
    QTest::addRow("record inserted") << QStringList{u"INSERT INTO records(type, session, initiator, started_at, server_name, server_endpoint,"
                                                    " server_info, name, arguments) SELECT type, session, initiator, started_at, server_name,"
                                                    " server_endpoint, server_info, name, arguments FROM records WHERE id = 1"_s}
                                     << qint64(7) << int(K::RecordUnchained);
    QTest::addRow("decision filled in") << QStringList{u"UPDATE records SET decision = 'allow_once' WHERE id = 5"_s}
                                        << qint64(5) << int(K::RecordUnchained);
    QTest::addRow("event hash changed") << QStringList{eventHashTampering} << qint64(2) << int(K::RecordChanged);
    // Events 13-15: record 5's outcome, record 6's intent and outcome. Record 5 is the first hit.
    QTest::addRow("newest events cut off") << QStringList{u"DELETE FROM events WHERE seq > 12"_s} << qint64(5) << int(K::RecordUnchained);
    QTest::addRow("newest record and events cut off")
        << QStringList{u"DELETE FROM events WHERE seq > 13"_s, u"DELETE FROM records WHERE id = 6"_s} << qint64(0) << int(K::TailRemoved);
}

void tst_AuditLog::verifyDetectsTampering()
{
    QFETCH(QStringList, statements);
    QFETCH(qint64, firstRecord);
    QFETCH(int, kind);
    {
        AuditLog log(options());
        writeSample(log);
    }
    QVERIFY(verifyStore(dbPath())->ok());
    {
        RawDb raw(dbPath());
        for (const QString &statement : statements)
            QVERIFY(raw.exec(statement));
    }
    const auto result = verifyStore(dbPath());
    QVERIFY(result);
    QVERIFY(!result->ok());
    const AuditProblem &first = result->problems.constFirst();
    QVERIFY2(first.recordId == firstRecord && int(first.kind) == kind,
             qPrintable(u"got record %1 kind %2: %3"_s.arg(first.recordId).arg(int(first.kind)).arg(first.description)));
}

void tst_AuditLog::hashTamperingChangesEveryHash()
{
    // The hash of each run differs (times, session ids), so verifyDetectsTampering("event hash changed")
    // meets every first character in turn; here each one is met on purpose.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"tampering"_s);
        db.setDatabaseName(u":memory:"_s);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(u"CREATE TABLE events(seq INTEGER PRIMARY KEY, hash TEXT)"_s));
        const QString rest(62, u'7');
        for (const QString &start : {u"ab"_s, u"00"_s, u"10"_s, u"ff"_s, u"0a"_s}) {
            const QString hash = start + rest;
            QVERIFY(query.exec(u"DELETE FROM events"_s));
            QVERIFY(query.exec(u"INSERT INTO events(seq, hash) VALUES (4, '%1')"_s.arg(hash)));
            QVERIFY2(query.exec(eventHashTampering), qPrintable(query.lastError().text()));
            QVERIFY(query.exec(u"SELECT hash FROM events WHERE seq = 4"_s) && query.next());
            const QString tampered = query.value(0).toString();
            QVERIFY2(tampered != hash && tampered.size() == hash.size(), qPrintable(start));
        }
    }
    QSqlDatabase::removeDatabase(u"tampering"_s);
}

void tst_AuditLog::twoWritersKeepOneChain()
{
    {
        AuditLog a(options());
        AuditLog b(options());
        for (int i = 0; i < 50; ++i) {
            AuditLog &log = i % 2 ? a : b;
            const auto ticket = log.recordIntent(makeIntent(u"t%1"_s.arg(i)));
            log.recordDecision(ticket, allowOnce());
            log.recordOutcome(ticket, makeOutcome(u"r"_s));
        }
        QVERIFY(a.waitForWrites());
        QVERIFY(b.waitForWrites());
    }
    const auto result = verifyStore(dbPath());
    QVERIFY(result && result->ok());
    QCOMPARE(result->records, 50);
    QCOMPARE(result->events, 150);
}

void tst_AuditLog::queries()
{
    {
        AuditLog log(options());
        writeSample(log);
    }
    auto r = reader();
    QCOMPARE(r->count({}).value(), 6);
    QCOMPARE(r->count({.servers = {u"web"_s}}).value(), 2);
    QCOMPARE(r->count({.names = {u"read_file"_s}}).value(), 3);
    QCOMPARE(r->count({.decisions = {ApprovalDecision::Kind::AllowOnce}}).value(), 3);
    QCOMPARE(r->count({.outcomes = {AuditOutcome::ToolError}}).value(), 1);
    QCOMPARE(r->count({.outcomes = {AuditOutcome::ToolError, AuditOutcome::Unknown}}).value(), 2);
    QCOMPARE(r->count({.servers = {u"files"_s}, .names = {u"write_file"_s}}).value(), 1);
    QCOMPARE(r->count({.initiator = CallInitiator::Cli}).value(), 0);
    QCOMPARE(r->count({.from = QDateTime::currentDateTimeUtc().addSecs(-60)}).value(), 6);
    QCOMPARE(r->count({.until = QDateTime::currentDateTimeUtc().addSecs(-60)}).value(), 0);

    // Keyset pages walk the list newest first without overlap, and back up again.
    const auto first = r->page({}, {.limit = 4});
    QCOMPARE(first->records.size(), 4);
    QVERIFY(first->more);
    QCOMPARE(first->records.first().id, 6);
    QVERIFY(!first->records.first().preview.isEmpty());
    const auto second = r->page({}, {.beforeId = first->records.last().id, .limit = 4});
    QCOMPARE(second->records.size(), 2);
    QVERIFY(!second->more);
    QCOMPARE(second->records.first().id, 2);
    const auto back = r->page({}, {.afterId = second->records.first().id, .limit = 2});
    QCOMPARE(back->records.size(), 2);
    QCOMPARE(back->records.first().id, 4);
    QCOMPARE(back->records.last().id, 3);
    const auto window = r->window({}, 2, 2);
    QCOMPARE(window->size(), 2);
    QCOMPARE(window->first().id, 4);
    QVERIFY(!r->record(99));
}

// What a live view asks: new records and ones whose outcome came later, by the chain's seq.
void tst_AuditLog::changesSinceFindsNewAndCompletedRecords()
{
    AuditLog log(options());
    QSignalSpy committed(&log, &AuditLog::recordsCommitted);
    writeSample(log);
    QTRY_VERIFY(!committed.isEmpty());
    auto r = reader();
    QVERIFY(r);
    const qint64 seen = r->lastEventSeq().value();
    QVERIFY(seen > 0);
    const auto none = r->changesSince({}, seen, 100);
    QVERIFY(none->changedIds.isEmpty());
    QCOMPARE(none->lastSeq, seen);

    // A barrier alone writes nothing and says nothing.
    committed.clear();
    QVERIFY(log.waitForWrites());
    QVERIFY(TestSupport::deliverPostedEvents()); // the writer reports a commit before it lets a barrier go
    QCOMPARE(committed.size(), 0);

    // A new call on another server, and the pending one (#6) finished.
    const auto ticket = log.recordIntent(makeIntent(u"fresh"_s, {}, u"web"_s));
    log.recordOutcome(ticket, makeOutcome(u"fresh result"_s));
    QVERIFY(log.waitForWrites());
    QTRY_VERIFY(!committed.isEmpty());
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"complete-pending"_s);
        db.setDatabaseName(dbPath());
        QVERIFY(db.open());
        AuditWriter writer(db);
        QVERIFY(writer.begin());
        QVERIFY(writer.appendOutcome(6, AuditOutcomeRow::unknown({}, u"finished elsewhere"_s)));
        QVERIFY(writer.commit());
    }
    QSqlDatabase::removeDatabase(u"complete-pending"_s);

    const auto all = r->changesSince({}, seen, 100);
    QVERIFY(all);
    QCOMPARE(all->changedIds, (QList<qint64>{6, 7}));
    QCOMPARE(all->matching.size(), 2);
    QCOMPARE(all->matching.at(0).id, 7); // newest first
    QCOMPARE(all->matching.at(1).outcome, AuditOutcome::Unknown);
    QVERIFY(all->lastSeq > seen);
    const auto filtered = r->changesSince({.servers = {u"web"_s}}, seen, 100);
    QCOMPARE(filtered->changedIds, (QList<qint64>{6, 7})); // every change, to drop rows that no longer match
    QCOMPARE(filtered->matching.size(), 1);
    QCOMPARE(filtered->matching.at(0).name, u"fresh"_s);
    QVERIFY(r->changesSince({}, seen, 1)->tooMany);
    QVERIFY(r->changesSince({}, all->lastSeq, 100)->changedIds.isEmpty());
}

void tst_AuditLog::fullTextAndSubstringSearchAgree()
{
    {
        AuditLog log(options());
        writeSample(log);
    }
    auto r = reader();
    QVERIFY(r->hasFullTextIndex()); // Debian's SQLite has FTS5; the fallback is checked below either way
    for (bool fullText : {true, false}) {
        r->setFullTextEnabled(fullText);
        QCOMPARE(r->count({.text = u"file3.txt"_s}).value(), 1);
        QCOMPARE(r->count({.text = u"contents"_s}).value(), 5);
        QCOMPARE(r->count({.text = u"contents file 4"_s}).value(), 1);
        QCOMPARE(r->count({.text = u"CONTENTS"_s}).value(), 5);
        QCOMPARE(r->count({.text = u"nothing-like-this"_s}).value(), 0);
        QCOMPARE(r->count({.servers = {u"web"_s}, .text = u"contents"_s}).value(), 2);
        // Quotes and FTS syntax are only text.
        QVERIFY(r->count({.text = u"\"unbalanced NEAR( * OR"_s}).ok());
        const auto page = r->page({.text = u"contents"_s}, {.limit = 2});
        QCOMPARE(page->records.size(), 2);
        QCOMPARE(page->records.first().id, 5);
        QVERIFY(page->more);
        const auto next = r->page({.text = u"contents"_s}, {.beforeId = page->records.last().id, .limit = 10});
        QCOMPARE(next->records.size(), 3);
    }
}

void tst_AuditLog::exportRoundTrip()
{
    {
        AuditLog log(options());
        writeSample(log);
        AuditToolCallIntent tricky = makeIntent(u"=HYPERLINK(\"http://evil\")"_s, {{u"text"_s, u"line1\nline2, \"quoted\""_s}});
        // An icon as a data: URI, as servers send them: kept in JSON Lines, left out of every CSV row.
        Icon icon;
        icon.src = u"data:image/png;base64,"_s + QString(3600, u'A');
        icon.mimeType = u"image/png"_s;
        tricky.server.serverInfo.icons = {icon};
        const auto ticket = log.recordIntent(tricky);
        log.recordDecision(ticket, {ApprovalDecision::Kind::AllowAlways, ApprovalDecision::Source::RememberedRule, u"rule 3"_s,
                                    QJsonObject{{u"text"_s, u"edited"_s}}});
        log.recordOutcome(ticket, makeOutcome(u"ünïcødé ✓"_s));
    }
    auto r = reader();
    QList<AuditRecord> stored;
    QVERIFY(r->forEach({}, [&stored](const AuditRecord &record) { stored.append(record); return true; }));
    QCOMPARE(stored.size(), 7);

    QBuffer jsonl;
    jsonl.open(QIODevice::WriteOnly);
    QCOMPARE(AuditExporter::write(*r, {}, AuditExporter::Format::JsonLines, &jsonl).value(), 7);
    const QList<QByteArray> lines = jsonl.data().trimmed().split('\n');
    QCOMPARE(lines.size(), 7);
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(lines.at(i), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const auto parsed = AuditRecord::fromJson(document.object());
        QVERIFY(parsed);
        QCOMPARE(parsed.value(), stored.at(i));
    }

    // Filtered export: only what the filter lets through.
    QBuffer filtered;
    filtered.open(QIODevice::WriteOnly);
    QCOMPARE(AuditExporter::write(*r, {.servers = {u"web"_s}}, AuditExporter::Format::JsonLines, &filtered).value(), 2);

    // CSV: RFC 4180, one row per record, fields recoverable; formulas defused.
    QBuffer csv;
    csv.open(QIODevice::WriteOnly);
    QCOMPARE(AuditExporter::write(*r, {}, AuditExporter::Format::Csv, &csv).value(), 7);
    const QString text = QString::fromUtf8(csv.data());
    const QList<QStringList> rows = TestSupport::parseCsv(text, TestSupport::CsvRowEnd::CrLf);
    QCOMPARE(rows.size(), 8);
    const QStringList header = rows.first();
    QCOMPARE(header, AuditExporter::csvColumns());
    for (qsizetype i = 1; i < rows.size(); ++i) {
        QCOMPARE(rows.at(i).size(), header.size());
        const AuditRecord &record = stored.at(i - 1);
        QCOMPARE(rows.at(i).at(header.indexOf(u"id"_s)).toLongLong(), record.id);
        QCOMPARE(QJsonDocument::fromJson(rows.at(i).at(header.indexOf(u"arguments"_s)).toUtf8()).object(), record.arguments);
        QCOMPARE(QDateTime::fromString(rows.at(i).at(header.indexOf(u"started_at"_s)), Qt::ISODateWithMs), record.startedAt);
        QCOMPARE(rows.at(i).at(header.indexOf(u"outcome"_s)), AuditNames::outcome(record.outcome));
    }
    const QStringList &last = rows.last();
    QCOMPARE(last.at(header.indexOf(u"name"_s)), u"'=HYPERLINK(\"http://evil\")"_s);
    QCOMPARE(last.at(header.indexOf(u"decided_by"_s)), u"rule"_s);
    QVERIFY(last.at(header.indexOf(u"result"_s)).contains(u"ünïcødé ✓"_s));
    const QString serverInfo = last.at(header.indexOf(u"server_info"_s));
    QVERIFY2(serverInfo.size() < 400, qPrintable(serverInfo.left(200)));
    QVERIFY(serverInfo.contains(u"[image omitted: 3622 characters]"_s));
    QVERIFY(serverInfo.contains(u"files-server"_s));
    QVERIFY(stored.last().serverInfo.value(u"icons"_s).toArray().first().toObject().value(u"src"_s).toString().size() == 3622);
}

void tst_AuditLog::migratesAnOlderSchema()
{
    {
        AuditLog log(options());
        writeSample(log);
    }
    {
        // Make it look like a store from before the full-text index (schema 1).
        RawDb raw(dbPath());
        QVERIFY(raw.exec(u"DROP TRIGGER records_fts_insert"_s));
        QVERIFY(raw.exec(u"DROP TRIGGER records_fts_update"_s));
        QVERIFY(raw.exec(u"DROP TRIGGER records_fts_delete"_s));
        QVERIFY(raw.exec(u"DROP TABLE records_fts"_s));
        QVERIFY(raw.exec(u"ALTER TABLE records DROP COLUMN origin"_s)); // schema 3
        QVERIFY(raw.exec(u"DROP TABLE task_events"_s)); // schema 4
        QVERIFY(raw.exec(u"ALTER TABLE records DROP COLUMN argument_origins"_s)); // schema 5
        QVERIFY(raw.exec(u"ALTER TABLE records DROP COLUMN conversation_id"_s)); // schema 6
        QVERIFY(raw.exec(u"ALTER TABLE records DROP COLUMN conversation_title"_s));
        QVERIFY(raw.exec(u"DELETE FROM schema_version WHERE version >= 2"_s));
    }
    {
        AuditLog log(options());
        QVERIFY(log.waitForWrites());
    }
    auto r = reader();
    QVERIFY(r->hasFullTextIndex());
    QCOMPARE(r->count({.text = u"file2.txt"_s}).value(), 1); // old records were indexed
    QVERIFY(verifyStore(dbPath())->ok());

    // A store from a newer Toolgate is refused, not damaged.
    {
        RawDb raw(dbPath());
        QVERIFY(raw.exec(u"INSERT INTO schema_version VALUES (99, 0, 'future')"_s));
    }
    QVERIFY(!AuditReader::open(dbPath()));
}

void tst_AuditLog::unopenableStoreFailsCalls()
{
    // A directory where the file should be: the store cannot open, and callers hear so.
    QVERIFY(QDir().mkpath(dbPath()));
    AuditLog log(options());
    QSignalSpy failed(&log, &AuditLog::writeFailed);
    const auto ticket = log.recordIntent(makeIntent(u"t"_s));
    std::optional<Result<qint64>> answer;
    QObject context;
    log.whenRecorded(ticket, &context, [&answer](const Result<qint64> &result) { answer = result; });
    QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), waitMs);
    QVERIFY(!answer->ok());
    QVERIFY(!log.waitForWrites());
}

QTEST_GUILESS_MAIN(tst_AuditLog)
#include "tst_auditlog.moc"
