// toolgate-cli and calls that run as tasks (issue 18), through the built binary as a person or a script
// runs it: server-everything's simulate-research-query over stdio (the pinned reference server), and
// tests/cli/taskpeer.mjs over Streamable HTTP, whose tasks outlive the run that started them, for
// --no-wait and the task commands. Ctrl-C is a real SIGINT to the child; that the server got the
// tasks/cancel is read back from the server itself (task get), and the audit log from `audit list`.

#include "cliprocess.h"
#include "core/protocol/task.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#ifdef Q_OS_UNIX
#include <csignal>
#endif

using namespace Toolgate;
using namespace Toolgate::TestSupport;

class tst_CliTasks : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void usage_data();
    void usage();
    void helpNamesTheTaskCommands();

    void researchQueryCompletesWithStatusLines();
    void researchQueryJson();
    void statusLineUpdatesInPlaceOnATerminal();
    void serverWithoutTasks();
    void everythingListsNoTasksAfterTheRun();

    void noWaitThenGetListResult();
    void unknownTaskIdInPlainWords();
    void taskCancelCommand();
    void interruptCancelsTheTaskAndIsAudited();
    void terminationCancelsTheTaskAtTheServer();
    void aQuietTaskEndsWithTheTimeout();
    void failingTask();
    void optionalToolRunsAsTaskOnlyWhenAsked();
    void doctorChecksTheHttpPeer();

private:
    CliRun run(const QStringList &arguments, const QMap<QString, QString> &env = {}, int timeoutMs = 60000) const
    {
        return m_cli.run(arguments, {}, env, timeoutMs);
    }
    QStringList peer(const QStringList &arguments) const { return QStringList{QStringLiteral("--url"), m_peerUrl} + arguments; }
    /// call --no-wait of tool on the peer; the task id it printed (empty on failure, with the run in *failed).
    QString startWithoutWaiting(const QString &tool, const QStringList &arguments, CliRun *failed) const;
#ifdef Q_OS_UNIX
    /// Starts "call simulate-research-query" on the peer, sends signalNumber once the task exists and
    /// waits for the run to end; the task's id and the run's stderr, or empty on failure (then *problem).
    struct SignalledRun
    {
        QString taskId;
        QString err;
        int exitCode = -1;
        QProcess::ExitStatus exitStatus = QProcess::CrashExit;
    };
    SignalledRun signalTheTaskRun(int signalNumber, const QString &topic, const QString &auditPath, QString *problem) const;
#endif

    CliProcess m_cli;
    QProcess m_peer;
    QString m_peerUrl;
    QString m_peerOutput;
};

void tst_CliTasks::initTestCase()
{
    const QString missing = notBuilt({cliPath(), executable(QStringLiteral("toolgate-fault-server"))});
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
    QVERIFY2(QFileInfo(pinnedNode()).isExecutable(), "the pinned Node is not installed in tests/npm (packaging/setup-debian.sh)");
    QVERIFY2(QFileInfo::exists(everythingCommand().at(1)), "server-everything is not installed in tests/npm");

    m_peer.setProcessChannelMode(QProcess::MergedChannels);
    m_peer.start(pinnedNode(), {QStringLiteral(TOOLGATE_CLI_TEST_DIR) + QStringLiteral("/taskpeer.mjs"), npmDir()});
    QVERIFY(m_peer.waitForStarted(10000));
    const QRegularExpression listening(QStringLiteral("LISTENING (\\d+)"));
    QDeadlineTimer deadline(20000);
    QRegularExpressionMatch match;
    while (!deadline.hasExpired() && m_peer.state() == QProcess::Running) {
        m_peer.waitForReadyRead(200);
        m_peerOutput += QString::fromUtf8(m_peer.readAll());
        match = listening.match(m_peerOutput);
        if (match.hasMatch())
            break;
    }
    QVERIFY2(match.hasMatch(), qPrintable(QStringLiteral("the task peer did not start:\n") + m_peerOutput));
    m_peerUrl = QStringLiteral("http://127.0.0.1:%1/mcp").arg(match.captured(1));
}

void tst_CliTasks::cleanupTestCase()
{
    if (m_peer.state() != QProcess::NotRunning) {
        m_peer.kill();
        m_peer.waitForFinished(5000);
    }
}

