#include "core/common/suspicioustext.h"

#include "core/common/displaytext.h"

#include <QChar>
#include <QCoreApplication>

#include <algorithm>
#include <array>

namespace Toolgate {

namespace {

using Type = SuspiciousText::Type;
using Finding = SuspiciousText::Finding;

constexpr int TypeCount = int(Type::TrailingWhitespace) + 1;
// Hidden characters are made visible in parts this long, so the list of escapes stays small for text
// that is nothing but hidden characters.
constexpr qsizetype ChunkLength = 32 * 1024;
constexpr qsizetype ExcerptContext = 24;
constexpr int NamedCharacters = 4;

struct CodePoint
{
    char32_t value;
    qsizetype length;
};

CodePoint codePointAt(QStringView text, qsizetype pos)
{
    const char16_t unit = text.at(pos).unicode();
    if (QChar::isHighSurrogate(unit) && pos + 1 < text.size() && QChar::isLowSurrogate(text.at(pos + 1).unicode()))
        return {QChar::surrogateToUcs4(unit, text.at(pos + 1).unicode()), 2};
    return {unit, 1};
}

QString quoted(const QString &text)
{
    return QChar(0x201c) + text + QChar(0x201d);
}

// At most ExcerptLength characters of text, one line, hidden characters as escapes; runs of whitespace
// made one space unless the whitespace itself is what is hidden.
QString excerpt(QStringView text, bool simplify = true)
{
    const QString part = text.left(SuspiciousText::ExcerptLength * 2).toString();
    QString shown = DisplayText::visibleLine(simplify ? part.simplified() : part);
    if (shown.size() > SuspiciousText::ExcerptLength || text.size() > SuspiciousText::ExcerptLength * 2) {
        shown.truncate(SuspiciousText::ExcerptLength - 1);
        shown += QChar(0x2026);
    }
    return shown;
}

bool isBidiControl(char32_t c)
{
    return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x200e || c == 0x200f || c == 0x061c;
}

bool isTag(char32_t c)
{
    return c >= 0xe0000 && c <= 0xe007f;
}

bool isTerminalControl(char32_t c)
{
    return c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0);
}

Type hiddenType(char32_t c)
{
    if (isTerminalControl(c))
        return Type::TerminalControl;
    if (isBidiControl(c))
        return Type::BidiControl;
    if (isTag(c))
        return Type::TagCharacters;
    return Type::Invisible;
}

// Where the text may be cut into parts that DisplayText renders exactly as it renders the whole: before
// a character whose rendering does not depend on the one before it (not a joiner, not a presentation
// selector), that a joiner before it does not look at (not a pictograph), and that does not end a "\r\n".
qsizetype cutAfter(QStringView text, qsizetype from)
{
    qsizetype pos = std::min(from, text.size());
    while (pos < text.size()) {
        const CodePoint c = codePointAt(text, pos);
        if (!QChar::isLowSurrogate(text.at(pos).unicode()) && c.value != 0x200d && c.value != 0xfe0e && c.value != 0xfe0f
            && c.value != u'\n' && QChar::category(c.value) != QChar::Symbol_Other)
            return pos;
        pos += c.length;
    }
    return pos;
}

// ---- look-alikes ------------------------------------------------------------------------------------

// Letters of other scripts that look like Latin ones, with the Latin letter they imitate (and Latin
// letters that look like Cyrillic or Greek ones, read the other way round).
struct Confusable
{
    char16_t letter;
    char latin;
};
constexpr Confusable confusables[] = {
    // Cyrillic
    {0x0430, 'a'}, {0x0435, 'e'}, {0x043e, 'o'}, {0x0440, 'p'}, {0x0441, 'c'}, {0x0443, 'y'}, {0x0445, 'x'},
    {0x0455, 's'}, {0x0456, 'i'}, {0x0458, 'j'}, {0x0501, 'd'}, {0x051b, 'q'}, {0x051d, 'w'}, {0x04bb, 'h'},
    {0x04cf, 'l'}, {0x0410, 'A'}, {0x0412, 'B'}, {0x0415, 'E'}, {0x041a, 'K'}, {0x041c, 'M'}, {0x041d, 'H'},
    {0x041e, 'O'}, {0x0420, 'P'}, {0x0421, 'C'}, {0x0422, 'T'}, {0x0425, 'X'}, {0x0405, 'S'}, {0x0406, 'I'},
    {0x0408, 'J'}, {0x04ae, 'Y'}, {0x051a, 'Q'}, {0x051c, 'W'},
    // Greek
    {0x03b1, 'a'}, {0x03bf, 'o'}, {0x03c1, 'p'}, {0x03bd, 'v'}, {0x03b9, 'i'}, {0x03ba, 'k'}, {0x03c5, 'u'},
    {0x03c7, 'x'}, {0x03b3, 'y'}, {0x0391, 'A'}, {0x0392, 'B'}, {0x0395, 'E'}, {0x0396, 'Z'}, {0x0397, 'H'},
    {0x0399, 'I'}, {0x039a, 'K'}, {0x039c, 'M'}, {0x039d, 'N'}, {0x039f, 'O'}, {0x03a1, 'P'}, {0x03a4, 'T'},
    {0x03a5, 'Y'}, {0x03a7, 'X'},
    // Armenian
    {0x0585, 'o'}, {0x057d, 'u'}, {0x0570, 'h'}, {0x0578, 'n'}, {0x0581, 'g'},
    // Cherokee
    {0x13aa, 'A'}, {0x13ac, 'E'}, {0x13bb, 'H'}, {0x13ab, 'J'}, {0x13e6, 'K'}, {0x13b7, 'M'}, {0x13e2, 'P'},
    {0x13da, 'S'}, {0x13b3, 'W'}, {0x13a2, 'T'},
};

bool isConfusable(char32_t c)
{
    return std::any_of(std::begin(confusables), std::end(confusables), [c](const Confusable &x) {
        return x.letter == c;
    });
}

// A Latin letter that has a look-alike in another script.
bool isImitableLatin(char32_t c)
{
    return c < 0x80 && std::any_of(std::begin(confusables), std::end(confusables), [c](const Confusable &x) {
        return char32_t(x.latin) == c;
    });
}

// The scripts whose letters pass for Latin ones.
bool isLookalikeScript(QChar::Script script)
{
    switch (script) {
    case QChar::Script_Cyrillic:
    case QChar::Script_Greek:
    case QChar::Script_Armenian:
    case QChar::Script_Cherokee:
    case QChar::Script_Coptic:
    case QChar::Script_Georgian:
    case QChar::Script_Lisu:
    case QChar::Script_CanadianAboriginal:
        return true;
    default:
        return false;
    }
}

QString scriptName(QChar::Script script)
{
    switch (script) {
    case QChar::Script_Latin: return QCoreApplication::translate("Toolgate::SuspiciousText", "Latin");
    case QChar::Script_Cyrillic: return QCoreApplication::translate("Toolgate::SuspiciousText", "Cyrillic");
    case QChar::Script_Greek: return QCoreApplication::translate("Toolgate::SuspiciousText", "Greek");
    case QChar::Script_Armenian: return QCoreApplication::translate("Toolgate::SuspiciousText", "Armenian");
    case QChar::Script_Cherokee: return QCoreApplication::translate("Toolgate::SuspiciousText", "Cherokee");
    default: return QCoreApplication::translate("Toolgate::SuspiciousText", "another script");
    }
}

// A compatibility form of a letter or digit that looks like the plain one (fullwidth, mathematical,
// circled, superscript ...): the plain one, else empty.
QString compatibilityBase(char32_t c)
{
    switch (QChar::decompositionTag(c)) {
    case QChar::Wide:
    case QChar::Narrow:
    case QChar::Font:
    case QChar::Circle:
    case QChar::Super:
    case QChar::Sub:
    case QChar::Small:
    case QChar::Compat:
        break;
    default:
        return {};
    }
    const QString base = QChar::decomposition(c);
    if (base.size() == 1 && base.at(0).unicode() < 0x80 && base.at(0).isLetterOrNumber())
        return base;
    return {};
}

QString codePointText(char32_t c)
{
    return QStringLiteral("U+") + QString::number(uint(c), 16).toUpper().rightJustified(4, u'0');
}

QString letter(char32_t c)
{
    return QString::fromUcs4(&c, 1);
}

bool isWordCharacter(char32_t c)
{
    return QChar::isLetterOrNumber(c) || QChar::isMark(c);
}

struct Collector
{
    std::array<Finding, TypeCount> findings{};
    std::array<bool, TypeCount> found{};
    std::array<QStringList, TypeCount> details{};
    std::array<QList<char32_t>, TypeCount> seen{};
    std::array<int, TypeCount> tries{};

