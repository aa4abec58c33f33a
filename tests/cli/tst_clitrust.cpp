// toolgate-cli and server trust (issue 16), through the real binary: a server from a servers file that
// nobody trusted does not start (no process) — without a terminal answer the run is refused, saying how
// to trust it; --trust-fingerprint trusts exactly what the script's author checked, never a command
// changed on disk since; at the terminal the person sees the command and answers y or n; the answer is
// remembered and recorded in the audit log. The bundled demo server and a command typed after "--"
// need no trust.

#include "cliprocess.h"
#include "core/audit/auditreader.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/servertrust.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestSupport;

namespace {

int starts(const QString &pidsFile)
{
    QFile file(pidsFile);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    return int(file.readAll().split('\n').size()) - 1;
}

} // namespace

class tst_CliTrust final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_fault;

    QString pids() const { return m_dir.filePath(QStringLiteral("pids")); }
    QString serversFile() const { return m_dir.filePath(QStringLiteral("servers.json")); }

    ServerConfig faultConfig(const QStringList &args = {}) const
    {
        ServerConfig config;
        config.name = QStringLiteral("fault");
        config.command = m_fault;
        config.args = args;
        config.env.insert(QStringLiteral("FAULT_SERVER_PIDS"), pids());
        // It notes its starts in a file of the test's folder, which its sandbox (issue 32) must be granted.
        config.sandbox.grants = {{QFileInfo(pids()).absolutePath(), true}};
        return config;
    }

    QStringList tools(const QStringList &options = {}) const
    {
        return QStringList{QStringLiteral("--config"), serversFile()} + options + QStringList{QStringLiteral("tools")};
    }

