// The text/event-stream parser: framing, fields, ids, retry, chunking and the size cap.

#include "testtable.h"
#include "core/transport/sseparser.h"

#include <QTest>

using namespace Toolgate;
using Toolgate::TestSupport::addColumns;

namespace {

struct Expected
{
    QByteArray type;
    QByteArray data;
    QByteArray id;
};

} // namespace

Q_DECLARE_METATYPE(QList<QByteArray>)

class tst_SseParser : public QObject
{
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void everyChunking();
    void lastEventIdAndRetry();
    void priming();
    void oversizedEventDropped();
    void incompleteEventAtEnd();
    void bomSplitAcrossChunks();
};

void tst_SseParser::parse_data()
{
    addColumns<QByteArray, QList<QByteArray>, QList<QByteArray>>("stream", "datas", "types");

    QTest::addRow("one event") << QByteArray("data: hello\n\n") << QList<QByteArray>{"hello"} << QList<QByteArray>{""};
    QTest::addRow("no space after colon") << QByteArray("data:hello\n\n") << QList<QByteArray>{"hello"} << QList<QByteArray>{""};
    QTest::addRow("only one space stripped") << QByteArray("data:  hi\n\n") << QList<QByteArray>{" hi"} << QList<QByteArray>{""};
    QTest::addRow("multi-line data") << QByteArray("data: a\ndata: b\n\n") << QList<QByteArray>{"a\nb"} << QList<QByteArray>{""};
    QTest::addRow("CRLF") << QByteArray("event: message\r\ndata: {}\r\n\r\n") << QList<QByteArray>{"{}"} << QList<QByteArray>{"message"};
    QTest::addRow("CR only") << QByteArray("data: x\r\rdata: y\r\r") << QList<QByteArray>{"x", "y"} << QList<QByteArray>{"", ""};
    QTest::addRow("comments ignored") << QByteArray(": keep-alive\n\ndata: z\n: note\n\n") << QList<QByteArray>{"z"} << QList<QByteArray>{""};
    QTest::addRow("unknown fields ignored") << QByteArray("foo: bar\ndata: q\n\n") << QList<QByteArray>{"q"} << QList<QByteArray>{""};
    QTest::addRow("field without colon") << QByteArray("data\n\n") << QList<QByteArray>{""} << QList<QByteArray>{""};
    QTest::addRow("no data, no event") << QByteArray("event: ping\n\n") << QList<QByteArray>{} << QList<QByteArray>{};
    QTest::addRow("endpoint event") << QByteArray("event: endpoint\ndata: /message?sessionId=1\n\n")
                                    << QList<QByteArray>{"/message?sessionId=1"} << QList<QByteArray>{"endpoint"};
    QTest::addRow("BOM") << QByteArray("\xEF\xBB\xBF" "data: b\n\n") << QList<QByteArray>{"b"} << QList<QByteArray>{""};
    QTest::addRow("type resets per event") << QByteArray("event: a\ndata: 1\n\ndata: 2\n\n")
                                           << QList<QByteArray>{"1", "2"} << QList<QByteArray>{"a", ""};
    QTest::addRow("utf-8 payload") << QByteArray("data: {\"t\":\"\xC3\xA9\"}\n\n") << QList<QByteArray>{"{\"t\":\"\xC3\xA9\"}"}
                                   << QList<QByteArray>{""};
}

void tst_SseParser::parse()
{
    QFETCH(QByteArray, stream);
    QFETCH(QList<QByteArray>, datas);
    QFETCH(QList<QByteArray>, types);
    SseParser parser;
    const QList<SseParser::Event> events = parser.feed(stream);
    QCOMPARE(events.size(), datas.size());
    for (qsizetype i = 0; i < events.size(); ++i) {
        QCOMPARE(events.at(i).data, datas.at(i));
        QCOMPARE(events.at(i).type, types.at(i));
        QVERIFY(!events.at(i).oversized);
    }
}

