#include "core/model/openaichatclient.h"

#include "core/jsonrpc/jsonwriter.h"
#include "core/model/modelerror.h"
#include "core/model/replyassembler.h"
#include "core/model/replydecoder.h"
#include "core/model/wirenames.h"
#include "core/transport/httpreply.h"
#include "core/transport/networkbackend.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace Toolgate {

namespace {

const QLatin1String kToolCalls("tool_calls");
const QLatin1String kFunction("function");
const QLatin1String kArguments("arguments");
const QLatin1String kName("name");
const QLatin1String kId("id");

QJsonObject objectSchema(const QJsonObject &parameters)
{
    return parameters.isEmpty() ? QJsonObject{{QLatin1String("type"), QLatin1String("object")}, {QLatin1String("properties"), QJsonObject()}}
                                : parameters;
}

ModelReply::FinishReason openAiFinishReason(const QString &raw)
{
    if (raw == QLatin1String("stop"))
        return ModelReply::FinishReason::Stop;
    if (raw == QLatin1String("tool_calls") || raw == QLatin1String("function_call"))
        return ModelReply::FinishReason::ToolCalls;
    if (raw == QLatin1String("length"))
        return ModelReply::FinishReason::Length;
    if (raw == QLatin1String("content_filter"))
        return ModelReply::FinishReason::ContentFilter;
    return ModelReply::FinishReason::Other;
}

/// Arguments are a JSON text in the format; a few servers send an object instead.
QString argumentsText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isObject())
        return QString::fromUtf8(JsonWriter::toJson(value.toObject()));
    return {};
}

/// content is text, or (some servers) a list of {"type":"text","text"} parts.
QString partsText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QString text;
    const QJsonArray parts = content.toArray();
    for (const QJsonValue &part : parts) {
        if (part.toObject().value(QLatin1String("type")).toString() == QLatin1String("text"))
            text += part.toObject().value(QLatin1String("text")).toString();
    }
    return text;
}

/// An "error" object in a 200 answer or mid-stream (OpenRouter, vLLM do so).
std::optional<Error> inlineError(const QJsonObject &object, const QByteArray &raw)
{
    if (!object.contains(QLatin1String("error")))
        return std::nullopt;
    return ModelErrors::make(ModelProblem::ServerFailed,
                             QCoreApplication::translate("Toolgate::OpenAiChatClient", "the model server reported an error: %1")
                                 .arg(ModelErrors::providerMessage(raw)));
}

class OpenAiDecoder final : public ReplyDecoder
{
public:
    OpenAiDecoder(const ModelLimits &limits, QSet<QString> offered)
        : m_assembler(limits, std::move(offered))
    {}

    Result<void> onEvent(const QByteArray &, const QByteArray &data) override
    {
        if (data.trimmed() == "[DONE]") {
            m_done = true;
            return {};
        }
        const QJsonDocument document = QJsonDocument::fromJson(data);
        if (!document.isObject()) {
            return ModelErrors::malformedReply(QCoreApplication::translate("Toolgate::OpenAiChatClient", "the model server's stream held something that is not a JSON object: %1")
                                 .arg(HttpReply::excerpt(data, 120)));
        }
        const QJsonObject chunk = document.object();
        if (auto error = inlineError(chunk, data))
            return *error;
        readUsage(chunk.value(QLatin1String("usage")));
        const QJsonArray choices = chunk.value(QLatin1String("choices")).toArray();
        for (const QJsonValue &value : choices) {
            const QJsonObject choice = value.toObject();
            if (choice.value(ModelWire::index).toInt(0) != 0)
                continue; // only one answer is asked for
            const QJsonObject delta = choice.value(QLatin1String("delta")).toObject();
            const QString text = delta.value(ModelWire::content).toString();
            if (!text.isEmpty()) {
                if (auto added = m_assembler.appendText(text); !added)
                    return added;
                if (onText)
                    onText(text);
            }
            const QJsonArray calls = delta.value(kToolCalls).toArray();
            for (const QJsonValue &callValue : calls) {
                if (auto added = addPiece(callValue.toObject()); !added)
                    return added;
            }
            const QString finish = choice.value(QLatin1String("finish_reason")).toString();
            if (!finish.isEmpty())
                m_assembler.setFinishReason(finish, openAiFinishReason(finish));
        }
        return {};
    }

