#include "core/schema/schemavalidator.h"

#include "hostileschemas.h"

#include "core/common/error.h"
#include "testjson.h"
#include "testtable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QThread>

#include <thread>
#include <vector>

using namespace Toolgate;
using Toolgate::TestSupport::addColumns;
using Toolgate::TestSupport::parseObject;
using Toolgate::TestSupport::parseValue;

namespace {

// "path: message", with "(root)" for the empty path, so expectations read clearly.
QStringList render(const QList<SchemaIssue> &issues)
{
    QStringList lines;
    for (const SchemaIssue &issue : issues)
        lines.append((issue.path.isEmpty() ? QStringLiteral("(root)") : issue.path) + QStringLiteral(": ") + issue.message);
    return lines;
}

} // namespace

class tst_SchemaValidator : public QObject
{
    Q_OBJECT

private slots:
    void validate_data();
    void validate();
    void compileRefuses_data();
    void compileRefuses();
    void compileAccepts_data();
    void compileAccepts();
    void readablePath_data();
    void readablePath();
    void describe();
    void nullValidatorAcceptsEverything();
    void copiesShareTheCompiledSchema();
    void validatesFromSeveralThreads();

    // Schemas and values from hostile servers (issue #13): no crash, no unbounded work.
    void hostile_data();
    void hostile();
    void tooComplexSaysWhy_data();
    void tooComplexSaysWhy();
    void uniqueItemsWorkIsLinear();
    void enumWorkDoesNotGrowWithTheEnum();
    void budgetCanBeChosen();
    void deepValueOnASmallStack();
    void issuesAreCapped();
    void patternsAreSearchedWithPcre_data();
    void patternsAreSearchedWithPcre();

private:
    // Rows of compileRefuses: schemas refused as too complex to check rather than invalid.
    static void addTooComplexSchemas();
};

