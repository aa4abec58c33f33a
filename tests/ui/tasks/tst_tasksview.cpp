// The Tasks view against a real TaskRegistry and server-everything: listing a server's tasks, Cancel
// reaching the server (tasks/cancel), Open Result in the result viewers, Forget and Clear Finished.

#include "everythingtasks.h"

#include "ui/tasks/taskresultdialog.h"
#include "ui/viewers/messagebanner.h"
#include "ui/tasks/tasksmodel.h"
#include "ui/tasks/tasksview.h"
#include "ui/viewers/resultview.h"

#include <QCheckBox>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QHeaderView>
#include <QTest>
#include <QTreeView>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

class tst_TasksView final : public QObject, private EverythingTasksFixture
{
    Q_OBJECT

private slots:
    void init() { startEverything(); }
    void cleanup()
    {
        stopEverything();
        QVERIFY(leftoverTopLevels().isEmpty());
    }

    void listsTheServersTasksAndOpensTheResult()
    {
        auto view = std::make_unique<TasksView>(tasks());
        view->resize(900, 240);
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        view->setServer(QStringLiteral("everything"));
        QCOMPARE(view->proxy()->rowCount(), 0);
        QVERIFY(view->findChild<QLabel *>(QStringLiteral("tasksEmpty"))->isVisible());
        QVERIFY(!view->clearFinishedButton()->isEnabled());

        QObject owner;
        QPointer<ToolCall> call = startResearch(&owner);
        const quint64 callId = call->id();
        QVERIFY2(waitForEntry(callId), "the call did not become a task");
        QCOMPARE(view->proxy()->rowCount(), 1);
        QVERIFY(view->view()->isVisible());
        // Listed by tool and start time; the server's id for the task only in the tool's tooltip (#34 item 7).
        QVERIFY(view->view()->header()->isSectionHidden(TasksModel::TaskIdColumn));
        QVERIFY(!view->view()->header()->isSectionHidden(TasksModel::StartedColumn));
        const QString toolTip = view->proxy()->index(0, TasksModel::ToolColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(toolTip.contains(call->task()->taskId.toHtmlEscaped()), qPrintable(toolTip));
        QVERIFY2(view->summaryLabel()->text().contains(QStringLiteral("1 running")), qPrintable(view->summaryLabel()->text()));

        // Another server's tasks are not this one's; "All servers" lists them all.
        view->setServer(QStringLiteral("elsewhere"));
        QCOMPARE(view->proxy()->rowCount(), 0);
        view->allServersBox()->click();
        QCOMPARE(view->proxy()->rowCount(), 1);
        view->setAllServers(false);
        view->setServer(QStringLiteral("everything"));
        QCOMPARE(view->proxy()->rowCount(), 1);

        // Running: it can be cancelled, not opened or forgotten.
        QVERIFY(view->selectTask(callId));
        QCOMPARE(view->selectedCallId(), callId);
        QVERIFY(view->cancelButton()->isEnabled());
        QVERIFY(!view->openResultButton()->isEnabled());
        QVERIFY(!view->forgetButton()->isEnabled());

        QVERIFY2(waitUntilFinished(callId), "the task did not finish within 30 s");
        QTRY_VERIFY(view->openResultButton()->isEnabled());
        QVERIFY(!view->cancelButton()->isEnabled());
        QVERIFY(view->forgetButton()->isEnabled());
        QVERIFY(view->clearFinishedButton()->isEnabled());

        QTest::mouseClick(view->openResultButton(), Qt::LeftButton);
        TaskResultDialog *dialog = view->resultDialog();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->callId(), callId);
        // The tool and its server in words; the task's id on the tooltip (#34 item 7).
        QVERIFY(!dialog->summaryLabel()->text().contains(tasks()->entry(callId)->task.taskId));
        QVERIFY(dialog->summaryLabel()->toolTip().contains(tasks()->entry(callId)->task.taskId.toHtmlEscaped()));
        QTRY_VERIFY(!dialog->resultView()->contentViews().isEmpty());
        QVERIFY(!dialog->resultView()->banner()->isVisible());
        dialog->close();
        QTRY_VERIFY(!view->resultDialog());

        QTest::mouseClick(view->forgetButton(), Qt::LeftButton);
        QCOMPARE(view->proxy()->rowCount(), 0);
        QVERIFY(!tasks()->entry(callId));
    }

    void cancelReachesTheServer()
    {
        auto view = std::make_unique<TasksView>(tasks());
        view->setServer(QStringLiteral("everything"));
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        QObject owner;
        QPointer<ToolCall> call = startResearch(&owner, QStringLiteral("to be cancelled"));
        const quint64 callId = call->id();
        QVERIFY2(waitForEntry(callId), "the call did not become a task");
        const QString taskId = tasks()->entry(callId)->task.taskId;
        QVERIFY(view->selectTask(callId));
        QTest::mouseClick(view->cancelButton(), Qt::LeftButton);

        QVERIFY2(waitUntilFinished(callId, 15000), "the cancelled task did not end");
        const std::optional<TaskRegistry::Entry> entry = tasks()->entry(callId);
        QCOMPARE(entry->outcome->kind, ToolCallOutcome::Kind::Cancelled);
        QTRY_COMPARE(view->proxy()->index(0, TasksModel::StatusColumn).data().toString(), Task::describeStatus(Task::Status::Cancelled));
        QVERIFY(!view->cancelButton()->isEnabled());

        // The server itself says the task is cancelled: the cancel reached it.
        TOOLGATE_AWAIT_OK(task, Task, 10000, m_connection->session()->getTask(taskId, std::nullopt, c, cb));
        QCOMPARE(task.status, Task::Status::Cancelled);

        // Clear Finished forgets it; a running one would stay.
        QTest::mouseClick(view->clearFinishedButton(), Qt::LeftButton);
        QCOMPARE(view->proxy()->rowCount(), 0);
    }
};

QTEST_MAIN(tst_TasksView)
#include "tst_tasksview.moc"
