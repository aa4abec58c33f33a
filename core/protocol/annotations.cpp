#include "core/protocol/annotations.h"

#include "core/protocol/jsonutil_p.h"

namespace Toolgate {

using namespace ProtocolJson;

Annotations Annotations::fromJson(const QJsonObject &json)
{
    Annotations a;
    a.audience = stringList(json, u"audience");
    a.priority = optionalDouble(json, u"priority");
    a.lastModified = string(json, u"lastModified");
    return a;
}

QJsonObject Annotations::toJson() const
{
    QJsonObject json;
    putStringList(json, u"audience", audience);
    if (priority)
        json.insert(u"priority", *priority);
    putString(json, u"lastModified", lastModified);
    return json;
}

bool Annotations::isEmpty() const
{
    return audience.isEmpty() && !priority && lastModified.isEmpty();
}

} // namespace Toolgate
