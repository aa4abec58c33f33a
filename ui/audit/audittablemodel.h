#pragma once

#include "audit/auditfilter.h"
#include "audit/auditrecord.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>

#include <atomic>
#include <memory>

#include <optional>

namespace Toolgate {

class AuditQueryWorker;

/// The audit records matching a filter, newest first, loaded a page at a time as the view scrolls
/// (fetchMore). Pages are keyset queries by id ("older than the last id shown"), so a page deep in
/// a million records costs what the first one does. Every query runs on the AuditQueryWorker's
/// thread; an answer for an older filter is dropped. Rows hold summaries only (no arguments or
/// results): the detail pane loads one record in full.
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
    static QString decisionText(const std::optional<ApprovalDecision::Kind> &decision,
                                const std::optional<ApprovalDecision::Source> &source);
    static QString connectionEventText(const QString &name);
    static QString initiatorText(CallInitiator initiator);

signals:
    /// A page arrived (rows: how many it added).
    void pageLoaded(int rows);
    void loadingChanged(bool loading);
    /// The number of matching records, counted after the first page of a filter arrived.
    void matchCountChanged(qint64 count);
    /// A query failed (the store is missing, locked, damaged...).
    void queryFailed(const QString &message);

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
        bool edited = false;
        QString errorMessage;
        QString preview;
    };
    static Row rowFrom(const AuditRecord &record);

    void requestPage();
    void requestCount();
    void setLoading(bool loading);

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
};

} // namespace Toolgate