void tst_SseParser::everyChunking()
{
    // The same stream cut at every byte must give the same events (CR/LF pairs split included).
    const QByteArray stream("id: 7\r\nevent: message\r\ndata: {\"a\":1}\r\n\r\ndata: second\rdata: line\r\r: c\n\ndata: end\n\n");
    SseParser whole;
    const QList<SseParser::Event> expected = whole.feed(stream);
    QCOMPARE(expected.size(), 3);
    for (qsizetype cut = 1; cut < stream.size(); ++cut) {
        SseParser parser;
        QList<SseParser::Event> events = parser.feed(stream.first(cut));
        events += parser.feed(stream.sliced(cut));
        QCOMPARE(events.size(), expected.size());
        for (qsizetype i = 0; i < events.size(); ++i) {
            QCOMPARE(events.at(i).data, expected.at(i).data);
            QCOMPARE(events.at(i).type, expected.at(i).type);
            QCOMPARE(events.at(i).id, expected.at(i).id);
        }
    }
    // Byte by byte.
    SseParser parser;
    QList<SseParser::Event> events;
    for (const char c : stream)
        events += parser.feed(QByteArrayView(&c, 1));
    QCOMPARE(events.size(), 3);
    QCOMPARE(events.at(1).data, QByteArray("second\nline"));
}

void tst_SseParser::lastEventIdAndRetry()
{
    SseParser parser;
    QVERIFY(!parser.retry());
    QVERIFY(!parser.sawEventId());
    auto events = parser.feed("retry: 500\nid: e-1\ndata: a\n\n");
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.at(0).id, QByteArray("e-1"));
    QVERIFY(events.at(0).hasId);
    QCOMPARE(parser.retry().value_or(0), 500);
    QCOMPARE(parser.lastEventId(), QByteArray("e-1"));
    // The id stays in force for later events without one.
    events = parser.feed("data: b\n\n");
    QCOMPARE(events.at(0).id, QByteArray("e-1"));
    QVERIFY(!events.at(0).hasId);
    // A bad retry value is ignored; an id with NUL is ignored.
    parser.feed(QByteArray("retry: 5x\nid: a\0b\ndata: c\n\n", 27));
    QCOMPARE(parser.retry().value_or(0), 500);
    QCOMPARE(parser.lastEventId(), QByteArray("e-1"));
    // An empty id resets the last event id.
    parser.feed("id\ndata: d\n\n");
    QCOMPARE(parser.lastEventId(), QByteArray());
}

void tst_SseParser::priming()
{
    // The priming event of a resumable stream: an id and empty data.
    SseParser parser;
    const auto events = parser.feed("id: event-1\nretry: 500\ndata: \n\n");
    QCOMPARE(events.size(), 1);
    QVERIFY(events.at(0).data.isEmpty());
    QVERIFY(parser.sawEventId());
    QCOMPARE(parser.lastEventId(), QByteArray("event-1"));
    // An id with no data at all dispatches nothing but still counts.
    SseParser other;
    QVERIFY(other.feed("id: x\n\n").isEmpty());
    QCOMPARE(other.lastEventId(), QByteArray("x"));
}

void tst_SseParser::oversizedEventDropped()
{
    SseParser parser(2048);
    QByteArray big = "data: " + QByteArray(5000, 'x') + "\n\n";
    QList<SseParser::Event> events;
    // Fed in small chunks, memory never holds the whole event.
    for (qsizetype i = 0; i < big.size(); i += 100)
        events += parser.feed(big.mid(i, 100));
    events += parser.feed("data: after\n\n");
    QCOMPARE(events.size(), 2);
    QVERIFY(events.at(0).oversized);
    QVERIFY(events.at(0).data.isEmpty());
    QVERIFY(events.at(0).size >= 5000);
    QVERIFY(!events.at(1).oversized);
    QCOMPARE(events.at(1).data, QByteArray("after"));
    // Many data lines adding up past the cap.
    SseParser lines(2048);
    QByteArray many;
    for (int i = 0; i < 100; ++i)
        many += "data: " + QByteArray(50, 'y') + "\n";
    many += "\n";
    events = lines.feed(many);
    QCOMPARE(events.size(), 1);
    QVERIFY(events.at(0).oversized);
}

void tst_SseParser::incompleteEventAtEnd()
{
    SseParser parser;
    QVERIFY(parser.feed("data: partial\n").isEmpty());
    QVERIFY(parser.finish());
    QVERIFY(!parser.finish());
    // Nothing of the incomplete event leaks into the next one.
    const auto events = parser.feed("data: next\n\n");
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.at(0).data, QByteArray("next"));
}

void tst_SseParser::bomSplitAcrossChunks()
{
    SseParser parser;
    QVERIFY(parser.feed("\xEF").isEmpty());
    QVERIFY(parser.feed("\xBB").isEmpty());
    const auto events = parser.feed("\xBF" "data: ok\n\n");
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.at(0).data, QByteArray("ok"));
}

QTEST_GUILESS_MAIN(tst_SseParser)
#include "tst_sseparser.moc"