private slots:
    void initTestCase()
    {
        m_fault = executable(QStringLiteral("toolgate-fault-server"));
        QVERIFY2(notBuilt({cliPath(), m_fault}).isEmpty(), qPrintable(notBuilt({cliPath(), m_fault})));
        QVERIFY(m_dir.isValid());
    }

    void init()
    {
        QFile::remove(pids());
        QVERIFY(ServerConfigFile::save(serversFile(), {faultConfig()}).ok());
    }

    void withoutAnswerItIsRefusedAndSaysHow()
    {
        CliProcess cli;
        const QString fingerprint = ServerTrustFacts::of(faultConfig()).fingerprint();
        const CliRun run = cli.run(tools()); // stdin closed at once: nobody answers
        VERIFY_CLI(run.exitCode == 6, run);
        VERIFY_CLI(run.err.contains(QString(QStringLiteral("Command:     ") + m_fault)) && run.err.contains(u"FAULT_SERVER_PIDS"), run);
        VERIFY_CLI(run.err.contains(QStringLiteral("FAULT_SERVER_PIDS=") + pids()), run); // values decide what runs: shown
        VERIFY_CLI(run.err.contains(QString(QStringLiteral("--trust-fingerprint ") + fingerprint)), run);
        QCOMPARE(starts(pids()), 0);

        // --yes approves calls, never servers.
        const CliRun yes = cli.run(QStringList{QStringLiteral("--yes")} + tools());
        VERIFY_CLI(yes.exitCode == 6 && yes.err.contains(u"--yes"), yes);
        QCOMPARE(starts(pids()), 0);

        // --json: the refusal with the fingerprint, for scripts.
        const CliRun json = cli.run(QStringList{QStringLiteral("--json")} + tools());
        VERIFY_CLI(json.exitCode == 6, json);
        QCOMPARE(json.json().value(u"error").toObject().value(u"data").toObject().value(u"fingerprint").toString(), fingerprint);
        QCOMPARE(starts(pids()), 0);
    }

    void aFingerprintTrustsOnlyThatCommand()
    {
        CliProcess cli;
        QTemporaryDir auditDir;
        const QString audit = auditDir.filePath(QStringLiteral("audit.sqlite"));
        const QMap<QString, QString> env{{QStringLiteral("TOOLGATE_AUDIT_DB"), audit}};
        const QString fingerprint = ServerTrustFacts::of(faultConfig()).fingerprint();
        const CliRun wrong = cli.run(tools({QStringLiteral("--trust-fingerprint"), QString(64, u'0')}), {}, env);
        VERIFY_CLI(wrong.exitCode == 6, wrong);
        const CliRun bad = cli.run(tools({QStringLiteral("--trust-fingerprint"), QStringLiteral("all")}), {}, env);
        VERIFY_CLI(bad.exitCode == 2 && bad.err.contains(u"64 hex digits"), bad);
        QCOMPARE(starts(pids()), 0);

        const CliRun trusted = cli.run(tools({QStringLiteral("--trust-fingerprint"), fingerprint}), {}, env);
        VERIFY_CLI(trusted.exitCode == 0 && trusted.out().contains(u"echo"), trusted);
        // Started (twice on a first run: the protocol era is probed on a separate copy, issue 15).
        const int started = starts(pids());
        QVERIFY(started >= 1);
        // Remembered: the next run needs no flag.
        const CliRun again = cli.run(tools(), {}, env);
        VERIFY_CLI(again.exitCode == 0, again);
        QVERIFY(starts(pids()) > started);
        const int before = starts(pids());

        // servers.json changed on disk: the old fingerprint does not cover it, and nothing starts.
        QVERIFY(ServerConfigFile::save(serversFile(), {faultConfig({QStringLiteral("--protocol-version"), QStringLiteral("2025-06-18")})}).ok());
        const CliRun changed = cli.run(tools({QStringLiteral("--trust-fingerprint"), fingerprint}), {}, env);
        VERIFY_CLI(changed.exitCode == 6, changed);
        VERIFY_CLI(changed.err.contains(u"changed since it was trusted") && changed.err.contains(u"--protocol-version 2025-06-18"), changed);
        QCOMPARE(starts(pids()), before);

        // Recorded: who trusted what, and the refusals.
        auto reader = AuditReader::open(audit);
        QVERIFY(reader);
        QList<AuditRecord> records;
        (void)reader.value()->forEach({.types = {AuditRecordType::Connection}, .servers = {QStringLiteral("fault")}},
                                      [&](const AuditRecord &record) { records.append(record); return true; });
        QStringList names;
        for (const AuditRecord &record : std::as_const(records))
            names.append(record.name);
        QCOMPARE(names.count(QStringLiteral("trust_granted")), 1);
        QCOMPARE(names.count(QStringLiteral("trust_refused")), 2);
        const auto granted = std::find_if(records.cbegin(), records.cend(), [](const AuditRecord &r) { return r.name == u"trust_granted"; });
        QCOMPARE(granted->initiator, CallInitiator::Cli);
        QCOMPARE(granted->arguments.value(u"by").toString(), QStringLiteral("--trust-fingerprint"));
        QCOMPARE(granted->arguments.value(u"fingerprint").toString(), fingerprint);
        QCOMPARE(granted->arguments.value(u"program").toString(), m_fault);
    }

    void theTerminalAsks()
    {
        CliProcess cli;
        const QString question = QStringLiteral("Trust this server and start it\\? \\[y/N\\]");
        const CliRun no = converse(cli, tools(), {{question, QStringLiteral("n")}});
        VERIFY_CLI(no.exitCode == 6 && no.err.contains(u"[typed: n]") && no.err.contains(u"you answered no"), no);
        QCOMPARE(starts(pids()), 0);

        const CliRun yes = converse(cli, tools(), {{question, QStringLiteral("y")}});
        VERIFY_CLI(yes.exitCode == 0 && yes.err.contains(u"[typed: y]") && yes.out().contains(u"echo"), yes);
        VERIFY_CLI(yes.err.contains(u"has not been trusted to run this") && yes.err.contains(QString(QStringLiteral("Command:     ") + m_fault)), yes);
        const int started = starts(pids());
        QVERIFY(started >= 1);
        // Remembered (with the app's trust): not asked again.
        const CliRun later = cli.run(tools());
        VERIFY_CLI(later.exitCode == 0 && !later.err.contains(u"Trust this server"), later);
        QVERIFY(starts(pids()) > started);
    }

    void aChangedEnvironmentValueIsNotTrusted()
    {
        // Issue #35: a trusted entry whose environment value is edited on disk (PATH, PYTHONPATH,
        // NODE_OPTIONS, ... run other code) does not start until trusted again; a secret typed into the
        // file counts too, and is never shown.
        CliProcess cli;
        ServerConfig config = faultConfig();
        config.env.insert(QStringLiteral("SERVICE_TOKEN"), QStringLiteral("tok-first-8472"));
        QVERIFY(ServerConfigFile::save(serversFile(), {config}).ok());
        const QString question = QStringLiteral("Trust this server and start it\\? \\[y/N\\]");
        const CliRun first = converse(cli, tools(), {{question, QStringLiteral("y")}});
        VERIFY_CLI(first.exitCode == 0 && first.out().contains(u"echo"), first);
        VERIFY_CLI(first.err.contains(u"SERVICE_TOKEN=(secret)") && !first.err.contains(u"tok-first-8472"), first);
        const int started = starts(pids());

        // PATH-like: the value of a variable that was there when it was trusted.
        const QString otherPids = m_dir.filePath(QStringLiteral("pids-other"));
        config.env[QStringLiteral("FAULT_SERVER_PIDS")] = otherPids;
        QVERIFY(ServerConfigFile::save(serversFile(), {config}).ok());
        const CliRun path = cli.run(tools());
        VERIFY_CLI(path.exitCode == 6, path);
        VERIFY_CLI(path.err.contains(u"changed since it was trusted")
                       && path.err.contains(QStringLiteral("Environment variable FAULT_SERVER_PIDS: %1 → %2").arg(pids(), otherPids)),
                   path);
        QCOMPARE(starts(otherPids), 0);
        QCOMPARE(starts(pids()), started);

        // The secret's value.
        config.env[QStringLiteral("FAULT_SERVER_PIDS")] = pids();
        config.env[QStringLiteral("SERVICE_TOKEN")] = QStringLiteral("tok-second-1193");
        QVERIFY(ServerConfigFile::save(serversFile(), {config}).ok());
        const CliRun secret = cli.run(tools());
        VERIFY_CLI(secret.exitCode == 6 && secret.err.contains(u"Environment variable SERVICE_TOKEN: its secret value changed"), secret);
        VERIFY_CLI(!secret.err.contains(u"tok-first-8472") && !secret.err.contains(u"tok-second-1193"), secret);
        QCOMPARE(starts(pids()), started);
        QFile trustFile(QDir(cli.configHome()).filePath(QStringLiteral("Toolgate/toolgate/server-trust.json")));
        QVERIFY2(trustFile.open(QIODevice::ReadOnly), qPrintable(trustFile.fileName()));
        QVERIFY(!trustFile.readAll().contains("tok-first-8472"));
    }

    void whatThePersonTypedNeedsNoTrust()
    {
        CliProcess cli;
        // A command after "--": the person typed it; the bundled demo server: trusted from the start.
        const CliRun typed = cli.run({QStringLiteral("tools"), QStringLiteral("--"), m_fault});
        VERIFY_CLI(typed.exitCode == 0 && !typed.err.contains(u"Trust"), typed);
        ServerConfig demo;
        demo.name = QStringLiteral("demo");
        demo.command = executable(QStringLiteral("toolgate-demo-server"));
        QVERIFY(ServerConfigFile::save(serversFile(), {demo}).ok());
        const CliRun bundled = cli.run(tools());
        VERIFY_CLI(bundled.exitCode == 0 && bundled.out().contains(u"echo") && !bundled.err.contains(u"Trust"), bundled);
    }
};

QTEST_GUILESS_MAIN(tst_CliTrust)
#include "tst_clitrust.moc"
