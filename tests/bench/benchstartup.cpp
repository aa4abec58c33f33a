// toolgate-bench-startup: how long Toolgate's programs take to start, and what the window costs
// when it idles. Whole processes, started again and again (fork/exec, wall clock; peak RSS from
// wait4): toolgate-cli --version, a one-shot toolgate-cli call against the demo server, the demo
// server answering initialize, and the app from start to its tools listed. Then the app idling
// with the demo server: its resident memory and whether Qt WebEngine or Qt Multimedia are mapped.
// Run by hand (not part of ctest); docs/benchmarks.md, "Start-up", has the command and the figures.

#include "childexec.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <vector>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Figures
{
    std::vector<double> ms;
    long peakKiB = 0;
    QString error;
};

double percentile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values.at(size_t(p * double(values.size() - 1) + 0.5));
}

// Starts command with stdin from stdinFile (or /dev/null), stdout to stdoutFd (or /dev/null), stderr
// to /dev/null and the extra environment; returns the child's pid. In the child, closeFd is closed.
pid_t spawn(const QStringList &command, const QByteArray &stdinFile, const QStringList &environment, int stdoutFd = -1,
            int closeFd = -1)
{
    QList<QByteArray> args;
    for (const QString &a : command)
        args.append(a.toLocal8Bit());
    QList<QByteArray> env;
    for (const QString &e : environment)
        env.append(e.toLocal8Bit());
    const pid_t pid = fork();
    if (pid == 0) {
        const int in = ::open(stdinFile.isEmpty() ? "/dev/null" : stdinFile.constData(), O_RDONLY);
        const int null = ::open("/dev/null", O_WRONLY);
        const int out = stdoutFd >= 0 ? stdoutFd : null;
        if (in < 0 || null < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(null, 2) < 0)
            _exit(126);
        if (closeFd >= 0)
            ::close(closeFd);
        for (QByteArray &e : env)
            putenv(e.data());
        Toolgate::Bench::execInChild(args);
    }
    return pid;
}

// Start to the first byte on stdout (--list-tools-and-quit prints the tools the moment they are
// listed, before it shuts down): one run, in milliseconds, or a negative number on failure.
double timeToFirstOutput(const QStringList &command, const QStringList &environment)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    QElapsedTimer timer;
    timer.start();
    const pid_t pid = spawn(command, {}, environment, fds[1], fds[0]);
    ::close(fds[1]);
    char buffer[4096];
    double first = -1;
    for (;;) {
        const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
        if (n <= 0)
            break;
        if (first < 0)
            first = double(timer.nsecsElapsed()) / 1e6;
    }
    ::close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? first : -1;
}

Figures time(const QStringList &command, int runs, const QByteArray &stdinFile = {}, const QStringList &environment = {})
{
    Figures figures;
    for (int i = 0; i < runs + 1; ++i) { // the first run warms the caches and is not counted
        QElapsedTimer timer;
        timer.start();
        const pid_t pid = spawn(command, stdinFile, environment);
        int status = 0;
        rusage usage{};
        wait4(pid, &status, 0, &usage);
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            figures.error = QStringLiteral("exited with status %1").arg(status);
            return figures;
        }
        if (i == 0)
            continue;
        figures.ms.push_back(ms);
        figures.peakKiB = std::max(figures.peakKiB, long(usage.ru_maxrss));
    }
    return figures;
}

QString line(const QString &what, const Figures &f)
{
    if (!f.error.isEmpty())
        return QStringLiteral("| %1 | failed: %2 | | | |").arg(what, f.error);
    return QStringLiteral("| %1 | %2 | %3 | %4 | %5 |")
        .arg(what)
        .arg(percentile(f.ms, 0.5), 0, 'f', 1)
        .arg(percentile(f.ms, 0.0), 0, 'f', 1)
        .arg(percentile(f.ms, 1.0), 0, 'f', 1)
        .arg(f.peakKiB > 0 ? QString::number(double(f.peakKiB) / 1024.0, 'f', 1) : QStringLiteral("–"));
}

struct Idle
{
    double rssMiB = 0;
    int libraries = 0;
    bool webEngine = false;
    bool multimedia = false;
    bool keychain = false;
};

