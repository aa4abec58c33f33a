// The pipeline's question queue (issue #29, item 3): tool-call questions wait for the person in core,
// in the order they were asked, and a gate is only ever given one.
#include "inprocessserver.h"
#include "postedevents.h"

#include "core/calls/approvalqueue.h"
#include "core/calls/toolcall.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Toolgate;

namespace {

constexpr int waitMs = 60000;

// Holds every question until the test answers it, and says how many it holds at once.
class HeldGate final : public ApprovalGate
{
public:
    struct Held
    {
        QString name; // the tool's, or the run's
        QPointer<QObject> context;
        std::function<void(const ApprovalDecision &)> decide;
    };

    void requestApproval(const ApprovalRequest &request, QObject *context, std::function<void(const ApprovalDecision &)> decide) override
    {
        hold(request.tool.name, context, std::move(decide));
    }
    void requestRunApproval(const RunApprovalRequest &request, QObject *context, std::function<void(const ApprovalDecision &)> decide) override
    {
        hold(request.runName, context, std::move(decide));
    }
    void setWaitingCount(int count) override { waiting = count; }

    void answer(ApprovalDecision::Kind kind)
    {
        Held held = held_.takeFirst();
        held.decide(ApprovalDecision{kind, ApprovalDecision::Source::Human, {}, std::nullopt});
    }
    QString shown() const { return held_.isEmpty() ? QString() : held_.first().name; }

    QList<Held> held_;
    QStringList asked;
    int mostHeldAtOnce = 0;
    int waiting = -1;

private:
    void hold(const QString &name, QObject *context, std::function<void(const ApprovalDecision &)> decide)
    {
        asked.append(name);
        held_.append({name, context, std::move(decide)});
        mostHeldAtOnce = std::max(mostHeldAtOnce, int(held_.size()));
    }
};

// Answers at once, inside requestApproval(), as a rule would.
class AtOnceGate final : public ApprovalGate
{
public:
    void requestApproval(const ApprovalRequest &request, QObject *, std::function<void(const ApprovalDecision &)> decide) override
    {
        asked.append(request.tool.name);
        decide(ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::RememberedRule, {}, std::nullopt});
    }
    QStringList asked;
};

ApprovalRequest requestFor(const QString &tool)
{
    ApprovalRequest request;
    request.server.name = u"demo"_s;
    request.tool.name = tool;
    return request;
}

} // namespace

class tst_ApprovalQueue : public QObject
{
    Q_OBJECT

private slots:
    void questionsArePutOneAtATimeInOrder()
    {
        HeldGate gate;
        ApprovalQueue questions(&gate);
        QSignalSpy counts(&questions, &ApprovalQueue::pendingCountChanged);
        QObject context;
        QList<QPair<QString, ApprovalDecision::Kind>> answers;
        for (const QString &tool : {u"a"_s, u"b"_s, u"c"_s})
            questions.ask(requestFor(tool), &context, [&answers, tool](const ApprovalDecision &d) { answers.append({tool, d.kind}); });
        QCOMPARE(gate.asked, QStringList{u"a"_s});
        QCOMPARE(gate.waiting, 2);
        QCOMPARE(questions.pendingCount(), 3);
        QCOMPARE(counts.constLast().constFirst().toInt(), 3);

        gate.answer(ApprovalDecision::Kind::Deny);
        QCOMPARE(answers.size(), 1);
        QCOMPARE(questions.pendingCount(), 2);
        // The next question comes once the answer has been dealt with, not inside it.
        QCOMPARE(gate.asked.size(), 1);
        QTRY_COMPARE(gate.shown(), u"b"_s);
        QCOMPARE(gate.waiting, 1);
        gate.answer(ApprovalDecision::Kind::AllowOnce);
        QTRY_COMPARE(gate.shown(), u"c"_s);
        QCOMPARE(gate.waiting, 0);
        gate.answer(ApprovalDecision::Kind::AllowAlways);

        QCOMPARE(answers, (QList<QPair<QString, ApprovalDecision::Kind>>{{u"a"_s, ApprovalDecision::Kind::Deny},
                                                                          {u"b"_s, ApprovalDecision::Kind::AllowOnce},
                                                                          {u"c"_s, ApprovalDecision::Kind::AllowAlways}}));
        QCOMPARE(gate.mostHeldAtOnce, 1);
        QCOMPARE(questions.pendingCount(), 0);
        QCOMPARE(counts.constLast().constFirst().toInt(), 0);
    }

    void runsWaitInTheSameLine()
    {
        HeldGate gate;
        ApprovalQueue questions(&gate);
        QObject context;
        QStringList answered;
        RunApprovalRequest run;
        run.runName = u"nightly"_s;
        questions.ask(requestFor(u"single"_s), &context, [&](const ApprovalDecision &) { answered.append(u"single"_s); });
        questions.askRun(run, &context, [&](const ApprovalDecision &) { answered.append(u"nightly"_s); });
        QCOMPARE(gate.asked, QStringList{u"single"_s});
        gate.answer(ApprovalDecision::Kind::AllowOnce);
        QTRY_COMPARE(gate.shown(), u"nightly"_s);
        gate.answer(ApprovalDecision::Kind::AllowOnce);
        QCOMPARE(answered, (QStringList{u"single"_s, u"nightly"_s}));
    }

