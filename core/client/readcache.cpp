#include "core/client/readcache.h"

#include <QJsonObject>
#include <QJsonValue>

namespace Toolgate {

namespace {

qsizetype sizeOf(const ReadResourceResult &result)
{
    qsizetype bytes = 0;
    for (const ResourceContents &contents : result.contents)
        bytes += contents.uri.size() * 2 + (contents.text ? contents.text->size() * 2 : 0) + contents.blob.size();
    return bytes;
}

} // namespace

std::optional<qint64> ReadCache::ttlOf(const QJsonObject &result)
{
    const QJsonValue ttl = result.value(QLatin1String("ttlMs"));
    if (!ttl.isDouble())
        return std::nullopt;
    return qint64(ttl.toDouble());
}

std::optional<ReadResourceResult> ReadCache::fresh(const QString &uri, Clock::time_point now)
{
    const auto it = m_entries.find(uri);
    if (it == m_entries.end())
        return std::nullopt;
    if (now >= it->freshUntil) {
        m_bytes -= it->bytes;
        m_entries.erase(it);
        return std::nullopt;
    }
    return it->result;
}

void ReadCache::store(const QString &uri, const ReadResourceResult &result, std::optional<qint64> ttlMs, Clock::time_point received)
{
    forget(uri);
    if (!ttlMs || *ttlMs <= 0)
        return;
    const qsizetype bytes = sizeOf(result);
    if (bytes > maxEntryBytes)
        return;
    // A year at most: the hint is freshness, and time_point arithmetic must not overflow.
    const auto ttl = std::chrono::milliseconds(std::min<qint64>(*ttlMs, qint64(365) * 24 * 3600 * 1000));
    while (m_bytes + bytes > maxTotalBytes && !m_entries.isEmpty()) {
        auto oldest = m_entries.begin();
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
            if (it->sequence < oldest->sequence)
                oldest = it;
        }
        m_bytes -= oldest->bytes;
        m_entries.erase(oldest);
    }
    m_entries.insert(uri, Entry{result, received + ttl, bytes, m_nextSequence++});
    m_bytes += bytes;
}

void ReadCache::forget(const QString &uri)
{
    const auto it = m_entries.find(uri);
    if (it == m_entries.end())
        return;
    m_bytes -= it->bytes;
    m_entries.erase(it);
}

void ReadCache::clear()
{
    m_entries.clear();
    m_bytes = 0;
}

} // namespace Toolgate
