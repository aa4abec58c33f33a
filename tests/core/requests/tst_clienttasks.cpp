// Sampling and elicitation a server asks to run as tasks of the client (2025-11-25 tasks, the client as
// receiver): answered at once with a task while the question waits for the person, followed by the
// server with tasks/get, tasks/result, tasks/list and tasks/cancel. An in-process server plays the
// server: its tool sends the requests the test chooses, one at a time, and sees the client's answers.
// The person answers through the ServerRequest, as the GUI's dialogs and the terminal do.

#include "heldserverrequestgate.h"
#include "inprocessserver.h"
#include "toolcallkeyfortests.h"

#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/protocol/task.h"
#include "core/requests/clienttasks.h"
#include "core/requests/serverrequest.h"
#include "core/requests/serverrequestpipeline.h"

#include <QJsonArray>
#include <QSet>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <optional>

using namespace Toolgate;
using namespace Qt::StringLiterals;

namespace {

constexpr int kClientTaskWait = 5000;

QJsonObject formAsTask()
{
    return QJsonObject{
        {u"message"_s, u"Your name, please"_s},
        {u"requestedSchema"_s,
         QJsonObject{{u"type"_s, u"object"_s}, {u"properties"_s, QJsonObject{{u"name"_s, QJsonObject{{u"type"_s, u"string"_s}}}}}}},
        {u"task"_s, QJsonObject{{u"ttl"_s, 60000}}},
    };
}

QJsonObject samplingAsTask()
{
    return QJsonObject{
        {u"messages"_s,
         QJsonArray{QJsonObject{{u"role"_s, u"user"_s},
                                {u"content"_s, QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"Capital of France?"_s}}}}}},
        {u"maxTokens"_s, 50},
        {u"task"_s, QJsonObject{{u"ttl"_s, 60000}}},
    };
}

} // namespace

class tst_ClientTasks : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void declaredForSamplingAndElicitation();
    void tasksGetBeforeAndAfterThePersonAnswers();
    void declinedSamplingFailsTheTask();
    void serverCancellingClosesThePersonsQuestion();
    void unknownTaskAndCursorAreInvalidParams();
    void withoutTaskTheRequestIsAnsweredAsBefore();
    void aFloodOfTasksIsRefusedPastTheLimit();
    void aFloodPastWhatThePersonCanAnswerEndsInFailedTasks();
    void waitingResultsAreBoundedAndEachAnsweredOnce();
    void aHostileTtlIsKeptWithinBounds();

private:
    /// The client's answer to a request the server's tool sends now.
    Result<QJsonObject> ask(const QString &method, const QJsonObject &params);
    /// Asks without waiting; answer is set once the client answers.
    void askLater(const QString &method, const QJsonObject &params, std::optional<Result<QJsonObject>> &answer);
    /// tasks/get's status of the task, or the error's message.
    QString statusOf(const QString &taskId);
    /// An elicitation or sampling request sent as a task: the task the client made of it.
    Task startTask(const QString &method, const QJsonObject &params);

    std::unique_ptr<TestSupport::InProcessServer> m_fixture;
    std::unique_ptr<ServerRequestPipeline> m_pipeline;
    TestSupport::HeldServerRequestGate m_gate;
    ToolCallContext m_call; ///< the open call of the tool "ask", whose context sends the server's requests
    bool m_callAnswered = false;
};

void tst_ClientTasks::init()
{
    m_fixture = std::make_unique<TestSupport::InProcessServer>();
    m_fixture->addTool(u"ask"_s, [this](const ToolCallContext &call) { m_call = call; });
    m_gate.presented.clear();
    m_pipeline = std::make_unique<ServerRequestPipeline>(nullptr, CallInitiator::Gui);
    m_pipeline->setGate(&m_gate);
    m_pipeline->configureSession(m_fixture->session.get(), [this] { return m_fixture->identity; });
    m_fixture->start();
    QTRY_VERIFY(m_fixture->session->isReady());
    m_callAnswered = false;
    m_fixture->session->callTool(ToolCallKeyForTests::make(), u"ask"_s, QJsonObject(), {}, m_pipeline.get(),
                                 [this](const Result<CallToolResult> &) { m_callAnswered = true; });
    QTRY_VERIFY(!m_call.toolName().isEmpty());
}

