#include "core/common/error.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/jsonrpc/jsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using namespace Toolgate;

Q_DECLARE_METATYPE(Toolgate::JsonRpcMessage::Kind)

namespace {

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

constexpr int invalidRequest = int(ErrorCode::InvalidRequest);
constexpr int parseError = int(ErrorCode::ParseError);

} // namespace

class tst_JsonRpcMessage : public QObject
{
    Q_OBJECT

private slots:
    void parseValid_data();
    void parseValid();
    void parseInvalid_data();
    void parseInvalid();
    void errorResponseFields();
    void unicode();
    void batchOfTwo();
    void roundTrip_data();
    void roundTrip();
    void builders();
    void requestId_data();
    void requestId();
    void requestIdEqualityAndHash();
    void writerMatchesQJsonDocument_data();
    void writerMatchesQJsonDocument();
    void serializeRequestWithParamsJson();
};

// ---- valid messages -------------------------------------------------------------------------

void tst_JsonRpcMessage::parseValid_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<JsonRpcMessage::Kind>("kind");
    QTest::addColumn<QString>("id");     // RequestId::toString(); "null" for none
    QTest::addColumn<QString>("method");
    QTest::addColumn<QByteArray>("params"); // compact JSON of params()

    using K = JsonRpcMessage::Kind;
    QTest::addRow("request, int id")
        << R"({"jsonrpc":"2.0","id":1,"method":"ping"})"_ba << K::Request << u"1"_s << u"ping"_s << "{}"_ba;
    QTest::addRow("request with params")
        << R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}})"_ba
        << K::Request << u"7"_s << u"tools/call"_s << R"({"arguments":{"text":"hi"},"name":"echo"})"_ba;
    QTest::addRow("request, string id")
        << R"({"jsonrpc":"2.0","id":"abc","method":"ping"})"_ba << K::Request << u"\"abc\""_s << u"ping"_s << "{}"_ba;
    QTest::addRow("request, empty string id")
        << R"({"jsonrpc":"2.0","id":"","method":"ping"})"_ba << K::Request << u"\"\""_s << u"ping"_s << "{}"_ba;
    QTest::addRow("request, negative id")
        << R"({"jsonrpc":"2.0","id":-5,"method":"ping"})"_ba << K::Request << u"-5"_s << u"ping"_s << "{}"_ba;
    QTest::addRow("request, id 0")
        << R"({"jsonrpc":"2.0","id":0,"method":"ping"})"_ba << K::Request << u"0"_s << u"ping"_s << "{}"_ba;
    QTest::addRow("request, huge id 2^53")
        << R"({"jsonrpc":"2.0","id":9007199254740992,"method":"ping"})"_ba << K::Request
        << u"9007199254740992"_s << u"ping"_s << "{}"_ba;
    QTest::addRow("request, huge negative id -2^53")
        << R"({"jsonrpc":"2.0","id":-9007199254740992,"method":"ping"})"_ba << K::Request
        << u"-9007199254740992"_s << u"ping"_s << "{}"_ba;
    QTest::addRow("notification")
        << R"({"jsonrpc":"2.0","method":"notifications/initialized"})"_ba << K::Notification << u"null"_s
        << u"notifications/initialized"_s << "{}"_ba;
    QTest::addRow("notification with params")
        << R"({"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}})"_ba
        << K::Notification << u"null"_s << u"notifications/progress"_s << R"({"progress":1,"progressToken":"t"})"_ba;
    QTest::addRow("response")
        << R"({"jsonrpc":"2.0","id":3,"result":{"ok":true}})"_ba << K::Response << u"3"_s << QString() << "{}"_ba;
    QTest::addRow("response, null result")
        << R"({"jsonrpc":"2.0","id":3,"result":null})"_ba << K::Response << u"3"_s << QString() << "{}"_ba;
    QTest::addRow("response, string id")
        << R"({"jsonrpc":"2.0","id":"x-1","result":{}})"_ba << K::Response << u"\"x-1\""_s << QString() << "{}"_ba;
    QTest::addRow("error response")
        << R"({"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"Method not found"}})"_ba
        << K::ErrorResponse << u"4"_s << QString() << "{}"_ba;
    QTest::addRow("error response, null id")
        << R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}})"_ba
        << K::ErrorResponse << u"null"_s << QString() << "{}"_ba;
    QTest::addRow("error response, code as 1.0")
        << R"({"jsonrpc":"2.0","id":4,"error":{"code":-32000.0,"message":"m"}})"_ba
        << K::ErrorResponse << u"4"_s << QString() << "{}"_ba;
    QTest::addRow("leading and trailing whitespace")
        << "  \t{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}  \r\n"_ba << K::Request << u"1"_s << u"ping"_s << "{}"_ba;
    QTest::addRow("unknown extra members ignored")
        << R"({"jsonrpc":"2.0","id":1,"method":"ping","extra":[1,2]})"_ba << K::Request << u"1"_s << u"ping"_s << "{}"_ba;
}

