#include "core/model/modellogging.h"

Q_LOGGING_CATEGORY(lcModel, "toolgate.core.model", QtWarningMsg)
