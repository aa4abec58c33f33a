// A collection run against the project's demo server through the real ToolCallPipeline (issue 19):
// everything passes; a changed expectation fails with a readable report; the run's one approval covers
// exactly the calls it listed (a call whose arguments differ goes to the gate, an approved call is used
// once), rules on argument values still decide first, and a denied run makes no call. A prompt to the
// scripted model server is tried N times: by default the model's calls are recorded and none is sent;
// when the run's approval says so, each goes through the pipeline and is decided like any model's call.

#include "modeltesting.h"
#include "sessioncalltarget.h"
#include "rulebuilders.h"
#include "sessionwaits.h"
#include "testpaths.h"

#include "core/calls/approval.h"
#include "core/calls/argumentrules.h"
#include "core/calls/runapproval.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/collections/collection.h"
#include "core/collections/collectionrunner.h"
#include "core/model/modelclient.h"
#include "core/transport/stdiotransport.h"

#include <QSignalSpy>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

namespace {

constexpr int waitMs = 30000;

// A gate like the CLI's --yes and the tests' others: allows what it is asked, and counts the questions.
class CountingGate final : public ApprovalGate
{
public:
    void requestApproval(const ApprovalRequest &request, QObject *context, std::function<void(const ApprovalDecision &)> decide) override
    {
        calls.append(request);
        QMetaObject::invokeMethod(context, [decide = std::move(decide)] {
            decide(ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt, {}});
        }, Qt::QueuedConnection);
    }
    void requestRunApproval(const RunApprovalRequest &request, QObject *context, std::function<void(const ApprovalDecision &)> decide) override
    {
        runs.append(request);
        const ApprovalDecision decision = allowRuns ? ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt, {}}
                                                    : ApprovalDecision::deny(u"not today"_s);
        QMetaObject::invokeMethod(context, [decide = std::move(decide), decision] { decide(decision); }, Qt::QueuedConnection);
    }
    QList<ApprovalRequest> calls;
    QList<RunApprovalRequest> runs;
    bool allowRuns = true;
};

const QByteArray smoke = R"json({
  "format": "toolgate-collection",
  "version": 1,
  "name": "Demo smoke test",
  "variables": {"city": "Amsterdam", "b": 3},
  "calls": [
    {"name": "echo", "server": "demo", "tool": "echo", "arguments": {"text": "hello ${city}"},
     "expect": [{"isError": false}, {"textContains": "hello Amsterdam"}, {"withinMs": 20000}]},
    {"name": "weather", "server": "demo", "tool": "weather", "arguments": {"units": "celsius", "city": "${city}"},
     "expect": [{"textContains": "${city}"}, {"pointer": "/units", "equals": "celsius"}, {"pointer": "/city", "matches": "^Amst"},
                {"matchesOutputSchema": true}]},
    {"name": "add", "server": "demo", "tool": "add", "arguments": {"a": 2, "b": "${b}"},
     "expect": [{"name": "the sum", "pointer": "/sum", "equals": 5}, {"matchesOutputSchema": true}]},
    {"name": "fails politely", "server": "demo", "tool": "fail_politely", "arguments": {},
     "expect": [{"isError": true}]},
    {"name": "broken output", "server": "demo", "tool": "bad_structured_output", "arguments": {},
     "expect": [{"matchesOutputSchema": false}]}
  ]
})json";

// A model asked to add, with only add offered; every run must call it with a = 2 and b = 3.
const QByteArray addPrompt = R"json({
  "version": 1,
  "name": "Model eval",
  "calls": [
    {"name": "adds", "server": "demo", "prompt": "What is 2 plus 3?", "tools": ["add"], "runs": 5,
     "expectCalls": [{"tool": "add", "expect": [{"pointer": "/a", "equals": 2}, {"pointer": "/b", "equals": 3}]}]}
  ]
})json";

TestModel::ScriptedCall addCall(const QString &id, const QByteArray &arguments)
{
    return TestModel::ScriptedCall{id, u"add"_s, arguments};
}

} // namespace

