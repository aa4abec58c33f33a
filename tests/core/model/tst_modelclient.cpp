// Both wire formats (OpenAI-compatible Chat Completions, Anthropic Messages), streamed and not,
// against the scripted model server: text in pieces, parallel tool calls with parsed arguments, the
// follow-up request carrying tool results in each format's shape, cancelling, and every hostile
// answer ending with a clear error and bounded memory.

#include "modeltesting.h"

#include "core/model/anthropicmessagesclient.h"
#include "core/model/openaichatclient.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

using namespace Toolgate;
using namespace TestModel;
using Api = ScriptedModelServer::Api;


namespace {

ModelTool tool(const QString &name)
{
    return ModelTool{name, QStringLiteral("A tool for tests."),
                     QJsonObject{{"type", "object"}, {"properties", QJsonObject{{"path", QJsonObject{{"type", "string"}}}}}}};
}

ModelRequest ask(const QString &text, bool stream)
{
    ModelRequest request;
    request.messages = {ModelMessage::system(QStringLiteral("You are a test.")), ModelMessage::user(text)};
    request.tools = {tool(QStringLiteral("files__read")), tool(QStringLiteral("echo"))};
    request.stream = stream;
    return request;
}

void addFormats()
{
    QTest::addColumn<Api>("api");
    QTest::addColumn<bool>("stream");
    QTest::addRow("openai streamed") << Api::OpenAi << true;
    QTest::addRow("openai whole") << Api::OpenAi << false;
    QTest::addRow("anthropic streamed") << Api::Anthropic << true;
    QTest::addRow("anthropic whole") << Api::Anthropic << false;
}

void addApis()
{
    QTest::addColumn<Api>("api");
    QTest::addRow("openai") << Api::OpenAi;
    QTest::addRow("anthropic") << Api::Anthropic;
}

} // namespace

