// What the sandbox (issue 32) adds to starting a local server: ServerConnection from start() to Ready (the
// process started and its initialize answered), sandboxed under bubblewrap with the default profile and
// with the sandbox off, taken in turns so that both see the same machine. Median and 90th percentile of
// --runs each, and the difference; the acceptance of issue 32 is a median difference of 50 ms or less.
// Also what working out the sandbox costs on its own (BubblewrapLauncher::wrap: a few stat calls).
//
//   nice -n 0 build-dev/bin/toolgate-bench-sandbox [--runs N]
//
// Servers: toolgate-demo-server (C++) and, when the npm peers are installed, server-everything (Node).

#include "builtservers.h"
#include "connecttimer.h"
#include "npmpeers.h"

#include "core/workspace/bubblewraplauncher.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

using namespace Toolgate;

namespace {

void measure(const char *label, ServerConfig config, int runs)
{
    // The era set by hand: no probe on a sibling, only the one start being timed.
    config.protocolEra = ServerConfig::EraPreference::Legacy;
    ServerConfig off = config;
    off.sandbox.enabled = false;
    QList<qint64> sandboxed, unsandboxed;
    Bench::connectOnce(config, {}, 300); // warms the page cache for both
    for (int i = 0; i < runs; ++i) {
        sandboxed.append(Bench::connectOnce(config, {}, 300));
        unsandboxed.append(Bench::connectOnce(off, {}, 300));
    }
    if (sandboxed.contains(-1) || unsandboxed.contains(-1)) {
        std::printf("%-28s failed (see above)\n", label);
        return;
    }
    const qint64 sandboxedMedian = Bench::percentile(sandboxed, 0.5);
    const qint64 unsandboxedMedian = Bench::percentile(unsandboxed, 0.5);
    std::printf("%-28s sandboxed %5lld / %5lld ms   not sandboxed %5lld / %5lld ms   difference %+5lld / %+5lld ms\n", label,
                sandboxedMedian, Bench::percentile(sandboxed, 0.9), unsandboxedMedian, Bench::percentile(unsandboxed, 0.9),
                sandboxedMedian - unsandboxedMedian, Bench::percentile(sandboxed, 0.9) - Bench::percentile(unsandboxed, 0.9));
    std::fflush(stdout);
}

void measurePlanning(const ServerConfig &config, int runs)
{
    QList<qint64> micros;
    const BubblewrapLauncher::Host host = BubblewrapLauncher::currentHost();
    for (int i = 0; i < runs * 10; ++i) {
        QElapsedTimer clock;
        clock.start();
        const auto wrapped = BubblewrapLauncher::wrap(config.launchSpec(), config.sandbox, host);
        micros.append(clock.nsecsElapsed() / 1000);
        if (!wrapped) {
            std::printf("cannot sandbox: %s\n", qPrintable(wrapped.error().message));
            return;
        }
    }
    QElapsedTimer clock;
    clock.start();
    (void)BubblewrapLauncher::currentHost();
    std::printf("working out the sandbox (wrap): median %lld us, p90 %lld us; looking at the machine (currentHost): %lld us\n",
                Bench::percentile(micros, 0.5), Bench::percentile(micros, 0.9), clock.nsecsElapsed() / 1000);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int runs = Bench::runsOption(app.arguments(), 21);

    std::printf("start to Ready (initialize answered), median / p90 of %d runs each, taken in turns\n", runs);
    const ServerConfig demo = TestSupport::demoConfig();
    measure("toolgate-demo-server (C++)", demo, runs);
    if (TestSupport::missingNpmPeers().isEmpty()) {
        measure("server-everything (Node)", TestSupport::everythingConfig(), runs);
    }
    measurePlanning(demo, runs);
    return 0;
}
