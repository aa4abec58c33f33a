// The audit log of calls the server runs as tasks (issue #18): each step of the task's life is
// recorded on the call's own record as it happens, survives a crash mid-task, is covered by the
// hash chain, reads back through queries, filters and exports, and old stores migrate. The last
// tests go through the real pipeline against @modelcontextprotocol/server-everything (tests/npm),
// whose simulate-research-query requires a task.

#include "auditrecords.h"
#include "core/audit/auditdatabase.h"
#include "core/audit/auditexporter.h"
#include "core/audit/auditlog.h"
#include "core/audit/auditreader.h"
#include "core/audit/auditverifier.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "csv.h"
#include "npmpeers.h"
#include "researchcalls.h"
#include "sessioncalltarget.h"
#include "core/transport/stdiotransport.h"

#include <QBuffer>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#ifdef Q_OS_UNIX
#include <csignal>
#include <sys/types.h>
#endif

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace Toolgate::TestSupport::ResearchCalls;

using Toolgate::TestSupport::RawDb;
using Toolgate::TestSupport::verifyStore;

namespace {

constexpr int waitMs = 15000;

const QString taskId = u"task-3b9e-41"_s;

QStringList chainKinds(AuditReader &reader, qint64 recordId)
{
    QStringList kinds;
    const auto events = reader.events(recordId);
    if (!events)
        return {events.error().message};
    for (const AuditEventInfo &event : events.value())
        kinds.append(event.kind);
    return kinds;
}

} // namespace

class tst_AuditTasks : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void taskLifeOnTheCallsRecord();
    void cancelledTask();
    void sessionDiedMidTask();
    void eachStepIsDurableAsItHappens();
    void killedMidTask();
    void serverTextIsRedactedAndKeptAsText();
    void verifyDetectsTamperedTaskEvents_data();
    void verifyDetectsTamperedTaskEvents();
    void filtersAndSummaries();
    void exportCarriesTheTask();
    void migratesAStoreWithoutTaskEvents();
    void throughThePipeline_data();
    void throughThePipeline();

private:
    QString dbPath() const { return m_dir->filePath(u"audit.sqlite"_s); }
    AuditLog::Options options() const
    {
        AuditLog::Options o;
        o.path = dbPath();
        return o;
    }
    std::unique_ptr<AuditReader> reader()
    {
        auto opened = AuditReader::open(dbPath());
        if (!opened)
            qWarning() << opened.error().message;
        return opened ? std::move(opened).value() : nullptr;
    }
    // A plain call, then a call that ran as a task: working → input_required → working → completed.
    void writeResearchTask(AuditLog &log);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void tst_AuditTasks::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void tst_AuditTasks::writeResearchTask(AuditLog &log)
{
    QVERIFY(
        writePlainCallThenTask(log, taskId,
                               {step(2, Task::Status::Working, u"Researching…"_s), step(5, Task::Status::InputRequired, u"Which year?"_s),
                                step(7, Task::Status::Working, u"Researching 1999"_s), step(9, Task::Status::Completed)},
                               makeOutcome(ToolCallOutcome::Kind::Succeeded, u"Tides in 1999: high"_s)));
}

