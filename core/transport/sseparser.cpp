#include "core/transport/sseparser.h"

namespace Toolgate {

namespace {

constexpr char bom[] = "\xEF\xBB\xBF";

bool allDigits(QByteArrayView value)
{
    if (value.isEmpty() || value.size() > 15)
        return false;
    for (const char c : value) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

} // namespace

SseParser::SseParser(qsizetype maxEventSize)
    : m_maxEventSize(std::max<qsizetype>(maxEventSize, 1024))
{}

QList<SseParser::Event> SseParser::feed(QByteArrayView bytes)
{
    QList<Event> events;
    QByteArray head;
    if (!m_bomChecked) {
        // A byte order mark may open the stream; it may also arrive split over chunks.
        head = m_line + bytes.toByteArray();
        if (head.size() < 3 && QByteArrayView(bom).startsWith(head)) {
            m_line = head;
            return events;
        }
        m_bomChecked = true;
        m_line.clear();
        if (head.startsWith(bom))
            head.remove(0, 3);
        bytes = head;
    }

    qsizetype pos = 0;
    const qsizetype size = bytes.size();
    while (pos < size) {
        if (m_skipLeadingLf) {
            m_skipLeadingLf = false;
            if (bytes[pos] == '\n') {
                ++pos;
                ++m_eventSize;
                continue;
            }
        }
        qsizetype end = pos;
        while (end < size && bytes[end] != '\n' && bytes[end] != '\r')
            ++end;
        const qsizetype length = end - pos;
        m_eventSize += length;
        if (!m_lineTooLong) {
            if (m_line.size() + length + m_data.size() > m_maxEventSize) {
                m_lineTooLong = true;
                m_oversized = true;
                m_line.clear();
                m_data.clear();
            } else {
                m_line.append(bytes.sliced(pos, length));
            }
        }
        if (end == size)
            break; // the line continues in the next chunk
        ++m_eventSize;
        if (m_lineTooLong) {
            // The rest of an oversized line: nothing to parse, but the event is not over yet.
            m_eventHasContent = true;
            m_lineTooLong = false;
        } else {
            processLine(m_line, events);
        }
        m_line.clear();
        m_skipLeadingLf = bytes[end] == '\r';
        pos = end + 1;
    }
    return events;
}

bool SseParser::finish()
{
    const bool pending = !m_line.isEmpty() || m_lineTooLong || m_eventHasContent;
    m_line.clear();
    m_lineTooLong = false;
    m_skipLeadingLf = false;
    startEvent();
    return pending;
}

void SseParser::processLine(QByteArrayView line, QList<Event> &events)
{
    if (line.isEmpty()) {
        dispatch(events);
        return;
    }
    m_eventHasContent = true;
    if (line.front() == ':')
        return; // comment (often a keep-alive)
    const qsizetype colon = line.indexOf(':');
    QByteArrayView field = colon < 0 ? line : line.first(colon);
    QByteArrayView value = colon < 0 ? QByteArrayView() : line.sliced(colon + 1);
    if (value.startsWith(' '))
        value = value.sliced(1);

    if (field == "data") {
        m_data.append(value);
        m_data.append('\n');
    } else if (field == "event") {
        m_type = value.toByteArray();
    } else if (field == "id") {
        if (!value.contains('\0')) {
            m_lastEventId = value.toByteArray();
            m_eventHasId = true;
            m_sawId = true;
        }
    } else if (field == "retry") {
        if (allDigits(value))
            m_retry = value.toLongLong();
    }
    // Other fields are ignored, as the format requires.
}

void SseParser::dispatch(QList<Event> &events)
{
    Event event;
    event.id = m_lastEventId;
    event.hasId = m_eventHasId;
    event.size = m_eventSize;
    if (m_oversized) {
        event.oversized = true;
        event.type = m_type;
        events.append(std::move(event));
    } else if (!m_data.isEmpty()) {
        m_data.chop(1); // the '\n' after the last data line
        event.type = m_type;
        event.data = std::move(m_data);
        events.append(std::move(event));
    }
    startEvent();
}

void SseParser::startEvent()
{
    m_data.clear();
    m_type.clear();
    m_eventHasId = false;
    m_eventHasContent = false;
    m_oversized = false;
    m_eventSize = 0;
}

} // namespace Toolgate
