#pragma once

#include <QString>

namespace Toolgate::ModelText {

/// Server-supplied text for a one-line cell: the first paragraph, whitespace collapsed, capped,
/// so a huge or multi-line description cannot blow up row heights or stall layout.
inline QString oneLine(const QString &text, qsizetype cap = 300)
{
    QString line = text.left(cap * 2).section(QStringLiteral("\n\n"), 0, 0).simplified();
    if (line.size() > cap)
        line = line.left(cap - 1) + QChar(0x2026);
    return line;
}

/// Server-supplied text for a rich-text tooltip: capped and HTML-escaped, line breaks kept.
inline QString tooltipText(const QString &text, qsizetype cap = 1500)
{
    QString shown = text.trimmed();
    if (shown.size() > cap)
        shown = shown.left(cap - 1) + QChar(0x2026);
    return shown.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>"));
}

} // namespace Toolgate::ModelText
