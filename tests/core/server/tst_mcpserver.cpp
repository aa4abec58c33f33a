// Tests for McpServer, in two halves:
//  - end to end: toolgate-demo-server runs as a child process and the real ClientSession talks
//    to it over StdioTransport, exercising every demo tool, resource, prompt and notification;
//  - in process: McpServer behind a loopback transport, driven by a raw JsonRpcPeer (to send
//    exactly what a test needs: odd versions, cursors, cancellations) or by ClientSession.

#include "core/client/clientsession.h"
#include "npmpeers.h"
#include "peerrequest.h"
#include "toolcallkeyfortests.h"
#include "core/common/error.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/protocolversion.h"
#include "core/server/mcpserver.h"
#include "core/transport/stdiotransport.h"
#include "core/transport/transport.h"
#include "../../support/loopbacktransport.h"
#include "testjson.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QtEndian>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using Toolgate::TestSupport::compact;
using Toolgate::TestSupport::parseObject;
using Toolgate::TestSupport::findTool;

namespace {

constexpr int answerTimeoutMs = 15000;

// ---- helpers ----------------------------------------------------------------------------------

QString demoServerPath()
{
    return QDir(QStringLiteral(TOOLGATE_BIN_DIR)).filePath(u"toolgate-demo-server"_s);
}

// Runs one asynchronous ClientSession call and waits (spinning the event loop) for its answer.
// A missing answer becomes an error value, so the test fails with a message instead of hanging.
template<typename T, typename Start>
Result<T> await(Start &&start, int timeoutMs = answerTimeoutMs)
{
    std::optional<Result<T>> answer;
    QObject context; // destroyed on return, so a late answer cannot write to a dead local
    start(&context, [&answer](const Result<T> &result) { answer = result; });
    if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, timeoutMs))
        return makeError(ErrorCode::RequestTimeout, u"test: no answer within %1 ms"_s.arg(timeoutMs));
    return *answer;
}

Result<CallToolResult> callTool(ClientSession &session, const QString &name, const QJsonObject &arguments = {},
                                const ClientSession::CallOptions &options = {})
{
    return await<CallToolResult>([&](QObject *context, auto callback) {
        session.callTool(ToolCallKeyForTests::make(), name, arguments, options, context, callback);
    });
}

Result<ReadResourceResult> readResource(ClientSession &session, const QString &uri)
{
    return await<ReadResourceResult>([&](QObject *context, auto callback) { session.readResource(uri, context, callback); });
}

Result<CompleteResult> complete(ClientSession &session, const CompletionReference &reference, const QString &argument,
                                const QString &value)
{
    return await<CompleteResult>([&](QObject *context, auto callback) {
        session.complete(reference, argument, value, {}, context, callback);
    });
}

Result<GetPromptResult> getPrompt(ClientSession &session, const QString &name, const QMap<QString, QString> &arguments)
{
    return await<GetPromptResult>([&](QObject *context, auto callback) {
        session.getPrompt(name, arguments, context, callback);
    });
}

Result<std::monostate> ping(ClientSession &session)
{
    return await<std::monostate>([&](QObject *context, auto callback) { session.ping(context, callback); });
}

// The error of a failed result, for QVERIFY2 messages (which are evaluated even on success).
template<typename T>
QByteArray why(const Result<T> &result)
{
    return result.ok() ? QByteArray() : result.error().toString().toUtf8();
}

// Whether a call came back as a tool error: a result with isError, not a protocol error.
bool isToolError(const Result<CallToolResult> &result)
{
    return result.ok() && result->isError;
}

// The text of a call that must have come back as a tool error (a result with isError), or a note
// saying what came instead, which contains none of the texts the tests look for.
QString toolErrorText(const Result<CallToolResult> &result)
{
    if (!result.ok())
        return u"(not a result: %1)"_s.arg(result.error().code);
    return isToolError(result) ? result->textSummary() : u"(a result, not a tool error)"_s;
}

QStringList names(const QList<Tool> &tools)
{
    QStringList out;
    for (const Tool &tool : tools)
        out.append(tool.name);
    return out;
}

// A CRC-32 written independently of the demo's, so the test does not trust the code under test.
quint32 referenceCrc32(const QByteArray &data)
{
    quint32 crc = 0xFFFFFFFFu;
    for (const char byte : data) {
        crc ^= quint8(byte);
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

struct DecodedPng
{
    QString error; // empty when the file is well formed
    int width = 0;
    int height = 0;
    int bitDepth = 0;
    int colorType = 0;
    QByteArray pixels; // filtered scanlines as stored (filter byte + RGB per row)
    QStringList chunkTypes;
};

// Parses a PNG far enough to check it: signature, chunk CRCs, IHDR, and the zlib-compressed
// IDAT data (inflated with qUncompress, which wants the 4-byte big-endian size prefix).
DecodedPng decodePng(const QByteArray &png)
{
    DecodedPng out;
    if (!png.startsWith(QByteArray("\x89PNG\r\n\x1a\n", 8))) {
        out.error = u"no PNG signature"_s;
        return out;
    }
    QByteArray idat;
    qsizetype pos = 8;
    while (pos + 12 <= png.size()) {
        const quint32 length = qFromBigEndian<quint32>(png.constData() + pos);
        if (pos + 12 + qsizetype(length) > png.size()) {
            out.error = u"truncated chunk"_s;
            return out;
        }
        const QByteArray typeAndData = png.mid(pos + 4, 4 + length);
        const quint32 crc = qFromBigEndian<quint32>(png.constData() + pos + 8 + length);
        const QString type = QString::fromLatin1(typeAndData.left(4));
        if (crc != referenceCrc32(typeAndData)) {
            out.error = u"bad CRC in chunk "_s + type;
            return out;
        }
        out.chunkTypes.append(type);
        const QByteArray data = typeAndData.mid(4);
        if (type == u"IHDR") {
            out.width = int(qFromBigEndian<quint32>(data.constData()));
            out.height = int(qFromBigEndian<quint32>(data.constData() + 4));
            out.bitDepth = quint8(data.at(8));
            out.colorType = quint8(data.at(9));
        } else if (type == u"IDAT") {
            idat.append(data);
        }
        pos += 12 + length;
    }
    if (pos != png.size()) {
        out.error = u"trailing bytes after the last chunk"_s;
        return out;
    }
    const qsizetype expected = qsizetype(out.height) * (1 + out.width * 3);
    QByteArray prefixed(4, '\0');
    qToBigEndian(quint32(expected), prefixed.data());
    out.pixels = qUncompress(prefixed + idat);
    if (out.pixels.size() != expected)
        out.error = u"IDAT inflates to %1 bytes, expected %2"_s.arg(out.pixels.size()).arg(expected);
    return out;
}

// The RGB of pixel (x, y) of a decoded 8-bit RGB PNG whose rows all use filter 0.
QList<int> pixel(const DecodedPng &png, int x, int y)
{
    const qsizetype offset = qsizetype(y) * (1 + png.width * 3) + 1 + x * 3;
    return {quint8(png.pixels.at(offset)), quint8(png.pixels.at(offset + 1)), quint8(png.pixels.at(offset + 2))};
}

} // namespace

using Toolgate::TestSupport::LoopbackTransport;

namespace {

// A raw client on one end of a loopback, for tests that need to send exactly what they choose.
struct RawClient
{
    std::unique_ptr<LoopbackTransport> clientEnd;
    std::unique_ptr<LoopbackTransport> serverEnd;
    std::unique_ptr<McpServer> server;
    std::unique_ptr<JsonRpcPeer> peer;
    QObject context;

    explicit RawClient(const Implementation &info = {u"test-server"_s, {}, u"1.0"_s})
    {
        std::tie(clientEnd, serverEnd) = LoopbackTransport::createPair();
        server = std::make_unique<McpServer>(serverEnd.get(), info, u"be nice"_s);
        peer = std::make_unique<JsonRpcPeer>(clientEnd.get());
        server->start();
        clientEnd->start();
    }

    ~RawClient()
    {
        // Peer and server first: they reference the transports.
        peer.reset();
        server.reset();
    }

    Result<QJsonValue> request(const QString &method, const QJsonObject &params = {})
    {
        return TestSupport::requestAndWait(*peer, &context, method, params, answerTimeoutMs);
    }

    Result<QJsonValue> initialize(const QString &version = u"2025-11-25"_s, bool sendInitialized = true)
    {
        auto result = request(u"initialize"_s, {{u"protocolVersion"_s, version},
                                                {u"capabilities"_s, QJsonObject()},
                                                {u"clientInfo"_s, QJsonObject{{u"name"_s, u"raw"_s}, {u"version"_s, u"0"_s}}}});
        if (result && sendInitialized) {
            peer->sendNotification(u"notifications/initialized"_s);
            if (!QTest::qWaitFor([this] { return server->isInitialized(); }, answerTimeoutMs))
                return makeError(ErrorCode::RequestTimeout, u"test: the server did not see notifications/initialized"_s);
        }
        return result;
    }

    /// Waits until the server had a chance to send what it queued (one ping round trip).
    void settle() { (void)request(u"ping"_s); }
};

Tool simpleTool(const QString &name)
{
    Tool tool;
    tool.name = name;
    tool.title = u"Title of "_s + name;
    tool.description = u"A test tool."_s;
    tool.inputSchema = QJsonObject{{u"type"_s, u"object"_s}};
    return tool;
}

CallToolResult textResult(const QString &text)
{
    CallToolResult result;
    result.content.append(Content::makeText(text));
    return result;
}

} // namespace

class tst_McpServer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    // End to end with toolgate-demo-server.
    void demoInitialize();
    void demoToolList();
    void demoUnknownTool();
    void demoEcho();
    void demoAdd();
    void demoMarkdownReport();
    void demoGenerateImage();
    void demoGenerateAudio();
    void demoEmbeddedResources();
    void demoResourceLinks();
    void demoWeather();
    void demoBadStructuredOutput();
    void demoFailPolitely();
    void demoSlowTaskProgress();
    void demoSlowTaskWithoutProgressToken();
    void demoSlowTaskCancel();
    void demoRichForm();
    void demoLogMessages();
    void demoChangeCatalog();
    void demoTouchResource();
    void demoResources();
    void demoResourceTemplate();
    void demoPrompts();
    void demoCompletions();
    void demoPagination();
    void demoExitsWhenStdinCloses();

    // In process.
    void versionNegotiation_data();
    void versionNegotiation();
    void capabilitiesFollowRegistrations();
    void requestsBeforeInitialize();
    void initializeTwice();
    void pagination();
    void paginationThroughClientSession();
    void listChangedOnlyAfterInitializedAndCoalesced();
    void toolAnsweredExactlyOnce();
    void toolDroppedWithoutAnswer();
    void toolAnswersAsynchronously();
    void toolCancellation();
    void progressNeedsTokenAndMustIncrease();
    void loggingHonoursSetLevel();
    void legacyClientGetsNoNewerFields();
    void resourceErrors();
    void promptArgumentChecks();
    void completionCapsValues();
    void subscriptionsGateUpdates();
    void finishedWhenTransportCloses();
    void registrationValidation();
    void uriTemplateMatching_data();
    void uriTemplateMatching();

private:
    std::unique_ptr<ClientSession> startDemo(const QStringList &arguments = {});

    std::unique_ptr<ClientSession> m_session; // a fresh demo server for each end-to-end test
};

std::unique_ptr<ClientSession> tst_McpServer::startDemo(const QStringList &arguments)
{
    StdioLaunchSpec spec;
    spec.program = demoServerPath();
    spec.arguments = arguments;
    auto session = std::make_unique<ClientSession>(std::make_unique<StdioTransport>(spec), ClientSession::Options{});
    QSignalSpy ready(session.get(), &ClientSession::ready);
    QSignalSpy failed(session.get(), &ClientSession::failed);
    session->connectToServer();
    if (!QTest::qWaitFor([&] { return !ready.isEmpty() || !failed.isEmpty(); }, answerTimeoutMs) || ready.isEmpty()) {
        qWarning("the demo server did not become ready: %s", qPrintable(session->lastError().toString()));
        return nullptr;
    }
    return session;
}