class tst_CollectionRunner : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void aCollectionRunPassesAgainstTheDemoServer();
    void aChangedExpectationFailsWithAReadableReport();
    void theRunApprovalCoversExactlyTheListedCalls();
    void rulesOnArgumentValuesStillDecideFirst();
    void aDeniedRunMakesNoCall();
    void cancellingWhileTheApprovalWaitsEndsTheRun();
    void aPromptsPassRateCountsEachRunAndSendsNothing();
    void sendingTheModelsCallsIsTheApprovalsChoice();
    void aPromptWithoutAModelOrItsToolFailsSayingSo();

private:
    RunReport run(const QByteArray &collectionText, const QJsonObject &variables = {}, ModelClient *model = nullptr, bool sendModelCalls = false);

    std::unique_ptr<ClientSession> m_session;
    std::unique_ptr<TestSupport::SessionCallTarget> m_target;
    CountingGate m_gate;
    std::unique_ptr<ToolCallPipeline> m_pipeline;
};

void tst_CollectionRunner::init()
{
    StdioLaunchSpec spec{TestSupport::binDir() + u"/toolgate-demo-server"_s, {}, {}, {}, false};
    m_session = std::make_unique<ClientSession>(std::make_unique<StdioTransport>(spec), ClientSession::Options{});
    QVERIFY(TestSupport::connectAndWait(*m_session, waitMs));
    m_target = std::make_unique<TestSupport::SessionCallTarget>(m_session.get(), ServerIdentity{u"demo"_s, u"toolgate-demo-server"_s, {}});
    m_gate = CountingGate{};
    m_pipeline = std::make_unique<ToolCallPipeline>(&m_gate, nullptr, ToolCallPipeline::Options{});
}

void tst_CollectionRunner::cleanup()
{
    m_pipeline.reset();
    if (m_session && m_session->state() == ClientSession::State::Ready)
        QVERIFY(TestSupport::disconnectAndWait(*m_session));
    m_target.reset();
    m_session.reset();
}

RunReport tst_CollectionRunner::run(const QByteArray &collectionText, const QJsonObject &variables, ModelClient *model, bool sendModelCalls)
{
    const auto collection = Collection::fromJson(collectionText, u"test.json"_s);
    if (!collection)
        qFatal("%s", qPrintable(collection.error().message));
    const auto calls = collection->resolve(variables);
    if (!calls)
        qFatal("%s", qPrintable(calls.error().message));
    CollectionRunner runner(m_pipeline.get(), [this](const QString &name) -> Result<CallTarget *> {
        if (name == u"demo")
            return m_target.get();
        return makeError(ErrorCode::NotConnected, u"no server called %1 here"_s.arg(name));
    }, CallInitiator::Cli);
    if (model)
        runner.setModel(model, sendModelCalls);
    QSignalSpy finished(&runner, &CollectionRunner::finished);
    runner.start(collection->name, calls.value());
    if (!finished.wait(waitMs * 2))
        qWarning("the run did not finish");
    return runner.report();
}

static QString describe(const RunReport &report)
{
    QStringList lines;
    if (report.error)
        lines.append(u"run: "_s + report.error->message);
    for (const CallReport &call : report.calls) {
        lines.append(u"%1: %2 %3"_s.arg(call.name, call.passed() ? u"passed"_s : u"FAILED"_s, call.problem()));
        for (const ExpectationResult &e : call.expectations)
            lines.append(u"  %1: %2 %3"_s.arg(e.name, e.passed ? u"ok"_s : u"failed"_s, e.message));
        for (const PromptRunReport &r : call.promptRuns)
            lines.append(u"  run: %1 %2"_s.arg(r.passed ? u"ok"_s : u"failed"_s, r.problem));
    }
    return lines.join(u'\n');
}

