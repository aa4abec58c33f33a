#pragma once

// Reading back what the real audit log stored, for tests that check what was recorded.

#include "core/audit/auditfilter.h"
#include "core/audit/auditreader.h"
#include "core/audit/auditrecord.h"
#include "core/common/result.h"

#include <QList>
#include <QStringList>

namespace Toolgate::TestSupport {

/// Every record of the store at path that filter matches, oldest first; the error when the store
/// could not be read.
inline Result<QList<AuditRecord>> storedRecords(const QString &path, const AuditFilter &filter = {})
{
    auto reader = AuditReader::open(path);
    if (!reader)
        return reader.error();
    QList<AuditRecord> records;
    const auto visited = reader.value()->forEach(filter, [&records](const AuditRecord &record) {
        records.append(record);
        return true;
    });
    if (!visited)
        return visited.error();
    return records;
}

/// The names of records (tools, request methods, connection events), in their order.
inline QStringList namesOf(const QList<AuditRecord> &records)
{
    QStringList names;
    for (const AuditRecord &record : records)
        names.append(record.name);
    return names;
}

} // namespace Toolgate::TestSupport
