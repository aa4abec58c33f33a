// Era negotiation (issue 15): EraNegotiator probes a disposable sibling of a stdio server with
// server/discover and reaps it before the real session starts; EraCache keeps the verdict per server
// configuration. Against real child processes: toolgate-fault-server in each of its --on-discover modes
// (a legacy server that answers the probe with an error, garbage, silence, an exit or an empty result,
// and stays a correct legacy server afterwards) and the TypeScript SDK v2 peer in its modern and dual modes.

#include "npmpeers.h"
#include "postedevents.h"
#include "testtable.h"
#include "toolcallkeyfortests.h"

#include "core/client/clientsession.h"
#include "core/client/eranegotiator.h"
#include "core/transport/stdiotransport.h"
#include "core/workspace/eracache.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconnection.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QLockFile>
#include <QPointer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <cerrno>

using namespace Toolgate;
using namespace Qt::StringLiterals;

#define AWAIT_OK(var, T, call) TOOLGATE_AWAIT_OK(var, T, 15000, call)

namespace {

QString faultServer()
{
    return TestSupport::binDir() + u"/toolgate-fault-server"_s;
}

QString modernPeer()
{
    return TestSupport::npmDir() + u"/peers/modern-server.mjs"_s;
}

QList<qint64> pidsIn(const QString &path)
{
    QFile file(path);
    QList<qint64> pids;
    if (!file.open(QIODevice::ReadOnly))
        return pids;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (!line.trimmed().isEmpty())
            pids.append(line.trimmed().toLongLong());
    }
    return pids;
}

bool processRuns(qint64 pid)
{
    return ::kill(pid_t(pid), 0) == 0 || errno != ESRCH;
}

/// Runs a negotiator to its verdict; fails the test when none comes.
std::optional<EraVerdict> negotiate(EraNegotiator &negotiator, int timeoutMs = 20000)
{
    QSignalSpy decided(&negotiator, &EraNegotiator::decided);
    negotiator.start();
    if (!decided.wait(timeoutMs))
        return std::nullopt;
    // The verdict comes once the probe's copy is reaped: only what is queued could still follow.
    if (!TestSupport::deliverPostedEvents())
        return std::nullopt;
    if (decided.count() != 1) // exactly once
        return std::nullopt;
    return decided.first().first().value<EraVerdict>();
}

EraNegotiator::Options probeOptions(std::chrono::milliseconds timeout = std::chrono::seconds(10))
{
    EraNegotiator::Options options;
    options.probeTimeout = timeout;
    options.clientInfo = Implementation{u"toolgate-test"_s, {}, u"1"_s, {}, {}, {}};
    return options;
}

bool connectAndWait(ClientSession &session)
{
    QSignalSpy ready(&session, &ClientSession::ready);
    QSignalSpy failed(&session, &ClientSession::failed);
    session.connectToServer();
    QDeadlineTimer deadline(20000);
    while (ready.isEmpty() && failed.isEmpty() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    return !ready.isEmpty();
}

void closeAndWait(ClientSession &session)
{
    QSignalSpy closed(&session, &ClientSession::closed);
    session.disconnectFromServer();
    if (closed.isEmpty() && session.state() != ClientSession::State::Closed)
        closed.wait(5000);
}

} // namespace

class tst_EraNegotiation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void legacyServerStaysUsable_data();
    void legacyServerStaysUsable();
    void modernServer_data();
    void modernServer();
    void modernOnlyAgainstLegacy();
    void programNotFound();
    void destroyedWhileProbing();
    void stubbornSiblingIsReapedFirst();

    void connectionProbesOncePerConfiguration();
    void connectionToModernPeer();
    void staleLegacyVerdictCorrectsItself();
    void staleModernVerdictFallsBack();
    void autoWithoutCacheReachesModernOnly();
    void legacySettingAgainstModernOnly();

    void cacheRoundTrip();
    void twoProcessesKeepEachOthersVerdicts();
    void cacheKeyFollowsTheConfig();
    void cacheStoresNoSecret();
    void cacheSurvivesABrokenFile();
};

