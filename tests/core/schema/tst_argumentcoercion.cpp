#include "core/schema/argumentcoercion.h"
#include "core/schema/schemanode.h"

#include "core/common/error.h"
#include "testjson.h"
#include "testtable.h"

#include <QJsonDocument>
#include <QTest>

using namespace Toolgate;
using Toolgate::TestSupport::addColumns;
using Toolgate::TestSupport::compact;
using Toolgate::TestSupport::parseObject;

namespace {

const QByteArray kToolSchema = R"({
  "type": "object",
  "properties": {
    "count": {"type": "integer"},
    "ratio": {"type": "number"},
    "flag": {"type": "boolean"},
    "nothing": {"type": "null"},
    "name": {"type": "string"},
    "tags": {"type": "array", "items": {"type": "string"}},
    "opts": {"type": "object", "properties": {
        "depth": {"type": "integer"},
        "mode": {"enum": ["fast", "slow"]},
        "inner": {"type": "object", "properties": {"x": {"type": "number"}}}}},
    "maybe": {"type": ["integer", "null"]},
    "either": {"type": ["string", "integer"]},
    "level": {"enum": [1, 2, 3]},
    "code": {"type": "string", "enum": ["1", "2"]},
    "choice": {"anyOf": [{"type": "boolean"}, {"type": "string"}]},
    "positive": {"$ref": "#/$defs/positive"},
    "a.b": {"type": "integer"},
    "strict": {"type": "object", "properties": {"x": {"type": "integer"}}, "additionalProperties": false},
    "when": {"type": "string", "format": "date"},
    "optionalObject": {"anyOf": [{"type": "object", "properties": {"n": {"type": "integer"}}}, {"type": "null"}]}
  },
  "$defs": {"positive": {"type": "integer", "minimum": 1}}
})";

} // namespace

class tst_ArgumentCoercion : public QObject
{
    Q_OBJECT

private slots:
    void coerces_data();
    void coerces();
    void refuses_data();
    void refuses();
    void singleValue();
};