void tst_CliTasks::usage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::addRow("task alone") << QStringList{QStringLiteral("task")} << QStringLiteral("task needs what to do");
    QTest::addRow("unknown action") << QStringList{QStringLiteral("task"), QStringLiteral("frob")}
                                    << QStringLiteral("task does not know \"frob\"");
    QTest::addRow("get without id") << QStringList{QStringLiteral("task"), QStringLiteral("get")}
                                    << QStringLiteral("task get needs more arguments");
    QTest::addRow("two ids") << QStringList{QStringLiteral("task"), QStringLiteral("cancel"), QStringLiteral("a"), QStringLiteral("b")}
                             << QStringLiteral("unexpected \"b\"");
    QTest::addRow("list with id") << QStringList{QStringLiteral("task"), QStringLiteral("list"), QStringLiteral("a")}
                                  << QStringLiteral("task list takes no arguments");
    QTest::addRow("--no-wait elsewhere") << QStringList{QStringLiteral("--no-wait"), QStringLiteral("tools")}
                                         << QStringLiteral("--no-wait only goes with call");
    QTest::addRow("--task elsewhere") << QStringList{QStringLiteral("--task"), QStringLiteral("task"), QStringLiteral("list")}
                                      << QStringLiteral("--task only goes with call");
}

void tst_CliTasks::usage()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const CliRun result = run(arguments);
    VERIFY_CLI(result.exitCode == 2, result);
    VERIFY_CLI(result.err.contains(message), result);
}

void tst_CliTasks::helpNamesTheTaskCommands()
{
    const CliRun help = run({QStringLiteral("--help")});
    VERIFY_CLI(help.exitCode == 0, help);
    for (const char *expected : {"task list", "task get ID", "task result ID", "task cancel ID", "--no-wait", "--task"})
        VERIFY_CLI(help.out().contains(QLatin1String(expected)), help);
}

void tst_CliTasks::researchQueryCompletesWithStatusLines()
{
    const CliRun result = run(QStringList{QStringLiteral("--yes"), QStringLiteral("call"), QStringLiteral("simulate-research-query"),
                                          QStringLiteral("topic=tides"), QStringLiteral("--")}
                              + everythingCommand());
    VERIFY_CLI(result.exitCode == 0, result);
    VERIFY_CLI(result.out().contains(QStringLiteral("# Research Report: tides")), result);
    VERIFY_CLI(result.err.contains(QStringLiteral("simulate-research-query: the server runs the call as task ")), result);
    // Not a terminal: a plain line per change, the server's statusMessage in it; the end is shown too.
    const QString working = QStringLiteral("simulate-research-query: ") + Task::describeStatus(Task::Status::Working) + QStringLiteral(": ");
    VERIFY_CLI(result.err.contains(working + QStringLiteral("Gathering sources...")), result);
    VERIFY_CLI(result.err.count(working) >= 2, result);
    VERIFY_CLI(result.err.contains(QStringLiteral("simulate-research-query: ") + Task::describeStatus(Task::Status::Completed)), result);
    VERIFY_CLI(!result.err.contains(QStringLiteral("\x1b[K")), result);
    // The status lines are stderr's: stdout is the result alone.
    VERIFY_CLI(!result.out().contains(QStringLiteral("Gathering sources...")), result);
}

void tst_CliTasks::researchQueryJson()
{
    const CliRun result = run(QStringList{QStringLiteral("--yes"), QStringLiteral("--json"), QStringLiteral("call"),
                                          QStringLiteral("simulate-research-query"), QStringLiteral("topic=moss"), QStringLiteral("--")}
                              + everythingCommand());
    VERIFY_CLI(result.exitCode == 0, result);
    const QJsonObject document = result.json();
    VERIFY_CLI(document.value(QLatin1String("outcome")).toString() == QStringLiteral("succeeded"), result);
    VERIFY_CLI(document.value(QLatin1String("content")).toArray().at(0).toObject().value(QLatin1String("text")).toString()
                   .contains(QStringLiteral("# Research Report: moss")),
               result);
}

