// toolgate-bench-audit: the audit log at scale. Fills a store with synthetic records (one million
// by default), then times what the GUI view and the CLI do with it — open, first page, filtered
// page, deep scroll, full-text and substring search, verify — and the sustained append rate of
// AuditLog with the durability settings it ships with. Run by hand; see docs/benchmarks.md.

#include "core/audit/auditdatabase.h"
#include "core/audit/auditlog.h"
#include "core/audit/auditreader.h"
#include "core/audit/auditrows.h"
#include "core/audit/auditverifier.h"
#include "core/audit/auditwriter.h"
#ifdef TOOLGATE_BENCH_VIEW_MODEL
#include "core/audit/auditqueryworker.h"
#include "ui/audit/audittablemodel.h"
#endif

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QThread>
#include <QRandomGenerator>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTextStream>
#include <QUuid>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace Toolgate;

namespace {

QTextStream out(stdout);

const QStringList words{
    QStringLiteral("report"), QStringLiteral("invoice"), QStringLiteral("weather"), QStringLiteral("deploy"),
    QStringLiteral("customer"), QStringLiteral("kubernetes"), QStringLiteral("migration"), QStringLiteral("budget"),
    QStringLiteral("holiday"), QStringLiteral("backup"), QStringLiteral("release"), QStringLiteral("meeting"),
    QStringLiteral("analysis"), QStringLiteral("database"), QStringLiteral("network"), QStringLiteral("summary"),
    QStringLiteral("project"), QStringLiteral("contract"), QStringLiteral("schedule"), QStringLiteral("pipeline"),
};

// Deterministic synthetic calls: 20 servers, 60 tools, arguments ~120 bytes, results ~400 bytes,
// 5% tool errors, 3% denials, 1% failures, a third decided by remembered rules. One record in
// 100,000 carries the rare word "zebracorn" (for a selective search).
struct Synthetic
{
    QRandomGenerator random{20240501};
    qint64 index = 0;

    QString sentence(int count)
    {
        QStringList picked;
        for (int i = 0; i < count; ++i)
            picked.append(words.at(int(random.bounded(words.size()))));
        return picked.join(u' ');
    }

