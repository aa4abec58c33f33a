#include "tool.h"

#include "jsonutil_p.h"

using namespace Qt::StringLiterals;

namespace Toolgate {

using namespace ProtocolJson;

// ---- ToolAnnotations --------------------------------------------------------------------------

ToolAnnotations ToolAnnotations::fromJson(const QJsonObject &json)
{
    ToolAnnotations a;
    a.title = string(json, u"title");
    a.readOnlyHint = optionalBool(json, u"readOnlyHint");
    a.destructiveHint = optionalBool(json, u"destructiveHint");
    a.idempotentHint = optionalBool(json, u"idempotentHint");
    a.openWorldHint = optionalBool(json, u"openWorldHint");
    return a;
}

QJsonObject ToolAnnotations::toJson() const
{
    QJsonObject json;
    putString(json, u"title", title);
    const auto putHint = [&json](QStringView key, const std::optional<bool> &value) {
        if (value)
            json.insert(key, *value);
    };
    putHint(u"readOnlyHint", readOnlyHint);
    putHint(u"destructiveHint", destructiveHint);
    putHint(u"idempotentHint", idempotentHint);
    putHint(u"openWorldHint", openWorldHint);
    return json;
}

bool ToolAnnotations::isEmpty() const
{
    return title.isEmpty() && !readOnlyHint && !destructiveHint && !idempotentHint && !openWorldHint;
}

// ---- Tool -------------------------------------------------------------------------------------

Tool Tool::fromJson(const QJsonObject &json)
{
    Tool t;
    t.raw = json;
    t.name = string(json, u"name");
    t.title = string(json, u"title");
    t.description = string(json, u"description");
    t.inputSchema = object(json, u"inputSchema");
    t.outputSchema = object(json, u"outputSchema");
    t.annotations = ToolAnnotations::fromJson(object(json, u"annotations"));
    t.icons = Icon::listFromJson(array(json, u"icons"));
    t.execution = object(json, u"execution");
    t.meta = object(json, u"_meta");
    return t;
}

QJsonObject Tool::toJson() const
{
    QJsonObject json = unmodelledKeys(raw, {u"name", u"title", u"description", u"inputSchema",
                                            u"outputSchema", u"annotations", u"icons",
                                            u"execution", u"_meta"});
    json.insert(u"name", name);
    putString(json, u"title", title);
    putString(json, u"description", description);
    // inputSchema is required and must be an object schema; an empty one means "no arguments".
    json.insert(u"inputSchema",
                inputSchema.isEmpty() ? QJsonObject{{u"type"_s, u"object"_s}} : inputSchema);
    putObject(json, u"outputSchema", outputSchema);
    if (!annotations.isEmpty())
        json.insert(u"annotations", annotations.toJson());
    putList(json, u"icons", icons);
    putObject(json, u"execution", execution);
    putObject(json, u"_meta", meta);
    return json;
}

QString Tool::displayName() const
{
    if (!title.isEmpty())
        return title;
    if (!annotations.title.isEmpty())
        return annotations.title;
    return name;
}

// ---- CallToolResult ---------------------------------------------------------------------------

CallToolResult CallToolResult::fromJson(const QJsonObject &json)
{
    CallToolResult r;
    r.raw = json;
    r.content = Content::listFromJson(array(json, u"content"));
    const QJsonValue structured = json.value(u"structuredContent");
    if (structured.isObject())
        r.structuredContent = structured.toObject();
    r.isError = optionalBool(json, u"isError").value_or(false);
    r.meta = object(json, u"_meta");
    return r;
}

QJsonObject CallToolResult::toJson() const
{
    QJsonObject json = unmodelledKeys(raw, {u"content", u"structuredContent", u"isError", u"_meta"});
    json.insert(u"content", Content::listToJson(content));
    if (structuredContent)
        json.insert(u"structuredContent", *structuredContent);
    // Absent means false, so only a failure is spelled out.
    if (isError)
        json.insert(u"isError", true);
    putObject(json, u"_meta", meta);
    return json;
}

QString CallToolResult::textSummary() const
{
    QStringList parts;
    for (const Content &c : content) {
        if (c.type == Content::Type::Text)
            parts.append(c.text);
    }
    return parts.join(u'\n');
}

} // namespace Toolgate
