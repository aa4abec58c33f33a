// Redactor: secrets never reach the audit store.

#include "core/common/redactor.h"
#include "core/workspace/serverconfig.h"
#include "testtable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using Toolgate::TestSupport::addColumns;

class tst_Redactor : public QObject
{
    Q_OBJECT
private slots:
    void secretKeys_data();
    void secretKeys();
    void nestedJson();
    void headerLists();
    void text_data();
    void text();
    void registeredSecrets();
    void shortSecretsIgnored();
    void serverConfigSecrets();
    void deepNesting();
};

void tst_Redactor::secretKeys_data()
{
    addColumns<QString, bool>("key", "secret");
    QTest::addRow("Authorization") << u"Authorization"_s << true;
    QTest::addRow("proxy-authorization") << u"Proxy-Authorization"_s << true;
    QTest::addRow("token") << u"token"_s << true;
    QTest::addRow("access_token") << u"access_token"_s << true;
    QTest::addRow("refreshToken") << u"refreshToken"_s << true;
    QTest::addRow("X-Auth-Token") << u"X-Auth-Token"_s << true;
    QTest::addRow("api_key") << u"api_key"_s << true;
    QTest::addRow("apiKey") << u"apiKey"_s << true;
    QTest::addRow("X-API-KEY") << u"X-API-KEY"_s << true;
    QTest::addRow("password") << u"password"_s << true;
    QTest::addRow("db_password") << u"db_password"_s << true;
    QTest::addRow("client_secret") << u"client_secret"_s << true;
    QTest::addRow("Cookie") << u"Cookie"_s << true;
    QTest::addRow("private_key") << u"private_key"_s << true;
    QTest::addRow("max_tokens (a count)") << u"max_tokens"_s << false;
    QTest::addRow("maxTokens") << u"maxTokens"_s << false;
    QTest::addRow("path") << u"path"_s << false;
    QTest::addRow("name") << u"name"_s << false;
    QTest::addRow("keyword") << u"keyword"_s << false;
}

void tst_Redactor::secretKeys()
{
    QFETCH(QString, key);
    QFETCH(bool, secret);
    QCOMPARE(Redactor::isSecretKey(key), secret);
}

void tst_Redactor::nestedJson()
{
    const Redactor redactor;
    const QJsonObject in{
        {u"query"_s, u"weather"_s},
        {u"password"_s, u"hunter22"_s},
        {u"config"_s, QJsonObject{{u"headers"_s, QJsonObject{{u"Authorization"_s, u"Bearer abc.def.ghi"_s},
                                                              {u"Accept"_s, u"text/plain"_s}}},
                                  {u"apiKey"_s, QJsonObject{{u"value"_s, u"sk-live-123"_s}}}, // a whole subtree
                                  {u"max_tokens"_s, 100}}},
        {u"list"_s, QJsonArray{QJsonObject{{u"token"_s, 42}}, u"plain"_s}},
    };
    const QJsonObject out = redactor.redact(in);
    QCOMPARE(out.value(u"query").toString(), u"weather"_s);
    QCOMPARE(out.value(u"password").toString(), Redactor::placeholder());
    const QJsonObject config = out.value(u"config").toObject();
    QCOMPARE(config.value(u"headers").toObject().value(u"Authorization").toString(), Redactor::placeholder());
    QCOMPARE(config.value(u"headers").toObject().value(u"Accept").toString(), u"text/plain"_s);
    QCOMPARE(config.value(u"apiKey").toString(), Redactor::placeholder());
    QCOMPARE(config.value(u"max_tokens").toInt(), 100);
    QCOMPARE(out.value(u"list").toArray().at(0).toObject().value(u"token").toString(), Redactor::placeholder());
    QCOMPARE(out.value(u"list").toArray().at(1).toString(), u"plain"_s);
    const QByteArray serialized = QJsonDocument(out).toJson();
    QVERIFY(!serialized.contains("hunter22"));
    QVERIFY(!serialized.contains("abc.def.ghi"));
    QVERIFY(!serialized.contains("sk-live-123"));
}

void tst_Redactor::headerLists()
{
    const Redactor redactor;
    const QJsonObject in{{u"headers"_s, QJsonArray{QJsonObject{{u"name"_s, u"Authorization"_s}, {u"value"_s, u"Basic dXNlcjpwYXNz"_s}},
                                                   QJsonObject{{u"name"_s, u"Accept"_s}, {u"value"_s, u"*/*"_s}}}}};
    const QJsonArray out = redactor.redact(in).value(u"headers").toArray();
    QCOMPARE(out.at(0).toObject().value(u"value").toString(), Redactor::placeholder());
    QCOMPARE(out.at(1).toObject().value(u"value").toString(), u"*/*"_s);
}

