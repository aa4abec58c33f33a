#pragma once

#include <QLoggingCategory>

// One logging category per core module.
Q_DECLARE_LOGGING_CATEGORY(lcJsonRpc)
Q_DECLARE_LOGGING_CATEGORY(lcTransport)
Q_DECLARE_LOGGING_CATEGORY(lcClient)
Q_DECLARE_LOGGING_CATEGORY(lcServer)
Q_DECLARE_LOGGING_CATEGORY(lcSchema)
Q_DECLARE_LOGGING_CATEGORY(lcCalls)
Q_DECLARE_LOGGING_CATEGORY(lcWorkspace)
