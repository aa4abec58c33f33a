#pragma once

#include "core/common/jsonkeyorder.h"

#include <QJsonValue>
#include <QString>

#include <optional>

namespace Toolgate::JsonText {

/// Which JSON texts count as valid.
enum class Accept {
    Object,   ///< only an object, e.g. tool arguments
    AnyValue, ///< objects, arrays, strings, numbers, booleans and null
};

/// The outcome of parsing JSON typed by a person.
struct ParseResult
{
    std::optional<QJsonValue> value; ///< set when the text parsed
    JsonKeyOrder order;              ///< the order of its objects' keys as typed
    QString error;                   ///< what is wrong, e.g. "missing value separator"; empty when it parsed
    int line = 0;                    ///< 1-based position of the error; 0 when it parsed
    int column = 0;
    int position = -1; ///< character index of the error in the text, for highlighting it; -1 when it parsed
    bool empty = false; ///< the text was only white space (with Accept::AnyValue: value unset, error empty)

    bool ok() const { return value.has_value(); }
    /// "Line 3, column 7: missing value separator", or empty when it parsed.
    QString describe() const;
};

/// Parses text as JSON. AnyValue also takes strings, numbers, booleans and null, which QJsonDocument on its
/// own refuses; Object turns anything but an object, and empty text, into an error.
ParseResult parse(const QString &text, Accept accept);

/// The indented form people read and edit; scalars too. Objects list their keys in order (the
/// form's, the server's, the person's); keys it does not name follow in sorted order.
QString pretty(const QJsonValue &value, const JsonKeyOrder &order = {});
/// The one-line form, scalars too.
QString compact(const QJsonValue &value);

} // namespace Toolgate::JsonText
