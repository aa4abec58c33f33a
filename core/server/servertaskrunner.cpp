#include "core/server/servertaskrunner.h"

#include "core/common/logging.h"
#include "core/server/invalidparams.h"
#include "core/server/pagination.h"
#include "core/server/requestrouter.h"
#include "core/server/resultshaper.h"
#include "core/server/serverlifecycle.h"
#include "core/server/toolcallstate.h"
#include "core/server/toolregistry.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

Error noTasks()
{
    return makeError(ErrorCode::MethodNotFound, u"this server runs no tools as tasks"_s);
}

// Ties a message to its task, as the related-task _meta does.
QJsonObject withRelatedTask(QJsonObject json, const QString &taskId)
{
    QJsonObject meta = json.value(u"_meta").toObject();
    meta.insert(relatedTaskMetaKey, QJsonObject{{u"taskId"_s, taskId}});
    json.insert(u"_meta", meta);
    return json;
}

} // namespace

ServerTaskRunner::ServerTaskRunner(JsonRpcPeer &peer, const ServerLifecycle &lifecycle, const ResultShaper &shaper,
                                   const ToolRegistry &tools, QObject *context)
    : m_peer(peer)
    , m_lifecycle(lifecycle)
    , m_shaper(shaper)
    , m_tools(tools)
    , m_context(context)
{
}

bool ServerTaskRunner::offered() const { return m_tools.offersTasks(); }

Result<std::shared_ptr<ServerTask>> ServerTaskRunner::create(const QString &toolName, std::optional<qint64> requestedTtlMs)
{
    expire();
    return m_store.create(toolName, requestedTtlMs);
}

void ServerTaskRunner::finish(const std::shared_ptr<ServerTask> &task, const CallToolResult *result, const Error *error)
{
    if (task->isTerminal())
        return;
    if (result) {
        task->result = m_shaper.callResult(*result);
        // 2025-11-25 counts a tool error (isError) as a failed task; the extension keeps failed
        // for JSON-RPC errors, and a tool error is a completed task with an isError result.
        const bool failed = result->isError && m_lifecycle.era() == ProtocolEra::Legacy;
        task->status = failed ? Task::Status::Failed : Task::Status::Completed;
        task->statusMessage = failed ? u"The tool reported an error: %1"_s.arg(result->textSummary().left(200)) : QString();
    } else {
        task->error = error ? *error : makeError(ErrorCode::InternalError, u"the task ended without a result"_s);
        task->status = Task::Status::Failed;
        task->statusMessage = task->error->message;
    }
    task->lastUpdatedAt = QDateTime::currentDateTimeUtc();
    qCInfo(lcServer) << "task" << task->taskId << "of" << task->toolName << "ended:" << ServerTask::statusName(task->status);
    sendStatus(*task);
    settle(*task);
}

void ServerTaskRunner::setStatusMessage(const std::shared_ptr<ServerTask> &task, const QString &message)
{
    update(*task, task->status, message);
}

void ServerTaskRunner::ask(const std::shared_ptr<ServerTask> &task, const QString &method, const QJsonObject &params,
                           std::function<void(const Result<QJsonObject> &answer)> deliver)
{
    if (task->isTerminal())
        return;
    ServerTask::InputRequest input;
    input.key = u"input-%1"_s.arg(++task->inputsAsked);
    input.method = method;
    input.params = params;
    input.deliver = std::move(deliver);
    task->inputs.append(std::move(input));
    update(*task, Task::Status::InputRequired);
    if (m_lifecycle.era() == ProtocolEra::Legacy)
        sendInputs(task);
}

void ServerTaskRunner::cancelAll(const QString &message)
{
    const auto tasks = m_store.all();
    for (const auto &task : tasks)
        cancel(task, message);
}

void ServerTaskRunner::detachAll()
{
    for (const auto &task : m_store.takeAll()) {
        const auto state = task->call.lock();
        forget(*task);
        if (state) {
            state->host = nullptr;
            state->cancel();
        }
    }
}

// 2025-11-25 only: in 2026-07-28 a task's notifications belong on the stream of a tasks/get,
// which a client polling over stdio does not keep open; tasks/get tells it everything.
void ServerTaskRunner::sendStatus(const ServerTask &task)
{
    if (m_lifecycle.era() != ProtocolEra::Legacy || !m_lifecycle.isReady())
        return;
    m_peer.sendNotification(u"notifications/tasks/status"_s, task.toLegacyJson());
}

void ServerTaskRunner::update(ServerTask &task, Task::Status status, const std::optional<QString> &message)
{
    if (task.isTerminal())
        return;
    if (task.status == status && (!message || *message == task.statusMessage))
        return;
    task.status = status;
    if (message)
        task.statusMessage = *message;
    task.lastUpdatedAt = QDateTime::currentDateTimeUtc();
    sendStatus(task);
}

