// toolgate-cli and the protocol era (issue 15): `info` says which era the session speaks and how that
// was settled, in words and in --json; a server from a servers file gets the era cache (probed once,
// then remembered in eras.json under TOOLGATE_CONFIG_DIR, or the test's own XDG_CONFIG_HOME), a command
// line given after "--" does not. Through the real binary, toolgate-fault-server (a legacy-only server that
// answers server/discover with -32601; the demo server speaks both eras) and the TypeScript SDK v2 peer
// (modern-only). --era sets the era of a server given on the command line (issue 33 item 5).

#include "cliprocess.h"
#include "modernpeer.h"
#include "testfiles.h"

#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/servertrust.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

QStringList modernPeer()
{
    return {pinnedNode(), npmDir() + QStringLiteral("/peers/modern-server.mjs"), QStringLiteral("--transport"),
            QStringLiteral("stdio"), QStringLiteral("--era"), QStringLiteral("modern")};
}

/// The text after "Era:" in info's output, or empty.
QString eraLine(const CliRun &run)
{
    static const QRegularExpression line(QStringLiteral("^Era: +(.*)$"), QRegularExpression::MultilineOption);
    return line.match(run.out()).captured(1);
}

} // namespace

class tst_CliEra final : public QObject
{
    Q_OBJECT

private:
    CliProcess m_cli;
    QString m_demo;
    QTemporaryDir m_dir;

    /// A servers file with a legacy-only server ("demo", the fault server) and the modern-only peer ("modern").
    QString serversFile()
    {
        ServerConfig demo;
        demo.name = QStringLiteral("demo");
        demo.command = m_demo;
        ServerConfig modern;
        modern.name = QStringLiteral("modern");
        modern.command = modernPeer().first();
        modern.args = modernPeer().mid(1);
        const QString path = m_dir.filePath(QStringLiteral("servers.json"));
        if (!QFileInfo::exists(path))
            (void)ServerConfigFile::save(path, {demo, modern});
        // Both are trusted by the script (issue 16), exactly as they are in the file.
        m_trust = {QStringLiteral("--trust-fingerprint"), ServerTrustFacts::of(demo).fingerprint(),
                   QStringLiteral("--trust-fingerprint"), ServerTrustFacts::of(modern).fingerprint()};
        return path;
    }
    QStringList m_trust;

private slots:
    void initTestCase()
    {
        QVERIFY2(notBuilt({cliPath(), executable(QStringLiteral("toolgate-fault-server"))}).isEmpty(),
                 qPrintable(notBuilt({cliPath(), executable(QStringLiteral("toolgate-fault-server"))})));
        QVERIFY2(QFileInfo(pinnedNode()).isExecutable(), "the npm test peers are not installed (tests/npm)");
        m_demo = executable(QStringLiteral("toolgate-fault-server"));
        QVERIFY(m_dir.isValid());
    }

    void infoOfACommandLineSaysTheEra()
    {
        // No cache for a command given after "--": the session's opening decides, nothing is probed.
        const CliRun legacy = m_cli.run({QStringLiteral("info"), QStringLiteral("--"), m_demo});
        VERIFY_CLI(legacy.exitCode == 0, legacy);
        QCOMPARE(eraLine(legacy), QStringLiteral("legacy, decided by initialize"));

        const CliRun modern = m_cli.run(QStringList{QStringLiteral("info"), QStringLiteral("--")} + modernPeer());
        VERIFY_CLI(modern.exitCode == 0, modern);
        VERIFY_CLI(modern.out().contains(QStringLiteral("Protocol:      2026-07-28\n")), modern);
        // initialize refused with -32022 naming 2026-07-28, then server/discover on the same connection.
        QCOMPARE(eraLine(modern), QStringLiteral("modern, decided by initialize -32022"));

        const CliRun json = m_cli.run(QStringList{QStringLiteral("--json"), QStringLiteral("info"), QStringLiteral("--")} + modernPeer());
        VERIFY_CLI(json.exitCode == 0, json);
        QCOMPARE(json.json().value(u"era").toString(), QStringLiteral("modern"));
        QCOMPARE(json.json().value(u"eraDecidedBy").toString(), QStringLiteral("initialize -32022"));
        QCOMPARE(json.json().value(u"eraSource").toString(), QStringLiteral("session"));
        QCOMPARE(json.json().value(u"protocolVersion").toString(), QStringLiteral("2026-07-28"));

        // And nothing was remembered anywhere.
        QDirIterator files(m_cli.configHome(), {QStringLiteral("eras.json")}, QDir::Files, QDirIterator::Subdirectories);
        QVERIFY2(!files.hasNext(), qPrintable(files.hasNext() ? files.next() : QString()));
    }