void tst_Redactor::text_data()
{
    addColumns<QString, QString>("in", "out");
    QTest::addRow("bearer") << u"curl -H 'Authorization: Bearer eyJhbGciOi.payload.sig' https://x"_s
                            << u"curl -H 'Authorization: [redacted]' https://x"_s;
    QTest::addRow("bearer alone") << u"use Bearer abcdefgh12345 please"_s << u"use Bearer [redacted] please"_s;
    QTest::addRow("dpop alone") << u"sent DPoP eyJhbGciOi.payload.sig then"_s << u"sent DPoP [redacted] then"_s;
    QTest::addRow("dpop prose") << u"DPoP implementation. DPoP tokens"_s << u"DPoP implementation. DPoP tokens"_s;
    QTest::addRow("header line") << u"Authorization: token ghp_abcdef\nAccept: */*"_s << u"Authorization: [redacted]\nAccept: */*"_s;
    // Only the credentials go: text after them on the same line stays, so a server cannot hide what it
    // wrote from the audit log behind an "authorization:" (issue #35).
    QTest::addRow("text after the token") << u"authorization: Bearer abc123def and then: rm -rf ~"_s
                                          << u"authorization: [redacted] and then: rm -rf ~"_s;
    QTest::addRow("no token at all") << u"Authorization:    \nnext line"_s << u"Authorization:    \nnext line"_s;
    QTest::addRow("digest parameters") << u"Authorization: Digest username=\"ann\", realm=\"x\", response=\"6629fae4\" visible"_s
                                       << u"Authorization: [redacted] visible"_s;
    QTest::addRow("json") << u"{\"authorization\": \"Basic dXNlcjpwYXNz\", \"note\": \"kept\"}"_s
                          << u"{\"authorization\": \"[redacted]\", \"note\": \"kept\"}"_s;
    QTest::addRow("basic is a word") << u"a basic example of bearer arms"_s << u"a basic example of bearer arms"_s;
    QTest::addRow("query parameter") << u"https://api.example/v1?access_token=abc123&q=1"_s
                                     << u"https://api.example/v1?access_token=[redacted]&q=1"_s;
    QTest::addRow("env pair") << u"OPENAI_API_KEY=sk-proj-xyz node server.js"_s << u"OPENAI_API_KEY=[redacted] node server.js"_s;
    QTest::addRow("json in text") << uR"(got {"password": "hunter2", "user": "bob"})"_s
                                  << uR"(got {"password": "[redacted]", "user": "bob"})"_s;
    QTest::addRow("flag") << u"server --api-key sk-123 --port 8080"_s << u"server --api-key [redacted] --port 8080"_s;
    QTest::addRow("flag=") << u"server --token=abc --verbose"_s << u"server --token=[redacted] --verbose"_s;
    QTest::addRow("url password") << u"postgres://admin:s3cret@db.local/app"_s << u"postgres://admin:[redacted]@db.local/app"_s;
    QTest::addRow("counts stay") << u"max_tokens=512 tokens: many"_s << u"max_tokens=512 tokens: many"_s;
    QTest::addRow("plain") << u"The weather in Paris is fine."_s << u"The weather in Paris is fine."_s;
}

void tst_Redactor::text()
{
    QFETCH(QString, in);
    QFETCH(QString, out);
    const Redactor redactor;
    QCOMPARE(redactor.redactText(in), out);
}

void tst_Redactor::registeredSecrets()
{
    Redactor redactor;
    redactor.addSecretValues({u"ghp_SECRETVALUE"_s, u"ghp_SECRETVALUE_LONGER"_s});
    QCOMPARE(redactor.redactText(u"token ghp_SECRETVALUE_LONGER and ghp_SECRETVALUE."_s),
             u"token [redacted] and [redacted]."_s);
    // Registered values are found anywhere, under any key, and inside arguments of a command line.
    const QJsonObject out = redactor.redact(QJsonObject{{u"note"_s, u"my key is ghp_SECRETVALUE!"_s}});
    QCOMPARE(out.value(u"note").toString(), u"my key is [redacted]!"_s);
    // Transformed as servers pass tokens on: percent-encoded in a URL, base64 in a header (issue #35).
    Redactor transformed;
    transformed.addSecretValues({u"s3cr3t/+=&value"_s});
    QCOMPARE(transformed.redactText(u"GET /cb?q=s3cr3t%2F%2B%3D%26value HTTP/1.1"_s), u"GET /cb?q=[redacted] HTTP/1.1"_s);
    const QString base64 = QString::fromLatin1(QByteArray("s3cr3t/+=&value").toBase64());
    QCOMPARE(transformed.redactText(u"X-Upstream: "_s + base64), u"X-Upstream: [redacted]"_s);
    const QString base64url = QString::fromLatin1(QByteArray("s3cr3t/+=&value").toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
    QCOMPARE(transformed.redactText(u"state="_s + base64url + u"."_s), u"state=[redacted]."_s);
}

void tst_Redactor::shortSecretsIgnored()
{
    Redactor redactor;
    redactor.addSecretValues({u"1"_s, u"abc"_s, QString()});
    QVERIFY(redactor.secretValues().isEmpty());
    QCOMPARE(redactor.redactText(u"abc 1"_s), u"abc 1"_s);
}

void tst_Redactor::serverConfigSecrets()
{
    ServerConfig config;
    config.name = u"gh"_s;
    config.env = {{u"GITHUB_TOKEN"_s, u"ghp_fromenv"_s}, {u"LOG_LEVEL"_s, u"debug"_s}, {u"CUSTOM"_s, u"marked-secret"_s}};
    config.headers = {{u"Authorization"_s, u"Bearer header-token"_s}};
    config.secretKeys = {u"CUSTOM"_s};
    const QStringList values = config.secretValues();
    QVERIFY(values.contains(u"ghp_fromenv"_s));
    QVERIFY(values.contains(u"marked-secret"_s));
    QVERIFY(values.contains(u"Bearer header-token"_s));
    QVERIFY(!values.contains(u"debug"_s));
}

void tst_Redactor::deepNesting()
{
    QJsonValue value = u"leaf"_s;
    for (int i = 0; i < 200; ++i)
        value = QJsonArray{value};
    const Redactor redactor;
    // Must not recurse without bound; the too-deep part is cut, and says so (it is no secret).
    const QJsonValue out = redactor.redact(value);
    const QByteArray json = QJsonDocument(out.toArray()).toJson();
    QVERIFY(json.contains(Redactor::tooDeepPlaceholder().toUtf8()));
    QVERIFY(!json.contains("[redacted]"));
}

QTEST_GUILESS_MAIN(tst_Redactor)
#include "tst_redactor.moc"
