#include "core/workspace/erasummary.h"

#include <QStringList>

namespace Toolgate {

QString ServerEraSummary::eraName(ProtocolEra era)
{
    return era == ProtocolEra::Modern ? QStringLiteral("modern") : QStringLiteral("legacy");
}

QString ServerEraSummary::sourceName(Source source)
{
    switch (source) {
    case Source::Session: return QStringLiteral("session");
    case Source::Setting: return QStringLiteral("setting");
    case Source::Probe: return QStringLiteral("probe");
    case Source::Cache: return QStringLiteral("cache");
    }
    return {};
}

QString ServerEraSummary::describe() const
{
    return QStringLiteral("%1 (%2)").arg(protocolVersion, describeEra());
}

QString ServerEraSummary::describeEra() const
{
    QStringList parts{era == ProtocolEra::Modern ? tr("modern") : tr("legacy")};
    if (!decidedBy.isEmpty())
        parts.append(tr("decided by %1").arg(decidedBy));
    switch (source) {
    case Source::Session:
        break;
    case Source::Setting:
        parts.append(tr("as set for this server"));
        break;
    case Source::Probe:
        parts.append(tr("probed in %1 ms").arg(probeMs));
        break;
    case Source::Cache:
        parts.append(tr("cached"));
        break;
    }
    return parts.join(QStringLiteral(", "));
}

QString ServerEraSummary::describePlainly() const
{
    QStringList parts{era == ProtocolEra::Modern ? tr("the newer protocol") : tr("an older protocol")};
    switch (source) {
    case Source::Session:
        break;
    case Source::Setting:
        parts.append(tr("as set for this server"));
        break;
    case Source::Probe:
        parts.append(tr("found out when it started"));
        break;
    case Source::Cache:
        parts.append(tr("remembered from an earlier start"));
        break;
    }
    return QStringLiteral("%1 (%2)").arg(protocolVersion, parts.join(QStringLiteral(", ")));
}

QJsonObject ServerEraSummary::toJson() const
{
    QJsonObject object{
        {QStringLiteral("era"), eraName(era)},
        {QStringLiteral("eraDecidedBy"), decidedBy},
        {QStringLiteral("eraSource"), sourceName(source)},
    };
    if (!probe.isEmpty())
        object.insert(QStringLiteral("eraProbe"), probe);
    if (probeMs >= 0)
        object.insert(QStringLiteral("probeMs"), probeMs);
    return object;
}

} // namespace Toolgate
