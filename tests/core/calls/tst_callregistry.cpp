// The registry of the newest call of each tool (issue #29, item 3: it moved from the tool panel into
// core): what a front end shows of a tool's call while it runs and after it ended.
#include "approvalgates.h"
#include "inprocessserver.h"
#include "postedevents.h"

#include "core/calls/callregistry.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using Toolgate::TestSupport::HeldGate;

namespace {

constexpr int waitMs = 60000;

} // namespace

class tst_CallRegistry : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_fixture = std::make_unique<TestSupport::InProcessServer>();
        m_fixture->addTool(u"slow"_s, [this](const ToolCallContext &call) {
            call.reportProgress(1, 2, u"half way"_s);
            m_waiting.append(call);
        });
        for (int i = 0; i < CallRegistry::maxTools + 5; ++i)
            m_fixture->addTool(u"t%1"_s.arg(i), [](const ToolCallContext &call) { call.respond(CallToolResult{}); });
        m_fixture->start();
        QTRY_VERIFY_WITH_TIMEOUT(m_fixture->session->isReady(), waitMs);
        m_waiting.clear();
    }
    void cleanup()
    {
        m_waiting.clear();
        m_fixture.reset();
    }

    void aCallIsShownRunningThenEnded()
    {
        HeldGate gate;
        ToolCallPipeline pipeline(&gate, nullptr, {});
        CallRegistry calls;
        QSignalSpy changed(&calls, &CallRegistry::changed);
        QSignalSpy progressed(&calls, &CallRegistry::progressed);
        QSignalSpy running(&calls, &CallRegistry::runningCountChanged);
        QObject owner;
        const QJsonObject requested{{u"n"_s, 1}};
        QPointer<ToolCall> call = pipeline.call(m_fixture->target.get(), u"slow"_s, requested, CallInitiator::Gui, &owner);
        calls.track(call, requested);
        const CallRegistry::Entry *entry = calls.find(u"test"_s, u"slow"_s);
        QVERIFY(entry);
        QCOMPARE(entry->running, call);
        QCOMPARE(entry->requested, requested);
        QVERIFY(!entry->ended);
        QCOMPARE(calls.runningCount(), 1);
        QCOMPARE(running.constLast().constFirst().toInt(), 1);

        QTRY_VERIFY_WITH_TIMEOUT(bool(gate.pending), waitMs);
        gate.answer(ApprovalDecision::Kind::AllowOnce);
        QVERIFY(!changed.isEmpty());
        QCOMPARE(changed.constLast(), (QVariantList{u"test"_s, u"slow"_s}));
        // Progress is told apart: what runs on each change of stage does not run on each progress report.
        bool changedOnProgress = false;
        QObject watching; // gone before the flag is
        connect(&calls, &CallRegistry::changed, &watching, [&calls, &changedOnProgress] {
            const CallRegistry::Entry *now = calls.find(u"test"_s, u"slow"_s);
            changedOnProgress = changedOnProgress || (now && now->running && now->progress);
        });
        QVERIFY(progressed.wait(waitMs));
        QCOMPARE(entry->progress->message, u"half way"_s);
        QCOMPARE(progressed.constLast(), (QVariantList{u"test"_s, u"slow"_s}));
        QVERIFY(!changedOnProgress);

        QSignalSpy ended(&calls, &CallRegistry::ended);
        m_waiting.takeFirst().respond(CallToolResult{});
        QVERIFY(ended.wait(waitMs));
        entry = calls.find(u"test"_s, u"slow"_s);
        QVERIFY(!entry->running);
        QVERIFY(entry->ended);
        QCOMPARE(entry->ended->outcome.kind, ToolCallOutcome::Kind::Succeeded);
        QCOMPARE(entry->ended->tool.name, u"slow"_s);
        QCOMPARE(calls.runningCount(), 0);
        QCOMPARE(running.constLast().constFirst().toInt(), 0);
        // The handle goes; the record stays.
        QTRY_VERIFY(!call);
    }

    void onlyTheLastToolsAreKeptButNeverARunningCall()
    {
        HeldGate gate;
        ToolCallPipeline pipeline(&gate, nullptr, {});
        CallRegistry calls;
        QObject owner;
        ToolCall *first = pipeline.call(m_fixture->target.get(), u"slow"_s, {}, CallInitiator::Gui, &owner);
        calls.track(first, {});
        int ended = 0;
        connect(&calls, &CallRegistry::ended, this, [&ended] { ++ended; });
        for (int i = 0; i < CallRegistry::maxTools + 5; ++i) {
            ToolCall *call = pipeline.call(m_fixture->target.get(), u"t%1"_s.arg(i), {}, CallInitiator::Gui, &owner);
            calls.track(call, {});
        }
        // The pipeline asks one question at a time: the first call, "slow", is denied, the others allowed.
        QTRY_VERIFY_WITH_TIMEOUT(bool(gate.pending), waitMs);
        gate.answer(ApprovalDecision::Kind::Deny);
        for (int i = 0; i < CallRegistry::maxTools + 5; ++i) {
            QTRY_VERIFY_WITH_TIMEOUT(bool(gate.pending), waitMs);
            gate.answer(ApprovalDecision::Kind::AllowOnce);
        }
        QTRY_COMPARE_WITH_TIMEOUT(ended, CallRegistry::maxTools + 6, waitMs);
        // Another one pushes the oldest finished tools out.
        ToolCall *last = pipeline.call(m_fixture->target.get(), u"t0"_s, {}, CallInitiator::Gui, &owner);
        calls.track(last, {});
        QVERIFY(!calls.find(u"test"_s, u"slow"_s));
        QVERIFY(!calls.find(u"test"_s, u"t1"_s));
        QVERIFY(calls.find(u"test"_s, u"t%1"_s.arg(CallRegistry::maxTools + 4)));
        QCOMPARE(calls.find(u"test"_s, u"t0"_s)->running.data(), last);
    }

    void connectionsGoWithTheCallsThatRun()
    {
        // What a sandboxed server connects to goes with its calls running then (issue 32), and stays with
        // the ended call; a call of another server, or one that ended before, gets nothing.
        HeldGate gate;
        ToolCallPipeline pipeline(&gate, nullptr, {});
        CallRegistry calls;
        QObject owner;
        ToolCall *done = pipeline.call(m_fixture->target.get(), u"t0"_s, {}, CallInitiator::Gui, &owner);
        calls.track(done, {});
        QTRY_VERIFY_WITH_TIMEOUT(bool(gate.pending), waitMs);
        gate.answer(ApprovalDecision::Kind::AllowOnce);
        QTRY_VERIFY_WITH_TIMEOUT(!calls.find(u"test"_s, u"t0"_s)->running, waitMs);
        ToolCall *call = pipeline.call(m_fixture->target.get(), u"slow"_s, {}, CallInitiator::Gui, &owner);
        calls.track(call, {});
        QTRY_VERIFY_WITH_TIMEOUT(bool(gate.pending), waitMs);
        gate.answer(ApprovalDecision::Kind::AllowOnce);
        QTRY_COMPARE_WITH_TIMEOUT(m_waiting.size(), 1, waitMs);

        QSignalSpy changed(&calls, &CallRegistry::changed);
        calls.connectionMade(u"test"_s, u"api.example.com:443 (allowed)"_s);
        calls.connectionMade(u"other"_s, u"elsewhere.test:443 (allowed)"_s);
        calls.connectionMade(u"test"_s, u"evil.test:443 (refused)"_s);
        QCOMPARE(changed.size(), 2);
        QCOMPARE(changed.constFirst(), (QVariantList{u"test"_s, u"slow"_s}));
        const QStringList expected{u"api.example.com:443 (allowed)"_s, u"evil.test:443 (refused)"_s};
        QCOMPARE(calls.find(u"test"_s, u"slow"_s)->connections, expected);
        QVERIFY(calls.find(u"test"_s, u"t0"_s)->connections.isEmpty());

        QSignalSpy ended(&calls, &CallRegistry::ended);
        m_waiting.takeFirst().respond(CallToolResult{});
        QVERIFY(ended.wait(waitMs));
        QCOMPARE(calls.find(u"test"_s, u"slow"_s)->connections, expected);
        // The next call of the tool starts with none.
        calls.connectionMade(u"test"_s, u"late.test:443 (allowed)"_s);
        QCOMPARE(calls.find(u"test"_s, u"slow"_s)->connections, expected);
        calls.track(pipeline.call(m_fixture->target.get(), u"slow"_s, {}, CallInitiator::Gui, &owner), {});
        QVERIFY(calls.find(u"test"_s, u"slow"_s)->connections.isEmpty());
    }

    void callsStillRunningAreCancelledWhenTheRegistryGoes()
    {
        HeldGate gate;
        ToolCallPipeline pipeline(&gate, nullptr, {});
        QObject owner;
        ToolCall *call = pipeline.call(m_fixture->target.get(), u"slow"_s, {}, CallInitiator::Gui, &owner);
        QSignalSpy finished(call, &ToolCall::finished);
        {
            CallRegistry calls;
            calls.track(call, {});
            QTRY_VERIFY_WITH_TIMEOUT(bool(gate.pending), waitMs);
            gate.answer(ApprovalDecision::Kind::AllowOnce);
            QTRY_COMPARE_WITH_TIMEOUT(m_waiting.size(), 1, waitMs);
            QCOMPARE(call->stage(), ToolCall::Stage::Running);
        }
        // The server is told (notifications/cancelled), and the call ends cancelled.
        QVERIFY(finished.size() == 1 || finished.wait(waitMs));
        QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Cancelled);
        QTRY_VERIFY_WITH_TIMEOUT(m_waiting.constFirst().isCancelled(), waitMs);
    }

private:
    std::unique_ptr<TestSupport::InProcessServer> m_fixture;
    QList<ToolCallContext> m_waiting;
};

QTEST_GUILESS_MAIN(tst_CallRegistry)
#include "tst_callregistry.moc"