    void next(AuditToolCallIntent &intent, ApprovalDecision &decision, AuditToolCallOutcome &outcome, qint64 startMs)
    {
        ++index;
        const int server = int(random.bounded(20));
        intent.server = {QStringLiteral("server-%1").arg(server), QStringLiteral("npx -y @example/mcp-server-%1 --root /srv").arg(server), {}};
        intent.server.serverInfo.name = QStringLiteral("example-server-%1").arg(server);
        intent.server.serverInfo.version = QStringLiteral("1.%1.0").arg(server);
        intent.tool = QStringLiteral("tool_%1").arg(random.bounded(60));
        intent.arguments = QJsonObject{
            {QStringLiteral("path"), QStringLiteral("/srv/data/%1/file-%2.txt").arg(words.at(server % words.size())).arg(index)},
            {QStringLiteral("query"), index % 100000 == 7 ? QStringLiteral("find the zebracorn") : sentence(4)},
            {QStringLiteral("limit"), int(random.bounded(100))},
        };
        intent.initiator = random.bounded(10) == 0 ? CallInitiator::Cli : CallInitiator::Gui;
        intent.startedAt = QDateTime::fromMSecsSinceEpoch(startMs, Qt::UTC);

        const quint32 roll = random.bounded(100);
        decision = {roll < 3 ? ApprovalDecision::Kind::Deny : ApprovalDecision::Kind::AllowOnce,
                    random.bounded(3) == 0 ? ApprovalDecision::Source::RememberedRule : ApprovalDecision::Source::Human,
                    {}, std::nullopt};
        outcome = {};
        outcome.finishedAt = intent.startedAt.addMSecs(40);
        outcome.durationMs = 5 + random.bounded(200);
        if (roll < 3) {
            outcome.kind = ToolCallOutcome::Kind::Denied;
            outcome.error = Error{-33007, QStringLiteral("The user denied this call."), {}};
        } else if (roll < 4) {
            outcome.kind = ToolCallOutcome::Kind::Failed;
            outcome.error = Error{-33001, QStringLiteral("the server did not answer in time"), {}};
        } else {
            CallToolResult result;
            result.isError = roll < 9;
            outcome.kind = result.isError ? ToolCallOutcome::Kind::ToolError : ToolCallOutcome::Kind::Succeeded;
            result.content.append(Content::makeText(sentence(50)));
            result.raw = result.toJson();
            outcome.result = result;
        }
    }
};

double msSince(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

// Runs body once cold and then `runs` times; reports the first and the median of the rest.
struct Timing
{
    double first = 0;
    double median = 0;
};

Timing measure(int runs, const std::function<void()> &body)
{
    QElapsedTimer timer;
    timer.start();
    body();
    Timing timing;
    timing.first = msSince(timer);
    std::vector<double> samples;
    for (int i = 0; i < runs; ++i) {
        timer.restart();
        body();
        samples.push_back(msSince(timer));
    }
    std::sort(samples.begin(), samples.end());
    timing.median = samples.empty() ? timing.first : samples.at(samples.size() / 2);
    return timing;
}

// Takes the note as a function: it reads what the measured body computed, so it must run after it.
void row(const QString &what, const Timing &timing, const std::function<QString()> &note = {})
{
    out << QStringLiteral("| %1 | %2 ms | %3 ms | %4 |\n")
               .arg(what)
               .arg(timing.first, 0, 'f', 1)
               .arg(timing.median, 0, 'f', 1)
               .arg(note ? note() : QString());
    out.flush();
}

qint64 storeBytes(const QString &path)
{
    qint64 total = 0;
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        total += QFileInfo(path + suffix).size();
    return total;
}

bool fill(const QString &path, qint64 count)
{
    AuditDatabase::Options options;
    options.path = path;
    options.connectionName = QStringLiteral("bench-fill");
    auto database = AuditDatabase::open(options);
    if (!database) {
        out << database.error().message << '\n';
        return false;
    }
    {
        AuditWriter writer(database.value()->db());
        AuditRowBuilder rows({});
        Synthetic synthetic;
        const QString session = QUuid::createUuid().toString(QUuid::WithoutBraces);
        // Spread over the last 90 days.
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const qint64 span = qint64(90) * 24 * 3600 * 1000;
        QElapsedTimer timer;
        timer.start();
        constexpr qint64 perTransaction = 10000;
        AuditToolCallIntent intent;
        ApprovalDecision decision;
        AuditToolCallOutcome outcome;
        for (qint64 done = 0; done < count;) {
            if (!writer.begin())
                return false;
            const qint64 end = std::min(count, done + perTransaction);
            for (; done < end; ++done) {
                synthetic.next(intent, decision, outcome, now - span + span * done / count);
                const auto id = writer.appendIntent(rows.intent(intent, session));
                if (!id || !writer.appendDecision(id.value(), rows.decision(decision, intent.startedAt.addMSecs(20)))
                    || !writer.appendOutcome(id.value(), rows.outcome(outcome))) {
                    out << "fill failed\n";
                    return false;
                }
            }
            if (!writer.commit())
                return false;
            if (done % 100000 == 0) {
                out << QStringLiteral("  filled %1 records, %2 s\n").arg(done).arg(msSince(timer) / 1000, 0, 'f', 1);
                out.flush();
            }
        }
        out << QStringLiteral("Bulk fill (10,000 records per transaction, 3 chained events each): %1 records in %2 s = %3 records/s\n")
                   .arg(count).arg(msSince(timer) / 1000, 0, 'f', 1).arg(count / (msSince(timer) / 1000), 0, 'f', 0);
        QSqlQuery checkpoint(database.value()->db());
        checkpoint.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    }
    return true;
}

// Sustained appends through AuditLog exactly as the app does them (writer thread, group commit,
// hash chain, redaction, FTS triggers), on the million-record store.
void appendRates(const QString &path, AuditDatabase::Durability durability, int sequentialCalls, int burstCalls)
{
    AuditLog::Options options;
    options.path = path;
    options.durability = durability;
    AuditLog log(options);
    if (!log.waitForWrites()) {
        out << "cannot open the store for appending\n";
        return;
    }
    const QString name = durability == AuditDatabase::Durability::Full ? QStringLiteral("FULL") : QStringLiteral("NORMAL");
    Synthetic synthetic;
    AuditToolCallIntent intent;
    ApprovalDecision decision;
    AuditToolCallOutcome outcome;

    // One call at a time, each waiting for its intent and decision to be durable before "sending":
    // the latency the pipeline hook adds to every call.
    std::vector<double> waits;
    QElapsedTimer total;
    total.start();
    for (int i = 0; i < sequentialCalls; ++i) {
        synthetic.next(intent, decision, outcome, QDateTime::currentMSecsSinceEpoch());
        QElapsedTimer wait;
        wait.start();
        const auto ticket = log.recordIntent(intent);
        log.recordDecision(ticket, decision);
        if (!log.waitForWrites())
            return;
        waits.push_back(msSince(wait));
        log.recordOutcome(ticket, outcome);
    }
    if (!log.waitForWrites())
        return;
    const double sequentialSeconds = msSince(total) / 1000;
    std::sort(waits.begin(), waits.end());
    out << QStringLiteral("| synchronous=%1, one call at a time (intent+decision committed before send, outcome after) | %2 calls/s | "
                          "durable-intent wait p50 %3 ms, p99 %4 ms |\n")
               .arg(name)
               .arg(sequentialCalls / sequentialSeconds, 0, 'f', 0)
               .arg(waits.at(waits.size() / 2), 0, 'f', 2)
               .arg(waits.at(std::min(waits.size() - 1, waits.size() * 99 / 100)), 0, 'f', 2);
    out.flush();

    // Everything queued at once: what group commit sustains (3 chained events per call). The calls
    // are made up first, so the timing holds only what the app pays and what the writer does.
    struct Call
    {
        AuditToolCallIntent intent;
        ApprovalDecision decision;
        AuditToolCallOutcome outcome;
    };
    std::vector<Call> calls(static_cast<std::size_t>(burstCalls));
    for (Call &call : calls)
        synthetic.next(call.intent, call.decision, call.outcome, QDateTime::currentMSecsSinceEpoch());
    total.restart();
    QElapsedTimer enqueue;
    enqueue.start();
    for (const Call &call : calls) {
        const auto ticket = log.recordIntent(call.intent);
        log.recordDecision(ticket, call.decision);
        log.recordOutcome(ticket, call.outcome);
    }
    const double enqueueMs = msSince(enqueue);
    if (!log.waitForWrites())
        return;
    const double burstSeconds = msSince(total) / 1000;
    out << QStringLiteral("| synchronous=%1, %2 calls queued at once (group commit) | %3 calls/s = %4 events/s | "
                          "caller spent %5 µs per call queuing |\n")
               .arg(name)
               .arg(burstCalls)
               .arg(burstCalls / burstSeconds, 0, 'f', 0)
               .arg(3 * burstCalls / burstSeconds, 0, 'f', 0)
               .arg(enqueueMs * 1000 / burstCalls, 0, 'f', 1);
    out.flush();
}

#ifdef TOOLGATE_BENCH_VIEW_MODEL
// The audit view's own model (AuditTableModel on its query thread), timed as the person sees it:
// from setting a filter to the first page of rows being in the model, then to the match count.
void viewModelRows(const QString &path)
{
    AuditQueryWorker worker(path);
    AuditTableModel model(&worker);
    QEventLoop loop;
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, [&loop] { loop.exit(1); });
    const auto waitFor = [&](auto signal) {
        QMetaObject::Connection connection = QObject::connect(&model, signal, &loop, [&loop] { loop.quit(); });
        guard.start(60000);
        const int code = loop.exec();
        QObject::disconnect(connection);
        guard.stop();
        return code == 0;
    };
    // Each run sets the filter afresh (a new query, the old one's answers dropped) and stops the
    // clock when the first page is in the model. The count follows on its own thread; it is timed
    // once, on the last run.
    const auto timeFilter = [&](const QString &what, const AuditFilter &filter, int runs) {
        std::vector<double> firstPage;
        double counted = 0;
        for (int i = 0; i <= runs; ++i) {
            QElapsedTimer timer;
            timer.start();
            model.setFilter(AuditFilter{.names = {QStringLiteral("no-such-tool-%1").arg(i)}}); // a different filter in between
            model.setFilter(filter);
            if (!waitFor(&AuditTableModel::pageLoaded))
                return;
            firstPage.push_back(msSince(timer));
            if (i == runs) {
                if (!model.matchCount() && !waitFor(&AuditTableModel::matchCountChanged)) {
                    out << QStringLiteral("| view model: %1 | | | the count took over a minute |\n").arg(what);
                    return;
                }
                counted = msSince(timer);
            }
        }
        std::vector<double> warm(firstPage.begin() + 1, firstPage.end());
        std::sort(warm.begin(), warm.end());
        out << QStringLiteral("| view model: %1 — first page (%2 rows) in the model | %3 ms | %4 ms | count done after %5 ms: %6 match |\n")
                   .arg(what)
                   .arg(model.rowCount())
                   .arg(firstPage.front(), 0, 'f', 1)
                   .arg(warm.empty() ? firstPage.front() : warm.at(warm.size() / 2), 0, 'f', 1)
                   .arg(counted, 0, 'f', 0)
                   .arg(model.matchCount().value_or(-1));
        out.flush();
    };
    timeFilter(QStringLiteral("no filter"), {}, 5);
    timeFilter(QStringLiteral("search, rare word"), {.text = QStringLiteral("zebracorn")}, 5);
    timeFilter(QStringLiteral("search, two common words"), {.text = QStringLiteral("kubernetes budget")}, 5);
    timeFilter(QStringLiteral("search, prefix + server"), {.servers = {QStringLiteral("server-3")}, .text = QStringLiteral("kuber")}, 5);

    // Scrolling: the next page (keyset, from the last row loaded) as the view asks for it.
    model.setFilter({});
    if (!waitFor(&AuditTableModel::pageLoaded))
        return;
    std::vector<double> pages;
    for (int i = 0; i < 20; ++i) {
        QElapsedTimer timer;
        timer.start();
        model.fetchMore({});
        if (!waitFor(&AuditTableModel::pageLoaded))
            return;
        pages.push_back(msSince(timer));
    }
    std::sort(pages.begin(), pages.end());
    out << QStringLiteral("| view model: fetchMore, next page while scrolling (20 pages) | | %1 ms | %2 rows loaded |\n")
               .arg(pages.at(pages.size() / 2), 0, 'f', 1)
               .arg(model.rowCount());
    out.flush();
}
#endif

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Audit log benchmark"));
    parser.addHelpOption();
    const QCommandLineOption records(QStringLiteral("records"), QStringLiteral("Records to fill (default 1000000)."),
                                     QStringLiteral("n"), QStringLiteral("1000000"));
    const QCommandLineOption dir(QStringLiteral("dir"), QStringLiteral("Folder for the store (default: a temporary one)."),
                                 QStringLiteral("path"));
    const QCommandLineOption reuse(QStringLiteral("reuse"), QStringLiteral("Use the store already in --dir instead of filling."));
    const QCommandLineOption sequential(QStringLiteral("sequential"), QStringLiteral("Calls for the one-at-a-time rate (default 1000)."),
                                        QStringLiteral("n"), QStringLiteral("1000"));
    const QCommandLineOption burst(QStringLiteral("burst"), QStringLiteral("Calls for the queued rate (default 50000)."),
                                   QStringLiteral("n"), QStringLiteral("50000"));
    const QCommandLineOption viewOnly(QStringLiteral("view-only"), QStringLiteral("Only time the audit view's model (with --reuse)."));
    parser.addOptions({records, dir, reuse, sequential, burst, viewOnly});
    parser.process(app);

