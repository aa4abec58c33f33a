#pragma once

#include "core/common/result.h"
#include "core/protocol/resource.h"
#include "core/protocol/tool.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// The MCP Apps extension (io.modelcontextprotocol/ui, 2026-01-26): names shared by core and ui.
namespace McpApps {
/// The extension's identifier in capabilities.extensions.
QString extensionId();
/// The one content type Toolgate renders: "text/html;profile=mcp-app".
QString htmlMimeType();
/// The bridge protocol revision we speak ("2026-01-26").
QString protocolVersion();
/// What a client advertises in capabilities.extensions[extensionId()].
QJsonObject clientCapability();
/// Whether a resource content's mimeType is ours (parameters compared without case or spaces).
bool isAppMimeType(const QString &mimeType);
/// The browser permissions an app may ask for in _meta.ui.permissions, by their spec names:
/// "camera", "microphone", "geolocation", "clipboardWrite".
const QStringList &permissionNames();
/// What a permission lets an app do, for a person ("use your camera").
QString permissionText(const QString &permission);
} // namespace McpApps

/// What a tool's _meta.ui says: which app renders its results, and who may call it.
struct AppToolMeta
{
    /// The ui:// resource that renders the tool's results; empty when the tool has no app.
    QString resourceUri;
    /// _meta.ui.visibility; the spec's default ["model", "app"] when absent or malformed.
    bool visibleToModel = true;
    bool visibleToApp = true;
    /// Something about the declaration a person should know (e.g. "resourceUri is not a ui:// URI").
    QStringList problems;

    /// Reads tool._meta.ui (and the deprecated flat _meta["ui/resourceUri"]).
    static AppToolMeta of(const Tool &tool);
    bool hasApp() const { return !resourceUri.isEmpty(); }
    /// "model and app", "app only", "model only", "nobody": for the tool panel and the CLI.
    QString visibilityText() const;
};

/// The sources an app may reach beyond its own document, from _meta.ui.csp. Every entry has been
/// checked to be a plain origin ("https://api.example.com", "wss://*.example.com:8443"); what is
/// not is dropped and named in problems, so nothing a server writes can add a CSP keyword.
struct AppCspDomains
{
    QStringList connectDomains;
    QStringList resourceDomains;
    QStringList frameDomains;
    QStringList baseUriDomains;

    bool isEmpty() const;
    bool operator==(const AppCspDomains &) const = default;
};

/// _meta.ui of an app's resource content: CSP, requested permissions, domain, border.
struct AppResourceMeta
{
    /// Absent: the spec's restrictive default applies.
    std::optional<AppCspDomains> csp;
    /// Requested browser permissions (McpApps::permissionNames(), in that order; unknown names are
    /// dropped and named in problems). Asking is not getting: the person decides each one.
    QStringList permissions;
    QString domain;
    std::optional<bool> prefersBorder;
    /// Entries that were dropped, in plain words.
    QStringList problems;

    static AppResourceMeta fromJson(const QJsonObject &uiMeta);
};

/// An app as read from its server: the HTML and what its resource says about it.
struct AppResource
{
    QString uri;
    QString html;
    AppResourceMeta meta;

    /// Picks the app content from a resources/read result: the one with our MIME type (text or
    /// base64 blob). Errors say in plain words why there is nothing to render.
    static Result<AppResource> fromReadResult(const QString &uri, const ReadResourceResult &result);
    /// Apps larger than this are refused (they arrive in one message and live in memory).
    static constexpr qsizetype maxHtmlBytes = 16 * 1024 * 1024;
};

} // namespace Toolgate
