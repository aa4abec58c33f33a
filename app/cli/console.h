#pragma once

#include <QString>

namespace Toolgate {

/// Where toolgate-cli writes: stdout for results, stderr for everything a person reads
/// (prompts, diagnostics, errors). UTF-8, flushed at once so prompts and output interleave right.
class Console final
{
public:
    Console() = delete;

    /// Opens /dev/null on any of stdin, stdout and stderr that were closed by whoever started us,
    /// before anything else opens a file: otherwise the next descriptor (an eventfd, a pipe to the
    /// server) would become "stdin" and the approval prompt would read from it. Call first in main().
    static void ensureStandardStreams();

    /// Writes text to stdout unchanged.
    static void out(const QString &text);
    /// Writes text to stderr unchanged.
    static void err(const QString &text);
    /// Writes "toolgate-cli: <message>" and a newline to stderr.
    static void error(const QString &message);

    /// Whether stdin is an interactive terminal (rather than a pipe, a file or nothing).
    static bool stdinIsTerminal();

    /// Server-supplied text made safe for a terminal: control characters (which could move the
    /// cursor, recolour or rewrite the approval prompt) shown as escapes; newlines and tabs kept.
    static QString sanitized(const QString &untrusted);
    /// Prefixes each line of text with indent.
    static QString indented(const QString &text, const QString &indent);
};

} // namespace Toolgate
