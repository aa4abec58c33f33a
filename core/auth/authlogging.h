#pragma once

#include <QLoggingCategory>

// OAuth for HTTP servers. Logs steps and URLs (without query strings), never tokens, codes,
// client secrets, PKCE verifiers or Authorization headers.
Q_DECLARE_LOGGING_CATEGORY(lcAuth)
