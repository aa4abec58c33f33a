#include "core/common/logging.h"

Q_LOGGING_CATEGORY(lcJsonRpc, "toolgate.core.jsonrpc", QtWarningMsg)
Q_LOGGING_CATEGORY(lcTransport, "toolgate.core.transport", QtWarningMsg)
Q_LOGGING_CATEGORY(lcClient, "toolgate.core.client", QtWarningMsg)
Q_LOGGING_CATEGORY(lcServer, "toolgate.core.server", QtWarningMsg)
Q_LOGGING_CATEGORY(lcSchema, "toolgate.core.schema", QtWarningMsg)
Q_LOGGING_CATEGORY(lcCalls, "toolgate.core.calls", QtWarningMsg)
Q_LOGGING_CATEGORY(lcWorkspace, "toolgate.core.workspace", QtWarningMsg)
