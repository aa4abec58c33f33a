#include "core/workspace/workspace.h"

#include "core/client/clientsession.h"
#include "core/workspace/serverconfigfile.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <memory>
#include <QTest>

using namespace Toolgate;

namespace {

QString demoServerPath()
{
    return QDir(QStringLiteral(TOOLGATE_BIN_DIR)).filePath(QStringLiteral("toolgate-demo-server"));
}

ServerConfig demoConfig(const QString &name)
{
    ServerConfig config;
    config.name = name;
    config.command = demoServerPath();
    return config;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class tst_Workspace final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir; // a folder of the test's own

    /// servers.json in the test's folder with servers saved in it; its path, or none if it could not be saved.
    QString savedServers(const QList<ServerConfig> &servers) const
    {
        const QString path = m_dir->filePath(QStringLiteral("servers.json"));
        return ServerConfigFile::save(path, servers).ok() ? path : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(QFileInfo(demoServerPath()).isExecutable(), qPrintable(demoServerPath()));
    }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void cleanup() { m_dir.reset(); }

    void firstStartConfiguresAndConnectsTheDemoServer()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config/servers.json"));
        Workspace workspace(path);
        QSignalSpy reset(&workspace, &Workspace::connectionsReset);

        const Result<Workspace::LoadOutcome> loaded = workspace.load();
        QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error().message));
        QCOMPARE(loaded.value(), Workspace::LoadOutcome::FirstStart);
        QCOMPARE(reset.size(), 1);
        QCOMPARE(workspace.count(), 1);
        QVERIFY(QFile::exists(path));

        const Result<QList<ServerConfig>> written = ServerConfigFile::load(path);
        QVERIFY(written.ok());
        QCOMPARE(written->size(), 1);
        QCOMPARE(written->first().name, ServerConfig::demoServer().name);

        ServerConnection *demo = workspace.connectionAt(0);
        workspace.startAll();
        QTRY_COMPARE_WITH_TIMEOUT(demo->status(), ServerConnection::Status::Ready, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(!demo->tools().isEmpty(), 10000);

        // A second start finds the file and does not touch it.
        const QByteArray before = readAll(path);
        Workspace again(path);
        const Result<Workspace::LoadOutcome> reloaded = again.load();
        QVERIFY(reloaded.ok());
        QCOMPARE(reloaded.value(), Workspace::LoadOutcome::Loaded);
        QCOMPARE(readAll(path), before);
    }

    void loadsAnExistingFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("servers.json"));
        ServerConfig remote;
        remote.name = QStringLiteral("remote");
        remote.transport = ServerConfig::Transport::Http;
        remote.url = QStringLiteral("https://example.invalid/mcp");
        QVERIFY(ServerConfigFile::save(path, {demoConfig(QStringLiteral("one")), remote}).ok());

        Workspace workspace(path);
        const Result<Workspace::LoadOutcome> loaded = workspace.load();
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.value(), Workspace::LoadOutcome::Loaded);
        QStringList names = workspace.serverNames();
        names.sort();
        QCOMPARE(names, (QStringList{QStringLiteral("one"), QStringLiteral("remote")}));
        QVERIFY(workspace.connection(QStringLiteral("remote")));
        QCOMPARE(workspace.connectionAt(workspace.indexOf(workspace.connection(QStringLiteral("remote")))),
                 workspace.connection(QStringLiteral("remote")));
        QVERIFY(!workspace.loadError());
    }

    void brokenFileIsReportedAndNeverOverwritten()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("servers.json"));
        const QByteArray broken = "{ \"mcpServers\": { \"x\": { \"command\": \"a\", } ";
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(broken);
        }
        Workspace workspace(path);
        const Result<Workspace::LoadOutcome> loaded = workspace.load();
        QVERIFY(!loaded.ok());
        QVERIFY(!loaded.error().message.isEmpty());
        QVERIFY(workspace.loadError());
        QCOMPARE(workspace.count(), 0);

        QVERIFY(!workspace.save().ok());
        QVERIFY(!workspace.addServer(demoConfig(QStringLiteral("new"))).ok());
        QCOMPARE(workspace.count(), 0);
        QCOMPARE(readAll(path), broken);

        // Once the person fixes the file, a reload works and writes are allowed again.
        QVERIFY(ServerConfigFile::save(path, {demoConfig(QStringLiteral("fixed"))}).ok());
        QVERIFY(workspace.load().ok());
        QVERIFY(!workspace.loadError());
        QVERIFY(workspace.save().ok());
    }

    void addUpdateRemoveKeepNamesUniqueAndSave()
    {
        const QString path = savedServers({});
        QVERIFY(!path.isEmpty());
        Workspace workspace(path);
        QVERIFY(workspace.load().ok());
        QSignalSpy added(&workspace, &Workspace::connectionAdded);
        QSignalSpy aboutToRemove(&workspace, &Workspace::connectionAboutToBeRemoved);
        QSignalSpy changed(&workspace, &Workspace::connectionConfigChanged);

        ServerConfig disabled = demoConfig(QStringLiteral("alpha"));
        disabled.enabled = false;
        const Result<ServerConnection *> alpha = workspace.addServer(disabled);
        QVERIFY(alpha.ok());
        QCOMPARE(added.size(), 1);
        QCOMPARE(alpha.value()->status(), ServerConnection::Status::Disabled);

        // Errors are values, and nothing changes.
        QVERIFY(!workspace.addServer(demoConfig(QStringLiteral("ALPHA"))).ok());
        QVERIFY(!workspace.addServer(demoConfig(QString())).ok());
        QVERIFY(!workspace.addServer(demoConfig(QStringLiteral(" padded "))).ok());
        ServerConfig noCommand;
        noCommand.name = QStringLiteral("nocommand");
        QVERIFY(!workspace.addServer(noCommand).ok());
        ServerConfig noUrl;
        noUrl.name = QStringLiteral("nourl");
        noUrl.transport = ServerConfig::Transport::Http;
        QVERIFY(!workspace.addServer(noUrl).ok());
        noUrl.url = QStringLiteral("ftp://example.invalid");
        QVERIFY(!workspace.addServer(noUrl).ok());
        QCOMPARE(workspace.count(), 1);
        QCOMPARE(added.size(), 1);
        QCOMPARE(workspace.uniqueName(QStringLiteral("Alpha")), QStringLiteral("Alpha 2"));

        ServerConfig beta = demoConfig(QStringLiteral("beta"));
        beta.enabled = false;
        QVERIFY(workspace.addServer(beta).ok());
        ServerConfig clash = beta;
        clash.name = QStringLiteral("Alpha");
        QVERIFY(!workspace.updateServer(QStringLiteral("beta"), clash).ok());

        // Rename.
        ServerConfig renamed = workspace.connection(QStringLiteral("alpha"))->config();
        renamed.name = QStringLiteral("gamma");
        renamed.args = {QStringLiteral("--page-size"), QStringLiteral("2")};
        QVERIFY(workspace.updateServer(QStringLiteral("alpha"), renamed).ok());
        QCOMPARE(changed.size(), 1);
        QCOMPARE(workspace.connection(QStringLiteral("gamma")), alpha.value());
        QVERIFY(!workspace.connection(QStringLiteral("alpha")));
        // Unchanged configs are not reported.
        QVERIFY(workspace.updateServer(QStringLiteral("gamma"), renamed).ok());
        QCOMPARE(changed.size(), 1);

        Result<QList<ServerConfig>> onDisk = ServerConfigFile::load(path);
        QVERIFY(onDisk.ok());
        QCOMPARE(onDisk->size(), 2);
        // The file's order is the file format's business; find gamma by name.
        const auto gamma = std::find_if(onDisk->cbegin(), onDisk->cend(),
                                        [](const ServerConfig &c) { return c.name == u"gamma"; });
        QVERIFY(gamma != onDisk->cend());
        QCOMPARE(gamma->args, renamed.args);
        QCOMPARE(gamma->enabled, false);

        QVERIFY(workspace.removeServer(QStringLiteral("gamma")).ok());
        QCOMPARE(aboutToRemove.size(), 1);
        QVERIFY(!workspace.removeServer(QStringLiteral("gamma")).ok());
        onDisk = ServerConfigFile::load(path);
        QVERIFY(onDisk.ok());
        QCOMPARE(onDisk->size(), 1);
        QCOMPARE(onDisk->at(0).name, QStringLiteral("beta"));
    }

    void enableAndDisable()
    {
        const QString path = savedServers({demoConfig(QStringLiteral("demo"))});
        QVERIFY(!path.isEmpty());
        Workspace workspace(path);
        QVERIFY(workspace.load().ok());
        ServerConnection *demo = workspace.connection(QStringLiteral("demo"));
        workspace.startAll();
        QTRY_COMPARE_WITH_TIMEOUT(demo->status(), ServerConnection::Status::Ready, 15000);

        QVERIFY(workspace.setServerEnabled(QStringLiteral("demo"), false).ok());
        QCOMPARE(demo->status(), ServerConnection::Status::Disabled);
        QVERIFY(demo->tools().isEmpty());
        QCOMPARE(ServerConfigFile::load(path)->first().enabled, false);

        QVERIFY(workspace.setServerEnabled(QStringLiteral("demo"), true).ok());
        QTRY_COMPARE_WITH_TIMEOUT(demo->status(), ServerConnection::Status::Ready, 15000);
        workspace.stopAll();
        QCOMPARE(demo->status(), ServerConnection::Status::Stopped);
    }

    void sessionConfiguratorReachesEveryConnection()
    {
        const QString path = savedServers({demoConfig(QStringLiteral("one"))});
        QVERIFY(!path.isEmpty());
        Workspace workspace(path);
        QStringList configured;
        workspace.setSessionConfigurator([&configured](ClientSession *session, ServerConnection *connection) {
            QVERIFY(session);
            configured.append(connection->name());
        });
        QVERIFY(workspace.load().ok());
        workspace.startAll();
        QCOMPARE(configured, QStringList{QStringLiteral("one")});

        QVERIFY(workspace.addServer(demoConfig(QStringLiteral("two"))).ok());
        QCOMPARE(configured, (QStringList{QStringLiteral("one"), QStringLiteral("two")}));
        QTRY_COMPARE_WITH_TIMEOUT(workspace.connection(QStringLiteral("two"))->status(), ServerConnection::Status::Ready, 15000);
    }

    void reloadReplacesConnections()
    {
        const QString path = savedServers({demoConfig(QStringLiteral("one"))});
        QVERIFY(!path.isEmpty());
        Workspace workspace(path);
        QVERIFY(workspace.load().ok());
        QPointer<ServerConnection> old = workspace.connectionAt(0);
        QSignalSpy aboutToReset(&workspace, &Workspace::connectionsAboutToBeReset);
        QSignalSpy reset(&workspace, &Workspace::connectionsReset);
        QVERIFY(ServerConfigFile::save(path, {demoConfig(QStringLiteral("two")), demoConfig(QStringLiteral("three"))}).ok());
        QVERIFY(workspace.load().ok());
        QCOMPARE(aboutToReset.size(), 1);
        QCOMPARE(reset.size(), 1);
        QVERIFY(old.isNull());
        QStringList names = workspace.serverNames();
        names.sort();
        QCOMPARE(names, (QStringList{QStringLiteral("three"), QStringLiteral("two")}));
    }
};

QTEST_GUILESS_MAIN(tst_Workspace)
#include "tst_workspace.moc"
