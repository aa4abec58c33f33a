// toolgate-cli audit list|show|export|verify, run in process on a store written by AuditLog.

#include "germantranslation.h"
#include "researchcalls.h"

#include "core/audit/auditlog.h"
#include "app/cli/auditcommand.h"
#include "core/common/translations.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

} // namespace

class tst_AuditCommand : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void list();
    void listFilters();
    void show();
    void showsTasks();
    void exportFiles();
    void exportedCsvShowsEscapes();
    void verify();
    void verifyInGerman();
    void usageErrors();
    void missingStore();

private:
    Run run(QStringList arguments, const QString &path = {})
    {
        arguments << u"--db"_s << (path.isEmpty() ? m_path : path);
        QBuffer out;
        QBuffer err;
        out.open(QIODevice::WriteOnly);
        err.open(QIODevice::WriteOnly);
        Run result;
        result.exitCode = AuditCommand::run(arguments, &out, &err);
        result.out = QString::fromUtf8(out.data());
        result.err = QString::fromUtf8(err.data());
        return result;
    }

    QTemporaryDir m_dir;
    QString m_path;
};

void tst_AuditCommand::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(u"audit.sqlite"_s);
    AuditLog::Options options;
    options.path = m_path;
    AuditLog log(options);
    for (int i = 1; i <= 30; ++i) {
        AuditToolCallIntent intent;
        intent.server = {i % 3 ? u"files"_s : u"web"_s, u"server-cmd"_s, {}};
        intent.tool = i % 2 ? u"read_file"_s : u"fetch"_s;
        intent.arguments = QJsonObject{{u"path"_s, u"/data/report%1.txt"_s.arg(i)}};
        intent.initiator = i % 5 ? CallInitiator::Gui : CallInitiator::Cli;
        const auto ticket = log.recordIntent(intent);
        log.recordDecision(ticket, {i % 4 ? ApprovalDecision::Kind::AllowOnce : ApprovalDecision::Kind::Deny,
                                    i % 7 ? ApprovalDecision::Source::Human : ApprovalDecision::Source::RememberedRule,
                                    {}, std::nullopt});
        AuditToolCallOutcome outcome;
        outcome.kind = i % 4 ? ToolCallOutcome::Kind::Succeeded : ToolCallOutcome::Kind::Denied;
        CallToolResult result;
        // A server trying to rewrite the terminal: must come out escaped.
        result.content.append(Content::makeText(u"report %1 \x1b[2J contents"_s.arg(i)));
        outcome.result = result;
        outcome.durationMs = i;
        log.recordOutcome(ticket, outcome);
    }
    QVERIFY(log.waitForWrites());
}

void tst_AuditCommand::list()
{
    const Run r = run({u"list"_s, u"--limit"_s, u"10"_s});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 11); // header + 10
    QVERIFY(lines.first().startsWith(u"      ID"_s));
    QVERIFY(lines.at(1).trimmed().startsWith(u"30 "_s));
    QVERIFY(r.err.contains(u"10 of 30 matching records"_s));
    QVERIFY(r.err.contains(u"--before 21"_s));
    const Run older = run({u"list"_s, u"--limit"_s, u"10"_s, u"--before"_s, u"21"_s});
    QVERIFY(older.out.split(u'\n').at(1).trimmed().startsWith(u"20 "_s));

    const Run json = run({u"list"_s, u"--json"_s, u"--limit"_s, u"3"_s});
    QCOMPARE(json.exitCode, 0);
    const QStringList jsonLines = json.out.trimmed().split(u'\n');
    QCOMPARE(jsonLines.size(), 3);
    const QJsonObject first = QJsonDocument::fromJson(jsonLines.first().toUtf8()).object();
    QCOMPARE(first.value(u"id").toInt(), 30);
    QCOMPARE(first.value(u"arguments").toObject().value(u"path").toString(), u"/data/report30.txt"_s);
}

