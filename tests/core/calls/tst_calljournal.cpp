// The call journal (issue #29, item 3): the pipeline writes each call's life in order, each entry
// once, so that the audit log never has to make up for a missing or repeated one.
#include "approvalgates.h"
#include "inprocessserver.h"
#include "postedevents.h"

#include "core/calls/calljournal.h"
#include "core/calls/toolcall.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using Toolgate::TestSupport::HeldGate;

namespace {

constexpr int waitMs = 60000;

// Keeps every entry as "<call id> <kind>" and answers whenDurable() at once.
class RecordingJournal final : public CallJournal
{
public:
    void write(const CallJournalEntry &entry) override
    {
        static const char *const names[] = {"opened", "decided", "task", "closed", "abandoned"};
        lines.append(QStringLiteral("%1 %2").arg(entry.call.id).arg(QLatin1StringView(names[int(entry.kind)])));
        if (entry.kind == CallJournalEntry::Kind::Opened)
            openedTools.append(entry.call.tool.name);
    }
    void whenDurable(const ToolCallRecord &call, QObject *context, std::function<void(const Result<void> &)> proceed) override
    {
        durableAsked.append(call.id);
        QMetaObject::invokeMethod(context, [proceed = std::move(proceed)] { proceed({}); }, Qt::QueuedConnection);
    }
    void writeRunDecision(const RunApprovalRequest &request, const ApprovalDecision &) override { runs.append(request.runName); }

    QStringList linesOf(quint64 id) const
    {
        QStringList out;
        for (const QString &line : lines) {
            if (line.section(u' ', 0, 0).toULongLong() == id)
                out.append(line.section(u' ', 1));
        }
        return out;
    }

    QStringList lines;
    QStringList openedTools;
    QList<quint64> durableAsked;
    QStringList runs;
};

} // namespace

class tst_CallJournal : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_fixture = std::make_unique<TestSupport::InProcessServer>();
        m_fixture->addTool(u"echo"_s, [this](const ToolCallContext &call) {
            ++m_ran;
            call.respond(CallToolResult{});
        });
        m_fixture->start();
        QTRY_VERIFY_WITH_TIMEOUT(m_fixture->session->isReady(), waitMs);
        m_ran = 0;
        m_gate = std::make_unique<HeldGate>();
        m_journal = std::make_unique<RecordingJournal>();
        m_pipeline = std::make_unique<ToolCallPipeline>(m_gate.get(), nullptr, ToolCallPipeline::Options{});
        m_pipeline->setJournal(m_journal.get());
    }
    void cleanup()
    {
        m_pipeline.reset();
        m_journal.reset();
        m_gate.reset();
        m_fixture.reset();
    }

    void aSentCallIsOpenedDecidedMadeDurableAndClosed()
    {
        QObject owner;
        ToolCall *call = start(u"echo"_s, &owner);
        QSignalSpy finished(call, &ToolCall::finished);
        QTRY_VERIFY_WITH_TIMEOUT(bool(m_gate->pending), waitMs);
        // Opened before the person is asked: the intent is on record before anything can be sent.
        QCOMPARE(m_journal->linesOf(call->id()), QStringList{u"opened"_s});
        allow();
        QVERIFY(finished.wait(waitMs));
        QCOMPARE(m_journal->linesOf(call->id()), (QStringList{u"opened"_s, u"decided"_s, u"closed"_s}));
        QCOMPARE(m_journal->durableAsked, QList<quint64>{call->id()});
        QCOMPARE(m_ran, 1);
    }

    void aDeniedCallIsClosedWithoutBeingMadeDurable()
    {
        QObject owner;
        ToolCall *call = start(u"echo"_s, &owner);
        QSignalSpy finished(call, &ToolCall::finished);
        QTRY_VERIFY_WITH_TIMEOUT(bool(m_gate->pending), waitMs);
        m_gate->answer(ApprovalDecision::Kind::Deny); // a denial ends the call at once
        QCOMPARE(finished.size(), 1);
        QCOMPARE(m_journal->linesOf(call->id()), (QStringList{u"opened"_s, u"decided"_s, u"closed"_s}));
        QVERIFY(m_journal->durableAsked.isEmpty());
        QCOMPARE(m_ran, 0);
    }

    // Calls that end before they can be described are opened and closed at once, in that order.
    void aCallThatEndsEarlyIsOpenedThenClosed_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<bool>("connected");
        QTest::newRow("no such tool") << u"missing"_s << true;
        QTest::newRow("not connected") << u"echo"_s << false;
    }
    void aCallThatEndsEarlyIsOpenedThenClosed()
    {
        QFETCH(QString, tool);
        QFETCH(bool, connected);
        if (!connected)
            m_fixture->session->disconnectFromServer();
        QObject owner;
        ToolCall *call = start(tool, &owner);
        QSignalSpy finished(call, &ToolCall::finished);
        QVERIFY(finished.wait(waitMs));
        QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Failed);
        QCOMPARE(m_journal->linesOf(call->id()), (QStringList{u"opened"_s, u"closed"_s}));
        QCOMPARE(m_journal->openedTools, QStringList{tool});
    }

    void aCallDeletedBeforeItEndsIsAbandonedOnce()
    {
        auto owner = std::make_unique<QObject>();
        ToolCall *call = start(u"echo"_s, owner.get());
        const quint64 id = call->id();
        QTRY_VERIFY_WITH_TIMEOUT(bool(m_gate->pending), waitMs);
        owner.reset(); // the window that started it closed while the person decided
        QCOMPARE(m_journal->linesOf(id), (QStringList{u"opened"_s, u"abandoned"_s}));
        allow();
        QVERIFY(TestSupport::deliverPostedEvents());
        QCOMPARE(m_journal->linesOf(id), (QStringList{u"opened"_s, u"abandoned"_s}));
        QCOMPARE(m_ran, 0);

        // One deleted before it was described has nothing on record, and nothing is written for it.
        auto early = std::make_unique<QObject>();
        const quint64 earlyId = start(u"echo"_s, early.get())->id();
        early.reset();
        QVERIFY(TestSupport::deliverPostedEvents());
        QVERIFY(m_journal->linesOf(earlyId).isEmpty());
    }

    void aCancelledCallIsDecidedNeverAndClosedOnce()
    {
        QObject owner;
        ToolCall *call = start(u"echo"_s, &owner);
        QSignalSpy finished(call, &ToolCall::finished);
        QTRY_VERIFY_WITH_TIMEOUT(bool(m_gate->pending), waitMs);
        call->cancel();
        QCOMPARE(finished.size(), 1);
        QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Cancelled);
        allow();
        QVERIFY(TestSupport::deliverPostedEvents());
        QCOMPARE(m_journal->linesOf(call->id()), (QStringList{u"opened"_s, u"closed"_s}));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(m_ran, 0);
    }

private:
    ToolCall *start(const QString &tool, QObject *owner) { return m_pipeline->call(m_fixture->target.get(), tool, {}, CallInitiator::Gui, owner); }
    void allow() { m_gate->answer(ApprovalDecision::Kind::AllowOnce); }

    std::unique_ptr<TestSupport::InProcessServer> m_fixture;
    std::unique_ptr<HeldGate> m_gate;
    std::unique_ptr<RecordingJournal> m_journal;
    std::unique_ptr<ToolCallPipeline> m_pipeline;
    int m_ran = 0;
};

QTEST_GUILESS_MAIN(tst_CallJournal)
#include "tst_calljournal.moc"