void tst_McpServer::initTestCase()
{
    const QFileInfo demo(demoServerPath());
    QVERIFY2(demo.isExecutable(), qPrintable(u"build toolgate-demo-server first: "_s + demo.filePath()));
}

void tst_McpServer::init()
{
    if (!QByteArray(QTest::currentTestFunction()).startsWith("demo"))
        return;
    m_session = startDemo();
    QVERIFY(m_session);
}

void tst_McpServer::cleanup()
{
    if (!m_session)
        return;
    QSignalSpy closed(m_session.get(), &ClientSession::closed);
    m_session->disconnectFromServer();
    closed.wait(5000);
    m_session.reset();
}

// ---- end to end -------------------------------------------------------------------------------

void tst_McpServer::demoInitialize()
{
    ClientSession &session = *m_session;
    QCOMPARE(session.protocolVersion(), u"2025-11-25"_s);
    const Implementation &info = session.serverInfo();
    QCOMPARE(info.name, u"toolgate-demo-server"_s);
    QCOMPARE(info.title, u"Toolgate Demo Server"_s);
    QCOMPARE(info.version, QStringLiteral(TOOLGATE_VERSION));
    QVERIFY(!info.description.isEmpty());
    QCOMPARE(info.icons.size(), 1);
    QVERIFY(info.icons.first().src.startsWith(u"data:image/png;base64,"));
    const QByteArray icon = QByteArray::fromBase64(info.icons.first().src.mid(22).toLatin1());
    QVERIFY2(decodePng(icon).error.isEmpty(), qPrintable(decodePng(icon).error));

    const ServerCapabilities &caps = session.serverCapabilities();
    QVERIFY(caps.tools);
    QVERIFY(caps.toolsListChanged);
    QVERIFY(caps.resources);
    QVERIFY(caps.resourcesSubscribe);
    QVERIFY(caps.resourcesListChanged);
    QVERIFY(caps.prompts);
    QVERIFY(caps.promptsListChanged);
    QVERIFY(caps.logging);
    QVERIFY(caps.completions);
    QVERIFY(session.serverInitializeResult().instructions.contains(u"demo://readme"));

    QVERIFY(ping(session).ok());
}

void tst_McpServer::demoToolList()
{
    const auto tools = await<QList<Tool>>([&](QObject *context, auto callback) { m_session->listTools(context, callback); });
    QVERIFY2(tools.ok(), why(tools).constData());
    const QStringList expected{u"echo"_s, u"add"_s, u"markdown_report"_s, u"generate_image"_s, u"generate_audio"_s,
                               u"embedded_resources"_s, u"resource_links"_s, u"weather"_s, u"bad_structured_output"_s,
                               u"fail_politely"_s, u"slow_task"_s, u"rich_form"_s, u"log_messages"_s, u"confirm_action"_s,
                               u"change_catalog"_s, u"touch_resource"_s, u"research"_s, u"long_report"_s, u"failing_job"_s,
                               u"choose_format"_s};
    QCOMPARE(names(tools.value()), expected);
    for (const Tool &tool : tools.value()) {
        QVERIFY2(!tool.title.isEmpty(), qPrintable(tool.name));
        QVERIFY2(tool.description.size() > 30, qPrintable(tool.name));
        QCOMPARE(tool.inputSchema.value(u"type").toString(), u"object"_s);
    }
    const auto add = findTool(tools.value(), u"add"_s);
    QVERIFY(add);
    QCOMPARE(add->outputSchema.value(u"required").toArray(), QJsonArray{u"sum"_s});
    QCOMPARE(add->annotations.readOnlyHint, std::optional<bool>(true));
    QVERIFY(findTool(tools.value(), u"weather"_s)->outputSchema.value(u"properties").toObject().contains(u"humidity"));
}

void tst_McpServer::demoUnknownTool()
{
    const auto result = callTool(*m_session, u"no_such_tool"_s);
    QVERIFY(!result.ok());
    QCOMPARE(result.error().code, int(ErrorCode::InvalidParams));
    QVERIFY(result.error().message.contains(u"no_such_tool"));
}

void tst_McpServer::demoEcho()
{
    const auto result = callTool(*m_session, u"echo"_s, {{u"text"_s, u"Hello, MCP! ✓"_s}});
    QVERIFY2(result.ok(), why(result).constData());
    QCOMPARE(result->content.size(), 1);
    QCOMPARE(result->content.first().type, Content::Type::Text);
    QCOMPARE(result->content.first().text, u"Hello, MCP! ✓"_s);
    QVERIFY(!result->isError);
    QVERIFY(!result->structuredContent);

    const QString missing = toolErrorText(callTool(*m_session, u"echo"_s));
    QVERIFY2(missing.contains(u"\"text\" is required"), qPrintable(missing));
}

void tst_McpServer::demoAdd()
{
    const auto result = callTool(*m_session, u"add"_s, {{u"a"_s, 2}, {u"b"_s, 3.5}});
    QVERIFY2(result.ok(), why(result).constData());
    QVERIFY(!result->isError);
    QCOMPARE(result->textSummary(), u"2 + 3.5 = 5.5"_s);
    QVERIFY(result->structuredContent);
    QCOMPARE(compact(*result->structuredContent), QByteArray(R"({"sum":5.5})"));

    const QString bad = toolErrorText(callTool(*m_session, u"add"_s, {{u"a"_s, u"two"_s}}));
    QVERIFY2(bad.contains(u"\"a\" must be a number"), qPrintable(bad));
    QVERIFY2(bad.contains(u"\"b\" is required"), qPrintable(bad));
}

void tst_McpServer::demoMarkdownReport()
{
    const auto result = callTool(*m_session, u"markdown_report"_s, {{u"topic"_s, u"Q3 %1 review"_s}});
    QVERIFY2(result.ok(), why(result).constData());
    QCOMPARE(result->content.size(), 1);
    const QString text = result->content.first().text;
    QVERIFY(text.startsWith(u"# Report: Q3 %1 review\n"));
    QVERIFY(text.contains(u"\n## Highlights\n"));
    QVERIFY(text.contains(u"\n- Every MCP content type"));
    QVERIFY(text.contains(u"\n  - nested list item"));
    QVERIFY(text.contains(u"| Type | Demo tool | Binary |\n| :--- | :--- | :---: |"));
    QVERIFY(text.contains(u"```cpp\n"));
    QVERIFY(text.contains(u"\n> Quote"));
    QVERIFY(text.contains(u"[MCP specification](https://"));
}

void tst_McpServer::demoGenerateImage()
{
    const QMap<QString, QList<int>> expectedCorner{{u"red"_s, {229, 72, 77}}, {u"blue"_s, {0, 144, 255}},
                                                   {u"purple"_s, {142, 78, 198}}};
    for (auto it = expectedCorner.cbegin(); it != expectedCorner.cend(); ++it) {
        const auto result = callTool(*m_session, u"generate_image"_s, {{u"color"_s, it.key()}});
        QVERIFY2(result.ok(), why(result).constData());
        QVERIFY(!result->isError);
        QCOMPARE(result->content.size(), 2);
        QCOMPARE(result->content.at(0).type, Content::Type::Text);
        QVERIFY(result->content.at(0).text.contains(it.key()));
        const Content &image = result->content.at(1);
        QCOMPARE(image.type, Content::Type::Image);
        QCOMPARE(image.mimeType, u"image/png"_s);
        QCOMPARE(image.annotations.audience, QStringList{u"user"_s});
        const DecodedPng png = decodePng(image.decodedData());
        QVERIFY2(png.error.isEmpty(), qPrintable(png.error));
        QCOMPARE(png.chunkTypes, (QStringList{u"IHDR"_s, u"IDAT"_s, u"IEND"_s}));
        QCOMPARE(png.width, 64);
        QCOMPARE(png.height, 64);
        QCOMPARE(png.bitDepth, 8);
        QCOMPARE(png.colorType, 2);
        // The bottom-right corner is the pure colour (end of the gradient, outside the rings).
        QCOMPARE(pixel(png, 63, 63), it.value());
        QVERIFY(result->content.at(0).text.contains(QString::number(image.decodedData().size())));
    }
    // Default colour is blue.
    const auto defaulted = callTool(*m_session, u"generate_image"_s);
    QVERIFY(defaulted.ok());
    QCOMPARE(pixel(decodePng(defaulted->content.at(1).decodedData()), 63, 63), (QList<int>{0, 144, 255}));

    const QString bad = toolErrorText(callTool(*m_session, u"generate_image"_s, {{u"color"_s, u"plaid"_s}}));
    QVERIFY2(bad.contains(u"\"color\" must be one of red, orange, yellow, green, blue, purple"), qPrintable(bad));
}

void tst_McpServer::demoGenerateAudio()
{
    const auto result = callTool(*m_session, u"generate_audio"_s, {{u"frequency"_s, 440}, {u"duration_ms"_s, 250}});
    QVERIFY2(result.ok(), why(result).constData());
    QVERIFY(!result->isError);
    QCOMPARE(result->content.size(), 2);
    const Content &audio = result->content.at(1);
    QCOMPARE(audio.type, Content::Type::Audio);
    QCOMPARE(audio.mimeType, u"audio/wav"_s);
    const QByteArray wav = audio.decodedData();

    const int samples = 8000 * 250 / 1000;
    QCOMPARE(wav.size(), 44 + samples * 2);
    QCOMPARE(wav.left(4), QByteArray("RIFF"));
    QCOMPARE(qFromLittleEndian<quint32>(wav.constData() + 4), quint32(36 + samples * 2));
    QCOMPARE(wav.mid(8, 8), QByteArray("WAVEfmt "));
    QCOMPARE(qFromLittleEndian<quint32>(wav.constData() + 16), 16u);      // fmt chunk size
    QCOMPARE(qFromLittleEndian<quint16>(wav.constData() + 20), quint16(1)); // PCM
    QCOMPARE(qFromLittleEndian<quint16>(wav.constData() + 22), quint16(1)); // mono
    QCOMPARE(qFromLittleEndian<quint32>(wav.constData() + 24), 8000u);
    QCOMPARE(qFromLittleEndian<quint32>(wav.constData() + 28), 16000u); // byte rate
    QCOMPARE(qFromLittleEndian<quint16>(wav.constData() + 32), quint16(2));
    QCOMPARE(qFromLittleEndian<quint16>(wav.constData() + 34), quint16(16));
    QCOMPARE(wav.mid(36, 4), QByteArray("data"));
    QCOMPARE(qFromLittleEndian<quint32>(wav.constData() + 40), quint32(samples * 2));

    // It really is a 440 Hz tone at half scale: count sign changes and find the peak.
    int crossings = 0;
    int peak = 0;
    qint16 previous = 0;
    for (int i = 0; i < samples; ++i) {
        const qint16 sample = qFromLittleEndian<qint16>(wav.constData() + 44 + 2 * i);
        peak = std::max(peak, std::abs(int(sample)));
        if ((sample > 0 && previous < 0) || (sample < 0 && previous > 0))
            ++crossings;
        if (sample != 0)
            previous = sample;
    }
    QVERIFY2(std::abs(crossings - 2 * 440 / 4) <= 2, qPrintable(QString::number(crossings)));
    QVERIFY2(peak > 15000 && peak <= 16384, qPrintable(QString::number(peak)));
    QCOMPARE(qFromLittleEndian<qint16>(wav.constData() + 44), qint16(0)); // fades in: no click

    for (const QJsonObject &bad : {QJsonObject{{u"frequency"_s, 50}}, QJsonObject{{u"frequency"_s, 2000.5}},
                                   QJsonObject{{u"duration_ms"_s, 99}}, QJsonObject{{u"duration_ms"_s, 3001}},
                                   QJsonObject{{u"duration_ms"_s, 150.5}}}) {
        const auto rejected = callTool(*m_session, u"generate_audio"_s, bad);
        QVERIFY(rejected.ok());
        QVERIFY2(rejected->isError, compact(bad).constData());
        QCOMPARE(rejected->content.size(), 1);
    }
}

