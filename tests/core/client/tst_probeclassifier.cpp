// ProbeClassifier: every kind of answer to a server/discover probe, on stdio and HTTP, with and without
// a legacy fallback, and the verdict the 2026-07-28 spec (and the TypeScript SDK v2 client) gives it.

#include "testtable.h"

#include "core/client/probeclassifier.h"
#include "core/protocol/discover.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(Toolgate::ProbeOutcome)

namespace {

QJsonObject json(const char *text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

ProbeOutcome rpc(int code, const QJsonValue &data = {}, const QString &message = u"refused"_s)
{
    return ProbeOutcome::rpcError(Error{code, message, data});
}

QJsonObject supported(const QStringList &versions, const QString &requested = u"2026-07-28"_s)
{
    return QJsonObject{{u"supported"_s, QJsonArray::fromStringList(versions)}, {u"requested"_s, requested}};
}

// What the modern test peer (tests/npm/peers/modern-server.mjs) answers, from its README transcript.
constexpr const char *peerDiscover =
    R"({"supportedVersions":["2026-07-28"],"capabilities":{"tools":{"listChanged":true},"resources":{"listChanged":true},)"
    R"("prompts":{"listChanged":true}},"resultType":"complete","ttlMs":0,"cacheScope":"private",)"
    R"("_meta":{"io.modelcontextprotocol/serverInfo":{"name":"toolgate-modern-peer","version":"1.0.0"}}})";

const QString modern = u"2026-07-28"_s;
const QString future = u"2099-01-01"_s;

} // namespace

class tst_ProbeClassifier : public QObject
{
    Q_OBJECT

private slots:
    void classify_data();
    void classify();
    void discoverResultOfThePeer();
    void discoverResultTolerance_data();
    void discoverResultTolerance();
};

void tst_ProbeClassifier::classify_data()
{
    TestSupport::addColumns<ProbeOutcome, bool, bool, QString, int, QString, QString, QString>(
        "outcome", "http", "mayFallBack", "requested", "kind", "version", "how", "messageHas");
    const int Modern = int(EraVerdict::Kind::Modern);
    const int Corrective = int(EraVerdict::Kind::Corrective);
    const int Legacy = int(EraVerdict::Kind::Legacy);
    const int Fails = int(EraVerdict::Kind::Error);
    const auto discover = [](const char *versions) {
        return ProbeOutcome::answered(json((u"{\"supportedVersions\":"_s + QLatin1StringView(versions)
                                            + u",\"capabilities\":{}}"_s).toUtf8().constData()));
    };

    // A DiscoverResult is modern evidence when it lists a version we speak.
    QTest::addRow("stdio: DiscoverResult of the peer") << ProbeOutcome::answered(json(peerDiscover)) << false << true << modern << Modern << modern << u"probe result"_s << QString();
    QTest::addRow("stdio: DiscoverResult listing legacy versions too") << discover(R"(["2025-11-25","2026-07-28"])") << false << true << modern << Modern << modern << u"probe result"_s << QString();
    QTest::addRow("http: DiscoverResult") << discover(R"(["2026-07-28"])") << true << true << modern << Modern << modern << u"probe result"_s << QString();
    QTest::addRow("DiscoverResult without a version we speak: legacy") << discover(R"(["2099-01-01"])") << false << true << modern << Legacy << QString() << u"probe result without a common version"_s << QString();
    QTest::addRow("DiscoverResult without a version we speak, no fallback") << discover(R"(["2099-01-01"])") << false << false << modern << Fails << QString() << u"probe result without a common version"_s << u"2099-01-01"_s;
    QTest::addRow("DiscoverResult with no versions at all") << discover("[]") << false << true << modern << Legacy << QString() << u"probe result without a common version"_s << QString();

    // A result that is no DiscoverResult: legacy, never modern.
    QTest::addRow("empty result object") << ProbeOutcome::answered(QJsonObject()) << false << true << modern << Legacy << QString() << u"probe result unusable"_s << QString();
    QTest::addRow("result that is a string") << ProbeOutcome::answered(u"hello"_s) << false << true << modern << Legacy << QString() << u"probe result unusable"_s << QString();
    QTest::addRow("result that is null") << ProbeOutcome::answered(QJsonValue::Null) << false << true << modern << Legacy << QString() << u"probe result unusable"_s << QString();
    QTest::addRow("supportedVersions is a string") << ProbeOutcome::answered(json(R"({"supportedVersions":"2026-07-28","capabilities":{}})")) << false << true << modern << Legacy << QString() << u"probe result unusable"_s << QString();
    QTest::addRow("supportedVersions holds a number") << ProbeOutcome::answered(json(R"({"supportedVersions":["2026-07-28",1],"capabilities":{}})")) << false << true << modern << Legacy << QString() << u"probe result unusable"_s << QString();
    QTest::addRow("no capabilities") << ProbeOutcome::answered(json(R"({"supportedVersions":["2026-07-28"]})")) << false << true << modern << Legacy << QString() << u"probe result unusable"_s << QString();
    QTest::addRow("resultType input_required") << ProbeOutcome::answered(json(R"({"supportedVersions":["2026-07-28"],"capabilities":{},"resultType":"input_required"})")) << false << true << modern << Legacy << QString() << u"probe result unusable"_s << QString();
    QTest::addRow("unusable result, no fallback") << ProbeOutcome::answered(QJsonObject()) << false << false << modern << Fails << QString() << u"probe result unusable"_s << u"does not speak MCP 2026-07-28"_s;

    // Errors: never keyed to one code. Only -32022 with a list of modern versions is modern evidence.
    for (const int code : {-32601, -32602, -32600, -32603, -32700, -32000, -32001, -32002, -32020, -32021, -1, 0, 42}) {
        QTest::addRow("stdio: error %d", code) << rpc(code) << false << true << modern << Legacy << QString() << u"probe %1"_s.arg(code) << QString();
        QTest::addRow("http 400: error %d", code)
            << ProbeOutcome::httpError(400, QJsonDocument(QJsonObject{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, 1}, {u"error"_s, QJsonObject{{u"code"_s, code}, {u"message"_s, u"no"_s}}}}).toJson())
            << true << true << modern << Legacy << QString() << u"probe %1"_s.arg(code) << QString();
    }
    QTest::addRow("-32601, no fallback") << rpc(-32601, {}, u"Method not found"_s) << false << false << modern << Fails << QString() << u"probe -32601"_s << u"error -32601 (Method not found)"_s;
    QTest::addRow("-32022 naming our version: one corrective retry") << rpc(-32022, supported({modern}, future)) << false << true << future << Corrective << modern << u"probe -32022"_s << QString();
    QTest::addRow("-32022 naming several, ours among them") << rpc(-32022, supported({future, modern}, u"2030-01-01"_s)) << false << true << u"2030-01-01"_s << Corrective << modern << u"probe -32022"_s << QString();
    QTest::addRow("-32022 naming our version, no fallback") << rpc(-32022, supported({modern}, future)) << false << false << future << Corrective << modern << u"probe -32022"_s << QString();
    // The retry is once (the session's job): a server may want the request again with the same version.
    QTest::addRow("-32022 refusing the version it lists") << rpc(-32022, supported({modern}, modern)) << false << true << modern << Corrective << modern << u"probe -32022 (refused the version it lists)"_s << QString();
    QTest::addRow("-32022 naming only modern versions we do not speak") << rpc(-32022, supported({future})) << false << true << modern << Fails << QString() << u"probe -32022"_s << u"the server speaks MCP 2099-01-01; Toolgate speaks 2026-07-28, 2025-11-25"_s;
    QTest::addRow("-32022 naming only legacy versions") << rpc(-32022, supported({u"2025-11-25"_s, u"2025-06-18"_s})) << false << true << modern << Legacy << QString() << u"probe -32022"_s << QString();
    QTest::addRow("-32022 naming only legacy versions, no fallback") << rpc(-32022, supported({u"2025-11-25"_s})) << false << false << modern << Fails << QString() << u"probe -32022"_s << u"Toolgate speaks 2026-07-28"_s;
    QTest::addRow("-32022 without data") << rpc(-32022) << false << true << modern << Legacy << QString() << u"probe -32022"_s << QString();
    QTest::addRow("-32022 with an empty list") << rpc(-32022, supported({})) << false << true << modern << Legacy << QString() << u"probe -32022"_s << QString();
    QTest::addRow("-32022 with a list of numbers") << rpc(-32022, QJsonObject{{u"supported"_s, QJsonArray{1, 2}}}) << false << true << modern << Legacy << QString() << u"probe -32022"_s << QString();
    QTest::addRow("-32022 with supported as a string") << rpc(-32022, QJsonObject{{u"supported"_s, modern}}) << false << true << future << Legacy << QString() << u"probe -32022"_s << QString();

