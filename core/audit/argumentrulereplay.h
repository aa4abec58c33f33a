#pragma once

#include "core/calls/argumentrules.h"
#include "core/common/result.h"

#include <functional>

namespace Toolgate {

class AuditReader;

/// What a rule on argument values would have done to the calls already recorded in the audit log:
/// the rules editor's "Test Against the Audit Log" (issue 16, item 4). It lives with the audit log, which
/// may know the rules; the rules (core/calls) know nothing of the log.
struct ArgumentRuleReplay
{
    qint64 allowed = 0;
    qint64 denied = 0;
    qint64 asked = 0;
    qint64 notApplied = 0; ///< calls in the rule's scope it does not apply to
    qint64 examined = 0;   ///< calls in the rule's scope
    bool cutShort = false; ///< stopped at the limit (or cancelled) before the end of the log

    /// Replays the tool calls of rule's scope recorded in the audit log through rule (as if it were on
    /// and alone), at most limit of them, oldest first. cancelled() is asked now and then. Runs where
    /// reader was opened (a worker thread in the GUI).
    static Result<ArgumentRuleReplay> run(AuditReader &reader, const ArgumentRule &rule, qint64 limit = 100000,
                                          const std::function<bool()> &cancelled = {});
};

} // namespace Toolgate
