#include "core/audit/argumentrulereplay.h"

#include "core/audit/auditfilter.h"
#include "core/audit/auditreader.h"
#include "core/audit/auditrecord.h"

namespace Toolgate {

Result<ArgumentRuleReplay> ArgumentRuleReplay::run(AuditReader &reader, const ArgumentRule &rule, qint64 limit,
                                                   const std::function<bool()> &cancelled)
{
    AuditFilter filter;
    filter.types = {AuditRecordType::ToolCall};
    filter.servers = {rule.server};
    if (!rule.tool.isEmpty())
        filter.names = {rule.tool};
    ArgumentRule alone = rule;
    alone.enabled = true;
    alone.shadow = false;
    ArgumentRuleReplay counts;
    const auto visited = reader.forEach(filter, [&](const AuditRecord &record) {
        if (counts.examined >= limit || (cancelled && counts.examined % 256 == 0 && cancelled())) {
            counts.cutShort = true;
            return false;
        }
        ++counts.examined;
        // The arguments as the caller asked for them: what the rule sees before anyone decides.
        const auto evaluation = ArgumentRules::evaluate({alone}, record.serverName, record.name, record.arguments);
        if (!evaluation.deciding) {
            ++counts.notApplied;
            return true;
        }
        switch (evaluation.deciding->action) {
        case ArgumentRule::Action::Allow: ++counts.allowed; break;
        case ArgumentRule::Action::Ask: ++counts.asked; break;
        case ArgumentRule::Action::Deny: ++counts.denied; break;
        }
        return true;
    });
    if (!visited)
        return visited.error();
    return counts;
}

} // namespace Toolgate
