#include "auditlogging.h"

Q_LOGGING_CATEGORY(lcAudit, "toolgate.core.audit", QtWarningMsg)
