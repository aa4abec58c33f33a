// SkillCatalog over a real ClientSession and StdioTransport against toolgate-skills-server, in both eras:
// the extension declared by the client, skills listed without fetching a file, a skill's SKILL.md fetched
// only when it is opened and verified (size, digest, frontmatter) before it is handed on, and nothing of a
// skill that fails used: no content in the answer, no supporting file read (issue 33, SEP-2640).

#include "core/client/clientsession.h"
#include "core/skills/skillcatalog.h"
#include "core/skills/skillverifier.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/transportfactory.h"
#include "testtable.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QTest>

using namespace Toolgate;
using namespace Qt::StringLiterals;
using Toolgate::TestSupport::addColumns;

namespace {

constexpr int kSkillWait = 10000;

QString skillsServer()
{
    return QStringLiteral(TOOLGATE_BIN_DIR "/toolgate-skills-server");
}

template<typename T>
struct SkillAnswer
{
    int count = 0;
    std::optional<Result<T>> last;
    SkillCatalog::Callback<T> callback()
    {
        return [this](const Result<T> &result) {
            ++count;
            last = result;
        };
    }
    bool ok() const { return last && last->ok(); }
    QString describe() const { return !last ? u"(no answer)"_s : last->ok() ? u"ok"_s : last->error().message; }
};

} // namespace

class tst_SkillCatalog : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void listsWithoutFetching_data();
    void listsWithoutFetching();
    void opensAVerifiedSkill_data();
    void opensAVerifiedSkill();
    void failedSkillIsNotUsed_data();
    void failedSkillIsNotUsed();
    void serverWithoutTheExtensionOffersNoSkills();
    void aHostileListingIsCut_data();
    void aHostileListingIsCut();

private:
    ClientSession *start(const QStringList &arguments, bool modern, bool declareSkills = true);
    QStringList diagnostics(const QString &prefix) const
    {
        QStringList lines;
        for (const auto &args : *m_diagnostics) {
            if (args.first().toString().startsWith(prefix))
                lines.append(args.first().toString().mid(prefix.size()));
        }
        return lines;
    }
    SkillEntry entryNamed(SkillCatalog &catalog, const QString &name);

    std::unique_ptr<QObject> m_context;
    std::unique_ptr<QSignalSpy> m_diagnostics;
};

void tst_SkillCatalog::init()
{
    QVERIFY2(QFileInfo(skillsServer()).isExecutable(), qPrintable(skillsServer()));
    m_context = std::make_unique<QObject>();
}

void tst_SkillCatalog::cleanup()
{
    m_diagnostics.reset();
    m_context.reset();
}

ClientSession *tst_SkillCatalog::start(const QStringList &arguments, bool modern, bool declareSkills)
{
    ServerConfig config;
    config.name = u"skills"_s;
    config.command = skillsServer();
    config.args = arguments + (modern ? QStringList{u"--modern"_s} : QStringList());
    auto transport = TransportFactory::create(config);
    if (!transport)
        return nullptr;
    ClientSession::Options options;
    options.era = modern ? ClientSession::EraMode::Modern : ClientSession::EraMode::Legacy;
    if (declareSkills)
        options.extensions.insert(Skills::extensionId(), QJsonObject());
    auto *session = new ClientSession(std::move(transport).value(), options, m_context.get());
    m_diagnostics = std::make_unique<QSignalSpy>(session, &ClientSession::diagnosticLine);
    QSignalSpy failed(session, &ClientSession::failed);
    session->connectToServer();
    if (!QTest::qWaitFor([&] { return session->isReady() || !failed.isEmpty(); }, kSkillWait) || !session->isReady())
        return nullptr;
    return session;
}

SkillEntry tst_SkillCatalog::entryNamed(SkillCatalog &catalog, const QString &name)
{
    SkillAnswer<QList<SkillEntry>> listed;
    catalog.list(m_context.get(), listed.callback());
    if (!QTest::qWaitFor([&] { return listed.count > 0; }, kSkillWait) || !listed.ok())
        return {};
    for (const SkillEntry &entry : listed.last->value()) {
        if (entry.name() == name)
            return entry;
    }
    return {};
}