void tst_SchemaValidator::validate_data()
{
    addColumns<QByteArray, QByteArray, QStringList>("schema", "instance", "expected");

    const QStringList valid;

    // --- types
    QTest::addRow("string ok") << QByteArray(R"({"type":"string"})") << QByteArray(R"("a")") << valid;
    QTest::addRow("string bad") << QByteArray(R"({"type":"string"})") << QByteArray("5")
                                << QStringList{"(root): must be text"};
    QTest::addRow("integer ok") << QByteArray(R"({"type":"integer"})") << QByteArray("5") << valid;
    QTest::addRow("integer written as 5.0 ok") << QByteArray(R"({"type":"integer"})") << QByteArray("5.0") << valid;
    QTest::addRow("integer beyond 32 bits ok")
        << QByteArray(R"({"type":"integer","maximum":4000000000})") << QByteArray("3000000000") << valid;
    QTest::addRow("integer bad fraction") << QByteArray(R"({"type":"integer"})") << QByteArray("1.5")
                                          << QStringList{"(root): must be a whole number"};
    QTest::addRow("integer bad string") << QByteArray(R"({"type":"integer"})") << QByteArray(R"("5")")
                                        << QStringList{"(root): must be a whole number"};
    QTest::addRow("number ok") << QByteArray(R"({"type":"number"})") << QByteArray("1.5") << valid;
    QTest::addRow("number bad") << QByteArray(R"({"type":"number"})") << QByteArray(R"("x")")
                                << QStringList{"(root): must be a number"};
    QTest::addRow("boolean ok") << QByteArray(R"({"type":"boolean"})") << QByteArray("false") << valid;
    QTest::addRow("boolean bad") << QByteArray(R"({"type":"boolean"})") << QByteArray(R"("true")")
                                 << QStringList{"(root): must be true or false"};
    QTest::addRow("null ok") << QByteArray(R"({"type":"null"})") << QByteArray("null") << valid;
    QTest::addRow("null bad") << QByteArray(R"({"type":"null"})") << QByteArray("0")
                              << QStringList{"(root): must be null"};
    QTest::addRow("array ok") << QByteArray(R"({"type":"array"})") << QByteArray("[]") << valid;
    QTest::addRow("array bad") << QByteArray(R"({"type":"array"})") << QByteArray("{}")
                               << QStringList{"(root): must be a list"};
    QTest::addRow("object ok") << QByteArray(R"({"type":"object"})") << QByteArray("{}") << valid;
    QTest::addRow("object bad") << QByteArray(R"({"type":"object"})") << QByteArray("[]")
                                << QStringList{"(root): must be an object"};
    QTest::addRow("type list") << QByteArray(R"({"type":["string","null"]})") << QByteArray("5")
                               << QStringList{"(root): must be text or null"};
    QTest::addRow("type list of three") << QByteArray(R"({"type":["string","integer","boolean"]})")
                                        << QByteArray("[1]")
                                        << QStringList{"(root): must be text, a whole number or true or false"};
    QTest::addRow("unknown type name ignored") << QByteArray(R"({"type":"file"})") << QByteArray("5") << valid;
    QTest::addRow("empty schema") << QByteArray("{}") << QByteArray(R"({"a":[1,null]})") << valid;

    // --- a tool's inputSchema without "type", and values that are not objects
    QTest::addRow("missing type, object ok")
        << QByteArray(R"({"properties":{"a":{"type":"string"}}})") << QByteArray(R"({"a":"x"})") << valid;
    QTest::addRow("missing type, property checked")
        << QByteArray(R"({"properties":{"a":{"type":"string"}}})") << QByteArray(R"({"a":1})")
        << QStringList{"/a: must be text"};
    QTest::addRow("missing type, not an object is fine by the spec")
        << QByteArray(R"({"properties":{"a":{"type":"string"}},"required":["a"]})") << QByteArray(R"("x")") << valid;
    QTest::addRow("object schema, string instance")
        << QByteArray(R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"]})")
        << QByteArray(R"("hello")") << QStringList{"(root): must be an object"};
    QTest::addRow("object schema, null instance")
        << QByteArray(R"({"type":"object","required":["a"]})") << QByteArray("null")
        << QStringList{"(root): must be an object"};

    // --- numeric bounds
    QTest::addRow("minimum ok") << QByteArray(R"({"minimum":1})") << QByteArray("1") << valid;
    QTest::addRow("minimum bad") << QByteArray(R"({"minimum":1})") << QByteArray("0")
                                 << QStringList{"(root): must be at least 1"};
    QTest::addRow("maximum bad") << QByteArray(R"({"maximum":10})") << QByteArray("10.5")
                                 << QStringList{"(root): must be at most 10"};
    QTest::addRow("exclusiveMinimum bad") << QByteArray(R"({"exclusiveMinimum":0})") << QByteArray("0")
                                          << QStringList{"(root): must be greater than 0"};
    QTest::addRow("exclusiveMaximum bad") << QByteArray(R"({"exclusiveMaximum":1.5})") << QByteArray("1.5")
                                          << QStringList{"(root): must be less than 1.5"};
    QTest::addRow("draft-04 exclusiveMinimum") << QByteArray(R"({"minimum":5,"exclusiveMinimum":true})")
                                               << QByteArray("5") << QStringList{"(root): must be greater than 5"};
    QTest::addRow("multipleOf ok with fractions") << QByteArray(R"({"multipleOf":0.1})") << QByteArray("0.3") << valid;
    QTest::addRow("multipleOf bad") << QByteArray(R"({"multipleOf":5})") << QByteArray("12")
                                    << QStringList{"(root): must be a multiple of 5"};
    QTest::addRow("bounds ignore other types") << QByteArray(R"({"minimum":1,"minLength":3})") << QByteArray("true")
                                               << valid;

    // --- strings
    QTest::addRow("minLength bad") << QByteArray(R"({"minLength":3})") << QByteArray(R"("ab")")
                                   << QStringList{"(root): must be at least 3 characters long"};
    QTest::addRow("minLength 1 on empty") << QByteArray(R"({"type":"string","minLength":1})") << QByteArray(R"("")")
                                          << QStringList{"(root): must not be empty"};
    QTest::addRow("maxLength bad") << QByteArray(R"({"maxLength":2})") << QByteArray(R"("abc")")
                                   << QStringList{"(root): must be at most 2 characters long"};
    QTest::addRow("maxLength counts characters, not UTF-16 units")
        << QByteArray(R"({"maxLength":1})") << QByteArray("\"\xF0\x9F\x98\x80\"") << valid;
    QTest::addRow("pattern ok") << QByteArray(R"({"pattern":"^[a-z]+$"})") << QByteArray(R"("abc")") << valid;
    QTest::addRow("pattern bad") << QByteArray(R"({"pattern":"^[a-z]+$"})") << QByteArray(R"("Abc")")
                                 << QStringList{"(root): must match the pattern ^[a-z]+$"};
    QTest::addRow("pattern is a search, not a full match") << QByteArray(R"({"pattern":"b"})")
                                                           << QByteArray(R"("abc")") << valid;

    // --- formats
    QTest::addRow("date ok") << QByteArray(R"({"format":"date"})") << QByteArray(R"("2024-02-29")") << valid;
    QTest::addRow("date bad day") << QByteArray(R"({"format":"date"})") << QByteArray(R"("2023-02-29")")
                                  << QStringList{"(root): must be a date like 2024-01-31"};
    QTest::addRow("date-time ok") << QByteArray(R"({"format":"date-time"})")
                                  << QByteArray(R"("2024-01-31T13:45:00.5+02:00")") << valid;
    QTest::addRow("date-time bad") << QByteArray(R"({"format":"date-time"})") << QByteArray(R"("yesterday")")
                                   << QStringList{"(root): must be a date and time like 2024-01-31T13:45:00Z"};
    QTest::addRow("time ok") << QByteArray(R"({"format":"time"})") << QByteArray(R"("13:45:00Z")") << valid;
    QTest::addRow("time bad") << QByteArray(R"({"format":"time"})") << QByteArray(R"("25:00:00")")
                              << QStringList{"(root): must be a time like 13:45:00"};
    QTest::addRow("email ok") << QByteArray(R"({"format":"email"})") << QByteArray(R"("ann@example.com")") << valid;
    QTest::addRow("email bad") << QByteArray(R"({"format":"email"})") << QByteArray(R"("ann at example.com")")
                               << QStringList{"(root): must be an email address"};
    QTest::addRow("uri ok") << QByteArray(R"({"format":"uri"})") << QByteArray(R"("https://example.com/a?b=c")") << valid;
    QTest::addRow("uri bad") << QByteArray(R"({"format":"uri"})") << QByteArray(R"("example.com")")
                             << QStringList{"(root): must be a URI such as https://example.com"};
    QTest::addRow("uuid bad") << QByteArray(R"({"format":"uuid"})") << QByteArray(R"("1234")")
                              << QStringList{"(root): must be a UUID"};
    QTest::addRow("ipv4 bad") << QByteArray(R"({"format":"ipv4"})") << QByteArray(R"("256.1.1.1")")
                              << QStringList{"(root): must be an IPv4 address"};
    QTest::addRow("ipv6 ok") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("::1")") << valid;
    QTest::addRow("ipv6 bad") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("127.0.0.1")")
                              << QStringList{"(root): must be an IPv6 address"};
    QTest::addRow("ipv6 ok ::") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("::")") << valid;
    QTest::addRow("ipv6 ok 1:2:3:4:5:6:7:8") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("1:2:3:4:5:6:7:8")") << valid;
    QTest::addRow("ipv6 ok 2001:db8::8a2e:370:7334") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("2001:db8::8a2e:370:7334")") << valid;
    QTest::addRow("ipv6 ok 1:2:3:4:5:6:7::") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("1:2:3:4:5:6:7::")") << valid;
    QTest::addRow("ipv6 ok ::ffff:192.0.2.1") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("::ffff:192.0.2.1")") << valid;
    QTest::addRow("ipv6 ok 1:2:3:4:5:6:1.2.3.4") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("1:2:3:4:5:6:1.2.3.4")") << valid;
    QTest::addRow("ipv6 ok FE80::ABCD") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("FE80::ABCD")") << valid;
    QTest::addRow("ipv6 bad 1::2::3") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("1::2::3")")
                              << QStringList{"(root): must be an IPv6 address"};
    QTest::addRow("ipv6 bad 1:2:3:4:5:6:7:8:9") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("1:2:3:4:5:6:7:8:9")")
                              << QStringList{"(root): must be an IPv6 address"};
    QTest::addRow("ipv6 bad fe80::1%%eth0") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("fe80::1%eth0")")
                              << QStringList{"(root): must be an IPv6 address"};
    QTest::addRow("ipv6 bad 12345::") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("12345::")")
                              << QStringList{"(root): must be an IPv6 address"};
    QTest::addRow("ipv6 bad 1:") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("1:")")
                              << QStringList{"(root): must be an IPv6 address"};
    QTest::addRow("ipv6 bad :1::") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"(":1::")")
                              << QStringList{"(root): must be an IPv6 address"};
    QTest::addRow("ipv6 bad 1:2:3:4:5:6:7:8::") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("1:2:3:4:5:6:7:8::")")
                              << QStringList{"(root): must be an IPv6 address"};
    QTest::addRow("ipv6 bad ::1.2.3") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("::1.2.3")")
                              << QStringList{"(root): must be an IPv6 address"};
    QTest::addRow("ipv6 bad g::1") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("g::1")")
                              << QStringList{"(root): must be an IPv6 address"};
    QTest::addRow("ipv6 bad 1:2:3:4:5:6:7:1.2.3.4") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("1:2:3:4:5:6:7:1.2.3.4")")
                              << QStringList{"(root): must be an IPv6 address"};
    QTest::addRow("ipv6 bad ") << QByteArray(R"({"format":"ipv6"})") << QByteArray(R"("")")
                              << QStringList{"(root): must be an IPv6 address"};
    QTest::addRow("hostname bad") << QByteArray(R"({"format":"hostname"})") << QByteArray(R"("-bad-.com")")
                                  << QStringList{"(root): must be a host name"};
    QTest::addRow("unknown format ignored") << QByteArray(R"({"format":"int32","type":"integer"})")
                                            << QByteArray("5") << valid;
    QTest::addRow("format ignores non-strings") << QByteArray(R"({"format":"date"})") << QByteArray("5") << valid;

    // --- enum and const
    QTest::addRow("enum ok") << QByteArray(R"({"enum":["a","b"]})") << QByteArray(R"("a")") << valid;
    QTest::addRow("enum bad") << QByteArray(R"({"enum":["a","b"]})") << QByteArray(R"("c")")
                              << QStringList{"(root): must be one of: a, b"};
    QTest::addRow("enum mixed values") << QByteArray(R"({"enum":[1,"two",null]})") << QByteArray("2")
                                       << QStringList{"(root): must be one of: 1, two, null"};
    QTest::addRow("enum numbers compare by value") << QByteArray(R"({"enum":[1,2]})") << QByteArray("1.0") << valid;
    QTest::addRow("enum of one") << QByteArray(R"({"enum":["on"]})") << QByteArray(R"("off")")
                                 << QStringList{"(root): must be \"on\""};
    QTest::addRow("long enum shortened") << QByteArray(R"({"enum":["a","b","c","d","e","f","g","h","i","j","k","l","m"]})")
                                         << QByteArray(R"("z")")
                                         << QStringList{"(root): must be one of: a, b, c, d, e, f, g, h, i, j, ... (13 choices in all)"};
    QTest::addRow("const string") << QByteArray(R"({"const":"x"})") << QByteArray(R"("y")")
                                  << QStringList{"(root): must be \"x\""};
    QTest::addRow("const number") << QByteArray(R"({"const":3})") << QByteArray("4")
                                  << QStringList{"(root): must be 3"};
    QTest::addRow("const object ok") << QByteArray(R"({"const":{"a":[1,2]}})") << QByteArray(R"({"a":[1,2.0]})") << valid;

    // --- objects
    QTest::addRow("required") << QByteArray(R"({"required":["a","b"]})") << QByteArray(R"({"a":1})")
                              << QStringList{"/b: is required"};
    QTest::addRow("nested property") << QByteArray(R"({"properties":{"user":{"properties":{"name":{"type":"string"}},"required":["name"]}}})")
                                     << QByteArray(R"({"user":{"name":5}})") << QStringList{"/user/name: must be text"};
    QTest::addRow("nested required") << QByteArray(R"({"properties":{"user":{"properties":{"name":{"type":"string"}},"required":["name"]}}})")
                                     << QByteArray(R"({"user":{}})") << QStringList{"/user/name: is required"};
    QTest::addRow("additionalProperties false")
        << QByteArray(R"({"properties":{"a":{}},"additionalProperties":false})") << QByteArray(R"({"a":1,"y":2,"x":3})")
        << QStringList{"/x: is not allowed", "/y: is not allowed"};
    QTest::addRow("additionalProperties false with patternProperties")
        << QByteArray(R"({"patternProperties":{"^n_":{}},"additionalProperties":false})")
        << QByteArray(R"({"n_a":1,"b":2})") << QStringList{"/b: is not allowed"};
    QTest::addRow("additionalProperties schema")
        << QByteArray(R"({"properties":{"a":{}},"additionalProperties":{"type":"integer"}})")
        << QByteArray(R"({"a":"free","x":"s"})") << QStringList{"/x: must be a whole number"};
    QTest::addRow("patternProperties") << QByteArray(R"({"patternProperties":{"^n_":{"type":"number"}}})")
                                       << QByteArray(R"({"n_a":"x","other":"y"})") << QStringList{"/n_a: must be a number"};
    QTest::addRow("dependentRequired") << QByteArray(R"({"dependentRequired":{"card":["billing"]}})")
                                       << QByteArray(R"({"card":1})")
                                       << QStringList{"/billing: is required when card is set"};
    QTest::addRow("draft-07 dependencies, both forms")
        << QByteArray(R"({"dependencies":{"card":["billing"],"gift":{"required":["message"]}}})")
        << QByteArray(R"({"card":1,"gift":true})")
        << QStringList{"/billing: is required when card is set", "/message: is required"};
    QTest::addRow("dependentSchemas") << QByteArray(R"({"dependentSchemas":{"gift":{"properties":{"message":{"maxLength":3}}}}})")
                                      << QByteArray(R"({"gift":true,"message":"hello"})")
                                      << QStringList{"/message: must be at most 3 characters long"};
    QTest::addRow("propertyNames") << QByteArray(R"({"propertyNames":{"pattern":"^[a-z]+$"}})")
                                   << QByteArray(R"({"ok":1,"Bad":2})")
                                   << QStringList{"/Bad: has a name that must match the pattern ^[a-z]+$"};
    QTest::addRow("min/maxProperties") << QByteArray(R"({"minProperties":2})") << QByteArray(R"({"a":1})")
                                       << QStringList{"(root): must have at least 2 properties"};
    QTest::addRow("false property schema") << QByteArray(R"({"properties":{"a":false}})") << QByteArray(R"({"a":1})")
                                           << QStringList{"/a: is not allowed"};
    QTest::addRow("issues sorted by path")
        << QByteArray(R"({"properties":{"b":{"type":"string"},"a":{"type":"string"}},"required":["c"]})")
        << QByteArray(R"({"b":1,"a":2})") << QStringList{"/a: must be text", "/b: must be text", "/c: is required"};
    QTest::addRow("property names with slash and tilde")
        << QByteArray(R"({"properties":{"a/b":{"type":"string"},"c~d":{"type":"string"}}})")
        << QByteArray(R"({"a/b":1,"c~d":2})") << QStringList{"/a~1b: must be text", "/c~0d: must be text"};

    // --- arrays
    QTest::addRow("items") << QByteArray(R"({"items":{"type":"string"}})") << QByteArray(R"(["a",2,"c",4])")
                           << QStringList{"/1: must be text", "/3: must be text"};
    QTest::addRow("items sorted numerically") << QByteArray(R"({"items":{"type":"string"}})")
                                              << QByteArray(R"([0,"a","a","a","a","a","a","a","a","a",10])")
                                              << QStringList{"/0: must be text", "/10: must be text"};
    QTest::addRow("nested array of objects")
        << QByteArray(R"({"properties":{"items":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}}})")
        << QByteArray(R"({"items":[{"name":"a"},{"name":3},{}]})")
        << QStringList{"/items/1/name: must be text", "/items/2/name: is required"};
    QTest::addRow("minItems") << QByteArray(R"({"minItems":1})") << QByteArray("[]")
                              << QStringList{"(root): must have at least 1 item"};
    QTest::addRow("maxItems") << QByteArray(R"({"maxItems":2})") << QByteArray("[1,2,3]")
                              << QStringList{"(root): must have at most 2 items"};
    QTest::addRow("uniqueItems") << QByteArray(R"({"uniqueItems":true})") << QByteArray(R"([1,"a",1.0,"a"])")
                                 << QStringList{"/2: is a duplicate of item 0", "/3: is a duplicate of item 1"};
    QTest::addRow("prefixItems") << QByteArray(R"({"prefixItems":[{"type":"string"},{"type":"integer"}],"items":false})")
                                 << QByteArray(R"(["a","b",2])")
                                 << QStringList{"/1: must be a whole number", "/2: is not allowed"};
    QTest::addRow("prefixItems rest allowed") << QByteArray(R"({"prefixItems":[{"type":"string"}]})")
                                              << QByteArray(R"(["a",1,true])") << valid;
    QTest::addRow("prefixItems with a schema for the rest")
        << QByteArray(R"({"prefixItems":[{"type":"string"}],"items":{"type":"integer"}})")
        << QByteArray(R"(["a",1,"x"])") << QStringList{"/2: must be a whole number"};
    QTest::addRow("draft-07 tuple items") << QByteArray(R"({"items":[{"type":"string"}],"additionalItems":false})")
                                          << QByteArray(R"(["a",1])") << QStringList{"/1: is not allowed"};
    QTest::addRow("contains") << QByteArray(R"({"contains":{"type":"integer"}})") << QByteArray(R"(["a"])")
                              << QStringList{"(root): must contain at least one matching item"};

    // --- references
    QTest::addRow("$defs") << QByteArray(R"({"$defs":{"pos":{"type":"integer","minimum":1}},"properties":{"n":{"$ref":"#/$defs/pos"}}})")
                           << QByteArray(R"({"n":0})") << QStringList{"/n: must be at least 1"};
    QTest::addRow("definitions") << QByteArray(R"({"definitions":{"s":{"type":"string"}},"items":{"$ref":"#/definitions/s"}})")
                                 << QByteArray("[1]") << QStringList{"/0: must be text"};
    QTest::addRow("root $ref with $defs (pydantic style)")
        << QByteArray(R"({"$ref":"#/$defs/Args","$defs":{"Args":{"type":"object","required":["q"]}}})")
        << QByteArray("{}") << QStringList{"/q: is required"};
    QTest::addRow("$ref siblings apply (2020-12)")
        << QByteArray(R"({"$defs":{"s":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/s","maxLength":2}}})")
        << QByteArray(R"({"a":"abc"})") << QStringList{"/a: must be at most 2 characters long"};
    QTest::addRow("$ref chain") << QByteArray(R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"type":"string"}},"$ref":"#/$defs/a"})")
                                << QByteArray("1") << QStringList{"(root): must be text"};
    QTest::addRow("recursive tree")
        << QByteArray(R"({"$defs":{"node":{"type":"object","properties":{"value":{"type":"integer"},"children":{"type":"array","items":{"$ref":"#/$defs/node"}}}}},"$ref":"#/$defs/node"})")
        << QByteArray(R"({"value":1,"children":[{"value":2,"children":[{"value":"x"}]}]})")
        << QStringList{"/children/0/children/0/value: must be a whole number"};
    QTest::addRow("recursion through the root")
        << QByteArray(R"({"type":"object","properties":{"next":{"$ref":"#"},"n":{"type":"integer"}}})")
        << QByteArray(R"({"next":{"next":{"n":"x"}}})") << QStringList{"/next/next/n: must be a whole number"};
    QTest::addRow("$anchor") << QByteArray(R"({"$defs":{"x":{"$anchor":"posint","type":"integer"}},"properties":{"a":{"$ref":"#posint"}}})")
                             << QByteArray(R"({"a":"s"})") << QStringList{"/a: must be a whole number"};
    QTest::addRow("draft-07 plain-name $id") << QByteArray(R"({"definitions":{"x":{"$id":"#pos","minimum":0}},"properties":{"a":{"$ref":"#pos"}}})")
                                             << QByteArray(R"({"a":-1})") << QStringList{"/a: must be at least 0"};
    QTest::addRow("$id of an embedded resource")
        << QByteArray(R"({"$id":"https://example.com/root.json","$defs":{"x":{"$id":"item.json","type":"string"}},"properties":{"a":{"$ref":"item.json"},"b":{"$ref":"https://example.com/root.json#/$defs/x"}}})")
        << QByteArray(R"({"a":1,"b":2})") << QStringList{"/a: must be text", "/b: must be text"};
    QTest::addRow("escaped pointer tokens")
        << QByteArray(R"({"$defs":{"a/b":{"type":"string"},"c%d":{"type":"integer"}},"properties":{"x":{"$ref":"#/$defs/a~1b"},"y":{"$ref":"#/$defs/c%25d"}}})")
        << QByteArray(R"({"x":1,"y":"s"})") << QStringList{"/x: must be text", "/y: must be a whole number"};
    QTest::addRow("ref into a vendor container")
        << QByteArray(R"({"components":{"Name":{"type":"string"}},"properties":{"n":{"$ref":"#/components/Name"}}})")
        << QByteArray(R"({"n":1})") << QStringList{"/n: must be text"};
    QTest::addRow("remote-looking $ref inside data is only data")
        << QByteArray(R"({"examples":[{"$ref":"https://example.com/x.json"}],"type":"integer"})") << QByteArray("1") << valid;

    // --- combinators
    QTest::addRow("anyOf nullable") << QByteArray(R"({"anyOf":[{"type":"string"},{"type":"null"}]})") << QByteArray("5")
                                    << QStringList{"(root): must be text or null"};
    QTest::addRow("anyOf ok") << QByteArray(R"({"anyOf":[{"type":"string"},{"type":"null"}]})") << QByteArray("null") << valid;
    QTest::addRow("anyOf type or const") << QByteArray(R"({"anyOf":[{"type":"integer"},{"const":"auto"}]})")
                                         << QByteArray(R"("x")") << QStringList{"(root): must be a whole number or auto"};
    QTest::addRow("oneOf consts") << QByteArray(R"({"oneOf":[{"const":"a","title":"A"},{"const":"b","title":"B"}]})")
                                  << QByteArray(R"("c")") << QStringList{"(root): must be one of: a, b"};
    QTest::addRow("oneOf matches two") << QByteArray(R"({"oneOf":[{"type":"integer"},{"type":"number"}]})")
                                       << QByteArray("5")
                                       << QStringList{"(root): matches more than one of the allowed options, but must match exactly one"};
    QTest::addRow("oneOf matches one") << QByteArray(R"({"oneOf":[{"type":"integer"},{"type":"string"}]})")
                                       << QByteArray("5") << valid;
    const QByteArray shapes = R"({"oneOf":[
        {"type":"object","properties":{"kind":{"const":"circle"},"radius":{"type":"number"}},"required":["kind","radius"]},
        {"type":"object","properties":{"kind":{"const":"square"},"side":{"type":"number"}},"required":["kind","side"]}]})";
    QTest::addRow("discriminated union, first") << shapes << QByteArray(R"({"kind":"circle"})")
                                                << QStringList{"/radius: is required"};
    QTest::addRow("discriminated union, second") << shapes << QByteArray(R"({"kind":"square","side":"x"})")
                                                 << QStringList{"/side: must be a number"};
    QTest::addRow("discriminated union, neither") << shapes << QByteArray(R"("circle")")
                                                  << QStringList{"(root): must be an object"};
    QTest::addRow("anyOf inside a property") << QByteArray(R"({"properties":{"v":{"anyOf":[{"type":"string"},{"type":"integer"}]}}})")
                                             << QByteArray(R"({"v":true})") << QStringList{"/v: must be text or a whole number"};
    QTest::addRow("nested anyOf")
        << QByteArray(R"({"anyOf":[{"type":"object","properties":{"x":{"anyOf":[{"type":"string"},{"type":"null"}]}}},{"type":"string"}]})")
        << QByteArray(R"({"x":5})") << QStringList{"/x: must be text or null"};
    QTest::addRow("anyOf of $refs") << QByteArray(R"({"$defs":{"a":{"type":"string"},"b":{"type":"boolean"}},"anyOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/b"}]})")
                                    << QByteArray("1") << QStringList{"(root): must be text or true or false"};
    QTest::addRow("anyOf in array items") << QByteArray(R"({"items":{"anyOf":[{"type":"string"},{"type":"integer","minimum":0}]}})")
                                          << QByteArray(R"(["a",-1,null])")
                                          << QStringList{"/1: must be at least 0", "/2: must be text or a whole number"};
    QTest::addRow("empty anyOf ignored") << QByteArray(R"({"anyOf":[],"type":"integer"})") << QByteArray("1") << valid;
    QTest::addRow("allOf") << QByteArray(R"({"allOf":[{"required":["a"]},{"required":["b"]}]})") << QByteArray("{}")
                           << QStringList{"/a: is required", "/b: is required"};
    QTest::addRow("allOf reports every failing part")
        << QByteArray(R"({"$defs":{"base":{"required":["id"]}},"$ref":"#/$defs/base","allOf":[{"required":["a"]},{"properties":{"b":{"type":"string"}}}],"required":["c"]})")
        << QByteArray(R"({"b":1})") << QStringList{"/a: is required", "/b: must be text", "/c: is required", "/id: is required"};
    QTest::addRow("ref into an allOf part")
        << QByteArray(R"({"allOf":[{"type":"object"},{"properties":{"n":{"type":"integer"}}}],"properties":{"m":{"$ref":"#/allOf/1/properties/n"}}})")
        << QByteArray(R"({"n":"x","m":"y"})") << QStringList{"/m: must be a whole number", "/n: must be a whole number"};
    QTest::addRow("anyOf inside allOf")
        << QByteArray(R"({"allOf":[{"properties":{"a":{"anyOf":[{"type":"string"},{"type":"null"}]}}},{"required":["z"]}]})")
        << QByteArray(R"({"a":1})") << QStringList{"/a: must be text or null", "/z: is required"};
    QTest::addRow("not") << QByteArray(R"({"not":{"type":"null"}})") << QByteArray("null")
                         << QStringList{"(root): is not allowed"};
    QTest::addRow("if/then") << QByteArray(R"({"if":{"properties":{"country":{"const":"US"}}},"then":{"required":["zip"]},"else":{"required":["postcode"]}})")
                             << QByteArray(R"({"country":"US"})") << QStringList{"/zip: is required"};
    QTest::addRow("if/else") << QByteArray(R"({"if":{"properties":{"country":{"const":"US"}}},"then":{"required":["zip"]},"else":{"required":["postcode"]}})")
                             << QByteArray(R"({"country":"FR"})") << QStringList{"/postcode: is required"};
    QTest::addRow("unknown keywords ignored") << QByteArray(R"({"x-ui":{"type":"nonsense"},"unevaluatedProperties":false,"type":"object"})")
                                              << QByteArray(R"({"a":1})") << valid;
    QTest::addRow("non-string title and description tolerated")
        << QByteArray(R"({"title":5,"description":["x"],"type":"string"})") << QByteArray("1")
        << QStringList{"(root): must be text"};
}

void tst_SchemaValidator::validate()
{
    QFETCH(QByteArray, schema);
    QFETCH(QByteArray, instance);
    QFETCH(QStringList, expected);

    const Result<SchemaValidator> validator = SchemaValidator::compile(parseObject(schema));
    QVERIFY2(validator.ok(), validator.ok() ? "" : qPrintable(validator.error().message));
    // Joined, so a failure shows both lists in full.
    QCOMPARE(render(validator->validate(parseValue(instance))).join(u'\n'), expected.join(u'\n'));
}

void tst_SchemaValidator::compileRefuses_data()
{
    addColumns<QByteArray, QString>("schema", "expected");

    QTest::addRow("https $ref")
        << QByteArray(R"({"properties":{"a":{"$ref":"https://example.com/s.json#/x"}}})")
        << QStringLiteral("Invalid JSON Schema: $ref \"https://example.com/s.json#/x\" at /properties/a refers to "
                          "another document (https://example.com/s.json). Toolgate never downloads schemas; only "
                          "references inside the schema itself, such as \"#/$defs/name\", are supported");
    QTest::addRow("http $ref at the root")
        << QByteArray(R"({"$ref":"http://example.com/s.json"})")
        << QStringLiteral("Invalid JSON Schema: $ref \"http://example.com/s.json\" at the root refers to another "
                          "document (http://example.com/s.json). Toolgate never downloads schemas; only references "
                          "inside the schema itself, such as \"#/$defs/name\", are supported");
    QTest::addRow("file $ref")
        << QByteArray(R"({"items":{"$ref":"file:///etc/passwd"}})")
        << QStringLiteral("Invalid JSON Schema: $ref \"file:///etc/passwd\" at /items refers to another document "
                          "(file:///etc/passwd). Toolgate never downloads schemas; only references inside the schema "
                          "itself, such as \"#/$defs/name\", are supported");
    QTest::addRow("relative $ref without a base")
        << QByteArray(R"({"items":{"$ref":"other.json#/x"}})")
        << QStringLiteral("Invalid JSON Schema: $ref \"other.json#/x\" at /items refers to another document "
                          "(other.json). Toolgate never downloads schemas; only references inside the schema itself, "
                          "such as \"#/$defs/name\", are supported");
    QTest::addRow("relative $ref against $id")
        << QByteArray(R"({"$id":"https://example.com/a/root.json","items":{"$ref":"b.json"}})")
        << QStringLiteral("Invalid JSON Schema: $ref \"b.json\" at /items refers to another document "
                          "(https://example.com/a/b.json). Toolgate never downloads schemas; only references inside "
                          "the schema itself, such as \"#/$defs/name\", are supported");
    QTest::addRow("dangling pointer")
        << QByteArray(R"({"properties":{"a":{"$ref":"#/$defs/missing"}}})")
        << QStringLiteral("Invalid JSON Schema: $ref \"#/$defs/missing\" at /properties/a points to nothing in the schema");
    QTest::addRow("missing anchor")
        << QByteArray(R"({"items":{"$ref":"#nope"}})")
        << QStringLiteral("Invalid JSON Schema: $ref \"#nope\" at /items names the anchor \"nope\", which the schema does not define");
    QTest::addRow("cycle of references")
        << QByteArray(R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"})")
        << QStringLiteral("Invalid JSON Schema: the schema at /$defs/a refers back to itself through $ref without "
                          "going into a property or item, so checking a value against it would never end");
    QTest::addRow("root refers to itself")
        << QByteArray(R"({"anyOf":[{"type":"string"},{"$ref":"#"}]})")
        << QStringLiteral("Invalid JSON Schema: the schema at the root refers back to itself through $ref without "
                          "going into a property or item, so checking a value against it would never end");
    QTest::addRow("invalid pattern")
        << QByteArray(R"({"properties":{"a":{"pattern":"[a-"}}})")
        << QStringLiteral("Invalid JSON Schema: \"pattern\" at /properties/a is not a valid regular expression "
                          "(missing terminating ] for character class): [a-");
    QTest::addRow("invalid patternProperties")
        << QByteArray(R"({"patternProperties":{"(a":{}}})")
        << QStringLiteral("Invalid JSON Schema: \"patternProperties\" at the root has a pattern that cannot be used "
                          "(missing closing parenthesis): (a");
    QTest::addRow("pattern that sets its own limits")
        << QByteArray(R"({"pattern":"(*LIMIT_MATCH=100000000)^(a+)+b$"})")
        << QStringLiteral("Invalid JSON Schema: \"pattern\" at the root is not a valid regular expression (it starts "
                          "with \"(*\", which is not a valid regular expression in JSON Schema): "
                          "(*LIMIT_MATCH=100000000)^(a+)+b$");
    QTest::addRow("pattern too long")
        << QByteArray(R"({"pattern":")" + QByteArray(5000, 'a') + R"("})")
        << QStringLiteral("Invalid JSON Schema: \"pattern\" at the root is not a valid regular expression (it is "
                          "longer than 4096 characters): ") + QString(80, u'a') + QStringLiteral("...");
    addTooComplexSchemas();
}

void tst_SchemaValidator::compileRefuses()
{
    QFETCH(QByteArray, schema);
    QFETCH(QString, expected);

    const Result<SchemaValidator> validator = SchemaValidator::compile(parseObject(schema));
    QVERIFY(!validator.ok());
    QCOMPARE(validator.error().message, expected);
    QCOMPARE(validator.error().code, int(ErrorCode::ProtocolError));
    // Too complex (the rows of addTooComplexSchemas) is told apart from invalid.
    QCOMPARE(SchemaValidator::isTooComplex(validator.error()), expected.startsWith(QLatin1String("JSON Schema too complex to check: ")));
}

void tst_SchemaValidator::compileAccepts_data()
{
    addColumns<QByteArray, QByteArray>("schema", "warning");

    QTest::addRow("draft-07 meta keywords") << QByteArray(R"({"$schema":"http://json-schema.org/draft-07/schema#","$comment":"x","type":"object"})") << QByteArray();
    QTest::addRow("2020-12 meta keywords") << QByteArray(R"({"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/t","$defs":{}})") << QByteArray();
    QTest::addRow("dynamic references") << QByteArray(R"({"$dynamicAnchor":"node","properties":{"kids":{"items":{"$dynamicRef":"#node"}}}})") << QByteArray();
    QTest::addRow("boolean subschemas") << QByteArray(R"({"properties":{"a":true,"b":false},"items":true})") << QByteArray();
    QTest::addRow("sloppy subschemas") << QByteArray(R"({"properties":{"a":"string"},"items":"x","required":"a"})")
                                       << QByteArray(R"(ignoring a non-schema value at "/properties/a")");
}

void tst_SchemaValidator::compileAccepts()
{
    QFETCH(QByteArray, schema);
    QFETCH(QByteArray, warning);
    if (!warning.isEmpty())
        QTest::ignoreMessage(QtWarningMsg, warning.constData());
    const Result<SchemaValidator> validator = SchemaValidator::compile(parseObject(schema));
    QVERIFY2(validator.ok(), validator.ok() ? "" : qPrintable(validator.error().message));
    QVERIFY(!validator->isNull());
}

void tst_SchemaValidator::readablePath_data()
{
    addColumns<QString, QString>("pointer", "expected");

    QTest::addRow("root") << QString() << QString();
    QTest::addRow("property") << QStringLiteral("/b") << QStringLiteral("b");
    QTest::addRow("nested") << QStringLiteral("/items/0/name") << QStringLiteral("items[0].name");
    QTest::addRow("index at root") << QStringLiteral("/3") << QStringLiteral("[3]");
    QTest::addRow("escaped") << QStringLiteral("/a~1b/c~0d") << QStringLiteral("a/b.c~d");
    QTest::addRow("dotted name") << QStringLiteral("/a.b/c") << QStringLiteral("[\"a.b\"].c");
}

void tst_SchemaValidator::readablePath()
{
    QFETCH(QString, pointer);
    QFETCH(QString, expected);
    QCOMPARE(SchemaValidator::readablePath(pointer), expected);
}

void tst_SchemaValidator::describe()
{
    const QList<SchemaIssue> issues = {
        {QString(), QStringLiteral("must be an object")},
        {QStringLiteral("/b"), QStringLiteral("is required")},
        {QStringLiteral("/items/0/name"), QStringLiteral("must be text")},
    };
    QCOMPARE(SchemaValidator::describe(issues),
             QStringLiteral("must be an object\nb: is required\nitems[0].name: must be text"));
    QCOMPARE(SchemaValidator::describe({}), QString());

    const Result<SchemaValidator> validator = SchemaValidator::compile(parseObject(R"({"required":["a","b"]})"));
    QVERIFY(validator.ok());
    QCOMPARE(SchemaValidator::describe(validator->validate(parseValue("{}"))),
             QStringLiteral("a: is required\nb: is required"));
}

void tst_SchemaValidator::nullValidatorAcceptsEverything()
{
    const SchemaValidator validator;
    QVERIFY(validator.isNull());
    QVERIFY(validator.validate(parseValue("[1,2]")).isEmpty());
    QCOMPARE(validator.schema(), QJsonObject());
}

void tst_SchemaValidator::copiesShareTheCompiledSchema()
{
    const QJsonObject schema = parseObject(R"({"type":"integer"})");
    SchemaValidator copy;
    {
        const Result<SchemaValidator> compiled = SchemaValidator::compile(schema);
        QVERIFY(compiled.ok());
        copy = compiled.value();
    }
    // The original is gone; the copy must still work.
    QCOMPARE(copy.schema(), schema);
    QCOMPARE(render(copy.validate(parseValue(R"("x")"))), QStringList{"(root): must be a whole number"});
    QVERIFY(copy.validate(parseValue("7")).isEmpty());
}

void tst_SchemaValidator::validatesFromSeveralThreads()
{
    const Result<SchemaValidator> validator = SchemaValidator::compile(parseObject(
        R"({"type":"object","properties":{"n":{"anyOf":[{"type":"integer"},{"type":"null"}]},"s":{"pattern":"^a"}},"required":["n"]})"));
    QVERIFY(validator.ok());
    const QJsonValue bad = parseValue(R"({"n":"x","s":"b"})");
    const QStringList expected{"/n: must be a whole number or null", "/s: must match the pattern ^a"};

    std::vector<QStringList> results(8);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < results.size(); ++i) {
        threads.emplace_back([&, i] {
            for (int round = 0; round < 50; ++round)
                results[i] = render(validator->validate(bad));
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    for (const QStringList &result : results)
        QCOMPARE(result, expected);
}

void tst_SchemaValidator::hostile_data()
{
    addColumns<QByteArray, QByteArray, int>("schema", "instance", "expect");
    for (const HostileSchemas::Case &c : HostileSchemas::cases())
        QTest::addRow("%s", c.name) << c.schema << c.instance << int(c.expect);
}

// Each case crashed (stack overflow in std::regex), ran for minutes, or gave a wrong answer before
// checking was bounded; tests/bench/benchschema.cpp times the same cases.
void tst_SchemaValidator::hostile()
{
    QFETCH(QByteArray, schema);
    QFETCH(QByteArray, instance);
    QFETCH(int, expect);

    const Result<SchemaValidator> validator = SchemaValidator::compile(parseObject(schema));
    if (HostileSchemas::Expect(expect) == HostileSchemas::Expect::CompileRefused) {
        QVERIFY(!validator.ok());
        QVERIFY2(SchemaValidator::isTooComplex(validator.error()), qPrintable(validator.error().message));
        QVERIFY(validator.error().message.startsWith(QLatin1String("JSON Schema too complex to check: ")));
        return;
    }
    QVERIFY2(validator.ok(), validator.ok() ? "" : qPrintable(validator.error().message));
    const SchemaCheck check = validator->check(parseValue(instance));
    const SchemaVerdict expected = HostileSchemas::Expect(expect) == HostileSchemas::Expect::Valid ? SchemaVerdict::Valid
        : HostileSchemas::Expect(expect) == HostileSchemas::Expect::Invalid                     ? SchemaVerdict::Invalid
                                                                                               : SchemaVerdict::TooComplex;
    QCOMPARE(check.verdict, expected);
    // The budget is a hard bound, give or take the last charge.
    QVERIFY2(check.work >= 0 && check.work <= SchemaValidator::kValidationWork + 10'000, qPrintable(QString::number(check.work)));
    if (expected == SchemaVerdict::TooComplex) {
        QCOMPARE(check.issues.size(), 1);
        QVERIFY2(check.issues.first().message.startsWith(QLatin1String("could not be checked: ")),
                 qPrintable(check.issues.first().message));
    } else if (expected == SchemaVerdict::Invalid) {
        QVERIFY(!check.issues.isEmpty());
        QVERIFY(check.issues.size() <= SchemaValidator::kMaxIssues + 1);
    }
    QCOMPARE(validator->validate(parseValue(instance)), check.issues);
}

void tst_SchemaValidator::tooComplexSaysWhy_data()
{
    addColumns<QByteArray, QByteArray, QString>("schema", "instance", "expected");

    QTest::addRow("catastrophic pattern")
        << QByteArray(R"({"properties":{"name":{"pattern":"^(a+)+b$"}}})")
        << QByteArray(R"({"name":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab!"})")
        << QStringLiteral("/name: could not be checked: the pattern ^(a+)+b$ is too complex to check");
    QTest::addRow("catastrophic patternProperties")
        << QByteArray(R"({"patternProperties":{"^(a+)+b$":{}}})")
        << QByteArray(R"({"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab!":1})")
        << QStringLiteral("/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab!: could not be checked: the pattern ^(a+)+b$ is too complex to check");
    QTest::addRow("work")
        << HostileSchemas::kDoublingAnyOf << HostileSchemas::nestedObject(40, "{}")
        << QStringLiteral("(root): could not be checked: it is too complex for the schema (Toolgate stops after %1 steps)")
               .arg(SchemaValidator::kValidationWork);
    QTest::addRow("depth")
        << HostileSchemas::kRecursiveAnyOf << HostileSchemas::nestedObject(1000, R"("x")")
        << QStringLiteral("(root): could not be checked: it is nested too deeply for the schema (more than %1 levels of checks)")
               .arg(SchemaValidator::kMaxDepth);
}

void tst_SchemaValidator::tooComplexSaysWhy()
{
    QFETCH(QByteArray, schema);
    QFETCH(QByteArray, instance);
    QFETCH(QString, expected);
    const Result<SchemaValidator> validator = SchemaValidator::compile(parseObject(schema));
    QVERIFY(validator.ok());
    const SchemaCheck check = validator->check(parseValue(instance));
    QCOMPARE(check.verdict, SchemaVerdict::TooComplex);
    QCOMPARE(render(check.issues), QStringList{expected});
}

// Comparing every pair took ~20 s for 40,000 items; grouping by hash makes the work grow with the list.
void tst_SchemaValidator::uniqueItemsWorkIsLinear()
{
    const Result<SchemaValidator> validator = SchemaValidator::compile(parseObject(R"({"uniqueItems":true})"));
    QVERIFY(validator.ok());
    const SchemaCheck small = validator->check(parseValue(HostileSchemas::numberList(1000)));
    const SchemaCheck large = validator->check(parseValue(HostileSchemas::numberList(100000)));
    QCOMPARE(small.verdict, SchemaVerdict::Valid);
    QCOMPARE(large.verdict, SchemaVerdict::Valid);
    QVERIFY2(large.work <= 110 * small.work, qPrintable(QStringLiteral("%1 vs %2").arg(large.work).arg(small.work)));

    const SchemaCheck duplicates = validator->check(parseValue(HostileSchemas::numberList(100000, "99999,5,{\"a\":[1]}")));
    QCOMPARE(render(duplicates.issues), (QStringList{"/100000: is a duplicate of item 99999", "/100001: is a duplicate of item 5"}));
    QCOMPARE(render(validator->check(parseValue(R"([{"a":[1,{"b":2}]},{"a":[1,{"b":2.0}]},[{"a":1}],[{"a":1.5}]])")).issues),
             QStringList{"/1: is a duplicate of item 0"});
}

// A long enum is looked up by hash, not compared value by value.
void tst_SchemaValidator::enumWorkDoesNotGrowWithTheEnum()
{
    const Result<SchemaValidator> shortEnum = SchemaValidator::compile(parseObject(R"({"items":{"enum":)" + HostileSchemas::stringList(20, "v") + "}}"));
    const Result<SchemaValidator> longEnum = SchemaValidator::compile(parseObject(R"({"items":{"enum":)" + HostileSchemas::stringList(50000, "v") + "}}"));
    QVERIFY(shortEnum.ok());
    QVERIFY(longEnum.ok());
    const QJsonValue items = parseValue(R"(["v1","v7","v19","v3"])");
    const SchemaCheck fromShort = shortEnum->check(items);
    const SchemaCheck fromLong = longEnum->check(items);
    QCOMPARE(fromShort.verdict, SchemaVerdict::Valid);
    QCOMPARE(fromLong.verdict, SchemaVerdict::Valid);
    QVERIFY(fromShort.work > 0);
    QVERIFY2(fromLong.work <= fromShort.work, qPrintable(QStringLiteral("%1 vs %2").arg(fromLong.work).arg(fromShort.work)));
    QCOMPARE(render(longEnum->validate(parseValue(R"(["v1",1,"w"])"))),
             (QStringList{"/1: must be one of: v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, ... (50000 choices in all)",
                          "/2: must be one of: v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, ... (50000 choices in all)"}));
}

void tst_SchemaValidator::budgetCanBeChosen()
{
    const Result<SchemaValidator> validator = SchemaValidator::compile(parseObject(R"({"items":{"type":"integer"}})"));
    QVERIFY(validator.ok());
    const QJsonValue list = parseValue(HostileSchemas::numberList(1000));
    const SchemaCheck full = validator->check(list);
    QCOMPARE(full.verdict, SchemaVerdict::Valid);
    QVERIFY(full.work > 1000);
    const SchemaCheck starved = validator->check(list, full.work / 2);
    QCOMPARE(starved.verdict, SchemaVerdict::TooComplex);
    QVERIFY(starved.work <= full.work / 2 + 16);
    QCOMPARE(render(starved.issues),
             QStringList{QStringLiteral("(root): could not be checked: it is too complex for the schema (Toolgate stops after %1 steps)")
                             .arg(full.work / 2)});
    QCOMPARE(validator->check(list, full.work).verdict, SchemaVerdict::Valid);
}

// kMaxDepth bounds the stack whatever the value: 1,000 levels of nesting are checked on a thread with a
// 1 MiB stack (macOS gives secondary threads 512 KiB, Linux 8 MiB).
void tst_SchemaValidator::deepValueOnASmallStack()
{
    const Result<SchemaValidator> validator = SchemaValidator::compile(parseObject(HostileSchemas::kRecursiveAnyOf));
    QVERIFY(validator.ok());
    const QJsonValue deep = parseValue(HostileSchemas::nestedObject(1000, R"("x")"));
    const QJsonValue shallow = parseValue(HostileSchemas::nestedObject(50, R"("x")"));
    SchemaCheck deepCheck;
    SchemaCheck shallowCheck;
    std::unique_ptr<QThread> thread(QThread::create([&] {
        deepCheck = validator->check(deep);
        shallowCheck = validator->check(shallow);
    }));
    thread->setStackSize(1024 * 1024);
    thread->start();
    QVERIFY(thread->wait(QDeadlineTimer(60000)));
    QCOMPARE(deepCheck.verdict, SchemaVerdict::TooComplex);
    QCOMPARE(shallowCheck.verdict, SchemaVerdict::Invalid);
    QCOMPARE(render(shallowCheck.issues),
             QStringList{QStringLiteral("/a").repeated(50) + QStringLiteral(": must be an object or a whole number")});
}

void tst_SchemaValidator::addTooComplexSchemas()
{
    QTest::addRow("too many values")
        << QByteArray(R"({"enum":)" + HostileSchemas::numberList(60000) + "}")
        << QStringLiteral("JSON Schema too complex to check: it is too large to check");
    QTest::addRow("too many objects")
        << QByteArray(R"({"anyOf":[)" + HostileSchemas::repeated(R"({"type":"string"},)", 4500) + "{}]}")
        << QStringLiteral("JSON Schema too complex to check: it is too large to check");
    QTest::addRow("too deep")
        << QByteArray(HostileSchemas::repeated(R"({"not":)", 128) + "{}" + HostileSchemas::repeated("}", 128))
        << QStringLiteral("JSON Schema too complex to check: it is nested more than 128 levels deep");
    QTest::addRow("names too long for their size")
        << QByteArray(HostileSchemas::repeated(R"({"properties":{")" + QByteArray(3000, 'n') + R"(":)", 60) + "{}"
                      + HostileSchemas::repeated("}}", 60))
        << QStringLiteral("JSON Schema too complex to check: its names are too long for its size");
    QByteArray patterns = R"({"properties":{)";
    for (int i = 0; i < 3000; ++i)
        patterns += (i ? ",\"p" : "\"p") + QByteArray::number(i) + R"(":{"pattern":"^x)" + QByteArray::number(i) + "$\"}";
    patterns += "}}";
    QTest::addRow("too much work")
        << patterns << QStringLiteral("JSON Schema too complex to check: compiling it takes more than %1 steps").arg(SchemaValidator::kCompileWork);
}

void tst_SchemaValidator::issuesAreCapped()
{
    const Result<SchemaValidator> validator = SchemaValidator::compile(parseObject(R"({"items":{"type":"string"}})"));
    QVERIFY(validator.ok());
    const SchemaCheck check = validator->check(parseValue(HostileSchemas::numberList(1000)));
    QCOMPARE(check.verdict, SchemaVerdict::Invalid);
    QCOMPARE(check.issues.size(), SchemaValidator::kMaxIssues + 1);
    QCOMPARE(render(check.issues.mid(0, 2)), (QStringList{"/0: must be text", "/1: must be text"}));
    QCOMPARE(render({check.issues.last()}), QStringList{"(root): 900 more problems are not listed here"});
    QCOMPARE(check.issues.last().notListed, 900);
    QCOMPARE(check.issues.first().notListed, 0);
}

void tst_SchemaValidator::patternsAreSearchedWithPcre_data()
{
    addColumns<QByteArray, QByteArray, QStringList>("schema", "instance", "expected");

    QTest::addRow("long text, simple pattern") << QByteArray(R"({"pattern":"^[a-z]+$"})")
                                                << QByteArray('"' + QByteArray(1000000, 'a') + '"') << QStringList();
    QTest::addRow("long text, pattern fails") << QByteArray(R"({"pattern":"^[a-z]+$"})")
                                               << QByteArray('"' + QByteArray(100000, 'a') + "1\"")
                                               << QStringList{"(root): must match the pattern ^[a-z]+$"};
    QTest::addRow("backtracking that ends") << QByteArray(R"({"pattern":"^(.*),(.*),(.*)$"})")
                                             << QByteArray('"' + QByteArray(300, 'x') + ',' + QByteArray(300, 'y') + ',' + QByteArray(300, 'z') + '"')
                                             << QStringList();
    QTest::addRow("pattern of a property name") << QByteArray(R"({"patternProperties":{"^x-":{"type":"integer"}},"additionalProperties":false})")
                                                 << QByteArray(R"({"x-a":1,"x-b":"2","y":3})")
                                                 << QStringList{"/x-b: must be a whole number", "/y: is not allowed"};
    QTest::addRow("unicode property") << QByteArray(R"({"pattern":"^\\p{Lu}"})") << QByteArray(R"("Élan")") << QStringList();
    QTest::addRow("text with a lone surrogate") << QByteArray(R"({"pattern":"^a"})") << QByteArray(R"("a\ud800")") << QStringList();
}

void tst_SchemaValidator::patternsAreSearchedWithPcre()
{
    validate(); // the same columns, checked the same way
}

QTEST_GUILESS_MAIN(tst_SchemaValidator)
#include "tst_schemavalidator.moc"
