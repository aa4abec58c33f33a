#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace Toolgate {

/// A notifications/progress update for a request that carried a progressToken.
struct ProgressUpdate
{
    QJsonValue token; // string or number, matched against the token we sent; null if malformed
    double progress = 0;
    std::optional<double> total; // unknown when absent
    QString message;
    QJsonObject meta; // _meta

    /// Parses the notification's params.
    static ProgressUpdate fromJson(const QJsonObject &json);
    QJsonObject toJson() const;

    /// progress / total in [0, 1], or nullopt when the total is unknown or not positive.
    std::optional<double> fraction() const;
};

} // namespace Toolgate
