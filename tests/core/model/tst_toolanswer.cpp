// What a model is told about its tool calls (ToolAnswer), and the transcript a conversation keeps of
// them (Conversation): the person's reason for a denial, results as text, cut when huge.

#include "conversationcalls.h"

#include "core/calls/toolcall.h"
#include "core/model/conversation.h"
#include "core/model/toolanswer.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;

Q_DECLARE_METATYPE(Toolgate::ApprovalDecision)

class tst_ToolAnswer : public QObject
{
    Q_OBJECT

private slots:
    void denials_data();
    void denials();
    void resultsAsText();
    void hugeResultsAreCut();
    void editedArgumentsAreSaid();
    void aCallNeverDecidedHasNoDecision();
    void titles_data();
    void titles();
    void transcript();
};

void tst_ToolAnswer::denials_data()
{
    QTest::addColumn<ApprovalDecision>("decision");
    QTest::addColumn<bool>("byRule");
    QTest::addColumn<QString>("expected");
    QTest::newRow("the person, with a reason") << ApprovalDecision::deny(u"not now"_s) << false << u"denied by the person: not now"_s;
    QTest::newRow("the person, no reason") << ApprovalDecision::deny() << false
                                           << u"denied by the person (no reason given); the tool did not run"_s;
    QTest::newRow("Toolgate, nobody to ask") << ApprovalDecision{ApprovalDecision::Kind::Deny,
                                                                 ApprovalDecision::Source::RememberedRule,
                                                                 u"nobody is at a terminal"_s,
                                                                 std::nullopt,
                                                                 {}}
                                             << false << u"denied by Toolgate: nobody is at a terminal"_s;
    QTest::newRow("a rule")
        << ApprovalDecision{ApprovalDecision::Kind::Deny, ApprovalDecision::Source::RememberedRule, u"rule"_s, std::nullopt, {}} << true
        << u"Toolgate's rule \"no secrets\" denied this call to read: outside the project"_s;
}

void tst_ToolAnswer::denials()
{
    QFETCH(ApprovalDecision, decision);
    QFETCH(bool, byRule);
    QFETCH(QString, expected);
    ToolCallOutcome outcome;
    outcome.kind = ToolCallOutcome::Kind::Denied;
    outcome.decision = decision;
    if (byRule) {
        ArgumentRuleVerdict verdict;
        verdict.rule = u"no secrets"_s;
        outcome.ruleVerdict = verdict;
        outcome.error = makeError(ErrorCode::ApprovalDenied, expected); // the pipeline's words
    }
    ConversationToolCall call;
    ToolAnswer::fromOutcome(call, outcome);
    QCOMPARE(call.status, ConversationToolCall::Status::Denied);
    QCOMPARE(call.answer, expected);
    QVERIFY(call.answerIsError);
    QVERIFY(call.decision);
    QCOMPARE(call.decision->reason, decision.reason);
}

void tst_ToolAnswer::resultsAsText()
{
    CallToolResult result;
    result.content.append(Content::makeText(u"first"_s));
    Content image;
    image.type = Content::Type::Image;
    image.mimeType = u"image/png"_s;
    image.data = "iVBORw0KGgo=";
    result.content.append(image);
    Content link;
    link.type = Content::Type::ResourceLink;
    link.uri = u"file:///notes.txt"_s;
    result.content.append(link);
    const QString text = ToolAnswer::resultText(result);
    QVERIFY(text.startsWith(u"first\n"_s));
    QVERIFY2(text.contains(u"image (image/png)"_s) && !text.contains(u"iVBOR"_s), qPrintable(text)); // named, never sent
    QVERIFY(text.contains(u"file:///notes.txt"_s));

    // Structured content alone is the result.
    CallToolResult structured;
    structured.structuredContent = QJsonObject{{u"sum"_s, 5}};
    QCOMPARE(ToolAnswer::resultText(structured), u"{\"sum\":5}"_s);
    QCOMPARE(ToolAnswer::resultText(CallToolResult{}), u"(the tool returned nothing)"_s);

    ToolCallOutcome outcome;
    outcome.kind = ToolCallOutcome::Kind::ToolError;
    outcome.decision = {ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt, {}};
    outcome.result.isError = true;
    outcome.result.content.append(Content::makeText(u"no such city"_s));
    ConversationToolCall call;
    ToolAnswer::fromOutcome(call, outcome);
    QCOMPARE(call.status, ConversationToolCall::Status::ToolError);
    QCOMPARE(call.answer, u"no such city"_s);
    QVERIFY(call.answerIsError);
}

void tst_ToolAnswer::hugeResultsAreCut()
{
    ToolCallOutcome outcome;
    outcome.kind = ToolCallOutcome::Kind::Succeeded;
    outcome.decision = {ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt, {}};
    outcome.result.content.append(Content::makeText(QString(5000, u'x')));
    ConversationToolCall call;
    ToolAnswer::fromOutcome(call, outcome, 1000);
    QVERIFY(call.answer.startsWith(QString(1000, u'x') + u'\n'));
    QVERIFY2(call.answer.contains(u"4000 more characters"_s), qPrintable(call.answer.mid(1000)));
    QVERIFY(call.answer.size() < 1200);
}

