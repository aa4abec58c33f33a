#include "core/transport/stdiotransport.h"

#include "core/common/redactor.h"
#include "core/common/logging.h"
#include "core/common/error.h"
#include "core/transport/linebuffer.h"
#include "core/transport/processexit.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QPointer>
#include <QProcessEnvironment>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QTimer>

#include <optional>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>
#endif

namespace Toolgate {

namespace {

constexpr qsizetype maxStderrLineLength = 8192;
// After stdout ends, how long the process may take to exit before it counts as a server that closed
// its output but keeps running (an exit normally follows the end of its output at once).
constexpr auto stdoutClosedGrace = std::chrono::milliseconds(500);

QStringList allowedEnvironmentVariables()
{
#ifdef Q_OS_WIN
    return {QStringLiteral("APPDATA"), QStringLiteral("HOMEDRIVE"), QStringLiteral("HOMEPATH"),
            QStringLiteral("LOCALAPPDATA"), QStringLiteral("PATH"), QStringLiteral("PATHEXT"),
            QStringLiteral("PROCESSOR_ARCHITECTURE"), QStringLiteral("SYSTEMDRIVE"), QStringLiteral("SYSTEMROOT"),
            QStringLiteral("TEMP"), QStringLiteral("TMP"), QStringLiteral("USERNAME"), QStringLiteral("USERPROFILE"),
            QStringLiteral("PROGRAMFILES"), QStringLiteral("COMSPEC")};
#else
    return {QStringLiteral("HOME"), QStringLiteral("LOGNAME"), QStringLiteral("PATH"), QStringLiteral("SHELL"),
            QStringLiteral("TERM"), QStringLiteral("USER"), QStringLiteral("LANG"), QStringLiteral("LC_ALL"),
            QStringLiteral("LC_CTYPE"), QStringLiteral("TMPDIR"), QStringLiteral("XDG_RUNTIME_DIR"),
            QStringLiteral("XDG_CONFIG_HOME"), QStringLiteral("XDG_DATA_HOME"), QStringLiteral("XDG_CACHE_HOME")};
#endif
}

QString quoteArgument(const QString &argument)
{
    if (!argument.isEmpty() && !argument.contains(u' ') && !argument.contains(u'"') && !argument.contains(u'\''))
        return argument;
    QString quoted = argument;
    quoted.replace(u'\'', QLatin1String("'\\''"));
    return u'\'' + quoted + u'\'';
}

} // namespace

class StdioTransport::Private
{
public:
    StdioTransport *q;
    StdioLaunchSpec spec;
    Options options;
    QProcess *process = nullptr;
    State state = State::Idle;
    LineBuffer stdoutBuffer;
    LineBuffer stderrBuffer{maxStderrLineLength};
    QStringList stderrLines;
    QTimer shutdownTimer;
    std::optional<std::chrono::milliseconds> exitGrace; ///< setExitGrace(); else options.shutdownStepTimeout
    QTimer stdoutClosedTimer;
    bool stdoutEnded = false;
    int shutdownStep = 0;
    bool failureReported = false;
#ifdef Q_OS_UNIX
    // The child's stdin is a pipe of our own rather than QProcess's: QProcess only writes on the
    // next event-loop turn (and toggles a write notifier, which wakes the loop twice), so every
    // request paid an extra loop iteration and four syscalls before it even left. We write at
    // once; only what the pipe cannot take right now waits for stdinNotifier.
    int stdinFd = -1;
    QByteArray stdinPending;
    // The same for stdout: read straight from the pipe, without QProcess's FIONREAD, its ring
    // buffer and the copy out of it, and three signals per read.
    int stdoutFd = -1;
    QSocketNotifier *stdoutNotifier = nullptr;
    QSocketNotifier *stdinNotifier = nullptr;
    bool closeStdinWhenDrained = false;
#endif

    // A server's stderr ends up in the console view, in failure messages and through them in our
    // own log: a secret it prints (its API key from the environment, a token) must not travel on.
    Redactor redactor;

