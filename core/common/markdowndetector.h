#pragma once

#include <QStringView>

namespace Toolgate {

/// Guesses whether plain text was written as Markdown, so it can be rendered by default.
class MarkdownDetector final
{
public:
    MarkdownDetector() = delete;

    /// Looks at the first few KB for headings, fences, links, lists, emphasis and tables;
    /// needs at least two kinds of evidence (or one strong one twice). JSON is never Markdown.
    static bool looksLikeMarkdown(QStringView text);
};

} // namespace Toolgate
