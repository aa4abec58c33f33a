#include "core/protocol/resource.h"

#include "core/protocol/jsonutil_p.h"

namespace Toolgate {

using namespace ProtocolJson;

namespace {
QString firstNonEmpty(const QString &a, const QString &b, const QString &c)
{
    if (!a.isEmpty())
        return a;
    return b.isEmpty() ? c : b;
}
} // namespace

// ---- Resource ---------------------------------------------------------------------------------

Resource Resource::fromJson(const QJsonObject &json)
{
    Resource r;
    r.uri = string(json, u"uri");
    r.name = string(json, u"name");
    r.title = string(json, u"title");
    r.description = string(json, u"description");
    r.mimeType = string(json, u"mimeType");
    r.size = optionalInteger(json, u"size");
    r.annotations = Annotations::fromJson(object(json, u"annotations"));
    r.icons = Icon::listFromJson(array(json, u"icons"));
    r.meta = object(json, u"_meta");
    return r;
}

QJsonObject Resource::toJson() const
{
    QJsonObject json;
    json.insert(u"uri", uri);
    json.insert(u"name", name);
    putString(json, u"title", title);
    putString(json, u"description", description);
    putString(json, u"mimeType", mimeType);
    if (size)
        json.insert(u"size", *size);
    if (!annotations.isEmpty())
        json.insert(u"annotations", annotations.toJson());
    putList(json, u"icons", icons);
    putObject(json, u"_meta", meta);
    return json;
}

QString Resource::displayName() const
{
    return firstNonEmpty(title, name, uri);
}

// ---- ResourceTemplate -------------------------------------------------------------------------

ResourceTemplate ResourceTemplate::fromJson(const QJsonObject &json)
{
    ResourceTemplate t;
    t.uriTemplate = string(json, u"uriTemplate");
    t.name = string(json, u"name");
    t.title = string(json, u"title");
    t.description = string(json, u"description");
    t.mimeType = string(json, u"mimeType");
    t.annotations = Annotations::fromJson(object(json, u"annotations"));
    t.icons = Icon::listFromJson(array(json, u"icons"));
    t.meta = object(json, u"_meta");
    return t;
}

QJsonObject ResourceTemplate::toJson() const
{
    QJsonObject json;
    json.insert(u"uriTemplate", uriTemplate);
    json.insert(u"name", name);
    putString(json, u"title", title);
    putString(json, u"description", description);
    putString(json, u"mimeType", mimeType);
    if (!annotations.isEmpty())
        json.insert(u"annotations", annotations.toJson());
    putList(json, u"icons", icons);
    putObject(json, u"_meta", meta);
    return json;
}

QString ResourceTemplate::displayName() const
{
    return firstNonEmpty(title, name, uriTemplate);
}

// ---- ReadResourceResult -----------------------------------------------------------------------

ReadResourceResult ReadResourceResult::fromJson(const QJsonObject &json)
{
    ReadResourceResult r;
    r.contents = ProtocolJson::listFromJson<ResourceContents>(array(json, u"contents"));
    r.meta = object(json, u"_meta");
    return r;
}

QJsonObject ReadResourceResult::toJson() const
{
    QJsonObject json;
    json.insert(u"contents", listToJson(contents));
    putObject(json, u"_meta", meta);
    return json;
}

} // namespace Toolgate
