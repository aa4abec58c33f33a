// toolgate-bench-hostile-gui: the desktop app's window against the hostile servers of issue #13, and how
// long its GUI thread is kept from turning its event loop. Each case runs in a child process of its own:
// the real MainWindow over a Host, the approval dialogs (DialogApprovalGate) and ClientFeatures as
// app/gui/main.cpp wires them, QT_QPA_PLATFORM=offscreen, and toolgate-hostile-server as the one server.
//
// The longest stall is measured by a probe: a 2 ms precise timer on the GUI thread whose largest gap
// between two of its timeouts is the longest time the event loop did not come round (from the start of
// the servers to the end of the case; building the window is not included). Also recorded: the
// tools/list requests the server received, the answers it received to its own requests, the audit
// records written, the peak RSS of the app process, and the time the case took.
//
// The parent prints one Markdown table. Run by hand; asserts nothing timed. See docs/benchmarks.md.
// To look closer at one case (`--case N`): TOOLGATE_BENCH_TRACE=<ms> prints the events and gaps of at least
// that many milliseconds, TOOLGATE_BENCH_SCREENSHOTS=<folder> saves what the person would have seen.

#include "core/audit/auditfilter.h"
#include "core/audit/auditlog.h"
#include "core/audit/auditreader.h"
#include "core/auth/secretstore.h"
#include "core/calls/toolcall.h"
#include "ui/clientfeatures/clientfeatures.h"
#include "core/workspace/rootsstore.h"
#include "ui/dialogs/confirmationdialog.h"
#include "ui/dialogs/dialogapprovalgate.h"
#include "core/host/host.h"
#include "core/workspace/serverconfigfile.h"
#include "core/workspace/servertrust.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/serverfeatures/toolpanel.h"
#include "core/requests/serverrequestpipeline.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/workspace.h"

#include "hostileschemas.h"
#include "../support/stallprobe.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDebug>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <sys/resource.h>

#include <algorithm>
#include <cstring>

using namespace Toolgate;
using Toolgate::TestSupport::StallProbe;

namespace {

QTextStream out(stdout);

enum class Script {
    Select,    // list the tools, select echo, wait until the server's flood (if any) is sent and handled
    SchemaRun, // select schema_input and run it with its default, then schema_output (checked result)
};

struct BenchCase
{
    QString name;
    QStringList serverArgs;
    Script script = Script::Select;
};

QList<BenchCase> benchCases()
{
    QList<BenchCase> list;
    const auto flood = [](const char *mode, int count) {
        return QStringList{QStringLiteral("--mode"), QString::fromLatin1(mode), QStringLiteral("--count"), QString::number(count)};
    };
    list.append({QStringLiteral("quiet server (reference)"), {}, Script::Select});
    list.append({QStringLiteral("tools/list_changed × 10,000"), flood("list-changed-flood", 10000), Script::Select});
    list.append({QStringLiteral("tools/list_changed × 1,000,000"), flood("list-changed-flood", 1000000), Script::Select});
    list.append({QStringLiteral("elicitation/create × 100,000"), flood("elicitation-flood", 100000), Script::Select});
    list.append({QStringLiteral("sampling/createMessage × 100,000"), flood("sampling-flood", 100000), Script::Select});
    const QList<HostileSchemas::Case> schemas = HostileSchemas::cases();
    for (int i = 0; i < schemas.size(); ++i) {
        list.append({QStringLiteral("schema: ") + QString::fromLatin1(schemas.at(i).name),
                     {QStringLiteral("--mode"), QStringLiteral("schema-tools"), QStringLiteral("--schema-case"), QString::number(i)},
                     Script::SchemaRun});
    }
    return list;
}

qint64 peakRssKiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

QString cell(QString text)
{
    return text.replace(u'|', QLatin1String("\\|")).simplified();
}

QString outcomeName(ToolCallOutcome::Kind kind)
{
    switch (kind) {
    case ToolCallOutcome::Kind::Pending: return QStringLiteral("pending");
    case ToolCallOutcome::Kind::Succeeded: return QStringLiteral("succeeded");
    case ToolCallOutcome::Kind::ToolError: return QStringLiteral("tool error");
    case ToolCallOutcome::Kind::Denied: return QStringLiteral("denied");
    case ToolCallOutcome::Kind::InvalidArguments: return QStringLiteral("invalid arguments");
    case ToolCallOutcome::Kind::Failed: return QStringLiteral("failed");
    case ToolCallOutcome::Kind::Cancelled: return QStringLiteral("cancelled");
    }
    return {};
}

/// With TOOLGATE_BENCH_TRACE=<ms> set, the child prints to stderr every event that kept the GUI thread
/// for at least that long (its receiver and type), and every gap of the event loop that long: which
/// events make up a stall, when profiling one case (`--case N`).
class TracingApplication final : public QApplication
{
public:
    using QApplication::QApplication;
    QElapsedTimer clock;
    qint64 thresholdNs = -1;

