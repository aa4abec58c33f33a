#include "core/model/anthropicmessagesclient.h"

#include "core/jsonrpc/jsonwriter.h"
#include "core/model/modelerror.h"
#include "core/model/replyassembler.h"
#include "core/model/replydecoder.h"
#include "core/model/wirenames.h"
#include "core/transport/httpreply.h"
#include "core/transport/networkbackend.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace Toolgate {

namespace {

const QLatin1String kType("type");
const QLatin1String kText("text");
const QLatin1String kToolUse("tool_use");
const QLatin1String kUsage("usage");

ModelReply::FinishReason anthropicFinishReason(const QString &raw)
{
    if (raw == QLatin1String("end_turn") || raw == QLatin1String("stop_sequence"))
        return ModelReply::FinishReason::Stop;
    if (raw == kToolUse)
        return ModelReply::FinishReason::ToolCalls;
    if (raw == QLatin1String("max_tokens"))
        return ModelReply::FinishReason::Length;
    if (raw == QLatin1String("refusal"))
        return ModelReply::FinishReason::ContentFilter;
    return ModelReply::FinishReason::Other;
}

/// {"type":"error","error":{"type","message"}}, as a whole answer or an event mid-stream.
Error errorOf(const QJsonObject &object, const QByteArray &raw)
{
    const QString type = object.value(QLatin1String("error")).toObject().value(kType).toString();
    const ModelProblem problem = type == QLatin1String("rate_limit_error")         ? ModelProblem::RateLimited
                                 : type == QLatin1String("authentication_error")   ? ModelProblem::WrongKey
                                 : type == QLatin1String("invalid_request_error")  ? ModelProblem::BadRequest
                                                                                   : ModelProblem::ServerFailed;
    return ModelErrors::make(problem, QCoreApplication::translate("Toolgate::AnthropicMessagesClient", "the model server reported an error: %1")
                                          .arg(ModelErrors::providerMessage(raw)));
}

class AnthropicDecoder final : public ReplyDecoder
{
public:
    AnthropicDecoder(const ModelLimits &limits, QSet<QString> offered)
        : m_assembler(limits, std::move(offered))
    {}

    Result<void> onEvent(const QByteArray &type, const QByteArray &data) override
    {
        const QJsonDocument document = QJsonDocument::fromJson(data);
        if (!document.isObject()) {
            return ModelErrors::malformedReply(QCoreApplication::translate("Toolgate::AnthropicMessagesClient", "the model server's stream held something that is not a JSON object: %1")
                                 .arg(HttpReply::excerpt(data, 120)));
        }
        const QJsonObject event = document.object();
        const QString name = type.isEmpty() ? event.value(kType).toString() : QString::fromUtf8(type);
        if (name == QLatin1String("error"))
            return errorOf(event, data);
        if (name == QLatin1String("message_start")) {
            readUsage(event.value(QLatin1String("message")).toObject().value(kUsage).toObject());
        } else if (name == QLatin1String("content_block_start")) {
            return startBlock(event.value(ModelWire::index).toInt(), event.value(QLatin1String("content_block")).toObject());
        } else if (name == QLatin1String("content_block_delta")) {
            return addDelta(event.value(ModelWire::index).toInt(), event.value(QLatin1String("delta")).toObject());
        } else if (name == QLatin1String("message_delta")) {
            const QString stop = event.value(QLatin1String("delta")).toObject().value(QLatin1String("stop_reason")).toString();
            if (!stop.isEmpty())
                m_assembler.setFinishReason(stop, anthropicFinishReason(stop));
            readUsage(event.value(kUsage).toObject());
        } else if (name == QLatin1String("message_stop")) {
            m_done = true;
        }
        // ping, content_block_stop and events added later need nothing.
        return {};
    }

    bool isComplete() const override { return m_done; }

    Result<ModelReply> finishStream() override
    {
        if (!m_done)
            return ModelErrors::malformedReply(QCoreApplication::translate("Toolgate::AnthropicMessagesClient", "the stream ended before the answer was complete (no message_stop)."));
        // A tool_use block that began with its input and got no deltas (not Anthropic's way, but valid JSON).
        for (auto it = m_startInput.cbegin(); it != m_startInput.cend(); ++it) {
            if (!m_gotDelta.contains(it.key())) {
                if (auto added = m_assembler.appendArguments(it.key(), it.value()); !added)
                    return added.error();
            }
        }
        return m_assembler.finish();
    }

