#include "core/protocol/progress.h"

#include "core/protocol/jsonutil_p.h"

#include <algorithm>

namespace Toolgate {

using namespace ProtocolJson;

ProgressUpdate ProgressUpdate::fromJson(const QJsonObject &json)
{
    ProgressUpdate p;
    const QJsonValue token = json.value(u"progressToken");
    // Only the two token types the spec allows; anything else cannot match a request of ours.
    if (token.isString() || token.isDouble())
        p.token = token;
    p.progress = optionalDouble(json, u"progress").value_or(0);
    p.total = optionalDouble(json, u"total");
    p.message = string(json, u"message");
    p.meta = object(json, u"_meta");
    return p;
}

QJsonObject ProgressUpdate::toJson() const
{
    QJsonObject json;
    json.insert(u"progressToken", token);
    json.insert(u"progress", progress);
    if (total)
        json.insert(u"total", *total);
    putString(json, u"message", message);
    putObject(json, u"_meta", meta);
    return json;
}

std::optional<double> ProgressUpdate::fraction() const
{
    if (!total || !(*total > 0))
        return std::nullopt;
    return std::clamp(progress / *total, 0.0, 1.0);
}

} // namespace Toolgate
