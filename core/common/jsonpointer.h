#pragma once

#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

/// JSON Pointer (RFC 6901), the one implementation of core: schemas ($ref, $defs), rules on argument
/// values, collection expectations and result diffs all address values with it.
namespace Toolgate::JsonPointer {

/// Escapes one reference token ("~" -> "~0", "/" -> "~1").
QString escapePointerToken(const QString &token);
/// Appends one unescaped token to a pointer.
QString pointerAppend(const QString &pointer, const QString &token);
/// Appends an array index to a pointer.
QString pointerAppend(const QString &pointer, qsizetype index);
/// The unescaped tokens of a pointer ("" is the whole document), or nullopt if it does not start with "/".
std::optional<QStringList> pointerTokens(const QString &pointer);
/// The value pointer designates inside root, or nullopt if there is none. Array indexes are decimal
/// digits without a sign or a leading zero, as the RFC says ("01", "+1" and "-1" designate nothing).
std::optional<QJsonValue> valueAt(const QJsonValue &root, const QString &pointer);

} // namespace Toolgate::JsonPointer
