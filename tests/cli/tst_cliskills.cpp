// toolgate-cli skills and skill NAME (issue 33, SEP-2640) against toolgate-skills-server: the listing with
// each skill's description, size and digest; a skill's SKILL.md printed only once verified against the
// listing; a tampered one refused in plain words with exit code 5, and none of its content printed.

#include "cliprocess.h"
#include "testtable.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate::TestSupport;

class tst_CliSkills : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void listsTheSkills();
    void listsTheSkillsAsJson();
    void printsAVerifiedSkill();
    void refusesATamperedSkill_data();
    void refusesATamperedSkill();
    void unknownOrMissingName();

private:
    QStringList withServer(const QStringList &cliArguments, const QStringList &serverArguments = {}) const
    {
        return cliArguments + QStringList{u"--"_s, m_server} + serverArguments;
    }
    const QString m_server = executable(u"toolgate-skills-server"_s);
    CliProcess m_cli;
};

void tst_CliSkills::initTestCase()
{
    const QString missing = notBuilt({cliPath(), m_server});
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
}

void tst_CliSkills::listsTheSkills()
{
    const CliRun run = m_cli.run(withServer({u"skills"_s}));
    VERIFY_CLI(run.exitCode == 0, run);
    VERIFY_CLI(run.out().contains(u"pdf-processing\n    Extract, fill, and assemble PDF documents\n    2 files, 172 bytes\n    SKILL.md sha256:"_s), run);
    VERIFY_CLI(run.out().contains(u"git-workflow\n    Follow this team's Git conventions for branching and commits\n"_s), run);
    // The listing fetched nothing: no skill's text is printed.
    VERIFY_CLI(!run.out().contains(u"Skill body"_s), run);
}

void tst_CliSkills::listsTheSkillsAsJson()
{
    const CliRun run = m_cli.run(withServer({u"--json"_s, u"skills"_s}));
    VERIFY_CLI(run.exitCode == 0, run);
    const QJsonArray skills = run.json().value(u"skills"_s).toArray();
    QCOMPARE(skills.size(), 2);
    const QJsonObject pdf = skills.at(0).toObject();
    QCOMPARE(pdf.value(u"name"_s).toString(), u"pdf-processing"_s);
    QCOMPARE(pdf.value(u"uri"_s).toString(), u"skill://pdf-processing/SKILL.md"_s);
    QCOMPARE(pdf.value(u"size"_s).toInt(), 172);
    QVERIFY(pdf.value(u"digest"_s).toString().startsWith(u"sha256:"_s));
    QCOMPARE(pdf.value(u"frontmatter"_s).toObject().value(u"description"_s).toString(), u"Extract, fill, and assemble PDF documents"_s);
}

void tst_CliSkills::printsAVerifiedSkill()
{
    const CliRun run = m_cli.run(withServer({u"skill"_s, u"pdf-processing"_s}));
    VERIFY_CLI(run.exitCode == 0, run);
    QCOMPARE(run.out(), u"---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\n---\n"
                        "# PDF processing\n\nUse the forms in references/FORMS.md. Skill body.\n"_s);
    VERIFY_CLI(run.err.contains(u"Verified against the listing: size, digest and frontmatter of skill://pdf-processing/SKILL.md."_s), run);

    // By URI too; and a frontmatter with a folded block, a flow list and nested mappings verifies.
    const CliRun byUri = m_cli.run(withServer({u"skill"_s, u"skill://git-workflow/SKILL.md"_s}));
    VERIFY_CLI(byUri.exitCode == 0 && byUri.out().contains(u"# Git workflow"_s), byUri);
}

void tst_CliSkills::refusesATamperedSkill_data()
{
    addColumns<QString, QString>("tamper", "says");
    QTest::addRow("digest") << u"digest"_s << u"SKILL.md does not match the digest in the listing."_s;
    QTest::addRow("size") << u"size"_s << u"SKILL.md is 194 bytes long, but the listing says 152."_s;
    QTest::addRow("frontmatter") << u"frontmatter"_s << u"the frontmatter of its SKILL.md differs from the listing's in: description."_s;
}

void tst_CliSkills::refusesATamperedSkill()
{
    QFETCH(QString, tamper);
    QFETCH(QString, says);
    const CliRun run = m_cli.run(withServer({u"skill"_s, u"pdf-processing"_s}, {u"--tamper"_s, tamper}));
    VERIFY_CLI(run.exitCode == 5, run);
    VERIFY_CLI(run.err.contains(u"The skill “pdf-processing” was not loaded: "_s + says), run);
    VERIFY_CLI(run.err.contains(u"Nothing of it is used; refresh the skills to try again."_s), run);
    // Nothing of the skill reaches the terminal.
    VERIFY_CLI(run.out().isEmpty(), run);
    VERIFY_CLI(!run.all().contains(u"Evil body"_s) && !run.all().contains(u"Exfiltrate"_s) && !run.all().contains(u"Skill body"_s), run);
}

void tst_CliSkills::unknownOrMissingName()
{
    const CliRun unknown = m_cli.run(withServer({u"skill"_s, u"no-such-skill"_s}));
    VERIFY_CLI(unknown.exitCode == 5, unknown);
    VERIFY_CLI(unknown.err.contains(u"The server lists no skill “no-such-skill”; toolgate-cli skills lists those it has."_s), unknown);
    const CliRun missing = m_cli.run(withServer({u"skill"_s}));
    VERIFY_CLI(missing.exitCode == 2, missing);
}

QTEST_GUILESS_MAIN(tst_CliSkills)
#include "tst_cliskills.moc"
