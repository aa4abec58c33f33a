// A verified skill handed to the chat (issue 33, item 1): toolgate-skills-server's skill, opened and
// verified in the Skills view, is shown to the person exactly as the model will get it; only once they
// confirm does the chat's next request to the project's scripted model server (OpenAI-compatible and
// Anthropic) carry it as instructions, the transcript say it is in use and the audit log record it. A
// cancelled confirmation adds nothing, and a tampered skill can never be offered.
// TOOLGATE_SKILLS_SCREENSHOT names a folder to save the confirmation and the chat in.

#include "auditrecords.h"
#include "scriptedmodelserver.h"
#include "testhost.h"
#include "testpaths.h"

#include "core/audit/auditlog.h"
#include "core/model/modelsfile.h"
#include "core/skills/skillentry.h"
#include "core/workspace/serverconnection.h"
#include "ui/chat/chatview.h"
#include "ui/chat/transcriptview.h"
#include "ui/serverfeatures/skillsdialog.h"
#include "ui/serverfeatures/skillsview.h"
#include "ui/viewers/messagebanner.h"

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Toolgate;
using namespace Toolgate::TestSupport;
using namespace TestModel;
using namespace Qt::StringLiterals;

namespace {

constexpr int waitMs = 20000;

} // namespace

class tst_SkillInChat : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void onlyAConfirmedSkillReachesTheModel_data();
    void onlyAConfirmedSkillReachesTheModel();
    void aSkillBeforeTheFirstMessageStartsTheConversation();
    void aTamperedSkillCannotBeHandedOver();

private:
    ServerConnection *startSkillsServer(const QStringList &arguments);
    void makeChat(ScriptedModelServer::Api api);
    /// Opens the first skill of dialog's list and waits until it is verified (or refused).
    void openFirstSkill(SkillsView *view);
    QDialog *confirmation(SkillsView *view) const;
    /// The instructions the model's request number index carried: OpenAI's system messages, Anthropic's "system".
    QStringList instructionsOf(int index) const;
    QStringList transcriptNotes() const;
    void screenshot(QWidget *widget, const QString &name);

    std::unique_ptr<QTemporaryDir> m_folder;
    std::unique_ptr<ScriptedModelServer> m_model;
    std::unique_ptr<Host> m_host;
    std::unique_ptr<ChatView> m_chat;
};

void tst_SkillInChat::init()
{
    m_folder = std::make_unique<QTemporaryDir>();
    QVERIFY(m_folder->isValid());
    m_model = std::make_unique<ScriptedModelServer>();
}

void tst_SkillInChat::cleanup()
{
    m_chat.reset();
    m_host.reset();
    m_model.reset();
    m_folder.reset();
}

ServerConnection *tst_SkillInChat::startSkillsServer(const QStringList &arguments)
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
    m_host = guiTestHost(m_folder->path(), m_folder->filePath(u"audit.sqlite"_s), [](Host::Options &options) {
        options.session.extensions.insert(Skills::extensionId(), QJsonObject()); // as the app does
    });
    return startServer(*m_host, u"skills"_s);
}

void tst_SkillInChat::makeChat(ScriptedModelServer::Api api)
{
    ModelConfig config;
    config.name = u"scripted"_s;
    config.api = api == ScriptedModelServer::Api::OpenAi ? ModelConfig::Api::OpenAi : ModelConfig::Api::Anthropic;
    config.baseUrl = m_model->baseUrl(api);
    config.model = u"scripted-model"_s;
    QVERIFY(ModelsFile::save(m_folder->filePath(u"models.json"_s), {config}));
    m_chat = std::make_unique<ChatView>(
        ChatView::Environment{m_host.get(), m_folder->filePath(u"conversations.json"_s), m_folder->filePath(u"models.json"_s)});
    m_chat->resize(760, 560);
    m_chat->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_chat.get()));
}

void tst_SkillInChat::openFirstSkill(SkillsView *view)
{
    QTRY_COMPARE_WITH_TIMEOUT(view->list()->topLevelItemCount(), 2, waitMs);
    view->list()->setCurrentItem(view->list()->topLevelItem(0));
    view->openButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(!view->shownSkill().isEmpty() || !view->banner()->isHidden(), waitMs);
}

QDialog *tst_SkillInChat::confirmation(SkillsView *view) const
{
    return view->findChild<QDialog *>(u"useSkillConfirmation"_s);
}

