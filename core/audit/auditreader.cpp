#include "core/audit/auditreader.h"

#include "core/audit/auditdatabase.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

#include <algorithm>

namespace Toolgate {

namespace {

constexpr int previewLength = 200;

// Column order read by recordFrom(); the summary variant leaves the big texts out, and of a task's
// life only its newest step. The task's steps come as one JSON array of [at, status, message]
// (each a walk of the task_events_record index; NULL for a call that was no task).
QString selectColumns(AuditReader::Detail detail)
{
    const bool full = detail == AuditReader::Detail::Full;
    return QStringLiteral("r.id, r.type, r.session, r.initiator, r.started_at, r.server_name, r.server_endpoint,"
                          " r.server_info, r.name, %1, %2, r.edited_arguments IS NOT NULL, r.decided_at, r.decision,"
                          " r.decision_source, r.decision_reason, r.finished_at, r.outcome, r.is_error, %3, r.result_size,"
                          " r.error_code, r.error_message, r.duration_ms, r.output_valid, r.problems, r.origin,"
                          " (SELECT t.task_id FROM task_events t WHERE t.record_id = r.id ORDER BY t.seq DESC LIMIT 1), %4, r.argument_origins,"
                          " r.conversation_id, r.conversation_title")
        .arg(full ? QStringLiteral("r.arguments") : QStringLiteral("substr(r.arguments, 1, %1)").arg(previewLength),
             full ? QStringLiteral("r.edited_arguments") : QStringLiteral("NULL"),
             full ? QStringLiteral("r.result") : QStringLiteral("NULL"),
             full ? QStringLiteral("(SELECT json_group_array(json_array(s.at, s.status, s.message)) FROM"
                                   " (SELECT t.at, t.status, t.message FROM task_events t WHERE t.record_id = r.id ORDER BY t.seq) s)")
                  : QStringLiteral("(SELECT json_array(json_array(t.at, t.status, t.message)) FROM task_events t"
                                   " WHERE t.record_id = r.id ORDER BY t.seq DESC LIMIT 1)"));
}

QJsonObject objectFrom(const QVariant &value)
{
    return QJsonDocument::fromJson(value.toString().toUtf8()).object();
}

QDateTime timeFrom(const QSqlQuery &query, int column)
{
    if (query.isNull(column))
        return {};
    return QDateTime::fromMSecsSinceEpoch(query.value(column).toLongLong(), Qt::UTC);
}

template<typename T>
std::optional<T> optionalFrom(const QSqlQuery &query, int column)
{
    if (query.isNull(column))
        return std::nullopt;
    if constexpr (std::is_same_v<T, bool>)
        return query.value(column).toLongLong() != 0;
    else
        return T(query.value(column).toLongLong());
}

AuditRecord recordFrom(const QSqlQuery &query, AuditReader::Detail detail)
{
    AuditRecord r;
    r.id = query.value(0).toLongLong();
    r.type = AuditNames::typeFromName(query.value(1).toString()).value_or(AuditRecordType::ToolCall);
    r.session = query.value(2).toString();
    r.initiator = AuditNames::initiatorFromName(query.value(3).toString()).value_or(CallInitiator::Gui);
    r.startedAt = timeFrom(query, 4);
    r.serverName = query.value(5).toString();
    r.serverEndpoint = query.value(6).toString();
    r.serverInfo = objectFrom(query.value(7));
    r.name = query.value(8).toString();
    if (detail == AuditReader::Detail::Full) {
        r.arguments = objectFrom(query.value(9));
        r.argumentsOrder.keys = JsonKeyOrder::fromJson(query.value(9).toString().toUtf8());
        if (!query.isNull(10)) {
            r.editedArguments = objectFrom(query.value(10));
            r.editedArgumentsOrder.keys = JsonKeyOrder::fromJson(query.value(10).toString().toUtf8());
        }
        if (!query.isNull(19))
            r.result = objectFrom(query.value(19));
    } else {
        r.preview = query.value(9).toString();
    }
    r.edited = query.value(11).toBool();
    r.decidedAt = timeFrom(query, 12);
    if (!query.isNull(13))
        r.decision = AuditNames::decisionFromName(query.value(13).toString());
    if (!query.isNull(14))
        r.decisionSource = AuditNames::sourceFromName(query.value(14).toString());
    r.decisionReason = query.value(15).toString();
    r.finishedAt = timeFrom(query, 16);
    if (query.isNull(17))
        r.outcome = r.type == AuditRecordType::Connection ? AuditOutcome::None : AuditOutcome::Pending;
    else
        r.outcome = AuditNames::outcomeFromName(query.value(17).toString()).value_or(AuditOutcome::Unknown);
    r.isError = optionalFrom<bool>(query, 18);
    r.resultSize = optionalFrom<qint64>(query, 20);
    r.errorCode = optionalFrom<int>(query, 21);
    r.errorMessage = query.value(22).toString();
    r.durationMs = optionalFrom<qint64>(query, 23);
    r.outputValid = optionalFrom<bool>(query, 24);
    const QJsonObject problems = objectFrom(query.value(25));
    for (const QJsonValue &line : problems.value(QLatin1StringView("input")).toArray())
        r.inputProblems.append(line.toString());
    for (const QJsonValue &line : problems.value(QLatin1StringView("output")).toArray())
        r.outputProblems.append(line.toString());
    r.origin = optionalFrom<qint64>(query, 26);
    if (!query.isNull(29))
        r.argumentOrigins = ArgumentOrigin::fromJson(QJsonDocument::fromJson(query.value(29).toString().toUtf8()).array());
    r.conversationId = query.value(30).toString();
    r.conversationTitle = query.value(31).toString();
    if (!query.isNull(27)) {
        r.taskId = query.value(27).toString();
        const QJsonArray events = QJsonDocument::fromJson(query.value(28).toString().toUtf8()).array();
        for (const QJsonValue &value : events) {
            const QJsonArray event = value.toArray();
            AuditTaskEvent parsed;
            parsed.at = QDateTime::fromMSecsSinceEpoch(qint64(event.at(0).toDouble()), Qt::UTC);
            // A status name this build does not know (a newer Toolgate's) still shows the step and its words.
            parsed.status = AuditNames::taskStatusFromName(event.at(1).toString()).value_or(Task::Status::Working);
            parsed.message = event.at(2).toString();
            r.taskEvents.append(parsed);
        }
    }
    return r;
}

QString inList(qsizetype count)
{
    QStringList marks;
    for (qsizetype i = 0; i < count; ++i)
        marks.append(QStringLiteral("?"));
    return QStringLiteral("(") + marks.join(u',') + u')';
}

QString likePattern(const QString &term)
{
    QString escaped = term;
    escaped.replace(u'\\', QStringLiteral("\\\\")).replace(u'%', QStringLiteral("\\%")).replace(u'_', QStringLiteral("\\_"));
    return u'%' + escaped + u'%';
}

Error readError(const QSqlQuery &query)
{
    return makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::AuditReader", "audit log query failed: %1").arg(query.lastError().text()));
}

} // namespace

struct AuditReader::Query
{
    QString from;
    QString id;           // the expression ordering and paging go by
    QStringList where;
    QVariantList values;
    bool onlyFullText = false; // count() can skip the join with records