    Private(StdioTransport *q, StdioLaunchSpec s, Options o)
        : q(q), spec(std::move(s)), options(o), stdoutBuffer(o.maxMessageSize)
    {
        QStringList secrets = spec.secretValues;
        for (auto it = spec.environment.cbegin(); it != spec.environment.cend(); ++it) {
            if (Redactor::isSecretKey(it.key()))
                secrets.append(it.value());
        }
        redactor.addSecretValues(secrets);
    }

    void keepStderrLine(const QString &text)
    {
        const QString line = redactor.redactText(text);
        stderrLines.append(line);
        if (stderrLines.size() > options.stderrLinesKept)
            stderrLines.removeFirst();
        emit q->diagnosticLine(line);
    }

    void feedStdout(const QByteArray &data)
    {
        stdoutBuffer.feed(
            data, [this](const QByteArray &line) { deliverLine(line); },
            [this](const QByteArray &head, qint64 size) {
                qCWarning(lcTransport) << "dropping oversized message of at least" << size << "bytes from" << q->description();
                emit q->messageDropped(head, size, options.maxMessageSize);
            });
    }

#ifdef Q_OS_UNIX
    // One read per notification (the notifier is level-triggered and fires again while data
    // waits): a handler of a delivered message may close or even destroy us, so nothing may
    // touch this object after feedStdout().
    void readStdout()
    {
        if (stdoutFd < 0)
            return;
        char chunk[65536];
        ssize_t n;
        do {
            n = ::read(stdoutFd, chunk, sizeof chunk);
        } while (n < 0 && errno == EINTR);
        if (n > 0) {
            feedStdout(QByteArray(chunk, qsizetype(n)));
        } else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
            closeStdout(); // end of stream; the exit itself arrives through QProcess::finished
            stdoutEnded = true;
            if (state == State::Open)
                stdoutClosedTimer.start(stdoutClosedGrace);
        }
    }

    // Everything still in the pipe, at once: the process has exited, so this ends.
    QByteArray drainStdout()
    {
        QByteArray rest;
        char chunk[65536];
        while (stdoutFd >= 0) {
            const auto n = ::read(stdoutFd, chunk, sizeof chunk);
            if (n > 0)
                rest.append(chunk, qsizetype(n));
            else if (n < 0 && errno == EINTR)
                continue;
            else
                break; // EOF, or EAGAIN: a grandchild still holds the pipe open; do not wait for it
        }
        return rest;
    }

    void closeStdout()
    {
        if (stdoutNotifier) {
            stdoutNotifier->setEnabled(false);
            stdoutNotifier->deleteLater();
            stdoutNotifier = nullptr;
        }
        if (stdoutFd >= 0) {
            ::close(stdoutFd);
            stdoutFd = -1;
        }
    }
#else
    void readStdout()
    {
        feedStdout(process->readAllStandardOutput());
    }
#endif

    void deliverLine(const QByteArray &line)
    {
        // MCP messages are JSON objects (or 2025-03-26 batches); anything else is chatter on stdout.
        const char first = line.front();
        if (first != '{' && first != '[') {
            const QString text = redactor.redactText(QString::fromUtf8(line.left(200)));
            emit q->protocolViolation(QCoreApplication::translate("Toolgate::StdioTransport", "the server wrote a line that is not a JSON-RPC message to stdout: %1").arg(text));
            emit q->strayOutput(text);
            return;
        }
        emit q->messageReceived(line);
    }

    void readStderr()
    {
        const QByteArray data = process->readAllStandardError();
        stderrBuffer.feed(
            data, [this](const QByteArray &line) { keepStderrLine(QString::fromUtf8(line)); },
            [this](const QByteArray &head, qint64) { keepStderrLine(QString::fromUtf8(head.left(maxStderrLineLength)) + QStringLiteral(" [...]")); });
    }

    QString stderrTail(int lines = 10) const
    {
        return stderrLines.mid(std::max<qsizetype>(0, stderrLines.size() - lines)).join(u'\n');
    }

    void fail(const Error &error)
    {
        if (failureReported)
            return;
        failureReported = true;
        emit q->errorOccurred(error);
    }

