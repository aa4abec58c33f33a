#include "core/transport/linebuffer.h"

#include <algorithm>

namespace Toolgate {

namespace {
constexpr qsizetype headSize = 4096;

QByteArray chompCarriageReturn(QByteArray line)
{
    if (line.endsWith('\r'))
        line.chop(1);
    return line;
}
} // namespace

void LineBuffer::feed(const QByteArray &data, const LineHandler &onLine, const OverflowHandler &onOverflow)
{
    qsizetype start = 0;
    if (m_discarding) {
        const qsizetype newline = data.indexOf('\n');
        if (newline < 0)
            return;
        m_discarding = false;
        start = newline + 1;
    }

    // Fast path: nothing buffered, so lines can be cut straight out of data.
    if (m_buffer.isEmpty()) {
        qsizetype newline;
        while ((newline = data.indexOf('\n', start)) >= 0) {
            if (newline - start > m_maxLineLength) {
                onOverflow(data.mid(start, std::min(headSize, newline - start)), newline - start);
            } else if (newline > start) {
                QByteArray line = chompCarriageReturn(data.mid(start, newline - start));
                if (!line.isEmpty())
                    onLine(line);
            }
            start = newline + 1;
        }
        if (start >= data.size())
            return;
        m_buffer = data.mid(start);
        m_scanned = 0;
    } else {
        m_buffer.append(data.constData() + start, data.size() - start);
    }

    qsizetype lineStart = 0;
    qsizetype newline;
    while ((newline = m_buffer.indexOf('\n', std::max(lineStart, m_scanned))) >= 0) {
        if (newline - lineStart > m_maxLineLength) {
            onOverflow(m_buffer.mid(lineStart, std::min(headSize, newline - lineStart)), newline - lineStart);
        } else {
            QByteArray line = chompCarriageReturn(m_buffer.mid(lineStart, newline - lineStart));
            if (!line.isEmpty())
                onLine(line);
        }
        lineStart = newline + 1;
        m_scanned = lineStart;
    }
    if (lineStart > 0) {
        m_buffer.remove(0, lineStart);
    }
    m_scanned = m_buffer.size();
    if (m_buffer.size() > m_maxLineLength) {
        onOverflow(m_buffer.left(headSize), m_buffer.size());
        m_buffer.clear();
        m_scanned = 0;
        m_discarding = true;
    }
}

QByteArray LineBuffer::takeRemainder()
{
    QByteArray rest = chompCarriageReturn(std::exchange(m_buffer, {}));
    m_scanned = 0;
    if (m_discarding) {
        m_discarding = false;
        return {};
    }
    return rest;
}

} // namespace Toolgate
