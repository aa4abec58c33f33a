#include "core/common/error.h"
#include "core/transport/stdiotransport.h"
#include "postedevents.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/stat.h>
#include <sys/types.h>
#include <cerrno>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace std::chrono_literals;
using Toolgate::TestSupport::deliverPostedEvents;

namespace {

QString faultServer()
{
    return QStringLiteral(TOOLGATE_BIN_DIR "/toolgate-fault-server");
}

StdioLaunchSpec faultSpec(const QStringList &arguments = {})
{
    StdioLaunchSpec spec;
    spec.program = faultServer();
    spec.arguments = arguments;
    return spec;
}

/// /bin/sh running script as the server.
StdioLaunchSpec shellSpec(const QString &script)
{
    StdioLaunchSpec spec;
    spec.program = QStringLiteral("/bin/sh");
    spec.arguments = {QStringLiteral("-c"), script};
    return spec;
}

QByteArray toolCall(int id, const QString &tool, const QJsonObject &arguments = {})
{
    const QJsonObject message{{u"jsonrpc"_s, u"2.0"_s},
                              {u"id"_s, id},
                              {u"method"_s, u"tools/call"_s},
                              {u"params"_s, QJsonObject{{u"name"_s, tool}, {u"arguments"_s, arguments}}}};
    return QJsonDocument(message).toJson(QJsonDocument::Compact);
}

// What the fault server answers a tool with: a text result, keys sorted as QJsonObject writes them.
QByteArray textReply(int id, const QString &text)
{
    return "{\"id\":" + QByteArray::number(id) + ",\"jsonrpc\":\"2.0\",\"result\":{\"content\":[{\"text\":\""
        + text.toUtf8() + "\",\"type\":\"text\"}],\"isError\":false}}";
}

/// Spies on every signal of a transport.
struct Spies
{
    explicit Spies(Transport *t)
        : started(t, &Transport::started)
        , messages(t, &Transport::messageReceived)
        , dropped(t, &Transport::messageDropped)
        , violations(t, &Transport::protocolViolation)
        , diagnostics(t, &Transport::diagnosticLine)
        , errors(t, &Transport::errorOccurred)
        , closed(t, &Transport::closed)
    {}
    QSignalSpy started, messages, dropped, violations, diagnostics, errors, closed;

    QStringList diagnosticLines() const
    {
        QStringList out;
        for (const auto &args : diagnostics)
            out.append(args.first().toString());
        return out;
    }
    Error error(int i = 0) const { return errors.at(i).first().value<Error>(); }
    bool sawMessage(const QByteArray &text) const
    {
        for (const auto &args : messages)
            if (args.first().toByteArray() == text)
                return true;
        return false;
    }
};

/// The fault server (with arguments and options) over a transport whose every signal is spied on.
struct FaultServer
{
    explicit FaultServer(const QStringList &arguments = {}, const StdioTransport::Options &options = {})
        : transport(faultSpec(arguments), options)
        , spies(&transport)
    { }
    /// Starts it: true once it started (within 5 s).
    bool start()
    {
        transport.start();
        return spies.started.wait(5000);
    }
    StdioTransport transport;
    Spies spies;
};

bool processExists(qint64 pid)
{
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
}

} // namespace

class tst_StdioTransport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void echoRoundTrip();
    void describesCommandLine();
    void specEnvironmentReachesChild();
    void secretsDoNotLeak();
    void fullEnvironmentWhenAsked();
    void childEnvironmentStatic();
    void workingDirectoryHonoured();
    void relativeProgramResolvedInWorkingDirectory();
    void garbageAtStartIsViolationNotFatal();
    void stderrLinesKeptAndEmitted();
    void stderrLinesCapped();
    void exitImmediatelyReported();
    void crashReported();
    void programNotFoundNamesPath();
    void unstartableProgramIsReported_data();
    void unstartableProgramIsReported();
    void aDirectoryIsNoProgram();
    void gracefulCloseIsQuick();
    void closeEscalates_data();
    void closeEscalates();
    void exitGraceShortensTheFirstStepOnly();
    void closeBeforeStart();
    void closeWhileStarting();
    void oversizedMessageDroppedTransportUsable();
    void messageExactlyAtLimitAccepted();
    void sendAfterCloseIsIgnored();
    void destructorKillsChild();
    void writingToAServerThatClosedItsInputIsNotFatal();
    void childGetsTheDefaultSigpipe();
    void stdoutClosedWhileRunningEndsReceiving();
    void stdoutClosedAtExitIsAnExit();
    void secretsInStderrAndStdoutChatterAreRedacted();
};

