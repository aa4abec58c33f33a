#pragma once

#include "core/common/result.h"
#include "core/protocol/content.h"
#include "core/protocol/tool.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Toolgate {

/// One content block of a sampling message: text, image or audio (held as a Content), or, in
/// tool-enabled sampling (2025-11-25 and later), a tool_use the model asks for or the tool_result
/// the server answers it with.
struct SamplingContent
{
    enum class Type { Text, Image, Audio, ToolUse, ToolResult };
    Type type = Type::Text;
    /// Text, Image and Audio: the block as a tool result's content block would hold it.
    Content block;
    /// ToolUse: its id; ToolResult: the id of the tool_use it answers (toolUseId).
    QString toolUseId;
    /// ToolUse: the tool asked for and its arguments.
    QString toolName;
    QJsonObject input;
    /// ToolResult: what the tool returned.
    QList<Content> resultContent;
    std::optional<QJsonObject> structuredContent;
    bool isError = false;
    QJsonObject meta;

    /// Fails, naming the field, for unknown types and missing required fields.
    static Result<SamplingContent> fromJson(const QJsonObject &json);
    QJsonObject toJson() const;

    static SamplingContent makeText(const QString &text);
    static SamplingContent makeToolUse(const QString &id, const QString &toolName, const QJsonObject &input);
    /// The wire name: "text", "image", "audio", "tool_use", "tool_result".
    static QString typeName(Type type);
};

/// A message of the conversation a server asks to continue. content is a list on the wire in
/// 2025-11-25 and may be a single block in older revisions; both are read.
struct SamplingMessage
{
    QString role; ///< "user" or "assistant"
    QList<SamplingContent> content;

    static Result<SamplingMessage> fromJson(const QJsonObject &json);
    QJsonObject toJson() const;
};

/// The server's model preferences (advisory: a person answers here, not a model).
struct ModelPreferences
{
    QStringList hints;
    std::optional<double> costPriority;
    std::optional<double> speedPriority;
    std::optional<double> intelligencePriority;

    static ModelPreferences fromJson(const QJsonObject &json);
    bool isEmpty() const;
};

/// sampling/createMessage: the server asks the client's model (here: the person) for a reply.
struct SamplingRequest
{
    enum class ToolChoice { Auto, Required, None };

    QList<SamplingMessage> messages;
    ModelPreferences modelPreferences;
    QString systemPrompt;
    QString includeContext; ///< "none", "thisServer", "allServers" or empty
    std::optional<double> temperature;
    int maxTokens = 0;
    QStringList stopSequences;
    QJsonObject metadata;
    /// Tool-enabled sampling: the tools the reply may ask for, and how it must use them.
    QList<Tool> tools;
    ToolChoice toolChoice = ToolChoice::Auto;
    /// Whether the request carried tools or toolChoice at all (refused unless sampling.tools was declared).
    bool usesTools = false;

    /// Checks the shape: at least one message, known roles and block types, a positive maxTokens,
    /// tools with names. The error says what is wrong in plain words.
    static Result<SamplingRequest> fromJson(const QJsonObject &params);
    static QString toolChoiceName(ToolChoice choice);
};

/// The reply: an assistant message, the model that "wrote" it, and why it stopped.
struct SamplingResult
{
    QList<SamplingContent> content;
    QString model;
    QString stopReason; ///< "endTurn", "toolUse", ...

    /// The CreateMessageResult object. A single block is written as an object (what every revision
    /// reads), several as a list (2025-11-25: tool_use blocks).
    QJsonObject toJson() const;
    static Result<SamplingResult> fromJson(const QJsonObject &json);

    /// Whether any block is a tool_use.
    bool usesTools() const;
};

} // namespace Toolgate
