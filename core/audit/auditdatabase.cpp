#include "core/audit/auditdatabase.h"

#include "core/audit/auditlogging.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>

#include <functional>

namespace Toolgate {

namespace {

Error sqlError(const QString &what, const QSqlError &error)
{
    return makeError(ErrorCode::InternalError, QCoreApplication::translate("Toolgate::AuditDatabase", "audit log: %1: %2").arg(what, error.text()));
}

struct Migration
{
    int version;
    QLatin1StringView description;
    std::function<Result<void>(AuditDatabase &)> apply;
};

Result<void> execAll(AuditDatabase &db, std::initializer_list<const char *> statements)
{
    for (const char *statement : statements) {
        if (auto done = db.exec(QString::fromLatin1(statement)); !done)
            return done;
    }
    return {};
}

// Version 1: the records (one row per call, request or connection event, queryable) and the
// append-only event chain that makes every field of them tamper-evident.
Result<void> createTables(AuditDatabase &db)
{
    return execAll(db, {
        "CREATE TABLE records ("
        " id INTEGER PRIMARY KEY AUTOINCREMENT,"  // never reused, so a removed record leaves a gap
        " type TEXT NOT NULL, session TEXT NOT NULL, initiator TEXT NOT NULL, started_at INTEGER NOT NULL,"
        " server_name TEXT NOT NULL, server_endpoint TEXT NOT NULL, server_info TEXT NOT NULL,"
        " name TEXT NOT NULL, arguments TEXT NOT NULL,"
        " decided_at INTEGER, decision TEXT, decision_source TEXT, decision_reason TEXT, edited_arguments TEXT,"
        " finished_at INTEGER, outcome TEXT, is_error INTEGER, result TEXT, result_size INTEGER,"
        " error_code INTEGER, error_message TEXT, duration_ms INTEGER, output_valid INTEGER, problems TEXT)",
        "CREATE TABLE events ("
        " seq INTEGER PRIMARY KEY, record_id INTEGER NOT NULL, kind TEXT NOT NULL, hash TEXT NOT NULL)",
        "CREATE INDEX events_record ON events(record_id)",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        // Each index also holds the rowid, so "WHERE server_name = ? ORDER BY id DESC" walks it in order.
        "CREATE INDEX records_server ON records(server_name)",
        "CREATE INDEX records_name ON records(name)",
        "CREATE INDEX records_outcome ON records(outcome)",
        "CREATE INDEX records_decision ON records(decision)",
        "CREATE INDEX records_started ON records(started_at)",
        // Recovery looks for unfinished calls of dead sessions at every start: keep that cheap.
        "CREATE INDEX records_pending ON records(session) WHERE outcome IS NULL AND type <> 'connection'",
    });
}

// Version 2: full-text search over arguments, results and errors, kept in step by triggers.
// External content: the text lives once, in records; the index holds only tokens.
Result<void> createFullTextIndex(AuditDatabase &db)
{
    if (!AuditDatabase::sqliteHasFts5(db.db())) {
        qCInfo(lcAudit) << "SQLite lacks FTS5; audit search falls back to substring scans";
        return {};
    }
    return execAll(db, {
        "CREATE VIRTUAL TABLE records_fts USING fts5(arguments, edited_arguments, result, error_message,"
        " content='records', content_rowid='id', tokenize='unicode61 remove_diacritics 2')",
        "CREATE TRIGGER records_fts_insert AFTER INSERT ON records BEGIN"
        " INSERT INTO records_fts(rowid, arguments, edited_arguments, result, error_message)"
        " VALUES (new.id, new.arguments, new.edited_arguments, new.result, new.error_message); END",
        // Only when an indexed text changed: a decision without edits costs no re-indexing.
        "CREATE TRIGGER records_fts_update AFTER UPDATE OF arguments, edited_arguments, result, error_message ON records"
        " WHEN old.arguments IS NOT new.arguments OR old.edited_arguments IS NOT new.edited_arguments"
        " OR old.result IS NOT new.result OR old.error_message IS NOT new.error_message BEGIN"
        " INSERT INTO records_fts(records_fts, rowid, arguments, edited_arguments, result, error_message)"
        " VALUES ('delete', old.id, old.arguments, old.edited_arguments, old.result, old.error_message);"
        " INSERT INTO records_fts(rowid, arguments, edited_arguments, result, error_message)"
        " VALUES (new.id, new.arguments, new.edited_arguments, new.result, new.error_message); END",
        "CREATE TRIGGER records_fts_delete AFTER DELETE ON records BEGIN"
        " INSERT INTO records_fts(records_fts, rowid, arguments, edited_arguments, result, error_message)"
        " VALUES ('delete', old.id, old.arguments, old.edited_arguments, old.result, old.error_message); END",
        "INSERT INTO records_fts(records_fts) VALUES ('rebuild')",
    });
}

// Version 3: the link from a call or request an app view made to the call whose result showed the app.
Result<void> addOrigin(AuditDatabase &db)
{
    return execAll(db, {"ALTER TABLE records ADD COLUMN origin INTEGER"});
}

// Version 4: the life of a call the server ran as a task. A row per change (created, each status,
// how it ended), appended as it happens and each covered by its own chain event, whose seq is the
// row's key: the record itself is written once per kind and never updated, so a log cut short by
// a crash mid-task still holds the task's id and its last known status.
Result<void> addTaskEvents(AuditDatabase &db)
{
    return execAll(db, {
        "CREATE TABLE task_events ("
        " seq INTEGER PRIMARY KEY, record_id INTEGER NOT NULL, task_id TEXT NOT NULL, at INTEGER NOT NULL,"
        " status TEXT NOT NULL, message TEXT NOT NULL)",
        "CREATE INDEX task_events_record ON task_events(record_id, seq)",
        "CREATE INDEX task_events_task ON task_events(task_id)",
    });
}

// Version 5: for a model's call, the arguments that repeat text another server sent earlier in the
// conversation (issue 31): a JSON array, NULL for every other record.
Result<void> addArgumentOrigins(AuditDatabase &db)
{
    return execAll(db, {"ALTER TABLE records ADD COLUMN argument_origins TEXT"});
}

// Version 6: for a model's call, the conversation it was asked for in (issue 31): its stable id and
// its title at the time; NULL for every other record.
Result<void> addConversation(AuditDatabase &db)
{
    return execAll(db, {"ALTER TABLE records ADD COLUMN conversation_id TEXT", "ALTER TABLE records ADD COLUMN conversation_title TEXT"});
}

const QList<Migration> &migrations()
{
    static const QList<Migration> list{
        {1, QLatin1StringView("records and hash-chained events"), createTables},
        {2, QLatin1StringView("full-text index"), createFullTextIndex},
        {3, QLatin1StringView("origin of calls made by app views"), addOrigin},
        {4, QLatin1StringView("task events of calls run as tasks"), addTaskEvents},
        {5, QLatin1StringView("where a model's call arguments came from"), addArgumentOrigins},
        {6, QLatin1StringView("the conversation a model's call was asked for in"), addConversation},
    };
    return list;
}

} // namespace

int AuditDatabase::currentSchemaVersion()
{
    return migrations().constLast().version;
}

QString AuditDatabase::defaultPath()
{
    const QString fromEnvironment = qEnvironmentVariable("TOOLGATE_AUDIT_DB");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/audit.sqlite");
}

bool AuditDatabase::sqliteHasFts5(QSqlDatabase &db)
{
    QSqlQuery query(db);
    return query.exec(QStringLiteral("SELECT sqlite_compileoption_used('ENABLE_FTS5')")) && query.next()
        && query.value(0).toInt() == 1;
}

Result<std::unique_ptr<AuditDatabase>> AuditDatabase::open(const Options &options)
{
    Q_ASSERT(!options.connectionName.isEmpty());
    std::unique_ptr<AuditDatabase> store(new AuditDatabase);
    store->m_path = options.path.isEmpty() ? defaultPath() : options.path;
    store->m_connectionName = options.connectionName;

    const QFileInfo file(store->m_path);
    if (!file.exists()) {
        if (!options.createIfMissing || options.readOnly)
            return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::AuditDatabase", "there is no audit log at %1 yet").arg(store->m_path));
        if (!QDir().mkpath(file.absolutePath()))
            return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::AuditDatabase", "cannot create the folder %1").arg(file.absolutePath()));
    }

    store->m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), options.connectionName);
    store->m_db.setDatabaseName(store->m_path);
    // The busy timeout lets the GUI and toolgate-cli share the file: a writer waits for the other's
    // transaction instead of failing.
    QString connectOptions = QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000");
    if (options.readOnly)
        connectOptions += QStringLiteral(";QSQLITE_OPEN_READONLY");
    store->m_db.setConnectOptions(connectOptions);
    if (!store->m_db.open())
        return sqlError(QCoreApplication::translate("Toolgate::AuditDatabase", "cannot open %1").arg(store->m_path), store->m_db.lastError());

    if (auto configured = store->configure(options); !configured)
        return configured.error();
    if (options.readOnly) {
        auto version = store->readSchemaVersion();
        if (!version)
            return version.error();
        if (version.value() != currentSchemaVersion())
            return makeError(ErrorCode::ConfigError,
                             QCoreApplication::translate("Toolgate::AuditDatabase", "the audit log at %1 has schema version %2; this version of Toolgate reads %3")
                                 .arg(store->m_path).arg(version.value()).arg(currentSchemaVersion()));
        store->m_schemaVersion = version.value();
    } else if (auto migrated = store->migrate(); !migrated) {
        return migrated.error();
    }
    QSqlQuery query(store->m_db);
    store->m_fullText = query.exec(QStringLiteral("SELECT 1 FROM sqlite_master WHERE name = 'records_fts'")) && query.next();
    return store;
}

