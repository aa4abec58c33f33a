#include "hostileschemas.h"
#include "inprocessserver.h"
#include "postedevents.h"
#include "stallprobe.h"
#include "testjson.h"

#include "core/calls/approval.h"
#include "core/calls/toolcall.h"
#include "core/schema/schemanode.h"
#include "core/schema/schemachecker.h"
#include "core/schema/schemavalidator.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using Toolgate::TestSupport::InProcessServer;
using Toolgate::TestSupport::parseObject;

namespace {

constexpr int waitMs = 60000;

// Allows every call and keeps what it was asked.
class RecordingGate final : public ApprovalGate
{
public:
    void requestApproval(const ApprovalRequest &request, QObject *, std::function<void(const ApprovalDecision &)> decide) override
    {
        requests.append(request);
        decide(ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt});
    }
    QList<ApprovalRequest> requests;
};

// Denies every call (nothing is sent) and keeps what it was asked.
class DenyingGate final : public ApprovalGate
{
public:
    void requestApproval(const ApprovalRequest &request, QObject *, std::function<void(const ApprovalDecision &)> decide) override
    {
        requests.append(request);
        decide(ApprovalDecision::deny());
    }
    QList<ApprovalRequest> requests;
};

// Waits until the checking thread has done everything asked of it so far (it works in order) and what
// that delivered has run: a check that would still finish a call has done so then.
bool checkerDone()
{
    bool done = false;
    QObject context;
    SchemaChecker::shared()->run(&context, [] {}, [&done] { done = true; });
    return QTest::qWaitFor([&done] { return done; }, waitMs) && TestSupport::deliverPostedEvents();
}

} // namespace

class tst_ToolCallPipeline : public QObject
{
    Q_OBJECT

private slots:
    void largeSchemaIsCheckedOffTheGuiThread();
    void aCallWithoutAFormIsOrderedOffTheGuiThread();
    void callsFinishInTheOrderTheirAnswersCame();
    void aCancelAfterTheAnswerChangesNothing();
    void theQuestionSaysWhetherTheCallRunsAsATask();
};

void tst_ToolCallPipeline::largeSchemaIsCheckedOffTheGuiThread()
{
    // A 5 MB schema (issue #13): compiled (and refused) on the GUI thread at the call and again at the
    // result, it kept the window from turning its event loop for 0.2-0.45 s each time.
    const auto cases = HostileSchemas::cases();
    const auto found = std::find_if(cases.cbegin(), cases.cend(), [](const HostileSchemas::Case &c) {
        return QByteArray(c.name).startsWith("anyOf with 300,000 alternatives");
    });
    QVERIFY(found != cases.cend());
    const QJsonObject big = parseObject(found->schema);
    const QJsonObject schema{{u"type"_s, u"object"_s}, {u"properties"_s, QJsonObject{{u"value"_s, big}}}};

    // What one check cost the GUI thread before (the schema's text as the cache key, then compiling),
    // measured here and now, under the same load as the call below.
    qint64 compileMs = std::numeric_limits<qint64>::max();
    for (int i = 0; i < 2; ++i) {
        QElapsedTimer clock;
        clock.start();
        QVERIFY(!QJsonDocument(schema).toJson(QJsonDocument::Compact).isEmpty());
        QVERIFY(!SchemaValidator::compile(schema));
        compileMs = qMin(compileMs, clock.elapsed());
    }

    InProcessServer fixture;
    Tool tool;
    tool.name = u"big"_s;
    tool.inputSchema = schema;
    tool.outputSchema = schema;
    (void)fixture.server->addTool(tool, [](const ToolCallContext &call) {
        CallToolResult result;
        result.structuredContent = QJsonObject{{u"value"_s, u"x"_s}};
        call.respond(result);
    });
    fixture.start();
    QTRY_VERIFY_WITH_TIMEOUT(fixture.session->isReady(), waitMs);
    bool listed = false;
    fixture.target->relistTools(this, [&](const Result<QList<Tool>> &tools) { listed = bool(tools); });
    QTRY_VERIFY_WITH_TIMEOUT(listed, waitMs);

    RecordingGate gate;
    ToolCallPipeline pipeline(&gate, nullptr, {});
    QObject owner;
    TestSupport::StallProbe stalls;
    stalls.start();
    ToolCall *call = pipeline.call(fixture.target.get(), u"big"_s, {{u"value"_s, u"x"_s}}, CallInitiator::Gui, &owner);
    QSignalSpy finished(call, &ToolCall::finished);
    QVERIFY(finished.wait(waitMs));
    QVERIFY(checkerDone());
    const int turns = stalls.turns(); // the probe measures a stall at its next turn
    QTRY_VERIFY_WITH_TIMEOUT(stalls.turns() > turns, waitMs);
    stalls.stop();
    qInfo("compiling on this thread: %lld ms; longest stall during the call: %.0f ms", compileMs, stalls.longestMs());

    // The verdicts are the same as before, and the gate is handed the compiled verdict so that a dialog
    // need not compile the schema again.
    QCOMPARE(finished.size(), 1);
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Succeeded);
    QCOMPARE(call->outcome().inputProblems.size(), 1);
    QVERIFY(call->outcome().inputProblems.first().startsWith(u"the tool's input schema cannot be used"_s));
    QVERIFY(call->outcome().outputProblems.first().startsWith(u"the tool's output schema cannot be used"_s));
    QCOMPARE(call->outcome().outputValid, std::optional<bool>(false));
    QCOMPARE(gate.requests.size(), 1);
    QVERIFY(gate.requests.first().inputValidator);
    QVERIFY(!*gate.requests.first().inputValidator);
    // Relative to what compiling costs on this machine now, so that a loaded one cannot make it fail.
    QVERIFY2(stalls.longestMs() < qMax<double>(40.0, compileMs * 0.6),
             qPrintable(u"the event loop stalled for %1 ms; compiling takes %2 ms"_s.arg(stalls.longestMs()).arg(compileMs)));
}

