#include "core/server/servertasks.h"

#include <QJsonArray>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {

QString timestamp(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODateWithMs);
}

QJsonObject errorJson(const Error &error)
{
    QJsonObject json{{u"code"_s, error.code}, {u"message"_s, error.message}};
    if (!error.data.isUndefined() && !error.data.isNull())
        json.insert(u"data", error.data);
    return json;
}

} // namespace

QString ServerTask::statusName(Task::Status status)
{
    switch (status) {
    case Task::Status::Working:
        return u"working"_s;
    case Task::Status::InputRequired:
        return u"input_required"_s;
    case Task::Status::Completed:
        return u"completed"_s;
    case Task::Status::Failed:
        return u"failed"_s;
    case Task::Status::Cancelled:
        return u"cancelled"_s;
    }
    return u"working"_s;
}

QJsonObject ServerTask::toLegacyJson() const
{
    QJsonObject json{{u"taskId"_s, taskId},
                     {u"status"_s, statusName(status)},
                     {u"createdAt"_s, timestamp(createdAt)},
                     {u"lastUpdatedAt"_s, timestamp(lastUpdatedAt)},
                     {u"ttl"_s, ttlMs},
                     {u"pollInterval"_s, pollIntervalMs}};
    if (!statusMessage.isEmpty())
        json.insert(u"statusMessage", statusMessage);
    return json;
}

QJsonObject ServerTask::toModernJson(bool detailed) const
{
    // The field names of the pinned @modelcontextprotocol/ext-tasks package (ttlMs, pollIntervalMs).
    QJsonObject json{{u"taskId"_s, taskId},
                     {u"status"_s, statusName(status)},
                     {u"createdAt"_s, timestamp(createdAt)},
                     {u"lastUpdatedAt"_s, timestamp(lastUpdatedAt)},
                     {u"ttlMs"_s, ttlMs},
                     {u"pollIntervalMs"_s, pollIntervalMs}};
    if (!statusMessage.isEmpty())
        json.insert(u"statusMessage", statusMessage);
    if (!detailed)
        return json;
    switch (status) {
    case Task::Status::InputRequired: {
        QJsonObject requests;
        for (const InputRequest &input : inputs)
            requests.insert(input.key, QJsonObject{{u"method"_s, input.method}, {u"params"_s, input.params}});
        json.insert(u"inputRequests", requests);
        break;
    }
    case Task::Status::Completed:
        json.insert(u"result", result.value_or(QJsonObject{{u"content"_s, QJsonArray()}}));
        break;
    case Task::Status::Failed:
        json.insert(u"error", errorJson(error.value_or(Error{-32603, u"the task failed"_s, {}})));
        break;
    case Task::Status::Working:
    case Task::Status::Cancelled:
        break;
    }
    return json;
}

Result<std::shared_ptr<ServerTask>> ServerTaskStore::create(const QString &toolName, std::optional<qint64> requestedTtlMs)
{
    if (m_tasks.size() >= m_limits.maxTasks) {
        // Make room by forgetting the oldest finished task; running ones are never dropped for a new one.
        const auto oldestDone = std::find_if(m_tasks.begin(), m_tasks.end(),
                                             [](const std::shared_ptr<ServerTask> &task) { return task->isTerminal(); });
        if (oldestDone == m_tasks.end()) {
            return makeError(ErrorCode::InternalError,
                             u"the server is already running %1 tasks, as many as it keeps; wait for one to finish or cancel one"_s
                                 .arg(m_limits.maxTasks));
        }
        m_tasks.erase(oldestDone);
    }
    auto task = std::make_shared<ServerTask>();
    // Random (version 4) UUIDs: a task id is the only thing that stands between a client and
    // another's task, so it must not be guessable from the ones it was given.
    task->taskId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    task->toolName = toolName;
    task->createdAt = QDateTime::currentDateTimeUtc();
    task->lastUpdatedAt = task->createdAt;
    task->ttlMs = std::clamp(requestedTtlMs.value_or(m_limits.defaultTtlMs), m_limits.minTtlMs,
                             std::max(m_limits.minTtlMs, m_limits.maxTtlMs));
    task->pollIntervalMs = m_limits.pollIntervalMs;
    m_tasks.append(task);
    return task;
}

std::shared_ptr<ServerTask> ServerTaskStore::find(const QString &taskId) const
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const auto &task : m_tasks) {
        if (task->taskId == taskId)
            return task->isExpired(now) ? nullptr : task;
    }
    return nullptr;
}

QList<std::shared_ptr<ServerTask>> ServerTaskStore::takeExpired()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QList<std::shared_ptr<ServerTask>> expired;
    for (auto it = m_tasks.begin(); it != m_tasks.end();) {
        if ((*it)->isExpired(now)) {
            expired.append(*it);
            it = m_tasks.erase(it);
        } else {
            ++it;
        }
    }
    return expired;
}

} // namespace Toolgate
