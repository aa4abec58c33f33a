#include "ui/viewers/linediffview.h"

#include "core/common/displaytext.h"

#include <QFontDatabase>
#include <QTextBlock>

#include <algorithm>

namespace Toolgate {

LineDiffView::LineDiffView(QWidget *parent)
    : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // lines wrap
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
}

void LineDiffView::setLines(const QStringList &lines)
{
    m_lines = lines;
    QStringList shown;
    shown.reserve(lines.size());
    for (const QString &line : lines)
        shown.append(DisplayText::visibleLine(line));
    setPlainText(shown.join(u'\n'));
    // Marks rather than rich text: the server's text stays plain, whatever it contains.
    QList<QTextEdit::ExtraSelection> marks;
    const bool dark = palette().color(QPalette::Base).lightness() < 128;
    const QColor removed = dark ? QColor(0x5a, 0x1e, 0x1e) : QColor(0xff, 0xe0, 0xe0);
    const QColor added = dark ? QColor(0x1e, 0x4a, 0x24) : QColor(0xdc, 0xf5, 0xdc);
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        const QString text = block.text();
        if (!text.startsWith(u"- ") && !text.startsWith(u"+ "))
            continue;
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(block);
        mark.format.setBackground(text.startsWith(u'-') ? removed : added);
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        marks.append(mark);
    }
    setExtraSelections(marks);
}

void LineDiffView::fitHeight(int minLines, int maxLines)
{
    const int lineHeight = fontMetrics().lineSpacing();
    const int chrome = 2 * frameWidth() + 2 * int(document()->documentMargin());
    const qsizetype count = m_lines.size();
    setMinimumHeight(lineHeight * int(std::min<qsizetype>(count + 1, minLines)));
    // A line or two more than it holds: a long line wraps.
    setMaximumHeight(lineHeight * int(std::min<qsizetype>(count + 2, maxLines)) + chrome);
}

} // namespace Toolgate

#include "moc_linediffview.cpp"
