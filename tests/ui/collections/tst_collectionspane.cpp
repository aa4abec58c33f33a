// The Collections pane (issue 19) in the real main window, against the real demo server and a real
// SQLite audit log: calls saved with "Save…" (tool panel) and "Save Call to Collection", a run approved
// once in the run approval dialog that lists every call with its exact arguments, all expectations
// passing; an expectation changed in the call editor failing with the difference shown; a denied run
// sending nothing; a broken collection file listed with its error.

#include "ui/compare/resultcompareview.h"
#include "../support/mainwindowtesting.h"

#include "core/calls/approvalqueue.h"
#include "core/audit/auditlog.h"
#include "core/audit/auditreader.h"
#include "ui/audit/auditdetailpane.h"
#include "ui/audit/auditwindow.h"
#include "ui/collections/collectionspane.h"
#include "ui/collections/editcalldialog.h"
#include "ui/collections/expectationeditor.h"
#include "ui/collections/runreportview.h"
#include "ui/collections/savecalldialog.h"
#include "ui/collections/savedcalleditor.h"
#include "ui/dialogs/confirmationdialog.h"
#include "ui/dialogs/dialogapprovalgate.h"
#include "ui/dialogs/runapprovaldialog.h"
#include "ui/forms/argumentform.h"
#include "ui/serverfeatures/toolpanel.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>

using namespace Toolgate;
using namespace Toolgate::TestSupport;
using namespace Qt::StringLiterals;

class tst_CollectionsPane final : public QObject, private MainWindowFixture
{
    Q_OBJECT

    DialogApprovalGate *gate() const { return m_window->findChild<DialogApprovalGate *>(); }
    CollectionsPane *pane() const { return m_window->collectionsPane(); }
    QString folder() const { return path(u"collections"_s); }

    /// The window with the demo server ready and the Collections pane floating, big enough to read.
    bool startWindow()
    {
        makeWindow(nullptr);
        if (!gate())
            return false;
        gate()->setAllowDelay(0);
        m_window->setAuditLog(m_host->audit()); // as main() does: View › Audit Log shows this store
        pane()->setFolder(folder());
        if (!showMainWindow(*m_window, *m_host, QSize(1200, 800))) {
            qWarning("the window was not shown");
            return false;
        }
        m_host->workspace()->startAll();
        if (!waitForTool(*m_window)) {
            qWarning() << "the demo server's tools did not appear:" << (demo() ? demo()->statusText() : u"no demo server"_s);
            return false;
        }
        m_window->showCollections();
        auto *dock = m_window->findChild<QDockWidget *>(u"collectionsDock"_s);
        dock->setFloating(true);
        dock->resize(1150, 780);
        return QTest::qWaitForWindowExposed(dock);
    }

    /// The records of the audit log after everything was written, newest first.
    QList<AuditRecord> auditRecords()
    {
        bool flushed = false;
        QObject context;
        m_host->audit()->flush(&context, [&flushed](const Result<void> &) { flushed = true; });
        (void)QTest::qWaitFor([&] { return flushed; }, 10000);
        auto reader = AuditReader::open(m_host->audit()->path());
        if (!reader.ok())
            return {};
        AuditReader::PageRequest request;
        request.detail = AuditReader::Detail::Full;
        request.limit = 500;
        auto page = reader.value()->page(AuditFilter{}, request);
        return page.ok() ? page.value().records : QList<AuditRecord>();
    }

    static int count(const QList<AuditRecord> &records, const std::function<bool(const AuditRecord &)> &match)
    {
        return int(std::count_if(records.cbegin(), records.cend(), match));
    }

    /// A SaveCallDialog opened for call, into the collection called collection (new or not), saved.
    bool saveThroughDialog(SaveCallDialog *dialog, const QString &collection)
    {
        if (!dialog || !QTest::qWaitFor([dialog] { return dialog->isReady(); }, 5000))
            return false;
        const int existing = dialog->collectionChoice()->findText(collection);
        if (existing >= 0)
            dialog->collectionChoice()->setCurrentIndex(existing);
        else
            dialog->collectionChoice()->setEditText(collection);
        dialog->accept();
        return dialog->result() == QDialog::Accepted;
    }

