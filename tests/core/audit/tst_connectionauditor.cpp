// ConnectionAuditor over real child processes: a server that starts (demo), one whose command does
// not exist, one that keeps crashing until the connection gives up, one added later, and a bare
// ClientSession as toolgate-cli uses it. Read back from the real store.

#include "auditrecords.h"
#include "builtservers.h"
#include "modernpeer.h"

#include "core/audit/auditlog.h"
#include "core/audit/auditreader.h"
#include "core/audit/connectionauditor.h"
#include "core/client/clientsession.h"
#include "core/workspace/eracache.h"
#include "core/workspace/transportfactory.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/workspace.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

class tst_ConnectionAuditor final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString auditPath() const { return m_dir.filePath(QStringLiteral("audit.sqlite")); }

    QList<AuditRecord> events(const QString &server)
    {
        const auto stored = storedRecords(auditPath(), {.types = {AuditRecordType::Connection}, .servers = {server}});
        return stored ? stored.value() : QList<AuditRecord>();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        QVERIFY(QFileInfo(demoConfig().command).isExecutable());
    }

    void workspaceConnectionsAreRecorded()
    {
        ServerConfig missing;
        missing.name = QStringLiteral("missing");
        missing.command = QStringLiteral("/nonexistent/toolgate-no-such-server");
        ServerConfig crashing;
        crashing.name = QStringLiteral("crashing");
        crashing.command = QStringLiteral("/bin/sh");
        crashing.args = {QStringLiteral("-c"), QStringLiteral("exit 3")};
        const QString serversFile = m_dir.filePath(QStringLiteral("servers.json"));
        QVERIFY(ServerConfigFile::save(serversFile, {demoConfig(), missing, crashing}).ok());

        AuditLog::Options options;
        options.path = auditPath();
        AuditLog log(options);
        Workspace workspace(serversFile);
        workspace.setRestartPolicy({.initialDelay = std::chrono::milliseconds(20), .maxDelay = std::chrono::milliseconds(40),
                                    .maxCrashes = 3, .window = std::chrono::minutes(1)});
        ConnectionAuditor auditor(&log, CallInitiator::Gui);
        auditor.watch(&workspace);
        QVERIFY(workspace.load());
        workspace.startAll();

        ServerConnection *demo = workspace.connection(QStringLiteral("demo"));
        QTRY_COMPARE_WITH_TIMEOUT(demo->status(), ServerConnection::Status::Ready, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(workspace.connection(QStringLiteral("missing"))->status(), ServerConnection::Status::Failed, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(workspace.connection(QStringLiteral("crashing"))->status(), ServerConnection::Status::Failed, 20000);
        // A server added later is watched too; stopping one is recorded.
        QVERIFY(workspace.addServer(demoConfig(QStringLiteral("later"))));
        QTRY_COMPARE_WITH_TIMEOUT(workspace.connection(QStringLiteral("later"))->status(), ServerConnection::Status::Ready, 20000);
        demo->stop();
        QVERIFY(workspace.setServerEnabled(QStringLiteral("later"), false));
        QVERIFY(log.waitForWrites());

        const QList<AuditRecord> demoEvents = events(QStringLiteral("demo"));
        QCOMPARE(namesOf(demoEvents),
                 (QStringList{QStringLiteral("connecting"), QStringLiteral("connected"), QStringLiteral("disconnected")}));
        const AuditRecord &ready = demoEvents.at(1);
        QCOMPARE(ready.serverEndpoint, demoConfig().endpoint());
        QCOMPARE(ready.serverInfo.value(u"name").toString(), QStringLiteral("toolgate-demo-server"));
        QVERIFY(!ready.arguments.value(u"protocolVersion").toString().isEmpty());
        QCOMPARE(ready.initiator, CallInitiator::Gui);

        const QList<AuditRecord> missingEvents = events(QStringLiteral("missing"));
        QCOMPARE(namesOf(missingEvents), (QStringList{QStringLiteral("connecting"), QStringLiteral("connect_failed")}));
        const QString reason = missingEvents.at(1).arguments.value(u"message").toString();
        QVERIFY2(reason.contains(u"toolgate-no-such-server"), qPrintable(reason));

        const QStringList crashes = namesOf(events(QStringLiteral("crashing")));
        QCOMPARE(crashes.count(QStringLiteral("restarting")), 2);
        QCOMPARE(crashes.count(QStringLiteral("connecting")), 3);
        QCOMPARE(crashes.constLast(), QStringLiteral("gave_up"));
        QVERIFY(!crashes.contains(QStringLiteral("connect_failed")));

        QCOMPARE(namesOf(events(QStringLiteral("later"))),
                 (QStringList{QStringLiteral("connecting"), QStringLiteral("connected"), QStringLiteral("disabled")}));
    }

    void aServerOfOneRunIsRecordedAsTheCli()
    {
        AuditLog::Options options;
        options.path = auditPath();
        AuditLog log(options);
        {
            // toolgate-cli's way: a workspace of this run only, the chosen server added to it.
            Workspace workspace(QString{});
            ConnectionAuditor auditor(&log, CallInitiator::Cli);
            auditor.watch(&workspace);
            ServerConfig config = demoConfig();
            config.name = QStringLiteral("cli-demo");
            ServerConnection *connection = workspace.addTransientServer(config).value();
            connection->start();
            QTRY_VERIFY_WITH_TIMEOUT(connection->status() == ServerConnection::Status::Ready, 20000);
            connection->stop();
        }
        QVERIFY(log.waitForWrites());
        const QList<AuditRecord> recorded = events(QStringLiteral("cli-demo"));
        QCOMPARE(namesOf(recorded),
                 (QStringList{QStringLiteral("connecting"), QStringLiteral("connected"), QStringLiteral("disconnected")}));
        QCOMPARE(recorded.at(1).initiator, CallInitiator::Cli);
        QCOMPARE(recorded.at(1).serverInfo.value(u"name").toString(), QStringLiteral("toolgate-demo-server"));
    }

    void connectedRecordsTheEra()
    {
        // Issue 15: the Connected event says which era the session speaks and how that was settled — a
        // probe on the first start, the era cache on the next, the setting when there is one.
        const ServerConfig modern = modernPeerConfig();
        QVERIFY2(QFileInfo(modern.command).isExecutable(), "the npm test peers are not installed (tests/npm)");
        // A legacy-only server (the demo server speaks both eras): the fault server answers server/discover with
        // -32601 and is an ordinary initialize-era server otherwise.
        ServerConfig legacy;
        legacy.name = QStringLiteral("legacy");
        legacy.command = executable(QStringLiteral("toolgate-fault-server"));
        ServerConfig pinned = demoConfig(QStringLiteral("pinned"));
        pinned.protocolEra = ServerConfig::EraPreference::Legacy;

        AuditLog::Options options;
        options.path = auditPath();
        AuditLog log(options);
        auto cache = std::make_shared<EraCache>(m_dir.filePath(QStringLiteral("eras.json")));
        for (int start = 0; start < 2; ++start) {
            Workspace workspace(QString{});
            workspace.setEraCache(cache);
            ConnectionAuditor auditor(&log, CallInitiator::Gui);
            auditor.watch(&workspace);
            for (const ServerConfig &config : {modern, legacy, pinned}) {
                ServerConnection *connection = workspace.addTransientServer(config).value();
                connection->start();
                QTRY_VERIFY2_WITH_TIMEOUT(connection->status() == ServerConnection::Status::Ready,
                                          qPrintable(connection->statusText()), 30000);
                connection->stop();
            }
        }
        QVERIFY(log.waitForWrites());

        const auto connected = [&](const QString &server) {
            QList<QJsonObject> details;
            for (const AuditRecord &record : events(server)) {
                if (record.name == u"connected")
                    details.append(record.arguments);
            }
            return details;
        };
        const QList<QJsonObject> modernEvents = connected(QStringLiteral("modern"));
        QCOMPARE(modernEvents.size(), 2);
        QCOMPARE(modernEvents.at(0).value(u"era").toString(), QStringLiteral("modern"));
        QCOMPARE(modernEvents.at(0).value(u"eraDecidedBy").toString(), QStringLiteral("server/discover"));
        QCOMPARE(modernEvents.at(0).value(u"eraSource").toString(), QStringLiteral("probe"));
        QCOMPARE(modernEvents.at(0).value(u"eraProbe").toString(), QStringLiteral("probe result"));
        QVERIFY(modernEvents.at(0).value(u"probeMs").toInteger(-1) >= 0);
        QCOMPARE(modernEvents.at(0).value(u"protocolVersion").toString(), QStringLiteral("2026-07-28"));
        QCOMPARE(modernEvents.at(1).value(u"eraSource").toString(), QStringLiteral("cache"));
        QVERIFY(!modernEvents.at(1).contains(u"probeMs"));

        const QList<QJsonObject> legacyEvents = connected(QStringLiteral("legacy"));
        QCOMPARE(legacyEvents.size(), 2);
        QCOMPARE(legacyEvents.at(0).value(u"era").toString(), QStringLiteral("legacy"));
        QCOMPARE(legacyEvents.at(0).value(u"eraDecidedBy").toString(), QStringLiteral("initialize"));
        QCOMPARE(legacyEvents.at(0).value(u"eraSource").toString(), QStringLiteral("probe"));
        QCOMPARE(legacyEvents.at(1).value(u"eraSource").toString(), QStringLiteral("cache"));
        QVERIFY(legacyEvents.at(1).value(u"protocolVersion").toString().startsWith(u"20"));

        const QList<QJsonObject> pinnedEvents = connected(QStringLiteral("pinned"));
        QCOMPARE(pinnedEvents.size(), 2);
        QCOMPARE(pinnedEvents.at(1).value(u"era").toString(), QStringLiteral("legacy"));
        QCOMPARE(pinnedEvents.at(1).value(u"eraSource").toString(), QStringLiteral("setting"));
        QVERIFY(!pinnedEvents.at(1).contains(u"eraProbe"));
    }
};

QTEST_GUILESS_MAIN(tst_ConnectionAuditor)
#include "tst_connectionauditor.moc"