void tst_StdioTransport::initTestCase()
{
    QVERIFY2(QFileInfo(faultServer()).isExecutable(), qPrintable(faultServer()));
}

void tst_StdioTransport::echoRoundTrip()
{
    FaultServer fault;
    auto &[transport, spies] = fault;
    QCOMPARE(transport.state(), Transport::State::Idle);
    transport.start();
    QVERIFY(spies.started.wait(5000));
    QCOMPARE(transport.state(), Transport::State::Open);
    QVERIFY(transport.isOpen());
    QVERIFY(transport.processId() > 0);

    transport.send(toolCall(1, u"echo"_s, {{u"text"_s, u"hello"_s}}));
    QVERIFY(spies.messages.wait(5000));
    QCOMPARE(spies.messages.count(), 1);
    QCOMPARE(spies.messages.first().first().toByteArray(), textReply(1, u"hello"_s));

    // Several messages in a row keep their order and framing.
    transport.send(toolCall(2, u"echo"_s, {{u"text"_s, u"a"_s}}));
    transport.send(toolCall(3, u"echo"_s, {{u"text"_s, u"b"_s}}));
    QTRY_COMPARE_WITH_TIMEOUT(spies.messages.count(), 3, 5000);
    QCOMPARE(spies.messages.at(1).first().toByteArray(), textReply(2, u"a"_s));
    QCOMPARE(spies.messages.at(2).first().toByteArray(), textReply(3, u"b"_s));
    QCOMPARE(spies.violations.count(), 0);
    QCOMPARE(spies.errors.count(), 0);

    transport.close();
    QVERIFY(spies.closed.wait(5000));
    QCOMPARE(spies.closed.count(), 1);
    QCOMPARE(spies.errors.count(), 0);
    QCOMPARE(transport.state(), Transport::State::Closed);
}

void tst_StdioTransport::describesCommandLine()
{
    StdioLaunchSpec spec;
    spec.program = u"/usr/bin/prog"_s;
    spec.arguments = {u"--flag"_s, u"two words"_s, u"it's"_s, QString()};
    StdioTransport transport(spec);
    QCOMPARE(transport.description(), u"/usr/bin/prog --flag 'two words' 'it'\\''s' ''"_s);
    QCOMPARE(transport.spec().arguments, spec.arguments);
}

void tst_StdioTransport::specEnvironmentReachesChild()
{
    StdioLaunchSpec spec = shellSpec(u"echo \"FOO=$FOO\" >&2; echo \"SPACE=$WITH_SPACE\" >&2"_s);
    spec.environment.insert(u"FOO"_s, u"bar"_s);
    spec.environment.insert(u"WITH_SPACE"_s, u"a b  c"_s);
    StdioTransport transport(spec);
    Spies spies(&transport);
    transport.start();
    QTRY_COMPARE_WITH_TIMEOUT(spies.closed.count(), 1, 5000);
    QCOMPARE(spies.diagnosticLines(), (QStringList{u"FOO=bar"_s, u"SPACE=a b  c"_s}));
    QCOMPARE(transport.recentStderr(), (QStringList{u"FOO=bar"_s, u"SPACE=a b  c"_s}));
}

void tst_StdioTransport::secretsDoNotLeak()
{
    qputenv("TOOLGATE_TEST_SECRET", "hunter2");
    qputenv("TOOLGATE_TEST_FOO", "from-parent");
    StdioLaunchSpec spec;
    spec.program = u"sh"_s;
    // Labels that do not look like credentials: stderr is redacted, and "SECRET=x" would be.
    spec.arguments = {u"-c"_s, u"echo \"LEAKED=$TOOLGATE_TEST_SECRET FOO=$TOOLGATE_TEST_FOO PATH=$PATH\" >&2"_s};
    spec.environment.insert(u"TOOLGATE_TEST_FOO"_s, u"from-spec"_s); // the spec overrides ours
    StdioTransport transport(spec);
    Spies spies(&transport);
    transport.start();
    QTRY_COMPARE_WITH_TIMEOUT(spies.closed.count(), 1, 5000);
    qunsetenv("TOOLGATE_TEST_SECRET");
    qunsetenv("TOOLGATE_TEST_FOO");
    QCOMPARE(spies.diagnosticLines(),
             QStringList{u"LEAKED= FOO=from-spec PATH="_s + qEnvironmentVariable("PATH")});
}

