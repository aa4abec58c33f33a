// Local servers in their sandbox (issue 32), with real processes under bubblewrap: a hostile test server
// tries to get out (read a planted ~/.ssh/id_rsa, rewrite Toolgate's approvals, write outside its grant,
// follow a symlink out of it, connect to a listener on 127.0.0.1) and says itself what it tried; the test
// checks from the files' and the listener's side that nothing outside changed. The demo server still
// and server-everything (the npm peer, under node from tests/npm) work under the default profile. A server
// that exits because its sandbox hid a file it opens at start is told so, with exactly the grant that
// allows it, and starts once granted. HOME and TOOLGATE_CONFIG_DIR point into a temporary folder: nothing
// of the real home is touched. Each server is started the one way Toolgate starts them, through
// TransportFactory.

#include "auditrecords.h"
#include "locallistener.h"
#include "npmpeers.h"
#include "sessioncalltarget.h"
#include "testpaths.h"

#include "core/audit/auditlog.h"
#include "core/audit/connectionauditor.h"
#include "core/calls/approval.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/transport/transport.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/transportfactory.h"

#include <QDir>
#include <QFile>
#include <QPointer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QJsonArray>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;

class tst_Sandbox : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void hostileServerStaysInside();
    void networkOnReachesTheListener();
    void aHostListConnectsOnlyListedHosts();
    void demoServerRunsUnderTheDefaultProfile();
    void everythingServerRunsUnderTheDefaultProfile();
    void filesystemServerWorksOnItsGrant();
    void aBlockedReadOffersTheFolderReadOnly();
    void aBlockedWriteOffersTheFolderReadWrite();
    void aRefusedHostOffersTheHost();
    void offRunsWithoutBubblewrap();

private:
    static bool write(const QString &path, const QByteArray &data)
    {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(data) == data.size();
    }
    static QByteArray read(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(missing)");
    }
    bool connectTo(const ServerConfig &config);
    /// Calls tool with arguments and returns the result's text (empty when the call failed).
    QString call(const QString &tool, const QJsonObject &arguments, CallTarget *target = nullptr);
    /// The approval gate (allow once) and the pipeline every call goes through.
    void makePipeline();
    ServerConfig hostile() const;
    /// Starts config as the app does (ServerConnection) and waits until it is Ready or Failed.
    static bool settles(ServerConnection &connection);

    QTemporaryDir m_root;
    QString m_home;
    std::unique_ptr<ClientSession> m_session;
    std::unique_ptr<TestSupport::SessionCallTarget> m_target;
    std::unique_ptr<FixedApprovalGate> m_gate;
    std::unique_ptr<ToolCallPipeline> m_pipeline;
};

void tst_Sandbox::initTestCase()
{
    if (QStandardPaths::findExecutable(u"bwrap"_s).isEmpty())
        QSKIP("bubblewrap (bwrap) is not installed; packaging/setup-debian.sh installs it");
    QVERIFY(m_root.isValid());
    m_home = m_root.filePath(u"home"_s);
    QVERIFY(QDir().mkpath(m_home));
    // Before anything asks where the home and Toolgate's files are.
    qputenv("HOME", m_home.toUtf8());
    qputenv("TOOLGATE_CONFIG_DIR", QDir(m_home).filePath(u".config/toolgate"_s).toUtf8());
}

void tst_Sandbox::cleanup()
{
    m_pipeline.reset();
    if (m_session && m_session->state() == ClientSession::State::Ready) {
        QSignalSpy closed(m_session.get(), &ClientSession::closed);
        m_session->disconnectFromServer();
        QVERIFY(closed.wait(5000) || !closed.isEmpty());
    }
    m_target.reset();
    m_session.reset();
}

bool tst_Sandbox::connectTo(const ServerConfig &config)
{
    auto transport = TransportFactory::create(config);
    if (!transport) {
        qWarning().noquote() << transport.error().message;
        return false;
    }
    m_session = std::make_unique<ClientSession>(std::move(transport).value(), ClientSession::Options{});
    QSignalSpy ready(m_session.get(), &ClientSession::ready);
    m_session->connectToServer();
    if (!ready.wait(15000))
        return false;
    m_target = std::make_unique<TestSupport::SessionCallTarget>(m_session.get(), ServerIdentity{config.name, config.command, {}});
    makePipeline();
    return true;
}

