#pragma once

#include <QByteArray>
#include <QString>

namespace Toolgate {

/// Where toolgate-cli writes: stdout for results, stderr for everything a person reads
/// (prompts, diagnostics, errors). UTF-8, flushed at once so prompts and output interleave right.
///
/// The one terminal-safe printer: every string that came from a server reaches the terminal
/// through here, with its escapes shown rather than interpreted (DisplayText's rules). out() and
/// err() apply those rules to whatever they print, as the last line of defence; printers still pass
/// server strings through sanitized()/sanitizedLine() where they build lines, so a name cannot start
/// a line of its own.
class Console final
{
public:
    Console() = delete;

    /// Opens /dev/null on any of stdin, stdout and stderr that were closed by whoever started us,
    /// before anything else opens a file: otherwise the next descriptor (an eventfd, a pipe to the
    /// server) would become "stdin" and the approval prompt would read from it. Call first in main().
    static void ensureStandardStreams();

    /// Writes text to stdout, hidden characters made visible (newlines and tabs kept).
    static void out(const QString &text);
    /// Writes a JSON document's text to stdout: still valid JSON with the same strings, but with
    /// controls, bidi and invisible characters written as \u escapes instead of raw.
    static void outJson(const QByteArray &json);
    /// Writes text to stderr, hidden characters made visible (newlines and tabs kept).
    static void err(const QString &text);
    /// Writes "toolgate-cli: <message>" and a newline to stderr; further lines of a multi-line
    /// message are indented, so none of them starts like a line of toolgate-cli's own.
    static void error(const QString &message);

    /// Text a server sent (stderr lines, log messages, protocol warnings) on stderr, every line of it
    /// prefixed with prefix, so no line can pass for toolgate-cli's own. While a question is open
    /// (holdServerText()), it is held back and printed once the person has answered.
    static void serverText(const QString &prefix, const QString &text);
    /// Holds serverText() back from now on: an approval question is on the screen.
    static void holdServerText();
    /// Prints what serverText() held back and lets it through again.
    static void releaseServerText();

    /// Whether stdin is an interactive terminal (rather than a pipe, a file or nothing).
    static bool stdinIsTerminal();
    /// Whether stderr is an interactive terminal (where a status line can update in place).
    static bool stderrIsTerminal();

    /// Shows text (one line, already made safe) as the status line at the bottom of a terminal's
    /// stderr, replacing the previous one; cut to the terminal's width so it never wraps. Anything
    /// printed afterwards (out(), err()) clears it first, so it never mixes with other lines.
    /// Only for a terminal (stderrIsTerminal()); elsewhere print lines with err().
    static void statusLine(const QString &text);
    /// Removes the status line, if one is shown.
    static void clearStatusLine();

    /// Server-supplied multi-line text made safe for a terminal: control, bidi and invisible
    /// characters shown as escapes (\x1b, \u202e); newlines and tabs kept.
    static QString sanitized(const QString &untrusted);
    /// Server-supplied text for one line (a name, a title, a URI): as sanitized(), and newlines and
    /// tabs shown as \n and \t.
    static QString sanitizedLine(const QString &untrusted);
    /// A tool name as people should see it: sanitizedLine(), "(no name)" for an empty one, and when it
    /// is not plain printable ASCII, the name with every other character escaped after it, so a
    /// look-alike of another tool's name (Cyrillic letters, zero-width characters) is told apart.
    static QString toolName(const QString &name);
    /// Prefixes each line of text with indent.
    static QString indented(const QString &text, const QString &indent);
};

} // namespace Toolgate
