#pragma once

// For the benchmarks that time connecting to a server as the app does: ServerConnection from start() to
// Ready (the opening request answered), one connection at a time.

#include "core/workspace/eracache.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconnection.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QList>
#include <QStringList>

#include <algorithm>
#include <cstdio>
#include <memory>

namespace Toolgate::Bench {

/// ms from start() to Ready, or -1 (the reason on stderr). The server is stopped and given settleMs to
/// exit before this returns, so runs do not overlap.
inline qint64 connectOnce(const ServerConfig &config, const std::shared_ptr<EraCache> &cache = {}, int settleMs = 1000)
{
    ServerConnection connection(config);
    connection.setListsOnReady(false);
    if (cache)
        connection.setEraCache(cache);
    QElapsedTimer clock;
    clock.start();
    connection.start();
    QDeadlineTimer deadline(30000);
    while (connection.status() != ServerConnection::Status::Ready && connection.status() != ServerConnection::Status::Failed
           && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    const qint64 ms = connection.status() == ServerConnection::Status::Ready ? clock.elapsed() : -1;
    if (ms < 0)
        std::fprintf(stderr, "  failed: %s\n", qPrintable(connection.lastError().message));
    connection.stop();
    QDeadlineTimer settle(settleMs);
    while (!settle.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    return ms;
}

/// The value below which share (0..1) of values lie: 0.5 the median, 0.9 the 90th percentile.
inline qint64 percentile(QList<qint64> values, double share)
{
    std::sort(values.begin(), values.end());
    if (values.isEmpty())
        return -1;
    return values.at(std::min<qsizetype>(values.size() - 1, qsizetype(share * double(values.size()))));
}

/// The number after --runs in arguments, at least 1; fallback when there is none.
inline int runsOption(const QStringList &arguments, int fallback)
{
    const qsizetype i = arguments.indexOf(QStringLiteral("--runs"));
    return i >= 0 && i + 1 < arguments.size() ? std::max(1, arguments.at(i + 1).toInt()) : fallback;
}

} // namespace Toolgate::Bench
