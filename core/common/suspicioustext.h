#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace Toolgate {

/// What in a server's text is hidden from the person reading it or made to look like something it is
/// not: characters that do not show (bidi controls, zero-width and tag characters, terminal escapes),
/// names that imitate others with letters of another script, and text meant for a model rather than a
/// person (HTML comments, <IMPORTANT>-style blocks, text pushed out of view by whitespace or blank lines).
///
/// Hidden characters are judged by DisplayText's rules, so what is flagged is exactly what the views
/// show as escapes. Pure and linear in the text's length; each finding quotes a bounded excerpt.
class SuspiciousText final
{
public:
    SuspiciousText() = delete;

    /// What the inspected text is, which decides what is unusual in it.
    enum class Kind {
        Name, ///< An identifier (a tool or argument name): letters from another script are a look-alike.
        Line, ///< One line for people (a title, a URL, a self-reported name).
        Text, ///< Multi-line text (a description, an argument's value).
    };

    enum class Type {
        TerminalControl,    ///< C0/C1 controls and DEL: what a terminal acts on (ESC starts escape sequences).
        BidiControl,        ///< Bidirectional controls: text that reads differently from what it is.
        Invisible,          ///< Zero-width, format and other characters that draw nothing.
        TagCharacters,      ///< Unicode tag characters, which can spell out ASCII text nobody sees.
        Lookalike,          ///< Letters of another script (or compatibility forms) mixed into a name or word.
        HtmlComment,        ///< <!-- … -->: hidden wherever the text is shown as HTML or Markdown.
        InstructionBlock,   ///< <IMPORTANT>, <SYSTEM>, <instructions> … : words addressed to a model.
        PushedOutOfView,    ///< A long run of spaces with text after it, out of sight to the right.
        AfterBlankLines,    ///< Text after many blank lines, out of sight below.
        TrailingWhitespace, ///< A long run of blanks at the end.
    };

    /// One kind of problem found in a text: where it first occurs, how often, and what it hides.
    struct Finding
    {
        Type type = Type::Invisible;
        qsizetype position = 0; ///< UTF-16 index of the first occurrence in the inspected text.
        qsizetype length = 0;   ///< Its length there.
        int count = 1;          ///< How many occurrences (characters, comments, blocks, runs).
        /// The hidden parts as a person can read them (hidden characters as escapes, one line each,
        /// at most ExcerptLength characters): the first few occurrences.
        QStringList excerpts;
        /// What was found, named: "U+202E RIGHT-TO-LEFT OVERRIDE", "“е” U+0435 (Cyrillic)", a tag's name,
        /// a number of spaces or blank lines.
        QString detail;

        /// The finding in words for a person, without a subject ("contains an HTML comment …"), so it
        /// can follow the name of the field ("Description: contains …").
        QString words() const;
    };

    /// Everything suspicious in text, one finding per type, in the order of Type.
    static QList<Finding> inspect(QStringView text, Kind kind);

    /// "U+202E RIGHT-TO-LEFT OVERRIDE", "U+001B ESCAPE", "U+E0041 TAG LATIN CAPITAL LETTER A"; the code
    /// point alone for characters without a name here.
    static QString characterName(char32_t codePoint);

    static constexpr qsizetype ExcerptLength = 160;
    static constexpr int ExcerptsPerFinding = 3;
    /// Blanks in one run (spaces, tabs, wide spaces) from which the text after them counts as pushed away.
    static constexpr int LongBlankRun = 40;
    /// Blank lines in a row from which the text after them counts as hidden below.
    static constexpr int ManyBlankLines = 5;
};

} // namespace Toolgate
