#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

namespace Toolgate::Plugins {

/// Toolgate keeps what only some sessions need — the OS keychain, the web engine of MCP App views,
/// audio playback — in plugins of its own, so that a one-shot `toolgate-cli` call or a window
/// without an app view never loads (or pays start-up time and memory for) Qt WebEngine, Qt
/// Multimedia, D-Bus or the keychain's libraries.
///
/// A plugin is a Qt plugin named toolgate_<name> (libtoolgate_<name>.so, toolgate_<name>.dll)
/// whose root object implements one interface declared with Q_DECLARE_INTERFACE. Its interface
/// speaks Qt types and std::function only: a plugin links Qt, never Toolgate's own libraries,
/// so no class of ours exists twice in one process.
///
/// Loaded once, on first use, and kept for the life of the process. Returns the root object, or
/// nullptr with why it could not be loaded (in words for people) in *why.
QObject *instance(const QString &name, QString *why = nullptr);

/// Why plugin name cannot be used: it is not the one this build expects (for load()).
QString wrongInterface(const QString &name);

/// The interface of plugin name, or nullptr with why.
template<class Interface>
Interface *load(const QString &name, QString *why = nullptr)
{
    QObject *root = instance(name, why);
    auto *found = qobject_cast<Interface *>(root);
    if (root && !found && why)
        *why = wrongInterface(name);
    return found;
}

/// Where plugin name's file is, without loading it (empty when it is not installed). Cheap: for
/// saying at start whether a feature is there without paying for it.
QString find(const QString &name);

/// The folders searched, in order: where the build tree and the installed packages put plugins
/// relative to the executable (TOOLGATE_PLUGIN_RELATIVE_DIR), then the executable's own folder
/// (Windows) and the bundle's PlugIns folder (macOS).
QStringList searchPaths();

} // namespace Toolgate::Plugins
