#include "core/protocol/roots.h"

#include <QDir>
#include <QFileInfo>
#include <QUrl>

namespace Toolgate {

Root Root::forFolder(const QString &path)
{
    const QString absolute = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    const QString name = QFileInfo(absolute).fileName();
    return Root{QUrl::fromLocalFile(absolute).toString(QUrl::FullyEncoded), name.isEmpty() ? absolute : name};
}

QJsonObject Root::toJson() const
{
    QJsonObject json{{QLatin1String("uri"), uri}};
    if (!name.isEmpty())
        json.insert(QLatin1String("name"), name);
    return json;
}

QJsonArray Root::listToJson(const QList<Root> &roots)
{
    QJsonArray list;
    for (const Root &root : roots)
        list.append(root.toJson());
    return list;
}

} // namespace Toolgate
