// Calls that run as tasks, in the main window (issue 18): server-everything's simulate-research-query
// from the tool panel shows its task's status while it runs and its result when it ends; the Tasks view
// beside the console lists it, cancels it (the server hears tasks/cancel, the audit log records it) and
// keeps a task whose panel is gone. With pictures for the docs.

#include "ui/mainwindow/mainwindow.h"
#include "../support/mainwindowtesting.h"
#include "../tasks/everythingtasks.h"

#include "core/audit/auditlog.h"
#include "core/audit/auditreader.h"
#include "ui/forms/argumentform.h"
#include "core/calls/argumenthistory.h"
#include "ui/serverfeatures/toolpanel.h"
#include "ui/tasks/taskresultdialog.h"
#include "ui/tasks/tasksmodel.h"
#include "ui/tasks/tasksview.h"
#include "ui/viewers/resultview.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

class tst_TaskWindow final : public QObject, private MainWindowFixture
{
    Q_OBJECT

private:
    ScriptedGate m_gate;

    ServerConnection *everything() const { return m_host->workspace()->connection(QStringLiteral("everything")); }
    QDockWidget *tasksDock() const { return m_window->findChild<QDockWidget *>(QStringLiteral("tasksDock")); }
    TaskRegistry *tasks() const { return m_host->tasks(); }

    void openWindow()
    {
        QVERIFY(showMainWindow(makeWindow(&m_gate), *m_host, QSize(1360, 860)));
        m_host->workspace()->startAll();
        QVERIFY2(waitForTool(*m_window, QStringLiteral("everything"), researchTool, 25000), "server-everything did not list its task tool");
    }

    /// Runs simulate-research-query from the panel; returns the call, once it became a task (null otherwise).
    QPointer<ToolCall> runResearch(const QString &topic)
    {
        ToolPanel *panel = m_window->toolPanel();
        if (!m_window->selectTool(QStringLiteral("everything"), researchTool))
            return nullptr;
        panel->argumentForm()->setArguments({{QStringLiteral("topic"), topic}});
        if (!waitUntilChecked(panel->argumentForm()) || !QTest::qWaitFor([panel] { return panel->runButton()->isEnabled(); }, 10000))
            return nullptr;
        QTest::mouseClick(panel->runButton(), Qt::LeftButton);
        QPointer<ToolCall> call = panel->currentCall();
        if (!call || !QTest::qWaitFor([call] { return !call || call->task().has_value(); }, 15000))
            return nullptr;
        return call;
    }

    /// The audit log's records of the research tool, newest first (after the log wrote what it holds).
    QList<AuditRecord> researchRecords()
    {
        bool flushed = false;
        QObject context;
        m_host->audit()->flush(&context, [&flushed](const Result<void> &) { flushed = true; });
        if (!QTest::qWaitFor([&] { return flushed; }, 10000))
            return {}; // the caller's checks on the records then fail
        auto reader = AuditReader::open(m_host->audit()->path());
        if (!reader.ok())
            return {};
        AuditFilter filter;
        filter.types = {AuditRecordType::ToolCall};
        filter.names = {researchTool};
        AuditReader::PageRequest request;
        request.detail = AuditReader::Detail::Full;
        auto page = reader.value()->page(filter, request);
        return page.ok() ? page.value().records : QList<AuditRecord>();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        const QString missing = missingNpmPeers();
        QVERIFY2(missing.isEmpty(), qPrintable(missing));
    }

    void init()
    {
        QVERIFY(makeFolder({everythingConfig()}));
        m_host = guiTestHost(m_dir->path(), path(QStringLiteral("audit.sqlite")));
        m_gate.requests.clear();
    }

    void cleanup()
    {
        dropWindowHostAndFolder();
        QTRY_VERIFY(leftoverTopLevels().isEmpty());
    }