void tst_McpServer::demoEmbeddedResources()
{
    const auto result = callTool(*m_session, u"embedded_resources"_s);
    QVERIFY2(result.ok(), why(result).constData());
    QCOMPARE(result->content.size(), 4);
    QCOMPARE(result->content.at(0).type, Content::Type::Text);

    const ResourceContents &code = result->content.at(1).resource;
    QCOMPARE(result->content.at(1).type, Content::Type::Resource);
    QCOMPARE(code.uri, u"demo://snippets/hello.cpp"_s);
    QCOMPARE(code.mimeType, u"text/x-c++src"_s);
    QVERIFY(code.isText());
    QVERIFY(code.text->contains(u"int main()"));

    const ResourceContents &json = result->content.at(2).resource;
    QCOMPARE(json.uri, u"demo://data/config.json"_s);
    QCOMPARE(json.mimeType, u"application/json"_s);
    QCOMPARE(parseObject(json.text->toUtf8()).value(u"version").toInt(), 3);

    const ResourceContents &blob = result->content.at(3).resource;
    QCOMPARE(result->content.at(3).type, Content::Type::Resource);
    QCOMPARE(blob.uri, u"demo://blobs/sample.bin"_s);
    QCOMPARE(blob.mimeType, u"application/octet-stream"_s);
    QVERIFY(!blob.isText());
    QByteArray expected("TGDEMO\x00\x01", 8);
    for (int i = 0; i < 56; ++i)
        expected.append(char(0x80 + i));
    QCOMPARE(blob.decodedBlob(), expected);

    // What is embedded is what resources/read returns.
    const auto read = readResource(*m_session, code.uri);
    QVERIFY(read.ok());
    QCOMPARE(read->contents.first().text, code.text);
}

void tst_McpServer::demoResourceLinks()
{
    const auto result = callTool(*m_session, u"resource_links"_s);
    QVERIFY2(result.ok(), why(result).constData());
    QCOMPARE(result->content.size(), 5);
    QCOMPARE(result->content.at(0).type, Content::Type::Text);
    const QStringList expectedUris{u"demo://readme"_s, u"demo://data/config.json"_s, u"demo://images/logo.png"_s,
                                   u"demo://greeting/Toolgate"_s};
    for (int i = 0; i < expectedUris.size(); ++i) {
        const Content &link = result->content.at(i + 1);
        QCOMPARE(link.type, Content::Type::ResourceLink);
        QCOMPARE(link.uri, expectedUris.at(i));
        QVERIFY(!link.name.isEmpty());
        QVERIFY(!link.title.isEmpty());
        QVERIFY(!link.description.isEmpty());
        // Every link can be followed, and says truthfully what it points to.
        const auto read = readResource(*m_session, link.uri);
        QVERIFY2(read.ok(), qPrintable(link.uri));
        QCOMPARE(read->contents.size(), 1);
        const ResourceContents &contents = read->contents.first();
        QCOMPARE(contents.uri, link.uri);
        QCOMPARE(contents.mimeType, link.mimeType);
        if (link.size) {
            const qint64 actual = contents.isText() ? contents.text->toUtf8().size() : contents.decodedBlob().size();
            QCOMPARE(actual, *link.size);
        }
    }
    QCOMPARE(readResource(*m_session, u"demo://greeting/Toolgate"_s)->contents.first().text,
             std::optional<QString>(u"Hello, Toolgate! Welcome to the Toolgate demo server."_s));
}

void tst_McpServer::demoWeather()
{
    const auto celsius = callTool(*m_session, u"weather"_s, {{u"city"_s, u"Amsterdam"_s}});
    QVERIFY2(celsius.ok(), why(celsius).constData());
    QVERIFY(!celsius->isError);
    QVERIFY(celsius->structuredContent);
    const QJsonObject c = *celsius->structuredContent;
    QCOMPARE(c.value(u"city").toString(), u"Amsterdam"_s);
    QCOMPARE(c.value(u"units").toString(), u"celsius"_s);
    QVERIFY(c.value(u"temperature").isDouble());
    const QStringList conditions{u"sunny"_s, u"partly cloudy"_s, u"cloudy"_s, u"rainy"_s, u"stormy"_s, u"snowy"_s, u"foggy"_s};
    QVERIFY(conditions.contains(c.value(u"conditions").toString()));
    const double humidity = c.value(u"humidity").toDouble();
    QVERIFY(humidity >= 0 && humidity <= 100 && humidity == std::floor(humidity));
    QVERIFY(c.value(u"wind_kph").toDouble() >= 0);
    QVERIFY(celsius->textSummary().contains(u"Amsterdam"));

    // Every required field of the output schema is there, with the declared type.
    const auto tools = await<QList<Tool>>([&](QObject *context, auto callback) { m_session->listTools(context, callback); });
    QVERIFY(tools.ok());
    const QJsonObject schema = findTool(tools.value(), u"weather"_s)->outputSchema;
    const QJsonObject properties = schema.value(u"properties").toObject();
    for (const QJsonValue &required : schema.value(u"required").toArray()) {
        const QString key = required.toString();
        QVERIFY2(c.contains(key), qPrintable(key));
        const QString type = properties.value(key).toObject().value(u"type").toString();
        QVERIFY2(type == u"string" ? c.value(key).isString() : c.value(key).isDouble(), qPrintable(key));
    }

    // Same city, same weather; Fahrenheit is the same temperature converted.
    const auto again = callTool(*m_session, u"weather"_s, {{u"city"_s, u"amsterdam"_s}, {u"units"_s, u"fahrenheit"_s}});
    QVERIFY(again.ok());
    const QJsonObject f = *again->structuredContent;
    QCOMPARE(f.value(u"units").toString(), u"fahrenheit"_s);
    QCOMPARE(f.value(u"conditions"), c.value(u"conditions"));
    QCOMPARE(f.value(u"temperature").toDouble(), std::round((c.value(u"temperature").toDouble() * 9 / 5 + 32) * 10) / 10);

    const QString missing = toolErrorText(callTool(*m_session, u"weather"_s, {{u"units"_s, u"kelvin"_s}}));
    QVERIFY2(missing.contains(u"\"city\" is required"), qPrintable(missing));
    QVERIFY2(missing.contains(u"\"units\" must be one of celsius, fahrenheit"), qPrintable(missing));
}

void tst_McpServer::demoBadStructuredOutput()
{
    const auto tools = await<QList<Tool>>([&](QObject *context, auto callback) { m_session->listTools(context, callback); });
    QVERIFY(tools.ok());
    const QJsonObject schema = findTool(tools.value(), u"bad_structured_output"_s)->outputSchema;
    QCOMPARE(schema.value(u"properties").toObject().value(u"temperature").toObject().value(u"type").toString(), u"number"_s);
    QCOMPARE(schema.value(u"required").toArray(), (QJsonArray{u"temperature"_s, u"conditions"_s}));
    QCOMPARE(schema.value(u"additionalProperties").toBool(true), false);

    const auto result = callTool(*m_session, u"bad_structured_output"_s);
    QVERIFY2(result.ok(), why(result).constData());
    QVERIFY(!result->isError);
    QVERIFY(result->structuredContent);
    const QJsonObject structured = *result->structuredContent;
    // Each of the three violations a validator must find.
    QVERIFY(structured.value(u"temperature").isString());
    QVERIFY(!structured.contains(u"conditions"));
    QVERIFY(structured.contains(u"humidity"));
    QVERIFY(result->textSummary().contains(u"deliberately"));
}

void tst_McpServer::demoFailPolitely()
{
    const auto result = callTool(*m_session, u"fail_politely"_s, {{u"reason"_s, u"the moon is in the wrong phase"_s}});
    QVERIFY2(result.ok(), why(result).constData()); // a tool error is still a result
    QVERIFY(result->isError);
    QCOMPARE(result->content.size(), 1);
    QVERIFY(result->textSummary().startsWith(u"Sorry, this tool could not finish: the moon is in the wrong phase."));
    QVERIFY(result->textSummary().contains(u"isError: true"));
}

void tst_McpServer::demoSlowTaskProgress()
{
    QList<ProgressUpdate> updates;
    ClientSession::CallOptions options;
    options.onProgress = [&updates](const ProgressUpdate &update) { updates.append(update); };
    const auto result = callTool(*m_session, u"slow_task"_s, {{u"steps"_s, 5}, {u"step_ms"_s, 20}}, options);
    QVERIFY2(result.ok(), why(result).constData());
    QVERIFY(!result->isError);
    QCOMPARE(result->textSummary(), u"Finished all 5 steps (about 100 ms)."_s);
    // Progress is sent before the result, on the same pipe, so all of it has arrived.
    QCOMPARE(updates.size(), 5);
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(updates.at(i).progress, double(i + 1));
        QCOMPARE(updates.at(i).total, std::optional<double>(5));
        QVERIFY2(updates.at(i).message.startsWith(u"Step %1 of 5: "_s.arg(i + 1)), qPrintable(updates.at(i).message));
    }

    for (const QJsonObject &bad : {QJsonObject{{u"steps"_s, 0}}, QJsonObject{{u"steps"_s, 101}},
                                   QJsonObject{{u"step_ms"_s, 9}}, QJsonObject{{u"step_ms"_s, 5001}},
                                   QJsonObject{{u"steps"_s, 2.5}}}) {
        QVERIFY2(isToolError(callTool(*m_session, u"slow_task"_s, bad)), compact(bad).constData());
    }
}

void tst_McpServer::demoSlowTaskWithoutProgressToken()
{
    qsizetype progressMessages = 0;
    QObject guard; // connection context: dies before the locals the slots capture
    connect(m_session->transport(), &Transport::messageReceived, &guard, [&progressMessages](const QByteArray &message) {
        if (message.contains("notifications/progress"))
            ++progressMessages;
    });
    const auto result = callTool(*m_session, u"slow_task"_s, {{u"steps"_s, 3}, {u"step_ms"_s, 10}});
    QVERIFY2(result.ok(), why(result).constData());
    QCOMPARE(result->textSummary(), u"Finished all 3 steps (about 30 ms)."_s);
    QCOMPARE(progressMessages, 0);
}

void tst_McpServer::demoSlowTaskCancel()
{
    ClientSession &session = *m_session;
    QList<QByteArray> wire;
    QStringList stderrLines;
    QObject guard; // connection context: dies before the locals the slots capture
    connect(session.transport(), &Transport::messageReceived, &guard, [&wire](const QByteArray &m) { wire.append(m); });
    connect(&session, &ClientSession::diagnosticLine, &guard, [&stderrLines](const QString &l) { stderrLines.append(l); });

    int progress = 0;
    std::optional<Result<CallToolResult>> answer;
    ClientSession::CallOptions options;
    options.onProgress = [&progress](const ProgressUpdate &) { ++progress; };
    QObject context;
    const RequestId id = session.callTool(ToolCallKeyForTests::make(), u"slow_task"_s, {{u"steps"_s, 100}, {u"step_ms"_s, 40}}, options, &context,
                                          [&answer](const Result<CallToolResult> &r) { answer = r; });
    QTRY_VERIFY_WITH_TIMEOUT(progress >= 2, answerTimeoutMs);
    QVERIFY(session.cancelRequest(id, u"the test changed its mind"_s));
    QTRY_VERIFY(answer.has_value());
    QVERIFY(!answer->ok());
    QCOMPARE(answer->error().code, int(ErrorCode::RequestCancelled));

    // The server noticed and stopped...
    static const QRegularExpression stopped(u"slow_task was cancelled after step (\\d+) of 100; stopping"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!stderrLines.filter(stopped).isEmpty(), answerTimeoutMs);
    const int stoppedAt = stopped.match(stderrLines.filter(stopped).first()).captured(1).toInt();
    QVERIFY2(stoppedAt >= 2 && stoppedAt < 100, qPrintable(QString::number(stoppedAt)));

    // ...and says nothing more about the call: no progress, no response, for several steps' time. A
    // second slow_task with the same step time, started after the first was stopped, takes three
    // steps; had the first one's timer gone on, it would have stepped (and reported) before that answer.
    const qsizetype seen = wire.size();
    const auto witness = callTool(session, u"slow_task"_s, {{u"steps"_s, 3}, {u"step_ms"_s, 40}});
    QVERIFY2(witness.ok(), why(witness).constData());
    QCOMPARE(witness->textSummary(), u"Finished all 3 steps (about 120 ms)."_s);
    for (qsizetype i = seen; i < wire.size(); ++i) {
        const QJsonObject message = parseObject(wire.at(i));
        QVERIFY2(message.value(u"method").toString() != u"notifications/progress", wire.at(i).constData());
        QVERIFY2(RequestId::fromJson(message.value(u"id")) != id, wire.at(i).constData());
    }
    // No response to the cancelled request ever came, before or after.
    for (const QByteArray &raw : std::as_const(wire)) {
        const QJsonObject message = parseObject(raw);
        QVERIFY2(!(RequestId::fromJson(message.value(u"id")) == id && !message.contains(u"method")), raw.constData());
    }
}