AuditDatabase::~AuditDatabase()
{
    if (m_db.isOpen())
        m_db.close();
    m_db = QSqlDatabase();
    if (!m_connectionName.isEmpty())
        QSqlDatabase::removeDatabase(m_connectionName);
}

Result<void> AuditDatabase::exec(const QString &sql)
{
    QSqlQuery query(m_db);
    if (!query.exec(sql))
        return sqlError(QStringLiteral("\"%1\" failed").arg(sql.left(80)), query.lastError());
    return {};
}

Result<void> AuditDatabase::configure(const Options &options)
{
    if (!options.readOnly) {
        // WAL: readers (the view, the CLI) never block the writer, and a commit is one append to the WAL.
        QSqlQuery query(m_db);
        if (!query.exec(QStringLiteral("PRAGMA journal_mode=WAL")) || !query.next())
            return sqlError(QCoreApplication::translate("Toolgate::AuditDatabase", "cannot switch to WAL"), query.lastError());
        if (query.value(0).toString().compare(QLatin1StringView("wal"), Qt::CaseInsensitive) != 0)
            qCWarning(lcAudit) << "audit log: WAL unavailable, journal mode is" << query.value(0).toString();
    }
    const QString synchronous = options.durability == Durability::Full ? QStringLiteral("FULL") : QStringLiteral("NORMAL");
    if (auto done = exec(QStringLiteral("PRAGMA synchronous=") + synchronous); !done)
        return done;
    return exec(QStringLiteral("PRAGMA foreign_keys=OFF"));
}

