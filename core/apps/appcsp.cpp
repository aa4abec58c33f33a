#include "core/apps/appcsp.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace Toolgate {

namespace {

int defaultPort(const QString &scheme)
{
    return scheme == u"https" || scheme == u"wss" ? 443 : 80;
}

// A source of scheme s also covers the WebSocket scheme of the same security (as CSP does).
bool schemeCovers(QStringView source, QStringView actual)
{
    return source == actual || (source == u"https" && actual == u"wss") || (source == u"http" && actual == u"ws");
}

QString joined(const QStringList &fixed, const QStringList &domains)
{
    return (fixed + domains).join(u' ');
}

} // namespace

AppCsp::AppCsp(std::optional<AppCspDomains> domains)
    : m_domains(std::move(domains))
{
}

std::optional<QString> AppCsp::normalizedSource(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral(
        "^(https?|wss?)://(\\*\\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?)(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?/?$"));
    const QString lower = text.trimmed().toLower();
    if (lower.size() > 255 || !pattern.match(lower).hasMatch())
        return std::nullopt;
    QString out = lower;
    if (out.endsWith(u'/'))
        out.chop(1);
    return out;
}

bool AppCsp::matches(const QString &source, const QUrl &url)
{
    const qsizetype schemeEnd = source.indexOf(QStringLiteral("://"));
    if (schemeEnd <= 0)
        return false;
    const QStringView scheme = QStringView(source).left(schemeEnd);
    const QString scheme2 = url.scheme().toLower();
    if (!schemeCovers(scheme, scheme2))
        return false;
    QStringView rest = QStringView(source).mid(schemeEnd + 3);
    int port = -1;
    if (const qsizetype colon = rest.lastIndexOf(u':'); colon >= 0) {
        port = rest.mid(colon + 1).toInt();
        rest = rest.left(colon);
    }
    const QString host = url.host().toLower();
    if (host.isEmpty())
        return false;
    if (rest.startsWith(u"*.")) {
        const QStringView suffix = rest.mid(1); // ".example.com"
        if (!host.endsWith(suffix) || host.size() <= suffix.size())
            return false;
    } else if (host != rest) {
        return false;
    }
    const int wanted = port >= 0 ? port : defaultPort(scheme.toString());
    return url.port(defaultPort(scheme2)) == wanted;
}

QString AppCsp::policy() const
{
    // The spec's restrictive default, then what Toolgate adds to it (further restriction is
    // allowed, loosening is not): no plugins, no nested frames, no forms sent anywhere.
    const QStringList none{QStringLiteral("'none'")};
    const QStringList inlineOnly{QStringLiteral("'self'"), QStringLiteral("'unsafe-inline'")};
    const QStringList withData{QStringLiteral("'self'"), QStringLiteral("data:")};
    const AppCspDomains d = m_domains.value_or(AppCspDomains());
    QStringList directives{
        QStringLiteral("default-src 'none'"),
        QStringLiteral("script-src ") + joined(inlineOnly, d.resourceDomains),
        QStringLiteral("style-src ") + joined(inlineOnly, d.resourceDomains),
        QStringLiteral("img-src ") + joined(withData, d.resourceDomains),
        QStringLiteral("media-src ") + joined(withData, d.resourceDomains),
    };
    if (!d.resourceDomains.isEmpty())
        directives.append(QStringLiteral("font-src ") + joined({QStringLiteral("'self'")}, d.resourceDomains));
    directives.append(QStringLiteral("connect-src ") + (d.connectDomains.isEmpty() ? none.first() : d.connectDomains.join(u' ')));
    directives.append(QStringLiteral("frame-src ") + (d.frameDomains.isEmpty() ? none.first() : d.frameDomains.join(u' ')));
    directives.append(QStringLiteral("base-uri ") + (d.baseUriDomains.isEmpty() ? QStringLiteral("'self'") : d.baseUriDomains.join(u' ')));
    directives.append(QStringLiteral("object-src 'none'"));
    directives.append(QStringLiteral("form-action 'none'"));
    return directives.join(QStringLiteral("; "));
}

QStringList AppCsp::plainWords() const
{
    const AppCspDomains d = m_domains.value_or(AppCspDomains());
    QStringList lines;
    lines.append(d.connectDomains.isEmpty()
                     ? QCoreApplication::translate("Toolgate::AppCsp", "No network access.")
                     : QCoreApplication::translate("Toolgate::AppCsp", "May exchange data with: %1.").arg(d.connectDomains.join(QStringLiteral(", "))));
    lines.append(d.resourceDomains.isEmpty()
                     ? QCoreApplication::translate("Toolgate::AppCsp", "Loads no images, scripts, styles or fonts from elsewhere.")
                     : QCoreApplication::translate("Toolgate::AppCsp", "May load images, scripts, styles and fonts from: %1.").arg(d.resourceDomains.join(QStringLiteral(", "))));
    lines.append(d.frameDomains.isEmpty()
                     ? QCoreApplication::translate("Toolgate::AppCsp", "Embeds no other pages.")
                     : QCoreApplication::translate("Toolgate::AppCsp", "May embed pages from: %1.").arg(d.frameDomains.join(QStringLiteral(", "))));
    if (!d.baseUriDomains.isEmpty())
        lines.append(QCoreApplication::translate("Toolgate::AppCsp", "May resolve its links against: %1.").arg(d.baseUriDomains.join(QStringLiteral(", "))));
    lines.append(QCoreApplication::translate("Toolgate::AppCsp", "No camera, microphone, location, clipboard, pop-up windows or local files."));
    return lines;
}

bool AppCsp::allows(const QUrl &url, RequestKind kind) const
{
    const QString scheme = url.scheme().toLower();
    // These never leave the view; the CSP in the document decides about them.
    if (scheme == u"data" || scheme == u"blob" || scheme == u"about")
        return kind != RequestKind::Other;
    const AppCspDomains d = m_domains.value_or(AppCspDomains());
    const QStringList *sources = nullptr;
    switch (kind) {
    case RequestKind::Connect: sources = &d.connectDomains; break;
    case RequestKind::Resource: sources = &d.resourceDomains; break;
    case RequestKind::Frame: sources = &d.frameDomains; break;
    case RequestKind::Navigation:
    case RequestKind::Other: return false;
    }
    for (const QString &source : *sources) {
        if (matches(source, url))
            return true;
    }
    return false;
}

} // namespace Toolgate
