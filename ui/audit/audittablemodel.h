#pragma once

#include "core/audit/auditfilter.h"
#include "core/audit/auditreader.h"
#include "core/audit/auditrecord.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>

#include <atomic>
#include <memory>
#include <optional>

class QTimer;

namespace Toolgate {

class AuditQueryWorker;

/// The audit records matching a filter, newest first, loaded a page at a time as the view scrolls
/// (fetchMore). Pages are keyset queries by id ("older than the last id shown"), so a page deep in
/// a million records costs what the first one does. Every query runs on the AuditQueryWorker's
/// thread; an answer for an older filter is dropped. Rows hold summaries only (no arguments or
/// results): the detail pane loads one record in full.
///
/// Live: noteStoreChanged() fetches only what was written since the rows were loaded (by the
/// hash chain's seq, which orders new records and later decisions and outcomes alike) and merges
/// it in place: new matches are inserted (at the top when newest), rows whose call finished are
/// updated, rows that no longer match are removed. Rows are never reset for this, so views keep
/// their selection. Calls in a burst make one query.
class AuditTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditTableModel)
public:
    enum Column { TimeColumn, KindColumn, ServerColumn, NameColumn, DecisionColumn, OutcomeColumn,
                  DurationColumn, ClientColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        RecordIdRole = Qt::UserRole + 1, ///< qint64
        RecordTypeRole,                  ///< int(AuditRecordType)
        OutcomeRole,                     ///< int(AuditOutcome)
        OriginRole,                      ///< qint64: for what an app view did, the call that showed the app; else invalid
    };

    /// worker (for pages) is not owned and must outlive the model; the model counts matches on a
    /// worker of its own for the same store.
    explicit AuditTableModel(AuditQueryWorker *worker, QObject *parent = nullptr);
    ~AuditTableModel() override;

    /// Records per page (default 200).
    void setPageSize(int rows);
    int pageSize() const { return m_pageSize; }

    /// Shows the records matching filter: clears the rows and loads the first page.
    void setFilter(const AuditFilter &filter);
    const AuditFilter &filter() const { return m_filter; }
    /// Loads the current filter again from the start (new records, finished calls).
    void reload();

    /// Something was written to the store: fetch and merge what changed, after a short delay that
    /// gathers a burst into one query. While paused, this is remembered for when it resumes.
    void noteStoreChanged();
    /// Pauses live updates (a hidden window queries nothing); resuming catches up if needed.
    void setLiveUpdatesPaused(bool paused);
    bool liveUpdatesPaused() const { return m_livePaused; }
    /// How long noteStoreChanged() waits to gather a burst (default 200 ms).
    void setLiveUpdateDelay(int msec);

    /// Whether a query for the rows is under way.
    bool isLoading() const { return m_loading; }
    /// Whether every matching record is loaded.
    bool isComplete() const { return m_firstPageLoaded && !m_more; }
    /// How many records match, once counted (after the first page).
    std::optional<qint64> matchCount() const { return m_count; }
    qint64 recordId(int row) const;
    int rowOfRecord(qint64 id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    // Words for people, shared with the detail pane.
    static QString kindText(AuditRecordType type);
    static QString outcomeText(AuditOutcome outcome);
    /// A task's status in plain words ("working", "waiting for input", "completed", ...).
    static QString taskStatusText(Task::Status status);
    static QString decisionText(const std::optional<ApprovalDecision::Kind> &decision,
                                const std::optional<ApprovalDecision::Source> &source);
    static QString connectionEventText(const QString &name);
    static QString initiatorText(CallInitiator initiator);
    /// The Client column: who made the record ("GUI"), and for an app view's call or request the call
    /// whose result showed the app ("App · #12").
    static QString clientText(CallInitiator initiator, std::optional<qint64> origin);
    /// "the app in the result of call #12": where an app-initiated call or request came from.
    static QString originText(qint64 origin);

signals:
    /// A page arrived (rows: how many it added).
    void pageLoaded(int rows);
    void loadingChanged(bool loading);
    /// The number of matching records, counted after the first page of a filter arrived.
    void matchCountChanged(qint64 count);
    /// A query failed (the store is missing, locked, damaged...).
    void queryFailed(const QString &message);
    /// Live changes were merged in: rows inserted, updated in place (ids: the records whose row
    /// changed, e.g. a call that finished) and removed.
    void liveUpdateApplied(int inserted, const QList<qint64> &updated, int removed);

private:
    struct Row
    {
        qint64 id = 0;
        AuditRecordType type = AuditRecordType::ToolCall;
        QDateTime startedAt;
        QString server;
        QString name;
        std::optional<ApprovalDecision::Kind> decision;
        std::optional<ApprovalDecision::Source> source;
        AuditOutcome outcome = AuditOutcome::Pending;
        std::optional<qint64> durationMs;
        CallInitiator initiator = CallInitiator::Gui;
        std::optional<qint64> origin;
        bool edited = false;
        QString errorMessage;
        QString preview;

        bool operator==(const Row &) const = default;
    };
    static Row rowFrom(const AuditRecord &record);

    void requestPage();
    void requestCount();
    void setLoading(bool loading);
    void scheduleCatchUp();
    void catchUp();
    void applyChanges(const AuditReader::Changes &changes);
    /// Where a record with id sits, or would go, in the rows (ordered by id, newest first).
    int positionOf(qint64 id) const;

    AuditQueryWorker *m_worker;
    /// Counting every match of a broad search can take seconds: it runs on a thread of its own,
    /// so it never holds up a page.
    AuditQueryWorker *m_countWorker;
    /// m_generation as the worker threads see it, to skip jobs for a filter no longer shown.
    std::shared_ptr<std::atomic<quint64>> m_wanted = std::make_shared<std::atomic<quint64>>(0);
    AuditFilter m_filter;
    QList<Row> m_rows;
    int m_pageSize = 200;
    quint64 m_generation = 0; // bumped by every new filter or reload; older answers are dropped
    bool m_loading = false;
    bool m_more = false;
    bool m_firstPageLoaded = false;
    std::optional<qint64> m_count;

    // Live updates.
    QTimer *m_catchUpDelay;
    /// The newest event of the hash chain the rows reflect (read before the first page).
    qint64 m_seenSeq = 0;
    bool m_changesPending = false; // noted while paused, loading or catching up
    bool m_catchingUp = false;
    bool m_livePaused = false;
};

} // namespace Toolgate
