#include "core/apps/appmeta.h"

#include "core/apps/appcsp.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace Toolgate {

namespace McpApps {

QString extensionId() { return QStringLiteral("io.modelcontextprotocol/ui"); }
QString htmlMimeType() { return QStringLiteral("text/html;profile=mcp-app"); }
QString protocolVersion() { return QStringLiteral("2026-01-26"); }

QJsonObject clientCapability()
{
    return QJsonObject{{QStringLiteral("mimeTypes"), QJsonArray{htmlMimeType()}}};
}

bool isAppMimeType(const QString &mimeType)
{
    QString normalized = mimeType.toLower();
    normalized.remove(u' ');
    return normalized == htmlMimeType();
}

const QStringList &permissionNames()
{
    static const QStringList names{QStringLiteral("camera"), QStringLiteral("microphone"), QStringLiteral("geolocation"),
                                   QStringLiteral("clipboardWrite")};
    return names;
}

QString permissionText(const QString &permission)
{
    if (permission == u"camera")
        return QCoreApplication::translate("Toolgate::McpApps", "use your camera");
    if (permission == u"microphone")
        return QCoreApplication::translate("Toolgate::McpApps", "use your microphone");
    if (permission == u"geolocation")
        return QCoreApplication::translate("Toolgate::McpApps", "know your location");
    if (permission == u"clipboardWrite")
        return QCoreApplication::translate("Toolgate::McpApps", "write to your clipboard");
    return permission;
}

} // namespace McpApps

namespace {

QStringList visibilityList(const QJsonValue &value, bool *wellFormed)
{
    *wellFormed = value.isArray();
    QStringList out;
    for (const QJsonValue &entry : value.toArray()) {
        if (!entry.isString())
            *wellFormed = false;
        else
            out.append(entry.toString());
    }
    return out;
}

} // namespace

AppToolMeta AppToolMeta::of(const Tool &tool)
{
    AppToolMeta meta;
    const QJsonObject ui = tool.meta.value(u"ui").toObject();
    QString uri = ui.value(u"resourceUri").toString();
    if (uri.isEmpty())
        uri = tool.meta.value(u"ui/resourceUri").toString(); // deprecated flat form
    if (!uri.isEmpty()) {
        if (uri.startsWith(u"ui://"))
            meta.resourceUri = uri;
        else
            meta.problems.append(QCoreApplication::translate("Toolgate::McpApps", "its app resource %1 is not a ui:// URI, so it is not shown").arg(uri));
    }
    if (ui.contains(u"visibility")) {
        bool wellFormed = false;
        const QStringList list = visibilityList(ui.value(u"visibility"), &wellFormed);
        if (wellFormed) {
            meta.visibleToModel = list.contains(QStringLiteral("model"));
            meta.visibleToApp = list.contains(QStringLiteral("app"));
        } else {
            meta.problems.append(QCoreApplication::translate("Toolgate::McpApps", "its visibility is not a list of names; the default (model and app) applies"));
        }
    }
    return meta;
}

QString AppToolMeta::visibilityText() const
{
    if (visibleToModel && visibleToApp)
        return QCoreApplication::translate("Toolgate::McpApps", "model and app");
    if (visibleToApp)
        return QCoreApplication::translate("Toolgate::McpApps", "app only");
    if (visibleToModel)
        return QCoreApplication::translate("Toolgate::McpApps", "model only");
    return QStringLiteral("nobody");
}

bool AppCspDomains::isEmpty() const
{
    return connectDomains.isEmpty() && resourceDomains.isEmpty() && frameDomains.isEmpty() && baseUriDomains.isEmpty();
}