void tst_EraNegotiation::initTestCase()
{
    QVERIFY2(QFileInfo(faultServer()).isExecutable(), qPrintable(faultServer()));
    const QString missing = TestSupport::missingNpmPeers();
    if (!missing.isEmpty())
        QFAIL(qPrintable(missing));
}

void tst_EraNegotiation::legacyServerStaysUsable_data()
{
    TestSupport::addColumns<QString, QString>("mode", "how");
    QTest::addRow("method not found") << QString() << u"probe -32601"_s;
    QTest::addRow("invalid request") << u"error-32600"_s << u"probe -32600"_s;
    QTest::addRow("invalid params") << u"error-32602"_s << u"probe -32602"_s;
    QTest::addRow("session not found (-32001)") << u"error-32001"_s << u"probe -32001"_s;
    QTest::addRow("missing capability (-32021)") << u"error-32021"_s << u"probe -32021"_s;
    QTest::addRow("garbage") << u"garbage"_s << u"probe garbage"_s;
    QTest::addRow("empty result") << u"garbage-result"_s << u"probe result unusable"_s;
    QTest::addRow("exit") << u"exit"_s << u"probe closed"_s;
    QTest::addRow("hang") << u"hang"_s << u"probe timeout"_s;
}

void tst_EraNegotiation::legacyServerStaysUsable()
{
    QFETCH(QString, mode);
    QFETCH(QString, how);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pids = dir.filePath(u"pids"_s);
    StdioLaunchSpec spec;
    spec.program = faultServer();
    if (!mode.isEmpty())
        spec.arguments = {u"--on-discover"_s, mode};
    spec.environment.insert(u"FAULT_SERVER_PIDS"_s, pids);

    // The probe: a sibling, reaped before the verdict is announced.
    EraNegotiator negotiator(spec, probeOptions(std::chrono::milliseconds(1500)));
    std::optional<bool> siblingRanAtVerdict;
    connect(&negotiator, &EraNegotiator::decided, this, [&] {
        const QList<qint64> started = pidsIn(pids);
        siblingRanAtVerdict = started.size() != 1 || processRuns(started.first());
    });
    QElapsedTimer clock;
    clock.start();
    const std::optional<EraVerdict> verdict = negotiate(negotiator);
    QVERIFY2(verdict.has_value(), "no verdict, or more than one");
    QCOMPARE(verdict->kind, EraVerdict::Kind::Legacy);
    QCOMPARE(verdict->how, how);
    const QList<qint64> siblings = pidsIn(pids);
    QCOMPARE(siblings.size(), 1);
    QCOMPARE(siblingRanAtVerdict, std::optional<bool>(false));
    qInfo("%s: verdict after %lld ms (probe %lld ms)", qPrintable(mode.isEmpty() ? u"-32601"_s : mode),
          clock.elapsed(), negotiator.probeMs());

    // The real session, in the decided era: one more process, and no call lost.
    ClientSession session(std::make_unique<StdioTransport>(spec), ClientSession::Options());
    QVERIFY2(connectAndWait(session), qPrintable(session.lastError().message));
    QCOMPARE(session.era(), ProtocolEra::Legacy);
    AWAIT_OK(echo, CallToolResult,
             session.callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"after the probe"_s}}, {}, c, cb));
    QCOMPARE(echo.textSummary(), u"after the probe"_s);
    QCOMPARE(pidsIn(pids).size(), 2);
    closeAndWait(session);
}

void tst_EraNegotiation::modernServer_data()
{
    QTest::addColumn<QString>("era");
    QTest::addRow("modern-only") << u"modern"_s;
    QTest::addRow("dual-era") << u"dual"_s;
}