void tst_ClientTasks::cleanup()
{
    if (!m_call.toolName().isEmpty()) {
        m_call.respond(CallToolResult{});
        QTRY_VERIFY(m_callAnswered);
    }
    m_call = ToolCallContext();
    m_pipeline.reset();
    m_fixture.reset();
}

Result<QJsonObject> tst_ClientTasks::ask(const QString &method, const QJsonObject &params)
{
    std::optional<Result<QJsonObject>> answer;
    askLater(method, params, answer);
    if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, kClientTaskWait))
        return makeError(ErrorCode::RequestTimeout, u"the client did not answer %1"_s.arg(method));
    return *answer;
}

void tst_ClientTasks::askLater(const QString &method, const QJsonObject &params, std::optional<Result<QJsonObject>> &answer)
{
    m_call.askClient(method, params, [&answer](const Result<QJsonObject> &result) { answer = result; });
}

QString tst_ClientTasks::statusOf(const QString &taskId)
{
    const Result<QJsonObject> task = ask(u"tasks/get"_s, QJsonObject{{u"taskId"_s, taskId}});
    return task ? task.value().value(u"status"_s).toString() : task.error().message;
}

Task tst_ClientTasks::startTask(const QString &method, const QJsonObject &params)
{
    const Result<QJsonObject> created = ask(method, params);
    if (!created.ok()) {
        qWarning() << "no task:" << created.error().message;
        return {};
    }
    const Result<Task> task = Task::parse(created.value().value(u"task"_s).toObject());
    return task ? task.value() : Task{};
}

void tst_ClientTasks::declaredForSamplingAndElicitation()
{
    // What a server reads in initialize (2025-11-25 basic/utilities/tasks.mdx, client capabilities):
    // the ask tool's context shows the capabilities the client declared.
    const QJsonObject tasks = m_fixture->server->clientCapabilities().value(u"tasks"_s).toObject();
    QVERIFY2(tasks.contains(u"list"_s) && tasks.contains(u"cancel"_s), QJsonDocument(tasks).toJson().constData());
    const QJsonObject requests = tasks.value(u"requests"_s).toObject();
    QVERIFY(requests.value(u"sampling"_s).toObject().value(u"createMessage"_s).isObject());
    QVERIFY(requests.value(u"elicitation"_s).toObject().value(u"create"_s).isObject());
}

void tst_ClientTasks::tasksGetBeforeAndAfterThePersonAnswers()
{
    const Task task = startTask(u"elicitation/create"_s, formAsTask());
    QVERIFY(!task.taskId.isEmpty());
    QCOMPARE(Task::statusName(task.status), u"working"_s); // the spec: every task begins working
    QVERIFY(task.createdAt.isValid());
    QCOMPARE(task.ttlMs, std::optional<qint64>(60000));
    QVERIFY(task.pollIntervalMs);
    const QJsonObject taskId{{u"taskId"_s, task.taskId}};

    // The question is with the person; meanwhile the task works, and tasks/result waits.
    QTRY_VERIFY(m_gate.open());
    QPointer<ServerRequest> question = m_gate.open();
    QCOMPARE(question->kind(), ServerRequest::Kind::Elicitation);
    std::optional<Result<QJsonObject>> result;
    askLater(u"tasks/result"_s, taskId, result);
    const Result<QJsonObject> before = ask(u"tasks/get"_s, taskId);
    QVERIFY(before.ok());
    QCOMPARE(before.value().value(u"taskId"_s).toString(), task.taskId);
    QCOMPARE(before.value().value(u"status"_s).toString(), u"working"_s);
    QVERIFY(!result); // answered after the tasks/get that followed it: still waiting

    // The person answers.
    QVERIFY(question->accept(QJsonObject{{u"name"_s, u"Ada"_s}}).ok());
    QTRY_VERIFY(result.has_value());
    QVERIFY2(result->ok(), qPrintable(result->ok() ? QString() : result->error().message));
    QCOMPARE(result->value().value(u"action"_s).toString(), u"accept"_s);
    QCOMPARE(result->value().value(u"content"_s).toObject().value(u"name"_s).toString(), u"Ada"_s);
    QCOMPARE(relatedTaskId(result->value()), std::optional<QString>(task.taskId));

    const Result<QJsonObject> after = ask(u"tasks/get"_s, taskId);
    QVERIFY(after.ok());
    QCOMPARE(after.value().value(u"status"_s).toString(), u"completed"_s);
    // Fetched again, the same answer: the task keeps it.
    const Result<QJsonObject> again = ask(u"tasks/result"_s, taskId);
    QVERIFY(again.ok());
    QCOMPARE(again.value().value(u"content"_s).toObject().value(u"name"_s).toString(), u"Ada"_s);

    const Result<QJsonObject> listed = ask(u"tasks/list"_s, QJsonObject());
    QVERIFY(listed.ok());
    const QJsonArray tasks = listed.value().value(u"tasks"_s).toArray();
    QCOMPARE(tasks.size(), 1);
    QCOMPARE(tasks.first().toObject().value(u"taskId"_s).toString(), task.taskId);
    QCOMPARE(tasks.first().toObject().value(u"status"_s).toString(), u"completed"_s);

    // An ended task cannot be cancelled (the spec: -32602).
    const Result<QJsonObject> cancelled = ask(u"tasks/cancel"_s, taskId);
    QVERIFY(!cancelled.ok());
    QCOMPARE(cancelled.error().code, int(ErrorCode::InvalidParams));
}

