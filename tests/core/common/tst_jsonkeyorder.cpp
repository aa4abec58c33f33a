// JsonKeyOrder and the writers that use it: the order of keys as a peer or a person wrote them,
// which QJsonObject forgets (it sorts), kept for the JSON people see and send (issue #14 item 2).

#include "core/common/jsonkeyorder.h"
#include "core/jsonrpc/jsonwriter.h"
#include "core/schema/schemanode.h"

#include "../../support/testjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

using namespace Toolgate;
using Toolgate::TestSupport::parseObject;
using Toolgate::TestSupport::parseValue;

class tst_JsonKeyOrder : public QObject
{
    Q_OBJECT

private slots:
    void readsTheTextOrder();
    void arraysKeepTheirElementsApart();
    void repeatedKeysAreListedOnce();
    void brokenOrDeepTextKeepsWhatWasRead();
    void orderedKeysPutUnknownKeysLast();
    void emptyOrderWritesWhatQtWrites_data();
    void emptyOrderWritesWhatQtWrites();
    void writersFollowTheOrder();
    void schemaNodeAsksInTheSchemasOrder();
    void schemaNodeFindsTheOrderBehindReferences();
    void schemaNodeWithoutTextOrderKeepsRequiredFirst();
};

void tst_JsonKeyOrder::readsTheTextOrder()
{
    const JsonKeyOrder order = JsonKeyOrder::fromJson(R"({"zeta":1,"alpha":{"path":"p","content":"c"},"mid":[]})");
    QCOMPARE(order.keys(), (QStringList{"zeta", "alpha", "mid"}));
    QCOMPARE(order.member(u"alpha").keys(), (QStringList{"path", "content"}));
    QVERIFY(order.member(u"zeta").isEmpty());
    QVERIFY(order.member(u"nothing").isEmpty());
}

void tst_JsonKeyOrder::arraysKeepTheirElementsApart()
{
    // Scalars take their place too, so element(i) is the i-th element whatever comes before it.
    const JsonKeyOrder order = JsonKeyOrder::fromJson(R"([1, {"b":1,"a":2}, "x", {"d":1,"c":2}])");
    QCOMPARE(order.elementCount(), 4);
    QVERIFY(order.element(0).isEmpty());
    QCOMPARE(order.element(1).keys(), (QStringList{"b", "a"}));
    QCOMPARE(order.element(3).keys(), (QStringList{"d", "c"}));
    QVERIFY(order.element(4).isEmpty());

    JsonKeyOrder built;
    built.setEveryElement(JsonKeyOrder::fromKeys({"y", "x"}));
    QCOMPARE(built.element(7).keys(), (QStringList{"y", "x"}));
}

void tst_JsonKeyOrder::repeatedKeysAreListedOnce()
{
    // Qt keeps the last of repeated keys; the order lists the key where it first appeared.
    const JsonKeyOrder order = JsonKeyOrder::fromJson(R"({"b":{"x":1},"a":1,"b":{"z":1,"y":2}})");
    QCOMPARE(order.keys(), (QStringList{"b", "a"}));
    QCOMPARE(order.member(u"b").keys(), (QStringList{"z", "y"}));
}

void tst_JsonKeyOrder::brokenOrDeepTextKeepsWhatWasRead()
{
    const JsonKeyOrder broken = JsonKeyOrder::fromJson(R"({"b":1,"a":{"d":1,"c")");
    QCOMPARE(broken.keys(), (QStringList{"b", "a"}));
    QCOMPARE(broken.member(u"a").keys(), (QStringList{"d", "c"}));
    QVERIFY(JsonKeyOrder::fromJson("not json").isEmpty());
    QVERIFY(JsonKeyOrder::fromJson("").isEmpty());

    // 100,000 levels: read without recursing, recorded to maxDepth, the rest falls back to sorted.
    const int depth = 100'000;
    QByteArray deep;
    for (int i = 0; i < depth; ++i)
        deep += R"({"b":1,"a":)";
    deep += "0";
    deep += QByteArray(depth, '}');
    JsonKeyOrder level = JsonKeyOrder::fromJson(deep);
    int recorded = 0;
    while (!level.isEmpty()) {
        QCOMPARE(level.keys(), (QStringList{"b", "a"}));
        level = level.member(u"a");
        ++recorded;
    }
    QCOMPARE(recorded, JsonKeyOrder::maxDepth);
}

void tst_JsonKeyOrder::orderedKeysPutUnknownKeysLast()
{
    const JsonKeyOrder order = JsonKeyOrder::fromKeys({"path", "content", "missing"});
    const QJsonObject object = parseObject(R"({"content":1,"zzz":2,"path":3,"aaa":4})");
    QCOMPARE(order.orderedKeys(object), (QStringList{"path", "content", "aaa", "zzz"}));
    QCOMPARE(JsonKeyOrder().orderedKeys(object), object.keys());
}

void tst_JsonKeyOrder::emptyOrderWritesWhatQtWrites_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("flat") << QByteArray(R"({"b":1,"a":"x","c":null})");
    QTest::newRow("nested") << QByteArray(R"({"b":{"y":[1,2.5,{"q":true}],"x":{}},"a":[[],"\u0001é"]})");
    QTest::newRow("array") << QByteArray(R"([{"b":1,"a":2},3,"four"])");
}

