#include "core/common/error.h"
#include "core/protocol/completion.h"
#include "core/protocol/content.h"
#include "core/protocol/initialize.h"
#include "core/protocol/logginglevel.h"
#include "core/protocol/page.h"
#include "core/protocol/progress.h"
#include "core/protocol/prompt.h"
#include "core/protocol/protocolversion.h"
#include "core/transport/requestheaders.h"
#include "core/protocol/resource.h"
#include "core/protocol/tool.h"
#include "testjson.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using Toolgate::TestSupport::compact;
using Toolgate::TestSupport::parseArray;
using Toolgate::TestSupport::parseObject;

class tst_ProtocolTypes : public QObject
{
    Q_OBJECT

private slots:
    void headerValueEncoding_data();
    void headerValueEncoding();
    void toolArgumentHeaders_data();
    void toolArgumentHeaders();
    void requestHeadersMirrorTheBody();
    void versionCompare_data();
    void versionCompare();
    void versionSupportedLegacy();
    void versionFeatures_data();
    void versionFeatures();

    void contentText();
    void contentImage();
    void contentAudio();
    void contentEmbeddedTextResource();
    void contentEmbeddedBlobResource();
    void contentResourceLink();
    void contentUnknownKeptRaw();
    void contentMalformedBase64();
    void contentTypeName_data();
    void contentTypeName();
    void contentRoundTrip_data();
    void contentRoundTrip();
    void contentTypeChangeDropsOldFields();
    void contentListSkipsNonObjects();
    void contentMakeText();

    void callToolResult();
    void callToolResultTolerant();
    void callToolResultRoundTrip();
    void callToolResultParseIsStrict_data();
    void callToolResultParseIsStrict();

    void toolParse();
    void toolDisplayName_data();
    void toolDisplayName();
    void toolToJsonDefaultsInputSchema();
    void toolRoundTripKeepsUnmodelledKeys();
    void toolProblems_data();
    void toolProblems();
    void toolListProblemsNamesDuplicates();

    void pageCursor_data();
    void pageCursor();
    void pageOtherKinds();
    void pageToJson();
    void pageReadsAtMostMaxItems();

    void resourceAndTemplate();
    void readResourceResult();
    void promptAndGetPromptResult();

    void initializeResult();
    void serverCapabilitiesAbsentOrWrongType();
    void serverCapabilitiesToJson();

    void completion();

    void loggingLevelRoundTrip_data();
    void loggingLevelRoundTrip();
    void loggingLevelUnknown();
    void loggingLevelOrder();
    void logMessageText_data();
    void logMessageText();

    void progressUpdate();
};

// moc mis-tokenises the raw-string JSON fixtures below (a "//" in a URL reads as a comment to it),
// and it only needs the class declaration above, so it skips the test bodies.
#ifndef Q_MOC_RUN

// ---- ProtocolVersion --------------------------------------------------------------------------

void tst_ProtocolTypes::versionCompare_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("expected");

    QTest::newRow("equal") << u"2025-06-18"_s << u"2025-06-18"_s << 0;
    QTest::newRow("older year") << u"2024-11-05"_s << u"2025-03-26"_s << -1;
    QTest::newRow("newer month") << u"2025-11-25"_s << u"2025-06-18"_s << 1;
    QTest::newRow("modern newest") << u"2026-07-28"_s << u"2025-11-25"_s << 1;
    QTest::newRow("empty oldest") << QString() << u"2024-11-05"_s << -1;
}

void tst_ProtocolTypes::versionCompare()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, expected);
    QCOMPARE(ProtocolVersion::compare(a, b), expected);
    QCOMPARE(ProtocolVersion::compare(b, a), -expected);
}

void tst_ProtocolTypes::versionSupportedLegacy()
{
    const QStringList expected{u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s, u"2024-11-05"_s};
    QCOMPARE(ProtocolVersion::supportedLegacy(), expected);
    QCOMPARE(QString(ProtocolVersion::latestLegacy), u"2025-11-25"_s);
    QCOMPARE(QString(ProtocolVersion::modern), u"2026-07-28"_s);
    QCOMPARE(ProtocolVersion::supportedLegacy().first(), QString(ProtocolVersion::latestLegacy));

    for (const QString &v : expected)
        QVERIFY2(ProtocolVersion::isSupportedLegacy(v), qPrintable(v));
    QVERIFY(!ProtocolVersion::isSupportedLegacy(ProtocolVersion::modern));
    QVERIFY(!ProtocolVersion::isSupportedLegacy(u"2025-11-26"));
    QVERIFY(!ProtocolVersion::isSupportedLegacy(QString()));

    QVERIFY(ProtocolVersion::isModern(u"2026-07-28"));
    QVERIFY(!ProtocolVersion::isModern(ProtocolVersion::latestLegacy));
}

void tst_ProtocolTypes::versionFeatures_data()
{
    QTest::addColumn<QString>("version");
    QTest::addColumn<bool>("audio");
    QTest::addColumn<bool>("structured");
    QTest::addColumn<bool>("elicitation");
    QTest::addColumn<bool>("resourceLinks");
    QTest::addColumn<bool>("title");
    QTest::addColumn<bool>("icons");

    QTest::newRow("2024-11-05") << u"2024-11-05"_s << false << false << false << false << false << false;
    QTest::newRow("2025-03-26") << u"2025-03-26"_s << true << false << false << false << false << false;
    QTest::newRow("2025-06-18") << u"2025-06-18"_s << true << true << true << true << true << false;
    QTest::newRow("2025-11-25") << u"2025-11-25"_s << true << true << true << true << true << true;
    QTest::newRow("2026-07-28") << u"2026-07-28"_s << true << true << true << true << true << true;
}

void tst_ProtocolTypes::versionFeatures()
{
    QFETCH(QString, version);
    QFETCH(bool, audio);
    QFETCH(bool, structured);
    QFETCH(bool, elicitation);
    QFETCH(bool, resourceLinks);
    QFETCH(bool, title);
    QFETCH(bool, icons);
    QCOMPARE(ProtocolVersion::supportsAudio(version), audio);
    QCOMPARE(ProtocolVersion::supportsToolAnnotations(version), audio);
    QCOMPARE(ProtocolVersion::supportsStructuredContent(version), structured);
    QCOMPARE(ProtocolVersion::supportsElicitation(version), elicitation);
    QCOMPARE(ProtocolVersion::supportsResourceLinks(version), resourceLinks);
    QCOMPARE(ProtocolVersion::supportsTitle(version), title);
    QCOMPARE(ProtocolVersion::supportsIcons(version), icons);
}

// ---- Content ----------------------------------------------------------------------------------

