#pragma once

// Schemas and values a hostile MCP server can send (issue #13), shared by tst_schemavalidator and
// tests/bench/benchschema.cpp so the test and the benchmark exercise exactly the same inputs.

#include <QByteArray>
#include <QList>

// moc reads included headers but not raw string literals with unbalanced braces; it needs nothing here.
#ifndef Q_MOC_RUN

namespace HostileSchemas {

/// What checking a case must end in once the validator is bounded.
enum class Expect { Valid, Invalid, TooComplex, CompileRefused };

struct Case
{
    const char *name;
    QByteArray schema;
    QByteArray instance; // JSON text of the value to check; empty for compile-only cases
    Expect expect;
};

inline QByteArray repeated(const QByteArray &part, int count)
{
    QByteArray out;
    out.reserve(part.size() * count);
    for (int i = 0; i < count; ++i)
        out += part;
    return out;
}

/// {"a":{"a":...{"a":leaf}...}} with depth levels of "a" (Qt's JSON parser reads up to 1,024 levels).
inline QByteArray nestedObject(int depth, const QByteArray &leaf)
{
    return repeated(R"({"a":)", depth) + leaf + repeated("}", depth);
}

/// [first, first+1, ..., first+count-1], optionally followed by extra JSON values.
inline QByteArray numberList(int count, const QByteArray &extra = {})
{
    QByteArray out = "[";
    for (int i = 0; i < count; ++i) {
        if (i)
            out += ',';
        out += QByteArray::number(i);
    }
    if (!extra.isEmpty())
        out += ',' + extra;
    return out + ']';
}

inline QByteArray stringList(int count, const char *prefix)
{
    QByteArray out = "[";
    for (int i = 0; i < count; ++i)
        out += (i ? ",\"" : "\"") + QByteArray(prefix) + QByteArray::number(i) + '"';
    return out + ']';
}

// A node that is either an object whose "a" is another node, or a whole number; text at the bottom
// fails both alternatives at every level.
inline const QByteArray kRecursiveAnyOf = R"({"$defs":{"n":{"anyOf":[)"
                                          R"({"type":"object","properties":{"a":{"$ref":"#/$defs/n"}},"required":["a"]},)"
                                          R"({"type":"integer"}]}},"$ref":"#/$defs/n"})";

// Both alternatives look into the same property, so every level doubles the work.
inline const QByteArray kDoublingAnyOf = R"({"anyOf":[)"
                                         R"({"properties":{"a":{"$ref":"#"}},"required":["x"]},)"
                                         R"({"properties":{"a":{"$ref":"#"}},"required":["y"]}]})";

/// The cases of issue #13 items 1 and 2, plus the neighbours they suggest.
inline QList<Case> cases()
{
    const QByteArray longName = QByteArray(100000, 'a');
    const QByteArray evilKey = QByteArray(30, 'a') + "b!";
    QList<Case> list;

    // --- 1. regular expressions: no stack overflow, no endless backtracking
    list.append({"patternProperties, 100,000-character name",
                 R"({"patternProperties":{"^[a-z]*$":{"type":"string"}}})", "{\"" + longName + "\":\"x\"}",
                 Expect::Valid});
    list.append({"patternProperties and additionalProperties false, 100,000-character name",
                 R"({"patternProperties":{"^[a-z]+$":{}},"additionalProperties":false})",
                 "{\"" + longName + "\":1}", Expect::Valid});
    list.append({"pattern, 100,000 characters", R"({"pattern":"^[a-z]*$"})", '"' + longName + '"', Expect::Valid});
    // PCRE2 keeps a frame per repetition of a group: too much for the JIT stack Qt gives it.
    list.append({"pattern ^(a|b)*$, 100,000 characters", R"({"pattern":"^(a|b)*$"})", '"' + longName + '"',
                 Expect::TooComplex});
    list.append({"patternProperties ^(a+)+b$, 32-character name", R"({"patternProperties":{"^(a+)+b$":{}}})",
                 "{\"" + evilKey + "\":1}", Expect::TooComplex});
    list.append({"pattern ^(a+)+b$, 32 characters", R"({"pattern":"^(a+)+b$"})", '"' + evilKey + '"',
                 Expect::TooComplex});
    list.append({"propertyNames pattern ^(a+)+b$", R"({"propertyNames":{"pattern":"^(a+)+b$"}})",
                 "{\"" + evilKey + "\":1}", Expect::TooComplex});
    list.append({"pattern ^(a+)+b$ on 2,000 items", R"({"items":{"pattern":"^(a+)+b$"}})",
                 "[" + repeated('"' + QByteArray(18, 'a') + "b!\",", 1999) + "\"x\"]", Expect::TooComplex});

    // --- 2. work without bound
    list.append({"recursive anyOf, 1,000 levels (6 KB)", kRecursiveAnyOf, nestedObject(1000, R"("x")"),
                 Expect::TooComplex});
    list.append({"recursive anyOf, 1,000 levels (24 KB)", kRecursiveAnyOf,
                 repeated(R"({"b":"bbbbbbbbbbbbb","a":)", 1000) + R"("x")" + repeated("}", 1000), Expect::TooComplex});
    list.append({"recursive anyOf, 60 levels", kRecursiveAnyOf, nestedObject(60, R"("x")"), Expect::Invalid});
    list.append({"anyOf doubling per level, 40 levels", kDoublingAnyOf, nestedObject(40, "{}"),
                 Expect::TooComplex});
    list.append({"uniqueItems, 150,000 distinct numbers", R"({"uniqueItems":true})", numberList(150000),
                 Expect::Valid});
    list.append({"uniqueItems, 150,000 numbers and a late duplicate", R"({"uniqueItems":true})",
                 numberList(150000, "0"), Expect::Invalid});
    list.append({"50,000 items of the wrong type", R"({"items":{"type":"string"}})", numberList(50000), Expect::Invalid});
    list.append({"enum of 50,000 values, 50,000 items",
                 R"({"items":{"enum":)" + stringList(50000, "v") + "}}", stringList(50000, "v"), Expect::Valid});

    // --- the argument form's description (SchemaNode) of a recursive schema: every node merges the parts
    QByteArray recursiveParts = R"({"type":"object","properties":{)";
    for (int i = 0; i < 30; ++i)
        recursiveParts += (i ? ",\"r" : "\"r") + QByteArray::number(i) + R"(":{"$ref":"#"})";
    recursiveParts += R"(},"allOf":[)" + repeated(R"({"properties":{"x":{"type":"string"}},"required":["x"]},)", 399) + "{}]}";
    list.append({"30 recursive properties and allOf of 400 parts", recursiveParts, R"({"x":"a","r0":{"x":"b"}})",
                 Expect::Valid});

