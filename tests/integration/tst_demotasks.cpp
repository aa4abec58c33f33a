// Calls that run as tasks against the project's demo server, in both protocol eras (issue 18): the
// 2025-11-25 tasks (task param, tasks/get, tasks/result, related-task questions) and the 2026-07-28
// extension (resultType "task", inputRequests answered with tasks/update). The same tests run for each
// era; each reaches the server through a real stdio pipe.

#include "pipelinesession.h"
#include "testpaths.h"

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

using namespace Toolgate;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(ClientSession::EraMode)

class tst_DemoTasks
    : public QObject
    , private TestSupport::PipelineSessionFixture
{
    Q_OBJECT

private slots:
    void cleanup();

    void requiredToolRunsAsATask_data() { eras(); }
    void requiredToolRunsAsATask();
    void optionalToolRunsAsTheCallerChooses_data() { eras(); }
    void optionalToolRunsAsTheCallerChooses();
    void aQuestionDuringTheTaskGoesToTheHandler_data() { eras(); }
    void aQuestionDuringTheTaskGoesToTheHandler();
    void failedTaskEndsTheCall_data() { eras(); }
    void failedTaskEndsTheCall();
    void cancelStopsTheWork_data() { eras(); }
    void cancelStopsTheWork();

private:
    static void eras()
    {
        QTest::addColumn<ClientSession::EraMode>("era");
        QTest::newRow("2025-11-25") << ClientSession::EraMode::Legacy;
        QTest::newRow("2026-07-28") << ClientSession::EraMode::Modern;
    }
    bool connectSession();
    ToolCall *start(const QString &tool, const QJsonObject &arguments, bool asTask = false);
};

void tst_DemoTasks::cleanup()
{
    QVERIFY(dropSession());
}

bool tst_DemoTasks::connectSession()
{
    QFETCH(ClientSession::EraMode, era);
    StdioLaunchSpec spec{TestSupport::binDir() + u"/toolgate-demo-server"_s, {}, {}, {}, false};
    ClientSession::Options options;
    options.era = era;
    if (!connectThroughPipeline(std::make_unique<StdioTransport>(spec), options, ServerIdentity{u"demo"_s, u"toolgate-demo-server"_s, {}},
                                QJsonObject{{u"format"_s, u"a table"_s}}, 15000))
        return false;
    return m_session->taskCapabilities().toolCalls;
}

ToolCall *tst_DemoTasks::start(const QString &tool, const QJsonObject &arguments, bool asTask)
{
    ToolCall *call = startCall(tool, arguments, this);
    call->setRunAsTask(asTask);
    return call;
}

void tst_DemoTasks::requiredToolRunsAsATask()
{
    QVERIFY(connectSession());
    QPointer<ToolCall> call = start(u"long_report"_s, {{u"topic"_s, u"kites"_s}, {u"seconds"_s, 1.5}});
    const TestSupport::TaskStatusMessages status(call);
    const QStringList &messages = status.seen;
    QSignalSpy finished(call.data(), &ToolCall::finished);
    QVERIFY(finished.wait(20000));
    QVERIFY2(call->outcome().kind == ToolCallOutcome::Kind::Succeeded, qPrintable(call->outcome().error.message));
    QVERIFY(call->task());
    QCOMPARE(call->task()->status, Task::Status::Completed);
    QVERIFY2(call->outcome().result.textSummary().contains(u"kites"_s), qPrintable(call->outcome().result.textSummary().left(200)));
    QVERIFY2(!messages.isEmpty(), "no status message was seen while the task ran");
    QVERIFY(m_registry->entry(call->id()));
}

void tst_DemoTasks::optionalToolRunsAsTheCallerChooses()
{
    QVERIFY(connectSession());
    QPointer<ToolCall> plain = start(u"research"_s, {{u"topic"_s, u"moths"_s}, {u"seconds"_s, 0.3}});
    QSignalSpy plainDone(plain.data(), &ToolCall::finished);
    QVERIFY(plainDone.wait(15000));
    QVERIFY2(plain->outcome().kind == ToolCallOutcome::Kind::Succeeded, qPrintable(plain->outcome().error.message));
    QFETCH(ClientSession::EraMode, era);
    // 2025-11-25: asked the ordinary way, answered the ordinary way. 2026-07-28: the server alone decides
    // (the client only says it can follow a task), and the demo server runs its task tools as tasks.
    QCOMPARE(plain->task().has_value(), era == ClientSession::EraMode::Modern);
    QPointer<ToolCall> asTask = start(u"research"_s, {{u"topic"_s, u"moths"_s}, {u"seconds"_s, 0.3}}, true);
    QSignalSpy taskDone(asTask.data(), &ToolCall::finished);
    QVERIFY(taskDone.wait(15000));
    QVERIFY2(asTask->outcome().kind == ToolCallOutcome::Kind::Succeeded, qPrintable(asTask->outcome().error.message));
    QVERIFY(asTask->task());
    QVERIFY(asTask->outcome().result.textSummary().contains(u"moths"_s));
}

