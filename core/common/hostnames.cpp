#include "core/common/hostnames.h"

#include <QUrl>

namespace Toolgate::HostNames {

QString normalized(const QString &host)
{
    // IDNA's own mapping (UTS #46) first, so that "ＥＸＡＭＰＬＥ.com", "e\u0301xample.com" and
    // "éxample.com" are one host whether Qt's IDNA code maps them or not.
    QString h = host.trimmed().normalized(QString::NormalizationForm_KC).toCaseFolded();
    while (h.endsWith(u'.'))
        h.chop(1);
    const QByteArray ace = QUrl::toAce(h);
    return ace.isEmpty() ? h : QString::fromLatin1(ace).toLower();
}

bool listed(const QString &host, const QStringList &hosts)
{
    for (const QString &entry : hosts) {
        const QString e = entry.trimmed();
        if (e.startsWith(u"*.")) {
            const QString suffix = normalized(e.mid(2));
            if (!suffix.isEmpty() && host.endsWith(u'.' + suffix))
                return true;
        } else if (!e.isEmpty() && host == normalized(e)) {
            return true;
        }
    }
    return false;
}

} // namespace Toolgate::HostNames
