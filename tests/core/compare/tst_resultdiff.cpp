// ResultDiff (issue 19, item 4): two tool results side by side, their text as a line diff and their
// structured content as the JSON pointers that differ, bounded for huge values.

#include "core/compare/resultdiff.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

namespace {

CallToolResult result(const QByteArray &json)
{
    return CallToolResult::fromJson(QJsonDocument::fromJson(json).object());
}

QStringList describe(const QList<JsonPathChange> &changes)
{
    QStringList out;
    for (const JsonPathChange &change : changes) {
        const char *type = change.type == JsonPathChange::Type::Added ? "+" : change.type == JsonPathChange::Type::Removed ? "-" : "~";
        out.append(QString::fromLatin1(type) + change.pointer + u' ' + ResultDiff::preview(change.before) + u'>'
                   + ResultDiff::preview(change.after));
    }
    return out;
}

} // namespace

class tst_ResultDiff : public QObject
{
    Q_OBJECT

private slots:
    void equalResultsHaveNoDifference();
    void textIsALineDiff();
    void structuredContentByPointer();
    void structuredContentAppearsOrGoes();
    void hugeValuesAreBounded();
    void otherContentAndIsError();
};

void tst_ResultDiff::equalResultsHaveNoDifference()
{
    const QByteArray json = R"({"content":[{"type":"text","text":"a\nb"}],"structuredContent":{"n":1}})";
    const ResultDiff diff = ResultDiff::between(result(json), result(json));
    QVERIFY(diff.isEmpty());
    QVERIFY(diff.textDiff.isEmpty());
}

void tst_ResultDiff::textIsALineDiff()
{
    const ResultDiff diff = ResultDiff::between(result(R"({"content":[{"type":"text","text":"one\ntwo\nthree"}]})"),
                                                result(R"({"content":[{"type":"text","text":"one\n2\nthree\nfour"}]})"));
    QVERIFY(diff.textChanged);
    QVERIFY(!diff.isEmpty());
    QCOMPARE(diff.textDiff, (QStringList{u"  one"_s, u"- two"_s, u"+ 2"_s, u"  three"_s, u"+ four"_s}));
    QVERIFY(diff.structuredChanges.isEmpty());
}

void tst_ResultDiff::structuredContentByPointer()
{
    const ResultDiff diff = ResultDiff::between(
        result(R"({"content":[],"structuredContent":{"city":"Oslo","temp":{"now":3,"max":5},"tags":["a","b"],"gone":true,"a/b":1,"t~":1}})"),
        result(R"({"content":[],"structuredContent":{"city":"Oslo","temp":{"now":4,"max":5,"min":-1},"tags":["a"],"new":null,"a/b":2,"t~":"1"}})"));
    QVERIFY(!diff.textChanged);
    QCOMPARE(describe(diff.structuredChanges), (QStringList{
        u"~/a~1b 1>2"_s,
        u"-/gone true>"_s,
        u"+/new >null"_s,
        u"-/tags/1 \"b\">"_s,
        u"+/temp/min >-1"_s,
        u"~/temp/now 3>4"_s,
        u"~/t~0 1>\"1\""_s,
    }));
    QVERIFY(!diff.structuredTruncated);
}

void tst_ResultDiff::structuredContentAppearsOrGoes()
{
    const ResultDiff appears = ResultDiff::between(result(R"({"content":[]})"), result(R"({"content":[],"structuredContent":{"n":1}})"));
    QCOMPARE(describe(appears.structuredChanges), QStringList{u"+ >{\"n\":1}"_s});
    const ResultDiff goes = ResultDiff::between(result(R"({"content":[],"structuredContent":{"n":1}})"), result(R"({"content":[]})"));
    QCOMPARE(describe(goes.structuredChanges), QStringList{u"- {\"n\":1}>"_s});
}

void tst_ResultDiff::hugeValuesAreBounded()
{
    QJsonObject a, b;
    QJsonArray many;
    for (int i = 0; i < 2000; ++i) {
        a.insert(QStringLiteral("k%1").arg(i, 4, 10, QLatin1Char('0')), i);
        b.insert(QStringLiteral("k%1").arg(i, 4, 10, QLatin1Char('0')), i + 1);
    }
    CallToolResult x, y;
    x.structuredContent = a;
    y.structuredContent = b;
    ResultDiff::Limits limits;
    limits.maxPathChanges = 100;
    const ResultDiff diff = ResultDiff::between(x, y, limits);
    QCOMPARE(diff.structuredChanges.size(), 100);
    QVERIFY(diff.structuredTruncated);
    QCOMPARE(diff.structuredChanges.first().pointer, u"/k0000"_s);

    const QString preview = ResultDiff::preview(QString(100000, u'x'), 50);
    QVERIFY2(preview.size() < 100, qPrintable(preview));
    QVERIFY(preview.contains(u"100002"_s)); // the full size, quotes included

    // A text of many lines is diffed and capped, not quadratic.
    QStringList lines;
    for (int i = 0; i < 5000; ++i)
        lines.append(QString::number(i));
    CallToolResult t1, t2;
    t1.content = {Content::makeText(lines.join(u'\n'))};
    lines[10] = u"changed"_s;
    t2.content = {Content::makeText(lines.join(u'\n'))};
    limits.maxTextLines = 300;
    const ResultDiff text = ResultDiff::between(t1, t2, limits);
    QVERIFY(text.textChanged);
    // One changed line: it and three lines of context each side, the unchanged rest summed up.
    QVERIFY2(text.textDiff.contains(u"- 10"_s) && text.textDiff.contains(u"+ changed"_s), qPrintable(text.textDiff.join(u'\n')));
    QVERIFY2(text.textDiff.size() <= 12, qPrintable(text.textDiff.join(u'\n')));
    // Every line changed: capped at maxTextLines, and the cut said.
    for (int i = 0; i < 5000; i += 2)
        lines[i] = u"other "_s + QString::number(i);
    t2.content = {Content::makeText(lines.join(u'\n'))};
    const ResultDiff everyOther = ResultDiff::between(t1, t2, limits);
    QCOMPARE(everyOther.textDiff.size(), 301);
}

void tst_ResultDiff::otherContentAndIsError()
{
    const ResultDiff diff = ResultDiff::between(
        result(R"({"content":[{"type":"text","text":"same"},{"type":"image","data":"AAAA","mimeType":"image/png"}]})"),
        result(R"({"content":[{"type":"text","text":"same"},{"type":"image","data":"BBBB","mimeType":"image/png"}],"isError":true})"));
    QVERIFY(!diff.textChanged);
    QVERIFY(diff.otherContentChanged);
    QVERIFY(diff.isErrorChanged);
    QVERIFY(!diff.isEmpty());
}

QTEST_GUILESS_MAIN(tst_ResultDiff)
#include "tst_resultdiff.moc"
