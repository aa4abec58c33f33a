#include "core/schema/schemanode.h"

#include "hostileschemas.h"
#include "testjson.h"
#include "testtable.h"

#include <QJsonDocument>
#include <QTest>

#include <algorithm>

using namespace Toolgate;
using Toolgate::TestSupport::addColumns;
using Toolgate::TestSupport::parseObject;

namespace {

QString json(const QJsonValue &value)
{
    const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}

QString number(double value)
{
    return QString::number(value, 'g', 15);
}

// A one-line rendering of everything a node says, so each expectation pins down the whole node.
QString summary(const SchemaNode &node)
{
    QStringList parts{SchemaNode::kindName(node.kind) + (node.nullable ? QStringLiteral("?") : QString())};
    if (!node.title.isEmpty())
        parts << QStringLiteral("title=") + node.title;
    if (!node.description.isEmpty())
        parts << QStringLiteral("description=") + node.description;
    if (!node.defaultValue.isUndefined())
        parts << QStringLiteral("default=") + json(node.defaultValue);
    if (!node.examples.isEmpty())
        parts << QStringLiteral("examples=") + json(node.examples);
    if (!node.enumValues.isEmpty())
        parts << QStringLiteral("enum=") + json(node.enumValues);
    if (node.enumTitles.size() != node.enumValues.size())
        parts << QStringLiteral("BAD-TITLE-COUNT");
    if (std::any_of(node.enumTitles.begin(), node.enumTitles.end(), [](const QString &t) { return !t.isEmpty(); }))
        parts << QStringLiteral("titles=") + node.enumTitles.join(u'|');
    if (!node.format.isEmpty())
        parts << QStringLiteral("format=") + node.format;
    if (node.minimum)
        parts << (node.exclusiveMinimum ? QStringLiteral(">") : QStringLiteral(">=")) + number(*node.minimum);
    if (node.maximum)
        parts << (node.exclusiveMaximum ? QStringLiteral("<") : QStringLiteral("<=")) + number(*node.maximum);
    if (node.multipleOf)
        parts << QStringLiteral("multipleOf=") + number(*node.multipleOf);
    if (node.minLength || node.maxLength)
        parts << QStringLiteral("length=%1..%2").arg(node.minLength ? QString::number(*node.minLength) : QString(),
                                                     node.maxLength ? QString::number(*node.maxLength) : QString());
    if (!node.pattern.isEmpty())
        parts << QStringLiteral("pattern=") + node.pattern;
    if (node.minItems || node.maxItems)
        parts << QStringLiteral("count=%1..%2").arg(node.minItems ? QString::number(*node.minItems) : QString(),
                                                    node.maxItems ? QString::number(*node.maxItems) : QString());
    if (node.uniqueItems)
        parts << QStringLiteral("unique");
    if (node.readOnly)
        parts << QStringLiteral("readOnly");
    if (node.writeOnly)
        parts << QStringLiteral("writeOnly");
    if (node.deprecated)
        parts << QStringLiteral("deprecated");
    if (node.truncated)
        parts << QStringLiteral("truncated");
    if (!node.properties.isEmpty()) {
        QStringList names;
        for (const SchemaProperty &property : node.properties)
            names << property.name + (property.required ? QStringLiteral("*") : QString());
        parts << QStringLiteral("props=") + names.join(u',');
    }
    if (!node.additionalProperties)
        parts << QStringLiteral("noExtra");
    if (node.additionalPropertiesNode)
        parts << QStringLiteral("extra=") + SchemaNode::kindName(node.additionalPropertiesNode->kind);
    if (node.items)
        parts << QStringLiteral("items=") + SchemaNode::kindName(node.items->kind);
    if (!node.tupleItems.isEmpty()) {
        QStringList kinds;
        for (const auto &item : node.tupleItems)
            kinds << SchemaNode::kindName(item->kind);
        parts << QStringLiteral("tuple=") + kinds.join(u',');
    }
    if (!node.choices.isEmpty()) {
        QStringList choices;
        for (const SchemaChoice &choice : node.choices)
            choices << choice.label + u':' + SchemaNode::kindName(choice.node->kind);
        parts << QStringLiteral("choices=") + choices.join(u',');
    }
    return parts.join(u' ');
}

// Follows a path through a node: property names, "[]" for the items, "#n" for choice n.
const SchemaNode *descend(const SchemaNode &root, const QString &path)
{
    const SchemaNode *node = &root;
    for (const QString &step : path.split(u'/', Qt::SkipEmptyParts)) {
        if (step == u"[]") {
            node = node->items.get();
        } else if (step.startsWith(u'#')) {
            const qsizetype index = step.mid(1).toInt();
            node = index < node->choices.size() ? node->choices.at(index).node.get() : nullptr;
        } else {
            const SchemaProperty *property = node->property(step);
            node = property ? property->node.get() : nullptr;
        }
        if (!node)
            return nullptr;
    }
    return node;
}

// One literal per line: moc mis-parses multi-line raw strings.
const QByteArray kEventSchema =
    R"({)"
    R"(  "$schema": "https://json-schema.org/draft/2020-12/schema",)"
    R"(  "title": "Create event",)"
    R"(  "type": "object",)"
    R"(  "$defs": {)"
    R"(    "Color": {"type": "string", "enum": ["red", "green"], "enumNames": ["Red", "Green"], "default": "red"},)"
    R"(    "Attendee": {"type": "object", "properties": {"email": {"type": "string", "format": "email"}, "name": {"type": "string"}},)"
    R"(                 "required": ["email"]},)"
    R"(    "Node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}})"
    R"(  },)"
    R"(  "properties": {)"
    R"(    "title": {"type": "string", "minLength": 1, "maxLength": 100, "description": "Event title"},)"
    R"(    "start": {"type": "string", "format": "date-time"},)"
    R"(    "priority": {"type": "integer", "minimum": 1, "exclusiveMaximum": 6, "default": 3},)"
    R"(    "ratio": {"type": "number", "multipleOf": 0.5},)"
    R"(    "color": {"$ref": "#/$defs/Color", "description": "Calendar color"},)"
    R"(    "notes": {"anyOf": [{"type": "string", "maxLength": 500}, {"type": "null"}], "title": "Notes", "default": null},)"
    R"(    "size": {"oneOf": [{"const": "s", "title": "Small"}, {"const": "m", "title": "Medium"}]},)"
    R"(    "tags": {"type": "array", "items": {"type": "string", "pattern": "^[a-z]+$"}, "minItems": 1, "maxItems": 5, "uniqueItems": true},)"
    R"(    "attendees": {"type": "array", "items": {"$ref": "#/$defs/Attendee"}},)"
    R"(    "location": {"oneOf": [)"
    R"(        {"type": "object", "properties": {"kind": {"const": "room"}, "room": {"type": "string"}}, "required": ["kind", "room"]},)"
    R"(        {"type": "object", "title": "Online", "properties": {"kind": {"const": "online"}, "url": {"type": "string", "format": "uri"}}, "required": ["kind", "url"]},)"
    R"(        {"$ref": "#/$defs/Attendee"}]},)"
    R"(    "id": {"type": "string", "readOnly": true},)"
    R"(    "secret": {"type": "string", "writeOnly": true, "deprecated": true},)"
    R"(    "count": {"type": ["integer", "null"]},)"
    R"(    "mixed": {"type": ["string", "number"], "minLength": 2, "minimum": 0},)"
    R"(    "extra": {"type": "object", "additionalProperties": {"type": "integer"}},)"
    R"(    "closed": {"type": "object", "properties": {"a": {"type": "boolean"}}, "additionalProperties": false},)"
    R"(    "tree": {"$ref": "#/$defs/Node"},)"
    R"(    "merged": {"allOf": [{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},)"
    R"(                         {"properties": {"b": {"type": "integer", "minimum": 0}, "a": {"maxLength": 3}}, "required": ["b"]}]},)"
    R"(    "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}]},)"
    R"(    "remote": {"$ref": "https://example.com/x.json"})"
    R"(  },)"
    R"(  "required": ["title", "start"],)"
    R"(  "additionalProperties": false)"
    R"(})";

} // namespace

