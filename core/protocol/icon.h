#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace Toolgate {

/// An icon a server offers for itself, a tool, prompt or resource (protocol 2025-11-25 and later).
/// src is untrusted: it may be a remote URL or a data: URI, and SVG may carry script.
struct Icon
{
    QString src;
    QString mimeType;
    QStringList sizes; // "48x48", "any", ...; empty means any size
    QString theme;     // "light", "dark", or empty for any

    static Icon fromJson(const QJsonObject &json);
    QJsonObject toJson() const;

    static QList<Icon> listFromJson(const QJsonArray &json);
    static QJsonArray listToJson(const QList<Icon> &icons);

    bool operator==(const Icon &) const = default;
};

} // namespace Toolgate