void tst_EraNegotiation::modernServer()
{
    QFETCH(QString, era);
    const StdioLaunchSpec spec{TestSupport::nodeBinary(), {modernPeer(), u"--transport"_s, u"stdio"_s, u"--era"_s, era}, {}, {}, false};
    EraNegotiator negotiator(spec, probeOptions());
    QElapsedTimer clock;
    clock.start();
    const std::optional<EraVerdict> verdict = negotiate(negotiator);
    QVERIFY2(verdict.has_value(), "no verdict, or more than one");
    QCOMPARE(verdict->kind, EraVerdict::Kind::Modern);
    QCOMPARE(verdict->version, u"2026-07-28"_s);
    QCOMPARE(verdict->how, u"probe result"_s);
    QCOMPARE(verdict->discover.serverInfo.name, u"toolgate-modern-peer"_s);
    qInfo("node peer --era %s: verdict after %lld ms (probe %lld ms)", qPrintable(era), clock.elapsed(), negotiator.probeMs());

    ClientSession::Options options;
    options.era = ClientSession::EraMode::Modern;
    ClientSession session(std::make_unique<StdioTransport>(spec), options);
    QVERIFY2(connectAndWait(session), qPrintable(session.lastError().message));
    QCOMPARE(session.era(), ProtocolEra::Modern);
    AWAIT_OK(echo, CallToolResult,
             session.callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"modern"_s}}, {}, c, cb));
    QCOMPARE(echo.textSummary(), u"modern"_s);
    closeAndWait(session);
}

void tst_EraNegotiation::modernOnlyAgainstLegacy()
{
    StdioLaunchSpec spec;
    spec.program = faultServer();
    EraNegotiator::Options options = probeOptions();
    options.mayFallBack = false;
    EraNegotiator negotiator(spec, options);
    const std::optional<EraVerdict> verdict = negotiate(negotiator);
    QVERIFY(verdict.has_value());
    QCOMPARE(verdict->kind, EraVerdict::Kind::Error);
    QVERIFY2(verdict->error.message.contains(u"does not speak MCP 2026-07-28"_s), qPrintable(verdict->error.message));
}

void tst_EraNegotiation::programNotFound()
{
    // The probe has nothing to say about a program that does not start; the session's own start will
    // report it. What matters: one verdict, promptly.
    StdioLaunchSpec spec;
    spec.program = u"/nonexistent/toolgate-no-such-server"_s;
    EraNegotiator negotiator(spec, probeOptions());
    QElapsedTimer clock;
    clock.start();
    const std::optional<EraVerdict> verdict = negotiate(negotiator, 5000);
    QVERIFY(verdict.has_value());
    QCOMPARE(verdict->kind, EraVerdict::Kind::Legacy);
    QVERIFY(clock.elapsed() < 3000);
}

void tst_EraNegotiation::destroyedWhileProbing()
{
    // stop() while probing: deleting the negotiator kills the sibling and says nothing.
    QTemporaryDir dir;
    const QString pids = dir.filePath(u"pids"_s);
    StdioLaunchSpec spec;
    spec.program = faultServer();
    spec.arguments = {u"--on-discover"_s, u"hang"_s, u"--ignore-stdin-eof"_s};
    spec.environment.insert(u"FAULT_SERVER_PIDS"_s, pids);
    auto negotiator = std::make_unique<EraNegotiator>(spec, probeOptions());
    QSignalSpy decided(negotiator.get(), &EraNegotiator::decided);
    negotiator->start();
    QTRY_COMPARE_WITH_TIMEOUT(pidsIn(pids).size(), 1, 5000);
    const qint64 pid = pidsIn(pids).first();
    QVERIFY(processRuns(pid));
    negotiator.reset();
    QTRY_VERIFY_WITH_TIMEOUT(!processRuns(pid), 5000);
    QCOMPARE(decided.count(), 0);
}

