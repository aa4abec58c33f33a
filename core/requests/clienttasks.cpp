#include "core/requests/clienttasks.h"

#include "core/common/error.h"
#include "core/common/logging.h"

#include <QDateTime>
#include <QJsonArray>
#include <QPointer>
#include <QUuid>

#include <optional>

namespace Toolgate {

namespace {

QJsonObject withClientTaskMeta(QJsonObject result, const QString &taskId)
{
    // The spec: tasks/result carries related-task, since the result itself does not name its task.
    QJsonObject meta = result.value(QLatin1String("_meta")).toObject();
    meta.insert(relatedTaskMetaKey, QJsonObject{{QStringLiteral("taskId"), taskId}});
    result.insert(QLatin1String("_meta"), meta);
    return result;
}

Error clientTaskParamsError(const QString &message)
{
    return makeError(ErrorCode::InvalidParams, message);
}

} // namespace

struct ClientTasks::Entry
{
    Task task;
    RequestId requestId;
    /// The request's answer, once it came (completed or failed).
    std::optional<Result<QJsonObject>> answer;
    /// tasks/result requests waiting for the end.
    QList<Responder> waiting;
    QDateTime endedAt;
};

ClientTasks::ClientTasks(QObject *parent)
    : QObject(parent)
{ }

ClientTasks::~ClientTasks()
{
    // A server waiting in tasks/result hears why, rather than the peer's "dropped without an answer".
    for (const std::shared_ptr<Entry> &entry : std::as_const(m_entries)) {
        for (const Responder &responder : std::as_const(entry->waiting))
            responder.respondError(
                makeError(ErrorCode::InternalError, QStringLiteral("the client is closing the task %1").arg(entry->task.taskId)));
    }
}

bool ClientTasks::asksForTask(const QJsonObject &params)
{
    return params.value(QLatin1String("task")).isObject();
}

ClientTasks::Sink ClientTasks::start(const RequestId &requestId, const QJsonObject &params, const Responder &responder)
{
    dropExpired();
    if (m_entries.size() >= m_limits.maxTasks && !makeRoom()) {
        responder.respondError(
            makeError(ErrorCode::InternalError, QStringLiteral("too many tasks wait for the user's answer; this request was refused")));
        return {};
    }
    auto entry = std::make_shared<Entry>();
    entry->requestId = requestId;
    Task &task = entry->task;
    task.taskId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    task.status = Task::Status::Working;
    task.statusMessage = QStringLiteral("Waiting for the user to answer.");
    task.createdAt = QDateTime::currentDateTimeUtc();
    task.lastUpdatedAt = task.createdAt;
    // The spec lets the receiver choose the ttl; a server's wish is kept within bounds, since every
    // task is held in memory until then.
    // Clamped as a double: a huge number (1e300) made a qint64 first is undefined, and was negative here.
    const QJsonValue ttl = params.value(QLatin1String("task")).toObject().value(QLatin1String("ttl"));
    const double asked = ttl.isDouble() ? ttl.toDouble() : double(m_limits.defaultTtlMs);
    task.ttlMs = qint64(std::clamp(asked, double(m_limits.minTtlMs), double(m_limits.maxTtlMs)));
    task.pollIntervalMs = m_limits.pollIntervalMs;
    m_entries.append(entry);
    qCInfo(lcClient) << "request" << requestId.toString() << "runs as the client's task" << task.taskId;
    responder.respond(QJsonObject{{QStringLiteral("task"), task.toJson()}});

    QPointer<ClientTasks> self(this);
    const QString taskId = task.taskId;
    return [self, taskId](const Result<QJsonObject> &outcome) {
        if (self)
            self->finish(taskId, outcome);
    };
}

void ClientTasks::answer(const QString &method, const QJsonObject &params, const Responder &responder)
{
    dropExpired();
    if (method == QLatin1String("tasks/list"))
        return list(params, responder);
    const Result<Entry *> found = taskFor(params);
    if (!found)
        return responder.respondError(found.error());
    Entry &entry = *found.value();
    if (method == QLatin1String("tasks/get")) {
        responder.respond(entry.task.toJson());
    } else if (method == QLatin1String("tasks/result")) {
        // The spec: tasks/result blocks until the task ends.
        if (entry.task.isTerminal())
            answerResult(entry, responder);
        else if (entry.waiting.size() >= m_limits.maxWaitingResults)
            responder.respondError(makeError(ErrorCode::InternalError,
                                             QStringLiteral("too many tasks/result requests wait for the task %1").arg(entry.task.taskId)));
        else
            entry.waiting.append(responder);
    } else if (method == QLatin1String("tasks/cancel")) {
        cancel(entry, responder);
    } else {
        responder.respondError(makeError(ErrorCode::MethodNotFound, QStringLiteral("this client does not answer %1").arg(method)));
    }
}

QList<Task> ClientTasks::tasks() const
{
    QList<Task> tasks;
    for (const std::shared_ptr<Entry> &entry : m_entries)
        tasks.append(entry->task);
    return tasks;
}

void ClientTasks::finish(const QString &taskId, const Result<QJsonObject> &outcome)
{
    Entry *entry = find(taskId);
    // A cancelled task stays cancelled, whatever its request ends with after (the spec).
    if (!entry || entry->task.isTerminal())
        return;
    entry->answer = outcome;
    entry->endedAt = QDateTime::currentDateTimeUtc();
    if (outcome)
        setStatus(*entry, Task::Status::Completed, QString());
    else
        setStatus(*entry, Task::Status::Failed, outcome.error().message.left(Task::maxStatusMessageLength));
    const QList<Responder> waiting = std::exchange(entry->waiting, {});
    for (const Responder &responder : waiting)
        answerResult(*entry, responder);
}

void ClientTasks::setStatus(Entry &entry, Task::Status status, const QString &message)
{
    entry.task.status = status;
    entry.task.statusMessage = message;
    entry.task.lastUpdatedAt = QDateTime::currentDateTimeUtc();
    emit statusChanged(entry.task.toJson());
}

void ClientTasks::answerResult(const Entry &entry, const Responder &responder)
{
    if (entry.task.status == Task::Status::Cancelled) {
        responder.respondError(
            makeError(ErrorCode::InvalidRequest, QStringLiteral("the task %1 was cancelled, so it has no result").arg(entry.task.taskId)));
    } else if (entry.answer && entry.answer->ok()) {
        responder.respond(withClientTaskMeta(entry.answer->value(), entry.task.taskId));
    } else if (entry.answer) {
        responder.respondError(entry.answer->error());
    }
}

ClientTasks::Entry *ClientTasks::find(const QString &taskId)
{
    for (const std::shared_ptr<Entry> &entry : std::as_const(m_entries)) {
        if (entry->task.taskId == taskId)
            return entry.get();
    }
    return nullptr;
}

Result<ClientTasks::Entry *> ClientTasks::taskFor(const QJsonObject &params)
{
    const QJsonValue id = params.value(QLatin1String("taskId"));
    if (!id.isString())
        return clientTaskParamsError(QStringLiteral("taskId must be a string"));
    if (Entry *entry = find(id.toString()))
        return entry;
    return clientTaskParamsError(
        QStringLiteral("the client has no task %1 (it never had, or it ended and its time ran out)").arg(id.toString()));
}

bool ClientTasks::makeRoom()
{
    // Only an ended task makes room: dropping one that waits for the person would lose their answer.
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        if (m_entries.at(i)->task.isTerminal()) {
            m_entries.removeAt(i);
            return true;
        }
    }
    return false;
}