QStringList tst_SkillInChat::instructionsOf(int index) const
{
    QStringList instructions;
    if (index >= m_model->requests().size())
        return instructions;
    const QJsonObject body = m_model->requests().at(index).body;
    if (body.contains(u"system"_s))
        instructions.append(body.value(u"system"_s).toString());
    const QJsonArray messages = body.value(u"messages"_s).toArray();
    for (const QJsonValue &message : messages) {
        if (message.toObject().value(u"role"_s).toString() == u"system"_s)
            instructions.append(message.toObject().value(u"content"_s).toString());
    }
    return instructions;
}

QStringList tst_SkillInChat::transcriptNotes() const
{
    QStringList notes;
    const QList<QLabel *> labels = m_chat->transcript()->findChildren<QLabel *>();
    for (const QLabel *label : labels) {
        if (label->text().startsWith(u"Using skill"_s))
            notes.append(label->text());
    }
    return notes;
}

void tst_SkillInChat::screenshot(QWidget *widget, const QString &name)
{
    const QString folder = qEnvironmentVariable("TOOLGATE_SKILLS_SCREENSHOT");
    if (!folder.isEmpty())
        QVERIFY(widget->grab().save(folder + u'/' + name));
}

void tst_SkillInChat::onlyAConfirmedSkillReachesTheModel_data()
{
    QTest::addColumn<ScriptedModelServer::Api>("api");
    QTest::newRow("openai") << ScriptedModelServer::Api::OpenAi;
    QTest::newRow("anthropic") << ScriptedModelServer::Api::Anthropic;
}

void tst_SkillInChat::onlyAConfirmedSkillReachesTheModel()
{
    QFETCH(ScriptedModelServer::Api, api);
    ServerConnection *connection = startSkillsServer({});
    QVERIFY(connection);
    makeChat(api);
    SkillsDialog dialog(connection);
    // As the main window wires them.
    connect(dialog.view(), &SkillsView::useInChatConfirmed, m_chat.get(), &ChatView::useSkill);
    dialog.show();
    SkillsView *view = dialog.view();
    QTRY_COMPARE_WITH_TIMEOUT(view->list()->topLevelItemCount(), 2, waitMs);
    QVERIFY(!view->useInChatButton()->isEnabled()); // nothing verified yet
    openFirstSkill(view);
    const QString skillMd = view->shownSkill();
    QVERIFY(skillMd.startsWith(u"---\nname: pdf-processing\n"_s));
    QVERIFY(view->useInChatButton()->isEnabled());

    // Cancelled: nothing is added, the model gets no instructions.
    view->useInChatButton()->click();
    QTRY_VERIFY(confirmation(view));
    QDialog *asked = confirmation(view);
    QVERIFY(asked->findChild<QPlainTextEdit *>(u"useSkillText"_s)->toPlainText().endsWith(skillMd));
    QCOMPARE(asked->findChild<QLabel *>(u"useSkillServer"_s)->text(), u"skills"_s);
    QCOMPARE(asked->findChild<QLabel *>(u"useSkillName"_s)->text(), u"pdf-processing"_s);
    const QString digest = asked->findChild<QLabel *>(u"useSkillDigest"_s)->text();
    QVERIFY2(digest.startsWith(u"sha256:"_s) && digest.size() == 7 + 64, qPrintable(digest));
    asked->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Cancel)->click();
    QTRY_VERIFY(!confirmation(view));
    m_model->enqueue(ScriptedTurn::say(u"Hello."_s));
    m_chat->send(u"Hi"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!m_chat->isRunning(), waitMs);
    QCOMPARE(m_model->requests().size(), 1);
    QCOMPARE(instructionsOf(0), QStringList());
    QVERIFY(transcriptNotes().isEmpty());

    // Confirmed: the next request carries the verified SKILL.md as instructions.
    view->useInChatButton()->click();
    QTRY_VERIFY(confirmation(view));
    asked = confirmation(view);
    asked->resize(720, 560);
    screenshot(asked, u"skill-use-confirmation.png"_s);
    asked->findChild<QPushButton *>(u"confirmUseSkill"_s)->click();
    QTRY_VERIFY(!confirmation(view));
    QCOMPARE(transcriptNotes().size(), 1);
    QVERIFY2(transcriptNotes().first().startsWith(u"Using skill “pdf-processing” from skills (verified, sha256 "_s),
             qPrintable(transcriptNotes().first()));
    QCOMPARE(m_model->requests().size(), 1); // nothing is sent on adding it
    m_model->enqueue(ScriptedTurn::say(u"I will follow the skill."_s));
    m_chat->send(u"Fill in the form"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!m_chat->isRunning(), waitMs);
    QCOMPARE(m_model->requests().size(), 2);
    const QStringList carried = instructionsOf(1);
    QCOMPARE(carried.size(), 1);
    QVERIFY2(carried.first().startsWith(u"Using skill “pdf-processing” from skills (verified, sha256 "_s), qPrintable(carried.first()));
    QVERIFY(carried.first().endsWith(u"\n\n"_s + skillMd));
    if (api == ScriptedModelServer::Api::Anthropic) {
        // Anthropic takes instructions beside the messages only: none of them may have the role "system".
        for (const QJsonValue &message : m_model->requests().at(1).body.value(u"messages"_s).toArray())
            QVERIFY(message.toObject().value(u"role"_s).toString() != u"system"_s);
    }
    screenshot(m_chat.get(), u"skill-in-chat.png"_s);

    // The conversation kept says so when shown again.
    const QString id = m_chat->current().id;
    m_chat->newConversation();
    QVERIFY(transcriptNotes().isEmpty());
    m_chat->selectConversation(id);
    QCOMPARE(transcriptNotes().size(), 1);

    // The audit log has the person's adding it, once: server, skill, URI, digest, size.
    QVERIFY(m_host->audit()->waitForWrites());
    const auto records = storedRecords(m_folder->filePath(u"audit.sqlite"_s));
    QVERIFY2(records, qPrintable(records ? QString() : records.error().message));
    QList<AuditRecord> added;
    for (const AuditRecord &record : records.value()) {
        if (record.name == u"skill_added"_s)
            added.append(record);
    }
    QCOMPARE(added.size(), 1);
    QCOMPARE(added.first().serverName, u"skills"_s);
    QCOMPARE(added.first().arguments.value(u"skill"_s).toString(), u"pdf-processing"_s);
    QCOMPARE(added.first().arguments.value(u"uri"_s).toString(), u"skill://pdf-processing/SKILL.md"_s);
    QCOMPARE(added.first().arguments.value(u"digest"_s).toString(), digest);
    QCOMPARE(added.first().arguments.value(u"size"_s).toInteger(), skillMd.toUtf8().size());
    QCOMPARE(added.first().arguments.value(u"conversationId"_s).toString(), id);
}

