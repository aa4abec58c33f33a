// Calls that run as tasks (MCP 2025-11-25 tasks), through the pipeline, against the reference server
// @modelcontextprotocol/server-everything (pinned in tests/npm): its simulate-research-query requires
// task augmentation, moves through four stages with status messages, and with ambiguous=true asks for
// clarification (input_required, an elicitation sent on the open tasks/result).

#include "npmpeers.h"
#include "pipelinesession.h"

#include "core/calls/approval.h"
#include "core/calls/taskregistry.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/transport/stdiotransport.h"

#include <QJsonArray>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>

#ifdef Q_OS_UNIX
#include <csignal>
#include <sys/types.h>
#endif

using namespace Toolgate;

namespace {

QString firstText(const CallToolResult &result)
{
    for (const Content &content : result.content) {
        if (content.type == Content::Type::Text)
            return content.text;
    }
    return {};
}

QList<Task::Status> statusesOf(const QList<TaskEvent> &events)
{
    QList<Task::Status> statuses;
    for (const TaskEvent &event : events) {
        if (statuses.isEmpty() || statuses.constLast() != event.status)
            statuses.append(event.status);
    }
    return statuses;
}

} // namespace

class tst_EverythingTasks
    : public QObject
    , private TestSupport::PipelineSessionFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void requiredTaskToolRunsAsATask();
    void statusMessagesArriveWhileItRuns();
    void clarificationIsAskedDuringTheTask();
    void cancellingReachesTheServer();
    void taskOutlivesWhoStartedIt();
    void listedByTheServer();
    void unknownTaskIsAnError();
    void serverDyingMidTaskEndsTheCall();

private:
    void connectSession(bool withElicitation = false);
    ToolCall *start(const QString &tool, const QJsonObject &arguments, QObject *parent = nullptr);
};

void tst_EverythingTasks::initTestCase()
{
    const QString missing = TestSupport::missingNpmPeers();
    if (!missing.isEmpty())
        QFAIL(qPrintable(missing));
}

void tst_EverythingTasks::cleanup()
{
    QVERIFY(dropSession());
}

void tst_EverythingTasks::connectSession(bool withElicitation)
{
    StdioLaunchSpec spec{TestSupport::nodeBinary(), {TestSupport::everythingEntry(), QStringLiteral("stdio")}, {}, {}, false};
    const bool ready = connectThroughPipeline(
        std::make_unique<StdioTransport>(spec), ClientSession::Options(),
        ServerIdentity{QStringLiteral("everything"), QStringLiteral("node everything"), {}},
        withElicitation ? std::optional(QJsonObject{{QStringLiteral("interpretation"), QStringLiteral("snake")}}) : std::nullopt, 15000);
    QVERIFY2(ready, qPrintable(m_session->lastError().message));
}

ToolCall *tst_EverythingTasks::start(const QString &tool, const QJsonObject &arguments, QObject *parent)
{
    return startCall(tool, arguments, parent ? parent : this);
}

void tst_EverythingTasks::requiredTaskToolRunsAsATask()
{
    connectSession();
    QVERIFY(m_session->taskCapabilities().toolCalls);
    QVERIFY(m_session->taskCapabilities().list);
    QVERIFY(m_session->taskCapabilities().cancel);
    QPointer<ToolCall> call = start(QStringLiteral("simulate-research-query"), {{QStringLiteral("topic"), QStringLiteral("tides")}});
    QSignalSpy finished(call.data(), &ToolCall::finished);
    QVERIFY(finished.wait(20000));
    QCOMPARE(ToolCallOutcome::kindName(call->outcome().kind), ToolCallOutcome::kindName(ToolCallOutcome::Kind::Succeeded));
    QVERIFY(call->asksForTask());
    QVERIFY(call->task());
    QVERIFY(!call->task()->taskId.isEmpty());
    QCOMPARE(call->task()->status, Task::Status::Completed);
    QVERIFY2(firstText(call->outcome().result).contains(QStringLiteral("Research Report: tides")),
             qPrintable(firstText(call->outcome().result).left(200)));
    const QList<Task::Status> statuses = statusesOf(call->outcome().taskEvents);
    QCOMPARE(statuses.constFirst(), Task::Status::Working);
    QCOMPARE(statuses.constLast(), Task::Status::Completed);
}

void tst_EverythingTasks::statusMessagesArriveWhileItRuns()
{
    connectSession();
    QPointer<ToolCall> call = start(QStringLiteral("simulate-research-query"), {{QStringLiteral("topic"), QStringLiteral("rivers")}});
    const TestSupport::TaskStatusMessages status(call);
    const QStringList &messages = status.seen;
    QSignalSpy finished(call.data(), &ToolCall::finished);
    QVERIFY(finished.wait(20000));
    // The stages, as the person sees them go by (polled at the server's interval).
    QVERIFY2(messages.size() >= 3, qPrintable(messages.join(QStringLiteral(" | "))));
    QVERIFY2(messages.contains(QStringLiteral("Analyzing content...")), qPrintable(messages.join(QStringLiteral(" | "))));
    const auto entry = m_registry->entry(call->id());
    QVERIFY(entry);
    QVERIFY(entry->finished);
    QCOMPARE(entry->task.status, Task::Status::Completed);
    QVERIFY(entry->outcome);
    QCOMPARE(entry->outcome->kind, ToolCallOutcome::Kind::Succeeded);
}

