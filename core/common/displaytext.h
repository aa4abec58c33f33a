#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringView>

namespace Toolgate {

/// The one set of rules for showing text that came from a server to a person without letting the
/// text act on the display: terminal escapes are never interpreted, nothing hides, nothing reverses.
/// Used by toolgate-cli for everything it prints and meant for the GUI's "suspicious text made visible".
class DisplayText final
{
public:
    DisplayText() = delete;

    /// Whether a code point must not be shown as itself: C0 and C1 controls and DEL (terminal escapes,
    /// carriage return), bidirectional controls (text that reads differently from what it is),
    /// zero-width and other invisible format characters (Unicode category Cf, tag characters),
    /// line and paragraph separators, invisible fillers and blanks, variation selectors,
    /// noncharacters and lone surrogates. Newline and tab count as hidden here; visible() keeps them.
    static bool isHidden(char32_t codePoint);

    /// Multi-line text with every hidden character written as a visible escape — \x1b, \u202e,
    /// \U000e0041 — so it shows what it is and cannot move the cursor, recolour, retitle, touch the
    /// clipboard or reorder what follows. Newlines and tabs are kept, "\r\n" becomes "\n". An emoji's
    /// joiner and presentation selector stay as they are, since they only join or style pictographs.
    static QString visible(QStringView text);
    /// One line: as visible(), with newlines and tabs escaped too (\n, \t), so the text cannot start
    /// a line that looks like the program's own.
    static QString visibleLine(QStringView text);
    /// A name the specification keeps to plain ASCII (a tool name): every character outside printable
    /// ASCII escaped, so a look-alike ("reаd_file" with a Cyrillic "а") or an invisible character
    /// ("read\u200b_file") can be told apart from the name it imitates.
    static QString visibleIdentifier(QStringView text);

    /// Where one of the functions above wrote an escape instead of a character: the character's place in
    /// the text given (source) and the escape's place in the text returned (position, length), so a view
    /// can mark escapes apart from backslashes the server wrote itself.
    struct Escape
    {
        qsizetype source = 0;
        qsizetype sourceLength = 0;
        qsizetype position = 0;
        qsizetype length = 0;
        char32_t codePoint = 0;
    };
    /// As visible(), and the escapes written, in order.
    static QString visible(QStringView text, QList<Escape> *escapes);
    /// As visibleLine(), and the escapes written, in order.
    static QString visibleLine(QStringView text, QList<Escape> *escapes);
    /// As visibleIdentifier(), and the escapes written, in order.
    static QString visibleIdentifier(QStringView text, QList<Escape> *escapes);
    /// The characters visible() would write as escapes, in order, without writing the text (only
    /// source, sourceLength and codePoint are set).
    static QList<Escape> hiddenCharacters(QStringView text);

    /// JSON text (UTF-8) that a terminal can show: the same document with the same strings, but every
    /// hidden character written as a \u escape instead of raw. (JSON writers escape C0 controls in
    /// strings, but write DEL, C1 controls, bidi and invisible characters as they are.)
    static QByteArray safeJson(const QByteArray &json);

    /// Text a server controls, made fit for a label that wraps at spaces: a run without a space longer
    /// than maxRun characters keeps its start and end around an ellipsis, and text past maxLength
    /// characters is left out, saying how much. A label sizes itself to its longest unbreakable word and
    /// lays out all of its text: a property name of 400,000 characters made the window ~7 px wider per
    /// character (issue #35). The whole text stays where it can be read on demand (the JSON views).
    static QString forLabel(QStringView text, qsizetype maxRun = 100, qsizetype maxLength = 3000);

    /// True when visible() would change text (apart from "\r\n" line ends).
    static bool hasHidden(QStringView text);
    /// True when text is printable ASCII only (no spaces, no controls).
    static bool isPrintableAscii(QStringView text);
    /// A size in bytes as people read it in their language, "8.4 MB" / "8,4 MB" (1,024-based, one decimal):
    /// the one spelling of sizes in Toolgate's messages.
    static QString dataSize(qint64 bytes);
    /// How long something took or will take, as people say it in their language (QLocale()): "850 ms",
    /// "8.0 s" / "8,0 s", "2 min 5 s", "1 h 3 min". The one spelling of durations in Toolgate's messages.
    static QString duration(qint64 milliseconds);
    /// A moment in local time as people write it in their language, to the second: "11/30/26 01:14:06",
    /// "30.11.26 01:14:06". Files and JSON keep ISO 8601.
    static QString dateTime(const QDateTime &moment);
};

} // namespace Toolgate
