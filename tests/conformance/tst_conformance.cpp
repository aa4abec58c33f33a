// The official MCP conformance suite (@modelcontextprotocol/conformance, pinned in tests/npm)
// with toolgate-cli as its client. One ctest entry per client scenario; each passes only when
// the suite says so AND its checks.json holds checks, none of them FAILURE or WARNING (a client
// that does nothing would "pass" some scenarios with zero checks). Every scenario server listens
// on 127.0.0.1 only (loopback-preload.cjs). The client's own output, at debug log level, must
// hold no token, secret or Authorization header.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString npmDir() { return QStringLiteral(TOOLGATE_TEST_NPM_DIR); }
QString nodeBinary() { return npmDir() + QStringLiteral("/node_modules/node/bin/node"); }
QString runner() { return npmDir() + QStringLiteral("/node_modules/@modelcontextprotocol/conformance/dist/index.js"); }
/// 0.2.0-alpha.12 (npm alias conformance-next): the scenarios of the 2026-07-28 revision.
QString nextRunner() { return npmDir() + QStringLiteral("/node_modules/conformance-next/dist/index.js"); }
const QString nextRevision = QStringLiteral("2026-07-28");
QString preload() { return QStringLiteral(TOOLGATE_TEST_LOOPBACK_PRELOAD); }
QString client() { return QStringLiteral(TOOLGATE_CONFORMANCE_CLIENT); }

// The OAuth scenarios that both versions of the suite list, in this order between their others.
const QStringList sharedAuthScenarios{
    QStringLiteral("auth/metadata-default"),
    QStringLiteral("auth/metadata-var1"),
    QStringLiteral("auth/metadata-var2"),
    QStringLiteral("auth/metadata-var3"),
    QStringLiteral("auth/basic-cimd"),
    QStringLiteral("auth/scope-from-www-authenticate"),
    QStringLiteral("auth/scope-from-scopes-supported"),
    QStringLiteral("auth/scope-omitted-when-undefined"),
    QStringLiteral("auth/scope-step-up"),
    QStringLiteral("auth/scope-retry-limit"),
    QStringLiteral("auth/token-endpoint-auth-basic"),
    QStringLiteral("auth/token-endpoint-auth-post"),
    QStringLiteral("auth/token-endpoint-auth-none"),
    QStringLiteral("auth/pre-registration"),
};

// The 26 client scenarios of conformance 0.1.16 (`conformance list --client`).
const QStringList scenarios =
    QStringList{
        QStringLiteral("initialize"),
        QStringLiteral("tools_call"),
        QStringLiteral("elicitation-sep1034-client-defaults"),
        QStringLiteral("sse-retry"),
    }
    + sharedAuthScenarios
    + QStringList{
        QStringLiteral("auth/2025-03-26-oauth-metadata-backcompat"),
        QStringLiteral("auth/2025-03-26-oauth-endpoint-fallback"),
        QStringLiteral("auth/resource-mismatch"),
        QStringLiteral("auth/offline-access-scope"),
        QStringLiteral("auth/offline-access-not-supported"),
        QStringLiteral("auth/client-credentials-jwt"),
        QStringLiteral("auth/client-credentials-basic"),
        QStringLiteral("auth/cross-app-access-complete-flow"),
    };

// The client scenarios of conformance-next that 2026-07-28 scores (`list --client` entries tagged with it).
const QStringList nextScenarios =
    QStringList{
        QStringLiteral("tools_call"),
        QStringLiteral("request-metadata"),
    }
    + sharedAuthScenarios
    + QStringList{
        QStringLiteral("auth/resource-mismatch"),
        QStringLiteral("auth/offline-access-scope"),
        QStringLiteral("auth/offline-access-not-supported"),
        QStringLiteral("auth/authorization-server-migration"),
        QStringLiteral("auth/iss-supported"),
        QStringLiteral("auth/iss-not-advertised"),
        QStringLiteral("auth/iss-supported-missing"),
        QStringLiteral("auth/iss-wrong-issuer"),
        QStringLiteral("auth/iss-unexpected"),
        QStringLiteral("auth/iss-normalized"),
        QStringLiteral("auth/metadata-issuer-mismatch"),
        QStringLiteral("sep-2322-client-request-state"),
        QStringLiteral("http-standard-headers"),
        QStringLiteral("http-custom-headers"),
        QStringLiteral("http-invalid-tool-headers"),
        QStringLiteral("json-schema-ref-no-deref"),
        QStringLiteral("json-schema-2020-12-preservation"),
    };

