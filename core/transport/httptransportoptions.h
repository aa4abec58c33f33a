#pragma once

#include "core/transport/httpauthenticator.h"

#include <QMap>
#include <QString>
#include <QUrl>

#include <chrono>
#include <memory>

namespace Toolgate {

/// Settings shared by the HTTP transports (Streamable HTTP and legacy HTTP+SSE).
struct HttpTransportOptions
{
    QUrl url;
    /// Extra headers sent with every request (API keys and the like: never logged).
    QMap<QString, QString> headers;
    /// Supplies and renews credentials; may be null (no authorization).
    std::shared_ptr<HttpAuthenticator> authenticator;
    /// The largest message accepted (a JSON body or one SSE event).
    qint64 maxMessageSize = 64 * 1024 * 1024;
    /// The largest error body kept to show the user.
    qint64 maxErrorBodySize = 64 * 1024;
    /// Streamable HTTP: open the optional GET stream for server-initiated messages.
    bool openGetStream = true;
    /// Streamable HTTP: reconnection delay when the server gave no `retry`, growing by
    /// retryBackoff after each failed attempt up to maxRetryDelay.
    std::chrono::milliseconds defaultRetryDelay = std::chrono::seconds(1);
    double retryBackoff = 1.5;
    std::chrono::milliseconds maxRetryDelay = std::chrono::seconds(30);
    /// Streamable HTTP: reconnections in a row that deliver nothing before giving up on a stream.
    int maxReconnectAttempts = 5;
    /// How long close() waits for the DELETE that ends the session.
    std::chrono::milliseconds closeTimeout = std::chrono::seconds(3);
    /// Legacy HTTP+SSE: how long to wait for the `endpoint` event.
    std::chrono::milliseconds endpointTimeout = std::chrono::seconds(30);
};

} // namespace Toolgate
