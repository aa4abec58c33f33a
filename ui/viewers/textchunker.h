#pragma once

#include <QString>

namespace Toolgate {

/// Cuts a long text into display-sized pieces for progressive loading, folding lines longer than
/// foldColumn: Qt lays out a paragraph as a whole, so one 20 MB line would freeze the view no
/// matter how it is fed in. The pieces joined equal the text except for the added fold breaks
/// and "\r\n" shown as "\n".
class TextChunker final
{
public:
    /// Default column at which over-long lines are folded for display.
    static constexpr qsizetype DefaultFoldColumn = 4096;

    explicit TextChunker(QString text = {}, qsizetype foldColumn = DefaultFoldColumn);

    /// The next piece: about maxChars characters of the source, ending at a line break when one
    /// is near the end of that range. Empty at the end.
    QString next(qsizetype maxChars);
    /// Whether all of the text has been handed out.
    bool atEnd() const { return m_pos >= m_text.size(); }
    /// Source characters handed out so far.
    qsizetype position() const { return m_pos; }
    /// Whether any line was folded so far.
    bool folded() const { return m_folded; }
    /// The whole source text.
    const QString &text() const { return m_text; }

private:
    QString m_text;
    qsizetype m_fold;
    qsizetype m_pos = 0;
    qsizetype m_column = 0; // characters since the last line break in the output so far
    bool m_folded = false;
};

} // namespace Toolgate
