// A server's sampling/createMessage answered by a configured model (issue 31, item 4): an in-process
// server asks through the real ServerRequestPipeline, the scripted model server (real HTTP on
// 127.0.0.1, both wire formats) answers, the real audit log records it. The person's two approvals
// are the gate's: it sends the draft, then returns the model's reply.

#include "modeltesting.h"

#include "core/audit/auditlog.h"
#include "core/audit/auditreader.h"
#include "core/model/samplingbymodel.h"
#include "core/requests/serverrequest.h"
#include "core/requests/serverrequestgate.h"
#include "core/requests/serverrequestpipeline.h"

#include "inprocessserver.h"
#include "toolcallkeyfortests.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using Toolgate::TestSupport::InProcessServer;
using TestModel::ScriptedModelServer;
using TestModel::ScriptedTurn;

namespace {

/// The person who asks a model: sends the draft (edited by edit, when set) and returns the reply as it came.
class ModelGate final : public ServerRequestGate
{
public:
    ModelGate(ModelConfig config, std::function<void(ModelRequest &)> edit = {})
        : m_config(std::move(config))
        , m_edit(std::move(edit))
    {}
    Abilities abilities() const override
    {
        Abilities abilities;
        abilities.sampling = true;
        return abilities;
    }
    void present(ServerRequest *request) override
    {
        auto *asker = new SamplingByModel(m_config, nullptr, request, &m_context);
        asker->setLimits(limits);
        ModelRequest draft = SamplingByModel::draft(request->sampling());
        std::optional<ModelRequest> edited;
        if (m_edit) {
            m_edit(draft);
            edited = draft;
        }
        QPointer<ServerRequest> guard(request);
        QObject::connect(asker, &SamplingByModel::answered, &m_context, [this, guard, edited](const SamplingResult &reply) {
            answered = reply;
            if (guard)
                sent = guard->reply(reply, SamplingByModel::replySource(m_config, edited, false));
        });
        QObject::connect(asker, &SamplingByModel::failed, &m_context, [this](const Error &error) { failure = error; });
        asked = asker;
        asker->ask(draft);
    }

    ModelLimits limits;
    QPointer<SamplingByModel> asked;
    std::optional<SamplingResult> answered;
    std::optional<Error> failure;
    Result<void> sent = makeError(ErrorCode::InternalError, QStringLiteral("nothing sent"));

private:
    ModelConfig m_config;
    std::function<void(ModelRequest &)> m_edit;
    QObject m_context;
};

const QJsonObject samplingParams{
    {QStringLiteral("messages"),
     QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                            {QStringLiteral("content"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                    {QStringLiteral("text"), QStringLiteral("What is the capital of France?")}}}}}},
    {QStringLiteral("systemPrompt"), QStringLiteral("Answer in one word.")},
    {QStringLiteral("maxTokens"), 40},
    {QStringLiteral("temperature"), 0.25},
    {QStringLiteral("stopSequences"), QJsonArray{QStringLiteral("END")}},
    {QStringLiteral("modelPreferences"),
     QJsonObject{{QStringLiteral("hints"), QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("claude")}}}}}},
};

ModelConfig named(const QString &name, const QString &model)
{
    ModelConfig config;
    config.name = name;
    config.model = model;
    return config;
}

} // namespace

class tst_SamplingByModel : public QObject
{
    Q_OBJECT

private slots:
    void theModelAnswersTheServer_data();
    void theModelAnswersTheServer();
    void theEditedDraftIsWhatTheModelGetsAndTheAuditSays();
    void stopReasonsInTheSpecsWords_data();
    void stopReasonsInTheSpecsWords();
    void hintsOnlyPreselect();
    void aWithdrawnRequestAbortsTheModel();
    void modelErrorsInWords();

private:
    struct Run
    {
        bool called = false;
        std::optional<Result<QJsonObject>> answer;
    };
    /// An in-process server whose tool "ask" sends samplingParams and keeps the client's answer.
    void ask(ServerRequestGate &gate, AuditLog *audit, Run &run, ServerRequestPipeline::Options options = {});
    QList<AuditRecord> records(const QString &path);
};

void tst_SamplingByModel::ask(ServerRequestGate &gate, AuditLog *audit, Run &run, ServerRequestPipeline::Options options)
{
    InProcessServer fixture;
    fixture.addTool(QStringLiteral("ask"), [&run](const ToolCallContext &call) {
        call.askClient(QStringLiteral("sampling/createMessage"), samplingParams, [&run, call](const Result<QJsonObject> &answer) {
            run.answer = answer;
            call.respond(CallToolResult{});
        });
    });
    ServerRequestPipeline pipeline(audit, CallInitiator::Gui);
    pipeline.setOptions(options);
    pipeline.setGate(&gate);
    pipeline.configureSession(fixture.session.get(), [&fixture] { return fixture.identity; });
    fixture.start();
    QTRY_VERIFY(fixture.session->isReady());
    fixture.session->callTool(ToolCallKeyForTests::make(), QStringLiteral("ask"), QJsonObject(), {}, &pipeline,
                              [&run](const Result<CallToolResult> &) { run.called = true; });
    QTRY_VERIFY_WITH_TIMEOUT(run.called, 20000);
}

