#include "core/workspace/erachooser.h"

#include "core/client/eranegotiator.h"
#include "core/common/logging.h"
#include "core/workspace/eracache.h"
#include "core/workspace/serverconfig.h"
#include "core/workspace/serverconsole.h"
#include "core/workspace/transportfactory.h"

#include <QDateTime>
#include <QObject>

namespace Toolgate {

EraChooser::EraChooser(ServerConsole &console)
    : m_console(console)
{
}

EraChooser::~EraChooser() = default;

bool EraChooser::chooseAtOnce(const ServerConfig &config)
{
    m_probeMs = -1;
    m_source = ServerEraSummary::Source::Session;
    m_probe.clear();
    switch (config.protocolEra) {
    case ServerConfig::EraPreference::Legacy:
        m_mode = ClientSession::EraMode::Legacy;
        m_how = QStringLiteral("setting");
        m_source = ServerEraSummary::Source::Setting;
        return true;
    case ServerConfig::EraPreference::Modern:
        m_mode = ClientSession::EraMode::Modern;
        m_how = QStringLiteral("setting");
        m_source = ServerEraSummary::Source::Setting;
        return true;
    case ServerConfig::EraPreference::Auto:
        break;
    }
    // HTTP has no sibling to probe: initialize, and a modern-only server's -32022 (naming the
    // revisions it speaks) moves the session to server/discover on the spot. A legacy server pays
    // nothing for this, and the answer is only as far away as the first request.
    if (config.transport != ServerConfig::Transport::Stdio) {
        m_mode = ClientSession::EraMode::PreferLegacy;
        m_how = QStringLiteral("HTTP: initialize");
        return true;
    }
    if (!m_cache) {
        m_mode = ClientSession::EraMode::PreferLegacy;
        m_how = QStringLiteral("initialize, no era cache");
        return true;
    }
    if (const auto cached = m_cache->lookup(config)) {
        m_mode = cached->era == ProtocolEra::Modern ? ClientSession::EraMode::PreferModern : ClientSession::EraMode::PreferLegacy;
        m_how = QStringLiteral("cached: %1").arg(cached->how);
        m_source = ServerEraSummary::Source::Cache;
        m_probe = cached->how;
        return true;
    }
    return false;
}

void EraChooser::probe(const ServerConfig &config, const ClientSession::Options &sessionOptions, QObject *context,
                       Decided decided)
{
    EraNegotiator::Options options;
    options.probeTimeout = sessionOptions.probeTimeout;
    options.clientInfo = sessionOptions.clientInfo;
    if (options.clientInfo.name.isEmpty()) {
        options.clientInfo.name = QStringLiteral("toolgate");
        options.clientInfo.version = QStringLiteral(TOOLGATE_VERSION);
    }
    // The probe's sibling is as much the server as the server itself: it runs in the same sandbox.
    Result<StdioLaunchSpec> spec = TransportFactory::stdioLaunchSpec(config);
    if (!spec) {
        QMetaObject::invokeMethod(context, [decided = std::move(decided), error = spec.error()] { decided(error); }, Qt::QueuedConnection);
        return;
    }
    m_negotiator = std::make_unique<EraNegotiator>(std::move(spec).value(), options);
    // config is the connection's own, which outlives the probe.
    QObject::connect(m_negotiator.get(), &EraNegotiator::decided, context,
                     [this, &config, decided = std::move(decided)](const EraVerdict &verdict) { onDecided(config, verdict, decided); });
    // A person watching their server start would otherwise see it run twice and wonder why.
    m_console.note(tr("Starting the server twice this time: first a short-lived copy, only to find out which "
                      "protocol version it speaks (remembered for later starts), then the server itself."));
    m_negotiator->start();
}

void EraChooser::cancelProbe() { m_negotiator.reset(); }

void EraChooser::onDecided(const ServerConfig &config, const EraVerdict &verdict, const Decided &decided)
{
    m_probeMs = m_negotiator ? m_negotiator->probeMs() : -1;
    // Deleted later: this runs inside its signal.
    if (m_negotiator)
        m_negotiator.release()->deleteLater();
    if (verdict.kind == EraVerdict::Kind::Error) {
        decided(verdict.error);
        return;
    }
    const bool modern = verdict.kind == EraVerdict::Kind::Modern;
    m_mode = modern ? ClientSession::EraMode::PreferModern : ClientSession::EraMode::PreferLegacy;
    m_how = verdict.how;
    m_source = ServerEraSummary::Source::Probe;
    m_probe = verdict.how;
    if (m_cache)
        remember(config, verdict.how, modern ? ProtocolEra::Modern : ProtocolEra::Legacy, verdict.version);
    decided(std::nullopt);
}

void EraChooser::remember(const ServerConfig &config, const QString &how, ProtocolEra era, const QString &version)
{
    const Result<void> stored = m_cache->store(config, {era, version, QDateTime::currentDateTimeUtc(), how, m_probeMs});
    if (!stored)
        qCWarning(lcWorkspace) << "could not remember the protocol era:" << stored.error().message;
}

void EraChooser::sessionReady(const ServerConfig &config, const ClientSession &session)
{
    const QString by = session.eraDecidedBy();
    const bool corrected = by != QLatin1String("initialize") && by != QLatin1String("server/discover");
    if (corrected)
        m_how = by;
    if (!canProbeAgain(config))
        return;
    const auto cached = m_cache->lookup(config);
    if (cached && cached->era == session.era() && !corrected)
        return;
    remember(config, by, session.era(), session.era() == ProtocolEra::Modern ? session.protocolVersion() : QString());
}

void EraChooser::sessionFailed(const ServerConfig &config)
{
    // A cached "modern" that the server no longer answers to (it exited on server/discover): probe
    // again on the restart.
    if (m_cache && m_mode == ClientSession::EraMode::PreferModern && m_how.startsWith(QLatin1String("cached"))) {
        if (const Result<void> forgotten = m_cache->forget(config); !forgotten)
            qCWarning(lcWorkspace) << "could not forget the protocol era:" << forgotten.error().message;
    }
}

// m_how is short and stable for the cache and the log; this says it in words.
QString EraChooser::describe(const ClientSession &session) const
{
    const QString era = session.era() == ProtocolEra::Modern ? tr("modern (2026-07-28)") : tr("legacy (initialize)");
    QString how;
    if (m_how == QLatin1String("setting"))
        how = tr("as set for this server");
    else if (m_how.startsWith(QLatin1String("HTTP")))
        how = tr("over HTTP only the legacy era so far");
    else if (m_how.startsWith(QLatin1String("cached")))
        how = tr("remembered from an earlier start");
    else if (m_how.startsWith(QLatin1String("initialize ")) || m_how.startsWith(QLatin1String("server/discover ")))
        how = tr("corrected after the server's answer");
    else if (m_probeMs >= 0)
        how = tr("found by asking a separate copy of the server, %1 ms").arg(m_probeMs);
    else
        how = tr("not probed");
    return tr("protocol era: %1, %2").arg(era, how);
}

ServerEraSummary EraChooser::summary(const ClientSession &session) const
{
    ServerEraSummary summary;
    summary.era = session.era();
    summary.protocolVersion = session.protocolVersion();
    summary.decidedBy = session.eraDecidedBy();
    summary.source = m_source;
    summary.probe = m_probe;
    summary.probeMs = m_source == ServerEraSummary::Source::Probe ? m_probeMs : -1;
    return summary;
}

bool EraChooser::canProbeAgain(const ServerConfig &config) const
{
    return m_cache && config.protocolEra == ServerConfig::EraPreference::Auto && config.transport == ServerConfig::Transport::Stdio;
}

Result<void> EraChooser::forget(const ServerConfig &config)
{
    if (!m_cache)
        return {};
    return m_cache->forget(config);
}

} // namespace Toolgate
