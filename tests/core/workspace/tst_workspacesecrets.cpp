// Secret env values of a workspace live in a SecretStore (WorkspaceSecrets keeps them there), not in
// servers.json: saving, reloading into a real server process, a missing secret, rename, remove and
// unmarking. A MemorySecretStore is the store (CI has no Secret Service daemon); it is a complete
// SecretStore, not a mock.

#include "../../support/secretstoretesting.h"
#include "germantranslation.h"
#include "postedevents.h"
#include "toolcallkeyfortests.h"
#include "core/auth/secretstore.h"
#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/serversecretreader.h"
#include "core/workspace/workspace.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using Toolgate::TestSupport::readAll;
using Toolgate::TestSupport::storedValue;

namespace {

const QString kSecret = QStringLiteral("s3cr3t-value-9f2c");

QString faultServerPath()
{
#ifdef Q_OS_WIN
    return QDir(QStringLiteral(TOOLGATE_BIN_DIR)).filePath(QStringLiteral("toolgate-fault-server.exe"));
#else
    return QDir(QStringLiteral(TOOLGATE_BIN_DIR)).filePath(QStringLiteral("toolgate-fault-server"));
#endif
}

ServerConfig secretServer(const QString &name)
{
    ServerConfig config;
    config.name = name;
    config.command = faultServerPath();
    config.env.insert(QStringLiteral("API_KEY"), kSecret);
    config.env.insert(QStringLiteral("MODE"), QStringLiteral("plain-mode"));
    config.secretKeys = {QStringLiteral("API_KEY")};
    return config;
}

// secretServer with a second secret, CUSTOM, that the user marked secret themselves.
ServerConfig twoSecretServer(const QString &name)
{
    ServerConfig config = secretServer(name);
    config.env.insert(QStringLiteral("CUSTOM"), QStringLiteral("custom-secret-77"));
    config.secretKeys.append(QStringLiteral("CUSTOM"));
    return config;
}



// Asks the running fault server for one of its environment variables.
QString serverEnv(ServerConnection *connection, const QString &variable)
{
    std::optional<QString> answer;
    QObject context;
    connection->session()->callTool(ToolCallKeyForTests::make(), QStringLiteral("env"), {{QStringLiteral("name"), variable}}, {}, &context,
                                    [&answer](const Result<CallToolResult> &result) {
                                        answer = result ? result->textSummary() : QStringLiteral("<error %1>").arg(result.error().message);
                                    });
    if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, 10000))
        return QStringLiteral("<no answer>");
    return *answer;
}

bool waitReady(ServerConnection *connection)
{
    return QTest::qWaitFor([connection] { return connection->status() == ServerConnection::Status::Ready; }, 15000);
}

} // namespace

