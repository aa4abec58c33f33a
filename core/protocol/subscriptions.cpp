#include "core/protocol/subscriptions.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace Toolgate {

bool SubscriptionFilter::isEmpty() const
{
    return !toolsListChanged && !promptsListChanged && !resourcesListChanged && resourceSubscriptions.isEmpty();
}

QJsonObject SubscriptionFilter::toJson() const
{
    QJsonObject json;
    if (toolsListChanged)
        json.insert(QLatin1String("toolsListChanged"), true);
    if (promptsListChanged)
        json.insert(QLatin1String("promptsListChanged"), true);
    if (resourcesListChanged)
        json.insert(QLatin1String("resourcesListChanged"), true);
    if (!resourceSubscriptions.isEmpty())
        json.insert(QLatin1String("resourceSubscriptions"), QJsonArray::fromStringList(resourceSubscriptions));
    return json;
}

SubscriptionFilter SubscriptionFilter::fromJson(const QJsonObject &json)
{
    SubscriptionFilter filter;
    filter.toolsListChanged = json.value(QLatin1String("toolsListChanged")).toBool(false);
    filter.promptsListChanged = json.value(QLatin1String("promptsListChanged")).toBool(false);
    filter.resourcesListChanged = json.value(QLatin1String("resourcesListChanged")).toBool(false);
    for (const QJsonValue &uri : json.value(QLatin1String("resourceSubscriptions")).toArray()) {
        if (uri.isString())
            filter.resourceSubscriptions.append(uri.toString());
    }
    return filter;
}

QString SubscriptionFilter::missingFrom(const SubscriptionFilter &granted) const
{
    QStringList missing;
    if (toolsListChanged && !granted.toolsListChanged)
        missing.append(QCoreApplication::translate("Toolgate::SubscriptionFilter", "tool list changes"));
    if (promptsListChanged && !granted.promptsListChanged)
        missing.append(QCoreApplication::translate("Toolgate::SubscriptionFilter", "prompt list changes"));
    if (resourcesListChanged && !granted.resourcesListChanged)
        missing.append(QCoreApplication::translate("Toolgate::SubscriptionFilter", "resource list changes"));
    for (const QString &uri : resourceSubscriptions) {
        if (!granted.resourceSubscriptions.contains(uri))
            missing.append(QCoreApplication::translate("Toolgate::SubscriptionFilter", "updates of %1").arg(uri));
    }
    return missing.join(QStringLiteral(", "));
}

} // namespace Toolgate