void tst_CollectionRunner::aCollectionRunPassesAgainstTheDemoServer()
{
    const RunReport report = run(smoke);
    QVERIFY2(report.passed(), qPrintable(describe(report)));
    QCOMPARE(report.calls.size(), 5);
    QCOMPARE(report.collectionName, u"Demo smoke test"_s);
    for (const CallReport &call : report.calls) {
        QVERIFY(call.made);
        // Each went through the pipeline under the run's approval, recorded as such: decided by the run
        // the person approved, not by a remembered rule (#34 item 7).
        QCOMPARE(call.outcome.decision.source, ApprovalDecision::Source::ApprovedRun);
        QCOMPARE(call.outcome.decision.reason, u"approved with the collection run \"Demo smoke test\""_s);
    }
    QCOMPARE(report.calls.at(1).outcome.sentArgumentOrder.orderedKeys(report.calls.at(1).outcome.sentArguments),
             (QStringList{u"units"_s, u"city"_s}));
    QCOMPARE(report.calls.at(2).outcome.sentArguments.value(u"b"_s), QJsonValue(3));
    // One question for the whole run, with every call and its exact arguments; none per call.
    QCOMPARE(m_gate.runs.size(), 1);
    QCOMPARE(m_gate.calls.size(), 0);
    const RunApprovalRequest &asked = m_gate.runs.first();
    QCOMPARE(asked.calls.size(), 5);
    QCOMPARE(asked.calls.at(0).server.endpoint, u"toolgate-demo-server"_s);
    QCOMPARE(asked.calls.at(0).arguments, (QJsonObject{{u"text"_s, u"hello Amsterdam"_s}}));
    QCOMPARE(asked.calls.at(1).argumentOrder.orderedKeys(asked.calls.at(1).arguments), (QStringList{u"units"_s, u"city"_s}));
}

void tst_CollectionRunner::aChangedExpectationFailsWithAReadableReport()
{
    // The same collection with b = 4: the sum is no longer 5, and only that expectation fails.
    const RunReport report = run(smoke, {{u"b"_s, 4}});
    QVERIFY(!report.passed());
    QCOMPARE(report.failedCalls(), 1);
    QCOMPARE(report.failedExpectations(), 1);
    const CallReport &add = report.calls.at(2);
    QVERIFY(!add.passed());
    QVERIFY(add.answered());
    QCOMPARE(add.expectations.at(0).name, u"the sum"_s);
    QVERIFY(!add.expectations.at(0).passed);
    QCOMPARE(add.expectations.at(0).message, u"expected /sum to equal 5; it was 6"_s);
    QVERIFY(add.expectations.at(1).passed);
    QVERIFY2(report.calls.at(0).passed() && report.calls.at(1).passed() && report.calls.at(3).passed(), qPrintable(describe(report)));
    // The approval showed the arguments the run sent.
    QCOMPARE(m_gate.runs.first().calls.at(2).arguments.value(u"b"_s), QJsonValue(4));
    QCOMPARE(m_gate.calls.size(), 0);
}