void tst_JsonRpcMessage::parseValid()
{
    QFETCH(QByteArray, json);
    QFETCH(JsonRpcMessage::Kind, kind);
    QFETCH(QString, id);
    QFETCH(QString, method);
    QFETCH(QByteArray, params);

    const auto parsed = JsonRpcMessage::parse(json);
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message));
    QCOMPARE(parsed.value().size(), 1);
    const JsonRpcMessage &m = parsed.value().first();
    QCOMPARE(m.kind(), kind);
    QCOMPARE(m.id().toString(), id);
    QCOMPARE(m.id().isValid(), id != u"null"_s);
    QCOMPARE(m.method(), method);
    QCOMPARE(compact(m.params()), params);
    QCOMPARE(m.isRequest(), kind == JsonRpcMessage::Kind::Request);
    QCOMPARE(m.isNotification(), kind == JsonRpcMessage::Kind::Notification);
    QCOMPARE(m.isResponse(),
             kind == JsonRpcMessage::Kind::Response || kind == JsonRpcMessage::Kind::ErrorResponse);
}

// ---- invalid messages -----------------------------------------------------------------------

void tst_JsonRpcMessage::parseInvalid_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");

    const QString requestId = u"request id must be a string or an integer"_s;
    const QString responseId = u"response id must be a string or an integer"_s;
    const QString codeInt = u"error \"code\" must be an integer"_s;

    QTest::addRow("id 1.5")
        << R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})"_ba << invalidRequest << requestId;
    QTest::addRow("id null on request")
        << R"({"jsonrpc":"2.0","id":null,"method":"ping"})"_ba << invalidRequest << requestId;
    QTest::addRow("id object")
        << R"({"jsonrpc":"2.0","id":{"a":1},"method":"ping"})"_ba << invalidRequest << requestId;
    QTest::addRow("id bool")
        << R"({"jsonrpc":"2.0","id":true,"method":"ping"})"_ba << invalidRequest << requestId;
    QTest::addRow("id beyond 2^53")
        << R"({"jsonrpc":"2.0","id":1e20,"method":"ping"})"_ba << invalidRequest << requestId;
    QTest::addRow("id null on result response")
        << R"({"jsonrpc":"2.0","id":null,"result":{}})"_ba << invalidRequest << responseId;
    QTest::addRow("id 2.5 on response")
        << R"({"jsonrpc":"2.0","id":2.5,"result":{}})"_ba << invalidRequest << responseId;
    QTest::addRow("missing jsonrpc")
        << R"({"id":1,"method":"ping"})"_ba << invalidRequest << u"missing \"jsonrpc\" member"_s;
    QTest::addRow("jsonrpc 1.0")
        << R"({"jsonrpc":"1.0","id":1,"method":"ping"})"_ba << invalidRequest << u"\"jsonrpc\" must be \"2.0\""_s;
    QTest::addRow("jsonrpc as number")
        << R"({"jsonrpc":2.0,"id":1,"method":"ping"})"_ba << invalidRequest << u"\"jsonrpc\" must be \"2.0\""_s;
    QTest::addRow("jsonrpc null")
        << R"({"jsonrpc":null,"id":1,"method":"ping"})"_ba << invalidRequest << u"\"jsonrpc\" must be \"2.0\""_s;
    QTest::addRow("method not a string")
        << R"({"jsonrpc":"2.0","id":1,"method":42})"_ba << invalidRequest << u"\"method\" must be a string"_s;
    QTest::addRow("params array")
        << R"({"jsonrpc":"2.0","id":1,"method":"sum","params":[1,2]})"_ba << invalidRequest
        << u"\"params\" of sum must be an object"_s;
    QTest::addRow("params string")
        << R"({"jsonrpc":"2.0","method":"note","params":"x"})"_ba << invalidRequest
        << u"\"params\" of note must be an object"_s;
    QTest::addRow("params null")
        << R"({"jsonrpc":"2.0","id":1,"method":"sum","params":null})"_ba << invalidRequest
        << u"\"params\" of sum must be an object"_s;
    QTest::addRow("method and result")
        << R"({"jsonrpc":"2.0","id":1,"method":"ping","result":{}})"_ba << invalidRequest
        << u"a message cannot have both \"method\" and \"result\""_s;
    QTest::addRow("method and error")
        << R"({"jsonrpc":"2.0","id":1,"method":"ping","error":{"code":1,"message":"m"}})"_ba << invalidRequest
        << u"a message cannot have both \"method\" and \"error\""_s;
    QTest::addRow("result and error")
        << R"({"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}})"_ba << invalidRequest
        << u"response has both \"result\" and \"error\""_s;
    QTest::addRow("neither result nor error")
        << R"({"jsonrpc":"2.0","id":1})"_ba << invalidRequest << u"response has neither \"result\" nor \"error\""_s;
    QTest::addRow("neither method nor id")
        << R"({"jsonrpc":"2.0","result":{}})"_ba << invalidRequest << u"message has neither \"method\" nor \"id\""_s;
    QTest::addRow("error not an object")
        << R"({"jsonrpc":"2.0","id":1,"error":"boom"})"_ba << invalidRequest << u"\"error\" must be an object"_s;
    QTest::addRow("error without code")
        << R"({"jsonrpc":"2.0","id":1,"error":{"message":"m"}})"_ba << invalidRequest << codeInt;
    QTest::addRow("error code 1.5")
        << R"({"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"m"}})"_ba << invalidRequest << codeInt;
    QTest::addRow("error code string")
        << R"({"jsonrpc":"2.0","id":1,"error":{"code":"-32600","message":"m"}})"_ba << invalidRequest << codeInt;
    QTest::addRow("error code outside int range")
        << R"({"jsonrpc":"2.0","id":1,"error":{"code":10000000000,"message":"m"}})"_ba << invalidRequest << codeInt;
    QTest::addRow("error message not a string")
        << R"({"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":7}})"_ba << invalidRequest
        << u"error \"message\" must be a string"_s;
    QTest::addRow("error message missing")
        << R"({"jsonrpc":"2.0","id":1,"error":{"code":-32000}})"_ba << invalidRequest
        << u"error \"message\" must be a string"_s;
    QTest::addRow("invalid JSON: unterminated object")
        << R"({"jsonrpc":"2.0","method":"x")"_ba << parseError << u"invalid JSON at offset 29: unterminated string"_s;
    QTest::addRow("invalid JSON: trailing comma")
        << R"({"a":1,})"_ba << parseError << u"invalid JSON at offset 8: object is missing after a comma"_s;
    QTest::addRow("invalid JSON: bad literal")
        << R"({"a":tru})"_ba << parseError << u"invalid JSON at offset 6: illegal value"_s;
    QTest::addRow("empty input") << ""_ba << parseError << u"invalid JSON at offset 0: illegal value"_s;
    QTest::addRow("top-level number") << "42"_ba << invalidRequest << u"message is not a JSON object"_s;
    QTest::addRow("top-level string") << R"("hello")"_ba << invalidRequest << u"message is not a JSON object"_s;
    QTest::addRow("top-level null") << "null"_ba << invalidRequest << u"message is not a JSON object"_s;
    QTest::addRow("empty batch") << "[]"_ba << invalidRequest << u"empty batch"_s;
    QTest::addRow("batch with a scalar")
        << R"([{"jsonrpc":"2.0","method":"a"},1])"_ba << invalidRequest << u"batch element 1 is not an object"_s;
    QTest::addRow("batch with a bad element")
        << R"([{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2}])"_ba << invalidRequest
        << u"batch element 1: response has neither \"result\" nor \"error\""_s;
}

