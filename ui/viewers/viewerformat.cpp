#include "ui/viewers/viewerformat.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>
#include <QMimeDatabase>
#include <QUrl>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Toolgate {

QString ViewerFormat::byteSize(qint64 bytes)
{
    if (bytes < 1024)
        return bytes == 1 ? QCoreApplication::translate("Toolgate::ViewerFormat", "1 byte") : QCoreApplication::translate("Toolgate::ViewerFormat", "%1 bytes").arg(bytes);
    // 1024-based with the customary unit names; QLocale's "traditional" format says "kB".
    static const char *const units[] = {"KB", "MB", "GB", "TB", "PB"};
    double value = double(bytes) / 1024;
    int unit = 0;
    while (value >= 1024 && unit < 4) {
        value /= 1024;
        ++unit;
    }
    return QLocale().toString(value, 'f', 1) + u' ' + QLatin1String(units[unit]);
}

QString ViewerFormat::duration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0)
        return u"?"_s;
    if (seconds < 10)
        return tr("%1 s").arg(QLocale().toString(seconds, 'f', seconds < 1 ? 2 : 1));
    const qint64 total = qint64(std::llround(seconds));
    const qint64 h = total / 3600;
    const qint64 m = (total / 60) % 60;
    const qint64 s = total % 60;
    if (h > 0)
        return QStringLiteral("%1:%2:%3").arg(h).arg(m, 2, 10, QLatin1Char('0')).arg(s, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(m).arg(s, 2, 10, QLatin1Char('0'));
}

QString ViewerFormat::suggestedFileName(const QString &uri, const QString &mimeType, const QString &fallbackBase)
{
    QString name;
    if (!uri.isEmpty()) {
        const QUrl url(uri);
        name = url.isValid() ? url.fileName() : QString();
    }
    // Only a bare name may come from the server: no separators, no leading dots.
    name = QFileInfo(name).fileName();
    while (name.startsWith(u'.'))
        name.remove(0, 1);
    if (name.isEmpty())
        name = fallbackBase;
    if (QFileInfo(name).suffix().isEmpty()) {
        const QMimeType type = QMimeDatabase().mimeTypeForName(mimeType.section(u';', 0, 0).trimmed());
        if (type.isValid() && !type.preferredSuffix().isEmpty())
            name += u'.' + type.preferredSuffix();
    }
    return name;
}

QString ViewerFormat::toolTip(const QString &untrusted, qsizetype maxChars)
{
    QString text = untrusted.size() > maxChars ? untrusted.left(maxChars) + u'…' : untrusted;
    return u"<p style='white-space:pre-wrap'>"_s + text.toHtmlEscaped() + u"</p>"_s;
}

QString ViewerFormat::oneLine(const QString &text, qsizetype maxChars)
{
    QString line = text.size() > maxChars ? text.left(maxChars) + u'…' : text;
    line.replace(u"\r\n"_s, u"⏎"_s);
    line.replace(u'\n', u'⏎');
    line.replace(u'\r', u'⏎');
    return line;
}

} // namespace Toolgate
