// Server trust (issue 16): what a server runs is trusted by a person before it starts. The fingerprint
// of what runs (program, arguments, environment names and values, folder; a remote server's origin), the trust
// file (kept, broken, edited by hand), the bundled demo server trusted from the start, and a real
// workspace whose servers.json changes on disk: its server does not start (no process) until trusted.
// Trust decisions are read back from the real audit store.

#include "core/audit/auditlog.h"
#include "core/audit/auditreader.h"
#include "core/audit/connectionauditor.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/servertrust.h"
#include "core/workspace/workspace.h"
#include "auditrecords.h"
#include "builtservers.h"
#include "waitingfortrust.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

Q_DECLARE_METATYPE(Toolgate::ServerConfig)

using namespace Toolgate;
using Toolgate::TestSupport::faultConfig;
using Toolgate::TestSupport::starts;
using Toolgate::TestSupport::startsNothing;

namespace {

QString faultServerPath() { return QStringLiteral(TOOLGATE_BIN_DIR "/toolgate-fault-server"); }
QString demoServerPath() { return QStringLiteral(TOOLGATE_BIN_DIR "/toolgate-demo-server"); }

ServerConfig stdioConfig()
{
    ServerConfig config;
    config.name = QStringLiteral("tools");
    config.command = QStringLiteral("/usr/bin/node");
    config.args = {QStringLiteral("server.js"), QStringLiteral("--port"), QStringLiteral("1")};
    config.env = {{QStringLiteral("API_KEY"), QStringLiteral("one")}, {QStringLiteral("MODE"), QStringLiteral("fast")}};
    config.cwd = QStringLiteral("/srv/tools");
    return config;
}

QString fingerprintOf(const ServerConfig &config) { return ServerTrustFacts::of(config).fingerprint(); }

} // namespace

class tst_ServerTrust final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_config;

