#include "core/audit/auditverifier.h"

#include "core/audit/auditchain.h"
#include "core/audit/auditdatabase.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <limits>

namespace Toolgate {

namespace {

Error verificationError(const QSqlQuery &query)
{
    return makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::AuditVerifier", "audit log verification failed: %1").arg(query.lastError().text()));
}

class Collector
{
public:
    explicit Collector(AuditVerification &result) : m_result(result) {}

    void add(AuditProblem::Kind kind, qint64 recordId, qint64 seq, const QString &description)
    {
        ++m_result.problemCount;
        if (m_result.problems.size() < AuditVerifier::maxProblems)
            m_result.problems.append({kind, recordId, seq, description});
    }

private:
    AuditVerification &m_result;
};

} // namespace

Result<AuditVerification> AuditVerifier::verify(AuditDatabase &database, const std::function<void(qint64)> &progress)
{
    AuditVerification result;
    Collector problems(result);
    QSqlDatabase &db = database.db();
    // One read transaction: a consistent snapshot even while a writer appends (WAL).
    QSqlQuery begin(db);
    begin.exec(QStringLiteral("BEGIN"));

    // Each event covers only the columns its kind wrote: fetch just those (one slot per column,
    // chosen by kind), so the big texts are read once per record rather than once per event. A task
    // event's columns are those of its task_events row (keyed by the event's seq).
    const QList<AuditEventKind> kinds = AuditChain::kinds();
    QList<QList<AuditColumn>> owned;
    qsizetype slotCount = 0;
    for (AuditEventKind kind : kinds) {
        owned.append(AuditChain::columns(kind));
        slotCount = std::max(slotCount, owned.constLast().size());
    }
    QStringList selected;
    for (qsizetype slot = 0; slot < slotCount; ++slot) {
        QString expression = QStringLiteral("CASE e.kind");
        for (AuditEventKind kind : kinds) {
            const QList<AuditColumn> &columns = owned.at(int(kind));
            if (slot < columns.size())
                expression += QStringLiteral(" WHEN '%1' THEN %2.%3")
                                  .arg(AuditChain::kindName(kind), kind == AuditEventKind::Task ? QStringLiteral("t") : QStringLiteral("r"),
                                       columns.at(slot).name);
        }
        selected.append(expression + QStringLiteral(" END"));
    }
    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT e.seq, e.record_id, e.kind, e.hash, r.id IS NOT NULL, t.seq IS NOT NULL, ") + selected.join(u',')
                    + QStringLiteral(" FROM events e LEFT JOIN records r ON r.id = e.record_id"
                                     " LEFT JOIN task_events t ON t.seq = e.seq AND t.record_id = e.record_id ORDER BY e.seq"))) {
        const Error error = verificationError(query);
        begin.exec(QStringLiteral("ROLLBACK"));
        return error;
    }
    constexpr int firstColumn = 6;

    qint64 lastSeq = 0;
    qint64 lastIntentRecord = 0;
    QByteArray previous = AuditChain::genesis();
    while (query.next()) {
        const qint64 seq = query.value(0).toLongLong();
        const qint64 recordId = query.value(1).toLongLong();
        const QString kindName = query.value(2).toString();
        const QByteArray stored = query.value(3).toString().toLatin1();
        const bool recordExists = query.value(4).toBool();
        const bool taskRowExists = query.value(5).toBool();
        ++result.events;
        if (progress && result.events % 100000 == 0)
            progress(result.events);

        const bool gap = seq != lastSeq + 1;
        if (gap) {
            problems.add(AuditProblem::Kind::EventsRemoved, 0, seq,
                         seq - lastSeq == 2 ? QCoreApplication::translate("Toolgate::AuditVerifier", "chain event #%1 was removed").arg(lastSeq + 1)
                                            : QCoreApplication::translate("Toolgate::AuditVerifier", "chain events #%1 to #%2 were removed").arg(lastSeq + 1).arg(seq - 1));
        }
        const auto kind = AuditChain::kindFromName(kindName);
        if (!kind) {
            problems.add(AuditProblem::Kind::RecordChanged, recordId, seq,
                         QCoreApplication::translate("Toolgate::AuditVerifier", "record #%1 was changed: chain event #%2 has an unknown kind").arg(recordId).arg(seq));
        } else if (!recordExists) {
            if (*kind == AuditEventKind::Intent)
                problems.add(AuditProblem::Kind::RecordRemoved, recordId, seq, QCoreApplication::translate("Toolgate::AuditVerifier", "record #%1 was removed").arg(recordId));
        } else if (*kind == AuditEventKind::Task && !taskRowExists) {
            problems.add(AuditProblem::Kind::RecordChanged, recordId, seq,
                         QCoreApplication::translate("Toolgate::AuditVerifier", "record #%1 was changed: a step of its task's life (event #%2) was removed")
                             .arg(recordId).arg(seq));
        } else {
            QVariantList values;
            const QList<AuditColumn> &columns = owned.at(int(*kind));
            for (qsizetype slot = 0; slot < columns.size(); ++slot) {
                const int column = firstColumn + int(slot);
                values.append(query.isNull(column) ? QVariant()
                              : columns.at(slot).integer ? QVariant(query.value(column).toLongLong())
                                                         : QVariant(query.value(column).toString()));
            }
            // After a gap the true previous hash is gone: this event cannot be checked, only the next ones.
            if (!gap && AuditChain::hash(previous, seq, recordId, *kind, values) != stored) {
                problems.add(AuditProblem::Kind::RecordChanged, recordId, seq,
                             QCoreApplication::translate("Toolgate::AuditVerifier", "record #%1 was changed: its %2 no longer matches the hash chain (event #%3)")
                                 .arg(recordId).arg(kindName).arg(seq));
            }
        }
        if (kind == AuditEventKind::Intent) {
            // Record ids are never reused and each intent is chained in the transaction that
            // created its record, so intents appear in id order: a skipped id is a removed record.
            if (recordId > lastIntentRecord + 1 && !gap) {
                problems.add(AuditProblem::Kind::RecordRemoved, lastIntentRecord + 1, seq,
                             recordId - lastIntentRecord == 2
                                 ? QCoreApplication::translate("Toolgate::AuditVerifier", "record #%1 was removed").arg(lastIntentRecord + 1)
                                 : QCoreApplication::translate("Toolgate::AuditVerifier", "records #%1 to #%2 were removed").arg(lastIntentRecord + 1).arg(recordId - 1));
            } else if (recordId > lastIntentRecord + 1 && gap) {
                problems.add(AuditProblem::Kind::RecordRemoved, lastIntentRecord + 1, seq,
                             QCoreApplication::translate("Toolgate::AuditVerifier", "records #%1 to #%2 (or their chain events) were removed")
                                 .arg(lastIntentRecord + 1).arg(recordId - 1));
            }
            lastIntentRecord = std::max(lastIntentRecord, recordId);
        }
        // Continue from the stored hash, so one change is reported once, not for every later event.
        previous = stored;
        lastSeq = seq;
    }
    result.headSeq = lastSeq;
    result.headHash = previous;

    // The head kept apart notices events cut off the end.
    QSqlQuery head(db);
    if (head.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'chain_head'")) && head.next()) {
        const QString expected = head.value(0).toString();
        const qint64 expectedSeq = expected.section(u':', 0, 0).toLongLong();
        if (expectedSeq > lastSeq) {
            problems.add(AuditProblem::Kind::TailRemoved, 0, lastSeq + 1,
                         QCoreApplication::translate("Toolgate::AuditVerifier", "the newest chain events #%1 to #%2 were removed").arg(lastSeq + 1).arg(expectedSeq));
        } else if (expectedSeq == lastSeq && expected.section(u':', 1) != QString::fromLatin1(previous)) {
            problems.add(AuditProblem::Kind::RecordChanged, 0, lastSeq,
                         QCoreApplication::translate("Toolgate::AuditVerifier", "the chain head does not match the last event (#%1)").arg(lastSeq));
        }
    }

    // Fields no event covers: a record inserted afterwards, or a decision/outcome filled in by hand.
    QSqlQuery loose(db);
    loose.setForwardOnly(true);
    if (!loose.exec(QStringLiteral(
            "SELECT r.id,"
            " NOT EXISTS (SELECT 1 FROM events e WHERE e.record_id = r.id AND e.kind = 'intent'),"
            " (r.decided_at IS NOT NULL OR r.decision IS NOT NULL OR r.decision_source IS NOT NULL OR r.decision_reason IS NOT NULL"
            "  OR r.edited_arguments IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM events e WHERE e.record_id = r.id AND e.kind = 'decision'),"
            " (r.finished_at IS NOT NULL OR r.outcome IS NOT NULL OR r.is_error IS NOT NULL OR r.result IS NOT NULL"
            "  OR r.result_size IS NOT NULL OR r.error_code IS NOT NULL OR r.error_message IS NOT NULL OR r.duration_ms IS NOT NULL"
            "  OR r.output_valid IS NOT NULL OR r.problems IS NOT NULL)"
            "  AND NOT EXISTS (SELECT 1 FROM events e WHERE e.record_id = r.id AND e.kind = 'outcome')"
            " FROM records r ORDER BY r.id"))) {
        const Error error = verificationError(loose);
        begin.exec(QStringLiteral("ROLLBACK"));
        return error;
    }
    while (loose.next()) {
        ++result.records;
        const qint64 id = loose.value(0).toLongLong();
        if (loose.value(1).toBool())
            problems.add(AuditProblem::Kind::RecordUnchained, id, 0, QCoreApplication::translate("Toolgate::AuditVerifier", "record #%1 is not in the hash chain (added afterwards)").arg(id));
        else if (loose.value(2).toBool())
            problems.add(AuditProblem::Kind::RecordUnchained, id, 0, QCoreApplication::translate("Toolgate::AuditVerifier", "record #%1 has a decision the chain does not cover").arg(id));
        else if (loose.value(3).toBool())
            problems.add(AuditProblem::Kind::RecordUnchained, id, 0, QCoreApplication::translate("Toolgate::AuditVerifier", "record #%1 has an outcome the chain does not cover").arg(id));
    }
    loose.finish();

    // Task events no chain event covers: added afterwards, or moved to another record.
    QSqlQuery looseTasks(db);
    looseTasks.setForwardOnly(true);
    if (!looseTasks.exec(QStringLiteral(
            "SELECT t.record_id, t.seq FROM task_events t WHERE NOT EXISTS"
            " (SELECT 1 FROM events e WHERE e.seq = t.seq AND e.record_id = t.record_id AND e.kind = 'task') ORDER BY t.seq"))) {
        const Error error = verificationError(looseTasks);
        begin.exec(QStringLiteral("ROLLBACK"));
        return error;
    }
    while (looseTasks.next()) {
        const qint64 id = looseTasks.value(0).toLongLong();
        problems.add(AuditProblem::Kind::RecordUnchained, id, 0,
                     QCoreApplication::translate("Toolgate::AuditVerifier", "record #%1 has a step of a task's life the chain does not cover").arg(id));
    }
    looseTasks.finish();
    query.finish();
    head.finish();
    begin.exec(QStringLiteral("ROLLBACK"));

    // Chain order first; problems found outside the chain walk go by record id among them.
    std::stable_sort(result.problems.begin(), result.problems.end(), [](const AuditProblem &a, const AuditProblem &b) {
        const qint64 ka = a.recordId > 0 ? a.recordId : std::numeric_limits<qint64>::max();
        const qint64 kb = b.recordId > 0 ? b.recordId : std::numeric_limits<qint64>::max();
        return ka < kb;
    });
    return result;
}

} // namespace Toolgate