    // No answer. stdio: a legacy server that keeps quiet or exits; HTTP: an outage, which is no evidence.
    QTest::addRow("stdio: timeout") << ProbeOutcome::timedOut() << false << true << modern << Legacy << QString() << u"probe timeout"_s << QString();
    QTest::addRow("stdio: exited") << ProbeOutcome::closed() << false << true << modern << Legacy << QString() << u"probe closed"_s << QString();
    QTest::addRow("stdio: garbage") << ProbeOutcome::garbage("Welcome to my server!") << false << true << modern << Legacy << QString() << u"probe garbage"_s << QString();
    QTest::addRow("stdio: timeout, no fallback") << ProbeOutcome::timedOut() << false << false << modern << Fails << QString() << u"probe timeout"_s << u"no answer in time"_s;
    QTest::addRow("stdio: garbage, no fallback") << ProbeOutcome::garbage("Welcome to my server!") << false << false << modern << Fails << QString() << u"probe garbage"_s << u"Welcome to my server!"_s;
    QTest::addRow("http: timeout") << ProbeOutcome::timedOut() << true << true << modern << Fails << QString() << u"probe timeout"_s << u"no answer in time"_s;
    QTest::addRow("http: closed") << ProbeOutcome::closed() << true << true << modern << Fails << QString() << u"probe network error"_s << u"the connection closed"_s;
    QTest::addRow("http: network error") << ProbeOutcome::networkError(u"Connection refused"_s) << true << true << modern << Fails << QString() << u"probe network error"_s << u"Connection refused"_s;
    QTest::addRow("http: 2xx that is no JSON-RPC") << ProbeOutcome::garbage("<html>hello</html>") << true << true << modern << Fails << QString() << u"probe unusable reply"_s << u"<html>hello</html>"_s;

