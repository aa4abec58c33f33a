#pragma once

// Building blocks of the scripted test servers (toolgate-fault-server, toolgate-hostile-server):
// newline-delimited JSON-RPC on stdin/stdout written by hand, so a server can send exactly the
// bytes a test needs — invalid ones included — which a real server library would refuse to.
//
// Threads: a reader thread runs a blocking std::getline loop on stdin and queues lines; the main
// thread handles them and a list of timers, so a notification can still arrive while work is
// scheduled. Only the main thread writes to stdout. Qt6::Core only.

#include <QtCore/QByteArray>
#include <QtCore/QJsonArray>
#include <QtCore/QJsonDocument>
#include <QtCore/QJsonObject>
#include <QtCore/QJsonValue>
#include <QtCore/QString>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif

namespace StdioWire {

using Clock = std::chrono::steady_clock;

// ---- output (main thread only) ----------------------------------------------------------------

inline void writeRaw(const QByteArray &line)
{
    std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

inline void send(const QJsonObject &msg)
{
    writeRaw(QJsonDocument(msg).toJson(QJsonDocument::Compact));
}

inline void logErr(const QString &text)
{
    const QByteArray bytes = text.toUtf8() + '\n';
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stderr);
    std::fflush(stderr);
}

// Flush everything and leave without running destructors (the reader thread may still be
// blocked inside std::getline, which rules out a normal return from main()).
[[noreturn]] inline void quit(int code)
{
    std::fflush(stdout);
    std::fflush(stderr);
    std::_Exit(code);
}

// ---- messages ----------------------------------------------------------------------------------

// Compact JSON of an id, e.g. 5 or "abc"; also used as a map key for pending calls.
inline QByteArray idJson(const QJsonValue &id)
{
    QByteArray s = QJsonDocument(QJsonArray{id}).toJson(QJsonDocument::Compact);
    return s.mid(1, s.size() - 2); // strip the enclosing [ ]
}

// Human-readable id for stderr diagnostics: strings unquoted, integers without ".0".
inline QString idText(const QJsonValue &id)
{
    if (id.isString())
        return id.toString();
    if (id.isDouble() && id.toDouble() == double(qint64(id.toDouble())))
        return QString::number(qint64(id.toDouble()));
    return QString::fromUtf8(idJson(id));
}

inline QJsonObject response(const QJsonValue &id, const QJsonValue &result)
{
    return QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                       {QStringLiteral("id"), id},
                       {QStringLiteral("result"), result}};
}

inline QJsonObject errorResponse(const QJsonValue &id, int code, const QString &message)
{
    return QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                       {QStringLiteral("id"), id},
                       {QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), code},
                                                             {QStringLiteral("message"), message}}}};
}

inline QJsonObject notification(const QString &method, const QJsonObject &params)
{
    return QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                       {QStringLiteral("method"), method},
                       {QStringLiteral("params"), params}};
}

// A CallToolResult holding a single text content.
inline QJsonObject textResult(const QString &text)
{
    return QJsonObject{
        {QStringLiteral("content"),
         QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                {QStringLiteral("text"), text}}}},
        {QStringLiteral("isError"), false}};
}

inline qint64 intArg(const QJsonObject &args, const char *name, qint64 def)
{
    const QJsonValue v = args.value(QLatin1String(name));
    return v.isDouble() ? qMax<qint64>(0, qint64(v.toDouble())) : def;
}

// ---- the loop ----------------------------------------------------------------------------------

/// Work scheduled on the main thread, run by StdinLoop between lines.
class Timers
{
public:
    void after(std::chrono::milliseconds delay, std::function<void()> fn) { at(Clock::now() + delay, std::move(fn)); }
    void at(Clock::time_point when, std::function<void()> fn) { m_timers.emplace(when, std::move(fn)); }
    bool empty() const { return m_timers.empty(); }
    Clock::time_point next() const { return m_timers.begin()->first; }
    void runDue()
    {
        while (!m_timers.empty() && m_timers.begin()->first <= Clock::now()) {
            auto fn = std::move(m_timers.begin()->second);
            m_timers.erase(m_timers.begin());
            fn();
        }
    }

private:
    std::multimap<Clock::time_point, std::function<void()>> m_timers;
};

/// Reads stdin on a thread of its own and hands each line (without "\r\n") to the main thread.
class StdinLoop
{
public:
    /// Binary stdio on Windows (no CRLF translation on the wire); call first in main().
    static void setBinaryMode()
    {
#ifdef _WIN32
        _setmode(_fileno(stdin), _O_BINARY);
        _setmode(_fileno(stdout), _O_BINARY);
#ifdef _MSC_VER
        _set_abort_behavior(0, _WRITE_ABORT_MSG | _CALL_REPORTFAULT); // no dialog on abort()
#endif
#endif
    }

    /// Runs forever: onLine for each line, timers when due, onEof once when stdin closes (it
    /// usually quits; if it returns, the loop goes on with the timers).
    [[noreturn]] void run(Timers &timers, const std::function<void(std::string)> &onLine, const std::function<void()> &onEof)
    {
        std::thread([this] { readStdin(); }).detach();
        bool eofReported = false;
        for (;;) {
            std::string line;
            bool haveLine = false;
            bool eof = false;
            {
                std::unique_lock lock(m_mutex);
                const auto ready = [&] { return !m_lines.empty() || (m_closed && !eofReported); };
                if (timers.empty())
                    m_cv.wait(lock, ready);
                else
                    m_cv.wait_until(lock, timers.next(), ready);
                if (!m_lines.empty()) {
                    line = std::move(m_lines.front());
                    m_lines.pop_front();
                    haveLine = true;
                } else if (m_closed && !eofReported) {
                    eofReported = true;
                    eof = true;
                }
            }
            if (haveLine) {
                if (!line.empty() && line.back() == '\r')
                    line.pop_back();
                if (!line.empty())
                    onLine(std::move(line));
            }
            if (eof)
                onEof();
            timers.runDue();
        }
    }

private:
    void readStdin()
    {
        std::string line;
        while (std::getline(std::cin, line)) {
            std::lock_guard lock(m_mutex);
            m_lines.push_back(std::move(line));
            m_cv.notify_one();
        }
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_cv.notify_one();
    }

    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<std::string> m_lines;
    bool m_closed = false;
};

} // namespace StdioWire
