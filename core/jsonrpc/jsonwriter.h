#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringView>

namespace Toolgate {

/// Compact JSON text straight from QJsonValue, byte for byte what
/// QJsonDocument::toJson(QJsonDocument::Compact) writes (sorted keys, UTF-8, the same escapes and
/// number forms), but appending to one growing buffer. Qt 6.4's writer reserves a few bytes at a
/// time and so reallocates for nearly every member; on the tools/call path that, plus wrapping
/// every message in a QJsonDocument, cost more than everything else a call does.
namespace JsonWriter {

void appendValue(QByteArray &out, const QJsonValue &value);
void appendObject(QByteArray &out, const QJsonObject &object);
void appendArray(QByteArray &out, const QJsonArray &array);
/// A JSON string literal, quotes included.
void appendString(QByteArray &out, QStringView text);

inline QByteArray toJson(const QJsonObject &object)
{
    QByteArray out;
    out.reserve(256);
    appendObject(out, object);
    return out;
}

} // namespace JsonWriter

} // namespace Toolgate
