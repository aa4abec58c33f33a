// The audit view through the real app: a call made in the MainWindow (real demo server, an
// approving gate, a real AuditLog) shows in View → Audit Log with its decision and outcome; a call
// made while the audit window is open shows up live (pending, then its outcome) without F5; "Run
// Again" fills the tool form and sends nothing; connection events show; the screenshots.

#include "ui/audit/auditdetailpane.h"
#include "core/audit/auditlog.h"
#include "ui/audit/audittablemodel.h"
#include "ui/audit/auditwindow.h"
#include "core/audit/connectionauditor.h"
#include "auditstorefiller.h"
#include "core/calls/approvalpolicy.h"
#include "ui/compare/resultcompareview.h"
#include "ui/viewers/linediffview.h"
#include "ui/forms/argumentform.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/serverfeatures/toolpanel.h"
#include "ui/models/tooltreemodel.h"
#include "ui/viewers/contentview.h"
#include "ui/viewers/resultview.h"
#include "core/workspace/serverconfigfile.h"
#include "../support/auditviewtesting.h"
#include "../support/mainwindowtesting.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTableView>
#include <QMessageBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QFileDialog>
#include <QDate>
#include <QLineEdit>
#include <QTest>
#include <QToolTip>
#include <QHelpEvent>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

class tst_AuditWindow final : public QObject, private MainWindowFixture
{
    Q_OBJECT

private:
    ScriptedGate m_gate;

    QString auditPath() const { return path(QStringLiteral("audit.sqlite")); }

    void createWindow()
    {
        m_host = guiTestHost(m_dir->path(), auditPath());
        makeWindow(&m_gate).setAuditLog(m_host->audit());
        QVERIFY(showMainWindow(*m_window, *m_host));
        m_host->workspace()->startAll();
        QVERIFY(waitForTool(*m_window));
    }

    void runTool(const QString &name, const QJsonObject &arguments)
    {
        QVERIFY(m_window->selectTool(QStringLiteral("demo"), name));
        m_window->toolPanel()->argumentForm()->setArguments(arguments);
        QTRY_VERIFY(m_window->toolPanel()->runButton()->isEnabled());
        QTest::mouseClick(m_window->toolPanel()->runButton(), Qt::LeftButton);
        QVERIFY(m_window->toolPanel()->currentCall());
        QVERIFY(QTest::qWaitFor([&] { return !m_window->toolPanel()->currentCall() && m_window->toolPanel()->runButton()->isEnabled(); }, 20000));
    }

    AuditWindow *openAuditView()
    {
        auto *action = m_window->findChild<QAction *>(QStringLiteral("showAuditLog"));
        if (!action || action->shortcut() != QKeySequence(QStringLiteral("Ctrl+Shift+A")))
            return nullptr;
        action->trigger();
        AuditWindow *view = m_window->auditWindow();
        if (view && !QTest::qWaitForWindowExposed(view))
            return nullptr;
        return view;
    }

    /// A main window in which echo ran with text, its audit record written and the audit view
    /// opened; nullptr if a step failed.
    AuditWindow *auditViewAfterEcho(const QString &text)
    {
        createWindow();
        runTool(QStringLiteral("echo"), {{QStringLiteral("text"), text}});
        if (QTest::currentTestFailed() || !flushAudit())
            return nullptr;
        return openAuditView();
    }

    bool flushAudit()
    {
        bool done = false;
        bool ok = false;
        m_host->audit()->flush(this, [&](const Result<void> &result) { ok = result.ok(); done = true; });
        return QTest::qWaitFor([&] { return done; }, 10000) && ok;
    }

