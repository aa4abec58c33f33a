#pragma once

#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/common/result.h"
#include "core/workspace/erasummary.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QObject;

namespace Toolgate {

class EraCache;
class EraNegotiator;
class ServerConsole;
struct EraVerdict;
struct ServerConfig;

/// Chooses the protocol era each start of one server opens with (issue 15): its setting, the
/// verdict the era cache remembered, or a probe on a disposable sibling (EraNegotiator), whose
/// verdict is remembered. Once the session is open it keeps the cache right: a session that
/// corrected its era in place, or a cached "modern" that no longer answers, updates it.
class EraChooser final
{
    // ServerConnection's context: its texts came from there, with their translations.
    Q_DECLARE_TR_FUNCTIONS(Toolgate::ServerConnection)
    Q_DISABLE_COPY_MOVE(EraChooser)
public:
    /// Called once a probe decided: nullopt when the era is chosen, else why the start failed.
    using Decided = std::function<void(const std::optional<Error> &failure)>;

    /// Notes for people go to console.
    explicit EraChooser(ServerConsole &console);
    ~EraChooser();

    /// Where eras are remembered; without one (null) Auto opens with initialize and nothing is probed.
    void setCache(std::shared_ptr<EraCache> cache) { m_cache = std::move(cache); }
    EraCache *cache() const { return m_cache.get(); }

    /// Chooses for a start of config without probing; false when it must be probed first (probe()).
    bool chooseAtOnce(const ServerConfig &config);
    /// Probes config's era on a sibling; decided is called once (not after cancelProbe()).
    void probe(const ServerConfig &config, const ClientSession::Options &sessionOptions, QObject *context, Decided decided);
    /// A probe under way stops, its sibling killed.
    void cancelProbe();

    /// The mode the session of this start opens with.
    ClientSession::EraMode mode() const { return m_mode; }
    /// The session opened: what it found is remembered when the cache was wrong or silent.
    void sessionReady(const ServerConfig &config, const ClientSession &session);
    /// The session failed: a cached "modern" it could not open with is forgotten, so the next start probes.
    void sessionFailed(const ServerConfig &config);

    /// The console's line about the open session's era, in words.
    QString describe(const ClientSession &session) const;
    /// How the mode was chosen, short and stable for the log ("setting", "cached: probe result", …).
    QString how() const { return m_how; }
    qint64 probeMs() const { return m_probeMs; }
    /// How the open session's era was settled.
    ServerEraSummary summary(const ClientSession &session) const;

    /// Whether forgetting and starting again probes: config is set to Auto, runs over stdio, and a cache is set.
    bool canProbeAgain(const ServerConfig &config) const;
    /// Forgets the remembered era of config (nothing without a cache).
    Result<void> forget(const ServerConfig &config);

private:
    void onDecided(const ServerConfig &config, const EraVerdict &verdict, const Decided &decided);
    void remember(const ServerConfig &config, const QString &how, ProtocolEra era, const QString &version);

    ServerConsole &m_console;
    std::shared_ptr<EraCache> m_cache;
    /// The sibling probe of an Auto stdio server whose era is not known yet; deleted (the sibling
    /// killed) when the start it serves is abandoned.
    std::unique_ptr<EraNegotiator> m_negotiator;
    ClientSession::EraMode m_mode = ClientSession::EraMode::Legacy;
    QString m_how; // how the mode was chosen: a probe's verdict, the cache's, or the setting
    qint64 m_probeMs = -1;
    ServerEraSummary::Source m_source = ServerEraSummary::Source::Session;
    QString m_probe; // the probe's verdict behind m_mode (made this start or cached), else empty
};

} // namespace Toolgate