void tst_McpServer::demoRichForm()
{
    const auto tools = await<QList<Tool>>([&](QObject *context, auto callback) { m_session->listTools(context, callback); });
    QVERIFY(tools.ok());
    const QJsonObject schema = findTool(tools.value(), u"rich_form"_s)->inputSchema;
    const QJsonObject p = schema.value(u"properties").toObject();
    const auto prop = [&p](const QString &name) { return p.value(name).toObject(); };
    QCOMPARE(prop(u"email"_s).value(u"format").toString(), u"email"_s);
    QCOMPARE(prop(u"birthday"_s).value(u"format").toString(), u"date"_s);
    QCOMPARE(prop(u"website"_s).value(u"format").toString(), u"uri"_s);
    QCOMPARE(prop(u"favorite_color"_s).value(u"enum").toArray().size(), 4);
    QCOMPARE(prop(u"favorite_color"_s).value(u"default").toString(), u"blue"_s);
    QVERIFY(prop(u"bio"_s).value(u"description").toString().contains(u"Multi-line"));
    QCOMPARE(prop(u"age"_s).value(u"type").toString(), u"integer"_s);
    QCOMPARE(prop(u"age"_s).value(u"maximum").toInt(), 150);
    QCOMPARE(prop(u"rating"_s).value(u"exclusiveMinimum").toInt(-1), 0);
    QCOMPARE(prop(u"subscribe"_s).value(u"type").toString(), u"boolean"_s);
    QCOMPARE(prop(u"tags"_s).value(u"minItems").toInt(), 1);
    QCOMPARE(prop(u"tags"_s).value(u"maxItems").toInt(), 5);
    QCOMPARE(prop(u"contacts"_s).value(u"items").toObject().value(u"type").toString(), u"object"_s);
    QCOMPARE(prop(u"home"_s).value(u"$ref").toString(), u"#/$defs/address"_s);
    QCOMPARE(schema.value(u"$defs").toObject().value(u"address").toObject().value(u"required").toArray(),
             (QJsonArray{u"street"_s, u"city"_s}));
    QCOMPARE(prop(u"preferences"_s).value(u"required").toArray(), QJsonArray{u"theme"_s});
    QCOMPARE(prop(u"contact_method"_s).value(u"oneOf").toArray().size(), 2);
    QCOMPARE(prop(u"nickname"_s).value(u"type").toArray(), (QJsonArray{u"string"_s, u"null"_s}));
    QCOMPARE(schema.value(u"required").toArray(), (QJsonArray{u"name"_s, u"email"_s, u"favorite_color"_s}));

    const QJsonObject arguments = parseObject(R"({
        "name": "Ada Lovelace", "email": "ada@example.org", "birthday": "1815-12-10",
        "website": "https://example.org/ada", "favorite_color": "purple", "bio": "Line one\nLine two",
        "age": 36, "rating": 4.5, "subscribe": true, "tags": ["math", "poetry"],
        "contacts": [{"name": "Charles", "phone": "+44 20 1234 5678"}],
        "home": {"street": "12 St James's Square", "city": "London", "country": "GB"},
        "preferences": {"theme": "dark", "font_size": 14},
        "contact_method": {"kind": "email", "address": "ada@example.org"},
        "nickname": null})");
    const auto result = callTool(*m_session, u"rich_form"_s, arguments);
    QVERIFY2(result.ok(), why(result).constData());
    QVERIFY(!result->isError);
    QVERIFY(result->structuredContent);
    QCOMPARE(compact(*result->structuredContent), compact(arguments));
    // The text holds the same object, pretty-printed inside a json code block.
    const QString text = result->textSummary();
    const qsizetype start = text.indexOf(u"```json\n");
    const qsizetype end = text.lastIndexOf(u"\n```");
    QVERIFY(start >= 0 && end > start);
    const QString pretty = text.mid(start + 8, end - start - 8);
    QVERIFY(pretty.contains(u"\n    \"age\": 36,\n"));
    QCOMPARE(compact(parseObject(pretty.toUtf8())), compact(arguments));
}

void tst_McpServer::demoLogMessages()
{
    ClientSession &session = *m_session;
    QList<LogMessage> messages;
    QObject guard; // connection context: dies before the locals the slots capture
    connect(&session, &ClientSession::logMessage, &guard, [&messages](const LogMessage &m) { messages.append(m); });

    // No level set: everything arrives, before the result.
    auto result = callTool(session, u"log_messages"_s);
    QVERIFY2(result.ok(), why(result).constData());
    QVERIFY(result->textSummary().contains(u"all of them were sent"));
    QCOMPARE(messages.size(), 8);
    for (int i = 0; i < 8; ++i) {
        QCOMPARE(toString(messages.at(i).level), toString(LoggingLevel(i)));
        QCOMPARE(messages.at(i).logger, u"log_messages"_s);
    }
    QVERIFY(messages.at(2).data.isObject()); // notice carries structured data
    QCOMPARE(messages.at(2).data.toObject().value(u"details").toObject().value(u"step").toInt(), 3);
    QCOMPARE(messages.at(3).text(), u"A demo warning message (nothing is actually wrong)"_s);

    const auto set = await<std::monostate>([&](QObject *context, auto callback) {
        session.setLoggingLevel(LoggingLevel::Warning, context, callback);
    });
    QVERIFY2(set.ok(), why(set).constData());
    messages.clear();
    result = callTool(session, u"log_messages"_s);
    QVERIFY(result.ok());
    QVERIFY2(result->textSummary().contains(u"You asked for \"warning\" and above (logging/setLevel), so 5 of them reached you."),
             qPrintable(result->textSummary()));
    QCOMPARE(messages.size(), 5);
    for (int i = 0; i < 5; ++i)
        QCOMPARE(toString(messages.at(i).level), toString(LoggingLevel(int(LoggingLevel::Warning) + i)));
}

void tst_McpServer::demoChangeCatalog()
{
    ClientSession &session = *m_session;
    QSignalSpy toolsChanged(&session, &ClientSession::toolsListChanged);
    QSignalSpy resourcesChanged(&session, &ClientSession::resourcesListChanged);
    QSignalSpy promptsChanged(&session, &ClientSession::promptsListChanged);
    const auto listTools = [&] { return await<QList<Tool>>([&](QObject *c, auto cb) { session.listTools(c, cb); }); };
    const auto listResources = [&] {
        return await<QList<Resource>>([&](QObject *c, auto cb) { session.listResources(c, cb); });
    };
    const auto listPrompts = [&] { return await<QList<Prompt>>([&](QObject *c, auto cb) { session.listPrompts(c, cb); }); };
    const auto resourceUris = [](const QList<Resource> &list) {
        QStringList uris;
        for (const Resource &r : list)
            uris.append(r.uri);
        return uris;
    };
    const auto promptNames = [](const QList<Prompt> &list) {
        QStringList out;
        for (const Prompt &p : list)
            out.append(p.name);
        return out;
    };

    QVERIFY(!names(listTools().value()).contains(u"coin_flip"));

    auto result = callTool(session, u"change_catalog"_s, {{u"action"_s, u"add"_s}});
    QVERIFY2(result.ok(), why(result).constData());
    QCOMPARE(compact(*result->structuredContent), QByteArray(R"({"extrasPresent":true})"));
    QTRY_COMPARE(toolsChanged.size(), 1);
    QTRY_COMPARE(resourcesChanged.size(), 1);
    QTRY_COMPARE(promptsChanged.size(), 1);

    QVERIFY(names(listTools().value()).contains(u"coin_flip"));
    const auto flip = callTool(session, u"coin_flip"_s);
    QVERIFY2(flip.ok(), why(flip).constData());
    const QString side = flip->structuredContent->value(u"side").toString();
    QVERIFY2(side == u"heads" || side == u"tails", qPrintable(side));
    QCOMPARE(flip->textSummary(), u"The coin landed on %1."_s.arg(side));
    QVERIFY(resourceUris(listResources().value()).contains(u"demo://extra/notes"));
    QVERIFY(readResource(session, u"demo://extra/notes"_s)->contents.first().text->contains(u"change_catalog"));
    QVERIFY(promptNames(listPrompts().value()).contains(u"haiku"));
    const auto haiku = getPrompt(session, u"haiku"_s, {{u"topic"_s, u"autumn"_s}});
    QVERIFY(haiku.ok());
    QCOMPARE(haiku->messages.first().content.text, u"Write a haiku (5-7-5 syllables) about autumn."_s);

    // Adding again changes nothing and notifies nobody.
    result = callTool(session, u"change_catalog"_s, {{u"action"_s, u"add"_s}});
    QVERIFY(result.ok());
    QVERIFY(result->textSummary().contains(u"already there"));
    QVERIFY(ping(session).ok());
    QCOMPARE(toolsChanged.size(), 1);

    // Toggling removes them again.
    result = callTool(session, u"change_catalog"_s);
    QVERIFY(result.ok());
    QCOMPARE(compact(*result->structuredContent), QByteArray(R"({"extrasPresent":false})"));
    QTRY_COMPARE(toolsChanged.size(), 2);
    QTRY_COMPARE(resourcesChanged.size(), 2);
    QTRY_COMPARE(promptsChanged.size(), 2);
    QVERIFY(!names(listTools().value()).contains(u"coin_flip"));
    QCOMPARE(callTool(session, u"coin_flip"_s).error().code, int(ErrorCode::InvalidParams));
    QCOMPARE(readResource(session, u"demo://extra/notes"_s).error().code, int(ErrorCode::ResourceNotFoundLegacy));
    QCOMPARE(getPrompt(session, u"haiku"_s, {{u"topic"_s, u"x"_s}}).error().code, int(ErrorCode::InvalidParams));

    const auto bad = callTool(session, u"change_catalog"_s, {{u"action"_s, u"explode"_s}});
    QVERIFY(bad.ok());
    QVERIFY(bad->isError);
}

void tst_McpServer::demoTouchResource()
{
    ClientSession &session = *m_session;
    QSignalSpy updated(&session, &ClientSession::resourceUpdated);
    const auto subscribe = [&](const QString &uri, bool on) {
        return await<std::monostate>([&](QObject *c, auto cb) {
            if (on)
                session.subscribeResource(uri, c, cb);
            else
                session.unsubscribeResource(uri, c, cb);
        });
    };

    QCOMPARE(readResource(session, u"demo://counter"_s)->contents.first().text,
             std::optional<QString>(u"This resource has been touched 0 times."_s));
    QVERIFY(subscribe(u"demo://counter"_s, true).ok());
    auto result = callTool(session, u"touch_resource"_s);
    QVERIFY2(result.ok(), why(result).constData());
    QCOMPARE(compact(*result->structuredContent), QByteArray(R"({"notified":true,"touches":1})"));
    // The notification precedes the result on the pipe.
    QCOMPARE(updated.size(), 1);
    QCOMPARE(updated.first().first().toString(), u"demo://counter"_s);
    QCOMPARE(readResource(session, u"demo://counter"_s)->contents.first().text,
             std::optional<QString>(u"This resource has been touched 1 times."_s));

    QVERIFY(subscribe(u"demo://counter"_s, false).ok());
    result = callTool(session, u"touch_resource"_s);
    QVERIFY(result.ok());
    QCOMPARE(compact(*result->structuredContent), QByteArray(R"({"notified":false,"touches":2})"));
    QVERIFY(ping(session).ok());
    QCOMPARE(updated.size(), 1);

    const auto unknown = subscribe(u"demo://nowhere"_s, true);
    QVERIFY(!unknown.ok());
    QCOMPARE(unknown.error().code, int(ErrorCode::ResourceNotFoundLegacy));
    // Template URIs can be subscribed to as well.
    QVERIFY(subscribe(u"demo://greeting/Ada"_s, true).ok());
}