void AuditDatabase::rollback()
{
    QSqlQuery query(m_db);
    if (!query.exec(QStringLiteral("ROLLBACK")))
        qCWarning(lcAudit) << "audit log: rollback failed:" << query.lastError().text();
}

Result<int> AuditDatabase::readSchemaVersion()
{
    QSqlQuery query(m_db);
    if (!query.exec(QStringLiteral("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")))
        return sqlError(QCoreApplication::translate("Toolgate::AuditDatabase", "cannot read the schema version"), query.lastError());
    if (!query.next())
        return 0;
    if (!query.exec(QStringLiteral("SELECT COALESCE(MAX(version), 0) FROM schema_version")) || !query.next())
        return sqlError(QCoreApplication::translate("Toolgate::AuditDatabase", "cannot read the schema version"), query.lastError());
    return query.value(0).toInt();
}

Result<void> AuditDatabase::migrate()
{
    // BEGIN IMMEDIATE takes the write lock up front, so two processes opening an old store at
    // once migrate it one after the other; the second then finds nothing left to do.
    for (;;) {
        if (auto begun = exec(QStringLiteral("BEGIN IMMEDIATE")); !begun)
            return begun;
        if (auto created = exec(QStringLiteral("CREATE TABLE IF NOT EXISTS schema_version ("
                                               "version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL, description TEXT NOT NULL)"));
            !created) {
            rollback();
            return created;
        }
        auto version = readSchemaVersion();
        if (!version) {
            rollback();
            return version.error();
        }
        m_schemaVersion = version.value();
        if (m_schemaVersion > currentSchemaVersion()) {
            rollback();
            return makeError(ErrorCode::ConfigError,
                             QCoreApplication::translate("Toolgate::AuditDatabase", "the audit log at %1 was written by a newer Toolgate (schema %2; this one knows up to %3)")
                                 .arg(m_path).arg(m_schemaVersion).arg(currentSchemaVersion()));
        }
        const Migration *next = nullptr;
        for (const Migration &migration : migrations()) {
            if (migration.version == m_schemaVersion + 1) {
                next = &migration;
                break;
            }
        }
        if (!next)
            return exec(QStringLiteral("COMMIT"));
        qCInfo(lcAudit) << "migrating the audit log to schema" << next->version << next->description;
        if (auto applied = next->apply(*this); !applied) {
            rollback();
            return applied;
        }
        QSqlQuery record(m_db);
        record.prepare(QStringLiteral("INSERT INTO schema_version(version, applied_at, description) VALUES (?, ?, ?)"));
        record.addBindValue(next->version);
        record.addBindValue(QDateTime::currentMSecsSinceEpoch());
        record.addBindValue(QString(next->description));
        if (!record.exec()) {
            const Error error = sqlError(QCoreApplication::translate("Toolgate::AuditDatabase", "cannot record the migration"), record.lastError());
            rollback();
            return error;
        }
        if (auto committed = exec(QStringLiteral("COMMIT")); !committed)
            return committed;
        m_schemaVersion = next->version;
    }
}

} // namespace Toolgate