void tst_CollectionRunner::theRunApprovalCoversExactlyTheListedCalls()
{
    RunApprovalRequest request;
    request.runName = u"exact"_s;
    RunApprovalRequest::Entry entry{u"echo one"_s, m_target->identity(), u"echo"_s, {{u"text"_s, u"one"_s}}, {}};
    request.calls = {entry};
    std::shared_ptr<RunApproval> approval;
    bool answered = false;
    m_pipeline->requestRunApproval(request, this, [&](const Result<std::shared_ptr<RunApproval>> &result) {
        answered = true;
        if (result)
            approval = result.value();
    });
    QTRY_VERIFY_WITH_TIMEOUT(answered, waitMs);
    QVERIFY(approval);
    QCOMPARE(approval->remaining(), 1);

    const auto callWith = [&](const QString &text, std::shared_ptr<RunApproval> withApproval) {
        ToolCall *call = m_pipeline->call(m_target.get(), u"echo"_s, {{u"text"_s, text}}, CallInitiator::Cli, this);
        call->setRunApproval(std::move(withApproval));
        QSignalSpy finished(call, &ToolCall::finished);
        if (!finished.wait(waitMs))
            qWarning("the call did not finish");
        const ToolCallOutcome outcome = call->outcome();
        delete call;
        return outcome;
    };

    // Arguments that differ from the approved ones: the gate is asked.
    ToolCallOutcome other = callWith(u"two"_s, approval);
    QCOMPARE(other.kind, ToolCallOutcome::Kind::Succeeded);
    QCOMPARE(m_gate.calls.size(), 1);
    QCOMPARE(m_gate.calls.last().arguments.value(u"text"_s).toString(), u"two"_s);
    QCOMPARE(approval->remaining(), 1);
    // The approved call goes without asking, and uses the approval up.
    ToolCallOutcome approved = callWith(u"one"_s, approval);
    QCOMPARE(approved.kind, ToolCallOutcome::Kind::Succeeded);
    QCOMPARE(m_gate.calls.size(), 1);
    QCOMPARE(approved.decision.reason, u"approved with the collection run \"exact\""_s);
    QCOMPARE(approval->remaining(), 0);
    // The same call once more: asked again.
    callWith(u"one"_s, approval);
    QCOMPARE(m_gate.calls.size(), 2);

    // A finished call saved into a collection runs again as it was sent.
    {
        ToolCall *call = m_pipeline->call(m_target.get(), u"weather"_s, {{u"units"_s, u"fahrenheit"_s}, {u"city"_s, u"Oslo"_s}},
                                          CallInitiator::Gui, this, JsonKeyOrder::fromKeys({u"units"_s, u"city"_s}));
        QSignalSpy finished(call, &ToolCall::finished);
        QVERIFY(finished.wait(waitMs));
        const SavedCall saved = SavedCall::fromCall(call->record(), u"Oslo weather"_s);
        delete call;
        QCOMPARE(saved.server, u"demo"_s);
        QCOMPARE(saved.tool, u"weather"_s);
        QCOMPARE(saved.argumentOrder.orderedKeys(saved.arguments), (QStringList{u"units"_s, u"city"_s}));
        QCOMPARE(saved.expectations.size(), 2);
        QCOMPARE(saved.expectations.at(0).displayName(), u"the tool reports no error"_s);
        QCOMPARE(saved.expectations.at(1).displayName(), u"structured content matches the output schema"_s);
        Collection collection;
        collection.name = u"saved"_s;
        collection.calls = {saved};
        const auto again = Collection::fromJson(collection.toJson(), u"saved.json"_s);
        QVERIFY2(again, again ? "" : qPrintable(again.error().message));
        QCOMPARE(again->calls.at(0).arguments, saved.arguments);
        QCOMPARE(again->calls.at(0).argumentOrder.orderedKeys(again->calls.at(0).arguments), (QStringList{u"units"_s, u"city"_s}));
        QCOMPARE(m_gate.calls.size(), 3);
    }

    // An approval counts only in the pipeline that asked for it.
    CountingGate otherGate;
    ToolCallPipeline otherPipeline(&otherGate, nullptr, ToolCallPipeline::Options{});
    std::shared_ptr<RunApproval> foreign;
    answered = false;
    otherPipeline.requestRunApproval(request, this, [&](const Result<std::shared_ptr<RunApproval>> &result) {
        answered = true;
        if (result)
            foreign = result.value();
    });
    QTRY_VERIFY_WITH_TIMEOUT(answered, waitMs);
    QVERIFY(foreign);
    callWith(u"one"_s, foreign);
    QCOMPARE(m_gate.calls.size(), 4);
    QCOMPARE(foreign->remaining(), 1);
}

void tst_CollectionRunner::rulesOnArgumentValuesStillDecideFirst()
{
    ArgumentRules rules;
    QVERIFY(rules.setRules({TestSupport::rule(u"no adding"_s, u"demo"_s, u"add"_s, {}, ArgumentRule::Action::Deny, u"adding is off"_s)}));
    m_pipeline->setArgumentRules(&rules);
    const RunReport report = run(smoke);
    m_pipeline->setArgumentRules(nullptr);
    const CallReport &add = report.calls.at(2);
    QCOMPARE(add.outcome.kind, ToolCallOutcome::Kind::Denied);
    QVERIFY2(add.problem().contains(u"adding is off"_s), qPrintable(add.problem()));
    QVERIFY2(report.calls.at(0).passed() && report.calls.at(1).passed(), qPrintable(describe(report)));
    QCOMPARE(report.failedCalls(), 1);
}

void tst_CollectionRunner::aDeniedRunMakesNoCall()
{
    m_gate.allowRuns = false;
    const RunReport report = run(smoke);
    QVERIFY(report.error);
    QVERIFY2(report.error->message.contains(u"not today"_s), qPrintable(report.error->message));
    QVERIFY(!report.passed());
    for (const CallReport &call : report.calls)
        QVERIFY(!call.made);
    QCOMPARE(m_gate.calls.size(), 0);
}

