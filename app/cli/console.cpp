#include "console.h"

#include <QByteArray>
#include <QStringList>

#include <cstdio>

#ifdef Q_OS_WIN
#include <io.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

namespace Toolgate {

namespace {

void write(std::FILE *stream, const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stream);
    std::fflush(stream);
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

void Console::err(const QString &text)
{
    write(stderr, text);
}

void Console::error(const QString &message)
{
    err(QStringLiteral("toolgate-cli: ") + message + u'\n');
}

bool Console::stdinIsTerminal()
{
#ifdef Q_OS_WIN
    return _isatty(_fileno(stdin)) != 0;
#else
    return ::isatty(STDIN_FILENO) != 0;
#endif
}

QString Console::sanitized(const QString &untrusted)
{
    QString safe;
    safe.reserve(untrusted.size());
    for (const QChar c : untrusted) {
        const char16_t u = c.unicode();
        const bool control = (u < 0x20 && u != u'\n' && u != u'\t') || u == 0x7f || (u >= 0x80 && u < 0xa0)
            // Bidirectional overrides can make text read differently from what it is.
            || (u >= 0x202a && u <= 0x202e) || (u >= 0x2066 && u <= 0x2069);
        if (control)
            safe += QStringLiteral("\\u%1").arg(int(u), 4, 16, QLatin1Char('0'));
        else
            safe += c;
    }
    return safe;
}

QString Console::indented(const QString &text, const QString &indent)
{
    QStringList lines = text.split(u'\n');
    for (QString &line : lines)
        line.prepend(indent);
    return lines.join(u'\n');
}

} // namespace Toolgate
