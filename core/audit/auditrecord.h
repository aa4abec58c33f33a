#pragma once

#include "core/calls/approval.h"
#include "core/calls/argumentorigin.h"
#include "core/common/result.h"
#include "core/protocol/task.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// What an audit record is about.
enum class AuditRecordType { ToolCall, ServerRequest, Connection };

/// How a recorded call or request ended. Connection events have no outcome (None).
enum class AuditOutcome {
    Pending,          ///< Intent recorded, no outcome yet (the call is under way).
    Succeeded,
    ToolError,        ///< The tool ran and reported isError.
    Denied,
    InvalidArguments,
    Failed,
    Cancelled,
    Unknown,          ///< The app stopped before the call finished: it may or may not have run.
    None,             ///< Connection events.
};

/// Stable names used in the store, exports and the CLI ("tool_call", "allow_once", "tool_error", ...).
namespace AuditNames {
QString type(AuditRecordType type);
std::optional<AuditRecordType> typeFromName(QStringView name);
QString outcome(AuditOutcome outcome);
std::optional<AuditOutcome> outcomeFromName(QStringView name);
QString decision(ApprovalDecision::Kind kind);
std::optional<ApprovalDecision::Kind> decisionFromName(QStringView name);
QString source(ApprovalDecision::Source source);
std::optional<ApprovalDecision::Source> sourceFromName(QStringView name);
QString initiator(CallInitiator initiator);
std::optional<CallInitiator> initiatorFromName(QStringView name);
/// A task's status as stored: the wire names ("working", "input_required", "completed", ...).
QString taskStatus(Task::Status status);
std::optional<Task::Status> taskStatusFromName(QStringView name);
} // namespace AuditNames

/// One step in the life of a call's task, as read back: when, the status it reached, and the
/// server's statusMessage (or Toolgate's words, e.g. why it stopped following). Untrusted text.
struct AuditTaskEvent
{
    QDateTime at;
    Task::Status status = Task::Status::Working;
    QString message;

    bool operator==(const AuditTaskEvent &other) const = default;
};

/// One record of the audit log as read back: a tool call, a server-initiated request or a
/// connection event. Everything in it was redacted before it was stored.
struct AuditRecord
{
    qint64 id = 0;
    AuditRecordType type = AuditRecordType::ToolCall;
    QString session;  ///< The writer session (one per app run) that recorded it.
    CallInitiator initiator = CallInitiator::Gui;
    QDateTime startedAt;

    QString serverName;
    QString serverEndpoint;
    QJsonObject serverInfo; ///< What the server reported about itself (self-reported).
    /// The tool name, the request method (sampling/createMessage, ...) or the connection event.
    QString name;
    /// As requested: tool arguments, request params or event details. Empty in summaries.
    QJsonObject arguments;
    /// The arguments the human edited them into (these were sent). Not loaded in summaries.
    std::optional<QJsonObject> editedArguments;
    /// How to show the arguments: their keys in the order stored (the order the person saw them in).
    /// Not loaded in summaries. A hint for display, not part of what was recorded, so two records
    /// with the same values compare equal whatever their orders.
    struct DisplayOrder
    {
        JsonKeyOrder keys;
        bool operator==(const DisplayOrder &) const { return true; }
    };
    DisplayOrder argumentsOrder;
    DisplayOrder editedArgumentsOrder;
    bool edited = false; ///< Whether editedArguments exists (also known in summaries).

    QDateTime decidedAt;
    std::optional<ApprovalDecision::Kind> decision;
    std::optional<ApprovalDecision::Source> decisionSource;
    QString decisionReason;

    AuditOutcome outcome = AuditOutcome::Pending;
    QDateTime finishedAt;
    std::optional<bool> isError;
    std::optional<QJsonObject> result; ///< Not loaded in summaries.
    std::optional<qint64> resultSize;  ///< Bytes of the result as received (before redaction).
    std::optional<int> errorCode;
    QString errorMessage;
    std::optional<qint64> durationMs;
    std::optional<bool> outputValid;
    QStringList inputProblems;
    QStringList outputProblems;

    /// For what an app view did: the record of the call whose result rendered the app.
    std::optional<qint64> origin;
    /// For a model's call: the arguments that repeated text another server sent in the conversation.
    QList<ArgumentOrigin> argumentOrigins;
    /// For a model's call: the conversation it was asked for in, its stable id (empty for any other
    /// record) and its title then.
    QString conversationId;
    QString conversationTitle;

    /// For a call the server ran as a task: the task's id (empty for any other record)...
    QString taskId;
    /// ...and its life, oldest first. Summaries hold only the latest event (the last known status).
    QList<AuditTaskEvent> taskEvents;
    bool isTask() const { return !taskId.isEmpty(); }
    /// The task's last known status, if it was one.
    std::optional<Task::Status> lastTaskStatus() const
    {
        return taskEvents.isEmpty() ? std::nullopt : std::optional<Task::Status>(taskEvents.constLast().status);
    }

    /// The start of the arguments as stored, for list views (summaries only).
    QString preview;

    /// How the stored result differs from the one received, in plain words — its size as stored and
    /// what was cut (parts nested too deeply, long strings, binary data, secrets, a result too large
    /// to keep); empty when it was stored as received or there is none.
    QString resultStorageNote() const;

    /// The arguments that were (or would have been) sent.
    QJsonObject sentArguments() const { return editedArguments.value_or(arguments); }

    /// The export format (one JSON Lines line): every field, times in ISO 8601 UTC with milliseconds.
    QJsonObject toJson() const;
    static Result<AuditRecord> fromJson(const QJsonObject &json);

    bool operator==(const AuditRecord &other) const = default;
};

} // namespace Toolgate