void tst_Sandbox::makePipeline()
{
    m_gate = std::make_unique<FixedApprovalGate>(ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, {}, {}});
    m_pipeline = std::make_unique<ToolCallPipeline>(m_gate.get(), nullptr, ToolCallPipeline::Options{});
}

QString tst_Sandbox::call(const QString &tool, const QJsonObject &arguments, CallTarget *target)
{
    QPointer<ToolCall> call = m_pipeline->call(target ? target : m_target.get(), tool, arguments, CallInitiator::Gui, this);
    QSignalSpy finished(call.data(), &ToolCall::finished);
    if (!finished.wait(20000))
        return {};
    if (call->outcome().kind != ToolCallOutcome::Kind::Succeeded) {
        qWarning().noquote() << call->outcome().error.message;
        return {};
    }
    return call->outcome().result.textSummary();
}

ServerConfig tst_Sandbox::hostile() const
{
    ServerConfig config;
    config.name = u"hostile"_s;
    config.command = TestSupport::binDir() + u"/toolgate-hostile-server"_s;
    config.args = {u"--mode"_s, u"escape-sandbox"_s};
    return config;
}

void tst_Sandbox::hostileServerStaysInside()
{
    // What is there to take: a key, Toolgate's approvals, a file beside the grant, one a symlink leads to.
    const QString sshKey = QDir(m_home).filePath(u".ssh/id_rsa"_s);
    const QString approvals = QDir(qEnvironmentVariable("TOOLGATE_CONFIG_DIR")).filePath(u"approvals.json"_s);
    const QString project = QDir(m_home).filePath(u"project"_s);
    const QString outside = m_root.filePath(u"outside/notes.txt"_s);
    const QString target = m_root.filePath(u"outside/secret.txt"_s);
    const QString symlink = QDir(project).filePath(u"escape"_s);
    QVERIFY(write(sshKey, "-----BEGIN OPENSSH PRIVATE KEY-----"));
    QVERIFY(write(approvals, "{\"version\":1}"));
    QVERIFY(write(outside, "original"));
    QVERIFY(write(target, "secret"));
    QVERIFY(QDir().mkpath(project));
    QVERIFY(QFile::link(target, symlink));

    QTcpServer listener;
    QVERIFY(listener.listen(QHostAddress::LocalHost));

    // The whole home granted read-only, a project in it read-write, no network: the key and Toolgate's
    // folder must stay hidden even so.
    ServerConfig config = hostile();
    config.sandbox.grants = {{m_home, false}, {project, true}};
    config.sandbox.network = SandboxProfile::Network::Off;
    QVERIFY(connectTo(config));
    const QString text = call(u"escape_sandbox"_s, {{u"sshKey"_s, sshKey}, {u"approvals"_s, approvals}, {u"outside"_s, outside},
                                                  {u"symlink"_s, symlink}, {u"grant"_s, project},
                                                  {u"port"_s, int(listener.serverPort())}});
    qInfo().noquote() << "the server's attempts:\n" + text;
    const QStringList lines = text.split(u'\n');
    const auto line = [&](const QString &name) {
        for (const QString &l : lines) {
            if (l.startsWith(name + u':'))
                return l;
        }
        return QString();
    };
    QVERIFY2(line(u"read ssh key"_s).startsWith(u"read ssh key: failed"_s), qPrintable(text));
    QVERIFY2(line(u"read approvals"_s).startsWith(u"read approvals: failed"_s), qPrintable(text));
    QVERIFY2(line(u"rewrite approvals"_s).startsWith(u"rewrite approvals: failed"_s), qPrintable(text));
    QVERIFY2(line(u"read through symlink"_s).startsWith(u"read through symlink: failed"_s), qPrintable(text));
    QVERIFY2(line(u"connect"_s).startsWith(u"connect: failed"_s), qPrintable(text));
    QVERIFY2(line(u"write grant"_s).startsWith(u"write grant: ok"_s), qPrintable(text));
    QVERIFY2(line(u"read grant"_s).startsWith(u"read grant: ok, read 16 bytes"_s), qPrintable(text));

    // From the files' side: nothing outside the grant changed, and the grant holds what the server wrote.
    QCOMPARE(read(approvals), QByteArray("{\"version\":1}"));
    QCOMPARE(read(outside), QByteArray("original"));
    QCOMPARE(read(target), QByteArray("secret"));
    QCOMPARE(read(sshKey), QByteArray("-----BEGIN OPENSSH PRIVATE KEY-----"));
    QCOMPARE(read(QDir(project).filePath(u"written-by-server.txt"_s)), QByteArray("inside the grant"));
    // The connection attempt has been answered (it failed) before the result came: none can still arrive.
    QVERIFY(!listener.hasPendingConnections());
    QVERIFY(!listener.waitForNewConnection(0));
}

