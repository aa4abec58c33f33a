#include "core/jsonrpc/jsonwriter.h"

#include <QCborValue>
#include <QLocale>

#include <cmath>

namespace Toolgate::JsonWriter {

namespace {

char hexDigit(uint nibble)
{
    return char(nibble < 10 ? '0' + nibble : 'a' + nibble - 10);
}

void appendUnicodeEscape(QByteArray &out, char16_t unit)
{
    const char escape[6] = {'\\', 'u', hexDigit((unit >> 12) & 0xf), hexDigit((unit >> 8) & 0xf),
                            hexDigit((unit >> 4) & 0xf), hexDigit(unit & 0xf)};
    out.append(escape, 6);
}

// True when every unit is printable ASCII that needs no escape: the common case (keys, method
// names, most text), copied without looking at characters one by one again.
bool isPlainAscii(QStringView text)
{
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || u >= 0x80 || u == u'"' || u == u'\\')
            return false;
    }
    return true;
}

} // namespace

void appendString(QByteArray &out, QStringView text)
{
    out.append('"');
    if (isPlainAscii(text)) {
        const qsizetype start = out.size();
        out.resize(start + text.size());
        char *cursor = out.data() + start;
        for (const QChar c : text)
            *cursor++ = char(c.unicode());
        out.append('"');
        return;
    }
    const char16_t *src = text.utf16();
    const char16_t *const end = src + text.size();
    while (src != end) {
        const char16_t u = *src++;
        if (u < 0x80) {
            if (u >= 0x20 && u != u'"' && u != u'\\') {
                out.append(char(u));
                continue;
            }
            char escaped = 0;
            switch (u) {
            case u'"': escaped = '"'; break;
            case u'\\': escaped = '\\'; break;
            case u'\b': escaped = 'b'; break;
            case u'\f': escaped = 'f'; break;
            case u'\n': escaped = 'n'; break;
            case u'\r': escaped = 'r'; break;
            case u'\t': escaped = 't'; break;
            default: break;
            }
            if (escaped) {
                const char pair[2] = {'\\', escaped};
                out.append(pair, 2);
            } else {
                appendUnicodeEscape(out, u);
            }
        } else if (u < 0x800) {
            const char bytes[2] = {char(0xc0 | (u >> 6)), char(0x80 | (u & 0x3f))};
            out.append(bytes, 2);
        } else if (QChar::isHighSurrogate(u) && src != end && QChar::isLowSurrogate(*src)) {
            const char32_t code = QChar::surrogateToUcs4(u, *src++);
            const char bytes[4] = {char(0xf0 | (code >> 18)), char(0x80 | ((code >> 12) & 0x3f)),
                                   char(0x80 | ((code >> 6) & 0x3f)), char(0x80 | (code & 0x3f))};
            out.append(bytes, 4);
        } else if (QChar::isSurrogate(u)) {
            // A lone surrogate has no UTF-8 form; Qt writes it as an escape, and so do we.
            appendUnicodeEscape(out, u);
        } else {
            const char bytes[3] = {char(0xe0 | (u >> 12)), char(0x80 | ((u >> 6) & 0x3f)), char(0x80 | (u & 0x3f))};
            out.append(bytes, 3);
        }
    }
    out.append('"');
}

void appendObject(QByteArray &out, const QJsonObject &object)
{
    out.append('{');
    bool first = true;
    for (auto it = object.constBegin(), end = object.constEnd(); it != end; ++it) {
        if (!first)
            out.append(',');
        first = false;
        appendString(out, it.key());
        out.append(':');
        appendValue(out, it.value());
    }
    out.append('}');
}

void appendArray(QByteArray &out, const QJsonArray &array)
{
    out.append('[');
    bool first = true;
    for (const QJsonValue &value : array) {
        if (!first)
            out.append(',');
        first = false;
        appendValue(out, value);
    }
    out.append(']');
}

void appendValue(QByteArray &out, const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined: // not representable; Qt writes null too
        out.append("null", 4);
        break;
    case QJsonValue::Bool:
        if (value.toBool())
            out.append("true", 4);
        else
            out.append("false", 5);
        break;
    case QJsonValue::Double: {
        // QJsonValue keeps integers (including integral doubles) as 64-bit integers; Qt writes
        // them in full and everything else in the shortest form that reads back the same.
        const QCborValue number = QCborValue::fromJsonValue(value);
        if (number.isInteger()) {
            out.append(QByteArray::number(number.toInteger()));
        } else {
            const double d = number.toDouble();
            if (std::isfinite(d))
                out.append(QByteArray::number(d, 'g', QLocale::FloatingPointShortest));
            else
                out.append("null", 4); // RFC 8259 has no infinity or NaN
        }
        break;
    }
    case QJsonValue::String:
        appendString(out, value.toString());
        break;
    case QJsonValue::Array:
        appendArray(out, value.toArray());
        break;
    case QJsonValue::Object:
        appendObject(out, value.toObject());
        break;
    }
}

void appendObject(QByteArray &out, const QJsonObject &object, const JsonKeyOrder &order)
{
    if (order.isEmpty()) {
        appendObject(out, object);
        return;
    }
    out.append('{');
    bool first = true;
    for (const QString &key : order.orderedKeys(object)) {
        if (!first)
            out.append(',');
        first = false;
        appendString(out, key);
        out.append(':');
        appendValue(out, object.value(key), order.member(key));
    }
    out.append('}');
}

void appendValue(QByteArray &out, const QJsonValue &value, const JsonKeyOrder &order)
{
    if (order.isEmpty()) {
        appendValue(out, value);
    } else if (value.isObject()) {
        appendObject(out, value.toObject(), order);
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        out.append('[');
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (i > 0)
                out.append(',');
            appendValue(out, array.at(i), order.element(i));
        }
        out.append(']');
    } else {
        appendValue(out, value);
    }
}

namespace {

void appendIndent(QByteArray &out, int level)
{
    out.append(QByteArray(4 * level, ' '));
}

// Qt's indented layout: every member and element on a line of its own, "key": value.
void appendIndented(QByteArray &out, const QJsonValue &value, const JsonKeyOrder &order, int level)
{
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (object.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append("{\n");
        const QStringList keys = order.orderedKeys(object);
        for (qsizetype i = 0; i < keys.size(); ++i) {
            appendIndent(out, level + 1);
            appendString(out, keys.at(i));
            out.append(": ");
            appendIndented(out, object.value(keys.at(i)), order.member(keys.at(i)), level + 1);
            out.append(i + 1 < keys.size() ? ",\n" : "\n");
        }
        appendIndent(out, level);
        out.append('}');
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        if (array.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append("[\n");
        for (qsizetype i = 0; i < array.size(); ++i) {
            appendIndent(out, level + 1);
            appendIndented(out, array.at(i), order.element(i), level + 1);
            out.append(i + 1 < array.size() ? ",\n" : "\n");
        }
        appendIndent(out, level);
        out.append(']');
    } else {
        appendValue(out, value);
    }
}

} // namespace

QByteArray toIndentedJson(const QJsonValue &value, const JsonKeyOrder &order)
{
    QByteArray out;
    appendIndented(out, value, order, 0);
    return out;
}

} // namespace Toolgate::JsonWriter