// Extensions of conformance-next (listed as [extension], not on the revision's timeline, so run
// without --spec-version): the client-credentials grants and enterprise-managed authorization (as in
// 0.1.16), DPoP (RFC 9449) and workload identity's JWT-bearer grant (RFC 7523), issue 33.
const QStringList nextExtensionScenarios{
    QStringLiteral("auth/client-credentials-jwt"),
    QStringLiteral("auth/client-credentials-basic"),
    QStringLiteral("auth/enterprise-managed-authorization"),
    QStringLiteral("auth/dpop"),
    QStringLiteral("auth/dpop-nonce"),
    QStringLiteral("auth/wif-jwt-bearer"),
};

// The Skills extension's host scenarios (SEP-2640, tagged "extension"), run in both eras: each scores one
// check, which the scenario records as SKIPPED when the client never called skills/list (a client that does
// nothing would pass with 0 checks run), so here every check of theirs must be a SUCCESS.
const QStringList skillsScenarios{
    QStringLiteral("sep-2640-client-no-prefetch"),
    QStringLiteral("sep-2640-client-verify-digest"),
    QStringLiteral("sep-2640-client-verify-size"),
    QStringLiteral("sep-2640-client-verify-frontmatter"),
};

// What must never appear in the client's output: the tokens, codes and secrets the scenario
// servers hand out or receive, and any Authorization header.
const QStringList secretPatterns{
    QStringLiteral("test-token-"),
    QStringLiteral("cc-token-"),
    QStringLiteral("test-auth-code"),
    QStringLiteral("test-client-secret"),
    QStringLiteral("test-secret-"),
    QStringLiteral("pre-registered-secret"),
    QStringLiteral("conformance-test-secret"),
    QStringLiteral("conformance-test-xaa-secret"),
    QStringLiteral("PRIVATE KEY"),
    QStringLiteral("code_verifier"),
    QStringLiteral("Bearer "),
    QStringLiteral("Basic "),
    QStringLiteral("Authorization:"),
    QStringLiteral("eyJ"), // any JWT (ID tokens, assertions)
};

/// Whether a skipped check looked at a request the protocol revision spoken does not have: a 2026-07-28
/// client sends no initialize (http-standard-headers still lists its header checks).
bool skippedByTheRevision(const QString &errorMessage, bool modern)
{
    static const QRegularExpression notSent(QStringLiteral("^Client did not send an? (initialize|notifications/initialized) request"));
    return modern && notSent.match(errorMessage).hasMatch();
}

QString shellQuote(const QString &text)
{
    QString quoted = text;
    quoted.replace(u'\'', QLatin1String("'\\''"));
    return u'\'' + quoted + u'\'';
}

} // namespace

class tst_Conformance : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void scenario_data();
    void scenario();
    void listMatchesPinnedVersion();
    void nextScenario_data();
    void nextScenario();
    void nextListMatchesPinnedVersion();

private:
    /// Runs one scenario with runnerScript (extra: more runner arguments) and checks its verdict.
    void run(const QString &runnerScript, const QString &name, const QStringList &extra);
    QStringList listed(const QString &runnerScript, const QString &revision);
};

void tst_Conformance::initTestCase()
{
    if (!QFileInfo::exists(nodeBinary()) || !QFileInfo::exists(runner()) || !QFileInfo::exists(nextRunner()))
        QFAIL(qPrintable(QStringLiteral("the npm test peers are not installed in %1: run packaging/setup-debian.sh").arg(npmDir())));
    if (!QFileInfo(client()).isExecutable())
        QFAIL(qPrintable(QStringLiteral("the client %1 is not built").arg(client())));
}

void tst_Conformance::scenario_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : scenarios)
        QTest::addRow("%s", qPrintable(name)) << name;
}