void tst_AuditCommand::listFilters()
{
    const auto count = [this](const QStringList &filters) {
        const Run r = run(QStringList{u"list"_s, u"--json"_s, u"--limit"_s, u"100"_s} + filters);
        return r.exitCode == 0 ? r.out.count(u'\n') : -1;
    };
    QCOMPARE(count({}), 30);
    QCOMPARE(count({u"--server"_s, u"web"_s}), 10);
    QCOMPARE(count({u"--tool"_s, u"fetch"_s}), 15);
    QCOMPARE(count({u"--decision"_s, u"deny"_s}), 7);
    QCOMPARE(count({u"--decision"_s, u"rule"_s}), 4);
    QCOMPARE(count({u"--outcome"_s, u"denied"_s}), 7);
    QCOMPARE(count({u"--client"_s, u"cli"_s}), 6);
    QCOMPARE(count({u"--server"_s, u"web"_s, u"--server"_s, u"files"_s}), 30);
    QCOMPARE(count({u"--search"_s, u"report17"_s}), 1);
    QCOMPARE(count({u"--search"_s, u"report17.txt"_s}), 1);
    QCOMPARE(count({u"--since"_s, u"1h"_s}), 30);
    QCOMPARE(count({u"--until"_s, u"2000-01-01"_s}), 0);
}

void tst_AuditCommand::show()
{
    const Run r = run({u"show"_s, u"4"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(u"#4 (tool_call)"_s));
    QVERIFY(r.out.contains(u"/data/report4.txt"_s));
    QVERIFY(r.out.contains(u"deny"_s));
    QVERIFY(r.out.contains(u"Hash chain:"_s));
    QVERIFY(r.out.contains(u"intent"_s));
    QVERIFY(!r.out.contains(u'\x1b'));
    QVERIFY(r.out.contains(u"\\u001b"_s));
    const Run json = run({u"show"_s, u"4"_s, u"--json"_s});
    const QJsonObject object = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(object.value(u"id").toInt(), 4);
    QCOMPARE(object.value(u"chain").toArray().size(), 3);
    QCOMPARE(run({u"show"_s, u"999"_s}).exitCode, 5);
    QCOMPARE(run({u"show"_s}).exitCode, 2);
}

void tst_AuditCommand::showsTasks()
{
    // Its own store: a plain call, and a call the server ran as a task that was cancelled.
    const QString path = m_dir.filePath(u"tasks.sqlite"_s);
    {
        AuditLog log(AuditLog::Options{.path = path});
        const QDateTime at = QDateTime::currentDateTimeUtc();
        // The server's words try to rewrite the terminal: shown escaped.
        QVERIFY(ResearchCalls::writePlainCallThenTask(log, u"task-51"_s,
                                                      {{at, Task::Status::Working, u"Researching \x1b[2J…"_s},
                                                       {at.addSecs(2), Task::Status::InputRequired, u"Which year?"_s},
                                                       {at.addSecs(4), Task::Status::Cancelled, {}}},
                                                      ResearchCalls::makeOutcome(ToolCallOutcome::Kind::Cancelled)));
    }
    const Run show = run({u"show"_s, u"2"_s}, path);
    QCOMPARE(show.exitCode, 0);
    QVERIFY2(show.out.contains(u"Task            task-51\n"_s), qPrintable(show.out));
    QVERIFY2(show.out.contains(u"Task status     cancelled\n"_s), qPrintable(show.out));
    QVERIFY(show.out.contains(u"Task life:\n"_s));
    QVERIFY2(show.out.contains(u" working — Researching "_s) && show.out.contains(u"[2J…\n"_s), qPrintable(show.out));
    QVERIFY(show.out.contains(u" waiting for input — Which year?\n"_s));
    QVERIFY(show.out.contains(u" cancelled\n"_s));
    QVERIFY(!show.out.contains(u'\x1b'));
    QCOMPARE(show.out.count(u"task    "_s), 3); // three chain events of kind task
    // A plain call shows no task.
    QVERIFY(!run({u"show"_s, u"1"_s}, path).out.contains(u"Task"_s));

    // list: a TASK column with the last known status and the id, "-" for a plain call.
    const Run list = run({u"list"_s}, path);
    QCOMPARE(list.exitCode, 0);
    const QStringList lines = list.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines.at(0).endsWith(u" TASK"_s), qPrintable(lines.at(0)));
    QVERIFY2(lines.at(1).endsWith(u" cancelled task-51"_s), qPrintable(lines.at(1)));
    QVERIFY2(lines.at(2).endsWith(u" -"_s), qPrintable(lines.at(2)));
    // No task on the page, no TASK column.
    QVERIFY(!run({u"list"_s}).out.contains(u"TASK"_s));

    // Filters: only tasks, or one task by its id; the JSON has the life.
    QCOMPARE(run({u"list"_s, u"--tasks"_s}, path).out.split(u'\n', Qt::SkipEmptyParts).size(), 2);
    QCOMPARE(run({u"list"_s, u"--task"_s, u"task-51"_s}, path).out.split(u'\n', Qt::SkipEmptyParts).size(), 2);
    QCOMPARE(run({u"list"_s, u"--task"_s, u"task-52"_s}, path).out.split(u'\n', Qt::SkipEmptyParts).size(), 1);
    const QJsonObject json = QJsonDocument::fromJson(run({u"show"_s, u"2"_s, u"--json"_s}, path).out.toUtf8()).object();
    QCOMPARE(json.value(u"task"_s).toObject().value(u"id"_s).toString(), u"task-51"_s);
    QCOMPARE(json.value(u"task"_s).toObject().value(u"events"_s).toArray().size(), 3);
    QCOMPARE(run({u"verify"_s}, path).exitCode, 0);
}