void tst_AuditTasks::taskLifeOnTheCallsRecord()
{
    {
        AuditLog log(options());
        writeResearchTask(log);
    }
    auto r = reader();
    QVERIFY(r);
    // One record for the call: the task's life is on it, not in records of its own.
    QCOMPARE(r->count({}).value(), 2);
    const auto record = r->record(2);
    QVERIFY(record);
    QCOMPARE(record->name, u"research"_s);
    QCOMPARE(record->outcome, AuditOutcome::Succeeded);
    QCOMPARE(record->decision, ApprovalDecision::Kind::AllowOnce);
    QCOMPARE(record->taskId, taskId);
    const QList<AuditTaskEvent> expected{
        {step(2, Task::Status::Working).at, Task::Status::Working, u"Researching…"_s},
        {step(5, Task::Status::Working).at, Task::Status::InputRequired, u"Which year?"_s},
        {step(7, Task::Status::Working).at, Task::Status::Working, u"Researching 1999"_s},
        {step(9, Task::Status::Working).at, Task::Status::Completed, QString()},
    };
    QCOMPARE(record->taskEvents, expected);
    QCOMPARE(record->lastTaskStatus(), Task::Status::Completed);

    // The plain call is no task.
    const auto plain = r->record(1);
    QVERIFY(!plain->isTask());
    QVERIFY(plain->taskEvents.isEmpty());

    // Approved once, then the task's steps in order, then the outcome: each chained.
    QCOMPARE(chainKinds(*r, 2), (QStringList{u"intent"_s, u"decision"_s, u"task"_s, u"task"_s, u"task"_s, u"task"_s, u"outcome"_s}));
    const auto verification = verifyStore(dbPath());
    QVERIFY(verification);
    QVERIFY2(verification->ok(), verification->ok() ? "" : qPrintable(verification->problems.constFirst().description));
    QCOMPARE(verification->events, 3 + 7);
}

void tst_AuditTasks::cancelledTask()
{
    {
        AuditLog log(options());
        const auto ticket = log.recordIntent(makeIntent(u"research"_s));
        log.recordDecision(ticket, allowOnce());
        log.recordTaskEvent(ticket, taskId, step(2, Task::Status::Working, u"Researching…"_s));
        log.recordTaskEvent(ticket, taskId, step(4, Task::Status::Cancelled, u"Cancelled at the client's request"_s));
        AuditToolCallOutcome outcome = makeOutcome(ToolCallOutcome::Kind::Cancelled);
        outcome.error = makeError(ErrorCode::RequestCancelled, u"cancelled by the user"_s);
        log.recordOutcome(ticket, outcome);
    }
    auto r = reader();
    const auto record = r->record(1);
    QVERIFY(record);
    QCOMPARE(record->outcome, AuditOutcome::Cancelled);
    QCOMPARE(record->errorMessage, u"cancelled by the user"_s);
    QCOMPARE(record->taskEvents.size(), 2);
    QCOMPARE(record->lastTaskStatus(), Task::Status::Cancelled);
    QCOMPARE(record->taskEvents.last().message, u"Cancelled at the client's request"_s);
    QCOMPARE(r->count({.outcomes = {AuditOutcome::Cancelled}, .onlyTasks = true}).value(), 1);
    QVERIFY(verifyStore(dbPath())->ok());
}

void tst_AuditTasks::sessionDiedMidTask()
{
    // The server dies while the task runs: the pipeline ends the call with a clear error, and the
    // last step it saw is the task's last known status. Nothing stays pending.
    const QString died = u"the server stopped while the task was running (exit code 1); its result is lost"_s;
    {
        AuditLog log(options());
        const auto ticket = log.recordIntent(makeIntent(u"research"_s));
        log.recordDecision(ticket, allowOnce());
        log.recordTaskEvent(ticket, taskId, step(2, Task::Status::Working, u"Researching…"_s));
        log.recordTaskEvent(ticket, taskId, step(6, Task::Status::Failed, died));
        AuditToolCallOutcome outcome = makeOutcome(ToolCallOutcome::Kind::Failed);
        outcome.error = makeError(ErrorCode::TransportError, died);
        log.recordOutcome(ticket, outcome);
    }
    auto r = reader();
    const auto record = r->record(1);
    QVERIFY(record);
    QCOMPARE(record->outcome, AuditOutcome::Failed);
    QCOMPARE(record->errorMessage, died);
    QCOMPARE(record->taskId, taskId);
    QCOMPARE(record->lastTaskStatus(), Task::Status::Failed);
    QCOMPARE(record->taskEvents.last().message, died);
    QCOMPARE(r->count({.outcomes = {AuditOutcome::Pending}}).value(), 0);
    QVERIFY(verifyStore(dbPath())->ok());
}