void tst_CollectionRunner::cancellingWhileTheApprovalWaitsEndsTheRun()
{
    // A gate that never answers (a person who walked away): cancel ends the run at once, sending nothing.
    class SilentGate final : public ApprovalGate
    {
    public:
        void requestApproval(const ApprovalRequest &, QObject *, std::function<void(const ApprovalDecision &)>) override { ++asked; }
        void requestRunApproval(const RunApprovalRequest &, QObject *, std::function<void(const ApprovalDecision &)>) override { ++asked; }
        int asked = 0;
    } gate;
    ToolCallPipeline pipeline(&gate, nullptr, ToolCallPipeline::Options{});
    const auto collection = Collection::fromJson(smoke, u"test.json"_s);
    QVERIFY(collection);
    CollectionRunner runner(&pipeline, [this](const QString &) -> CallTarget * { return m_target.get(); }, CallInitiator::Cli);
    QSignalSpy finished(&runner, &CollectionRunner::finished);
    runner.start(collection->name, collection->resolve().value());
    QCOMPARE(gate.asked, 1);
    QVERIFY(runner.isRunning());
    runner.cancel();
    QCOMPARE(finished.size(), 1);
    QVERIFY(!runner.isRunning());
    QVERIFY(runner.report().error);
    QCOMPARE(runner.report().error->code, int(ErrorCode::RequestCancelled));
    for (const CallReport &call : runner.report().calls)
        QVERIFY(!call.made);
}

void tst_CollectionRunner::aPromptsPassRateCountsEachRunAndSendsNothing()
{
    TestModel::ScriptedModelServer model;
    using TestModel::ScriptedTurn;
    model.enqueue(ScriptedTurn::call({addCall(u"c1"_s, R"({"a": 2, "b": 3})")}));
    model.enqueue(ScriptedTurn::call({addCall(u"c2"_s, R"({"a": 3, "b": 3})")}));
    model.enqueue(ScriptedTurn::say(u"It is 5."_s));
    model.enqueue(ScriptedTurn::call({addCall(u"c4"_s, R"({"b": 3, "a": 2})")}));
    model.enqueue(ScriptedTurn::call({addCall(u"c5"_s, R"({"a": 1, "b": 4})"), addCall(u"c6"_s, R"({"a": 2, "b": 3})")}));
    const auto client = ModelClient::create(TestModel::configFor(model, TestModel::ScriptedModelServer::Api::OpenAi));

    const RunReport report = run(addPrompt, {}, client.get());
    QCOMPARE(report.calls.size(), 1);
    const CallReport &adds = report.calls.first();
    QVERIFY(adds.isPrompt);
    QCOMPARE(adds.plannedRuns, 5);
    QCOMPARE(adds.promptRuns.size(), 5);
    QCOMPARE(adds.passedRuns(), 3);
    QVERIFY(!adds.passed());
    QVERIFY(!report.passed());
    QVERIFY(!report.modelFailed());
    QVERIFY2(adds.promptRuns.at(0).passed && adds.promptRuns.at(3).passed && adds.promptRuns.at(4).passed, qPrintable(describe(report)));
    // A failed run says what was expected and what the model called instead.
    QCOMPARE(adds.promptRuns.at(1).problem,
             u"expected a call of add (/a equals 2, /b equals 3); the call of add did not match: expected /a to equal 2; it was 3. "
             "The model called: add {\"a\": 3, \"b\": 3}"_s);
    QCOMPARE(adds.promptRuns.at(2).problem,
             u"expected a call of add (/a equals 2, /b equals 3); there was none. The model called: no tool; it answered: It is 5."_s);
    QCOMPARE(adds.promptRuns.at(4).calls.size(), 2);

    // Nothing was sent: no call was put to the gate (it would have allowed it), none reached the server.
    QCOMPARE(m_gate.calls.size(), 0);
    // The approval listed the prompt, the model, and that the calls are not sent.
    QCOMPARE(m_gate.runs.size(), 1);
    const RunApprovalRequest &asked = m_gate.runs.first();
    QCOMPARE(asked.prompts.size(), 1);
    QCOMPARE(asked.prompts.first().prompt, u"What is 2 plus 3?"_s);
    QCOMPARE(asked.prompts.first().tools, QStringList{u"add"_s});
    QCOMPARE(asked.prompts.first().runs, 5);
    QCOMPARE(asked.prompts.first().server.endpoint, u"toolgate-demo-server"_s);
    QVERIFY(asked.model.contains(u"scripted-model"_s));
    QVERIFY(!asked.sendModelCalls);
    QVERIFY(asked.calls.isEmpty());

    // Each run is a fresh conversation of one message, offered only the chosen tool; nothing answered it.
    QCOMPARE(model.requests().size(), 5);
    for (const auto &request : model.requests()) {
        QCOMPARE(request.body.value(u"messages"_s).toArray().size(), 1);
        const QJsonArray tools = request.body.value(u"tools"_s).toArray();
        QCOMPARE(tools.size(), 1);
        QCOMPARE(tools.first().toObject().value(u"function"_s).toObject().value(u"name"_s).toString(), u"add"_s);
    }
}