void tst_ArgumentCoercion::coerces_data()
{
    addColumns<QByteArray, QStringList, QByteArray>("schema", "pairs", "expected");

    const QByteArray tool = kToolSchema;
    QTest::addRow("no arguments") << tool << QStringList() << QByteArray("{}");
    QTest::addRow("integer") << tool << QStringList{"count=12"} << QByteArray(R"({"count":12})");
    QTest::addRow("negative integer") << tool << QStringList{"count=-3"} << QByteArray(R"({"count":-3})");
    QTest::addRow("integer with exponent") << tool << QStringList{"count=1e3"} << QByteArray(R"({"count":1000})");
    QTest::addRow("integer with spaces") << tool << QStringList{"count= 7 "} << QByteArray(R"({"count":7})");
    QTest::addRow("number") << tool << QStringList{"ratio=1.5"} << QByteArray(R"({"ratio":1.5})");
    QTest::addRow("whole number") << tool << QStringList{"ratio=2"} << QByteArray(R"({"ratio":2})");
    QTest::addRow("boolean true") << tool << QStringList{"flag=true"} << QByteArray(R"({"flag":true})");
    QTest::addRow("boolean FALSE") << tool << QStringList{"flag=FALSE"} << QByteArray(R"({"flag":false})");
    QTest::addRow("boolean yes") << tool << QStringList{"flag=yes"} << QByteArray(R"({"flag":true})");
    QTest::addRow("boolean no") << tool << QStringList{"flag=No"} << QByteArray(R"({"flag":false})");
    QTest::addRow("boolean 1") << tool << QStringList{"flag=1"} << QByteArray(R"({"flag":true})");
    QTest::addRow("boolean 0") << tool << QStringList{"flag=0"} << QByteArray(R"({"flag":false})");
    QTest::addRow("null") << tool << QStringList{"nothing=null"} << QByteArray(R"({"nothing":null})");
    QTest::addRow("null from empty") << tool << QStringList{"nothing="} << QByteArray(R"({"nothing":null})");
    QTest::addRow("string verbatim") << tool << QStringList{"name= hello world "} << QByteArray(R"({"name":" hello world "})");
    QTest::addRow("string of digits") << tool << QStringList{"name=42"} << QByteArray(R"({"name":"42"})");
    QTest::addRow("string containing =") << tool << QStringList{"name=a=b"} << QByteArray(R"({"name":"a=b"})");
    QTest::addRow("empty string") << tool << QStringList{"name="} << QByteArray(R"({"name":""})");
    QTest::addRow("array as JSON") << tool << QStringList{R"(tags=["a","b"])"} << QByteArray(R"({"tags":["a","b"]})");
    QTest::addRow("object as JSON") << tool << QStringList{R"(opts={"depth":2})"} << QByteArray(R"({"opts":{"depth":2}})");
    QTest::addRow("dotted keys") << tool << QStringList{"opts.depth=2", "opts.mode=fast"}
                                 << QByteArray(R"({"opts":{"depth":2,"mode":"fast"}})");
    QTest::addRow("deeply dotted") << tool << QStringList{"opts.inner.x=1.5", "count=1"}
                                   << QByteArray(R"({"count":1,"opts":{"inner":{"x":1.5}}})");
    QTest::addRow("dotted into a nullable object") << tool << QStringList{"optionalObject.n=4"}
                                                   << QByteArray(R"({"optionalObject":{"n":4}})");
    QTest::addRow("nullable object set to null") << tool << QStringList{"optionalObject=null"}
                                                 << QByteArray(R"({"optionalObject":null})");
    QTest::addRow("unknown nested key allowed") << tool << QStringList{"opts.extra=1"}
                                                << QByteArray(R"({"opts":{"extra":"1"}})");
    QTest::addRow("declared name containing a dot") << tool << QStringList{"a.b=3"} << QByteArray(R"({"a.b":3})");
    QTest::addRow("nullable null") << tool << QStringList{"maybe=null"} << QByteArray(R"({"maybe":null})");
    QTest::addRow("nullable value") << tool << QStringList{"maybe=5"} << QByteArray(R"({"maybe":5})");
    QTest::addRow("type list prefers numbers") << tool << QStringList{"either=5"} << QByteArray(R"({"either":5})");
    QTest::addRow("type list falls back to text") << tool << QStringList{"either=1.5"} << QByteArray(R"({"either":"1.5"})");
    QTest::addRow("numeric enum") << tool << QStringList{"level=2"} << QByteArray(R"({"level":2})");
    QTest::addRow("string enum of digits stays text") << tool << QStringList{"code=1"} << QByteArray(R"({"code":"1"})");
    QTest::addRow("string enum kept as text") << tool << QStringList{"opts.mode=fast"} << QByteArray(R"({"opts":{"mode":"fast"}})");
    QTest::addRow("value outside the enum is left to validation") << tool << QStringList{"opts.mode=warp"}
                                                                  << QByteArray(R"({"opts":{"mode":"warp"}})");
    QTest::addRow("anyOf boolean") << tool << QStringList{"choice=yes"} << QByteArray(R"({"choice":true})");
    QTest::addRow("anyOf text") << tool << QStringList{"choice=maybe"} << QByteArray(R"({"choice":"maybe"})");
    QTest::addRow("$ref property") << tool << QStringList{"positive=7"} << QByteArray(R"({"positive":7})");
    QTest::addRow("range is not checked here") << tool << QStringList{"positive=0"} << QByteArray(R"({"positive":0})");
    QTest::addRow("format is not checked here") << tool << QStringList{"when=soon"} << QByteArray(R"({"when":"soon"})");
    QTest::addRow("unknown key kept as text") << tool << QStringList{"other=5"} << QByteArray(R"({"other":"5"})");
    QTest::addRow("raw JSON number") << tool << QStringList{"name:=5"} << QByteArray(R"({"name":5})");
    QTest::addRow("raw JSON string") << tool << QStringList{R"(count:="12")"} << QByteArray(R"({"count":"12"})");
    QTest::addRow("raw JSON array") << tool << QStringList{"tags:=[1, 2]"} << QByteArray(R"({"tags":[1,2]})");
    QTest::addRow("raw JSON null, dotted") << tool << QStringList{"opts.depth:=null"} << QByteArray(R"({"opts":{"depth":null}})");
    QTest::addRow("raw JSON unknown key") << tool << QStringList{"x:=true"} << QByteArray(R"({"x":true})");

    QTest::addRow("schema without properties") << QByteArray("{}") << QStringList{"a=1", "b.c=2"}
                                               << QByteArray(R"({"a":"1","b":{"c":"2"}})");
    QTest::addRow("additionalProperties schema") << QByteArray(R"({"additionalProperties":{"type":"integer"}})")
                                                 << QStringList{"n=5"} << QByteArray(R"({"n":5})");
    QTest::addRow("missing type in inputSchema") << QByteArray(R"({"properties":{"n":{"type":"number"}}})")
                                                 << QStringList{"n=0.25"} << QByteArray(R"({"n":0.25})");
    QTest::addRow("allOf-composed schema") << QByteArray(R"({"allOf":[{"properties":{"a":{"type":"integer"}}},{"properties":{"b":{"type":"boolean"}}}]})")
                                           << QStringList{"a=1", "b=no"} << QByteArray(R"({"a":1,"b":false})");
}