    bool notify(QObject *receiver, QEvent *event) override
    {
        if (thresholdNs < 0)
            return QApplication::notify(receiver, event);
        const QEvent::Type type = event->type(); // the event may be gone after it was handled
        const QString name = receiver ? QString::fromLatin1(receiver->metaObject()->className()) + u' ' + receiver->objectName()
                                      : QString();
        ++m_depth;
        const qint64 start = clock.nsecsElapsed();
        const bool result = QApplication::notify(receiver, event);
        const qint64 took = clock.nsecsElapsed() - start;
        --m_depth;
        if (took >= thresholdNs)
            qWarning().noquote() << QStringLiteral("trace %1 ms at %2 depth %3: event %4 to %5")
                                        .arg(double(took) / 1e6, 0, 'f', 1)
                                        .arg(double(start) / 1e6, 0, 'f', 1)
                                        .arg(m_depth)
                                        .arg(int(type))
                                        .arg(name);
        return result;
    }

private:
    int m_depth = 0;
};

/// Child: one case, printed as one line of tab-separated fields.
int runCase(const BenchCase &benchCase, int caseNumber, int timeoutSeconds)
{
    QTemporaryDir dir;
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
    const QString server = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("toolgate-hostile-server"));
    {
        QFile file(dir.filePath(QStringLiteral("servers.json")));
        if (!file.open(QIODevice::WriteOnly))
            return 2;
        const QJsonObject config{{QStringLiteral("command"), server},
                                 {QStringLiteral("args"), QJsonArray::fromStringList(benchCase.serverArgs)}};
        file.write(QJsonDocument(QJsonObject{{QStringLiteral("mcpServers"), QJsonObject{{QStringLiteral("hostile"), config}}}})
                       .toJson());
    }

    // As app/gui/main.cpp builds it, with everything in the temporary folder and secrets in memory.
    Host::Options options;
    options.initiator = CallInitiator::Gui;
    options.session.clientInfo.name = QStringLiteral("toolgate-bench");
    options.session.clientInfo.version = QStringLiteral("0");
    options.serversPath = dir.filePath(QStringLiteral("servers.json"));
    options.approvalsPath = dir.filePath(QStringLiteral("approvals.json"));
    options.auditPath = dir.filePath(QStringLiteral("audit.db"));
    options.secretStore = std::make_shared<MemorySecretStore>();
    options.signIn.opener = [](const QUrl &) { return false; };
    options.serverTrustPath = dir.filePath(QStringLiteral("server-trust.json"));
    Host host(std::move(options));
    // The hostile server was looked at by whoever runs the benchmark: trusted, so it starts (issue 16).
    if (const auto listed = ServerConfigFile::load(host.options().serversPath); listed) {
        for (const ServerConfig &config : listed.value())
            (void)host.serverTrust()->trust(config, QStringLiteral("benchmark"));
    }
    MainWindow window(MainWindow::Environment{&host, nullptr, dir.filePath(QStringLiteral("argument-history.json"))});
    RootsStore roots(dir.filePath(QStringLiteral("roots.json")));
    ClientFeatures clientFeatures(&roots, host.serverRequests(), host.toolCalls(), &window);
    host.setServerRequestGate(&clientFeatures);
    QObject::connect(host.serverRequests(), &ServerRequestPipeline::notice, &window,
                     [&window](const QString &text) { window.statusBar()->showMessage(text, 10000); });
    window.setAuditLog(host.audit());
    window.showLoadResult(host.loadServers());
    if (auto *gate = window.findChild<DialogApprovalGate *>())
        gate->setAllowDelay(0);
    window.resize(1200, 800);
    window.show();
    if (host.workspace()->connections().size() != 1)
        return 3;
    ServerConnection *connection = host.workspace()->connections().first();

