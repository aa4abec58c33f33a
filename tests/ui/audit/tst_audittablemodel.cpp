// The audit view's model and window over a real SQLite store with thousands of records: the model
// tester, paging on fetchMore and on scroll, every filter and the full-text search, dropping stale
// answers, and export of the filtered records (re-read and compared). Live updates from a real
// AuditLog writing into a store of their own: new matches at the top, filtered ones left out,
// pending calls completed in place, bursts in one query, nothing while paused or hidden, the
// selection and the scroll place kept.

#include "core/audit/auditlog.h"
#include "core/calls/approval.h"
#include "ui/audit/auditwindow.h"
#include "ui/audit/auditdetailpane.h"
#include "core/audit/auditqueryworker.h"
#include "ui/audit/audittablemodel.h"
#include "core/audit/auditreader.h"
#include "auditstorefiller.h"
#include "csv.h"
#include "../support/auditviewtesting.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QFile>
#include <QItemSelectionModel>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Toolgate;
using namespace Toolgate::AuditViewTest;
using Toolgate::TestSupport::caughtUp;
using Toolgate::TestSupport::workerDone;

namespace {

constexpr int recordCount = 6000;

} // namespace

class tst_AuditTableModel final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::vector<Written> m_written;
    QDateTime m_base;

    bool waitLoaded(AuditTableModel &model)
    {
        return QTest::qWaitFor([&] { return !model.isLoading() && model.matchCount().has_value(); }, 20000);
    }

    // Every loaded row, checked against the written record with the same id.
    bool allRowsMatch(const AuditTableModel &model, const std::function<bool(const Written &)> &match)
    {
        for (int row = 0; row < model.rowCount(); ++row) {
            const qint64 id = model.recordId(row);
            const auto found = std::find_if(m_written.begin(), m_written.end(), [id](const Written &w) { return w.id == id; });
            if (found == m_written.end() || !match(*found)) {
                qWarning() << "row" << row << "record" << id << "does not match the filter";
                return false;
            }
        }
        return true;
    }

    // A store of its own with a few records, and a real AuditLog appending to it.
    struct LiveStore
    {
        QTemporaryDir dir;
        QString path;
        std::unique_ptr<AuditLog> log;
    };
    static std::unique_ptr<LiveStore> liveStore(int records)
    {
        auto store = std::make_unique<LiveStore>();
        store->path = store->dir.filePath(QStringLiteral("live.sqlite"));
        if (fill(store->path, records, QDateTime::currentDateTimeUtc().addSecs(-60 * records - 60)).size() != std::size_t(records))
            return nullptr;
        AuditLog::Options options;
        options.path = store->path;
        options.durability = AuditDatabase::Durability::Normal;
        store->log = std::make_unique<AuditLog>(options);
        return store;
    }

    // A call as the pipeline records it: intent and decision, then (finish) the outcome.
    static AuditLog::Ticket recordCall(AuditLog &log, const QString &server, const QString &tool, bool finish = true)
    {
        AuditToolCallIntent intent;
        intent.server = ServerIdentity{server, QStringLiteral("/usr/bin/%1-server --stdio").arg(server), {}};
        intent.tool = tool;
        intent.arguments = QJsonObject{{QStringLiteral("query"), QStringLiteral("live")}};
        const AuditLog::Ticket ticket = log.recordIntent(intent);
        log.recordDecision(ticket, ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt});
        if (finish)
            finishCall(log, ticket);
        return ticket;
    }

    static void finishCall(AuditLog &log, AuditLog::Ticket ticket)
    {
        AuditToolCallOutcome outcome;
        outcome.kind = ToolCallOutcome::Kind::Succeeded;
        CallToolResult result;
        result.content.append(Content::makeText(QStringLiteral("done")));
        result.raw = result.toJson();
        outcome.result = result;
        outcome.durationMs = 42;
        log.recordOutcome(ticket, outcome);
    }

    // A model over the store at path, under QAbstractItemModelTester's eyes throughout; with live,
    // it hears of what live commits as the audit window does.
    struct TestedModel {
        explicit TestedModel(const QString &path, AuditLog *live = nullptr) : worker(path)
        {
            if (live)
                QObject::connect(live, &AuditLog::recordsCommitted, &model, &AuditTableModel::noteStoreChanged);
        }
        AuditQueryWorker worker;
        AuditTableModel model{&worker};
        QAbstractItemModelTester tester{&model, QAbstractItemModelTester::FailureReportingMode::QtTest};
    };

    static bool idsDescendAndAreUnique(const AuditTableModel &model)
    {
        for (int row = 1; row < model.rowCount(); ++row) {
            if (model.recordId(row) >= model.recordId(row - 1))
                return false;
        }
        return true;
    }

