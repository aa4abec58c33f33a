#include "core/protocol/implementation.h"

#include "core/protocol/jsonutil_p.h"

namespace Toolgate {

using namespace ProtocolJson;

Implementation Implementation::fromJson(const QJsonObject &json)
{
    Implementation i;
    readBaseMetadata(json, i);
    i.version = string(json, u"version");
    i.websiteUrl = string(json, u"websiteUrl");
    i.icons = Icon::listFromJson(array(json, u"icons"));
    return i;
}

QJsonObject Implementation::toJson() const
{
    QJsonObject json;
    putBaseMetadata(json, *this);
    json.insert(u"version", version);
    putString(json, u"websiteUrl", websiteUrl);
    putList(json, u"icons", icons);
    return json;
}

QString Implementation::displayName() const
{
    return title.isEmpty() ? name : title;
}

} // namespace Toolgate