void tst_ProtocolTypes::contentText()
{
    const Content c = Content::fromJson(parseObject(R"({"type":"text","text":"Tool result text",
        "annotations":{"audience":["user","assistant"],"priority":0.7},"_meta":{"k":1}})"));
    QCOMPARE(c.type, Content::Type::Text);
    QCOMPARE(c.text, u"Tool result text"_s);
    QCOMPARE(c.annotations.audience, QStringList({u"user"_s, u"assistant"_s}));
    QVERIFY(c.annotations.priority.has_value());
    QCOMPARE(*c.annotations.priority, 0.7);
    QCOMPARE(c.annotations.lastModified, QString());
    QCOMPARE(compact(c.meta), QByteArray(R"({"k":1})"));
    QCOMPARE(c.raw.value(u"text").toString(), u"Tool result text"_s);
}

void tst_ProtocolTypes::contentImage()
{
    // "aGVsbG8=" is base64 for "hello".
    const Content c = Content::fromJson(
        parseObject(R"({"type":"image","data":"aGVsbG8=","mimeType":"image/png"})"));
    QCOMPARE(c.type, Content::Type::Image);
    QCOMPARE(c.data, QByteArray("aGVsbG8="));
    QCOMPARE(c.decodedData(), QByteArray("hello"));
    QCOMPARE(c.mimeType, u"image/png"_s);
    QVERIFY(c.annotations.isEmpty());
}

void tst_ProtocolTypes::contentAudio()
{
    const Content c = Content::fromJson(
        parseObject(R"({"type":"audio","data":"AAEC/w==","mimeType":"audio/wav"})"));
    QCOMPARE(c.type, Content::Type::Audio);
    QCOMPARE(c.data, QByteArray("AAEC/w=="));
    QCOMPARE(c.decodedData(), QByteArray::fromHex("000102ff"));
    QCOMPARE(c.mimeType, u"audio/wav"_s);
}

void tst_ProtocolTypes::contentEmbeddedTextResource()
{
    const Content c = Content::fromJson(parseObject(R"({"type":"resource","resource":{
        "uri":"file:///project/src/main.rs","mimeType":"text/x-rust",
        "text":"fn main() {}"}})"));
    QCOMPARE(c.type, Content::Type::Resource);
    QCOMPARE(c.resource.uri, u"file:///project/src/main.rs"_s);
    QCOMPARE(c.resource.mimeType, u"text/x-rust"_s);
    QVERIFY(c.resource.isText());
    QCOMPARE(*c.resource.text, u"fn main() {}"_s);
    QCOMPARE(c.resource.blob, QByteArray());
}

void tst_ProtocolTypes::contentEmbeddedBlobResource()
{
    const Content c = Content::fromJson(parseObject(R"({"type":"resource","resource":{
        "uri":"file:///img.bin","mimeType":"application/octet-stream","blob":"aGVsbG8="}})"));
    QCOMPARE(c.type, Content::Type::Resource);
    QVERIFY(!c.resource.isText());
    QCOMPARE(c.resource.blob, QByteArray("aGVsbG8="));
    QCOMPARE(c.resource.decodedBlob(), QByteArray("hello"));

    // An empty text is still text: isText() must follow presence, not emptiness.
    const ResourceContents empty = ResourceContents::fromJson(parseObject(R"({"uri":"x:/e","text":""})"));
    QVERIFY(empty.isText());
    QCOMPARE(*empty.text, QString());
}

void tst_ProtocolTypes::contentResourceLink()
{
    const Content c = Content::fromJson(parseObject(R"({"type":"resource_link",
        "uri":"file:///project/src/main.rs","name":"main.rs","title":"Main file",
        "description":"Primary application entry point","mimeType":"text/x-rust","size":1234,
        "icons":[{"src":"https://example.com/rs.png","mimeType":"image/png","sizes":["48x48"],"theme":"dark"}],
        "annotations":{"audience":["assistant"],"priority":0.9,"lastModified":"2025-01-12T15:00:58Z"}})"));
    QCOMPARE(c.type, Content::Type::ResourceLink);
    QCOMPARE(c.uri, u"file:///project/src/main.rs"_s);
    QCOMPARE(c.name, u"main.rs"_s);
    QCOMPARE(c.title, u"Main file"_s);
    QCOMPARE(c.description, u"Primary application entry point"_s);
    QCOMPARE(c.mimeType, u"text/x-rust"_s);
    QVERIFY(c.size.has_value());
    QCOMPARE(*c.size, qint64(1234));
    QCOMPARE(c.icons.size(), 1);
    QCOMPARE(c.icons.first().src, u"https://example.com/rs.png"_s);
    QCOMPARE(c.icons.first().mimeType, u"image/png"_s);
    QCOMPARE(c.icons.first().sizes, QStringList{u"48x48"_s});
    QCOMPARE(c.icons.first().theme, u"dark"_s);
    QCOMPARE(c.annotations.audience, QStringList{u"assistant"_s});
    QCOMPARE(*c.annotations.priority, 0.9);
    QCOMPARE(c.annotations.lastModified, u"2025-01-12T15:00:58Z"_s);
}

void tst_ProtocolTypes::contentUnknownKeptRaw()
{
    const QJsonObject json = parseObject(R"({"type":"hologram","frames":[1,2,3],"fps":24})");
    const Content c = Content::fromJson(json);
    QCOMPARE(c.type, Content::Type::Unknown);
    QCOMPARE(c.typeString(), u"hologram"_s);
    QCOMPARE(compact(c.raw), compact(json));
    QCOMPARE(compact(c.toJson()), compact(json));

    const Content untyped = Content::fromJson(parseObject(R"({"text":"no type"})"));
    QCOMPARE(untyped.type, Content::Type::Unknown);
    QCOMPARE(untyped.text, QString());
}

