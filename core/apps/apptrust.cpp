#include "apptrust.h"

#include <QSettings>

namespace Toolgate {

namespace {

const QString settingsKey = QStringLiteral("McpApps/allowedServers");
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

QStringList AppTrust::load() const
{
    return QSettings().value(settingsKey).toStringList();
}

void AppTrust::save(const QStringList &entries) const
{
    QSettings settings;
    settings.setValue(settingsKey, entries);
    settings.sync();
}

bool AppTrust::isAllowed(const QString &server, const QString &endpoint) const
{
    return !server.isEmpty() && load().contains(key(server, endpoint));
}

void AppTrust::allow(const QString &server, const QString &endpoint)
{
    QStringList entries = load();
    if (entries.contains(key(server, endpoint)))
        return;
    entries.append(key(server, endpoint));
    save(entries);
    emit changed(server);
}

void AppTrust::revoke(const QString &server, const QString &endpoint)
{
    QStringList entries = load();
    if (!entries.removeAll(key(server, endpoint)))
        return;
    save(entries);
    emit changed(server);
}

QStringList AppTrust::allowedServers() const
{
    QStringList names;
    const QStringList entries = load();
    for (const QString &entry : entries)
        names.append(entry.section(separator, 0, 0));
    return names;
}

} // namespace Toolgate
