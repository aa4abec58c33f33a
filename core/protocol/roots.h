#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace Toolgate {

/// A folder the client lets servers know about (roots/list): a file:// URI and a display name.
struct Root
{
    QString uri;
    QString name;

    /// The root for a local folder (the URI of its absolute, cleaned path; name: the folder's name).
    static Root forFolder(const QString &path);
    QJsonObject toJson() const;
    static QJsonArray listToJson(const QList<Root> &roots);

    friend bool operator==(const Root &, const Root &) = default;
};

} // namespace Toolgate
