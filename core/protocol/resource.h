#pragma once

#include "core/protocol/annotations.h"
#include "core/protocol/content.h"
#include "core/protocol/icon.h"
#include "core/protocol/page.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Toolgate {

/// A resource a server can read, from resources/list.
struct Resource
{
    QString uri;
    QString name;
    QString title;
    QString description;
    QString mimeType;
    std::optional<qint64> size; // bytes before base64, if the server knows
    Annotations annotations;
    QList<Icon> icons;
    QJsonObject meta; // _meta

    static Resource fromJson(const QJsonObject &json);
    QJsonObject toJson() const;

    /// title, else name, else uri.
    QString displayName() const;
};

/// A parameterised resource (RFC 6570 URI template), from resources/templates/list.
struct ResourceTemplate
{
    QString uriTemplate;
    QString name;
    QString title;
    QString description;
    QString mimeType;
    Annotations annotations;
    QList<Icon> icons;
    QJsonObject meta; // _meta

    static ResourceTemplate fromJson(const QJsonObject &json);
    QJsonObject toJson() const;

    /// title, else name, else uriTemplate.
    QString displayName() const;
};

/// The result of resources/read; one URI may yield several contents (e.g. a directory).
struct ReadResourceResult
{
    QList<ResourceContents> contents;
    QJsonObject meta; // _meta

    static ReadResourceResult fromJson(const QJsonObject &json);
    QJsonObject toJson() const;
};

using ResourcePage = Page<Resource>;
using ResourceTemplatePage = Page<ResourceTemplate>;

} // namespace Toolgate