void tst_McpServer::demoResources()
{
    ClientSession &session = *m_session;
    const auto list = await<QList<Resource>>([&](QObject *c, auto cb) { session.listResources(c, cb); });
    QVERIFY2(list.ok(), why(list).constData());
    QStringList uris;
    QMap<QString, Resource> byUri;
    for (const Resource &r : list.value()) {
        uris.append(r.uri);
        byUri.insert(r.uri, r);
        QVERIFY2(!r.title.isEmpty() && !r.description.isEmpty() && !r.mimeType.isEmpty(), qPrintable(r.uri));
    }
    QCOMPARE(uris, (QStringList{u"demo://readme"_s, u"demo://data/config.json"_s, u"demo://images/logo.png"_s,
                                u"demo://counter"_s, u"demo://snippets/hello.cpp"_s, u"demo://blobs/sample.bin"_s}));
    QCOMPARE(byUri.value(u"demo://readme"_s).annotations.priority, std::optional<double>(0.9));

    const QMap<QString, QString> mimeTypes{{u"demo://readme"_s, u"text/markdown"_s},
                                           {u"demo://data/config.json"_s, u"application/json"_s},
                                           {u"demo://images/logo.png"_s, u"image/png"_s},
                                           {u"demo://counter"_s, u"text/plain"_s},
                                           {u"demo://snippets/hello.cpp"_s, u"text/x-c++src"_s},
                                           {u"demo://blobs/sample.bin"_s, u"application/octet-stream"_s}};
    for (const QString &uri : std::as_const(uris)) {
        const auto read = readResource(session, uri);
        QVERIFY2(read.ok(), qPrintable(uri));
        QCOMPARE(read->contents.size(), 1);
        const ResourceContents &contents = read->contents.first();
        QCOMPARE(contents.uri, uri);
        QCOMPARE(contents.mimeType, mimeTypes.value(uri));
        QCOMPARE(byUri.value(uri).mimeType, mimeTypes.value(uri));
        const bool binary = uri.endsWith(u".png") || uri.endsWith(u".bin");
        QCOMPARE(contents.isText(), !binary);
        if (const auto size = byUri.value(uri).size) {
            QCOMPARE(qint64(binary ? contents.decodedBlob().size() : contents.text->toUtf8().size()), *size);
        }
    }
    QVERIFY(readResource(session, u"demo://readme"_s)->contents.first().text->startsWith(u"# Toolgate demo server\n"));
    const QJsonObject config = parseObject(readResource(session, u"demo://data/config.json"_s)->contents.first().text->toUtf8());
    QCOMPARE(config.value(u"name").toString(), u"Toolgate demo"_s);
    QCOMPARE(config.value(u"features").toArray().size(), 5);
    const DecodedPng logo = decodePng(readResource(session, u"demo://images/logo.png"_s)->contents.first().decodedBlob());
    QVERIFY2(logo.error.isEmpty(), qPrintable(logo.error));
    QCOMPARE(pixel(logo, 63, 63), (QList<int>{0, 144, 255}));
    QVERIFY(readResource(session, u"demo://blobs/sample.bin"_s)->contents.first().decodedBlob().startsWith(
        QByteArray("TGDEMO\x00\x01", 8)));

    const auto missing = readResource(session, u"demo://nothing-here"_s);
    QVERIFY(!missing.ok());
    QCOMPARE(missing.error().code, int(ErrorCode::ResourceNotFoundLegacy));
    QCOMPARE(missing.error().data.toObject().value(u"uri").toString(), u"demo://nothing-here"_s);
}

void tst_McpServer::demoResourceTemplate()
{
    ClientSession &session = *m_session;
    const auto templates = await<QList<ResourceTemplate>>([&](QObject *c, auto cb) { session.listResourceTemplates(c, cb); });
    QVERIFY2(templates.ok(), why(templates).constData());
    QCOMPARE(templates->size(), 1);
    QCOMPARE(templates->first().uriTemplate, u"demo://greeting/{name}"_s);
    QCOMPARE(templates->first().mimeType, u"text/plain"_s);
    QVERIFY(!templates->first().title.isEmpty());

    auto read = readResource(session, u"demo://greeting/Ada"_s);
    QVERIFY2(read.ok(), why(read).constData());
    QCOMPARE(read->contents.first().uri, u"demo://greeting/Ada"_s);
    QCOMPARE(read->contents.first().mimeType, u"text/plain"_s);
    QCOMPARE(read->contents.first().text, std::optional<QString>(u"Hello, Ada! Welcome to the Toolgate demo server."_s));
    read = readResource(session, u"demo://greeting/Ada%20Lovelace"_s);
    QVERIFY(read.ok());
    QCOMPARE(read->contents.first().text,
             std::optional<QString>(u"Hello, Ada Lovelace! Welcome to the Toolgate demo server."_s));
    QCOMPARE(readResource(session, u"demo://greeting/"_s).error().code, int(ErrorCode::ResourceNotFoundLegacy));
    QCOMPARE(readResource(session, u"demo://greeting/a/b"_s).error().code, int(ErrorCode::ResourceNotFoundLegacy));
}

void tst_McpServer::demoPrompts()
{
    ClientSession &session = *m_session;
    const auto prompts = await<QList<Prompt>>([&](QObject *c, auto cb) { session.listPrompts(c, cb); });
    QVERIFY2(prompts.ok(), why(prompts).constData());
    QCOMPARE(prompts->size(), 2);
    const Prompt summarize = prompts->at(0);
    QCOMPARE(summarize.name, u"summarize"_s);
    QVERIFY(!summarize.title.isEmpty() && !summarize.description.isEmpty());
    QCOMPARE(summarize.arguments.size(), 2);
    QCOMPARE(summarize.arguments.at(0).name, u"text"_s);
    QVERIFY(summarize.arguments.at(0).required);
    QCOMPARE(summarize.arguments.at(1).name, u"style"_s);
    QVERIFY(!summarize.arguments.at(1).required);
    const Prompt review = prompts->at(1);
    QCOMPARE(review.name, u"code_review"_s);
    QCOMPARE(review.arguments.size(), 2);
    QVERIFY(review.arguments.at(0).required && review.arguments.at(1).required);

    auto got = getPrompt(session, u"summarize"_s, {{u"text"_s, u"MCP connects models to tools."_s}, {u"style"_s, u"bullet-points"_s}});
    QVERIFY2(got.ok(), why(got).constData());
    QCOMPARE(got->description, u"Summarize a text (bullet-points)"_s);
    QCOMPARE(got->messages.size(), 1);
    QCOMPARE(got->messages.first().role, u"user"_s);
    QCOMPARE(got->messages.first().content.text,
             u"Please summarize the following text as a short list of bullet points.\n\nMCP connects models to tools."_s);
    got = getPrompt(session, u"summarize"_s, {{u"text"_s, u"x"_s}});
    QVERIFY(got.ok());
    QCOMPARE(got->description, u"Summarize a text (brief)"_s);

    auto failed = getPrompt(session, u"summarize"_s, {{u"style"_s, u"brief"_s}});
    QCOMPARE(failed.error().code, int(ErrorCode::InvalidParams));
    QVERIFY(failed.error().message.contains(u"\"text\""));
    failed = getPrompt(session, u"summarize"_s, {{u"text"_s, u"x"_s}, {u"style"_s, u"haiku"_s}});
    QCOMPARE(failed.error().code, int(ErrorCode::InvalidParams));
    QCOMPARE(getPrompt(session, u"nope"_s, {}).error().code, int(ErrorCode::InvalidParams));

    got = getPrompt(session, u"code_review"_s, {{u"language"_s, u"python"_s}, {u"code"_s, u"print('hi')"_s}});
    QVERIFY2(got.ok(), why(got).constData());
    QCOMPARE(got->messages.size(), 2);
    QVERIFY(got->messages.at(0).content.text.startsWith(u"Please review the python code below."));
    const Content &code = got->messages.at(1).content;
    QCOMPARE(code.type, Content::Type::Resource);
    QCOMPARE(code.resource.mimeType, u"text/x-python"_s);
    QCOMPARE(code.resource.text, std::optional<QString>(u"print('hi')"_s));
}

void tst_McpServer::demoCompletions()
{
    ClientSession &session = *m_session;
    const auto summarize = CompletionReference::prompt(u"summarize"_s);
    auto result = complete(session, summarize, u"style"_s, u"b"_s);
    QVERIFY2(result.ok(), why(result).constData());
    QCOMPARE(result->values, (QStringList{u"brief"_s, u"bullet-points"_s}));
    QCOMPARE(result->total, std::optional<int>(2));
    QVERIFY(!result->hasMore);
    QCOMPARE(complete(session, summarize, u"style"_s, {})->values,
             (QStringList{u"brief"_s, u"detailed"_s, u"bullet-points"_s}));
    QCOMPARE(complete(session, summarize, u"style"_s, u"D"_s)->values, QStringList{u"detailed"_s});
    QCOMPARE(complete(session, summarize, u"text"_s, u"any"_s)->values, QStringList());

    const auto review = CompletionReference::prompt(u"code_review"_s);
    QCOMPARE(complete(session, review, u"language"_s, u"py"_s)->values, QStringList{u"python"_s});
    QCOMPARE(complete(session, review, u"language"_s, u"c"_s)->values, (QStringList{u"c"_s, u"cpp"_s, u"csharp"_s}));
    QCOMPARE(complete(session, review, u"language"_s, u"zz"_s)->values, QStringList());

    const auto greeting = CompletionReference::resourceTemplate(u"demo://greeting/{name}"_s);
    QCOMPARE(complete(session, greeting, u"name"_s, u"a"_s)->values, (QStringList{u"Ada"_s, u"Alan"_s, u"Alice"_s}));

    const auto unknown = complete(session, CompletionReference::prompt(u"nope"_s), u"x"_s, {});
    QCOMPARE(unknown.error().code, int(ErrorCode::InvalidParams));
    const auto unknownTemplate = complete(session, CompletionReference::resourceTemplate(u"demo://x/{y}"_s), u"y"_s, {});
    QCOMPARE(unknownTemplate.error().code, int(ErrorCode::InvalidParams));
}

void tst_McpServer::demoPagination()
{
    // Against a demo started with --page-size 2, listing gathers the same items over several pages.
    const auto unpaged = await<QList<Tool>>([&](QObject *c, auto cb) { m_session->listTools(c, cb); });
    QVERIFY(unpaged.ok());

    auto paged = startDemo({u"--page-size"_s, u"2"_s});
    QVERIFY(paged);
    qsizetype pagesWithCursor = 0;
    QObject guard; // connection context: dies before the locals the slots capture
    connect(paged->transport(), &Transport::messageReceived, &guard, [&pagesWithCursor](const QByteArray &message) {
        if (parseObject(message).value(u"result").toObject().contains(u"nextCursor"))
            ++pagesWithCursor;
    });
    const auto tools = await<QList<Tool>>([&](QObject *c, auto cb) { paged->listTools(c, cb); });
    QVERIFY2(tools.ok(), why(tools).constData());
    QCOMPARE(names(tools.value()), names(unpaged.value()));
    QCOMPARE(pagesWithCursor, (unpaged->size() + 1) / 2 - 1);

    pagesWithCursor = 0;
    const auto resources = await<QList<Resource>>([&](QObject *c, auto cb) { paged->listResources(c, cb); });
    QVERIFY(resources.ok());
    QCOMPARE(resources->size(), 6);
    QCOMPARE(pagesWithCursor, 2);
    QSignalSpy closed(paged.get(), &ClientSession::closed);
    paged->disconnectFromServer();
    QVERIFY(closed.wait(answerTimeoutMs));
}