// A call without a form (an app view's, the CLI's) sends its arguments in the order of the schema's
// properties. That order came from describing the whole schema on the GUI thread: with a hostile
// app's multi-MB schema the window stood still (issue #35). The description is made where a form's
// is, on the checking thread.
void tst_ToolCallPipeline::aCallWithoutAFormIsOrderedOffTheGuiThread()
{
    // As wide as SchemaNode describes at all (wider ones it cuts at once): describing this one took the
    // GUI thread 70-120 ms on the machine the finding was made on.
    QJsonObject properties;
    for (int i = 0; i < 1000; ++i)
        properties.insert(u"p%1"_s.arg(i), QJsonObject{{u"type"_s, u"string"_s}, {u"pattern"_s, u"^[a-z]{1,%1}$"_s.arg(i + 1)}});
    const QJsonObject schema{{u"type"_s, u"object"_s}, {u"properties"_s, properties}};

    InProcessServer fixture;
    Tool tool;
    tool.name = u"wide"_s;
    tool.inputSchema = schema;
    (void)fixture.server->addTool(tool, [](const ToolCallContext &call) { call.respond(CallToolResult{}); });
    fixture.start();
    QTRY_VERIFY_WITH_TIMEOUT(fixture.session->isReady(), waitMs);
    bool listed = false;
    fixture.target->relistTools(this, [&](const Result<QList<Tool>> &tools) { listed = bool(tools); });
    QTRY_VERIFY_WITH_TIMEOUT(listed, waitMs);
    const std::optional<Tool> listedTool = fixture.target->listedTool(u"wide"_s);
    QVERIFY(listedTool && !listedTool->inputSchemaOrder().isEmpty());

    // What describing it cost the GUI thread before, measured here and now under the same load.
    qint64 describeMs = std::numeric_limits<qint64>::max();
    for (int i = 0; i < 2; ++i) {
        QElapsedTimer clock;
        clock.start();
        QVERIFY(!SchemaNode::fromSchema(listedTool->inputSchema, listedTool->inputSchemaOrder()).valueOrder().isEmpty());
        describeMs = qMin(describeMs, clock.elapsed());
    }

    RecordingGate gate;
    ToolCallPipeline pipeline(&gate, nullptr, {});
    QObject owner;
    TestSupport::StallProbe stalls;
    stalls.start();
    ToolCall *call = pipeline.call(fixture.target.get(), u"wide"_s, {{u"p1"_s, u"b"_s}, {u"p0"_s, u"a"_s}}, CallInitiator::App, &owner);
    QSignalSpy finished(call, &ToolCall::finished);
    QVERIFY(finished.wait(waitMs));
    stalls.stop();
    qInfo("describing on this thread: %lld ms; longest stall during the call: %.0f ms", describeMs, stalls.longestMs());

    // Still in the schema's order, as before.
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Succeeded);
    QCOMPARE(call->outcome().sentArgumentOrder.keys().value(0), u"p0"_s);
    QCOMPARE(call->outcome().sentArgumentOrder.keys().value(1), u"p1"_s);
    QCOMPARE(gate.requests.size(), 1);
    // Relative to what describing costs on this machine now, so that a loaded one cannot make it fail.
    QVERIFY2(stalls.longestMs() < qMax<double>(40.0, describeMs * 0.6),
             qPrintable(u"the event loop stalled for %1 ms; describing takes %2 ms"_s.arg(stalls.longestMs()).arg(describeMs)));
}

