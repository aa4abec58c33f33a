#include "testtable.h"
#include "core/transport/linebuffer.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using Toolgate::TestSupport::addColumns;

namespace {

// Feeds chunks and records what the buffer reports, in order: "L:<line>" for a line,
// "O:<size>:<head>" for an overflow.
struct Recorder
{
    QList<QByteArray> events;
    QList<QByteArray> heads;

    void feed(LineBuffer &buffer, const QByteArray &chunk)
    {
        buffer.feed(
            chunk, [this](const QByteArray &line) { events.append("L:" + line); },
            [this](const QByteArray &head, qint64 size) {
                events.append("O:" + QByteArray::number(size) + ':' + head);
                heads.append(head);
            });
    }
};

} // namespace

class tst_LineBuffer : public QObject
{
    Q_OBJECT

private slots:
    void framing_data();
    void framing();
    void overflowBeforeNewline();
    void overflowHeadIsCapped();
    void lineAtLimitThroughFastAndSlowPath();
    void remainderAfterLines();
};

void tst_LineBuffer::framing_data()
{
    addColumns<qint64, QList<QByteArray>, QList<QByteArray>, QByteArray>("limit", "chunks", "events", "remainder");

    using L = QList<QByteArray>;
    QTest::addRow("one line") << qint64(100) << L{"hello\n"} << L{"L:hello"} << QByteArray();
    QTest::addRow("split across chunks") << qint64(100) << L{"hel", "lo wo", "rld\n"} << L{"L:hello world"} << QByteArray();
    QTest::addRow("several lines per chunk") << qint64(100) << L{"a\nbb\nccc\n"} << L{"L:a", "L:bb", "L:ccc"} << QByteArray();
    QTest::addRow("lines straddling chunks")
        << qint64(100) << L{"a\nb", "b\nc", "c\nd"} << L{"L:a", "L:bb", "L:cc"} << "d"_ba;
    QTest::addRow("CRLF") << qint64(100) << L{"one\r\ntwo\r\n"} << L{"L:one", "L:two"} << QByteArray();
    QTest::addRow("CR and LF in different chunks") << qint64(100) << L{"one\r", "\ntwo\r\n"} << L{"L:one", "L:two"} << QByteArray();
    QTest::addRow("CR inside a line is kept") << qint64(100) << L{"a\rb\n"} << L{"L:a\rb"} << QByteArray();
    QTest::addRow("empty lines skipped")
        << qint64(100) << L{"\n\n a\n\r\n\nb\n"} << L{"L: a", "L:b"} << QByteArray();
    QTest::addRow("empty lines skipped, buffered path")
        << qint64(100) << L{"x", "\n\n\r\ny\n"} << L{"L:x", "L:y"} << QByteArray();
    QTest::addRow("empty chunks") << qint64(100) << L{"", "a", "", "\n", ""} << L{"L:a"} << QByteArray();
    QTest::addRow("line exactly at the limit") << qint64(5) << L{"abcde\n"} << L{"L:abcde"} << QByteArray();
    QTest::addRow("line exactly at the limit, in pieces")
        << qint64(5) << L{"abc", "de", "\n"} << L{"L:abcde"} << QByteArray();
    QTest::addRow("line exactly at the limit, newline with the next line")
        << qint64(5) << L{"abcde", "\nx\n"} << L{"L:abcde", "L:x"} << QByteArray();
    QTest::addRow("limit+1 dropped, next line delivered")
        << qint64(5) << L{"abcdef\nnext\n"} << L{"O:6:abcdef", "L:next"} << QByteArray();
    QTest::addRow("limit+1 in pieces")
        << qint64(5) << L{"abc", "def", "\nnext\n"} << L{"O:6:abcdef", "L:next"} << QByteArray();
    QTest::addRow("limit+1 completed by a chunk with more lines")
        << qint64(5) << L{"ab", "cdefg\nh\n"} << L{"O:7:abcdefg", "L:h"} << QByteArray();
    QTest::addRow("line before and after an oversized one")
        << qint64(3) << L{"ok\ntoolong\nyes\n"} << L{"L:ok", "O:7:toolong", "L:yes"} << QByteArray();
    QTest::addRow("two oversized lines each reported once")
        << qint64(3) << L{"aaaa\nbbbb\ncc\n"} << L{"O:4:aaaa", "O:4:bbbb", "L:cc"} << QByteArray();
    QTest::addRow("unbounded line reported once while it streams")
        << qint64(3) << L{"aaaa", "aaaa", "aaaa", "aa\nz\n"} << L{"O:4:aaaa", "L:z"} << QByteArray();
    QTest::addRow("unbounded line then partial line")
        << qint64(3) << L{"aaaaaa", "a\nzz"} << L{"O:6:aaaaaa"} << "zz"_ba;
    QTest::addRow("oversized remainder at EOF is dropped")
        << qint64(4) << L{"abcdefgh"} << L{"O:8:abcdefgh"} << QByteArray();
    QTest::addRow("remainder at EOF") << qint64(100) << L{"a\npartial"} << L{"L:a"} << "partial"_ba;
    QTest::addRow("remainder in pieces") << qint64(100) << L{"par", "tial"} << L{} << "partial"_ba;
    QTest::addRow("remainder loses its CR") << qint64(100) << L{"x\r"} << L{} << "x"_ba;
    QTest::addRow("UTF-8 split inside characters")
        << qint64(100) << L{"h\xc3", "\xa9llo \xe2\x9c", "\x93 \xf0\x9f", "\x98\x80\n"}
        << L{"L:h\xc3\xa9llo \xe2\x9c\x93 \xf0\x9f\x98\x80"} << QByteArray();
    QTest::addRow("UTF-8 line exactly at the limit in bytes")
        << qint64(4) << L{"\xe2\x9c\x93", "a\n", "\xc3\xa9\xc3\xa9\xc3\xa9\n"}
        << L{"L:\xe2\x9c\x93" "a", "O:6:\xc3\xa9\xc3\xa9\xc3\xa9"} << QByteArray();
}

