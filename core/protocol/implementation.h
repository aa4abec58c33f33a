#pragma once

#include "core/protocol/icon.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace Toolgate {

/// Name and version of an MCP peer (serverInfo / clientInfo); self-reported, display only.
struct Implementation
{
    QString name;
    QString title;
    QString version;
    QString description;
    QString websiteUrl;
    QList<Icon> icons;

    static Implementation fromJson(const QJsonObject &json);
    QJsonObject toJson() const;

    /// title, else name.
    QString displayName() const;
};

} // namespace Toolgate
