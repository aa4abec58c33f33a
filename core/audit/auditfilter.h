#pragma once

#include "core/audit/auditrecord.h"

#include <QDateTime>
#include <QList>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// Which audit records to show or export. Empty lists and unset fields match everything; the
/// conditions combine with AND, the values within one list with OR.
struct AuditFilter
{
    QList<AuditRecordType> types;
    QStringList servers;   ///< Server names, exactly.
    QStringList names;     ///< Tool names (or request methods, connection events), exactly.
    QList<ApprovalDecision::Kind> decisions;
    std::optional<ApprovalDecision::Source> decidedBy;
    QList<AuditOutcome> outcomes;
    std::optional<CallInitiator> initiator;
    QDateTime from;        ///< startedAt >= from, when valid.
    QDateTime until;       ///< startedAt < until, when valid.
    /// Words to find in arguments, results and error messages (all of them; each may be the start
    /// of a word). Full-text index when the store has one, else a substring scan.
    QString text;
    /// Only calls the server ran as a task.
    bool onlyTasks = false;
    /// The call that ran as this task (exactly), when not empty.
    QString taskId;

    bool isEmpty() const;
    /// The search words of text: split on white space, quotes removed.
    QStringList searchTerms() const;
};

} // namespace Toolgate