void tst_AuditTasks::eachStepIsDurableAsItHappens()
{
    AuditLog log(options());
    const auto ticket = log.recordIntent(makeIntent(u"research"_s));
    log.recordDecision(ticket, allowOnce());
    log.recordTaskEvent(ticket, taskId, step(2, Task::Status::Working, u"Researching…"_s));
    QVERIFY(log.waitForWrites());
    // Another reader (the audit view, toolgate-cli) sees the running task: pending, its id, its status.
    {
        auto r = reader();
        const auto page = r->page({}, {});
        QVERIFY(page);
        QCOMPARE(page->records.size(), 1);
        const AuditRecord &summary = page->records.first();
        QCOMPARE(summary.outcome, AuditOutcome::Pending);
        QCOMPARE(summary.taskId, taskId);
        QCOMPARE(summary.lastTaskStatus(), Task::Status::Working);
    }
    log.recordTaskEvent(ticket, taskId, step(5, Task::Status::InputRequired, u"Which year?"_s));
    QVERIFY(log.waitForWrites());
    {
        auto r = reader();
        QCOMPARE(r->page({}, {})->records.first().lastTaskStatus(), Task::Status::InputRequired);
        QCOMPARE(r->record(1)->taskEvents.size(), 2);
        // Each step is a change of the record the views pick up.
        QCOMPARE(r->changesSince({}, 3, 100)->changedIds, QList<qint64>{1});
    }
    // A step after the outcome is refused: a task's life is recorded while the call runs.
    log.recordOutcome(ticket, makeOutcome(ToolCallOutcome::Kind::Succeeded, u"done"_s));
    QVERIFY(log.waitForWrites());
    log.recordTaskEvent(ticket, taskId, step(9, Task::Status::Completed));
    QVERIFY(log.waitForWrites());
    QCOMPARE(reader()->record(1)->taskEvents.size(), 2);
}

void tst_AuditTasks::killedMidTask()
{
    QProcess crasher;
    crasher.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    crasher.start(QDir(QStringLiteral(TOOLGATE_BIN_DIR)).filePath(u"tst_audit_crasher"_s), {dbPath(), u"task"_s});
    QVERIFY(crasher.waitForStarted(waitMs));
    QByteArray output;
    QTRY_VERIFY2_WITH_TIMEOUT((output += crasher.readAllStandardOutput()).contains("READY"), output.constData(), waitMs);
    crasher.kill(); // SIGKILL mid-task
    QVERIFY(crasher.waitForFinished(waitMs));

    // Before any recovery the store already holds the task's id and last known status.
    {
        auto r = reader();
        QVERIFY(r);
        const auto record = r->record(1);
        QVERIFY(record);
        QCOMPARE(record->taskId, u"task-7f3a"_s);
        QCOMPARE(record->lastTaskStatus(), Task::Status::InputRequired);
        QCOMPARE(record->taskEvents.last().message, u"Which year?"_s);
    }
    // The next start marks the call "outcome unknown", naming the task that may still run.
    {
        AuditLog next(options());
        QVERIFY(next.waitForWrites());
    }
    const auto record = reader()->record(1);
    QCOMPARE(record->outcome, AuditOutcome::Unknown);
    QVERIFY2(record->errorMessage.contains(u"the app stopped before the call finished"_s), qPrintable(record->errorMessage));
    QVERIFY2(record->errorMessage.contains(u"task task-7f3a"_s) && record->errorMessage.contains(u"input_required"_s),
             qPrintable(record->errorMessage));
    QCOMPARE(record->taskEvents.size(), 2);
    const auto verification = verifyStore(dbPath());
    QVERIFY(verification && verification->ok());
    QCOMPARE(verification->events, 5); // intent, decision, 2 task steps, outcome
}

