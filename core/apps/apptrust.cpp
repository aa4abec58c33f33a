#include "core/apps/apptrust.h"

#include "core/apps/appmeta.h"

#include <QSettings>

namespace Toolgate {

namespace {

const QString allowedKey = QStringLiteral("McpApps/allowedServers");
// Entries: server, endpoint and permission name, separated like the keys.
const QString grantedKey = QStringLiteral("McpApps/grantedPermissions");
constexpr QChar separator(0x1f);

} // namespace

AppTrust::AppTrust(QObject *parent)
    : QObject(parent)
{
}

QString AppTrust::key(const QString &server, const QString &endpoint)
{
    return server + separator + endpoint;
}

QStringList AppTrust::load(const QString &settingsKey)
{
    return QSettings().value(settingsKey).toStringList();
}

void AppTrust::save(const QString &settingsKey, const QStringList &entries)
{
    QSettings settings;
    if (entries.isEmpty())
        settings.remove(settingsKey);
    else
        settings.setValue(settingsKey, entries);
    settings.sync();
}

bool AppTrust::isAllowed(const QString &server, const QString &endpoint) const
{
    return !server.isEmpty() && load(allowedKey).contains(key(server, endpoint));
}

void AppTrust::allow(const QString &server, const QString &endpoint)
{
    QStringList entries = load(allowedKey);
    if (entries.contains(key(server, endpoint)))
        return;
    entries.append(key(server, endpoint));
    save(allowedKey, entries);
    emit changed(server);
}

void AppTrust::revoke(const QString &server, const QString &endpoint)
{
    QStringList entries = load(allowedKey);
    const bool wasAllowed = entries.removeAll(key(server, endpoint)) > 0;
    QStringList grants = load(grantedKey);
    const QString prefix = key(server, endpoint) + separator;
    const bool hadGrants = grants.removeIf([&](const QString &entry) { return entry.startsWith(prefix); }) > 0;
    if (!wasAllowed && !hadGrants)
        return;
    save(allowedKey, entries);
    save(grantedKey, grants);
    emit changed(server);
}

QStringList AppTrust::grantedPermissions(const QString &server, const QString &endpoint) const
{
    if (!isAllowed(server, endpoint))
        return {};
    const QString prefix = key(server, endpoint) + separator;
    QStringList granted;
    const QStringList entries = load(grantedKey);
    for (const QString &entry : entries) {
        const QString name = entry.mid(prefix.size());
        if (entry.startsWith(prefix) && McpApps::permissionNames().contains(name) && !granted.contains(name))
            granted.append(name);
    }
    return granted;
}

void AppTrust::grantPermission(const QString &server, const QString &endpoint, const QString &permission)
{
    // Only for servers whose apps may run, and only permissions Toolgate knows.
    if (!isAllowed(server, endpoint) || !McpApps::permissionNames().contains(permission))
        return;
    QStringList grants = load(grantedKey);
    const QString entry = key(server, endpoint) + separator + permission;
    if (grants.contains(entry))
        return;
    grants.append(entry);
    save(grantedKey, grants);
    emit changed(server);
}

QStringList AppTrust::allowedServers() const
{
    QStringList names;
    const QStringList entries = load(allowedKey);
    for (const QString &entry : entries)
        names.append(entry.section(separator, 0, 0));
    return names;
}

} // namespace Toolgate

#include "moc_apptrust.cpp"
