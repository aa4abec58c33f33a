#pragma once

#include "core/protocol/logginglevel.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace Toolgate {

/// One line of a server's console: its stderr, its log notifications, and our own notes.
struct ConsoleLine
{
    enum class Kind { Stderr, Log, ProtocolViolation, Lifecycle };
    QDateTime time;
    Kind kind = Kind::Lifecycle;
    QString text;
    std::optional<LoggingLevel> level; ///< for Log lines
    QString source;                    ///< for Log lines: the server's logger name, if it gave one
};

/// The most recent lines of one server's console, capped so that a chatty server cannot grow it
/// without bound. Every part of a ServerConnection writes its notes here.
class ServerConsole final
{
public:
    static constexpr qsizetype linesKept = 2000;

    /// added is told of every line as it is added.
    explicit ServerConsole(std::function<void(const ConsoleLine &line)> added) : m_added(std::move(added)) {}

    void add(ConsoleLine::Kind kind, const QString &text, std::optional<LoggingLevel> level = std::nullopt,
             const QString &source = {});
    /// A note of ours (Lifecycle).
    void note(const QString &text) { add(ConsoleLine::Kind::Lifecycle, text); }
    const QList<ConsoleLine> &lines() const { return m_lines; }

private:
    std::function<void(const ConsoleLine &line)> m_added;
    QList<ConsoleLine> m_lines;
};

} // namespace Toolgate
