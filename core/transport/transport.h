#pragma once

#include "core/common/result.h"
#include "core/transport/requestheaders.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>

namespace Toolgate {

/// A bidirectional channel carrying whole JSON-RPC messages (framing is the transport's job).
/// Lifecycle: start() → started() or errorOccurred()+closed(); send() while open; close() → closed().
/// closed() is emitted exactly once per start(), whatever the reason.
class Transport : public QObject
{
    Q_OBJECT
public:
    enum class State { Idle, Starting, Open, Closing, Closed };
    Q_ENUM(State)

    using QObject::QObject;
    ~Transport() override = default;

    virtual void start() = 0;
    /// Sends one serialized message (no trailing newline). Fails silently once closed: the peer
    /// answers pending requests when closed() arrives.
    virtual void send(const QByteArray &message) = 0;
    /// Graceful shutdown; escalates as the transport sees fit and ends with closed().
    virtual void close() = 0;

    virtual State state() const = 0;
    bool isOpen() const { return state() == State::Open; }
    /// What a person would recognise: the command line or URL.
    virtual QString description() const = 0;

    /// Whether this transport mirrors a tool's x-mcp-header arguments into request headers (MCP
    /// 2026-07-28 Streamable HTTP): then a tool whose annotations are invalid must not be offered.
    virtual bool mirrorsToolArguments() const { return false; }
    /// The x-mcp-header annotations of the server's tools (by name), set after every tools/list.
    virtual void setToolArgumentHeaders(const QHash<QString, RequestHeaders::ToolArgumentHeaders> &headers) { Q_UNUSED(headers) }

signals:
    void started();
    void messageReceived(const QByteArray &message);
    /// A message too large to accept was dropped; head holds its first bytes (to find its id).
    void messageDropped(const QByteArray &head, qint64 size, qint64 limit);
    /// Non-fatal: the peer wrote something that is not a message (e.g. a banner on stdout).
    void protocolViolation(const QString &description);
    /// What the peer wrote that is not a message, as text (the start of it), alongside protocolViolation():
    /// a program that only ever says this is not an MCP server at all.
    void strayOutput(const QString &text);
    /// A line of diagnostics from the peer (stderr of a local server).
    void diagnosticLine(const QString &line);
    /// The peer can send nothing more although the transport has not closed yet (a local server
    /// closed its stdout but keeps running): no pending or later request can be answered.
    void receivingEnded(const Toolgate::Error &reason);
    /// Fatal: the transport cannot continue. closed() follows.
    void errorOccurred(const Toolgate::Error &error);
    void closed();

protected:
    /// The first step of close(), the same for every transport: Closing and Closed need nothing more;
    /// a transport that never started becomes Closed at once and runs endUnstarted queued (it emits
    /// closed()); one that is Starting or Open becomes Closing. Returns true in that last case only,
    /// when close() goes on to shut the transport down.
    bool beginClosing(State &state, std::function<void()> endUnstarted);
};

} // namespace Toolgate