    StallProbe probe(&window);
    int toolsListSent = 0;
    int answersReceived = 0;
    bool floodSent = benchCase.serverArgs.filter(QStringLiteral("flood")).isEmpty();
    bool flooding = false;
    QStringList notes;
    QElapsedTimer quiet; // since the last sign of activity
    quiet.start();

    QObject::connect(connection, &ServerConnection::consoleLineAdded, &window, [&](const ConsoleLine &line) {
        quiet.restart();
        if (line.kind == ConsoleLine::Kind::Stderr) {
            if (line.text.startsWith(QLatin1String("recv: tools/list")))
                ++toolsListSent;
            else if (line.text.startsWith(QLatin1String("recv: response")))
                ++answersReceived;
        } else if (line.kind == ConsoleLine::Kind::Log && line.text.startsWith(QLatin1String("flood sent"))) {
            floodSent = true;
            probe.phase = QStringLiteral("after the flood");
        }
    });
    QObject::connect(host.serverRequests(), &ServerRequestPipeline::floodingChanged, &window,
                     [&](const QString &, bool on) { flooding = flooding || on; });

    // With TOOLGATE_BENCH_SCREENSHOTS=<folder>, what the person would have seen: the confirmation dialogs
    // and the window at the end, as case<N>-<what>.png (to look at, not measured).
    const QString screenshots = qEnvironmentVariable("TOOLGATE_BENCH_SCREENSHOTS");
    const auto saveScreenshot = [&](QWidget *widget, const QString &what) {
        if (!screenshots.isEmpty())
            widget->grab().save(QDir(screenshots).filePath(QStringLiteral("case%1-%2.png").arg(caseNumber).arg(what)));
    };

    // The script: a small state machine advanced by a 20 ms poll (cheap next to the probe).
    enum class Step { WaitTools, Select, Run, Approve, WaitCall, Settle, Done } step = Step::WaitTools;
    QStringList toRun;
    if (benchCase.script == Script::SchemaRun)
        toRun = {QStringLiteral("schema_input"), QStringLiteral("schema_output")};
    QString current;
    bool callDone = false;
    QObject::connect(host.toolCalls(), &ToolCallPipeline::callFinished, &window, [&](ToolCall *call) {
        const ToolCallOutcome &outcome = call->outcome();
        QString note = call->tool().name + QStringLiteral(": ") + outcomeName(outcome.kind);
        if (outcome.outputValid.has_value())
            note += *outcome.outputValid ? QStringLiteral(", output valid") : QStringLiteral(", output invalid");
        const QStringList problems = outcome.outputProblems + outcome.inputProblems;
        if (!problems.isEmpty())
            note += QStringLiteral(" (") + problems.first().left(60) + QStringLiteral(")");
        if (outcome.kind == ToolCallOutcome::Kind::Failed)
            note += QStringLiteral(" (") + outcome.error.message.left(60) + QStringLiteral(")");
        notes.append(note);
        callDone = true;
        quiet.restart();
    });

