// What deciding the protocol era (issue 15) adds to connecting: ServerConnection from start() to Ready,
// for one server in three ways: the era set by hand (no probe), Auto with nothing cached (a server/discover
// probe on a sibling process first), and Auto with the verdict cached (no sibling). Median of --runs each.
//
//   build-dev/bin/toolgate-bench-eraprobe [--runs N]
//
// Servers: toolgate-fault-server (a C++ legacy server), server-everything (a Node legacy server, TypeScript
// SDK v1) and tests/npm/peers/modern-server.mjs --era modern (a Node modern-only server, TypeScript SDK v2).

#include "builtservers.h"
#include "connecttimer.h"
#include "npmpeers.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace Toolgate;

namespace {

using Bench::connectOnce;

qint64 median(const QList<qint64> &values)
{
    return Bench::percentile(values, 0.5);
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
    const int runs = Bench::runsOption(app.arguments(), 7);

    std::printf("connect to Ready, median of %d runs (setting by hand, then Auto without and with a cached verdict)\n", runs);
    ServerConfig fault;
    fault.name = QStringLiteral("fault");
    fault.command = QStringLiteral(TOOLGATE_BIN_DIR "/toolgate-fault-server");
    measure("toolgate-fault-server (C++)", fault, ServerConfig::EraPreference::Legacy, runs);

    measure("server-everything (Node, SDK v1)", TestSupport::everythingConfig(), ServerConfig::EraPreference::Legacy, runs);

    ServerConfig modern;
    modern.name = QStringLiteral("modern");
    modern.command = TestSupport::nodeBinary();
    modern.args = {TestSupport::npmDir() + QStringLiteral("/peers/modern-server.mjs"), QStringLiteral("--transport"),
                   QStringLiteral("stdio"), QStringLiteral("--era"), QStringLiteral("modern")};
    measure("modern-server.mjs (Node, SDK v2)", modern, ServerConfig::EraPreference::Modern, runs);
    return 0;
}
