#include "core/common/configlocation.h"

#include <QDir>
#include <QStandardPaths>

namespace Toolgate::ConfigLocation {

namespace {

QString folder(QStandardPaths::StandardLocation platformDefault)
{
    const QString overrideDir = qEnvironmentVariable("TOOLGATE_CONFIG_DIR");
    return overrideDir.isEmpty() ? QStandardPaths::writableLocation(platformDefault) : overrideDir;
}

} // namespace

QString configFile(const QString &fileName)
{
    return QDir(folder(QStandardPaths::AppConfigLocation)).filePath(fileName);
}

QString dataPath(const QString &name)
{
    return QDir(folder(QStandardPaths::AppDataLocation)).filePath(name);
}

} // namespace Toolgate::ConfigLocation