private slots:
    void initTestCase()
    {
        // The key of secret values' digests (trust-digest.key) goes where the other config files go.
        QVERIFY(m_config.isValid());
        qputenv("TOOLGATE_CONFIG_DIR", m_config.path().toLocal8Bit());
        QVERIFY(QFileInfo(faultServerPath()).isExecutable());
        QVERIFY(QFileInfo(demoServerPath()).isExecutable());
    }

    void fingerprintFollowsWhatRuns_data()
    {
        QTest::addColumn<ServerConfig>("changed");
        QTest::addColumn<bool>("same");
        const ServerConfig base = stdioConfig();
        ServerConfig c = base;
        c.command = QStringLiteral("/usr/local/bin/node");
        QTest::addRow("program") << c << false;
        c = base;
        c.args.append(QStringLiteral("--unsafe"));
        QTest::addRow("an argument more") << c << false;
        c = base;
        c.args = {QStringLiteral("server.js --port"), QStringLiteral("1")};
        QTest::addRow("arguments split differently") << c << false;
        c = base;
        c.env.insert(QStringLiteral("LD_PRELOAD"), QStringLiteral("/tmp/x.so"));
        QTest::addRow("an environment variable more") << c << false;
        c = base;
        c.env.remove(QStringLiteral("MODE"));
        c.env.insert(QStringLiteral("MOD"), QStringLiteral("fast"));
        QTest::addRow("an environment variable renamed") << c << false;
        c = base;
        c.cwd = QStringLiteral("/tmp");
        QTest::addRow("working folder") << c << false;
        // A value decides what runs as much as the command (issue #35): PATH, NODE_OPTIONS, PYTHONPATH...
        c = base;
        c.env[QStringLiteral("MODE")] = QStringLiteral("slow");
        QTest::addRow("an environment value") << c << false;
        c = base;
        c.env[QStringLiteral("API_KEY")] = QStringLiteral("two");
        QTest::addRow("a secret's value") << c << false;
        c = base;
        c.secretKeys = {QStringLiteral("API_KEY")};
        c.env[QStringLiteral("API_KEY")] = ServerConfig::secretPlaceholder();
        QTest::addRow("a secret moved into the keychain") << c << false;
        c = base;
        c.name = QStringLiteral("renamed");
        c.protocolEra = ServerConfig::EraPreference::Modern;
        c.enabled = false;
        QTest::addRow("name, era and enabled") << c << true;
        // The sandbox is part of what is trusted (issue 32): less of it asks again.
        c = base;
        c.sandbox.enabled = false;
        QTest::addRow("sandbox off") << c << false;
        c = base;
        c.sandbox.grants = {{QStringLiteral("/srv/data"), true}};
        QTest::addRow("a folder granted") << c << false;
        c = base;
        c.sandbox.network = SandboxProfile::Network::Off;
        QTest::addRow("network off") << c << false;
    }

    void fingerprintFollowsWhatRuns()
    {
        QFETCH(ServerConfig, changed);
        QFETCH(bool, same);
        QCOMPARE(fingerprintOf(changed) == fingerprintOf(stdioConfig()), same);
        QCOMPARE(fingerprintOf(changed).size(), 64);
    }

    void aRemoteServerIsTrustedByItsOrigin()
    {
        ServerConfig http;
        http.name = QStringLiteral("remote");
        http.transport = ServerConfig::Transport::Http;
        http.url = QStringLiteral("https://mcp.example.com/mcp");
        ServerConfig otherPath = http;
        otherPath.url = QStringLiteral("https://MCP.example.com:443/other?x=1");
        otherPath.headers.insert(QStringLiteral("Authorization"), QStringLiteral("Bearer x"));
        QCOMPARE(fingerprintOf(otherPath), fingerprintOf(http));
        QCOMPARE(ServerTrustFacts::of(http).origin, QStringLiteral("https://mcp.example.com:443"));
        ServerConfig otherHost = http;
        otherHost.url = QStringLiteral("https://mcp.example.org/mcp");
        ServerConfig otherPort = http;
        otherPort.url = QStringLiteral("https://mcp.example.com:8443/mcp");
        ServerConfig plain = http;
        plain.url = QStringLiteral("http://mcp.example.com/mcp");
        for (const ServerConfig &other : {otherHost, otherPort, plain})
            QVERIFY2(fingerprintOf(other) != fingerprintOf(http), qPrintable(other.url));
    }

    void trustIsKeptAndAChangeIsNotTrusted()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("server-trust.json"));
        const ServerConfig config = stdioConfig();
        {
            ServerTrust trust(path);
            QVERIFY(trust.load());
            QVERIFY(!trust.isTrusted(config));
            QSignalSpy changed(&trust, &ServerTrust::trustChanged);
            QVERIFY(trust.trust(config, QStringLiteral("dialog")));
            QCOMPARE(changed.size(), 1);
            QVERIFY(trust.isTrusted(config));
        }
        // Another run (the app, or toolgate-cli) reads the same file.
        ServerTrust again(path);
        QVERIFY(again.load());
        QVERIFY(again.isTrusted(config));
        // A secret typed into the servers file is part of what was trusted (issue #35); one kept in the
        // keychain is not in the file, so rotating it there asks nothing.
        ServerConfig newSecret = config;
        newSecret.env[QStringLiteral("API_KEY")] = QStringLiteral("rotated");
        QVERIFY(!again.isTrusted(newSecret));
        ServerConfig inKeychain = config;
        inKeychain.secretKeys = {QStringLiteral("API_KEY")};
        inKeychain.env[QStringLiteral("API_KEY")] = ServerConfig::secretPlaceholder();
        QVERIFY(again.trust(inKeychain, QStringLiteral("dialog")));
        inKeychain.env[QStringLiteral("API_KEY")] = QStringLiteral("read from the keychain");
        QVERIFY(again.isTrusted(inKeychain));
        // An ordinary value is kept (and shown) as it is; a secret one never.
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray written = file.readAll();
        QVERIFY(written.contains("\"fast\"") && written.contains("API_KEY") && !written.contains("\"one\""));
        QVERIFY(again.trust(config, QStringLiteral("dialog"))); // back to what the rest of this test expects

        ServerConfig changed = config;
        changed.args.append(QStringLiteral("--unsafe"));
        QVERIFY(!again.isTrusted(changed));
        const auto before = again.lastTrusted(config.name);
        QVERIFY(before);
        QCOMPARE(before->by, QStringLiteral("dialog"));
        const QStringList changes = ServerTrustFacts::of(changed).changesSince(before->facts);
        QCOMPARE(changes.size(), 1);
        QVERIFY2(changes.first().contains(u"--unsafe"), qPrintable(changes.first()));

        // Trusting the changed command replaces what the name was trusted with.
        QVERIFY(again.trust(changed, QStringLiteral("terminal")));
        QVERIFY(again.isTrusted(changed));
        QVERIFY(!again.isTrusted(config));
    }

    void trustsGivenByTwoProcessesAreBothKept()
    {
        // Issue #35: the app and toolgate-cli each hold the list they read at start; each trust wrote its
        // own list back whole, so the trust the other gave meanwhile was lost (last writer wins). Two
        // instances on one file stand for the two processes, each having read the file before the other wrote.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("fresh/config/server-trust.json")); // no folder yet
        ServerTrust app(path);
        ServerTrust cli(path);
        QVERIFY(app.load());
        QVERIFY(cli.load());
        const ServerConfig tools = stdioConfig();
        ServerConfig other = stdioConfig();
        other.name = QStringLiteral("other");
        other.args = {QStringLiteral("other.js")};
        QVERIFY(app.trust(tools, QStringLiteral("dialog")));
        QVERIFY(cli.trust(other, QStringLiteral("terminal")));
        ServerTrust later(path);
        QVERIFY(later.load());
        QVERIFY(later.isTrusted(tools));
        QVERIFY(later.isTrusted(other));
        QVERIFY(cli.isTrusted(tools)); // what the other process trusted counts from the next write on
        // ...and a change of either is made to the file as it is, not to the stale copy.
        ServerConfig changed = tools;
        changed.args.append(QStringLiteral("--unsafe"));
        QVERIFY(app.trust(changed, QStringLiteral("dialog")));
        QVERIFY(later.load());
        QVERIFY(later.isTrusted(changed));
        QVERIFY(!later.isTrusted(tools));
        QVERIFY(later.isTrusted(other));

        // The change is made under the lock approvals.json is changed under: while another process holds
        // it, the trust holds in this process only and the error says why.
        QLockFile held(path + QStringLiteral(".lock"));
        QVERIFY(held.tryLock(0));
        ServerConfig third = stdioConfig();
        third.name = QStringLiteral("third");
        const Result<void> blocked = app.trust(third, QStringLiteral("dialog"));
        QVERIFY(!blocked);
        QVERIFY2(blocked.error().message.contains(QStringLiteral("being written by another Toolgate")), qPrintable(blocked.error().message));
        QVERIFY(app.isTrusted(third));
        QVERIFY(later.load());
        QVERIFY(!later.isTrusted(third));
    }

    void aBrokenFileTrustsNothingAndSaysSo_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addRow("not JSON") << QByteArray("{\"version\": 1, \"servers\": [");
        QTest::addRow("another format") << QByteArray("{\"version\": 99, \"servers\": []}");
        QTest::addRow("an array") << QByteArray("[1, 2, 3]");
        QTest::addRow("empty") << QByteArray();
    }

    void aBrokenFileTrustsNothingAndSaysSo()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("server-trust.json"));
        {
            ServerTrust trust(path);
            QVERIFY(trust.trust(stdioConfig(), QStringLiteral("dialog")));
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(content);
        file.close();

        ServerTrust trust(path);
        const Result<void> loaded = trust.load();
        QVERIFY(!loaded);
        QVERIFY(trust.loadError());
        QVERIFY2(loaded.error().message.contains(QDir::toNativeSeparators(path)), qPrintable(loaded.error().message));
        QVERIFY2(loaded.error().message.contains(u"asks again"), qPrintable(loaded.error().message));
        QVERIFY(!trust.isTrusted(stdioConfig()));
        // The next trust writes a good file again.
        QVERIFY(trust.trust(stdioConfig(), QStringLiteral("dialog")));
        QVERIFY(!trust.loadError());
        ServerTrust reread(path);
        QVERIFY(reread.load());
        QVERIFY(reread.isTrusted(stdioConfig()));
    }

    void anEntryEditedByHandCountsForNothing()
    {
        // Someone (or some program) edits the facts in the file to a command nobody saw: the stored
        // fingerprint no longer matches them, so neither the old nor the new command is trusted.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("server-trust.json"));
        {
            ServerTrust trust(path);
            QVERIFY(trust.trust(stdioConfig(), QStringLiteral("dialog")));
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        file.close();
        QJsonArray servers = root.value(u"servers").toArray();
        QJsonObject entry = servers.at(0).toObject();
        QJsonObject facts = entry.value(u"facts").toObject();
        facts.insert(QStringLiteral("program"), QStringLiteral("/tmp/evil"));
        entry.insert(QStringLiteral("facts"), facts);
        servers.replace(0, entry);
        root.insert(QStringLiteral("servers"), servers);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(QJsonDocument(root).toJson());
        file.close();

        ServerTrust trust(path);
        QVERIFY(trust.load());
        ServerConfig evil = stdioConfig();
        evil.command = QStringLiteral("/tmp/evil");
        QVERIFY(!trust.isTrusted(evil));
        QVERIFY(!trust.isTrusted(stdioConfig()));
    }

    void theBundledDemoServerIsTrustedFromTheStart()
    {
        // This test runs from the build's bin folder, where toolgate-demo-server is "next to the app".
        QTemporaryDir dir;
        ServerTrust trust(dir.filePath(QStringLiteral("server-trust.json")));
        QVERIFY(trust.load());
        ServerConfig demo;
        demo.name = QStringLiteral("demo");
        demo.command = demoServerPath();
        QVERIFY(ServerTrust::isBundledDemo(demo));
        QVERIFY(trust.isTrusted(demo));
        QVERIFY(trust.isTrusted(ServerConfig::demoServer()));
        // Its own options are harmless; its name on PATH only counts when PATH finds this very file.
        demo.args = {QStringLiteral("--page-size"), QStringLiteral("3")};
        QVERIFY(trust.isTrusted(demo));
        // An environment variable can change what any program does (LD_PRELOAD): asked.
        ServerConfig withEnv = demo;
        withEnv.env.insert(QStringLiteral("LD_PRELOAD"), QStringLiteral("/tmp/x.so"));
        QVERIFY(!trust.isTrusted(withEnv));
        // A program of the same name elsewhere is not the bundled one.
        const QString copy = dir.filePath(QStringLiteral("toolgate-demo-server"));
        QVERIFY(QFile::copy(demoServerPath(), copy));
        ServerConfig elsewhere = demo;
        elsewhere.command = copy;
        QVERIFY(!trust.isTrusted(elsewhere));
        ServerConfig fault = demo;
        fault.command = faultServerPath();
        QVERIFY(!trust.isTrusted(fault));
    }

    void aServersFileChangedOnDiskDoesNotStartUntilTrusted()
    {
        QTemporaryDir dir;
        const QString serversFile = dir.filePath(QStringLiteral("servers.json"));
        const QString pids = dir.filePath(QStringLiteral("pids"));
        ServerConfig fault = faultConfig(pids);
        QVERIFY(ServerConfigFile::save(serversFile, {fault}));

        AuditLog::Options auditOptions;
        auditOptions.path = dir.filePath(QStringLiteral("audit.sqlite"));
        AuditLog log(auditOptions);
        auto trust = std::make_shared<ServerTrust>(dir.filePath(QStringLiteral("server-trust.json")));
        QVERIFY(trust->load());
        Workspace workspace(serversFile);
        workspace.setServerTrust(trust);
        ConnectionAuditor auditor(&log, CallInitiator::Gui);
        auditor.watch(&workspace);

        // First start: nobody trusted it yet.
        QVERIFY(workspace.load());
        workspace.startAll();
        ServerConnection *connection = workspace.connection(QStringLiteral("fault"));
        QCOMPARE(connection->status(), ServerConnection::Status::WaitingForTrust);
        QVERIFY(connection->needsTrust());
        QVERIFY2(connection->statusText().contains(u"trust"), qPrintable(connection->statusText()));
        QVERIFY(startsNothing(connection));
        QCOMPARE(starts(pids), 0);
        workspace.startAll(); // asking again does not start it either
        QCOMPARE(connection->status(), ServerConnection::Status::WaitingForTrust);
        QVERIFY(connection->trust(QStringLiteral("dialog")));
        QTRY_COMPARE_WITH_TIMEOUT(connection->status(), ServerConnection::Status::Ready, 20000);
        QCOMPARE(starts(pids), 1);

        // Edited on disk: an argument more. A reload (or the next start of the app) does not run it.
        fault.args = {QStringLiteral("--protocol-version"), QStringLiteral("2025-06-18")};
        QVERIFY(ServerConfigFile::save(serversFile, {fault}));
        QVERIFY(workspace.load());
        workspace.startAll();
        connection = workspace.connection(QStringLiteral("fault"));
        QCOMPARE(connection->status(), ServerConnection::Status::WaitingForTrust);
        QVERIFY(startsNothing(connection));
        QCOMPARE(starts(pids), 1);
        connection->refuseTrust(QStringLiteral("dialog"));
        QCOMPARE(connection->status(), ServerConnection::Status::WaitingForTrust);
        QVERIFY(connection->trust(QStringLiteral("dialog")));
        QTRY_COMPARE_WITH_TIMEOUT(connection->status(), ServerConnection::Status::Ready, 20000);
        QCOMPARE(starts(pids), 2);

        // An edit in the app (updateServer) that changes what runs asks again too; so does one that
        // changes an environment value only (issue #35: PATH or NODE_OPTIONS run other code). A secret
        // kept in the keychain is not in the file: a new one asks nothing.
        ServerConfig edited = connection->config();
        edited.env.insert(QStringLiteral("EXTRA"), QStringLiteral("1"));
        QVERIFY(workspace.updateServer(QStringLiteral("fault"), edited));
        QCOMPARE(connection->status(), ServerConnection::Status::WaitingForTrust);
        edited.env.remove(QStringLiteral("EXTRA"));
        QVERIFY(workspace.updateServer(QStringLiteral("fault"), edited));
        QTRY_COMPARE_WITH_TIMEOUT(connection->status(), ServerConnection::Status::Ready, 20000);
        edited.env[QStringLiteral("FAULT_SERVER_PIDS")] = dir.filePath(QStringLiteral("pids2"));
        QVERIFY(workspace.updateServer(QStringLiteral("fault"), edited));
        QCOMPARE(connection->status(), ServerConnection::Status::WaitingForTrust);
        QVERIFY(startsNothing(connection));
        QCOMPARE(starts(dir.filePath(QStringLiteral("pids2"))), 0);
        QVERIFY(connection->trust(QStringLiteral("dialog")));
        QTRY_COMPARE_WITH_TIMEOUT(connection->status(), ServerConnection::Status::Ready, 20000);
        QCOMPARE(starts(dir.filePath(QStringLiteral("pids2"))), 1);

        // Every decision is in the audit log: what was shown, and by whom.
        QVERIFY(log.waitForWrites());
        const auto stored = TestSupport::storedRecords(auditOptions.path,
                                                       {.types = {AuditRecordType::Connection}, .servers = {QStringLiteral("fault")}});
        QVERIFY(stored);
        const QList<AuditRecord> &records = stored.value();
        const QStringList names = TestSupport::namesOf(records);
        QCOMPARE(names.count(QStringLiteral("trust_needed")), 4);
        QCOMPARE(names.count(QStringLiteral("trust_granted")), 3);
        QCOMPARE(names.count(QStringLiteral("trust_refused")), 1);
        const auto granted = std::find_if(records.cbegin(), records.cend(), [](const AuditRecord &r) { return r.name == u"trust_granted"; });
        QCOMPARE(granted->arguments.value(u"program").toString(), faultServerPath());
        QCOMPARE(granted->arguments.value(u"environmentNames").toArray(), QJsonArray{QStringLiteral("FAULT_SERVER_PIDS")});
        QCOMPARE(granted->arguments.value(u"by").toString(), QStringLiteral("dialog"));
        QCOMPARE(granted->arguments.value(u"fingerprint").toString().size(), 64);
        QCOMPARE(granted->initiator, CallInitiator::Gui);
        QCOMPARE(granted->arguments.value(u"environment").toObject().value(u"FAULT_SERVER_PIDS").toString(), pids); // what was trusted
        const auto changed = std::find_if(records.crbegin(), records.crend(), [](const AuditRecord &r) { return r.name == u"trust_needed"; });
        QVERIFY2(changed->arguments.value(u"changes").toArray().size() == 1,
                 QJsonDocument(changed->arguments).toJson().constData());
        QVERIFY2(changed->arguments.value(u"changes").toArray().first().toString().contains(u"FAULT_SERVER_PIDS"),
                 QJsonDocument(changed->arguments).toJson().constData());
    }

    void aChangedSandboxAsksForTrustAgain()
    {
        // Issue 32: the sandbox is part of what runs. An edit that changes only the profile of a running,
        // trusted server (the editor's, or the grant a blocked access offers) stops it until the person
        // trusts it with the new profile; then it runs with it.
        QTemporaryDir dir;
        const QString serversFile = dir.filePath(QStringLiteral("servers.json"));
        const QString pids = dir.filePath(QStringLiteral("pids"));
        const ServerConfig fault = faultConfig(pids);
        QVERIFY(ServerConfigFile::save(serversFile, {fault}));
        auto trust = std::make_shared<ServerTrust>(dir.filePath(QStringLiteral("server-trust.json")));
        QVERIFY(trust->load());
        QVERIFY(trust->trust(fault, QStringLiteral("dialog")));
        Workspace workspace(serversFile);
        workspace.setServerTrust(trust);
        QVERIFY(workspace.load());
        workspace.startAll();
        ServerConnection *connection = workspace.connection(QStringLiteral("fault"));
        QTRY_COMPARE_WITH_TIMEOUT(connection->status(), ServerConnection::Status::Ready, 20000);
        QCOMPARE(starts(pids), 1);

        ServerConfig edited = connection->config();
        edited.sandbox.network = SandboxProfile::Network::Off;
        edited.sandbox.grants.append({dir.filePath(QStringLiteral("more")), false});
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("more"))));
        QVERIFY(workspace.updateServer(QStringLiteral("fault"), edited));
        QCOMPARE(connection->status(), ServerConnection::Status::WaitingForTrust);
        QVERIFY(startsNothing(connection));
        QCOMPARE(starts(pids), 1);
        const auto before = trust->lastTrusted(QStringLiteral("fault"));
        QVERIFY(before);
        const QStringList changes = ServerTrustFacts::of(edited).changesSince(before->facts);
        QVERIFY2(changes.size() == 1 && changes.first().startsWith(u"Sandbox:") && changes.first().contains(u"more"),
                 qPrintable(changes.join(u'\n')));
        // The file holds the new profile.
        const auto saved = ServerConfigFile::load(serversFile);
        QVERIFY(saved);
        QCOMPARE(saved.value().first().sandbox, edited.sandbox);

        QVERIFY(connection->trust(QStringLiteral("dialog")));
        QTRY_COMPARE_WITH_TIMEOUT(connection->status(), ServerConnection::Status::Ready, 20000);
        QCOMPARE(starts(pids), 2);
    }

    void environmentValuesAreTrustedSecretsNeverInClear()
    {
        // Issue #35: a trusted entry whose PATH (or PYTHONPATH, NODE_OPTIONS, ...) is edited on disk runs
        // other code: it is not trusted. A secret value is kept only as a digest keyed with this
        // installation's key, which only its owner can read.
        QTemporaryDir dir;
        qputenv("TOOLGATE_CONFIG_DIR", dir.path().toLocal8Bit());
        const auto restore = qScopeGuard([this] { qputenv("TOOLGATE_CONFIG_DIR", m_config.path().toLocal8Bit()); });
        const QString trustFile = dir.filePath(QStringLiteral("server-trust.json"));
        ServerConfig config = stdioConfig();
        config.env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
        config.env.insert(QStringLiteral("GITHUB_TOKEN"), QStringLiteral("ghp_s3cr3tValue"));
        config.secretKeys = {QStringLiteral("GITHUB_TOKEN")};
        config.plainSecretKeys = {QStringLiteral("GITHUB_TOKEN")}; // typed into the file
        {
            ServerTrust trust(trustFile);
            QVERIFY(trust.load());
            QVERIFY(trust.trust(config, QStringLiteral("dialog")));
        }
        QFile file(trustFile);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray stored = file.readAll();
        QVERIFY2(stored.contains("/usr/bin:/bin"), stored.constData()); // an ordinary value is shown and kept
        for (const char *secret : {"ghp_s3cr3tValue", "one"}) // API_KEY's value looks secret too
            QVERIFY2(!stored.contains(QByteArray(QByteArray("\"") + secret + '"')), stored.constData());
        const QFileInfo key(dir.filePath(QStringLiteral("trust-digest.key")));
        QVERIFY(key.exists());
#ifdef Q_OS_UNIX
        QCOMPARE(key.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup | QFileDevice::WriteOther),
                 QFileDevice::Permissions());