void tst_ArgumentCoercion::coerces()
{
    QFETCH(QByteArray, schema);
    QFETCH(QStringList, pairs);
    QFETCH(QByteArray, expected);

    const Result<QJsonObject> arguments = coerceArguments(parseObject(schema), pairs);
    QVERIFY2(arguments.ok(), arguments.ok() ? "" : qPrintable(arguments.error().message));
    QCOMPARE(compact(arguments.value()), compact(parseObject(expected)));
    // Exact JSON types matter too (12 must not become 12.0 or "12"); compare the values themselves.
    QCOMPARE(arguments.value(), parseObject(expected));
}

void tst_ArgumentCoercion::refuses_data()
{
    addColumns<QByteArray, QStringList, QString>("schema", "pairs", "expected");

    const QByteArray tool = kToolSchema;
    QTest::addRow("not an integer") << tool << QStringList{"count=abc"}
                                    << QStringLiteral("Argument 'count' must be a whole number, got 'abc'.");
    QTest::addRow("fraction for integer") << tool << QStringList{"count=1.5"}
                                          << QStringLiteral("Argument 'count' must be a whole number, got '1.5'.");
    QTest::addRow("not a number") << tool << QStringList{"ratio=abc"}
                                  << QStringLiteral("Argument 'ratio' must be a number, got 'abc'.");
    QTest::addRow("infinity") << tool << QStringList{"ratio=inf"}
                              << QStringLiteral("Argument 'ratio' must be a number, got 'inf'.");
    QTest::addRow("not a boolean") << tool << QStringList{"flag=maybe"}
                                   << QStringLiteral("Argument 'flag' must be true or false (yes/no and 1/0 work too), got 'maybe'.");
    QTest::addRow("not null") << tool << QStringList{"nothing=x"}
                              << QStringLiteral("Argument 'nothing' must be null, got 'x'.");
    QTest::addRow("array not JSON") << tool << QStringList{"tags=a,b"}
                                    << QStringLiteral("Argument 'tags' must be a list written as JSON, such as [\"a\", \"b\"], got 'a,b'.");
    QTest::addRow("array given an object") << tool << QStringList{R"(tags={"a":1})"}
                                           << QStringLiteral("Argument 'tags' must be a list written as JSON, such as [\"a\", \"b\"], got '{\"a\":1}'.");
    QTest::addRow("object not JSON") << tool << QStringList{"opts=x"}
                                     << QStringLiteral("Argument 'opts' must be an object written as JSON, such as {\"key\": \"value\"}, got 'x'.");
    QTest::addRow("nullable integer") << tool << QStringList{"maybe=x"}
                                      << QStringLiteral("Argument 'maybe' must be a whole number or null, got 'x'.");
    QTest::addRow("nested error names the full key") << tool << QStringList{"opts.depth=deep"}
                                                     << QStringLiteral("Argument 'opts.depth' must be a whole number, got 'deep'.");
    QTest::addRow("no equals sign") << tool << QStringList{"count"}
                                    << QStringLiteral("Argument 'count' must look like key=value.");
    QTest::addRow("no name") << tool << QStringList{"=5"} << QStringLiteral("Argument '=5' has no name before '='.");
    QTest::addRow("no name, raw") << tool << QStringList{":=5"} << QStringLiteral("Argument ':=5' has no name before '='.");
    QTest::addRow("empty part") << tool << QStringList{"opts..depth=1"}
                                << QStringLiteral("Argument 'opts..depth' has an empty name part.");
    QTest::addRow("trailing dot") << tool << QStringList{"opts.=1"}
                                  << QStringLiteral("Argument 'opts.' has an empty name part.");
    QTest::addRow("leading dot") << tool << QStringList{".opts=1"}
                                 << QStringLiteral("Argument '.opts' has an empty name part.");
    QTest::addRow("fields of a scalar") << tool << QStringList{"count.x=1"}
                                        << QStringLiteral("Argument 'count' has no fields: it must be a whole number, not an object.");
    QTest::addRow("unknown nested key, closed object") << tool << QStringList{"strict.y=1"}
                                                       << QStringLiteral("Unknown argument 'strict.y'. Allowed in 'strict': x.");
    QTest::addRow("unknown key, closed root") << QByteArray(R"({"properties":{"b":{},"a":{}},"additionalProperties":false})")
                                              << QStringList{"c=1"} << QStringLiteral("Unknown argument 'c'. Allowed: a, b.");
    QTest::addRow("tool without arguments") << QByteArray(R"({"type":"object","additionalProperties":false})")
                                            << QStringList{"c=1"}
                                            << QStringLiteral("Unknown argument 'c': this tool takes no arguments.");
    QTest::addRow("closed empty nested object") << QByteArray(R"({"properties":{"o":{"type":"object","additionalProperties":false}}})")
                                                << QStringList{"o.c=1"}
                                                << QStringLiteral("Unknown argument 'o.c': 'o' takes no fields.");
    QTest::addRow("given twice") << tool << QStringList{"count=1", "count=2"}
                                 << QStringLiteral("Argument 'count' is given more than once.");
    QTest::addRow("given twice, raw and plain") << tool << QStringList{"count:=1", "count=2"}
                                                << QStringLiteral("Argument 'count' is given more than once.");
    QTest::addRow("whole then part") << tool << QStringList{"opts={}", "opts.depth=1"}
                                     << QStringLiteral("Argument 'opts.depth' conflicts with 'opts'.");
    QTest::addRow("part then whole") << tool << QStringList{"opts.depth=1", "opts:={}"}
                                     << QStringLiteral("Argument 'opts' conflicts with 'opts.depth'.");
    QTest::addRow("bad raw JSON") << tool << QStringList{"name:={bad"}
                                  << QStringLiteral("Argument 'name' is not valid JSON after ':=' (unterminated object at character 3).");
    QTest::addRow("two raw JSON values") << tool << QStringList{"name:=1,2"}
                                         << QStringLiteral("Argument 'name' is not valid JSON after ':=' (more than one value given).");
    QTest::addRow("empty raw JSON") << tool << QStringList{"name:="}
                                    << QStringLiteral("Argument 'name' is not valid JSON after ':=' (no value given).");
}