void tst_CliTasks::statusLineUpdatesInPlaceOnATerminal()
{
#ifndef Q_OS_UNIX
    QSKIP("needs script(1) for a pseudo-terminal");
#else
    const QString script = QStandardPaths::findExecutable(QStringLiteral("script"));
    QVERIFY2(!script.isEmpty(), "script(1) (util-linux) is needed for a pseudo-terminal");
    QStringList words{cliPath(), QStringLiteral("--yes"), QStringLiteral("call"), QStringLiteral("simulate-research-query"),
                      QStringLiteral("topic=dunes"), QStringLiteral("--")};
    words += everythingCommand();
    for (QString &word : words)
        word = u'\'' + word + u'\'';
    const CliRun result = runToEnd(script, {QStringLiteral("-qec"), words.join(u' '), QStringLiteral("/dev/null")},
                                   m_cli.configHome());
    VERIFY_CLI(result.exitCode == 0, result);
    const QString all = result.all();
    VERIFY_CLI(all.contains(QStringLiteral("# Research Report: dunes")), result);
    // One line, rewritten: back to its start and cleared, then the new status; cleared before the result.
    const QString rewrite = QStringLiteral("\r\x1b[Ksimulate-research-query: ") + Task::describeStatus(Task::Status::Working);
    VERIFY_CLI(all.count(rewrite) >= 1, result);
    VERIFY_CLI(all.lastIndexOf(QStringLiteral("\r\x1b[K")) < all.indexOf(QStringLiteral("# Research Report")), result);
    // Status changes are not printed as lines of their own.
    VERIFY_CLI(!all.contains(QStringLiteral("Gathering sources...\r\n")), result);
#endif
}

void tst_CliTasks::serverWithoutTasks()
{
    const QStringList fault{QStringLiteral("--"), executable(QStringLiteral("toolgate-fault-server"))};
    const CliRun list = run(QStringList{QStringLiteral("task"), QStringLiteral("list")} + fault);
    VERIFY_CLI(list.exitCode == 5, list);
    VERIFY_CLI(list.err.contains(QStringLiteral("does not run tasks")), list);
    const CliRun get = run(QStringList{QStringLiteral("task"), QStringLiteral("get"), QStringLiteral("x")} + fault);
    VERIFY_CLI(get.exitCode == 5, get);
    VERIFY_CLI(get.err.contains(QStringLiteral("does not run tasks")), get);
}

void tst_CliTasks::everythingListsNoTasksAfterTheRun()
{
    // A server toolgate-cli starts itself is a new one each run: it has no tasks yet.
    const CliRun list = run(QStringList{QStringLiteral("task"), QStringLiteral("list"), QStringLiteral("--")} + everythingCommand());
    VERIFY_CLI(list.exitCode == 0, list);
    VERIFY_CLI(list.err.contains(QStringLiteral("The server lists no tasks.")), list);
    const CliRun json = run(QStringList{QStringLiteral("--json"), QStringLiteral("task"), QStringLiteral("list"), QStringLiteral("--")}
                            + everythingCommand());
    VERIFY_CLI(json.exitCode == 0, json);
    VERIFY_CLI(json.json().value(QLatin1String("tasks")).isArray(), json);
}

QString tst_CliTasks::startWithoutWaiting(const QString &tool, const QStringList &arguments, CliRun *failed) const
{
    *failed = run(peer(QStringList{QStringLiteral("--yes"), QStringLiteral("--no-wait"), QStringLiteral("call"), tool} + arguments));
    const QRegularExpressionMatch id = QRegularExpression(QStringLiteral("^task: (\\S+)$"), QRegularExpression::MultilineOption)
                                           .match(failed->out());
    if (failed->exitCode != 0 || !id.hasMatch())
        return {};
    return id.captured(1);
}