    // The server closed stdout and did not exit: nothing it could still send would reach us, so
    // waiting requests would wait out their timeouts. Say so at once and stop it.
    void stdoutClosedWhileRunning()
    {
        if (state != State::Open || !process || process->state() == QProcess::NotRunning)
            return;
        qCWarning(lcTransport) << q->description() << "closed its stdout but keeps running; stopping it";
        const Error error = makeError(ErrorCode::TransportError,
                                      QCoreApplication::translate("Toolgate::StdioTransport", "the server closed its standard output but kept running, so it could not "
                                                     "answer any more; it was stopped"));
        QPointer<StdioTransport> guard(q);
        emit q->receivingEnded(error);
        if (guard)
            fail(error);
        if (guard)
            q->close();
    }

    void finish()
    {
        if (state == State::Closed)
            return;
        state = State::Closed;
        shutdownTimer.stop();
        stdoutClosedTimer.stop();
#ifdef Q_OS_UNIX
        closeStdin();
        closeStdout();
#endif
        emit q->closed();
    }

    void onFinished(int exitCode, QProcess::ExitStatus status)
    {
#ifdef Q_OS_UNIX
        const QByteArray unread = drainStdout();
        closeStdout();
        if (!unread.isEmpty())
            feedStdout(unread);
#else
        readStdout();
#endif
        readStderr();
        const QByteArray rest = stdoutBuffer.takeRemainder();
        if (!rest.isEmpty())
            deliverLine(rest);
        const QByteArray errRest = stderrBuffer.takeRemainder();
        if (!errRest.isEmpty())
            keepStderrLine(QString::fromUtf8(errRest));
        if (state != State::Closing) {
            const ProcessExit ended(exitCode, status == QProcess::CrashExit);
            QString message = ended.serverEnded();
            const QString tail = stderrTail();
            if (!tail.isEmpty())
                message += QCoreApplication::translate("Toolgate::StdioTransport", ". Its last output on stderr:\n") + tail;
            fail(makeError(ErrorCode::TransportError, message, ended.toJson()));
        }
        finish();
    }

    void onProcessError(QProcess::ProcessError error)
    {
        if (error == QProcess::FailedToStart) {
            fail(makeError(ErrorCode::TransportError,
                           QCoreApplication::translate("Toolgate::StdioTransport", "could not start %1: %2").arg(spec.program, process->errorString())));
            finish();
        } else if (error == QProcess::WriteError && state == State::Open) {
            qCWarning(lcTransport) << "write to" << q->description() << "failed:" << process->errorString();
        }
    }

#ifdef Q_OS_UNIX
    void closeStdin()
    {
        if (stdinNotifier) {
            stdinNotifier->setEnabled(false);
            stdinNotifier->deleteLater();
            stdinNotifier = nullptr;
        }
        if (stdinFd >= 0) {
            ::close(stdinFd);
            stdinFd = -1;
        }
        stdinPending.clear();
        closeStdinWhenDrained = false;
    }

    // Writes as much of stdinPending as the pipe takes without blocking.
    void flushStdin()
    {
        qsizetype written = 0;
        while (written < stdinPending.size()) {
            const auto n = ::write(stdinFd, stdinPending.constData() + written, size_t(stdinPending.size() - written));
            if (n > 0) {
                written += n;
                continue;
            }
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                break;
            // EPIPE and the like: the server is gone or closed its stdin; QProcess reports the exit.
            if (state == State::Open)
                qCWarning(lcTransport) << "write to" << q->description() << "failed:" << qt_error_string(errno);
            closeStdin();
            return;
        }
        stdinPending.remove(0, written);
        const bool drained = stdinPending.isEmpty();
        if (drained && closeStdinWhenDrained) {
            closeStdin();
            return;
        }
        if (!drained && !stdinNotifier) {
            stdinNotifier = new QSocketNotifier(stdinFd, QSocketNotifier::Write, q);
            QObject::connect(stdinNotifier, &QSocketNotifier::activated, q, [this] { flushStdin(); });
        }
        if (stdinNotifier)
            stdinNotifier->setEnabled(!drained);
    }
#endif

    void advanceShutdown()
    {
        if (!process || process->state() == QProcess::NotRunning) {
            finish();
            return;
        }
        ++shutdownStep;
        if (shutdownStep == 1) {
            qCInfo(lcTransport) << q->description() << "did not exit after stdin closed; terminating";
            signalProcessGroup(false);
            shutdownTimer.start(options.shutdownStepTimeout);
        } else {
            qCWarning(lcTransport) << q->description() << "did not terminate; killing";
            signalProcessGroup(true);
        }
    }