    bool isComplete() const override { return m_done; }

    Result<ModelReply> finishStream() override
    {
        // Some servers close without [DONE]; a finish reason says the answer was whole.
        if (!m_done && !m_assembler.hasFinishReason())
            return ModelErrors::malformedReply(QCoreApplication::translate("Toolgate::OpenAiChatClient", "the stream ended before the answer was complete."));
        return m_assembler.finish();
    }

    Result<ModelReply> decodeWhole(const QByteArray &body) override
    {
        const QJsonDocument document = QJsonDocument::fromJson(body);
        if (!document.isObject()) {
            return ModelErrors::malformedReply(QCoreApplication::translate("Toolgate::OpenAiChatClient", "the model server's answer is not a JSON object: %1")
                                 .arg(HttpReply::excerpt(body, 120)));
        }
        const QJsonObject object = document.object();
        if (auto error = inlineError(object, body))
            return *error;
        const QJsonArray choices = object.value(QLatin1String("choices")).toArray();
        if (choices.isEmpty())
            return ModelErrors::malformedReply(QCoreApplication::translate("Toolgate::OpenAiChatClient", "the model server's answer has no \"choices\"."));
        const QJsonObject choice = choices.first().toObject();
        const QJsonObject message = choice.value(QLatin1String("message")).toObject();
        if (auto added = m_assembler.appendText(partsText(message.value(ModelWire::content))); !added)
            return added.error();
        const QJsonArray calls = message.value(kToolCalls).toArray();
        for (qsizetype i = 0; i < calls.size(); ++i) {
            const QJsonObject call = calls.at(i).toObject();
            const QJsonObject function = call.value(kFunction).toObject();
            if (auto started = m_assembler.startCall(int(i), call.value(kId).toString(), function.value(kName).toString()); !started)
                return started.error();
            if (auto added = m_assembler.appendArguments(int(i), argumentsText(function.value(kArguments))); !added)
                return added.error();
        }
        const QString finish = choice.value(QLatin1String("finish_reason")).toString();
        m_assembler.setFinishReason(finish, openAiFinishReason(finish));
        readUsage(object.value(QLatin1String("usage")));
        return m_assembler.finish();
    }

private:
    Result<void> addPiece(const QJsonObject &piece)
    {
        const QString id = piece.value(kId).toString();
        int key = m_lastKey;
        if (piece.value(ModelWire::index).isDouble())
            key = piece.value(ModelWire::index).toInt();
        else if (m_lastKey < 0 || (!id.isEmpty() && id != m_lastId))
            key = m_lastKey + 1; // a server that leaves out "index": a new id is a new call
        m_lastKey = key;
        if (!id.isEmpty())
            m_lastId = id;
        const QJsonObject function = piece.value(kFunction).toObject();
        if (auto started = m_assembler.startCall(key, id, function.value(kName).toString()); !started)
            return started;
        const QString arguments = argumentsText(function.value(kArguments));
        if (arguments.isEmpty())
            return {};
        return m_assembler.appendArguments(key, arguments);
    }

    void readUsage(const QJsonValue &value)
    {
        const QJsonObject usage = value.toObject();
        if (usage.contains(QLatin1String("prompt_tokens")))
            m_assembler.setInputTokens(usage.value(QLatin1String("prompt_tokens")).toInteger());
        if (usage.contains(QLatin1String("completion_tokens")))
            m_assembler.setOutputTokens(usage.value(QLatin1String("completion_tokens")).toInteger());
    }

    ReplyAssembler m_assembler;
    bool m_done = false;
    int m_lastKey = -1;
    QString m_lastId;
};