void tst_ProtocolTypes::contentMalformedBase64()
{
    const Content c = Content::fromJson(
        parseObject(R"({"type":"image","data":"not*base64!","mimeType":"image/png"})"));
    QCOMPARE(c.data, QByteArray("not*base64!"));
    QCOMPARE(c.decodedData(), QByteArray());
    // decodeData() tells malformed apart from empty, so nobody shows "0 bytes" for it.
    QVERIFY(!c.decodeData().has_value());
    QCOMPARE(Content::fromJson(parseObject(R"({"type":"audio","data":"","mimeType":"audio/wav"})")).decodeData(), QByteArray());
    QCOMPARE(Content::fromJson(parseObject(R"({"type":"image","data":"aGk=","mimeType":"image/png"})")).decodeData(), QByteArray("hi"));
    const ResourceContents blob = ResourceContents::fromJson(parseObject(R"({"uri":"file:///b","blob":"@@@="})"));
    QVERIFY(!blob.decodeBlob().has_value());
    QCOMPARE(blob.decodedBlob(), QByteArray());

    // A wrong-typed data field reads as absent.
    const Content wrong = Content::fromJson(parseObject(R"({"type":"image","data":42,"mimeType":7})"));
    QCOMPARE(wrong.type, Content::Type::Image);
    QCOMPARE(wrong.data, QByteArray());
    QCOMPARE(wrong.mimeType, QString());
}

void tst_ProtocolTypes::contentTypeName_data()
{
    QTest::addColumn<Content::Type>("type");
    QTest::addColumn<QString>("name");
    QTest::newRow("text") << Content::Type::Text << u"text"_s;
    QTest::newRow("image") << Content::Type::Image << u"image"_s;
    QTest::newRow("audio") << Content::Type::Audio << u"audio"_s;
    QTest::newRow("resource") << Content::Type::Resource << u"resource"_s;
    QTest::newRow("resource_link") << Content::Type::ResourceLink << u"resource_link"_s;
    QTest::newRow("unknown") << Content::Type::Unknown << QString();
}

void tst_ProtocolTypes::contentTypeName()
{
    QFETCH(Content::Type, type);
    QFETCH(QString, name);
    QCOMPARE(Content::typeName(type), name);
    if (type != Content::Type::Unknown) {
        const QJsonObject json{{u"type"_s, name}};
        QCOMPARE(Content::fromJson(json).type, type);
    }
}

void tst_ProtocolTypes::contentRoundTrip_data()
{
    QTest::addColumn<QByteArray>("json");

    QTest::newRow("text") << QByteArray(R"({"type":"text","text":"Hello, world"})");
    QTest::newRow("text annotated")
        << QByteArray(R"({"type":"text","text":"x","annotations":{"audience":["user"],"priority":1,"lastModified":"2025-01-12T15:00:58Z"},"_meta":{"a":{"b":true}}})");
    QTest::newRow("text with future key")
        << QByteArray(R"({"type":"text","text":"x","futureField":{"n":1}})");
    QTest::newRow("image") << QByteArray(R"({"type":"image","data":"aGVsbG8=","mimeType":"image/png"})");
    QTest::newRow("audio")
        << QByteArray(R"({"type":"audio","data":"AAEC/w==","mimeType":"audio/wav","annotations":{"priority":0.25}})");
    QTest::newRow("resource text")
        << QByteArray(R"({"type":"resource","resource":{"uri":"file:///a.txt","mimeType":"text/plain","text":"abc"}})");
    QTest::newRow("resource blob")
        << QByteArray(R"({"type":"resource","resource":{"uri":"file:///a.bin","blob":"aGVsbG8=","_meta":{"m":1}}})");
    QTest::newRow("resource_link")
        << QByteArray(R"({"type":"resource_link","uri":"file:///p/main.rs","name":"main.rs","title":"Main","description":"Entry","mimeType":"text/x-rust","size":1234,"icons":[{"src":"data:image/png;base64,AA==","sizes":["any"]}],"annotations":{"audience":["assistant"],"priority":0.9}})");
    QTest::newRow("unknown") << QByteArray(R"({"type":"hologram","frames":[1,2]})");
}

void tst_ProtocolTypes::contentRoundTrip()
{
    QFETCH(QByteArray, json);
    const QJsonObject input = parseObject(json);
    QCOMPARE(compact(Content::fromJson(input).toJson()), compact(input));
}

void tst_ProtocolTypes::contentTypeChangeDropsOldFields()
{
    Content c = Content::fromJson(parseObject(R"({"type":"image","data":"aGVsbG8=","mimeType":"image/png","extra":1})"));
    c.type = Content::Type::Text;
    c.text = u"now text"_s;
    QCOMPARE(compact(c.toJson()), QByteArray(R"({"text":"now text","type":"text"})"));
}

void tst_ProtocolTypes::contentListSkipsNonObjects()
{
    const QList<Content> list = Content::listFromJson(
        parseArray(R"([{"type":"text","text":"a"}, 5, "s", null, {"type":"text","text":"b"}])"));
    QCOMPARE(list.size(), 2);
    QCOMPARE(list.at(0).text, u"a"_s);
    QCOMPARE(list.at(1).text, u"b"_s);
}

void tst_ProtocolTypes::contentMakeText()
{
    QCOMPARE(compact(Content::makeText(u"hi"_s).toJson()), QByteArray(R"({"text":"hi","type":"text"})"));
    QCOMPARE(Content().type, Content::Type::Unknown);
    QCOMPARE(compact(Content().toJson()), QByteArray("{}"));
}

// ---- Tools ------------------------------------------------------------------------------------

void tst_ProtocolTypes::callToolResult()
{
    const CallToolResult r = CallToolResult::fromJson(parseObject(R"({
        "content":[{"type":"text","text":"{\"temperature\": 22.5}"},
                   {"type":"image","data":"aGVsbG8=","mimeType":"image/png"},
                   {"type":"text","text":"second"}],
        "structuredContent":{"temperature":22.5,"conditions":"Partly cloudy"},
        "isError":true,"_meta":{"trace":"t1"}})"));
    QCOMPARE(r.content.size(), 3);
    QCOMPARE(r.content.at(1).type, Content::Type::Image);
    QVERIFY(r.structuredContent.has_value());
    QCOMPARE(compact(*r.structuredContent), QByteArray(R"({"conditions":"Partly cloudy","temperature":22.5})"));
    QCOMPARE(r.isError, true);
    QCOMPARE(compact(r.meta), QByteArray(R"({"trace":"t1"})"));
    QCOMPARE(r.textSummary(), u"{\"temperature\": 22.5}\nsecond"_s);

    const CallToolResult plain = CallToolResult::fromJson(parseObject(R"({"content":[]})"));
    QCOMPARE(plain.isError, false);
    QVERIFY(!plain.structuredContent.has_value());
    QCOMPARE(plain.textSummary(), QString());
}

void tst_ProtocolTypes::callToolResultTolerant()
{
    const CallToolResult r = CallToolResult::fromJson(
        parseObject(R"({"content":"oops","structuredContent":[1,2],"isError":"yes"})"));
    QCOMPARE(r.content.size(), 0);
    QVERIFY(!r.structuredContent.has_value());
    QCOMPARE(r.isError, false);

    // An empty structuredContent object is present, not absent.
    const CallToolResult empty = CallToolResult::fromJson(parseObject(R"({"content":[],"structuredContent":{}})"));
    QVERIFY(empty.structuredContent.has_value());
    QVERIFY(empty.structuredContent->isEmpty());
}

void tst_ProtocolTypes::callToolResultRoundTrip()
{
    const QJsonObject json = parseObject(R"({"content":[{"type":"text","text":"boom"}],
        "structuredContent":{"code":3},"isError":true,"resultType":"complete","_meta":{"x":1}})");
    QCOMPARE(compact(CallToolResult::fromJson(json).toJson()), compact(json));

    CallToolResult built;
    built.content.append(Content::makeText(u"ok"_s));
    QCOMPARE(compact(built.toJson()), QByteArray(R"({"content":[{"text":"ok","type":"text"}]})"));
}

void tst_ProtocolTypes::toolParse()
{
    const Tool t = Tool::fromJson(parseObject(R"({
        "name":"get_weather","title":"Weather Information Provider",
        "description":"Get current weather information for a location",
        "inputSchema":{"type":"object","properties":{"location":{"type":"string"}},"required":["location"]},
        "outputSchema":{"type":"object","properties":{"temperature":{"type":"number"}}},
        "annotations":{"title":"Weather","readOnlyHint":true,"destructiveHint":false,"openWorldHint":true},
        "icons":[{"src":"https://example.com/w.svg","mimeType":"image/svg+xml","sizes":["any"]}],
        "execution":{"taskSupport":"optional"},
        "_meta":{"vendor/x":1}})"));
    QCOMPARE(t.name, u"get_weather"_s);
    QCOMPARE(t.title, u"Weather Information Provider"_s);
    QCOMPARE(t.description, u"Get current weather information for a location"_s);
    QCOMPARE(t.inputSchema.value(u"required").toArray().first().toString(), u"location"_s);
    QCOMPARE(t.outputSchema.value(u"type").toString(), u"object"_s);
    QCOMPARE(t.annotations.title, u"Weather"_s);
    QCOMPARE(t.annotations.readOnlyHint, std::optional<bool>(true));
    QCOMPARE(t.annotations.destructiveHint, std::optional<bool>(false));
    QCOMPARE(t.annotations.idempotentHint, std::optional<bool>());
    QCOMPARE(t.annotations.openWorldHint, std::optional<bool>(true));
    QCOMPARE(t.icons.size(), 1);
    QCOMPARE(t.icons.first().sizes, QStringList{u"any"_s});
    QCOMPARE(t.execution.value(u"taskSupport").toString(), u"optional"_s);
    QCOMPARE(compact(t.meta), QByteArray(R"({"vendor/x":1})"));
    QCOMPARE(t.raw.value(u"name").toString(), u"get_weather"_s);

    // Hints of the wrong type are not guessed at.
    const Tool odd = Tool::fromJson(parseObject(R"({"name":"n","inputSchema":{"type":"object"},
        "annotations":{"readOnlyHint":"true","destructiveHint":1}})"));
    QVERIFY(!odd.annotations.readOnlyHint.has_value());
    QVERIFY(!odd.annotations.destructiveHint.has_value());
    QVERIFY(odd.outputSchema.isEmpty());
}

void tst_ProtocolTypes::toolDisplayName_data()
{
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("annotationsTitle");
    QTest::addColumn<QString>("expected");
    QTest::newRow("title wins") << u"Title"_s << u"Annotated"_s << u"Title"_s;
    QTest::newRow("annotations.title next") << QString() << u"Annotated"_s << u"Annotated"_s;
    QTest::newRow("name last") << QString() << QString() << u"tool_name"_s;
}

void tst_ProtocolTypes::toolDisplayName()
{
    QFETCH(QString, title);
    QFETCH(QString, annotationsTitle);
    QFETCH(QString, expected);
    QJsonObject json{{u"name"_s, u"tool_name"_s}, {u"inputSchema"_s, QJsonObject{{u"type"_s, u"object"_s}}}};
    if (!title.isEmpty())
        json.insert(u"title", title);
    if (!annotationsTitle.isEmpty())
        json.insert(u"annotations", QJsonObject{{u"title"_s, annotationsTitle}});
    QCOMPARE(Tool::fromJson(json).displayName(), expected);
}

void tst_ProtocolTypes::toolToJsonDefaultsInputSchema()
{
    Tool t;
    t.name = u"noargs"_s;
    QCOMPARE(compact(t.toJson()), QByteArray(R"({"inputSchema":{"type":"object"},"name":"noargs"})"));
}

void tst_ProtocolTypes::toolRoundTripKeepsUnmodelledKeys()
{
    const QJsonObject json = parseObject(R"({"name":"t","title":"T","description":"d",
        "inputSchema":{"type":"object","properties":{}},
        "outputSchema":{"type":"object"},
        "annotations":{"title":"A","idempotentHint":true},
        "icons":[{"src":"https://e.com/i.png"}],"execution":{"taskSupport":"forbidden"},
        "_meta":{"m":true},"futureField":[1]})");
    QCOMPARE(compact(Tool::fromJson(json).toJson()), compact(json));

    // The modelled fields stay authoritative over raw.
    Tool t = Tool::fromJson(json);
    t.title.clear();
    QVERIFY(!t.toJson().contains(u"title"));
}

// ---- Pages ------------------------------------------------------------------------------------

void tst_ProtocolTypes::pageCursor_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("count");
    QTest::addColumn<bool>("hasMore");
    QTest::addColumn<QString>("cursor");

    QTest::newRow("absent ends")
        << QByteArray(R"({"tools":[{"name":"a","inputSchema":{"type":"object"}}]})") << 1 << false << QString();
    QTest::newRow("empty string continues")
        << QByteArray(R"({"tools":[{"name":"a"},{"name":"b"}],"nextCursor":""})") << 2 << true << QString();
    QTest::newRow("opaque cursor")
        << QByteArray(R"({"tools":[],"nextCursor":"eyJwYWdlIjogM30="})") << 0 << true << u"eyJwYWdlIjogM30="_s;
    QTest::newRow("null ends") << QByteArray(R"({"tools":[],"nextCursor":null})") << 0 << false << QString();
    QTest::newRow("number ignored") << QByteArray(R"({"tools":[],"nextCursor":7})") << 0 << false << QString();
    QTest::newRow("missing array") << QByteArray(R"({"nextCursor":"c"})") << 0 << true << u"c"_s;
    QTest::newRow("junk items skipped")
        << QByteArray(R"({"tools":[1,{"name":"x"},"y"]})") << 1 << false << QString();
}

void tst_ProtocolTypes::pageCursor()
{
    QFETCH(QByteArray, json);
    QFETCH(int, count);
    QFETCH(bool, hasMore);
    QFETCH(QString, cursor);

    const ToolPage page = ToolPage::fromJson(parseObject(json), u"tools");
    QCOMPARE(page.items.size(), count);
    QCOMPARE(page.hasMore(), hasMore);
    QCOMPARE(page.nextCursor.has_value(), hasMore);
    if (hasMore) {
        QCOMPARE(*page.nextCursor, cursor);
        QCOMPARE(page.nextCursor->isEmpty(), cursor.isEmpty());
    }
}

void tst_ProtocolTypes::pageOtherKinds()
{
    const auto resources = ResourcePage::fromJson(
        parseObject(R"({"resources":[{"uri":"file:///a","name":"a"}],"tools":[{"name":"t"}]})"), u"resources");
    QCOMPARE(resources.items.size(), 1);
    QCOMPARE(resources.items.first().uri, u"file:///a"_s);
    QVERIFY(!resources.hasMore());

    const auto templates = ResourceTemplatePage::fromJson(
        parseObject(R"({"resourceTemplates":[{"uriTemplate":"file:///{path}","name":"files"}],"nextCursor":"n"})"),
        u"resourceTemplates");
    QCOMPARE(templates.items.size(), 1);
    QCOMPARE(templates.items.first().uriTemplate, u"file:///{path}"_s);
    QCOMPARE(templates.nextCursor, std::optional<QString>(u"n"_s));

    const auto prompts = PromptPage::fromJson(parseObject(R"({"prompts":[{"name":"p1"},{"name":"p2"}]})"), u"prompts");
    QCOMPARE(prompts.items.size(), 2);
    QCOMPARE(prompts.items.at(1).name, u"p2"_s);

    // The key matters: the wrong one yields nothing.
    QCOMPARE(PromptPage::fromJson(parseObject(R"({"prompts":[{"name":"p1"}]})"), u"tools").items.size(), 0);
}

void tst_ProtocolTypes::pageToJson()
{
    const QJsonObject json = parseObject(R"({"prompts":[{"name":"p"}],"nextCursor":""})");
    QCOMPARE(compact(PromptPage::fromJson(json, u"prompts").toJson(u"prompts")), compact(json));

    const QJsonObject last = parseObject(R"({"prompts":[]})");
    QCOMPARE(compact(PromptPage::fromJson(last, u"prompts").toJson(u"prompts")), compact(last));
}

// ---- Resources and prompts --------------------------------------------------------------------

void tst_ProtocolTypes::resourceAndTemplate()
{
    const QJsonObject json = parseObject(R"({"uri":"file:///project/README.md","name":"README.md",
        "title":"Project Readme","description":"The readme","mimeType":"text/markdown","size":512,
        "annotations":{"audience":["user"],"priority":0.5},"icons":[{"src":"https://e.com/md.png"}],
        "_meta":{"k":"v"}})");
    const Resource r = Resource::fromJson(json);
    QCOMPARE(r.uri, u"file:///project/README.md"_s);
    QCOMPARE(r.name, u"README.md"_s);
    QCOMPARE(r.displayName(), u"Project Readme"_s);
    QCOMPARE(r.size, std::optional<qint64>(512));
    QCOMPARE(*r.annotations.priority, 0.5);
    QCOMPARE(r.icons.size(), 1);
    QCOMPARE(compact(r.toJson()), compact(json));

    QVERIFY(!Resource::fromJson(parseObject(R"({"uri":"u","name":"n","size":1.5})")).size.has_value());
    QCOMPARE(Resource::fromJson(parseObject(R"({"uri":"u","name":"n"})")).displayName(), u"n"_s);

    const QJsonObject tjson = parseObject(R"({"uriTemplate":"file:///{path}","name":"Project Files",
        "title":"Files","description":"Access files","mimeType":"application/octet-stream",
        "annotations":{"audience":["assistant"]}})");
    const ResourceTemplate t = ResourceTemplate::fromJson(tjson);
    QCOMPARE(t.uriTemplate, u"file:///{path}"_s);
    QCOMPARE(t.displayName(), u"Files"_s);
    QCOMPARE(compact(t.toJson()), compact(tjson));
}

void tst_ProtocolTypes::readResourceResult()
{
    const QJsonObject json = parseObject(R"({"contents":[
        {"uri":"file:///a.rs","mimeType":"text/x-rust","text":"fn main() {}"},
        {"uri":"file:///b.png","mimeType":"image/png","blob":"aGVsbG8="}]})");
    const ReadResourceResult r = ReadResourceResult::fromJson(json);
    QCOMPARE(r.contents.size(), 2);
    QVERIFY(r.contents.at(0).isText());
    QCOMPARE(*r.contents.at(0).text, u"fn main() {}"_s);
    QVERIFY(!r.contents.at(1).isText());
    QCOMPARE(r.contents.at(1).decodedBlob(), QByteArray("hello"));
    QCOMPARE(compact(r.toJson()), compact(json));
}

void tst_ProtocolTypes::promptAndGetPromptResult()
{
    const QJsonObject pjson = parseObject(R"({"name":"code_review","title":"Request Code Review",
        "description":"Asks the LLM to analyze code quality",
        "arguments":[{"name":"code","description":"The code to review","required":true},
                     {"name":"style","title":"Style"}],
        "icons":[{"src":"https://e.com/p.png"}]})");
    const Prompt p = Prompt::fromJson(pjson);
    QCOMPARE(p.name, u"code_review"_s);
    QCOMPARE(p.displayName(), u"Request Code Review"_s);
    QCOMPARE(p.arguments.size(), 2);
    QCOMPARE(p.arguments.at(0).required, true);
    QCOMPARE(p.arguments.at(1).required, false);
    QCOMPARE(p.arguments.at(1).displayName(), u"Style"_s);
    QCOMPARE(compact(p.toJson()), compact(pjson));

    const QJsonObject gjson = parseObject(R"({"description":"Code review prompt","messages":[
        {"role":"user","content":{"type":"text","text":"Please review this Python code"}},
        {"role":"assistant","content":{"type":"resource","resource":{"uri":"file:///x.py","text":"x = 1"}}}]})");
    const GetPromptResult g = GetPromptResult::fromJson(gjson);
    QCOMPARE(g.description, u"Code review prompt"_s);
    QCOMPARE(g.messages.size(), 2);
    QCOMPARE(g.messages.at(0).role, u"user"_s);
    QCOMPARE(g.messages.at(0).content.text, u"Please review this Python code"_s);
    QCOMPARE(g.messages.at(1).role, u"assistant"_s);
    QCOMPARE(g.messages.at(1).content.type, Content::Type::Resource);
    QCOMPARE(compact(g.toJson()), compact(gjson));
}

