#pragma once

#include "core/audit/auditfilter.h"
#include "core/audit/auditrecord.h"
#include "core/common/result.h"

#include <QList>

#include <functional>
#include <memory>

namespace Toolgate {

class AuditDatabase;

/// One event of a record's hash chain, for display.
struct AuditEventInfo
{
    qint64 seq = 0;
    QString kind;
    QString hash;
};

/// Queries over the audit store for views, the CLI and export: filtered counts, keyset pages by
/// id (cheap at any depth), offset windows (for jumping a scrollbar), single records, streaming.
/// Uses its own read connection (WAL: never blocks the writer). Synchronous and bound to the
/// thread that opened it: a view runs it on a worker thread, the CLI directly.
class AuditReader final
{
    Q_DISABLE_COPY_MOVE(AuditReader)
public:
    /// Summary leaves out the large fields (arguments, edited arguments, result) and fills preview.
    enum class Detail { Summary, Full };

    struct PageRequest
    {
        /// Records older than this id (0: start from the newest).
        qint64 beforeId = 0;
        /// Or: the records just newer than this id (for scrolling back up); wins over beforeId.
        qint64 afterId = 0;
        int limit = 100;
        Detail detail = Detail::Summary;
    };

    struct Page
    {
        QList<AuditRecord> records; ///< Newest first.
        bool more = false;          ///< Whether there are further records in the direction asked.
    };

    /// What was written after a point of the hash chain. Every write (a new record, its decision,
    /// its outcome) appends one event, so the chain's seq orders all changes, updates included.
    struct Changes
    {
        qint64 lastSeq = 0;          ///< The newest event these changes include: ask from here next time.
        QList<qint64> changedIds;    ///< Every record written or updated since, ascending.
        QList<AuditRecord> matching; ///< Those of them that match the filter now (summaries), newest first.
        bool tooMany = false;        ///< More records changed than asked for (nothing else is filled): reload.
    };

    /// Opens the store at path (empty: the default) for reading; fails if there is none.
    static Result<std::unique_ptr<AuditReader>> open(const QString &path = {});
    ~AuditReader();

    QString path() const;
    /// Whether text search uses the FTS5 index (else a substring scan).
    bool hasFullTextIndex() const;
    /// Forces the substring scan even with an index (benchmarks, tests).
    void setFullTextEnabled(bool enabled);

    Result<qint64> count(const AuditFilter &filter);
    Result<Page> page(const AuditFilter &filter, const PageRequest &request);
    /// Records [offset, offset + limit) of the filtered list, newest first. Cost grows with offset.
    Result<QList<AuditRecord>> window(const AuditFilter &filter, qint64 offset, int limit, Detail detail = Detail::Summary);
    Result<AuditRecord> record(qint64 id);
    /// The seq of the newest event in the chain (0: none yet).
    Result<qint64> lastEventSeq();
    /// The records written or updated after event afterSeq, at most limit of them. Costs one
    /// index lookup when nothing changed.
    Result<Changes> changesSince(const AuditFilter &filter, qint64 afterSeq, int limit);
    Result<QList<AuditEventInfo>> events(qint64 recordId);
    /// Visits every matching record oldest first, in full, without holding them all in memory;
    /// visit returns false to stop. Returns how many were visited.
    Result<qint64> forEach(const AuditFilter &filter, const std::function<bool(const AuditRecord &)> &visit);

    /// The distinct server names (or record names: tools, methods, events) in the store, sorted,
    /// at most limit of them: for filter choices. Walks an index, not the records.
    Result<QStringList> serverNames(int limit = 1000);
    Result<QStringList> recordNames(int limit = 1000);

    /// Turns search words into an FTS5 query: each a quoted prefix term, all required. Quoting
    /// makes every character literal, so no input is FTS syntax.
    static QString fullTextQuery(const QStringList &terms);

private:
    AuditReader() = default;
    struct Query;
    Query build(const AuditFilter &filter) const;
    Result<QStringList> distinct(const QString &column, int limit);

    std::unique_ptr<AuditDatabase> m_database;
    bool m_fullText = false;
};

} // namespace Toolgate