    void panelSaysWhetherAToolRunsAsATask()
    {
        openWindow();
        ToolPanel *panel = m_window->toolPanel();
        QVERIFY(m_window->selectTool(QStringLiteral("everything"), researchTool));
        // Required: always a task, and the panel says so; nothing to choose.
        QVERIFY(panel->taskNote()->isVisible());
        QVERIFY(!panel->runAsTaskBox()->isVisible());

        // Forbidden (no execution.taskSupport): neither.
        QVERIFY(m_window->selectTool(QStringLiteral("everything"), QStringLiteral("echo")));
        QVERIFY(!panel->taskNote()->isVisible());
        QVERIFY(!panel->runAsTaskBox()->isVisible());

        // Optional: offered, unticked; the choice is kept per tool.
        const Tool echo = panel->tool();
        Tool optional = echo;
        optional.name = QStringLiteral("echo-optional");
        optional.execution = {{QStringLiteral("taskSupport"), QStringLiteral("optional")}};
        panel->setTool(everything(), optional);
        QVERIFY(panel->runAsTaskBox()->isVisible());
        QVERIFY(!panel->runAsTaskBox()->isChecked());
        QVERIFY(!panel->taskNote()->isVisible());
        panel->runAsTaskBox()->click();
        panel->setTool(everything(), echo);
        QVERIFY(!panel->runAsTaskBox()->isVisible());
        panel->setTool(everything(), optional);
        QVERIFY(panel->runAsTaskBox()->isChecked());
    }

    void researchRunsAsATaskWithItsStatusShown()
    {
        openWindow();
        ToolPanel *panel = m_window->toolPanel();
        QPointer<ToolCall> call = runResearch(QStringLiteral("coral reefs"));
        QVERIFY2(call, "simulate-research-query did not become a task");
        const quint64 callId = call->id();
        const QString taskId = call->task()->taskId;

        // While it runs: "Running as a task: working — <the server's stage>", a Cancel that cancels the task.
        // The server's id for it is in the tooltip, not in the way (#34 item 7).
        const QString lead = QStringLiteral("Running as a task: %1").arg(Task::describeStatus(Task::Status::Working));
        QTRY_VERIFY_WITH_TIMEOUT(panel->stateLabel()->text().startsWith(lead + QStringLiteral(" — ")), 10000);
        QVERIFY2(panel->stateLabel()->toolTip().contains(taskId.toHtmlEscaped()), qPrintable(panel->stateLabel()->toolTip()));
        QVERIFY2(panel->stateLabel()->text().contains(QStringLiteral("...")), qPrintable(panel->stateLabel()->text()));
        QCOMPARE(panel->stateLabel()->textFormat(), Qt::PlainText);
        QVERIFY(panel->cancelButton()->isVisible());
        QCOMPARE(panel->cancelButton()->toolTip(), QStringLiteral("Ask the server to cancel this task"));
        QVERIFY(panel->progressBar()->isVisible());
        // The Tasks view lists it, and its tab says one runs.
        QTRY_COMPARE(tasksDock()->windowTitle(), QStringLiteral("Tasks (1 running)"));
        QCOMPARE(m_window->tasksView()->server(), QStringLiteral("everything"));
        QCOMPARE(m_window->tasksView()->proxy()->rowCount(), 1);

        // It completes: the result shows in the panel's viewers, and the audit log has it.
        QTRY_VERIFY_WITH_TIMEOUT(!panel->currentCall(), 30000);
        QVERIFY2(panel->stateLabel()->text().startsWith(QStringLiteral("Finished in")), qPrintable(panel->stateLabel()->text()));
        QTRY_VERIFY(!panel->resultView()->contentViews().isEmpty());
        QCOMPARE(tasks()->entry(callId)->outcome->kind, ToolCallOutcome::Kind::Succeeded);
        QTRY_COMPARE(tasksDock()->windowTitle(), QStringLiteral("Tasks"));
        QTRY_VERIFY_WITH_TIMEOUT(!researchRecords().isEmpty() && researchRecords().constFirst().outcome == AuditOutcome::Succeeded, 10000);
        QVERIFY(researchRecords().constFirst().result.has_value());
    }

    void cancelFromTheTasksViewReachesTheServer()
    {
        openWindow();
        QPointer<ToolCall> call = runResearch(QStringLiteral("to be cancelled"));
        QVERIFY2(call, "simulate-research-query did not become a task");
        const quint64 callId = call->id();
        const QString taskId = call->task()->taskId;
        tasksDock()->raise();
        TasksView *view = m_window->tasksView();
        QTRY_VERIFY(view->cancelButton()->isVisible());
        QVERIFY(view->selectTask(callId));
        QTest::mouseClick(view->cancelButton(), Qt::LeftButton);

        QTRY_VERIFY_WITH_TIMEOUT(!m_window->toolPanel()->currentCall(), 15000);
        QCOMPARE(m_window->toolPanel()->stateLabel()->text(), QStringLiteral("Cancelled"));
        QCOMPARE(tasks()->entry(callId)->outcome->kind, ToolCallOutcome::Kind::Cancelled);
        QTRY_COMPARE(view->proxy()->index(0, TasksModel::StatusColumn).data().toString(), Task::describeStatus(Task::Status::Cancelled));
        // The server says so too, and the audit log recorded the call as cancelled.
        TOOLGATE_AWAIT_OK(task, Task, 10000, everything()->session()->getTask(taskId, std::nullopt, c, cb));
        QCOMPARE(task.status, Task::Status::Cancelled);
        QTRY_VERIFY_WITH_TIMEOUT(!researchRecords().isEmpty() && researchRecords().constFirst().outcome == AuditOutcome::Cancelled, 10000);
    }

