#include "core/workspace/sandboxprofile.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>

namespace Toolgate {

namespace {

const QLatin1String kEnabled("enabled");
const QLatin1String kGrants("grants");
const QLatin1String kNetwork("network");

Error profileError(const QString &why)
{
    return makeError(ErrorCode::ConfigError, why);
}

} // namespace

SandboxProfile::Grant SandboxProfile::parseGrant(const QString &text)
{
    Grant grant;
    grant.path = text;
    if (text.endsWith(QLatin1String(":rw"))) {
        grant.path.chop(3);
        grant.writable = true;
    } else if (text.endsWith(QLatin1String(":ro"))) {
        grant.path.chop(3);
    }
    return grant;
}

QString SandboxProfile::grantText(const Grant &grant)
{
    return grant.writable ? grant.path + QLatin1String(":rw") : grant.path;
}

QString SandboxProfile::networkText() const
{
    switch (network) {
    case Network::On: return QStringLiteral("on");
    case Network::Off: return QStringLiteral("off");
    case Network::Hosts: return hosts.join(u',');
    }
    return QStringLiteral("on");
}

QJsonValue SandboxProfile::toJson() const
{
    QJsonObject object = extra;
    if (!grants.isEmpty()) {
        QJsonArray array;
        for (const Grant &grant : grants)
            array.append(grantText(grant));
        object.insert(kGrants, array);
    }
    if (network == Network::On && networkOnWritten)
        object.insert(kNetwork, QStringLiteral("on"));
    else if (network == Network::Off)
        object.insert(kNetwork, QStringLiteral("off"));
    else if (network == Network::Hosts)
        object.insert(kNetwork, QJsonArray::fromStringList(hosts));
    if (!enabled) {
        // "sandbox": false says it best; the rest is kept for when the person turns it on again.
        if (object.isEmpty())
            return false;
        object.insert(kEnabled, false);
    }
    return object;
}

Result<SandboxProfile> SandboxProfile::fromJson(const QJsonValue &value)
{
    SandboxProfile profile;
    if (value.isBool()) {
        profile.enabled = value.toBool();
        return profile;
    }
    if (!value.isObject())
        return profileError(QCoreApplication::translate("Toolgate::SandboxProfile", "\"sandbox\" must be true, false or an object"));
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key() == kEnabled) {
            if (!it.value().isBool())
                return profileError(QCoreApplication::translate("Toolgate::SandboxProfile", "\"sandbox\": \"enabled\" must be true or false"));
            profile.enabled = it.value().toBool();
        } else if (it.key() == kGrants) {
            if (!it.value().isArray())
                return profileError(QCoreApplication::translate("Toolgate::SandboxProfile", "\"sandbox\": \"grants\" must be an array of folders (\"PATH\" or \"PATH:rw\")"));
            for (const QJsonValue &item : it.value().toArray()) {
                if (!item.isString() || item.toString().trimmed().isEmpty())
                    return profileError(QCoreApplication::translate("Toolgate::SandboxProfile", "\"sandbox\": each grant must be a folder (\"PATH\" or \"PATH:rw\")"));
                profile.grants.append(parseGrant(item.toString()));
            }
        } else if (it.key() == kNetwork) {
            if (it.value().isArray()) {
                profile.network = Network::Hosts;
                for (const QJsonValue &host : it.value().toArray()) {
                    if (!host.isString() || host.toString().trimmed().isEmpty())
                        return profileError(QCoreApplication::translate("Toolgate::SandboxProfile", "\"sandbox\": \"network\" lists hosts as strings"));
                    profile.hosts.append(host.toString().trimmed());
                }
            } else if (it.value() == QJsonValue(QStringLiteral("on"))) {
                profile.network = Network::On;
                profile.networkOnWritten = true;
            } else if (it.value() == QJsonValue(QStringLiteral("off"))) {
                profile.network = Network::Off;
            } else {
                return profileError(QCoreApplication::translate("Toolgate::SandboxProfile", "\"sandbox\": \"network\" must be \"on\", \"off\" or a list of hosts"));
            }
        } else {
            profile.extra.insert(it.key(), it.value());
        }
    }
    return profile;
}

QString SandboxProfile::notSandboxedText()
{
    return QCoreApplication::translate("Toolgate::SandboxProfile", "Not sandboxed: it runs with your full rights (it can read and change all your files and use the network).");
}

QStringList SandboxProfile::describe(const QStringList &extraReadable, const QStringList &extraWritable) const
{
    if (!enabled)
        return {notSandboxedText()};
    QStringList readable{QCoreApplication::translate("Toolgate::SandboxProfile", "the system's programs and libraries")};
    QStringList writable{QCoreApplication::translate("Toolgate::SandboxProfile", "a private temporary folder")};
    for (const Grant &grant : grants)
        (grant.writable ? writable : readable).append(QDir::toNativeSeparators(grant.path));
    readable += extraReadable;
    writable += extraWritable;
    QStringList lines;
    lines.append(QCoreApplication::translate("Toolgate::SandboxProfile", "Can read: %1.").arg(readable.join(QLatin1String("; "))));
    lines.append(QCoreApplication::translate("Toolgate::SandboxProfile", "Can write (and read): %1.").arg(writable.join(QLatin1String("; "))));
    lines.append(QCoreApplication::translate("Toolgate::SandboxProfile", "Cannot see: the rest of your home folder, Toolgate's own files, your keys and passwords."));
    switch (network) {
    case Network::On: lines.append(QCoreApplication::translate("Toolgate::SandboxProfile", "Network: on (it can connect anywhere, this computer included).")); break;
    case Network::Off: lines.append(QCoreApplication::translate("Toolgate::SandboxProfile", "Network: off (no connection at all, this computer included).")); break;
    case Network::Hosts: lines.append(QCoreApplication::translate("Toolgate::SandboxProfile", "Network: only %1.").arg(hosts.join(QLatin1String(", ")))); break;
    }
    lines.append(QCoreApplication::translate("Toolgate::SandboxProfile", "Environment: only the variables its entry names, and PATH, HOME and LANG."));
    return lines;
}

} // namespace Toolgate