void tst_AuditTasks::serverTextIsRedactedAndKeptAsText()
{
    const QString markup = u"<b>bold</b> <a href=\"http://evil\">click</a> key sk-live-12345"_s;
    {
        AuditLog log(options());
        log.addSecretValues({u"sk-live-12345"_s});
        const auto ticket = log.recordIntent(makeIntent(u"research"_s));
        log.recordTaskEvent(ticket, taskId, step(2, Task::Status::Working, markup));
        log.recordOutcome(ticket, makeOutcome(ToolCallOutcome::Kind::Succeeded, u"ok"_s));
    }
    QFile file(dbPath());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains("sk-live-12345"));
    const auto record = reader()->record(1);
    QVERIFY(!record->taskEvents.first().message.contains(u"sk-live-12345"_s));
    QVERIFY(record->taskEvents.first().message.startsWith(u"<b>bold</b> <a href=\"http://evil\">click</a> key "_s));
}

void tst_AuditTasks::verifyDetectsTamperedTaskEvents_data()
{
    QTest::addColumn<QStringList>("statements");
    QTest::addColumn<qint64>("record");
    QTest::addColumn<int>("kind");
    using K = AuditProblem::Kind;
    // Record 2 is the task; its steps are chain events 6 to 9.
    QTest::addRow("status changed") << QStringList{u"UPDATE task_events SET status = 'failed' WHERE seq = 9"_s} << qint64(2)
                                    << int(K::RecordChanged);
    QTest::addRow("message changed") << QStringList{u"UPDATE task_events SET message = 'Which month?' WHERE seq = 7"_s} << qint64(2)
                                     << int(K::RecordChanged);
    QTest::addRow("time changed") << QStringList{u"UPDATE task_events SET at = at + 60000 WHERE seq = 8"_s} << qint64(2)
                                  << int(K::RecordChanged);
    QTest::addRow("task id changed") << QStringList{u"UPDATE task_events SET task_id = 'other' WHERE record_id = 2"_s} << qint64(2)
                                     << int(K::RecordChanged);
    QTest::addRow("step removed") << QStringList{u"DELETE FROM task_events WHERE seq = 7"_s} << qint64(2) << int(K::RecordChanged);
    QTest::addRow("step and its event removed")
        << QStringList{u"DELETE FROM task_events WHERE seq = 7"_s, u"DELETE FROM events WHERE seq = 7"_s} << qint64(0)
        << int(K::EventsRemoved);
    // Both ends notice: the call lost a step, and the other call has one no event covers.
    QTest::addRow("step moved to another call (from)") << QStringList{u"UPDATE task_events SET record_id = 1 WHERE seq = 6"_s}
                                                       << qint64(2) << int(K::RecordChanged);
    QTest::addRow("step moved to another call (to)") << QStringList{u"UPDATE task_events SET record_id = 1 WHERE seq = 6"_s}
                                                     << qint64(1) << int(K::RecordUnchained);
    QTest::addRow("step added") << QStringList{u"INSERT INTO task_events(seq, record_id, task_id, at, status, message)"
                                               " SELECT 1000, record_id, task_id, at, 'cancelled', '' FROM task_events WHERE seq = 9"_s}
                                << qint64(2) << int(K::RecordUnchained);
}

void tst_AuditTasks::verifyDetectsTamperedTaskEvents()
{
    QFETCH(QStringList, statements);
    QFETCH(qint64, record);
    QFETCH(int, kind);
    {
        AuditLog log(options());
        writeResearchTask(log);
    }
    QVERIFY(verifyStore(dbPath())->ok());
    QCOMPARE(reader()->record(2)->taskEvents.size(), 4);
    {
        RawDb raw(dbPath());
        for (const QString &statement : statements)
            QVERIFY(raw.exec(statement));
    }
    const auto result = verifyStore(dbPath());
    QVERIFY(result);
    QVERIFY(!result->ok());
    QStringList found;
    bool matched = false;
    for (const AuditProblem &problem : result->problems) {
        found.append(u"record %1 kind %2: %3"_s.arg(problem.recordId).arg(int(problem.kind)).arg(problem.description));
        matched = matched || (problem.recordId == record && int(problem.kind) == kind);
    }
    QVERIFY2(matched, qPrintable(found.join(u"; "_s)));
}