    void taskOutlivesThePanelThatStartedIt()
    {
        openWindow();
        // A second panel on the same host, as a window of its own; it is closed while its task runs.
        ArgumentHistory history(path(QStringLiteral("other-history.json")));
        auto *panel = new ToolPanel(m_host->toolCalls(), m_host->serverRequests(), &history);
        panel->setAttribute(Qt::WA_DeleteOnClose);
        const QModelIndex index = m_window->toolTreeModel()->toolIndex(QStringLiteral("everything"), researchTool);
        panel->setTool(everything(), index.data(ToolTreeModel::ToolRole).value<Tool>());
        panel->argumentForm()->setArguments({{QStringLiteral("topic"), QStringLiteral("left behind")}});
        QVERIFY(waitUntilChecked(panel->argumentForm()));
        panel->show();
        QTRY_VERIFY(panel->runButton()->isEnabled());
        panel->run();
        QPointer<ToolCall> call = panel->currentCall();
        QVERIFY(call);
        QTRY_VERIFY_WITH_TIMEOUT(call && call->task(), 15000);
        const quint64 callId = call->id();
        QPointer<ToolPanel> closed = panel;
        panel->close();
        QTRY_VERIFY(!closed);
        QVERIFY2(call, "the running task went with its panel");

        // The window's Tasks view still shows it, and it finishes there.
        TasksView *view = m_window->tasksView();
        QVERIFY(view->selectTask(callId));
        QTRY_VERIFY_WITH_TIMEOUT(tasks()->entry(callId)->finished, 30000);
        QCOMPARE(tasks()->entry(callId)->outcome->kind, ToolCallOutcome::Kind::Succeeded);
        QTRY_VERIFY(view->openResultButton()->isEnabled());
        view->openSelectedResult();
        QVERIFY(view->resultDialog());
        QTRY_VERIFY(!view->resultDialog()->resultView()->contentViews().isEmpty());
        view->resultDialog()->close();
        QTRY_VERIFY_WITH_TIMEOUT(!researchRecords().isEmpty() && researchRecords().constFirst().outcome == AuditOutcome::Succeeded, 10000);
    }

    void screenshots()
    {
        // Without TOOLGATE_SCREENSHOT_DIR the pictures still have to render and save (to a scratch folder).
        QTemporaryDir scratch;
        const QString directory = screenshotFolder(scratch);
        openWindow();
        // The Tasks view with one task of each kind: completed, cancelled, and one running.
        QPointer<ToolCall> done = runResearch(QStringLiteral("tide pools"));
        QVERIFY(done);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->toolPanel()->currentCall(), 30000);
        QPointer<ToolCall> cancelled = runResearch(QStringLiteral("deep-sea vents"));
        QVERIFY(cancelled);
        QVERIFY(tasks()->cancel(cancelled->id()));
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->toolPanel()->currentCall(), 15000);
        QPointer<ToolCall> running = runResearch(QStringLiteral("coral reefs"));
        QVERIFY(running);
        tasksDock()->raise();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->toolPanel()->stateLabel()->text().contains(QStringLiteral("Analyzing content")), 10000);
        m_window->statusBar()->clearMessage();
        m_window->resizeDocks({tasksDock()}, {200}, Qt::Vertical);
        QVERIFY(settled(m_window.get()));
        QVERIFY(m_window->grab().save(QDir(directory).filePath(QStringLiteral("task-running.png"))));
        QVERIFY(m_window->tasksView()->selectTask(running->id()));
        QVERIFY(settled(tasksDock()));
        QVERIFY(tasksDock()->grab().save(QDir(directory).filePath(QStringLiteral("tasks-view.png"))));
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->toolPanel()->currentCall(), 30000);
    }
};

QTEST_MAIN(tst_TaskWindow)
#include "tst_taskwindow.moc"
