#pragma once

#include <QLoggingCategory>

// The HTTP transports (Streamable HTTP, legacy HTTP+SSE). Never logs header values or bodies
// that may carry credentials.
Q_DECLARE_LOGGING_CATEGORY(lcHttp)