void tst_StdioTransport::fullEnvironmentWhenAsked()
{
    qputenv("TOOLGATE_TEST_SECRET", "hunter2");
    StdioLaunchSpec spec = shellSpec(u"echo \"LEAKED=$TOOLGATE_TEST_SECRET\" >&2"_s);
    spec.inheritFullEnvironment = true;
    StdioTransport transport(spec);
    Spies spies(&transport);
    transport.start();
    QTRY_COMPARE_WITH_TIMEOUT(spies.closed.count(), 1, 5000);
    qunsetenv("TOOLGATE_TEST_SECRET");
    QCOMPARE(spies.diagnosticLines(), QStringList{u"LEAKED=hunter2"_s});
}

void tst_StdioTransport::childEnvironmentStatic()
{
    const QByteArray home = qgetenv("HOME");
    qputenv("TOOLGATE_TEST_SECRET", "hunter2");
    qputenv("HOME", "/home/tester");
    StdioLaunchSpec spec;
    spec.environment.insert(u"API_KEY"_s, u"k"_s);
    spec.environment.insert(u"PATH"_s, u"/only/here"_s);
    const auto env = StdioTransport::childEnvironment(spec);
    QVERIFY(!env.contains(u"TOOLGATE_TEST_SECRET"_s));
    QCOMPARE(env.value(u"API_KEY"_s), u"k"_s);
    QCOMPARE(env.value(u"PATH"_s), u"/only/here"_s);
    QCOMPARE(env.value(u"HOME"_s), u"/home/tester"_s);
    spec.inheritFullEnvironment = true;
    const QString inherited = StdioTransport::childEnvironment(spec).value(u"TOOLGATE_TEST_SECRET"_s);
    qunsetenv("TOOLGATE_TEST_SECRET");
    qputenv("HOME", home);
    QCOMPARE(inherited, u"hunter2"_s);
}

void tst_StdioTransport::workingDirectoryHonoured()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    StdioLaunchSpec spec = shellSpec(u"pwd -P >&2"_s);
    spec.workingDirectory = dir.path();
    StdioTransport transport(spec);
    Spies spies(&transport);
    transport.start();
    QTRY_COMPARE_WITH_TIMEOUT(spies.closed.count(), 1, 5000);
    QCOMPARE(spies.diagnosticLines(), QStringList{QFileInfo(dir.path()).canonicalFilePath()});
}

void tst_StdioTransport::relativeProgramResolvedInWorkingDirectory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile script(dir.filePath(u"server.sh"_s));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\necho \"script ran in $(pwd -P)\" >&2\n");
    script.close();
    QVERIFY(script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));

    StdioLaunchSpec spec;
    spec.program = u"./server.sh"_s;
    spec.workingDirectory = dir.path();
    const auto resolved = StdioTransport::resolveProgram(spec);
    QVERIFY(resolved.ok());
    QCOMPARE(QFileInfo(resolved.value()).canonicalFilePath(), QFileInfo(dir.filePath(u"server.sh"_s)).canonicalFilePath());

    StdioTransport transport(spec);
    Spies spies(&transport);
    transport.start();
    QTRY_COMPARE_WITH_TIMEOUT(spies.closed.count(), 1, 5000);
    QCOMPARE(spies.diagnosticLines(), QStringList{u"script ran in "_s + QFileInfo(dir.path()).canonicalFilePath()});
}

void tst_StdioTransport::garbageAtStartIsViolationNotFatal()
{
    FaultServer fault({u"--garbage-at-start"_s});
    auto &[transport, spies] = fault;
    transport.start();
    QVERIFY(spies.violations.wait(5000));
    QCOMPARE(spies.violations.count(), 1);
    QCOMPARE(spies.violations.first().first().toString(),
             u"the server wrote a line that is not a JSON-RPC message to stdout: fault server starting..."_s);
    QCOMPARE(spies.messages.count(), 0);
    QVERIFY(transport.isOpen());
    QCOMPARE(spies.errors.count(), 0);

    transport.send(toolCall(1, u"echo"_s, {{u"text"_s, u"still here"_s}}));
    QVERIFY(spies.messages.wait(5000));
    QCOMPARE(spies.messages.first().first().toByteArray(), textReply(1, u"still here"_s));
    QCOMPARE(spies.violations.count(), 1);
    QCOMPARE(spies.closed.count(), 0);
}

