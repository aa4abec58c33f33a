#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <optional>

namespace Toolgate {

/// Incremental parser for a text/event-stream body (the WHATWG server-sent events format):
/// feed it bytes as they arrive and it returns the events completed so far.
/// The size of one event is capped; a larger event is reported as oversized and its data dropped.
class SseParser final
{
public:
    struct Event
    {
        QByteArray type;        ///< "event" field; empty means "message"
        QByteArray data;        ///< the data lines joined with '\n'
        QByteArray id;          ///< the last event id in force when the event was dispatched
        bool hasId = false;     ///< the event itself carried an id field
        bool oversized = false; ///< data was dropped because the event exceeded the cap
        qint64 size = 0;        ///< bytes the event occupied in the stream
    };

    explicit SseParser(qsizetype maxEventSize = 64 * 1024 * 1024);

    /// Parses more of the stream and returns the events it completed.
    QList<Event> feed(QByteArrayView bytes);
    /// The stream ended: an event without its closing blank line is discarded (as the spec says).
    /// Returns true when such an incomplete event was pending.
    bool finish();

    /// The last event id seen (sent back as Last-Event-ID when resuming); empty if none.
    QByteArray lastEventId() const { return m_lastEventId; }
    /// The reconnection delay the server asked for with a "retry" field, in milliseconds.
    std::optional<qint64> retry() const { return m_retry; }
    /// True when at least one event (even an empty priming event) carried an id.
    bool sawEventId() const { return m_sawId; }
    qsizetype maxEventSize() const { return m_maxEventSize; }

private:
    void processLine(QByteArrayView line, QList<Event> &events);
    void dispatch(QList<Event> &events);
    /// Forgets what was gathered for the event so far (the last event id is kept, as the format says).
    void startEvent();

    qsizetype m_maxEventSize;
    QByteArray m_line;
    bool m_lineTooLong = false;
    bool m_skipLeadingLf = false;
    bool m_bomChecked = false;
    QByteArray m_data;
    QByteArray m_type;
    QByteArray m_lastEventId;
    bool m_eventHasId = false;
    bool m_sawId = false;
    bool m_eventHasContent = false;
    bool m_oversized = false;
    qint64 m_eventSize = 0;
    std::optional<qint64> m_retry;
};

} // namespace Toolgate
