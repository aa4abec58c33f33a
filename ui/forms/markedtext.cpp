#include "ui/forms/markedtext.h"

#include "core/common/displaytext.h"

#include <QPlainTextEdit>
#include <QTextCharFormat>
#include <QTextCursor>

namespace Toolgate {

template<typename Render>
MarkedText &MarkedText::appendRendered(QStringView serverText, Render render)
{
    QList<DisplayText::Escape> escapes;
    const QString shown = render(serverText, &escapes);
    const qsizetype offset = m_text.size();
    m_text += shown;
    for (const DisplayText::Escape &escape : escapes)
        m_marks.append({offset + escape.position, escape.length});
    return *this;
}

MarkedText &MarkedText::appendPlain(const QString &text)
{
    m_text += text;
    return *this;
}

MarkedText &MarkedText::appendText(QStringView serverText)
{
    return appendRendered(serverText, [](QStringView t, QList<DisplayText::Escape> *e) { return DisplayText::visible(t, e); });
}

MarkedText &MarkedText::appendLine(QStringView serverText)
{
    return appendRendered(serverText, [](QStringView t, QList<DisplayText::Escape> *e) { return DisplayText::visibleLine(t, e); });
}

MarkedText &MarkedText::appendSpelled(QStringView name)
{
    return appendRendered(name, [](QStringView t, QList<DisplayText::Escape> *e) { return DisplayText::visibleIdentifier(t, e); });
}

void MarkedText::showIn(QPlainTextEdit *view) const
{
    view->setPlainText(m_text);
    if (m_marks.isEmpty())
        return;
    // A box the colour of a highlighter pen, with dark red text: visible on light and dark themes,
    // and plainly not part of the server's own text.
    QTextCharFormat mark;
    mark.setBackground(QColor(0xff, 0xd8, 0x4d));
    mark.setForeground(QColor(0x8b, 0x00, 0x00));
    mark.setFontWeight(QFont::Bold);
    QTextCursor cursor(view->document());
    cursor.beginEditBlock();
    for (qsizetype i = 0; i < m_marks.size() && i < MaxMarked; ++i) {
        cursor.setPosition(int(m_marks.at(i).position));
        cursor.setPosition(int(m_marks.at(i).position + m_marks.at(i).length), QTextCursor::KeepAnchor);
        cursor.mergeCharFormat(mark);
    }
    cursor.endEditBlock();
}

} // namespace Toolgate
