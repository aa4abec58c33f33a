#include "core/protocol/sampling.h"

#include "core/protocol/jsonutil_p.h"

#include <QCoreApplication>
#include <QSet>

namespace Toolgate {

using namespace ProtocolJson;

namespace {

Error invalid(const QString &why)
{
    return makeError(ErrorCode::InvalidParams, why);
}

std::optional<double> optionalNumber(const QJsonObject &json, QStringView key)
{
    const QJsonValue value = json.value(key);
    return value.isDouble() ? std::optional<double>(value.toDouble()) : std::nullopt;
}

} // namespace

// ---- SamplingContent --------------------------------------------------------------------------

QString SamplingContent::typeName(Type type)
{
    switch (type) {
    case Type::Text: return QStringLiteral("text");
    case Type::Image: return QStringLiteral("image");
    case Type::Audio: return QStringLiteral("audio");
    case Type::ToolUse: return QStringLiteral("tool_use");
    case Type::ToolResult: return QStringLiteral("tool_result");
    }
    return {};
}

Result<SamplingContent> SamplingContent::fromJson(const QJsonObject &json)
{
    SamplingContent c;
    c.meta = object(json, u"_meta");
    const QString type = string(json, u"type");
    if (type == u"text" || type == u"image" || type == u"audio") {
        c.block = Content::fromJson(json);
        c.type = type == u"text" ? Type::Text : type == u"image" ? Type::Image : Type::Audio;
        if (c.type != Type::Text && (!json.value(u"data").isString() || c.block.mimeType.isEmpty()))
            return invalid(QCoreApplication::translate("Toolgate::Sampling", "an %1 block needs data and a mimeType").arg(type));
        if (c.type == Type::Text && !json.value(u"text").isString())
            return invalid(QCoreApplication::translate("Toolgate::Sampling", "a text block needs text"));
        return c;
    }
    if (type == u"tool_use") {
        c.type = Type::ToolUse;
        c.toolUseId = string(json, u"id");
        c.toolName = string(json, u"name");
        c.input = object(json, u"input");
        if (c.toolUseId.isEmpty() || c.toolName.isEmpty())
            return invalid(QCoreApplication::translate("Toolgate::Sampling", "a tool_use block needs an id and a name"));
        return c;
    }
    if (type == u"tool_result") {
        c.type = Type::ToolResult;
        c.toolUseId = string(json, u"toolUseId");
        if (c.toolUseId.isEmpty())
            return invalid(QCoreApplication::translate("Toolgate::Sampling", "a tool_result block needs the toolUseId it answers"));
        c.resultContent = Content::listFromJson(array(json, u"content"));
        if (json.value(u"structuredContent").isObject())
            c.structuredContent = json.value(u"structuredContent").toObject();
        c.isError = json.value(u"isError").toBool();
        return c;
    }
    return invalid(type.isEmpty() ? QCoreApplication::translate("Toolgate::Sampling", "a message block has no type")
                                  : QCoreApplication::translate("Toolgate::Sampling", "a message block has the unknown type \"%1\"").arg(type));
}

QJsonObject SamplingContent::toJson() const
{
    QJsonObject json;
    switch (type) {
    case Type::Text:
    case Type::Image:
    case Type::Audio:
        json = block.toJson();
        break;
    case Type::ToolUse:
        json.insert(u"type", QStringLiteral("tool_use"));
        json.insert(u"id", toolUseId);
        json.insert(u"name", toolName);
        json.insert(u"input", input);
        break;
    case Type::ToolResult:
        json.insert(u"type", QStringLiteral("tool_result"));
        json.insert(u"toolUseId", toolUseId);
        json.insert(u"content", Content::listToJson(resultContent));
        if (structuredContent)
            json.insert(u"structuredContent", *structuredContent);
        if (isError)
            json.insert(u"isError", true);
        break;
    }
    putObject(json, u"_meta", meta);
    return json;
}

SamplingContent SamplingContent::makeText(const QString &text)
{
    SamplingContent c;
    c.type = Type::Text;
    c.block = Content::makeText(text);
    return c;
}

SamplingContent SamplingContent::makeToolUse(const QString &id, const QString &toolName, const QJsonObject &input)
{
    SamplingContent c;
    c.type = Type::ToolUse;
    c.toolUseId = id;
    c.toolName = toolName;
    c.input = input;
    return c;
}

// ---- SamplingMessage --------------------------------------------------------------------------

Result<SamplingMessage> SamplingMessage::fromJson(const QJsonObject &json)
{
    SamplingMessage message;
    message.role = string(json, u"role");
    if (message.role != u"user" && message.role != u"assistant")
        return invalid(QCoreApplication::translate("Toolgate::Sampling", "a message has the role \"%1\"; only \"user\" and \"assistant\" exist").arg(message.role));
    const QJsonValue content = json.value(u"content");
    QJsonArray blocks;
    if (content.isArray())
        blocks = content.toArray();
    else if (content.isObject())
        blocks.append(content);
    else
        return invalid(QCoreApplication::translate("Toolgate::Sampling", "a %1 message has no content").arg(message.role));
    for (const QJsonValue &block : std::as_const(blocks)) {
        auto parsed = SamplingContent::fromJson(block.toObject());
        if (!parsed)
            return parsed.error();
        message.content.append(std::move(parsed).value());
    }
    return message;
}

QJsonObject SamplingMessage::toJson() const
{
    QJsonObject json{{QLatin1String("role"), role}};
    if (content.size() == 1) {
        json.insert(u"content", content.first().toJson());
    } else {
        QJsonArray blocks;
        for (const SamplingContent &block : content)
            blocks.append(block.toJson());
        json.insert(u"content", blocks);
    }
    return json;
}

// ---- ModelPreferences -------------------------------------------------------------------------

ModelPreferences ModelPreferences::fromJson(const QJsonObject &json)
{
    ModelPreferences p;
    for (const QJsonValue &hint : array(json, u"hints")) {
        const QString name = hint.toObject().value(u"name").toString();
        if (!name.isEmpty())
            p.hints.append(name);
    }
    p.costPriority = optionalNumber(json, u"costPriority");
    p.speedPriority = optionalNumber(json, u"speedPriority");
    p.intelligencePriority = optionalNumber(json, u"intelligencePriority");
    return p;
}

bool ModelPreferences::isEmpty() const
{
    return hints.isEmpty() && !costPriority && !speedPriority && !intelligencePriority;
}

// ---- SamplingRequest --------------------------------------------------------------------------

QString SamplingRequest::toolChoiceName(ToolChoice choice)
{
    switch (choice) {
    case ToolChoice::Auto: return QStringLiteral("auto");
    case ToolChoice::Required: return QStringLiteral("required");
    case ToolChoice::None: return QStringLiteral("none");
    }
    return {};
}

Result<SamplingRequest> SamplingRequest::fromJson(const QJsonObject &params)
{
    SamplingRequest request;
    const QJsonArray messages = array(params, u"messages");
    if (messages.isEmpty())
        return invalid(QCoreApplication::translate("Toolgate::Sampling", "sampling/createMessage needs at least one message"));
    for (const QJsonValue &value : messages) {
        auto message = SamplingMessage::fromJson(value.toObject());
        if (!message)
            return message.error();
        request.messages.append(std::move(message).value());
    }
    request.modelPreferences = ModelPreferences::fromJson(object(params, u"modelPreferences"));
    request.systemPrompt = string(params, u"systemPrompt");
    request.includeContext = string(params, u"includeContext");
    request.temperature = optionalNumber(params, u"temperature");
    const QJsonValue maxTokens = params.value(u"maxTokens");
    if (!maxTokens.isDouble() || maxTokens.toDouble() < 1)
        return invalid(QCoreApplication::translate("Toolgate::Sampling", "sampling/createMessage needs maxTokens, a positive number"));
    request.maxTokens = maxTokens.toDouble() > 1e9 ? 1000000000 : maxTokens.toInt();
    for (const QJsonValue &stop : array(params, u"stopSequences"))
        request.stopSequences.append(stop.toString());
    request.metadata = object(params, u"metadata");

    request.usesTools = params.contains(u"tools") || params.contains(u"toolChoice");
    QSet<QString> names;
    for (const QJsonValue &value : array(params, u"tools")) {
        Tool tool = Tool::fromJson(value.toObject());
        if (tool.name.isEmpty())
            return invalid(QCoreApplication::translate("Toolgate::Sampling", "a tool offered for sampling has no name"));
        if (names.contains(tool.name))
            return invalid(QCoreApplication::translate("Toolgate::Sampling", "the tool \"%1\" is offered twice for sampling").arg(tool.name));
        names.insert(tool.name);
        request.tools.append(std::move(tool));
    }
    const QString mode = object(params, u"toolChoice").value(u"mode").toString();
    if (mode == u"required")
        request.toolChoice = ToolChoice::Required;
    else if (mode == u"none")
        request.toolChoice = ToolChoice::None;
    else if (!mode.isEmpty() && mode != u"auto")
        return invalid(QCoreApplication::translate("Toolgate::Sampling", "toolChoice.mode \"%1\" is not one of auto, required, none").arg(mode));
    if (request.toolChoice == ToolChoice::Required && request.tools.isEmpty())
        return invalid(QCoreApplication::translate("Toolgate::Sampling", "toolChoice is \"required\" but no tools are offered"));
    return request;
}

// ---- SamplingResult ---------------------------------------------------------------------------

QJsonObject SamplingResult::toJson() const
{
    QJsonObject json = SamplingMessage{QStringLiteral("assistant"), content}.toJson();
    json.insert(u"model", model);
    putString(json, u"stopReason", stopReason);
    return json;
}

Result<SamplingResult> SamplingResult::fromJson(const QJsonObject &json)
{
    auto message = SamplingMessage::fromJson(json);
    if (!message)
        return message.error();
    SamplingResult result;
    result.content = std::move(message).value().content;
    result.model = string(json, u"model");
    result.stopReason = string(json, u"stopReason");
    return result;
}

bool SamplingResult::usesTools() const
{
    return std::any_of(content.cbegin(), content.cend(), [](const SamplingContent &c) { return c.type == SamplingContent::Type::ToolUse; });
}

} // namespace Toolgate