void tst_EraNegotiation::stubbornSiblingIsReapedFirst()
{
    // A legacy server that keeps running when its stdin closes is terminated; the verdict waits for it,
    // so the sibling and the real server never run together.
    QTemporaryDir dir;
    const QString pids = dir.filePath(u"pids"_s);
    StdioLaunchSpec spec;
    spec.program = faultServer();
    spec.arguments = {u"--ignore-stdin-eof"_s};
    spec.environment.insert(u"FAULT_SERVER_PIDS"_s, pids);
    EraNegotiator::Options options = probeOptions();
    options.reapStep = std::chrono::milliseconds(400);
    EraNegotiator negotiator(spec, options);
    std::optional<bool> siblingRanAtVerdict;
    QElapsedTimer clock;
    qint64 msAtVerdict = -1;
    connect(&negotiator, &EraNegotiator::decided, this, [&] {
        msAtVerdict = clock.elapsed();
        const QList<qint64> started = pidsIn(pids);
        siblingRanAtVerdict = started.size() != 1 || processRuns(started.first());
    });
    clock.start();
    const std::optional<EraVerdict> verdict = negotiate(negotiator);
    QVERIFY(verdict.has_value());
    QCOMPARE(verdict->kind, EraVerdict::Kind::Legacy);
    QCOMPARE(siblingRanAtVerdict, std::optional<bool>(false));
    // At the verdict, not after whatever the test did next; one step, which QTimer may end up to 5 % early.
    QVERIFY2(msAtVerdict >= 380, qPrintable(u"the verdict came %1 ms after the start, before the sibling's first reaping step ended"_s.arg(msAtVerdict)));
    QVERIFY(negotiator.probeMs() < 400); // the probe itself was quick: the rest was reaping
}

namespace {

ServerConfig faultConfig(const QString &pids, const QStringList &args = {})
{
    ServerConfig config;
    config.name = u"fault"_s;
    config.command = faultServer();
    config.args = args;
    config.env.insert(u"FAULT_SERVER_PIDS"_s, pids);
    // It notes its starts in a file of the test's folder, which its sandbox (issue 32) must be granted.
    config.sandbox.grants = {{QFileInfo(pids).absolutePath(), true}};
    return config;
}

ServerConfig peerConfig(const QString &era)
{
    ServerConfig config;
    config.name = u"peer"_s;
    config.command = TestSupport::nodeBinary();
    config.args = {modernPeer(), u"--transport"_s, u"stdio"_s, u"--era"_s, era};
    return config;
}

/// Starts connection and waits until it is Ready or Failed; true when Ready.
bool startAndWait(ServerConnection &connection)
{
    connection.start();
    QDeadlineTimer deadline(25000);
    while (connection.status() != ServerConnection::Status::Ready && connection.status() != ServerConnection::Status::Failed
           && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    return connection.status() == ServerConnection::Status::Ready;
}

QString consoleText(const ServerConnection &connection)
{
    QStringList lines;
    for (const ConsoleLine &line : connection.console())
        lines.append(line.text);
    return lines.join(u'\n');
}

/// Stops connection and waits until its session wound down: closed, then deleted. True when it did.
bool stopAndWait(ServerConnection &connection)
{
    const QPointer<ClientSession> old = connection.session();
    connection.stop();
    return QTest::qWaitFor([&old] { return !old; }, 10000);
}

} // namespace

void tst_EraNegotiation::connectionProbesOncePerConfiguration()
{
    // A legacy server that exits on server/discover: probed once on a sibling, connected legacy, and the
    // verdict cached, so the next start spawns one process only.
    QTemporaryDir dir;
    const QString pids = dir.filePath(u"pids"_s);
    auto cache = std::make_shared<EraCache>(dir.filePath(u"eras.json"_s));
    const ServerConfig config = faultConfig(pids, {u"--on-discover"_s, u"exit"_s});
    {
        ServerConnection connection(config);
        connection.setEraCache(cache);
        QVERIFY2(startAndWait(connection), qPrintable(connection.lastError().message));
        QCOMPARE(connection.session()->era(), ProtocolEra::Legacy);
        QCOMPARE(pidsIn(pids).size(), 2); // the sibling and the server
        QVERIFY2(consoleText(connection).contains(u"protocol era: legacy (initialize), found by asking a separate copy of the server, "_s), qPrintable(consoleText(connection)));
        AWAIT_OK(echo, CallToolResult,
                 connection.session()->callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"first"_s}}, {}, c, cb));
        QCOMPARE(echo.textSummary(), u"first"_s);
        QVERIFY(stopAndWait(connection));
    }
    EraCache reread(dir.filePath(u"eras.json"_s));
    QVERIFY(reread.load().ok());
    QCOMPARE(reread.lookup(config)->how, u"probe closed"_s);

    ServerConnection again(config);
    again.setEraCache(std::make_shared<EraCache>(reread));
    QVERIFY2(startAndWait(again), qPrintable(again.lastError().message));
    QCOMPARE(pidsIn(pids).size(), 3); // no sibling this time
    QVERIFY2(consoleText(again).contains(u"protocol era: legacy (initialize), remembered from an earlier start"_s), qPrintable(consoleText(again)));
    AWAIT_OK(echo, CallToolResult,
             again.session()->callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"second"_s}}, {}, c, cb));
    QCOMPARE(echo.textSummary(), u"second"_s);
    QVERIFY(stopAndWait(again));
}

