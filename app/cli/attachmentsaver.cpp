#include "app/cli/attachmentsaver.h"
#include "app/cli/clitext.h"

#include "core/common/error.h"

#include <QDir>
#include <QFile>
#include <QMimeDatabase>
#include <QRegularExpression>
#include <QSaveFile>

namespace Toolgate {

AttachmentSaver::AttachmentSaver(QString directory)
    : m_directory(std::move(directory))
{
}

Result<QString> AttachmentSaver::save(const QByteArray &bytes, const QString &mimeType, const QString &stem)
{
    QDir dir(m_directory);
    if (!dir.mkpath(QStringLiteral(".")))
        return makeError(ErrorCode::ConfigError, Cli::tr("cannot create the folder %1").arg(QDir::toNativeSeparators(m_directory)));

    // The stem comes partly from the server (tool names, URIs): keep it to harmless characters
    // so it can never climb out of the folder.
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
    QString safeStem = QString(stem).replace(unsafe, QStringLiteral("_")).left(80);
    while (safeStem.startsWith(u'.'))
        safeStem.remove(0, 1);
    if (safeStem.isEmpty())
        safeStem = QStringLiteral("content");

    const QMimeType type = QMimeDatabase().mimeTypeForName(mimeType);
    QString suffix = type.isValid() ? type.preferredSuffix() : QString();
    if (suffix.isEmpty())
        suffix = QStringLiteral("bin");

    QString path = dir.filePath(safeStem + u'.' + suffix);
    for (int n = 2; QFile::exists(path); ++n)
        path = dir.filePath(QStringLiteral("%1-%2.%3").arg(safeStem).arg(n).arg(suffix));

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return makeError(ErrorCode::ConfigError, Cli::tr("cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
    return QDir::toNativeSeparators(path);
}

} // namespace Toolgate
