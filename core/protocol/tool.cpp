#include "core/protocol/tool.h"

#include "core/common/displaytext.h"
#include "core/common/error.h"
#include "core/protocol/jsonutil_p.h"

#include <QHash>

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
    readBaseMetadata(json, t);
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
    putBaseMetadata(json, *this);
    // inputSchema is required and must be an object schema; an empty one means "no arguments".
    json.insert(u"inputSchema",
                inputSchema.isEmpty() ? QJsonObject{{u"type"_s, u"object"_s}} : inputSchema);
    putObject(json, u"outputSchema", outputSchema);
    putStruct(json, u"annotations", annotations);
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

namespace {

QString jsonTypeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return u"null"_s;
    case QJsonValue::Bool: return u"a boolean"_s;
    case QJsonValue::Double: return u"a number"_s;
    case QJsonValue::String: return u"a string"_s;
    case QJsonValue::Array: return u"a list"_s;
    case QJsonValue::Object: return u"an object"_s;
    case QJsonValue::Undefined: break;
    }
    return u"missing"_s;
}

QString quotedName(const QString &name)
{
    return u'"' + DisplayText::visibleLine(name) + u'"';
}

} // namespace

QStringList Tool::problems() const
{
    QStringList found;
    const QJsonValue rawName = raw.value(u"name");
    const QString who = name.isEmpty() ? u"a tool"_s : u"the tool "_s + quotedName(name);
    if (!rawName.isString())
        found.append(u"a tool has no name (its \"name\" is %1), so it cannot be called"_s.arg(jsonTypeName(rawName)));
    else if (name.isEmpty())
        found.append(u"a tool has an empty name, so it cannot be called"_s);
    const QJsonValue schema = raw.value(u"inputSchema");
    if (!raw.isEmpty() && !schema.isObject())
        found.append(u"%1 has no input schema object (its \"inputSchema\" is %2); its arguments cannot be checked"_s
                         .arg(who, jsonTypeName(schema)));
    return found;
}

QStringList Tool::listProblems(const QList<Tool> &tools)
{
    QStringList found;
    QHash<QString, int> counts;
    QStringList order;
    for (const Tool &tool : tools) {
        found.append(tool.problems());
        if (tool.name.isEmpty())
            continue;
        if (counts[tool.name]++ == 0)
            order.append(tool.name);
    }
    for (const QString &name : std::as_const(order)) {
        if (const int count = counts.value(name); count > 1)
            found.append(u"%1 tools are named %2; a call by that name may reach any of them"_s.arg(count).arg(quotedName(name)));
    }
    return found;
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

Result<CallToolResult> CallToolResult::parse(const QJsonObject &json)
{
    const auto wrongType = [](const char *field, const char *expected, const QJsonValue &value) {
        return makeError(ErrorCode::ProtocolError,
                         u"the server's tool result is malformed: \"%1\" must be %2, not %3"_s
                             .arg(QLatin1StringView(field), QLatin1StringView(expected), jsonTypeName(value)));
    };
    // Absent (or null) is tolerated as "none"; a value of another type is a claim that cannot be
    // read, and "isError": "yes" shown as a success would tell the person the opposite.
    const auto present = [](const QJsonValue &value) { return !value.isUndefined() && !value.isNull(); };
    const QJsonValue content = json.value(u"content");
    if (present(content) && !content.isArray())
        return wrongType("content", "a list", content);
    const QJsonValue isError = json.value(u"isError");
    if (present(isError) && !isError.isBool())
        return wrongType("isError", "true or false", isError);
    const QJsonValue structured = json.value(u"structuredContent");
    if (present(structured) && !structured.isObject())
        return wrongType("structuredContent", "an object", structured);
    return fromJson(json);
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