    int findRow(AuditTableModel *model, const QString &name, int column = AuditTableModel::NameColumn)
    {
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->index(row, column).data().toString() == name)
                return row;
        }
        return -1;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(demoServerBuilt());
    }

    // A long status line (an export's path) neither makes the window wider nor runs off its edge: it
    // is shortened in the middle, the file's name still at its end, and reads whole in its tooltip
    // (issue 34: at 200 % the path ran off the right).
    void aLongStatusLineIsShortenedAndWholeInItsTooltip()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        AuditWindow view(dir.filePath(QStringLiteral("audit.sqlite")));
        view.resize(600, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *status = view.findChild<QLabel *>(QStringLiteral("auditStatus"));
        QVERIFY(status);
        const QString text = QStringLiteral("1 record matches; 1 loaded · exported 1 record to ")
            + QStringLiteral("/home/someone/a/rather/deep/folder/").repeated(6) + QStringLiteral("toolgate-audit-2026-11-30.jsonl");
        status->setText(text);
        QVERIFY2(status->minimumSizeHint().width() < view.width(), qPrintable(QString::number(status->minimumSizeHint().width())));
        QVERIFY(view.minimumSizeHint().width() < view.fontMetrics().horizontalAdvance(text));
        QTRY_VERIFY(status->width() <= view.width());
        const QPoint inside = status->rect().center();
        QHelpEvent help(QEvent::ToolTip, inside, status->mapToGlobal(inside));
        QCoreApplication::sendEvent(status, &help);
        QTRY_COMPARE(QToolTip::text(), text);
    }

    void init()
    {
        QVERIFY(makeFolder());
        m_gate.requests.clear();
        m_gate.decision = ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt};
    }

    void cleanup()
    {
        dropWindowHostAndFolder();
        QTRY_VERIFY(std::none_of(QApplication::topLevelWidgets().begin(), QApplication::topLevelWidgets().end(),
                                 [](QWidget *w) { return w->isVisible(); }));
    }

    void aCallShowsWithItsDecisionAndOutcome()
    {
        AuditWindow *view = auditViewAfterEcho(QStringLiteral("hello audit view"));
        QVERIFY(view);
        QVERIFY(!view->isModal());
        QAbstractItemModelTester tester(view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_VERIFY_WITH_TIMEOUT(findRow(view->model(), QStringLiteral("echo")) >= 0, 10000);
        const int row = findRow(view->model(), QStringLiteral("echo"));
        AuditTableModel *model = view->model();
        QCOMPARE(model->index(row, AuditTableModel::ServerColumn).data().toString(), QStringLiteral("demo"));
        QCOMPARE(model->index(row, AuditTableModel::DecisionColumn).data().toString(), QStringLiteral("allowed once · human"));
        QCOMPARE(model->index(row, AuditTableModel::OutcomeColumn).data().toString(), QStringLiteral("ok"));
        QCOMPARE(model->index(row, AuditTableModel::ClientColumn).data().toString(), QStringLiteral("GUI"));
        QVERIFY(model->index(row, AuditTableModel::DurationColumn).data().toString().endsWith(u" ms")
            || model->index(row, AuditTableModel::DurationColumn).data().toString().endsWith(u" s"));

        // The record in full, its result in the same viewer a live call uses.
        QSignalSpy shown(view, &AuditWindow::recordShown);
        view->table()->setCurrentIndex(model->index(row, 0));
        QVERIFY(shown.wait(10000));
        ResultView *result = view->detailPane()->resultView();
        QVERIFY(result->isVisibleTo(view));
        QCOMPARE(result->contentViews().size(), 1);
        QVERIFY(view->detailPane()->summary()->text().contains(demoConfig().command));
        QVERIFY(view->detailPane()->summary()->text().contains(u"toolgate-demo"));
        QTRY_VERIFY(result->isRawJsonReady());

        // A denial shows as one, decided by the human.
        m_gate.decision = ApprovalDecision::deny(QStringLiteral("not now"));
        runTool(QStringLiteral("echo"), {{QStringLiteral("text"), QStringLiteral("denied one")}});
        QVERIFY(flushAudit());
        view->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!model->isLoading() && model->rowCount() > row + 1, 10000);
        const int denied = findRow(model, QStringLiteral("denied"), AuditTableModel::OutcomeColumn);
        QVERIFY(denied >= 0);
        QCOMPARE(model->index(denied, AuditTableModel::DecisionColumn).data().toString(), QStringLiteral("denied · human"));

        // The demo server's connection events are there too.
        view->kindFilter()->setCurrentIndex(view->kindFilter()->findData(int(AuditRecordType::Connection)));
        QTRY_VERIFY_WITH_TIMEOUT(findRow(model, QStringLiteral("ready")) >= 0, 10000);
        QVERIFY(findRow(model, QStringLiteral("starting")) >= 0);
        QCOMPARE(findRow(model, QStringLiteral("echo")), -1);
        view->close();
    }

    void closesLikeAWindowAndNamesItsExport()
    {
        AuditWindow *view = auditViewAfterEcho(QStringLiteral("only one like this"));
        QVERIFY(view);
        // One match reads as one.
        view->searchField()->setText(QStringLiteral("only one like this"));
        QTRY_COMPARE_WITH_TIMEOUT(view->statusLabel()->text(), QStringLiteral("1 record matches; 1 loaded"), 10000);

        // Export offers a name that says what and when, with the suffix of the chosen format.
        QTest::mouseClick(view->findChild<QPushButton *>(QStringLiteral("auditExport")), Qt::LeftButton);
        QFileDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = view->findChild<QFileDialog *>(QStringLiteral("exportDialog"))) && dialog->isVisible());
        const QString today = QDate::currentDate().toString(Qt::ISODate);
        QVERIFY2(dialog->selectedFiles().value(0).endsWith(QStringLiteral("toolgate-audit-%1.jsonl").arg(today)),
                 qPrintable(dialog->selectedFiles().value(0)));
        dialog->selectNameFilter(dialog->nameFilters().last());
        emit dialog->filterSelected(dialog->nameFilters().last());
        QVERIFY2(dialog->selectedFiles().value(0).endsWith(QStringLiteral("toolgate-audit-%1.csv").arg(today)),
                 qPrintable(dialog->selectedFiles().value(0)));
        // It opens in the person's Documents (their home without one), not the working folder (#34 item 7).
        const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString expected = QFileInfo(documents).isDir() ? documents : QDir::homePath();
        QCOMPARE(dialog->directory().canonicalPath(), QDir(expected).canonicalPath());
        QVERIFY(QDir::currentPath() != dialog->directory().absolutePath());
        // The file chosen is exported; one record reads as one.
        const QString folder = path(QStringLiteral("exports"));
        QVERIFY(QDir().mkpath(folder));
        const QString file = QDir(folder).filePath(QStringLiteral("one.csv"));
        std::optional<Result<qint64>> exported;
        connect(view, &AuditWindow::exportFinished, this, [&](const Result<qint64> &r) { exported = r; });
        emit dialog->fileSelected(file);
        dialog->reject();
        QTRY_VERIFY_WITH_TIMEOUT(exported.has_value(), 10000);
        QVERIFY(exported->ok());
        QVERIFY2(view->statusLabel()->text().endsWith(QStringLiteral(" · exported 1 record to %1").arg(file)),
                 qPrintable(view->statusLabel()->text()));
        // The next export starts in the folder of the last one.
        QTest::mouseClick(view->findChild<QPushButton *>(QStringLiteral("auditExport")), Qt::LeftButton);
        QTRY_VERIFY((dialog = view->findChild<QFileDialog *>(QStringLiteral("exportDialog"))) && dialog->isVisible());
        QCOMPARE(dialog->directory().canonicalPath(), QDir(folder).canonicalPath());
        dialog->reject();

        // Esc and Ctrl+W close it, as they close other windows.
        QApplication::setActiveWindow(view);
        QTest::keyClick(view->table(), Qt::Key_Escape);
        QTRY_VERIFY(!view->isVisible());
        view = openAuditView();
        QApplication::setActiveWindow(view);
        QTest::keyClick(view->table(), Qt::Key_W, Qt::ControlModifier);
        QTRY_VERIFY(!view->isVisible());
    }

    void aCallShowsUpLiveWhileTheWindowIsOpen()
    {
        AuditWindow *view = auditViewAfterEcho(QStringLiteral("before the window"));
        QVERIFY(view);
        AuditTableModel *model = view->model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_VERIFY_WITH_TIMEOUT(findRow(model, QStringLiteral("echo")) >= 0 && model->matchCount(), 10000);
        const int before = model->rowCount();
        const qint64 count = *model->matchCount();

        // The person is reading the earlier call.
        QSignalSpy shown(view, &AuditWindow::recordShown);
        view->table()->setCurrentIndex(model->index(findRow(model, QStringLiteral("echo")), 0));
        QVERIFY(shown.wait(10000));
        const qint64 reading = view->detailPane()->record().id;
        QSignalSpy resets(model, &QAbstractItemModel::modelReset);

        // A slow call from the main window: it shows while it runs, then with its outcome.
        QVERIFY(m_window->selectTool(QStringLiteral("demo"), QStringLiteral("slow_task")));
        m_window->toolPanel()->argumentForm()->setArguments({{QStringLiteral("steps"), 5}, {QStringLiteral("step_ms"), 400}});
        QTRY_VERIFY(m_window->toolPanel()->runButton()->isEnabled());
        QElapsedTimer sinceRun;
        sinceRun.start();
        QTest::mouseClick(m_window->toolPanel()->runButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(findRow(model, QStringLiteral("slow_task")) >= 0, 10000);
        qInfo() << "the running call showed" << sinceRun.elapsed() << "ms after Run";
        QCOMPARE(findRow(model, QStringLiteral("slow_task")), 0); // newest first: at the top
        QVERIFY(m_window->toolPanel()->currentCall()); // still running: it showed before its outcome
        QCOMPARE(model->index(0, AuditTableModel::OutcomeColumn).data().toString(), QStringLiteral("pending"));
        QCOMPARE(model->index(0, AuditTableModel::DecisionColumn).data().toString(), QStringLiteral("allowed once · human"));
        QVERIFY(QTest::qWaitFor([&] { return !m_window->toolPanel()->currentCall(); }, 20000));
        QTRY_COMPARE_WITH_TIMEOUT(model->index(0, AuditTableModel::OutcomeColumn).data().toString(), QStringLiteral("ok"), 10000);
        QCOMPARE(findRow(model, QStringLiteral("slow_task")), 0);
        // A slow task lasts seconds, and says so ("1.2 s"), not a count of milliseconds.
        QVERIFY2(model->index(0, AuditTableModel::DurationColumn).data().toString().endsWith(u" s"),
                 qPrintable(model->index(0, AuditTableModel::DurationColumn).data().toString()));

        // One new row, no reload: the person is still on the record they were reading.
        QCOMPARE(model->rowCount(), before + 1);
        QCOMPARE(*model->matchCount(), count + 1);
        QCOMPARE(resets.size(), 0);
        QCOMPARE(model->recordId(view->table()->currentIndex().row()), reading);
        QCOMPARE(view->detailPane()->record().id, reading);
        QVERIFY(shown.isEmpty() || std::all_of(shown.begin(), shown.end(), [reading](const QList<QVariant> &args) {
            return args.at(0).toLongLong() == reading;
        }));
        if (const QString directory = qEnvironmentVariable("TOOLGATE_SCREENSHOT_DIR"); !directory.isEmpty()) {
            QVERIFY(settled(view));
            QVERIFY(view->grab().save(QDir(directory).filePath(QStringLiteral("audit-view-live.png"))));
        }

        // Filtered to denials: an allowed call does not show, a denied one does.
        view->decisionFilter()->setCurrentIndex(2); // Denied
        QTRY_VERIFY_WITH_TIMEOUT(!model->isLoading() && model->filter().decisions == QList{ApprovalDecision::Kind::Deny}, 10000);
        QCOMPARE(model->rowCount(), 0);
        runTool(QStringLiteral("echo"), {{QStringLiteral("text"), QStringLiteral("allowed, not shown")}});
        m_gate.decision = ApprovalDecision::deny(QStringLiteral("not now"));
        runTool(QStringLiteral("echo"), {{QStringLiteral("text"), QStringLiteral("denied, shown")}});
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, 10000);
        QCOMPARE(model->index(0, AuditTableModel::OutcomeColumn).data().toString(), QStringLiteral("denied"));
        AuditQueryWorker *worker = view->findChild<AuditQueryWorker *>();
        QVERIFY(worker);
        QVERIFY(caughtUp(*model, *worker, *m_host->audit())); // the allowed call's row would have come by now
        QCOMPARE(model->rowCount(), 1);
        view->close();
    }

    void runAgainFillsTheFormAndSendsNothing()
    {
        createWindow();
        const QJsonObject arguments{{QStringLiteral("text"), QStringLiteral("run me again")}};
        runTool(QStringLiteral("echo"), arguments);
        QVERIFY(flushAudit());
        const int asked = m_gate.requests.size();

        // Somewhere else in the meantime.
        QVERIFY(m_window->selectTool(QStringLiteral("demo"), QStringLiteral("add")));
        AuditWindow *view = openAuditView();
        QVERIFY(view);
        QTRY_VERIFY_WITH_TIMEOUT(findRow(view->model(), QStringLiteral("echo")) >= 0, 10000);
        QSignalSpy shown(view, &AuditWindow::recordShown);
        view->table()->setCurrentIndex(view->model()->index(findRow(view->model(), QStringLiteral("echo")), 0));
        QVERIFY(shown.wait(10000));
        QPushButton *runAgain = view->detailPane()->runAgainButton();
        QVERIFY(runAgain->isVisible());
        QTest::mouseClick(runAgain, Qt::LeftButton);

        QCOMPARE(m_window->toolPanel()->tool().name, QStringLiteral("echo"));
        QCOMPARE(m_window->pages()->currentWidget(), m_window->toolPanel());
        QCOMPARE(m_window->toolPanel()->argumentForm()->arguments(), arguments);
        // Nothing was sent or asked: the person runs it, and approves it, as always. (A run starts a call
        // at once, and asks through what the click queued.)
        QVERIFY(deliverPostedEvents());
        QVERIFY(!m_window->toolPanel()->currentCall());
        QCOMPARE(m_gate.requests.size(), asked);
        QCOMPARE(m_window->toolPanel()->runningCount(), 0);

        // Gone servers and tools are named as such.
        QVERIFY(m_window->prepareToolCall(QStringLiteral("nope"), QStringLiteral("echo"), {}).contains(u"no server called \"nope\""));
        QVERIFY(m_window->prepareToolCall(QStringLiteral("demo"), QStringLiteral("vanished"), {}).contains(u"no longer offers a tool called \"vanished\""));
        AuditRecord gone = view->detailPane()->record();
        gone.serverName = QStringLiteral("retired");
        view->detailPane()->setRecord(gone);
        QTest::mouseClick(view->detailPane()->runAgainButton(), Qt::LeftButton);
        auto *problem = view->findChild<QWidget *>(QStringLiteral("runAgainProblem"));
        QVERIFY(problem);
        QTRY_VERIFY(problem->isVisible());
        problem->close();
        QCOMPARE(m_gate.requests.size(), asked);
        view->close();
    }

    void appRecordsLeadToTheCallThatShowedTheApp()
    {
        // What an app view did (a tool call, a link it asked to open) is recorded with the record
        // of the call whose result showed the app; the list and the detail pane say so and lead there.
        AuditLog::Options options;
        options.path = auditPath();
        auto audit = std::make_unique<AuditLog>(options);
        const ServerIdentity server{QStringLiteral("vanilla"), QStringLiteral("node server.js --stdio"), {}};
        AuditToolCallIntent shown;
        shown.server = server;
        shown.tool = QStringLiteral("get-time");
        const AuditLog::Ticket ticket = audit->recordIntent(shown);
        audit->recordDecision(ticket, ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt});
        // Its record id, known once the intent is written (as the pipeline waits before sending).
        qint64 origin = 0;
        audit->whenRecorded(ticket, this, [&](const Result<qint64> &id) { origin = id ? id.value() : -1; });
        QTRY_VERIFY(origin != 0);
        QVERIFY(origin > 0);
        AuditToolCallOutcome done;
        done.kind = ToolCallOutcome::Kind::Succeeded;
        done.result = CallToolResult{};
        audit->recordOutcome(ticket, done);
        AuditToolCallIntent fromApp = shown;
        fromApp.initiator = CallInitiator::App;
        fromApp.origin = origin;
        const AuditLog::Ticket appTicket = audit->recordIntent(fromApp);
        audit->recordDecision(appTicket, ApprovalDecision::deny(QStringLiteral("not now")));
        AuditServerRequest link;
        link.server = server;
        link.method = QStringLiteral("ui/open-link");
        link.params = QJsonObject{{QStringLiteral("url"), QStringLiteral("https://example.com/")}};
        link.decision = ApprovalDecision::deny(QStringLiteral("Link opening denied by user"));
        link.error = Error{-32000, QStringLiteral("Link opening denied by user"), {}};
        link.initiator = CallInitiator::App;
        link.origin = origin;
        audit->recordServerRequest(link);
        QVERIFY(audit->waitForWrites().ok());

        AuditWindow view(auditPath());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        AuditTableModel *model = view.model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QString appClient = QStringLiteral("App · #%1").arg(origin);
        QTRY_VERIFY_WITH_TIMEOUT(findRow(model, appClient, AuditTableModel::ClientColumn) >= 0, 10000);
        const int appRow = findRow(model, QStringLiteral("get-time"));
        QCOMPARE(model->index(appRow, AuditTableModel::ClientColumn).data().toString(), appClient);
        // The column shows it whole (it was sized for the word "Client" once, cutting it to "App · …").
        QVERIFY2(view.table()->columnWidth(AuditTableModel::ClientColumn) > view.table()->fontMetrics().horizontalAdvance(appClient),
                 qPrintable(QString::number(view.table()->columnWidth(AuditTableModel::ClientColumn))));
        QCOMPARE(model->index(appRow, 0).data(AuditTableModel::OriginRole).toLongLong(), origin);
        const int originRow = model->rowOfRecord(origin);
        QCOMPARE(model->index(originRow, AuditTableModel::ClientColumn).data().toString(), QStringLiteral("GUI"));
        QVERIFY(!model->index(originRow, 0).data(AuditTableModel::OriginRole).isValid());

        // The app's call names its origin and leads to it.
        QSignalSpy recordShown(&view, &AuditWindow::recordShown);
        view.table()->setCurrentIndex(model->index(appRow, 0));
        QVERIFY(recordShown.wait(10000));
        AuditDetailPane *detail = view.detailPane();
        QVERIFY2(detail->summary()->text().contains(QStringLiteral("the app in the result of call #%1").arg(origin)),
                 qPrintable(detail->summary()->text()));
        QPushButton *showOrigin = detail->showOriginButton();
        QVERIFY(showOrigin->isVisible());
        QCOMPARE(showOrigin->text(), QStringLiteral("Show Call #%1").arg(origin));
        QTest::mouseClick(showOrigin, Qt::LeftButton);
        QVERIFY(recordShown.wait(10000));
        QCOMPARE(recordShown.last().at(0).toLongLong(), origin);
        QCOMPARE(view.table()->currentIndex().row(), originRow);
        QCOMPARE(detail->record().id, origin);
        QVERIFY(!detail->showOriginButton()->isVisible()); // the call typed by hand came from nobody

        // The link request leads there too, even when the filters leave the call out of the list.
        view.kindFilter()->setCurrentIndex(view.kindFilter()->findData(int(AuditRecordType::ServerRequest)));
        QTRY_VERIFY_WITH_TIMEOUT(!model->isLoading() && model->rowCount() == 1
                                     && model->index(0, AuditTableModel::NameColumn).data().toString() == u"ui/open-link", 10000);
        QCOMPARE(model->index(0, AuditTableModel::ClientColumn).data().toString(), appClient);
        view.table()->setCurrentIndex(model->index(0, 0));
        QVERIFY(recordShown.wait(10000));
        QVERIFY(detail->summary()->text().contains(QStringLiteral("the app in the result of call #%1").arg(origin)));
        QTest::mouseClick(detail->showOriginButton(), Qt::LeftButton);
        QVERIFY(recordShown.wait(10000));
        QCOMPARE(detail->record().id, origin);
        QCOMPARE(detail->record().name, QStringLiteral("get-time"));
        QVERIFY(!view.table()->currentIndex().isValid());
        view.close();
    }

    void compareResultsOfTwoCalls()
    {
        QTemporaryDir scratch;
        const QString directory = screenshotFolder(scratch);
        createWindow();
        runTool(QStringLiteral("weather"), {{QStringLiteral("city"), QStringLiteral("Lisbon")}});
        runTool(QStringLiteral("weather"), {{QStringLiteral("city"), QStringLiteral("Oslo")}});
        QVERIFY(flushAudit());
        AuditWindow *view = openAuditView();
        QVERIFY(view);
        AuditTableModel *model = view->model();
        QTRY_VERIFY_WITH_TIMEOUT(findRow(model, QStringLiteral("weather")) >= 0, 10000);
        QList<int> weatherRows;
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->index(row, AuditTableModel::NameColumn).data().toString() == u"weather")
                weatherRows.append(row);
        }
        QCOMPARE(weatherRows.size(), 2);

        // One record alone cannot be compared.
        const auto select = [&](const QList<int> &rows) {
            view->table()->clearSelection();
            for (const int row : rows)
                view->table()->selectionModel()->select(model->index(row, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        };
        select({weatherRows.at(0)});
        QVERIFY(!view->compareButton()->isEnabled());
        QVERIFY(!view->compareAction()->isEnabled());

        // Only tool calls have results: a connection event with a call cannot be compared.
        QTRY_VERIFY_WITH_TIMEOUT(findRow(model, QStringLiteral("ready")) >= 0, 10000);
        select({weatherRows.at(0), findRow(model, QStringLiteral("ready"))});
        QVERIFY(!view->compareButton()->isEnabled());
        QVERIFY(!view->canCompareSelected());

        // Two real results: side by side, the older first, with the text and structured differences.
        select(weatherRows);
        QVERIFY(view->canCompareSelected());
        QTest::mouseClick(view->compareButton(), Qt::LeftButton);
        ResultCompareDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = view->findChild<ResultCompareDialog *>()));
        QVERIFY(dialog->isVisible());
        QVERIFY(!dialog->isModal());
        ResultCompareView *compare = dialog->view();
        QTRY_VERIFY(compare->isCompared());
        QVERIFY(compare->findChild<QLabel *>(QStringLiteral("beforeTitle"))->text().startsWith(u"demo · weather · "));
        const QStringList lines = compare->textDiffView()->lines();
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines.at(0).startsWith(u"- Made-up weather for Lisbon:"), qPrintable(lines.join(u'\n')));
        QVERIFY2(lines.at(1).startsWith(u"+ Made-up weather for Oslo:"), qPrintable(lines.join(u'\n')));
        QTableWidget *table = compare->structuredTable();
        QVERIFY(table->isVisibleTo(compare));
        QStringList pointers;
        for (int row = 0; row < table->rowCount(); ++row)
            pointers.append(table->item(row, ResultCompareView::PointerColumn)->text());
        QVERIFY2(pointers.contains(u"/city"), qPrintable(pointers.join(u", ")));
        const int city = int(pointers.indexOf(u"/city"));
        QCOMPARE(table->item(city, ResultCompareView::BeforeColumn)->text(), QStringLiteral("\"Lisbon\""));
        QCOMPARE(table->item(city, ResultCompareView::AfterColumn)->text(), QStringLiteral("\"Oslo\""));
        QVERIFY(compare->beforeView()->contentViews().size() == 1 && compare->afterView()->contentViews().size() == 1);

        dialog->resize(1180, 820);
        QVERIFY(settled(dialog));
        QVERIFY(dialog->grab().save(QDir(directory).filePath(QStringLiteral("result-compare.png"))));
        dialog->close();
        view->close();
    }

    void screenshot()
    {
        QTemporaryDir scratch;
        const QString directory = screenshotFolder(scratch);

        // A few dozen varied records from other servers, then real calls through the demo server.
        QVERIFY(!AuditViewTest::fill(auditPath(), 36, QDateTime::currentDateTimeUtc().addSecs(-36 * 60 - 600)).empty());
        createWindow();
        runTool(QStringLiteral("echo"), {{QStringLiteral("text"), QStringLiteral("Hello, Toolgate!")}});
        runTool(QStringLiteral("weather"), {{QStringLiteral("city"), QStringLiteral("Lisbon")}});
        QVERIFY(flushAudit());

        AuditWindow *view = openAuditView();
        QVERIFY(view);
        view->resize(1280, 860);
        QTRY_VERIFY_WITH_TIMEOUT(findRow(view->model(), QStringLiteral("weather")) >= 0 && view->model()->matchCount(), 10000);
        QSignalSpy shown(view, &AuditWindow::recordShown);
        view->table()->setCurrentIndex(view->model()->index(findRow(view->model(), QStringLiteral("weather")), 0));
        QVERIFY(shown.wait(10000));
        QVERIFY(settled(view)); // images and layouts settle
        QVERIFY(view->grab().save(QDir(directory).filePath(QStringLiteral("audit-view.png"))));
        view->close();
    }
};

QTEST_MAIN(tst_AuditWindow)
#include "tst_auditwindow.moc"