// A task reached its end: whoever waits in tasks/result hears, and the questions still open go.
void ServerTaskRunner::settle(ServerTask &task)
{
    const auto waiters = std::exchange(task.resultWaiters, {});
    for (const Responder &waiter : waiters)
        answerResult(task, waiter);
    forget(task);
}

// Drops what ties a task to its running call (the open questions hold the call's context).
void ServerTaskRunner::forget(ServerTask &task)
{
    auto inputs = std::exchange(task.inputs, {});
    inputs.clear();
    task.call.reset();
}

// tasks/result for a task that ended: exactly what the tools/call would have answered.
void ServerTaskRunner::answerResult(const ServerTask &task, const Responder &responder)
{
    if (task.result) {
        responder.respond(withRelatedTask(*task.result, task.taskId));
    } else if (task.error) {
        responder.respondError(*task.error);
    } else {
        responder.respondError(makeError(ErrorCode::InvalidRequest,
                                         u"the task %1 was cancelled, so it has no result"_s.arg(task.taskId)));
    }
}

void ServerTaskRunner::cancel(const std::shared_ptr<ServerTask> &task, const QString &message)
{
    if (task->isTerminal())
        return;
    const auto state = task->call.lock();
    task->status = Task::Status::Cancelled;
    task->statusMessage = message;
    task->lastUpdatedAt = QDateTime::currentDateTimeUtc();
    qCInfo(lcServer) << "task" << task->taskId << "of" << task->toolName << "cancelled";
    sendStatus(*task);
    settle(*task);
    if (state)
        state->cancel(); // the handler's onCancelled callbacks run, its scope() goes
}

// Legacy: the task's questions go out while the client listens in tasks/result (the spec's
// way to reach a client that follows a task), each tied to the task by the related-task _meta.
void ServerTaskRunner::sendInputs(const std::shared_ptr<ServerTask> &task)
{
    task->resultWaiters.removeIf([](const Responder &waiter) { return waiter.isAnswered() || waiter.isCancelled(); });
    if (task->resultWaiters.isEmpty())
        return;
    for (ServerTask::InputRequest &input : task->inputs) {
        if (input.sent)
            continue;
        input.sent = true;
        const std::weak_ptr<ServerTask> weak = task;
        detail::sendPatientRequest(m_peer, input.method, withRelatedTask(input.params, task->taskId), m_context,
                                   [this, weak, key = input.key](const Result<QJsonValue> &answer) {
            const auto alive = weak.lock();
            if (!alive)
                return;
            if (!answer)
                deliverInputs(alive, {{key, Result<QJsonObject>(answer.error())}});
            else if (!answer->isObject())
                deliverInputs(alive, {{key, Result<QJsonObject>(makeError(ErrorCode::ProtocolError,
                                                                          u"the client's answer is not a JSON object"_s))}});
            else
                deliverInputs(alive, {{key, Result<QJsonObject>(answer->toObject())}});
        });
    }
}

// Hands answers to the questions they answer; keys the task is not waiting for are ignored.
void ServerTaskRunner::deliverInputs(const std::shared_ptr<ServerTask> &task,
                                     const QList<std::pair<QString, Result<QJsonObject>>> &answers)
{
    if (task->isTerminal())
        return;
    QList<std::pair<ServerTask::InputRequest, Result<QJsonObject>>> answered;
    for (const auto &[key, reply] : answers) {
        const auto it = std::find_if(task->inputs.begin(), task->inputs.end(),
                                     [&key](const ServerTask::InputRequest &input) { return input.key == key; });
        if (it == task->inputs.end())
            continue;
        answered.append({std::move(*it), reply});
        task->inputs.erase(it);
    }
    if (answered.isEmpty())
        return;
    if (task->inputs.isEmpty())
        update(*task, Task::Status::Working);
    for (const auto &[input, reply] : answered)
        input.deliver(reply);
}

// Tasks past their ttl go: what still runs is stopped, whoever waits hears why.
void ServerTaskRunner::expire()
{
    for (const auto &task : m_store.takeExpired()) {
        qCInfo(lcServer) << "task" << task->taskId << "of" << task->toolName << "expired";
        const auto state = task->call.lock();
        const auto waiters = std::exchange(task->resultWaiters, {});
        for (const Responder &waiter : waiters)
            waiter.respondError(invalidParams(u"the task %1 expired"_s.arg(task->taskId)));
        forget(*task);
        if (state && !task->isTerminal()) {
            task->status = Task::Status::Cancelled;
            state->cancel();
        }
    }
}

