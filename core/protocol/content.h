#pragma once

#include "core/protocol/annotations.h"
#include "core/protocol/icon.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Toolgate {

/// The body of a resource: text or a base64 blob (resources/read, embedded resources).
struct ResourceContents
{
    QString uri;
    QString mimeType;
    std::optional<QString> text; // set for text contents; then blob is ignored
    QByteArray blob;             // base64 exactly as received, decoded only on demand
    QJsonObject meta;            // _meta

    static ResourceContents fromJson(const QJsonObject &json);
    QJsonObject toJson() const;

    bool isText() const { return text.has_value(); }
    /// The decoded blob, or an empty array when the base64 is malformed.
    QByteArray decodedBlob() const;
    /// The decoded blob; nullopt when the base64 is malformed (to say so rather than show 0 bytes).
    std::optional<QByteArray> decodeBlob() const;
};

/// One content block of a tool result or prompt message (text, image, audio, resource, link).
/// Unknown block types from newer servers are kept verbatim in raw and written back unchanged.
struct Content
{
    enum class Type { Text, Image, Audio, Resource, ResourceLink, Unknown };

    Type type = Type::Unknown;

    // Type::Text
    QString text;

    // Type::Image and Type::Audio; base64 is kept as received so large payloads are not decoded
    // (and re-encoded) unless someone actually looks at them.
    QByteArray data;
    QString mimeType; // also ResourceLink

    // Type::Resource (embedded)
    ResourceContents resource;

    // Type::ResourceLink
    QString uri;
    QString name;
    QString title;
    QString description;
    std::optional<qint64> size;
    QList<Icon> icons;

    // All types
    Annotations annotations;
    QJsonObject meta; // _meta
    QJsonObject raw;  // the object as received; empty for blocks built locally

    static Content fromJson(const QJsonObject &json);
    /// Builds the object from the fields plus raw's unmodelled keys; an Unknown block returns raw.
    QJsonObject toJson() const;

    static QList<Content> listFromJson(const QJsonArray &json);
    static QJsonArray listToJson(const QList<Content> &content);

    static Content makeText(const QString &text);

    /// The wire name of a type ("text", "resource_link", ...); empty for Unknown.
    static QString typeName(Type type);
    /// The wire name of this block, including the original name of an Unknown one.
    QString typeString() const;

    /// Decoded image or audio bytes, or an empty array when the base64 is malformed.
    QByteArray decodedData() const;
    /// Decoded image or audio bytes; nullopt when the base64 is malformed (to say so rather than show 0 bytes).
    std::optional<QByteArray> decodeData() const;
};

} // namespace Toolgate
