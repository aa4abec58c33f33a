#include "core/workspace/eracache.h"

#include "core/common/atomicfile.h"
#include "core/common/configlocation.h"
#include "core/common/fieldhash.h"
#include "core/common/logging.h"
#include "core/workspace/serverconfig.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

namespace Toolgate {

namespace {

constexpr int eraFileVersion = 1;
/// More entries than anyone configures servers: a file grown beyond it is not ours to trust.
constexpr qsizetype maxCachedServers = 10000;

} // namespace

EraCache::EraCache(QString path)
    : m_path(std::move(path))
{
}

QString EraCache::defaultPath()
{
    return ConfigLocation::configFile(QStringLiteral("eras.json"));
}

QString EraCache::fingerprint(const ServerConfig &config)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    addHashField(hash, ServerConfig::transportName(config.transport));
    if (config.transport == ServerConfig::Transport::Stdio) {
        addHashField(hash, config.command);
        addHashField(hash, QString::number(config.args.size()));
        for (const QString &arg : config.args)
            addHashField(hash, arg);
        addHashField(hash, config.cwd);
        for (auto it = config.env.cbegin(); it != config.env.cend(); ++it) {
            addHashField(hash, it.key());
            addHashField(hash, it.value());
        }
    } else {
        // The origin and path: a query string or fragment does not choose another server.
        const QUrl url(config.url);
        addHashField(hash, url.scheme().toLower());
        addHashField(hash, url.host().toLower());
        addHashField(hash, QString::number(url.port(url.scheme() == QLatin1String("https") ? 443 : 80)));
        addHashField(hash, url.path());
    }
    return QString::fromLatin1(hash.result().toHex());
}

Result<void> EraCache::load()
{
    m_entries.clear();
    Result<QHash<QString, Stored>> read = readFile();
    if (!read)
        return read.error();
    m_entries = std::move(read.value());
    return {};
}

Result<QHash<QString, EraCache::Stored>> EraCache::readFile() const
{
    QHash<QString, Stored> entries;
    QFile file(m_path);
    if (!file.exists())
        return entries;
    if (!file.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::EraCache", "cannot read %1: %2")
                                                     .arg(QDir::toNativeSeparators(m_path), file.errorString()));
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    const QJsonObject servers = doc.object().value(QLatin1String("servers")).toObject();
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()
        || doc.object().value(QLatin1String("version")).toInt() != eraFileVersion || servers.size() > maxCachedServers) {
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::EraCache", "%1 is not a protocol era cache Toolgate can read; it will be rewritten")
                                                     .arg(QDir::toNativeSeparators(m_path)));
    }
    for (auto it = servers.begin(); it != servers.end(); ++it) {
        const QJsonObject o = it.value().toObject();
        const QString era = o.value(QLatin1String("era")).toString();
        if (era != QLatin1String("modern") && era != QLatin1String("legacy"))
            continue; // an entry we cannot read is one we do not have
        Stored stored;
        stored.fingerprint = o.value(QLatin1String("key")).toString();
        stored.entry.era = era == QLatin1String("modern") ? ProtocolEra::Modern : ProtocolEra::Legacy;
        stored.entry.version = o.value(QLatin1String("version")).toString();
        stored.entry.decidedAt = QDateTime::fromString(o.value(QLatin1String("decidedAt")).toString(), Qt::ISODateWithMs);
        stored.entry.how = o.value(QLatin1String("how")).toString();
        stored.entry.probeMs = o.value(QLatin1String("probeMs")).toInteger(-1);
        if (stored.entry.era == ProtocolEra::Modern && stored.entry.version.isEmpty())
            continue;
        entries.insert(it.key(), stored);
    }
    return entries;
}

std::optional<EraCache::Entry> EraCache::lookup(const ServerConfig &config) const
{
    const auto it = m_entries.constFind(config.name);
    if (it == m_entries.cend() || it->fingerprint != fingerprint(config))
        return std::nullopt;
    return it->entry;
}

Result<void> EraCache::store(const ServerConfig &config, const Entry &entry)
{
    return update([&](QHash<QString, Stored> &entries) {
        entries.insert(config.name, Stored{fingerprint(config), entry});
        return true;
    });
}

Result<void> EraCache::forget(const ServerConfig &config)
{
    return update([&](QHash<QString, Stored> &entries) { return entries.remove(config.name) > 0; });
}

Result<void> EraCache::update(const std::function<bool(QHash<QString, Stored> &)> &change)
{
    // The app and toolgate-cli share the file and each keeps its own copy: writing ours back whole would
    // drop what another process stored since we read it. So the file is read again and this one change
    // applied to it, under a lock that keeps the two from interleaving.
    const auto lock = AtomicFile::lockForUpdate(m_path, 500);
    if (!lock) {
        change(m_entries); // this process still goes by it; the file keeps what the other one writes
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::EraCache", "%1; the protocol era was not remembered this time")
                                                     .arg(lock.error().message));
    }
    if (Result<QHash<QString, Stored>> onDisk = readFile())
        m_entries = std::move(onDisk.value());
    // else: unreadable, and rewritten from what this process knows (as load() promised)
    if (!change(m_entries))
        return {};
    return save();
}

Result<void> EraCache::save() const
{
    QJsonObject servers;
    for (auto it = m_entries.cbegin(); it != m_entries.cend(); ++it) {
        QJsonObject o{
            {QLatin1String("key"), it->fingerprint},
            {QLatin1String("era"), it->entry.era == ProtocolEra::Modern ? QStringLiteral("modern") : QStringLiteral("legacy")},
            {QLatin1String("decidedAt"), it->entry.decidedAt.toUTC().toString(Qt::ISODateWithMs)},
            {QLatin1String("how"), it->entry.how},
        };
        if (!it->entry.version.isEmpty())
            o.insert(QLatin1String("version"), it->entry.version);
        if (it->entry.probeMs >= 0)
            o.insert(QLatin1String("probeMs"), it->entry.probeMs);
        servers.insert(it.key(), o);
    }
    const QJsonObject root{{QLatin1String("version"), eraFileVersion}, {QLatin1String("servers"), servers}};
    return AtomicFile::write(m_path, QJsonDocument(root).toJson(QJsonDocument::Indented));
}

} // namespace Toolgate