    QString whereClause(const QStringList &extra = {}) const
    {
        const QStringList all = where + extra;
        return all.isEmpty() ? QString() : QStringLiteral(" WHERE ") + all.join(QStringLiteral(" AND "));
    }
};

Result<std::unique_ptr<AuditReader>> AuditReader::open(const QString &path)
{
    AuditDatabase::Options options;
    options.path = path;
    options.connectionName = QStringLiteral("toolgate-audit-reader-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    options.createIfMissing = false;
    auto database = AuditDatabase::open(options);
    if (!database)
        return database.error();
    std::unique_ptr<AuditReader> reader(new AuditReader);
    reader->m_database = std::move(database).value();
    reader->m_fullText = reader->m_database->hasFullTextIndex();
    return reader;
}

AuditReader::~AuditReader() = default;

QString AuditReader::path() const
{
    return m_database->path();
}

bool AuditReader::hasFullTextIndex() const
{
    return m_database->hasFullTextIndex();
}

void AuditReader::setFullTextEnabled(bool enabled)
{
    m_fullText = enabled && m_database->hasFullTextIndex();
}

QString AuditReader::fullTextQuery(const QStringList &terms)
{
    QStringList parts;
    for (QString term : terms) {
        term.replace(u'"', QStringLiteral("\"\""));
        parts.append(u'"' + term + QStringLiteral("\"*"));
    }
    return parts.join(QStringLiteral(" AND "));
}

AuditReader::Query AuditReader::build(const AuditFilter &filter) const
{
    Query q;
    q.from = QStringLiteral("records r");
    q.id = QStringLiteral("r.id");
    const auto addIn = [&q](const QString &column, const QStringList &values) {
        if (values.isEmpty())
            return;
        q.where.append(column + QStringLiteral(" IN ") + inList(values.size()));
        for (const QString &value : values)
            q.values.append(value);
    };
    QStringList types;
    for (AuditRecordType type : filter.types)
        types.append(AuditNames::type(type));
    addIn(QStringLiteral("r.type"), types);
    addIn(QStringLiteral("r.server_name"), filter.servers);
    addIn(QStringLiteral("r.name"), filter.names);
    QStringList decisions;
    for (ApprovalDecision::Kind kind : filter.decisions)
        decisions.append(AuditNames::decision(kind));
    addIn(QStringLiteral("r.decision"), decisions);
    if (filter.decidedBy) {
        q.where.append(QStringLiteral("r.decision_source = ?"));
        q.values.append(AuditNames::source(*filter.decidedBy));
    }
    if (!filter.outcomes.isEmpty()) {
        QStringList alternatives;
        QStringList named;
        for (AuditOutcome outcome : filter.outcomes) {
            if (outcome == AuditOutcome::Pending)
                alternatives.append(QStringLiteral("(r.outcome IS NULL AND r.type <> 'connection')"));
            else if (outcome == AuditOutcome::None)
                alternatives.append(QStringLiteral("(r.outcome IS NULL AND r.type = 'connection')"));
            else
                named.append(AuditNames::outcome(outcome));
        }
        if (!named.isEmpty()) {
            alternatives.append(QStringLiteral("r.outcome IN ") + inList(named.size()));
            for (const QString &name : named)
                q.values.append(name);
        }
        q.where.append(QStringLiteral("(") + alternatives.join(QStringLiteral(" OR ")) + u')');
    }
    if (filter.initiator) {
        q.where.append(QStringLiteral("r.initiator = ?"));
        q.values.append(AuditNames::initiator(*filter.initiator));
    }
    if (filter.from.isValid()) {
        q.where.append(QStringLiteral("r.started_at >= ?"));
        q.values.append(filter.from.toMSecsSinceEpoch());
    }
    if (filter.until.isValid()) {
        q.where.append(QStringLiteral("r.started_at < ?"));
        q.values.append(filter.until.toMSecsSinceEpoch());
    }
    if (filter.onlyTasks)
        q.where.append(QStringLiteral("EXISTS (SELECT 1 FROM task_events t WHERE t.record_id = r.id)"));
    if (!filter.taskId.isEmpty()) {
        q.where.append(QStringLiteral("r.id IN (SELECT t.record_id FROM task_events t WHERE t.task_id = ?)"));
        q.values.append(filter.taskId);
    }
    const QStringList terms = filter.searchTerms();
    if (!terms.isEmpty() && m_fullText) {
        q.onlyFullText = q.where.isEmpty();
        // Driven by the index in rowid order, so "newest 100 matches" stops after 100. CROSS JOIN
        // keeps the full-text index the outer loop: with a plain JOIN SQLite may walk another index
        // (e.g. the server's) and re-run the whole MATCH per row, which takes minutes at 1M records.
        q.from = QStringLiteral("records_fts CROSS JOIN records r ON r.id = records_fts.rowid");
        q.id = QStringLiteral("records_fts.rowid");
        q.where.append(QStringLiteral("records_fts MATCH ?"));
        q.values.append(fullTextQuery(terms));
    } else {
        for (const QString &term : terms) {
            q.where.append(QStringLiteral("(r.arguments LIKE ? ESCAPE '\\' OR r.edited_arguments LIKE ? ESCAPE '\\'"
                                          " OR r.result LIKE ? ESCAPE '\\' OR r.error_message LIKE ? ESCAPE '\\')"));
            for (int i = 0; i < 4; ++i)
                q.values.append(likePattern(term));
        }
    }
    return q;
}

Result<qint64> AuditReader::count(const AuditFilter &filter)
{
    const Query q = build(filter);
    QSqlQuery query(m_database->db());
    const QString from = q.onlyFullText ? QStringLiteral("records_fts") : q.from;
    query.prepare(QStringLiteral("SELECT count(*) FROM ") + from + q.whereClause());
    for (const QVariant &value : q.values)
        query.addBindValue(value);
    if (!query.exec() || !query.next())
        return readError(query);
    return query.value(0).toLongLong();
}

Result<AuditReader::Page> AuditReader::page(const AuditFilter &filter, const PageRequest &request)
{
    const Query q = build(filter);
    const int limit = std::max(1, request.limit);
    const bool upward = request.afterId > 0;
    QStringList extra;
    QVariantList values = q.values;
    if (upward) {
        extra.append(q.id + QStringLiteral(" > ?"));
        values.append(request.afterId);
    } else if (request.beforeId > 0) {
        extra.append(q.id + QStringLiteral(" < ?"));
        values.append(request.beforeId);
    }
    QSqlQuery query(m_database->db());
    query.setForwardOnly(true);
    // One more than asked tells whether there is more without a count.
    query.prepare(QStringLiteral("SELECT ") + selectColumns(request.detail) + QStringLiteral(" FROM ") + q.from
                  + q.whereClause(extra) + QStringLiteral(" ORDER BY ") + q.id + (upward ? QStringLiteral(" ASC") : QStringLiteral(" DESC"))
                  + QStringLiteral(" LIMIT ?"));
    values.append(limit + 1);
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (!query.exec())
        return readError(query);
    Page page;
    while (query.next()) {
        if (page.records.size() == limit) {
            page.more = true;
            break;
        }
        page.records.append(recordFrom(query, request.detail));
    }
    if (upward)
        std::reverse(page.records.begin(), page.records.end());
    return page;
}

Result<QList<AuditRecord>> AuditReader::window(const AuditFilter &filter, qint64 offset, int limit, Detail detail)
{
    const Query q = build(filter);
    QSqlQuery query(m_database->db());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT ") + selectColumns(detail) + QStringLiteral(" FROM ") + q.from + q.whereClause()
                  + QStringLiteral(" ORDER BY ") + q.id + QStringLiteral(" DESC LIMIT ? OFFSET ?"));
    for (const QVariant &value : q.values)
        query.addBindValue(value);
    query.addBindValue(std::max(1, limit));
    query.addBindValue(std::max<qint64>(0, offset));
    if (!query.exec())
        return readError(query);
    QList<AuditRecord> records;
    while (query.next())
        records.append(recordFrom(query, detail));
    return records;
}

Result<AuditRecord> AuditReader::record(qint64 id)
{
    QSqlQuery query(m_database->db());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT ") + selectColumns(Detail::Full) + QStringLiteral(" FROM records r WHERE r.id = ?"));
    query.addBindValue(id);
    if (!query.exec())
        return readError(query);
    if (!query.next())
        return makeError(ErrorCode::InvalidParams, QCoreApplication::translate("Toolgate::AuditReader", "there is no audit record #%1").arg(id));
    return recordFrom(query, Detail::Full);
}

Result<qint64> AuditReader::lastEventSeq()
{
    QSqlQuery query(m_database->db());
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT COALESCE(max(seq), 0) FROM events")) || !query.next())
        return readError(query);
    return query.value(0).toLongLong();
}

Result<AuditReader::Changes> AuditReader::changesSince(const AuditFilter &filter, qint64 afterSeq, int limit)
{
    Changes changes;
    const auto last = lastEventSeq();
    if (!last)
        return last.error();
    changes.lastSeq = last.value();
    if (changes.lastSeq == afterSeq)
        return changes;
    if (changes.lastSeq < afterSeq) {
        // The chain is shorter than what was seen: not the same store any more.
        changes.tooMany = true;
        return changes;
    }
    // Bounded by the head read above: what is committed after it is for the next call, so nothing
    // falls between two calls even though they are separate statements.
    QSqlQuery ids(m_database->db());
    ids.setForwardOnly(true);
    ids.prepare(QStringLiteral("SELECT DISTINCT record_id FROM events WHERE seq > ? AND seq <= ? ORDER BY record_id LIMIT ?"));
    ids.addBindValue(afterSeq);
    ids.addBindValue(changes.lastSeq);
    ids.addBindValue(std::max(1, limit) + 1);
    if (!ids.exec())
        return readError(ids);
    while (ids.next())
        changes.changedIds.append(ids.value(0).toLongLong());
    if (changes.changedIds.size() > std::max(1, limit)) {
        changes.changedIds.clear();
        changes.tooMany = true;
        return changes;
    }

    const Query q = build(filter);
    QSqlQuery query(m_database->db());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT ") + selectColumns(Detail::Summary) + QStringLiteral(" FROM ") + q.from
                  + q.whereClause({QStringLiteral("r.id IN (SELECT record_id FROM events WHERE seq > ? AND seq <= ?)")})
                  + QStringLiteral(" ORDER BY ") + q.id + QStringLiteral(" DESC"));
    for (const QVariant &value : q.values)
        query.addBindValue(value);
    query.addBindValue(afterSeq);
    query.addBindValue(changes.lastSeq);
    if (!query.exec())
        return readError(query);
    while (query.next())
        changes.matching.append(recordFrom(query, Detail::Summary));
    return changes;
}

