// toolgate-cli with rules on argument values (issue 16, item 4) against the project's hostile test
// server, whose echo tool notes in HOSTILE_SERVER_LOG every text that reached it: the server's side of
// the story. A path rule allows calls inside its folder without asking; `..` and a symlink cannot lead
// out, not even with --yes; a shadow rule only records (the audit log names it) while the person
// decides; a broken rules file stops calls instead of letting --yes through.

#include "auditrecords.h"
#include "cliprocess.h"
#include "core/audit/auditreader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace Toolgate;
using namespace Toolgate::TestSupport;
using namespace Qt::StringLiterals;

class tst_CliRules : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void pathRuleAllowsInsideWithoutAsking();
    void escapesAreDeniedEvenWithYes_data();
    void escapesAreDeniedEvenWithYes();
    void shadowRuleOnlyRecords();
    void brokenRulesFileStopsCalls();

private:
    /// The rule "project files": echo's text must be a path inside the project folder, else denied.
    QJsonObject projectRule(bool shadow) const;
    void writeRules(const QJsonArray &rules) const;
    CliRun callEcho(const QString &text, const QStringList &options = {}, const QByteArray &input = {}) const;
    /// The texts echo received, from the server's own log.
    QStringList reached() const;
    QList<AuditRecord> callRecords() const;

    const QString m_cli = cliPath();
    const QString m_server = executable(u"toolgate-hostile-server"_s);
    QTemporaryDir m_files; // project/, outside/secret.txt, project/link -> outside
    std::unique_ptr<QTemporaryDir> m_config;
    /// The server's notes: a folder of their own, granted to its sandbox (issue 32), which never sees
    /// Toolgate's config folder.
    std::unique_ptr<QTemporaryDir> m_notes;
    QString project() const { return m_files.filePath(u"project"_s); }
};

void tst_CliRules::initTestCase()
{
    const QString missing = notBuilt({m_cli, m_server});
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
    QVERIFY(m_files.isValid());
    const QDir root(m_files.path());
    QVERIFY(root.mkpath(u"project"_s));
    QVERIFY(root.mkpath(u"outside"_s));
    QFile secret(root.filePath(u"outside/secret.txt"_s));
    QVERIFY(secret.open(QIODevice::WriteOnly));
    secret.write("secret\n");
    secret.close();
    QVERIFY(QFile::link(root.filePath(u"outside"_s), root.filePath(u"project/link"_s)));
}

void tst_CliRules::init()
{
    // Each test its own config folder: rules, approvals, the audit log and the server's notes.
    m_config = std::make_unique<QTemporaryDir>();
    QVERIFY(m_config->isValid());
    m_notes = std::make_unique<QTemporaryDir>();
    QVERIFY(m_notes->isValid());
}

QJsonObject tst_CliRules::projectRule(bool shadow) const
{
    return QJsonObject{
        {u"name"_s, u"project files"_s},
        // A server typed after "--" is named by its program's file name.
        {u"server"_s, QFileInfo(m_server).fileName()},
        {u"tool"_s, u"echo"_s},
        {u"enabled"_s, true},
        {u"shadow"_s, shadow},
        {u"conditions"_s, QJsonArray{QJsonObject{{u"argument"_s, u"text"_s}, {u"kind"_s, u"pathInside"_s}, {u"folder"_s, project()}}}},
        {u"action"_s, u"allow"_s},
        {u"otherwise"_s, u"deny"_s},
        {u"otherwiseReason"_s, u"only inside the project"_s},
    };
}

void tst_CliRules::writeRules(const QJsonArray &rules) const
{
    QFile file(m_config->filePath(u"rules.json"_s));
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QJsonDocument(QJsonObject{{u"rules"_s, rules}}).toJson());
}

CliRun tst_CliRules::callEcho(const QString &text, const QStringList &options, const QByteArray &input) const
{
    const QMap<QString, QString> env{{u"TOOLGATE_CONFIG_DIR"_s, m_config->path()},
                                     {u"TOOLGATE_AUDIT_DB"_s, m_config->filePath(u"audit.sqlite"_s)},
                                     {u"HOSTILE_SERVER_LOG"_s, m_notes->filePath(u"server.log"_s)}};
    return runToEnd(m_cli, QStringList{u"call"_s, u"echo"_s, u"text="_s + text} + options + QStringList{u"--grant"_s, m_notes->path() + u":rw"_s, u"--"_s, m_server},
                    m_config->path(), input, env);
}

QStringList tst_CliRules::reached() const
{
    QFile log(m_notes->filePath(u"server.log"_s));
    if (!log.open(QIODevice::ReadOnly))
        return {};
    QStringList texts;
    for (const QString &line : QString::fromUtf8(log.readAll()).split(u'\n', Qt::SkipEmptyParts)) {
        if (line.startsWith(u"echo "_s))
            texts.append(line.mid(5));
    }
    return texts;
}

QList<AuditRecord> tst_CliRules::callRecords() const
{
    const auto stored = storedRecords(m_config->filePath(u"audit.sqlite"_s), {.types = {AuditRecordType::ToolCall}});
    return stored ? stored.value() : QList<AuditRecord>();
}

