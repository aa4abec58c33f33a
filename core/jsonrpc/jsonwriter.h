#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringView>

#include "core/common/jsonkeyorder.h"

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

/// The same with the keys of each object in order (keys it does not name follow in sorted order):
/// JSON whose order people see or chose, e.g. the arguments of a call in the form's order.
void appendValue(QByteArray &out, const QJsonValue &value, const JsonKeyOrder &order);
void appendObject(QByteArray &out, const QJsonObject &object, const JsonKeyOrder &order);

/// The indented text people read: QJsonDocument::toJson(QJsonDocument::Indented)'s layout (4 spaces),
/// but with the keys in order, empty containers as {} and [], no newline at the end, scalars too.
QByteArray toIndentedJson(const QJsonValue &value, const JsonKeyOrder &order = {});

inline QByteArray toJson(const QJsonObject &object)
{
    QByteArray out;
    out.reserve(256);
    appendObject(out, object);
    return out;
}

/// One line of JSON as text, e.g. a value quoted in a message.
inline QString toCompactText(const QJsonValue &value)
{
    QByteArray out;
    appendValue(out, value);
    return QString::fromUtf8(out);
}

} // namespace JsonWriter

} // namespace Toolgate