void tst_SkillCatalog::listsWithoutFetching_data()
{
    addColumns<bool, QStringList>("modern", "arguments");
    QTest::addRow("2025-11-25") << false << QStringList();
    QTest::addRow("2026-07-28") << true << QStringList();
    QTest::addRow("2025-11-25, one skill a page") << false << QStringList{u"--page-size"_s, u"1"_s};
    QTest::addRow("2026-07-28, one skill a page") << true << QStringList{u"--page-size"_s, u"1"_s};
}

void tst_SkillCatalog::listsWithoutFetching()
{
    QFETCH(bool, modern);
    QFETCH(QStringList, arguments);
    ClientSession *session = start(arguments, modern);
    QVERIFY(session);
    QCOMPARE(session->era(), modern ? ProtocolEra::Modern : ProtocolEra::Legacy);
    QVERIFY(SkillCatalog::offeredBy(session));

    SkillCatalog catalog(session);
    SkillAnswer<QList<SkillEntry>> listed;
    catalog.list(m_context.get(), listed.callback());
    QTRY_COMPARE_WITH_TIMEOUT(listed.count, 1, kSkillWait);
    QVERIFY2(listed.ok(), qPrintable(listed.describe()));
    const QList<SkillEntry> skills = listed.last->value();
    QCOMPARE(skills.size(), 2);
    QCOMPARE(skills.at(0).name(), u"pdf-processing"_s);
    QCOMPARE(skills.at(0).description(), u"Extract, fill, and assemble PDF documents"_s);
    QCOMPARE(skills.at(0).resources->size(), 2);
    QVERIFY(skills.at(0).resources->at(0).digest.startsWith(u"sha256:"_s));
    QVERIFY(skills.at(0).totalSize().value_or(0) > 0);
    QCOMPARE(skills.at(1).name(), u"git-workflow"_s);
    QVERIFY(catalog.problems().isEmpty());

    // The client declared the extension in its era's way; the listing fetched no file.
    QVERIFY2(diagnostics(u"client extensions: "_s).constFirst().split(u',').contains(Skills::extensionId()),
             qPrintable(diagnostics(u"client extensions: "_s).join(u'|')));
    QCOMPARE(diagnostics(u"listed"_s).size(), arguments.isEmpty() ? 1 : 2);
    QVERIFY2(diagnostics(u"read: "_s).isEmpty(), qPrintable(diagnostics(u"read: "_s).join(u'|')));
}

void tst_SkillCatalog::opensAVerifiedSkill_data()
{
    addColumns<bool>("modern");
    QTest::addRow("2025-11-25") << false;
    QTest::addRow("2026-07-28") << true;
}