void tst_AuditTasks::filtersAndSummaries()
{
    {
        AuditLog log(options());
        writeResearchTask(log);
        const auto other = log.recordIntent(makeIntent(u"research"_s));
        log.recordTaskEvent(other, u"task-other"_s, step(20, Task::Status::Working));
        QVERIFY(log.waitForWrites());
    }
    auto r = reader();
    QCOMPARE(r->count({.onlyTasks = true}).value(), 2);
    QCOMPARE(r->count({.taskId = taskId}).value(), 1);
    QCOMPARE(r->count({.taskId = u"task-other"_s}).value(), 1);
    QCOMPARE(r->count({.taskId = u"nope"_s}).value(), 0);
    QVERIFY(!AuditFilter{.onlyTasks = true}.isEmpty());
    // Summaries carry the id and only the newest step (the last known status).
    const auto page = r->page({.onlyTasks = true}, {});
    QCOMPARE(page->records.size(), 2);
    QCOMPARE(page->records.at(0).taskId, u"task-other"_s);
    // The other call was left running: Toolgate quit before it ended.
    QCOMPARE(page->records.at(0).outcome, AuditOutcome::Unknown);
    QVERIFY2(page->records.at(0).errorMessage.contains(u"task task-other"_s), qPrintable(page->records.at(0).errorMessage));
    QCOMPARE(page->records.at(1).taskId, taskId);
    QCOMPARE(page->records.at(1).taskEvents.size(), 1);
    QCOMPARE(page->records.at(1).lastTaskStatus(), Task::Status::Completed);
    // With full text search too (the index drives the query).
    QCOMPARE(r->count({.text = u"tides"_s, .onlyTasks = true}).value(), 2);
}

void tst_AuditTasks::exportCarriesTheTask()
{
    {
        AuditLog log(options());
        writeResearchTask(log);
    }
    auto r = reader();
    QList<AuditRecord> stored;
    QVERIFY(r->forEach({}, [&stored](const AuditRecord &record) { stored.append(record); return true; }));
    QCOMPARE(stored.size(), 2);
    QCOMPARE(stored.at(1).taskEvents.size(), 4);

    QBuffer jsonl;
    jsonl.open(QIODevice::WriteOnly);
    QCOMPARE(AuditExporter::write(*r, {}, AuditExporter::Format::JsonLines, &jsonl).value(), 2);
    const QList<QByteArray> lines = jsonl.data().trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    // A call that was no task has no "task" field: old exports read the same.
    QVERIFY(!QJsonDocument::fromJson(lines.at(0)).object().contains(u"task"_s));
    const QJsonObject task = QJsonDocument::fromJson(lines.at(1)).object().value(u"task"_s).toObject();
    QCOMPARE(task.value(u"id"_s).toString(), taskId);
    const QJsonArray events = task.value(u"events"_s).toArray();
    QCOMPARE(events.size(), 4);
    QCOMPARE(events.at(1).toObject().value(u"status"_s).toString(), u"input_required"_s);
    QCOMPARE(events.at(1).toObject().value(u"message"_s).toString(), u"Which year?"_s);
    QCOMPARE(events.at(3).toObject().value(u"at"_s).toString(), u"2026-05-04T10:31:09.000Z"_s);
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const auto parsed = AuditRecord::fromJson(QJsonDocument::fromJson(lines.at(i)).object());
        QVERIFY(parsed);
        QCOMPARE(parsed.value(), stored.at(i));
    }

    QBuffer csv;
    csv.open(QIODevice::WriteOnly);
    QCOMPARE(AuditExporter::write(*r, {}, AuditExporter::Format::Csv, &csv).value(), 2);
    const QList<QStringList> rows = TestSupport::parseCsv(QString::fromUtf8(csv.data()), TestSupport::CsvRowEnd::CrLf);
    QCOMPARE(rows.size(), 3);
    const QStringList &header = rows.first();
    QCOMPARE(rows.at(1).at(header.indexOf(u"task_id"_s)), QString());
    QCOMPARE(rows.at(2).at(header.indexOf(u"task_id"_s)), taskId);
    QCOMPARE(rows.at(2).at(header.indexOf(u"task_status"_s)), u"completed"_s);
    QCOMPARE(QJsonDocument::fromJson(rows.at(2).at(header.indexOf(u"task_events"_s)).toUtf8()).array(), events);
}