AppResourceMeta AppResourceMeta::fromJson(const QJsonObject &ui)
{
    AppResourceMeta meta;
    if (ui.value(u"csp").isObject()) {
        const QJsonObject csp = ui.value(u"csp").toObject();
        AppCspDomains domains;
        const auto read = [&](QStringView key, QStringList &into) {
            const QJsonValue value = csp.value(key);
            if (value.isUndefined() || value.isNull())
                return;
            if (!value.isArray()) {
                meta.problems.append(QCoreApplication::translate("Toolgate::McpApps", "csp.%1 is not a list; ignored").arg(key));
                return;
            }
            for (const QJsonValue &entry : value.toArray()) {
                const QString text = entry.toString();
                if (const auto origin = AppCsp::normalizedSource(text); origin)
                    into.append(*origin);
                else
                    meta.problems.append(QCoreApplication::translate("Toolgate::McpApps", "csp.%1 entry %2 is not a plain origin; ignored")
                                             .arg(key, entry.isString() ? text : QCoreApplication::translate("Toolgate::McpApps", "(not text)")));
            }
        };
        read(u"connectDomains", domains.connectDomains);
        read(u"resourceDomains", domains.resourceDomains);
        read(u"frameDomains", domains.frameDomains);
        read(u"baseUriDomains", domains.baseUriDomains);
        meta.csp = domains;
    }
    const QJsonObject permissions = ui.value(u"permissions").toObject();
    for (const QString &name : McpApps::permissionNames()) {
        if (permissions.contains(name))
            meta.permissions.append(name);
    }
    for (auto it = permissions.begin(); it != permissions.end(); ++it) {
        if (!McpApps::permissionNames().contains(it.key()))
            meta.problems.append(QCoreApplication::translate("Toolgate::McpApps", "permission %1 is not one Toolgate knows; ignored").arg(it.key().left(100)));
    }
    meta.domain = ui.value(u"domain").toString();
    if (ui.value(u"prefersBorder").isBool())
        meta.prefersBorder = ui.value(u"prefersBorder").toBool();
    return meta;
}

Result<AppResource> AppResource::fromReadResult(const QString &uri, const ReadResourceResult &result)
{
    const ResourceContents *chosen = nullptr;
    for (const ResourceContents &contents : result.contents) {
        if (McpApps::isAppMimeType(contents.mimeType)) {
            chosen = &contents;
            break;
        }
    }
    if (!chosen) {
        const QString got = result.contents.isEmpty() ? QStringLiteral("nothing")
                                                      : QStringLiteral("%1").arg(result.contents.first().mimeType);
        return Error{-32000, QCoreApplication::translate("Toolgate::McpApps", "the server's %1 is not an app: Toolgate renders %2, the server sent %3")
                                  .arg(uri, McpApps::htmlMimeType(), got.isEmpty() ? QCoreApplication::translate("Toolgate::McpApps", "no type") : got), {}};
    }
    AppResource app;
    app.uri = uri;
    if (chosen->isText()) {
        if (chosen->text->size() > maxHtmlBytes)
            return Error{-32000, QCoreApplication::translate("Toolgate::McpApps", "the app %1 is larger than %2 MB; Toolgate does not render it").arg(uri).arg(maxHtmlBytes >> 20), {}};
        app.html = *chosen->text;
    } else {
        if (chosen->blob.size() > maxHtmlBytes * 4 / 3 + 4)
            return Error{-32000, QCoreApplication::translate("Toolgate::McpApps", "the app %1 is larger than %2 MB; Toolgate does not render it").arg(uri).arg(maxHtmlBytes >> 20), {}};
        const QByteArray decoded = chosen->decodedBlob();
        if (decoded.isEmpty())
            return Error{-32000, QCoreApplication::translate("Toolgate::McpApps", "the app %1 came as a blob that is not valid base64").arg(uri), {}};
        app.html = QString::fromUtf8(decoded);
    }
    if (app.html.trimmed().isEmpty())
        return Error{-32000, QCoreApplication::translate("Toolgate::McpApps", "the app %1 is empty").arg(uri), {}};
    app.meta = AppResourceMeta::fromJson(chosen->meta.value(u"ui").toObject());
    return app;
}

} // namespace Toolgate