void tst_CliTasks::noWaitThenGetListResult()
{
    CliRun started;
    const QString id = startWithoutWaiting(QStringLiteral("simulate-research-query"), {QStringLiteral("topic=comets")}, &started);
    VERIFY_CLI(!id.isEmpty(), started);
    VERIFY_CLI(started.out().contains(QStringLiteral("server: ")), started);
    // How to look at it, ready to paste.
    VERIFY_CLI(started.err.contains(QStringLiteral("toolgate-cli --url %1 task get %2").arg(m_peerUrl, id)), started);
    // It did not wait: no result, no status lines.
    VERIFY_CLI(!started.out().contains(QStringLiteral("Research Report")), started);

    // Another run finds it still working: exiting did not cancel it.
    const CliRun got = run(peer({QStringLiteral("task"), QStringLiteral("get"), id}));
    VERIFY_CLI(got.exitCode == 0, got);
    VERIFY_CLI(got.out().contains(QStringLiteral("task: ") + id), got);
    VERIFY_CLI(got.out().contains(QStringLiteral("status: ") + Task::describeStatus(Task::Status::Working)), got);

    const CliRun listed = run(peer({QStringLiteral("task"), QStringLiteral("list")}));
    VERIFY_CLI(listed.exitCode == 0, listed);
    VERIFY_CLI(listed.out().contains(id), listed);
    const CliRun listedJson = run(peer({QStringLiteral("--json"), QStringLiteral("task"), QStringLiteral("list")}));
    bool found = false;
    for (const QJsonValue &task : listedJson.json().value(QLatin1String("tasks")).toArray())
        found = found || task.toObject().value(QLatin1String("taskId")).toString() == id;
    VERIFY_CLI(found, listedJson);

    // task result waits for it, showing its status, and prints the result as call does.
    const CliRun result = run(peer({QStringLiteral("task"), QStringLiteral("result"), id}));
    VERIFY_CLI(result.exitCode == 0, result);
    VERIFY_CLI(result.out().contains(QStringLiteral("# Research Report: comets")), result);
    VERIFY_CLI(result.err.contains(QStringLiteral("task %1: ").arg(id)), result);

    const CliRun done = run(peer({QStringLiteral("--json"), QStringLiteral("task"), QStringLiteral("get"), id}));
    VERIFY_CLI(done.exitCode == 0, done);
    VERIFY_CLI(done.json().value(QLatin1String("task")).toObject().value(QLatin1String("status")).toString()
                   == QStringLiteral("completed"), done);

    // An ended task cannot be cancelled, and the CLI says so.
    const CliRun late = run(peer({QStringLiteral("task"), QStringLiteral("cancel"), id}));
    VERIFY_CLI(late.exitCode == 5, late);
    VERIFY_CLI(late.err.contains(QStringLiteral("has already ended")), late);
}

void tst_CliTasks::unknownTaskIdInPlainWords()
{
    for (const QString &action : {QStringLiteral("get"), QStringLiteral("result"), QStringLiteral("cancel")}) {
        const CliRun result = run(peer({QStringLiteral("task"), action, QStringLiteral("no-such-task")}));
        VERIFY_CLI(result.exitCode == 5, result);
        VERIFY_CLI(result.err.contains(QStringLiteral("knows no task \"no-such-task\"")), result);
    }
}

void tst_CliTasks::taskCancelCommand()
{
    CliRun started;
    const QString id = startWithoutWaiting(QStringLiteral("simulate-research-query"), {QStringLiteral("topic=fog")}, &started);
    VERIFY_CLI(!id.isEmpty(), started);
    const CliRun cancelled = run(peer({QStringLiteral("task"), QStringLiteral("cancel"), id}));
    VERIFY_CLI(cancelled.exitCode == 0, cancelled);
    VERIFY_CLI(cancelled.out().contains(QStringLiteral("Task %1 cancelled").arg(id)), cancelled);
    const CliRun got = run(peer({QStringLiteral("--json"), QStringLiteral("task"), QStringLiteral("get"), id}));
    VERIFY_CLI(got.json().value(QLatin1String("task")).toObject().value(QLatin1String("status")).toString()
                   == QStringLiteral("cancelled"), got);
}

