// What deciding the protocol era (issue 15) adds to connecting: ServerConnection from start() to Ready,
// for one server in three ways: the era set by hand (no probe), Auto with nothing cached (a server/discover
// probe on a sibling process first), and Auto with the verdict cached (no sibling). Median of --runs each.
//
//   build-dev/bin/toolgate-bench-eraprobe [--runs N]
//
// Servers: toolgate-fault-server (a C++ legacy server), server-everything (a Node legacy server, TypeScript
// SDK v1) and tests/npm/peers/modern-server.mjs --era modern (a Node modern-only server, TypeScript SDK v2).

#include "npmpeers.h"

#include "core/workspace/eracache.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconnection.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace Toolgate;

namespace {

/// ms from start() to Ready, or -1.
qint64 connectOnce(const ServerConfig &config, const std::shared_ptr<EraCache> &cache)
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
    // Let the server exit before the next run, so runs do not overlap.
    QDeadlineTimer settle(1000);
    while (!settle.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    return ms;
}

qint64 median(QList<qint64> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? -1 : values.at(values.size() / 2);
}

void measure(const char *label, ServerConfig config, ServerConfig::EraPreference setting, int runs)
{
    QTemporaryDir dir;
    config.protocolEra = setting;
    QList<qint64> byHand, uncached, cached;
    for (int i = 0; i < runs; ++i)
        byHand.append(connectOnce(config, nullptr));
    config.protocolEra = ServerConfig::EraPreference::Auto;
    for (int i = 0; i < runs; ++i) {
        auto fresh = std::make_shared<EraCache>(dir.filePath(QStringLiteral("uncached-%1.json").arg(i)));
        uncached.append(connectOnce(config, fresh));
    }
    auto warm = std::make_shared<EraCache>(dir.filePath(QStringLiteral("cached.json")));
    connectOnce(config, warm); // fills it
    for (int i = 0; i < runs; ++i)
        cached.append(connectOnce(config, warm));
    std::printf("%-34s %-7s %8lld ms   Auto, uncached %8lld ms   Auto, cached %8lld ms\n", label,
                setting == ServerConfig::EraPreference::Legacy ? "legacy" : "modern", median(byHand), median(uncached),
                median(cached));
    std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int runs = 7;
    const QStringList args = app.arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--runs")); i >= 0 && i + 1 < args.size())
        runs = std::max(1, args.at(i + 1).toInt());

    std::printf("connect to Ready, median of %d runs (setting by hand, then Auto without and with a cached verdict)\n", runs);
    ServerConfig fault;
    fault.name = QStringLiteral("fault");
    fault.command = QStringLiteral(TOOLGATE_BIN_DIR "/toolgate-fault-server");
    measure("toolgate-fault-server (C++)", fault, ServerConfig::EraPreference::Legacy, runs);

    ServerConfig everything;
    everything.name = QStringLiteral("everything");
    everything.command = TestSupport::nodeBinary();
    everything.args = {TestSupport::everythingEntry(), QStringLiteral("stdio")};
    measure("server-everything (Node, SDK v1)", everything, ServerConfig::EraPreference::Legacy, runs);

    ServerConfig modern;
    modern.name = QStringLiteral("modern");
    modern.command = TestSupport::nodeBinary();
    modern.args = {TestSupport::npmDir() + QStringLiteral("/peers/modern-server.mjs"), QStringLiteral("--transport"),
                   QStringLiteral("stdio"), QStringLiteral("--era"), QStringLiteral("modern")};
    measure("modern-server.mjs (Node, SDK v2)", modern, ServerConfig::EraPreference::Modern, runs);
    return 0;
}
