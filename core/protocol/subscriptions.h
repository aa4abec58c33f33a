#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace Toolgate {

/// What a 2026-07-28 client asks to hear on subscriptions/listen (basic/patterns/subscriptions.mdx): the
/// list changes and resource updates that the legacy era sent unasked. The server answers with
/// notifications/subscriptions/acknowledged naming what it grants, which may be less.
struct SubscriptionFilter
{
    bool toolsListChanged = false;
    bool promptsListChanged = false;
    bool resourcesListChanged = false;
    QStringList resourceSubscriptions; ///< URIs, in the order they were subscribed

    bool isEmpty() const;
    /// {"toolsListChanged": true, …}: only what is asked, as the spec's examples write it.
    QJsonObject toJson() const;
    /// Lenient: anything but `true` is not granted; non-string URIs are skipped.
    static SubscriptionFilter fromJson(const QJsonObject &json);
    /// What this filter asks for that granted leaves out, in words ("tool list changes, updates of
    /// file:///a"); empty when everything was granted.
    QString missingFrom(const SubscriptionFilter &granted) const;
};

} // namespace Toolgate