private slots:
    void initTestCase()
    {
        m_path = m_dir.filePath(QStringLiteral("audit.sqlite"));
        m_base = QDateTime::currentDateTimeUtc().addSecs(-60 * recordCount);
        QElapsedTimer timer;
        timer.start();
        m_written = fill(m_path, recordCount, m_base);
        QCOMPARE(int(m_written.size()), recordCount);
        qInfo() << "filled" << recordCount << "records in" << timer.elapsed() << "ms";
    }

    void passesTheModelTesterAndPagesOnFetchMore()
    {
        AuditQueryWorker worker(m_path);
        AuditTableModel model(&worker);
        model.setPageSize(250);
        model.setFilter({});
        QVERIFY(waitLoaded(model));
        QCOMPARE(model.rowCount(), 250);
        QCOMPARE(*model.matchCount(), qint64(recordCount));
        QCOMPARE(model.recordId(0), m_written.back().id); // newest first
        QVERIFY(model.canFetchMore({}));
        model.fetchMore({});
        QVERIFY(model.isLoading());
        QVERIFY(!model.canFetchMore({})); // one page at a time
        QTRY_COMPARE(model.rowCount(), 500);
        for (int row = 1; row < model.rowCount(); ++row)
            QVERIFY(model.recordId(row) < model.recordId(row - 1));
        // Keyset paging leaves no gap and no duplicate between pages.
        QCOMPARE(model.recordId(250), model.recordId(249) - 1);

        // The columns say what happened, in words.
        const int denied = model.rowOfRecord(std::find_if(m_written.rbegin(), m_written.rend(), [](const Written &w) {
            return w.outcome == AuditOutcome::Denied;
        })->id);
        QVERIFY(denied >= 0);
        QCOMPARE(model.index(denied, AuditTableModel::OutcomeColumn).data().toString(), QStringLiteral("denied"));
        QVERIFY(model.index(denied, AuditTableModel::DecisionColumn).data().toString().startsWith(u"denied · "));

        // To the end: every record arrives exactly once.
        while (model.canFetchMore({}) || model.isLoading()) {
            model.fetchMore({});
            QVERIFY(QTest::qWaitFor([&] { return !model.isLoading(); }, 10000));
        }
        QCOMPARE(model.rowCount(), recordCount);
        QVERIFY(model.isComplete());
        QCOMPARE(model.recordId(recordCount - 1), m_written.front().id);
    }

    void passesTheModelTester()
    {
        // Every page goes in under the tester's eyes.
        TestedModel tested(m_path);
        AuditTableModel &model = tested.model;
        model.setPageSize(500);
        const auto loadAll = [&model] {
            return QTest::qWaitFor([&model] {
                model.fetchMore({});
                return model.isComplete();
            }, 60000);
        };
        model.setFilter({});
        QVERIFY(loadAll());
        QCOMPARE(model.rowCount(), recordCount);
        QSet<qint64> ids;
        for (int row = 0; row < model.rowCount(); ++row)
            ids.insert(model.recordId(row));
        QCOMPARE(ids.size(), recordCount);
        model.setFilter({.servers = {QStringLiteral("beta")}});
        QVERIFY(loadAll());
        QCOMPARE(model.rowCount(), int(countWhere(m_written, [](const Written &w) { return w.server == u"beta"; })));
    }

    void scrollingTheViewLoadsMore()
    {
        AuditWindow window(m_path);
        window.resize(900, 600);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        AuditTableModel *model = window.model();
        QVERIFY(waitLoaded(*model));
        const int before = model->rowCount();
        QCOMPARE(before, model->pageSize());
        window.table()->scrollToBottom();
        QTRY_VERIFY(model->rowCount() > before);
        QVERIFY(window.statusLabel()->text().contains(QLocale().toString(recordCount)));
    }

    void filtersNarrow_data()
    {
        QTest::addColumn<QString>("control");
        QTest::addColumn<QVariant>("value");
        QTest::addColumn<int>("expected"); // -1: compute from the predicate
        QTest::addRow("server") << "server" << QVariant(QStringLiteral("beta")) << -1;
        QTest::addRow("tool") << "tool" << QVariant(QStringLiteral("deploy")) << -1;
        QTest::addRow("kind: connection events") << "kind" << QVariant(int(AuditRecordType::Connection)) << -1;
        QTest::addRow("decision: denied") << "decision" << QVariant(QStringLiteral("Denied")) << -1;
        QTest::addRow("decision: remembered rule") << "decision" << QVariant(QStringLiteral("Decided by a remembered rule")) << -1;
        QTest::addRow("outcome: isError") << "outcome" << QVariant(int(AuditOutcome::ToolError)) << -1;
        QTest::addRow("outcome: error") << "outcome" << QVariant(int(AuditOutcome::Failed)) << -1;
        QTest::addRow("outcome: unknown") << "outcome" << QVariant(int(AuditOutcome::Unknown)) << -1;
        QTest::addRow("time range") << "time" << QVariant() << -1;
        QTest::addRow("search: rare word") << "search" << QVariant(QStringLiteral("zebracorn")) << -1;
        QTest::addRow("search: two words") << "search" << QVariant(QStringLiteral("holiday lisbon")) << -1;
        QTest::addRow("search: prefix + server") << "search+server" << QVariant(QStringLiteral("kuber")) << -1;
    }

    void filtersNarrow()
    {
        QFETCH(QString, control);
        QFETCH(QVariant, value);
        AuditWindow window(m_path);
        QAbstractItemModelTester tester(window.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(waitLoaded(*window.model()));

        std::function<bool(const Written &)> match;
        const QDateTime from = m_base.addSecs(60 * 1000);
        const QDateTime until = m_base.addSecs(60 * 1400);
        if (control == u"server") {
            window.serverFilter()->setEditText(value.toString());
            match = [](const Written &w) { return w.server == u"beta"; };
        } else if (control == u"tool") {
            window.toolFilter()->setEditText(value.toString());
            match = [](const Written &w) { return w.name == u"deploy"; };
        } else if (control == u"kind") {
            window.kindFilter()->setCurrentIndex(window.kindFilter()->findData(value));
            match = [](const Written &w) { return w.type == AuditRecordType::Connection; };
        } else if (control == u"decision") {
            window.decisionFilter()->setCurrentText(value.toString());
            if (value.toString() == u"Denied")
                match = [](const Written &w) { return w.decision == ApprovalDecision::Kind::Deny; };
            else
                match = [](const Written &w) { return w.decision && w.source == ApprovalDecision::Source::RememberedRule; };
        } else if (control == u"outcome") {
            window.outcomeFilter()->setCurrentIndex(window.outcomeFilter()->findData(value));
            const auto outcome = AuditOutcome(value.toInt());
            match = [outcome](const Written &w) { return w.outcome == outcome; };
        } else if (control == u"time") {
            window.timeFilter()->setCurrentText(QStringLiteral("Custom range"));
            window.fromEdit()->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
            window.untilEdit()->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
            window.fromEdit()->setDateTime(from.toLocalTime());
            window.untilEdit()->setDateTime(until.toLocalTime());
            match = [from, until](const Written &w) { return w.startedAt >= from && w.startedAt < until; };
        } else if (control == u"search") {
            window.searchField()->setText(value.toString());
            const QStringList terms = value.toString().split(u' ');
            match = [terms](const Written &w) {
                return std::all_of(terms.begin(), terms.end(), [&w](const QString &t) { return w.query.contains(t); });
            };
        } else if (control == u"search+server") {
            window.searchField()->setText(value.toString());
            window.serverFilter()->setEditText(QStringLiteral("gamma"));
            match = [](const Written &w) { return w.server == u"gamma" && w.query.contains(u"kubernetes"); };
        }
        const qint64 expected = countWhere(m_written, match);
        QVERIFY(expected > 0);
        QVERIFY(expected < recordCount);
        // The filter applies after a short pause for typing; then the count matches exactly.
        QTRY_VERIFY_WITH_TIMEOUT(window.model()->matchCount() == expected && !window.model()->isLoading(), 20000);
        QVERIFY(window.model()->rowCount() > 0);
        QVERIFY(allRowsMatch(*window.model(), match));
        // Every page, under the tester's eyes: all of them match, and none is missing.
        QVERIFY(QTest::qWaitFor([&window] {
            window.model()->fetchMore({});
            return window.model()->isComplete();
        }, 30000));
        QCOMPARE(window.model()->rowCount(), int(expected));
        QVERIFY(allRowsMatch(*window.model(), match));
    }

    void staleAnswersAreDropped()
    {
        TestedModel tested(m_path);
        AuditTableModel &model = tested.model;
        // Three filters in a row, without waiting: only the last one's rows may show.
        model.setFilter({.servers = {QStringLiteral("alpha")}});
        model.setFilter({.text = QStringLiteral("invoice")});
        model.setFilter({.servers = {QStringLiteral("gamma")}, .outcomes = {AuditOutcome::Denied}});
        QVERIFY(waitLoaded(model));
        QVERIFY(workerDone(tested.worker)); // any late answer for the older filters has landed now
        const auto match = [](const Written &w) { return w.server == u"gamma" && w.outcome == AuditOutcome::Denied; };
        QCOMPARE(*model.matchCount(), countWhere(m_written, match));
        QVERIFY(model.rowCount() > 0);
        QVERIFY(allRowsMatch(model, match));
    }

    void exportOfTheFilteredViewRoundTrips_data()
    {
        QTest::addColumn<int>("format");
        QTest::addRow("JSON Lines") << int(AuditExporter::Format::JsonLines);
        QTest::addRow("CSV") << int(AuditExporter::Format::Csv);
    }

    void exportOfTheFilteredViewRoundTrips()
    {
        QFETCH(int, format);
        AuditWindow window(m_path);
        QVERIFY(waitLoaded(*window.model()));
        window.serverFilter()->setEditText(QStringLiteral("alpha"));
        window.searchField()->setText(QStringLiteral("budget"));
        const auto match = [](const Written &w) { return w.server == u"alpha" && w.query.contains(u"budget"); };
        const qint64 expected = countWhere(m_written, match);
        QTRY_VERIFY_WITH_TIMEOUT(window.model()->matchCount() == expected, 20000);

        // What the store holds for that filter, in full, oldest first.
        auto reader = AuditReader::open(m_path);
        QVERIFY(reader);
        QList<AuditRecord> records;
        QVERIFY(reader.value()->forEach(window.model()->filter(), [&](const AuditRecord &r) { records.append(r); return true; }));
        QCOMPARE(records.size(), expected);

        const QString file = m_dir.filePath(format == int(AuditExporter::Format::Csv) ? QStringLiteral("out.csv") : QStringLiteral("out.jsonl"));
        std::optional<Result<qint64>> finished;
        connect(&window, &AuditWindow::exportFinished, this, [&](const Result<qint64> &r) { finished = r; });
        window.exportTo(file, AuditExporter::Format(format));
        QTRY_VERIFY_WITH_TIMEOUT(finished.has_value(), 20000);
        const Result<qint64> result = *finished;
        QVERIFY(result);
        QCOMPARE(result.value(), expected);

        QFile in(file);
        QVERIFY(in.open(QIODevice::ReadOnly));
        if (format == int(AuditExporter::Format::JsonLines)) {
            const QList<QByteArray> lines = in.readAll().split('\n');
            QList<AuditRecord> read;
            for (const QByteArray &line : lines) {
                if (line.isEmpty())
                    continue;
                auto record = AuditRecord::fromJson(QJsonDocument::fromJson(line).object());
                QVERIFY(record);
                read.append(record.value());
            }
            QCOMPARE(read.size(), records.size());
            for (int i = 0; i < read.size(); ++i)
                QVERIFY2(read.at(i) == records.at(i), qPrintable(QStringLiteral("record #%1 differs").arg(records.at(i).id)));
        } else {
            const QList<QStringList> rows = TestSupport::parseCsv(QString::fromUtf8(in.readAll()), TestSupport::CsvRowEnd::Any);
            QCOMPARE(rows.size(), records.size() + 1);
            QCOMPARE(rows.first(), AuditExporter::csvColumns());
            const qsizetype idColumn = rows.first().indexOf(QStringLiteral("id"));
            const qsizetype serverColumn = rows.first().indexOf(QStringLiteral("server"));
            const qsizetype nameColumn = rows.first().indexOf(QStringLiteral("name"));
            QVERIFY(idColumn >= 0 && serverColumn >= 0 && nameColumn >= 0);
            for (int i = 0; i < records.size(); ++i) {
                QCOMPARE(rows.at(i + 1).at(idColumn).toLongLong(), records.at(i).id);
                QCOMPARE(rows.at(i + 1).at(serverColumn), records.at(i).serverName);
                QCOMPARE(rows.at(i + 1).at(nameColumn), records.at(i).name);
            }
        }
    }

    void exportFailureSaysWhy()
    {
        AuditWindow window(m_path);
        std::optional<Result<qint64>> finished;
        connect(&window, &AuditWindow::exportFinished, this, [&](const Result<qint64> &r) { finished = r; });
        // A file where a folder should be: the path cannot be created.
        QFile blocker(m_dir.filePath(QStringLiteral("blocker")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        window.exportTo(m_dir.filePath(QStringLiteral("blocker/out.jsonl")), AuditExporter::Format::JsonLines);
        QTRY_VERIFY_WITH_TIMEOUT(finished.has_value(), 20000);
        const Result<qint64> result = *finished;
        QVERIFY(!result);
        QVERIFY2(result.error().message.contains(u"out.jsonl"), qPrintable(result.error().message));
        auto *box = window.findChild<QWidget *>(QStringLiteral("exportFailed"));
        QVERIFY(box);
        QVERIFY(box->isVisible());
        box->close();
    }

    void liveRecordsAppearAtTheTopAndFilteredOnesDoNot()
    {
        const auto store = liveStore(40);
        QVERIFY(store);
        TestedModel tested(store->path, store->log.get());
        AuditTableModel &model = tested.model;
        model.setPageSize(5);
        model.setFilter({.servers = {QStringLiteral("alpha")}});
        QVERIFY(waitLoaded(model));
        QCOMPARE(model.rowCount(), 5);
        QVERIFY(model.canFetchMore({}));
        const qint64 count = *model.matchCount();

        // The person is looking at the fourth row.
        QItemSelectionModel selection(&model);
        selection.setCurrentIndex(model.index(3, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        const qint64 reading = model.recordId(3);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);

        recordCall(*store->log, QStringLiteral("alpha"), QStringLiteral("deploy"));
        recordCall(*store->log, QStringLiteral("beta"), QStringLiteral("deploy")); // another server: filtered out
        recordCall(*store->log, QStringLiteral("alpha"), QStringLiteral("search"));
        const auto name = [&model](int row) { return model.index(row, AuditTableModel::NameColumn).data().toString(); };
        QTRY_VERIFY_WITH_TIMEOUT(name(0) == u"search" && name(1) == u"deploy", 5000);
        QVERIFY(caughtUp(model, tested.worker, *store->log)); // a row that should not be there would have arrived
        QCOMPARE(name(0), QStringLiteral("search"));
        QCOMPARE(name(1), QStringLiteral("deploy"));
        for (int row = 0; row < model.rowCount(); ++row)
            QCOMPARE(model.index(row, AuditTableModel::ServerColumn).data().toString(), QStringLiteral("alpha"));
        for (int row : {0, 1}) {
            QCOMPARE(model.index(row, AuditTableModel::ServerColumn).data().toString(), QStringLiteral("alpha"));
            QCOMPARE(model.index(row, AuditTableModel::OutcomeColumn).data().toString(), QStringLiteral("ok"));
            QCOMPARE(model.index(row, AuditTableModel::DecisionColumn).data().toString(), QStringLiteral("allowed once · human"));
        }
        QVERIFY(idsDescendAndAreUnique(model));
        QCOMPARE(*model.matchCount(), count + 2);
        QCOMPARE(resets.size(), 0);
        QCOMPARE(model.recordId(selection.currentIndex().row()), reading);
        QCOMPARE(selection.selectedRows().size(), 1);
        QCOMPARE(model.recordId(selection.selectedRows().constFirst().row()), reading);

        // Paging on below: every match exactly once, the new ones included.
        QVERIFY(QTest::qWaitFor([&model] {
            model.fetchMore({});
            return model.isComplete();
        }, 20000));
        QCOMPARE(model.rowCount(), int(count + 2));
        QVERIFY(idsDescendAndAreUnique(model));
    }

    void collectionRunsSayWhatTheyAre()
    {
        // A collection run's decision (issue 19) is a record of its own: the table names it in words,
        // not by its stored name, and a denied run is shown like other refusals.
        const auto store = liveStore(0);
        QVERIFY(store);
        RunApprovalRequest run;
        run.runName = QStringLiteral("smoke");
        run.calls.append({QStringLiteral("add"), ServerIdentity{QStringLiteral("demo"), QStringLiteral("/usr/bin/demo"), {}},
                          QStringLiteral("add"), QJsonObject{{QStringLiteral("a"), 2}}, {}});
        store->log->writeRunDecision(run, ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt});
        store->log->writeRunDecision(run, ApprovalDecision{ApprovalDecision::Kind::Deny, ApprovalDecision::Source::Human, {}, std::nullopt});
        TestedModel tested(store->path, store->log.get());
        AuditTableModel &model = tested.model;
        model.setFilter({});
        QVERIFY(waitLoaded(model));
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 2, 5000);
        const auto text = [&model](int row, int column) { return model.index(row, column).data().toString(); };
        QCOMPARE(text(0, AuditTableModel::NameColumn), QStringLiteral("run denied"));
        QCOMPARE(text(1, AuditTableModel::NameColumn), QStringLiteral("run approved"));
        QCOMPARE(text(0, AuditTableModel::KindColumn), QStringLiteral("Collection run"));
        QCOMPARE(text(1, AuditTableModel::KindColumn), QStringLiteral("Collection run"));
        QCOMPARE(text(0, AuditTableModel::ServerColumn), QStringLiteral("demo"));
        // Its message, quotes and all (they are escaped in the stored summary).
        QCOMPARE(text(1, AuditTableModel::OutcomeColumn), QStringLiteral("the collection run \"smoke\" was approved as a whole (calls: 1)"));
        QCOMPARE(text(0, AuditTableModel::OutcomeColumn), QStringLiteral("the collection run \"smoke\" was denied"));
        const auto colour = [&model](int row) {
            return model.index(row, AuditTableModel::OutcomeColumn).data(Qt::ForegroundRole).value<QBrush>().color();
        };
        QCOMPARE(colour(0), QColor(0xc0, 0x39, 0x2b));
        QVERIFY(colour(1) != QColor(0xc0, 0x39, 0x2b));
    }

    void pendingCallsShowTheirOutcomeInPlace()
    {
        const auto store = liveStore(20);
        QVERIFY(store);
        TestedModel tested(store->path, store->log.get());
        AuditTableModel &model = tested.model;
        model.setFilter({});
        QVERIFY(waitLoaded(model));
        const int before = model.rowCount();

        // Recorded as pending first (one record), completed later (the same record, updated).
        const AuditLog::Ticket ticket = recordCall(*store->log, QStringLiteral("alpha"), QStringLiteral("slow"), false);
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), before + 1, 5000);
        QCOMPARE(model.index(0, AuditTableModel::NameColumn).data().toString(), QStringLiteral("slow"));
        QCOMPARE(model.index(0, AuditTableModel::OutcomeColumn).data().toString(), QStringLiteral("pending"));
        const qint64 id = model.recordId(0);
        QItemSelectionModel selection(&model);
        selection.setCurrentIndex(model.index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QSignalSpy updated(&model, &AuditTableModel::liveUpdateApplied);
        finishCall(*store->log, ticket);
        QTRY_COMPARE_WITH_TIMEOUT(model.index(0, AuditTableModel::OutcomeColumn).data().toString(), QStringLiteral("ok"), 5000);
        QCOMPARE(model.index(0, AuditTableModel::DurationColumn).data().toString(), QStringLiteral("42 ms"));
        QCOMPARE(model.rowCount(), before + 1);
        QCOMPARE(model.recordId(0), id);
        QCOMPARE(selection.currentIndex().row(), 0);
        QCOMPARE(updated.size(), 1);
        QCOMPARE(updated.constFirst().at(1).value<QList<qint64>>(), QList<qint64>{id});

        // Filtered to pending calls: a call shows while it runs and leaves the list when it ends.
        model.setFilter({.outcomes = {AuditOutcome::Pending}});
        QVERIFY(waitLoaded(model));
        QCOMPARE(model.rowCount(), 0);
        const AuditLog::Ticket running = recordCall(*store->log, QStringLiteral("beta"), QStringLiteral("wait"), false);
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 5000);
        QCOMPARE(*model.matchCount(), qint64(1));
        finishCall(*store->log, running);
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 0, 5000);
        QCOMPARE(*model.matchCount(), qint64(0));
    }

    void burstsMakeOneQueryAndNothingIsFetchedWhilePaused()
    {
        const auto store = liveStore(20);
        QVERIFY(store);
        TestedModel tested(store->path);
        AuditTableModel &model = tested.model;
        model.setFilter({});
        QVERIFY(waitLoaded(model));
        const int before = model.rowCount();
        QSignalSpy applied(&model, &AuditTableModel::liveUpdateApplied);

        model.setLiveUpdatesPaused(true);
        for (int i = 0; i < 30; ++i)
            recordCall(*store->log, QStringLiteral("gamma"), QStringLiteral("burst"));
        QVERIFY(store->log->waitForWrites());
        for (int i = 0; i < 30; ++i)
            model.noteStoreChanged();
        QVERIFY(caughtUp(model, tested.worker, *store->log));
        QCOMPARE(model.rowCount(), before);
        QCOMPARE(applied.size(), 0);

        // Resuming catches up, in one go.
        model.setLiveUpdatesPaused(false);
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), before + 30, 5000);
        QCOMPARE(applied.size(), 1);
        QCOMPARE(applied.constFirst().at(0).toInt(), 30);

        // Live: a burst noted many times is still one query.
        for (int i = 0; i < 5; ++i)
            recordCall(*store->log, QStringLiteral("gamma"), QStringLiteral("burst"));
        QVERIFY(store->log->waitForWrites());
        for (int i = 0; i < 5; ++i)
            model.noteStoreChanged();
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), before + 35, 5000);
        QVERIFY(caughtUp(model, tested.worker, *store->log));
        QCOMPARE(applied.size(), 2);
        QVERIFY(idsDescendAndAreUnique(model));

        // Nothing changed: nothing to apply (once the query it starts is answered).
        model.noteStoreChanged();
        QVERIFY(model.findChild<QTimer *>() && model.findChild<QTimer *>()->isActive());
        QVERIFY(caughtUp(model, tested.worker, *store->log));
        QCOMPARE(applied.size(), 2);
    }

    void windowKeepsTheScrollPlaceAndTheRecordShown()
    {
        const auto store = liveStore(300);
        QVERIFY(store);
        AuditWindow window(store->path);
        connect(store->log.get(), &AuditLog::recordsCommitted, &window, &AuditWindow::noteStoreChanged);
        window.resize(1000, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        AuditTableModel *model = window.model();
        QVERIFY(waitLoaded(*model));
        QTableView *table = window.table();

        // Scrolled down, reading a record further down.
        table->verticalScrollBar()->setValue(20);
        const int top = table->rowAt(0);
        QVERIFY(top >= 20);
        const qint64 topId = model->recordId(top);
        QSignalSpy shown(&window, &AuditWindow::recordShown);
        table->setCurrentIndex(model->index(top + 3, 0));
        QVERIFY(shown.wait(10000));
        const qint64 reading = window.detailPane()->record().id;
        QCOMPARE(reading, model->recordId(top + 3));
        shown.clear();
        const int rows = model->rowCount();

        for (int i = 0; i < 3; ++i)
            recordCall(*store->log, QStringLiteral("alpha"), QStringLiteral("live_%1").arg(i));
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), rows + 3, 5000);
        QCOMPARE(model->recordId(table->rowAt(0)), topId); // the view did not jump
        QCOMPARE(model->recordId(table->currentIndex().row()), reading);
        QCOMPARE(window.detailPane()->record().id, reading);
        AuditQueryWorker *worker = window.findChild<AuditQueryWorker *>();
        QVERIFY(worker);
        QVERIFY(caughtUp(*model, *worker, *store->log)); // a reload of the detail pane would have been answered
        QCOMPARE(shown.size(), 0); // the detail pane was not reloaded

        // At the very top, new rows show as they come.
        table->scrollToTop();
        recordCall(*store->log, QStringLiteral("alpha"), QStringLiteral("live_top"));
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), rows + 4, 5000);
        QCOMPARE(table->rowAt(0), 0);
        QCOMPARE(model->index(0, AuditTableModel::NameColumn).data().toString(), QStringLiteral("live_top"));

        // Hidden: nothing is fetched; shown again: caught up.
        window.hide();
        recordCall(*store->log, QStringLiteral("alpha"), QStringLiteral("while_hidden"));
        QVERIFY(model->liveUpdatesPaused());
        QVERIFY(caughtUp(*model, *worker, *store->log));
        QCOMPARE(model->rowCount(), rows + 4);
        window.show();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), rows + 5, 5000);
        QCOMPARE(model->index(0, AuditTableModel::NameColumn).data().toString(), QStringLiteral("while_hidden"));
        QCOMPARE(model->recordId(table->currentIndex().row()), reading);

        // F5 still reloads everything.
        QSignalSpy resets(model, &QAbstractItemModel::modelReset);
        window.activateWindow();
        QTest::keyClick(&window, Qt::Key_F5);
        QCOMPARE(resets.size(), 1);
        QVERIFY(waitLoaded(*model));
        QCOMPARE(*model->matchCount(), qint64(305));
    }

    void detailPaneShowsTheRecordInFull()
    {
        AuditWindow window(m_path);
        window.show();
        QVERIFY(waitLoaded(*window.model()));
        window.toolFilter()->setEditText(QStringLiteral("weather"));
        window.outcomeFilter()->setCurrentIndex(window.outcomeFilter()->findData(int(AuditOutcome::Succeeded)));
        QTRY_VERIFY_WITH_TIMEOUT(window.model()->rowCount() > 0 && !window.model()->isLoading()
                                     && window.model()->filter().names == QStringList{QStringLiteral("weather")}, 20000);
        QSignalSpy shown(&window, &AuditWindow::recordShown);
        window.table()->setCurrentIndex(window.model()->index(0, 0));
        QVERIFY(shown.wait(10000));
        const AuditRecord &record = window.detailPane()->record();
        QCOMPARE(record.id, window.model()->recordId(0));
        QVERIFY(record.result.has_value());
        const QString summary = window.detailPane()->summary()->text();
        QVERIFY(summary.contains(record.serverEndpoint));
        QVERIFY(summary.contains(record.serverInfo.value(u"name").toString()));
        QVERIFY(window.detailPane()->argumentsView()->toPlainText().contains(record.arguments.value(u"query").toString()));
        QVERIFY(window.detailPane()->recordJsonView()->toPlainText().contains(QStringLiteral("\"id\": %1").arg(record.id)));
    }
};

QTEST_MAIN(tst_AuditTableModel)
#include "tst_audittablemodel.moc"
