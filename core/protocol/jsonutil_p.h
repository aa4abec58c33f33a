#pragma once

// Private helpers shared by the protocol .cpp files; not part of the module's API.

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <initializer_list>
#include <optional>

namespace Toolgate::ProtocolJson {

// Readers: peers are untrusted, so a field of the wrong type reads as absent instead of failing the parse.

inline QString string(const QJsonObject &o, QStringView key)
{
    const QJsonValue v = o.value(key);
    return v.isString() ? v.toString() : QString();
}

inline std::optional<QString> optionalString(const QJsonObject &o, QStringView key)
{
    const QJsonValue v = o.value(key);
    if (!v.isString())
        return std::nullopt;
    return v.toString();
}

inline std::optional<bool> optionalBool(const QJsonObject &o, QStringView key)
{
    const QJsonValue v = o.value(key);
    if (!v.isBool())
        return std::nullopt;
    return v.toBool();
}

inline std::optional<double> optionalDouble(const QJsonObject &o, QStringView key)
{
    const QJsonValue v = o.value(key);
    if (!v.isDouble())
        return std::nullopt;
    return v.toDouble();
}

// Only whole numbers count; a fractional "size" is as wrong as a string one.
inline std::optional<qint64> optionalInteger(const QJsonObject &o, QStringView key)
{
    const QJsonValue v = o.value(key);
    if (!v.isDouble())
        return std::nullopt;
    const double d = v.toDouble();
    const qint64 i = v.toInteger();
    if (double(i) != d)
        return std::nullopt;
    return i;
}

inline QJsonObject object(const QJsonObject &o, QStringView key)
{
    return o.value(key).toObject();
}

inline QJsonArray array(const QJsonObject &o, QStringView key)
{
    return o.value(key).toArray();
}

inline QStringList stringList(const QJsonObject &o, QStringView key)
{
    QStringList out;
    const QJsonArray a = array(o, key);
    for (const QJsonValue &v : a) {
        if (v.isString())
            out.append(v.toString());
    }
    return out;
}

// Base64 payloads arrive as JSON strings; they are ASCII by definition, so Latin-1 is lossless.
inline QByteArray base64(const QJsonObject &o, QStringView key)
{
    return string(o, key).toLatin1();
}

template<class T>
QList<T> listFromJson(const QJsonArray &array)
{
    QList<T> out;
    out.reserve(array.size());
    for (const QJsonValue &v : array) {
        if (v.isObject())
            out.append(T::fromJson(v.toObject()));
    }
    return out;
}

template<class T>
QJsonArray listToJson(const QList<T> &list)
{
    QJsonArray out;
    for (const T &item : list)
        out.append(item.toJson());
    return out;
}

// The keys of raw that a struct does not model, so toJson can carry fields from newer revisions
// through unchanged while the modelled fields stay authoritative.
inline QJsonObject unmodelledKeys(const QJsonObject &raw, std::initializer_list<QStringView> modelled)
{
    QJsonObject out = raw;
    for (QStringView key : modelled)
        out.remove(key);
    return out;
}

// Writers: optional fields are omitted when empty so toJson(fromJson(x)) reproduces x.

inline void putString(QJsonObject &o, QStringView key, const QString &value)
{
    if (!value.isEmpty())
        o.insert(key, value);
}

inline void putStringList(QJsonObject &o, QStringView key, const QStringList &value)
{
    if (!value.isEmpty())
        o.insert(key, QJsonArray::fromStringList(value));
}

inline void putObject(QJsonObject &o, QStringView key, const QJsonObject &value)
{
    if (!value.isEmpty())
        o.insert(key, value);
}

template<class T>
void putList(QJsonObject &o, QStringView key, const QList<T> &value)
{
    if (!value.isEmpty())
        o.insert(key, listToJson(value));
}

// A nested struct (annotations) is left out when it has nothing to say.
template<class T>
void putStruct(QJsonObject &o, QStringView key, const T &value)
{
    if (!value.isEmpty())
        o.insert(key, value.toJson());
}

// The schema's BaseMetadata (name, and a title for people) and the description that every type
// with it carries: Implementation, Prompt, PromptArgument, Resource, ResourceTemplate, Tool and the
// resource_link content block. One reader and one writer, so all of them treat the three alike.
template<class T>
void readBaseMetadata(const QJsonObject &o, T &out)
{
    out.name = string(o, u"name");
    out.title = string(o, u"title");
    out.description = string(o, u"description");
}

template<class T>
void putBaseMetadata(QJsonObject &o, const T &in)
{
    o.insert(u"name", in.name); // required by the spec, so present even if empty
    putString(o, u"title", in.title);
    putString(o, u"description", in.description);
}

} // namespace Toolgate::ProtocolJson
