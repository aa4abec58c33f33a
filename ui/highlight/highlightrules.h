#pragma once

#include "ui/highlight/highlighttheme.h"

#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace Toolgate {

/// One rule of a BasicHighlighter language: a token pattern, or a span that may cross lines.
struct HighlightRule
{
    /// A token (end empty) or the start of a span (end set).
    QRegularExpression pattern;
    /// For spans: where the span ends; searched after the start and on following lines.
    QRegularExpression end;
    HighlightStyle style = HighlightStyle::Keyword;
    /// Which capture group of pattern gets the style; the whole match is consumed either way.
    int group = 0;

    bool isSpan() const { return !end.pattern().isEmpty(); }
};

/// The rules of one language, in priority order (earlier wins when two match at one position).
struct HighlightLanguage
{
    QString name;
    QList<HighlightRule> rules;
};

/// The rule sets of the in-tree highlighter, by KSyntaxHighlighting-style definition name.
class HighlightRules final
{
public:
    /// The rules for name ("JSON", "C++", "Python", ...), or nullptr when there are none.
    static const HighlightLanguage *forName(const QString &name);
    /// Every language name the in-tree highlighter knows.
    static QStringList names();
};

} // namespace Toolgate