void tst_JsonRpcMessage::parseInvalid()
{
    QFETCH(QByteArray, json);
    QFETCH(int, code);
    QFETCH(QString, message);

    const auto parsed = JsonRpcMessage::parse(json);
    QVERIFY2(!parsed.ok(), "the message was accepted");
    QCOMPARE(parsed.error().message, message);
    QCOMPARE(parsed.error().code, code);
}

// ---- details --------------------------------------------------------------------------------

void tst_JsonRpcMessage::errorResponseFields()
{
    const auto parsed = JsonRpcMessage::parse(
        R"({"jsonrpc":"2.0","id":"q","error":{"code":-32602,"message":"bad arg","data":{"field":"x"}}})"_ba);
    QVERIFY(parsed.ok());
    const JsonRpcMessage &m = parsed.value().first();
    QCOMPARE(m.kind(), JsonRpcMessage::Kind::ErrorResponse);
    QCOMPARE(m.error().code, -32602);
    QCOMPARE(m.error().message, u"bad arg"_s);
    QCOMPARE(m.error().data, QJsonValue(QJsonObject{{u"field"_s, u"x"_s}}));

    const auto result = JsonRpcMessage::parse(R"({"jsonrpc":"2.0","id":1,"result":[1,"two"]})"_ba);
    QVERIFY(result.ok());
    QCOMPARE(result.value().first().result(), QJsonValue(QJsonArray{1, u"two"_s}));
    QCOMPARE(result.value().first().error().code, 0);
}

