// ReadCache: the 2026-07-28 freshness rules (server/utilities/caching.mdx) and the bounds that keep a
// server's answers from growing the cache without end.

#include "core/client/readcache.h"

#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Toolgate;
using namespace std::chrono_literals;

namespace {

ReadResourceResult textResult(const QString &uri, const QString &text)
{
    ReadResourceResult result;
    ResourceContents contents;
    contents.uri = uri;
    contents.text = text;
    result.contents.append(contents);
    return result;
}

} // namespace

class tst_ReadCache : public QObject
{
    Q_OBJECT
private slots:
    void freshUntilTheTtlPasses();
    void zeroNegativeOrAbsentTtlKeepsNothing();
    void forgetAndClear();
    void ttlOfReadsOnlyNumbers();
    void largeEntriesAreNotKept();
    void oldestGoFirstBeyondTheTotal();
};

void tst_ReadCache::freshUntilTheTtlPasses()
{
    ReadCache cache;
    const auto received = ReadCache::Clock::now();
    cache.store(u"file:///a"_s, textResult(u"file:///a"_s, u"A"_s), 1000, received);
    QVERIFY(cache.fresh(u"file:///a"_s, received + 999ms).has_value());
    QCOMPARE(cache.fresh(u"file:///a"_s, received + 999ms)->contents.first().text.value_or(QString()), u"A"_s);
    QVERIFY(!cache.fresh(u"file:///b"_s, received).has_value()); // another key: never served
    QVERIFY(!cache.fresh(u"file:///a"_s, received + 1000ms).has_value()); // now < received + ttl, strictly
    QCOMPARE(cache.size(), 0);                                            // and the stale one is gone
    QCOMPARE(cache.bytes(), 0);
}

void tst_ReadCache::zeroNegativeOrAbsentTtlKeepsNothing()
{
    ReadCache cache;
    for (const std::optional<qint64> ttl : {std::optional<qint64>(0), std::optional<qint64>(-5), std::optional<qint64>()}) {
        cache.store(u"file:///a"_s, textResult(u"file:///a"_s, u"A"_s), ttl);
        QVERIFY(!cache.fresh(u"file:///a"_s).has_value());
    }
    // A stale answer replaces a fresh one: the server said not to trust it any longer.
    cache.store(u"file:///a"_s, textResult(u"file:///a"_s, u"old"_s), 60000);
    cache.store(u"file:///a"_s, textResult(u"file:///a"_s, u"new"_s), 0);
    QVERIFY(!cache.fresh(u"file:///a"_s).has_value());
}

void tst_ReadCache::forgetAndClear()
{
    ReadCache cache;
    cache.store(u"file:///a"_s, textResult(u"file:///a"_s, u"A"_s), 60000);
    cache.store(u"file:///b"_s, textResult(u"file:///b"_s, u"B"_s), 60000);
    cache.forget(u"file:///a"_s);
    QVERIFY(!cache.fresh(u"file:///a"_s).has_value());
    QVERIFY(cache.fresh(u"file:///b"_s).has_value());
    cache.clear();
    QCOMPARE(cache.size(), 0);
    QCOMPARE(cache.bytes(), 0);
}

void tst_ReadCache::ttlOfReadsOnlyNumbers()
{
    QCOMPARE(ReadCache::ttlOf(QJsonObject{{u"ttlMs"_s, 3600000}}), std::optional<qint64>(3600000));
    QCOMPARE(ReadCache::ttlOf(QJsonObject{{u"ttlMs"_s, u"3600000"_s}}), std::nullopt);
    QCOMPARE(ReadCache::ttlOf(QJsonObject()), std::nullopt);
    // A huge hint is capped instead of overflowing the clock.
    ReadCache cache;
    cache.store(u"file:///a"_s, textResult(u"file:///a"_s, u"A"_s), std::numeric_limits<qint64>::max());
    QVERIFY(cache.fresh(u"file:///a"_s).has_value());
}

void tst_ReadCache::largeEntriesAreNotKept()
{
    ReadCache cache;
    ReadResourceResult big;
    ResourceContents contents;
    contents.uri = u"file:///big"_s;
    contents.blob = QByteArray(ReadCache::maxEntryBytes + 1, 'A');
    big.contents.append(contents);
    cache.store(u"file:///big"_s, big, 60000);
    QVERIFY(!cache.fresh(u"file:///big"_s).has_value());
    QCOMPARE(cache.bytes(), 0);
}

void tst_ReadCache::oldestGoFirstBeyondTheTotal()
{
    ReadCache cache;
    const qsizetype each = ReadCache::maxEntryBytes - 1024;
    const int fits = int(ReadCache::maxTotalBytes / each);
    for (int i = 0; i <= fits; ++i) {
        ReadResourceResult result;
        ResourceContents contents;
        contents.blob = QByteArray(each, char('a' + i));
        result.contents.append(contents);
        cache.store(u"file:///%1"_s.arg(i), result, 60000);
        QVERIFY(cache.bytes() <= ReadCache::maxTotalBytes);
    }
    QVERIFY(!cache.fresh(u"file:///0"_s).has_value()); // the first stored went
    QVERIFY(cache.fresh(u"file:///%1"_s.arg(fits)).has_value());
    QVERIFY(cache.fresh(u"file:///1"_s).has_value());
}

QTEST_GUILESS_MAIN(tst_ReadCache)
#include "tst_readcache.moc"