    void eraOfAUrlServer()
    {
        // The SDK v2 peer serving both eras over HTTP: in the legacy era it is stateless, so a tool that asks
        // for input mid-call cannot (its elicitation/create has no stream to go on) and reports an error;
        // in the modern era it asks in its answer (input_required) and the call completes.
        ModernHttpPeer peer(QStringLiteral("dual"));
        const QString url = peer.url().toString();
        QVERIFY2(!url.isEmpty(), "the HTTP peer did not start");
        const QList<PromptAnswer> answers{
            {QStringLiteral("Allow this call\\? .*: "), QStringLiteral("y")},
            {QStringLiteral("Answer\\? \\[a\\]nswer / \\[d\\]ecline / \\[c\\]ancel: "), QStringLiteral("a")},
            {QStringLiteral("Go ahead\\?[\\s\\S]*> "), QStringLiteral("y")},
            {QStringLiteral("Why[\\s\\S]*> "), QStringLiteral("it is time")},
            {QStringLiteral("Send it\\? .*: "), QStringLiteral("y")},
        };
        const QStringList call{QStringLiteral("call"), QStringLiteral("confirm_action"), QStringLiteral("action=ship")};

        const CliRun modern = converse(
            m_cli, QStringList{QStringLiteral("--url"), url, QStringLiteral("--era"), QStringLiteral("modern")} + call, answers);
        VERIFY_CLI(modern.exitCode == 0, modern);
        VERIFY_CLI(modern.out().contains(QStringLiteral("ship: done, confirmed; reason: it is time")), modern);

        for (const QStringList &era : {QStringList{QStringLiteral("--era"), QStringLiteral("legacy")}, QStringList{}}) {
            const CliRun legacy = converse(m_cli, QStringList{QStringLiteral("--url"), url} + era + call, answers.mid(0, 1));
            VERIFY_CLI(legacy.exitCode == 1, legacy);
            VERIFY_CLI(!legacy.out().contains(QStringLiteral("ship: done")), legacy);
        }

        // info says how the era was settled: by the option, not by the session's opening.
        const CliRun info = m_cli.run({QStringLiteral("--url"), url, QStringLiteral("--era"), QStringLiteral("modern"),
                                       QStringLiteral("--json"), QStringLiteral("info")});
        VERIFY_CLI(info.exitCode == 0, info);
        QCOMPARE(info.json().value(u"era").toString(), QStringLiteral("modern"));
        QCOMPARE(info.json().value(u"eraSource").toString(), QStringLiteral("setting"));
    }

    void eraOfACommandLine()
    {
        // A stdio server after "--", the modern-only peer: --era modern opens with server/discover (no
        // initialize first); --era legacy insists on initialize, which it refuses, so the run cannot connect.
        const CliRun modern = m_cli.run(QStringList{QStringLiteral("--era"), QStringLiteral("modern"), QStringLiteral("--json"),
                                                    QStringLiteral("info"), QStringLiteral("--")}
                                        + modernPeer());
        VERIFY_CLI(modern.exitCode == 0, modern);
        QCOMPARE(modern.json().value(u"era").toString(), QStringLiteral("modern"));
        QCOMPARE(modern.json().value(u"eraSource").toString(), QStringLiteral("setting"));
        const CliRun legacy = m_cli.run(
            QStringList{QStringLiteral("--era"), QStringLiteral("legacy"), QStringLiteral("info"), QStringLiteral("--")} + modernPeer());
        VERIFY_CLI(legacy.exitCode == 4, legacy);
    }

