#include "core/transport/processexit.h"

#ifdef Q_OS_UNIX
#include <csignal>
#endif

namespace Toolgate {

namespace {

const QLatin1String exitCodeKey("exitCode");
const QLatin1String crashedKey("crashed");
const QLatin1String signalKey("signal");

} // namespace

ProcessExit ProcessExit::fromErrorData(const QJsonValue &data)
{
    const QJsonObject object = data.toObject();
    if (!object.contains(exitCodeKey) || !object.contains(crashedKey))
        return ProcessExit(-1, false);
    return ProcessExit(object.value(exitCodeKey).toInt(), object.value(crashedKey).toBool());
}

int ProcessExit::signal() const
{
    if (m_crashed)
        return m_exitCode;
#ifdef Q_OS_UNIX
    // sh, bash, npx and the like exit with 128 + N when the program they ran was ended by signal N.
    if (m_exitCode > 128 && m_exitCode < 128 + 32 && !signalName(m_exitCode - 128).isEmpty())
        return m_exitCode - 128;
#endif
    return 0;
}

QString ProcessExit::signalName(int signal)
{
#ifdef Q_OS_UNIX
    switch (signal) {
    case SIGSEGV: return tr("segmentation fault");
    case SIGABRT: return tr("aborted");
    case SIGBUS: return tr("bus error");
    case SIGILL: return tr("illegal instruction");
    case SIGFPE: return tr("arithmetic error");
    case SIGKILL: return tr("killed");
    case SIGTERM: return tr("terminated");
    case SIGINT: return tr("interrupted");
    case SIGHUP: return tr("hang-up");
    case SIGPIPE: return tr("broken pipe");
    case SIGTRAP: return tr("trap");
    case SIGSYS: return tr("bad system call");
    case SIGXCPU: return tr("CPU time limit exceeded");
    case SIGXFSZ: return tr("file size limit exceeded");
    default: break;
    }
#else
    Q_UNUSED(signal)
#endif
    return {};
}

QString ProcessExit::signalWords(int signal) const
{
    const QString name = signalName(signal);
    return name.isEmpty() ? tr("signal %1").arg(signal) : tr("signal %1: %2").arg(signal).arg(name);
}

QString ProcessExit::serverEnded() const
{
    if (m_crashed)
        return tr("the server crashed (%1)").arg(signalWords(m_exitCode));
    if (const int shellSignal = signal())
        return tr("the server exited with code %1, which is how a shell or launcher says that the program it ran crashed (%2)")
            .arg(m_exitCode)
            .arg(signalWords(shellSignal));
    return tr("the server exited with code %1").arg(m_exitCode);
}

QString ProcessExit::itEnded() const
{
    if (m_crashed)
        return tr("it crashed (%1)").arg(signalWords(m_exitCode));
    if (const int shellSignal = signal())
        return tr("it crashed (%1; its launcher exited with code %2)").arg(signalWords(shellSignal)).arg(m_exitCode);
    return tr("it exited with code %1").arg(m_exitCode);
}

QJsonObject ProcessExit::toJson() const
{
    QJsonObject object{{exitCodeKey, m_exitCode}, {crashedKey, m_crashed}};
    if (const int s = signal())
        object.insert(signalKey, s);
    return object;
}

} // namespace Toolgate
