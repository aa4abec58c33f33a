#pragma once

#include "core/common/result.h"

#include <QSqlDatabase>
#include <QString>

#include <memory>

namespace Toolgate {

/// One named connection to the audit store, opened on and owned by the calling thread: WAL mode,
/// the durability setting, a busy timeout for sharing the file with other Toolgate processes, and
/// the schema brought up to date by versioned migrations. The connection is removed on destruction.
class AuditDatabase final
{
    Q_DISABLE_COPY_MOVE(AuditDatabase)
public:
    /// synchronous=FULL syncs the WAL at every commit (survives power loss); NORMAL survives a
    /// crash of the app but may lose the last commits on power loss.
    enum class Durability { Full, Normal };

    struct Options
    {
        QString path;            ///< Empty: defaultPath().
        QString connectionName;  ///< Must be unique in the process.
        Durability durability = Durability::Full;
        bool createIfMissing = true;
        bool readOnly = false;   ///< No migrations; fails if the schema is not current.
    };

    /// The schema version this build writes; migrations bring older stores up to it.
    static int currentSchemaVersion();
    /// $TOOLGATE_AUDIT_DB if set (tests, portable setups), else AppDataLocation/audit.sqlite.
    static QString defaultPath();
    /// Whether this SQLite has FTS5 (Debian's does; a minimal build might not).
    static bool sqliteHasFts5(QSqlDatabase &db);

    static Result<std::unique_ptr<AuditDatabase>> open(const Options &options);
    ~AuditDatabase();

    QSqlDatabase &db() { return m_db; }
    QString path() const { return m_path; }
    int schemaVersion() const { return m_schemaVersion; }
    /// Whether the records have a full-text index (FTS5); otherwise search falls back to LIKE.
    bool hasFullTextIndex() const { return m_fullText; }

    /// Runs one statement; for pragmas and schema work.
    Result<void> exec(const QString &sql);

private:
    AuditDatabase() = default;
    Result<void> configure(const Options &options);
    Result<void> migrate();
    Result<int> readSchemaVersion();
    void rollback();

    QSqlDatabase m_db;
    QString m_connectionName;
    QString m_path;
    int m_schemaVersion = 0;
    bool m_fullText = false;
};

} // namespace Toolgate
