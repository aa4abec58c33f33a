#include "core/collections/collectionfiles.h"

#include "core/common/error.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace Toolgate::CollectionFiles {

namespace {

QString uniquePath(const QString &folder, const QString &base)
{
    const QDir dir(folder);
    QString path = dir.filePath(base + QStringLiteral(".json"));
    for (int n = 2; QFileInfo::exists(path); ++n)
        path = dir.filePath(QStringLiteral("%1-%2.json").arg(base).arg(n));
    return path;
}

} // namespace

QString newPath(const QString &folder, const QString &name)
{
    // Only characters every file system takes, so that a name typed in the app is never a path.
    QString base;
    for (const QChar c : name.trimmed()) {
        if (c.isLetterOrNumber() || c == u'-' || c == u'_')
            base += c;
        else if (c.isSpace() && !base.endsWith(u'-'))
            base += u'-';
    }
    while (base.endsWith(u'-'))
        base.chop(1);
    if (base.isEmpty())
        base = QStringLiteral("collection");
    return uniquePath(folder, base.left(80));
}

Result<QString> create(const QString &folder, const QString &name)
{
    if (!QDir().mkpath(folder))
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::CollectionFiles", "cannot create the folder %1").arg(QDir::toNativeSeparators(folder)));
    Collection collection;
    collection.name = name.trimmed();
    const QString path = newPath(folder, name);
    if (const Result<void> saved = collection.save(path); !saved)
        return saved.error();
    return path;
}

Result<void> append(const QString &path, const SavedCall &call, const QString &newName)
{
    Collection collection;
    if (QFileInfo::exists(path)) {
        Result<Collection> loaded = Collection::load(path);
        if (!loaded)
            return loaded.error(); // saving over it would lose what the file holds
        collection = std::move(loaded.value());
    } else {
        QDir().mkpath(QFileInfo(path).absolutePath());
        collection.name = newName.trimmed();
    }
    collection.calls.append(call);
    return collection.save(path);
}

Result<QString> import(const QString &source, const QString &folder)
{
    const Result<Collection> loaded = Collection::load(source);
    if (!loaded)
        return loaded.error();
    if (!QDir().mkpath(folder))
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::CollectionFiles", "cannot create the folder %1").arg(QDir::toNativeSeparators(folder)));
    const QString target = uniquePath(folder, QFileInfo(source).completeBaseName());
    if (!QFile::copy(source, target))
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::CollectionFiles", "cannot copy %1 to %2").arg(QDir::toNativeSeparators(source), QDir::toNativeSeparators(target)));
    return target;
}

Result<void> exportTo(const QString &path, const QString &destination)
{
    if (QFileInfo(path).absoluteFilePath() == QFileInfo(destination).absoluteFilePath())
        return {};
    const Result<Collection> loaded = Collection::load(path);
    if (!loaded)
        return loaded.error();
    // Written afresh rather than copied, so that the copy is whole even if the destination existed.
    return loaded->save(destination);
}

} // namespace Toolgate::CollectionFiles