void tst_StdioTransport::stderrLinesKeptAndEmitted()
{
    FaultServer fault;
    auto &[transport, spies] = fault;
    QVERIFY(fault.start());
    transport.send(toolCall(1, u"stderr_spam"_s, {{u"lines"_s, 5}}));
    QVERIFY(spies.messages.wait(5000));
    QCOMPARE(spies.messages.first().first().toByteArray(), textReply(1, u"stderr_spam done"_s));
    const QStringList expected{u"recv: tools/call 1"_s,
                               u"note: tools/call before notifications/initialized"_s,
                               u"stderr spam line 0"_s,
                               u"stderr spam line 1"_s,
                               u"stderr spam line 2"_s,
                               u"stderr spam line 3"_s,
                               u"stderr spam line 4"_s};
    QTRY_COMPARE_WITH_TIMEOUT(spies.diagnosticLines(), expected, 5000);
    QCOMPARE(transport.recentStderr(), expected);
    QCOMPARE(spies.violations.count(), 0); // stderr is not the protocol channel
}

void tst_StdioTransport::stderrLinesCapped()
{
    StdioTransport::Options options;
    options.stderrLinesKept = 3;
    FaultServer fault({}, options);
    auto &[transport, spies] = fault;
    QVERIFY(fault.start());
    transport.send(toolCall(1, u"stderr_spam"_s, {{u"lines"_s, 1000}}));
    QVERIFY(spies.messages.wait(5000));
    QTRY_COMPARE_WITH_TIMEOUT(spies.diagnostics.count(), 1002, 5000); // recv + note + 1000
    QCOMPARE(transport.recentStderr(),
             (QStringList{u"stderr spam line 997"_s, u"stderr spam line 998"_s, u"stderr spam line 999"_s}));
}

void tst_StdioTransport::exitImmediatelyReported()
{
    FaultServer fault({u"--exit-immediately"_s, u"7"_s});
    auto &[transport, spies] = fault;
    QList<QByteArray> order;
    connect(&transport, &Transport::errorOccurred, this, [&] { order.append("error"); });
    connect(&transport, &Transport::closed, this, [&] { order.append("closed"); });
    transport.start();
    QVERIFY(spies.closed.wait(5000));
    QCOMPARE(spies.errors.count(), 1);
    const Error error = spies.error();
    QCOMPARE(error.code, int(ErrorCode::TransportError));
    QVERIFY2(error.message.contains(u"code 7"_s), qPrintable(error.message));
    QVERIFY2(error.message.contains(u"failing at start"_s), qPrintable(error.message));
    QCOMPARE(error.message, u"the server exited with code 7. Its last output on stderr:\nfailing at start"_s);
    QCOMPARE(error.data.toObject().value(u"exitCode"_s).toInt(), 7);
    QCOMPARE(error.data.toObject().value(u"crashed"_s).toBool(), false);
    QCOMPARE(order, (QList<QByteArray>{"error", "closed"}));
    QCOMPARE(transport.state(), Transport::State::Closed);
    // Closed: the process is reaped and the timers are stopped, so only what is queued could follow.
    QVERIFY(deliverPostedEvents());
    QCOMPARE(spies.closed.count(), 1);
    QCOMPARE(spies.errors.count(), 1);
    // close() after the end changes nothing.
    transport.close();
    QVERIFY(deliverPostedEvents()); // a second closed() would be queued
    QCOMPARE(spies.closed.count(), 1);
}

void tst_StdioTransport::crashReported()
{
    FaultServer fault;
    auto &[transport, spies] = fault;
    QVERIFY(fault.start());
    transport.send(toolCall(1, u"abort"_s));
    QVERIFY(spies.closed.wait(5000));
    QCOMPARE(spies.errors.count(), 1);
    const Error error = spies.error();
    QCOMPARE(error.code, int(ErrorCode::TransportError));
    QVERIFY2(error.message.startsWith(u"the server crashed"_s), qPrintable(error.message));
    QVERIFY2(error.message.contains(u"recv: tools/call 1"_s), qPrintable(error.message));
    QCOMPARE(error.data.toObject().value(u"crashed"_s).toBool(), true);
    QCOMPARE(spies.closed.count(), 1);
}

