#include "core/client/taskrequests.h"

#include "core/client/inputrounds.h"
#include "core/client/progressroutes.h"
#include "core/client/requestsender.h"
#include "core/client/sessioncore.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QPointer>

namespace Toolgate {

TaskRequests::TaskRequests(SessionCore &core, RequestSender &requests, InputRounds &rounds, ProgressRoutes &progress)
    : m_core(core)
    , m_requests(requests)
    , m_rounds(rounds)
    , m_progress(progress)
{
    m_core.peer().setNotificationHandler(QStringLiteral("notifications/tasks/status"), [this](const JsonRpcMessage &message) {
        const Result<Task> task = Task::parse(message.params());
        if (!task) {
            emit protocolViolation(task.error().message);
            return;
        }
        if (task->isTerminal())
            releaseProgress(task->taskId);
        emit statusNotified(*task);
    });
}

ClientSession::TaskCapabilities TaskRequests::capabilities() const
{
    ClientSession::TaskCapabilities offered;
    const QJsonObject raw = m_core.offered().raw;
    if (m_core.modern()) {
        // The extension has no list; tasks/cancel is always there (an acknowledgement, cooperative).
        offered.modern = true;
        offered.toolCalls = raw.value(QLatin1String("extensions")).toObject().value(tasksExtensionName).isObject();
        offered.cancel = offered.toolCalls;
        return offered;
    }
    const QJsonObject tasks = raw.value(QLatin1String("tasks")).toObject();
    offered.toolCalls = tasks.value(QLatin1String("requests")).toObject().value(QLatin1String("tools")).toObject()
                            .value(QLatin1String("call")).isObject();
    offered.list = tasks.value(QLatin1String("list")).isObject();
    offered.cancel = tasks.value(QLatin1String("cancel")).isObject();
    return offered;
}

QJsonObject TaskRequests::paramsFor(const TaskRef &task) const
{
    QJsonObject params{{QLatin1String("taskId"), task.id}};
    if (task.requestState && m_core.modern())
        params.insert(QLatin1String("requestState"), *task.requestState);
    return params;
}

void TaskRequests::get(const TaskRef &task, QObject *context, Callback<Task> callback)
{
    // A task the server created is followed even if its capabilities forgot to say so.
    if (!m_core.ensureReady(context, [callback](const Error &e) { callback(Result<Task>(e)); }))
        return;
    const QString taskId = task.id;
    QPointer<TaskRequests> self(this);
    auto order = std::make_shared<JsonKeyOrder>();
    JsonRpcPeer::RequestOptions options = m_core.requestOptions();
    options.resultKeyOrder = [order](const JsonKeyOrder &read) { *order = read; };
    const QString version = m_core.modernVersion();
    const bool modern = m_core.modern();
    m_core.peer().sendRequest(QStringLiteral("tasks/get"), m_core.withEnvelope(paramsFor(task)), context,
        [self, callback, order, modern, version, taskId](const Result<QJsonValue> &answer) {
            if (!answer) {
                callback(Result<Task>(modern ? RequestSender::explainModernError(answer.error(), QStringLiteral("tasks/get"), {}, version)
                                             : answer.error()));
                return;
            }
            if (!answer.value().isObject()) {
                callback(Result<Task>(RequestSender::notAnObject(QStringLiteral("tasks/get"))));
                return;
            }
            Result<Task> described = Task::parse(answer.value().toObject(), *order);
            if (described && described->taskId != taskId) {
                described = makeError(ErrorCode::ProtocolError,
                                      QCoreApplication::translate("Toolgate::ClientSession", "asked for task \"%1\", the server described task \"%2\"")
                                          .arg(taskId, described->taskId.left(80)));
            }
            if (described && described->isTerminal() && self)
                self->releaseProgress(taskId);
            callback(described);
        }, options);
}

void TaskRequests::result(const QString &taskId, QObject *context, Callback<CallToolResult> callback)
{
    if (!m_core.ensureReady(context, [callback](const Error &e) { callback(Result<CallToolResult>(e)); }))
        return;
    if (m_core.modern()) {
        m_core.answerNotInRevision(QStringLiteral("tasks/result"), context, callback);
        return;
    }
    JsonRpcPeer::RequestOptions options = m_core.requestOptions();
    // tasks/result blocks until the task ends, which may be hours: the task's own polling watches it.
    options.longLived = true;
    auto order = std::make_shared<JsonKeyOrder>();
    options.resultKeyOrder = [order](const JsonKeyOrder &read) { *order = read; };
    options.resultKeyOrderLimit = JsonRpcPeer::backgroundParseThreshold;
    QPointer<TaskRequests> self(this);
    m_core.peer().sendRequest(QStringLiteral("tasks/result"), QJsonObject{{QLatin1String("taskId"), taskId}}, context,
        [self, callback, order, taskId](const Result<QJsonValue> &answer) {
            if (self)
                self->releaseProgress(taskId);
            if (!answer) {
                callback(Result<CallToolResult>(answer.error()));
                return;
            }
            if (!answer.value().isObject()) {
                callback(Result<CallToolResult>(RequestSender::notAnObject(QStringLiteral("tasks/result"))));
                return;
            }
            Result<CallToolResult> parsed = CallToolResult::parse(answer.value().toObject());
            if (parsed)
                parsed.value().rawOrder = *order;
            callback(parsed);
        }, options);
}

void TaskRequests::update(const TaskRef &task, const QJsonObject &inputResponses, QObject *context, Callback<std::monostate> callback)
{
    if (!m_core.ensureReady(context, [callback](const Error &e) { callback(Result<std::monostate>(e)); }))
        return;
    if (!m_core.modern()) {
        SessionCore::answerLater(context, callback, makeError(ErrorCode::MethodNotFound,
            QCoreApplication::translate("Toolgate::ClientSession", "tasks/update belongs to the tasks extension of MCP 2026-07-28; this server speaks %1")
                .arg(m_core.negotiated().protocolVersion)));
        return;
    }
    QJsonObject params = paramsFor(task);
    params.insert(QLatin1String("inputResponses"), inputResponses);
    m_requests.request<std::monostate>(QStringLiteral("tasks/update"), params, context, std::move(callback),
                                       [](const QJsonObject &) { return std::monostate(); });
}

void TaskRequests::cancel(const TaskRef &task, QObject *context, Callback<std::optional<Task>> callback)
{
    if (!m_core.ensureReady(context, [callback](const Error &e) { callback(Result<std::optional<Task>>(e)); }))
        return;
    const bool modern = m_core.modern();
    releaseProgress(task.id);
    m_requests.request<std::optional<Task>>(QStringLiteral("tasks/cancel"), paramsFor(task), context, std::move(callback),
        [modern](const QJsonObject &answer) -> Result<std::optional<Task>> {
            if (modern || !answer.contains(QLatin1String("taskId")))
                return std::optional<Task>();
            Result<Task> task = Task::parse(answer);
            if (!task)
                return task.error();
            return std::optional<Task>(task.value());
        });
}

void TaskRequests::list(QObject *context, Callback<QList<Task>> callback)
{
    if (m_core.modern()) {
        if (!m_core.ensureReady(context, [callback](const Error &e) { callback(Result<QList<Task>>(e)); }))
            return;
        SessionCore::answerLater(context, callback, makeError(ErrorCode::MethodNotFound,
            QCoreApplication::translate("Toolgate::ClientSession", "the tasks extension of MCP 2026-07-28 has no list of tasks: "
                                                                   "a task is known by the id its call answered")));
        return;
    }
    if (!m_core.ensureFeature(capabilities().list, QStringLiteral("tasks/list"), context, callback))
        return;
    m_requests.listAll<Task>(QStringLiteral("tasks/list"), QStringLiteral("tasks"), context,
        [callback = std::move(callback)](const Result<QList<Task>> &listed) {
            if (!listed) {
                callback(listed);
                return;
            }
            QList<Task> readable; // a task Toolgate cannot read (no id) cannot be asked about either
            for (const Task &task : listed.value()) {
                if (!task.taskId.isEmpty())
                    readable.append(task);
            }
            callback(Result<QList<Task>>(readable));
        });
}

void TaskRequests::askForInput(const InputRequiredResult::Request &request, const ClientSession::EmbeddedRequestOrigin &origin,
                               QObject *context, std::function<void(const JsonRpcMessage &answer)> answered)
{
    m_rounds.handOut(request, origin, [guard = QPointer<QObject>(context), answered = std::move(answered)](const JsonRpcMessage &answer) {
        if (!guard)
            return;
        QMetaObject::invokeMethod(guard, [answered, answer] { answered(answer); }, Qt::QueuedConnection);
    });
}

void TaskRequests::keepProgress(const QString &taskId, const QString &token)
{
    m_progressTokens.insert(taskId, token);
}

void TaskRequests::releaseProgress(const QString &taskId)
{
    const QString token = m_progressTokens.take(taskId);
    if (!token.isEmpty())
        m_progress.close(token);
}

} // namespace Toolgate

#include "moc_taskrequests.cpp"