    // HTTP statuses.
    QTest::addRow("http 401") << ProbeOutcome::httpError(401, {}) << true << true << modern << Fails << QString() << u"probe HTTP 401"_s << u"sign-in"_s;
    QTest::addRow("http 403") << ProbeOutcome::httpError(403, {}) << true << true << modern << Fails << QString() << u"probe HTTP 403"_s << u"HTTP 403"_s;
    QTest::addRow("http 500") << ProbeOutcome::httpError(500, "oops") << true << true << modern << Fails << QString() << u"probe HTTP 500"_s << u"HTTP 500"_s;
    QTest::addRow("http 503 with a -32022 body") << ProbeOutcome::httpError(503, R"({"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"x","data":{"supported":["2026-07-28"]}}})") << true << true << future << Fails << QString() << u"probe HTTP 503"_s << u"HTTP 503"_s;
    QTest::addRow("http 400 with a -32022 body (the peer)")
        << ProbeOutcome::httpError(400, R"({"jsonrpc":"2.0","error":{"code":-32022,"message":"Unsupported protocol version: 2099-01-01","data":{"supported":["2026-07-28"],"requested":"2099-01-01"}},"id":8})")
        << true << true << future << Corrective << modern << u"probe -32022"_s << QString();
    QTest::addRow("http 400 with a plain-text body") << ProbeOutcome::httpError(400, "Bad Request: No valid session ID provided") << true << true << modern << Legacy << QString() << u"probe HTTP 400"_s << QString();
    QTest::addRow("http 400 with an empty body") << ProbeOutcome::httpError(400, {}) << true << true << modern << Legacy << QString() << u"probe HTTP 400"_s << QString();
    QTest::addRow("http 400 with JSON that is no error") << ProbeOutcome::httpError(400, R"({"message":"bad"})") << true << true << modern << Legacy << QString() << u"probe HTTP 400"_s << QString();
    QTest::addRow("http 400 with an error whose code is a string") << ProbeOutcome::httpError(400, R"({"error":{"code":"-32022","data":{"supported":["2026-07-28"]}}})") << true << true << future << Legacy << QString() << u"probe HTTP 400"_s << QString();
    QTest::addRow("http 404") << ProbeOutcome::httpError(404, "Not Found") << true << true << modern << Legacy << QString() << u"probe HTTP 404"_s << QString();
    QTest::addRow("http 405") << ProbeOutcome::httpError(405, {}) << true << true << modern << Legacy << QString() << u"probe HTTP 405"_s << QString();
    QTest::addRow("http 404, no fallback") << ProbeOutcome::httpError(404, {}) << true << false << modern << Fails << QString() << u"probe HTTP 404"_s << u"HTTP status 404"_s;
}

