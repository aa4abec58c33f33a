#pragma once

// What the tests share about the npm peers (tests/npm) and waiting for asynchronous answers.

#include "testpaths.h"

#include "core/common/result.h"
#include "core/protocol/tool.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFileInfo>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace Toolgate::TestSupport {

inline QString everythingEntry()
{
    return npmDir() + QStringLiteral("/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
}

/// server-filesystem, the reference server for files (tests/npm).
inline QString filesystemEntry()
{
    return npmDir() + QStringLiteral("/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
}

/// Empty when the npm peers are installed, else a message saying how to install them.
inline QString missingNpmPeers()
{
    if (!QFileInfo::exists(nodeBinary()) || !QFileInfo::exists(everythingEntry()))
        return QStringLiteral("the npm test peers are not installed in %1: run packaging/setup-debian.sh").arg(npmDir());
    return {};
}

/// Runs an async call taking (context, callback) and spins the event loop until it answers.
template<typename T>
std::optional<Result<T>> await(const std::function<void(QObject *, std::function<void(const Result<T> &)>)> &start,
                                         int timeoutMs = 15000)
{
    std::optional<Result<T>> answer;
    QObject context;
    start(&context, [&answer](const Result<T> &result) { answer = result; });
    QDeadlineTimer deadline(timeoutMs);
    while (!answer && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    return answer;
}

/// The tool of that name in a listed set, if there.
inline std::optional<Tool> findTool(const QList<Tool> &tools, const QString &name)
{
    for (const Tool &tool : tools) {
        if (tool.name == name)
            return tool;
    }
    return std::nullopt;
}

} // namespace Toolgate::TestSupport

/// In a test function: var is the value an async call answered (call gets the context c and the
/// callback cb), waiting up to timeoutMs. Fails the test when no answer came, or an error.
#define TOOLGATE_AWAIT_OK(var, T, timeoutMs, call)                                                                 \
    const auto var##Answer = ::Toolgate::TestSupport::await<T>(                                                   \
        [&](QObject *c, std::function<void(const Result<T> &)> cb) { call; }, timeoutMs);                         \
    QVERIFY2(var##Answer.has_value(), "no answer within the time limit");                                        \
    QVERIFY2(var##Answer->ok(), var##Answer->ok() ? "" : qPrintable(var##Answer->error().message));             \
    const T &var = var##Answer->value();
