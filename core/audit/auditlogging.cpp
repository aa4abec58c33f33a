#include "core/audit/auditlogging.h"

Q_LOGGING_CATEGORY(lcAudit, "toolgate.core.audit", QtWarningMsg)
