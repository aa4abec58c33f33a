#include "core/audit/auditfilter.h"

namespace Toolgate {

bool AuditFilter::isEmpty() const
{
    return types.isEmpty() && servers.isEmpty() && names.isEmpty() && decisions.isEmpty() && !decidedBy
        && outcomes.isEmpty() && !initiator && !from.isValid() && !until.isValid() && searchTerms().isEmpty()
        && !onlyTasks && taskId.isEmpty();
}

QStringList AuditFilter::searchTerms() const
{
    QStringList terms;
    for (QString term : text.simplified().split(u' ', Qt::SkipEmptyParts)) {
        term.remove(u'"');
        term = term.trimmed();
        if (!term.isEmpty())
            terms.append(term);
    }
    return terms;
}

} // namespace Toolgate
