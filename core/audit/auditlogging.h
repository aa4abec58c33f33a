#pragma once

#include <QLoggingCategory>

// The audit module's category; kept here rather than in common/logging.h so the module stands alone.
Q_DECLARE_LOGGING_CATEGORY(lcAudit)
