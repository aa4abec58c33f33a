#include "core/protocol/prompt.h"

#include "core/protocol/jsonutil_p.h"

namespace Toolgate {

using namespace ProtocolJson;

// ---- PromptArgument ---------------------------------------------------------------------------

PromptArgument PromptArgument::fromJson(const QJsonObject &json)
{
    PromptArgument a;
    readBaseMetadata(json, a);
    a.required = optionalBool(json, u"required").value_or(false);
    return a;
}

QJsonObject PromptArgument::toJson() const
{
    QJsonObject json;
    putBaseMetadata(json, *this);
    // Absent means optional, so only a required argument is spelled out.
    if (required)
        json.insert(u"required", true);
    return json;
}

QString PromptArgument::displayName() const
{
    return title.isEmpty() ? name : title;
}

// ---- Prompt -----------------------------------------------------------------------------------

Prompt Prompt::fromJson(const QJsonObject &json)
{
    Prompt p;
    readBaseMetadata(json, p);
    p.arguments = ProtocolJson::listFromJson<PromptArgument>(array(json, u"arguments"));
    p.icons = Icon::listFromJson(array(json, u"icons"));
    p.meta = object(json, u"_meta");
    return p;
}

QJsonObject Prompt::toJson() const
{
    QJsonObject json;
    putBaseMetadata(json, *this);
    putList(json, u"arguments", arguments);
    putList(json, u"icons", icons);
    putObject(json, u"_meta", meta);
    return json;
}

QString Prompt::displayName() const
{
    return title.isEmpty() ? name : title;
}

// ---- PromptMessage ----------------------------------------------------------------------------

PromptMessage PromptMessage::fromJson(const QJsonObject &json)
{
    PromptMessage m;
    m.role = string(json, u"role");
    m.content = Content::fromJson(object(json, u"content"));
    return m;
}

QJsonObject PromptMessage::toJson() const
{
    QJsonObject json;
    json.insert(u"role", role);
    json.insert(u"content", content.toJson());
    return json;
}

// ---- GetPromptResult --------------------------------------------------------------------------

GetPromptResult GetPromptResult::fromJson(const QJsonObject &json)
{
    GetPromptResult r;
    r.description = string(json, u"description");
    r.messages = ProtocolJson::listFromJson<PromptMessage>(array(json, u"messages"));
    r.meta = object(json, u"_meta");
    return r;
}

QJsonObject GetPromptResult::toJson() const
{
    QJsonObject json;
    putString(json, u"description", description);
    json.insert(u"messages", listToJson(messages));
    putObject(json, u"_meta", meta);
    return json;
}

} // namespace Toolgate