QList<AuditRecord> tst_SamplingByModel::records(const QString &path)
{
    auto reader = AuditReader::open(path);
    if (!reader)
        return {};
    AuditFilter filter;
    filter.names = {QStringLiteral("sampling/createMessage")};
    AuditReader::PageRequest request;
    request.detail = AuditReader::Detail::Full;
    const auto page = reader.value()->page(filter, request);
    return page ? page.value().records : QList<AuditRecord>();
}

void tst_SamplingByModel::theModelAnswersTheServer_data()
{
    QTest::addColumn<ScriptedModelServer::Api>("api");
    QTest::addRow("openai") << ScriptedModelServer::Api::OpenAi;
    QTest::addRow("anthropic") << ScriptedModelServer::Api::Anthropic;
}

void tst_SamplingByModel::theModelAnswersTheServer()
{
    QFETCH(ScriptedModelServer::Api, api);
    ScriptedModelServer model;
    model.enqueue(ScriptedTurn::say(QStringLiteral("Paris")));
    ModelGate gate(TestModel::configFor(model, api));
    QTemporaryDir dir;
    AuditLog::Options options;
    options.path = dir.filePath(QStringLiteral("audit.sqlite"));
    AuditLog audit(options);
    Run run;
    ask(gate, &audit, run);
    if (QTest::currentTestFailed())
        return;

    // What the model got: the server's system prompt, message and limits, in its format.
    QCOMPARE(model.requests().size(), 1);
    const QJsonObject body = model.requests().first().body;
    QCOMPARE(body.value(QLatin1String("temperature")).toDouble(), 0.25);
    QCOMPARE(body.value(QLatin1String("max_tokens")).toInt(), 40);
    const QJsonArray messages = body.value(QLatin1String("messages")).toArray();
    if (api == ScriptedModelServer::Api::OpenAi) {
        QCOMPARE(body.value(QLatin1String("stop")).toArray(), QJsonArray{QStringLiteral("END")});
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages.at(0).toObject().value(QLatin1String("content")).toString(), QStringLiteral("Answer in one word."));
    } else {
        QCOMPARE(body.value(QLatin1String("stop_sequences")).toArray(), QJsonArray{QStringLiteral("END")});
        QCOMPARE(body.value(QLatin1String("system")).toString(), QStringLiteral("Answer in one word."));
        QCOMPARE(messages.size(), 1);
    }
    QCOMPARE(messages.last().toObject().value(QLatin1String("content")).toString(), QStringLiteral("What is the capital of France?"));

    // What the server got: a CreateMessageResult naming the model that wrote it.
    QVERIFY2(gate.sent.ok(), qPrintable(gate.sent.ok() ? QString() : gate.sent.error().message));
    QVERIFY(run.answer && run.answer->ok());
    const QJsonObject result = run.answer->value();
    QCOMPARE(result.value(QLatin1String("role")).toString(), QStringLiteral("assistant"));
    QCOMPARE(result.value(QLatin1String("model")).toString(), QStringLiteral("scripted-model"));
    QCOMPARE(result.value(QLatin1String("stopReason")).toString(), QStringLiteral("endTurn"));
    QCOMPARE(result.value(QLatin1String("content")).toObject().value(QLatin1String("text")).toString(), QStringLiteral("Paris"));

    // The audit record says who wrote the reply and that the person approved both steps unchanged.
    QVERIFY(audit.waitForWrites().ok());
    const QList<AuditRecord> recorded = records(options.path);
    QCOMPARE(recorded.size(), 1);
    QVERIFY2(recorded.first().decisionReason.contains(QStringLiteral("Answered by the model \"scripted-model\" (connection \"scripted\")")),
             qPrintable(recorded.first().decisionReason));
    QVERIFY(recorded.first().decisionReason.contains(QStringLiteral("approved sending the server's request unchanged")));
    QVERIFY(!recorded.first().editedArguments);
}

void tst_SamplingByModel::theEditedDraftIsWhatTheModelGetsAndTheAuditSays()
{
    ScriptedModelServer model;
    ModelGate gate(TestModel::configFor(model, ScriptedModelServer::Api::OpenAi), [](ModelRequest &draft) {
        draft.messages.last().text = QStringLiteral("What is the capital of Italy?");
    });
    QTemporaryDir dir;
    AuditLog::Options options;
    options.path = dir.filePath(QStringLiteral("audit.sqlite"));
    AuditLog audit(options);
    Run run;
    ask(gate, &audit, run);
    if (QTest::currentTestFailed())
        return;

    QCOMPARE(model.requests().size(), 1);
    const QJsonArray messages = model.requests().first().body.value(QLatin1String("messages")).toArray();
    QCOMPARE(messages.last().toObject().value(QLatin1String("content")).toString(), QStringLiteral("What is the capital of Italy?"));
    QVERIFY(run.answer && run.answer->ok());
    QVERIFY(audit.waitForWrites().ok());
    const QList<AuditRecord> recorded = records(options.path);
    QCOMPARE(recorded.size(), 1);
    QVERIFY2(recorded.first().decisionReason.contains(QStringLiteral("edited the request")), qPrintable(recorded.first().decisionReason));
    QVERIFY(recorded.first().editedArguments);
    const QJsonArray sent = recorded.first().editedArguments->value(QLatin1String("messages")).toArray();
    QCOMPARE(sent.last().toObject().value(QLatin1String("text")).toString(), QStringLiteral("What is the capital of Italy?"));
}

