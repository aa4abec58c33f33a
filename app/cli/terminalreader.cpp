#include "app/cli/terminalreader.h"

#include <QMetaObject>
#include <QPointer>

#ifdef Q_OS_WIN
#include <cstdio>
#include <thread>
#else
#include <QSocketNotifier>

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>
#endif

namespace Toolgate {

#ifdef Q_OS_WIN

// A console handle cannot be waited on like a socket, so a thread does the blocking read.
// It is detached: a thread blocked in a read cannot be joined, and the process ends anyway
// once the event loop returns.
class TerminalReader::Platform
{
public:
    explicit Platform(TerminalReader *reader)
    {
        QPointer<TerminalReader> target(reader);
        std::thread([target] {
            // fgets returns at each newline; fread would wait for a full buffer.
            char chunk[4096];
            while (std::fgets(chunk, int(sizeof chunk), stdin)) {
                const QByteArray bytes(chunk);
                QMetaObject::invokeMethod(target.data(), [target, bytes] {
                    if (target)
                        target->feed(bytes);
                }, Qt::QueuedConnection);
            }
            QMetaObject::invokeMethod(target.data(), [target] {
                if (target)
                    target->reachEnd();
            }, Qt::QueuedConnection);
        }).detach();
    }
    void setWanted(bool) {}
};

#else

class TerminalReader::Platform
{
public:
    explicit Platform(TerminalReader *reader)
        : m_reader(reader)
    {
        if (::fcntl(STDIN_FILENO, F_GETFL) == -1) {
            // stdin was closed by whoever started us: there is nothing to read, ever.
            QMetaObject::invokeMethod(reader, [reader] { reader->reachEnd(); }, Qt::QueuedConnection);
            return;
        }
        m_notifier = std::make_unique<QSocketNotifier>(STDIN_FILENO, QSocketNotifier::Read);
        m_notifier->setEnabled(false);
        QObject::connect(m_notifier.get(), &QSocketNotifier::activated, reader, [this] { readAvailable(); });
    }

    /// Watches stdin only while a line is wanted: a regular file or /dev/null is always
    /// "readable", and watching it all the time would spin.
    void setWanted(bool wanted)
    {
        if (m_notifier && !m_ended)
            m_notifier->setEnabled(wanted);
    }

private:
    void readAvailable()
    {
        char chunk[4096];
        const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
        if (n > 0) {
            m_reader->feed(QByteArray(chunk, qsizetype(n)));
            return;
        }
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            return;
        // Only disabled, not deleted: we are inside its activated() signal.
        m_notifier->setEnabled(false);
        m_ended = true;
        m_reader->reachEnd();
    }

    TerminalReader *m_reader;
    std::unique_ptr<QSocketNotifier> m_notifier;
    bool m_ended = false;
};

#endif

TerminalReader::TerminalReader(QObject *parent)
    : QObject(parent)
{
}

TerminalReader::~TerminalReader() = default;

void TerminalReader::requestLine()
{
    m_wanted = true;
    // Created on first use, so a run that never asks never touches stdin.
    if (!m_platform)
        m_platform = std::make_unique<Platform>(this);
    // Answer on a later turn of the event loop, even when a line is already buffered.
    QMetaObject::invokeMethod(this, [this] { deliver(); }, Qt::QueuedConnection);
}

void TerminalReader::feed(const QByteArray &bytes)
{
    m_buffer.append(bytes);
    qsizetype newline;
    while ((newline = m_buffer.indexOf('\n')) >= 0) {
        QByteArray line = m_buffer.left(newline);
        m_buffer.remove(0, newline + 1);
        if (line.endsWith('\r'))
            line.chop(1);
        m_lines.append(QString::fromUtf8(line));
    }
    deliver();
}

void TerminalReader::reachEnd()
{
    if (m_atEnd)
        return;
    m_atEnd = true;
    if (!m_buffer.isEmpty()) {
        // A last line without a newline still counts.
        m_lines.append(QString::fromUtf8(m_buffer));
        m_buffer.clear();
    }
    deliver();
}

void TerminalReader::deliver()
{
    if (!m_wanted) {
        if (m_platform)
            m_platform->setWanted(false);
        return;
    }
    if (!m_lines.isEmpty()) {
        m_wanted = false;
        m_platform->setWanted(false);
        emit lineRead(m_lines.takeFirst());
        return;
    }
    if (m_atEnd) {
        m_wanted = false;
        emit endOfInput();
        return;
    }
    m_platform->setWanted(true);
}

} // namespace Toolgate

#include "moc_terminalreader.cpp"
