#include "core/workspace/rootsstore.h"

#include "core/common/atomicfile.h"

#include "core/common/error.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QUrl>

namespace Toolgate {

RootsStore::RootsStore(QString path, QObject *parent)
    : QObject(parent)
    , m_path(std::move(path))
{
}

QString RootsStore::defaultPath()
{
    const QString overrideDir = qEnvironmentVariable("TOOLGATE_CONFIG_DIR");
    const QDir dir(overrideDir.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) : overrideDir);
    return dir.filePath(QStringLiteral("roots.json"));
}

Result<void> RootsStore::load()
{
    QFile file(m_path);
    if (!file.exists()) {
        m_folders.clear();
        return {};
    }
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::ConfigError, tr("Cannot read the roots file %1: %2").arg(m_path, file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!document.isObject())
        return makeError(ErrorCode::ConfigError, tr("The roots file %1 is not a JSON object (%2). Fix or delete it.")
                                                     .arg(m_path, parseError.errorString()));
    QStringList folders;
    for (const QJsonValue &value : document.object().value(QLatin1String("folders")).toArray()) {
        const QString folder = value.toString();
        if (QDir::isAbsolutePath(folder))
            folders.append(QDir::cleanPath(folder));
    }
    folders.removeDuplicates();
    m_folders = folders;
    return {};
}

Result<void> RootsStore::setFolders(const QStringList &folders)
{
    QStringList cleaned;
    for (const QString &folder : folders) {
        if (folder.isEmpty() || !QDir::isAbsolutePath(folder))
            return makeError(ErrorCode::ConfigError, tr("\"%1\" is not an absolute folder path.").arg(folder));
        cleaned.append(QDir::cleanPath(folder));
    }
    cleaned.removeDuplicates();
    if (cleaned == m_folders)
        return {};
    if (auto saved = save(cleaned); !saved)
        return saved;
    m_folders = cleaned;
    emit changed();
    return {};
}

QJsonArray RootsStore::roots() const
{
    QJsonArray roots;
    for (const QString &folder : m_folders) {
        QJsonObject root;
        root.insert(QLatin1String("uri"), QUrl::fromLocalFile(folder).toString(QUrl::FullyEncoded));
        const QString name = QFileInfo(folder).fileName();
        root.insert(QLatin1String("name"), name.isEmpty() ? folder : name);
        roots.append(root);
    }
    return roots;
}

Result<void> RootsStore::save(const QStringList &folders) const
{
    QJsonObject document;
    document.insert(QLatin1String("version"), 1);
    document.insert(QLatin1String("folders"), QJsonArray::fromStringList(folders));
    const Result<void> written = AtomicFile::write(m_path, QJsonDocument(document).toJson());
    if (!written)
        return makeError(ErrorCode::ConfigError, tr("Cannot save the roots: %1").arg(written.error().message));
    return {};
}

} // namespace Toolgate

#include "moc_rootsstore.cpp"