void tst_SamplingByModel::stopReasonsInTheSpecsWords_data()
{
    QTest::addColumn<int>("finish");
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("stopReason");
    QTest::addRow("openai stop") << int(ModelReply::FinishReason::Stop) << QStringLiteral("stop") << QStringLiteral("endTurn");
    QTest::addRow("anthropic end_turn") << int(ModelReply::FinishReason::Stop) << QStringLiteral("end_turn") << QStringLiteral("endTurn");
    QTest::addRow("anthropic stop_sequence") << int(ModelReply::FinishReason::Stop) << QStringLiteral("stop_sequence") << QStringLiteral("stopSequence");
    QTest::addRow("length") << int(ModelReply::FinishReason::Length) << QStringLiteral("length") << QStringLiteral("maxTokens");
    QTest::addRow("refusal") << int(ModelReply::FinishReason::ContentFilter) << QStringLiteral("refusal") << QStringLiteral("refusal");
}

void tst_SamplingByModel::stopReasonsInTheSpecsWords()
{
    QFETCH(int, finish);
    QFETCH(QString, raw);
    QFETCH(QString, stopReason);
    ModelReply reply;
    reply.text = QStringLiteral("Paris");
    reply.finishReason = ModelReply::FinishReason(finish);
    reply.rawFinishReason = raw;
    const SamplingResult result = SamplingByModel::samplingResult(reply, QStringLiteral("gpt-4o"));
    QCOMPARE(result.stopReason, stopReason);
    QCOMPARE(result.model, QStringLiteral("gpt-4o"));
    QCOMPARE(result.toJson().value(QLatin1String("role")).toString(), QStringLiteral("assistant"));
}

void tst_SamplingByModel::hintsOnlyPreselect()
{
    const QList<ModelConfig> models{named(QStringLiteral("local"), QStringLiteral("llama3.1")),
                                    named(QStringLiteral("work"), QStringLiteral("claude-sonnet-4-5")),
                                    named(QStringLiteral("openai"), QStringLiteral("gpt-4o"))};
    ModelPreferences preferences;
    QCOMPARE(SamplingByModel::preselected(models, preferences), 0);
    // In the server's order: the first hint that matches wins, by model or connection name.
    preferences.hints = {QStringLiteral("gemini"), QStringLiteral("Sonnet"), QStringLiteral("gpt")};
    QCOMPARE(SamplingByModel::preselected(models, preferences), 1);
    preferences.hints = {QStringLiteral("OpenAI")};
    QCOMPARE(SamplingByModel::preselected(models, preferences), 2);
    // Nothing matches: the first connection, never none (the person still chooses).
    preferences.hints = {QStringLiteral("gemini")};
    QCOMPARE(SamplingByModel::preselected(models, preferences), 0);
    QCOMPARE(SamplingByModel::preselected({}, preferences), -1);
}

void tst_SamplingByModel::aWithdrawnRequestAbortsTheModel()
{
    // The model never answers; the request times out for the person (as when the server cancels or
    // disconnects, the pipeline withdraws it): the model's request is aborted, not left running.
    ScriptedModelServer model;
    model.enqueue(ScriptedTurn::hostileTurn(ScriptedTurn::Hostile::EndlessText));
    ModelGate gate(TestModel::configFor(model, ScriptedModelServer::Api::OpenAi));
    ServerRequestPipeline::Options options;
    options.answerTimeout = std::chrono::milliseconds(1500);
    Run run;
    ask(gate, nullptr, run, options);
    if (QTest::currentTestFailed())
        return;

    QVERIFY(run.answer && !run.answer->ok());
    QTRY_VERIFY(gate.failure.has_value());
    QCOMPARE(modelProblemOf(*gate.failure), ModelProblem::Cancelled);
    QVERIFY(!gate.answered);
    QTRY_COMPARE(model.openStreams(), 0);
}

void tst_SamplingByModel::modelErrorsInWords()
{
    ScriptedModelServer model;
    model.enqueue(ScriptedTurn::httpError(401, R"({"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}})"));
    ModelGate gate(TestModel::configFor(model, ScriptedModelServer::Api::OpenAi));
    ServerRequestPipeline::Options options;
    options.answerTimeout = std::chrono::milliseconds(1000);
    Run run;
    ask(gate, nullptr, run, options);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(gate.failure.has_value());
    QCOMPARE(modelProblemOf(*gate.failure), ModelProblem::WrongKey);
    QVERIFY2(gate.failure->message.contains(QStringLiteral("scripted-model")), qPrintable(gate.failure->message));
    // Nothing was sent for the person: the request stayed theirs until it timed out.
    QVERIFY(!gate.answered);
}

QTEST_GUILESS_MAIN(tst_SamplingByModel)
#include "tst_samplingbymodel.moc"