void tst_McpServer::demoExitsWhenStdinCloses()
{
    ClientSession &session = *m_session;
    QStringList stderrLines;
    QObject guard; // connection context: dies before the locals the slots capture
    connect(&session, &ClientSession::diagnosticLine, &guard, [&stderrLines](const QString &l) { stderrLines.append(l); });
    QSignalSpy closed(&session, &ClientSession::closed);
    QElapsedTimer timer;
    timer.start();
    session.disconnectFromServer();
    QVERIFY(closed.wait(answerTimeoutMs));
    // Well before StdioTransport's terminate step (2 s): the server left on its own.
    QVERIFY2(timer.elapsed() < 1500, qPrintable(QString::number(timer.elapsed())));
    QVERIFY2(stderrLines.contains(u"toolgate-demo-server: the client closed stdin; exiting"_s),
             qPrintable(stderrLines.join(u'\n')));
    m_session.reset();
}

// ---- in process -------------------------------------------------------------------------------

void tst_McpServer::versionNegotiation_data()
{
    QTest::addColumn<QString>("requested");
    QTest::addColumn<QString>("answered");
    for (const QString &version : ProtocolVersion::supportedLegacy())
        QTest::newRow(qPrintable(version)) << version << version;
    QTest::newRow("unknown old") << u"2023-01-01"_s << u"2025-11-25"_s;
    QTest::newRow("unknown new") << u"2099-12-31"_s << u"2025-11-25"_s;
    QTest::newRow("modern") << QString(ProtocolVersion::modern) << u"2025-11-25"_s;
}

void tst_McpServer::versionNegotiation()
{
    QFETCH(QString, requested);
    QFETCH(QString, answered);
    RawClient client;
    QSignalSpy initialized(client.server.get(), &McpServer::initialized);
    const auto result = client.initialize(requested);
    QVERIFY2(result.ok(), why(result).constData());
    const QJsonObject init = result.value().toObject();
    QCOMPARE(init.value(u"protocolVersion").toString(), answered);
    QCOMPARE(init.value(u"serverInfo").toObject().value(u"name").toString(), u"test-server"_s);
    QCOMPARE(init.value(u"instructions").toString(), u"be nice"_s);
    QCOMPARE(client.server->protocolVersion(), answered);
    QCOMPARE(client.server->clientInfo().name, u"raw"_s);
    QCOMPARE(initialized.size(), 1);
    QVERIFY(client.server->isInitialized());
}

void tst_McpServer::capabilitiesFollowRegistrations()
{
    {
        RawClient client;
        const auto result = client.initialize();
        QVERIFY(result.ok());
        // Nothing registered: only logging, which needs nothing.
        QCOMPARE(compact(result.value().toObject().value(u"capabilities").toObject()), QByteArray(R"({"logging":{}})"));
    }
    RawClient client;
    QVERIFY(client.server->addTool(simpleTool(u"t"_s), [](const ToolCallContext &c) { c.respond({}); }).ok());
    ResourceTemplate t;
    t.uriTemplate = u"x://{id}"_s;
    t.name = u"x"_s;
    QVERIFY(client.server->addResourceTemplate(t, [](const QString &, const QMap<QString, QString> &) {
        return Result<ReadResourceResult>(ReadResourceResult());
    }).ok());
    Prompt p;
    p.name = u"p"_s;
    QVERIFY(client.server->addPrompt(p, [](const QMap<QString, QString> &) { return Result<GetPromptResult>(GetPromptResult()); }).ok());
    client.server->setCompletionHandler([](const CompletionRequest &) { return Result<CompleteResult>(CompleteResult()); });
    const auto result = client.initialize();
    QVERIFY(result.ok());
    QCOMPARE(compact(result.value().toObject().value(u"capabilities").toObject()),
             QByteArray(R"({"completions":{},"logging":{},"prompts":{"listChanged":true},)"
                        R"("resources":{"listChanged":true,"subscribe":true},"tools":{"listChanged":true}})"));
}

void tst_McpServer::requestsBeforeInitialize()
{
    RawClient client;
    QVERIFY(client.server->addTool(simpleTool(u"t"_s), [](const ToolCallContext &c) { c.respond({}); }).ok());
    QVERIFY(client.request(u"ping"_s).ok());
    const auto early = client.request(u"tools/list"_s);
    QVERIFY(!early.ok());
    QCOMPARE(early.error().code, int(ErrorCode::InvalidRequest));
    QVERIFY(early.error().message.contains(u"initialize"));
    QVERIFY(client.initialize(u"2025-11-25"_s, false).ok());
    // After the initialize response, requests are served even before notifications/initialized.
    QVERIFY(client.request(u"tools/list"_s).ok());
    QCOMPARE(client.request(u"no/such/method"_s).error().code, int(ErrorCode::MethodNotFound));
}

void tst_McpServer::initializeTwice()
{
    RawClient client;
    QVERIFY(client.initialize().ok());
    const auto again = client.initialize();
    QVERIFY(!again.ok());
    QCOMPARE(again.error().code, int(ErrorCode::InvalidRequest));
    const auto noVersion = RawClient().request(u"initialize"_s, {{u"capabilities"_s, QJsonObject()}});
    QCOMPARE(noVersion.error().code, int(ErrorCode::InvalidParams));
}

void tst_McpServer::pagination()
{
    RawClient client;
    client.server->setPageSize(2);
    QCOMPARE(client.server->pageSize(), 2);
    for (const QString &name : {u"a"_s, u"b"_s, u"c"_s, u"d"_s, u"e"_s})
        QVERIFY(client.server->addTool(simpleTool(name), [](const ToolCallContext &c) { c.respond({}); }).ok());
    QVERIFY(client.initialize().ok());

    QStringList seen;
    QJsonObject params;
    int pages = 0;
    for (;;) {
        const auto page = client.request(u"tools/list"_s, params);
        QVERIFY2(page.ok(), why(page).constData());
        const QJsonObject object = page.value().toObject();
        const QJsonArray tools = object.value(u"tools").toArray();
        QCOMPARE(tools.size(), pages < 2 ? 2 : 1);
        for (const QJsonValue &tool : tools)
            seen.append(tool.toObject().value(u"name").toString());
        ++pages;
        if (!object.contains(u"nextCursor"))
            break;
        QVERIFY(object.value(u"nextCursor").isString());
        params = {{u"cursor"_s, object.value(u"nextCursor")}};
        QVERIFY(pages < 10);
    }
    QCOMPARE(pages, 3);
    QCOMPARE(seen, (QStringList{u"a"_s, u"b"_s, u"c"_s, u"d"_s, u"e"_s}));

    for (const QJsonValue &bad : {QJsonValue(u"garbage!"_s), QJsonValue(42), QJsonValue(u"b2Zmc2V0Oi0x"_s) /* offset:-1 */}) {
        const auto rejected = client.request(u"tools/list"_s, {{u"cursor"_s, bad}});
        QVERIFY(!rejected.ok());
        QCOMPARE(rejected.error().code, int(ErrorCode::InvalidParams));
    }

    // Page size 0 means one page.
    client.server->setPageSize(0);
    const auto all = client.request(u"tools/list"_s);
    QCOMPARE(all.value().toObject().value(u"tools").toArray().size(), 5);
    QVERIFY(!all.value().toObject().contains(u"nextCursor"));
}

void tst_McpServer::paginationThroughClientSession()
{
    auto [clientEnd, serverEnd] = LoopbackTransport::createPair();
    LoopbackTransport *clientTransport = clientEnd.get();
    McpServer server(serverEnd.get(), {u"paged"_s, {}, u"1"_s});
    server.setPageSize(3);
    QStringList expected;
    for (int i = 0; i < 10; ++i) {
        expected.append(u"tool_%1"_s.arg(i));
        QVERIFY(server.addTool(simpleTool(expected.last()), [](const ToolCallContext &c) { c.respond({}); }).ok());
        Prompt prompt;
        prompt.name = u"prompt_%1"_s.arg(i);
        QVERIFY(server.addPrompt(prompt, [](const QMap<QString, QString> &) { return Result<GetPromptResult>(GetPromptResult()); }).ok());
    }
    server.start();
    ClientSession session(std::move(clientEnd), ClientSession::Options{});
    QSignalSpy ready(&session, &ClientSession::ready);
    session.connectToServer();
    QVERIFY(ready.wait(answerTimeoutMs));

    const auto tools = await<QList<Tool>>([&](QObject *c, auto cb) { session.listTools(c, cb); });
    QVERIFY2(tools.ok(), why(tools).constData());
    QCOMPARE(names(tools.value()), expected);
    const auto prompts = await<QList<Prompt>>([&](QObject *c, auto cb) { session.listPrompts(c, cb); });
    QVERIFY(prompts.ok());
    QCOMPARE(prompts->size(), 10);
    qsizetype listRequests = 0;
    for (const QByteArray &message : std::as_const(clientTransport->sent)) {
        if (parseObject(message).value(u"method").toString() == u"tools/list")
            ++listRequests;
    }
    QCOMPARE(listRequests, 4); // 3 + 3 + 3 + 1
}

void tst_McpServer::listChangedOnlyAfterInitializedAndCoalesced()
{
    RawClient client;
    QVERIFY(client.server->addTool(simpleTool(u"first"_s), [](const ToolCallContext &c) { c.respond({}); }).ok());
    Resource r;
    r.uri = u"x://r"_s;
    r.name = u"r"_s;
    QVERIFY(client.server->addResource(r, [](const QString &) { return Result<ReadResourceResult>(ReadResourceResult()); }).ok());
    QVERIFY(client.initialize(u"2025-11-25"_s, false).ok());
    // Not initialized yet: a change is not announced.
    QVERIFY(client.server->addTool(simpleTool(u"early"_s), [](const ToolCallContext &c) { c.respond({}); }).ok());
    client.settle();
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/tools/list_changed"_s), 0);

    client.peer->sendNotification(u"notifications/initialized"_s);
    QTRY_VERIFY(client.server->isInitialized());
    // A burst of changes is announced once.
    for (const QString &name : {u"x"_s, u"y"_s, u"z"_s})
        QVERIFY(client.server->addTool(simpleTool(name), [](const ToolCallContext &c) { c.respond({}); }).ok());
    QVERIFY(client.server->removeTool(u"x"_s));
    QVERIFY(!client.server->removeTool(u"x"_s));
    client.settle();
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/tools/list_changed"_s), 1);
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/resources/list_changed"_s), 0);
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/prompts/list_changed"_s), 0);

    QVERIFY(client.server->removeResource(u"x://r"_s));
    client.settle();
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/resources/list_changed"_s), 1);
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/tools/list_changed"_s), 1);

    // Prompts were not advertised (none at initialize), so their changes are not announced.
    Prompt p;
    p.name = u"late"_s;
    QVERIFY(client.server->addPrompt(p, [](const QMap<QString, QString> &) { return Result<GetPromptResult>(GetPromptResult()); }).ok());
    client.settle();
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/prompts/list_changed"_s), 0);
    QCOMPARE(client.server->tools().size(), 4); // first, early, y, z
}

