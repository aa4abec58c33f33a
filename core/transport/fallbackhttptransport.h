#pragma once

#include "core/transport/httptransportoptions.h"
#include "core/transport/transport.h"

#include <memory>

namespace Toolgate {

/// An HTTP server of either era: speaks Streamable HTTP, and if the server answers the first
/// POST (initialize) with 400, 404 or 405 and no JSON-RPC error, switches to the legacy HTTP+SSE
/// transport on the same URL, as the specification's backward-compatibility section describes.
class FallbackHttpTransport final : public Transport
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FallbackHttpTransport)
public:
    enum class Mode { Probing, StreamableHttp, LegacySse };
    Q_ENUM(Mode)

    explicit FallbackHttpTransport(HttpTransportOptions options, QObject *parent = nullptr);
    ~FallbackHttpTransport() override;

    void start() override;
    void send(const QByteArray &message) override;
    void close() override;
    State state() const override;
    QString description() const override;
    /// The inner transport's (Streamable HTTP mirrors them; the legacy HTTP+SSE one, whose servers
    /// predate 2026-07-28, does not).
    bool mirrorsToolArguments() const override;
    void setToolArgumentHeaders(const QHash<QString, RequestHeaders::ToolArgumentHeaders> &headers) override;

    /// Which transport is in use: Probing until the first answer decides.
    Mode mode() const;

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