void tst_StdioTransport::programNotFoundNamesPath()
{
    StdioLaunchSpec spec;
    spec.program = u"toolgate-no-such-command"_s;
    spec.environment.insert(u"PATH"_s, u"/nonexistent/a:/nonexistent/b"_s);
    StdioTransport transport(spec);
    Spies spies(&transport);
    QList<QByteArray> order;
    connect(&transport, &Transport::errorOccurred, this, [&] { order.append("error"); });
    connect(&transport, &Transport::closed, this, [&] { order.append("closed"); });
    transport.start();
    QCOMPARE(spies.errors.count(), 0); // reported asynchronously
    QVERIFY(spies.closed.wait(5000));
    QCOMPARE(spies.errors.count(), 1);
    QCOMPARE(spies.started.count(), 0);
    const Error error = spies.error();
    QCOMPARE(error.code, int(ErrorCode::CommandNotFound));
    QCOMPARE(error.message,
             u"the command \"toolgate-no-such-command\" was not found. Searched PATH: /nonexistent/a:/nonexistent/b. "
             "Install it, or give its full path in the server's settings."_s);
    QCOMPARE(error.data.toObject().value(u"path"_s).toString(), u"/nonexistent/a:/nonexistent/b"_s);
    QCOMPARE(order, (QList<QByteArray>{"error", "closed"}));
    QCOMPARE(transport.state(), Transport::State::Closed);

    // With our own PATH, the message names it.
    StdioLaunchSpec plain;
    plain.program = u"toolgate-no-such-command"_s;
    const auto resolved = StdioTransport::resolveProgram(plain);
    QVERIFY(!resolved.ok());
    QCOMPARE(resolved.error().code, int(ErrorCode::CommandNotFound));
    QVERIFY2(resolved.error().message.contains(u"Searched PATH: "_s + qEnvironmentVariable("PATH") + u'.'),
             qPrintable(resolved.error().message));
}

void tst_StdioTransport::unstartableProgramIsReported_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::addRow("a path that does not exist")
        << u"/nonexistent/dir/server"_s << int(ErrorCode::CommandNotFound) << u"the command /nonexistent/dir/server does not exist"_s;
    QTest::addRow("no program") << u"  "_s << int(ErrorCode::ConfigError) << u"no command is configured for this server"_s;
}

void tst_StdioTransport::unstartableProgramIsReported()
{
    QFETCH(QString, program);
    QFETCH(int, code);
    QFETCH(QString, message);
    StdioLaunchSpec spec;
    spec.program = program;
    StdioTransport transport(spec);
    Spies spies(&transport);
    transport.start();
    QVERIFY(spies.closed.wait(5000));
    QCOMPARE(spies.errors.count(), 1);
    QCOMPARE(spies.error().code, code);
    QCOMPARE(spies.error().message, message);
}

void tst_StdioTransport::aDirectoryIsNoProgram()
{
    QTemporaryDir dir;
    StdioLaunchSpec directory;
    directory.program = dir.path();
    const auto resolved = StdioTransport::resolveProgram(directory);
    QVERIFY(!resolved.ok());
    QCOMPARE(resolved.error().code, int(ErrorCode::CommandNotFound));
    QCOMPARE(resolved.error().message, dir.path() + u" is not an executable program"_s);
}