    // Adds one occurrence; excerpt is computed only for the first few.
    template<typename MakeExcerpt>
    void add(Type type, qsizetype position, qsizetype length, MakeExcerpt &&makeExcerpt, int count = 1)
    {
        const int i = int(type);
        Finding &f = findings[i];
        if (!found[i]) {
            found[i] = true;
            f.type = type;
            f.position = position;
            f.length = length;
            f.count = 0;
        }
        f.count += count;
        // Quoted: the first few different ones, from a bounded number of tries (the same text repeated
        // a million times is quoted once, and worked out a few times, not a million).
        if (f.excerpts.size() < SuspiciousText::ExcerptsPerFinding && tries[i] < 4 * SuspiciousText::ExcerptsPerFinding) {
            const QString shown = makeExcerpt();
            if (!shown.isEmpty()) {
                ++tries[i];
                if (!f.excerpts.contains(shown))
                    f.excerpts.append(shown);
            }
        }
    }
    // A character's name is worked out once per character, for the first few: text can hold millions.
    void addCharacter(Type type, char32_t c)
    {
        QList<char32_t> &list = seen[int(type)];
        if (list.size() > NamedCharacters || list.contains(c))
            return;
        list.append(c);
        addDetail(type, SuspiciousText::characterName(c));
    }
    void addDetail(Type type, const QString &detail)
    {
        QStringList &list = details[int(type)];
        if (list.size() <= NamedCharacters && !list.contains(detail))
            list.append(detail);
    }

