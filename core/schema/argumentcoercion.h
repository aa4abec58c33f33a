#pragma once

#include "core/common/result.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace Toolgate {

struct SchemaNode;

/// Turns the CLI's "key=value" arguments into a tool's JSON arguments, guided by its inputSchema.
///
/// Each pair is "key=value" or "key:=<json>" (value taken as raw JSON, no conversion). The property's
/// schema decides how a plain value is read:
///   integer  "12", "-3" (non-integers are refused)     number   "1.5", "2e3"
///   boolean  true/false, yes/no, 1/0 (any case)         null     "null" (or empty)
///   string   kept verbatim                              array/object  parsed as JSON
///   enum     a value matching an enum entry's text becomes that entry (so numeric enums give numbers)
///   type lists and anyOf/oneOf try null, boolean, integer, number, array, object, then string; so for
///   ["string", "null"] the text "null" gives null (use key:='"null"' for the string).
/// "a.b=1" sets property b of object a, using a's nested schema. Keys the schema does not declare are
/// kept as strings (or read with additionalProperties' schema) unless additionalProperties is false,
/// which is an error naming the allowed keys. A key given twice is an error. The result is not
/// validated; run SchemaValidator on it for range, pattern and required checks.
Result<QJsonObject> coerceArguments(const QJsonObject &inputSchema, const QStringList &pairs);

/// Reads one plain CLI value the way coerceArguments() does for a property described by node;
/// name is only used in error messages.
Result<QJsonValue> coerceArgumentValue(const SchemaNode &node, const QString &name, const QString &text);

} // namespace Toolgate