void tst_LineBuffer::framing()
{
    QFETCH(qint64, limit);
    QFETCH(QList<QByteArray>, chunks);
    QFETCH(QList<QByteArray>, events);
    QFETCH(QByteArray, remainder);

    LineBuffer buffer(limit);
    QCOMPARE(buffer.maxLineLength(), limit);
    Recorder recorder;
    for (const QByteArray &chunk : std::as_const(chunks))
        recorder.feed(buffer, chunk);
    QCOMPARE(recorder.events, events);
    QVERIFY(buffer.buffered() <= limit);
    QCOMPARE(buffer.takeRemainder(), remainder);
    QCOMPARE(buffer.buffered(), 0);
    QCOMPARE(buffer.takeRemainder(), QByteArray());

    // The buffer is reusable after EOF.
    recorder.events.clear();
    recorder.feed(buffer, "ok\n");
    QCOMPARE(recorder.events, QList<QByteArray>{"L:ok"});
}

void tst_LineBuffer::overflowBeforeNewline()
{
    // A peer that never sends a newline must not make us buffer without bound: the overflow is
    // reported as soon as the limit is crossed, not when (if ever) the newline arrives.
    LineBuffer buffer(1000);
    Recorder recorder;
    recorder.feed(buffer, QByteArray(600, 'a'));
    QCOMPARE(recorder.events.size(), 0);
    QCOMPARE(buffer.buffered(), 600);
    recorder.feed(buffer, QByteArray(600, 'a'));
    QCOMPARE(recorder.events.size(), 1);
    QVERIFY(recorder.events.first().startsWith("O:1200:aaaa"));
    QCOMPARE(buffer.buffered(), 0);

    for (int i = 0; i < 100; ++i)
        recorder.feed(buffer, QByteArray(10000, 'b'));
    QCOMPARE(recorder.events.size(), 1); // still reported once
    QCOMPARE(buffer.buffered(), 0);      // and nothing kept

    recorder.feed(buffer, "bbb\nnext line\n");
    QCOMPARE(recorder.events.size(), 2);
    QCOMPARE(recorder.events.at(1), "L:next line"_ba);
}

void tst_LineBuffer::overflowHeadIsCapped()
{
    LineBuffer buffer(10);
    Recorder recorder;
    QByteArray line = "{\"id\":42,";
    line.append(QByteArray(20000, 'x'));
    recorder.feed(buffer, line + "\nok\n");
    QCOMPARE(recorder.heads.size(), 1);
    QCOMPARE(recorder.heads.first().size(), 4096);
    QVERIFY(recorder.heads.first().startsWith("{\"id\":42,xxx"));
    QCOMPARE(recorder.events.last(), "L:ok"_ba);

    // Same through the streaming path.
    LineBuffer streaming(10);
    Recorder r2;
    r2.feed(streaming, "{\"id\":");
    r2.feed(streaming, "7," + QByteArray(20000, 'y'));
    QCOMPARE(r2.heads.size(), 1);
    QCOMPARE(r2.heads.first().size(), 4096);
    QVERIFY(r2.heads.first().startsWith("{\"id\":7,yyy"));
}

void tst_LineBuffer::lineAtLimitThroughFastAndSlowPath()
{
    const qint64 limit = 64 * 1024;
    for (const qint64 size : {limit - 1, limit, limit + 1}) {
        const QByteArray line(size, 'z');
        // In one chunk (fast path).
        {
            LineBuffer buffer(limit);
            Recorder recorder;
            recorder.feed(buffer, line + "\nend\n");
            QCOMPARE(recorder.events.size(), 2);
            if (size <= limit)
                QCOMPARE(recorder.events.first(), "L:" + line);
            else
                QCOMPARE(recorder.heads.size(), 1);
            QCOMPARE(recorder.events.last(), "L:end"_ba);
        }
        // In 4 KiB pieces, as a pipe delivers it (buffered path).
        {
            LineBuffer buffer(limit);
            Recorder recorder;
            const QByteArray stream = line + "\nend\n";
            for (qsizetype at = 0; at < stream.size(); at += 4096)
                recorder.feed(buffer, stream.mid(at, 4096));
            QCOMPARE(recorder.events.size(), 2);
            if (size <= limit) {
                QCOMPARE(recorder.events.first(), "L:" + line);
            } else {
                QCOMPARE(recorder.heads.size(), 1);
                QVERIFY(recorder.events.first().startsWith("O:"));
            }
            QCOMPARE(recorder.events.last(), "L:end"_ba);
        }
    }
}

void tst_LineBuffer::remainderAfterLines()
{
    LineBuffer buffer(100);
    Recorder recorder;
    recorder.feed(buffer, "first\nsec");
    recorder.feed(buffer, "ond\nthi");
    QCOMPARE(recorder.events, (QList<QByteArray>{"L:first", "L:second"}));
    QCOMPARE(buffer.buffered(), 3);
    QCOMPARE(buffer.takeRemainder(), "thi"_ba);
}

QTEST_GUILESS_MAIN(tst_LineBuffer)
#include "tst_linebuffer.moc"