    QList<Finding> take()
    {
        QList<Finding> out;
        for (int i = 0; i < TypeCount; ++i) {
            if (!found[i])
                continue;
            QStringList &list = details[i];
            if (list.size() > NamedCharacters) {
                list.resize(NamedCharacters);
                list.append(QStringLiteral("…"));
            }
            if (!list.isEmpty())
                findings[i].detail = list.join(QStringLiteral(", "));
            out.append(findings[i]);
        }
        return out;
    }
};

void findHiddenCharacters(QStringView text, Collector &collector)
{
    qsizetype lastExcerptEnd[TypeCount] = {};
    std::fill(std::begin(lastExcerptEnd), std::end(lastExcerptEnd), -1);
    qsizetype start = 0;
    while (start < text.size()) {
        const qsizetype end = cutAfter(text, start + ChunkLength);
        const QList<DisplayText::Escape> escapes = DisplayText::hiddenCharacters(text.mid(start, end - start));
        for (qsizetype i = 0; i < escapes.size(); ++i) {
            const DisplayText::Escape &e = escapes.at(i);
            const qsizetype source = start + e.source;
            const Type type = hiddenType(e.codePoint);
            if (type == Type::TagCharacters) {
                // A run of tags spells ASCII text: show that text.
                QString spelled;
                qsizetype j = i;
                qsizetype runEnd = source;
                while (j < escapes.size() && isTag(escapes.at(j).codePoint) && start + escapes.at(j).source == runEnd) {
                    const char32_t c = escapes.at(j).codePoint;
                    if (c >= 0xe0020 && c <= 0xe007e)
                        spelled += QChar(char16_t(c - 0xe0000));
                    runEnd = start + escapes.at(j).source + escapes.at(j).sourceLength;
                    ++j;
                }
                const int run = int(j - i);
                collector.add(type, source, runEnd - source, [&] { return excerpt(spelled); }, run);
                collector.addCharacter(type, e.codePoint);
                i = j - 1;
                continue;
            }
            const int t = int(type);
            collector.add(type, source, e.sourceLength, [&]() -> QString {
                if (source < lastExcerptEnd[t])
                    return {};
                const qsizetype from = std::max<qsizetype>(0, source - ExcerptContext);
                const qsizetype to = std::min(text.size(), source + e.sourceLength + ExcerptContext);
                lastExcerptEnd[t] = to;
                return excerpt(text.mid(from, to - from), false);
            });
            collector.addCharacter(type, e.codePoint);
        }
        start = end;
    }
}

void findLookalikes(QStringView text, SuspiciousText::Kind kind, Collector &collector)
{
    qsizetype pos = 0;
    while (pos < text.size()) {
        CodePoint c = codePointAt(text, pos);
        if (!isWordCharacter(c.value)) {
            pos += c.length;
            continue;
        }
        const qsizetype wordStart = pos;
        int latin = 0;
        int imitableLatin = 0;
        int other = 0;           // letters of scripts that pass for Latin
        int otherConfusable = 0; // of them, ones that look like a Latin letter
        QChar::Script otherScript = QChar::Script_Unknown;
        bool mixedOthers = false;
        QList<char32_t> compat;
        for (; pos < text.size(); pos += c.length) {
            c = codePointAt(text, pos);
            if (!isWordCharacter(c.value))
                break;
            if (!QChar::isLetterOrNumber(c.value))
                continue;
            if (!compatibilityBase(c.value).isEmpty()) {
                compat.append(c.value);
                continue;
            }
            if (!QChar::isLetter(c.value))
                continue;
            const QChar::Script script = QChar::script(c.value);
            if (script == QChar::Script_Latin) {
                ++latin;
                imitableLatin += isImitableLatin(c.value) ? 1 : 0;
            } else if (isLookalikeScript(script)) {
                ++other;
                otherConfusable += isConfusable(c.value) ? 1 : 0;
                if (otherScript != QChar::Script_Unknown && otherScript != script)
                    mixedOthers = true;
                otherScript = script;
            }
        }
        const QStringView word = text.mid(wordStart, pos - wordStart);
        const auto report = [&](const QList<char32_t> &intruders, const QString &why) {
            collector.add(Type::Lookalike, wordStart, word.size(), [&] { return excerpt(word); });
            for (const char32_t x : intruders)
                collector.addDetail(Type::Lookalike, quoted(letter(x)) + u' ' + codePointText(x) + QStringLiteral(" (") + why + u')');
        };
        // The letters of the smaller side are the intruders.
        const bool latinIntrudes = latin > 0 && other > 0 && latin < other;
        QList<char32_t> intruders;
        bool suspicious = false;
        if ((latin > 0 && other > 0) || mixedOthers) {
            // In a name any mix is; in prose only one made of letters that look alike (so "μs" is fine).
            for (qsizetype p = 0; p < word.size();) {
                const CodePoint w = codePointAt(word, p);
                p += w.length;
                if (!QChar::isLetter(w.value) || !compatibilityBase(w.value).isEmpty())
                    continue;
                const QChar::Script script = QChar::script(w.value);
                const bool intrudes = latinIntrudes ? script == QChar::Script_Latin : isLookalikeScript(script);
                if (intrudes && intruders.size() < NamedCharacters)
                    intruders.append(w.value);
            }
            if (kind == SuspiciousText::Kind::Name)
                suspicious = true;
            else
                suspicious = latinIntrudes ? imitableLatin == latin : otherConfusable == other;
        }
        if (suspicious) {
            const QString why = latinIntrudes ? scriptName(QChar::Script_Latin) : scriptName(otherScript);
            report(intruders, why);
        } else if (kind == SuspiciousText::Kind::Name && latin == 0 && other >= 1 && otherConfusable == other) {
            // A name written wholly in letters that look Latin ("ехес" in Cyrillic).
            QList<char32_t> all;
            for (qsizetype p = 0; p < word.size() && all.size() < NamedCharacters;) {
                const CodePoint w = codePointAt(word, p);
                p += w.length;
                if (QChar::isLetter(w.value))
                    all.append(w.value);
            }
            report(all, scriptName(otherScript));
        }
        if (!compat.isEmpty() && (kind == SuspiciousText::Kind::Name || latin > 0)) {
            collector.add(Type::Lookalike, wordStart, word.size(), [&] { return excerpt(word); });
            for (const char32_t x : compat)
                collector.addDetail(Type::Lookalike,
                                    quoted(letter(x)) + u' ' + codePointText(x)
                                        + QCoreApplication::translate("Toolgate::SuspiciousText", " (looks like “%1”)")
                                              .arg(compatibilityBase(x)));
        }
    }
}

const char *const instructionTags[] = {
    "important", "system", "system-prompt", "system_prompt", "systemprompt", "system-reminder", "system-message",
    "instructions", "instruction", "secret", "hidden", "admin", "critical", "assistant", "ai", "llm", "model",
    "prompt", "directive", "override", "sudo",
};

bool isInstructionTag(QStringView name)
{
    return std::any_of(std::begin(instructionTags), std::end(instructionTags), [name](const char *tag) {
        return name.compare(QLatin1StringView(tag), Qt::CaseInsensitive) == 0;
    });
}

void findMarkup(QStringView text, Collector &collector)
{
    // HTML comments: hidden wherever the text is rendered as HTML or Markdown, read by any model.
    for (qsizetype from = 0;;) {
        const qsizetype open = text.indexOf(QLatin1StringView("<!--"), from);
        if (open < 0)
            break;
        qsizetype close = text.indexOf(QLatin1StringView("-->"), open + 4);
        const qsizetype end = close < 0 ? text.size() : close + 3;
        collector.add(Type::HtmlComment, open, end - open, [&] {
            return excerpt(text.mid(open + 4, (close < 0 ? text.size() : close) - open - 4));
        });
        from = end;
    }

    // <IMPORTANT>, <SYSTEM>, <|im_start|>: blocks addressed to a model.
    int blocks = 0;
    for (qsizetype from = 0;;) {
        const qsizetype open = text.indexOf(u'<', from);
        if (open < 0 || open + 1 >= text.size())
            break;
        from = open + 1;
        if (text.at(open + 1) == u'|') {
            const qsizetype close = text.indexOf(QLatin1StringView("|>"), open + 2);
            if (close < 0 || close - open > 40)
                continue;
            collector.add(Type::InstructionBlock, open, close + 2 - open, [&] {
                return excerpt(text.mid(open, std::min<qsizetype>(text.size() - open, SuspiciousText::ExcerptLength * 2)));
            });
            collector.addDetail(Type::InstructionBlock, text.mid(open, close + 2 - open).toString());
            from = close + 2;
            continue;
        }
        qsizetype nameEnd = open + 1;
        while (nameEnd < text.size() && nameEnd - open <= 32
               && (text.at(nameEnd).isLetterOrNumber() || text.at(nameEnd) == u'-' || text.at(nameEnd) == u'_'))
            ++nameEnd;
        if (nameEnd == open + 1 || nameEnd >= text.size() || (text.at(nameEnd) != u'>' && !text.at(nameEnd).isSpace()))
            continue;
        const QStringView name = text.mid(open + 1, nameEnd - open - 1);
        if (!isInstructionTag(name))
            continue;
        const qsizetype tagEnd = text.indexOf(u'>', nameEnd);
        if (tagEnd < 0 || tagEnd - nameEnd > 200)
            continue;
        ++blocks;
        // The closing tag is looked for only for the blocks quoted, so many opening tags stay linear.
        qsizetype blockEnd = tagEnd + 1;
        if (blocks <= SuspiciousText::ExcerptsPerFinding) {
            const qsizetype close = text.indexOf(QString(QStringLiteral("</") + name.toString()), tagEnd + 1, Qt::CaseInsensitive);
            if (close >= 0)
                blockEnd = close;
        }
        collector.add(Type::InstructionBlock, open, blockEnd - open, [&] {
            const qsizetype contentEnd = blockEnd > tagEnd + 1 ? blockEnd : std::min(text.size(), tagEnd + 1 + SuspiciousText::ExcerptLength * 2);
            return excerpt(QString(u'<' + name.toString() + QStringLiteral("> ") + text.mid(tagEnd + 1, contentEnd - tagEnd - 1).toString()));
        });
        if (blocks <= NamedCharacters + 1)
            collector.addDetail(Type::InstructionBlock, u'<' + name.toString() + u'>');
        from = tagEnd + 1;
    }
}

bool isNewline(QChar c)
{
    return c == u'\n' || c == QChar(0x2028) || c == QChar(0x2029) || c == u'\v' || c == u'\f' || c == QChar(0x85);
}

void findBlankRuns(QStringView text, Collector &collector)
{
    qsizetype pos = 0;
    while (pos < text.size()) {
        if (!text.at(pos).isSpace()) {
            ++pos;
            continue;
        }
        const qsizetype start = pos;
        int newlines = 0;
        int run = 0;
        int longestRun = 0;
        for (; pos < text.size() && text.at(pos).isSpace(); ++pos) {
            const QChar c = text.at(pos);
            if (isNewline(c)) {
                ++newlines;
                run = 0;
            } else if (c != u'\r') {
                longestRun = std::max(longestRun, ++run);
            }
        }
        const int blankLines = std::max(0, newlines - 1);
        if (pos >= text.size()) {
            if (start > 0 && (longestRun >= SuspiciousText::LongBlankRun || blankLines >= SuspiciousText::ManyBlankLines)) {
                collector.add(Type::TrailingWhitespace, start, pos - start, [] { return QString(); });
                collector.addDetail(Type::TrailingWhitespace, QString::number(pos - start));
            }
            break;
        }
        const auto following = [&] { return excerpt(text.mid(pos, SuspiciousText::ExcerptLength * 2)); };
        // The detail is the first occurrence's size; the count says how many there are.
        if (blankLines >= SuspiciousText::ManyBlankLines) {
            if (!collector.found[int(Type::AfterBlankLines)])
                collector.addDetail(Type::AfterBlankLines, QString::number(blankLines));
            collector.add(Type::AfterBlankLines, start, pos - start, following);
        } else if (longestRun >= SuspiciousText::LongBlankRun) {
            if (!collector.found[int(Type::PushedOutOfView)])
                collector.addDetail(Type::PushedOutOfView, QString::number(longestRun));
            collector.add(Type::PushedOutOfView, start, pos - start, following);
        }
    }
}

struct Named
{
    char32_t codePoint;
    const char *name;
};

constexpr Named names[] = {
    {0x00, "NULL"}, {0x07, "BELL"}, {0x08, "BACKSPACE"}, {0x09, "CHARACTER TABULATION"}, {0x0a, "LINE FEED"},
    {0x0b, "LINE TABULATION"}, {0x0c, "FORM FEED"}, {0x0d, "CARRIAGE RETURN"}, {0x1b, "ESCAPE"}, {0x7f, "DELETE"},
    {0x85, "NEXT LINE"}, {0x90, "DEVICE CONTROL STRING"}, {0x9b, "CONTROL SEQUENCE INTRODUCER"},
    {0x9c, "STRING TERMINATOR"}, {0x9d, "OPERATING SYSTEM COMMAND"}, {0xad, "SOFT HYPHEN"},
    {0x034f, "COMBINING GRAPHEME JOINER"}, {0x061c, "ARABIC LETTER MARK"}, {0x115f, "HANGUL CHOSEONG FILLER"},
    {0x1160, "HANGUL JUNGSEONG FILLER"}, {0x180e, "MONGOLIAN VOWEL SEPARATOR"}, {0x200b, "ZERO WIDTH SPACE"},
    {0x200c, "ZERO WIDTH NON-JOINER"}, {0x200d, "ZERO WIDTH JOINER"}, {0x200e, "LEFT-TO-RIGHT MARK"},
    {0x200f, "RIGHT-TO-LEFT MARK"}, {0x2028, "LINE SEPARATOR"}, {0x2029, "PARAGRAPH SEPARATOR"},
    {0x202a, "LEFT-TO-RIGHT EMBEDDING"}, {0x202b, "RIGHT-TO-LEFT EMBEDDING"}, {0x202c, "POP DIRECTIONAL FORMATTING"},
    {0x202d, "LEFT-TO-RIGHT OVERRIDE"}, {0x202e, "RIGHT-TO-LEFT OVERRIDE"}, {0x2060, "WORD JOINER"},
    {0x2061, "FUNCTION APPLICATION"}, {0x2062, "INVISIBLE TIMES"}, {0x2063, "INVISIBLE SEPARATOR"},
    {0x2064, "INVISIBLE PLUS"}, {0x2066, "LEFT-TO-RIGHT ISOLATE"}, {0x2067, "RIGHT-TO-LEFT ISOLATE"},
    {0x2068, "FIRST STRONG ISOLATE"}, {0x2069, "POP DIRECTIONAL ISOLATE"}, {0x2800, "BRAILLE PATTERN BLANK"},
    {0x3164, "HANGUL FILLER"}, {0xfeff, "ZERO WIDTH NO-BREAK SPACE"}, {0xffa0, "HALFWIDTH HANGUL FILLER"},
    {0xe0001, "LANGUAGE TAG"}, {0xe0020, "TAG SPACE"}, {0xe007f, "CANCEL TAG"},
};

} // namespace