class tst_WorkspaceSecrets final : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<MemorySecretStore> m_store;

    /// This test's servers.json (init writes it empty).
    QString path() const { return m_dir->filePath(QStringLiteral("servers.json")); }
    /// The store this test's secrets go to.
    MemorySecretStore &store() const { return *m_store; }
    /// Loads workspace with its secrets in the store; false when it did not load.
    bool load(Workspace &workspace) const
    {
        workspace.secrets()->setStore(m_store.get());
        return workspace.load().ok();
    }

    /// Adds servers, never started (disabled), as an earlier run of the app would have; whether all were saved.
    bool addStopped(const QList<ServerConfig> &servers) const
    {
        Workspace first(path());
        if (!load(first))
            return false;
        for (ServerConfig config : servers) {
            config.enabled = false;
            if (!first.addServer(config).ok())
                return false;
        }
        return true;
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(QFileInfo(faultServerPath()).isExecutable(), qPrintable(faultServerPath()));
    }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_store = std::make_unique<MemorySecretStore>();
        QVERIFY(ServerConfigFile::save(path(), {}).ok());
    }

    void savedFileHoldsNoSecretAndReloadPassesItToTheServer()
    {
        {
            Workspace workspace(path());
            QVERIFY(load(workspace));
            const Result<ServerConnection *> added = workspace.addServer(secretServer(QStringLiteral("keeper")));
            QVERIFY2(added.ok(), qPrintable(added.ok() ? QString() : added.error().message));
            QVERIFY(waitReady(added.value()));
            QCOMPARE(serverEnv(added.value(), QStringLiteral("API_KEY")), kSecret);
        }
        const QByteArray bytes = readAll(path());
        QVERIFY2(!bytes.contains(kSecret.toUtf8()), bytes.constData());
        QVERIFY2(bytes.contains(ServerConfig::secretPlaceholder().toUtf8()), bytes.constData());
        QVERIFY2(bytes.contains("plain-mode"), bytes.constData()); // not secret: stays in the file
        QCOMPARE(storedValue(store(), QStringLiteral("server/keeper/env/API_KEY")), kSecret.toUtf8());

        // A fresh workspace over the same file and store: the value comes back before the start.
        Workspace reloaded(path());
        reloaded.secrets()->setStore(&store());
        QSignalSpy read(reloaded.secrets(), &WorkspaceSecrets::secretsRead);
        QVERIFY(reloaded.load().ok());
        QCOMPARE(reloaded.count(), 1);
        QCOMPARE(reloaded.connectionAt(0)->config().env.value(QStringLiteral("API_KEY")), ServerConfig::secretPlaceholder());
        reloaded.startAll();
        ServerConnection *connection = reloaded.connectionAt(0);
        QVERIFY2(waitReady(connection), qPrintable(connection->statusText()));
        QCOMPARE(read.size(), 1);
        QCOMPARE(serverEnv(connection, QStringLiteral("API_KEY")), kSecret);
        QCOMPARE(serverEnv(connection, QStringLiteral("MODE")), QStringLiteral("plain-mode"));
        // Saving again (an edit) still writes no value.
        QVERIFY(reloaded.setServerEnabled(QStringLiteral("keeper"), true).ok());
        QVERIFY(reloaded.save().ok());
        QVERIFY(!readAll(path()).contains(kSecret.toUtf8()));
    }

    void missingSecretSaysWhatToReenterAndDoesNotStart()
    {
        QFile file(path());
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral(R"({"mcpServers": {"lost": {"command": "%1", "env": {"API_KEY": "%2"}}}})")
                       .arg(faultServerPath(), ServerConfig::secretPlaceholder())
                       .toUtf8());
        file.close();

        // A keychain keeps values from one run to the next: one that is not there was lost.
        TestSupport::KeychainLikeSecretStore keychain;
        Workspace workspace(path());
        workspace.secrets()->setStore(&keychain);
        QVERIFY(workspace.load().ok());
        ServerConnection *connection = workspace.connectionAt(0);
        QSignalSpy statuses(connection, &ServerConnection::statusChanged);
        workspace.startAll();
        QVERIFY(QTest::qWaitFor([connection] { return connection->status() == ServerConnection::Status::Failed; }, 5000));
        QVERIFY(!connection->session()); // never launched
        const QString message = connection->lastError().message;
        QVERIFY2(message.contains(QStringLiteral("API_KEY")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("Edit Server")) && message.contains(QStringLiteral("\"lost\"")), qPrintable(message));
        QVERIFY2(message.contains(keychain.location()), qPrintable(message));
        QCOMPARE(connection->lastError().code, int(ErrorCode::ConfigError));
        QVERIFY(!statuses.contains(QVariantList{QVariant::fromValue(ServerConnection::Status::Ready)}));
        QVERIFY(workspace.secrets()->valuesToType(connection).isEmpty()); // fixed in Edit Server, not asked at each start
    }

    // #34 item 7: without a keychain, a value not typed yet this session is expected. The server waits for the
    // person (the Secret Values dialog asks) instead of showing as failed in red while they are being asked.
    void withoutAKeychainTheServerWaitsForItsValues()
    {
        QFile file(path());
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral(R"({"mcpServers": {"typed": {"command": "%1", "env": {"API_KEY": "%2"}, "secretKeys": ["API_KEY"]}}})")
                       .arg(faultServerPath(), ServerConfig::secretPlaceholder())
                       .toUtf8());
        file.close();

        Workspace workspace(path());
        QVERIFY(load(workspace)); // the memory store: nothing kept from one run to the next
        ServerConnection *connection = workspace.connectionAt(0);
        QSignalSpy statuses(connection, &ServerConnection::statusChanged);
        workspace.startAll();
        QTRY_COMPARE(connection->status(), ServerConnection::Status::WaitingForSecrets);
        QVERIFY(!connection->session());
        QVERIFY(!statuses.contains(QVariantList{QVariant::fromValue(ServerConnection::Status::Failed)}));
        QVERIFY2(connection->statusText().contains(QStringLiteral("waiting for you to type the secret value of the environment variable API_KEY")),
                 qPrintable(connection->statusText()));
        const QList<ServerConfig::SecretEntry> wanted = workspace.secrets()->valuesToType(connection);
        QCOMPARE(wanted.size(), 1);
        QCOMPARE(wanted.first().key, QStringLiteral("API_KEY"));
        const QString refusal = connection->notReadyError().message;
        QVERIFY2(refusal.contains(QStringLiteral("secret values")), qPrintable(refusal));

        // Typed: stored for the session, and the server starts with it.
        QList<ServerConfig::SecretEntry> typed = wanted;
        typed.first().value = kSecret;
        workspace.secrets()->typeValues(connection, typed);
        QVERIFY2(waitReady(connection), qPrintable(connection->statusText()));
        QCOMPARE(serverEnv(connection, QStringLiteral("API_KEY")), kSecret);
    }

    // #34 item 7: the German sentences put the place a secret is kept after a preposition ("in", "aus"); the
    // place is translated with its article, so they read "in dem Arbeitsspeicher", not "in Arbeitsspeicher".
    void whereSecretsAreKeptReadsInGerman()
    {
        TestSupport::GermanTranslation german;
        QVERIFY(german.installed());
        ServerSecretReader reader;
        reader.setStore(&store());
        const ServerConfig::SecretEntry entry{ServerConfig::SecretEntry::Kind::Env, QStringLiteral("API_KEY"), {}, {}};
        const QString missing = reader.missingError({entry.describe()}, {}, QStringLiteral("demo")).message;
        QVERIFY2(missing.startsWith(QStringLiteral("Der geheime Wert (Umgebungsvariable API_KEY) wurde in dem Arbeitsspeicher (nur diese Sitzung) nicht gefunden.")),
                 qPrintable(missing));
        const QString reading = ServerConnection::tr("reading %n secret value(s) from %1", nullptr, 1).arg(store().location());
        QCOMPARE(reading, QStringLiteral("lese 1 geheimen Wert aus dem Arbeitsspeicher (nur diese Sitzung)"));
    }

    void renameMovesAndRemoveDeletesTheEntries()
    {
        {
            Workspace workspace(path());
            QVERIFY(load(workspace));
            ServerConfig config = secretServer(QStringLiteral("before"));
            config.enabled = false; // never started: its value stays unread after the reload below
            QVERIFY(workspace.addServer(config).ok());
        }
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/before/env/API_KEY")), kSecret.toUtf8());

        Workspace workspace(path());
        QVERIFY(load(workspace));
        ServerConfig renamed = workspace.connectionAt(0)->config();
        QCOMPARE(renamed.env.value(QStringLiteral("API_KEY")), ServerConfig::secretPlaceholder());
        renamed.name = QStringLiteral("after");
        renamed.enabled = true;
        QVERIFY(workspace.updateServer(QStringLiteral("before"), renamed).ok());
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/after/env/API_KEY")), kSecret.toUtf8());
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/before/env/API_KEY")), QByteArray());
        ServerConnection *connection = workspace.connection(QStringLiteral("after"));
        QVERIFY2(waitReady(connection), qPrintable(connection->statusText()));
        QCOMPARE(serverEnv(connection, QStringLiteral("API_KEY")), kSecret);

        QVERIFY(workspace.removeServer(QStringLiteral("after")).ok());
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/after/env/API_KEY")), QByteArray());
        QVERIFY(!readAll(path()).contains(kSecret.toUtf8()));
    }

    void unmarkingMovesTheValueBackToTheFile()
    {
        Workspace workspace(path());
        QVERIFY(load(workspace));
        ServerConfig config = secretServer(QStringLiteral("s"));
        config.env.insert(QStringLiteral("CUSTOM"), QStringLiteral("custom-secret-77"));
        config.secretKeys = {QStringLiteral("CUSTOM")}; // API_KEY is marked by its name anyway
        config.secretKeys.append(QStringLiteral("API_KEY"));
        config.enabled = false;
        QVERIFY(workspace.addServer(config).ok());
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/s/env/CUSTOM")), QByteArray("custom-secret-77"));
        QVERIFY(!readAll(path()).contains("custom-secret-77"));

        config.secretKeys = {QStringLiteral("API_KEY")};
        QVERIFY(workspace.updateServer(QStringLiteral("s"), config).ok());
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/s/env/CUSTOM")), QByteArray());
        QVERIFY(readAll(path()).contains("custom-secret-77"));
        QVERIFY(!readAll(path()).contains(kSecret.toUtf8()));
    }

    // A server whose secrets were never read in this run (never started): the editor shows the
    // placeholder. Unticking "Secret" and saving must write the real value, never the placeholder,
    // and the keychain copy may only go once the file holds the value.
    void unmarkingAnUnreadSecretKeepsTheRealValue()
    {
        ServerConfig remote;
        remote.name = QStringLiteral("r");
        remote.transport = ServerConfig::Transport::Http;
        remote.url = QStringLiteral("http://127.0.0.1:9/mcp");
        remote.headers.insert(QStringLiteral("X-Custom"), QStringLiteral("header-secret-55"));
        remote.secretKeys = {QStringLiteral("X-Custom")};
        QVERIFY(addStopped({twoSecretServer(QStringLiteral("u")), remote}));
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/u/env/CUSTOM")), QByteArray("custom-secret-77"));
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/r/header/X-Custom")), QByteArray("header-secret-55"));

        Workspace workspace(path());
        QVERIFY(load(workspace));
        ServerConfig edited = workspace.connection(QStringLiteral("u"))->config();
        QCOMPARE(edited.env.value(QStringLiteral("CUSTOM")), ServerConfig::secretPlaceholder());
        edited.secretKeys.removeAll(QStringLiteral("CUSTOM")); // what unticking "Secret" gives
        edited.enabled = true;
        QVERIFY(workspace.updateServer(QStringLiteral("u"), edited).ok());
        ServerConfig editedRemote = workspace.connection(QStringLiteral("r"))->config();
        QCOMPARE(editedRemote.headers.value(QStringLiteral("X-Custom")), ServerConfig::secretPlaceholder());
        editedRemote.secretKeys.clear();
        QVERIFY(workspace.updateServer(QStringLiteral("r"), editedRemote).ok());

        // The values come from the store, then go into the file; the server gets the real one.
        QTRY_VERIFY2(readAll(path()).contains("custom-secret-77"), readAll(path()).constData());
        QTRY_VERIFY2(readAll(path()).contains("header-secret-55"), readAll(path()).constData());
        QVERIFY(!readAll(path()).contains(kSecret.toUtf8())); // API_KEY is still a secret
        ServerConnection *connection = workspace.connection(QStringLiteral("u"));
        QVERIFY2(waitReady(connection), qPrintable(connection->statusText()));
        QCOMPARE(serverEnv(connection, QStringLiteral("CUSTOM")), QStringLiteral("custom-secret-77"));
        QCOMPARE(serverEnv(connection, QStringLiteral("API_KEY")), kSecret);
        QCOMPARE(connection->config().env.value(QStringLiteral("CUSTOM")), QStringLiteral("custom-secret-77"));
        QVERIFY(!connection->config().secretKeys.contains(QStringLiteral("CUSTOM")));
        QCOMPARE(workspace.connection(QStringLiteral("r"))->config().headers.value(QStringLiteral("X-Custom")),
                 QStringLiteral("header-secret-55"));
        // Only now is the keychain copy gone; the other secret stays there.
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/u/env/CUSTOM")), QByteArray());
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/r/header/X-Custom")), QByteArray());
        QCOMPARE(storedValue(store(), QStringLiteral("server/u/env/API_KEY")), kSecret.toUtf8());

        // Reloaded, the values are plain ones, not secrets waiting for the keychain.
        Workspace reloaded(path());
        QVERIFY(load(reloaded));
        QCOMPARE(reloaded.connection(QStringLiteral("u"))->config().env.value(QStringLiteral("CUSTOM")),
                 QStringLiteral("custom-secret-77"));
        QVERIFY(!reloaded.connection(QStringLiteral("u"))->config().secretKeys.contains(QStringLiteral("CUSTOM")));
    }

    // The same while the server is renamed in the same save: the value is read under its new name.
    void unmarkingAnUnreadSecretWhileRenaming()
    {
        QVERIFY(addStopped({twoSecretServer(QStringLiteral("old"))}));
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/old/env/CUSTOM")), QByteArray("custom-secret-77"));
        Workspace workspace(path());
        QVERIFY(load(workspace));
        ServerConfig edited = workspace.connection(QStringLiteral("old"))->config();
        edited.name = QStringLiteral("new");
        edited.secretKeys.removeAll(QStringLiteral("CUSTOM"));
        QVERIFY(workspace.updateServer(QStringLiteral("old"), edited).ok());
        QTRY_VERIFY2(readAll(path()).contains("custom-secret-77"), readAll(path()).constData());
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/new/env/API_KEY")), kSecret.toUtf8());
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/old/env/CUSTOM")), QByteArray());
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/new/env/CUSTOM")), QByteArray());
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/old/env/API_KEY")), QByteArray());
    }

    // A placeholder that stands for nothing (the row was renamed, so no value is kept under the
    // new name) is refused with a message, instead of deleting the old value.
    void aPlaceholderWithNoStoredValueIsRefused()
    {
        QVERIFY(addStopped({secretServer(QStringLiteral("k"))}));
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/k/env/API_KEY")), kSecret.toUtf8());
        Workspace workspace(path());
        QVERIFY(load(workspace));
        const QByteArray before = readAll(path());
        for (const bool keepSecret : {true, false}) {
            ServerConfig edited = workspace.connection(QStringLiteral("k"))->config();
            edited.env.insert(QStringLiteral("RENAMED"), edited.env.take(QStringLiteral("API_KEY")));
            edited.secretKeys = keepSecret ? QStringList{QStringLiteral("RENAMED")} : QStringList{};
            const Result<void> refused = workspace.updateServer(QStringLiteral("k"), edited);
            QVERIFY(!refused.ok());
            QVERIFY2(refused.error().message.contains(QStringLiteral("RENAMED")), qPrintable(refused.error().message));
            QVERIFY2(refused.error().message.contains(QStringLiteral("nter")), qPrintable(refused.error().message));
            QVERIFY(!workspace.validate(edited, QStringLiteral("k")).ok());
        }
        // A new server cannot bring a placeholder as a plain value either.
        ServerConfig added = secretServer(QStringLiteral("fresh"));
        added.env.insert(QStringLiteral("MODE"), ServerConfig::secretPlaceholder());
        QVERIFY(!workspace.validate(added).ok());
        QCOMPARE(readAll(path()), before);
        // Nothing was asked of the store: no write is pending once what is queued has run.
        QVERIFY(TestSupport::deliverPostedEvents());
        QVERIFY(!workspace.secrets()->hasPendingSecretWrites());
        QCOMPARE(storedValue(store(), QStringLiteral("server/k/env/API_KEY")), kSecret.toUtf8());
    }

    // Whatever path a config takes, a placeholder that is not a stored secret never reaches a server.
    void aConnectionNeverPassesOnAPlaceholder()
    {
        ServerConfig config = secretServer(QStringLiteral("direct"));
        config.env.insert(QStringLiteral("MODE"), ServerConfig::secretPlaceholder()); // not a secret key
        MemorySecretStore store;
        ServerConnection connection(config);
        connection.setSecretStore(&store);
        connection.start();
        QTRY_COMPARE(connection.status(), ServerConnection::Status::Failed);
        QVERIFY(!connection.session()); // never launched
        QVERIFY2(connection.lastError().message.contains(QStringLiteral("MODE")), qPrintable(connection.lastError().message));
    }

    void plainValuesTypedIntoTheFileWorkAndCanBeMoved()
    {
        QFile file(path());
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral(R"({"mcpServers": {"hand": {"command": "%1", "env": {"API_KEY": "%2"}}}})")
                       .arg(faultServerPath(), kSecret)
                       .toUtf8());
        file.close();

        Workspace workspace(path());
        QVERIFY(load(workspace));
        QCOMPARE(workspace.secrets()->plainSecrets(), QStringList{QStringLiteral("hand: API_KEY")});
        workspace.startAll();
        ServerConnection *connection = workspace.connectionAt(0);
        QVERIFY2(waitReady(connection), qPrintable(connection->statusText()));
        QCOMPARE(serverEnv(connection, QStringLiteral("API_KEY")), kSecret);
        // Other edits leave the hand-typed value where the person put it, until they agree to move it.
        QVERIFY(workspace.save().ok());
        QVERIFY(readAll(path()).contains(kSecret.toUtf8()));

        QVERIFY(workspace.secrets()->moveSecretsToKeychain().ok());
        QVERIFY(workspace.secrets()->plainSecrets().isEmpty());
        QVERIFY(!readAll(path()).contains(kSecret.toUtf8()));
        QTRY_COMPARE(storedValue(store(), QStringLiteral("server/hand/env/API_KEY")), kSecret.toUtf8());
        QCOMPARE(connection->status(), ServerConnection::Status::Ready); // moving does not restart it
    }

    // Store answers arrive later from the event loop (as the keychain's do): until then the
    // workspace says which writes are pending, so quitting can wait for them.
    void pendingSecretWritesAreTrackedUntilTheStoreAnswers()
    {
        Workspace workspace(path());
        QVERIFY(load(workspace));
        QVERIFY(!workspace.secrets()->hasPendingSecretWrites());
        QSignalSpy finished(workspace.secrets(), &WorkspaceSecrets::secretWritesFinished);

        ServerConfig config = secretServer(QStringLiteral("p"));
        config.enabled = false;
        QVERIFY(workspace.addServer(config).ok());
        QVERIFY(workspace.secrets()->hasPendingSecretWrites());
        QVERIFY2(workspace.secrets()->pendingSecretWrites().join(u'\n').contains(QStringLiteral("server/p/env/API_KEY")),
                 qPrintable(workspace.secrets()->pendingSecretWrites().join(u'\n')));
        std::optional<QStringList> unfinished;
        int answers = 0;
        QObject context;
        workspace.secrets()->whenSecretWritesDone(5000, &context, [&](const QStringList &left) {
            ++answers;
            unfinished = left;
        });
        QVERIFY(!unfinished.has_value()); // never answered before the store has
        QTRY_VERIFY(unfinished.has_value());
        QVERIFY2(unfinished->isEmpty(), qPrintable(unfinished->join(u'\n')));
        QCOMPARE(finished.size(), 1);
        QVERIFY(!workspace.secrets()->hasPendingSecretWrites());
        QCOMPARE(storedValue(store(), QStringLiteral("server/p/env/API_KEY")), kSecret.toUtf8());

        // Deleting is tracked the same way.
        QVERIFY(workspace.removeServer(QStringLiteral("p")).ok());
        QVERIFY(workspace.secrets()->hasPendingSecretWrites());
        QVERIFY(workspace.secrets()->pendingSecretWrites().join(u'\n').contains(QStringLiteral("server/p/env/API_KEY")));
        QTRY_COMPARE(finished.size(), 2);
        QVERIFY(!workspace.secrets()->hasPendingSecretWrites());

        // Nothing pending: the answer still comes from the event loop, at once and empty.
        unfinished.reset();
        workspace.secrets()->whenSecretWritesDone(5000, &context, [&](const QStringList &left) {
            ++answers;
            unfinished = left;
        });
        QVERIFY(!unfinished.has_value());
        QTRY_VERIFY(unfinished.has_value());
        QVERIFY(unfinished->isEmpty());

        // A store that never answers (its queued answers dropped, like a keychain daemon that
        // hangs): the wait ends at the timeout and names what was not saved.
        ServerConfig hung = secretServer(QStringLiteral("hung"));
        hung.enabled = false;
        QVERIFY(workspace.addServer(hung).ok());
        QCoreApplication::removePostedEvents(workspace.secrets(), QEvent::MetaCall); // the store answers to it
        unfinished.reset();
        workspace.secrets()->whenSecretWritesDone(200, &context, [&](const QStringList &left) {
            ++answers;
            unfinished = left;
        });
        QTRY_VERIFY(unfinished.has_value());
        QVERIFY2(unfinished->join(u'\n').contains(QStringLiteral("server/hung/env/API_KEY")), qPrintable(unfinished->join(u'\n')));
        // Exactly once each: a wait asked for now, with a longer timeout, ends after a second answer
        // to the one above would have come.
        bool witnessed = false;
        workspace.secrets()->whenSecretWritesDone(300, &context, [&witnessed](const QStringList &) { witnessed = true; });
        QTRY_VERIFY(witnessed);
        QCOMPARE(answers, 3);
        QCOMPARE(finished.size(), 2);
    }

    void withoutAStoreValuesStayInTheFile()
    {
        Workspace workspace(path());
        QVERIFY(workspace.load().ok());
        ServerConfig config = secretServer(QStringLiteral("nostore"));
        config.enabled = false;
        QVERIFY(workspace.addServer(config).ok());
        QVERIFY(readAll(path()).contains(kSecret.toUtf8()));
    }

    // No keychain, and the person agreed to keep the values in the file: the values known now are
    // written there, the running server is not restarted, and later secrets go there too.
    void keepingSecretsInTheFileWritesThemThere()
    {
        // The store is a MemorySecretStore: what a keychain-less session falls back to.
        Workspace workspace(path());
        QVERIFY(load(workspace));
        const Result<ServerConnection *> added = workspace.addServer(secretServer(QStringLiteral("kept")));
        QVERIFY(added.ok());
        QVERIFY(waitReady(added.value()));
        QTRY_VERIFY(!workspace.secrets()->hasPendingSecretWrites());
        QVERIFY(!readAll(path()).contains(kSecret.toUtf8()));

        QVERIFY(workspace.secrets()->keepSecretsInFile().ok());
        QVERIFY2(readAll(path()).contains(kSecret.toUtf8()), readAll(path()).constData());
        QVERIFY(!workspace.secrets()->store());
        QCOMPARE(added.value()->status(), ServerConnection::Status::Ready);
        QCOMPARE(serverEnv(added.value(), QStringLiteral("API_KEY")), kSecret);

        ServerConfig later = secretServer(QStringLiteral("later"));
        later.env.insert(QStringLiteral("API_KEY"), QStringLiteral("second-secret"));
        later.enabled = false;
        QVERIFY(workspace.addServer(later).ok());
        QVERIFY(readAll(path()).contains("second-secret"));

        // Read again without a store, both work as they are.
        Workspace reloaded(path());
        QVERIFY(reloaded.load().ok());
        QCOMPARE(reloaded.connection(QStringLiteral("kept"))->config().env.value(QStringLiteral("API_KEY")), kSecret);
    }
};

QTEST_GUILESS_MAIN(tst_WorkspaceSecrets)
#include "tst_workspacesecrets.moc"