    Result<ModelReply> decodeWhole(const QByteArray &body) override
    {
        const QJsonDocument document = QJsonDocument::fromJson(body);
        if (!document.isObject()) {
            return ModelErrors::malformedReply(QCoreApplication::translate("Toolgate::AnthropicMessagesClient", "the model server's answer is not a JSON object: %1")
                                 .arg(HttpReply::excerpt(body, 120)));
        }
        const QJsonObject message = document.object();
        if (message.value(kType).toString() == QLatin1String("error"))
            return errorOf(message, body);
        if (!message.value(ModelWire::content).isArray())
            return ModelErrors::malformedReply(QCoreApplication::translate("Toolgate::AnthropicMessagesClient", "the model server's answer has no \"content\" list."));
        const QJsonArray blocks = message.value(ModelWire::content).toArray();
        for (qsizetype i = 0; i < blocks.size(); ++i) {
            const QJsonObject block = blocks.at(i).toObject();
            const QString type = block.value(kType).toString();
            if (type == kText) {
                if (auto added = m_assembler.appendText(block.value(kText).toString()); !added)
                    return added.error();
            } else if (type == kToolUse) {
                if (auto started = m_assembler.startCall(int(i), block.value(QLatin1String("id")).toString(), block.value(QLatin1String("name")).toString()); !started)
                    return started.error();
                const QJsonValue input = block.value(QLatin1String("input"));
                // Anything but an object is no arguments: "null" makes the call a rejected one.
                const QString text = input.isObject() ? QString::fromUtf8(JsonWriter::toJson(input.toObject())) : QStringLiteral("null");
                if (auto added = m_assembler.appendArguments(int(i), text); !added)
                    return added.error();
            }
        }
        const QString stop = message.value(QLatin1String("stop_reason")).toString();
        m_assembler.setFinishReason(stop, anthropicFinishReason(stop));
        readUsage(message.value(kUsage).toObject());
        return m_assembler.finish();
    }

private:
    Result<void> startBlock(int index, const QJsonObject &block)
    {
        const QString type = block.value(kType).toString();
        if (type == kText) {
            const QString text = block.value(kText).toString();
            return text.isEmpty() ? Result<void>() : appendText(text);
        }
        if (type != kToolUse)
            return {}; // thinking and other blocks are not shown or kept
        if (auto started = m_assembler.startCall(index, block.value(QLatin1String("id")).toString(), block.value(QLatin1String("name")).toString()); !started)
            return started;
        const QJsonObject input = block.value(QLatin1String("input")).toObject();
        if (!input.isEmpty())
            m_startInput.insert(index, QString::fromUtf8(JsonWriter::toJson(input)));
        return {};
    }

    Result<void> addDelta(int index, const QJsonObject &delta)
    {
        const QString type = delta.value(kType).toString();
        if (type == QLatin1String("text_delta"))
            return appendText(delta.value(kText).toString());
        if (type == QLatin1String("input_json_delta")) {
            m_gotDelta.insert(index);
            return m_assembler.appendArguments(index, delta.value(QLatin1String("partial_json")).toString());
        }
        return {}; // thinking_delta, signature_delta, citations_delta
    }

    Result<void> appendText(const QString &text)
    {
        if (auto added = m_assembler.appendText(text); !added)
            return added;
        if (onText)
            onText(text);
        return {};
    }

    void readUsage(const QJsonObject &usage)
    {
        if (usage.contains(QLatin1String("input_tokens")))
            m_assembler.setInputTokens(usage.value(QLatin1String("input_tokens")).toInteger());
        if (usage.contains(QLatin1String("output_tokens")))
            m_assembler.setOutputTokens(usage.value(QLatin1String("output_tokens")).toInteger());
    }

