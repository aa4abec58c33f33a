#pragma once

#include "core/audit/auditchain.h"
#include "core/audit/auditrows.h"
#include "core/common/result.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStringList>

namespace Toolgate {

/// Appends to the audit store on one connection, on the thread that owns it: records and their
/// decision and outcome, each write paired with the next event of the hash chain. Writes happen
/// inside begin()/commit(); BEGIN IMMEDIATE serializes appends from several processes, so the
/// chain stays one line even when the GUI and toolgate-cli write at once.
class AuditWriter final
{
    Q_DISABLE_COPY_MOVE(AuditWriter)
public:
    /// db must be open and migrated; it is used, not owned.
    explicit AuditWriter(QSqlDatabase db);

    Result<void> begin();
    Result<void> commit();
    void rollback();
    bool inTransaction() const { return m_inTransaction; }

    /// A new record; returns its id.
    Result<qint64> appendIntent(const AuditIntentRow &row);
    /// Fails when the record has a decision or an outcome already: nothing is ever overwritten.
    Result<void> appendDecision(qint64 recordId, const AuditDecisionRow &row);
    /// Fails when the record has an outcome already.
    Result<void> appendOutcome(qint64 recordId, const AuditOutcomeRow &row);
    /// One more step in the life of the record's task. Fails when the record has an outcome already:
    /// a task's life is recorded while the call runs, never after it ended.
    Result<void> appendTaskEvent(qint64 recordId, const AuditTaskEventRow &row);

    /// Sessions that left calls or requests without an outcome.
    Result<QStringList> sessionsWithPendingRecords();
    /// Its SQL, for a test of the index it reads.
    static QString sessionsWithPendingRecordsQuery();
    /// The newest step of the record's task life, if the call ran as a task.
    Result<std::optional<AuditTaskEventRow>> lastTaskEvent(qint64 recordId);
    /// The records of session that have no outcome (connection events never have one).
    Result<QList<qint64>> pendingRecords(const QString &session);

private:
    Result<void> appendEvent(qint64 recordId, AuditEventKind kind, const QVariantList &values);
    Error failure(const QString &what, const QSqlQuery &query) const;

    QSqlDatabase m_db;
    QSqlQuery m_insertRecord;
    QSqlQuery m_updateDecision;
    QSqlQuery m_updateOutcome;
    QSqlQuery m_insertTaskEvent;
    QSqlQuery m_insertEvent;
    qint64 m_headSeq = 0;
    QByteArray m_headHash;
    bool m_inTransaction = false;
};

} // namespace Toolgate
