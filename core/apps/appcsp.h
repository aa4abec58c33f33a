#pragma once

#include "core/apps/appmeta.h"

#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace Toolgate {

/// The Content-Security-Policy an app view runs under, and the same rules applied to each request
/// the view makes (the request filter enforces what the CSP says, so a CSP bug in the engine is
/// not enough to reach the network). Built only from checked origins: never looser than the spec.
class AppCsp final
{
public:
    /// What a request is for, as far as the CSP is concerned.
    enum class RequestKind {
        Connect,  ///< fetch, XHR, WebSocket, EventSource (connect-src)
        Resource, ///< images, scripts, styles, fonts, media (img-src, script-src, …)
        Frame,    ///< a nested frame (frame-src)
        Navigation, ///< the view's own document navigating, a link followed, a form sent
        Other,    ///< anything else (plugins, prefetch, pings, service workers…)
    };

    AppCsp() = default;
    /// domains: the resource's _meta.ui.csp; nullopt gives the spec's restrictive default.
    explicit AppCsp(std::optional<AppCspDomains> domains);

    /// The policy text for the view's document.
    QString policy() const;
    /// The same in plain words for a person ("No network access. …").
    QStringList plainWords() const;
    /// Whether the view may load url for kind. data:, blob: and about: never leave the machine and
    /// are left to the CSP; every other URL must match a declared origin of the right directive.
    bool allows(const QUrl &url, RequestKind kind) const;
    const std::optional<AppCspDomains> &domains() const { return m_domains; }

    /// "https://Api.Example.com/" → "https://api.example.com"; nullopt unless text is a plain
    /// http(s)/ws(s) origin with an optional leading "*." on the host and an optional port.
    static std::optional<QString> normalizedSource(const QString &text);
    /// Whether url matches a normalized source (scheme, host or *.suffix, port or the default one).
    static bool matches(const QString &source, const QUrl &url);

private:
    std::optional<AppCspDomains> m_domains;
};

} // namespace Toolgate
