#include "app/cli/console.h"
#include "app/cli/clitext.h"

#include "core/common/displaytext.h"

#include <QStringList>

#include <algorithm>
#include <cstdio>

#ifdef Q_OS_WIN
#include <io.h>
#else
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>
#endif

namespace Toolgate {

namespace {

// Lines a server may have waiting while a question is open; beyond this they are counted, not kept.
constexpr qsizetype maxHeldLines = 1000;

struct HeldServerText
{
    int holds = 0;
    QStringList lines;
    qsizetype dropped = 0;
};

HeldServerText &held()
{
    static HeldServerText state;
    return state;
}

// Whether a status line (Console::statusLine()) is on the terminal now.
bool statusLineShown = false;

void eraseStatusLine()
{
    if (!statusLineShown)
        return;
    statusLineShown = false;
    // Back to the start of the line, and clear it to its end.
    static constexpr char erase[] = "\r\x1b[K";
    std::fwrite(erase, 1, sizeof(erase) - 1, stderr);
    std::fflush(stderr);
}

int terminalColumns()
{
#ifndef Q_OS_WIN
    winsize size{};
    if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
        return size.ws_col;
#endif
    bool ok = false;
    const int columns = qEnvironmentVariableIntValue("COLUMNS", &ok);
    return ok && columns > 0 ? columns : 80;
}

void write(std::FILE *stream, const QByteArray &utf8)
{
    eraseStatusLine();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stream);
    std::fflush(stream);
}

void write(std::FILE *stream, const QString &text)
{
    write(stream, DisplayText::visible(text).toUtf8());
}

} // namespace

void Console::ensureStandardStreams()
{
#ifndef Q_OS_WIN
    for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; ++fd) {
        if (::fcntl(fd, F_GETFD) == -1) {
            // open() takes the lowest free descriptor, which is fd itself.
            [[maybe_unused]] const int opened = ::open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);
        }
    }
#endif
}

void Console::out(const QString &text)
{
    write(stdout, text);
}

void Console::outJson(const QByteArray &json)
{
    write(stdout, DisplayText::safeJson(json));
}

void Console::err(const QString &text)
{
    write(stderr, text);
}

void Console::error(const QString &message)
{
    QString text = sanitized(message);
    while (text.endsWith(u'\n'))
        text.chop(1);
    text.replace(u'\n', QLatin1StringView("\n  "));
    err(QStringLiteral("toolgate-cli: ") + text + u'\n');
}

void Console::serverText(const QString &prefix, const QString &text)
{
    QString safe = sanitized(text);
    while (safe.endsWith(u'\n'))
        safe.chop(1);
    HeldServerText &state = held();
    if (state.holds == 0) {
        err(indented(safe, prefix) + u'\n');
        return;
    }
    for (const QString &line : safe.split(u'\n')) {
        if (state.lines.size() < maxHeldLines)
            state.lines.append(prefix + line);
        else
            ++state.dropped;
    }
}

void Console::holdServerText()
{
    ++held().holds;
}

void Console::releaseServerText()
{
    HeldServerText &state = held();
    if (state.holds == 0 || --state.holds > 0)
        return;
    if (state.lines.isEmpty() && state.dropped == 0)
        return;
    QString text = state.lines.join(u'\n') + u'\n';
    if (state.dropped > 0)
        text += Cli::tr("toolgate-cli: %1 more lines from the server arrived while the question was open; they were not kept\n")
                    .arg(state.dropped);
    state.lines.clear();
    state.dropped = 0;
    err(text);
}

bool Console::stdinIsTerminal()
{
#ifdef Q_OS_WIN
    return _isatty(_fileno(stdin)) != 0;
#else
    return ::isatty(STDIN_FILENO) != 0;
#endif
}

bool Console::stderrIsTerminal()
{
#ifdef Q_OS_WIN
    return _isatty(_fileno(stderr)) != 0;
#else
    return ::isatty(STDERR_FILENO) != 0;
#endif
}

void Console::statusLine(const QString &text)
{
    eraseStatusLine();
    QString line = DisplayText::visibleLine(text);
    // One column is kept free: a line that fills the last one wraps on some terminals.
    const int room = std::max(terminalColumns() - 1, 10);
    if (line.size() > room)
        line = line.left(room - 1) + QChar(0x2026);
    const QByteArray utf8 = line.toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stderr);
    std::fflush(stderr);
    statusLineShown = true;
}

void Console::clearStatusLine()
{
    eraseStatusLine();
}

QString Console::sanitized(const QString &untrusted)
{
    return DisplayText::visible(untrusted);
}

QString Console::sanitizedLine(const QString &untrusted)
{
    return DisplayText::visibleLine(untrusted);
}

QString Console::toolName(const QString &name)
{
    if (name.isEmpty())
        return Cli::tr("(no name)");
    const QString shown = DisplayText::visibleLine(name);
    if (DisplayText::isPrintableAscii(name))
        return shown;
    const QString spelled = DisplayText::visibleIdentifier(name);
    if (spelled == shown)
        return shown + Cli::tr(" [not plain ASCII]");
    return shown + Cli::tr(" [not plain ASCII: ") + spelled + u']';
}

QString Console::indented(const QString &text, const QString &indent)
{
    // One pass into one string: a server's description can be megabytes.
    QString out;
    out.reserve(text.size() + indent.size() * (text.count(u'\n') + 1));
    qsizetype start = 0;
    for (;;) {
        const qsizetype end = text.indexOf(u'\n', start);
        out += indent;
        out += QStringView(text).sliced(start, (end < 0 ? text.size() : end) - start);
        if (end < 0)
            break;
        out += u'\n';
        start = end + 1;
    }
    return out;
}

} // namespace Toolgate