    // The server runs in a process group of its own (see start()), so launchers such as npx or
    // uvx are ended together with the interpreter they started, not left behind as orphans.
    void signalProcessGroup(bool kill)
    {
#ifdef Q_OS_UNIX
        const qint64 pid = process->processId();
        if (pid > 0 && ::kill(-pid_t(pid), kill ? SIGKILL : SIGTERM) == 0)
            return;
#endif
        if (kill)
            process->kill();
        else
            process->terminate();
    }
};

StdioTransport::StdioTransport(StdioLaunchSpec spec, QObject *parent)
    : StdioTransport(std::move(spec), Options(), parent)
{}

StdioTransport::StdioTransport(StdioLaunchSpec spec, Options options, QObject *parent)
    : Transport(parent)
    , d(std::make_unique<Private>(this, std::move(spec), options))
{
    d->shutdownTimer.setSingleShot(true);
    connect(&d->shutdownTimer, &QTimer::timeout, this, [this] { d->advanceShutdown(); });
    d->stdoutClosedTimer.setSingleShot(true);
    connect(&d->stdoutClosedTimer, &QTimer::timeout, this, [this] { d->stdoutClosedWhileRunning(); });
}

StdioTransport::~StdioTransport()
{
#ifdef Q_OS_UNIX
    d->closeStdin();
    d->closeStdout();
#endif
    if (d->process) {
        d->process->disconnect(this);
        if (d->process->state() != QProcess::NotRunning) {
            // No event loop may run after us: end the child now rather than leak it.
            d->process->kill();
            d->process->waitForFinished(1000);
        }
    }
}

QMap<QString, QString> StdioTransport::childEnvironment(const StdioLaunchSpec &spec)
{
    const QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
    QMap<QString, QString> env;
    const QStringList keys = spec.exactEnvironment ? QStringList()
        : spec.inheritFullEnvironment              ? system.keys()
                                                   : allowedEnvironmentVariables();
    for (const QString &key : keys) {
        if (system.contains(key))
            env.insert(key, system.value(key));
    }
    for (auto it = spec.environment.cbegin(); it != spec.environment.cend(); ++it)
        env.insert(it.key(), it.value());
    return env;
}

Result<QString> StdioTransport::resolveProgram(const StdioLaunchSpec &spec)
{
    if (spec.program.trimmed().isEmpty())
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::StdioTransport", "no command is configured for this server"));
    if (spec.program.contains(u'/') || spec.program.contains(u'\\')) {
        QFileInfo file(spec.program);
        if (file.isRelative() && !spec.workingDirectory.isEmpty())
            file = QFileInfo(QDir(spec.workingDirectory), spec.program);
        if (!file.exists())
            return makeError(ErrorCode::CommandNotFound, QCoreApplication::translate("Toolgate::StdioTransport", "the command %1 does not exist").arg(file.filePath()));
        if (!file.isExecutable() || file.isDir())
            return makeError(ErrorCode::CommandNotFound, QCoreApplication::translate("Toolgate::StdioTransport", "%1 is not an executable program").arg(file.filePath()));
        return file.absoluteFilePath();
    }
    const QString path = childEnvironment(spec).value(QStringLiteral("PATH"));
#ifdef Q_OS_WIN
    const QChar separator = u';';
#else
    const QChar separator = u':';
#endif
    const QStringList directories = path.split(separator, Qt::SkipEmptyParts);
    const QString found = QStandardPaths::findExecutable(spec.program, directories);
    if (found.isEmpty()) {
        return makeError(ErrorCode::CommandNotFound,
                         QCoreApplication::translate("Toolgate::StdioTransport", "the command \"%1\" was not found. Searched PATH: %2. Install it, or give its full path in the server's settings.")
                             .arg(spec.program, path.isEmpty() ? QStringLiteral("(empty)") : path),
                         QJsonObject{{QLatin1String("path"), path}});
    }
    return found;
}

