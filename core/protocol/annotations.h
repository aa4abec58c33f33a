#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// Display hints a server attaches to content and resources; advisory, never a security input.
struct Annotations
{
    QStringList audience;           // "user" and/or "assistant"
    std::optional<double> priority; // 0 (optional) .. 1 (effectively required)
    QString lastModified;           // ISO 8601, as sent

    static Annotations fromJson(const QJsonObject &json);
    QJsonObject toJson() const;
    /// True when nothing is set, so containers can leave "annotations" out entirely.
    bool isEmpty() const;

    bool operator==(const Annotations &) const = default;
};

} // namespace Toolgate