void tst_CliTasks::interruptCancelsTheTaskAndIsAudited()
{
#ifndef Q_OS_UNIX
    QSKIP("sends SIGINT");
#else
    QTemporaryDir data;
    QVERIFY(data.isValid());
    const QString audit = data.filePath(QStringLiteral("audit.sqlite"));
    QString problem;
    const SignalledRun signalled = signalTheTaskRun(SIGINT, QStringLiteral("storms"), audit, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QString &id = signalled.taskId;
    const QString &err = signalled.err;
    QCOMPARE(signalled.exitStatus, QProcess::NormalExit);
    QVERIFY2(signalled.exitCode == 130, qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("Cancelling task %1 at the server").arg(id)), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("the call was cancelled")), qPrintable(err));

    // The server got the tasks/cancel: the task is cancelled there, not finished.
    const CliRun got = run(peer({QStringLiteral("--json"), QStringLiteral("task"), QStringLiteral("get"), id}));
    VERIFY_CLI(got.json().value(QLatin1String("task")).toObject().value(QLatin1String("status")).toString()
                   == QStringLiteral("cancelled"), got);

    // And the audit log has the call, cancelled.
    const CliRun listed = run({QStringLiteral("audit"), QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--type"),
                               QStringLiteral("tool_call")},
                              {{QStringLiteral("TOOLGATE_AUDIT_DB"), audit}});
    VERIFY_CLI(listed.exitCode == 0, listed);
    const QJsonObject record = QJsonDocument::fromJson(listed.out().section(u'\n', 0, 0).toUtf8()).object();
    VERIFY_CLI(record.value(QLatin1String("name")).toString() == QStringLiteral("simulate-research-query"), listed);
    VERIFY_CLI(record.value(QLatin1String("outcome")).toString() == QStringLiteral("cancelled"), listed);
#endif
}

#ifdef Q_OS_UNIX
tst_CliTasks::SignalledRun tst_CliTasks::signalTheTaskRun(int signalNumber, const QString &topic, const QString &auditPath,
                                                          QString *problem) const
{
    SignalledRun run;
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_cli.configHome());
    environment.insert(QStringLiteral("TOOLGATE_AUDIT_DB"), auditPath);
    process.setProcessEnvironment(environment);
    process.start(cliPath(), peer({QStringLiteral("--yes"), QStringLiteral("call"), QStringLiteral("simulate-research-query"),
                                   QStringLiteral("topic=") + topic}));
    if (!process.waitForStarted(10000)) {
        *problem = process.errorString();
        return run;
    }
    const QRegularExpression created(QStringLiteral("runs the call as task (\\S+) "));
    QRegularExpressionMatch match;
    QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired() && process.state() == QProcess::Running && !match.hasMatch()) {
        process.waitForReadyRead(100);
        run.err += QString::fromUtf8(process.readAllStandardError());
        match = created.match(run.err);
    }
    if (!match.hasMatch()) {
        *problem = QStringLiteral("no task was created:\n") + run.err;
        process.kill();
        process.waitForFinished(5000);
        return run;
    }
    run.taskId = match.captured(1);
    ::kill(pid_t(process.processId()), signalNumber);
    if (!process.waitForFinished(20000)) {
        *problem = QStringLiteral("the run did not end after the signal:\n") + run.err;
        return run;
    }
    run.err += QString::fromUtf8(process.readAllStandardError());
    run.exitCode = process.exitCode();
    run.exitStatus = process.exitStatus();
    return run;
}
#endif

// SIGTERM (a service manager, a CI runner giving up, kill) is Ctrl-C: the task is cancelled at the
// server rather than left running there (issue #35).
void tst_CliTasks::terminationCancelsTheTaskAtTheServer()
{
#ifndef Q_OS_UNIX
    QSKIP("sends SIGTERM");
#else
    QTemporaryDir data;
    QVERIFY(data.isValid());
    QString problem;
    const SignalledRun signalled = signalTheTaskRun(SIGTERM, QStringLiteral("fog"), data.filePath(QStringLiteral("audit.sqlite")), &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const QString &id = signalled.taskId;
    const QString &err = signalled.err;
    QCOMPARE(signalled.exitStatus, QProcess::NormalExit); // not killed by the signal: it handled it
    QVERIFY2(signalled.exitCode == 130, qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("Cancelling task %1 at the server").arg(id)), qPrintable(err));
    const CliRun got = run(peer({QStringLiteral("--json"), QStringLiteral("task"), QStringLiteral("get"), id}));
    VERIFY_CLI(got.json().value(QLatin1String("task")).toObject().value(QLatin1String("status")).toString()
                   == QStringLiteral("cancelled"), got);
#endif
}

