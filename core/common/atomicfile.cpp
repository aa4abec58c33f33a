#include "atomicfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace Toolgate::AtomicFile {

std::unique_ptr<QLockFile> lockForUpdate(const QString &path, int waitMs)
{
    auto lock = std::make_unique<QLockFile>(path + QStringLiteral(".lock"));
    lock->setStaleLockTime(5000); // held for a read and a write of a small file, never for long
    if (!lock->tryLock(waitMs))
        return nullptr;
    return lock;
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
