#include "core/auth/authlogging.h"

Q_LOGGING_CATEGORY(lcAuth, "toolgate.core.auth", QtWarningMsg)