// ---- Initialize -------------------------------------------------------------------------------

void tst_ProtocolTypes::initializeResult()
{
    const QJsonObject json = parseObject(R"({"protocolVersion":"2025-11-25",
        "capabilities":{"logging":{},"prompts":{"listChanged":true},
                        "resources":{"subscribe":true,"listChanged":true},
                        "tools":{"listChanged":true},"experimental":{"x":{}}},
        "serverInfo":{"name":"ExampleServer","title":"Example Server Display Name","version":"1.0.0",
                      "description":"An example","websiteUrl":"https://example.com",
                      "icons":[{"src":"https://example.com/icon.png","sizes":["48x48"]}]},
        "instructions":"Optional instructions for the client"})");
    const InitializeResult r = InitializeResult::fromJson(json);
    QCOMPARE(r.protocolVersion, u"2025-11-25"_s);
    QCOMPARE(r.capabilities.tools, true);
    QCOMPARE(r.capabilities.toolsListChanged, true);
    QCOMPARE(r.capabilities.prompts, true);
    QCOMPARE(r.capabilities.promptsListChanged, true);
    QCOMPARE(r.capabilities.resources, true);
    QCOMPARE(r.capabilities.resourcesListChanged, true);
    QCOMPARE(r.capabilities.resourcesSubscribe, true);
    QCOMPARE(r.capabilities.logging, true);
    QCOMPARE(r.capabilities.completions, false);
    QVERIFY(r.capabilities.raw.contains(u"experimental"));
    QCOMPARE(r.serverInfo.name, u"ExampleServer"_s);
    QCOMPARE(r.serverInfo.displayName(), u"Example Server Display Name"_s);
    QCOMPARE(r.serverInfo.version, u"1.0.0"_s);
    QCOMPARE(r.serverInfo.description, u"An example"_s);
    QCOMPARE(r.serverInfo.websiteUrl, u"https://example.com"_s);
    QCOMPARE(r.serverInfo.icons.size(), 1);
    QCOMPARE(r.instructions, u"Optional instructions for the client"_s);
    QCOMPARE(compact(r.toJson()), compact(json));
}