    void anAskerThatGoesAwayIsNeverAnswered()
    {
        HeldGate gate;
        ApprovalQueue questions(&gate);
        auto shown = std::make_unique<QObject>();
        auto waiting = std::make_unique<QObject>();
        QObject survivor;
        int answers = 0;
        questions.ask(requestFor(u"a"_s), shown.get(), [&](const ApprovalDecision &) { ++answers; });
        questions.ask(requestFor(u"b"_s), waiting.get(), [&](const ApprovalDecision &) { ++answers; });
        questions.ask(requestFor(u"c"_s), &survivor, [&](const ApprovalDecision &) { ++answers; });

        waiting.reset(); // leaves the line
        QCOMPARE(questions.pendingCount(), 2);
        QCOMPARE(gate.waiting, 1);
        shown.reset(); // the gate closes what it shows; the next question is put
        QCOMPARE(questions.pendingCount(), 1);
        QTRY_COMPARE(gate.asked, (QStringList{u"a"_s, u"c"_s}));
        // The gate answering the dead asker's question late changes nothing.
        gate.answer(ApprovalDecision::Kind::AllowOnce);
        QCOMPARE(answers, 0);
        QCOMPARE(gate.shown(), u"c"_s);
        gate.answer(ApprovalDecision::Kind::AllowOnce);
        QCOMPARE(answers, 1);
        QVERIFY(TestSupport::deliverPostedEvents());
        QCOMPARE(answers, 1);
        QCOMPARE(questions.pendingCount(), 0);
    }

    void aGateMayAnswerAtOnce()
    {
        AtOnceGate gate;
        ApprovalQueue questions(&gate);
        QObject context;
        QStringList answered;
        for (const QString &tool : {u"a"_s, u"b"_s, u"c"_s})
            questions.ask(requestFor(tool), &context, [&answered, tool](const ApprovalDecision &) { answered.append(tool); });
        QTRY_COMPARE(answered, (QStringList{u"a"_s, u"b"_s, u"c"_s}));
        QCOMPARE(gate.asked, answered);
        QCOMPARE(questions.pendingCount(), 0);
    }

    void anAnswerAfterTheQueueIsGoneGoesNowhere()
    {
        HeldGate gate;
        QObject context;
        int answers = 0;
        {
            ApprovalQueue questions(&gate);
            questions.ask(requestFor(u"a"_s), &context, [&](const ApprovalDecision &) { ++answers; });
            questions.ask(requestFor(u"b"_s), &context, [&](const ApprovalDecision &) { ++answers; });
        }
        gate.answer(ApprovalDecision::Kind::AllowOnce);
        QVERIFY(TestSupport::deliverPostedEvents());
        QCOMPARE(answers, 0);
        QCOMPARE(gate.asked, QStringList{u"a"_s});
    }

    // The pipeline asks through its queue: two calls started together are put to the gate one after the
    // other, and each runs once its own question is answered.
    void thePipelineAsksOneQuestionAtATime()
    {
        TestSupport::InProcessServer fixture;
        int ran = 0;
        const auto respond = [&ran](const ToolCallContext &call) {
            ++ran;
            call.respond(CallToolResult{});
        };
        fixture.addTool(u"first"_s, respond);
        fixture.addTool(u"second"_s, respond);
        fixture.start();
        QTRY_VERIFY_WITH_TIMEOUT(fixture.session->isReady(), waitMs);

        HeldGate gate;
        ToolCallPipeline pipeline(&gate, nullptr, {});
        QSignalSpy pending(pipeline.questions(), &ApprovalQueue::pendingCountChanged);
        QObject owner;
        ToolCall *first = pipeline.call(fixture.target.get(), u"first"_s, {}, CallInitiator::Gui, &owner);
        ToolCall *second = pipeline.call(fixture.target.get(), u"second"_s, {}, CallInitiator::Gui, &owner);
        QSignalSpy firstDone(first, &ToolCall::finished);
        QSignalSpy secondDone(second, &ToolCall::finished);
        QTRY_COMPARE_WITH_TIMEOUT(pipeline.questions()->pendingCount(), 2, waitMs);
        QCOMPARE(gate.asked, QStringList{u"first"_s});
        QCOMPARE(second->stage(), ToolCall::Stage::AwaitingApproval);

        gate.answer(ApprovalDecision::Kind::AllowOnce);
        QVERIFY(firstDone.wait(waitMs));
        QCOMPARE(first->outcome().kind, ToolCallOutcome::Kind::Succeeded);
        QTRY_COMPARE(gate.shown(), u"second"_s);
        gate.answer(ApprovalDecision::Kind::Deny);
        QVERIFY(secondDone.size() == 1 || secondDone.wait(waitMs));
        QCOMPARE(second->outcome().kind, ToolCallOutcome::Kind::Denied);
        QCOMPARE(ran, 1);
        QCOMPARE(gate.mostHeldAtOnce, 1);
        QCOMPARE(pipeline.questions()->pendingCount(), 0);
        QVERIFY(!pending.isEmpty());
    }
};

QTEST_GUILESS_MAIN(tst_ApprovalQueue)
#include "tst_approvalqueue.moc"