QString SuspiciousText::characterName(char32_t c)
{
    QString name = codePointText(c);
    for (const Named &n : names) {
        if (n.codePoint == c)
            return name + u' ' + QLatin1StringView(n.name);
    }
    if (c >= 0xe0041 && c <= 0xe005a)
        return name + QStringLiteral(" TAG LATIN CAPITAL LETTER ") + QChar(char16_t(c - 0xe0000));
    if (c >= 0xe0061 && c <= 0xe007a)
        return name + QStringLiteral(" TAG LATIN SMALL LETTER ") + QChar(char16_t(c - 0xe0000 - 0x20));
    if (c >= 0xe0021 && c <= 0xe007e)
        return name + QStringLiteral(" TAG ") + quoted(QChar(char16_t(c - 0xe0000)));
    if (c >= 0xfe00 && c <= 0xfe0f)
        return name + QStringLiteral(" VARIATION SELECTOR-%1").arg(uint(c - 0xfe00 + 1));
    if (c >= 0xe0100 && c <= 0xe01ef)
        return name + QStringLiteral(" VARIATION SELECTOR-%1").arg(uint(c - 0xe0100 + 17));
    return name;
}

QList<SuspiciousText::Finding> SuspiciousText::inspect(QStringView text, Kind kind)
{
    Collector collector;
    findHiddenCharacters(text, collector);
    findLookalikes(text, kind, collector);
    if (kind != Kind::Name) {
        findMarkup(text, collector);
        findBlankRuns(text, collector);
    }
    return collector.take();
}

