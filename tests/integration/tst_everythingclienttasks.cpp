// Sampling and elicitation run as tasks of the client (2025-11-25 tasks, the client as receiver),
// against the reference server @modelcontextprotocol/server-everything (pinned in tests/npm): it offers
// trigger-sampling-request-async and trigger-elicitation-request-async only to a client that declares
// tasks.requests.sampling.createMessage and tasks.requests.elicitation.create, sends its request with a
// task, polls the client's tasks/get every second and fetches tasks/result once the task ended. The
// questions go through the server-request pipeline to a gate that holds them, answered by the test
// through the ServerRequest, as a person's answer in the GUI or the terminal is.

#include "heldserverrequestgate.h"
#include "npmpeers.h"
#include "sessionwaits.h"
#include "tappedtransport.h"
#include "toolcallkeyfortests.h"

#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/protocol/sampling.h"
#include "core/requests/serverrequest.h"
#include "core/requests/serverrequestpipeline.h"
#include "core/transport/stdiotransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QTest>

#include <optional>

using namespace Toolgate;
using namespace Qt::StringLiterals;

namespace {

QString allText(const CallToolResult &result)
{
    QStringList texts;
    for (const Content &content : result.content) {
        if (content.type == Content::Type::Text)
            texts.append(content.text);
    }
    return texts.join(u'\n');
}

} // namespace

class tst_EverythingClientTasks : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void everyToolIsListed();
    void asyncElicitationCompletesWithThePersonsAnswer();
    void asyncSamplingCompletesWithThePersonsReply();
    void asyncSamplingDeclinedFailsTheTask();

private:
    /// Calls tool; the result lands in m_result.
    void call(const QString &tool, const QJsonObject &arguments);
    /// The statuses of the client's tasks as its answers to the server's tasks/get gave them, in order.
    QStringList statusesSent() const;

    std::unique_ptr<ClientSession> m_session;
    TestSupport::TappedTransport *m_tap = nullptr; ///< owned by m_session
    std::unique_ptr<ServerRequestPipeline> m_pipeline;
    TestSupport::HeldServerRequestGate m_gate;
    std::optional<Result<CallToolResult>> m_result;
};

void tst_EverythingClientTasks::initTestCase()
{
    const QString missing = TestSupport::missingNpmPeers();
    if (!missing.isEmpty())
        QFAIL(qPrintable(missing));
}

void tst_EverythingClientTasks::init()
{
    StdioLaunchSpec spec{TestSupport::nodeBinary(), {TestSupport::everythingEntry(), u"stdio"_s}, {}, {}, false};
    auto tap = std::make_unique<TestSupport::TappedTransport>(std::make_unique<StdioTransport>(spec));
    m_tap = tap.get();
    m_session = std::make_unique<ClientSession>(std::move(tap), ClientSession::Options{});
    m_gate.presented.clear();
    m_pipeline = std::make_unique<ServerRequestPipeline>(nullptr, CallInitiator::Gui);
    m_pipeline->setGate(&m_gate);
    m_pipeline->configureSession(m_session.get(), [] { return ServerIdentity{u"everything"_s, u"node everything"_s, {}}; });
    QVERIFY2(TestSupport::connectAndWait(*m_session), qPrintable(m_session->lastError().message));
    m_result.reset();
}

void tst_EverythingClientTasks::cleanup()
{
    if (m_session && m_session->isReady())
        QVERIFY(TestSupport::disconnectAndWait(*m_session));
    m_pipeline.reset();
    m_tap = nullptr;
    m_session.reset();
}

void tst_EverythingClientTasks::call(const QString &tool, const QJsonObject &arguments)
{
    m_session->callTool(ToolCallKeyForTests::make(), tool, arguments, {}, m_pipeline.get(),
                        [this](const Result<CallToolResult> &result) { m_result = result; });
}

QStringList tst_EverythingClientTasks::statusesSent() const
{
    QStringList statuses;
    for (const QByteArray &message : m_tap->sent()) {
        const QJsonObject result = QJsonDocument::fromJson(message).object().value(u"result"_s).toObject();
        if (result.contains(u"taskId"_s) && result.contains(u"status"_s))
            statuses.append(result.value(u"status"_s).toString());
    }
    return statuses;
}

void tst_EverythingClientTasks::everyToolIsListed()
{
    std::optional<Result<QList<Tool>>> tools;
    m_session->listTools(m_pipeline.get(), [&tools](const Result<QList<Tool>> &result) { tools = result; });
    QTRY_VERIFY_WITH_TIMEOUT(tools.has_value(), 10000);
    QVERIFY(tools->ok());
    QStringList names;
    for (const Tool &tool : tools->value())
        names.append(tool.name);
    // Two more than a client without tasks gets: the tools whose requests run as tasks of the client.
    QVERIFY2(names.size() == 19, qPrintable(names.join(u", "_s)));
    QVERIFY(names.contains(u"trigger-sampling-request-async"_s));
    QVERIFY(names.contains(u"trigger-elicitation-request-async"_s));
}