void tst_CollectionRunner::sendingTheModelsCallsIsTheApprovalsChoice()
{
    TestModel::ScriptedModelServer model;
    model.enqueue(TestModel::ScriptedTurn::call({addCall(u"c1"_s, R"({"a": 2, "b": 3})")}));
    // Then it answers by itself, quoting the tool's result.
    const auto client = ModelClient::create(TestModel::configFor(model, TestModel::ScriptedModelServer::Api::Anthropic));

    const RunReport report = run(addPrompt, {}, client.get(), true);
    const CallReport &adds = report.calls.first();
    QCOMPARE(adds.promptRuns.size(), 5);
    QVERIFY2(adds.promptRuns.first().passed, qPrintable(describe(report)));
    QCOMPARE(adds.promptRuns.first().calls.first().outcome, u"succeeded"_s);
    QVERIFY(adds.promptRuns.first().answer.contains(u"The tool said:"_s));
    QVERIFY(adds.promptRuns.first().answer.contains(u"5"_s));
    // The other runs: the model answered without a call (the script ran out), so they failed.
    QCOMPARE(adds.passedRuns(), 1);
    QVERIFY(m_gate.runs.first().sendModelCalls);
    // The model's call went to the gate on its own, as the model's: the run's approval did not cover it.
    QCOMPARE(m_gate.calls.size(), 1);
    QCOMPARE(m_gate.calls.first().tool.name, u"add"_s);
    QCOMPARE(m_gate.calls.first().initiator, CallInitiator::Model);
    // The model heard the result and answered: two requests for the first run, one for each other.
    QCOMPARE(model.requests().size(), 6);
}

void tst_CollectionRunner::aPromptWithoutAModelOrItsToolFailsSayingSo()
{
    // No model: the prompt fails, and the approval lists no prompt (nothing goes to any model).
    const RunReport noModel = run(addPrompt);
    QVERIFY(!noModel.passed());
    QVERIFY(noModel.calls.first().promptRuns.isEmpty());
    QVERIFY2(noModel.calls.first().problem().contains(u"the run has no model"_s), qPrintable(describe(noModel)));
    QVERIFY(m_gate.runs.first().prompts.isEmpty());

    // A tool the server does not have: no run is made, and the message names it and the server's tools.
    TestModel::ScriptedModelServer model;
    const auto client = ModelClient::create(TestModel::configFor(model, TestModel::ScriptedModelServer::Api::OpenAi));
    QByteArray missingTool = addPrompt;
    missingTool.replace("\"tools\": [\"add\"]", "\"tools\": [\"add\", \"multiply\"]");
    const RunReport report = run(missingTool, {}, client.get());
    const CallReport &adds = report.calls.first();
    QVERIFY(!adds.passed());
    QVERIFY(adds.promptRuns.isEmpty());
    QVERIFY2(adds.problem().contains(u"the server \"demo\" has no tool multiply"_s) && adds.problem().contains(u"echo"_s), qPrintable(adds.problem()));
    QCOMPARE(model.requests().size(), 0);
    QCOMPARE(m_gate.calls.size(), 0);
}

QTEST_GUILESS_MAIN(tst_CollectionRunner)
#include "tst_collectionrunner.moc"
