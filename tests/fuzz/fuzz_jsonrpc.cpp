// What a server writes to stdout, end to end: newline framing (LineBuffer), JSON-RPC parsing
// (JsonRpcMessage) and the peer that matches responses to requests and answers the server's own
// requests (JsonRpcPeer).
//
// Input: the byte stream, e.g. a transcript of a server's stdout, one message per line.
// Checks, besides the sanitizers:
//  - framing does not depend on how the stream is cut into reads;
//  - every message that parses is written back as JSON that parses to the same message, byte for
//    byte what QJsonDocument writes (JsonWriter's promise);
//  - each of our own requests is answered exactly once, and no request of the server more often
//    than it was sent.

#include "fuzzsupport.h"

#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/jsonrpc/jsonwriter.h"
#include "core/transport/linebuffer.h"
#include "core/transport/transport.h"

#include <QHash>
#include <QJsonDocument>
#include <QList>

using namespace Toolgate;

namespace {

// The server end as the peer sees it: what the fuzzer emits arrives, what the peer sends is kept.
class FuzzTransport final : public Transport
{
public:
    void start() override { m_state = State::Open; }
    void send(const QByteArray &message) override
    {
        if (m_state == State::Open)
            sent.append(message);
    }
    void close() override { m_state = State::Closed; }
    State state() const override { return m_state; }
    QString description() const override { return QStringLiteral("fuzz"); }