    static Expectation pointerEquals(const QString &pointer, const QJsonValue &value)
    {
        Expectation e;
        e.kind = Expectation::Kind::PointerEquals;
        e.pointer = pointer;
        e.value = value;
        return e;
    }

    /// The run approval dialog, once it is on screen.
    RunApprovalDialog *runDialog()
    {
        if (!QTest::qWaitFor([this] { return gate()->currentRunDialog() && gate()->currentRunDialog()->isVisible(); }, 10000))
            return nullptr;
        return gate()->currentRunDialog();
    }

    QString m_collectionPath;

private slots:
    void initTestCase() { QVERIFY(demoServerBuilt()); }

    void init()
    {
        QVERIFY(makeFolder());
        m_host = guiTestHost(m_dir->path(), path(u"audit.sqlite"_s));
    }

    void cleanup()
    {
        dropWindowHostAndFolder();
        QTRY_VERIFY(leftoverTopLevels().isEmpty());
    }

    void savedCallsRunAndPassThenAChangedExpectationFails()
    {
        QVERIFY(startWindow());
        // The docs' pictures (TOOLGATE_SCREENSHOT_DIR), or a scratch folder: they must render either way.
        const QTemporaryDir scratch;
        const QString shots = screenshotFolder(scratch);

        // 1. echo, from the tool panel: run it, approve it, "Save…".
        QVERIFY(m_window->selectTool(u"demo"_s, u"echo"_s));
        ToolPanel *panel = m_window->toolPanel();
        QVERIFY(!panel->saveButton()->isEnabled());
        panel->argumentForm()->setArguments(QJsonObject{{u"text"_s, u"hello collections"_s}});
        QTRY_VERIFY(panel->runButton()->isEnabled());
        panel->runButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(gate()->currentDialog() && gate()->currentDialog()->isVisible(), 10000);
        gate()->currentDialog()->findChild<QPushButton *>(u"allowOnce"_s)->click();
        QTRY_VERIFY_WITH_TIMEOUT(panel->saveButton()->isEnabled(), 15000);
        panel->saveButton()->click();
        SaveCallDialog *save = nullptr;
        QTRY_VERIFY((save = visibleTopLevel<SaveCallDialog>()) != nullptr);
        // Pre-filled from the call: its name, its arguments as sent, and "no error".
        QCOMPARE(save->editor()->nameField()->text(), u"echo"_s);
        ExpectationEditor *expectations = save->editor()->expectationEditor();
        QCOMPARE(expectations->rowCount(), 1);
        QCOMPARE(expectations->expectations().value().at(0).kind, Expectation::Kind::IsError);
        // Plain words on the header; the notation they take on its tooltip (#34 item 7).
        auto *table = expectations->findChild<QTableWidget *>(u"expectations"_s);
        QCOMPARE(table->horizontalHeaderItem(ExpectationEditor::PointerColumn)->text(), u"Where in the result"_s);
        QVERIFY(table->horizontalHeaderItem(ExpectationEditor::PointerColumn)->toolTip().contains(u"JSON pointer"_s));
        expectations->addRow(ExpectationEditor::TextContains);
        expectations->setCell(1, ExpectationEditor::ValueColumn, u"hello collections"_s);
        QVERIFY(QTest::qWaitFor([save] { return save->isReady(); }, 5000));
        save->collectionChoice()->setEditText(u"Demo checks"_s);
        QVERIFY(save->grab().save(QDir(shots).filePath(u"save-call.png"_s)));
        QVERIFY(saveThroughDialog(save, u"Demo checks"_s));
        m_collectionPath = QDir(folder()).filePath(u"Demo-checks.json"_s);
        QVERIFY(QFileInfo::exists(m_collectionPath));

        // 2. add, with its arguments in the order b, a (kept so in the file and the approval).
        SavedCall add;
        add.name = u"the sum"_s;
        add.server = u"demo"_s;
        add.tool = u"add"_s;
        add.arguments = QJsonObject{{u"b"_s, 3}, {u"a"_s, 2}};
        add.argumentOrder = JsonKeyOrder::fromKeys({u"b"_s, u"a"_s});
        add.expectations = {pointerEquals(u"/sum"_s, 5)};
        QVERIFY(saveThroughDialog(m_window->showSaveCallDialog(add), u"Demo checks"_s));

        // 3. weather, with a time limit.
        SavedCall weather;
        weather.name = u"weather in Amsterdam"_s;
        weather.server = u"demo"_s;
        weather.tool = u"weather"_s;
        weather.arguments = QJsonObject{{u"city"_s, u"Amsterdam"_s}, {u"units"_s, u"celsius"_s}};
        weather.argumentOrder = JsonKeyOrder::fromKeys({u"city"_s, u"units"_s});
        Expectation within;
        within.kind = Expectation::Kind::WithinMs;
        within.ms = 20000;
        weather.expectations = {pointerEquals(u"/units"_s, u"celsius"_s), within};
        QVERIFY(saveThroughDialog(m_window->showSaveCallDialog(weather), u"Demo checks"_s));

        const auto saved = Collection::load(m_collectionPath);
        QVERIFY2(saved.ok(), saved.ok() ? "" : qPrintable(saved.error().message));
        QCOMPARE(saved->calls.size(), 3);
        QCOMPARE(saved->calls.at(1).argumentOrder.keys(), (QStringList{u"b"_s, u"a"_s}));

        // The pane lists it with its three calls and their expectations in words.
        QTRY_VERIFY(pane()->selectCollection(m_collectionPath));
        QTRY_COMPARE(pane()->callTree()->topLevelItemCount(), 3);
        QVERIFY(pane()->callTree()->topLevelItem(1)->text(3).contains(u"/sum equals 5"_s));
        QVERIFY(pane()->grab().save(QDir(shots).filePath(u"collections-pane.png"_s)));

        // Run All: one approval listing every call with its exact arguments.
        QSignalSpy finished(pane(), &CollectionsPane::runFinished);
        QVERIFY(pane()->runAllButton()->isEnabled());
        pane()->runAllButton()->click();
        RunApprovalDialog *approval = runDialog();
        QVERIFY(approval);
        QCOMPARE(approval->request().runName, u"Demo checks"_s);
        QCOMPARE(approval->request().calls.size(), 3);
        const QStringList texts = approval->argumentTexts();
        QCOMPARE(texts.size(), 3);
        QCOMPARE(texts.at(0), ConfirmationDialog::visibleArguments(QJsonObject{{u"text"_s, u"hello collections"_s}}, {}));
        QVERIFY2(texts.at(1).indexOf(u"\"b\": 3"_s) >= 0 && texts.at(1).indexOf(u"\"b\": 3"_s) < texts.at(1).indexOf(u"\"a\": 2"_s), qPrintable(texts.at(1)));
        QVERIFY(texts.at(2).contains(u"\"city\": \"Amsterdam\""_s));
        QCOMPARE(approval->request().calls.at(2).toolName, u"weather"_s);
        QCOMPARE(approval->request().calls.at(2).server.name, u"demo"_s);
        // What the dialog shows is what was checked: the texts are in its views.
        const QList<QPlainTextEdit *> shown = approval->findChildren<QPlainTextEdit *>(u"arguments"_s);
        QCOMPARE(shown.size(), 3);
        QCOMPARE(shown.at(1)->toPlainText(), texts.at(1));
        approval->resize(760, 620); // all three calls in the picture
        QVERIFY(settled(approval));  // laid out again at that size
        QVERIFY(approval->grab().save(QDir(shots).filePath(u"run-approval.png"_s)));
        QTRY_VERIFY(approval->runButton()->isEnabled());
        approval->runButton()->click();
        QVERIFY(finished.wait(30000));
        const RunReport passed = finished.takeFirst().at(0).value<RunReport>();
        QVERIFY2(passed.passed(), qPrintable(pane()->reportView()->summaryLabel()->text()));
        QCOMPARE(passed.calls.size(), 3);
        QVERIFY(pane()->reportView()->summaryLabel()->text().contains(u"passed"_s));
        QTreeWidget *report = pane()->reportView()->tree();
        QCOMPARE(report->topLevelItemCount(), 3);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(report->topLevelItem(i)->text(RunReportView::StatusColumn), u"passed"_s);
        report->setCurrentItem(report->topLevelItem(1)); // the sum's result in the viewers
        QVERIFY(pane()->grab().save(QDir(shots).filePath(u"collection-run-passed.png"_s)));

        // The audit log has the run's approval and the three calls it covered.
        QList<AuditRecord> records = auditRecords();
        QCOMPARE(count(records, [](const AuditRecord &r) { return r.name == u"run_approved"_s; }), 1);
        const auto coveredByRun = [](const AuditRecord &r) {
            return r.type == AuditRecordType::ToolCall && r.decisionReason.contains(u"collection run"_s) && r.initiator == CallInitiator::Gui;
        };
        QCOMPARE(count(records, coveredByRun), 3);

        // Change the sum's expectation to 6 in the call editor; the file changes, the pane shows it.
        pane()->callTree()->setCurrentItem(pane()->callTree()->topLevelItem(1));
        pane()->editCallButton()->click();
        EditCallDialog *edit = nullptr;
        QTRY_VERIFY((edit = visibleTopLevel<EditCallDialog>()) != nullptr);
        ExpectationEditor *editExpectations = edit->editor()->expectationEditor();
        QCOMPARE(editExpectations->rowCount(), 1);
        editExpectations->setCell(0, ExpectationEditor::ValueColumn, u"6"_s);
        edit->accept();
        QTRY_VERIFY(pane()->callTree()->topLevelItemCount() == 3 && pane()->callTree()->topLevelItem(1)->text(3).contains(u"/sum equals 6"_s));
        QCOMPARE(Collection::load(m_collectionPath)->calls.at(1).expectations.at(0).value, QJsonValue(6));
        QCOMPARE(Collection::load(m_collectionPath)->calls.at(1).argumentOrder.keys(), (QStringList{u"b"_s, u"a"_s}));

        pane()->runAllButton()->click();
        approval = runDialog();
        QVERIFY(approval);
        QTRY_VERIFY(approval->runButton()->isEnabled());
        approval->runButton()->click();
        QVERIFY(finished.wait(30000));
        const RunReport failed = finished.takeFirst().at(0).value<RunReport>();
        QVERIFY(!failed.passed());
        QCOMPARE(failed.failedCalls(), 1);
        QVERIFY(pane()->reportView()->summaryLabel()->text().contains(u"FAILED"_s));
        QCOMPARE(report->topLevelItem(0)->text(RunReportView::StatusColumn), u"passed"_s);
        QTreeWidgetItem *sum = report->topLevelItem(1);
        QCOMPARE(sum->text(RunReportView::StatusColumn), u"FAILED"_s);
        QCOMPARE(sum->childCount(), 1);
        QCOMPARE(sum->child(0)->text(RunReportView::StatusColumn), u"FAILED"_s);
        QCOMPARE(sum->child(0)->text(RunReportView::DetailsColumn), u"expected /sum to equal 6; it was 5"_s);

        // The failed call's result is in the viewers, and can be compared with the run before.
        report->setCurrentItem(sum);
        QVERIFY(pane()->reportView()->compareButton()->isEnabled());
        QSignalSpy compare(pane(), &CollectionsPane::compareResultsRequested);
        pane()->reportView()->compareButton()->click();
        QCOMPARE(compare.size(), 1);
        QCOMPARE(compare.at(0).at(1).value<CallToolResult>().structuredContent, std::optional<QJsonObject>(QJsonObject{{u"sum"_s, 5}}));
        QVERIFY(compare.at(0).at(0).toString().startsWith(u"the sum"_s));
        // The main window shows them side by side (ResultCompareDialog): the same call answered the same
        // both times; only the expectation changed.
        ResultCompareDialog *compared = nullptr;
        QTRY_VERIFY((compared = m_window->findChild<ResultCompareDialog *>()));
        QTRY_VERIFY(compared->view()->isCompared());
        QCOMPARE(compared->view()->findChild<QLabel *>(u"beforeTitle"_s)->text(), compare.at(0).at(0).toString());
        QCOMPARE(compared->view()->findChild<QLabel *>(u"afterTitle"_s)->text(), compare.at(0).at(2).toString());
        QCOMPARE(compared->view()->summaryLabel()->text(), u"The results are the same."_s);
        compared->close();
        QVERIFY(pane()->grab().save(QDir(shots).filePath(u"collection-run-report.png"_s)));

        records = auditRecords();
        QCOMPARE(count(records, [](const AuditRecord &r) { return r.name == u"run_approved"_s; }), 2);
        QCOMPARE(count(records, coveredByRun), 6);

        // From the audit log: "Save to Collection…" on the recorded add call keeps its arguments' order.
        const auto addRecord = std::find_if(records.cbegin(), records.cend(), [](const AuditRecord &r) {
            return r.type == AuditRecordType::ToolCall && r.name == u"add"_s;
        });
        QVERIFY(addRecord != records.cend());
        m_window->showAuditLog();
        AuditWindow *audit = m_window->auditWindow();
        QSignalSpy recordShown(audit, &AuditWindow::recordShown);
        audit->showRecord(addRecord->id);
        QTRY_VERIFY(!recordShown.isEmpty() && audit->detailPane()->record().id == addRecord->id);
        QPushButton *saveRecord = audit->detailPane()->saveToCollectionButton();
        QVERIFY(saveRecord->isVisible());
        saveRecord->click();
        SaveCallDialog *fromAudit = nullptr;
        QTRY_VERIFY((fromAudit = visibleTopLevel<SaveCallDialog>()) != nullptr);
        const Result<SavedCall> recorded = fromAudit->editor()->savedCall();
        QVERIFY(recorded.ok());
        QCOMPARE(recorded->server, u"demo"_s);
        QCOMPARE(recorded->tool, u"add"_s);
        QCOMPARE(recorded->arguments, (QJsonObject{{u"a"_s, 2}, {u"b"_s, 3}}));
        QCOMPARE(recorded->argumentOrder.keys(), (QStringList{u"b"_s, u"a"_s}));
        QVERIFY(saveThroughDialog(fromAudit, u"From the audit log"_s));
        const auto fromLog = Collection::load(fromAudit->savedPath());
        QVERIFY(fromLog.ok());
        QCOMPARE(fromLog->name, u"From the audit log"_s);
        QCOMPARE(fromLog->calls.at(0).argumentOrder.keys(), (QStringList{u"b"_s, u"a"_s}));
        audit->close();
    }

