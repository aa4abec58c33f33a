#pragma once

#include "core/transport/httptransportoptions.h"
#include "core/transport/transport.h"

#include <memory>

namespace Toolgate {

/// The Streamable HTTP transport (MCP 2025-03-26 to 2025-11-25): each message is one POST whose
/// answer is JSON or an SSE stream; server requests arriving inside a stream are answered by POST.
/// Keeps the Mcp-Session-Id and sends MCP-Protocol-Version once initialize is answered, opens the
/// optional GET stream, resumes dropped streams with Last-Event-ID after the server's `retry`,
/// starts a new session when the server forgets ours (HTTP 404) and ends it with DELETE.
///
/// A request carrying the 2026-07-28 envelope (its _meta names the protocol version) is posted the
/// modern way: MCP-Protocol-Version from the envelope, Mcp-Method, Mcp-Name and Mcp-Param-* headers
/// (RequestHeaders), and cancelled by closing its stream instead of posting notifications/cancelled.
/// The legacy machinery stays idle for it by itself: a modern server gives no session id, and
/// without an initialize there is no GET stream to open.
class StreamableHttpTransport final : public Transport
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StreamableHttpTransport)
public:
    explicit StreamableHttpTransport(HttpTransportOptions options, QObject *parent = nullptr);
    ~StreamableHttpTransport() override;

    void start() override;
    void send(const QByteArray &message) override;
    void close() override;
    State state() const override;
    QString description() const override;
    bool mirrorsToolArguments() const override { return true; }
    void setToolArgumentHeaders(const QHash<QString, RequestHeaders::ToolArgumentHeaders> &headers) override;

    /// The session id the server gave us (empty: none, or a stateless server).
    QByteArray sessionId() const;
    /// The protocol revision seen in the initialize answer (sent as MCP-Protocol-Version).
    QString protocolVersion() const;

    /// When on, an initialize POST answered 400, 404 or 405 with a body that is not JSON-RPC
    /// emits fallbackSuggested() instead of failing (the server may be a legacy HTTP+SSE one).
    void setFallbackDetection(bool enabled);

signals:
    /// See setFallbackDetection(). initializeMessage is the request to re-send elsewhere;
    /// reason says what this transport got. The transport sends nothing more afterwards.
    void fallbackSuggested(const QByteArray &initializeMessage, const Toolgate::Error &reason);

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