void StdioTransport::start()
{
    Q_ASSERT(d->state == State::Idle);
    d->state = State::Starting;
    const Result<QString> program = resolveProgram(d->spec);
    if (!program) {
        // Report asynchronously so the caller sees the same signal order as for any other failure.
        QMetaObject::invokeMethod(this, [this, error = program.error()] {
            d->fail(error);
            d->finish();
        }, Qt::QueuedConnection);
        return;
    }

    d->process = new QProcess(this);
    QProcessEnvironment environment;
    const auto env = childEnvironment(d->spec);
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        environment.insert(it.key(), it.value());
    d->process->setProcessEnvironment(environment);
    if (!d->spec.workingDirectory.isEmpty())
        d->process->setWorkingDirectory(d->spec.workingDirectory);
    d->process->setProgram(program.value());
#ifdef Q_OS_UNIX
    int stdinPipe[2] = {-1, -1};
    int stdoutPipe[2] = {-1, -1};
    if (::pipe2(stdinPipe, O_CLOEXEC) != 0 || ::pipe2(stdoutPipe, O_CLOEXEC) != 0) {
        const QString reason = qt_error_string(errno);
        for (int fd : {stdinPipe[0], stdinPipe[1]}) {
            if (fd >= 0)
                ::close(fd);
        }
        QMetaObject::invokeMethod(this, [this, reason] {
            d->fail(makeError(ErrorCode::TransportError,
                              QCoreApplication::translate("Toolgate::StdioTransport", "could not start %1: no pipes for its input and output (%2)").arg(d->spec.program, reason)));
            d->finish();
        }, Qt::QueuedConnection);
        return;
    }
    ::fcntl(stdinPipe[1], F_SETFL, ::fcntl(stdinPipe[1], F_GETFL) | O_NONBLOCK);
    ::fcntl(stdoutPipe[0], F_SETFL, ::fcntl(stdoutPipe[0], F_GETFL) | O_NONBLOCK);
    // Writing to a server that already exited must be an EPIPE we handle, never a SIGPIPE that
    // ends Toolgate. Pipes have no MSG_NOSIGNAL, and masking the signal around every write would
    // triple the syscalls of a call, so the process ignores it — whatever handler was there: a
    // handler that dies on SIGPIPE (QtTest installs one) would make a crashed server crash us
    // too. The child gets the default back before exec (see the modifier below).
    static const bool sigpipeIgnored = [] {
        ::signal(SIGPIPE, SIG_IGN);
        return true;
    }();
    Q_UNUSED(sigpipeIgnored)
    d->stdinFd = stdinPipe[1];
    d->stdoutFd = stdoutPipe[0];
    d->stdoutNotifier = new QSocketNotifier(d->stdoutFd, QSocketNotifier::Read, this);
    connect(d->stdoutNotifier, &QSocketNotifier::activated, this, [this] { d->readStdout(); });
    // QProcess gives the child /dev/null for stdin and stdout; the modifier puts our pipes there.
    d->process->setStandardInputFile(QProcess::nullDevice());
    d->process->setStandardOutputFile(QProcess::nullDevice());
    const int childStdin = stdinPipe[0];
    const int childStdout = stdoutPipe[1];
    // A process group of its own: Ctrl-C in our terminal must not reach the server before we
    // had the chance to cancel politely, and shutdown can end the whole group.
    // Only async-signal-safe calls here: this runs in the child between fork and exec.
    d->process->setChildProcessModifier([childStdin, childStdout] {
        ::setpgid(0, 0);
        // We ignore SIGPIPE (see above); an ignored signal would stay ignored across exec.
        struct sigaction defaultAction {};
        defaultAction.sa_handler = SIG_DFL;
        ::sigaction(SIGPIPE, &defaultAction, nullptr);
        // The copies on fds 0 and 1 are not close-on-exec; the originals are.
        ::dup2(childStdin, 0);
        ::dup2(childStdout, 1);
        // dup2 onto itself keeps close-on-exec (only possible if our own fd 0 or 1 was closed).
        ::fcntl(0, F_SETFD, 0);
        ::fcntl(1, F_SETFD, 0);
    });
#endif
    d->process->setArguments(d->spec.arguments);

    connect(d->process, &QProcess::started, this, [this] {
        // close() may have come first; then the shutdown ladder is already running.
        if (d->state != State::Starting)
            return;
        d->state = State::Open;
        // stdout may have ended before we even heard the process started.
        if (d->stdoutEnded)
            d->stdoutClosedTimer.start(stdoutClosedGrace);
        emit started();
    });
#ifndef Q_OS_UNIX
    connect(d->process, &QProcess::readyReadStandardOutput, this, [this] { d->readStdout(); });
#endif
    connect(d->process, &QProcess::readyReadStandardError, this, [this] { d->readStderr(); });
    connect(d->process, &QProcess::finished, this,
            [this](int exitCode, QProcess::ExitStatus status) { d->onFinished(exitCode, status); });
    connect(d->process, &QProcess::errorOccurred, this,
            [this](QProcess::ProcessError error) { d->onProcessError(error); });
    qCInfo(lcTransport) << "starting" << description();
    d->process->start(QIODevice::ReadWrite);
#ifdef Q_OS_UNIX
    // The fork has happened (or failed): these ends belong to the child alone now, and our
    // copy of the write end would keep stdout from ever reaching end of file.
    ::close(childStdin);
    ::close(childStdout);
#endif
}

