#pragma once

#include <QByteArray>
#include <QObject>
#include <QStringList>

#include <memory>

namespace Toolgate {

/// Reads lines from stdin without blocking the event loop, so server notifications keep flowing
/// while a person thinks. POSIX watches stdin with a QSocketNotifier; Windows, where console
/// handles cannot be watched that way, reads on a background thread.
class TerminalReader final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminalReader)
public:
    explicit TerminalReader(QObject *parent = nullptr);
    ~TerminalReader() override;

    /// Asks for the next line: lineRead() or endOfInput() follows, once, never synchronously.
    void requestLine();

signals:
    /// One line, without its line ending.
    void lineRead(const QString &line);
    /// stdin is closed, at its end, or was never open.
    void endOfInput();

private:
    void feed(const QByteArray &bytes);
    void reachEnd();
    void deliver();

    class Platform;
    std::unique_ptr<Platform> m_platform;
    QByteArray m_buffer;
    QStringList m_lines;
    bool m_atEnd = false;
    bool m_wanted = false;
};

} // namespace Toolgate