void tst_ProtocolTypes::serverCapabilitiesAbsentOrWrongType()
{
    const ServerCapabilities c = ServerCapabilities::fromJson(parseObject(R"({"tools":true,
        "prompts":{},"resources":{"subscribe":"yes"},"completions":{}})"));
    QCOMPARE(c.tools, false);
    QCOMPARE(c.toolsListChanged, false);
    QCOMPARE(c.prompts, true);
    QCOMPARE(c.promptsListChanged, false);
    QCOMPARE(c.resources, true);
    QCOMPARE(c.resourcesSubscribe, false);
    QCOMPARE(c.logging, false);
    QCOMPARE(c.completions, true);

    const InitializeResult bare = InitializeResult::fromJson(parseObject(R"({"protocolVersion":"2024-11-05"})"));
    QCOMPARE(bare.capabilities.tools, false);
    QCOMPARE(bare.serverInfo.name, QString());
}

void tst_ProtocolTypes::serverCapabilitiesToJson()
{
    ServerCapabilities c = ServerCapabilities::fromJson(
        parseObject(R"({"tools":{"listChanged":true,"vendorFlag":1},"logging":{},"extensions":{"a/b":{}}})"));
    c.toolsListChanged = false;
    c.logging = false;
    c.completions = true;
    QCOMPARE(compact(c.toJson()),
             QByteArray(R"({"completions":{},"extensions":{"a/b":{}},"tools":{"vendorFlag":1}})"));

    ServerCapabilities built;
    built.resources = true;
    built.resourcesSubscribe = true;
    QCOMPARE(compact(built.toJson()), QByteArray(R"({"resources":{"subscribe":true}})"));
}

