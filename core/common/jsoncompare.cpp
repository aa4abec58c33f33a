#include "core/common/jsoncompare.h"

#include <QJsonArray>

namespace Toolgate::JsonCompare {

bool same(const QJsonValue &a, const QJsonValue &b)
{
    if (a.type() != b.type())
        return false;
    if (a.isObject())
        return a.toObject() == b.toObject();
    if (a.isArray())
        return a.toArray() == b.toArray();
    return a == b;
}

bool sameMembers(const QJsonObject &a, const QJsonObject &b)
{
    if (a.size() != b.size())
        return false;
    for (auto it = a.begin(); it != a.end(); ++it) {
        const auto other = b.constFind(it.key());
        if (other == b.constEnd() || !same(it.value(), other.value()))
            return false;
    }
    return true;
}

} // namespace Toolgate::JsonCompare