void tst_McpServer::toolAnsweredExactlyOnce()
{
    RawClient client;
    QVERIFY(client.server->addTool(simpleTool(u"twice"_s), [](const ToolCallContext &call) {
        QVERIFY(!call.isFinished());
        call.respond(textResult(u"first"_s));
        QVERIFY(call.isFinished());
        call.respond(textResult(u"second"_s));
        call.fail(makeError(ErrorCode::InternalError, u"third"_s));
    }).ok());
    QVERIFY(client.initialize().ok());
    static const QRegularExpression extraAnswer(u"^tool twice answered call 2 more than once"_s);
    QTest::ignoreMessage(QtWarningMsg, extraAnswer);
    QTest::ignoreMessage(QtWarningMsg, extraAnswer);
    const auto result = client.request(u"tools/call"_s, {{u"name"_s, u"twice"_s}});
    QVERIFY(result.ok());
    QCOMPARE(CallToolResult::fromJson(result.value().toObject()).textSummary(), u"first"_s);
    client.settle();
    qsizetype responses = 0;
    for (const QByteArray &message : std::as_const(client.serverEnd->sent)) {
        if (!parseObject(message).contains(u"method"))
            ++responses;
    }
    QCOMPARE(responses, 3); // initialize, tools/call, ping: one answer each
}

void tst_McpServer::toolDroppedWithoutAnswer()
{
    RawClient client;
    QVERIFY(client.server->addTool(simpleTool(u"forgetful"_s), [](const ToolCallContext &) {}).ok());
    QVERIFY(client.server->addTool(simpleTool(u"failing"_s), [](const ToolCallContext &call) {
        call.fail(makeError(ErrorCode::InvalidParams, u"no way"_s));
    }).ok());
    QVERIFY(client.initialize().ok());
    QTest::ignoreMessage(QtWarningMsg, "tool forgetful dropped call 2 without answering");
    const auto dropped = client.request(u"tools/call"_s, {{u"name"_s, u"forgetful"_s}});
    QVERIFY(!dropped.ok());
    QCOMPARE(dropped.error().code, int(ErrorCode::InternalError));
    QVERIFY(dropped.error().message.contains(u"forgetful"));
    const auto failed = client.request(u"tools/call"_s, {{u"name"_s, u"failing"_s}});
    QCOMPARE(failed.error().code, int(ErrorCode::InvalidParams));
    QCOMPARE(failed.error().message, u"no way"_s);
    const auto badArguments = client.request(u"tools/call"_s, {{u"name"_s, u"failing"_s}, {u"arguments"_s, 5}});
    QCOMPARE(badArguments.error().code, int(ErrorCode::InvalidParams));
    QVERIFY(badArguments.error().message.contains(u"arguments"));
    const auto noName = client.request(u"tools/call"_s);
    QCOMPARE(noName.error().code, int(ErrorCode::InvalidParams));
}

void tst_McpServer::toolAnswersAsynchronously()
{
    RawClient client;
    QJsonObject seenArguments;
    QVERIFY(client.server->addTool(simpleTool(u"later"_s), [&seenArguments](const ToolCallContext &call) {
        seenArguments = call.arguments();
        QCOMPARE(call.toolName(), u"later"_s);
        QVERIFY(call.requestId().isValid());
        QTimer::singleShot(30, call.scope(), [call] { call.respond(textResult(u"done later"_s)); });
    }).ok());
    QVERIFY(client.initialize().ok());
    const auto result = client.request(u"tools/call"_s, {{u"name"_s, u"later"_s}, {u"arguments"_s, QJsonObject{{u"k"_s, 1}}}});
    QVERIFY2(result.ok(), why(result).constData());
    QCOMPARE(CallToolResult::fromJson(result.value().toObject()).textSummary(), u"done later"_s);
    QCOMPARE(compact(seenArguments), QByteArray(R"({"k":1})"));
}

void tst_McpServer::toolCancellation()
{
    RawClient client;
    ToolCallContext kept;
    QPointer<QObject> scope;
    int cancelledCallbacks = 0;
    QVERIFY(client.server->addTool(simpleTool(u"forever"_s), [&](const ToolCallContext &call) {
        kept = call;
        scope = call.scope();
        call.onCancelled([&cancelledCallbacks] { ++cancelledCallbacks; });
    }).ok());
    QVERIFY(client.initialize().ok());

    std::optional<Result<QJsonValue>> answer;
    const RequestId id = client.peer->sendRequest(u"tools/call"_s, {{u"name"_s, u"forever"_s}, {u"_meta"_s, QJsonObject{{u"progressToken"_s, 1}}}},
                                                  &client.context, [&answer](const Result<QJsonValue> &r) { answer = r; });
    QTRY_VERIFY(scope);
    QVERIFY(!kept.isCancelled());
    QVERIFY(client.peer->cancel(id, u"bored"_s));
    QTRY_VERIFY(kept.isCancelled());
    QCOMPARE(cancelledCallbacks, 1);
    QVERIFY(kept.isFinished());
    QTRY_VERIFY(!scope); // deleted, taking any timers of the handler with it
    // A callback added after cancellation runs at once.
    kept.onCancelled([&cancelledCallbacks] { ++cancelledCallbacks; });
    QCOMPARE(cancelledCallbacks, 2);

    // Whatever the handler does now goes nowhere.
    const qsizetype before = client.serverEnd->sent.size();
    kept.reportProgress(1, 2, u"still here"_s);
    kept.log(LoggingLevel::Emergency, u"nobody hears this"_s);
    kept.respond(textResult(u"too late"_s));
    kept = ToolCallContext();
    client.settle();
    QCOMPARE(client.serverEnd->sent.size(), before + 1); // the ping response only
}

void tst_McpServer::progressNeedsTokenAndMustIncrease()
{
    RawClient client;
    QVERIFY(client.server->addTool(simpleTool(u"progress"_s), [](const ToolCallContext &call) {
        call.reportProgress(1, 3, u"one"_s);
        call.reportProgress(2);
        call.reportProgress(2, 3, u"not increasing: dropped"_s);
        call.reportProgress(1.5, 3, u"going back: dropped"_s);
        call.reportProgress(3, 3);
        call.respond(textResult(call.wantsProgress() ? u"with"_s : u"without"_s));
    }).ok());
    QVERIFY(client.initialize().ok());

    auto result = client.request(u"tools/call"_s, {{u"name"_s, u"progress"_s}});
    QCOMPARE(CallToolResult::fromJson(result.value().toObject()).textSummary(), u"without"_s);
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/progress"_s), 0);

    // The two reports that do not increase are dropped, with a warning each.
    QTest::ignoreMessage(QtWarningMsg, "tool progress reported progress 2 after 2; progress must increase, so it was not sent");
    QTest::ignoreMessage(QtWarningMsg, "tool progress reported progress 1.5 after 2; progress must increase, so it was not sent");
    result = client.request(u"tools/call"_s, {{u"name"_s, u"progress"_s}, {u"_meta"_s, QJsonObject{{u"progressToken"_s, u"tok"_s}}}});
    QCOMPARE(CallToolResult::fromJson(result.value().toObject()).textSummary(), u"with"_s);
    QList<QJsonObject> progress;
    for (const QByteArray &message : std::as_const(client.clientEnd->received)) {
        const QJsonObject object = parseObject(message);
        if (object.value(u"method").toString() == u"notifications/progress")
            progress.append(object.value(u"params").toObject());
    }
    QCOMPARE(progress.size(), 3);
    QCOMPARE(compact(progress.at(0)), QByteArray(R"({"message":"one","progress":1,"progressToken":"tok","total":3})"));
    QCOMPARE(compact(progress.at(1)), QByteArray(R"({"progress":2,"progressToken":"tok"})"));
    QCOMPARE(compact(progress.at(2)), QByteArray(R"({"progress":3,"progressToken":"tok","total":3})"));

    // A numeric token comes back as the same number.
    static const QRegularExpression notIncreasing(u"^tool progress reported progress .* progress must increase"_s);
    QTest::ignoreMessage(QtWarningMsg, notIncreasing);
    QTest::ignoreMessage(QtWarningMsg, notIncreasing);
    result = client.request(u"tools/call"_s, {{u"name"_s, u"progress"_s}, {u"_meta"_s, QJsonObject{{u"progressToken"_s, 77}}}});
    QVERIFY(result.ok());
    QCOMPARE(parseObject(client.clientEnd->received.at(client.clientEnd->received.size() - 2))
                 .value(u"params").toObject().value(u"progressToken"), QJsonValue(77));
}

void tst_McpServer::loggingHonoursSetLevel()
{
    RawClient client;
    client.server->log(LoggingLevel::Emergency, u"before initialize: not sent"_s);
    QVERIFY(client.initialize().ok());
    QVERIFY(!client.server->clientLogLevel());
    client.server->log(LoggingLevel::Debug, u"d"_s, u"core"_s);
    client.settle();
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/message"_s), 1);
    const QJsonObject first = parseObject(client.clientEnd->received.at(client.clientEnd->received.size() - 2));
    QCOMPARE(compact(first.value(u"params").toObject()), QByteArray(R"({"data":"d","level":"debug","logger":"core"})"));

    QVERIFY(client.request(u"logging/setLevel"_s, {{u"level"_s, u"error"_s}}).ok());
    QVERIFY(client.server->clientLogLevel() == LoggingLevel::Error);
    client.server->log(LoggingLevel::Warning, u"w"_s);
    client.server->log(LoggingLevel::Error, u"e"_s);
    client.server->log(LoggingLevel::Alert, QJsonObject{{u"a"_s, 1}});
    client.settle();
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/message"_s), 3);

    const auto bad = client.request(u"logging/setLevel"_s, {{u"level"_s, u"loud"_s}});
    QCOMPARE(bad.error().code, int(ErrorCode::InvalidParams));
    QVERIFY(client.server->clientLogLevel() == LoggingLevel::Error);
}

void tst_McpServer::legacyClientGetsNoNewerFields()
{
    RawClient client;
    Tool tool = simpleTool(u"structured"_s);
    tool.outputSchema = QJsonObject{{u"type"_s, u"object"_s}};
    Icon icon;
    icon.src = u"https://example.org/i.png"_s;
    tool.icons.append(icon);
    // The same tool for a client of each protocol version: its result has structured content.
    const auto structured = [](const ToolCallContext &call) {
        CallToolResult result = textResult(u"{\"v\":1}"_s);
        result.structuredContent = QJsonObject{{u"v"_s, 1}};
        call.respond(result);
    };
    QVERIFY(client.server->addTool(tool, structured).ok());
    QVERIFY(client.initialize(u"2025-03-26"_s).ok());
    const QJsonObject listed = client.request(u"tools/list"_s).value().toObject().value(u"tools").toArray().first().toObject();
    QVERIFY(!listed.contains(u"outputSchema"));
    QVERIFY(!listed.contains(u"title"));
    QVERIFY(!listed.contains(u"icons"));
    QCOMPARE(listed.value(u"description").toString(), u"A test tool."_s);
    const QJsonObject called = client.request(u"tools/call"_s, {{u"name"_s, u"structured"_s}}).value().toObject();
    QVERIFY(!called.contains(u"structuredContent"));
    QCOMPARE(called.value(u"content").toArray().size(), 1);

    RawClient modern;
    QVERIFY(modern.server->addTool(tool, structured).ok());
    QVERIFY(modern.initialize(u"2025-11-25"_s).ok());
    const QJsonObject full = modern.request(u"tools/list"_s).value().toObject().value(u"tools").toArray().first().toObject();
    QVERIFY(full.contains(u"outputSchema") && full.contains(u"title") && full.contains(u"icons"));
    QVERIFY(modern.request(u"tools/call"_s, {{u"name"_s, u"structured"_s}}).value().toObject().contains(u"structuredContent"));
}