void tst_JsonRpcMessage::unicode()
{
    // "héllo ✓ 😀" as UTF-8 and as \u escapes (with a surrogate pair) must decode the same.
    const QString expected = u"h\u00e9llo \u2713 \U0001F600"_s;
    const QByteArray raw = R"({"jsonrpc":"2.0","id":"ïd✓","method":"méthode/✓","params":{"text":"héllo ✓ 😀"}})"_ba;
    const QByteArray escaped = R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"text":"h\u00e9llo \u2713 \ud83d\ude00"}})"_ba;

    const auto a = JsonRpcMessage::parse(raw);
    QVERIFY(a.ok());
    QCOMPARE(a.value().first().id(), RequestId(u"\u00efd\u2713"_s));
    QCOMPARE(a.value().first().method(), u"m\u00e9thode/\u2713"_s);
    QCOMPARE(a.value().first().params().value(u"text"_s).toString(), expected);

    const auto b = JsonRpcMessage::parse(escaped);
    QVERIFY(b.ok());
    QCOMPARE(b.value().first().params().value(u"text"_s).toString(), expected);

    // Serializing writes UTF-8, which parses back to the same text.
    const QByteArray bytes = a.value().first().serialize();
    QVERIFY(bytes.contains("h\xc3\xa9llo \xe2\x9c\x93 \xf0\x9f\x98\x80"));
    const auto again = JsonRpcMessage::parse(bytes);
    QVERIFY(again.ok());
    QCOMPARE(again.value().first().params().value(u"text"_s).toString(), expected);
}