class tst_ModelClient : public QObject
{
    Q_OBJECT

private slots:
    void textArrivesInPieces_data() { addFormats(); }
    void textArrivesInPieces()
    {
        QFETCH(Api, api);
        QFETCH(bool, stream);
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::say(QStringLiteral("Hello there, person. All is well.")));
        const auto client = ModelClient::create(configFor(server, api));
        const TurnRun run = runTurn(*client, ask(QStringLiteral("hi"), stream));
        QVERIFY2(run.reply, qPrintable(run.error ? run.error->message : QStringLiteral("no end")));
        QCOMPARE(run.endings, 1);
        QCOMPARE(run.reply->text, QStringLiteral("Hello there, person. All is well."));
        QCOMPARE(run.pieces.join(QString()), run.reply->text);
        QCOMPARE(run.pieces.size() > 1, stream);
        QCOMPARE(run.reply->finishReason, ModelReply::FinishReason::Stop);
        QCOMPARE(run.reply->usage.inputTokens, 11);
        QCOMPARE(run.reply->usage.outputTokens, 7);
        QVERIFY(run.reply->toolCalls.isEmpty());
    }

    void requestHasTheFormatsShape_data() { addFormats(); }
    void requestHasTheFormatsShape()
    {
        QFETCH(Api, api);
        QFETCH(bool, stream);
        ScriptedModelServer server;
        const auto client = ModelClient::create(configFor(server, api));
        QVERIFY(runTurn(*client, ask(QStringLiteral("hi"), stream)).reply);
        QCOMPARE(server.requests().size(), 1);
        const auto &received = server.requests().first();
        const QJsonObject body = received.body;
        QCOMPARE(body.value("model").toString(), QStringLiteral("scripted-model"));
        QCOMPARE(body.value("stream").toBool(), stream);
        const QJsonArray tools = body.value("tools").toArray();
        QCOMPARE(tools.size(), 2);
        if (api == Api::OpenAi) {
            QCOMPARE(received.http.path, QByteArray("/v1/chat/completions"));
            QCOMPARE(received.http.header("authorization"), "Bearer " + fakeKey().toUtf8());
            QCOMPARE(tools.at(0)["type"].toString(), QStringLiteral("function"));
            QCOMPARE(tools.at(0)["function"]["name"].toString(), QStringLiteral("files__read"));
            QVERIFY(tools.at(0)["function"]["parameters"].isObject());
            QCOMPARE(body.value("messages")[0]["role"].toString(), QStringLiteral("system"));
            QCOMPARE(body.value("stream_options")["include_usage"].toBool(), stream);
        } else {
            QCOMPARE(received.http.path, QByteArray("/v1/messages"));
            QCOMPARE(received.http.header("x-api-key"), fakeKey().toUtf8());
            QCOMPARE(received.http.header("anthropic-version"), QByteArray("2023-06-01"));
            QVERIFY(received.http.header("authorization").isEmpty());
            QCOMPARE(tools.at(0)["name"].toString(), QStringLiteral("files__read"));
            QVERIFY(tools.at(0)["input_schema"].isObject());
            QCOMPARE(body.value("system").toString(), QStringLiteral("You are a test."));
            QCOMPARE(body.value("messages").toArray().size(), 1);
            QCOMPARE(body.value("max_tokens").toInt(), AnthropicMessagesClient::defaultMaxTokens);
        }
    }

    void toolCallsAndTheirResults_data() { addFormats(); }
    void toolCallsAndTheirResults()
    {
        QFETCH(Api, api);
        QFETCH(bool, stream);
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::call({{QStringLiteral("call_1"), QStringLiteral("files__read"), "{\"path\": \"/tmp/a.txt\"}"},
                                           {QStringLiteral("call_2"), QStringLiteral("echo"), "{\"path\":\"x\",\"n\":[1,2]}"}},
                                          QStringLiteral("Let me look.")));
        const auto client = ModelClient::create(configFor(server, api));
        ModelRequest request = ask(QStringLiteral("read it"), stream);
        const TurnRun first = runTurn(*client, request);
        QVERIFY2(first.reply, qPrintable(first.error ? first.error->message : QStringLiteral("no end")));
        QCOMPARE(first.reply->finishReason, ModelReply::FinishReason::ToolCalls);
        QCOMPARE(first.reply->text, QStringLiteral("Let me look."));
        QCOMPARE(first.reply->toolCalls.size(), 2);
        QVERIFY(first.reply->rejectedCalls.isEmpty());
        const ModelToolCall &read = first.reply->toolCalls.at(0);
        QCOMPARE(read.id, QStringLiteral("call_1"));
        QCOMPARE(read.name, QStringLiteral("files__read"));
        QCOMPARE(read.arguments, (QJsonObject{{"path", "/tmp/a.txt"}}));
        if (api == Api::OpenAi)
            QCOMPARE(read.argumentsText, QStringLiteral("{\"path\": \"/tmp/a.txt\"}")); // exactly as written
        QCOMPARE(first.reply->toolCalls.at(1).arguments.value("n").toArray().size(), 2);

        // One call ran, the person denied the other: both answers go back.
        request.messages.append(first.reply->toMessage());
        request.messages.append(ModelMessage::results({{QStringLiteral("call_1"), QStringLiteral("file contents"), false},
                                                       {QStringLiteral("call_2"), QStringLiteral("Denied by the person: not now"), true}}));
        const TurnRun second = runTurn(*client, request);
        QVERIFY2(second.reply, qPrintable(second.error ? second.error->message : QStringLiteral("no end")));
        QCOMPARE(second.reply->text, QStringLiteral("The tool said: file contents"));

        const QJsonArray messages = server.requests().last().body.value("messages").toArray();
        if (api == Api::OpenAi) {
            const QJsonObject assistant = messages.at(messages.size() - 3).toObject();
            QCOMPARE(assistant["role"].toString(), QStringLiteral("assistant"));
            QCOMPARE(assistant["content"].toString(), QStringLiteral("Let me look."));
            const QJsonArray calls = assistant["tool_calls"].toArray();
            QCOMPARE(calls.size(), 2);
            QCOMPARE(calls.at(0)["id"].toString(), QStringLiteral("call_1"));
            QCOMPARE(calls.at(0)["type"].toString(), QStringLiteral("function"));
            QCOMPARE(calls.at(0)["function"]["name"].toString(), QStringLiteral("files__read"));
            QCOMPARE(QJsonDocument::fromJson(calls.at(0)["function"]["arguments"].toString().toUtf8()).object(), read.arguments);
            QCOMPARE(messages.at(messages.size() - 2).toObject(),
                     (QJsonObject{{"role", "tool"}, {"tool_call_id", "call_1"}, {"content", "file contents"}}));
            QCOMPARE(messages.last().toObject(),
                     (QJsonObject{{"role", "tool"}, {"tool_call_id", "call_2"}, {"content", "Error: Denied by the person: not now"}}));
        } else {
            const QJsonObject assistant = messages.at(messages.size() - 2).toObject();
            QCOMPARE(assistant["role"].toString(), QStringLiteral("assistant"));
            const QJsonArray blocks = assistant["content"].toArray();
            QCOMPARE(blocks.size(), 3);
            QCOMPARE(blocks.at(0).toObject(), (QJsonObject{{"type", "text"}, {"text", "Let me look."}}));
            QCOMPARE(blocks.at(1).toObject(),
                     (QJsonObject{{"type", "tool_use"}, {"id", "call_1"}, {"name", "files__read"}, {"input", read.arguments}}));
            const QJsonObject results = messages.last().toObject();
            QCOMPARE(results["role"].toString(), QStringLiteral("user"));
            const QJsonArray content = results["content"].toArray();
            QCOMPARE(content.size(), 2);
            QCOMPARE(content.at(0).toObject(), (QJsonObject{{"type", "tool_result"}, {"tool_use_id", "call_1"}, {"content", "file contents"}}));
            QCOMPARE(content.at(1).toObject(), (QJsonObject{{"type", "tool_result"}, {"tool_use_id", "call_2"},
                                                            {"content", "Denied by the person: not now"}, {"is_error", true}}));
        }
    }

    void invalidArgumentsAreNoCall_data() { addFormats(); }
    void invalidArgumentsAreNoCall()
    {
        QFETCH(Api, api);
        QFETCH(bool, stream);
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::call({{QStringLiteral("call_bad"), QStringLiteral("files__read"), "{\"path\": \"/tmp/a.txt\""},
                                           {QStringLiteral("call_ok"), QStringLiteral("echo"), "{}"}}));
        const auto client = ModelClient::create(configFor(server, api));
        ModelRequest request = ask(QStringLiteral("read it"), stream);
        const TurnRun run = runTurn(*client, request);
        QVERIFY2(run.reply, qPrintable(run.error ? run.error->message : QStringLiteral("no end")));
        QCOMPARE(run.reply->toolCalls.size(), 1);
        QCOMPARE(run.reply->toolCalls.first().id, QStringLiteral("call_ok"));
        QCOMPARE(run.reply->rejectedCalls.size(), 1);
        const ModelToolCall &bad = run.reply->rejectedCalls.first();
        QCOMPARE(bad.id, QStringLiteral("call_bad"));
        QVERIFY(!bad.isValid());
        QVERIFY2(bad.problem.contains(QStringLiteral("files__read")), qPrintable(bad.problem));
        QVERIFY2(bad.problem.contains(QStringLiteral("not valid JSON")) || bad.problem.contains(QStringLiteral("not a JSON object")), qPrintable(bad.problem));

        // Answered with an error, it goes back with no arguments of its own.
        request.messages.append(run.reply->toMessage());
        request.messages.append(ModelMessage::results({{bad.id, bad.problem, true}, {QStringLiteral("call_ok"), QStringLiteral("ok"), false}}));
        QVERIFY(runTurn(*client, request).reply);
        const QJsonArray messages = server.requests().last().body.value("messages").toArray();
        if (api == Api::OpenAi) {
            const QJsonArray calls = messages.at(messages.size() - 3)["tool_calls"].toArray();
            QCOMPARE(calls.at(1)["function"]["arguments"].toString(), QStringLiteral("{}"));
        } else {
            const QJsonArray blocks = messages.at(messages.size() - 2)["content"].toArray();
            QCOMPARE(blocks.at(1)["input"].toObject(), QJsonObject());
        }
    }

    void unknownToolIsNoCall_data() { addFormats(); }
    void unknownToolIsNoCall()
    {
        QFETCH(Api, api);
        QFETCH(bool, stream);
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::call({{QStringLiteral("call_x"), QStringLiteral("shell__rm_rf"), "{\"path\":\"/\"}"}}));
        const auto client = ModelClient::create(configFor(server, api));
        const TurnRun run = runTurn(*client, ask(QStringLiteral("go"), stream));
        QVERIFY(run.reply);
        QVERIFY(run.reply->toolCalls.isEmpty());
        QCOMPARE(run.reply->rejectedCalls.size(), 1);
        QVERIFY2(run.reply->rejectedCalls.first().problem.contains(QStringLiteral("was not offered")), qPrintable(run.reply->rejectedCalls.first().problem));
    }

    void hugeArgumentsEndTheTurn_data() { addFormats(); }
    void hugeArgumentsEndTheTurn()
    {
        QFETCH(Api, api);
        QFETCH(bool, stream);
        ScriptedModelServer server;
        const QByteArray huge = "{\"path\":\"" + QByteArray(10 * 1024 * 1024, 'a') + "\"}";
        server.enqueue(ScriptedTurn::call({{QStringLiteral("call_1"), QStringLiteral("files__read"), huge}}));
        const auto client = ModelClient::create(configFor(server, api));
        const TurnRun run = runTurn(*client, ask(QStringLiteral("go"), stream));
        QVERIFY(run.error);
        QCOMPARE(run.endings, 1);
        QCOMPARE(run.problem(), ModelProblem::ReplyTooLarge);
        QVERIFY2(run.error->message.contains(QStringLiteral("arguments")) && run.error->message.contains(QStringLiteral("files__read")),
                 qPrintable(run.error->message));
    }

    void oneHugeEventEndsTheTurn_data() { addApis(); }
    void oneHugeEventEndsTheTurn()
    {
        QFETCH(Api, api);
        ScriptedModelServer server;
        ScriptedTurn turn = ScriptedTurn::call({{QStringLiteral("call_1"), QStringLiteral("files__read"),
                                                 "{\"path\":\"" + QByteArray(6 * 1024 * 1024, 'a') + "\"}"}});
        turn.argumentPieceSize = 8 * 1024 * 1024; // all of it in one event
        server.enqueue(turn);
        const auto client = ModelClient::create(configFor(server, api));
        const TurnRun run = runTurn(*client, ask(QStringLiteral("go"), true));
        QVERIFY(run.error);
        QCOMPARE(run.problem(), ModelProblem::ReplyTooLarge);
        QVERIFY2(run.error->message.contains(QStringLiteral("one event")), qPrintable(run.error->message));
    }

    void tooManyToolCalls_data() { addFormats(); }
    void tooManyToolCalls()
    {
        QFETCH(Api, api);
        QFETCH(bool, stream);
        ScriptedModelServer server;
        QList<ScriptedCall> calls;
        for (int i = 0; i < 5; ++i)
            calls.append({QStringLiteral("call_%1").arg(i), QStringLiteral("echo"), "{}"});
        server.enqueue(ScriptedTurn::call(calls));
        const auto client = ModelClient::create(configFor(server, api));
        ModelLimits limits;
        limits.maxToolCalls = 3;
        client->setLimits(limits);
        const TurnRun run = runTurn(*client, ask(QStringLiteral("go"), stream));
        QVERIFY(run.error);
        QCOMPARE(run.problem(), ModelProblem::TooManyToolCalls);
        QVERIFY2(run.error->message.contains(QStringLiteral("more than 3 tool calls")), qPrintable(run.error->message));
    }

    void endlessTextStopsAtTheSizeLimit_data() { addApis(); }
    void endlessTextStopsAtTheSizeLimit()
    {
        QFETCH(Api, api);
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::hostileTurn(ScriptedTurn::Hostile::EndlessText));
        const auto client = ModelClient::create(configFor(server, api));
        ModelLimits limits;
        limits.maxReplyBytes = 1024 * 1024;
        client->setLimits(limits);
        const TurnRun run = runTurn(*client, ask(QStringLiteral("go"), true));
        QVERIFY(run.error);
        QCOMPARE(run.problem(), ModelProblem::ReplyTooLarge);
        QTRY_COMPARE(server.openStreams(), 0); // the client hung up
    }

    void endlessStreamStopsAtTheTimeLimit_data() { addApis(); }
    void endlessStreamStopsAtTheTimeLimit()
    {
        QFETCH(Api, api);
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::hostileTurn(ScriptedTurn::Hostile::EndlessPings));
        const auto client = ModelClient::create(configFor(server, api));
        ModelLimits limits;
        limits.turnTimeoutMs = 1000;
        client->setLimits(limits);
        const TurnRun run = runTurn(*client, ask(QStringLiteral("go"), true));
        QVERIFY(run.error);
        QCOMPARE(run.problem(), ModelProblem::TimedOut);
        QCOMPARE(run.error->code, int(ErrorCode::RequestTimeout));
        QTRY_COMPARE(server.openStreams(), 0);
    }

    void errorEventMidStream_data() { addApis(); }
    void errorEventMidStream()
    {
        QFETCH(Api, api);
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::hostileTurn(ScriptedTurn::Hostile::ErrorEvent));
        const auto client = ModelClient::create(configFor(server, api));
        const TurnRun run = runTurn(*client, ask(QStringLiteral("go"), true));
        QVERIFY(run.error);
        QCOMPARE(run.problem(), ModelProblem::ServerFailed);
        QVERIFY2(run.error->message.contains(api == Api::OpenAi ? QStringLiteral("The server had an error") : QStringLiteral("Overloaded")),
                 qPrintable(run.error->message));
        QCOMPARE(run.pieces.join(QString()), QStringLiteral("Partial answer")); // shown as it came
    }

    void droppedConnection_data() { addApis(); }
    void droppedConnection()
    {
        QFETCH(Api, api);
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::hostileTurn(ScriptedTurn::Hostile::Drop));
        const auto client = ModelClient::create(configFor(server, api));
        const TurnRun run = runTurn(*client, ask(QStringLiteral("go"), true));
        QVERIFY(run.error);
        QVERIFY2(run.problem() == ModelProblem::NetworkFailure || run.problem() == ModelProblem::MalformedReply, qPrintable(run.error->message));
    }

    void notTheFormat_data() { addFormats(); }
    void notTheFormat()
    {
        QFETCH(Api, api);
        QFETCH(bool, stream);
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::hostileTurn(ScriptedTurn::Hostile::NotJson));
        const auto client = ModelClient::create(configFor(server, api));
        const TurnRun run = runTurn(*client, ask(QStringLiteral("go"), stream));
        QVERIFY(run.error);
        QCOMPARE(run.problem(), ModelProblem::MalformedReply);
        QVERIFY2(run.error->message.contains(QStringLiteral("not a JSON object")), qPrintable(run.error->message));
    }

    void cancelEndsAtOnce_data() { addApis(); }
    void cancelEndsAtOnce()
    {
        QFETCH(Api, api);
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::hostileTurn(ScriptedTurn::Hostile::EndlessPings));
        const auto client = ModelClient::create(configFor(server, api));
        ModelTurn *turn = client->send(ask(QStringLiteral("go"), true));
        QSignalSpy failed(turn, &ModelTurn::failed);
        QSignalSpy finished(turn, &ModelTurn::finished);
        QTRY_COMPARE(server.openStreams(), 1);
        turn->cancel();
        QCOMPARE(failed.size(), 1); // before cancel() returned
        QCOMPARE(modelProblemOf(failed.first().first().value<Error>()), ModelProblem::Cancelled);
        QVERIFY(turn->isEnded());
        turn->cancel();
        QTRY_COMPARE(server.openStreams(), 0);
        QCOMPARE(failed.size(), 1);
        QCOMPARE(finished.size(), 0);
        turn->deleteLater();
    }

    void closingTheClientAnswersItsTurns()
    {
        ScriptedModelServer server;
        server.enqueue(ScriptedTurn::hostileTurn(ScriptedTurn::Hostile::EndlessPings));
        auto client = ModelClient::create(configFor(server, Api::OpenAi));
        ModelTurn *turn = client->send(ask(QStringLiteral("go"), true));
        int failures = 0;
        QObject context;
        QObject::connect(turn, &ModelTurn::failed, &context, [&failures] { ++failures; });
        QTRY_COMPARE(server.openStreams(), 1);
        client.reset();
        QCOMPARE(failures, 1);
        QTRY_COMPARE(server.openStreams(), 0);
    }

    void httpErrorsInPlainWords_data()
    {
        QTest::addColumn<Api>("api");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("retryAfter");
        QTest::addColumn<ModelProblem>("problem");
        QTest::addColumn<QString>("says");
        const QByteArray echoedKey = "{\"error\":{\"message\":\"Incorrect API key provided: " + fakeKey().toUtf8() + "\",\"type\":\"invalid_request_error\"}}";
        for (const Api api : {Api::OpenAi, Api::Anthropic}) {
            const char *name = api == Api::OpenAi ? "openai" : "anthropic";
            QTest::addRow("%s 401", name) << api << 401 << echoedKey << QByteArray() << ModelProblem::WrongKey << QStringLiteral("refused the API key");
            QTest::addRow("%s 403", name) << api << 403 << QByteArray("{\"error\":{\"message\":\"forbidden\"}}") << QByteArray()
                                          << ModelProblem::WrongKey << QStringLiteral("does not allow this key");
            QTest::addRow("%s 429", name) << api << 429 << QByteArray("{\"error\":{\"message\":\"slow down\"}}") << QByteArray("7")
                                          << ModelProblem::RateLimited << QStringLiteral("wait 7 seconds");
            QTest::addRow("%s unknown model", name)
                << api << 404 << QByteArray("{\"type\":\"error\",\"error\":{\"type\":\"not_found_error\",\"message\":\"model: nope-9\"}}") << QByteArray()
                << ModelProblem::UnknownModel << QStringLiteral("does not know this model");
            QTest::addRow("%s ollama unknown model", name)
                << api << 404 << QByteArray("{\"error\":{\"message\":\"model \\\"nope\\\" not found, try pulling it first\"}}") << QByteArray()
                << ModelProblem::UnknownModel << QStringLiteral("does not know this model");
            QTest::addRow("%s no tools", name)
                << api << 400 << QByteArray("{\"error\":{\"message\":\"registry.ollama.ai/library/gemma:2b does not support tools\"}}") << QByteArray()
                << ModelProblem::NoToolSupport << QStringLiteral("cannot call tools");
            QTest::addRow("%s 500", name) << api << 500 << QByteArray("oops") << QByteArray() << ModelProblem::ServerFailed
                                          << QStringLiteral("has a problem (HTTP 500)");
            QTest::addRow("%s 400", name) << api << 400 << QByteArray("{\"error\":{\"message\":\"max_tokens too large\"}}") << QByteArray()
                                          << ModelProblem::BadRequest << QStringLiteral("max_tokens too large");
        }
    }
    void httpErrorsInPlainWords()
    {
        QFETCH(Api, api);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, retryAfter);
        QFETCH(ModelProblem, problem);
        QFETCH(QString, says);
        ScriptedModelServer server;
        QMap<QByteArray, QByteArray> headers;
        if (!retryAfter.isEmpty())
            headers.insert("Retry-After", retryAfter);
        server.enqueue(ScriptedTurn::httpError(status, body, headers));
        const auto client = ModelClient::create(configFor(server, api));
        const TurnRun run = runTurn(*client, ask(QStringLiteral("go"), true));
        QVERIFY(run.error);
        QCOMPARE(run.problem(), problem);
        QVERIFY2(run.error->message.contains(says), qPrintable(run.error->message));
        QVERIFY2(!run.error->message.contains(fakeKey()), qPrintable(run.error->message));
        QCOMPARE(run.error->data.toObject().value("httpStatus").toInt(), status);
        if (!retryAfter.isEmpty())
            QCOMPARE(run.error->data.toObject().value("retryAfterSeconds").toInt(), retryAfter.toInt());
    }

    void wrongBaseUrl()
    {
        ScriptedModelServer server;
        ModelConfig config = configFor(server, Api::OpenAi);
        config.baseUrl = server.anthropicBaseUrl() + QStringLiteral("/api"); // no /v1
        const auto client = ModelClient::create(config);
        const TurnRun run = runTurn(*client, ask(QStringLiteral("go"), true));
        QVERIFY(run.error);
        QCOMPARE(run.problem(), ModelProblem::WrongAddress);
        QVERIFY2(run.error->message.contains(QStringLiteral("/v1")), qPrintable(run.error->message));
    }

    void nothingListening_data() { addApis(); }
    void nothingListening()
    {
        QFETCH(Api, api);
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 port = closed.serverPort();
        closed.close();
        ModelConfig config;
        config.api = api == Api::OpenAi ? ModelConfig::Api::OpenAi : ModelConfig::Api::Anthropic;
        config.baseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(port);
        config.model = QStringLiteral("m");
        const auto client = ModelClient::create(config);
        const TurnRun run = runTurn(*client, ask(QStringLiteral("go"), true));
        QVERIFY(run.error);
        QCOMPARE(run.problem(), ModelProblem::NotListening);
        QVERIFY2(run.error->message.contains(QStringLiteral("nothing is listening")), qPrintable(run.error->message));
    }

    void baseUrlJoining_data()
    {
        QTest::addColumn<Api>("api");
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("endpoint");
        QTest::addRow("ollama") << Api::OpenAi << "http://localhost:11434/v1" << "http://localhost:11434/v1/chat/completions";
        QTest::addRow("trailing slash") << Api::OpenAi << "http://localhost:1234/v1/" << "http://localhost:1234/v1/chat/completions";
        QTest::addRow("anthropic") << Api::Anthropic << "https://api.anthropic.com" << "https://api.anthropic.com/v1/messages";
        QTest::addRow("anthropic with v1") << Api::Anthropic << "https://api.anthropic.com/v1" << "https://api.anthropic.com/v1/messages";
    }
    void baseUrlJoining()
    {
        QFETCH(Api, api);
        QFETCH(QString, base);
        QFETCH(QString, endpoint);
        ModelConfig config;
        config.api = api == Api::OpenAi ? ModelConfig::Api::OpenAi : ModelConfig::Api::Anthropic;
        config.baseUrl = base;
        config.model = QStringLiteral("m");
        QCOMPARE(ModelClient::create(config)->endpointText(), endpoint);
    }

    void noKeyNoAuthorization()
    {
        ScriptedModelServer server;
        ModelConfig config = configFor(server, Api::OpenAi);
        config.apiKey.clear();
        config.headers = {{QStringLiteral("HTTP-Referer"), QStringLiteral("https://toolgate.example")}};
        const auto client = ModelClient::create(config);
        QVERIFY(runTurn(*client, ask(QStringLiteral("go"), true)).reply);
        QVERIFY(!server.requests().first().http.headers.contains("authorization"));
        QCOMPARE(server.requests().first().http.header("http-referer"), QByteArray("https://toolgate.example"));
    }
};

QTEST_GUILESS_MAIN(tst_ModelClient)
#include "tst_modelclient.moc"