void tst_JsonKeyOrder::emptyOrderWritesWhatQtWrites()
{
    QFETCH(QByteArray, json);
    const QJsonValue value = parseValue(json);
    const QJsonDocument document = value.isObject() ? QJsonDocument(value.toObject()) : QJsonDocument(value.toArray());
    QByteArray compact;
    JsonWriter::appendValue(compact, value, JsonKeyOrder());
    QCOMPARE(compact, document.toJson(QJsonDocument::Compact));
    // Indented: Qt's layout, except that empty containers stay on one line and no newline ends it.
    QString qtIndented = QString::fromUtf8(document.toJson(QJsonDocument::Indented).trimmed());
    qtIndented.replace(QRegularExpression(QStringLiteral("\\{\\n *\\}")), QStringLiteral("{}"));
    qtIndented.replace(QRegularExpression(QStringLiteral("\\[\\n *\\]")), QStringLiteral("[]"));
    QCOMPARE(QString::fromUtf8(JsonWriter::toIndentedJson(value)), qtIndented);
}

void tst_JsonKeyOrder::writersFollowTheOrder()
{
    const QByteArray text = R"({"path":"/tmp/a","content":"hi","options":{"mode":"w","backup":true},"list":[{"z":1,"a":2}]})";
    const QJsonObject object = parseObject(text);
    const JsonKeyOrder order = JsonKeyOrder::fromJson(text);
    QByteArray compact;
    JsonWriter::appendObject(compact, object, order);
    QCOMPARE(compact, text);
    QCOMPARE(JsonWriter::toIndentedJson(object, order),
             QByteArray("{\n"
                        "    \"path\": \"/tmp/a\",\n"
                        "    \"content\": \"hi\",\n"
                        "    \"options\": {\n"
                        "        \"mode\": \"w\",\n"
                        "        \"backup\": true\n"
                        "    },\n"
                        "    \"list\": [\n"
                        "        {\n"
                        "            \"z\": 1,\n"
                        "            \"a\": 2\n"
                        "        }\n"
                        "    ]\n"
                        "}"));
}

void tst_JsonKeyOrder::schemaNodeAsksInTheSchemasOrder()
{
    // server-filesystem's write_file and edit_file, as the issue saw them.
    const QByteArray schema = R"({"type":"object","properties":{
        "path":{"type":"string"},
        "content":{"type":"string"},
        "edits":{"type":"array","items":{"type":"object","properties":{"oldText":{"type":"string"},"newText":{"type":"string"}},
                                         "required":["oldText","newText"]}},
        "dryRun":{"type":"boolean"}},
        "required":["path","content"]})";
    const SchemaNode node = SchemaNode::fromSchema(parseObject(schema), JsonKeyOrder::fromJson(schema));
    QCOMPARE(node.propertyNames(), (QStringList{"path", "content", "edits", "dryRun"}));
    const SchemaNode &edit = *node.property(QStringLiteral("edits"))->node->items;
    QCOMPARE(edit.propertyNames(), (QStringList{"oldText", "newText"}));

    // What the form sends: the same order, nested objects and array items too.
    const JsonKeyOrder values = node.valueOrder();
    QCOMPARE(values.keys(), (QStringList{"path", "content", "edits", "dryRun"}));
    QCOMPARE(values.member(u"edits").element(3).keys(), (QStringList{"oldText", "newText"}));
}

void tst_JsonKeyOrder::schemaNodeFindsTheOrderBehindReferences()
{
    // Flattening follows $ref and merges allOf: a referenced definition keeps its own order, and
    // merged parts list their properties in the order the text first names them.
    const QByteArray schema = R"({"type":"object","properties":{
        "target":{"$ref":"#/$defs/place"},
        "merged":{"allOf":[{"properties":{"zeta":{"type":"string"}}},{"properties":{"beta":{"type":"string"},"alpha":{"type":"string"}}}]}},
        "$defs":{"place":{"type":"object","properties":{"street":{"type":"string"},"city":{"type":"string"},"country":{"type":"string"}}}}})";
    const SchemaNode node = SchemaNode::fromSchema(parseObject(schema), JsonKeyOrder::fromJson(schema));
    QCOMPARE(node.propertyNames(), (QStringList{"target", "merged"}));
    QCOMPARE(node.property(QStringLiteral("target"))->node->propertyNames(), (QStringList{"street", "city", "country"}));
    QCOMPARE(node.property(QStringLiteral("merged"))->node->propertyNames(), (QStringList{"zeta", "beta", "alpha"}));
}

void tst_JsonKeyOrder::schemaNodeWithoutTextOrderKeepsRequiredFirst()
{
    const SchemaNode node = SchemaNode::fromSchema(
        parseObject(R"({"type":"object","properties":{"b":{},"a":{},"c":{}},"required":["c"]})"));
    QCOMPARE(node.propertyNames(), (QStringList{"c", "a", "b"}));
}

QTEST_GUILESS_MAIN(tst_JsonKeyOrder)
#include "tst_jsonkeyorder.moc"
