#include "core/audit/auditentry.h"

namespace Toolgate {

AuditToolCallIntent AuditToolCallIntent::from(const ToolCallRecord &call)
{
    return {call.server, call.tool.name, call.requestedArguments, call.initiator, call.startedAt,
            call.originCallId, std::nullopt, call.argumentOrder, call.argumentOrigins, call.conversationId, call.requestedIn};
}

AuditToolCallOutcome AuditToolCallOutcome::from(const ToolCallOutcome &outcome)
{
    AuditToolCallOutcome out;
    out.kind = outcome.kind;
    // A result exists when the server answered, or as the synthesized refusal of a denial.
    if (outcome.kind == ToolCallOutcome::Kind::Succeeded || outcome.kind == ToolCallOutcome::Kind::ToolError
        || outcome.kind == ToolCallOutcome::Kind::Denied)
        out.result = outcome.result;
    if (outcome.error.code != 0 || !outcome.error.message.isEmpty())
        out.error = outcome.error;
    out.durationMs = outcome.durationMs;
    out.outputValid = outcome.outputValid;
    out.inputProblems = outcome.inputProblems;
    out.outputProblems = outcome.outputProblems;
    out.finishedAt = QDateTime::currentDateTimeUtc();
    return out;
}

QString AuditConnectionEvent::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Connecting: return QStringLiteral("connecting");
    case Kind::Connected: return QStringLiteral("connected");
    case Kind::Disconnected: return QStringLiteral("disconnected");
    case Kind::Crashed: return QStringLiteral("crashed");
    case Kind::ConnectFailed: return QStringLiteral("connect_failed");
    case Kind::Restarting: return QStringLiteral("restarting");
    case Kind::Disabled: return QStringLiteral("disabled");
    case Kind::GaveUp: return QStringLiteral("gave_up");
    case Kind::TrustNeeded: return QStringLiteral("trust_needed");
    case Kind::TrustGranted: return QStringLiteral("trust_granted");
    case Kind::TrustRefused: return QStringLiteral("trust_refused");
    case Kind::RunApproved: return QStringLiteral("run_approved");
    case Kind::RunDenied: return QStringLiteral("run_denied");
    case Kind::NetworkAllowed: return QStringLiteral("network_allowed");
    case Kind::NetworkRefused: return QStringLiteral("network_refused");
    case Kind::SkillAdded: return QStringLiteral("skill_added");
    }
    return {};
}

} // namespace Toolgate
