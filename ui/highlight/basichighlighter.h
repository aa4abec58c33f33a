#pragma once

#include "ui/highlight/highlighttheme.h"

#include <QSyntaxHighlighter>

namespace Toolgate {

struct HighlightLanguage;

/// The in-tree highlighter used when KSyntaxHighlighting is not available: regular-expression
/// rules per language (see HighlightRules), scanned left to right so that a comment marker inside
/// a string stays part of the string, with block state for spans that cross lines.
class BasicHighlighter final : public QSyntaxHighlighter
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BasicHighlighter)
public:
    /// Highlights document as language (a HighlightRules name); parented to document.
    BasicHighlighter(const HighlightLanguage *language, const HighlightTheme &theme, QTextDocument *document);

    /// The language name ("JSON", "Python", ...).
    QString languageName() const;
    /// Switches colours (e.g. after a palette change) and re-highlights.
    void setTheme(const HighlightTheme &theme);

protected:
    void highlightBlock(const QString &text) override;

private:
    const HighlightLanguage *m_language;
    HighlightTheme m_theme;
};

} // namespace Toolgate