// The app with the demo server, left alone for `seconds`: what it holds then.
Idle idle(const QString &app, const QStringList &environment, int seconds)
{
    Idle result;
    const pid_t pid = spawn({app}, {}, environment);
    QElapsedTimer timer;
    timer.start();
    // Sampled until the time is up: an idling window has nothing to wait on from outside.
    while (timer.elapsed() < seconds * 1000)
        usleep(100 * 1000);
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (status.open(QIODevice::ReadOnly)) {
        for (const QByteArray &l : status.readAll().split('\n')) {
            if (l.startsWith("VmRSS:"))
                result.rssMiB = l.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
        }
    }
    QFile maps(QStringLiteral("/proc/%1/maps").arg(pid));
    if (maps.open(QIODevice::ReadOnly)) {
        QSet<QByteArray> libraries;
        for (const QByteArray &l : maps.readAll().split('\n')) {
            const int slash = l.indexOf('/');
            if (slash < 0 || !l.contains(".so"))
                continue;
            const QByteArray path = l.mid(slash);
            libraries.insert(path);
            result.webEngine |= path.contains("WebEngine");
            result.multimedia |= path.contains("Multimedia");
            result.keychain |= path.contains("keychain");
        }
        result.libraries = int(libraries.size());
    }
    kill(pid, SIGTERM);
    int ignored = 0;
    waitpid(pid, &ignored, 0);
    return result;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Start-up of toolgate-cli, the demo server and the app; the app's idle memory."));
    parser.addHelpOption();
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs of each command (after one warm-up)."), QStringLiteral("n"), QStringLiteral("20"));
    const QCommandLineOption binOption(QStringLiteral("bin"), QStringLiteral("Folder of the programs (default: this one's)."), QStringLiteral("dir"));
    const QCommandLineOption idleOption(QStringLiteral("idle-seconds"), QStringLiteral("How long the app idles before it is measured."), QStringLiteral("s"), QStringLiteral("5"));
    parser.addOptions({runsOption, binOption, idleOption});
    parser.process(app);
    const int runs = qMax(1, parser.value(runsOption).toInt());
    const QString bin = parser.isSet(binOption) ? QDir(parser.value(binOption)).absolutePath() : QCoreApplication::applicationDirPath();
    const QString cli = bin + QStringLiteral("/toolgate-cli");
    const QString demo = bin + QStringLiteral("/toolgate-demo-server");
    const QString gui = bin + QStringLiteral("/toolgate");

    QTemporaryDir config;
    QTemporaryDir work;
    // The demo server answering initialize, then stdin closes: start to exit.
    const QString initialize = work.filePath(QStringLiteral("initialize.jsonl"));
    QFile request(initialize);
    request.open(QIODevice::WriteOnly);
    request.write(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}})" "\n");
    request.close();
    // A fresh configuration: nothing remembered, the demo server as on a first start.
    const QStringList environment{QStringLiteral("TOOLGATE_CONFIG_DIR=") + config.path(),
                                  QStringLiteral("TOOLGATE_AUDIT_DB=") + work.filePath(QStringLiteral("audit.sqlite")),
                                  QStringLiteral("QT_QPA_PLATFORM=offscreen"), QStringLiteral("LANG=C.UTF-8")};

    QTextStream out(stdout);
    out << "| command | median ms | min ms | max ms | peak RSS MiB |\n|---|---:|---:|---:|---:|\n";
    out << line(QStringLiteral("`toolgate-cli --version`"), time({cli, QStringLiteral("--version")}, runs, {}, environment)) << "\n";
    out.flush();
    out << line(QStringLiteral("`toolgate-cli --json tools -- toolgate-demo-server`"),
                time({cli, QStringLiteral("--json"), QStringLiteral("tools"), QStringLiteral("--"), demo}, runs, {}, environment))
        << "\n";
    out.flush();
    out << line(QStringLiteral("`toolgate-demo-server` answering initialize"), time({demo}, runs, initialize.toLocal8Bit(), environment)) << "\n";
    out.flush();
    if (QFile::exists(gui)) {
        out << line(QStringLiteral("`toolgate --list-tools-and-quit` (offscreen), start to exit"), time({gui, QStringLiteral("--list-tools-and-quit")}, runs, {}, environment)) << "\n";
        Figures listed;
        for (int i = 0; i < runs + 1; ++i) {
            const double ms = timeToFirstOutput({gui, QStringLiteral("--list-tools-and-quit")}, environment);
            if (ms < 0) {
                listed.error = QStringLiteral("no tools listed");
                break;
            }
            if (i > 0)
                listed.ms.push_back(ms);
        }
        out << line(QStringLiteral("the same, start to tools listed (first line printed)"), listed) << "\n";
        out.flush();
        const Idle i = idle(gui, environment, parser.value(idleOption).toInt());
        out << "\nThe app idling with the demo server after " << parser.value(idleOption) << " s (offscreen): "
            << QString::number(i.rssMiB, 'f', 1) << " MiB resident, " << i.libraries << " shared libraries mapped; Qt WebEngine "
            << (i.webEngine ? "mapped" : "not mapped") << ", Qt Multimedia " << (i.multimedia ? "mapped" : "not mapped")
            << ", QtKeychain " << (i.keychain ? "mapped" : "not mapped") << ".\n";
    }
    return 0;
}