void tst_JsonRpcMessage::batchOfTwo()
{
    const auto parsed = JsonRpcMessage::parse(
        R"([{"jsonrpc":"2.0","id":1,"result":{"a":1}},{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}])"_ba);
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message));
    QCOMPARE(parsed.value().size(), 2);
    QCOMPARE(parsed.value().at(0).kind(), JsonRpcMessage::Kind::Response);
    QCOMPARE(parsed.value().at(0).id(), RequestId(1));
    QCOMPARE(parsed.value().at(0).result(), QJsonValue(QJsonObject{{u"a"_s, 1}}));
    QCOMPARE(parsed.value().at(1).kind(), JsonRpcMessage::Kind::Notification);
    QCOMPARE(parsed.value().at(1).method(), u"notifications/message"_s);

    // A batch of one is a batch too.
    const auto single = JsonRpcMessage::parse(R"([{"jsonrpc":"2.0","id":"s","result":{}}])"_ba);
    QVERIFY(single.ok());
    QCOMPARE(single.value().size(), 1);
    QCOMPARE(single.value().first().id(), RequestId(u"s"_s));
}

void tst_JsonRpcMessage::roundTrip_data()
{
    QTest::addColumn<QByteArray>("json"); // canonical (sorted keys, compact)

    QTest::addRow("request") << R"({"id":12,"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"n":[1,2]},"name":"x"}})"_ba;
    QTest::addRow("request, string id, no params") << R"({"id":"a\"b","jsonrpc":"2.0","method":"ping"})"_ba;
    QTest::addRow("notification") << R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":"r","requestId":3}})"_ba;
    QTest::addRow("response") << R"({"id":-1,"jsonrpc":"2.0","result":{"content":[],"isError":false}})"_ba;
    QTest::addRow("response, scalar result") << R"({"id":2,"jsonrpc":"2.0","result":"text"})"_ba;
    QTest::addRow("error") << R"({"error":{"code":-32601,"message":"Method not found: x"},"id":0,"jsonrpc":"2.0"})"_ba;
    QTest::addRow("error with data") << R"({"error":{"code":-1,"data":[1],"message":"m"},"id":"e","jsonrpc":"2.0"})"_ba;
    QTest::addRow("error, null id") << R"({"error":{"code":-32700,"message":"Parse error"},"id":null,"jsonrpc":"2.0"})"_ba;
}

void tst_JsonRpcMessage::roundTrip()
{
    QFETCH(QByteArray, json);
    const auto parsed = JsonRpcMessage::parse(json);
    QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error().message));
    QCOMPARE(parsed.value().first().serialize(), json);
    QCOMPARE(compact(parsed.value().first().toJson()), json);
}

void tst_JsonRpcMessage::builders()
{
    QCOMPARE(JsonRpcMessage::request(RequestId(5), u"ping"_s).serialize(),
             R"({"id":5,"jsonrpc":"2.0","method":"ping"})"_ba);
    QCOMPARE(JsonRpcMessage::notification(u"n"_s, {{u"k"_s, 1}}).serialize(),
             R"({"jsonrpc":"2.0","method":"n","params":{"k":1}})"_ba);
    // An undefined result is written as an empty object: "result" is required on the wire.
    QCOMPARE(JsonRpcMessage::response(RequestId(u"r"_s), QJsonValue(QJsonValue::Undefined)).serialize(),
             R"({"id":"r","jsonrpc":"2.0","result":{}})"_ba);
    QCOMPARE(JsonRpcMessage::response(RequestId(1), QJsonValue(QJsonValue::Null)).serialize(),
             R"({"id":1,"jsonrpc":"2.0","result":null})"_ba);
    QCOMPARE(JsonRpcMessage::errorResponse(RequestId(), makeError(ErrorCode::ParseError, u"bad"_s)).serialize(),
             R"({"error":{"code":-32700,"message":"bad"},"id":null,"jsonrpc":"2.0"})"_ba);
    QCOMPARE(JsonRpcMessage::errorResponse(RequestId(2), Error{-1, u"m"_s, QJsonValue(u"d"_s)}).serialize(),
             R"({"error":{"code":-1,"data":"d","message":"m"},"id":2,"jsonrpc":"2.0"})"_ba);
}

