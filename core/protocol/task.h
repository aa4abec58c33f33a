#pragma once

#include "core/common/jsonkeyorder.h"
#include "core/common/result.h"
#include "core/protocol/inputrequired.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Toolgate {

/// A task a server runs for a request (a tools/call): the 2025-11-25 experimental tasks
/// (basic/utilities/tasks.mdx) and, in 2026-07-28, the extension io.modelcontextprotocol/tasks
/// (SEP-2663; npm @modelcontextprotocol/ext-tasks). Both eras' shapes read into this one struct.
struct Task
{
    enum class Status { Working, InputRequired, Completed, Failed, Cancelled };

    QString taskId;
    Status status = Status::Working;
    QString statusMessage; ///< the server's words; shown as text, never interpreted; at most maxStatusMessageLength
    static constexpr qsizetype maxStatusMessageLength = 2000;
    QDateTime createdAt;
    QDateTime lastUpdatedAt;
    /// How long the server keeps the task after it was created; nullopt: unlimited or not said.
    std::optional<qint64> ttlMs;
    /// How often the server wants to be asked; nullopt: not said (the follower picks its own).
    std::optional<qint64> pollIntervalMs;

    // 2026-07-28 only: the task carries what the 2025-11-25 era fetches with tasks/result.
    /// Opaque, echoed on the next tasks/get, tasks/update and tasks/cancel; absent: send none.
    std::optional<QString> requestState;
    /// input_required: what the server asks, keyed; the keys are unique over the task's life.
    QList<InputRequiredResult::Request> inputRequests;
    /// completed: the CallToolResult, as the server wrote it.
    std::optional<QJsonObject> result;
    JsonKeyOrder resultOrder;
    /// failed: the JSON-RPC error the request ended with.
    std::optional<Error> error;

    bool isTerminal() const;
    static bool isTerminal(Status status);
    /// The wire name ("input_required").
    static QString statusName(Status status);
    static std::optional<Status> statusFromName(const QString &name);
    /// In words for a person ("waiting for input").
    static QString describeStatus(Status status);

    /// Reads a Task (a CreateTaskResult's task, tasks/get's result, a status notification's params).
    /// Strict about what the client acts on: taskId a non-empty string, a known status; the rest is
    /// lenient (a bad timestamp reads as unknown). Accepts ttl/pollInterval (2025-11-25), ttlMs/
    /// pollIntervalMs (the extension's package) and ttlSeconds/pollIntervalMilliseconds (SEP-2663).
    static Result<Task> parse(const QJsonObject &json, const JsonKeyOrder &order = {});
    /// Leniently, for a list: what parse() refuses reads as a task without an id.
    static Task fromJson(const QJsonObject &json);
    /// The fields as the 2025-11-25 wire has them (for tests, the demo server and the raw view).
    QJsonObject toJson() const;
};

/// A page of tasks/list (2025-11-25 only: the extension has no list).
struct TaskList
{
    QList<Task> tasks;
    QString nextCursor;
};

/// The key of the _meta object that ties a message to a task (2025-11-25).
inline constexpr QLatin1StringView relatedTaskMetaKey{"io.modelcontextprotocol/related-task"};
/// The extension's name in capabilities (2026-07-28).
inline constexpr QLatin1StringView tasksExtensionName{"io.modelcontextprotocol/tasks"};

/// How a tool wants to be run (2025-11-25 tools.mdx execution.taskSupport).
enum class TaskSupport { Forbidden, Optional, Required };
TaskSupport taskSupportOf(const QJsonObject &execution);

/// The task id a message's _meta names (related-task), if any.
std::optional<QString> relatedTaskId(const QJsonObject &params);

} // namespace Toolgate