class tst_SchemaNode : public QObject
{
    Q_OBJECT

private slots:
    void summaries_data();
    void summaries();
    void propertyLookup();
    void recursionStopsAfterEightLevels();
    void tooLargeSchemaIsAny();
    void flatteningIsBounded();
    void depthIsBounded();
};

void tst_SchemaNode::summaries_data()
{
    addColumns<QByteArray, QString, QString>("schema", "path", "expected");

    // The nodes of one rich schema, as a real tool's might be.
    QTest::addRow("event: root") << kEventSchema << QString()
                                 << QStringLiteral("object title=Create event props=start*,title*,attendees,closed,color,count,"
                                                   "extra,id,location,merged,mixed,notes,pair,priority,ratio,remote,secret,"
                                                   "size,tags,tree noExtra");
    QTest::addRow("event: $ref with sibling description")
        << kEventSchema << QStringLiteral("color")
        << QStringLiteral("string description=Calendar color default=\"red\" enum=[\"red\",\"green\"] titles=Red|Green");
    QTest::addRow("event: choice labels") << kEventSchema << QStringLiteral("location")
                                          << QStringLiteral("choice choices=room:object,Online:object,Attendee:object");
    QTest::addRow("event: string bounds") << kEventSchema << QStringLiteral("title") << QStringLiteral("string description=Event title length=1..100");
    QTest::addRow("event: format") << kEventSchema << QStringLiteral("start") << QStringLiteral("string format=date-time");
    QTest::addRow("event: integer bounds") << kEventSchema << QStringLiteral("priority") << QStringLiteral("integer default=3 >=1 <6");
    QTest::addRow("event: multipleOf") << kEventSchema << QStringLiteral("ratio") << QStringLiteral("number multipleOf=0.5");
    QTest::addRow("event: anyOf with null") << kEventSchema << QStringLiteral("notes") << QStringLiteral("string? title=Notes default=null length=..500");
    QTest::addRow("event: oneOf const/title") << kEventSchema << QStringLiteral("size") << QStringLiteral("string enum=[\"s\",\"m\"] titles=Small|Medium");
    QTest::addRow("event: array") << kEventSchema << QStringLiteral("tags") << QStringLiteral("array count=1..5 unique items=string");
    QTest::addRow("event: array items") << kEventSchema << QStringLiteral("tags/[]") << QStringLiteral("string pattern=^[a-z]+$");
    QTest::addRow("event: items via $ref") << kEventSchema << QStringLiteral("attendees/[]") << QStringLiteral("object props=email*,name");
    QTest::addRow("event: nested property") << kEventSchema << QStringLiteral("attendees/[]/email") << QStringLiteral("string format=email");
    QTest::addRow("event: choice alternative") << kEventSchema << QStringLiteral("location/#1") << QStringLiteral("object title=Online props=kind*,url*");
    QTest::addRow("event: discriminator") << kEventSchema << QStringLiteral("location/#0/kind") << QStringLiteral("string enum=[\"room\"]");
    QTest::addRow("event: readOnly") << kEventSchema << QStringLiteral("id") << QStringLiteral("string readOnly");
    QTest::addRow("event: writeOnly and deprecated") << kEventSchema << QStringLiteral("secret") << QStringLiteral("string writeOnly deprecated");
    QTest::addRow("event: nullable type list") << kEventSchema << QStringLiteral("count") << QStringLiteral("integer?");
    QTest::addRow("event: type list choice") << kEventSchema << QStringLiteral("mixed") << QStringLiteral("choice choices=Text:string,Number:number");
    QTest::addRow("event: type list string part") << kEventSchema << QStringLiteral("mixed/#0") << QStringLiteral("string length=2..");
    QTest::addRow("event: type list number part") << kEventSchema << QStringLiteral("mixed/#1") << QStringLiteral("number >=0");
    QTest::addRow("event: additionalProperties schema") << kEventSchema << QStringLiteral("extra") << QStringLiteral("object extra=integer");
    QTest::addRow("event: additionalProperties false") << kEventSchema << QStringLiteral("closed") << QStringLiteral("object props=a noExtra");
    QTest::addRow("event: recursive $ref") << kEventSchema << QStringLiteral("tree") << QStringLiteral("object props=children");
    QTest::addRow("event: recursive $ref items") << kEventSchema << QStringLiteral("tree/children") << QStringLiteral("array items=object");
    QTest::addRow("event: allOf merged") << kEventSchema << QStringLiteral("merged") << QStringLiteral("object props=a*,b*");
    QTest::addRow("event: allOf merged property") << kEventSchema << QStringLiteral("merged/a") << QStringLiteral("string length=..3");
    QTest::addRow("event: allOf other part's property") << kEventSchema << QStringLiteral("merged/b") << QStringLiteral("integer >=0");
    QTest::addRow("event: prefixItems") << kEventSchema << QStringLiteral("pair") << QStringLiteral("array tuple=string,number");
    QTest::addRow("event: remote $ref is not followed") << kEventSchema << QStringLiteral("remote") << QStringLiteral("any truncated");

    // Small schemas, one feature each.
    QTest::addRow("empty") << QByteArray("{}") << QString() << QStringLiteral("any");
    QTest::addRow("properties without type") << QByteArray(R"({"properties":{"a":{}}})") << QString()
                                                     << QStringLiteral("object props=a");
    QTest::addRow("required without schema") << QByteArray(R"({"required":["x"]})") << QString()
                                             << QStringLiteral("object props=x*");
    QTest::addRow("required without schema, child") << QByteArray(R"({"required":["x"]})") << QStringLiteral("x")
                                                    << QStringLiteral("any");
    QTest::addRow("integer enum") << QByteArray(R"({"enum":[1,2,3]})") << QString() << QStringLiteral("integer enum=[1,2,3]");
    QTest::addRow("number enum") << QByteArray(R"({"enum":[1,2.5]})") << QString() << QStringLiteral("number enum=[1,2.5]");
    QTest::addRow("enum with null") << QByteArray(R"({"enum":["a",null]})") << QString()
                                    << QStringLiteral("string? enum=[\"a\",null]");
    QTest::addRow("x-enumNames") << QByteArray(R"({"enum":["a","b"],"x-enumNames":["A","B"]})") << QString()
                                 << QStringLiteral("string enum=[\"a\",\"b\"] titles=A|B");
    QTest::addRow("const") << QByteArray(R"({"const":true})") << QString() << QStringLiteral("boolean enum=[true]");
    QTest::addRow("only null") << QByteArray(R"({"anyOf":[{"type":"null"}]})") << QString() << QStringLiteral("null");
    QTest::addRow("draft-04 exclusive minimum") << QByteArray(R"({"type":"number","minimum":0,"exclusiveMinimum":true})")
                                                << QString() << QStringLiteral("number >0");
    QTest::addRow("stricter exclusive minimum") << QByteArray(R"({"type":"number","minimum":0,"exclusiveMinimum":5})")
                                                << QString() << QStringLiteral("number >5");
    QTest::addRow("draft-07 tuple") << QByteArray(R"({"type":"array","items":[{"type":"string"}],"additionalItems":{"type":"integer"}})")
                                    << QString() << QStringLiteral("array items=integer tuple=string");
    QTest::addRow("choice of types") << QByteArray(R"({"oneOf":[{"type":"string"},{"type":"integer"}],"description":"d"})")
                                     << QString() << QStringLiteral("choice description=d choices=Text:string,Whole number:integer");
    QTest::addRow("nullable choice") << QByteArray(R"({"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]})")
                                     << QString() << QStringLiteral("choice? choices=Text:string,Whole number:integer");
    QTest::addRow("keywords next to oneOf reach each alternative")
        << QByteArray(R"({"type":"object","properties":{"common":{}},"oneOf":[{"properties":{"a":{}}},{"properties":{"b":{}}}]})")
        << QStringLiteral("#0") << QStringLiteral("object props=a,common");
    QTest::addRow("examples") << QByteArray(R"({"type":"string","examples":["a"]})") << QString()
                              << QStringLiteral("string examples=[\"a\"]");
    QTest::addRow("foreign constraints dropped") << QByteArray(R"({"type":"boolean","minimum":1,"maxLength":2})")
                                                 << QString() << QStringLiteral("boolean");
    QTest::addRow("format kept on numbers") << QByteArray(R"({"type":"integer","format":"int64"})")
                                            << QString() << QStringLiteral("integer format=int64");
    QTest::addRow("definitions and anchors") << QByteArray(R"({"definitions":{"a":{"$anchor":"x","type":"boolean"}},"properties":{"p":{"$ref":"#x"}}})")
                                             << QStringLiteral("p") << QStringLiteral("boolean");
    QTest::addRow("dangling $ref") << QByteArray(R"({"properties":{"p":{"$ref":"#/nope","title":"P"}}})")
                                   << QStringLiteral("p") << QStringLiteral("any title=P truncated");
    QTest::addRow("reference cycle ends") << QByteArray(R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"})")
                                          << QString() << QStringLiteral("any truncated");
}

void tst_SchemaNode::summaries()
{
    QFETCH(QByteArray, schema);
    QFETCH(QString, path);
    QFETCH(QString, expected);

    const SchemaNode root = SchemaNode::fromSchema(parseObject(schema));
    const SchemaNode *node = descend(root, path);
    QVERIFY2(node, qPrintable(QStringLiteral("no node at ") + path));
    QCOMPARE(summary(*node), expected);
}

void tst_SchemaNode::propertyLookup()
{
    const SchemaNode root = SchemaNode::fromSchema(parseObject(kEventSchema));
    QCOMPARE(root.propertyNames().mid(0, 3), (QStringList{"start", "title", "attendees"}));
    const SchemaProperty *title = root.property(QStringLiteral("title"));
    QVERIFY(title);
    QVERIFY(title->required);
    QCOMPARE(title->node->kind, SchemaNode::Kind::String);
    const SchemaProperty *ratio = root.property(QStringLiteral("ratio"));
    QVERIFY(ratio);
    QVERIFY(!ratio->required);
    QCOMPARE(root.property(QStringLiteral("nope")), nullptr);
    QCOMPARE(SchemaNode::kindName(SchemaNode::Kind::Choice), QStringLiteral("choice"));
}

void tst_SchemaNode::recursionStopsAfterEightLevels()
{
    const SchemaNode root = SchemaNode::fromSchema(parseObject(kEventSchema));
    // tree is the first use of Node; each children/[] follows the reference once more.
    QString path = QStringLiteral("tree");
    for (int level = 1; level < 8; ++level) {
        path += QStringLiteral("/children/[]");
        const SchemaNode *node = descend(root, path);
        QVERIFY2(node, qPrintable(path));
        QCOMPARE(summary(*node), QStringLiteral("object props=children"));
    }
    path += QStringLiteral("/children/[]");
    const SchemaNode *last = descend(root, path);
    QVERIFY(last);
    QCOMPARE(summary(*last), QStringLiteral("any truncated"));

    // Recursion through the root itself.
    const SchemaNode list = SchemaNode::fromSchema(parseObject(R"({"type":"object","properties":{"next":{"$ref":"#"}}})"));
    QCOMPARE(summary(*descend(list, QStringLiteral("next/next/next/next/next/next/next/next"))),
             QStringLiteral("object props=next"));
    QCOMPARE(summary(*descend(list, QStringLiteral("next/next/next/next/next/next/next/next/next"))),
             QStringLiteral("any truncated"));
}

// The same size bound as SchemaValidator::compile(): indexing megabytes of schema took seconds.
void tst_SchemaNode::tooLargeSchemaIsAny()
{
    const SchemaNode huge = SchemaNode::fromSchema(parseObject(
        R"({"type":"object","properties":{"a":{"anyOf":[)" + HostileSchemas::repeated(R"({"type":"string"},)", 4500) + "{}]}}}"));
    QCOMPARE(summary(huge), QStringLiteral("any truncated"));
    const SchemaNode deep = SchemaNode::fromSchema(parseObject(HostileSchemas::repeated(R"({"not":)", 200) + "{}" + HostileSchemas::repeated("}", 200)));
    QCOMPARE(summary(deep), QStringLiteral("any truncated"));
}

qsizetype nodeCount(const SchemaNode &node)
{
    qsizetype count = 1;
    for (const SchemaProperty &property : node.properties)
        count += nodeCount(*property.node);
    for (const SchemaChoice &choice : node.choices)
        count += nodeCount(*choice.node);
    for (const auto &item : node.tupleItems)
        count += nodeCount(*item);
    if (node.items)
        count += nodeCount(*node.items);
    if (node.additionalPropertiesNode)
        count += nodeCount(*node.additionalPropertiesNode);
    return count;
}

// Every node of a recursive schema merged all 900 allOf parts again: 5,000 nodes took seconds. The
// work of flattening is bounded, so fewer nodes get described (depth first: the later properties are
// left undescribed); the root stays right.
void tst_SchemaNode::flatteningIsBounded()
{
    QByteArray schema = R"({"type":"object","properties":{)";
    for (int i = 0; i < 30; ++i)
        schema += (i ? ",\"r" : "\"r") + QByteArray::number(i) + R"(":{"$ref":"#"})";
    schema += R"(},"allOf":[)" + HostileSchemas::repeated(R"({"properties":{"x":{"type":"string"}},"required":["x"]},)", 899) + "{}]}";
    const SchemaNode root = SchemaNode::fromSchema(parseObject(schema));
    QCOMPARE(root.kind, SchemaNode::Kind::Object);
    QCOMPARE(root.properties.size(), 31);
    QVERIFY(root.property(QStringLiteral("x"))->required);
    QCOMPARE(summary(*root.property(QStringLiteral("r0"))->node).left(6), QStringLiteral("object"));
    QCOMPARE(summary(*root.property(QStringLiteral("r29"))->node), QStringLiteral("any truncated"));
    const qsizetype count = nodeCount(root);
    QVERIFY2(count < 1000, qPrintable(QString::number(count)));
}

// A chain of 300 definitions, each a property deeper: described 64 levels deep, then Any.
void tst_SchemaNode::depthIsBounded()
{
    QByteArray schema = R"({"$defs":{)";
    for (int i = 0; i < 300; ++i)
        schema += "\"d" + QByteArray::number(i) + R"(":{"type":"object","properties":{"n":{"$ref":"#/$defs/d)"
            + QByteArray::number(i + 1) + "\"}}},";
    schema += R"("d300":{"type":"string"}},"$ref":"#/$defs/d0"})";
    const SchemaNode root = SchemaNode::fromSchema(parseObject(schema));
    const SchemaNode *node = &root;
    int depth = 1;
    while (node->property(QStringLiteral("n"))) {
        node = node->property(QStringLiteral("n"))->node.get();
        ++depth;
    }
    QCOMPARE(depth, 65);
    QCOMPARE(summary(*node), QStringLiteral("any truncated"));
}

QTEST_GUILESS_MAIN(tst_SchemaNode)
#include "tst_schemanode.moc"
