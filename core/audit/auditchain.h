#pragma once

#include <QByteArray>
#include <QLatin1StringView>
#include <QList>
#include <QVariant>

#include <optional>
#include <span>

namespace Toolgate {

/// The events a record's fields come from. Each column of the records table belongs to exactly one
/// of Intent, Decision and Outcome, so every stored field is covered by exactly one hash of the
/// chain. Task events (schema 4) are the exception that proves the rule: a call that runs as a task
/// changes many times, so each change is a row of its own in task_events (keyed by the seq of the
/// event that covers it) rather than an update of the record, which is written once per kind.
enum class AuditEventKind { Intent, Decision, Outcome, Task };

/// A column of the records table (or, for Task events, of task_events), and which event writes it.
struct AuditColumn
{
    QLatin1StringView name;
    bool integer = false;
    AuditEventKind owner = AuditEventKind::Intent;
    /// Added after the first format: left out of the hash while null, so records written before
    /// the column existed still verify, and setting or clearing it later still breaks the chain.
    bool omittedWhenNull = false;
};

/// The tamper-evident hash chain: each event's hash is SHA-256 over the previous event's hash
/// and a canonical serialization of the event (its position, record, kind and the record's fields
/// that the event wrote). Changing, inserting or removing any event or field breaks the chain.
class AuditChain final
{
public:
    AuditChain() = delete;

    /// The hash the first event chains to (64 zeros).
    static QByteArray genesis();
    /// All columns of the records table that the chain covers, in their canonical order.
    static std::span<const AuditColumn> columns();
    /// The columns written by events of kind, in canonical order (for Task: task_events' columns).
    static QList<AuditColumn> columns(AuditEventKind kind);
    /// Every kind, in the order of the enum.
    static QList<AuditEventKind> kinds();

    static QLatin1StringView kindName(AuditEventKind kind);
    static std::optional<AuditEventKind> kindFromName(QStringView name);

    /// The hex SHA-256 of event seq of record recordId. values follow columns(kind); each is null
    /// (SQL NULL), a qint64 (integer columns) or a QString.
    static QByteArray hash(const QByteArray &previousHash, qint64 seq, qint64 recordId, AuditEventKind kind,
                           const QVariantList &values);
};

} // namespace Toolgate