void ClientTasks::dropExpired()
{
    // An ended task is kept for its ttl from creation, and at least a minute after it ended, so the
    // server can still fetch what the person answered late. One still open is never dropped: the
    // pipeline's answer timeout ends it.
    const QDateTime now = QDateTime::currentDateTimeUtc();
    m_entries.removeIf([&](const std::shared_ptr<Entry> &entry) {
        if (!entry->task.isTerminal())
            return false;
        const QDateTime until = std::max(entry->task.createdAt.addMSecs(entry->task.ttlMs.value_or(m_limits.defaultTtlMs)),
                                         entry->endedAt.addMSecs(m_limits.minTtlMs));
        return now >= until;
    });
}

void ClientTasks::list(const QJsonObject &params, const Responder &responder)
{
    qsizetype start = 0;
    const QJsonValue cursor = params.value(QLatin1String("cursor"));
    if (!cursor.isUndefined() && !cursor.isNull()) {
        // The cursor is the last task of the previous page: stable while tasks come and go.
        const auto at = std::find_if(m_entries.cbegin(), m_entries.cend(),
                                     [&](const std::shared_ptr<Entry> &entry) { return entry->task.taskId == cursor.toString(); });
        if (!cursor.isString() || at == m_entries.cend())
            return responder.respondError(clientTaskParamsError(QStringLiteral("the tasks/list cursor is not one the client gave")));
        start = std::distance(m_entries.cbegin(), at) + 1;
    }
    QJsonArray page;
    const qsizetype end = std::min(m_entries.size(), start + m_limits.pageSize);
    for (qsizetype i = start; i < end; ++i)
        page.append(m_entries.at(i)->task.toJson());
    QJsonObject result{{QStringLiteral("tasks"), page}};
    if (end < m_entries.size())
        result.insert(QStringLiteral("nextCursor"), m_entries.at(end - 1)->task.taskId);
    responder.respond(result);
}

void ClientTasks::cancel(Entry &entry, const Responder &responder)
{
    if (entry.task.isTerminal()) {
        responder.respondError(clientTaskParamsError(QStringLiteral("the task %1 is already %2 and cannot be cancelled")
                                                         .arg(entry.task.taskId, Task::statusName(entry.task.status))));
        return;
    }
    // The spec: cancelled before the answer to tasks/cancel leaves; the person's question goes after.
    entry.endedAt = QDateTime::currentDateTimeUtc();
    setStatus(entry, Task::Status::Cancelled, QStringLiteral("The server cancelled the task."));
    responder.respond(entry.task.toJson());
    const RequestId requestId = entry.requestId;
    const QList<Responder> waiting = std::exchange(entry.waiting, {});
    for (const Responder &result : waiting)
        answerResult(entry, result);
    qCInfo(lcClient) << "the server cancelled the client's task" << entry.task.taskId;
    emit requestAbandoned(requestId);
}

} // namespace Toolgate

#include "moc_clienttasks.cpp"