void tst_ClientTasks::declinedSamplingFailsTheTask()
{
    const Task task = startTask(u"sampling/createMessage"_s, samplingAsTask());
    QVERIFY(!task.taskId.isEmpty());
    const QJsonObject taskId{{u"taskId"_s, task.taskId}};
    QTRY_VERIFY(m_gate.open());
    QCOMPARE(m_gate.open()->kind(), ServerRequest::Kind::Sampling);
    QVERIFY(m_gate.open()->decline(u"not now"_s));

    // The task failed with the error the request itself would have had.
    QTRY_COMPARE(statusOf(task.taskId), u"failed"_s);
    const Result<QJsonObject> result = ask(u"tasks/result"_s, taskId);
    QVERIFY(!result.ok());
    QCOMPARE(result.error().code, ServerRequest::UserRejectedCode);
}

void tst_ClientTasks::serverCancellingClosesThePersonsQuestion()
{
    const Task task = startTask(u"elicitation/create"_s, formAsTask());
    QVERIFY(!task.taskId.isEmpty());
    const QJsonObject taskId{{u"taskId"_s, task.taskId}};
    QTRY_VERIFY(m_gate.open());
    QPointer<ServerRequest> question = m_gate.open();
    QSignalSpy withdrawn(question.data(), &ServerRequest::withdrawn);
    std::optional<Result<QJsonObject>> result;
    askLater(u"tasks/result"_s, taskId, result);

    const Result<QJsonObject> cancelled = ask(u"tasks/cancel"_s, taskId);
    QVERIFY(cancelled.ok());
    QCOMPARE(cancelled.value().value(u"status"_s).toString(), u"cancelled"_s);
    // The person's dialog closes (withdrawn), the waiting tasks/result hears the task has no result,
    // and an answer given too late changes nothing.
    QTRY_COMPARE(withdrawn.size(), 1);
    QTRY_VERIFY(result.has_value());
    QVERIFY(!result->ok());
    QVERIFY(!question || question->isSettled());
    if (question)
        QVERIFY(!question->accept(QJsonObject{{u"name"_s, u"late"_s}}).ok());
    QCOMPARE(statusOf(task.taskId), u"cancelled"_s);
}

void tst_ClientTasks::unknownTaskAndCursorAreInvalidParams()
{
    for (const QString &method : {u"tasks/get"_s, u"tasks/result"_s, u"tasks/cancel"_s}) {
        const Result<QJsonObject> answer = ask(method, QJsonObject{{u"taskId"_s, u"no-such-task"_s}});
        QVERIFY2(!answer.ok(), qPrintable(method));
        QCOMPARE(answer.error().code, int(ErrorCode::InvalidParams));
    }
    const Result<QJsonObject> listed = ask(u"tasks/list"_s, QJsonObject{{u"cursor"_s, u"made-up"_s}});
    QVERIFY(!listed.ok());
    QCOMPARE(listed.error().code, int(ErrorCode::InvalidParams));
}