void tst_DemoTasks::aQuestionDuringTheTaskGoesToTheHandler()
{
    QVERIFY(connectSession());
    QFETCH(ClientSession::EraMode, era);
    QPointer<ToolCall> call = start(u"choose_format"_s, {{u"topic"_s, u"owls"_s}, {u"seconds"_s, 0.6}});
    QSignalSpy finished(call.data(), &ToolCall::finished);
    QVERIFY(finished.wait(20000));
    QVERIFY2(call->outcome().kind == ToolCallOutcome::Kind::Succeeded, qPrintable(call->outcome().error.message));
    QCOMPARE(m_elicitations.asked.size(), 1);
    QCOMPARE(m_elicitations.asked.constFirst().value(u"message"_s).toString(), u"Which format should the summary have?"_s);
    if (era == ClientSession::EraMode::Legacy) {
        QCOMPARE(relatedTaskId(m_elicitations.asked.constFirst()), std::optional<QString>(call->task()->taskId));
    } else {
        QVERIFY(m_elicitations.origins.constFirst());
        QCOMPARE(m_elicitations.origins.constFirst()->subject, u"choose_format"_s);
        QCOMPARE(m_elicitations.origins.constFirst()->auditCallId, call->id());
    }
    QVERIFY2(call->outcome().result.textSummary().contains(u"| owls |"_s), qPrintable(call->outcome().result.textSummary()));
    const QList<TaskEvent> &events = call->outcome().taskEvents;
    QVERIFY(std::any_of(events.cbegin(), events.cend(), [](const TaskEvent &e) { return e.status == Task::Status::InputRequired; }));
}

void tst_DemoTasks::failedTaskEndsTheCall()
{
    QVERIFY(connectSession());
    QPointer<ToolCall> call = start(u"failing_job"_s, {{u"seconds"_s, 0.3}}, true);
    QSignalSpy finished(call.data(), &ToolCall::finished);
    QVERIFY(finished.wait(15000));
    QCOMPARE(ToolCallOutcome::kindName(call->outcome().kind), ToolCallOutcome::kindName(ToolCallOutcome::Kind::Failed));
    QVERIFY2(call->outcome().error.message.contains(u"broke down"_s), qPrintable(call->outcome().error.message));
    QCOMPARE(call->task()->status, Task::Status::Failed);
    // A tool error is the tool's answer, shown as such.
    QPointer<ToolCall> toolError = start(u"failing_job"_s, {{u"seconds"_s, 0.3}, {u"how"_s, u"tool_error"_s}}, true);
    QSignalSpy toolErrorDone(toolError.data(), &ToolCall::finished);
    QVERIFY(toolErrorDone.wait(15000));
    QCOMPARE(ToolCallOutcome::kindName(toolError->outcome().kind), ToolCallOutcome::kindName(ToolCallOutcome::Kind::ToolError));
    QVERIFY(toolError->outcome().result.textSummary().contains(u"broke down"_s));
}

void tst_DemoTasks::cancelStopsTheWork()
{
    QVERIFY(connectSession());
    QPointer<ToolCall> call = start(u"long_report"_s, {{u"topic"_s, u"bees"_s}, {u"seconds"_s, 60}});
    QSignalSpy changed(call.data(), &ToolCall::taskChanged);
    QVERIFY(changed.wait(10000));
    const QString taskId = call->task()->taskId;
    QSignalSpy finished(call.data(), &ToolCall::finished);
    call->cancel(u"the test stops it"_s);
    QVERIFY(finished.wait(10000));
    QCOMPARE(ToolCallOutcome::kindName(call->outcome().kind), ToolCallOutcome::kindName(ToolCallOutcome::Kind::Cancelled));
    // The server's own word on the task.
    std::optional<Result<Task>> state;
    QObject context;
    m_session->getTask(taskId, call->task()->requestState, &context, [&state](const Result<Task> &task) { state = task; });
    QTRY_VERIFY(state.has_value());
    QVERIFY2(state->ok(), state->ok() ? "" : qPrintable(state->error().message));
    QCOMPARE(Task::statusName(state->value().status), u"cancelled"_s);
}

QTEST_MAIN(tst_DemoTasks)
#include "tst_demotasks.moc"