Result<QList<AuditEventInfo>> AuditReader::events(qint64 recordId)
{
    QSqlQuery query(m_database->db());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT seq, kind, hash FROM events WHERE record_id = ? ORDER BY seq"));
    query.addBindValue(recordId);
    if (!query.exec())
        return readError(query);
    QList<AuditEventInfo> events;
    while (query.next())
        events.append({query.value(0).toLongLong(), query.value(1).toString(), query.value(2).toString()});
    return events;
}

Result<qint64> AuditReader::forEach(const AuditFilter &filter, const std::function<bool(const AuditRecord &)> &visit)
{
    const Query q = build(filter);
    QSqlQuery query(m_database->db());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT ") + selectColumns(Detail::Full) + QStringLiteral(" FROM ") + q.from + q.whereClause()
                  + QStringLiteral(" ORDER BY ") + q.id + QStringLiteral(" ASC"));
    for (const QVariant &value : q.values)
        query.addBindValue(value);
    if (!query.exec())
        return readError(query);
    qint64 visited = 0;
    while (query.next()) {
        ++visited;
        if (!visit(recordFrom(query, Detail::Full)))
            break;
    }
    return visited;
}

Result<QStringList> AuditReader::serverNames(int limit)
{
    return distinct(QStringLiteral("server_name"), limit);
}

Result<QStringList> AuditReader::recordNames(int limit)
{
    return distinct(QStringLiteral("name"), limit);
}

Result<QStringList> AuditReader::distinct(const QString &column, int limit)
{
    // column is one of ours, never input; both have an index, so this is an index walk.
    QSqlQuery query(m_database->db());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT DISTINCT %1 FROM records ORDER BY %1 LIMIT ?").arg(column));
    query.addBindValue(std::max(1, limit));
    if (!query.exec())
        return readError(query);
    QStringList values;
    while (query.next())
        values.append(query.value(0).toString());
    return values;
}

} // namespace Toolgate