void tst_Conformance::scenario()
{
    QFETCH(QString, name);
    run(runner(), name, {});
}

void tst_Conformance::nextScenario_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : nextScenarios + nextExtensionScenarios + skillsScenarios)
        QTest::addRow("%s", qPrintable(name)) << name;
}

void tst_Conformance::nextScenario()
{
    // The client is told the revision in MCP_CONFORMANCE_PROTOCOL_VERSION and speaks it (2026-07-28).
    QFETCH(QString, name);
    if (skillsScenarios.contains(name)) {
        // An extension is on no revision's timeline: the suite runs it in the legacy era by default, and
        // in 2026-07-28 only when forced. The host must pass it in both.
        run(nextRunner(), name, {});
        if (QTest::currentTestFailed())
            return;
        run(nextRunner(), name, {QStringLiteral("--spec-version"), nextRevision, QStringLiteral("--force")});
        return;
    }
    if (nextExtensionScenarios.contains(name))
        run(nextRunner(), name, {}); // the runner skips an extension scenario given a revision
    else
        run(nextRunner(), name, {QStringLiteral("--spec-version"), nextRevision});
}

void tst_Conformance::run(const QString &runnerScript, const QString &name, const QStringList &extra)
{
    QTemporaryDir results;
    QVERIFY(results.isValid());
    QTemporaryDir home; // the client's config and data go here, to be checked for secrets
    QVERIFY(home.isValid());

    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // The client inherits this: every log category on, so the secrets check sees all of it.
    env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("toolgate.*=true"));
    env.insert(QStringLiteral("HOME"), home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path() + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.path() + QStringLiteral("/data"));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), home.path() + QStringLiteral("/cache"));
    env.remove(QStringLiteral("MCP_CONFORMANCE_SCENARIO"));
    env.remove(QStringLiteral("MCP_CONFORMANCE_CONTEXT"));
    process.setProcessEnvironment(env);
    process.setProcessChannelMode(QProcess::MergedChannels);
    // exec: on a timeout the runner kills only the shell it started.
    const QString command = QStringLiteral("exec %1 --conformance").arg(shellQuote(client()));
    process.start(nodeBinary(), QStringList{QStringLiteral("--require"), preload(), runnerScript, QStringLiteral("client"),
                                            QStringLiteral("--command"), command, QStringLiteral("--scenario"), name,
                                            QStringLiteral("-o"), results.path(), QStringLiteral("--timeout"), QStringLiteral("30000")}
                                    + extra);
    QVERIFY2(process.waitForStarted(10000), qPrintable(process.errorString()));
    QVERIFY2(process.waitForFinished(90000), "the conformance runner did not finish");
    const QString output = QString::fromUtf8(process.readAll());

    // checks.json, in the folder the runner names.
    static const QRegularExpression saved(QStringLiteral("Results saved to (.+)"));
    const auto match = saved.match(output);
    QVERIFY2(match.hasMatch(), qPrintable(output));
    const QString dir = match.captured(1).trimmed();
    QFile checksFile(dir + QStringLiteral("/checks.json"));
    QVERIFY2(checksFile.open(QIODevice::ReadOnly), qPrintable(checksFile.fileName()));
    const QJsonArray checks = QJsonDocument::fromJson(checksFile.readAll()).array();
    QStringList problems;
    QStringList skipped;
    int successes = 0;
    const bool everyCheckMustRun = skillsScenarios.contains(name);
    for (const QJsonValue &value : checks) {
        const QJsonObject check = value.toObject();
        const QString status = check.value(QLatin1String("status")).toString();
        const QString errorMessage = check.value(QLatin1String("errorMessage")).toString();
        if (status == QLatin1String("SUCCESS"))
            ++successes;
        else if (status == QLatin1String("FAILURE") || status == QLatin1String("WARNING") || everyCheckMustRun)
            problems.append(QStringLiteral("%1 %2: %3 %4")
                                .arg(status, check.value(QLatin1String("id")).toString(),
                                     check.value(QLatin1String("description")).toString(), errorMessage));
        else if (status == QLatin1String("SKIPPED") && !skippedByTheRevision(errorMessage, extra.contains(nextRevision)))
            skipped.append(QStringLiteral("%1: %2").arg(check.value(QLatin1String("name")).toString(), errorMessage));
    }
    QFile clientErr(dir + QStringLiteral("/stderr.txt"));
    QFile clientOut(dir + QStringLiteral("/stdout.txt"));
    QVERIFY(clientErr.open(QIODevice::ReadOnly));
    QVERIFY(clientOut.open(QIODevice::ReadOnly));
    const QString clientOutput = QString::fromUtf8(clientOut.readAll() + clientErr.readAll());
    if (!problems.isEmpty() || checks.isEmpty() || process.exitCode() != 0)
        qWarning().noquote() << "runner output:\n" << output << "\nclient output:\n" << clientOutput;
    QVERIFY2(!checks.isEmpty(), "the scenario recorded no checks");
    QVERIFY2(successes > 0, "the scenario recorded no successful check");
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    // A check is skipped when the client never sent the request it looks at: Toolgate lists, reads and
    // gets what a scenario offers (issue 33), so none may be skipped for want of trying.
    QVERIFY2(skipped.isEmpty(), qPrintable(QStringLiteral("skipped checks:\n") + skipped.join(u'\n')));
    QCOMPARE(process.exitCode(), 0); // the runner's own verdict (timeouts, client exit codes)
    QVERIFY2(output.contains(QLatin1String("OVERALL: PASSED")), qPrintable(output));

    // No secret in what the client printed or logged.
    for (const QString &pattern : secretPatterns)
        QVERIFY2(!clientOutput.contains(pattern), qPrintable(QStringLiteral("the client's output contains \"%1\"").arg(pattern)));
    // Nor in any file it wrote under its home (config, data, cache).
    std::function<void(const QString &)> scan = [&](const QString &path) {
        const QFileInfoList entries = QDir(path).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
        for (const QFileInfo &entry : entries) {
            if (entry.isDir()) {
                scan(entry.filePath());
                continue;
            }
            QFile file(entry.filePath());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(file.readAll());
            for (const QString &pattern : secretPatterns)
                QVERIFY2(!text.contains(pattern), qPrintable(QStringLiteral("%1 contains \"%2\"").arg(entry.filePath(), pattern)));
        }
    };
    scan(home.path());
}

