#include "core/audit/auditchain.h"

#include <QCryptographicHash>

namespace Toolgate {

namespace {

using EventKind = AuditEventKind; // not "Kind": unity builds share this namespace with connectionauditor.cpp

// The canonical order is part of the hash format: append new columns at the end of their kind
// only together with a new format tag (see hash()), or as omittedWhenNull columns at the very end.
constexpr AuditColumn allColumns[] = {
    {QLatin1StringView("type"), false, EventKind::Intent},
    {QLatin1StringView("session"), false, EventKind::Intent},
    {QLatin1StringView("initiator"), false, EventKind::Intent},
    {QLatin1StringView("started_at"), true, EventKind::Intent},
    {QLatin1StringView("server_name"), false, EventKind::Intent},
    {QLatin1StringView("server_endpoint"), false, EventKind::Intent},
    {QLatin1StringView("server_info"), false, EventKind::Intent},
    {QLatin1StringView("name"), false, EventKind::Intent},
    {QLatin1StringView("arguments"), false, EventKind::Intent},
    {QLatin1StringView("decided_at"), true, EventKind::Decision},
    {QLatin1StringView("decision"), false, EventKind::Decision},
    {QLatin1StringView("decision_source"), false, EventKind::Decision},
    {QLatin1StringView("decision_reason"), false, EventKind::Decision},
    {QLatin1StringView("edited_arguments"), false, EventKind::Decision},
    {QLatin1StringView("finished_at"), true, EventKind::Outcome},
    {QLatin1StringView("outcome"), false, EventKind::Outcome},
    {QLatin1StringView("is_error"), true, EventKind::Outcome},
    {QLatin1StringView("result"), false, EventKind::Outcome},
    {QLatin1StringView("result_size"), true, EventKind::Outcome},
    {QLatin1StringView("error_code"), true, EventKind::Outcome},
    {QLatin1StringView("error_message"), false, EventKind::Outcome},
    {QLatin1StringView("duration_ms"), true, EventKind::Outcome},
    {QLatin1StringView("output_valid"), true, EventKind::Outcome},
    {QLatin1StringView("problems"), false, EventKind::Outcome},
    // Schema 3: the call whose result rendered the app that made this call or request.
    {QLatin1StringView("origin"), true, EventKind::Intent, true},
    // Schema 5: a model's call — the arguments that repeat text another server sent in the conversation.
    {QLatin1StringView("argument_origins"), false, EventKind::Intent, true},
    // Schema 6: a model's call — the conversation it was asked for in (its stable id and its title then).
    {QLatin1StringView("conversation_id"), false, EventKind::Intent, true},
    {QLatin1StringView("conversation_title"), false, EventKind::Intent, true},
};

// Schema 4: one row of task_events per change in the life of a call's task (the row's seq is the
// seq of the chain event that covers it). Not columns of records: columns() leaves them out.
constexpr AuditColumn taskColumns[] = {
    {QLatin1StringView("task_id"), false, EventKind::Task},
    {QLatin1StringView("at"), true, EventKind::Task},
    {QLatin1StringView("status"), false, EventKind::Task},
    {QLatin1StringView("message"), false, EventKind::Task},
};

void appendField(QByteArray &out, QLatin1StringView name, const QByteArray &value, bool isNull)
{
    // Length-prefixed, so no value can be crafted to look like another field boundary.
    out.append(name.data(), name.size());
    if (isNull) {
        out.append("=~\n");
        return;
    }
    out.append('=');
    out.append(QByteArray::number(value.size()));
    out.append(':');
    out.append(value);
    out.append('\n');
}

} // namespace

QByteArray AuditChain::genesis()
{
    return QByteArray(64, '0');
}

std::span<const AuditColumn> AuditChain::columns()
{
    return allColumns;
}

QList<AuditColumn> AuditChain::columns(AuditEventKind kind)
{
    QList<AuditColumn> out;
    if (kind == EventKind::Task) {
        for (const AuditColumn &column : taskColumns)
            out.append(column);
        return out;
    }
    for (const AuditColumn &column : allColumns) {
        if (column.owner == kind)
            out.append(column);
    }
    return out;
}

QLatin1StringView AuditChain::kindName(AuditEventKind kind)
{
    switch (kind) {
    case EventKind::Intent: return QLatin1StringView("intent");
    case EventKind::Decision: return QLatin1StringView("decision");
    case EventKind::Outcome: return QLatin1StringView("outcome");
    case EventKind::Task: return QLatin1StringView("task");
    }
    return {};
}

QList<AuditEventKind> AuditChain::kinds()
{
    return {EventKind::Intent, EventKind::Decision, EventKind::Outcome, EventKind::Task};
}

std::optional<AuditEventKind> AuditChain::kindFromName(QStringView name)
{
    for (EventKind kind : kinds()) {
        if (name == kindName(kind))
            return kind;
    }
    return std::nullopt;
}

QByteArray AuditChain::hash(const QByteArray &previousHash, qint64 seq, qint64 recordId, AuditEventKind kind,
                            const QVariantList &values)
{
    QByteArray canonical;
    canonical.reserve(512);
    canonical.append("toolgate-audit-chain-v1\n");
    appendField(canonical, QLatin1StringView("prev"), previousHash, false);
    appendField(canonical, QLatin1StringView("seq"), QByteArray::number(seq), false);
    appendField(canonical, QLatin1StringView("record"), QByteArray::number(recordId), false);
    appendField(canonical, QLatin1StringView("kind"), QByteArray(kindName(kind).data(), kindName(kind).size()), false);
    const QList<AuditColumn> owned = columns(kind);
    Q_ASSERT(owned.size() == values.size());
    for (qsizetype i = 0; i < owned.size(); ++i) {
        const QVariant &value = i < values.size() ? values.at(i) : QVariant();
        if ((value.isNull() || !value.isValid()) && owned.at(i).omittedWhenNull)
            continue;
        if (value.isNull() || !value.isValid()) {
            appendField(canonical, owned.at(i).name, {}, true);
        } else if (owned.at(i).integer) {
            appendField(canonical, owned.at(i).name, QByteArray::number(value.toLongLong()), false);
        } else {
            appendField(canonical, owned.at(i).name, value.toString().toUtf8(), false);
        }
    }
    return QCryptographicHash::hash(canonical, QCryptographicHash::Sha256).toHex();
}

} // namespace Toolgate
