#pragma once

#include <QString>
#include <QStringList>

#include <utility>

namespace Toolgate::HostNames {

/// A host name as a client connects to it, for comparing with a list a person wrote: in NFKC, case-folded,
/// without a trailing dot, in ACE form (bücher.example is xn--bcher-kva.example).
QString normalized(const QString &host);

/// Whether host (normalized) is in hosts: an entry equal to it, or "*.example.com" for any host under
/// example.com (not example.com itself).
bool listed(const QString &host, const QStringList &hosts);

/// "host:port", "[::1]:443" or "host" into its parts (port 0 when there is none or it is not a number).
/// Inline: the network plugin, which links none of Toolgate's libraries, reads proxy requests with it.
inline std::pair<QString, quint16> splitPort(const QString &text)
{
    QString host = text.trimmed();
    quint16 port = 0;
    const qsizetype colon = host.lastIndexOf(u':');
    const qsizetype bracket = host.lastIndexOf(u']');
    // A colon inside an IPv6 address without brackets is not a port's.
    if (colon > 0 && colon > bracket && (bracket >= 0 || host.indexOf(u':') == colon)) {
        bool ok = false;
        const uint number = host.mid(colon + 1).toUInt(&ok);
        if (ok && number > 0 && number <= 65535) {
            port = quint16(number);
            host.truncate(colon);
        }
    }
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2);
    return {host, port};
}

} // namespace Toolgate::HostNames
