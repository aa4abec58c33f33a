#pragma once

#include <QLoggingCategory>

// Model connections (core/model). Never logs an API key, a header value or a request body: what a
// person typed to a model is theirs, and the body may carry tool results with secrets.
Q_DECLARE_LOGGING_CATEGORY(lcModel)
