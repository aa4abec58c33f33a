#include "core/audit/auditwriter.h"

#include "core/common/error.h"

#include <QCoreApplication>
#include <QSqlError>

namespace Toolgate {

namespace {

QString placeholders(qsizetype count)
{
    QStringList marks;
    for (qsizetype i = 0; i < count; ++i)
        marks.append(QStringLiteral("?"));
    return marks.join(u',');
}

QString assignments(const QList<AuditColumn> &columns)
{
    QStringList parts;
    for (const AuditColumn &column : columns)
        parts.append(QString(column.name) + QStringLiteral(" = ?"));
    return parts.join(u',');
}

QString names(const QList<AuditColumn> &columns)
{
    QStringList parts;
    for (const AuditColumn &column : columns)
        parts.append(QString(column.name));
    return parts.join(u',');
}

} // namespace

AuditWriter::AuditWriter(QSqlDatabase db)
    : m_db(db)
    , m_insertRecord(db)
    , m_updateDecision(db)
    , m_updateOutcome(db)
    , m_insertTaskEvent(db)
    , m_insertEvent(db)
{
    const auto intent = AuditChain::columns(AuditEventKind::Intent);
    const auto decision = AuditChain::columns(AuditEventKind::Decision);
    const auto outcome = AuditChain::columns(AuditEventKind::Outcome);
    m_insertRecord.prepare(QStringLiteral("INSERT INTO records(%1) VALUES (%2)").arg(names(intent), placeholders(intent.size())));
    // The IS NULL guards make the records append-only in effect: a decision or outcome is written once.
    m_updateDecision.prepare(QStringLiteral("UPDATE records SET %1 WHERE id = ? AND decision IS NULL AND outcome IS NULL")
                                 .arg(assignments(decision)));
    m_updateOutcome.prepare(QStringLiteral("UPDATE records SET %1 WHERE id = ? AND outcome IS NULL").arg(assignments(outcome)));
    const auto task = AuditChain::columns(AuditEventKind::Task);
    // Keyed by the seq of the event that covers it; only while the call has no outcome.
    m_insertTaskEvent.prepare(QStringLiteral("INSERT INTO task_events(seq, record_id, %1) SELECT ?, ?, %2"
                                             " WHERE EXISTS (SELECT 1 FROM records WHERE id = ? AND outcome IS NULL)")
                                  .arg(names(task), placeholders(task.size())));
    m_insertEvent.prepare(QStringLiteral("INSERT INTO events(seq, record_id, kind, hash) VALUES (?, ?, ?, ?)"));
}

Error AuditWriter::failure(const QString &what, const QSqlQuery &query) const
{
    return makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::AuditWriter", "audit log: %1: %2").arg(what, query.lastError().text()));
}

Result<void> AuditWriter::begin()
{
    Q_ASSERT(!m_inTransaction);
    QSqlQuery query(m_db);
    if (!query.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return failure(QCoreApplication::translate("Toolgate::AuditWriter", "cannot start a transaction"), query);
    m_inTransaction = true;
    // Read the head inside the write lock: another process may have appended since our last commit.
    if (!query.exec(QStringLiteral("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1"))) {
        const Error error = failure(QCoreApplication::translate("Toolgate::AuditWriter", "cannot read the chain head"), query);
        rollback();
        return error;
    }
    if (query.next()) {
        m_headSeq = query.value(0).toLongLong();
        m_headHash = query.value(1).toString().toLatin1();
    } else {
        m_headSeq = 0;
        m_headHash = AuditChain::genesis();
    }
    return {};
}

Result<void> AuditWriter::commit()
{
    Q_ASSERT(m_inTransaction);
    QSqlQuery query(m_db);
    // The head is kept apart from the events so that cutting events off the end is noticed too
    // (by anyone who does not also know to rewrite this row).
    query.prepare(QStringLiteral("INSERT OR REPLACE INTO meta(key, value) VALUES ('chain_head', ?)"));
    query.addBindValue(QString(QString::number(m_headSeq) + u':' + QString::fromLatin1(m_headHash)));
    if (!query.exec()) {
        const Error error = failure(QCoreApplication::translate("Toolgate::AuditWriter", "cannot record the chain head"), query);
        rollback();
        return error;
    }
    if (!query.exec(QStringLiteral("COMMIT"))) {
        const Error error = failure(QCoreApplication::translate("Toolgate::AuditWriter", "cannot commit"), query);
        rollback();
        return error;
    }
    m_inTransaction = false;
    return {};
}

void AuditWriter::rollback()
{
    if (!m_inTransaction)
        return;
    QSqlQuery query(m_db);
    query.exec(QStringLiteral("ROLLBACK"));
    m_inTransaction = false;
}

Result<void> AuditWriter::appendEvent(qint64 recordId, AuditEventKind kind, const QVariantList &values)
{
    const qint64 seq = m_headSeq + 1;
    const QByteArray hash = AuditChain::hash(m_headHash, seq, recordId, kind, values);
    m_insertEvent.addBindValue(seq);
    m_insertEvent.addBindValue(recordId);
    m_insertEvent.addBindValue(QString(AuditChain::kindName(kind)));
    m_insertEvent.addBindValue(QString::fromLatin1(hash));
    if (!m_insertEvent.exec())
        return failure(QCoreApplication::translate("Toolgate::AuditWriter", "cannot append to the chain"), m_insertEvent);
    m_headSeq = seq;
    m_headHash = hash;
    return {};
}

Result<qint64> AuditWriter::appendIntent(const AuditIntentRow &row)
{
    Q_ASSERT(m_inTransaction);
    const QVariantList values = row.values();
    for (const QVariant &value : values)
        m_insertRecord.addBindValue(value);
    if (!m_insertRecord.exec())
        return failure(QCoreApplication::translate("Toolgate::AuditWriter", "cannot record the call"), m_insertRecord);
    const qint64 id = m_insertRecord.lastInsertId().toLongLong();
    if (auto chained = appendEvent(id, AuditEventKind::Intent, values); !chained)
        return chained.error();
    return id;
}

Result<void> AuditWriter::appendDecision(qint64 recordId, const AuditDecisionRow &row)
{
    Q_ASSERT(m_inTransaction);
    const QVariantList values = row.values();
    for (const QVariant &value : values)
        m_updateDecision.addBindValue(value);
    m_updateDecision.addBindValue(recordId);
    if (!m_updateDecision.exec())
        return failure(QCoreApplication::translate("Toolgate::AuditWriter", "cannot record the decision"), m_updateDecision);
    if (m_updateDecision.numRowsAffected() != 1)
        return makeError(ErrorCode::InternalError,
                         QCoreApplication::translate("Toolgate::AuditWriter", "audit log: record %1 is missing or already decided").arg(recordId));
    return appendEvent(recordId, AuditEventKind::Decision, values);
}

Result<void> AuditWriter::appendOutcome(qint64 recordId, const AuditOutcomeRow &row)
{
    Q_ASSERT(m_inTransaction);
    const QVariantList values = row.values();
    for (const QVariant &value : values)
        m_updateOutcome.addBindValue(value);
    m_updateOutcome.addBindValue(recordId);
    if (!m_updateOutcome.exec())
        return failure(QCoreApplication::translate("Toolgate::AuditWriter", "cannot record the outcome"), m_updateOutcome);
    if (m_updateOutcome.numRowsAffected() != 1)
        return makeError(ErrorCode::InternalError,
                         QCoreApplication::translate("Toolgate::AuditWriter", "audit log: record %1 is missing or already has an outcome").arg(recordId));
    return appendEvent(recordId, AuditEventKind::Outcome, values);
}

Result<void> AuditWriter::appendTaskEvent(qint64 recordId, const AuditTaskEventRow &row)
{
    Q_ASSERT(m_inTransaction);
    const QVariantList values = row.values();
    m_insertTaskEvent.addBindValue(m_headSeq + 1);
    m_insertTaskEvent.addBindValue(recordId);
    for (const QVariant &value : values)
        m_insertTaskEvent.addBindValue(value);
    m_insertTaskEvent.addBindValue(recordId);
    if (!m_insertTaskEvent.exec())
        return failure(QCoreApplication::translate("Toolgate::AuditWriter", "cannot record the task's status"), m_insertTaskEvent);
    if (m_insertTaskEvent.numRowsAffected() != 1)
        return makeError(ErrorCode::InternalError,
                         QCoreApplication::translate("Toolgate::AuditWriter", "audit log: record %1 is missing or already has an outcome").arg(recordId));
    return appendEvent(recordId, AuditEventKind::Task, values);
}

QString AuditWriter::sessionsWithPendingRecordsQuery()
{
    // Connection events never get an outcome, so "outcome IS NULL" alone matches every one ever
    // recorded, and that is the index SQLite picks without statistics: each start (and each one-shot CLI
    // run) read the whole history of connections. The partial index holds only unfinished calls.
    return QStringLiteral("SELECT DISTINCT session FROM records INDEXED BY records_pending WHERE outcome IS NULL AND type <> 'connection'");
}

Result<QStringList> AuditWriter::sessionsWithPendingRecords()
{
    QSqlQuery query(m_db);
    if (!query.exec(sessionsWithPendingRecordsQuery()))
        return failure(QCoreApplication::translate("Toolgate::AuditWriter", "cannot look for unfinished calls"), query);
    QStringList sessions;
    while (query.next())
        sessions.append(query.value(0).toString());
    return sessions;
}

Result<std::optional<AuditTaskEventRow>> AuditWriter::lastTaskEvent(qint64 recordId)
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("SELECT task_id, at, status, message FROM task_events WHERE record_id = ? ORDER BY seq DESC LIMIT 1"));
    query.addBindValue(recordId);
    if (!query.exec())
        return failure(QCoreApplication::translate("Toolgate::AuditWriter", "cannot read the task's status"), query);
    if (!query.next())
        return std::optional<AuditTaskEventRow>();
    AuditTaskEventRow row;
    row.taskId = query.value(0).toString();
    row.at = query.value(1).toLongLong();
    row.status = query.value(2).toString();
    row.message = query.value(3).toString();
    return std::optional<AuditTaskEventRow>(row);
}

Result<QList<qint64>> AuditWriter::pendingRecords(const QString &session)
{
    QSqlQuery query(m_db);
    query.prepare(QStringLiteral("SELECT id FROM records WHERE session = ? AND outcome IS NULL AND type <> 'connection' ORDER BY id"));
    query.addBindValue(session);
    if (!query.exec())
        return failure(QCoreApplication::translate("Toolgate::AuditWriter", "cannot look for unfinished calls"), query);
    QList<qint64> ids;
    while (query.next())
        ids.append(query.value(0).toLongLong());
    return ids;
}

} // namespace Toolgate
