#include "core/transport/httplogging.h"

Q_LOGGING_CATEGORY(lcHttp, "toolgate.core.http", QtWarningMsg)