void tst_StdioTransport::gracefulCloseIsQuick()
{
    FaultServer fault; // default 2 s per shutdown step
    auto &[transport, spies] = fault;
    QVERIFY(fault.start());
    QElapsedTimer clock;
    clock.start();
    transport.close();
    QCOMPARE(transport.state(), Transport::State::Closing);
    QVERIFY(spies.closed.wait(5000));
    QVERIFY2(clock.elapsed() < 1500, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(spies.closed.count(), 1);
    QCOMPARE(spies.errors.count(), 0);
    QCOMPARE(transport.state(), Transport::State::Closed);
    QTRY_VERIFY_WITH_TIMEOUT(transport.recentStderr().contains(u"stdin closed, exiting"_s), 2000);
    // A second close() does nothing.
    transport.close();
    QVERIFY(deliverPostedEvents()); // a second closed() would be queued
    QCOMPARE(spies.closed.count(), 1);
}

void tst_StdioTransport::closeEscalates_data()
{
    QTest::addColumn<QStringList>("ignoring"); // what the server ignores of the ladder
    QTest::addColumn<int>("steps"); // the steps of 200 ms that go by before it ends
    QTest::addRow("to SIGTERM") << QStringList{u"--ignore-stdin-eof"_s} << 1;
    QTest::addRow("to SIGKILL") << QStringList{u"--ignore-stdin-eof"_s, u"--ignore-sigterm"_s} << 2;
}

void tst_StdioTransport::closeEscalates()
{
    QFETCH(QStringList, ignoring);
    QFETCH(int, steps);
    StdioTransport::Options options;
    options.shutdownStepTimeout = 200ms;
    FaultServer fault(ignoring, options);
    auto &[transport, spies] = fault;
    QVERIFY(fault.start());
    const qint64 pid = transport.processId();
    QElapsedTimer clock;
    clock.start();
    transport.close();
    QVERIFY(spies.closed.wait(5000));
    const qint64 elapsed = clock.elapsed();
    // So many steps (QTimer may fire up to 5 % early), then the signal ended it.
    QVERIFY2(elapsed >= steps * 180 && elapsed < (steps + 1) * 1000, qPrintable(QString::number(elapsed)));
    QCOMPARE(spies.closed.count(), 1);
    QCOMPARE(spies.errors.count(), 0);
    QCOMPARE(transport.state(), Transport::State::Closed);
    QVERIFY(transport.recentStderr().contains(u"stdin closed, ignoring (--ignore-stdin-eof)"_s));
    QVERIFY(!processExists(pid));
    QVERIFY(deliverPostedEvents()); // closed, with the process gone: only what is queued could follow
    QCOMPARE(spies.closed.count(), 1);
}

void tst_StdioTransport::exitGraceShortensTheFirstStepOnly()
{
    // toolgate-cli after a clean end (issue 33): SIGTERM follows the closed stdin after the exit grace,
    // and a server that ignores SIGTERM as well still has the whole step before SIGKILL.
    StdioTransport::Options options;
    options.shutdownStepTimeout = 1500ms;
    FaultServer fault({u"--ignore-stdin-eof"_s, u"--ignore-sigterm"_s}, options);
    auto &[transport, spies] = fault;
    QVERIFY(fault.start());
    transport.setExitGrace(100ms);
    QElapsedTimer clock;
    clock.start();
    transport.close();
    QVERIFY(spies.closed.wait(5000));
    const qint64 elapsed = clock.elapsed();
    // 100 ms, then 1500 ms (QTimer may fire up to 5 % early); without the grace it would be 2 x 1500 ms.
    QVERIFY2(elapsed >= 1520 && elapsed < 2500, qPrintable(QString::number(elapsed)));
    QCOMPARE(spies.errors.count(), 0);
    QVERIFY(transport.recentStderr().contains(u"stdin closed, ignoring (--ignore-stdin-eof)"_s));
}

void tst_StdioTransport::closeBeforeStart()
{
    FaultServer fault;
    auto &[transport, spies] = fault;
    transport.close();
    QCOMPARE(transport.state(), Transport::State::Closed);
    QVERIFY(spies.closed.wait(5000));
    QCOMPARE(spies.closed.count(), 1);
    QCOMPARE(spies.errors.count(), 0);
}

void tst_StdioTransport::closeWhileStarting()
{
    // close() right after start(), before the process start is reported: the transport must not
    // report started() or turn Open afterwards, and the child's exit is not an error.
    FaultServer fault;
    auto &[transport, spies] = fault;
    transport.start();
    transport.close();
    QCOMPARE(transport.state(), Transport::State::Closing);
    QVERIFY(spies.closed.wait(5000));
    // QProcess reports a start before the exit that closed us: a late started() would be in by now.
    QVERIFY(deliverPostedEvents());
    QCOMPARE(spies.closed.count(), 1);
    QCOMPARE(spies.started.count(), 0);
    QCOMPARE(spies.errors.count(), 0);
    QCOMPARE(transport.state(), Transport::State::Closed);
}

void tst_StdioTransport::oversizedMessageDroppedTransportUsable()
{
    StdioTransport::Options options;
    options.maxMessageSize = 64 * 1024;
    FaultServer fault({}, options);
    auto &[transport, spies] = fault;
    QVERIFY(fault.start());
    transport.send(toolCall(5, u"oversize"_s, {{u"bytes"_s, 200000}}));
    QVERIFY(spies.dropped.wait(5000));
    QCOMPARE(spies.dropped.count(), 1);
    const QByteArray head = spies.dropped.first().at(0).toByteArray();
    const qint64 size = spies.dropped.first().at(1).toLongLong();
    const qint64 limit = spies.dropped.first().at(2).toLongLong();
    const QByteArray expectedHead = "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"xxx";
    QVERIFY2(head.startsWith(expectedHead), head.left(80).constData());
    QVERIFY(head.size() <= 4096);
    QVERIFY2(size > 64 * 1024 && size <= 200000, qPrintable(QString::number(size)));
    QCOMPARE(limit, 64 * 1024);
    QCOMPARE(spies.messages.count(), 0);
    QVERIFY(transport.isOpen());

    // The rest of the oversized line is skipped and the next message arrives intact.
    transport.send(toolCall(6, u"echo"_s, {{u"text"_s, u"after"_s}}));
    QVERIFY(spies.messages.wait(5000));
    QCOMPARE(spies.messages.count(), 1);
    QCOMPARE(spies.messages.first().first().toByteArray(), textReply(6, u"after"_s));
    QCOMPARE(spies.dropped.count(), 1);
    QCOMPARE(spies.violations.count(), 0);
    QCOMPARE(spies.errors.count(), 0);
}

void tst_StdioTransport::messageExactlyAtLimitAccepted()
{
    StdioTransport::Options options;
    options.maxMessageSize = 64 * 1024;
    FaultServer fault({}, options);
    auto &[transport, spies] = fault;
    QVERIFY(fault.start());
    transport.send(toolCall(1, u"oversize"_s, {{u"bytes"_s, 64 * 1024}}));
    QVERIFY(spies.messages.wait(5000));
    QCOMPARE(spies.messages.first().first().toByteArray().size(), 64 * 1024);
    transport.send(toolCall(2, u"oversize"_s, {{u"bytes"_s, 64 * 1024 + 1}}));
    QVERIFY(spies.dropped.wait(5000));
    QCOMPARE(spies.dropped.count(), 1);
    QCOMPARE(spies.messages.count(), 1);
    transport.send(toolCall(3, u"echo"_s, {{u"text"_s, u"ok"_s}}));
    QTRY_COMPARE_WITH_TIMEOUT(spies.messages.count(), 2, 5000);
    QCOMPARE(spies.messages.last().first().toByteArray(), textReply(3, u"ok"_s));
}

void tst_StdioTransport::sendAfterCloseIsIgnored()
{
    FaultServer fault;
    auto &[transport, spies] = fault;
    transport.send(toolCall(1, u"echo"_s)); // before start: ignored, no crash
    transport.start();
    QVERIFY(spies.started.wait(5000));
    transport.close();
    transport.send(toolCall(2, u"echo"_s)); // while closing: ignored
    QVERIFY(spies.closed.wait(5000));
    transport.send(toolCall(3, u"echo"_s)); // closed: ignored
    QVERIFY(deliverPostedEvents()); // closed, the process gone: nothing is read any more
    QCOMPARE(spies.messages.count(), 0);
    QVERIFY(!transport.recentStderr().contains(u"recv: tools/call 2"_s));
}

void tst_StdioTransport::destructorKillsChild()
{
    qint64 pid = 0;
    {
        StdioTransport transport(faultSpec({u"--ignore-stdin-eof"_s, u"--ignore-sigterm"_s}));
        QSignalSpy started(&transport, &Transport::started);
        transport.start();
        QVERIFY(started.wait(5000));
        pid = transport.processId();
        QVERIFY(pid > 0);
        QVERIFY(processExists(pid));
    }
    QVERIFY(!processExists(pid));
}

QTEST_GUILESS_MAIN(tst_StdioTransport)
void tst_StdioTransport::writingToAServerThatClosedItsInputIsNotFatal()
{
    // The server closes its end of our pipe and lives on: every write now fails with EPIPE. That
    // must be an error we report, never a SIGPIPE (QtTest's handler for it would end this test).
    StdioLaunchSpec spec = shellSpec(u"exec 0<&-; sleep 3"_s);
    StdioTransport transport(spec);
    Spies spies(&transport);
    transport.start();
    QVERIFY(spies.started.wait(5000));
    // The shell has closed its input once its fd 0 is gone.
    const QByteArray stdinLink = "/proc/" + QByteArray::number(transport.processId()) + "/fd/0";
    QTRY_VERIFY_WITH_TIMEOUT([&] {
        struct stat link;
        return ::lstat(stdinLink.constData(), &link) != 0 && errno == ENOENT;
    }(), 5000);
    const QByteArray large(256 * 1024, 'x'); // more than a pipe holds, so writes go on after the first
    for (int i = 0; i < 20 && transport.isOpen(); ++i) {
        transport.send(toolCall(i, u"echo"_s, {{u"text"_s, QString::fromLatin1(large)}}));
        QCoreApplication::processEvents(); // the write notifier flushes what the pipe did not take
    }
    QTRY_VERIFY_WITH_TIMEOUT(!spies.errors.isEmpty() || !spies.closed.isEmpty(), 10000);
    transport.close();
    QTRY_VERIFY_WITH_TIMEOUT(transport.state() == Transport::State::Closed, 10000);
}

void tst_StdioTransport::childGetsTheDefaultSigpipe()
{
    // We ignore SIGPIPE for ourselves; the server must not inherit that (an ignored signal stays
    // ignored across exec). /proc/self/status lists ignored signals as a hex mask; SIGPIPE is 13.
    StdioLaunchSpec spec = shellSpec(u"grep SigIgn /proc/self/status >&2"_s);
    StdioTransport transport(spec);
    Spies spies(&transport);
    transport.start();
    QTRY_VERIFY_WITH_TIMEOUT(!spies.closed.isEmpty() || !spies.errors.isEmpty(), 10000);
    QTRY_VERIFY(!spies.diagnosticLines().isEmpty());
    const QString line = spies.diagnosticLines().constFirst();
    bool ok = false;
    const quint64 ignored = line.section(u':', 1).trimmed().toULongLong(&ok, 16);
    QVERIFY2(ok, qPrintable(line));
    QVERIFY2(!(ignored & (quint64(1) << (SIGPIPE - 1))), qPrintable(line));
}

void tst_StdioTransport::stdoutClosedWhileRunningEndsReceiving()
{
    // The server closes stdout and lives on: nothing more can arrive, so the transport says so at
    // once (receivingEnded, then a failure) and stops it, instead of leaving requests to time out.
    StdioLaunchSpec spec = shellSpec(u"exec 1>&-; echo 'closed my stdout' >&2; sleep 30"_s);
    StdioTransport transport(spec);
    Spies spies(&transport);
    QSignalSpy ended(&transport, &Transport::receivingEnded);
    QList<QByteArray> order;
    connect(&transport, &Transport::receivingEnded, this, [&] { order.append("ended"); });
    connect(&transport, &Transport::errorOccurred, this, [&] { order.append("error"); });
    connect(&transport, &Transport::closed, this, [&] { order.append("closed"); });
    QElapsedTimer clock;
    clock.start();
    transport.start();
    QVERIFY(ended.wait(5000));
    QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
    const Error reason = ended.first().first().value<Error>();
    QCOMPARE(reason.code, int(ErrorCode::TransportError));
    QVERIFY2(reason.message.contains(u"closed its standard output but kept running"_s), qPrintable(reason.message));
    QCOMPARE(spies.errors.count(), 1);
    QCOMPARE(spies.error().message, reason.message);
    QTRY_COMPARE_WITH_TIMEOUT(spies.closed.count(), 1, 15000);
    QCOMPARE(order, (QList<QByteArray>{"ended", "error", "closed"}));
}

void tst_StdioTransport::stdoutClosedAtExitIsAnExit()
{
    // An ordinary exit closes stdout too: that is reported as the exit it is, not as a closed stdout.
    StdioLaunchSpec spec = shellSpec(u"exec 1>&-; sleep 0.1; exit 4"_s);
    StdioTransport transport(spec);
    Spies spies(&transport);
    QSignalSpy ended(&transport, &Transport::receivingEnded);
    transport.start();
    QVERIFY(spies.closed.wait(5000));
    QCOMPARE(ended.count(), 0);
    QCOMPARE(spies.errors.count(), 1);
    QVERIFY2(spies.error().message.startsWith(u"the server exited with code 4"_s), qPrintable(spies.error().message));
}

void tst_StdioTransport::secretsInStderrAndStdoutChatterAreRedacted()
{
    StdioLaunchSpec spec = shellSpec(u"echo \"key=$MY_API_KEY and pin $PIN\" >&2; echo \"banner with $PIN\"; exit 2"_s);
    spec.environment = {{u"MY_API_KEY"_s, u"sk-live-abcdef123456"_s}, {u"PIN"_s, u"pin-4711-0815"_s}};
    spec.secretValues = {u"pin-4711-0815"_s}; // its name does not look secret: only being marked says so
    StdioTransport transport(spec);
    Spies spies(&transport);
    transport.start();
    QVERIFY(spies.closed.wait(5000));
    QCOMPARE(spies.diagnosticLines(), QStringList{u"key=[redacted] and pin [redacted]"_s});
    QCOMPARE(transport.recentStderr(), QStringList{u"key=[redacted] and pin [redacted]"_s});
    QCOMPARE(spies.violations.count(), 1);
    QCOMPARE(spies.violations.first().first().toString(),
             u"the server wrote a line that is not a JSON-RPC message to stdout: banner with [redacted]"_s);
    QCOMPARE(spies.error().message, u"the server exited with code 2. Its last output on stderr:\nkey=[redacted] and pin [redacted]"_s);
}

#include "tst_stdiotransport.moc"