    void aDeniedRunMakesNoCall()
    {
        QDir().mkpath(folder());
        const QString file = QDir(folder()).filePath(u"denied.json"_s);
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(R"({"version": 1, "name": "Not now", "calls": [
            {"name": "echo", "server": "demo", "tool": "echo", "arguments": {"text": "never sent"}},
            {"name": "add", "server": "demo", "tool": "add", "arguments": {"a": 1, "b": 2}}]})");
        out.close();
        QVERIFY(startWindow());
        QTRY_VERIFY(pane()->selectCollection(file));
        QTRY_COMPARE(pane()->callTree()->topLevelItemCount(), 2);
        QSignalSpy finished(pane(), &CollectionsPane::runFinished);
        pane()->runAllButton()->click();
        RunApprovalDialog *approval = runDialog();
        QVERIFY(approval);
        QCOMPARE(approval->request().calls.size(), 2);
        QVERIFY(approval->cancelButton()->hasFocus() || approval->cancelButton()->isDefault());
        approval->cancelButton()->click();
        QVERIFY(finished.wait(15000));
        const RunReport report = finished.takeFirst().at(0).value<RunReport>();
        QVERIFY(report.error.has_value());
        QVERIFY(pane()->reportView()->summaryLabel()->text().contains(u"did not happen"_s));
        const QList<AuditRecord> records = auditRecords();
        QCOMPARE(count(records, [](const AuditRecord &r) { return r.name == u"run_denied"_s; }), 1);
        QCOMPARE(count(records, [](const AuditRecord &r) { return r.type == AuditRecordType::ToolCall; }), 0);
        QVERIFY(!pane()->isRunning());
        QVERIFY(pane()->runAllButton()->isEnabled());
    }

    void runApprovalsWaitInLineWithSingleApprovalsAndAnswerOnce()
    {
        QWidget parent;
        parent.show();
        DialogApprovalGate gate(&parent);
        gate.setAllowDelay(0);
        ApprovalQueue questions(&gate); // as the pipeline asks: one question at a time
        ApprovalRequest single;
        single.server.name = u"demo"_s;
        single.tool.name = u"echo"_s;
        single.arguments = QJsonObject{{u"text"_s, u"first"_s}};
        RunApprovalRequest run;
        run.runName = u"Queued"_s;
        run.calls = {RunApprovalRequest::Entry{u"one"_s, single.server, u"echo"_s, single.arguments, {}}};
        QObject context;
        QList<ApprovalDecision> singleAnswers;
        QList<ApprovalDecision> runAnswers;
        questions.ask(single, &context, [&](const ApprovalDecision &d) { singleAnswers.append(d); });
        questions.askRun(run, &context, [&](const ApprovalDecision &d) { runAnswers.append(d); });
        QTRY_VERIFY(gate.currentDialog() && gate.currentDialog()->isVisible());
        QVERIFY(!gate.currentRunDialog()); // the run waits behind the single call
        QCOMPARE(questions.pendingCount(), 2);
        gate.currentDialog()->reject();
        QTRY_COMPARE(singleAnswers.size(), 1);
        QTRY_VERIFY(gate.currentRunDialog() && gate.currentRunDialog()->isVisible());
        QTRY_VERIFY(gate.currentRunDialog()->runButton()->isEnabled());
        gate.currentRunDialog()->runButton()->click();
        QTRY_COMPARE(runAnswers.size(), 1);
        QVERIFY(runAnswers.at(0).allows());
        QVERIFY(deliverPostedEvents()); // answers are delivered queued: a second would be in
        QCOMPARE(runAnswers.size(), 1);

        // A run whose asker goes away closes its dialog and is never answered.
        auto gone = std::make_unique<QObject>();
        QList<ApprovalDecision> late;
        questions.askRun(run, gone.get(), [&](const ApprovalDecision &d) { late.append(d); });
        QTRY_VERIFY(gate.currentRunDialog() && gate.currentRunDialog()->isVisible());
        gone.reset();
        QTRY_VERIFY(!gate.currentRunDialog());
        QCOMPARE(questions.pendingCount(), 0);
        QVERIFY(deliverPostedEvents()); // answers are delivered queued: any would be in
        QVERIFY(late.isEmpty());

        // The window closing the dialog without a decision denies the run, once.
        QList<ApprovalDecision> closed;
        questions.askRun(run, &context, [&](const ApprovalDecision &d) { closed.append(d); });
        QTRY_VERIFY(gate.currentRunDialog() && gate.currentRunDialog()->isVisible());
        gate.currentRunDialog()->close();
        QTRY_COMPARE(closed.size(), 1);
        QVERIFY(!closed.at(0).allows());
    }

    void aVariableCanBeOverriddenForARun()
    {
        QDir().mkpath(folder());
        const QString file = QDir(folder()).filePath(u"variables.json"_s);
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(R"({"version": 1, "name": "With a variable", "variables": {"b": 3}, "calls": [
            {"name": "add", "server": "demo", "tool": "add", "arguments": {"a": 2, "b": "${b}"},
             "expect": [{"pointer": "/sum", "equals": 5}]}]})");
        out.close();
        QVERIFY(startWindow());
        QTRY_VERIFY(pane()->selectCollection(file));
        QTableWidget *variables = pane()->variablesTable();
        QTRY_COMPARE(variables->rowCount(), 1);
        QCOMPARE(variables->item(0, 0)->text(), u"b"_s);
        QCOMPARE(variables->item(0, 1)->text(), u"3"_s);
        variables->item(0, 2)->setText(u"4"_s);
        QSignalSpy finished(pane(), &CollectionsPane::runFinished);
        pane()->runAllButton()->click();
        RunApprovalDialog *approval = runDialog();
        QVERIFY(approval);
        // What is approved is what is sent: the value typed for this run, as a number.
        QCOMPARE(approval->request().calls.at(0).arguments.value(u"b"_s), QJsonValue(4));
        QVERIFY(approval->argumentTexts().at(0).contains(u"\"b\": 4"_s));
        QTRY_VERIFY(approval->runButton()->isEnabled());
        approval->runButton()->click();
        QVERIFY(finished.wait(15000));
        QVERIFY(!finished.takeFirst().at(0).value<RunReport>().passed());
        QCOMPARE(pane()->reportView()->tree()->topLevelItem(0)->child(0)->text(RunReportView::DetailsColumn),
                 u"expected /sum to equal 5; it was 6"_s);
    }

    void aBrokenFileIsListedWithItsError()
    {
        QDir().mkpath(folder());
        const QString broken = QDir(folder()).filePath(u"broken.json"_s);
        QFile out(broken);
        QVERIFY(out.open(QIODevice::WriteOnly));
        const QByteArray text = R"({"version": 1, "calls": [{"name": "x", "tool": )";
        out.write(text);
        out.close();
        QVERIFY(startWindow());
        QTRY_COMPARE(pane()->collectionList()->count(), 1);
        QListWidgetItem *item = pane()->collectionList()->item(0);
        QVERIFY(item->text().contains(u"broken.json"_s) && item->text().contains(u"cannot be used"_s));
        QVERIFY(!item->toolTip().isEmpty());
        QVERIFY(pane()->selectCollection(broken));
        QTRY_VERIFY(pane()->problemLabel()->isVisible());
        QVERIFY(pane()->problemLabel()->text().contains(u"cannot be used"_s));
        QVERIFY(!pane()->runAllButton()->isEnabled());
        // Import refuses it, and the file in the folder is left as it was.
        const QString elsewhere = path(u"elsewhere.json"_s);
        QVERIFY(QFile::copy(broken, elsewhere));
        const Result<QString> imported = pane()->importFile(elsewhere);
        QVERIFY(!imported.ok());
        QVERIFY(!imported.error().message.isEmpty());
        QFile again(broken);
        QVERIFY(again.open(QIODevice::ReadOnly));
        QCOMPARE(again.readAll(), text);
        QCOMPARE(QDir(folder()).entryList({u"*.json"_s}, QDir::Files).size(), 1);
    }

    void aCallToAServerThatIsNotReadyFailsWithTheReason()
    {
        QDir().mkpath(folder());
        const QString file = QDir(folder()).filePath(u"elsewhere.json"_s);
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(R"({"version": 1, "name": "Elsewhere", "calls": [
            {"name": "echo", "server": "nowhere", "tool": "echo", "arguments": {"text": "x"}, "expect": [{"isError": false}]}]})");
        out.close();
        QVERIFY(startWindow());
        QTRY_VERIFY(pane()->selectCollection(file));
        QSignalSpy finished(pane(), &CollectionsPane::runFinished);
        pane()->runAllButton()->click();
        RunApprovalDialog *approval = runDialog();
        QVERIFY(approval);
        QTRY_VERIFY(approval->runButton()->isEnabled());
        approval->runButton()->click();
        QVERIFY(finished.wait(15000));
        QTreeWidgetItem *call = pane()->reportView()->tree()->topLevelItem(0);
        QCOMPARE(call->text(RunReportView::StatusColumn), u"FAILED"_s);
        QVERIFY(call->childCount() >= 1);
        // Says which server and what to do, not only "not connected".
        const auto details = [&] { return pane()->reportView()->tree()->topLevelItem(0)->child(0)->text(RunReportView::DetailsColumn); };
        QVERIFY2(details().contains(u"no server called \"nowhere\" in your servers list"_s), qPrintable(details()));

        // Sent to the demo server instead (the Server: choice) while it is turned off: the report says so.
        const int demo = pane()->serverChoice()->findData(u"demo"_s);
        QVERIFY(demo > 0);
        pane()->serverChoice()->setCurrentIndex(demo);
        QVERIFY(m_host->workspace()->setServerEnabled(u"demo"_s, false).ok());
        pane()->runAllButton()->click();
        approval = runDialog();
        QVERIFY(approval);
        QTRY_VERIFY(approval->runButton()->isEnabled());
        approval->runButton()->click();
        QVERIFY(finished.wait(15000));
        QVERIFY2(details().contains(u"\"demo\" is turned off. Turn it on in the Servers list"_s), qPrintable(details()));

        // Turned on again and ready: it passes.
        QVERIFY(m_host->workspace()->setServerEnabled(u"demo"_s, true).ok());
        QTRY_COMPARE_WITH_TIMEOUT(m_host->workspace()->connection(u"demo"_s)->status(), ServerConnection::Status::Ready, 20000);
        pane()->runAllButton()->click();
        approval = runDialog();
        QVERIFY(approval);
        QCOMPARE(approval->request().calls.at(0).server.name, u"demo"_s);
        QTRY_VERIFY(approval->runButton()->isEnabled());
        approval->runButton()->click();
        QVERIFY(finished.wait(15000));
        QVERIFY(finished.takeLast().at(0).value<RunReport>().passed());
    }
    void promptEntriesAreListedAndTheirPassRateReported()
    {
        QDir().mkpath(folder());
        const QString file = QDir(folder()).filePath(u"eval.json"_s);
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(R"({"version": 1, "name": "Eval", "calls": [
            {"name": "adds", "server": "demo", "prompt": "What is 2 plus 3?", "runs": 5,
             "expectCalls": [{"tool": "add", "expect": [{"pointer": "/a", "equals": 2}]}, {"tool": "echo"}]},
            {"name": "talks", "server": "demo", "prompt": "Say hello.", "expectCalls": []},
            {"name": "echo", "server": "demo", "tool": "echo", "arguments": {"text": "x"}}]})");
        out.close();
        QVERIFY(startWindow());
        QTRY_VERIFY(pane()->selectCollection(file));
        QTRY_COMPARE(pane()->callTree()->topLevelItemCount(), 3);
        QTreeWidgetItem *adds = pane()->callTree()->topLevelItem(0);
        QCOMPARE(adds->text(2), u"prompt: What is 2 plus 3?"_s);
        QCOMPARE(adds->text(3), u"the model calls: a call of add (/a equals 2), then a call of echo"_s);
        QCOMPARE(pane()->callTree()->topLevelItem(1)->text(3), u"the model calls no tool"_s);
        QCOMPARE(pane()->callTree()->topLevelItem(2)->text(2), u"echo"_s);
        // The call editor edits tool calls; a prompt is edited in its file.
        pane()->callTree()->setCurrentItem(adds);
        QTRY_VERIFY(!pane()->editCallButton()->isEnabled());
        pane()->callTree()->setCurrentItem(pane()->callTree()->topLevelItem(2));
        QTRY_VERIFY(pane()->editCallButton()->isEnabled());

        // A run's report gives the prompt's pass rate, and each run with what the model called.
        CallReport prompt;
        prompt.name = u"adds"_s;
        prompt.server = u"demo"_s;
        prompt.made = true;
        prompt.isPrompt = true;
        prompt.plannedRuns = 3;
        PromptRunReport good;
        good.passed = true;
        ModelCallSeen call;
        call.tool = u"add"_s;
        call.exposed = true;
        call.argumentsText = uR"({"a": 2})"_s;
        good.calls = {call};
        PromptRunReport bad;
        bad.problem = u"expected a call of add (/a equals 2); there was none. The model called: no tool; it answered: 5"_s;
        prompt.promptRuns = {good, bad, good};
        RunReport report;
        report.collectionName = u"Eval"_s;
        report.calls = {prompt};
        RunReportView *view = pane()->reportView();
        view->setReport(report, 1, std::nullopt);
        QTreeWidgetItem *item = view->tree()->topLevelItem(0);
        QCOMPARE(item->text(RunReportView::StatusColumn), u"FAILED"_s);
        QCOMPARE(item->text(RunReportView::DetailsColumn), u"a prompt on demo: 2 of 3 runs passed"_s);
        QCOMPARE(item->childCount(), 3);
        QCOMPARE(item->child(0)->text(RunReportView::CallColumn), u"run 1"_s);
        QCOMPARE(item->child(0)->text(RunReportView::StatusColumn), u"passed"_s);
        QCOMPARE(item->child(0)->text(RunReportView::DetailsColumn), u"add {\"a\": 2}"_s);
        QCOMPARE(item->child(1)->text(RunReportView::StatusColumn), u"FAILED"_s);
        QCOMPARE(item->child(1)->text(RunReportView::DetailsColumn), bad.problem);
    }
};

QTEST_MAIN(tst_CollectionsPane)
#include "tst_collectionspane.moc"