void tst_Sandbox::networkOnReachesTheListener()
{
    // The other side of the network switch: the same attempt with the network on connects, so the
    // failure above is the sandbox's doing.
    QTcpServer listener;
    QVERIFY(listener.listen(QHostAddress::LocalHost));
    ServerConfig config = hostile();
    config.sandbox.network = SandboxProfile::Network::On;
    QVERIFY(connectTo(config));
    const QString text = call(u"escape_sandbox"_s, {{u"port"_s, int(listener.serverPort())}});
    QVERIFY2(text.startsWith(u"connect: ok"_s), qPrintable(text));
    QTRY_VERIFY(listener.hasPendingConnections());
}

void tst_Sandbox::aHostListConnectsOnlyListedHosts()
{
    // Two listeners on this computer: one listed by name and port, one not. The server's own network is
    // a loopback of its own, so a direct connection fails; through the proxy the listed one connects and
    // carries bytes, the other is refused with 403. Both attempts are in the audit log against the call
    // that was running, and the listener not listed never hears of anyone.
    TestSupport::LocalListener listed;
    TestSupport::LocalListener unlisted;
    QVERIFY(listed.isListening() && unlisted.isListening());
    const QString listedTarget = listed.target();
    const QString unlistedTarget = unlisted.target();

    AuditLog::Options options;
    options.path = m_root.filePath(u"hosts-audit.sqlite"_s);
    AuditLog log(options);
    ServerConfig config = hostile();
    config.sandbox.network = SandboxProfile::Network::Hosts;
    config.sandbox.hosts = {listedTarget};
    ServerConnection connection(config);
    ConnectionAuditor auditor(&log, CallInitiator::Gui);
    auditor.watch(&connection);
    QVERIFY(settles(connection));
    QVERIFY2(connection.status() == ServerConnection::Status::Ready, qPrintable(connection.lastError().message));
    makePipeline();
    m_pipeline->setJournal(&log);

    const QString text = call(u"escape_sandbox"_s, {{u"port"_s, int(unlisted.server.serverPort())},
                                                  {u"viaProxy"_s, QJsonArray{listedTarget, unlistedTarget}}},
                              &connection);
    qInfo().noquote() << "the server's attempts:\n" + text;
    const QStringList lines = text.split(u'\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines.at(0).startsWith(u"connect: failed"_s), qPrintable(text));
    QVERIFY2(lines.at(1).startsWith(u"proxy "_s + listedTarget + u": ok (HTTP/1.1 200"_s), qPrintable(text));
    QVERIFY2(lines.at(2).startsWith(u"proxy "_s + unlistedTarget + u": failed (HTTP/1.1 403"_s), qPrintable(text));

    // The listed listener got the server's line through the tunnel; the other heard nothing.
    QTRY_VERIFY(listed.server.hasPendingConnections());
    QTcpSocket *tunnel = listed.server.nextPendingConnection();
    QTRY_VERIFY(tunnel->canReadLine());
    QCOMPARE(tunnel->readLine(), QByteArray("hello through the proxy\n"));
    QVERIFY(!unlisted.server.hasPendingConnections());
    QVERIFY(!unlisted.server.waitForNewConnection(0));

    // One made while no call runs goes against the server alone.
    emit connection.networkConnection(SandboxConnection{u"idle.test"_s, 443, false, QDateTime::currentDateTimeUtc()});

    // In the audit log: both attempts, each against the call.
    connection.stop();
    QVERIFY(log.waitForWrites());
    const auto calls = TestSupport::storedRecords(options.path, {.types = {AuditRecordType::ToolCall}, .names = {u"escape_sandbox"_s}});
    QVERIFY(calls);
    QCOMPARE(calls->size(), 1);
    const auto network = TestSupport::storedRecords(options.path, {.types = {AuditRecordType::Connection},
                                                                   .names = {u"network_allowed"_s, u"network_refused"_s}});
    QVERIFY(network);
    QCOMPARE(network->size(), 3);
    QSet<int> ports;
    for (const AuditRecord &record : network.value()) {
        QCOMPARE(record.serverName, u"hostile"_s);
        if (record.arguments.value(u"host"_s).toString() == u"idle.test") {
            QCOMPARE(record.name, u"network_refused"_s);
            QVERIFY(!record.origin);
            continue;
        }
        QCOMPARE(record.origin, std::optional<qint64>(calls->first().id));
        QCOMPARE(record.arguments.value(u"host"_s).toString(), u"localhost"_s);
        const int port = record.arguments.value(u"port"_s).toInt();
        QCOMPARE(record.name, port == listed.server.serverPort() ? u"network_allowed"_s : u"network_refused"_s);
        ports.insert(port);
    }
    QCOMPARE(ports, (QSet<int>{listed.server.serverPort(), unlisted.server.serverPort()}));
}

void tst_Sandbox::demoServerRunsUnderTheDefaultProfile()
{
    ServerConfig config;
    config.name = u"demo"_s;
    config.command = TestSupport::binDir() + u"/toolgate-demo-server"_s;
    QVERIFY(config.sandbox.enabled);
    QVERIFY(config.sandbox.isDefault());
    QVERIFY(connectTo(config));
    const QString text = call(u"echo"_s, {{u"text"_s, u"from inside"_s}});
    QVERIFY2(text.contains(u"from inside"_s), qPrintable(text));
}

void tst_Sandbox::everythingServerRunsUnderTheDefaultProfile()
{
    // server-everything from npm under node from npm (both in tests/npm/node_modules, which the launcher
    // binds read-only as the script's and the program's folder), supervised as the app does it: it
    // lists its tools and echoes through the call pipeline.
    if (const QString missing = TestSupport::missingNpmPeers(); !missing.isEmpty())
        QSKIP(qPrintable(missing));
    ServerConfig config;
    config.name = u"everything"_s;
    config.command = TestSupport::nodeBinary();
    config.args = {TestSupport::everythingEntry(), u"stdio"_s};
    QVERIFY(config.sandbox.isDefault());
    const auto wrapped = TransportFactory::stdioLaunchSpec(config);
    QVERIFY2(wrapped && wrapped->program.endsWith(u"bwrap"_s), wrapped ? qPrintable(wrapped->program) : qPrintable(wrapped.error().message));
    ServerConnection connection(config);
    QVERIFY(settles(connection));
    QVERIFY2(connection.status() == ServerConnection::Status::Ready, qPrintable(connection.statusText()));
    QTRY_VERIFY_WITH_TIMEOUT(connection.listedTool(u"echo"_s).has_value(), 15000);
    makePipeline();
    const QString text = call(u"echo"_s, {{u"message"_s, u"from inside the sandbox"_s}}, &connection);
    QVERIFY2(text.contains(u"from inside the sandbox"_s), qPrintable(text));
    m_pipeline.reset();
    connection.stop();
}

void tst_Sandbox::filesystemServerWorksOnItsGrant()
{
    // server-filesystem from npm, told it may use two folders; the sandbox grants one read-write and the
    // other read-only. Inside the write grant it lists, reads and writes; in the other its write fails,
    // stopped by the sandbox (the server itself would allow it), and nothing appears there.
    const QString entry = TestSupport::filesystemEntry();
    if (!QFileInfo::exists(entry))
        QSKIP(qPrintable(u"server-filesystem is not installed in tests/npm: run packaging/setup-debian.sh (%1)"_s.arg(entry)));
    const QString work = m_root.filePath(u"fs-work"_s);
    const QString reference = m_root.filePath(u"fs-reference"_s);
    QVERIFY(write(QDir(work).filePath(u"notes.txt"_s), "notes from the host"));
    QVERIFY(write(QDir(reference).filePath(u"manual.txt"_s), "read only"));
    ServerConfig config;
    config.name = u"filesystem"_s;
    config.command = TestSupport::nodeBinary();
    config.args = {entry, work, reference};
    config.sandbox.grants = {{work, true}, {reference, false}};
    ServerConnection connection(config);
    QVERIFY(settles(connection));
    QVERIFY2(connection.status() == ServerConnection::Status::Ready, qPrintable(connection.lastError().message));
    QTRY_VERIFY_WITH_TIMEOUT(connection.listedTool(u"write_file"_s).has_value(), 15000);
    makePipeline();

    QVERIFY2(call(u"list_directory"_s, {{u"path"_s, work}}, &connection).contains(u"notes.txt"_s), "the grant is not listed");
    const QString readTool = connection.listedTool(u"read_text_file"_s) ? u"read_text_file"_s : u"read_file"_s;
    const QString notes = call(readTool, {{u"path"_s, QDir(work).filePath(u"notes.txt"_s)}}, &connection);
    QVERIFY2(notes.contains(u"notes from the host"_s), qPrintable(notes));
    QVERIFY(!call(u"write_file"_s, {{u"path"_s, QDir(work).filePath(u"new.txt"_s)}, {u"content"_s, u"written inside"_s}}, &connection)
                 .isEmpty());
    QCOMPARE(read(QDir(work).filePath(u"new.txt"_s)), QByteArray("written inside"));

    // Outside the write grant: the call fails (the server reports the file system's refusal).
    QPointer<ToolCall> outside = m_pipeline->call(&connection, u"write_file"_s,
                                                  {{u"path"_s, QDir(reference).filePath(u"new.txt"_s)}, {u"content"_s, u"escaped"_s}},
                                                  CallInitiator::Gui, this);
    QSignalSpy finished(outside.data(), &ToolCall::finished);
    QVERIFY(finished.wait(20000));
    QVERIFY(outside->outcome().kind != ToolCallOutcome::Kind::Succeeded);
    QVERIFY2(outside->outcome().result.textSummary().contains(u"read-only"_s, Qt::CaseInsensitive)
                 || outside->outcome().result.textSummary().contains(u"EROFS"_s),
             qPrintable(outside->outcome().result.textSummary()));
    QVERIFY(!QFileInfo::exists(QDir(reference).filePath(u"new.txt"_s)));
    m_pipeline.reset();
    connection.stop();
}

bool tst_Sandbox::settles(ServerConnection &connection)
{
    connection.start();
    return QTest::qWaitFor([&] {
        return connection.status() == ServerConnection::Status::Ready || connection.status() == ServerConnection::Status::Failed;
    }, 20000);
}

void tst_Sandbox::aBlockedReadOffersTheFolderReadOnly()
{
    // Its settings are in a folder nobody granted: inside the sandbox the file is not there, the server
    // says so on stderr and exits.
    const QString data = m_root.filePath(u"data"_s);
    const QString settings = QDir(data).filePath(u"settings.json"_s);
    QVERIFY(write(settings, "{}"));
    ServerConfig config = hostile();
    config.args = {u"--read-at-start"_s, settings};
    ServerConnection connection(config);
    QVERIFY(settles(connection));
    QCOMPARE(connection.status(), ServerConnection::Status::Failed);
    const auto denial = connection.sandboxDenial();
    QVERIFY2(denial, qPrintable(connection.lastError().message));
    QCOMPARE(denial->path, settings);
    QCOMPARE(denial->grant, (SandboxProfile::Grant{data, false}));
    // The error says it in words, first, with the folder to grant.
    const QString message = connection.lastError().message;
    QVERIFY2(message.startsWith(u"the sandbox kept it from opening "_s + settings) && message.contains(data)
                 && message.contains(u"read-only"_s),
             qPrintable(message));
    // It is not restarted again and again: the same start would fail the same way.
    QVERIFY(!QTest::qWaitFor([&] { return connection.status() != ServerConnection::Status::Failed; }, 300));

    // Granted what was offered, it reads its settings and runs.
    ServerConfig granted = config;
    granted.sandbox = denial->grantedIn(config.sandbox);
    connection.setConfig(granted);
    QTRY_COMPARE_WITH_TIMEOUT(connection.status(), ServerConnection::Status::Ready, 20000);
    QVERIFY(!connection.sandboxDenial());
    connection.stop();
}

void tst_Sandbox::aBlockedWriteOffersTheFolderReadWrite()
{
    // Its cache folder is granted read-only: writing there fails ("Read-only file system"); the offer is
    // the same folder, read-write, and nothing outside changed.
    const QString cache = m_root.filePath(u"cache"_s);
    QVERIFY(QDir().mkpath(cache));
    const QString file = QDir(cache).filePath(u"index.db"_s);
    ServerConfig config = hostile();
    config.args = {u"--write-at-start"_s, file};
    config.sandbox.grants = {{cache, false}};
    ServerConnection connection(config);
    QVERIFY(settles(connection));
    QCOMPARE(connection.status(), ServerConnection::Status::Failed);
    const auto denial = connection.sandboxDenial();
    QVERIFY2(denial, qPrintable(connection.lastError().message));
    QCOMPARE(denial->grant, (SandboxProfile::Grant{cache, true}));
    QVERIFY(denial->readOnlyGrant);
    QVERIFY(!QFileInfo::exists(file));
    QCOMPARE(denial->grantedIn(config.sandbox).grants, (QList<SandboxProfile::Grant>{{cache, true}}));

    ServerConfig granted = config;
    granted.sandbox = denial->grantedIn(config.sandbox);
    connection.setConfig(granted);
    QTRY_COMPARE_WITH_TIMEOUT(connection.status(), ServerConnection::Status::Ready, 20000);
    QVERIFY(QFileInfo::exists(file));
    connection.stop();
}

void tst_Sandbox::aRefusedHostOffersTheHost()
{
    // With a host list, the server reaches first for a host the list lacks: the proxy refuses it, the
    // server exits, and the offer is exactly that host; added to the list, the server runs (issue 32,
    // item 3: "a host it could not reach").
    TestSupport::LocalListener listed;
    TestSupport::LocalListener needed;
    QVERIFY(listed.isListening() && needed.isListening());
    const QString listedTarget = listed.target();
    const QString neededTarget = needed.target();
    ServerConfig config = hostile();
    config.args = {u"--connect-at-start"_s, neededTarget};
    config.sandbox.network = SandboxProfile::Network::Hosts;
    config.sandbox.hosts = {listedTarget};
    ServerConnection connection(config);
    QVERIFY(settles(connection));
    QCOMPARE(connection.status(), ServerConnection::Status::Failed);
    const auto denial = connection.sandboxDenial();
    QVERIFY2(denial, qPrintable(connection.lastError().message));
    QVERIFY(denial->isHost());
    QCOMPARE(denial->host, neededTarget);
    const QString message = connection.lastError().message;
    QVERIFY2(message.startsWith(u"the sandbox kept it from reaching "_s + neededTarget), qPrintable(message));
    QVERIFY(!needed.server.hasPendingConnections());
    QVERIFY(!QTest::qWaitFor([&] { return connection.status() != ServerConnection::Status::Failed; }, 300));

    ServerConfig granted = config;
    granted.sandbox = denial->grantedIn(config.sandbox);
    QCOMPARE(granted.sandbox.hosts, (QStringList{listedTarget, neededTarget}));
    connection.setConfig(granted);
    QTRY_COMPARE_WITH_TIMEOUT(connection.status(), ServerConnection::Status::Ready, 20000);
    QVERIFY(!connection.sandboxDenial());
    QTRY_VERIFY_WITH_TIMEOUT(needed.server.hasPendingConnections(), 5000);
    connection.stop();
}

void tst_Sandbox::offRunsWithoutBubblewrap()
{
    // Turned off, the server runs with the person's rights: it sees the home folder.
    const QString sshKey = QDir(m_home).filePath(u".ssh/id_rsa"_s);
    QVERIFY(write(sshKey, "key"));
    ServerConfig config = hostile();
    config.sandbox.enabled = false;
    QVERIFY(connectTo(config));
    const QString text = call(u"escape_sandbox"_s, {{u"sshKey"_s, sshKey}});
    QVERIFY2(text.startsWith(u"read ssh key: ok"_s), qPrintable(text));
}

QTEST_GUILESS_MAIN(tst_Sandbox)
#include "tst_sandbox.moc"