#endif

        ServerTrust trust(trustFile);
        QVERIFY(trust.load());
        QVERIFY(trust.isTrusted(config)); // the same key next time
        ServerConfig path = config;
        path.env[QStringLiteral("PATH")] = QStringLiteral("/tmp/evil:/usr/bin:/bin");
        QVERIFY(!trust.isTrusted(path));
        QVERIFY2(ServerTrustFacts::of(path).changesSince(trust.lastTrusted(config.name)->facts)
                     == QStringList{QStringLiteral("Environment variable PATH: /usr/bin:/bin → /tmp/evil:/usr/bin:/bin")},
                 qPrintable(ServerTrustFacts::of(path).changesSince(trust.lastTrusted(config.name)->facts).join(u'\n')));
        ServerConfig token = config;
        token.env[QStringLiteral("GITHUB_TOKEN")] = QStringLiteral("ghp_other");
        QVERIFY(!trust.isTrusted(token));
        const QStringList changes = ServerTrustFacts::of(token).changesSince(trust.lastTrusted(config.name)->facts);
        QCOMPARE(changes, QStringList{QStringLiteral("Environment variable GITHUB_TOKEN: its secret value changed")});
        QCOMPARE(ServerTrustFacts::shownValue(ServerTrustFacts::of(token).environment.value(QStringLiteral("GITHUB_TOKEN"))),
                 QStringLiteral("(secret)"));

        // A value that reads like what is kept for a secret is still only that value.
        ServerConfig literal = stdioConfig();
        literal.env[QStringLiteral("MODE")] = QStringLiteral("keychain");
        ServerConfig held = stdioConfig();
        held.secretKeys = {QStringLiteral("MODE")};
        held.env[QStringLiteral("MODE")] = ServerConfig::secretPlaceholder();
        QVERIFY(fingerprintOf(literal) != fingerprintOf(held));
        // Where it is kept is not claimed: without a keychain service it lives in memory.
        QCOMPARE(ServerTrustFacts::shownValue(ServerTrustFacts::of(held).environment.value(QStringLiteral("MODE"))),
                 QStringLiteral("(secret, not shown)"));
        QCOMPARE(ServerTrustFacts::shownValue(ServerTrustFacts::of(literal).environment.value(QStringLiteral("MODE"))), QStringLiteral("keychain"));

        // Another installation (another key) keeps other digests of the same secret.
        QTemporaryDir other;
        qputenv("TOOLGATE_CONFIG_DIR", other.path().toLocal8Bit());
        QVERIFY(ServerTrustFacts::of(config).environment.value(QStringLiteral("GITHUB_TOKEN"))
                != trust.lastTrusted(config.name)->facts.environment.value(QStringLiteral("GITHUB_TOKEN")));
    }

    void anEntryTrustedBeforeValuesCountedIsAskedAboutOnce()
    {
        // server-trust.json written before values were checked: names only. Such a server is asked about
        // once, and the person is told why. A server without variables of its own keeps its trust.
        QTemporaryDir dir;
        const QString trustFile = dir.filePath(QStringLiteral("server-trust.json"));
        ServerConfig config = stdioConfig();
        ServerConfig bare = stdioConfig();
        bare.name = QStringLiteral("bare");
        bare.env.clear();
        ServerTrustFacts old = ServerTrustFacts::of(config);
        old.environment.clear();
        QJsonArray entries;
        for (const auto &[name, facts] : {std::pair{config.name, old}, std::pair{bare.name, ServerTrustFacts::of(bare)}}) {
            entries.append(QJsonObject{{QStringLiteral("server"), name},
                                       {QStringLiteral("fingerprint"), facts.fingerprint()},
                                       {QStringLiteral("facts"), facts.toJson()},
                                       {QStringLiteral("trustedAt"), QStringLiteral("2026-01-01T00:00:00.000Z")},
                                       {QStringLiteral("by"), QStringLiteral("dialog")}});
        }
        QFile file(trustFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(QJsonObject{{QStringLiteral("version"), 1}, {QStringLiteral("servers"), entries}}).toJson());
        file.close();
        ServerTrust trust(trustFile);
        QVERIFY(trust.load());
        QVERIFY(trust.isTrusted(bare));
        QVERIFY(!trust.isTrusted(config));
        const QStringList changes = ServerTrustFacts::of(config).changesSince(trust.lastTrusted(config.name)->facts);
        QCOMPARE(changes.size(), 1);
        QVERIFY2(changes.first().contains(u"now checks them too"), qPrintable(changes.first()));
    }

    void serversOfOneRunAreNotAskedAbout()
    {
        // toolgate-cli's "-- command" servers: typed by the person, so the workspace does not hold them.
        QTemporaryDir dir;
        auto trust = std::make_shared<ServerTrust>(dir.filePath(QStringLiteral("server-trust.json")));
        Workspace workspace(QString{});
        workspace.setServerTrust(trust);
        ServerConfig fault;
        fault.name = QStringLiteral("typed");
        fault.command = faultServerPath();
        auto typed = workspace.addTransientServer(fault);
        QVERIFY(typed);
        QVERIFY(!typed.value()->needsTrust());
        fault.name = QStringLiteral("from a file");
        auto fromFile = workspace.addTransientServer(fault, true);
        QVERIFY(fromFile);
        QVERIFY(fromFile.value()->needsTrust());
        fromFile.value()->start();
        QCOMPARE(fromFile.value()->status(), ServerConnection::Status::WaitingForTrust);
    }
};

QTEST_GUILESS_MAIN(tst_ServerTrust)
#include "tst_servertrust.moc"
