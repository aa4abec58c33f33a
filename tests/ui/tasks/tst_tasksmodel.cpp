// TasksModel against a real TaskRegistry: server-everything runs simulate-research-query as a task, and
// the model's row follows it from the first status to the result, and goes when it is forgotten.

#include "everythingtasks.h"

#include "ui/tasks/tasksmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

class tst_TasksModel final : public QObject, private EverythingTasksFixture
{
    Q_OBJECT

private slots:
    void init() { startEverything(); }
    void cleanup() { stopEverything(); }

    void rowFollowsTheTaskToItsResult()
    {
        TasksModel model(tasks());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy running(&model, &TasksModel::runningCountChanged);
        QCOMPARE(model.rowCount(), 0);

        QObject owner;
        QPointer<ToolCall> call = startResearch(&owner);
        QVERIFY(call);
        const quint64 callId = call->id();
        QVERIFY2(waitForEntry(callId), "the call did not become a task");
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.rowOf(callId), 0);
        QVERIFY(!running.isEmpty());

        const auto cell = [&](int column, int role = Qt::DisplayRole) { return model.index(0, column).data(role); };
        QCOMPARE(cell(0, TasksModel::CallIdRole).toULongLong(), callId);
        QCOMPARE(cell(0, TasksModel::ServerNameRole).toString(), QStringLiteral("everything"));
        QCOMPARE(cell(TasksModel::ToolColumn).toString(), QStringLiteral("Simulate Research Query"));
        const std::optional<TaskRegistry::Entry> entry = tasks()->entry(callId);
        QVERIFY(!entry->task.taskId.isEmpty());
        QCOMPARE(cell(TasksModel::TaskIdColumn).toString(), TasksModel::shortTaskId(entry->task.taskId));
        QVERIFY(cell(TasksModel::TaskIdColumn, Qt::ToolTipRole).toString().contains(entry->task.taskId.toHtmlEscaped()));
        QVERIFY(!cell(TasksModel::StartedColumn).toString().isEmpty());

        // While it runs: working, with the server's word on the stage it is in.
        QVERIFY(cell(0, TasksModel::RunningRole).toBool());
        QCOMPARE(model.runningCount(), 1);
        QCOMPARE(model.runningCount(QStringLiteral("everything")), 1);
        QCOMPARE(model.runningCount(QStringLiteral("elsewhere")), 0);
        QCOMPARE(cell(TasksModel::StatusColumn).toString(), Task::describeStatus(Task::Status::Working));
        QTRY_VERIFY_WITH_TIMEOUT(cell(TasksModel::MessageColumn).toString().endsWith(QStringLiteral("...")), 10000);
        QVERIFY(!cell(TasksModel::StatusColumn, Qt::DecorationRole).value<QIcon>().isNull());

        // It ends with the result, in the same row.
        QVERIFY2(waitUntilFinished(callId), "the task did not finish within 30 s");
        QTRY_VERIFY(!cell(0, TasksModel::RunningRole).toBool());
        QCOMPARE(model.runningCount(), 0);
        QCOMPARE(cell(TasksModel::StatusColumn).toString(), Task::describeStatus(Task::Status::Completed));
        QCOMPARE(ToolCallOutcome::Kind(cell(0, TasksModel::OutcomeKindRole).toInt()), ToolCallOutcome::Kind::Succeeded);
        QVERIFY(!cell(TasksModel::DurationColumn).toString().isEmpty());
        // Its message is now the start of its result, not the server's last word on its progress.
        QCOMPARE(cell(TasksModel::MessageColumn).toString(), QStringLiteral("# Research Report: tide pools"));
        const std::optional<TaskRegistry::Entry> done = model.entryAt(0);
        QVERIFY(done && done->outcome);
        QVERIFY2(done->outcome->result.textSummary().contains(QStringLiteral("Research Report: tide pools")),
                 qPrintable(done->outcome->result.textSummary().left(300)));

        // Forgotten: the row goes.
        QVERIFY(tasks()->forget(callId));
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.rowOf(callId), -1);
    }

    void newestFirstAndCancelledSaysSo()
    {
        TasksModel model(tasks());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QObject owner;
        QPointer<ToolCall> first = startResearch(&owner, QStringLiteral("first"));
        QVERIFY2(waitForEntry(first->id()), "the first call did not become a task");
        QPointer<ToolCall> second = startResearch(&owner, QStringLiteral("second"));
        const quint64 firstId = first->id();
        const quint64 secondId = second->id();
        QVERIFY2(waitForEntry(secondId), "the second call did not become a task");
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.rowOf(secondId), 0);
        QCOMPARE(model.rowOf(firstId), 1);
        QCOMPARE(model.runningCount(QStringLiteral("everything")), 2);

        QVERIFY(tasks()->cancel(secondId));
        QVERIFY2(waitUntilFinished(secondId), "the cancelled task did not end");
        const QModelIndex cancelled = model.index(model.rowOf(secondId), TasksModel::StatusColumn);
        QTRY_COMPARE(ToolCallOutcome::Kind(cancelled.data(TasksModel::OutcomeKindRole).toInt()), ToolCallOutcome::Kind::Cancelled);
        QCOMPARE(cancelled.data().toString(), Task::describeStatus(Task::Status::Cancelled));
        QCOMPARE(model.runningCount(), 1);
        QVERIFY2(waitUntilFinished(firstId), "the first task did not finish");
        QTRY_COMPARE(model.runningCount(), 0);
        QCOMPARE(ToolCallOutcome::Kind(model.index(model.rowOf(firstId), 0).data(TasksModel::OutcomeKindRole).toInt()),
                 ToolCallOutcome::Kind::Succeeded);
    }

    void serverTextStaysText()
    {
        // A task id and status message are the server's: one line in cells, escaped in tooltips.
        QCOMPARE(TasksModel::shortTaskId(QStringLiteral("0123456789abcdef")), QStringLiteral("01234567") + QChar(0x2026));
        QCOMPARE(TasksModel::shortTaskId(QStringLiteral("short")), QStringLiteral("short"));
        TaskRegistry::Entry entry;
        entry.task.statusMessage = QStringLiteral("<b>bold</b>\nnext line");
        QCOMPARE(TasksModel::messageText(entry), entry.task.statusMessage);
        entry.finished = true;
        entry.outcome = ToolCallOutcome{};
        entry.outcome->kind = ToolCallOutcome::Kind::Failed;
        entry.outcome->error.message = QStringLiteral("the server went away");
        QCOMPARE(TasksModel::messageText(entry), QStringLiteral("the server went away"));
        QCOMPARE(TasksModel::statusText(entry), Task::describeStatus(Task::Status::Failed));
    }
};

QTEST_MAIN(tst_TasksModel)
#include "tst_tasksmodel.moc"