    QTimer script;
    script.setInterval(20);
    QElapsedTimer stepClock;
    stepClock.start();
    const auto go = [&](Step next) {
        step = next;
        stepClock.restart();
    };
    QObject::connect(&script, &QTimer::timeout, &window, [&] {
        if (probe.elapsedMs() > qint64(timeoutSeconds) * 1000) {
            notes.append(QStringLiteral("timed out in step %1").arg(int(step)));
            step = Step::Done;
        }
        switch (step) {
        case Step::WaitTools:
            if (!connection->tools().isEmpty()) {
                probe.phase = QStringLiteral("tools listed");
                window.selectTool(QStringLiteral("hostile"), QStringLiteral("echo"));
                go(toRun.isEmpty() ? Step::Settle : Step::Select);
            }
            break;
        case Step::Select:
            current = toRun.takeFirst();
            probe.phase = QStringLiteral("select ") + current;
            if (!window.selectTool(QStringLiteral("hostile"), current)) {
                notes.append(current + QStringLiteral(": not listed"));
                go(toRun.isEmpty() ? Step::Settle : Step::Select);
            } else {
                go(Step::Run);
            }
            break;
        case Step::Run:
            if (stepClock.elapsed() < 200)
                break; // let the form show what it built
            // Run is enabled once the form has its fields (the schema is prepared off the GUI thread).
            if (!window.toolPanel()->runButton()->isEnabled() && stepClock.elapsed() < 20000)
                break;
            if (!window.toolPanel()->runButton()->isEnabled()) {
                notes.append(current + QStringLiteral(": Run disabled"));
                go(toRun.isEmpty() ? Step::Settle : Step::Select);
                break;
            }
            probe.phase = QStringLiteral("run ") + current;
            callDone = false;
            window.toolPanel()->runButton()->click();
            go(Step::Approve);
            break;
        case Step::Approve: {
            if (callDone) {
                go(toRun.isEmpty() ? Step::Settle : Step::Select);
                break;
            }
            for (QWidget *widget : QApplication::topLevelWidgets()) {
                auto *dialog = qobject_cast<ConfirmationDialog *>(widget);
                if (!dialog || !dialog->isVisible())
                    continue;
                auto *allow = dialog->findChild<QPushButton *>(QStringLiteral("allowOnce"));
                if (allow && allow->isEnabled()) {
                    saveScreenshot(dialog, QStringLiteral("dialog-") + current);
                    probe.phase = QStringLiteral("call ") + current;
                    allow->click();
                    go(Step::WaitCall);
                }
            }
            if (step == Step::Approve && stepClock.elapsed() > 20000) {
                notes.append(current + QStringLiteral(": no approval dialog to allow"));
                go(Step::Settle);
            }
            break;
        }
        case Step::WaitCall:
            if (callDone)
                go(toRun.isEmpty() ? Step::Settle : Step::Select);
            break;
        case Step::Settle:
            // Done once the flood (if any) was sent and nothing has happened for 2.5 s: the refused
            // requests' summary record is written within 2 s (ServerRequestPipeline's interval).
            if (floodSent && quiet.elapsed() > 2500) {
                probe.phase = QStringLiteral("settled");
                go(Step::Done);
            }
            break;
        case Step::Done:
            break;
        }
        if (step == Step::Done) {
            saveScreenshot(&window, QStringLiteral("window"));
            script.stop();
            probe.stop();
            QCoreApplication::exit(0);
        }
    });

    // The gaps, for TOOLGATE_BENCH_TRACE (see TracingApplication).
    QTimer gapTracer;
    auto *tracing = static_cast<TracingApplication *>(QCoreApplication::instance());
    qint64 lastTick = 0;
    if (tracing->thresholdNs >= 0) {
        gapTracer.setTimerType(Qt::PreciseTimer);
        gapTracer.setInterval(2);
        QObject::connect(&gapTracer, &QTimer::timeout, &window, [&] {
            const qint64 now = tracing->clock.nsecsElapsed();
            if (lastTick && now - lastTick >= tracing->thresholdNs)
                qWarning().noquote() << QStringLiteral("gap %1 ms from %2 to %3 in %4")
                                            .arg(double(now - lastTick) / 1e6, 0, 'f', 1)
                                            .arg(double(lastTick) / 1e6, 0, 'f', 1)
                                            .arg(double(now) / 1e6, 0, 'f', 1)
                                            .arg(probe.phase);
            lastTick = now;
        });
        gapTracer.start();
    }
    probe.start();
    script.start();
    host.workspace()->startAll();
    QCoreApplication::exec();
    const qint64 totalMs = probe.elapsedMs();
    const qint64 rss = peakRssKiB();

