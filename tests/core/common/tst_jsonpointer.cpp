// JSON Pointer (RFC 6901): the one implementation that schemas, rules on argument values, collection
// expectations and result diffs share. Before it was shared, the copies disagreed on array indexes:
// the schema's accepted "01", the others "+1".

#include "core/common/jsonpointer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

class tst_JsonPointer : public QObject
{
    Q_OBJECT

private slots:
    void valueAt_data();
    void valueAt();
    void escapesRoundTrip();
};

void tst_JsonPointer::valueAt_data()
{
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("expected"); // compact JSON of the value; empty: designates nothing
    QTest::addRow("whole document") << u""_s << u"{\"a\":[10,20,{\"b\":true}],\"a/b\":1,\"m~n\":2,\"\":3}"_s;
    QTest::addRow("member") << u"/a/1"_s << u"20"_s;
    QTest::addRow("nested") << u"/a/2/b"_s << u"true"_s;
    QTest::addRow("escaped slash") << u"/a~1b"_s << u"1"_s;
    QTest::addRow("escaped tilde") << u"/m~0n"_s << u"2"_s;
    QTest::addRow("empty key") << u"/"_s << u"3"_s;
    QTest::addRow("index zero") << u"/a/0"_s << u"10"_s;
    QTest::addRow("leading zero") << u"/a/01"_s << QString();
    QTest::addRow("plus sign") << u"/a/+1"_s << QString();
    QTest::addRow("minus sign") << u"/a/-1"_s << QString();
    QTest::addRow("past the end") << u"/a/3"_s << QString();
    QTest::addRow("end marker") << u"/a/-"_s << QString();
    QTest::addRow("space") << u"/a/ 1"_s << QString();
    QTest::addRow("huge index") << u"/a/99999999999999999999"_s << QString();
    QTest::addRow("missing member") << u"/x"_s << QString();
    QTest::addRow("through a scalar") << u"/a/0/b"_s << QString();
    QTest::addRow("no leading slash") << u"a"_s << QString();
}

void tst_JsonPointer::valueAt()
{
    QFETCH(QString, pointer);
    QFETCH(QString, expected);
    const QJsonObject document{{u"a"_s, QJsonArray{10, 20, QJsonObject{{u"b"_s, true}}}},
                               {u"a/b"_s, 1},
                               {u"m~n"_s, 2},
                               {u""_s, 3}};
    const std::optional<QJsonValue> found = JsonPointer::valueAt(document, pointer);
    if (expected.isEmpty()) {
        QVERIFY(!found);
        return;
    }
    QVERIFY(found);
    const QString text = QString::fromUtf8(QJsonDocument(QJsonArray{*found}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
    if (expected.startsWith(u'{'))
        QCOMPARE(found->toObject(), QJsonDocument::fromJson(expected.toUtf8()).object());
    else
        QCOMPARE(text, expected);
}

void tst_JsonPointer::escapesRoundTrip()
{
    const QString token = u"a/~b"_s;
    QCOMPARE(JsonPointer::escapePointerToken(token), u"a~1~0b"_s);
    const QString pointer = JsonPointer::pointerAppend(JsonPointer::pointerAppend(QString(), token), 2);
    QCOMPARE(pointer, u"/a~1~0b/2"_s);
    QCOMPARE(*JsonPointer::pointerTokens(pointer), (QStringList{token, u"2"_s}));
}

QTEST_GUILESS_MAIN(tst_JsonPointer)
#include "tst_jsonpointer.moc"
