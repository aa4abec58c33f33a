// A text/event-stream body from an HTTP server (SseParser): what Streamable HTTP and the legacy
// HTTP+SSE transport read responses and server messages from.
//
// Input: the body, e.g. "event: message\ndata: {...}\n\n".
// Checks, besides the sanitizers: the events, the last event id and the retry delay do not depend on
// how the body is cut into reads; an event's data never holds a line break other than the '\n' that
// joins its data lines; an oversized event carries no data.

#include "fuzzsupport.h"

#include "core/transport/sseparser.h"

using namespace Toolgate;

namespace {

constexpr qsizetype maxEventSize = 1024; // the smallest the parser allows: oversized events come easily

struct Parsed
{
    QList<SseParser::Event> events;
    QByteArray lastEventId;
    std::optional<qint64> retry;
    bool sawEventId = false;
    bool pending = false;
};

Parsed parse(const QByteArray &body, Fuzz::ChunkSizes *chunks)
{
    Parsed out;
    SseParser parser(maxEventSize);
    if (!chunks) {
        out.events = parser.feed(body);
    } else {
        for (qsizetype pos = 0; pos < body.size();) {
            const qsizetype n = std::min(chunks->next(), body.size() - pos);
            out.events += parser.feed(QByteArrayView(body).sliced(pos, n));
            pos += n;
        }
    }
    out.lastEventId = parser.lastEventId();
    out.retry = parser.retry();
    out.sawEventId = parser.sawEventId();
    out.pending = parser.finish();
    // After finish() the parser starts a new event: it must still work.
    const auto after = parser.feed("data: x\n\n");
    TOOLGATE_FUZZ_CHECK(after.size() == 1 && after.constFirst().data == "x", "the parser is stuck after finish()");
    return out;
}

QByteArray describe(const SseParser::Event &e)
{
    return "type=" + e.type + " id=" + e.id + " size=" + QByteArray::number(e.size) + " oversized="
        + QByteArray::number(e.oversized) + " data=" + e.data.left(100);
}

} // namespace

TOOLGATE_FUZZ_INITIALIZE(Fuzz::quietLogging)

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body = Fuzz::input(data, size);
    const Parsed whole = parse(body, nullptr);
    Fuzz::ChunkSizes chunks(Fuzz::stableHash(body), 61);
    const Parsed pieces = parse(body, &chunks);
    Fuzz::ChunkSizes bytes(1, 1);
    const Parsed single = parse(body, &bytes);

    for (const Parsed *other : {&pieces, &single}) {
        TOOLGATE_FUZZ_CHECK(other->events.size() == whole.events.size(), "a different number of events");
        for (qsizetype i = 0; i < whole.events.size(); ++i) {
            const SseParser::Event &a = whole.events.at(i);
            const SseParser::Event &b = other->events.at(i);
            TOOLGATE_FUZZ_CHECK(a.type == b.type && a.data == b.data && a.id == b.id && a.hasId == b.hasId
                                    && a.oversized == b.oversized && a.size == b.size,
                                describe(a) + " / " + describe(b));
        }
        TOOLGATE_FUZZ_CHECK(other->lastEventId == whole.lastEventId, other->lastEventId);
        TOOLGATE_FUZZ_CHECK(other->retry == whole.retry, "retry differs");
        TOOLGATE_FUZZ_CHECK(other->sawEventId == whole.sawEventId, "sawEventId differs");
        TOOLGATE_FUZZ_CHECK(other->pending == whole.pending, "finish() differs");
    }
    qint64 total = 0;
    for (const SseParser::Event &e : whole.events) {
        TOOLGATE_FUZZ_CHECK(!e.data.contains('\r'), describe(e));
        TOOLGATE_FUZZ_CHECK(!e.oversized || e.data.isEmpty(), describe(e));
        TOOLGATE_FUZZ_CHECK(e.oversized || e.data.size() <= maxEventSize, describe(e));
        TOOLGATE_FUZZ_CHECK(e.size >= 0, describe(e));
        total += e.size;
    }
    TOOLGATE_FUZZ_CHECK(total <= body.size(), "events larger than the body");
    TOOLGATE_FUZZ_CHECK(!whole.retry || *whole.retry >= 0, "negative retry");
    return 0;
}