    // What the case left in the audit log, once everything queued is committed.
    bool flushed = false;
    host.audit()->flush(&window, [&flushed](const Result<void> &) { flushed = true; });
    QElapsedTimer flushClock;
    flushClock.start();
    while (!flushed && flushClock.elapsed() < 30000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    qint64 auditRows = -1;
    if (auto reader = AuditReader::open(dir.filePath(QStringLiteral("audit.db")))) {
        if (const Result<qint64> count = (*reader)->count(AuditFilter{}))
            auditRows = count.value();
    }
    if (flooding)
        notes.prepend(QStringLiteral("shown as flooding"));
    if (benchCase.script == Script::SchemaRun) // what selecting the tool (building its form) cost
        notes.prepend(QStringLiteral("select schema_input: %1 ms").arg(probe.longestMsIn(QStringLiteral("select schema_input")), 0, 'f', 1));
    out << QString::number(probe.longestMs(), 'f', 1) << '\t' << probe.longestPhase() << '\t' << probe.over100() << '\t'
        << toolsListSent << '\t' << answersReceived << '\t' << auditRows << '\t' << rss << '\t' << totalMs << '\t'
        << notes.join(QStringLiteral("; ")) << Qt::endl;
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    const bool child = std::any_of(argv + 1, argv + argc, [](const char *arg) { return std::strcmp(arg, "--case") == 0; });
    if (child) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        TracingApplication app(argc, argv);
        app.clock.start();
        if (qEnvironmentVariableIsSet("TOOLGATE_BENCH_TRACE")) // to match the times with perf record -k CLOCK_MONOTONIC
            qWarning().noquote() << QStringLiteral("trace clock starts at %1 s").arg(double(app.clock.msecsSinceReference()) / 1e3, 0, 'f', 3);
        if (qEnvironmentVariableIsSet("TOOLGATE_BENCH_TRACE"))
            app.thresholdNs = qint64(qEnvironmentVariableIntValue("TOOLGATE_BENCH_TRACE")) * 1'000'000;
        QCoreApplication::setOrganizationName(QStringLiteral("Toolgate"));
        QCoreApplication::setApplicationName(QStringLiteral("toolgate-bench-hostile-gui"));
        QCommandLineParser parser;
        const QCommandLineOption caseOption(QStringLiteral("case"), QString(), QStringLiteral("n"));
        const QCommandLineOption timeoutOption(QStringLiteral("timeout"), QString(), QStringLiteral("s"), QStringLiteral("300"));
        parser.addOptions({caseOption, timeoutOption});
        parser.process(app);
        const QList<BenchCase> cases = benchCases();
        const int index = parser.value(caseOption).toInt();
        if (index < 0 || index >= cases.size())
            return 2;
        return runCase(cases.at(index), int(index), parser.value(timeoutOption).toInt());
    }

    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Runs the app's window against toolgate-hostile-server and records the longest event-loop stall."));
    parser.addHelpOption();
    const QCommandLineOption timeoutOption(QStringLiteral("timeout"), QStringLiteral("Give each case <s> seconds (default 300)."),
                                           QStringLiteral("s"), QStringLiteral("300"));
    const QCommandLineOption onlyOption(QStringLiteral("only"), QStringLiteral("Run only cases whose name contains <text>."),
                                        QStringLiteral("text"));
    parser.addOptions({timeoutOption, onlyOption});
    parser.process(app);

    const QList<BenchCase> cases = benchCases();
    out << "| case | longest stall ms | during | stalls > 100 ms | tools/list sent | answers to server | audit rows | peak RSS MB | total s | notes |\n"
        << "|---|---:|---|---:|---:|---:|---:|---:|---:|---|" << Qt::endl;
    for (int i = 0; i < cases.size(); ++i) {
        const BenchCase &c = cases.at(i);
        if (parser.isSet(onlyOption) && !c.name.contains(parser.value(onlyOption)))
            continue;
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.start(QCoreApplication::applicationFilePath(),
                    {QStringLiteral("--case"), QString::number(i), QStringLiteral("--timeout"), parser.value(timeoutOption)});
        QElapsedTimer wall;
        wall.start();
        const bool finished = child.waitForFinished((parser.value(timeoutOption).toInt() + 60) * 1000);
        QString cells;
        if (!finished) {
            child.kill();
            child.waitForFinished();
            cells = QStringLiteral("| | | | | | | | did not finish in %1 s").arg(parser.value(timeoutOption));
        } else if (child.exitStatus() == QProcess::CrashExit) {
            cells = QStringLiteral("| | | | | | | %1 | crashed").arg(wall.elapsed() / 1000.0, 0, 'f', 1);
        } else {
            const QStringList f = QString::fromUtf8(child.readAllStandardOutput()).remove(u'\n').split(u'\t');
            if (f.size() < 9) {
                cells = QStringLiteral("| | | | | | | | no result (exit code %1)").arg(child.exitCode());
            } else {
                cells = QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9")
                            .arg(f.at(0), cell(f.at(1)), f.at(2), f.at(3), f.at(4), f.at(5),
                                 QString::number(f.at(6).toLongLong() / 1024), QString::number(f.at(7).toDouble() / 1000, 'f', 1),
                                 cell(f.mid(8).join(u' ')));
            }
        }
        out << "| " << cell(c.name) << ' ' << cells << " |" << Qt::endl;
    }
    return 0;
}
