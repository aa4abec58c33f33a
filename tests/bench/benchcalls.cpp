// toolgate-bench-calls: sequential tools/call round trips over stdio, Toolgate's client and the
// TypeScript SDK's client side by side against the same servers, plus CLI start-up time and peak RSS.
// Run by hand (not part of ctest); see docs/benchmarks.md for the command and the figures.

#include "childexec.h"
#include "core/client/clientsession.h"
#include "toolcallkeyfortests.h"
#include "core/transport/stdiotransport.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSysInfo>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

using namespace Toolgate;

namespace {

struct RunResult
{
    QString client;
    QString server;
    int calls = 0;
    double seconds = 0;
    double p50us = 0;
    double p99us = 0;
    double cpuUsPerCall = 0;
    double connectMs = 0;
    QString error;
    double callsPerSecond() const { return seconds > 0 ? calls / seconds : 0; }
};

struct Workload
{
    QString serverName;
    StdioLaunchSpec spec;
    QString tool;
    QJsonObject arguments;
};

double cpuMicros()
{
#ifdef Q_OS_UNIX
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec * 1e6 + usage.ru_utime.tv_usec + usage.ru_stime.tv_sec * 1e6 + usage.ru_stime.tv_usec;
#else
    return 0;
#endif
}

double percentile(std::vector<double> &sorted, double p)
{
    if (sorted.empty())
        return 0;
    return sorted[std::min(sorted.size() - 1, size_t(double(sorted.size()) * p))];
}

RunResult runToolgate(const Workload &workload, int calls, int warmup)
{
    RunResult result{QStringLiteral("Toolgate (C++)"), workload.serverName};
    QElapsedTimer connectTimer;
    connectTimer.start();
    ClientSession session(std::make_unique<StdioTransport>(workload.spec), ClientSession::Options());
    QEventLoop loop;
    std::vector<double> latencies;
    latencies.reserve(size_t(calls));
    QElapsedTimer wall;
    QElapsedTimer perCall;
    double cpuStart = 0;
    int done = -warmup;
    QObject context;

    std::function<void()> next = [&] {
        if (done == 0) {
            cpuStart = cpuMicros();
            wall.start();
        }
        perCall.start();
        session.callTool(ToolCallKeyForTests::make(), workload.tool, workload.arguments, {}, &context, [&](const Result<CallToolResult> &answer) {
            if (!answer) {
                result.error = answer.error().message;
                loop.quit();
                return;
            }
            if (done >= 0)
                latencies.push_back(perCall.nsecsElapsed() / 1000.0);
            if (++done == calls) {
                result.seconds = wall.nsecsElapsed() / 1e9;
                result.cpuUsPerCall = (cpuMicros() - cpuStart) / calls;
                loop.quit();
                return;
            }
            next();
        });
    };

    QObject::connect(&session, &ClientSession::failed, &loop, [&](const Error &error) {
        result.error = error.message;
        loop.quit();
    });
    QObject::connect(&session, &ClientSession::ready, &loop, [&] {
        session.listTools(&context, [&](const Result<QList<Tool>> &tools) {
            if (!tools) {
                result.error = tools.error().message;
                loop.quit();
                return;
            }
            result.connectMs = connectTimer.nsecsElapsed() / 1e6;
            next();
        });
    });
    session.connectToServer();
    loop.exec();
    std::sort(latencies.begin(), latencies.end());
    result.calls = int(latencies.size());
    result.p50us = percentile(latencies, 0.5);
    result.p99us = percentile(latencies, 0.99);
    QEventLoop closing;
    QObject::connect(&session, &ClientSession::closed, &closing, &QEventLoop::quit);
    session.disconnectFromServer();
    if (session.state() != ClientSession::State::Closed)
        closing.exec();
    return result;
}

#ifdef Q_OS_UNIX
// The floor: what any client on this machine must pay per round trip against the same server.
// It writes request lines prepared with snprintf and blocks in read() for each answer line —
// no JSON parsing, no event loop, no bookkeeping — so its CPU time per call is nearly all the
// kernel's (the write, the sleep until the answer, the wake-up and the read). A client cannot
// use less CPU than this while it sleeps between request and answer.
RunResult runRawPipeClient(const Workload &workload, int calls, int warmup)
{
    RunResult result{QStringLiteral("raw pipe client (no JSON; floor)"), workload.serverName};
    int toServer[2];
    int fromServer[2];
    if (::pipe2(toServer, O_CLOEXEC) != 0 || ::pipe2(fromServer, O_CLOEXEC) != 0) {
        result.error = QStringLiteral("no pipes");
        return result;
    }
    QList<QByteArray> args{workload.spec.program.toLocal8Bit()};
    for (const QString &a : workload.spec.arguments)
        args.append(a.toLocal8Bit());
    QElapsedTimer connectTimer;
    connectTimer.start();
    const pid_t pid = fork();
    if (pid == 0) {
        ::dup2(toServer[0], 0);
        ::dup2(fromServer[1], 1);
        const int devNull = ::open("/dev/null", O_WRONLY);
        ::dup2(devNull, 2); // the demo server greets on stderr
        Bench::execInChild(args);
    }
    ::close(toServer[0]);
    ::close(fromServer[1]);
    const int out = toServer[1];
    const int in = fromServer[0];

    QByteArray pending;
    char chunk[65536];
    // Returns the next answer line, or an empty array at end of stream.
    const auto readLine = [&]() -> QByteArray {
        for (;;) {
            const qsizetype newline = pending.indexOf('\n');
            if (newline >= 0) {
                QByteArray line = pending.left(newline);
                pending.remove(0, newline + 1);
                return line;
            }
            const ssize_t n = ::read(in, chunk, sizeof chunk);
            if (n <= 0)
                return {};
            pending.append(chunk, n);
        }
    };
    const auto writeAll = [&](const char *data, size_t size) {
        while (size > 0) {
            const ssize_t n = ::write(out, data, size);
            if (n <= 0)
                return false;
            data += n;
            size -= size_t(n);
        }
        return true;
    };

    const QByteArray hello = R"({"id":0,"jsonrpc":"2.0","method":"initialize","params":{"capabilities":{},)"
                             R"("clientInfo":{"name":"raw-pipe-bench","version":"1"},"protocolVersion":"2025-06-18"}})" "\n"
                             R"({"jsonrpc":"2.0","method":"notifications/initialized"})" "\n";
    QByteArray callTail = R"(,"jsonrpc":"2.0","method":"tools/call","params":{"arguments":)";
    callTail += QJsonDocument(workload.arguments).toJson(QJsonDocument::Compact);
    callTail += R"(,"name":")" + workload.tool.toUtf8() + R"("}})" "\n";

    std::vector<double> latencies;
    latencies.reserve(size_t(calls));
    QElapsedTimer wall;
    QElapsedTimer perCall;
    double cpuStart = 0;
    char request[4096];
    // Skips notifications and anything else until the answer to request `id` (servers may send
    // e.g. list_changed before answering).
    const auto readAnswer = [&](int id) -> QByteArray {
        const QByteArray key = "\"id\":" + QByteArray::number(id);
        for (;;) {
            QByteArray line = readLine();
            if (line.isEmpty())
                return line;
            for (qsizetype at = line.indexOf(key); at >= 0; at = line.indexOf(key, at + 1)) {
                const char after = at + key.size() < line.size() ? line.at(at + key.size()) : '\0';
                if (after == ',' || after == '}')
                    return line;
            }
        }
    };
    if (!writeAll(hello.constData(), size_t(hello.size())) || readAnswer(0).isEmpty()) {
        result.error = QStringLiteral("the server did not answer initialize");
    } else {
        result.connectMs = connectTimer.nsecsElapsed() / 1e6;
        for (int i = -warmup; i < calls; ++i) {
            if (i == 0) {
                cpuStart = cpuMicros();
                wall.start();
            }
            perCall.start();
            const int id = i + warmup + 1;
            const int head = snprintf(request, sizeof request, R"({"id":%d)", id);
            memcpy(request + head, callTail.constData(), size_t(callTail.size()));
            if (!writeAll(request, size_t(head + callTail.size()))) {
                result.error = QStringLiteral("the server closed its input");
                break;
            }
            const QByteArray answer = readAnswer(id);
            if (!answer.contains("\"result\"") || answer.contains("\"isError\":true")) {
                result.error = QStringLiteral("unexpected answer: %1").arg(QString::fromUtf8(answer.left(200)));
                break;
            }
            if (i >= 0)
                latencies.push_back(perCall.nsecsElapsed() / 1000.0);
        }
        if (result.error.isEmpty()) {
            result.seconds = wall.nsecsElapsed() / 1e9;
            result.cpuUsPerCall = (cpuMicros() - cpuStart) / calls;
        }
    }
    ::close(out);
    ::close(in);
    int status = 0;
    waitpid(pid, &status, 0);
    std::sort(latencies.begin(), latencies.end());
    result.calls = int(latencies.size());
    result.p50us = percentile(latencies, 0.5);
    result.p99us = percentile(latencies, 0.99);
    return result;
}
#endif

RunResult runTypeScript(const QString &node, const QString &script, const Workload &workload, int calls, int warmup)
{
    RunResult result{QStringLiteral("TypeScript SDK"), workload.serverName};
    QProcess process;
    process.setProcessChannelMode(QProcess::SeparateChannels);
    QStringList arguments{script, QString::number(calls), QString::number(warmup), workload.tool,
                          QString::fromUtf8(QJsonDocument(workload.arguments).toJson(QJsonDocument::Compact)),
                          QStringLiteral("--"), workload.spec.program};
    arguments += workload.spec.arguments;
    process.start(node, arguments);
    if (!process.waitForFinished(30 * 60 * 1000) || process.exitCode() != 0) {
        result.error = QString::fromUtf8(process.readAllStandardError()).trimmed();
        return result;
    }
    const QJsonObject o = QJsonDocument::fromJson(process.readAllStandardOutput().trimmed().split('\n').last()).object();
    result.calls = o.value(QLatin1String("calls")).toInt();
    result.seconds = o.value(QLatin1String("seconds")).toDouble();
    result.p50us = o.value(QLatin1String("p50us")).toDouble();
    result.p99us = o.value(QLatin1String("p99us")).toDouble();
    result.cpuUsPerCall = o.value(QLatin1String("cpuUsPerCall")).toDouble();
    result.connectMs = o.value(QLatin1String("connectMs")).toDouble();
    return result;
}

struct StartupResult
{
    double medianMs = 0;
    double minMs = 0;
    double peakRssMiB = 0;
    QString error;
};

// Spawns `toolgate-cli --json tools -- <demo server>` repeatedly: process start to tools listed
// (the CLI exits right after printing them). wait4 gives the child's peak RSS.
StartupResult measureCliStartup(const QString &cli, const StdioLaunchSpec &server, int runs)
{
    StartupResult result;
#ifdef Q_OS_UNIX
    std::vector<double> times;
    long peakKiB = 0;
    QList<QByteArray> args{cli.toLocal8Bit(), "--json", "tools", "--", server.program.toLocal8Bit()};
    for (const QString &a : server.arguments)
        args.append(a.toLocal8Bit());
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        const pid_t pid = fork();
        if (pid == 0) {
            std::vector<char *> argv;
            for (QByteArray &a : args)
                argv.push_back(a.data());
            argv.push_back(nullptr);
            if (!freopen("/dev/null", "w", stdout))
                _exit(126);
            execv(argv[0], argv.data());
            _exit(127);
        }
        int status = 0;
        rusage usage{};
        wait4(pid, &status, 0, &usage);
        times.push_back(timer.nsecsElapsed() / 1e6);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            result.error = QStringLiteral("toolgate-cli exited with status %1").arg(status);
            return result;
        }
        peakKiB = std::max(peakKiB, long(usage.ru_maxrss));
    }
    std::sort(times.begin(), times.end());
    result.medianMs = percentile(times, 0.5);
    result.minMs = times.front();
    result.peakRssMiB = peakKiB / 1024.0;
