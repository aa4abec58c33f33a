#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

namespace Toolgate {

/// Which servers' apps the person allowed to run, and which browser permissions (camera,
/// microphone, location, clipboard) the person granted them, remembered across runs (QSettings,
/// group "McpApps"). A server is known by its name and its command line or URL together, so an
/// entry stops counting when either changes. Until allowed, a server's app views are not rendered;
/// a permission counts only for an app whose resource declares it.
class AppTrust final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppTrust)
public:
    explicit AppTrust(QObject *parent = nullptr);

    bool isAllowed(const QString &server, const QString &endpoint) const;
    void allow(const QString &server, const QString &endpoint);
    /// Forgets the permission and every browser permission granted; views already open stay until closed.
    void revoke(const QString &server, const QString &endpoint);
    /// The browser permissions (McpApps::permissionNames()) the person granted the server's apps.
    QStringList grantedPermissions(const QString &server, const QString &endpoint) const;
    void grantPermission(const QString &server, const QString &endpoint, const QString &permission);
    /// The allowed servers' names, for the settings page.
    QStringList allowedServers() const;

signals:
    void changed(const QString &server);

private:
    static QString key(const QString &server, const QString &endpoint);
    static QStringList load(const QString &settingsKey);
    static void save(const QString &settingsKey, const QStringList &entries);
};

} // namespace Toolgate
