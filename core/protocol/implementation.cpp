#include "core/protocol/implementation.h"

#include "core/protocol/jsonutil_p.h"

namespace Toolgate {

using namespace ProtocolJson;

Implementation Implementation::fromJson(const QJsonObject &json)
{
    Implementation i;
    i.name = string(json, u"name");
    i.title = string(json, u"title");
    i.version = string(json, u"version");
    i.description = string(json, u"description");
    i.websiteUrl = string(json, u"websiteUrl");
    i.icons = Icon::listFromJson(array(json, u"icons"));
    return i;
}

QJsonObject Implementation::toJson() const
{
    QJsonObject json;
    json.insert(u"name", name);
    json.insert(u"version", version);
    putString(json, u"title", title);
    putString(json, u"description", description);
    putString(json, u"websiteUrl", websiteUrl);
    putList(json, u"icons", icons);
    return json;
}

QString Implementation::displayName() const
{
    return title.isEmpty() ? name : title;
}

} // namespace Toolgate
