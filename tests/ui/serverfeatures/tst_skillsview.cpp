// SkillsView (issue 33, SEP-2640) with a real host and toolgate-skills-server: the listing's name,
// description, size and digest with nothing fetched; a skill opened shows its verified SKILL.md, a
// tampered one the failure in plain words and nothing of its content. TOOLGATE_SKILLS_SCREENSHOT names a
// folder to save the two views in (run under xvfb-run with QT_QPA_PLATFORM=xcb to look at them).

#include "core/skills/skillentry.h"
#include "core/workspace/serverconnection.h"
#include "testhost.h"
#include "testpaths.h"
#include "ui/serverfeatures/skillsdialog.h"
#include "ui/serverfeatures/skillsview.h"
#include "ui/servers/serverinfopanel.h"
#include "ui/viewers/messagebanner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Toolgate;
using namespace Toolgate::TestSupport;
using namespace Qt::StringLiterals;

class tst_SkillsView : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void listsThenShowsTheVerifiedSkill();
    void tamperedSkillShowsWhyAndNothingOfIt();
    void serverDetailsOfferTheSkills();

private:
    ServerConnection *startSkillsServer(const QStringList &arguments);
    QStringList reads(ServerConnection *connection) const;
    void screenshot(QWidget *widget, const QString &name);

    std::unique_ptr<QTemporaryDir> m_folder;
    std::unique_ptr<Host> m_host;
};

void tst_SkillsView::init()
{
    m_folder = std::make_unique<QTemporaryDir>();
    QVERIFY(m_folder->isValid());
}

void tst_SkillsView::cleanup()
{
    m_host.reset();
    m_folder.reset();
}

ServerConnection *tst_SkillsView::startSkillsServer(const QStringList &arguments)
{
    QFile file(m_folder->filePath(u"servers.json"_s));
    if (!file.open(QIODevice::WriteOnly))
        return nullptr;
    QJsonArray args;
    for (const QString &argument : arguments)
        args.append(argument);
    file.write(QJsonDocument(QJsonObject{{u"mcpServers"_s, QJsonObject{{u"skills"_s, QJsonObject{{u"command"_s, executable(u"toolgate-skills-server"_s)},
                                                                                                 {u"args"_s, args}}}}}})
                   .toJson());
    file.close();
    m_host = guiTestHost(m_folder->path(), {}, [](Host::Options &options) {
        options.session.extensions.insert(Skills::extensionId(), QJsonObject()); // as the app does
    });
    return startServer(*m_host, u"skills"_s);
}

QStringList tst_SkillsView::reads(ServerConnection *connection) const
{
    QStringList uris;
    for (const ConsoleLine &line : connection->console()) {
        if (line.text.startsWith(u"read: "_s))
            uris.append(line.text.mid(6));
    }
    return uris;
}

void tst_SkillsView::screenshot(QWidget *widget, const QString &name)
{
    const QString folder = qEnvironmentVariable("TOOLGATE_SKILLS_SCREENSHOT");
    if (!folder.isEmpty())
        QVERIFY(widget->grab().save(folder + u'/' + name));
}

void tst_SkillsView::listsThenShowsTheVerifiedSkill()
{
    ServerConnection *connection = startSkillsServer({});
    QVERIFY(connection);
    SkillsDialog dialog(connection);
    dialog.show();
    SkillsView *view = dialog.view();
    QTRY_COMPARE_WITH_TIMEOUT(view->list()->topLevelItemCount(), 2, 10000);
    const QTreeWidgetItem *pdf = view->list()->topLevelItem(0);
    QCOMPARE(pdf->text(SkillsView::NameColumn), u"pdf-processing"_s);
    QCOMPARE(pdf->text(SkillsView::DescriptionColumn), u"Extract, fill, and assemble PDF documents"_s);
    QVERIFY(!pdf->text(SkillsView::SizeColumn).isEmpty());
    QVERIFY(pdf->text(SkillsView::DigestColumn).startsWith(u"sha256:"_s));
    QVERIFY(pdf->toolTip(SkillsView::DigestColumn).size() == 7 + 64);
    QCOMPARE(view->list()->topLevelItem(1)->text(SkillsView::NameColumn), u"git-workflow"_s);
    // Listing fetched nothing.
    QVERIFY(view->shownSkill().isEmpty());
    QVERIFY2(reads(connection).isEmpty(), qPrintable(reads(connection).join(u'|')));

    view->list()->setCurrentItem(view->list()->topLevelItem(0));
    QVERIFY(view->openButton()->isEnabled());
    view->openButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(!view->shownSkill().isEmpty(), 10000);
    QVERIFY(view->shownSkill().startsWith(u"---\nname: pdf-processing\n"_s));
    QVERIFY(view->banner()->isHidden());
    QCOMPARE(reads(connection), QStringList{u"skill://pdf-processing/SKILL.md"_s});
    screenshot(&dialog, u"skills-verified.png"_s);
}

void tst_SkillsView::tamperedSkillShowsWhyAndNothingOfIt()
{
    ServerConnection *connection = startSkillsServer({u"--tamper"_s, u"digest"_s});
    QVERIFY(connection);
    SkillsDialog dialog(connection);
    dialog.show();
    SkillsView *view = dialog.view();
    QTRY_COMPARE_WITH_TIMEOUT(view->list()->topLevelItemCount(), 2, 10000);
    view->list()->setCurrentItem(view->list()->topLevelItem(0));
    view->openSelected();
    QTRY_VERIFY_WITH_TIMEOUT(!view->banner()->isHidden(), 10000);
    QCOMPARE(view->banner()->kind(), MessageBanner::Kind::Error);
    QVERIFY2(view->banner()->text().startsWith(u"The skill “pdf-processing” was not loaded: SKILL.md does not match the digest in the listing."_s),
             qPrintable(view->banner()->text()));
    QVERIFY(view->shownSkill().isEmpty());
    QVERIFY(!dialog.findChild<QPlainTextEdit *>(u"skillText"_s)->toPlainText().contains(u"Evil"_s));
    QCOMPARE(reads(connection), QStringList{u"skill://pdf-processing/SKILL.md"_s}); // and not its FORMS.md
    screenshot(&dialog, u"skills-refused.png"_s);
}

void tst_SkillsView::serverDetailsOfferTheSkills()
{
    // The server's details say it offers skills and open them on request; nothing is fetched for it.
    ServerConnection *connection = startSkillsServer({});
    QVERIFY(connection);
    ServerInfoPanel panel;
    panel.setConnection(connection);
    auto *show = panel.findChild<QPushButton *>(u"showSkills"_s);
    QVERIFY(show);
    QVERIFY(!show->isHidden() && !show->parentWidget()->isHidden());
    QSignalSpy requested(&panel, &ServerInfoPanel::skillsRequested);
    show->click();
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.first().first().value<ServerConnection *>(), connection);
    QVERIFY(reads(connection).isEmpty());
}

QTEST_MAIN(tst_SkillsView)
#include "tst_skillsview.moc"