#else
    Q_UNUSED(cli) Q_UNUSED(server) Q_UNUSED(runs)
    result.error = QStringLiteral("only measured on POSIX systems");
#endif
    return result;
}

QString row(const RunResult &r)
{
    if (!r.error.isEmpty())
        return QStringLiteral("| %1 | %2 | failed: %3 | | | | |").arg(r.client, r.server, r.error);
    return QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |")
        .arg(r.client, r.server)
        .arg(r.callsPerSecond(), 0, 'f', 0)
        .arg(r.p50us, 0, 'f', 1)
        .arg(r.p99us, 0, 'f', 1)
        .arg(r.cpuUsPerCall, 0, 'f', 1)
        .arg(r.connectMs, 0, 'f', 0);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("toolgate-bench-calls"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Sequential tools/call round trips over stdio: Toolgate vs the TypeScript SDK."));
    parser.addHelpOption();
    QCommandLineOption callsOption(QStringLiteral("calls"), QStringLiteral("Measured calls per run."), QStringLiteral("n"), QStringLiteral("20000"));
    QCommandLineOption warmupOption(QStringLiteral("warmup"), QStringLiteral("Warm-up calls per run."), QStringLiteral("n"), QStringLiteral("1000"));
    QCommandLineOption npmOption(QStringLiteral("npm-dir"), QStringLiteral("tests/npm with its node_modules."), QStringLiteral("dir"),
                                 QStringLiteral(TOOLGATE_TEST_NPM_DIR));
    QCommandLineOption startupRunsOption(QStringLiteral("startup-runs"), QStringLiteral("toolgate-cli start-up runs."), QStringLiteral("n"), QStringLiteral("20"));
    // For profiling (e.g. under valgrind --tool=callgrind --trace-children=yes): only our client
    // against our demo server, so the profile holds exactly the two processes being tuned.
    QCommandLineOption profileOption(QStringLiteral("toolgate-demo-only"),
                                     QStringLiteral("Only run Toolgate's client against toolgate-demo-server (no Node, no start-up runs)."));
    parser.addOptions({callsOption, warmupOption, npmOption, startupRunsOption, profileOption});
    parser.process(app);

    const int calls = parser.value(callsOption).toInt();
    const int warmup = parser.value(warmupOption).toInt();
    const QString npm = parser.value(npmOption);
    const QString bin = QCoreApplication::applicationDirPath();
    const QString node = npm + QStringLiteral("/node_modules/node/bin/node");
    const QString everything = npm + QStringLiteral("/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    const QString tsScript = QStringLiteral(TOOLGATE_BENCH_DIR "/ts-client-bench.mjs");
    if (!QFileInfo::exists(node) || !QFileInfo::exists(everything)) {
        fprintf(stderr, "toolgate-bench-calls: npm peers missing in %s (run packaging/setup-debian.sh)\n", qPrintable(npm));
        return 2;
    }
    // The TS script loads @modelcontextprotocol/sdk from tests/npm/node_modules.
    qputenv("TOOLGATE_NPM_DIR", npm.toLocal8Bit());

    const Workload demo{QStringLiteral("toolgate-demo-server"), {bin + QStringLiteral("/toolgate-demo-server"), {}, {}, {}, false},
                        QStringLiteral("echo"), {{QStringLiteral("text"), QStringLiteral("hello")}}};
    // The same server without its busy poll (see BusyPoll), to show what staying awake for the
    // next request changes for each client.
    Workload demoAsleep = demo;
    demoAsleep.serverName = QStringLiteral("toolgate-demo-server --busy-poll-us 0");
    demoAsleep.spec.arguments = {QStringLiteral("--busy-poll-us"), QStringLiteral("0")};
    const Workload reference{QStringLiteral("server-everything"), {node, {everything, QStringLiteral("stdio")}, {}, {}, false},
                             QStringLiteral("echo"), {{QStringLiteral("message"), QStringLiteral("hello")}}};

    QTextStream out(stdout);
    out << "Sequential tools/call over stdio, " << calls << " measured calls after " << warmup << " warm-up calls per run\n";
    out << "Machine: " << QSysInfo::prettyProductName() << ", " << QSysInfo::currentCpuArchitecture() << ", Qt " << qVersion() << "\n\n";
    out << "| client | server | calls/s | p50 µs | p99 µs | client CPU µs/call | connect + list ms |\n";
    out << "|---|---|---:|---:|---:|---:|---:|\n";
    out.flush();
    if (parser.isSet(profileOption)) {
        out << row(runToolgate(demo, calls, warmup)) << "\n";
        return 0;
    }
    struct Comparison
    {
        RunResult ours;
        RunResult theirs;
        RunResult floor;
    };
    QList<Comparison> comparisons;
    for (const Workload &w : {demo, demoAsleep, reference}) {
        Comparison c;
        c.ours = runToolgate(w, calls, warmup);
        out << row(c.ours) << "\n";
        out.flush();
        c.theirs = runTypeScript(node, tsScript, w, calls, warmup);
        out << row(c.theirs) << "\n";
        out.flush();
#ifdef Q_OS_UNIX
        c.floor = runRawPipeClient(w, calls, warmup);
        out << row(c.floor) << "\n";
        out.flush();
#endif
        comparisons.append(c);
    }
    const auto ratio = [](double a, double b) { return b > 0 ? QString::number(a / b, 'f', 1) + u'×' : QStringLiteral("–"); };
    out << "\n| server | TypeScript CPU / Toolgate CPU per call | TypeScript CPU / floor CPU per call | Toolgate calls/s ÷ TypeScript calls/s |\n"
           "|---|---:|---:|---:|\n";
    for (const Comparison &c : std::as_const(comparisons)) {
        if (!c.ours.error.isEmpty() || !c.theirs.error.isEmpty())
            continue;
        out << "| " << c.ours.server << " | " << ratio(c.theirs.cpuUsPerCall, c.ours.cpuUsPerCall) << " | "
            << (c.floor.error.isEmpty() ? ratio(c.theirs.cpuUsPerCall, c.floor.cpuUsPerCall) : QStringLiteral("–")) << " | "
            << ratio(c.ours.callsPerSecond(), c.theirs.callsPerSecond()) << " |\n";
    }
    const StartupResult startup = measureCliStartup(bin + QStringLiteral("/toolgate-cli"), demo.spec, parser.value(startupRunsOption).toInt());
    out << "\n`toolgate-cli --json tools` against toolgate-demo-server (process start to tools listed and exit, "
        << parser.value(startupRunsOption) << " runs): ";
    if (startup.error.isEmpty())
        out << "median " << QString::number(startup.medianMs, 'f', 1) << " ms, min " << QString::number(startup.minMs, 'f', 1)
            << " ms; peak RSS " << QString::number(startup.peakRssMiB, 'f', 1) << " MiB\n";
    else
        out << "failed: " << startup.error << "\n";
    return 0;
}