    QList<QByteArray> sent;

private:
    State m_state = State::Idle;
};

struct Framed
{
    QList<QByteArray> lines;
    QList<std::pair<QByteArray, qint64>> overflows;
    QByteArray remainder;
};

Framed frame(const QByteArray &stream, qint64 cap, Fuzz::ChunkSizes *chunks)
{
    Framed out;
    LineBuffer buffer(cap);
    const auto onLine = [&](const QByteArray &line) { out.lines.append(line); };
    const auto onOverflow = [&](const QByteArray &head, qint64 size) { out.overflows.append({head, size}); };
    if (!chunks) {
        buffer.feed(stream, onLine, onOverflow);
    } else {
        for (qsizetype pos = 0; pos < stream.size();) {
            const qsizetype n = std::min(chunks->next(), stream.size() - pos);
            buffer.feed(stream.mid(pos, n), onLine, onOverflow);
            pos += n;
        }
    }
    out.remainder = buffer.takeRemainder();
    return out;
}

void checkFraming(const QByteArray &stream, qint64 cap)
{
    const Framed whole = frame(stream, cap, nullptr);
    Fuzz::ChunkSizes chunks(Fuzz::stableHash(stream), 97);
    const Framed pieces = frame(stream, cap, &chunks);
    TOOLGATE_FUZZ_CHECK(whole.lines == pieces.lines, "lines differ when the stream is read in pieces");
    TOOLGATE_FUZZ_CHECK(whole.remainder == pieces.remainder, "the unterminated rest differs");
    TOOLGATE_FUZZ_CHECK(whole.overflows.size() == pieces.overflows.size(), "a different number of overlong lines");
    for (const QByteArray &line : whole.lines) {
        TOOLGATE_FUZZ_CHECK(!line.isEmpty() && line.size() <= cap && !line.contains('\n'), line.left(100));
    }
    for (qsizetype i = 0; i < whole.overflows.size(); ++i) {
        const auto &[head, size] = whole.overflows.at(i);
        const auto &[pieceHead, pieceSize] = pieces.overflows.at(i);
        TOOLGATE_FUZZ_CHECK(size > cap && head.size() <= 4096 && head.size() <= size, head.left(100));
        // Read in pieces, an overlong line is reported as soon as the cap is crossed: with less of it.
        TOOLGATE_FUZZ_CHECK(pieceSize > cap && pieceSize <= size, pieceHead.left(100));
        TOOLGATE_FUZZ_CHECK(head.startsWith(pieceHead) || pieceHead.startsWith(head), pieceHead.left(100));
    }
}

QByteArray qtCompact(const JsonRpcMessage &message)
{
    return QJsonDocument(message.toJson()).toJson(QJsonDocument::Compact);
}

void checkRoundTrip(const QByteArray &line)
{
    const auto parsed = JsonRpcMessage::parse(line);
    if (!parsed) {
        TOOLGATE_FUZZ_CHECK(!parsed.error().message.isEmpty(), line.left(100));
        return;
    }
    TOOLGATE_FUZZ_CHECK(!parsed.value().isEmpty(), line.left(100));
    for (const JsonRpcMessage &message : parsed.value()) {
        const QByteArray text = message.serialize();
        TOOLGATE_FUZZ_CHECK(text == qtCompact(message), "serialize() differs from QJsonDocument: " + text.left(300));
        const auto again = JsonRpcMessage::parse(text);
        TOOLGATE_FUZZ_CHECK(again && again.value().size() == 1, "serialize() wrote what parse() refuses: " + text.left(300));
        const JsonRpcMessage &copy = again.value().constFirst();
        TOOLGATE_FUZZ_CHECK(copy.kind() == message.kind() && copy.id() == message.id() && copy.method() == message.method(),
                            text.left(300));
        TOOLGATE_FUZZ_CHECK(copy.serialize() == text, text.left(300));
        TOOLGATE_FUZZ_CHECK(JsonWriter::toJson(message.toJson()) == text, text.left(300));
    }
}

// Counts, per id, the server's requests among the lines (as the peer will see them).
QHash<RequestId, int> incomingRequests(const QList<QByteArray> &lines, bool *sawCancel)
{
    QHash<RequestId, int> requests;
    for (const QByteArray &line : lines) {
        const auto parsed = JsonRpcMessage::parse(line);
        if (!parsed)
            continue;
        for (const JsonRpcMessage &message : parsed.value()) {
            if (message.isRequest())
                ++requests[message.id()];
            if (message.isNotification() && message.method() == QLatin1String("notifications/cancelled"))
                *sawCancel = true;
        }
    }
    return requests;
}

void runPeer(const Framed &framed, const Framed &small, qint64 cap)
{
    FuzzTransport transport;
    transport.start();
    QList<Responder> held;
    const char *methods[3] = {"initialize", "tools/list", "tools/call"};
    int answers[3] = {0, 0, 0};
    {
        QObject context;
        JsonRpcPeer peer(&transport);
        peer.setRequestHandler(QStringLiteral("ping"), [](const JsonRpcMessage &, const Responder &responder) {
            responder.respond(QJsonObject());
        });
        // Answered at the end, so a cancellation can come first.
        peer.setRequestHandler(QStringLiteral("roots/list"), [&held](const JsonRpcMessage &, const Responder &responder) {
            held.append(responder);
        });
        peer.setRequestHandler(QStringLiteral("elicitation/create"), [](const JsonRpcMessage &request, const Responder &responder) {
            responder.respondError(Error{-32602, request.method(), request.params()});
        });
        // Never answered by the handler: the peer must answer when the responder goes away.
        peer.setRequestHandler(QStringLiteral("sampling/createMessage"), [](const JsonRpcMessage &, const Responder &) {});
        peer.setNotificationHandler(QStringLiteral("notifications/progress"), [&peer](const JsonRpcMessage &message) {
            peer.extendDeadline(RequestId::fromJson(message.params().value(QLatin1String("progressToken"))));
        });
        peer.setFallbackNotificationHandler([](const JsonRpcMessage &) {});

        for (int i = 0; i < 3; ++i) {
            peer.sendRequest(QString::fromLatin1(methods[i]), {}, &context, [&answers, i](const Result<QJsonValue> &) {
                ++answers[i];
            });
        }
        peer.cancel(RequestId(3), QStringLiteral("fuzz"));

        for (const QByteArray &line : framed.lines)
            emit transport.messageReceived(line);
        for (const auto &[head, size] : framed.overflows)
            emit transport.messageDropped(head, size, cap);
        for (const auto &[head, size] : small.overflows)
            emit transport.messageDropped(head, size, 256);
        if (!framed.remainder.isEmpty())
            emit transport.messageReceived(framed.remainder);
        for (const Responder &responder : std::as_const(held))
            responder.respond(QJsonObject());
        held.clear();
        transport.close();
        emit transport.closed();
        Fuzz::settle();
    }
    Fuzz::settle();
    for (int i = 0; i < 3; ++i)
        TOOLGATE_FUZZ_CHECK(answers[i] == 1, QByteArray("request ") + methods[i] + " answered " + QByteArray::number(answers[i]) + " times");

    QList<QByteArray> lines = framed.lines;
    if (!framed.remainder.isEmpty())
        lines.append(framed.remainder);
    bool sawCancel = false;
    const QHash<RequestId, int> requests = incomingRequests(lines, &sawCancel);
    QHash<RequestId, int> responses;
    for (const QByteArray &text : std::as_const(transport.sent)) {
        const auto parsed = JsonRpcMessage::parse(text);
        TOOLGATE_FUZZ_CHECK(parsed && parsed.value().size() == 1, "the peer sent what does not parse: " + text.left(300));
        const JsonRpcMessage &message = parsed.value().constFirst();
        if (message.isResponse())
            ++responses[message.id()];
    }
    for (auto it = responses.cbegin(); it != responses.cend(); ++it) {
        TOOLGATE_FUZZ_CHECK(it.value() <= requests.value(it.key()),
                            "answered more often than asked: " + it.key().toString().toUtf8());
    }
    if (!sawCancel) {
        for (auto it = requests.cbegin(); it != requests.cend(); ++it)
            TOOLGATE_FUZZ_CHECK(responses.value(it.key()) == it.value(), "left unanswered: " + it.key().toString().toUtf8());
    }
}

} // namespace

TOOLGATE_FUZZ_INITIALIZE(Fuzz::ensureCoreApplication)

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray stream = Fuzz::input(data, size);
    constexpr qint64 cap = 64 * 1024;
    checkFraming(stream, 256);
    checkFraming(stream, cap);

    const Framed framed = frame(stream, cap, nullptr);
    for (const QByteArray &line : framed.lines)
        checkRoundTrip(line);
    if (!framed.remainder.isEmpty())
        checkRoundTrip(framed.remainder);

    runPeer(framed, frame(stream, 256, nullptr), cap);
    return 0;
}