// ---- Completion -------------------------------------------------------------------------------

void tst_ProtocolTypes::completion()
{
    QCOMPARE(compact(CompletionReference::prompt(u"code_review"_s).toJson()),
             QByteArray(R"({"name":"code_review","type":"ref/prompt"})"));
    QCOMPARE(compact(CompletionReference::resourceTemplate(u"file:///{path}"_s).toJson()),
             QByteArray(R"({"type":"ref/resource","uri":"file:///{path}"})"));

    const auto ref = CompletionReference::fromJson(parseObject(R"({"type":"ref/resource","uri":"db://{table}"})"));
    QVERIFY(ref.has_value());
    QCOMPARE(ref->kind, CompletionReference::Kind::ResourceTemplate);
    QCOMPARE(ref->nameOrUri, u"db://{table}"_s);
    QVERIFY(!CompletionReference::fromJson(parseObject(R"({"type":"ref/other","name":"x"})")).has_value());

    const QJsonObject json = parseObject(R"({"completion":{"values":["python","pytorch","pyside"],"total":10,"hasMore":true}})");
    const CompleteResult r = CompleteResult::fromJson(json);
    QCOMPARE(r.values, QStringList({u"python"_s, u"pytorch"_s, u"pyside"_s}));
    QCOMPARE(r.total, std::optional<int>(10));
    QCOMPARE(r.hasMore, true);
    QCOMPARE(compact(r.toJson()), compact(json));

    const CompleteResult minimal = CompleteResult::fromJson(parseObject(R"({"completion":{"values":[]}})"));
    QVERIFY(minimal.values.isEmpty());
    QVERIFY(!minimal.total.has_value());
    QCOMPARE(minimal.hasMore, false);
}

// ---- Logging ----------------------------------------------------------------------------------

void tst_ProtocolTypes::loggingLevelRoundTrip_data()
{
    QTest::addColumn<LoggingLevel>("level");
    QTest::addColumn<QString>("name");
    QTest::newRow("debug") << LoggingLevel::Debug << u"debug"_s;
    QTest::newRow("info") << LoggingLevel::Info << u"info"_s;
    QTest::newRow("notice") << LoggingLevel::Notice << u"notice"_s;
    QTest::newRow("warning") << LoggingLevel::Warning << u"warning"_s;
    QTest::newRow("error") << LoggingLevel::Error << u"error"_s;
    QTest::newRow("critical") << LoggingLevel::Critical << u"critical"_s;
    QTest::newRow("alert") << LoggingLevel::Alert << u"alert"_s;
    QTest::newRow("emergency") << LoggingLevel::Emergency << u"emergency"_s;
}

void tst_ProtocolTypes::loggingLevelRoundTrip()
{
    QFETCH(LoggingLevel, level);
    QFETCH(QString, name);
    QCOMPARE(toString(level), name);
    QCOMPARE(loggingLevelFromString(name), std::optional<LoggingLevel>(level));
    QCOMPARE(loggingLevelFromString(name.toUpper()), std::optional<LoggingLevel>(level));

    const QJsonObject json{{u"level"_s, name}, {u"logger"_s, u"db"_s}, {u"data"_s, u"msg"_s}};
    const LogMessage m = LogMessage::fromJson(json);
    QVERIFY(m.level == level);
    QCOMPARE(compact(m.toJson()), compact(json));
}

void tst_ProtocolTypes::loggingLevelUnknown()
{
    QVERIFY(!loggingLevelFromString(u"verbose").has_value());
    QVERIFY(!loggingLevelFromString(u"").has_value());
    QVERIFY(!loggingLevelFromString(u"warn").has_value());
    QVERIFY(LogMessage::fromJson(parseObject(R"({"level":"verbose","data":1})")).level == LoggingLevel::Info);
}

void tst_ProtocolTypes::loggingLevelOrder()
{
    QVERIFY(LoggingLevel::Debug < LoggingLevel::Info);
    QVERIFY(LoggingLevel::Warning < LoggingLevel::Error);
    QVERIFY(LoggingLevel::Alert < LoggingLevel::Emergency);
}

void tst_ProtocolTypes::logMessageText_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("text");
    QTest::newRow("string") << QByteArray(R"({"level":"info","data":"Connection established"})")
                            << u"Connection established"_s;
    QTest::newRow("object") << QByteArray(R"({"level":"error","data":{"error":"Connection failed","details":{"host":"localhost","port":5432}}})")
                            << uR"({"details":{"host":"localhost","port":5432},"error":"Connection failed"})"_s;
    QTest::newRow("number") << QByteArray(R"({"level":"info","data":42})") << u"42"_s;
    QTest::newRow("bool") << QByteArray(R"({"level":"info","data":true})") << u"true"_s;
    QTest::newRow("null") << QByteArray(R"({"level":"info","data":null})") << u"null"_s;
    QTest::newRow("absent") << QByteArray(R"({"level":"info"})") << QString();
}

void tst_ProtocolTypes::logMessageText()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, text);
    QCOMPARE(LogMessage::fromJson(parseObject(json)).text(), text);
}

// ---- Progress ---------------------------------------------------------------------------------

void tst_ProtocolTypes::progressUpdate()
{
    const QJsonObject json = parseObject(R"({"progressToken":"abc123","progress":50,"total":100,"message":"Reticulating splines..."})");
    const ProgressUpdate p = ProgressUpdate::fromJson(json);
    QCOMPARE(p.token, QJsonValue(u"abc123"_s));
    QCOMPARE(p.progress, 50.0);
    QCOMPARE(p.total, std::optional<double>(100.0));
    QCOMPARE(p.message, u"Reticulating splines..."_s);
    QCOMPARE(p.fraction(), std::optional<double>(0.5));
    QCOMPARE(compact(p.toJson()), compact(json));

    const ProgressUpdate numeric = ProgressUpdate::fromJson(parseObject(R"({"progressToken":7,"progress":3})"));
    QCOMPARE(numeric.token, QJsonValue(7));
    QVERIFY(!numeric.total.has_value());
    QVERIFY(!numeric.fraction().has_value());
    QCOMPARE(compact(numeric.toJson()), QByteArray(R"({"progress":3,"progressToken":7})"));

    const ProgressUpdate badToken = ProgressUpdate::fromJson(parseObject(R"({"progressToken":{"a":1},"progress":1})"));
    QVERIFY(badToken.token.isNull());
}

void tst_ProtocolTypes::callToolResultParseIsStrict_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("problem"); // empty: accepted
    QTest::addRow("plain") << R"({"content":[{"type":"text","text":"ok"}],"isError":false})"_ba << QString();
    QTest::addRow("no content, no isError") << R"({"structuredContent":{"a":1}})"_ba << QString();
    QTest::addRow("nulls read as absent") << R"({"content":null,"isError":null,"structuredContent":null})"_ba << QString();
    QTest::addRow("isError a string") << R"({"content":[],"isError":"yes"})"_ba << u"\"isError\" must be true or false, not a string"_s;
    QTest::addRow("isError a number") << R"({"content":[],"isError":1})"_ba << u"\"isError\" must be true or false, not a number"_s;
    QTest::addRow("content an object") << R"({"content":{"type":"text","text":"x"}})"_ba << u"\"content\" must be a list, not an object"_s;
    QTest::addRow("content a string") << R"({"content":"oops"})"_ba << u"\"content\" must be a list, not a string"_s;
    QTest::addRow("structuredContent a list") << R"({"content":[],"structuredContent":[1]})"_ba
                                              << u"\"structuredContent\" must be an object, not a list"_s;
}

