#pragma once

// The calls of a server "research" as the audit tests record them: a plain call and a call the server
// ran as a task, written into the real audit log for the tests of how the log, toolgate-cli audit and
// the audit view keep and show a task's life.

#include "core/audit/auditlog.h"
#include "core/calls/approval.h"
#include "core/calls/toolcall.h"
#include "core/protocol/tool.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>

namespace Toolgate::TestSupport::ResearchCalls {

/// A call of tool on the server "research", started in the GUI.
inline AuditToolCallIntent makeIntent(const QString &tool)
{
    AuditToolCallIntent intent;
    intent.server = {QStringLiteral("research"), QStringLiteral("research-server --stdio"), {}};
    intent.tool = tool;
    intent.arguments = QJsonObject{{QStringLiteral("topic"), QStringLiteral("tides")}};
    intent.initiator = CallInitiator::Gui;
    return intent;
}

/// How a call ended, with text as its result when given.
inline AuditToolCallOutcome makeOutcome(ToolCallOutcome::Kind kind, const QString &text = {})
{
    AuditToolCallOutcome outcome;
    outcome.kind = kind;
    if (!text.isEmpty()) {
        CallToolResult result;
        result.content.append(Content::makeText(text));
        outcome.result = result;
    }
    outcome.durationMs = 7000;
    return outcome;
}

inline ApprovalDecision allowOnce()
{
    return {ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human, {}, std::nullopt};
}

/// A step of a task's life at a fixed time, second seconds into a minute, so that the order and the
/// times read back can be checked exactly.
inline TaskEvent step(int second, Task::Status status, const QString &message = {})
{
    return {QDateTime(QDate(2026, 5, 4), QTime(10, 31, second), Qt::UTC), status, message};
}

/// Records a plain call of echo, then a call of research the server ran as task taskId through steps
/// and ended as ending (both allowed once), and waits until they are committed: false when they could
/// not be.
inline bool writePlainCallThenTask(AuditLog &log, const QString &taskId, const QList<TaskEvent> &steps, const AuditToolCallOutcome &ending)
{
    const auto plain = log.recordIntent(makeIntent(QStringLiteral("echo")));
    log.recordDecision(plain, allowOnce());
    log.recordOutcome(plain, makeOutcome(ToolCallOutcome::Kind::Succeeded, QStringLiteral("echoed")));

    const auto ticket = log.recordIntent(makeIntent(QStringLiteral("research")));
    log.recordDecision(ticket, allowOnce());
    for (const TaskEvent &event : steps)
        log.recordTaskEvent(ticket, taskId, event);
    log.recordOutcome(ticket, ending);
    return log.waitForWrites().ok();
}

} // namespace Toolgate::TestSupport::ResearchCalls