QString SuspiciousText::Finding::words() const
{
    const QString shown = excerpts.isEmpty() ? QString() : QStringLiteral(": ") + quoted(excerpts.join(QStringLiteral("”, “")));
    const bool one = count == 1;
    switch (type) {
    case Type::TerminalControl:
        return (one ? QCoreApplication::translate("Toolgate::SuspiciousText", "contains a control character that a terminal would act on (%1)")
                    : QCoreApplication::translate("Toolgate::SuspiciousText",
                                                  "contains %n control characters that a terminal would act on (%1)", nullptr, count))
                   .arg(detail)
            + shown;
    case Type::BidiControl:
        return (one ? QCoreApplication::translate("Toolgate::SuspiciousText",
                                                  "contains a bidirectional control character, which makes text read "
                                                  "differently from what it is (%1)")
                    : QCoreApplication::translate("Toolgate::SuspiciousText",
                                                  "contains %n bidirectional control characters, which make text read "
                                                  "differently from what it is (%1)",
                                                  nullptr, count))
                   .arg(detail)
            + shown;
    case Type::Invisible:
        return (one ? QCoreApplication::translate("Toolgate::SuspiciousText", "contains an invisible character (%1)")
                    : QCoreApplication::translate("Toolgate::SuspiciousText", "contains %n invisible characters (%1)", nullptr, count))
                   .arg(detail)
            + shown;
    case Type::TagCharacters:
        return QCoreApplication::translate("Toolgate::SuspiciousText",
                                           "contains %n invisible tag characters, which can spell out text nobody sees",
                                           nullptr, count)
            + (excerpts.isEmpty() ? QString()
                                  : QCoreApplication::translate("Toolgate::SuspiciousText", "; they spell %1")
                                        .arg(quoted(excerpts.join(QStringLiteral("”, “")))));
    case Type::Lookalike:
        return QCoreApplication::translate("Toolgate::SuspiciousText",
                                           "mixes in letters that look like others (%1), so it may imitate another name")
                   .arg(detail)
            + shown;
    case Type::HtmlComment:
        return (one ? QCoreApplication::translate("Toolgate::SuspiciousText",
                                                  "contains an HTML comment, hidden wherever the text is shown as a web page "
                                                  "but read by an AI model")
                    : QCoreApplication::translate("Toolgate::SuspiciousText",
                                                  "contains %n HTML comments, hidden wherever the text is shown as a web page "
                                                  "but read by an AI model",
                                                  nullptr, count))
            + shown;
    case Type::InstructionBlock:
        return QCoreApplication::translate("Toolgate::SuspiciousText",
                                           "contains instructions addressed to an AI model rather than to you (%1)")
                   .arg(detail)
            + shown;
    case Type::PushedOutOfView:
        return QCoreApplication::translate("Toolgate::SuspiciousText",
                                           "pushes text out of view with a long run of spaces (%1 in a row)")
                   .arg(detail)
            + shown;
    case Type::AfterBlankLines:
        return QCoreApplication::translate("Toolgate::SuspiciousText", "hides text below %1 blank lines").arg(detail) + shown;
    case Type::TrailingWhitespace:
        return QCoreApplication::translate("Toolgate::SuspiciousText", "ends in a long run of blanks (%1 characters)").arg(detail);
    }
    return {};
}

} // namespace Toolgate