void tst_AuditTasks::migratesAStoreWithoutTaskEvents()
{
    {
        AuditLog log(options());
        const auto ticket = log.recordIntent(makeIntent(u"echo"_s));
        log.recordDecision(ticket, allowOnce());
        log.recordOutcome(ticket, makeOutcome(ToolCallOutcome::Kind::Succeeded, u"echoed"_s));
        log.recordIntent(makeIntent(u"slow"_s)); // left unfinished: marked at shutdown
    }
    {
        // Make it a store of schema 3, from before task events.
        RawDb raw(dbPath());
        QVERIFY(raw.exec(u"DROP TABLE task_events"_s));
        QVERIFY(raw.exec(u"ALTER TABLE records DROP COLUMN argument_origins"_s)); // schema 5
        QVERIFY(raw.exec(u"ALTER TABLE records DROP COLUMN conversation_id"_s)); // schema 6
        QVERIFY(raw.exec(u"ALTER TABLE records DROP COLUMN conversation_title"_s));
        QVERIFY(raw.exec(u"DELETE FROM schema_version WHERE version >= 4"_s));
    }
    {
        AuditLog log(options());
        const auto ticket = log.recordIntent(makeIntent(u"research"_s));
        log.recordTaskEvent(ticket, taskId, step(2, Task::Status::Working));
        log.recordTaskEvent(ticket, taskId, step(3, Task::Status::Completed));
        log.recordOutcome(ticket, makeOutcome(ToolCallOutcome::Kind::Succeeded, u"done"_s));
        QVERIFY(log.waitForWrites());
    }
    auto r = reader();
    QVERIFY(r);
    QCOMPARE(r->count({}).value(), 3);
    QCOMPARE(r->record(1)->outcome, AuditOutcome::Succeeded);
    QVERIFY(!r->record(2)->isTask());
    QCOMPARE(r->record(3)->taskEvents.size(), 2);
    const auto verification = verifyStore(dbPath());
    QVERIFY(verification);
    QVERIFY2(verification->ok(), verification->ok() ? "" : qPrintable(verification->problems.constFirst().description));
    AuditDatabase::Options options;
    options.path = dbPath();
    options.connectionName = u"version"_s;
    QCOMPARE(AuditDatabase::open(options).value()->schemaVersion(), AuditDatabase::currentSchemaVersion());
}

void tst_AuditTasks::throughThePipeline_data()
{
    QTest::addColumn<QString>("ending");
    QTest::addRow("completed") << u"completed"_s;
    QTest::addRow("cancelled") << u"cancelled"_s;
    QTest::addRow("server killed mid-task") << u"killed"_s;
}