// The task a tasks/… request names, or the error to answer it with.
Result<std::shared_ptr<ServerTask>> ServerTaskRunner::taskFor(const QJsonObject &params)
{
    if (!offered())
        return noTasks();
    const QJsonValue id = params.value(u"taskId");
    if (!id.isString() || id.toString().isEmpty())
        return invalidParams(u"the request needs a taskId (a string)"_s);
    expire();
    if (auto task = m_store.find(id.toString()))
        return task;
    return invalidParams(u"Task not found: %1 (it may have expired)"_s.arg(id.toString()));
}

void ServerTaskRunner::installHandlers(RequestRouter &router)
{
    const auto route = [this](void (ServerTaskRunner::*handler)(const JsonRpcMessage &, const Responder &)) {
        return [this, handler](const JsonRpcMessage &request, const Responder &responder) { (this->*handler)(request, responder); };
    };
    router.on(u"tasks/get"_s, route(&ServerTaskRunner::handleGet), RequestRouter::Eras::Both);
    router.on(u"tasks/result"_s, route(&ServerTaskRunner::handleResult), RequestRouter::Eras::LegacyOnly);
    router.on(u"tasks/list"_s, route(&ServerTaskRunner::handleList), RequestRouter::Eras::LegacyOnly);
    router.on(u"tasks/cancel"_s, route(&ServerTaskRunner::handleCancel), RequestRouter::Eras::Both);
    router.on(u"tasks/update"_s, route(&ServerTaskRunner::handleUpdate), RequestRouter::Eras::ModernOnly);
}

void ServerTaskRunner::handleGet(const JsonRpcMessage &request, const Responder &responder)
{
    const auto task = taskFor(request.params());
    if (!task)
        return m_shaper.answer(responder, task.error());
    m_shaper.answer(responder,
                    m_lifecycle.era() == ProtocolEra::Modern ? task.value()->toModernJson(true) : task.value()->toLegacyJson(),
                    u"tasks/get"_s);
}

void ServerTaskRunner::handleResult(const JsonRpcMessage &request, const Responder &responder)
{
    const auto task = taskFor(request.params());
    if (!task)
        return responder.respondError(task.error());
    const std::shared_ptr<ServerTask> &found = task.value();
    if (found->isTerminal())
        return answerResult(*found, responder);
    // Blocks until the task ends; meanwhile the task's questions reach the client.
    found->resultWaiters.append(responder);
    sendInputs(found);
}

void ServerTaskRunner::handleList(const JsonRpcMessage &request, const Responder &responder)
{
    if (!offered())
        return responder.respondError(noTasks());
    expire();
    QJsonArray all;
    for (const auto &task : m_store.all())
        all.append(task->toLegacyJson());
    constexpr int defaultTaskPage = 50;
    m_shaper.answer(responder, paginate(all, u"tasks", request.params(), m_listPageSize > 0 ? m_listPageSize : defaultTaskPage));
}

void ServerTaskRunner::handleCancel(const JsonRpcMessage &request, const Responder &responder)
{
    const auto task = taskFor(request.params());
    if (m_lifecycle.era() == ProtocolEra::Modern) {
        // The extension acknowledges every cancel, even of a task it does not know (eventual consistency).
        if (!task && task.error().code == int(ErrorCode::MethodNotFound))
            return m_shaper.answer(responder, task.error());
        if (task)
            cancel(task.value(), u"Cancelled at the client's request."_s);
        return m_shaper.answer(responder, QJsonObject(), u"tasks/cancel"_s);
    }
    if (!task)
        return responder.respondError(task.error());
    const std::shared_ptr<ServerTask> &found = task.value();
    if (found->isTerminal()) {
        return responder.respondError(invalidParams(u"the task %1 is already %2 and cannot be cancelled"_s
                                                        .arg(found->taskId, ServerTask::statusName(found->status))));
    }
    cancel(found, u"Cancelled at the client's request."_s);
    responder.respond(found->toLegacyJson());
}

void ServerTaskRunner::handleUpdate(const JsonRpcMessage &request, const Responder &responder)
{
    const QJsonObject params = request.params();
    const QJsonValue responses = params.value(u"inputResponses");
    if (!responses.isObject())
        return m_shaper.answer(responder, invalidParams(u"tasks/update needs inputResponses, an object of answers by key"_s));
    const auto task = taskFor(params);
    if (!task && task.error().code == int(ErrorCode::MethodNotFound))
        return m_shaper.answer(responder, task.error());
    // Acknowledged in any case (the extension's rule); answers to questions not open are ignored.
    if (task) {
        QList<std::pair<QString, Result<QJsonObject>>> answers;
        const QJsonObject byKey = responses.toObject();
        for (auto it = byKey.begin(); it != byKey.end(); ++it) {
            if (it.value().isObject())
                answers.append({it.key(), Result<QJsonObject>(it.value().toObject())});
        }
        deliverInputs(task.value(), answers);
    }
    m_shaper.answer(responder, QJsonObject(), u"tasks/update"_s);
}

} // namespace Toolgate
