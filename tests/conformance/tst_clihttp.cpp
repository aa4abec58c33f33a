// toolgate-cli with remote servers: --url against server-everything over Streamable HTTP and
// (by fallback) its legacy SSE endpoint, HTTP servers from a servers file, and no secret from a
// header in anything the CLI prints or writes, even with every log category on.

#include "cliprocess.h"
#include "everythingserver.h"
#include "core/workspace/servertrust.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

using namespace Toolgate::TestSupport;

namespace {

QString cli() { return QStringLiteral(TOOLGATE_HTTP_CLI); }

CliRun runCli(const QStringList &arguments, const QString &home)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("toolgate.*=true"));
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), home + QStringLiteral("/cache"));
    return runProcess(cli(), arguments, env);
}

QStringList filesUnder(const QString &path)
{
    QStringList files;
    const QFileInfoList entries = QDir(path).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
    for (const QFileInfo &entry : entries) {
        if (entry.isDir())
            files += filesUnder(entry.filePath());
        else
            files.append(entry.filePath());
    }
    return files;
}

} // namespace

/// tests/npm/peers/recording-http-server.mjs: a TypeScript SDK v1 server that prints what it receives.
class RecordingServer
{
public:
    RecordingServer()
        : m_process(nodeBinary(), {npmDir() + QStringLiteral("/peers/recording-http-server.mjs")}, QProcess::MergedChannels)
    { }
    quint16 port()
    {
        static const QRegularExpression listening(QStringLiteral("LISTENING (\\d+)"));
        return quint16(m_process.waitFor(listening).toUInt());
    }
    /// Everything it printed so far.
    QString output() { return m_process.output(); }

private:
    ListeningProcess m_process;
};

class tst_CliHttp : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void streamableHttpUrl();
    void legacySseFallback();
    void serversFile();
    void headerSecretsStayOut();
    void badUrlIsAUsageError();
    void infoCompletesTheHandshake();
    void promptWithoutArgumentsSendsAnEmptyObject();

private:
    /// Starts server-everything over mode for this test; the port it listens on, 0 if it did not start.
    quint16 startEverything(const QString &mode)
    {
        m_everything.emplace(mode);
        return m_everything->waitForPort();
    }
    /// toolgate-cli run with this test's own home folder.
    CliRun cliRun(const QStringList &arguments) const { return runCli(arguments, m_home->path()); }

    std::optional<EverythingServer> m_everything;
    std::unique_ptr<QTemporaryDir> m_home;
};

void tst_CliHttp::initTestCase()
{
    if (const QString missing = missingNpmPeers(); !missing.isEmpty())
        QFAIL(qPrintable(missing));
    if (!QFileInfo(cli()).isExecutable())
        QFAIL(qPrintable(QStringLiteral("%1 is not built").arg(cli())));
}

void tst_CliHttp::init()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
}

void tst_CliHttp::cleanup()
{
    m_everything.reset();
    m_home.reset();
}

