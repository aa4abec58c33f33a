#include "core/common/plugins.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QPluginLoader>

#ifndef TOOLGATE_PLUGIN_RELATIVE_DIR
#define TOOLGATE_PLUGIN_RELATIVE_DIR "../lib/toolgate"
#endif

namespace Toolgate::Plugins {

namespace {

struct Loaded
{
    QObject *root = nullptr;
    QString why;
};

QString fileNameFor(const QString &name)
{
#if defined(Q_OS_WIN)
    return QStringLiteral("toolgate_%1.dll").arg(name);
#else
    // CMake's MODULE libraries end in .so on macOS too.
    return QStringLiteral("libtoolgate_%1.so").arg(name);
#endif
}

Loaded loadNamed(const QString &name)
{
    const QString path = find(name);
    if (path.isEmpty()) {
        QStringList folders;
        for (const QString &folder : searchPaths())
            folders.append(QDir::toNativeSeparators(folder));
        return {nullptr, QCoreApplication::translate("Toolgate::Plugins", "%1 was not found (looked in %2); reinstall Toolgate")
                             .arg(fileNameFor(name), folders.join(QStringLiteral(", ")))};
    }
    // The loader is leaked on purpose: a plugin stays loaded for the life of the process, and
    // unloading one whose objects are still alive would crash.
    auto *loader = new QPluginLoader(path);
    if (QObject *root = loader->instance())
        return {root, {}};
    return {nullptr, QCoreApplication::translate("Toolgate::Plugins", "%1 could not be loaded: %2").arg(QDir::toNativeSeparators(path), loader->errorString())};
}

} // namespace

QStringList searchPaths()
{
    const QString here = QCoreApplication::applicationDirPath();
    QStringList paths{QDir::cleanPath(here + QLatin1Char('/') + QStringLiteral(TOOLGATE_PLUGIN_RELATIVE_DIR)), here};
#ifdef Q_OS_MACOS
    paths.append(QDir::cleanPath(here + QStringLiteral("/../PlugIns/toolgate")));
#endif
    paths.removeDuplicates();
    return paths;
}

QString wrongInterface(const QString &name)
{
    return QCoreApplication::translate("Toolgate::Plugins", "%1 is not the plugin this version of Toolgate expects; reinstall Toolgate")
        .arg(fileNameFor(name));
}

QString find(const QString &name)
{
    const QString file = fileNameFor(name);
    for (const QString &folder : searchPaths()) {
        const QString path = QDir(folder).absoluteFilePath(file);
        if (QFileInfo::exists(path))
            return path;
    }
    return {};
}

QObject *instance(const QString &name, QString *why)
{
    // Loading happens once per name; later calls (from any thread) get the same answer.
    static QMutex mutex;
    static QHash<QString, Loaded> loaded;
    QMutexLocker lock(&mutex);
    auto it = loaded.find(name);
    if (it == loaded.end())
        it = loaded.insert(name, loadNamed(name));
    if (!it->root && why)
        *why = it->why;
    return it->root;
}

} // namespace Toolgate::Plugins
