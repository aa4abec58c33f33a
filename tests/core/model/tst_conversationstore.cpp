// The Chat view's conversations (conversations.json): a conversation with its messages, tool calls,
// decisions and tokens comes back as it was after a new store reads the file (a restart); rename and
// delete are written at once; a file that cannot be read is never written over.

#include "conversationcalls.h"

#include "core/model/conversationstore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;

namespace {

/// A conversation of one exchange: a call that ran, one the person denied, one the model wrote badly.
Conversation sampleConversation()
{
    Conversation conversation;
    conversation.title = u"What is 2 + 3?"_s;
    conversation.messages.append(ModelMessage::user(u"What is 2 + 3?"_s));
    ModelToolCall good{u"call_1"_s, u"add"_s, QJsonObject{{u"a"_s, 2}, {u"b"_s, 3}}, uR"({"a":2,"b":3})"_s, {}};
    ModelToolCall denied{u"call_2"_s, u"echo"_s, QJsonObject{{u"text"_s, u"hi"_s}}, uR"({"text":"hi"})"_s, {}};
    ModelToolCall broken{u"call_3"_s, u"add"_s, {}, u"{not json"_s, u"the arguments are no JSON object"_s};
    conversation.messages.append(ModelMessage::assistant(u"Let me add."_s, {good, denied, broken}));
    conversation.messages.append(ModelMessage::results(
        {{u"call_1"_s, u"5"_s, false}, {u"call_2"_s, u"denied by the person: no"_s, true}, {u"call_3"_s, u"Error: bad"_s, true}}));
    conversation.messages.append(ModelMessage::assistant(u"It is **5**."_s));

    ConversationToolCall ran = TestSupport::conversationCall(good, u"demo"_s);
    ran.status = ConversationToolCall::Status::Succeeded;
    ran.decision = ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt, {}};
    ran.pipelineCallId = 12;
    ran.answer = u"5"_s;
    ConversationToolCall no = ran;
    no.callId = u"call_2"_s;
    no.name = no.tool = u"echo"_s;
    no.arguments = denied.arguments;
    no.argumentsText = denied.argumentsText;
    no.status = ConversationToolCall::Status::Denied;
    no.decision = ApprovalDecision::deny(u"no"_s);
    no.answer = u"denied by the person: no"_s;
    no.answerIsError = true;
    ConversationToolCall rejected;
    rejected.round = 1;
    rejected.callId = u"call_3"_s;
    rejected.name = u"add"_s;
    rejected.argumentsText = broken.argumentsText;
    rejected.status = ConversationToolCall::Status::Rejected;
    rejected.answer = u"Error: bad"_s;
    rejected.answerIsError = true;
    conversation.toolCalls = {ran, no, rejected};
    conversation.usage = {ModelUsage{11, 7}, ModelUsage{-1, 4}};
    return conversation;
}

} // namespace

class tst_ConversationStore : public QObject
{
    Q_OBJECT

private slots:
    void aConversationSurvivesARestart()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"conversations.json"_s);
        {
            ConversationStore store(path);
            QVERIFY(store.load());
            auto created = store.create(u"New conversation"_s, u"local"_s, {{u"demo"_s, u"add"_s}, {u"gone"_s, u"search"_s}});
            QVERIFY(created);
            SavedConversation saved = created.value();
            saved.conversation = sampleConversation();
            QVERIFY(store.update(saved));
            QVERIFY(store.create(u"Second"_s, u"claude"_s, {}));
        }
        ConversationStore store(path);
        QVERIFY(store.load());
        QCOMPARE(store.conversations().size(), 2);
        // Newest first: the one created last is on top.
        QCOMPARE(store.conversations().at(0).conversation.title, u"Second"_s);
        const SavedConversation &back = store.conversations().at(1);
        QCOMPARE(back.model, u"local"_s);
        QCOMPARE(back.exposedTools.size(), 2);
        QCOMPARE(back.exposedTools.at(1).server, u"gone"_s);
        QCOMPARE(back.exposedTools.at(1).tool, u"search"_s);
        const Conversation expected = sampleConversation();
        // The whole transcript reads the same, and so what a model would be sent is the same.
        QCOMPARE(back.conversation.toJson(), expected.toJson());
        QCOMPARE(back.conversation.messages.at(1).toolCalls.at(2).problem, u"the arguments are no JSON object"_s);
        QVERIFY(!back.conversation.messages.at(1).toolCalls.at(2).isValid());
        QCOMPARE(back.conversation.messages.at(1).toolCalls.at(0).arguments.value(u"b"_s).toInt(), 3);
        QCOMPARE(back.conversation.toolCalls.at(1).decision->reason, u"no"_s);
        QCOMPARE(back.conversation.totalUsage().inputTokens, 11);
        QCOMPARE(back.conversation.totalUsage().outputTokens, 11);
    }

    void aCallPendingWhenKeptComesBackCancelled()
    {
        Conversation conversation = sampleConversation();
        conversation.toolCalls[0].status = ConversationToolCall::Status::Pending;
        const Conversation back = Conversation::fromJson(conversation.toJson());
        QCOMPARE(back.toolCalls.at(0).status, ConversationToolCall::Status::Cancelled);
    }

    void renameAndDeleteAreWrittenAtOnce()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"conversations.json"_s);
        ConversationStore store(path);
        QVERIFY(store.load());
        const QString first = store.create(u"One"_s, {}, {})->id;
        const QString second = store.create(u"Two"_s, {}, {})->id;
        QVERIFY(store.rename(first, u"Renamed"_s));
        QVERIFY(store.remove(second));
        ConversationStore reread(path);
        QVERIFY(reread.load());
        QCOMPARE(reread.conversations().size(), 1);
        QCOMPARE(reread.conversations().at(0).id, first);
        QCOMPARE(reread.conversations().at(0).conversation.title, u"Renamed"_s);
        QVERIFY(!reread.rename(second, u"x"_s));
    }

    void anUnreadableFileIsNotWrittenOver()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"conversations.json"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{ broken");
        file.close();
        ConversationStore store(path);
        const Result<void> loaded = store.load();
        QVERIFY(!loaded);
        QVERIFY(loaded.error().message.contains(u"not a conversations file"_s));
        QVERIFY(!store.create(u"One"_s, {}, {}));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("{ broken"));
    }
};

QTEST_GUILESS_MAIN(tst_ConversationStore)
#include "tst_conversationstore.moc"
