#pragma once

#include <QByteArray>
#include <QLatin1StringView>
#include <QList>
#include <QVariant>

#include <optional>
#include <span>

namespace Toolgate {

/// The three events a record's fields come from. Each column of the records table belongs to
/// exactly one kind, so every stored field is covered by exactly one hash of the chain.
enum class AuditEventKind { Intent, Decision, Outcome };

/// A column of the records table, and which event writes it.
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
    /// The columns written by events of kind, in canonical order.
    static QList<AuditColumn> columns(AuditEventKind kind);

    static QLatin1StringView kindName(AuditEventKind kind);
    static std::optional<AuditEventKind> kindFromName(QStringView name);

    /// The hex SHA-256 of event seq of record recordId. values follow columns(kind); each is null
    /// (SQL NULL), a qint64 (integer columns) or a QString.
    static QByteArray hash(const QByteArray &previousHash, qint64 seq, qint64 recordId, AuditEventKind kind,
                           const QVariantList &values);
};

} // namespace Toolgate