void tst_EraNegotiation::connectionToModernPeer()
{
    QTemporaryDir dir;
    auto cache = std::make_shared<EraCache>(dir.filePath(u"eras.json"_s));
    const ServerConfig config = peerConfig(u"modern"_s);
    ServerConnection connection(config);
    connection.setEraCache(cache);
    QVERIFY2(startAndWait(connection), qPrintable(connection.lastError().message));
    QCOMPARE(connection.session()->era(), ProtocolEra::Modern);
    QCOMPARE(connection.session()->protocolVersion(), u"2026-07-28"_s);
    QCOMPARE(cache->lookup(config)->how, u"probe result"_s);
    QVERIFY2(consoleText(connection).contains(u"protocol era: modern (2026-07-28), found by asking a separate copy of the server, "_s), qPrintable(consoleText(connection)));
    QTRY_VERIFY_WITH_TIMEOUT(!connection.tools().isEmpty(), 10000); // listed on ready, with the envelope
    QCOMPARE(cache->lookup(config)->era, ProtocolEra::Modern);
    QCOMPARE(cache->lookup(config)->version, u"2026-07-28"_s);
    QVERIFY(stopAndWait(connection));

    QVERIFY2(startAndWait(connection), qPrintable(connection.lastError().message));
    QCOMPARE(connection.session()->era(), ProtocolEra::Modern);
    QVERIFY2(consoleText(connection).contains(u"protocol era: modern (2026-07-28), remembered from an earlier start"_s), qPrintable(consoleText(connection)));
    QVERIFY(stopAndWait(connection));
}

void tst_EraNegotiation::staleLegacyVerdictCorrectsItself()
{
    // The cache says legacy (say a slow start timed the probe out), but the server is modern-only: its
    // refusal of initialize names 2026-07-28, and the same connection goes on modern.
    QTemporaryDir dir;
    auto cache = std::make_shared<EraCache>(dir.filePath(u"eras.json"_s));
    const ServerConfig config = peerConfig(u"modern"_s);
    QVERIFY(cache->store(config, {ProtocolEra::Legacy, {}, QDateTime::currentDateTimeUtc(), u"probe timeout"_s, 10000}).ok());
    ServerConnection connection(config);
    connection.setEraCache(cache);
    QVERIFY2(startAndWait(connection), qPrintable(connection.lastError().message));
    QCOMPARE(connection.session()->era(), ProtocolEra::Modern);
    QCOMPARE(connection.session()->eraDecidedBy(), u"initialize -32022"_s);
    QCOMPARE(cache->lookup(config)->era, ProtocolEra::Modern);
    QCOMPARE(cache->lookup(config)->how, u"initialize -32022"_s);
    QVERIFY(stopAndWait(connection));
}

