#include "ui/viewers/jsontreemodel.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

using namespace Toolgate;
using namespace Qt::StringLiterals;

namespace {

QJsonObject nested()
{
    return QJsonDocument::fromJson(R"({
        "name": "demo",
        "count": 3,
        "big": 9007199254740993,
        "ratio": 0.1,
        "ok": true,
        "nothing": null,
        "items": [ {"id": 1, "tags": ["a", "b"]}, {"id": 2, "tags": []}, 7, "x" ],
        "weird key": {"deeper": {"deepest": [[1, 2], [3]]}},
        "html": "<b>bold</b><img src='http://127.0.0.1:1/x.png'>",
        "multi": "line one\nline two",
        "empty": {}
    })").object();
}

QModelIndex find(const JsonTreeModel &model, const QString &key, const QModelIndex &parent = {})
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, JsonTreeModel::KeyColumn, parent);
        if (index.data().toString() == key)
            return index;
    }
    return {};
}

QString cell(const QModelIndex &index, int column)
{
    return index.siblingAtColumn(column).data().toString();
}

} // namespace

class tst_JsonTreeModel : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { QTRY_VERIFY(QApplication::topLevelWidgets().isEmpty()); }
    void passesModelTester();
    void columnsAndHeaders();
    void valuesAndTypes();
    void arraysAndNesting();
    void pathRole();
    void scalarRoot();
    void toolTipsAreEscaped();
    void resetKeepsTesterHappy();
    void bigArrayIsLazy();
    void worksInATreeView();
};

void tst_JsonTreeModel::passesModelTester()
{
    JsonTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setJson(nested());
    // Walk everything so the tester sees every index.
    std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
        for (int row = 0; row < model.rowCount(parent); ++row) {
            for (int column = 0; column < model.columnCount(parent); ++column) {
                const QModelIndex index = model.index(row, column, parent);
                QVERIFY(index.isValid());
                QCOMPARE(model.parent(index), parent);
                QVERIFY(!index.data().toString().isNull() || column == JsonTreeModel::ValueColumn);
            }
            walk(model.index(row, 0, parent));
        }
    };
    walk({});
    QVERIFY(!model.index(0, 1, model.index(6, 1)).isValid()); // children only under column 0
    QVERIFY(!model.index(99, 0).isValid());
    QVERIFY(!model.index(0, 3).isValid());
}

void tst_JsonTreeModel::columnsAndHeaders()
{
    JsonTreeModel model;
    model.setJson(nested());
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), u"Key"_s);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), u"Value"_s);
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), u"Type"_s);
    QCOMPARE(model.rowCount(), nested().size());
}

void tst_JsonTreeModel::valuesAndTypes()
{
    JsonTreeModel model;
    model.setJson(nested());
    QCOMPARE(cell(find(model, u"name"_s), 1), u"demo"_s);
    QCOMPARE(cell(find(model, u"name"_s), 2), u"string"_s);
    QCOMPARE(cell(find(model, u"count"_s), 1), u"3"_s);
    QCOMPARE(cell(find(model, u"count"_s), 2), u"number"_s);
    QCOMPARE(cell(find(model, u"big"_s), 1), u"9007199254740993"_s); // no double rounding
    QCOMPARE(cell(find(model, u"ratio"_s), 1), u"0.1"_s);
    QCOMPARE(cell(find(model, u"ok"_s), 1), u"true"_s);
    QCOMPARE(cell(find(model, u"ok"_s), 2), u"boolean"_s);
    QCOMPARE(cell(find(model, u"nothing"_s), 1), u"null"_s);
    QCOMPARE(cell(find(model, u"nothing"_s), 2), u"null"_s);
    QCOMPARE(cell(find(model, u"items"_s), 1), u"[4 items]"_s);
    QCOMPARE(cell(find(model, u"items"_s), 2), u"array"_s);
    QCOMPARE(cell(find(model, u"weird key"_s), 1), u"{1 key}"_s);
    QCOMPARE(cell(find(model, u"empty"_s), 1), u"{0 keys}"_s);
    QCOMPARE(cell(find(model, u"multi"_s), 1), u"line one⏎line two"_s);
    QVERIFY(!model.hasChildren(find(model, u"empty"_s)));
    QVERIFY(model.flags(find(model, u"name"_s)) & Qt::ItemNeverHasChildren);
    QCOMPARE(find(model, u"count"_s).siblingAtColumn(1).data(JsonTreeModel::JsonValueRole).value<QJsonValue>(),
             QJsonValue(3));
}

