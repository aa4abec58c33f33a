#pragma once

#include "core/protocol/resource.h"

#include <QHash>
#include <QString>

#include <chrono>
#include <optional>

namespace Toolgate {

/// The 2026-07-28 caching hints (server/utilities/caching.mdx) for resources/read: a result whose ttlMs is
/// positive is served again without asking the server until it expires, the resource is updated, or the
/// resource list changes. MCP App views read their ui:// resource each time they open, so this saves a
/// round trip per view. A session owns one, so the cache is never shared across authorization contexts
/// (cacheScope "private" needs nothing more); results after input rounds (MRTR) must not be stored.
class ReadCache final
{
public:
    using Clock = std::chrono::steady_clock;
    /// Bounds, so a server's large answers cannot make the cache grow without end: an entry larger than
    /// maxEntryBytes is not kept; beyond maxTotalBytes the oldest entries go.
    static constexpr qsizetype maxEntryBytes = 4 * 1024 * 1024;
    static constexpr qsizetype maxTotalBytes = 32 * 1024 * 1024;

    /// The stored result while it is fresh (now < received + ttlMs); a stale one is dropped.
    std::optional<ReadResourceResult> fresh(const QString &uri, Clock::time_point now = Clock::now());
    /// ttlMs as the result said it: absent, zero or negative mean "stale at once", so nothing is kept.
    void store(const QString &uri, const ReadResourceResult &result, std::optional<qint64> ttlMs,
               Clock::time_point received = Clock::now());
    void forget(const QString &uri);
    void clear();
    qsizetype size() const { return m_entries.size(); }
    qsizetype bytes() const { return m_bytes; }

    /// The ttlMs of a result object, if it has a usable one.
    static std::optional<qint64> ttlOf(const QJsonObject &result);

private:
    struct Entry
    {
        ReadResourceResult result;
        Clock::time_point freshUntil;
        qsizetype bytes = 0;
        quint64 sequence = 0; ///< order of storing, for evicting the oldest
    };
    QHash<QString, Entry> m_entries;
    qsizetype m_bytes = 0;
    quint64 m_nextSequence = 0;
};

} // namespace Toolgate
