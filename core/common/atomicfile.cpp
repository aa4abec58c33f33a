#include "core/common/atomicfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace Toolgate::AtomicFile {

Result<std::unique_ptr<QLockFile>> lockForUpdate(const QString &path, int waitMs)
{
    const QString native = QDir::toNativeSeparators(path);
    const QString folder = QFileInfo(path).absolutePath();
    // The lock file sits beside the file: without its folder it could never be made, and the first
    // write of a fresh account (which would create the folder) would never happen.
    if (!QDir().mkpath(folder))
        return makeError(ErrorCode::ConfigError,
                         QCoreApplication::translate("Toolgate::AtomicFile", "cannot write %1: the folder %2 cannot be created").arg(native, QDir::toNativeSeparators(folder)));
    auto lock = std::make_unique<QLockFile>(path + QStringLiteral(".lock"));
    lock->setStaleLockTime(5000); // held for a read and a write of a small file, never for long
    if (lock->tryLock(waitMs))
        return lock;
    switch (lock->error()) {
    case QLockFile::LockFailedError:
        return makeError(ErrorCode::ConfigError,
                         QCoreApplication::translate("Toolgate::AtomicFile", "%1 is being written by another Toolgate").arg(native));
    case QLockFile::PermissionError:
        return makeError(ErrorCode::ConfigError,
                         QCoreApplication::translate("Toolgate::AtomicFile", "cannot write %1: no permission to create %2 in %3")
                             .arg(native, QFileInfo(lock->fileName()).fileName(), QDir::toNativeSeparators(folder)));
    case QLockFile::NoError:
    case QLockFile::UnknownError:
        break;
    }
    return makeError(ErrorCode::ConfigError,
                     QCoreApplication::translate("Toolgate::AtomicFile", "cannot write %1: its lock file %2 cannot be created")
                         .arg(native, QDir::toNativeSeparators(lock->fileName())));
}

Result<void> write(const QString &path, const QByteArray &data)
{
    const QString native = QDir::toNativeSeparators(path);
    const QString folder = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(folder))
        return makeError(ErrorCode::ConfigError,
                         QCoreApplication::translate("Toolgate::AtomicFile", "cannot write %1: the folder %2 cannot be created").arg(native, QDir::toNativeSeparators(folder)));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::AtomicFile", "cannot write %1: %2").arg(native, file.errorString()));
    if (file.write(data) != data.size() || !file.commit())
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::AtomicFile", "cannot write %1: %2").arg(native, file.errorString()));
    return {};
}

} // namespace Toolgate::AtomicFile