void tst_EverythingTasks::clarificationIsAskedDuringTheTask()
{
    connectSession(true);
    QPointer<ToolCall> call = start(QStringLiteral("simulate-research-query"),
                                    {{QStringLiteral("topic"), QStringLiteral("python")}, {QStringLiteral("ambiguous"), true}});
    QSignalSpy finished(call.data(), &ToolCall::finished);
    QVERIFY(finished.wait(30000));
    QCOMPARE(ToolCallOutcome::kindName(call->outcome().kind), ToolCallOutcome::kindName(ToolCallOutcome::Kind::Succeeded));
    // The question came with the task's id, and the answer shaped the report.
    QVERIFY(!m_elicitations.asked.isEmpty());
    QCOMPARE(relatedTaskId(m_elicitations.asked.constLast()), std::optional<QString>(call->task()->taskId));
    QVERIFY2(firstText(call->outcome().result).contains(QStringLiteral("snake")), qPrintable(firstText(call->outcome().result).left(300)));
    QVERIFY(statusesOf(call->outcome().taskEvents).contains(Task::Status::InputRequired));
}

void tst_EverythingTasks::cancellingReachesTheServer()
{
    connectSession();
    QPointer<ToolCall> call = start(QStringLiteral("simulate-research-query"), {{QStringLiteral("topic"), QStringLiteral("glaciers")}});
    QSignalSpy becameTask(call.data(), &ToolCall::taskChanged);
    QVERIFY(becameTask.wait(10000));
    const QString taskId = call->task()->taskId;
    QSignalSpy finished(call.data(), &ToolCall::finished);
    call->cancel(QStringLiteral("the test cancels it"));
    QVERIFY(finished.wait(10000));
    QCOMPARE(ToolCallOutcome::kindName(call->outcome().kind), ToolCallOutcome::kindName(ToolCallOutcome::Kind::Cancelled));
    QVERIFY2(call->outcome().error.message.contains(QStringLiteral("the test cancels it")), qPrintable(call->outcome().error.message));
    // The server's own word: the task is cancelled there.
    const auto state = TestSupport::await<Task>([&](QObject *c, std::function<void(const Result<Task> &)> cb) {
        m_session->getTask(taskId, std::nullopt, c, cb);
    });
    QVERIFY(state && state->ok());
    QCOMPARE(Task::statusName(state->value().status), QStringLiteral("cancelled"));
    QCOMPARE(call->outcome().taskEvents.constLast().status, Task::Status::Cancelled);
}

void tst_EverythingTasks::taskOutlivesWhoStartedIt()
{
    connectSession();
    auto *panel = new QObject(this);
    QPointer<ToolCall> call = start(QStringLiteral("simulate-research-query"), {{QStringLiteral("topic"), QStringLiteral("moss")}}, panel);
    QSignalSpy becameTask(call.data(), &ToolCall::taskChanged);
    QVERIFY(becameTask.wait(10000));
    const quint64 id = call->id();
    delete panel; // the panel that started it closes
    QVERIFY(call); // the registry keeps the running call
    QCOMPARE(m_registry->runningCount(QStringLiteral("everything")), 1);
    QTRY_VERIFY_WITH_TIMEOUT(m_registry->entry(id)->finished, 20000);
    QCOMPARE(m_registry->entry(id)->outcome->kind, ToolCallOutcome::Kind::Succeeded);
    QVERIFY(firstText(m_registry->entry(id)->outcome->result).contains(QStringLiteral("moss")));
    QTRY_VERIFY(!call); // and deletes it once it is done, since nobody else would
}

void tst_EverythingTasks::listedByTheServer()
{
    connectSession();
    QPointer<ToolCall> call = start(QStringLiteral("simulate-research-query"), {{QStringLiteral("topic"), QStringLiteral("ferns")}});
    QSignalSpy becameTask(call.data(), &ToolCall::taskChanged);
    QVERIFY(becameTask.wait(10000));
    const auto listed = TestSupport::await<QList<Task>>([&](QObject *c, std::function<void(const Result<QList<Task>> &)> cb) {
        m_session->listTasks(c, cb);
    });
    QVERIFY(listed && listed->ok());
    QStringList ids;
    for (const Task &task : listed->value())
        ids.append(task.taskId);
    QVERIFY2(ids.contains(call->task()->taskId), qPrintable(ids.join(QStringLiteral(", "))));
    call->cancel();
}

void tst_EverythingTasks::unknownTaskIsAnError()
{
    connectSession();
    const auto state = TestSupport::await<Task>([&](QObject *c, std::function<void(const Result<Task> &)> cb) {
        m_session->getTask(QStringLiteral("no-such-task"), std::nullopt, c, cb);
    });
    QVERIFY(state);
    QVERIFY(!state->ok());
    QCOMPARE(state->error().code, int(ErrorCode::InvalidParams));
}

void tst_EverythingTasks::serverDyingMidTaskEndsTheCall()
{
    connectSession();
    QPointer<ToolCall> call = start(QStringLiteral("simulate-research-query"), {{QStringLiteral("topic"), QStringLiteral("storms")}});
    QSignalSpy becameTask(call.data(), &ToolCall::taskChanged);
    QVERIFY(becameTask.wait(10000));
    QSignalSpy finished(call.data(), &ToolCall::finished);
    const auto pid = static_cast<StdioTransport *>(m_session->transport())->processId();
    QVERIFY(pid > 0);
#ifdef Q_OS_UNIX
    QVERIFY(::kill(pid_t(pid), SIGKILL) == 0); // as a crash would
#else
    m_session->transport()->close();
#endif
    QVERIFY(finished.wait(10000)); // nothing waits forever
    QCOMPARE(ToolCallOutcome::kindName(call->outcome().kind), ToolCallOutcome::kindName(ToolCallOutcome::Kind::Failed));
    QVERIFY2(call->outcome().error.message.contains(call->task()->taskId), qPrintable(call->outcome().error.message));
}

QTEST_MAIN(tst_EverythingTasks)
#include "tst_everythingtasks.moc"