void StdioTransport::send(const QByteArray &message)
{
    if (d->state != State::Open || !d->process)
        return;
#ifdef Q_OS_UNIX
    if (d->stdinFd < 0 || d->closeStdinWhenDrained)
        return;
    if (!d->stdinPending.isEmpty()) {
        // The pipe was full a moment ago: queue behind what waits; the notifier flushes it in order.
        d->stdinPending.append(message);
        d->stdinPending.append('\n');
        return;
    }
    // Message and newline in one syscall, without copying the message.
    static const char newline = '\n';
    iovec parts[2] = {{const_cast<char *>(message.constData()), size_t(message.size())},
                      {const_cast<char *>(&newline), 1}};
    ssize_t n;
    do {
        n = ::writev(d->stdinFd, parts, 2);
    } while (n < 0 && errno == EINTR);
    if (n == message.size() + 1)
        return;
    // Partly written (or not at all): keep the rest and let flushStdin() report real errors.
    const qsizetype done = n > 0 ? qsizetype(n) : 0;
    if (done < message.size())
        d->stdinPending.append(message.constData() + done, message.size() - done);
    d->stdinPending.append('\n');
    d->flushStdin();
#else
    // One write call per message keeps the pipe traffic to a single syscall in the common case.
    QByteArray framed;
    framed.reserve(message.size() + 1);
    framed.append(message);
    framed.append('\n');
    d->process->write(framed);
#endif
}

void StdioTransport::close()
{
    if (!beginClosing(d->state, [this] { emit closed(); }))
        return;
    if (!d->process || d->process->state() == QProcess::NotRunning) {
        QMetaObject::invokeMethod(this, [this] { d->finish(); }, Qt::QueuedConnection);
        return;
    }
    d->shutdownStep = 0;
#ifdef Q_OS_UNIX
    // Like QProcess::closeWriteChannel(): what was sent still reaches the server, then EOF.
    if (d->stdinPending.isEmpty())
        d->closeStdin();
    else
        d->closeStdinWhenDrained = true;
#else
    d->process->closeWriteChannel();
#endif
    // The spec's stdio shutdown: close stdin, wait for the exit, then SIGTERM, then SIGKILL.
    d->shutdownTimer.start(d->exitGrace.value_or(d->options.shutdownStepTimeout));
}

void StdioTransport::setExitGrace(std::chrono::milliseconds grace)
{
    d->exitGrace = grace;
}

Transport::State StdioTransport::state() const
{
    return d->state;
}

QString StdioTransport::description() const
{
    if (!d->spec.displayCommand.isEmpty())
        return d->spec.displayCommand;
    QStringList parts{quoteArgument(d->spec.program)};
    for (const QString &argument : d->spec.arguments)
        parts.append(quoteArgument(argument));
    return parts.join(u' ');
}

QStringList StdioTransport::recentStderr() const
{
    return d->stderrLines;
}

qint64 StdioTransport::processId() const
{
    return d->process ? d->process->processId() : 0;
}

const StdioLaunchSpec &StdioTransport::spec() const
{
    return d->spec;
}

} // namespace Toolgate

#include "moc_stdiotransport.cpp"