    QTemporaryDir temporary;
    const QString folder = parser.isSet(dir) ? parser.value(dir) : temporary.path();
    QDir().mkpath(folder);
    const QString path = QDir(folder).filePath(QStringLiteral("bench-audit.sqlite"));
    const qint64 count = parser.value(records).toLongLong();

    out << QStringLiteral("Machine: %1, %2 cores; SQLite store at %3\n")
               .arg(QSysInfo::prettyProductName()).arg(QThread::idealThreadCount()).arg(path);
    if (!parser.isSet(reuse)) {
        QFile::remove(path);
        QFile::remove(path + QStringLiteral("-wal"));
        QFile::remove(path + QStringLiteral("-shm"));
        if (!fill(path, count))
            return 1;
    }
    out << QStringLiteral("Store size: %1 MB\n\n").arg(storeBytes(path) / 1e6, 0, 'f', 0);

    out << "| what | first run | median of 5 | note |\n|---|---|---|---|\n";
#ifdef TOOLGATE_BENCH_VIEW_MODEL
    if (parser.isSet(viewOnly)) {
        viewModelRows(path);
        return 0;
    }
#endif
    row(QStringLiteral("open the store (AuditLog: WAL, migrations check, crash recovery)"), measure(0, [&] {
            AuditLog::Options options;
            options.path = path;
            AuditLog log(options);
            (void)log.waitForWrites();
        }));
    auto opened = AuditReader::open(path);
    if (!opened) {
        out << opened.error().message << '\n';
        return 1;
    }
    AuditReader &reader = *opened.value();
    qint64 total = 0;
    row(QStringLiteral("view's first page: count + newest 100 (summaries)"), measure(5, [&] {
            total = reader.count({}).value();
            (void)reader.page({}, {.limit = 100});
        }), [&] { return QStringLiteral("%1 records").arg(total); });
    qint64 matching = 0;
    const AuditFilter narrow{.servers = {QStringLiteral("server-7")}, .outcomes = {AuditOutcome::Failed}};
    row(QStringLiteral("filtered first page: server + outcome=failed, count + 100"), measure(5, [&] {
            matching = reader.count(narrow).value();
            (void)reader.page(narrow, {.limit = 100});
        }), [&] { return QStringLiteral("%1 match").arg(matching); });
    const AuditFilter lastWeek{.from = QDateTime::currentDateTimeUtc().addDays(-7)};
    row(QStringLiteral("time filter (last 7 days), count + 100"), measure(5, [&] {
            matching = reader.count(lastWeek).value();
            (void)reader.page(lastWeek, {.limit = 100});
        }), [&] { return QStringLiteral("%1 match").arg(matching); });
    row(QStringLiteral("next page deep in the list (keyset, before id N/2)"), measure(5, [&] {
            (void)reader.page({}, {.beforeId = total / 2, .limit = 100});
        }));
    row(QStringLiteral("scrollbar jump to the middle (OFFSET N/2, 100 rows)"), measure(5, [&] {
            (void)reader.window({}, total / 2, 100);
        }));
    row(QStringLiteral("open one record in full"), measure(5, [&] { (void)reader.record(total / 3); }));
    const AuditFilter rare{.text = QStringLiteral("zebracorn")};
    row(QStringLiteral("full-text search, rare word (FTS5): count + first 100"), measure(5, [&] {
            matching = reader.count(rare).value();
            (void)reader.page(rare, {.limit = 100});
        }), [&] { return QStringLiteral("%1 match").arg(matching); });
    const AuditFilter common{.text = QStringLiteral("kubernetes budget")};
    row(QStringLiteral("full-text search, two common words (FTS5): first 100"), measure(5, [&] {
            (void)reader.page(common, {.limit = 100});
        }));
    row(QStringLiteral("full-text search, two common words (FTS5): count"), measure(2, [&] {
            matching = reader.count(common).value();
        }), [&] { return QStringLiteral("%1 match").arg(matching); });
    const AuditFilter prefix{.text = QStringLiteral("kuber")};
    row(QStringLiteral("full-text prefix search + server filter: first 100"), measure(5, [&] {
            (void)reader.page(AuditFilter{.servers = {QStringLiteral("server-3")}, .text = prefix.text}, {.limit = 100});
        }));
    reader.setFullTextEnabled(false);
    row(QStringLiteral("substring fallback (no FTS5), rare word: count + first 100"), measure(1, [&] {
            matching = reader.count(rare).value();
            (void)reader.page(rare, {.limit = 100});
        }), [&] { return QStringLiteral("%1 match").arg(matching); });
    reader.setFullTextEnabled(true);
    row(QStringLiteral("export 10,000 filtered records as JSON Lines (to memory)"), measure(1, [&] {
            qint64 n = 0;
            QByteArray sink;
            (void)reader.forEach({.servers = {QStringLiteral("server-1")}}, [&](const AuditRecord &record) {
                sink += QJsonDocument(record.toJson()).toJson(QJsonDocument::Compact);
                sink.clear();
                return ++n < 10000;
            });
        }));
    opened.value().reset();
#ifdef TOOLGATE_BENCH_VIEW_MODEL
    viewModelRows(path);
#endif

    {
        AuditDatabase::Options options;
        options.path = path;
        options.connectionName = QStringLiteral("bench-verify");
        auto database = AuditDatabase::open(options);
        QElapsedTimer timer;
        timer.start();
        const auto verification = AuditVerifier::verify(*database.value());
        out << QStringLiteral("| verify the whole chain | %1 ms | | %2 records, %3 events, %4 |\n")
                   .arg(msSince(timer), 0, 'f', 0)
                   .arg(verification ? verification->records : 0)
                   .arg(verification ? verification->events : 0)
                   .arg(verification && verification->ok() ? QStringLiteral("intact") : QStringLiteral("PROBLEMS"));
        out.flush();
    }

    out << "\n| append mode | rate | latency |\n|---|---|---|\n";
    appendRates(path, AuditDatabase::Durability::Full, parser.value(sequential).toInt(), parser.value(burst).toInt());
    appendRates(path, AuditDatabase::Durability::Normal, parser.value(sequential).toInt(), parser.value(burst).toInt());
    out << QStringLiteral("\nStore size after appends: %1 MB\n").arg(storeBytes(path) / 1e6, 0, 'f', 0);
    return 0;
}
