#pragma once

#include "core/common/result.h"

#include <QString>

#include <memory>

namespace Toolgate {

struct ServerConfig;
class ServerTrust;

/// Whether what one server runs may start (issue 16): asks the shared ServerTrust, and lets a
/// trust given this once pass although it could not be written down. Without a ServerTrust
/// everything may start.
class ServerTrustGate final
{
public:
    /// Shared with the other connections; may be null.
    void setTrust(std::shared_ptr<ServerTrust> trust) { m_trust = std::move(trust); }
    ServerTrust *trust() const { return m_trust.get(); }

    /// False while a start of config would have to wait for someone to trust it.
    bool allows(const ServerConfig &config) const;
    /// Records that `by` trusts what config runs. When that cannot be kept on disk, config is
    /// trusted this once and the error says why.
    Result<void> grant(const ServerConfig &config, const QString &by);

private:
    std::shared_ptr<ServerTrust> m_trust;
    /// Trusted this once although the trust could not be written down.
    QString m_trustedOnce;
};

} // namespace Toolgate