    ReplyAssembler m_assembler;
    QHash<int, QString> m_startInput;
    QSet<int> m_gotDelta;
    bool m_done = false;
};

QJsonArray assistantContent(const ModelMessage &message)
{
    QJsonArray content;
    if (!message.text.isEmpty())
        content.append(QJsonObject{{kType, kText}, {kText, message.text}});
    for (const ModelToolCall &call : message.toolCalls) {
        // A rejected call goes back with empty input: its text was no JSON object.
        content.append(QJsonObject{{kType, kToolUse},
                                   {QLatin1String("id"), call.id},
                                   {QLatin1String("name"), call.name},
                                   {QLatin1String("input"), call.isValid() ? call.arguments : QJsonObject()}});
    }
    return content;
}

QJsonArray resultContent(const ModelMessage &message)
{
    QJsonArray content;
    for (const ModelToolResult &result : message.toolResults) {
        QJsonObject block{{kType, QLatin1String("tool_result")}, {QLatin1String("tool_use_id"), result.callId}, {ModelWire::content, result.content}};
        if (result.isError)
            block.insert(QLatin1String("is_error"), true);
        content.append(block);
    }
    return content;
}

} // namespace

AnthropicMessagesClient::AnthropicMessagesClient(ModelConfig config, QObject *parent)
    : ModelClient(std::move(config), parent)
{}

AnthropicMessagesClient::~AnthropicMessagesClient() = default;

QUrl AnthropicMessagesClient::endpoint() const
{
    return joinedUrl(QStringLiteral("/v1/messages"));
}

void AnthropicMessagesClient::addFormatHeaders(HttpRequest &request) const
{
    if (!config().apiKey.isEmpty())
        request.setRawHeader("x-api-key", config().apiKey.toUtf8());
    request.setRawHeader("anthropic-version", "2023-06-01");
}

QByteArray AnthropicMessagesClient::body(const ModelRequest &request) const
{
    QStringList system;
    QJsonArray messages;
    for (const ModelMessage &message : request.messages) {
        switch (message.role) {
        case ModelMessage::Role::System:
            system.append(message.text); // the API takes the system prompt beside the messages
            break;
        case ModelMessage::Role::User:
            messages.append(QJsonObject{{ModelWire::role, QLatin1String("user")}, {ModelWire::content, message.text}});
            break;
        case ModelMessage::Role::Assistant:
            // The API refuses an empty assistant message.
            if (const QJsonArray content = assistantContent(message); !content.isEmpty())
                messages.append(QJsonObject{{ModelWire::role, QLatin1String("assistant")}, {ModelWire::content, content}});
            break;
        case ModelMessage::Role::ToolResults:
            messages.append(QJsonObject{{ModelWire::role, QLatin1String("user")}, {ModelWire::content, resultContent(message)}});
            break;
        }
    }
    const int maxTokens = request.maxTokens > 0 ? request.maxTokens : config().maxOutputTokens > 0 ? config().maxOutputTokens : defaultMaxTokens;
    QJsonObject body{{QLatin1String("model"), config().model}, {QLatin1String("max_tokens"), maxTokens}, {QLatin1String("messages"), messages}};
    if (!system.isEmpty())
        body.insert(QLatin1String("system"), system.join(QLatin1String("\n\n")));
    if (request.temperature)
        body.insert(QLatin1String("temperature"), *request.temperature);
    if (!request.stopSequences.isEmpty())
        body.insert(QLatin1String("stop_sequences"), QJsonArray::fromStringList(request.stopSequences));
    if (!request.tools.isEmpty()) {
        QJsonArray tools;
        for (const ModelTool &tool : request.tools) {
            QJsonObject object{{QLatin1String("name"), tool.name},
                               {QLatin1String("input_schema"),
                                tool.parameters.isEmpty() ? QJsonObject{{kType, QLatin1String("object")}, {QLatin1String("properties"), QJsonObject()}}
                                                          : tool.parameters}};
            if (!tool.description.isEmpty())
                object.insert(QLatin1String("description"), tool.description);
            tools.append(object);
        }
        body.insert(QLatin1String("tools"), tools);
    }
    body.insert(QLatin1String("stream"), request.stream);
    return JsonWriter::toJson(body);
}

std::unique_ptr<ReplyDecoder> AnthropicMessagesClient::createDecoder(const ModelRequest &request) const
{
    QSet<QString> offered;
    for (const ModelTool &tool : request.tools)
        offered.insert(tool.name);
    return std::make_unique<AnthropicDecoder>(limits(), std::move(offered));
}

} // namespace Toolgate

#include "moc_anthropicmessagesclient.cpp"