void tst_EraNegotiation::staleModernVerdictFallsBack()
{
    // The cache says modern, but the server is a legacy one now: server/discover gets -32601 from the real
    // process, which is still there, so initialize follows on it. No sibling, no second process.
    QTemporaryDir dir;
    const QString pids = dir.filePath(u"pids"_s);
    auto cache = std::make_shared<EraCache>(dir.filePath(u"eras.json"_s));
    const ServerConfig config = faultConfig(pids);
    QVERIFY(cache->store(config, {ProtocolEra::Modern, u"2026-07-28"_s, QDateTime::currentDateTimeUtc(), u"probe result"_s, 5}).ok());
    ServerConnection connection(config);
    connection.setEraCache(cache);
    QVERIFY2(startAndWait(connection), qPrintable(connection.lastError().message));
    QCOMPARE(connection.session()->era(), ProtocolEra::Legacy);
    QCOMPARE(connection.session()->eraDecidedBy(), u"server/discover probe -32601"_s);
    QCOMPARE(pidsIn(pids).size(), 1);
    QCOMPARE(cache->lookup(config)->era, ProtocolEra::Legacy);
    AWAIT_OK(echo, CallToolResult,
             connection.session()->callTool(ToolCallKeyForTests::make(), u"echo"_s, QJsonObject{{u"text"_s, u"legacy again"_s}}, {}, c, cb));
    QCOMPARE(echo.textSummary(), u"legacy again"_s);
    QVERIFY(stopAndWait(connection));
}

void tst_EraNegotiation::autoWithoutCacheReachesModernOnly()
{
    // Without a cache (tests, embedders) Auto opens with initialize and corrects itself in place.
    ServerConnection connection(peerConfig(u"modern"_s));
    QVERIFY2(startAndWait(connection), qPrintable(connection.lastError().message));
    QCOMPARE(connection.session()->era(), ProtocolEra::Modern);
    QVERIFY2(consoleText(connection).contains(u"protocol era: modern (2026-07-28), corrected after the server's answer"_s), qPrintable(consoleText(connection)));
    QCOMPARE(connection.session()->eraDecidedBy(), u"initialize -32022"_s);
    QVERIFY(stopAndWait(connection));
}

void tst_EraNegotiation::legacySettingAgainstModernOnly()
{
    ServerConfig config = peerConfig(u"modern"_s);
    config.protocolEra = ServerConfig::EraPreference::Legacy;
    ServerConnection connection(config);
    QVERIFY(!startAndWait(connection));
    QVERIFY2(connection.lastError().message.contains(u"speaks only MCP 2026-07-28"_s), qPrintable(connection.lastError().message));
    QCOMPARE(connection.status(), ServerConnection::Status::Failed); // permanent: no restarts
}