void tst_CliHttp::streamableHttpUrl()
{
    const quint16 port = startEverything(QStringLiteral("streamableHttp"));
    QVERIFY(port);
    const CliRun run = cliRun({QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:%1/mcp").arg(port), QStringLiteral("tools")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out().contains(QLatin1String("echo")) && run.out().contains(QLatin1String("get-sum")), qPrintable(run.out()));
    const CliRun call = cliRun({QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:%1/mcp").arg(port), QStringLiteral("--yes"),
                                QStringLiteral("call"), QStringLiteral("get-sum"), QStringLiteral("a=2"), QStringLiteral("b=3")});
    QVERIFY2(call.exitCode == 0, qPrintable(call.err));
    QVERIFY2(call.out().contains(QLatin1String("The sum of 2 and 3 is 5.")), qPrintable(call.out()));
}

void tst_CliHttp::legacySseFallback()
{
    const quint16 port = startEverything(QStringLiteral("sse"));
    QVERIFY(port);
    const CliRun run = cliRun({QStringLiteral("--verbose"), QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:%1/sse").arg(port),
                               QStringLiteral("tools")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out().contains(QLatin1String("echo")), qPrintable(run.out()));
    QVERIFY2(run.err.contains(QLatin1String("HTTP+SSE")), qPrintable(run.err));
}

void tst_CliHttp::serversFile()
{
    const quint16 port = startEverything(QStringLiteral("streamableHttp"));
    QVERIFY(port);
    const QString path = m_home->filePath(QStringLiteral("servers.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral(R"({"mcpServers":{"everything":{"type":"http","url":"http://127.0.0.1:%1/mcp","headers":{"X-Trace":"t-1"}}}})")
                   .arg(port).toUtf8());
    file.close();
    // A remote server from a file is trusted by its origin (issue 16); the script names it.
    Toolgate::ServerConfig trusted;
    trusted.transport = Toolgate::ServerConfig::Transport::Http;
    trusted.url = QStringLiteral("http://127.0.0.1:%1/mcp").arg(port);
    const CliRun run = cliRun({QStringLiteral("--config"), path, QStringLiteral("--trust-fingerprint"),
                               Toolgate::ServerTrustFacts::of(trusted).fingerprint(), QStringLiteral("tools")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out().contains(QLatin1String("echo")), qPrintable(run.out()));
}

void tst_CliHttp::headerSecretsStayOut()
{
    const quint16 port = startEverything(QStringLiteral("streamableHttp"));
    QVERIFY(port);
    const QString secret = QStringLiteral("s3cr3t-header-value-7f2");
    const CliRun run = cliRun({QStringLiteral("--verbose"), QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:%1/mcp").arg(port),
                               QStringLiteral("--header"), QStringLiteral("Authorization: Bearer ") + secret, QStringLiteral("--header"),
                               QStringLiteral("X-Api-Key: ") + secret, QStringLiteral("tools")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(!run.out().contains(secret));
    QVERIFY2(!run.err.contains(secret), qPrintable(run.err));
    QVERIFY(!run.err.contains(QLatin1String("Bearer ")));
    for (const QString &written : filesUnder(m_home->path())) {
        QFile file(written);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY2(!file.readAll().contains(secret.toUtf8()), qPrintable(written));
    }
}

void tst_CliHttp::badUrlIsAUsageError()
{
    const CliRun run = cliRun({QStringLiteral("--url"), QStringLiteral("ftp://example/mcp"), QStringLiteral("tools")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QLatin1String("--url")), qPrintable(run.err));
}

void tst_CliHttp::infoCompletesTheHandshake()
{
    // `info` needs nothing after initialize, so the CLI leaves at once: notifications/initialized must
    // still reach the server (the lifecycle's last step), not be cut off by the shutdown.
    RecordingServer server;
    const quint16 port = server.port();
    QVERIFY2(port, qPrintable(server.output()));
    const CliRun run = cliRun({QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:%1/mcp").arg(port), QStringLiteral("info")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out().contains(QLatin1String("recording-server")), qPrintable(run.out()));
    QTRY_VERIFY2_WITH_TIMEOUT(server.output().contains(QLatin1String("RECEIVED notifications/initialized")), qPrintable(server.output()), 5000);
}

void tst_CliHttp::promptWithoutArgumentsSendsAnEmptyObject()
{
    // Some servers (e.g. @cyanheads/git-mcp-server) reject a prompts/get without "arguments".
    RecordingServer server;
    const quint16 port = server.port();
    QVERIFY2(port, qPrintable(server.output()));
    const CliRun run = cliRun({QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:%1/mcp").arg(port), QStringLiteral("prompt"),
                               QStringLiteral("greeting")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out().contains(QLatin1String("Hello!")), qPrintable(run.out()));
    QTRY_VERIFY2_WITH_TIMEOUT(server.output().contains(QLatin1String("RECEIVED prompts/get {\"arguments\":{},\"name\":\"greeting\"}")),
                              qPrintable(server.output()), 5000);
}

QTEST_GUILESS_MAIN(tst_CliHttp)
#include "tst_clihttp.moc"
