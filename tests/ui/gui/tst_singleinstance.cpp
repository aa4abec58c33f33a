#include "app/gui/singleinstance.h"

#include <QFile>

#include <QDir>
#include <QElapsedTimer>
#include <QLocalServer>
#include <QLocalSocket>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#ifdef Q_OS_UNIX
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#endif

using namespace Toolgate;

class tst_SingleInstance final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString uniqueName(const char *tag) const
    {
        return SingleInstance::serverName(m_dir.filePath(QString::fromLatin1(tag)));
    }

private slots:
    void namesDifferByConfigurationFolder()
    {
        const QString a = SingleInstance::serverName(QStringLiteral("/home/ada/.config/Toolgate/toolgate"));
        QCOMPARE(SingleInstance::serverName(QStringLiteral("/home/ada/.config/Toolgate/toolgate/")), a);
        QVERIFY(SingleInstance::serverName(QStringLiteral("/tmp/test-config")) != a);
        QVERIFY(a.startsWith(u"toolgate-"));
    }

    void aSecondLaunchIsHandedToTheFirst()
    {
        const QString name = uniqueName("handed");
        std::unique_ptr<SingleInstance> first = SingleInstance::claim(name, {});
        QVERIFY(first);
        QCOMPARE(first->name(), name);
        QSignalSpy activated(first.get(), &SingleInstance::activated);

        const std::unique_ptr<SingleInstance> second =
            SingleInstance::claim(name, {QStringLiteral("--select"), QStringLiteral("demo/echo")});
        QVERIFY(!second); // the caller quits
        QTRY_COMPARE(activated.size(), 1);
        QCOMPARE(activated.first().first().toStringList(), (QStringList{QStringLiteral("--select"), QStringLiteral("demo/echo")}));

        // Once the first is gone, the next launch is the first again.
        first.reset();
        std::unique_ptr<SingleInstance> next = SingleInstance::claim(name, {});
        QVERIFY(next);
        QCOMPARE(next->name(), name);
    }

    void theFirstLaunchDoesNotWaitForNobody()
    {
        // Nobody listens under a fresh name. That is known at once (the socket file does not exist), so
        // the claim must not sit out its timeout: the window of every first launch waited for it (3 s).
        // The timeout here is far longer than any machine needs to find a missing file.
        constexpr int timeoutMs = 20000;
        QElapsedTimer timer;
        timer.start();
        std::unique_ptr<SingleInstance> first = SingleInstance::claim(uniqueName("fresh"), {}, timeoutMs);
        QVERIFY(first);
        QVERIFY2(timer.elapsed() < timeoutMs / 2, qPrintable(QStringLiteral("claim took %1 ms").arg(timer.elapsed())));
    }

    void garbageOnTheSocketIsDropped()
    {
        const QString name = uniqueName("garbage");
        std::unique_ptr<SingleInstance> first = SingleInstance::claim(name, {});
        QVERIFY(first);
        QSignalSpy activated(first.get(), &SingleInstance::activated);
        QLocalSocket socket;
        socket.connectToServer(name);
        QTRY_COMPARE(socket.state(), QLocalSocket::ConnectedState);
        socket.write(QByteArray(16, '\xff')); // claims a message of 4 GB
        QTRY_COMPARE(socket.state(), QLocalSocket::UnconnectedState);
        QCOMPARE(activated.size(), 0);
    }

#ifdef Q_OS_UNIX
    void aNameLeftByACrashIsTakenOver()
    {
        // A socket file with nobody listening, as a crashed instance leaves it.
        const QString name = uniqueName("crashed");
        const QByteArray path = QDir(QDir::tempPath()).filePath(name).toLocal8Bit();
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        QVERIFY(fd >= 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        QVERIFY(size_t(path.size()) < sizeof(address.sun_path));
        memcpy(address.sun_path, path.constData(), size_t(path.size()));
        QCOMPARE(::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)), 0);
        ::close(fd);
        QVERIFY(QFile::exists(QString::fromLocal8Bit(path)));

        std::unique_ptr<SingleInstance> instance = SingleInstance::claim(name, {});
        QVERIFY(instance);
        QCOMPARE(instance->name(), name);
        QSignalSpy activated(instance.get(), &SingleInstance::activated);
        QVERIFY(!SingleInstance::claim(name, {}));
        QTRY_COMPARE(activated.size(), 1);
    }
#endif

    void theAppItselfStaysSingle()
    {
        // Two launches of the real app with one configuration folder: the second hands over and
        // quits; the first keeps running. (No servers, so nothing is started twice either way.)
        QTemporaryDir config;
        QFile servers(config.filePath(QStringLiteral("servers.json")));
        QVERIFY(servers.open(QIODevice::WriteOnly));
        servers.write("{\"mcpServers\": {}}\n");
        servers.close();
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("TOOLGATE_CONFIG_DIR"), config.path());
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("TOOLGATE_AUDIT_DB"), config.filePath(QStringLiteral("audit.sqlite")));
        const QString program = QDir(QStringLiteral(TOOLGATE_BIN_DIR)).filePath(QStringLiteral("toolgate"));

        QProcess first;
        first.setProcessEnvironment(environment);
        first.start(program, {});
        QVERIFY(first.waitForStarted());
        const QString name = SingleInstance::serverName(config.path());
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                QLocalSocket probe;
                probe.connectToServer(name);
                const bool listening = probe.waitForConnected(200);
                probe.abort();
                return listening;
            }(),
            20000);

        QProcess second;
        second.setProcessEnvironment(environment);
        second.start(program, {});
        QVERIFY(second.waitForFinished(15000));
        QCOMPARE(second.exitStatus(), QProcess::NormalExit);
        QCOMPARE(second.exitCode(), 0);
        QCOMPARE(first.state(), QProcess::Running);

        first.terminate();
        if (!first.waitForFinished(10000))
            first.kill();
    }
};

QTEST_MAIN(tst_SingleInstance)
#include "tst_singleinstance.moc"