void tst_EraNegotiation::cacheRoundTrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"eras.json"_s);
    ServerConfig modern;
    modern.name = u"m"_s;
    modern.command = u"node"_s;
    modern.args = {u"server.mjs"_s};
    ServerConfig legacy;
    legacy.name = u"l"_s;
    legacy.transport = ServerConfig::Transport::Http;
    legacy.url = u"https://example.com/mcp"_s;

    {
        EraCache cache(path);
        QVERIFY(cache.load().ok()); // no file yet: empty
        QVERIFY(!cache.lookup(modern));
        const QDateTime when = QDateTime::fromString(u"2026-11-26T12:00:00.000Z"_s, Qt::ISODateWithMs);
        QVERIFY(cache.store(modern, {ProtocolEra::Modern, u"2026-07-28"_s, when, u"probe result"_s, 512}).ok());
        QVERIFY(cache.store(legacy, {ProtocolEra::Legacy, {}, when, u"probe HTTP 400"_s, 20}).ok());
    }
    EraCache cache(path);
    QVERIFY(cache.load().ok());
    const auto m = cache.lookup(modern);
    QVERIFY(m.has_value());
    QCOMPARE(m->era, ProtocolEra::Modern);
    QCOMPARE(m->version, u"2026-07-28"_s);
    QCOMPARE(m->how, u"probe result"_s);
    QCOMPARE(m->probeMs, 512);
    QCOMPARE(m->decidedAt, QDateTime::fromString(u"2026-11-26T12:00:00.000Z"_s, Qt::ISODateWithMs));
    const auto l = cache.lookup(legacy);
    QVERIFY(l.has_value());
    QCOMPARE(l->era, ProtocolEra::Legacy);
    QCOMPARE(l->how, u"probe HTTP 400"_s);

    QVERIFY(cache.forget(modern).ok());
    EraCache again(path);
    QVERIFY(again.load().ok());
    QVERIFY(!again.lookup(modern));
    QVERIFY(again.lookup(legacy));
}

void tst_EraNegotiation::twoProcessesKeepEachOthersVerdicts()
{
    // The app and toolgate-cli each load eras.json and keep their own copy. What one stores must not be
    // dropped when the other writes its own verdict (or forgets one) afterwards.
    QTemporaryDir dir;
    const QString path = dir.filePath(u"eras.json"_s);
    const auto server = [](const QString &name) {
        ServerConfig config;
        config.name = name;
        config.command = u"srv-"_s + name;
        return config;
    };
    const QDateTime when = QDateTime::currentDateTimeUtc();
    EraCache app(path);
    EraCache cli(path);
    QVERIFY(app.load().ok());
    QVERIFY(cli.load().ok());
    QVERIFY(app.store(server(u"a"_s), {ProtocolEra::Modern, u"2026-07-28"_s, when, u"probe result"_s, 40}).ok());
    QVERIFY(cli.store(server(u"b"_s), {ProtocolEra::Legacy, {}, when, u"probe -32601"_s, 12}).ok());
    QVERIFY(app.store(server(u"c"_s), {ProtocolEra::Legacy, {}, when, u"probe timeout"_s, 10000}).ok());
    QVERIFY(cli.forget(server(u"c"_s)).ok());
    EraCache reread(path);
    QVERIFY(reread.load().ok());
    QVERIFY(reread.lookup(server(u"a"_s)).has_value());
    QVERIFY(reread.lookup(server(u"b"_s)).has_value());
    QVERIFY(!reread.lookup(server(u"c"_s)).has_value());
    // Each copy sees the other's verdicts once it writes.
    QVERIFY(cli.lookup(server(u"a"_s)).has_value());

    // While another process holds the file's lock, a verdict is not written (and says why); nothing is lost.
    const QByteArray before = [&] { QFile f(path); return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray(); }();
    QLockFile other(path + u".lock"_s);
    QVERIFY(other.tryLock(0));
    const Result<void> refused = app.store(server(u"d"_s), {ProtocolEra::Legacy, {}, when, u"probe result"_s, 5});
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.contains(u"another Toolgate"_s), qPrintable(refused.error().message));
    QFile after(path);
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), before);
    QVERIFY(app.lookup(server(u"d"_s)).has_value()); // this process still goes by it
    other.unlock();
    QVERIFY(app.store(server(u"d"_s), {ProtocolEra::Legacy, {}, when, u"probe result"_s, 5}).ok());
}