void tst_SkillCatalog::opensAVerifiedSkill()
{
    QFETCH(bool, modern);
    ClientSession *session = start({}, modern);
    QVERIFY(session);
    SkillCatalog catalog(session);
    const SkillEntry pdf = entryNamed(catalog, u"pdf-processing"_s);
    QCOMPARE(pdf.uri, u"skill://pdf-processing/SKILL.md"_s);

    SkillAnswer<SkillCatalog::LoadedSkill> opened;
    catalog.open(pdf, m_context.get(), opened.callback());
    QTRY_COMPARE_WITH_TIMEOUT(opened.count, 1, kSkillWait);
    QVERIFY2(opened.ok(), qPrintable(opened.describe()));
    QVERIFY(opened.last->value().skillMd.startsWith(u"---\nname: pdf-processing\n"_s));
    QCOMPARE(opened.last->value().body, u"# PDF processing\n\nUse the forms in references/FORMS.md. Skill body.\n"_s);
    QCOMPARE(diagnostics(u"read: "_s), QStringList{pdf.uri}); // SKILL.md only, when opened

    // A supporting file when it is read, verified; one the entry does not list is refused unread.
    SkillAnswer<QByteArray> forms;
    catalog.readFile(opened.last->value(), u"references/FORMS.md"_s, m_context.get(), forms.callback());
    QTRY_COMPARE_WITH_TIMEOUT(forms.count, 1, kSkillWait);
    QVERIFY2(forms.ok(), qPrintable(forms.describe()));
    QCOMPARE(forms.last->value(), QByteArray("Supporting content.\n"));
    SkillAnswer<QByteArray> unlisted;
    catalog.readFile(opened.last->value(), u"scripts/steal.py"_s, m_context.get(), unlisted.callback());
    QTRY_COMPARE_WITH_TIMEOUT(unlisted.count, 1, kSkillWait);
    QVERIFY(!unlisted.ok());
    QCOMPARE(unlisted.last->error().data.toObject().value(u"check"_s).toString(), u"unlisted"_s);
    QCOMPARE(diagnostics(u"read: "_s), (QStringList{pdf.uri, u"skill://pdf-processing/references/FORMS.md"_s}));

    // A frontmatter with a folded block, a flow list and nested mappings verifies as the listing says.
    const SkillEntry git = entryNamed(catalog, u"git-workflow"_s);
    SkillAnswer<SkillCatalog::LoadedSkill> gitOpened;
    catalog.open(git, m_context.get(), gitOpened.callback());
    QTRY_COMPARE_WITH_TIMEOUT(gitOpened.count, 1, kSkillWait);
    QVERIFY2(gitOpened.ok(), qPrintable(gitOpened.describe()));
}

void tst_SkillCatalog::failedSkillIsNotUsed_data()
{
    addColumns<QStringList, QString, QString>("arguments", "check", "says");
    const QString changed = u"It is not the file the server listed: changed since, damaged or tampered with."_s;
    QTest::addRow("digest") << QStringList{u"--tamper"_s, u"digest"_s} << u"digest"_s
                            << u"SKILL.md does not match the digest in the listing. "_s + changed;
    QTest::addRow("size") << QStringList{u"--tamper"_s, u"size"_s} << u"size"_s
                          << u"SKILL.md is 194 bytes long, but the listing says 152. "_s + changed;
    QTest::addRow("frontmatter") << QStringList{u"--tamper"_s, u"frontmatter"_s} << u"frontmatter"_s
                                 << u"the frontmatter of its SKILL.md differs from the listing's in: description."_s;
    QTest::addRow("SKILL.md unlisted") << QStringList{u"--tamper"_s, u"unlisted"_s} << u"unlisted"_s
                                       << u"SKILL.md is not one of the files its listing names."_s;
    QTest::addRow("no digests") << QStringList{u"--no-digests"_s} << u"no-digests"_s
                                << u"the server lists no digests for its files, so they cannot be checked."_s;
}

void tst_SkillCatalog::failedSkillIsNotUsed()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, check);
    QFETCH(QString, says);
    for (const bool modern : {false, true}) {
        ClientSession *session = start(arguments, modern);
        QVERIFY(session);
        SkillCatalog catalog(session);
        const SkillEntry pdf = entryNamed(catalog, u"pdf-processing"_s);
        QCOMPARE(pdf.uri, u"skill://pdf-processing/SKILL.md"_s);

        SkillAnswer<SkillCatalog::LoadedSkill> opened;
        catalog.open(pdf, m_context.get(), opened.callback());
        QTRY_COMPARE_WITH_TIMEOUT(opened.count, 1, kSkillWait);
        QVERIFY2(!opened.ok(), "a skill that fails verification was loaded");
        const Error error = opened.last->error();
        QCOMPARE(error.data.toObject().value(u"check"_s).toString(), check);
        QCOMPARE(error.message,
                 u"The skill “pdf-processing” was not loaded: "_s + says + u" Nothing of it is used; refresh the skills to try again."_s);
        // Nothing of the tampered content reaches the message, and no other file of the skill is read.
        QVERIFY(!error.message.contains(u"Evil"_s) && !error.message.contains(u"Exfiltrate"_s));
        const QStringList reads = diagnostics(u"read: "_s);
        QVERIFY2(!reads.contains(u"skill://pdf-processing/references/FORMS.md"_s), qPrintable(reads.join(u'|')));
        // Without digests (or without SKILL.md among them) nothing is fetched at all.
        if (check == u"no-digests"_s || check == u"unlisted"_s)
            QVERIFY2(reads.isEmpty(), qPrintable(reads.join(u'|')));
        else
            QCOMPARE(reads, QStringList{pdf.uri});
        m_context = std::make_unique<QObject>(); // ends this session before the next era's
    }
}