void tst_JsonRpcMessage::requestId_data()
{
    QTest::addColumn<QJsonValue>("json");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<bool>("isString");
    QTest::addColumn<QString>("text");

    QTest::addRow("int") << QJsonValue(42) << true << false << u"42"_s;
    QTest::addRow("zero") << QJsonValue(0) << true << false << u"0"_s;
    QTest::addRow("negative") << QJsonValue(-3) << true << false << u"-3"_s;
    QTest::addRow("integral double") << QJsonValue(8.0) << true << false << u"8"_s;
    QTest::addRow("2^53") << QJsonValue(9007199254740992.0) << true << false << u"9007199254740992"_s;
    QTest::addRow("2^54") << QJsonValue(18014398509481984.0) << false << false << u"null"_s;
    QTest::addRow("fraction") << QJsonValue(1.5) << false << false << u"null"_s;
    QTest::addRow("string") << QJsonValue(u"7"_s) << true << true << u"\"7\""_s;
    QTest::addRow("null") << QJsonValue(QJsonValue::Null) << false << false << u"null"_s;
    QTest::addRow("undefined") << QJsonValue(QJsonValue::Undefined) << false << false << u"null"_s;
    QTest::addRow("bool") << QJsonValue(true) << false << false << u"null"_s;
    QTest::addRow("array") << QJsonValue(QJsonArray{1}) << false << false << u"null"_s;
}

void tst_JsonRpcMessage::requestId()
{
    QFETCH(QJsonValue, json);
    QFETCH(bool, valid);
    QFETCH(bool, isString);
    QFETCH(QString, text);

    const RequestId id = RequestId::fromJson(json);
    QCOMPARE(id.isValid(), valid);
    QCOMPARE(id.isString(), isString);
    QCOMPARE(id.toString(), text);
    if (valid)
        QCOMPARE(RequestId::fromJson(id.toJson()), id);
    else
        QCOMPARE(id.toJson(), QJsonValue(QJsonValue::Null));
}

void tst_JsonRpcMessage::requestIdEqualityAndHash()
{
    QVERIFY(RequestId(5) == RequestId(5));
    QVERIFY(!(RequestId(5) == RequestId(u"5"_s)));
    QVERIFY(!(RequestId(0) == RequestId()));
    QVERIFY(!(RequestId(u""_s) == RequestId()));
    QVERIFY(RequestId() == RequestId());
    QCOMPARE(qHash(RequestId(5)), qHash(RequestId(5)));
    QCOMPARE(qHash(RequestId(u"x"_s)), qHash(RequestId(u"x"_s)));

    QHash<RequestId, int> table;
    table.insert(RequestId(1), 1);
    table.insert(RequestId(u"1"_s), 2);
    table.insert(RequestId(-1), 3);
    QCOMPARE(table.size(), 3);
    QCOMPARE(table.value(RequestId(1)), 1);
    QCOMPARE(table.value(RequestId(u"1"_s)), 2);
    QCOMPARE(table.value(RequestId(-1)), 3);
}

// ---- JsonWriter: the same bytes as QJsonDocument, which it replaces on the hot path --------

