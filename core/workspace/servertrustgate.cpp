#include "core/workspace/servertrustgate.h"

#include "core/workspace/serverconfig.h"
#include "core/workspace/servertrust.h"

namespace Toolgate {

bool ServerTrustGate::allows(const ServerConfig &config) const
{
    return !m_trust || m_trust->isTrusted(config) || m_trustedOnce == ServerTrustFacts::of(config).fingerprint();
}

Result<void> ServerTrustGate::grant(const ServerConfig &config, const QString &by)
{
    if (!m_trust)
        return {};
    Result<void> kept = m_trust->trust(config, by);
    if (!kept)
        m_trustedOnce = ServerTrustFacts::of(config).fingerprint();
    return kept;
}

} // namespace Toolgate