void tst_SkillCatalog::serverWithoutTheExtensionOffersNoSkills()
{
    // The fault server declares no extensions: list() answers at once, and sends nothing.
    ServerConfig config;
    config.name = u"plain"_s;
    config.command = QStringLiteral(TOOLGATE_BIN_DIR "/toolgate-fault-server");
    if (!QFileInfo(config.command).isExecutable())
        QSKIP("toolgate-fault-server is not built");
    auto transport = TransportFactory::create(config);
    QVERIFY(transport);
    auto *session = new ClientSession(std::move(transport).value(), {}, m_context.get());
    session->connectToServer();
    QTRY_VERIFY_WITH_TIMEOUT(session->isReady(), kSkillWait);
    QVERIFY(!SkillCatalog::offeredBy(session));
    SkillCatalog catalog(session);
    SkillAnswer<QList<SkillEntry>> listed;
    catalog.list(m_context.get(), listed.callback());
    QCOMPARE(listed.count, 0); // answered later, never inside the call
    QTRY_COMPARE_WITH_TIMEOUT(listed.count, 1, kSkillWait);
    QVERIFY(!listed.ok());
    QCOMPARE(listed.last->error().message,
             u"The server offers no skills: it does not declare the extension io.modelcontextprotocol/skills."_s);
}

QTEST_GUILESS_MAIN(tst_SkillCatalog)
void tst_SkillCatalog::aHostileListingIsCut_data()
{
    addColumns<bool, QString, int>("modern", "listing", "pages");
    QTest::addRow("endless pages, 2025-11-25") << false << u"endless"_s << SkillCatalog::maxPages;
    QTest::addRow("endless pages, 2026-07-28") << true << u"endless"_s << SkillCatalog::maxPages;
    QTest::addRow("12,000 on one page") << false << u"flood"_s << 1;
}

// Hostile: a server whose listing never ends (a next cursor on every page) or is larger than any real
// catalog. Toolgate reads at most SkillCatalog::maxPages pages and maxSkills skills, keeps what fits and
// says the rest was left out, instead of asking for ever or holding all of it.
void tst_SkillCatalog::aHostileListingIsCut()
{
    QFETCH(bool, modern);
    QFETCH(QString, listing);
    QFETCH(int, pages);
    ClientSession *session = start({u"--hostile-listing"_s, listing}, modern);
    QVERIFY(session);
    SkillCatalog catalog(session);
    SkillAnswer<QList<SkillEntry>> listed;
    catalog.list(m_context.get(), listed.callback());
    QTRY_COMPARE_WITH_TIMEOUT(listed.count, 1, 60000);
    QVERIFY2(listed.ok(), qPrintable(listed.describe()));
    const qsizetype kept = listed.last->value().size();
    QCOMPARE(kept, listing == u"flood"_s ? qsizetype(SkillCatalog::maxSkills) : qsizetype(SkillCatalog::maxPages));
    QVERIFY2(catalog.problems().join(u' ').contains(u"the rest are left out"_s), qPrintable(catalog.problems().join(u'|')));
    QTRY_COMPARE(diagnostics(u"listed"_s).size(), pages); // no page asked for after the limit
    QCOMPARE(listed.count, 1);
}

#include "tst_skillcatalog.moc"