QJsonObject messageToJson(const ModelMessage &message, QJsonArray &out)
{
    switch (message.role) {
    case ModelMessage::Role::System:
        return {{ModelWire::role, QLatin1String("system")}, {ModelWire::content, message.text}};
    case ModelMessage::Role::User:
        return {{ModelWire::role, QLatin1String("user")}, {ModelWire::content, message.text}};
    case ModelMessage::Role::Assistant: {
        QJsonObject object{{ModelWire::role, QLatin1String("assistant")}};
        // Content may be null when the message only calls tools.
        object.insert(ModelWire::content, message.text.isEmpty() && !message.toolCalls.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(message.text));
        QJsonArray calls;
        for (const ModelToolCall &call : message.toolCalls) {
            // The model's own text again, unless it was no JSON object: that is never sent back as arguments.
            const QString arguments = call.isValid() ? call.argumentsText : QStringLiteral("{}");
            calls.append(QJsonObject{{kId, call.id},
                                     {QLatin1String("type"), QLatin1String("function")},
                                     {kFunction, QJsonObject{{kName, call.name}, {kArguments, arguments}}}});
        }
        if (!calls.isEmpty())
            object.insert(kToolCalls, calls);
        return object;
    }
    case ModelMessage::Role::ToolResults:
        // One "tool" message per result. The format has no error flag: an error says so in its text.
        for (const ModelToolResult &result : message.toolResults) {
            const QString content = result.isError ? QStringLiteral("Error: ") + result.content : result.content;
            out.append(QJsonObject{{ModelWire::role, QLatin1String("tool")}, {QLatin1String("tool_call_id"), result.callId}, {ModelWire::content, content}});
        }
        return {};
    }
    return {};
}

} // namespace

OpenAiChatClient::OpenAiChatClient(ModelConfig config, QObject *parent)
    : ModelClient(std::move(config), parent)
{}

OpenAiChatClient::~OpenAiChatClient() = default;

QUrl OpenAiChatClient::endpoint() const
{
    return joinedUrl(QStringLiteral("/chat/completions"));
}

void OpenAiChatClient::addFormatHeaders(HttpRequest &request) const
{
    // Local servers take no key: then no Authorization header at all.
    if (!config().apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + config().apiKey.toUtf8());
}

QByteArray OpenAiChatClient::body(const ModelRequest &request) const
{
    QJsonArray messages;
    for (const ModelMessage &message : request.messages) {
        const QJsonObject object = messageToJson(message, messages);
        if (!object.isEmpty())
            messages.append(object);
    }
    QJsonObject body{{QLatin1String("model"), config().model}, {QLatin1String("messages"), messages}};
    if (!request.tools.isEmpty()) {
        QJsonArray tools;
        for (const ModelTool &tool : request.tools) {
            QJsonObject function{{kName, tool.name}, {QLatin1String("parameters"), objectSchema(tool.parameters)}};
            if (!tool.description.isEmpty())
                function.insert(QLatin1String("description"), tool.description);
            tools.append(QJsonObject{{QLatin1String("type"), QLatin1String("function")}, {kFunction, function}});
        }
        body.insert(QLatin1String("tools"), tools);
        body.insert(QLatin1String("tool_choice"), QLatin1String("auto"));
    }
    const int maxTokens = request.maxTokens > 0 ? request.maxTokens : config().maxOutputTokens;
    if (maxTokens > 0)
        body.insert(QLatin1String("max_tokens"), maxTokens);
    if (request.temperature)
        body.insert(QLatin1String("temperature"), *request.temperature);
    if (!request.stopSequences.isEmpty())
        body.insert(QLatin1String("stop"), QJsonArray::fromStringList(request.stopSequences));
    body.insert(QLatin1String("stream"), request.stream);
    if (request.stream)
        body.insert(QLatin1String("stream_options"), QJsonObject{{QLatin1String("include_usage"), true}});
    return JsonWriter::toJson(body);
}

std::unique_ptr<ReplyDecoder> OpenAiChatClient::createDecoder(const ModelRequest &request) const
{
    QSet<QString> offered;
    for (const ModelTool &tool : request.tools)
        offered.insert(tool.name);
    return std::make_unique<OpenAiDecoder>(limits(), std::move(offered));
}

} // namespace Toolgate

#include "moc_openaichatclient.cpp"
