#include "core/audit/auditsessionlock.h"

#include "core/audit/auditlogging.h"

#include <QDir>
#include <QFileInfo>

namespace Toolgate {

namespace {

QString lockPath(const QString &databasePath, const QString &session)
{
    return AuditSessionLock::directoryFor(databasePath) + u'/' + session + QStringLiteral(".lock");
}

} // namespace

QString AuditSessionLock::directoryFor(const QString &databasePath)
{
    return QFileInfo(databasePath).absoluteFilePath() + QStringLiteral("-sessions");
}

AuditSessionLock::AuditSessionLock(const QString &databasePath, const QString &session)
{
    if (!QDir().mkpath(directoryFor(databasePath))) {
        qCWarning(lcAudit) << "audit log: cannot create" << directoryFor(databasePath);
        return;
    }
    m_lock = std::make_unique<QLockFile>(lockPath(databasePath, session));
    // Never stale by age: a GUI session runs for days. Only a dead owner makes it stale.
    m_lock->setStaleLockTime(0);
    if (!m_lock->tryLock(0))
        qCWarning(lcAudit) << "audit log: cannot lock session" << session << m_lock->error();
}

AuditSessionLock::~AuditSessionLock()
{
    if (m_lock && m_lock->isLocked())
        m_lock->unlock();
}

bool AuditSessionLock::isAbandoned(const QString &databasePath, const QString &session)
{
    // Session ids are UUIDs we made; anything else in the column is not a file name to try.
    if (session.isEmpty() || session.contains(u'/') || session.contains(u'\\') || session.contains(u'.'))
        return true;
    const QString path = lockPath(databasePath, session);
    if (!QFileInfo::exists(path))
        return true;
    QLockFile probe(path);
    probe.setStaleLockTime(0);
    // tryLock succeeds only when nobody holds the lock: the owner died (its file is stale and
    // gets replaced) or let go. Either way the session is over.
    if (!probe.tryLock(0))
        return false;
    probe.unlock();
    return true;
}

} // namespace Toolgate