void tst_EverythingClientTasks::asyncElicitationCompletesWithThePersonsAnswer()
{
    call(u"trigger-elicitation-request-async"_s, QJsonObject());
    QTRY_VERIFY_WITH_TIMEOUT(m_gate.open(), 10000);
    QPointer<ServerRequest> question = m_gate.open();
    QCOMPARE(question->kind(), ServerRequest::Kind::Elicitation);
    // The server polls while the person has not answered yet: the task works.
    QTRY_VERIFY_WITH_TIMEOUT(statusesSent().contains(u"working"_s), 10000);
    QVERIFY(!statusesSent().contains(u"completed"_s));

    QVERIFY(question->accept(QJsonObject{{u"name"_s, u"Ada"_s}, {u"favoriteColor"_s, u"Blue"_s}, {u"agreeToTerms"_s, true}}).ok());
    QTRY_VERIFY_WITH_TIMEOUT(m_result.has_value(), 15000);
    QVERIFY2(m_result->ok(), qPrintable(m_result->ok() ? QString() : m_result->error().message));
    const QString text = allText(m_result->value());
    QVERIFY2(text.contains(u"[COMPLETED] User provided the requested information!"_s), qPrintable(text));
    QVERIFY2(text.contains(u"- Name: Ada"_s) && text.contains(u"- Favorite Color: Blue"_s), qPrintable(text));
    QVERIFY2(text.contains(u"Poll 1: working"_s), qPrintable(text));
    // After the answer, tasks/get said completed.
    QCOMPARE(statusesSent().constLast(), u"completed"_s);
}

void tst_EverythingClientTasks::asyncSamplingCompletesWithThePersonsReply()
{
    call(u"trigger-sampling-request-async"_s, QJsonObject{{u"prompt"_s, u"What is the capital of France?"_s}});
    QTRY_VERIFY_WITH_TIMEOUT(m_gate.open(), 10000);
    QPointer<ServerRequest> question = m_gate.open();
    QCOMPARE(question->kind(), ServerRequest::Kind::Sampling);
    QTRY_VERIFY_WITH_TIMEOUT(statusesSent().contains(u"working"_s), 10000);

    const auto reply = SamplingResult::fromJson(
        QJsonObject{{u"role"_s, u"assistant"_s},
                    {u"content"_s, QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"Paris, on the Seine."_s}}},
                    {u"model"_s, ServerRequest::humanModelName()},
                    {u"stopReason"_s, u"endTurn"_s}});
    QVERIFY(reply.ok());
    const Result<void> sent = question->reply(reply.value());
    QVERIFY2(sent.ok(), qPrintable(sent.ok() ? QString() : sent.error().message));
    QTRY_VERIFY_WITH_TIMEOUT(m_result.has_value(), 15000);
    QVERIFY2(m_result->ok(), qPrintable(m_result->ok() ? QString() : m_result->error().message));
    const QString text = allText(m_result->value());
    QVERIFY2(text.contains(u"[COMPLETED] Async sampling completed!"_s), qPrintable(text));
    QVERIFY2(text.contains(u"Paris, on the Seine."_s), qPrintable(text));
    QVERIFY2(text.contains(u"Poll 1: working"_s), qPrintable(text));
    QCOMPARE(statusesSent().constLast(), u"completed"_s);
}

void tst_EverythingClientTasks::asyncSamplingDeclinedFailsTheTask()
{
    call(u"trigger-sampling-request-async"_s, QJsonObject{{u"prompt"_s, u"Anything"_s}});
    QTRY_VERIFY_WITH_TIMEOUT(m_gate.open(), 10000);
    QVERIFY(m_gate.open()->decline(u"not this one"_s));
    QTRY_VERIFY_WITH_TIMEOUT(m_result.has_value(), 15000);
    QVERIFY(m_result->ok());
    const QString text = allText(m_result->value());
    // The server saw the task fail, with the refusal as its status message.
    QVERIFY2(text.startsWith(u"[FAILED]"_s), qPrintable(text));
    QVERIFY2(text.contains(u"User rejected sampling request"_s), qPrintable(text));
    QCOMPARE(statusesSent().constLast(), u"failed"_s);
}

QTEST_GUILESS_MAIN(tst_EverythingClientTasks)
#include "tst_everythingclienttasks.moc"