void tst_AuditCommand::exportFiles()
{
    const QString jsonl = m_dir.filePath(u"out.jsonl"_s);
    Run r = run({u"export"_s, u"-o"_s, jsonl, u"--server"_s, u"web"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.err.contains(u"Exported 10 records"_s));
    // One record reads as one (#34 item 7).
    r = run({u"export"_s, u"-o"_s, m_dir.filePath(u"one.jsonl"_s), u"--search"_s, u"report17"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains(u"Exported 1 record to "_s), qPrintable(r.err));
    QFile file(jsonl);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().count('\n'), 10);

    const QString csv = m_dir.filePath(u"out.csv"_s);
    r = run({u"export"_s, u"-o"_s, csv});
    QCOMPARE(r.exitCode, 0);
    QFile csvFile(csv);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    const QByteArray data = csvFile.readAll();
    QVERIFY(data.startsWith("id,type,started_at"));
    QCOMPARE(data.count("\r\n"), 31);

    r = run({u"export"_s, u"--format"_s, u"csv"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith(u"id,type"_s));
    QCOMPARE(run({u"export"_s, u"--format"_s, u"xml"_s}).exitCode, 2);
}

// A server's names and messages go into CSV cells as text (results are JSON, escaped already): a
// terminal escape in them must not reach a terminal or a spreadsheet as itself (issue #35).
void tst_AuditCommand::exportedCsvShowsEscapes()
{
    const QString path = m_dir.filePath(u"hostile.sqlite"_s);
    {
        AuditLog log(AuditLog::Options{.path = path});
        AuditToolCallIntent intent;
        intent.server = {u"evil\x1b]0;pwned\x07"_s, u"server-cmd"_s, {}};
        intent.tool = u"read\x1b[2Jfile"_s;
        const auto ticket = log.recordIntent(intent);
        log.recordDecision(ticket, {ApprovalDecision::Kind::Deny, ApprovalDecision::Source::Human, u"no \u202eexe.txt"_s, std::nullopt});
        AuditToolCallOutcome outcome;
        outcome.kind = ToolCallOutcome::Kind::Denied;
        log.recordOutcome(ticket, outcome);
        QVERIFY(log.waitForWrites());
    }
    const QString file = m_dir.filePath(u"hostile.csv"_s);
    QCOMPARE(run({u"export"_s, u"-o"_s, file}, path).exitCode, 0);
    QFile csvFile(file);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    const Run toStdout = run({u"export"_s, u"--format"_s, u"csv"_s}, path);
    QCOMPARE(toStdout.exitCode, 0);
    for (const QString &csv : {QString::fromUtf8(csvFile.readAll()), toStdout.out}) {
        QVERIFY2(!csv.contains(QChar(0x1b)) && !csv.contains(QChar(0x07)) && !csv.contains(QChar(0x202e)), qPrintable(csv));
        QVERIFY2(csv.contains(u"read\\x1b[2Jfile"_s), qPrintable(csv));
        QVERIFY2(csv.contains(u"\\u202e"_s), qPrintable(csv));
    }
}

void tst_AuditCommand::verify()
{
    Run r = run({u"verify"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith(u"OK: 30 records, 90 chain events"_s));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"tamper"_s);
        db.setDatabaseName(m_path);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(u"UPDATE records SET decision = 'allow_once' WHERE id = 12"_s));
        QVERIFY(query.exec(u"DELETE FROM records WHERE id = 20"_s));
        query = QSqlQuery();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"tamper"_s);
    r = run({u"verify"_s});
    QCOMPARE(r.exitCode, AuditCommand::tamperedExitCode);
    QVERIFY2(r.out.startsWith(u"TAMPERED: record #12 was changed"_s), qPrintable(r.out));
    QVERIFY(r.out.contains(u"record #20 was removed"_s));
    const Run json = run({u"verify"_s, u"--json"_s});
    QCOMPARE(QJsonDocument::fromJson(json.out.toUtf8()).object().value(u"ok").toBool(true), false);
}

