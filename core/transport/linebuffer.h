#pragma once

#include <QByteArray>

#include <functional>

namespace Toolgate {

/// Splits a byte stream into newline-delimited lines with a cap on line length.
/// A line over the cap is dropped as soon as the cap is crossed (the peer could otherwise make us
/// buffer without bound); its first bytes are reported so the caller can tell what it was.
class LineBuffer final
{
public:
    using LineHandler = std::function<void(const QByteArray &line)>;
    using OverflowHandler = std::function<void(const QByteArray &head, qint64 sizeSoFar)>;

    explicit LineBuffer(qint64 maxLineLength) : m_maxLineLength(maxLineLength) {}

    /// Feeds bytes; calls onLine for each complete non-empty line (without "\n" or "\r\n").
    void feed(const QByteArray &data, const LineHandler &onLine, const OverflowHandler &onOverflow);
    /// End of stream: returns an unterminated last line, if any.
    QByteArray takeRemainder();
    qint64 maxLineLength() const { return m_maxLineLength; }
    qint64 buffered() const { return m_buffer.size(); }

private:
    qint64 m_maxLineLength;
    QByteArray m_buffer;
    qsizetype m_scanned = 0; // bytes of m_buffer already known to hold no newline
    bool m_discarding = false;
};

} // namespace Toolgate
