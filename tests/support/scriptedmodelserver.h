#pragma once

// The project's scripted model server: real HTTP on 127.0.0.1 speaking the OpenAI-compatible Chat
// Completions API (/v1/chat/completions) and the Anthropic Messages API (/v1/messages), streamed
// (SSE) or not, as each request asks. Each request takes the next scripted turn; with none left it
// answers by itself: text that quotes the tool result the request carries, or a greeting. Hostile
// turns misbehave as a model server could: endless streams, an error event mid-stream, a dropped
// connection, a body that is no JSON; huge or invalid arguments and unknown tools are plain calls.
// It records every request, so a test can check what the client sent. No network, model or key.
//
// Built on the transport tests' HTTP server (tests/core/http/fakehttpserver.h): put that folder on
// the include path.

#include "fakehttpserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <memory>

namespace TestModel {

struct ScriptedCall
{
    QString id;
    QString name;
    QByteArray arguments; ///< the JSON text the model "writes" (may be invalid on purpose)
};

struct ScriptedTurn
{
    enum class Hostile {
        None,
        EndlessText,  ///< streams text forever (until the client goes)
        EndlessPings, ///< streams keep-alives forever, never an answer (a whole answer: headers, then silence)
        ErrorEvent,   ///< some text, then the format's error event; the stream stays open
        Drop,         ///< some text, then the connection is dropped
        NotJson,      ///< 200 with an HTML page
    };

    QString text;
    QList<ScriptedCall> calls;
    int status = 200; ///< not 200: answers errorBody with headers instead
    QByteArray errorBody;
    QMap<QByteArray, QByteArray> headers;
    Hostile hostile = Hostile::None;
    int textPieceSize = 5;          ///< characters of text per streamed piece
    qsizetype argumentPieceSize = 0; ///< bytes of arguments per piece; 0: small pieces, 64 KiB for large arguments

    static ScriptedTurn say(const QString &text) { ScriptedTurn turn; turn.text = text; return turn; }
    static ScriptedTurn call(const QList<ScriptedCall> &calls, const QString &text = {})
    {
        ScriptedTurn turn;
        turn.calls = calls;
        turn.text = text;
        return turn;
    }
    static ScriptedTurn httpError(int status, const QByteArray &body, const QMap<QByteArray, QByteArray> &headers = {})
    {
        ScriptedTurn turn;
        turn.status = status;
        turn.errorBody = body;
        turn.headers = headers;
        return turn;
    }
    static ScriptedTurn hostileTurn(Hostile hostile) { ScriptedTurn turn; turn.hostile = hostile; turn.text = QStringLiteral("Partial answer"); return turn; }
};

class ScriptedModelServer : public QObject
{
public:
    enum class Api { OpenAi, Anthropic };

    struct Received
    {
        Api api = Api::OpenAi;
        TestHttp::Request http;
        QJsonObject body;
    };

    explicit ScriptedModelServer(QObject *parent = nullptr)
        : QObject(parent)
    {
        m_http.setHandler([this](TestHttp::Exchange *exchange) { answer(exchange); });
    }

    /// What a client's base URL is for each format.
    QString openAiBaseUrl() const { return QStringLiteral("http://127.0.0.1:%1/v1").arg(m_http.port()); }
    QString anthropicBaseUrl() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_http.port()); }
    QString baseUrl(Api api) const { return api == Api::OpenAi ? openAiBaseUrl() : anthropicBaseUrl(); }

    void enqueue(const ScriptedTurn &turn) { m_script.append(turn); }
    /// Called with every request as it arrives (the standalone server writes them to a file).
    void setOnRequest(std::function<void(const Received &)> onRequest) { m_onRequest = std::move(onRequest); }
    const QList<Received> &requests() const { return m_received; }
    /// Connections of endless or stalled answers that are still open.
    int openStreams() const
    {
        int open = 0;
        for (const auto &exchange : m_streams)
            open += exchange && exchange->isConnected() ? 1 : 0;
        return open;
    }