void tst_ArgumentCoercion::refuses()
{
    QFETCH(QByteArray, schema);
    QFETCH(QStringList, pairs);
    QFETCH(QString, expected);

    const Result<QJsonObject> arguments = coerceArguments(parseObject(schema), pairs);
    QVERIFY(!arguments.ok());
    QCOMPARE(arguments.error().message, expected);
    QCOMPARE(arguments.error().code, int(ErrorCode::InvalidArguments));
}

void tst_ArgumentCoercion::singleValue()
{
    const SchemaNode node = SchemaNode::fromSchema(parseObject(R"({"type":["number","boolean"]})"));
    const Result<QJsonValue> number = coerceArgumentValue(node, QStringLiteral("v"), QStringLiteral("2.5"));
    QVERIFY(number.ok());
    QCOMPARE(number.value(), QJsonValue(2.5));
    const Result<QJsonValue> boolean = coerceArgumentValue(node, QStringLiteral("v"), QStringLiteral("no"));
    QVERIFY(boolean.ok());
    QCOMPARE(boolean.value(), QJsonValue(false));
    const Result<QJsonValue> bad = coerceArgumentValue(node, QStringLiteral("v"), QStringLiteral("x"));
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().message, QStringLiteral("Argument 'v' must be a number or true or false, got 'x'."));
}

QTEST_GUILESS_MAIN(tst_ArgumentCoercion)
#include "tst_argumentcoercion.moc"