    // --- large but fair: the limits must leave room for these
    QByteArray properties = R"({"type":"object","properties":{)";
    QByteArray members = "{";
    for (int i = 0; i < 1000; ++i) {
        properties += (i ? ",\"p" : "\"p") + QByteArray::number(i)
            + R"(":{"type":"string","description":"The value of setting number )" + QByteArray::number(i)
            + R"(, as text.","minLength":1,"maxLength":100,"pattern":"^[a-z0-9]+$"})";
        members += (i ? ",\"p" : "\"p") + QByteArray::number(i) + R"(":"value)" + QByteArray::number(i) + '"';
    }
    properties += R"(},"additionalProperties":false})";
    members += '}';
    list.append({"fair: 1,000 properties with limits and patterns", properties, members, Expect::Valid});
    list.append({"fair: enum of 10,000 strings", R"({"enum":)" + stringList(10000, "zone/") + "}", R"("zone/9999")",
                 Expect::Valid});
    QByteArray records = "[";
    for (int i = 0; i < 10000; ++i)
        records += QByteArray(i ? "," : "") + R"({"id":)" + QByteArray::number(i) + R"(,"name":"user )" + QByteArray::number(i)
            + R"(","email":"user)" + QByteArray::number(i) + R"(@example.com","tags":["a","b"],"active":true})";
    records += ']';
    list.append({"fair: 10,000 records of 5 fields",
                 R"({"type":"array","items":{"type":"object","required":["id","name","email"],"properties":{)"
                 R"("id":{"type":"integer","minimum":0},"name":{"type":"string","maxLength":200},)"
                 R"("email":{"type":"string","format":"email"},"tags":{"type":"array","items":{"type":"string"},"uniqueItems":true},)"
                 R"("active":{"type":"boolean"}},"additionalProperties":false}})",
                 records, Expect::Valid});

    // --- compiling: size, nesting and reference chains a peer controls
    list.append({"anyOf with 300,000 alternatives (5 MB)",
                 R"({"anyOf":[)" + repeated(R"({"type":"string","minLength":1},)", 299999) + R"({"type":"null"}]})",
                 R"("x")", Expect::CompileRefused});
    list.append({"anyOf nested 500 deep", repeated(R"({"anyOf":[)", 500) + "{}" + repeated("]}", 500), "1",
                 Expect::CompileRefused});
    auto chainOf = [](int length) -> QByteArray {
        QByteArray chain = R"({"$defs":{)";
        for (int i = 0; i < length; ++i)
            chain += "\"d" + QByteArray::number(i) + R"(":{"allOf":[{"$ref":"#/$defs/d)" + QByteArray::number(i + 1) + "\"}]},";
        return chain + "\"d" + QByteArray::number(length) + R"(":{"type":"string"}},"$ref":"#/$defs/d0"})";
    };
    list.append({"chain of 10,000 references", chainOf(10000), "1", Expect::CompileRefused});

    // --- the largest schemas compile() accepts, one of each shape
    list.append({"largest: chain of 1,000 references", chainOf(1000), "1", Expect::TooComplex});
    list.append({"largest: anyOf with 3,900 alternatives",
                 R"({"anyOf":[)" + repeated(R"({"type":"string","minLength":1},)", 3899) + R"({"type":"null"}]})", "5",
                 Expect::Invalid});
    QByteArray patterns = R"({"properties":{)";
    for (int i = 0; i < 1400; ++i)
        patterns += (i ? ",\"p" : "\"p") + QByteArray::number(i) + R"(":{"pattern":"^x)" + QByteArray::number(i) + "$\"}";
    list.append({"largest: 1,400 different patterns", patterns + "}}", R"({"p1":"x1","p2":"x2"})", Expect::Valid});
    list.append({"largest: enum of 59,000 numbers", R"({"enum":)" + numberList(59000) + "}", "58999", Expect::Valid});
    list.append({"largest: not nested 126 deep", repeated(R"({"not":)", 126) + "{}" + repeated("}", 126), "1",
                 Expect::Valid});
    return list;
}

} // namespace HostileSchemas

#endif // Q_MOC_RUN