void tst_JsonRpcMessage::writerMatchesQJsonDocument_data()
{
    QTest::addColumn<QJsonObject>("object");
    QTest::addRow("empty") << QJsonObject();
    QTest::addRow("scalars") << QJsonObject{{u"t"_s, true}, {u"f"_s, false}, {u"n"_s, QJsonValue::Null},
                                            {u"s"_s, u"plain"_s}, {u"e"_s, u""_s}};
    QTest::addRow("numbers") << QJsonObject{{u"int"_s, 42}, {u"neg"_s, -7}, {u"zero"_s, 0}, {u"negzero"_s, -0.0},
                                            {u"big"_s, qint64(1) << 60}, {u"min"_s, std::numeric_limits<qint64>::min()},
                                            {u"fraction"_s, 0.1}, {u"third"_s, 1.0 / 3}, {u"huge"_s, 1e300},
                                            {u"tiny"_s, 5e-324}, {u"million"_s, 1e6}, {u"twoFiftyThree"_s, 9007199254740993.0},
                                            {u"inf"_s, std::numeric_limits<double>::infinity()}};
    QTest::addRow("escapes") << QJsonObject{{u"quote\"key"_s, u"a\"b\\c/d"_s},
                                            {u"controls"_s, u"\b\f\n\r\t\x01\x1f\x7f end"_s}};
    QTest::addRow("unicode") << QJsonObject{{u"h\u00e9llo"_s, u"\u00e9 \u2713 \U0001F600 \u0800 \uffff"_s},
                                            {u"lone"_s, QString(QString(QChar(0xd800)) + u"x"_s + QChar(0xdc00))}};
    QTest::addRow("nested") << QJsonObject{
        {u"arguments"_s, QJsonObject{{u"list"_s, QJsonArray{1, u"two"_s, QJsonArray{}, QJsonObject{}, QJsonValue::Null}},
                                     {u"deep"_s, QJsonObject{{u"a"_s, QJsonObject{{u"b"_s, QJsonArray{true, 2.5}}}}}}}},
        {u"name"_s, u"tools/call"_s}};
}

void tst_JsonRpcMessage::writerMatchesQJsonDocument()
{
    QFETCH(QJsonObject, object);
    const QByteArray expected = QJsonDocument(object).toJson(QJsonDocument::Compact);
    QCOMPARE(JsonWriter::toJson(object), expected);
    // And through the message envelope, for every kind of message.
    QCOMPARE(JsonRpcMessage::request(RequestId(3), u"m"_s, object).serialize(),
             QJsonDocument(JsonRpcMessage::request(RequestId(3), u"m"_s, object).toJson()).toJson(QJsonDocument::Compact));
    QCOMPARE(JsonRpcMessage::response(RequestId(u"x\u00e9"_s), object).serialize(),
             QJsonDocument(JsonRpcMessage::response(RequestId(u"x\u00e9"_s), object).toJson()).toJson(QJsonDocument::Compact));
    const JsonRpcMessage error = JsonRpcMessage::errorResponse(RequestId(9), Error{-32000, u"m\u00e9"_s, object});
    QCOMPARE(error.serialize(), QJsonDocument(error.toJson()).toJson(QJsonDocument::Compact));
}

void tst_JsonRpcMessage::serializeRequestWithParamsJson()
{
    const QJsonObject params{{u"arguments"_s, QJsonObject{{u"text"_s, u"hi"_s}}}, {u"name"_s, u"echo"_s}};
    QCOMPARE(JsonRpcMessage::serializeRequest(RequestId(12), u"tools/call"_s, JsonWriter::toJson(params)),
             JsonRpcMessage::request(RequestId(12), u"tools/call"_s, params).serialize());
    QCOMPARE(JsonRpcMessage::serializeRequest(RequestId(u"s"_s), u"ping"_s, "{}"),
             JsonRpcMessage::request(RequestId(u"s"_s), u"ping"_s).serialize());
    QCOMPARE(JsonRpcMessage::serializeRequest(RequestId(1), u"ping"_s, {}), R"({"id":1,"jsonrpc":"2.0","method":"ping"})"_ba);
}

QTEST_GUILESS_MAIN(tst_JsonRpcMessage)
#include "tst_jsonrpcmessage.moc"
