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

// Resource and ResourceTemplate describe what they point at with the same fields; they differ only
// in the address (uri or uriTemplate) and in Resource's size.
template<class T>
void readResourceDescription(const QJsonObject &json, T &out)
{
    readBaseMetadata(json, out);
    out.mimeType = string(json, u"mimeType");
    out.annotations = Annotations::fromJson(object(json, u"annotations"));
    out.icons = Icon::listFromJson(array(json, u"icons"));
    out.meta = object(json, u"_meta");
}

template<class T>
void putResourceDescription(QJsonObject &json, const T &in)
{
    putBaseMetadata(json, in);
    putString(json, u"mimeType", in.mimeType);
    putStruct(json, u"annotations", in.annotations);
    putList(json, u"icons", in.icons);
    putObject(json, u"_meta", in.meta);
}

} // namespace

// ---- Resource ---------------------------------------------------------------------------------

Resource Resource::fromJson(const QJsonObject &json)
{
    Resource r;
    r.uri = string(json, u"uri");
    r.size = optionalInteger(json, u"size");
    readResourceDescription(json, r);
    return r;
}

QJsonObject Resource::toJson() const
{
    QJsonObject json;
    json.insert(u"uri", uri);
    if (size)
        json.insert(u"size", *size);
    putResourceDescription(json, *this);
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
    readResourceDescription(json, t);
    return t;
}

QJsonObject ResourceTemplate::toJson() const
{
    QJsonObject json;
    json.insert(u"uriTemplate", uriTemplate);
    putResourceDescription(json, *this);
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