void tst_ToolCallPipeline::callsFinishInTheOrderTheirAnswersCame()
{
    // Checking runs on another thread, one check at a time: results checked against a large schema and
    // a small one still finish in the order they were received, each exactly once.
    InProcessServer fixture;
    Tool slow;
    slow.name = u"slow"_s;
    slow.inputSchema = QJsonObject{{u"type"_s, u"object"_s}};
    QJsonArray alternatives;
    for (int i = 0; i < 20000; ++i)
        alternatives.append(QJsonObject{{u"const"_s, i}});
    slow.outputSchema = QJsonObject{{u"type"_s, u"object"_s},
                                    {u"properties"_s, QJsonObject{{u"n"_s, QJsonObject{{u"anyOf"_s, alternatives}}}}}};
    Tool quick = slow;
    quick.name = u"quick"_s;
    quick.outputSchema = QJsonObject{{u"type"_s, u"object"_s}};
    const auto answer = [](const ToolCallContext &call) {
        CallToolResult result;
        result.structuredContent = QJsonObject{{u"n"_s, 19999}};
        call.respond(result);
    };
    (void)fixture.server->addTool(slow, answer);
    (void)fixture.server->addTool(quick, answer);
    fixture.start();
    QTRY_VERIFY_WITH_TIMEOUT(fixture.session->isReady(), waitMs);

    RecordingGate gate;
    ToolCallPipeline pipeline(&gate, nullptr, {});
    QObject owner;
    QStringList order;
    QList<ToolCall *> calls;
    for (const QString &name : {u"slow"_s, u"quick"_s, u"slow"_s, u"quick"_s}) {
        ToolCall *call = pipeline.call(fixture.target.get(), name, {}, CallInitiator::Gui, &owner);
        connect(call, &ToolCall::finished, this, [&order, name, n = calls.size()] {
            order.append(name + QString::number(n));
        });
        calls.append(call);
    }
    QTRY_COMPARE_WITH_TIMEOUT(order.size(), 4, waitMs);
    QVERIFY(checkerDone());
    QCOMPARE(order.size(), 4);
    QCOMPARE(order, (QStringList{u"slow0"_s, u"quick1"_s, u"slow2"_s, u"quick3"_s}));
    for (ToolCall *call : calls) {
        QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Succeeded);
        QVERIFY2(call->outcome().outputValid, qPrintable(call->outcome().outputProblems.join(u'\n')));
    }
}

