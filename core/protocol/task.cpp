#include "core/protocol/task.h"

#include "core/common/error.h"
#include "core/protocol/jsonutil_p.h"

#include <QCoreApplication>

namespace Toolgate {

namespace {

Error invalidTask(const QString &what)
{
    return makeError(ErrorCode::ProtocolError,
                     QCoreApplication::translate("Toolgate::Task", "the server described a task in a form Toolgate cannot read: %1").arg(what));
}

QDateTime timestamp(const QJsonObject &json, QStringView key)
{
    const QString text = ProtocolJson::string(json, key);
    QDateTime at = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!at.isValid())
        at = QDateTime::fromString(text, Qt::ISODate);
    return at;
}

/// A duration in milliseconds under whichever name the era gives it; negative or fractional reads as absent.
std::optional<qint64> milliseconds(const QJsonObject &json, QStringView msKey, QStringView otherMsKey, QStringView secondsKey = {})
{
    for (QStringView key : {msKey, otherMsKey}) {
        if (const auto value = ProtocolJson::optionalInteger(json, key); value && *value >= 0)
            return value;
    }
    if (!secondsKey.isEmpty()) {
        if (const auto value = ProtocolJson::optionalInteger(json, secondsKey); value && *value >= 0 && *value < (qint64(1) << 40))
            return *value * 1000;
    }
    return std::nullopt;
}

} // namespace

bool Task::isTerminal(Status status)
{
    return status == Status::Completed || status == Status::Failed || status == Status::Cancelled;
}

bool Task::isTerminal() const
{
    return isTerminal(status);
}

QString Task::statusName(Status status)
{
    switch (status) {
    case Status::Working:
        return QStringLiteral("working");
    case Status::InputRequired:
        return QStringLiteral("input_required");
    case Status::Completed:
        return QStringLiteral("completed");
    case Status::Failed:
        return QStringLiteral("failed");
    case Status::Cancelled:
        return QStringLiteral("cancelled");
    }
    return {};
}

std::optional<Task::Status> Task::statusFromName(const QString &name)
{
    for (Status status : {Status::Working, Status::InputRequired, Status::Completed, Status::Failed, Status::Cancelled}) {
        if (statusName(status) == name)
            return status;
    }
    return std::nullopt;
}

QString Task::describeStatus(Status status)
{
    switch (status) {
    case Status::Working:
        return QCoreApplication::translate("Toolgate::Task", "working");
    case Status::InputRequired:
        return QCoreApplication::translate("Toolgate::Task", "waiting for input");
    case Status::Completed:
        return QCoreApplication::translate("Toolgate::Task", "completed");
    case Status::Failed:
        return QCoreApplication::translate("Toolgate::Task", "failed");
    case Status::Cancelled:
        return QCoreApplication::translate("Toolgate::Task", "cancelled");
    }
    return {};
}

Result<Task> Task::parse(const QJsonObject &json, const JsonKeyOrder &order)
{
    Task task;
    const QJsonValue id = json.value(QLatin1String("taskId"));
    if (!id.isString() || id.toString().isEmpty())
        return invalidTask(QStringLiteral("taskId is missing or not a string"));
    if (id.toString().size() > 1024)
        return invalidTask(QStringLiteral("taskId is longer than 1024 characters"));
    task.taskId = id.toString();
    const QJsonValue status = json.value(QLatin1String("status"));
    const auto known = statusFromName(status.toString());
    if (!status.isString() || !known)
        return invalidTask(QStringLiteral("unknown status \"%1\"").arg(status.toString().left(40)));
    task.status = *known;
    task.statusMessage = ProtocolJson::string(json, u"statusMessage");
    if (task.statusMessage.size() > maxStatusMessageLength) // a status line, not a document
        task.statusMessage = task.statusMessage.left(maxStatusMessageLength - 1) + QChar(0x2026);
    task.createdAt = timestamp(json, u"createdAt");
    task.lastUpdatedAt = timestamp(json, u"lastUpdatedAt");
    task.ttlMs = milliseconds(json, u"ttl", u"ttlMs", u"ttlSeconds");
    task.pollIntervalMs = milliseconds(json, u"pollInterval", u"pollIntervalMs", {});
    if (!task.pollIntervalMs)
        task.pollIntervalMs = milliseconds(json, u"pollIntervalMilliseconds", u"pollIntervalMilliseconds", {});

    const QJsonValue state = json.value(QLatin1String("requestState"));
    if (!state.isUndefined() && !state.isNull()) {
        if (!state.isString())
            return invalidTask(QStringLiteral("requestState is not a string"));
        task.requestState = state.toString();
    }
    if (task.status == Status::InputRequired && json.contains(QLatin1String("inputRequests"))) {
        QJsonObject requestsOnly{{QStringLiteral("inputRequests"), json.value(QLatin1String("inputRequests"))}};
        Result<InputRequiredResult> asked = InputRequiredResult::parse(requestsOnly, order);
        if (!asked)
            return asked.error();
        task.inputRequests = asked->requests;
    }
    if (task.status == Status::Completed && json.contains(QLatin1String("result"))) {
        const QJsonValue result = json.value(QLatin1String("result"));
        if (!result.isObject())
            return invalidTask(QStringLiteral("result is not an object"));
        task.result = result.toObject();
        task.resultOrder = order.member(u"result");
    }
    if (task.status == Status::Failed && json.contains(QLatin1String("error"))) {
        const QJsonObject error = json.value(QLatin1String("error")).toObject();
        Error failure;
        failure.code = error.value(QLatin1String("code")).toInt(int(ErrorCode::InternalError));
        failure.message = error.value(QLatin1String("message")).toString();
        failure.data = error.value(QLatin1String("data"));
        task.error = failure;
    }
    return task;
}

Task Task::fromJson(const QJsonObject &json)
{
    Result<Task> task = parse(json);
    return task ? task.value() : Task();
}

QJsonObject Task::toJson() const
{
    QJsonObject json{{QStringLiteral("taskId"), taskId}, {QStringLiteral("status"), statusName(status)}};
    if (!statusMessage.isEmpty())
        json.insert(QStringLiteral("statusMessage"), statusMessage);
    if (createdAt.isValid())
        json.insert(QStringLiteral("createdAt"), createdAt.toUTC().toString(Qt::ISODateWithMs));
    if (lastUpdatedAt.isValid())
        json.insert(QStringLiteral("lastUpdatedAt"), lastUpdatedAt.toUTC().toString(Qt::ISODateWithMs));
    json.insert(QStringLiteral("ttl"), ttlMs ? QJsonValue(double(*ttlMs)) : QJsonValue(QJsonValue::Null));
    if (pollIntervalMs)
        json.insert(QStringLiteral("pollInterval"), double(*pollIntervalMs));
    if (requestState)
        json.insert(QStringLiteral("requestState"), *requestState);
    if (result)
        json.insert(QStringLiteral("result"), *result);
    if (error)
        json.insert(QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), error->code}, {QStringLiteral("message"), error->message}});
    return json;
}

TaskSupport taskSupportOf(const QJsonObject &execution)
{
    const QString support = execution.value(QLatin1String("taskSupport")).toString();
    if (support == QLatin1String("required"))
        return TaskSupport::Required;
    if (support == QLatin1String("optional"))
        return TaskSupport::Optional;
    return TaskSupport::Forbidden;
}

std::optional<QString> relatedTaskId(const QJsonObject &params)
{
    const QJsonObject related = params.value(QLatin1String("_meta")).toObject().value(relatedTaskMetaKey).toObject();
    return ProtocolJson::optionalString(related, u"taskId");
}

} // namespace Toolgate