// A task that never ends kept "call" running for ever: --timeout, when given, bounds a task's silence
// too. The demo server's long_report over an hour says nothing for twelve minutes between chapters.
void tst_CliTasks::aQuietTaskEndsWithTheTimeout()
{
    const QString demo = executable(QStringLiteral("toolgate-demo-server"));
    const CliRun result = run({QStringLiteral("--yes"), QStringLiteral("--timeout"), QStringLiteral("2"), QStringLiteral("call"),
                               QStringLiteral("long_report"), QStringLiteral("seconds=3600"), QStringLiteral("--"), demo});
    VERIFY_CLI(result.exitCode == 5, result);
    VERIFY_CLI(result.err.contains(QStringLiteral("sent no news for 2 s (--timeout); cancelling it at the server")), result);
    VERIFY_CLI(result.err.contains(QStringLiteral("the task sent no news within --timeout and was cancelled at the server")), result);
}

void tst_CliTasks::failingTask()
{
    const CliRun result = run(peer({QStringLiteral("--yes"), QStringLiteral("call"), QStringLiteral("failing-task")}));
    VERIFY_CLI(result.exitCode == 1, result);
    VERIFY_CLI(result.out().contains(QStringLiteral("Error: the simulated job broke")), result);
    VERIFY_CLI(result.err.contains(QStringLiteral("failing-task: ") + Task::describeStatus(Task::Status::Working)
                                   + QStringLiteral(": Trying hard...")),
               result);
    VERIFY_CLI(result.err.contains(QStringLiteral("failing-task: ") + Task::describeStatus(Task::Status::Failed)), result);

    // The same through task result, after --no-wait.
    CliRun started;
    const QString id = startWithoutWaiting(QStringLiteral("failing-task"), {}, &started);
    VERIFY_CLI(!id.isEmpty(), started);
    const CliRun later = run(peer({QStringLiteral("task"), QStringLiteral("result"), id}));
    VERIFY_CLI(later.exitCode == 1, later);
    VERIFY_CLI(later.out().contains(QStringLiteral("Error: the simulated job broke")), later);
}

void tst_CliTasks::optionalToolRunsAsTaskOnlyWhenAsked()
{
    const CliRun plain = run(peer({QStringLiteral("--yes"), QStringLiteral("call"), QStringLiteral("optional-task")}));
    VERIFY_CLI(plain.exitCode == 0, plain);
    VERIFY_CLI(plain.out().contains(QStringLiteral("done")), plain);
    VERIFY_CLI(!plain.err.contains(QStringLiteral("runs the call as task")), plain);

    const CliRun asTask = run(peer({QStringLiteral("--yes"), QStringLiteral("--task"), QStringLiteral("call"), QStringLiteral("optional-task")}));
    VERIFY_CLI(asTask.exitCode == 0, asTask);
    VERIFY_CLI(asTask.out().contains(QStringLiteral("done")), asTask);
    VERIFY_CLI(asTask.err.contains(QStringLiteral("optional-task: the server runs the call as task ")), asTask);
}

QTEST_GUILESS_MAIN(tst_CliTasks)
void tst_CliTasks::doctorChecksTheHttpPeer()
{
    // Issue #34: the Connection Doctor against a real Streamable HTTP server: connected, answered.
    const CliRun healthy = run({QStringLiteral("doctor"), QStringLiteral("--url"), m_peerUrl});
    VERIFY_CLI(healthy.exitCode == 0, healthy);
    VERIFY_CLI(healthy.out().contains(QStringLiteral("accepted the connection.")), healthy);
    VERIFY_CLI(healthy.out().contains(QStringLiteral("It answered initialize: toolgate-task-peer")), healthy);
    VERIFY_CLI(healthy.out().trimmed().endsWith(QStringLiteral("No problem found.")), healthy);

    // The wrong path: the endpoint is elsewhere, said in one sentence.
    QUrl elsewhere(m_peerUrl);
    elsewhere.setPath(QStringLiteral("/not-mcp"));
    const CliRun wrongPath = run({QStringLiteral("doctor"), QStringLiteral("--url"), elsewhere.toString()});
    VERIFY_CLI(wrongPath.exitCode == 4, wrongPath);
    VERIFY_CLI(wrongPath.out().trimmed().endsWith(QStringLiteral("Problem: The server answered HTTP 404 at this path: its MCP endpoint is "
                                                                 "elsewhere (often /mcp, or /sse for servers of the older HTTP+SSE kind).")),
               wrongPath);
}

#include "tst_clitasks.moc"