void tst_ClientTasks::withoutTaskTheRequestIsAnsweredAsBefore()
{
    QJsonObject plain = formAsTask();
    plain.remove(u"task"_s);
    std::optional<Result<QJsonObject>> answer;
    askLater(u"elicitation/create"_s, plain, answer);
    QTRY_VERIFY(m_gate.open());
    QVERIFY(m_gate.open()->accept(QJsonObject{{u"name"_s, u"Grace"_s}}).ok());
    QTRY_VERIFY(answer.has_value());
    QVERIFY(answer->ok());
    QCOMPARE(answer->value().value(u"content"_s).toObject().value(u"name"_s).toString(), u"Grace"_s);
    QVERIFY(!answer->value().contains(u"task"_s));
    const Result<QJsonObject> listed = ask(u"tasks/list"_s, QJsonObject());
    QVERIFY(listed.ok());
    QCOMPARE(listed.value().value(u"tasks"_s).toArray().size(), 0);
}

QTEST_GUILESS_MAIN(tst_ClientTasks)
// Hostile: a server that asks for task after task holds the person's questions and Toolgate's memory. The
// first ClientTasks::Limits::maxTasks (64) become tasks; the next is refused in words while none has ended.
// (The pipeline's own limits, 16 waiting and a burst of 20, are lifted here to reach this one.)
void tst_ClientTasks::aFloodOfTasksIsRefusedPastTheLimit()
{
    ServerRequestPipeline::Options lenient;
    lenient.maxWaitingPerServer = 1000;
    lenient.burst = 1000;
    m_pipeline->setOptions(lenient);
    const int limit = ClientTasks::Limits().maxTasks;
    QSet<QString> ids;
    for (int i = 0; i < limit; ++i) {
        const Task task = startTask(u"elicitation/create"_s, formAsTask());
        QVERIFY2(!task.taskId.isEmpty(), qPrintable(u"task %1 was not made"_s.arg(i + 1)));
        ids.insert(task.taskId);
    }
    QCOMPARE(ids.size(), limit);
    const Result<QJsonObject> refused = ask(u"elicitation/create"_s, formAsTask());
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.contains(u"too many tasks"_s), qPrintable(refused.error().message));

    // Every one is listed, page by page, and none twice.
    QSet<QString> listed;
    QJsonObject params;
    for (int page = 0; page < 10; ++page) {
        const Result<QJsonObject> answer = ask(u"tasks/list"_s, params);
        QVERIFY2(answer.ok(), qPrintable(answer.ok() ? QString() : answer.error().message));
        for (const QJsonValue &task : answer.value().value(u"tasks"_s).toArray()) {
            const QString id = task.toObject().value(u"taskId"_s).toString();
            QVERIFY2(!listed.contains(id), qPrintable(u"listed twice: "_s + id));
            listed.insert(id);
        }
        const QString cursor = answer.value().value(u"nextCursor"_s).toString();
        if (cursor.isEmpty())
            break;
        params = QJsonObject{{u"cursor"_s, cursor}};
    }
    QCOMPARE(listed, ids);

    // One ends (the person answers it): that makes room for one more request, and only one.
    QPointer<ServerRequest> first = m_gate.presented.first();
    QVERIFY(first);
    QVERIFY(first->accept(QJsonObject{{u"name"_s, u"Ada"_s}}).ok());
    QTRY_VERIFY(std::any_of(ids.cbegin(), ids.cend(), [this](const QString &id) { return statusOf(id) == u"completed"_s; }));
    QVERIFY(!startTask(u"elicitation/create"_s, formAsTask()).taskId.isEmpty());
    QVERIFY(!ask(u"elicitation/create"_s, formAsTask()).ok());
}