void tst_McpServer::resourceErrors()
{
    RawClient client;
    Resource r;
    r.uri = u"x://failing"_s;
    r.name = u"failing"_s;
    r.mimeType = u"text/plain"_s;
    const auto readFails = [](const QString &) -> Result<ReadResourceResult> {
        return makeError(ErrorCode::InternalError, u"disk on fire"_s);
    };
    QVERIFY(client.server->addResource(r, readFails).ok());
    Resource ok = r;
    ok.uri = u"x://ok"_s;
    // The handler leaves uri and mimeType out, for the server to fill in.
    const auto readOk = [](const QString &) -> Result<ReadResourceResult> {
        ReadResourceResult result;
        ResourceContents contents;
        contents.text = u"fine"_s;
        result.contents.append(contents);
        return result;
    };
    QVERIFY(client.server->addResource(ok, readOk).ok());
    QVERIFY(client.initialize().ok());
    const auto failed = client.request(u"resources/read"_s, {{u"uri"_s, u"x://failing"_s}});
    QCOMPARE(failed.error().code, int(ErrorCode::InternalError));
    QCOMPARE(failed.error().message, u"disk on fire"_s);
    const auto read = client.request(u"resources/read"_s, {{u"uri"_s, u"x://ok"_s}});
    // (Not a raw string literal: moc would read the "//" inside it as a comment.)
    const QByteArray expected = "{\"contents\":[{\"mimeType\":\"text/plain\",\"text\":\"fine\",\"uri\":\"x://ok\"}]}";
    QCOMPARE(compact(read.value().toObject()), expected);
    QCOMPARE(client.request(u"resources/read"_s).error().code, int(ErrorCode::InvalidParams));
    QCOMPARE(client.request(u"resources/read"_s, {{u"uri"_s, u"x://missing"_s}}).error().code,
             int(ErrorCode::ResourceNotFoundLegacy));
}

void tst_McpServer::promptArgumentChecks()
{
    RawClient client;
    Prompt p;
    p.name = u"p"_s;
    p.arguments = {PromptArgument{u"needed"_s, {}, {}, true}, PromptArgument{u"optional"_s, {}, {}, false}};
    QMap<QString, QString> seen;
    const auto render = [&seen](const QMap<QString, QString> &arguments) -> Result<GetPromptResult> {
        seen = arguments;
        GetPromptResult result;
        result.messages.append(PromptMessage{u"user"_s, Content::makeText(arguments.value(u"needed"_s))});
        return result;
    };
    QVERIFY(client.server->addPrompt(p, render).ok());
    QVERIFY(client.initialize().ok());
    QCOMPARE(client.request(u"prompts/get"_s, {{u"name"_s, u"p"_s}}).error().code, int(ErrorCode::InvalidParams));
    QCOMPARE(client.request(u"prompts/get"_s, {{u"name"_s, u"p"_s}, {u"arguments"_s, QJsonObject{{u"needed"_s, 3}}}}).error().code,
             int(ErrorCode::InvalidParams));
    const auto got = client.request(u"prompts/get"_s, {{u"name"_s, u"p"_s}, {u"arguments"_s, QJsonObject{{u"needed"_s, u"yes"_s}}}});
    QVERIFY2(got.ok(), why(got).constData());
    QCOMPARE(seen, (QMap<QString, QString>{{u"needed"_s, u"yes"_s}}));
    QCOMPARE(GetPromptResult::fromJson(got.value().toObject()).messages.first().content.text, u"yes"_s);
}

void tst_McpServer::completionCapsValues()
{
    RawClient client;
    Prompt p;
    p.name = u"p"_s;
    QVERIFY(client.server->addPrompt(p, [](const QMap<QString, QString> &) { return Result<GetPromptResult>(GetPromptResult()); }).ok());
    CompletionRequest seen;
    client.server->setCompletionHandler([&seen](const CompletionRequest &request) -> Result<CompleteResult> {
        seen = request;
        CompleteResult result;
        for (int i = 0; i < 150; ++i)
            result.values.append(QString::number(i));
        return result;
    });
    QVERIFY(client.initialize().ok());
    const auto result = client.request(u"completion/complete"_s,
        {{u"ref"_s, QJsonObject{{u"type"_s, u"ref/prompt"_s}, {u"name"_s, u"p"_s}}},
         {u"argument"_s, QJsonObject{{u"name"_s, u"a"_s}, {u"value"_s, u"1"_s}}},
         {u"context"_s, QJsonObject{{u"arguments"_s, QJsonObject{{u"b"_s, u"x"_s}}}}}});
    QVERIFY2(result.ok(), why(result).constData());
    const CompleteResult complete = CompleteResult::fromJson(result.value().toObject());
    QCOMPARE(complete.values.size(), 100);
    QCOMPARE(complete.total, std::optional<int>(150));
    QVERIFY(complete.hasMore);
    QCOMPARE(seen.argumentName, u"a"_s);
    QCOMPARE(seen.value, u"1"_s);
    QCOMPARE(seen.arguments, (QMap<QString, QString>{{u"b"_s, u"x"_s}}));
    QCOMPARE(seen.reference, CompletionReference::prompt(u"p"_s));

    const CompleteResult direct = McpServer::completeFrom({u"Apple"_s, u"apricot"_s, u"banana"_s}, u"AP"_s);
    QCOMPARE(direct.values, (QStringList{u"Apple"_s, u"apricot"_s}));
    QCOMPARE(direct.total, std::optional<int>(2));
    QVERIFY(!direct.hasMore);

    RawClient without;
    QVERIFY(without.initialize().ok());
    QCOMPARE(without.request(u"completion/complete"_s).error().code, int(ErrorCode::MethodNotFound));
}

void tst_McpServer::subscriptionsGateUpdates()
{
    RawClient client;
    Resource r;
    r.uri = u"x://watched"_s;
    r.name = u"watched"_s;
    QVERIFY(client.server->addResource(r, [](const QString &) { return Result<ReadResourceResult>(ReadResourceResult()); }).ok());
    QVERIFY(client.initialize().ok());
    client.server->notifyResourceUpdated(u"x://watched"_s);
    client.settle();
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/resources/updated"_s), 0);

    QVERIFY(client.request(u"resources/subscribe"_s, {{u"uri"_s, u"x://watched"_s}}).ok());
    QVERIFY(client.server->isSubscribed(u"x://watched"_s));
    client.server->notifyResourceUpdated(u"x://watched"_s);
    client.server->notifyResourceUpdated(u"x://other"_s);
    client.settle();
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/resources/updated"_s), 1);

    QVERIFY(client.request(u"resources/unsubscribe"_s, {{u"uri"_s, u"x://watched"_s}}).ok());
    QVERIFY(!client.server->isSubscribed(u"x://watched"_s));
    client.server->notifyResourceUpdated(u"x://watched"_s);
    client.settle();
    QCOMPARE(client.clientEnd->receivedCount(u"notifications/resources/updated"_s), 1);
}

void tst_McpServer::finishedWhenTransportCloses()
{
    RawClient client;
    bool cancelled = false;
    ToolCallContext kept;
    QVERIFY(client.server->addTool(simpleTool(u"slow"_s), [&](const ToolCallContext &call) {
        kept = call;
        call.onCancelled([&cancelled] { cancelled = true; });
    }).ok());
    QVERIFY(client.initialize().ok());
    QSignalSpy finished(client.server.get(), &McpServer::finished);
    client.peer->sendRequest(u"tools/call"_s, {{u"name"_s, u"slow"_s}}, &client.context, [](const Result<QJsonValue> &) {});
    QTRY_VERIFY(kept.requestId().isValid());
    client.clientEnd->close();
    QVERIFY(finished.wait(answerTimeoutMs));
    QCOMPARE(finished.size(), 1);
    QVERIFY(cancelled);
    QVERIFY(kept.isCancelled());
}

void tst_McpServer::registrationValidation()
{
    RawClient client;
    McpServer &server = *client.server;
    const auto noop = [](const ToolCallContext &c) { c.respond({}); };
    QVERIFY(!server.addTool(simpleTool(QString()), noop).ok());
    QVERIFY(!server.addTool(simpleTool(u"has space"_s), noop).ok());
    QVERIFY(!server.addTool(simpleTool(QString(129, u'a')), noop).ok());
    QVERIFY(server.addTool(simpleTool(QString(128, u'a')), noop).ok());
    QVERIFY(server.addTool(simpleTool(u"ns.tool-name_2"_s), noop).ok());
    QVERIFY(!server.addTool(simpleTool(u"nohandler"_s), {}).ok());
    // Re-adding replaces, keeping the position.
    Tool replaced = simpleTool(u"ns.tool-name_2"_s);
    replaced.description = u"replaced"_s;
    QVERIFY(server.addTool(replaced, noop).ok());
    QCOMPARE(server.tools().size(), 2);
    QCOMPARE(server.tools().last().description, u"replaced"_s);
    QVERIFY(server.hasTool(u"ns.tool-name_2"_s));

    ResourceTemplate t;
    t.name = u"t"_s;
    const auto handler = [](const QString &, const QMap<QString, QString> &) { return Result<ReadResourceResult>(ReadResourceResult()); };
    for (const QString &bad : {u""_s, u"x://{+path}"_s, u"x://{a,b}"_s, u"x://{open"_s, u"x://close}"_s, u"x://{a}/{a}"_s}) {
        t.uriTemplate = bad;
        QVERIFY2(!server.addResourceTemplate(t, handler).ok(), qPrintable(bad));
    }
    t.uriTemplate = u"x://{a}/{b}"_s;
    QVERIFY(server.addResourceTemplate(t, handler).ok());
    QVERIFY(server.removeResourceTemplate(u"x://{a}/{b}"_s));
    QVERIFY(!server.removeResourceTemplate(u"x://{a}/{b}"_s));

    Resource r;
    r.uri = u"x://r"_s;
    QVERIFY(!server.addResource(r, [](const QString &) { return Result<ReadResourceResult>(ReadResourceResult()); }).ok()); // no name
    QVERIFY(!server.addPrompt(Prompt(), [](const QMap<QString, QString> &) { return Result<GetPromptResult>(GetPromptResult()); }).ok());
    QVERIFY(!server.removePrompt(u"none"_s));
    QVERIFY(!server.removeResource(u"x://none"_s));
}

void tst_McpServer::uriTemplateMatching_data()
{
    QTest::addColumn<QString>("uriTemplate");
    QTest::addColumn<QString>("uri");
    QTest::addColumn<bool>("matches");
    QTest::addColumn<QVariantMap>("variables");
    QTest::newRow("simple") << u"demo://greeting/{name}"_s << u"demo://greeting/Ada"_s << true
                            << QVariantMap{{u"name"_s, u"Ada"_s}};
    QTest::newRow("percent-decoded") << u"demo://greeting/{name}"_s << u"demo://greeting/J%C3%BCrgen%20K"_s << true
                                     << QVariantMap{{u"name"_s, u"Jürgen K"_s}};
    QTest::newRow("two") << u"db://{table}/rows/{id}"_s << u"db://users/rows/42"_s << true
                         << QVariantMap{{u"table"_s, u"users"_s}, {u"id"_s, u"42"_s}};
    QTest::newRow("literal regex chars") << u"x://a.b+c/{v}"_s << u"x://a.b+c/1"_s << true << QVariantMap{{u"v"_s, u"1"_s}};
    QTest::newRow("literal must match") << u"x://a.b/{v}"_s << u"x://aXb/1"_s << false << QVariantMap();
    QTest::newRow("empty value") << u"demo://greeting/{name}"_s << u"demo://greeting/"_s << false << QVariantMap();
    QTest::newRow("no slash in value") << u"demo://greeting/{name}"_s << u"demo://greeting/a/b"_s << false << QVariantMap();
    QTest::newRow("no query in value") << u"x://{v}"_s << u"x://a?b"_s << false << QVariantMap();
    QTest::newRow("prefix only") << u"x://{v}/end"_s << u"x://a/end/more"_s << false << QVariantMap();
    QTest::newRow("no variables") << u"x://fixed"_s << u"x://fixed"_s << true << QVariantMap();
    QTest::newRow("unsupported operator") << u"x://{+v}"_s << u"x://a"_s << false << QVariantMap();
}

void tst_McpServer::uriTemplateMatching()
{
    QFETCH(QString, uriTemplate);
    QFETCH(QString, uri);
    QFETCH(bool, matches);
    QFETCH(QVariantMap, variables);
    const auto result = McpServer::matchUriTemplate(uriTemplate, uri);
    QCOMPARE(result.has_value(), matches);
    if (!result)
        return;
    QVariantMap actual;
    for (auto it = result->cbegin(); it != result->cend(); ++it)
        actual.insert(it.key(), it.value());
    QCOMPARE(actual, variables);
}

QTEST_GUILESS_MAIN(tst_McpServer)
#include "tst_mcpserver.moc"