void tst_EraNegotiation::cacheKeyFollowsTheConfig()
{
    ServerConfig base;
    base.name = u"s"_s;
    base.command = u"node"_s;
    base.args = {u"a.js"_s};
    base.env.insert(u"MODE"_s, u"1"_s);
    base.cwd = u"/srv"_s;
    const QString key = EraCache::fingerprint(base);
    QCOMPARE(key.size(), 64);

    const auto changed = [&](auto edit) {
        ServerConfig c = base;
        edit(c);
        return EraCache::fingerprint(c) != key;
    };
    QVERIFY(changed([](ServerConfig &c) { c.command = u"node22"_s; }));
    QVERIFY(changed([](ServerConfig &c) { c.args = {u"b.js"_s}; }));
    QVERIFY(changed([](ServerConfig &c) { c.args = {u"a.j"_s, u"s"_s}; }));
    QVERIFY(changed([](ServerConfig &c) { c.env.insert(u"MODE"_s, u"2"_s); }));
    QVERIFY(changed([](ServerConfig &c) { c.env.insert(u"OTHER"_s, QString()); }));
    QVERIFY(changed([](ServerConfig &c) { c.cwd = u"/tmp"_s; }));
    // What does not choose the program leaves the key as it is.
    QVERIFY(!changed([](ServerConfig &c) { c.enabled = false; }));
    QVERIFY(!changed([](ServerConfig &c) { c.protocolEra = ServerConfig::EraPreference::Legacy; }));

    ServerConfig web;
    web.name = u"w"_s;
    web.transport = ServerConfig::Transport::Http;
    web.url = u"https://Example.com/mcp?session=1"_s;
    ServerConfig sameOrigin = web;
    sameOrigin.url = u"https://example.com:443/mcp"_s;
    ServerConfig otherPath = web;
    otherPath.url = u"https://example.com/other"_s;
    QCOMPARE(EraCache::fingerprint(web), EraCache::fingerprint(sameOrigin));
    QVERIFY(EraCache::fingerprint(web) != EraCache::fingerprint(otherPath));

    // A changed configuration finds no entry: it is probed again.
    QTemporaryDir dir;
    EraCache cache(dir.filePath(u"eras.json"_s));
    QVERIFY(cache.store(base, {ProtocolEra::Modern, u"2026-07-28"_s, QDateTime::currentDateTimeUtc(), u"probe result"_s, 1}).ok());
    ServerConfig moved = base;
    moved.args = {u"b.js"_s};
    QVERIFY(cache.lookup(base));
    QVERIFY(!cache.lookup(moved));
}

void tst_EraNegotiation::cacheStoresNoSecret()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"eras.json"_s);
    ServerConfig config;
    config.name = u"secretive"_s;
    config.command = u"srv"_s;
    config.env.insert(u"API_KEY"_s, u"sk-do-not-store-me"_s);
    EraCache cache(path);
    QVERIFY(cache.store(config, {ProtocolEra::Legacy, {}, QDateTime::currentDateTimeUtc(), u"probe -32601"_s, 3}).ok());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(!text.contains("sk-do-not-store-me"));
    QVERIFY(!text.contains("API_KEY"));
    QVERIFY(text.contains("secretive"));
}

void tst_EraNegotiation::cacheSurvivesABrokenFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"eras.json"_s);
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{ this is not json");
    }
    ServerConfig config;
    config.name = u"s"_s;
    config.command = u"srv"_s;
    EraCache cache(path);
    const Result<void> loaded = cache.load();
    QVERIFY(!loaded.ok());
    QVERIFY2(loaded.error().message.contains(u"rewritten"_s), qPrintable(loaded.error().message));
    QVERIFY(!cache.lookup(config));
    QVERIFY(cache.store(config, {ProtocolEra::Legacy, {}, QDateTime::currentDateTimeUtc(), u"probe timeout"_s, 10000}).ok());
    EraCache reread(path);
    QVERIFY(reread.load().ok());
    QCOMPARE(reread.lookup(config)->how, u"probe timeout"_s);
}

QTEST_GUILESS_MAIN(tst_EraNegotiation)
#include "tst_eranegotiation.moc"
