#pragma once

#include "core/transport/httptransportoptions.h"
#include "core/transport/transport.h"

#include <memory>

namespace Toolgate {

/// The legacy HTTP+SSE transport (MCP 2024-11-05): a GET stream whose first event, `endpoint`,
/// names the URL to POST messages to; everything from the server arrives on that stream.
/// The session lives as long as the stream: when it ends, the transport closes.
class SseTransport final : public Transport
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SseTransport)
public:
    explicit SseTransport(HttpTransportOptions options, QObject *parent = nullptr);
    ~SseTransport() override;

    void start() override;
    void send(const QByteArray &message) override;
    void close() override;
    State state() const override;
    QString description() const override;

    /// The URL messages are posted to (known once started).
    QUrl endpoint() const;

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