// What verify finds is told in German under a German locale (the findings are the core's sentences);
// --json, which scripts read, is for toolgate-cli's main() to keep English. Runs on verify()'s tampering.
void tst_AuditCommand::verifyInGerman()
{
    const TestSupport::GermanTranslation german;
    QVERIFY(german.installed());
    const Run r = run({u"verify"_s});
    QCOMPARE(r.exitCode, AuditCommand::tamperedExitCode);
    QVERIFY2(r.out.startsWith(u"MANIPULIERT: Eintrag #12 wurde verändert: Sein Teil"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Eintrag #20 wurde entfernt"_s), qPrintable(r.out));
    QVERIFY2(!r.out.contains(u"was changed"_s) && !r.out.contains(u"was removed"_s), qPrintable(r.out));
}

void tst_AuditCommand::usageErrors()
{
    QCOMPARE(run({}).exitCode, 2);
    QCOMPARE(run({u"frobnicate"_s}).exitCode, 2);
    QCOMPARE(run({u"list"_s, u"--outcome"_s, u"great"_s}).exitCode, 2);
    QCOMPARE(run({u"list"_s, u"--since"_s, u"yesterday-ish"_s}).exitCode, 2);
    QCOMPARE(run({u"list"_s, u"--limit"_s, u"0"_s}).exitCode, 2);
    const Run help = run({u"--help"_s});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains(u"verify"_s));
}

void tst_AuditCommand::missingStore()
{
    QBuffer out;
    QBuffer err;
    out.open(QIODevice::WriteOnly);
    err.open(QIODevice::WriteOnly);
    const QString missing = m_dir.filePath(u"nothing-here.sqlite"_s);
    QCOMPARE(AuditCommand::run({u"list"_s, u"--db"_s, missing}, &out, &err), 3);
    QVERIFY(err.data().contains("no audit log"));
    QCOMPARE(AuditCommand::run({u"verify"_s, u"--db"_s, missing}, &out, &err), 3);
    QVERIFY(!QFile::exists(missing));
}

QTEST_GUILESS_MAIN(tst_AuditCommand)
#include "tst_auditcommand.moc"