// Hostile, with the pipeline's defaults: 100 requests as tasks at once. Each is answered exactly once; those
// past what may wait for the person (16, and the burst) become failed tasks that say why, and the client holds
// no more than ClientTasks::Limits::maxTasks of them.
void tst_ClientTasks::aFloodPastWhatThePersonCanAnswerEndsInFailedTasks()
{
    constexpr int flood = 100;
    QList<int> answers(flood, 0);
    for (int i = 0; i < flood; ++i)
        m_call.askClient(u"elicitation/create"_s, formAsTask(), [&answers, i](const Result<QJsonObject> &) { ++answers[i]; });
    QTRY_VERIFY(std::all_of(answers.cbegin(), answers.cend(), [](int n) { return n > 0; }));

    QList<QJsonObject> held;
    QJsonObject params;
    for (int page = 0; page < 10; ++page) {
        const Result<QJsonObject> answer = ask(u"tasks/list"_s, params);
        QVERIFY2(answer.ok(), qPrintable(answer.ok() ? QString() : answer.error().message));
        for (const QJsonValue &task : answer.value().value(u"tasks"_s).toArray())
            held.append(task.toObject());
        const QString cursor = answer.value().value(u"nextCursor"_s).toString();
        if (cursor.isEmpty())
            break;
        params = QJsonObject{{u"cursor"_s, cursor}};
    }
    QCOMPARE(answers, QList<int>(flood, 1)); // after a round trip: no second answer came
    QVERIFY2(held.size() <= ClientTasks::Limits().maxTasks, qPrintable(QString::number(held.size())));
    const auto working = std::count_if(held.cbegin(), held.cend(), [](const QJsonObject &task) {
        return task.value(u"status"_s).toString() == u"working"_s;
    });
    QVERIFY2(working > 0 && working <= ServerRequestPipeline::Options().maxWaitingPerServer, qPrintable(QString::number(working)));
    const auto refused = std::find_if(held.cbegin(), held.cend(), [](const QJsonObject &task) {
        return task.value(u"status"_s).toString() == u"failed"_s;
    });
    QVERIFY(refused != held.cend());
    QVERIFY2(refused->value(u"statusMessage"_s).toString().contains(u"too many requests are waiting"_s),
             qPrintable(refused->value(u"statusMessage"_s).toString()));
}

// Hostile: tasks/result blocks until the task ends, so each one waiting is held. Past
// ClientTasks::Limits::maxWaitingResults (8) on one task they are refused; those held are each answered
// exactly once, with the person's answer, when it comes.
void tst_ClientTasks::waitingResultsAreBoundedAndEachAnsweredOnce()
{
    const Task task = startTask(u"elicitation/create"_s, formAsTask());
    QVERIFY(!task.taskId.isEmpty());
    const QJsonObject taskId{{u"taskId"_s, task.taskId}};
    const int limit = ClientTasks::Limits().maxWaitingResults;
    QList<int> answers(limit, 0);
    QList<QString> names(limit);
    for (int i = 0; i < limit; ++i) {
        m_call.askClient(u"tasks/result"_s, taskId, [&answers, &names, i](const Result<QJsonObject> &result) {
            ++answers[i];
            names[i] = result ? result.value().value(u"content"_s).toObject().value(u"name"_s).toString() : result.error().message;
        });
    }
    const Result<QJsonObject> refused = ask(u"tasks/result"_s, taskId);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.contains(u"too many tasks/result"_s), qPrintable(refused.error().message));
    QVERIFY(std::all_of(answers.cbegin(), answers.cend(), [](int n) { return n == 0; }));

    QTRY_VERIFY(m_gate.open());
    QVERIFY(m_gate.open()->accept(QJsonObject{{u"name"_s, u"Ada"_s}}).ok());
    QTRY_VERIFY(std::all_of(answers.cbegin(), answers.cend(), [](int n) { return n > 0; }));
    QCOMPARE(statusOf(task.taskId), u"completed"_s); // a round trip after the answers: any second one would be here
    QCOMPARE(answers, QList<int>(limit, 1));
    QCOMPARE(names, QList<QString>(limit, u"Ada"_s));
}

// Hostile: a ttl of 10^300 ms would keep the task (and what it holds) for ever, a negative one would drop it
// before the server could fetch it: the client holds the server's wish to its bounds.
void tst_ClientTasks::aHostileTtlIsKeptWithinBounds()
{
    const ClientTasks::Limits limits;
    QJsonObject endless = formAsTask();
    endless.insert(u"task"_s, QJsonObject{{u"ttl"_s, 1e300}});
    QCOMPARE(startTask(u"elicitation/create"_s, endless).ttlMs, std::optional<qint64>(limits.maxTtlMs));
    QJsonObject negative = formAsTask();
    negative.insert(u"task"_s, QJsonObject{{u"ttl"_s, -5}});
    QCOMPARE(startTask(u"elicitation/create"_s, negative).ttlMs, std::optional<qint64>(limits.minTtlMs));
    QJsonObject notANumber = formAsTask();
    notANumber.insert(u"task"_s, QJsonObject{{u"ttl"_s, u"soon"_s}});
    QCOMPARE(startTask(u"elicitation/create"_s, notANumber).ttlMs, std::optional<qint64>(limits.defaultTtlMs));
}

#include "tst_clienttasks.moc"
