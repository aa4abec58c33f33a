#include "ui/viewers/textchunker.h"

namespace Toolgate {

TextChunker::TextChunker(QString text, qsizetype foldColumn)
    : m_text(std::move(text))
    , m_fold(qMax<qsizetype>(16, foldColumn))
{
}

QString TextChunker::next(qsizetype maxChars)
{
    const qsizetype size = m_text.size();
    if (m_pos >= size)
        return {};
    qsizetype end = qMin(size, m_pos + qMax<qsizetype>(1, maxChars));
    if (end < size) {
        // Prefer to stop after a line break in the last eighth of the range, so the preview does
        // not end mid-line.
        const qsizetype window = (end - m_pos) / 8;
        const qsizetype newline = m_text.lastIndexOf(u'\n', end - 1);
        if (newline >= end - window && newline >= m_pos)
            end = newline + 1;
        // Never split a surrogate pair or a "\r\n".
        if (end < size && (m_text.at(end).isLowSurrogate() || (m_text.at(end - 1) == u'\r' && m_text.at(end) == u'\n')))
            ++end;
    }

    QString out;
    out.reserve(end - m_pos + (end - m_pos) / m_fold + 1);
    qsizetype i = m_pos;
    while (i < end) {
        qsizetype lineEnd = m_text.indexOf(u'\n', i);
        if (lineEnd < 0 || lineEnd >= end)
            lineEnd = end;
        // Copy [i, lineEnd) folding at m_fold columns.
        while (i < lineEnd) {
            qsizetype room = m_fold - m_column;
            if (room <= 0) {
                out += u'\n';
                m_column = 0;
                m_folded = true;
                room = m_fold;
            }
            qsizetype take = qMin(room, lineEnd - i);
            if (take < lineEnd - i && m_text.at(i + take).isLowSurrogate())
                --take; // keep the pair on one row
            if (take <= 0) { // the pair does not fit in this row; start the next one
                m_column = m_fold;
                continue;
            }
            QStringView piece = QStringView(m_text).mid(i, take);
            if (lineEnd < end && i + take == lineEnd && piece.endsWith(u'\r'))
                piece.chop(1); // "\r\n" -> "\n"
            out += piece;
            m_column += take;
            i += take;
        }
        if (lineEnd < end) {
            out += u'\n';
            m_column = 0;
            i = lineEnd + 1;
        }
    }
    m_pos = end;
    return out;
}

} // namespace Toolgate
