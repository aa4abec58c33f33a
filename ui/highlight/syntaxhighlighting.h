#pragma once

#include <QPalette>
#include <QString>

class QSyntaxHighlighter;
class QTextDocument;

namespace Toolgate {

/// The one entry point for syntax highlighting in viewers. Uses KSyntaxHighlighting where the
/// build found it (TOOLGATE_HAVE_KSYNTAXHIGHLIGHTING), otherwise the in-tree BasicHighlighter.
class SyntaxHighlighting final
{
public:
    SyntaxHighlighting() = delete;

    /// Attaches a highlighter for mimeType (or, failing that, fileNameHint, which may also be a
    /// URI) to doc, coloured for palette. Returns the highlighter, parented to doc, or nullptr
    /// when the content is not a language we highlight (plain text, unknown types).
    static QSyntaxHighlighter *attach(QTextDocument *doc, const QString &mimeType,
                                      const QString &fileNameHint = {},
                                      const QPalette &palette = QPalette());

    /// Recolours a highlighter made by attach() for a new palette (light/dark switch).
    static void applyPalette(QSyntaxHighlighter *highlighter, const QPalette &palette);

    /// The language name ("JSON", "C++", "Python", ...) for a MIME type, parameters and
    /// aliases allowed ("application/json; charset=utf-8", "application/geo+json"); empty if none.
    static QString languageForMimeType(const QString &mimeType);
    /// The language name for a file name, path or URI by its extension; empty if none.
    static QString languageForFileName(const QString &fileNameOrUri);
    /// languageForMimeType(), falling back to languageForFileName() for generic MIME types.
    static QString languageFor(const QString &mimeType, const QString &fileNameHint);

    /// Whether KSyntaxHighlighting is compiled in.
    static bool usesKSyntaxHighlighting();
};

} // namespace Toolgate