void tst_ToolCallPipeline::aCancelAfterTheAnswerChangesNothing()
{
    // The answer is in, its structured content waits for the checking thread, and the person presses
    // Cancel: the tool has run, so the call ends as it ran. It once ended as Succeeded and "cancelled"
    // at once (the result shown under a cancel message).
    InProcessServer fixture;
    Tool tool;
    tool.name = u"checked"_s;
    tool.inputSchema = QJsonObject{{u"type"_s, u"object"_s}};
    tool.outputSchema = QJsonObject{{u"type"_s, u"object"_s}, {u"properties"_s, QJsonObject{{u"n"_s, QJsonObject{{u"type"_s, u"integer"_s}}}}}};
    (void)fixture.server->addTool(tool, [](const ToolCallContext &call) {
        CallToolResult result;
        result.structuredContent = QJsonObject{{u"n"_s, 7}};
        call.respond(result);
    });
    fixture.start();
    QTRY_VERIFY_WITH_TIMEOUT(fixture.session->isReady(), waitMs);

    RecordingGate gate;
    ToolCallPipeline pipeline(&gate, nullptr, {});
    QObject owner;
    // Once the call is sent, the checking thread is held: the answer's check waits behind it.
    auto hold = std::make_shared<QSemaphore>(); // shared: the thread may still hold it if a check here fails
    const auto releaseTheChecker = qScopeGuard([hold] { hold->release(); });
    ToolCall *call = pipeline.call(fixture.target.get(), u"checked"_s, {}, CallInitiator::Gui, &owner);
    QSignalSpy finished(call, &ToolCall::finished);
    bool holding = false;
    connect(call, &ToolCall::stageChanged, this, [&](ToolCall::Stage stage) {
        if (stage == ToolCall::Stage::Running && !holding) {
            holding = true;
            SchemaChecker::shared()->run(&owner, [hold] { hold->acquire(); }, [] {});
        }
    });
    QTRY_VERIFY_WITH_TIMEOUT(holding, waitMs);
    // The server answers in order: once a ping sent after the call is answered, so is the call.
    bool pinged = false;
    fixture.session->ping(this, [&pinged](const Result<std::monostate> &) { pinged = true; });
    QTRY_VERIFY_WITH_TIMEOUT(pinged, waitMs);
    QCOMPARE(finished.size(), 0); // its check is still waiting

    call->cancel();
    hold->release();
    QVERIFY(finished.wait(waitMs));
    QCOMPARE(call->outcome().kind, ToolCallOutcome::Kind::Succeeded);
    QVERIFY2(call->outcome().error.code == 0, qPrintable(call->outcome().error.message));
    QCOMPARE(call->outcome().outputValid, std::optional<bool>(true));
    QVERIFY(checkerDone());
    QCOMPARE(finished.size(), 1);
}

// The approval dialog says that a task goes on after it closes (#34 item 7): the pipeline tells the
// gate which calls are sent as tasks, whether the tool requires it or the person chose it.
void tst_ToolCallPipeline::theQuestionSaysWhetherTheCallRunsAsATask()
{
    InProcessServer fixture;
    for (const QString &support : {u"required"_s, u"optional"_s, u"forbidden"_s}) {
        Tool tool;
        tool.name = support;
        tool.inputSchema = QJsonObject{{u"type"_s, u"object"_s}};
        tool.execution = QJsonObject{{u"taskSupport"_s, support}};
        (void)fixture.server->addTool(tool, [](const ToolCallContext &call) { call.respond(CallToolResult{}); });
    }
    fixture.start();
    QTRY_VERIFY_WITH_TIMEOUT(fixture.session->isReady(), waitMs);
    bool listed = false;
    fixture.target->relistTools(this, [&](const Result<QList<Tool>> &tools) { listed = bool(tools); });
    QTRY_VERIFY_WITH_TIMEOUT(listed, waitMs);
    QCOMPARE(fixture.target->listedTool(u"required"_s)->execution.value(u"taskSupport"_s).toString(), u"required"_s);

    DenyingGate gate;
    ToolCallPipeline pipeline(&gate, nullptr, {});
    QObject owner;
    const auto askedAsTask = [&](const QString &tool, std::optional<bool> chosen) {
        ToolCall *call = pipeline.call(fixture.target.get(), tool, {}, CallInitiator::Gui, &owner);
        if (chosen)
            call->setRunAsTask(*chosen);
        QSignalSpy finished(call, &ToolCall::finished);
        const qsizetype asked = gate.requests.size();
        return finished.wait(waitMs) && gate.requests.size() == asked + 1 ? std::optional<bool>(gate.requests.last().runsAsTask)
                                                                           : std::nullopt;
    };
    QCOMPARE(askedAsTask(u"required"_s, std::nullopt), std::optional<bool>(true));
    QCOMPARE(askedAsTask(u"optional"_s, true), std::optional<bool>(true));
    QCOMPARE(askedAsTask(u"optional"_s, false), std::optional<bool>(false));
    QCOMPARE(askedAsTask(u"forbidden"_s, true), std::optional<bool>(false));
}

QTEST_GUILESS_MAIN(tst_ToolCallPipeline)
#include "tst_toolcallpipeline.moc"