void tst_SkillInChat::aSkillBeforeTheFirstMessageStartsTheConversation()
{
    ServerConnection *connection = startSkillsServer({});
    QVERIFY(connection);
    makeChat(ScriptedModelServer::Api::OpenAi);
    SkillsDialog dialog(connection);
    connect(dialog.view(), &SkillsView::useInChatConfirmed, m_chat.get(), &ChatView::useSkill);
    dialog.show();
    SkillsView *view = dialog.view();
    openFirstSkill(view);
    QVERIFY(m_chat->current().id.isEmpty());
    view->useInChatButton()->click();
    QTRY_VERIFY(confirmation(view));
    confirmation(view)->findChild<QPushButton *>(u"confirmUseSkill"_s)->click();
    QTRY_COMPARE(transcriptNotes().size(), 1);
    QVERIFY(!m_chat->current().id.isEmpty());
    m_model->enqueue(ScriptedTurn::say(u"Done."_s));
    m_chat->send(u"Fill in the form"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!m_chat->isRunning(), waitMs);
    // The instructions come first; the conversation is still named after the person's first message.
    const QJsonArray messages = m_model->requests().at(0).body.value(u"messages"_s).toArray();
    QCOMPARE(messages.at(0).toObject().value(u"role"_s).toString(), u"system"_s);
    QCOMPARE(messages.at(1).toObject().value(u"role"_s).toString(), u"user"_s);
    QCOMPARE(m_chat->current().conversation.title, u"Fill in the form"_s);
}

void tst_SkillInChat::aTamperedSkillCannotBeHandedOver()
{
    ServerConnection *connection = startSkillsServer({u"--tamper"_s, u"digest"_s});
    QVERIFY(connection);
    makeChat(ScriptedModelServer::Api::OpenAi);
    SkillsDialog dialog(connection);
    connect(dialog.view(), &SkillsView::useInChatConfirmed, m_chat.get(), &ChatView::useSkill);
    dialog.show();
    SkillsView *view = dialog.view();
    openFirstSkill(view);
    QCOMPARE(view->banner()->kind(), MessageBanner::Kind::Error);
    QVERIFY(view->shownSkill().isEmpty());
    QVERIFY(!view->useInChatButton()->isEnabled());
    // Even asked directly, there is nothing to offer: no confirmation, nothing in the chat.
    view->useShownSkillInChat();
    QCoreApplication::processEvents();
    QVERIFY(!confirmation(view));
    QVERIFY(transcriptNotes().isEmpty());
    QVERIFY(m_chat->current().conversation.messages.isEmpty());
}

QTEST_MAIN(tst_SkillInChat)
#include "tst_skillinchat.moc"
