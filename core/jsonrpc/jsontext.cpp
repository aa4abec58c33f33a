#include "core/jsonrpc/jsontext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include "core/jsonrpc/jsonwriter.h"

namespace Toolgate::JsonText {

namespace {

// QJsonParseError::offset counts UTF-8 bytes and lands just past the point where parsing failed, often
// after the white space that follows a bad token (so on the next line). People count characters, and look
// for the mistake at its last character: report that.
void locate(const QByteArray &utf8, qsizetype byteOffset, ParseResult &result)
{
    const QString before = QString::fromUtf8(utf8.left(qBound<qsizetype>(0, byteOffset, utf8.size())));
    qsizetype at = before.size() - 1;
    while (at > 0 && before.at(at).isSpace())
        --at;
    at = qMax<qsizetype>(0, at);
    const QStringView upTo = QStringView(before).left(at);
    const qsizetype lastNewline = upTo.lastIndexOf(QLatin1Char('\n'));
    result.line = int(upTo.count(QLatin1Char('\n'))) + 1;
    result.column = int(at - (lastNewline + 1)) + 1;
    result.position = int(at);
}

} // namespace

QString ParseResult::describe() const
{
    if (ok() || error.isEmpty())
        return {};
    if (line <= 0)
        return error;
    return QCoreApplication::translate("Toolgate::JsonText", "Line %1, column %2: %3").arg(line).arg(column).arg(error);
}

ParseResult parse(const QString &text, Accept accept)
{
    ParseResult result;
    const bool allowScalars = accept == Accept::AnyValue;
    if (text.trimmed().isEmpty()) {
        result.empty = true;
        if (accept == Accept::Object)
            result.error = QCoreApplication::translate("Toolgate::JsonText", "expected a JSON object ({} for none)");
        return result;
    }
    const QByteArray utf8 = text.toUtf8();
    // Wrapping in an array lets QJsonDocument parse scalars; offsets then shift by the one byte added.
    const QByteArray input = allowScalars ? QByteArray('[' + utf8 + '\n' + ']') : utf8;
    const qsizetype shift = allowScalars ? 1 : 0;

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(input, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        result.error = parseError.errorString();
        locate(utf8, parseError.offset - shift, result);
        return result;
    }
    if (allowScalars) {
        const QJsonArray wrapper = document.array();
        if (wrapper.size() != 1) {
            // Only "a, b" gets here: the wrapping array took the comma. Where the first value ends is not
            // worth a second parser, so this error carries no position.
            result.error = QCoreApplication::translate("Toolgate::JsonText", "expected a single value, found several");
            return result;
        }
        result.value = wrapper.first();
    } else if (document.isObject()) {
        result.value = document.object();
    } else {
        result.error = QCoreApplication::translate("Toolgate::JsonText", "expected a JSON object {…}, not a list");
    }
    if (result.value && (result.value->isObject() || result.value->isArray()))
        result.order = JsonKeyOrder::fromJson(utf8);
    return result;
}

QString pretty(const QJsonValue &value, const JsonKeyOrder &order)
{
    if (!value.isObject() && !value.isArray())
        return compact(value);
    return QString::fromUtf8(JsonWriter::toIndentedJson(value, order));
}

QString compact(const QJsonValue &value)
{
    if (value.isUndefined())
        return {};
    // Serialising through a one-element array handles every scalar with QJsonDocument's own escaping.
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
}

} // namespace Toolgate::JsonText