QStringList tst_Conformance::listed(const QString &runnerScript, const QString &revision)
{
    QProcess process;
    process.start(nodeBinary(), {runnerScript, QStringLiteral("list"), QStringLiteral("--client")});
    if (!process.waitForFinished(30000))
        return {QStringLiteral("(the runner did not list its scenarios)")};
    const QString output = QString::fromUtf8(process.readAllStandardOutput());
    // "  - name" (0.1.16) or "  - name [revision,revision]" (0.2.0).
    static const QRegularExpression item(QStringLiteral("^\\s+- (\\S+)(?: \\[([^\\]]*)\\])?"), QRegularExpression::MultilineOption);
    QStringList names;
    auto it = item.globalMatch(output);
    while (it.hasNext()) {
        const auto match = it.next();
        if (revision.isEmpty() || match.captured(2).split(u',').contains(revision))
            names.append(match.captured(1));
    }
    return names;
}

void tst_Conformance::listMatchesPinnedVersion()
{
    // If the pinned suite changes its scenarios, this list (and the ctest entries) must follow.
    QCOMPARE(listed(runner(), {}), scenarios);
}

void tst_Conformance::nextListMatchesPinnedVersion()
{
    QCOMPARE(listed(nextRunner(), nextRevision), nextScenarios);
    const QStringList extensions = listed(nextRunner(), QStringLiteral("extension"));
    for (const QString &name : nextExtensionScenarios)
        QVERIFY2(extensions.contains(name), qPrintable(name));
    for (const QString &name : skillsScenarios)
        QVERIFY2(extensions.contains(name), qPrintable(name + QStringLiteral(" is no longer an extension scenario of the pinned suite")));
}

QTEST_GUILESS_MAIN(tst_Conformance)
#include "tst_conformance.moc"