void tst_JsonTreeModel::arraysAndNesting()
{
    JsonTreeModel model;
    model.setJson(nested());
    const QModelIndex items = find(model, u"items"_s);
    QCOMPARE(model.rowCount(items), 4);
    const QModelIndex first = model.index(0, 0, items);
    QCOMPARE(first.data().toString(), u"[0]"_s);
    QCOMPARE(cell(first, 2), u"object"_s);
    const QModelIndex tags = find(model, u"tags"_s, first);
    QCOMPARE(model.rowCount(tags), 2);
    QCOMPARE(cell(model.index(1, 0, tags), 1), u"b"_s);
    QCOMPARE(model.parent(model.index(1, 0, tags)), tags);
    QCOMPARE(model.parent(tags), first);
    QCOMPARE(model.parent(first), items);
    QCOMPARE(cell(model.index(2, 0, items), 1), u"7"_s);
}

void tst_JsonTreeModel::pathRole()
{
    JsonTreeModel model;
    model.setJson(nested());
    const QModelIndex items = find(model, u"items"_s);
    const QModelIndex tags = find(model, u"tags"_s, model.index(0, 0, items));
    QCOMPARE(model.index(1, 0, tags).data(JsonTreeModel::JsonPathRole).toString(), u"$.items[0].tags[1]"_s);
    const QModelIndex weird = find(model, u"weird key"_s);
    const QModelIndex deeper = find(model, u"deeper"_s, weird);
    QCOMPARE(deeper.data(JsonTreeModel::JsonPathRole).toString(), u"$[\"weird key\"].deeper"_s);
}

void tst_JsonTreeModel::scalarRoot()
{
    JsonTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setJson(QJsonValue(42));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(cell(model.index(0, 0), 0), u"(value)"_s);
    QCOMPARE(cell(model.index(0, 0), 1), u"42"_s);
    QCOMPARE(model.json(), QJsonValue(42));
    model.setJson(QJsonArray{1, 2});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.json(), QJsonValue(QJsonArray{1, 2}));
}

void tst_JsonTreeModel::toolTipsAreEscaped()
{
    JsonTreeModel model;
    model.setJson(nested());
    const QString tip = find(model, u"html"_s).siblingAtColumn(1).data(Qt::ToolTipRole).toString();
    QVERIFY(tip.contains(u"&lt;b&gt;"_s));
    QVERIFY(!tip.contains(u"<img"_s));
    QVERIFY(!tip.contains(u"<b>"_s));
}

void tst_JsonTreeModel::resetKeepsTesterHappy()
{
    JsonTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setJson(nested());
    (void)model.index(0, 0, find(model, u"items"_s)); // materialise some children
    model.setJson(QJsonObject{{u"a"_s, 1}});
    QCOMPARE(reset.count(), 2);
    QCOMPARE(model.rowCount(), 1);
    model.setJson(QJsonObject());
    QCOMPARE(model.rowCount(), 0);
}

void tst_JsonTreeModel::bigArrayIsLazy()
{
    QJsonArray big;
    for (int i = 0; i < 200000; ++i)
        big.append(QJsonObject{{u"i"_s, i}});
    JsonTreeModel model;
    QElapsedTimer timer;
    timer.start();
    model.setJson(QJsonObject{{u"rows"_s, big}});
    const QModelIndex rows = model.index(0, 0);
    QCOMPARE(model.rowCount(rows), 200000);
    const QModelIndex last = model.index(199999, 0, rows);
    QCOMPARE(cell(model.index(0, 0, last), 1), u"199999"_s);
    QVERIFY2(timer.elapsed() < 500, qPrintable(QString::number(timer.elapsed())));
}

void tst_JsonTreeModel::worksInATreeView()
{
    JsonTreeModel model;
    model.setJson(nested());
    QTreeView view;
    view.setModel(&model);
    view.expandAll();
    view.resize(600, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.visualRect(model.index(0, 0)).isValid());
}

QTEST_MAIN(tst_JsonTreeModel)
#include "tst_jsontreemodel.moc"