void tst_CliRules::pathRuleAllowsInsideWithoutAsking()
{
    writeRules({projectRule(false)});
    const QString inside = project() + u"/notes/today.txt"_s; // not there yet: judged by its parent
    // No --yes and nothing on stdin: a question would be answered "no" (exit 6).
    const CliRun run = callEcho(inside);
    VERIFY_CLI(run.exitCode == 0 && run.out().contains(inside), run);
    VERIFY_CLI(!run.err.contains(u"Allow this call?"_s), run);
    QCOMPARE(reached(), QStringList{inside});
    const QList<AuditRecord> records = callRecords();
    QCOMPARE(records.size(), 1);
    QCOMPARE(records.first().decision, ApprovalDecision::Kind::AllowOnce);
    QCOMPARE(records.first().decisionSource, ApprovalDecision::Source::RememberedRule);
    QVERIFY2(records.first().decisionReason.contains(u"rule \"project files\""_s), qPrintable(records.first().decisionReason));
}

void tst_CliRules::escapesAreDeniedEvenWithYes_data()
{
    QTest::addColumn<QString>("path");
    QTest::addRow("dot-dot") << u"%1/../outside/secret.txt"_s;
    QTest::addRow("dot-dot after a folder that does not exist") << u"%1/new/../../outside/secret.txt"_s;
    QTest::addRow("symlink") << u"%1/link/secret.txt"_s;
    QTest::addRow("relative") << u"project/a.txt"_s;
}

void tst_CliRules::escapesAreDeniedEvenWithYes()
{
    QFETCH(QString, path);
    const QString text = path.contains(u"%1"_s) ? path.arg(project()) : path;
    writeRules({projectRule(false)});
    const CliRun run = callEcho(text, {u"--yes"_s});
    VERIFY_CLI(run.exitCode == 6, run);
    VERIFY_CLI(run.err.contains(u"project files"_s) && run.err.contains(u"only inside the project"_s), run);
    QCOMPARE(reached(), QStringList{});
    const QList<AuditRecord> records = callRecords();
    QCOMPARE(records.size(), 1);
    QCOMPARE(records.first().decision, ApprovalDecision::Kind::Deny);
    QVERIFY2(records.first().decisionReason.contains(u"rule \"project files\""_s), qPrintable(records.first().decisionReason));
}

void tst_CliRules::shadowRuleOnlyRecords()
{
    writeRules({projectRule(true)});
    // The shadow rule would deny; the person is asked, says no, and nothing is sent.
    const CliRun refused = callEcho(project() + u"/../outside/secret.txt"_s, {}, "n\n\n");
    VERIFY_CLI(refused.exitCode == 6 && refused.err.contains(u"Allow this call?"_s), refused);
    QCOMPARE(reached(), QStringList{});
    // With --yes the call goes out although the shadow rule would have denied it.
    const QString outside = m_files.filePath(u"outside/secret.txt"_s);
    const CliRun allowed = callEcho(outside, {u"--yes"_s});
    VERIFY_CLI(allowed.exitCode == 0 && allowed.out().contains(outside), allowed);
    QCOMPARE(reached(), QStringList{outside});
    // The audit log says what the shadow rule would have done, both times.
    const QList<AuditRecord> records = callRecords();
    QCOMPARE(records.size(), 2);
    for (const AuditRecord &record : records) {
        QVERIFY2(record.decisionReason.contains(u"shadow rule \"project files\""_s)
                     && record.decisionReason.contains(u"only inside the project"_s),
                 qPrintable(record.decisionReason));
        QVERIFY(record.decisionSource != ApprovalDecision::Source::RememberedRule || record.decision != ApprovalDecision::Kind::Deny);
    }
    QCOMPARE(records.at(0).decision, ApprovalDecision::Kind::Deny);
    QCOMPARE(records.at(0).decisionSource, ApprovalDecision::Source::Human);
    QVERIFY(records.at(1).decision != ApprovalDecision::Kind::Deny);
}

void tst_CliRules::brokenRulesFileStopsCalls()
{
    QFile file(m_config->filePath(u"rules.json"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"rules\": [ {\"name\": \"half a rule\", ");
    file.close();
    const CliRun run = callEcho(project() + u"/a.txt"_s, {u"--yes"_s});
    VERIFY_CLI(run.exitCode == 3, run);
    VERIFY_CLI(run.err.contains(u"rules.json"_s) && run.err.contains(u"Repair or remove the file"_s), run);
    QCOMPARE(reached(), QStringList{});
    // Listing makes no call: it goes on, with a warning.
    const CliRun tools = runToEnd(m_cli, {u"tools"_s, u"--"_s, m_server}, m_config->path(), {},
                                  {{u"TOOLGATE_CONFIG_DIR"_s, m_config->path()},
                                   {u"TOOLGATE_AUDIT_DB"_s, m_config->filePath(u"audit.sqlite"_s)}});
    VERIFY_CLI(tools.exitCode == 0 && tools.out().contains(u"echo"_s) && tools.err.contains(u"rules.json"_s), tools);
    // Untouched, for the person to repair.
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("{\"rules\": [ {\"name\": \"half a rule\", "));
}

QTEST_GUILESS_MAIN(tst_CliRules)
#include "tst_clirules.moc"