void tst_ProbeClassifier::classify()
{
    QFETCH(ProbeOutcome, outcome);
    QFETCH(bool, http);
    QFETCH(bool, mayFallBack);
    QFETCH(QString, requested);
    QFETCH(int, kind);
    QFETCH(QString, version);
    QFETCH(QString, how);
    QFETCH(QString, messageHas);

    ProbeClassifier::Options options;
    options.channel = http ? ProbeClassifier::Channel::Http : ProbeClassifier::Channel::Stdio;
    options.mayFallBack = mayFallBack;
    const EraVerdict verdict = ProbeClassifier(options).classify(outcome, requested);

    QCOMPARE(int(verdict.kind), kind);
    QCOMPARE(verdict.version, version);
    QCOMPARE(verdict.how, how);
    if (verdict.kind == EraVerdict::Kind::Error) {
        QVERIFY2(verdict.error.message.contains(messageHas), qPrintable(verdict.error.message));
        QVERIFY(verdict.error.code != 0);
    }
    if (verdict.kind == EraVerdict::Kind::Modern)
        QVERIFY(verdict.discover.supportedVersions.contains(version));
}

void tst_ProbeClassifier::discoverResultOfThePeer()
{
    const Result<DiscoverResult> parsed = DiscoverResult::parse(json(peerDiscover));
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : qPrintable(parsed.error().message));
    QCOMPARE(parsed->supportedVersions, QStringList{modern});
    QVERIFY(parsed->capabilities.tools);
    QVERIFY(parsed->capabilities.toolsListChanged);
    QVERIFY(parsed->capabilities.resources);
    QVERIFY(parsed->capabilities.prompts);
    QVERIFY(!parsed->capabilities.logging);
    QCOMPARE(parsed->serverInfo.name, u"toolgate-modern-peer"_s);
    QCOMPARE(parsed->serverInfo.version, u"1.0.0"_s);
    QCOMPARE(parsed->ttlMs, std::optional<qint64>(0));
    QCOMPARE(parsed->cacheScope, u"private"_s);

    // The rest of Toolgate reads the server from an InitializeResult.
    const InitializeResult init = parsed->toInitializeResult(modern);
    QCOMPARE(init.protocolVersion, modern);
    QVERIFY(init.capabilities.tools);
    QCOMPARE(init.serverInfo.name, u"toolgate-modern-peer"_s);
}

void tst_ProbeClassifier::discoverResultTolerance_data()
{
    TestSupport::addColumns<QByteArray, bool, QString>("text", "ok", "instructions");
    QTest::addRow("minimal") << QByteArray(R"({"supportedVersions":[],"capabilities":{}})") << true << QString();
    QTest::addRow("instructions") << QByteArray(R"({"supportedVersions":["2026-07-28"],"capabilities":{},"instructions":"be brief"})") << true << u"be brief"_s;
    QTest::addRow("instructions that are a number") << QByteArray(R"({"supportedVersions":["2026-07-28"],"capabilities":{},"instructions":5})") << false << QString();
    QTest::addRow("ttlMs that is a string: no hint, still a result") << QByteArray(R"({"supportedVersions":["2026-07-28"],"capabilities":{},"ttlMs":"5"})") << true << QString();
    QTest::addRow("serverInfo that is a string: no server info, still a result") << QByteArray(R"({"supportedVersions":["2026-07-28"],"capabilities":{},"_meta":{"io.modelcontextprotocol/serverInfo":"x"}})") << true << QString();
    QTest::addRow("capabilities that are a list") << QByteArray(R"({"supportedVersions":["2026-07-28"],"capabilities":[]})") << false << QString();
    QTest::addRow("resultType complete") << QByteArray(R"({"supportedVersions":["2026-07-28"],"capabilities":{},"resultType":"complete"})") << true << QString();
    QTest::addRow("resultType unknown") << QByteArray(R"({"supportedVersions":["2026-07-28"],"capabilities":{},"resultType":"task"})") << false << QString();
}

void tst_ProbeClassifier::discoverResultTolerance()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, ok);
    QFETCH(QString, instructions);
    const Result<DiscoverResult> parsed = DiscoverResult::parse(QJsonDocument::fromJson(text).object());
    QCOMPARE(parsed.ok(), ok);
    if (ok) {
        QCOMPARE(parsed->instructions, instructions);
        QVERIFY(!parsed->ttlMs || *parsed->ttlMs >= 0);
    } else {
        QVERIFY(parsed.error().message.startsWith(u"not a server/discover result"_s));
    }
}

QTEST_GUILESS_MAIN(tst_ProbeClassifier)
#include "tst_probeclassifier.moc"