void tst_AuditTasks::throughThePipeline()
{
    QFETCH(QString, ending);
    const QString missing = TestSupport::missingNpmPeers();
    if (!missing.isEmpty())
        QFAIL(qPrintable(missing));
    AuditLog log(options());
    StdioLaunchSpec spec{TestSupport::nodeBinary(), {TestSupport::everythingEntry(), u"stdio"_s}, {}, {}, false};
    ClientSession session(std::make_unique<StdioTransport>(spec), ClientSession::Options());
    QSignalSpy ready(&session, &ClientSession::ready);
    session.connectToServer();
    QVERIFY(ready.wait(15000));
    TestSupport::SessionCallTarget target(&session, ServerIdentity{u"everything"_s, u"node everything"_s, {}});
    FixedApprovalGate gate(ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, {}, {}});
    ToolCallPipeline pipeline(&gate, nullptr, {});
    pipeline.setJournal(&log);
    QObject owner; // goes first, with the call, while the pipeline and the session still live

    QPointer<ToolCall> call = pipeline.call(&target, u"simulate-research-query"_s, {{u"topic"_s, u"tides"_s}}, CallInitiator::Gui, &owner);
    QSignalSpy finished(call.data(), &ToolCall::finished);
    if (ending != u"completed"_s) {
        QSignalSpy becameTask(call.data(), &ToolCall::taskChanged);
        QVERIFY(becameTask.wait(10000));
        // While it runs, the store already has the task.
        QVERIFY(log.waitForWrites());
        const auto running = reader()->record(1);
        QVERIFY(running);
        QCOMPARE(running->outcome, AuditOutcome::Pending);
        QCOMPARE(running->taskId, call->task()->taskId);
        QVERIFY(!running->taskEvents.isEmpty());
        if (ending == u"cancelled"_s) {
            call->cancel(u"the test cancels it"_s);
        } else {
#ifdef Q_OS_UNIX
            const auto pid = static_cast<StdioTransport *>(session.transport())->processId();
            QVERIFY(pid > 0 && ::kill(pid_t(pid), SIGKILL) == 0); // as a crash would
#else
            session.transport()->close();
#endif
        }
    }
    QVERIFY(finished.wait(20000)); // nothing waits forever
    QVERIFY(log.waitForWrites());

    const ToolCallOutcome &outcome = call->outcome();
    QVERIFY(outcome.task);
    auto r = reader();
    QCOMPARE(r->count({}).value(), 1); // one record: the call, with its task's life on it
    const auto record = r->record(1);
    QVERIFY(record);
    QCOMPARE(record->taskId, outcome.task->taskId);
    QCOMPARE(record->decision, ApprovalDecision::Kind::AllowOnce); // approved once, for the whole task
    // Each step once, in order: written one by one as the pipeline heard them, none again when the call closes.
    QCOMPARE(record->taskEvents.size(), outcome.taskEvents.size());
    for (qsizetype i = 0; i < outcome.taskEvents.size(); ++i) {
        QCOMPARE(record->taskEvents.at(i).status, outcome.taskEvents.at(i).status);
        QCOMPARE(record->taskEvents.at(i).message, outcome.taskEvents.at(i).message);
        QCOMPARE(record->taskEvents.at(i).at, outcome.taskEvents.at(i).at);
    }
    const QStringList kinds = chainKinds(*r, 1);
    QCOMPARE(kinds.count(u"task"_s), outcome.taskEvents.size());
    QCOMPARE(kinds.first(), u"intent"_s);
    QCOMPARE(kinds.at(1), u"decision"_s);
    QCOMPARE(kinds.last(), u"outcome"_s);
    if (ending == u"completed"_s) {
        QCOMPARE(record->outcome, AuditOutcome::Succeeded);
        QCOMPARE(record->lastTaskStatus(), Task::Status::Completed);
        QVERIFY(record->taskEvents.size() >= 3); // working with the server's stage messages, then completed
        QVERIFY(record->result && QJsonDocument(*record->result).toJson().contains("tides"));
    } else if (ending == u"cancelled"_s) {
        QCOMPARE(record->outcome, AuditOutcome::Cancelled);
        QCOMPARE(record->lastTaskStatus(), Task::Status::Cancelled);
        QVERIFY2(record->errorMessage.contains(u"the test cancels it"_s), qPrintable(record->errorMessage));
    } else {
        // A clear error naming the task; its last known status is what the server last said.
        QCOMPARE(record->outcome, AuditOutcome::Failed);
        QVERIFY2(record->errorMessage.contains(outcome.task->taskId), qPrintable(record->errorMessage));
        QCOMPARE(record->lastTaskStatus(), outcome.taskEvents.constLast().status);
    }
    const auto verification = verifyStore(dbPath());
    QVERIFY(verification);
    QVERIFY2(verification->ok(), verification->ok() ? "" : qPrintable(verification->problems.constFirst().description));
}

QTEST_GUILESS_MAIN(tst_AuditTasks)
#include "tst_audittasks.moc"
