#pragma once

#include "core/common/error.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/peer/jsonrpcpeer.h"
#include "core/protocol/discover.h"
#include "core/protocol/implementation.h"
#include "core/protocol/logginglevel.h"

#include <QJsonObject>
#include <QString>

#include <functional>
#include <optional>

namespace Toolgate {

/// Where one McpServer connection stands: which era and revision the client speaks, what it said
/// about itself, and whether a request may be handled now. Both eras open here: initialize (legacy)
/// and, for the 2026-07-28 revision, server/discover or any request carrying the _meta envelope,
/// which is checked on every request and renews what the server knows of the client.
class ServerLifecycle final
{
    Q_DISABLE_COPY_MOVE(ServerLifecycle)
public:
    enum class Phase { AwaitingInitialize, AwaitingInitialized, Ready, Finished };
    /// Which era a method belongs to: the modern one dropped some and added others.
    enum class Eras { Both, LegacyOnly, ModernOnly };

    /// onReady runs once the client finished opening the connection (either era).
    explicit ServerLifecycle(std::function<void()> onReady) : m_onReady(std::move(onReady)) {}

    /// Whether a request may be handled in the connection's era, deciding the era on the opening
    /// one; answers the request itself (with an error) when not.
    bool admit(const QString &method, const JsonRpcMessage &request, const Responder &responder, Eras eras);
    /// initialize: takes the client's revision, info and capabilities, or answers the error. The
    /// revision the client asked for on success; the answer is then the caller's to send.
    std::optional<QString> acceptInitialize(const JsonRpcMessage &request, const Responder &responder);
    /// notifications/initialized: the legacy handshake is complete.
    void acceptInitialized();
    /// The connection closed; false when it already had.
    bool finish();

    Phase phase() const { return m_phase; }
    bool isReady() const { return m_phase == Phase::Ready; }
    /// Legacy until server/discover or an enveloped request; pinned to modern once Ready.
    ProtocolEra era() const { return m_era; }
    /// The connection is pinned to 2026-07-28.
    bool isModern() const { return m_era == ProtocolEra::Modern && m_phase == Phase::Ready; }
    QString protocolVersion() const { return m_protocolVersion; }
    const Implementation &clientInfo() const { return m_clientInfo; }
    QJsonObject clientCapabilities() const { return m_clientCapabilities; }
    /// logging/setLevel's (legacy) or the latest envelope's (modern).
    std::optional<LoggingLevel> logLevel() const { return m_logLevel; }
    void setLogLevel(LoggingLevel level) { m_logLevel = level; }

private:
    std::optional<Error> checkEnvelope(const QJsonObject &meta) const;
    void adoptEnvelope(const QJsonObject &meta);

    std::function<void()> m_onReady;
    Phase m_phase = Phase::AwaitingInitialize;
    ProtocolEra m_era = ProtocolEra::Legacy;
    QString m_protocolVersion;
    Implementation m_clientInfo;
    QJsonObject m_clientCapabilities;
    std::optional<LoggingLevel> m_logLevel;
};

} // namespace Toolgate
