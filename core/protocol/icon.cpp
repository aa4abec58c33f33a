#include "core/protocol/icon.h"

#include "core/protocol/jsonutil_p.h"

namespace Toolgate {

using namespace ProtocolJson;

Icon Icon::fromJson(const QJsonObject &json)
{
    Icon icon;
    icon.src = string(json, u"src");
    icon.mimeType = string(json, u"mimeType");
    icon.sizes = stringList(json, u"sizes");
    icon.theme = string(json, u"theme");
    return icon;
}

QJsonObject Icon::toJson() const
{
    QJsonObject json;
    json.insert(u"src", src); // required by the spec, so present even if empty
    putString(json, u"mimeType", mimeType);
    putStringList(json, u"sizes", sizes);
    putString(json, u"theme", theme);
    return json;
}

QList<Icon> Icon::listFromJson(const QJsonArray &json)
{
    return ProtocolJson::listFromJson<Icon>(json);
}

QJsonArray Icon::listToJson(const QList<Icon> &icons)
{
    return ProtocolJson::listToJson(icons);
}

} // namespace Toolgate
