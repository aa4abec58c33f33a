#pragma once

// Reading back what the real audit log stored, for tests that check what was recorded.

#include "core/audit/auditdatabase.h"
#include "core/audit/auditfilter.h"
#include "core/audit/auditreader.h"
#include "core/audit/auditrecord.h"
#include "core/audit/auditverifier.h"
#include "core/common/result.h"

#include <QDebug>
#include <QList>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
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

/// A raw connection to the store, for tampering as an attacker with access to the file would.
class RawDb
{
public:
    explicit RawDb(const QString &path)
    {
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        m_db.setDatabaseName(path);
        m_db.open();
    }
    ~RawDb()
    {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    }
    bool exec(const QString &sql)
    {
        QSqlQuery query(m_db);
        const bool ok = query.exec(sql);
        if (!ok)
            qWarning() << sql << query.lastError().text();
        return ok;
    }

private:
    QSqlDatabase m_db;
};

/// Whether the store at path is intact: its hash chain verified from a connection of its own.
inline Result<AuditVerification> verifyStore(const QString &path)
{
    AuditDatabase::Options options;
    options.path = path;
    options.connectionName = QStringLiteral("verify");
    options.createIfMissing = false;
    auto database = AuditDatabase::open(options);
    if (!database)
        return database.error();
    return AuditVerifier::verify(*database.value());
}

} // namespace Toolgate::TestSupport