void tst_ProtocolTypes::callToolResultParseIsStrict()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, problem);
    const Result<CallToolResult> result = CallToolResult::parse(parseObject(json));
    if (problem.isEmpty()) {
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        return;
    }
    QVERIFY(!result.ok());
    QCOMPARE(result.error().code, int(ErrorCode::ProtocolError));
    QCOMPARE(result.error().message, u"the server's tool result is malformed: "_s + problem);
}

void tst_ProtocolTypes::toolProblems_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("problems");
    QTest::addRow("fine") << R"({"name":"a","inputSchema":{"type":"object"}})"_ba << QStringList();
    QTest::addRow("no name") << R"({"inputSchema":{"type":"object"}})"_ba
                             << QStringList{u"a tool has no name (its \"name\" is missing), so it cannot be called"_s};
    QTest::addRow("name a number") << R"({"name":7,"inputSchema":{}})"_ba
                                   << QStringList{u"a tool has no name (its \"name\" is a number), so it cannot be called"_s};
    QTest::addRow("empty name") << R"({"name":"","inputSchema":{}})"_ba
                                << QStringList{u"a tool has an empty name, so it cannot be called"_s};
    QTest::addRow("schema a string") << R"({"name":"a","inputSchema":"object"})"_ba
                                     << QStringList{u"the tool \"a\" has no input schema object (its \"inputSchema\" is a string); its arguments cannot be checked"_s};
    QTest::addRow("no schema, escapes in the name") << "{\"name\":\"a\\u001b[2J\"}"_ba
                                     << QStringList{u"the tool \"a\\x1b[2J\" has no input schema object (its \"inputSchema\" is missing); its arguments cannot be checked"_s};
}

void tst_ProtocolTypes::toolProblems()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, problems);
    QCOMPARE(Tool::fromJson(parseObject(json)).problems(), problems);
}

void tst_ProtocolTypes::toolListProblemsNamesDuplicates()
{
    const QList<Tool> tools{Tool::fromJson(parseObject(R"({"name":"echo","inputSchema":{}})")),
                            Tool::fromJson(parseObject(R"({"name":"other","inputSchema":{}})")),
                            Tool::fromJson(parseObject(R"({"description":"nameless"})")),
                            Tool::fromJson(parseObject(R"({"name":"echo","inputSchema":{}})")),
                            Tool::fromJson(parseObject(R"({"name":"echo","inputSchema":{}})"))};
    QCOMPARE(Tool::listProblems(tools),
             (QStringList{u"a tool has no name (its \"name\" is missing), so it cannot be called"_s,
                          u"a tool has no input schema object (its \"inputSchema\" is missing); its arguments cannot be checked"_s,
                          u"3 tools are named \"echo\"; a call by that name may reach any of them"_s}));
}

void tst_ProtocolTypes::pageReadsAtMostMaxItems()
{
    const QByteArray json = R"({"tools":[{"name":"a"},{"name":"b"},3,{"name":"c"}],"nextCursor":"n"})";
    const ToolPage all = ToolPage::fromJson(parseObject(json), u"tools");
    QCOMPARE(all.items.size(), 3);
    QCOMPARE(all.skipped, 0);
    const ToolPage two = ToolPage::fromJson(parseObject(json), u"tools", 2);
    QCOMPARE(two.items.size(), 2);
    QCOMPARE(two.items.at(1).name, u"b"_s);
    QCOMPARE(two.skipped, 2);
    QCOMPARE(two.nextCursor, u"n"_s);
    QCOMPARE(ToolPage::fromJson(parseObject(json), u"tools", 0).items.size(), 0);
}

#endif // Q_MOC_RUN