    void aConfiguredServerIsProbedOnceThenRemembered()
    {
        QTemporaryDir configDir;
        const QMap<QString, QString> env{{QStringLiteral("TOOLGATE_CONFIG_DIR"), configDir.path()}};
        const QString eras = configDir.filePath(QStringLiteral("eras.json"));
        const QStringList modern = QStringList{QStringLiteral("--config"), serversFile(), QStringLiteral("--server"), QStringLiteral("modern")} + m_trust + QStringList{QStringLiteral("info")};
        const QStringList demo = QStringList{QStringLiteral("--config"), serversFile(), QStringLiteral("--server"), QStringLiteral("demo")} + m_trust + QStringList{QStringLiteral("info")};

        const CliRun first = m_cli.run(modern, {}, env);
        VERIFY_CLI(first.exitCode == 0, first);
        VERIFY_CLI(QRegularExpression(QStringLiteral("^modern, decided by server/discover, probed in \\d+ ms$")).match(eraLine(first)).hasMatch(), first);
        QVERIFY2(QFileInfo::exists(eras), "eras.json is not in TOOLGATE_CONFIG_DIR");
        const CliRun second = m_cli.run(modern, {}, env);
        VERIFY_CLI(second.exitCode == 0, second);
        QCOMPARE(eraLine(second), QStringLiteral("modern, decided by server/discover, cached"));

        const CliRun legacyFirst = m_cli.run(demo, {}, env);
        VERIFY_CLI(legacyFirst.exitCode == 0, legacyFirst);
        VERIFY_CLI(QRegularExpression(QStringLiteral("^legacy, decided by initialize, probed in \\d+ ms$")).match(eraLine(legacyFirst)).hasMatch(), legacyFirst);
        const CliRun legacySecond = m_cli.run(QStringList{QStringLiteral("--json")} + demo, {}, env);
        VERIFY_CLI(legacySecond.exitCode == 0, legacySecond);
        QCOMPARE(legacySecond.json().value(u"era").toString(), QStringLiteral("legacy"));
        QCOMPARE(legacySecond.json().value(u"eraSource").toString(), QStringLiteral("cache"));

        QFile file(eras);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject servers = QJsonDocument::fromJson(file.readAll()).object().value(u"servers").toObject();
        QCOMPARE(servers.keys(), (QStringList{QStringLiteral("demo"), QStringLiteral("modern")}));
    }

    void anUnreadableCacheIsReportedAndRewritten()
    {
        QTemporaryDir configDir;
        const QString eras = configDir.filePath(QStringLiteral("eras.json"));
        QVERIFY(writeFile(eras, "{ not json"));
        const CliRun run = m_cli.run(QStringList{QStringLiteral("--config"), serversFile(), QStringLiteral("--server"), QStringLiteral("demo")} + m_trust + QStringList{QStringLiteral("info")},
                                     {}, {{QStringLiteral("TOOLGATE_CONFIG_DIR"), configDir.path()}});
        VERIFY_CLI(run.exitCode == 0, run);
        VERIFY_CLI(run.err.contains(QStringLiteral("toolgate-cli: warning: ")) && run.err.contains(QStringLiteral("not a protocol era cache")), run);
        VERIFY_CLI(eraLine(run).startsWith(QStringLiteral("legacy, decided by initialize, probed in")), run);
        QFile rewritten(eras);
        QVERIFY(rewritten.open(QIODevice::ReadOnly));
        QVERIFY(QJsonDocument::fromJson(rewritten.readAll()).object().value(u"servers").toObject().contains(u"demo"));
    }

    void withoutAConfigDirTheCacheStaysInTheTestsHome()
    {
        // Tests run toolgate-cli with XDG_CONFIG_HOME in a temporary folder: the cache lands there, never
        // in the developer's own config folder.
        const CliRun run = m_cli.run(QStringList{QStringLiteral("--config"), serversFile(), QStringLiteral("--server"), QStringLiteral("demo")} + m_trust + QStringList{QStringLiteral("info")},
                                     {}, {{QStringLiteral("TOOLGATE_CONFIG_DIR"), QString()}});
        VERIFY_CLI(run.exitCode == 0, run);
        QDirIterator files(m_cli.configHome(), {QStringLiteral("eras.json")}, QDir::Files, QDirIterator::Subdirectories);
        QVERIFY(files.hasNext());
    }
};

QTEST_GUILESS_MAIN(tst_CliEra)
#include "tst_cliera.moc"