private:
    static QByteArray sse(const QJsonObject &data, const QByteArray &event = {})
    {
        QByteArray out;
        if (!event.isEmpty())
            out += "event: " + event + "\n";
        return out + "data: " + QJsonDocument(data).toJson(QJsonDocument::Compact) + "\n\n";
    }

    static QList<QByteArray> pieces(const QByteArray &text, qsizetype size)
    {
        QList<QByteArray> out;
        for (qsizetype at = 0; at < text.size(); at += size)
            out.append(text.mid(at, size));
        return out;
    }
    static QStringList pieces(const QString &text, int size)
    {
        QStringList out;
        for (qsizetype at = 0; at < text.size(); at += size)
            out.append(text.mid(at, size));
        return out;
    }
    static qsizetype argumentPiece(const ScriptedTurn &turn, const ScriptedCall &call)
    {
        if (turn.argumentPieceSize > 0)
            return turn.argumentPieceSize;
        return call.arguments.size() > 1024 * 1024 ? 64 * 1024 : 7;
    }

    /// What the model "says" when no turn is scripted: it quotes the tool result it got, if any.
    static ScriptedTurn reactive(Api api, const QJsonObject &body)
    {
        const QJsonArray messages = body.value(QLatin1String("messages")).toArray();
        const QJsonObject last = messages.isEmpty() ? QJsonObject() : messages.last().toObject();
        if (api == Api::OpenAi && last.value(QLatin1String("role")).toString() == QLatin1String("tool")) {
            // The first of the results that end the conversation, as with Anthropic's first block.
            qsizetype first = messages.size() - 1;
            while (first > 0 && messages.at(first - 1).toObject().value(QLatin1String("role")).toString() == QLatin1String("tool"))
                --first;
            return ScriptedTurn::say(QStringLiteral("The tool said: ") + messages.at(first).toObject().value(QLatin1String("content")).toString());
        }
        if (api == Api::Anthropic && last.value(QLatin1String("content")).isArray()) {
            const QJsonObject block = last.value(QLatin1String("content")).toArray().first().toObject();
            if (block.value(QLatin1String("type")).toString() == QLatin1String("tool_result"))
                return ScriptedTurn::say(QStringLiteral("The tool said: ") + block.value(QLatin1String("content")).toString());
        }
        return ScriptedTurn::say(QStringLiteral("Hello from the scripted model."));
    }

    void answer(TestHttp::Exchange *exchange)
    {
        const QByteArray path = exchange->request().path;
        Api api = Api::OpenAi;
        if (path == "/v1/messages") {
            api = Api::Anthropic;
        } else if (path != "/v1/chat/completions") {
            exchange->respondJson(404, R"({"error":{"message":"Not found","type":"invalid_request_error"}})");
            return;
        }
        const QJsonObject body = QJsonDocument::fromJson(exchange->request().body).object();
        m_received.append(Received{api, exchange->request(), body});
        if (m_onRequest)
            m_onRequest(m_received.last());
        const ScriptedTurn turn = m_script.isEmpty() ? reactive(api, body) : m_script.takeFirst();
        if (turn.status != 200) {
            QMap<QByteArray, QByteArray> headers = turn.headers;
            headers.insert("Content-Type", "application/json");
            exchange->respond(turn.status, turn.errorBody, headers);
            return;
        }
        if (turn.hostile == ScriptedTurn::Hostile::NotJson) {
            exchange->respond(200, "<html><body>Welcome to nginx!</body></html>", {{"Content-Type", "text/html"}});
            return;
        }
        const bool stream = body.value(QLatin1String("stream")).toBool();
        const bool usage = body.value(QLatin1String("stream_options")).toObject().value(QLatin1String("include_usage")).toBool();
        if (!stream && (turn.hostile == ScriptedTurn::Hostile::EndlessText || turn.hostile == ScriptedTurn::Hostile::EndlessPings)) {
            // A whole answer that never comes: the headers, then silence.
            exchange->startStream(200, {{"Content-Type", "application/json"}});
            m_streams.append(exchange);
            return;
        }
        if (!stream) {
            exchange->respondJson(200, api == Api::OpenAi ? openAiWhole(turn) : anthropicWhole(turn));
            return;
        }
        exchange->startStream(200);
        if (api == Api::OpenAi)
            streamOpenAi(exchange, turn, usage);
        else
            streamAnthropic(exchange, turn);
    }

    // --- OpenAI-compatible ---------------------------------------------------------------------

    static QJsonObject openAiChunk(const QJsonObject &delta, const QJsonValue &finish = QJsonValue::Null)
    {
        return {{"id", "chatcmpl-scripted"}, {"object", "chat.completion.chunk"}, {"model", "scripted"},
                {"choices", QJsonArray{QJsonObject{{"index", 0}, {"delta", delta}, {"finish_reason", finish}}}}};
    }

    static QByteArray openAiWhole(const ScriptedTurn &turn)
    {
        QJsonObject message{{"role", "assistant"}, {"content", turn.text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(turn.text)}};
        QJsonArray calls;
        for (const ScriptedCall &call : turn.calls) {
            calls.append(QJsonObject{{"id", call.id}, {"type", "function"},
                                     {"function", QJsonObject{{"name", call.name}, {"arguments", QString::fromUtf8(call.arguments)}}}});
        }
        if (!calls.isEmpty())
            message.insert("tool_calls", calls);
        const QJsonObject whole{{"id", "chatcmpl-scripted"}, {"object", "chat.completion"}, {"model", "scripted"},
                                {"choices", QJsonArray{QJsonObject{{"index", 0}, {"message", message},
                                                                   {"finish_reason", turn.calls.isEmpty() ? "stop" : "tool_calls"}}}},
                                {"usage", QJsonObject{{"prompt_tokens", 11}, {"completion_tokens", 7}, {"total_tokens", 18}}}};
        return QJsonDocument(whole).toJson(QJsonDocument::Compact);
    }

    void streamOpenAi(TestHttp::Exchange *exchange, const ScriptedTurn &turn, bool usage)
    {
        exchange->write(sse(openAiChunk({{"role", "assistant"}, {"content", ""}})));
        for (const QString &piece : pieces(turn.text, turn.textPieceSize))
            exchange->write(sse(openAiChunk({{"content", piece}})));
        if (hostile(exchange, turn, Api::OpenAi))
            return;
        for (qsizetype i = 0; i < turn.calls.size(); ++i) {
            const ScriptedCall &call = turn.calls.at(i);
            exchange->write(sse(openAiChunk({{"tool_calls", QJsonArray{QJsonObject{
                {"index", int(i)}, {"id", call.id}, {"type", "function"},
                {"function", QJsonObject{{"name", call.name}, {"arguments", ""}}}}}}})));
            for (const QByteArray &piece : pieces(call.arguments, argumentPiece(turn, call))) {
                exchange->write(sse(openAiChunk({{"tool_calls", QJsonArray{QJsonObject{
                    {"index", int(i)}, {"function", QJsonObject{{"arguments", QString::fromUtf8(piece)}}}}}}})));
            }
        }
        exchange->write(sse(openAiChunk({}, turn.calls.isEmpty() ? "stop" : "tool_calls")));
        if (usage) {
            exchange->write(sse({{"id", "chatcmpl-scripted"}, {"object", "chat.completion.chunk"}, {"choices", QJsonArray()},
                                 {"usage", QJsonObject{{"prompt_tokens", 11}, {"completion_tokens", 7}, {"total_tokens", 18}}}}));
        }
        exchange->write("data: [DONE]\n\n");
        exchange->endStream();
    }

    // --- Anthropic -----------------------------------------------------------------------------

    static QByteArray anthropicWhole(const ScriptedTurn &turn)
    {
        QJsonArray content;
        if (!turn.text.isEmpty())
            content.append(QJsonObject{{"type", "text"}, {"text", turn.text}});
        for (const ScriptedCall &call : turn.calls) {
            const QJsonDocument input = QJsonDocument::fromJson(call.arguments);
            // Arguments that are no JSON object can only travel as something else: a string.
            content.append(QJsonObject{{"type", "tool_use"}, {"id", call.id}, {"name", call.name},
                                       {"input", input.isObject() ? QJsonValue(input.object()) : QJsonValue(QString::fromUtf8(call.arguments))}});
        }
        const QJsonObject whole{{"id", "msg_scripted"}, {"type", "message"}, {"role", "assistant"}, {"model", "scripted"},
                                {"content", content}, {"stop_reason", turn.calls.isEmpty() ? "end_turn" : "tool_use"},
                                {"stop_sequence", QJsonValue::Null},
                                {"usage", QJsonObject{{"input_tokens", 11}, {"output_tokens", 7}}}};
        return QJsonDocument(whole).toJson(QJsonDocument::Compact);
    }

    void streamAnthropic(TestHttp::Exchange *exchange, const ScriptedTurn &turn)
    {
        exchange->write(sse({{"type", "message_start"},
                             {"message", QJsonObject{{"id", "msg_scripted"}, {"type", "message"}, {"role", "assistant"}, {"content", QJsonArray()},
                                                     {"model", "scripted"}, {"stop_reason", QJsonValue::Null},
                                                     {"usage", QJsonObject{{"input_tokens", 11}, {"output_tokens", 1}}}}}},
                            "message_start"));
        exchange->write(sse({{"type", "ping"}}, "ping"));
        int index = 0;
        if (!turn.text.isEmpty()) {
            exchange->write(sse({{"type", "content_block_start"}, {"index", index}, {"content_block", QJsonObject{{"type", "text"}, {"text", ""}}}},
                                "content_block_start"));
            for (const QString &piece : pieces(turn.text, turn.textPieceSize)) {
                exchange->write(sse({{"type", "content_block_delta"}, {"index", index}, {"delta", QJsonObject{{"type", "text_delta"}, {"text", piece}}}},
                                    "content_block_delta"));
            }
            if (hostile(exchange, turn, Api::Anthropic))
                return;
            exchange->write(sse({{"type", "content_block_stop"}, {"index", index}}, "content_block_stop"));
            ++index;
        } else if (hostile(exchange, turn, Api::Anthropic)) {
            return;
        }
        for (const ScriptedCall &call : turn.calls) {
            exchange->write(sse({{"type", "content_block_start"}, {"index", index},
                                 {"content_block", QJsonObject{{"type", "tool_use"}, {"id", call.id}, {"name", call.name}, {"input", QJsonObject()}}}},
                                "content_block_start"));
            for (const QByteArray &piece : pieces(call.arguments, argumentPiece(turn, call))) {
                exchange->write(sse({{"type", "content_block_delta"}, {"index", index},
                                     {"delta", QJsonObject{{"type", "input_json_delta"}, {"partial_json", QString::fromUtf8(piece)}}}},
                                    "content_block_delta"));
            }
            exchange->write(sse({{"type", "content_block_stop"}, {"index", index}}, "content_block_stop"));
            ++index;
        }
        exchange->write(sse({{"type", "message_delta"}, {"delta", QJsonObject{{"stop_reason", turn.calls.isEmpty() ? "end_turn" : "tool_use"},
                                                                              {"stop_sequence", QJsonValue::Null}}},
                             {"usage", QJsonObject{{"output_tokens", 7}}}},
                            "message_delta"));
        exchange->write(sse({{"type", "message_stop"}}, "message_stop"));
        exchange->endStream();
    }

    // --- hostile endings -----------------------------------------------------------------------

    /// Carries out turn's hostile ending, if it has one; true when it did (the normal end must not follow).
    bool hostile(TestHttp::Exchange *exchange, const ScriptedTurn &turn, Api api)
    {
        switch (turn.hostile) {
        case ScriptedTurn::Hostile::None:
        case ScriptedTurn::Hostile::NotJson:
            return false;
        case ScriptedTurn::Hostile::Drop:
            exchange->dropConnection();
            return true;
        case ScriptedTurn::Hostile::ErrorEvent:
            if (api == Api::OpenAi)
                exchange->write(sse({{"error", QJsonObject{{"message", "The server had an error while processing your request."}, {"type", "server_error"}}}}));
            else
                exchange->write(sse({{"type", "error"}, {"error", QJsonObject{{"type", "overloaded_error"}, {"message", "Overloaded"}}}}, "error"));
            m_streams.append(exchange);
            return true;
        case ScriptedTurn::Hostile::EndlessText:
        case ScriptedTurn::Hostile::EndlessPings:
            break;
        }
        const bool text = turn.hostile == ScriptedTurn::Hostile::EndlessText;
        QByteArray burst;
        if (text) {
            const QString piece(4096, u'x');
            const QByteArray event = api == Api::OpenAi
                ? sse(openAiChunk({{"content", piece}}))
                : sse({{"type", "content_block_delta"}, {"index", 0}, {"delta", QJsonObject{{"type", "text_delta"}, {"text", piece}}}}, "content_block_delta");
            for (int i = 0; i < 16; ++i)
                burst += event;
        } else {
            burst = api == Api::OpenAi ? QByteArray(": keep-alive\n\n") : sse({{"type", "ping"}}, "ping");
        }
        m_streams.append(exchange);
        auto *timer = new QTimer(exchange);
        QObject::connect(timer, &QTimer::timeout, exchange, [exchange, burst] {
            if (exchange->isConnected())
                exchange->write(burst);
        });
        timer->start(text ? 1 : 20);
        return true;
    }

    TestHttp::Server m_http;
    QList<ScriptedTurn> m_script;
    QList<Received> m_received;
    std::function<void(const Received &)> m_onRequest;
    QList<QPointer<TestHttp::Exchange>> m_streams;
};

} // namespace TestModel

// For data-driven tests over both wire formats.
Q_DECLARE_METATYPE(TestModel::ScriptedModelServer::Api)