void tst_ProtocolTypes::headerValueEncoding_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QByteArray>("header");
    // The spec's own examples (basic/transports/streamable-http.mdx, Value Encoding).
    QTest::newRow("plain") << QStringLiteral("us-west1") << QByteArray("us-west1");
    QTest::newRow("non-ASCII") << QStringLiteral("Hello, \u4e16\u754c") << QByteArray("=?base64?SGVsbG8sIOS4lueVjA==?=");
    QTest::newRow("padded") << QStringLiteral(" padded ") << QByteArray("=?base64?IHBhZGRlZCA=?=");
    QTest::newRow("newline") << QStringLiteral("line1\nline2") << QByteArray("=?base64?bGluZTEKbGluZTI=?=");
    QTest::newRow("looks like the sentinel") << QStringLiteral("=?base64?literal?=") << QByteArray("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=");
    QTest::newRow("inner spaces are plain") << QStringLiteral("a b") << QByteArray("a b");
    QTest::newRow("a URI") << QStringLiteral("file:///projects/myapp/config.json") << QByteArray("file:///projects/myapp/config.json");
}

void tst_ProtocolTypes::headerValueEncoding()
{
    QFETCH(QString, value);
    QFETCH(QByteArray, header);
    QCOMPARE(RequestHeaders::encode(value), header);
}

void tst_ProtocolTypes::toolArgumentHeaders_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QString>("headers"); // "path=Name;..." or "!problem"
    QTest::newRow("none") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string"}}})") << QString();
    QTest::newRow("one") << QByteArray(R"({"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}})")
                         << QStringLiteral("region=Region");
    QTest::newRow("nested through properties")
        << QByteArray(R"({"type":"object","properties":{"where":{"type":"object","properties":{"zone":{"type":"integer","x-mcp-header":"Zone"}}},"ok":{"type":"boolean","x-mcp-header":"Ok"}}})")
        << QStringLiteral("ok=Ok;where.zone=Zone");
    QTest::newRow("on a number") << QByteArray(R"({"type":"object","properties":{"n":{"type":"number","x-mcp-header":"N"}}})")
                                 << QStringLiteral("!\"n\" is not a string, integer or boolean");
    QTest::newRow("on an object") << QByteArray(R"({"type":"object","properties":{"o":{"type":"object","x-mcp-header":"O"}}})")
                                  << QStringLiteral("!\"o\" is not a string, integer or boolean");
    QTest::newRow("empty name") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","x-mcp-header":""}}})")
                                << QStringLiteral("!is not a valid header name");
    QTest::newRow("not a token") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Bad Name"}}})")
                                 << QStringLiteral("!is not a valid header name");
    QTest::newRow("a CR in it") << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A\rB"}}})")
                                << QStringLiteral("!is not a valid header name");
    QTest::newRow("twice, ignoring case")
        << QByteArray(R"({"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Id"},"b":{"type":"string","x-mcp-header":"ID"}}})")
        << QStringLiteral("!is used twice");
    QTest::newRow("under items") << QByteArray(R"({"type":"object","properties":{"l":{"type":"array","items":{"type":"string","x-mcp-header":"L"}}}})")
                                 << QStringLiteral("!reached through \"properties\" alone");
    QTest::newRow("under anyOf") << QByteArray(R"({"type":"object","anyOf":[{"properties":{"a":{"type":"string","x-mcp-header":"A"}}}]})")
                                 << QStringLiteral("!reached through \"properties\" alone");
    QTest::newRow("in $defs") << QByteArray(R"({"type":"object","$defs":{"d":{"type":"string","x-mcp-header":"D"}}})")
                              << QStringLiteral("!reached through \"properties\" alone");
    QTest::newRow("on the root") << QByteArray(R"({"type":"string","x-mcp-header":"Root"})")
                                 << QStringLiteral("!reached through \"properties\" alone");
}

void tst_ProtocolTypes::toolArgumentHeaders()
{
    QFETCH(QByteArray, schema);
    QFETCH(QString, headers);
    const auto found = RequestHeaders::toolArgumentHeaders(QJsonDocument::fromJson(schema).object());
    if (headers.startsWith(u'!')) {
        QVERIFY(!found.ok());
        QVERIFY2(found.error().message.contains(headers.mid(1)), qPrintable(found.error().message));
        return;
    }
    QVERIFY2(found.ok(), found.ok() ? "" : qPrintable(found.error().message));
    QStringList described;
    for (const RequestHeaders::ToolArgumentHeader &header : found.value())
        described.append(header.path.join(u'.') + u'=' + header.name);
    described.sort();
    QCOMPARE(described.join(u';'), headers);
}

void tst_ProtocolTypes::requestHeadersMirrorTheBody()
{
    const QHash<QString, RequestHeaders::ToolArgumentHeaders> tools{
        {QStringLiteral("execute_sql"), {{{QStringLiteral("region")}, QStringLiteral("Region")},
                                         {{QStringLiteral("opts"), QStringLiteral("dry")}, QStringLiteral("Dry")},
                                         {{QStringLiteral("limit")}, QStringLiteral("Limit")},
                                         {{QStringLiteral("missing")}, QStringLiteral("Missing")},
                                         {{QStringLiteral("nothing")}, QStringLiteral("Nothing")}}}};
    const auto call = RequestHeaders::forRequest(
        QStringLiteral("tools/call"),
        QJsonDocument::fromJson(R"({"name":"execute_sql","arguments":{"region":"Z\u00fcrich","opts":{"dry":true},"limit":42,"nothing":null,"query":"x"}})").object(),
        tools);
    const QList<std::pair<QByteArray, QByteArray>> expected{{"Mcp-Method", "tools/call"},
                                                            {"Mcp-Name", "execute_sql"},
                                                            {"Mcp-Param-Region", "=?base64?WsO8cmljaA==?="},
                                                            {"Mcp-Param-Dry", "true"},
                                                            {"Mcp-Param-Limit", "42"}};
    QCOMPARE(call, expected);
    QCOMPARE(RequestHeaders::forRequest(QStringLiteral("resources/read"), {{QStringLiteral("uri"), QStringLiteral("file:///a b")}}, {}),
             (QList<std::pair<QByteArray, QByteArray>>{{"Mcp-Method", "resources/read"}, {"Mcp-Name", "file:///a b"}}));
    QCOMPARE(RequestHeaders::forRequest(QStringLiteral("tools/list"), {}, {}),
             (QList<std::pair<QByteArray, QByteArray>>{{"Mcp-Method", "tools/list"}}));
    QCOMPARE(RequestHeaders::argumentValue(QJsonValue(1.5)), std::nullopt);
    QCOMPARE(RequestHeaders::argumentValue(QJsonValue(-7)), std::optional<QByteArray>("-7"));
    QCOMPARE(RequestHeaders::argumentValue(QJsonValue(9007199254740992.0)), std::nullopt); // beyond 2^53 - 1
}

QTEST_GUILESS_MAIN(tst_ProtocolTypes)
#include "tst_protocoltypes.moc"
