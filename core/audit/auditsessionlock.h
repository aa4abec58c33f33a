#pragma once

#include <QLockFile>
#include <QString>

#include <memory>

namespace Toolgate {

/// Marks one audit writer session as alive for as long as it exists: a lock file named after the
/// session beside the store. Another process starting up treats a session whose lock is not held
/// by a running process as dead (crashed or killed), and only then marks its unfinished calls
/// "outcome unknown" — calls still under way in a live GUI or CLI are left alone.
class AuditSessionLock final
{
    Q_DISABLE_COPY_MOVE(AuditSessionLock)
public:
    /// The folder of session locks for the store at databasePath.
    static QString directoryFor(const QString &databasePath);

    /// Takes the lock for session. Check isLocked(): without a lock file (read-only folder) the
    /// session still works, but another process could take its calls for abandoned.
    AuditSessionLock(const QString &databasePath, const QString &session);
    ~AuditSessionLock();

    bool isLocked() const { return m_lock && m_lock->isLocked(); }

    /// Whether session's owner is gone: its lock is missing or held by no running process.
    /// A dead session's stale lock file is removed.
    static bool isAbandoned(const QString &databasePath, const QString &session);

private:
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace Toolgate