void tst_ToolAnswer::editedArgumentsAreSaid()
{
    ToolCallOutcome outcome;
    outcome.kind = ToolCallOutcome::Kind::Succeeded;
    outcome.decision = {ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, QJsonObject{{u"a"_s, 1}}, {}};
    outcome.result.content.append(Content::makeText(u"done"_s));
    ConversationToolCall call;
    ToolAnswer::fromOutcome(call, outcome);
    QVERIFY2(call.answer.contains(u"changed the arguments"_s) && call.answer.contains(u"{\"a\":1}"_s), qPrintable(call.answer));
    QVERIFY(call.answer.endsWith(u"\ndone"_s));
}

void tst_ToolAnswer::aCallNeverDecidedHasNoDecision()
{
    ToolCallOutcome outcome; // a default, undecided denial
    outcome.kind = ToolCallOutcome::Kind::Failed;
    outcome.error = makeError(ErrorCode::NotConnected, u"the server \"demo\" is not connected"_s);
    ConversationToolCall call;
    ToolAnswer::fromOutcome(call, outcome);
    QCOMPARE(call.status, ConversationToolCall::Status::Failed);
    QVERIFY(!call.decision);
    QCOMPARE(call.answer, u"the call failed: the server \"demo\" is not connected"_s);

    outcome.kind = ToolCallOutcome::Kind::Cancelled;
    ToolAnswer::fromOutcome(call, outcome);
    QCOMPARE(call.status, ConversationToolCall::Status::Cancelled);
    QVERIFY(!call.decision);
}

void tst_ToolAnswer::titles_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("title");
    QTest::newRow("short") << u"  What is 2 + 3?  "_s << u"What is 2 + 3?"_s;
    QTest::newRow("first line") << u"Summarise this:\nlong text"_s << u"Summarise this:"_s;
    QTest::newRow("long, cut at a word")
        << u"Please look through every file in the project folder and tell me which ones mention the old name"_s
        << u"Please look through every file in the project folder and\u2026"_s;
}

void tst_ToolAnswer::titles()
{
    QFETCH(QString, message);
    QFETCH(QString, title);
    QCOMPARE(Conversation::titleFor(message), title);
}

void tst_ToolAnswer::transcript()
{
    Conversation conversation;
    conversation.title = u"Sums"_s;
    conversation.messages.append(ModelMessage::user(u"What is 2 + 3?"_s));
    ModelToolCall asked;
    asked.id = u"call_1"_s;
    asked.name = u"add"_s;
    asked.arguments = QJsonObject{{u"a"_s, 2}, {u"b"_s, 3}};
    asked.argumentsText = u"{\"a\": 2, \"b\": 3}"_s;
    conversation.messages.append(ModelMessage::assistant(QString(), {asked}));
    conversation.messages.append(ModelMessage::results({ModelToolResult{u"call_1"_s, u"denied by the person: no"_s, true}}));
    ConversationToolCall call = TestSupport::conversationCall(asked, u"demo"_s);
    call.pipelineCallId = 7;
    ToolCallOutcome outcome;
    outcome.kind = ToolCallOutcome::Kind::Denied;
    outcome.decision = ApprovalDecision::deny(u"no"_s);
    ToolAnswer::fromOutcome(call, outcome);
    conversation.toolCalls.append(call);
    conversation.usage = {ModelUsage{11, 7}, ModelUsage{-1, 5}};

    const QJsonObject json = conversation.toJson();
    QCOMPARE(json.value(u"title"_s).toString(), u"Sums"_s);
    const QJsonArray messages = json.value(u"messages"_s).toArray();
    QCOMPARE(messages.size(), 3);
    QCOMPARE(messages.at(1).toObject().value(u"toolCalls"_s).toArray().first().toObject().value(u"arguments"_s).toString(),
             asked.argumentsText);
    QCOMPARE(messages.at(2).toObject().value(u"role"_s).toString(), u"tool_results"_s);
    const QJsonObject recorded = json.value(u"toolCalls"_s).toArray().first().toObject();
    QCOMPARE(recorded.value(u"status"_s).toString(), u"denied"_s);
    QCOMPARE(recorded.value(u"server"_s).toString(), u"demo"_s);
    QCOMPARE(recorded.value(u"arguments"_s).toObject(), call.arguments);
    QCOMPARE(recorded.value(u"decision"_s).toObject().value(u"kind"_s).toString(), u"deny"_s);
    QCOMPARE(recorded.value(u"decision"_s).toObject().value(u"by"_s).toString(), u"human"_s);
    QCOMPARE(recorded.value(u"decision"_s).toObject().value(u"reason"_s).toString(), u"no"_s);
    QCOMPARE(recorded.value(u"answer"_s).toString(), u"denied by the person: no"_s);
    QCOMPARE(recorded.value(u"callNumber"_s).toInt(), 7);
    // Totals count what was reported.
    const QJsonObject total = json.value(u"usage"_s).toObject().value(u"total"_s).toObject();
    QCOMPARE(total.value(u"inputTokens"_s).toInt(), 11);
    QCOMPARE(total.value(u"outputTokens"_s).toInt(), 12);
    QCOMPARE(json.value(u"usage"_s).toObject().value(u"replies"_s).toArray().size(), 2);
    QVERIFY(json.value(u"usage"_s).toObject().value(u"replies"_s).toArray().at(1).toObject().value(u"inputTokens"_s).isNull());
}

QTEST_GUILESS_MAIN(tst_ToolAnswer)

#include "tst_toolanswer.moc"
