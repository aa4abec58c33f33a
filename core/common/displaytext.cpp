#include "core/common/displaytext.h"

#include <QLocale>
#include <QCoreApplication>

#include <QChar>

#include <algorithm>

namespace Toolgate {

namespace {

constexpr char32_t zeroWidthJoiner = 0x200d;
constexpr char32_t textPresentation = 0xfe0e;
constexpr char32_t emojiPresentation = 0xfe0f;

bool isVariationSelector(char32_t c)
{
    return (c >= 0xfe00 && c <= 0xfe0f) || (c >= 0xe0100 && c <= 0xe01ef);
}

bool isPictograph(char32_t c)
{
    return QChar::category(c) == QChar::Symbol_Other;
}

// Code points decoded from UTF-16, with lone surrogates kept as themselves (they are hidden).
struct CodePoints
{
    QStringView text;
    qsizetype pos = 0;

    bool atEnd() const { return pos >= text.size(); }
    char32_t peek(qsizetype *length = nullptr) const
    {
        const char16_t high = text.at(pos).unicode();
        if (QChar::isHighSurrogate(high) && pos + 1 < text.size() && QChar::isLowSurrogate(text.at(pos + 1).unicode())) {
            if (length)
                *length = 2;
            return QChar::surrogateToUcs4(high, text.at(pos + 1).unicode());
        }
        if (length)
            *length = 1;
        return high;
    }
    char32_t next()
    {
        qsizetype length = 1;
        const char32_t c = peek(&length);
        pos += length;
        return c;
    }
};

void appendEscape(QString &out, char32_t c)
{
    switch (c) {
    case u'\n': out += QLatin1StringView("\\n"); return;
    case u'\r': out += QLatin1StringView("\\r"); return;
    case u'\t': out += QLatin1StringView("\\t"); return;
    default: break;
    }
    if (c < 0x100)
        out += QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0'));
    else if (c < 0x10000)
        out += QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0'));
    else
        out += QStringLiteral("\\U%1").arg(uint(c), 8, 16, QLatin1Char('0'));
}

void appendCodePoint(QString &out, char32_t c)
{
    if (QChar::requiresSurrogates(c)) {
        out += QChar(QChar::highSurrogate(c));
        out += QChar(QChar::lowSurrogate(c));
    } else {
        out += QChar(char16_t(c));
    }
}

enum class Mode { Lines, Line, Identifier };

/// Printable ASCII, and in Lines mode line ends and tabs: shown as they are, whatever comes around them.
bool isPlain(char16_t c, Mode mode)
{
    if (c > 0x20 && c < 0x7f)
        return true;
    switch (mode) {
    case Mode::Lines: return c == u' ' || c == u'\n' || c == u'\t';
    case Mode::Line: return c == u' ';
    case Mode::Identifier: return false;
    }
    return false;
}

// With escapes and !write, only finds the escapes (their source), without writing the text.
QString render(QStringView text, Mode mode, QList<DisplayText::Escape> *escapes = nullptr, bool write = true)
{
    QString out;
    if (write)
        out.reserve(text.size());
    CodePoints points{text};
    char32_t previous = 0;
    while (!points.atEnd()) {
        // Most text is plain: copied a run at a time, not a character at a time (a 10 MB description
        // took seconds). A plain character changes nothing below but which character came before.
        qsizetype runEnd = points.pos;
        while (runEnd < text.size() && isPlain(text.at(runEnd).unicode(), mode))
            ++runEnd;
        if (runEnd > points.pos) {
            if (write)
                out.append(text.sliced(points.pos, runEnd - points.pos));
            previous = text.at(runEnd - 1).unicode();
            points.pos = runEnd;
            continue;
        }
        const qsizetype source = points.pos;
        const char32_t c = points.next();
        bool keep = !DisplayText::isHidden(c);
        if (mode == Mode::Lines && (c == u'\n' || c == u'\t'))
            keep = true;
        if (mode == Mode::Lines && c == u'\r' && !points.atEnd() && points.peek() == u'\n') {
            previous = c;
            continue; // "\r\n" is a line end like "\n"
        }
        // An emoji's presentation selector right after a character, and a joiner between
        // pictographs (👩‍💻), are what they look like; anywhere else they could hide data.
        if ((c == textPresentation || c == emojiPresentation) && previous != 0 && !isVariationSelector(previous)
            && !DisplayText::isHidden(previous))
            keep = true;
        if (c == zeroWidthJoiner && (isPictograph(previous) || previous == emojiPresentation) && !points.atEnd()
            && isPictograph(points.peek()))
            keep = true;
        if (mode == Mode::Identifier && (c < 0x21 || c > 0x7e))
            keep = false;
        if (!write) {
            if (!keep)
                escapes->append({source, points.pos - source, -1, 0, c});
        } else if (keep) {
            appendCodePoint(out, c);
        } else {
            const qsizetype position = out.size();
            appendEscape(out, c);
            if (escapes)
                escapes->append({source, points.pos - source, position, out.size() - position, c});
        }
        previous = c;
    }
    return out;
}

} // namespace

bool DisplayText::isHidden(char32_t c)
{
    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
        return true; // C0, DEL, C1: what terminals interpret (ESC, CSI, OSC, BEL, CR, backspace, ...)
    if (c < 0xa0)
        return false;
    if (c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return true; // lone surrogates (and nothing valid)
    if ((c & 0xfffe) == 0xfffe || (c >= 0xfdd0 && c <= 0xfdef))
        return true; // noncharacters
    if (isVariationSelector(c))
        return true;
    switch (c) {
    case 0x034f: // combining grapheme joiner
    case 0x115f: case 0x1160: case 0x3164: case 0xffa0: // Hangul fillers: letters that draw nothing
    case 0x17b4: case 0x17b5: // Khmer inherent vowels, invisible
    case 0x180b: case 0x180c: case 0x180d: case 0x180f: // Mongolian variation selectors
    case 0x2028: case 0x2029: // line and paragraph separators
    case 0x2800: // braille blank
        return true;
    default:
        break;
    }
    // Format characters: soft hyphen, zero-width space/joiners, LRM/RLM/ALM, bidi embeddings,
    // overrides and isolates, word joiner, invisible operators, BOM, interlinear annotation, tags.
    return QChar::category(c) == QChar::Other_Format;
}

QString DisplayText::visible(QStringView text)
{
    return render(text, Mode::Lines);
}

QString DisplayText::visibleLine(QStringView text)
{
    return render(text, Mode::Line);
}

QString DisplayText::forLabel(QStringView text, qsizetype maxRun, qsizetype maxLength)
{
    maxRun = qMax<qsizetype>(maxRun, 8);
    QString out;
    out.reserve(qMin(text.size(), maxLength + maxRun + 64));
    // Never between the two halves of a surrogate pair.
    const auto backToBoundary = [&](qsizetype at) { return at > 0 && at < text.size() && text.at(at).isLowSurrogate() ? at - 1 : at; };
    qsizetype i = 0;
    while (i < text.size() && out.size() < maxLength) {
        if (text.at(i).isSpace()) {
            out.append(text.at(i++));
            continue;
        }
        qsizetype end = i;
        while (end < text.size() && !text.at(end).isSpace())
            ++end;
        if (end - i <= maxRun) {
            out.append(text.mid(i, end - i));
        } else {
            const qsizetype headEnd = backToBoundary(i + maxRun * 2 / 3);
            const qsizetype tailStart = backToBoundary(end - (maxRun - maxRun * 2 / 3 - 1));
            out.append(text.mid(i, headEnd - i));
            out.append(QChar(0x2026));
            out.append(text.mid(tailStart, end - tailStart));
        }
        i = end;
    }
    if (i < text.size()) {
        const int omitted = text.size() - i > INT_MAX ? INT_MAX : int(text.size() - i);
        out.append(QCoreApplication::translate("Toolgate::DisplayText", " … (%n more characters)", nullptr, omitted));
    }
    return out;
}

QString DisplayText::visibleIdentifier(QStringView text)
{
    return render(text, Mode::Identifier);
}

QList<DisplayText::Escape> DisplayText::hiddenCharacters(QStringView text)
{
    QList<Escape> escapes;
    render(text, Mode::Lines, &escapes, false);
    return escapes;
}

QString DisplayText::visible(QStringView text, QList<Escape> *escapes)
{
    return render(text, Mode::Lines, escapes);
}

QString DisplayText::visibleLine(QStringView text, QList<Escape> *escapes)
{
    return render(text, Mode::Line, escapes);
}

QString DisplayText::visibleIdentifier(QStringView text, QList<Escape> *escapes)
{
    return render(text, Mode::Identifier, escapes);
}

QByteArray DisplayText::safeJson(const QByteArray &json)
{
    // Pure ASCII without controls (most documents) needs no work.
    const bool plain = std::all_of(json.cbegin(), json.cend(), [](char c) { return (c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t' || c == '\r'; });
    if (plain)
        return json;
    const QString text = QString::fromUtf8(json);
    QString safe;
    safe.reserve(text.size());
    const auto escape = [&safe](char16_t unit) { safe += QStringLiteral("\\u%1").arg(uint(unit), 4, 16, QLatin1Char('0')); };
    CodePoints points{text};
    while (!points.atEnd()) {
        const qsizetype start = points.pos;
        const char32_t c = points.next();
        const QStringView units = QStringView(text).mid(start, points.pos - start);
        // Outside strings only JSON's own whitespace occurs; inside them the writer escaped \n and \t.
        if (c != u'\n' && c != u'\t' && c != u'\r' && DisplayText::isHidden(c)) {
            for (const QChar unit : units)
                escape(unit.unicode());
        } else {
            safe += units;
        }
    }
    return safe.toUtf8();
}

bool DisplayText::hasHidden(QStringView text)
{
    QString withoutCrLf = text.toString();
    withoutCrLf.replace(QLatin1StringView("\r\n"), QLatin1StringView("\n"));
    return visible(withoutCrLf) != withoutCrLf;
}

bool DisplayText::isPrintableAscii(QStringView text)
{
    for (const QChar c : text) {
        if (c.unicode() < 0x21 || c.unicode() > 0x7e)
            return false;
    }
    return true;
}

QString DisplayText::dataSize(qint64 bytes)
{
    // QLocale(), not QLocale::system(): Translations::install() makes the default follow the language.
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

QString DisplayText::dateTime(const QDateTime &moment)
{
    if (!moment.isValid())
        return QString();
    const QLocale locale;
    // The short date of the locale, and the time to the second in 24 hours: an "AM" or a time without
    // seconds says less than the ISO form this replaces.
    return locale.toString(moment.toLocalTime(), locale.dateFormat(QLocale::ShortFormat) + QStringLiteral(" HH:mm:ss"));
}

QString DisplayText::duration(qint64 milliseconds)
{
    if (milliseconds < 0)
        return QStringLiteral("?");
    if (milliseconds < 1000)
        return QCoreApplication::translate("Toolgate::DisplayText", "%1 ms").arg(milliseconds);
    if (milliseconds < 59950) // below what one decimal rounds up to a full minute
        return QCoreApplication::translate("Toolgate::DisplayText", "%1 s").arg(QLocale().toString(double(milliseconds) / 1000, 'f', 1));
    const qint64 seconds = (milliseconds + 500) / 1000;
    if (seconds < 3600) {
        const qint64 s = seconds % 60;
        return s == 0 ? QCoreApplication::translate("Toolgate::DisplayText", "%1 min").arg(seconds / 60)
                      : QCoreApplication::translate("Toolgate::DisplayText", "%1 min %2 s").arg(seconds / 60).arg(s);
    }
    const qint64 minutes = (seconds % 3600) / 60;
    return minutes == 0 ? QCoreApplication::translate("Toolgate::DisplayText", "%1 h").arg(seconds / 3600)
                        : QCoreApplication::translate("Toolgate::DisplayText", "%1 h %2 min").arg(seconds / 3600).arg(minutes);
}

} // namespace Toolgate
