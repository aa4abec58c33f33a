#include "core/protocol/content.h"

#include "core/protocol/jsonutil_p.h"

using namespace Qt::StringLiterals;

namespace Toolgate {

using namespace ProtocolJson;

namespace {

// Strict decoding: a corrupt payload must not turn into garbage pixels or a truncated file.
std::optional<QByteArray> decodeBase64(const QByteArray &base64)
{
    auto decoded = QByteArray::fromBase64Encoding(
        base64, QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    return *std::move(decoded);
}

} // namespace

// ---- ResourceContents -------------------------------------------------------------------------

ResourceContents ResourceContents::fromJson(const QJsonObject &json)
{
    ResourceContents c;
    c.uri = string(json, u"uri");
    c.mimeType = string(json, u"mimeType");
    c.text = optionalString(json, u"text");
    if (!c.text)
        c.blob = base64(json, u"blob");
    c.meta = object(json, u"_meta");
    return c;
}

QJsonObject ResourceContents::toJson() const
{
    QJsonObject json;
    json.insert(u"uri", uri);
    putString(json, u"mimeType", mimeType);
    // The spec has exactly one of text/blob, so a non-text body is always written as a blob.
    if (text)
        json.insert(u"text", *text);
    else
        json.insert(u"blob", QString::fromLatin1(blob));
    putObject(json, u"_meta", meta);
    return json;
}

QByteArray ResourceContents::decodedBlob() const
{
    return decodeBase64(blob).value_or(QByteArray());
}

std::optional<QByteArray> ResourceContents::decodeBlob() const
{
    return decodeBase64(blob);
}

// ---- Content ----------------------------------------------------------------------------------

QString Content::typeName(Type type)
{
    switch (type) {
    case Type::Text:
        return u"text"_s;
    case Type::Image:
        return u"image"_s;
    case Type::Audio:
        return u"audio"_s;
    case Type::Resource:
        return u"resource"_s;
    case Type::ResourceLink:
        return u"resource_link"_s;
    case Type::Unknown:
        break;
    }
    return {};
}

QString Content::typeString() const
{
    if (type == Type::Unknown)
        return string(raw, u"type");
    return typeName(type);
}

Content Content::makeText(const QString &text)
{
    Content c;
    c.type = Type::Text;
    c.text = text;
    return c;
}

Content Content::fromJson(const QJsonObject &json)
{
    Content c;
    c.raw = json;
    // Most blocks have neither; skipping the empty parse matters on the tools/call path.
    if (const QJsonValue annotations = json.value(u"annotations"); annotations.isObject())
        c.annotations = Annotations::fromJson(annotations.toObject());
    c.meta = object(json, u"_meta");

    const QString type = string(json, u"type");
    if (type == u"text") {
        c.type = Type::Text;
        c.text = string(json, u"text");
    } else if (type == u"image" || type == u"audio") {
        c.type = type == u"image" ? Type::Image : Type::Audio;
        c.data = base64(json, u"data");
        c.mimeType = string(json, u"mimeType");
    } else if (type == u"resource") {
        c.type = Type::Resource;
        c.resource = ResourceContents::fromJson(object(json, u"resource"));
    } else if (type == u"resource_link") {
        c.type = Type::ResourceLink;
        c.uri = string(json, u"uri");
        readBaseMetadata(json, c);
        c.mimeType = string(json, u"mimeType");
        c.size = optionalInteger(json, u"size");
        c.icons = Icon::listFromJson(array(json, u"icons"));
    } else {
        c.type = Type::Unknown;
    }
    return c;
}

QJsonObject Content::toJson() const
{
    if (type == Type::Unknown)
        return raw;

    // Only the keys of the type as received are carried over; a block whose type was changed
    // locally must not keep fields of its old type.
    QJsonObject json;
    if (typeName(type) == string(raw, u"type")) {
        json = unmodelledKeys(raw, {u"type", u"text", u"data", u"mimeType", u"resource", u"uri",
                                    u"name", u"title", u"description", u"size", u"icons",
                                    u"annotations", u"_meta"});
    }
    json.insert(u"type", typeName(type));
    switch (type) {
    case Type::Text:
        json.insert(u"text", text);
        break;
    case Type::Image:
    case Type::Audio:
        json.insert(u"data", QString::fromLatin1(data));
        json.insert(u"mimeType", mimeType);
        break;
    case Type::Resource:
        json.insert(u"resource", resource.toJson());
        break;
    case Type::ResourceLink:
        json.insert(u"uri", uri);
        putBaseMetadata(json, *this);
        putString(json, u"mimeType", mimeType);
        if (size)
            json.insert(u"size", *size);
        putList(json, u"icons", icons);
        break;
    case Type::Unknown:
        break;
    }
    putStruct(json, u"annotations", annotations);
    putObject(json, u"_meta", meta);
    return json;
}

QList<Content> Content::listFromJson(const QJsonArray &json)
{
    return ProtocolJson::listFromJson<Content>(json);
}

QJsonArray Content::listToJson(const QList<Content> &content)
{
    return ProtocolJson::listToJson(content);
}

QByteArray Content::decodedData() const
{
    return decodeBase64(data).value_or(QByteArray());
}

std::optional<QByteArray> Content::decodeData() const
{
    return decodeBase64(data);
}

} // namespace Toolgate
