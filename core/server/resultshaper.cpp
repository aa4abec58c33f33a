#include "core/server/resultshaper.h"

#include "core/protocol/protocolversion.h"
#include "core/server/serverlifecycle.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace Toolgate {

QJsonObject ResultShaper::callResult(const CallToolResult &result) const
{
    QJsonObject json = result.toJson();
    // A 2024-11-05 or 2025-03-26 client does not know structuredContent; the text content
    // must carry the information on its own (the spec asks tools to do so anyway).
    if (!ProtocolVersion::supportsStructuredContent(m_lifecycle.protocolVersion()))
        json.remove(u"structuredContent");
    if (m_lifecycle.era() == ProtocolEra::Modern)
        json.insert(u"resultType", u"complete"_s);
    return json;
}

QJsonObject ResultShaper::tool(const Tool &tool) const
{
    const QString version = m_lifecycle.protocolVersion();
    QJsonObject json = tool.toJson();
    if (!ProtocolVersion::supportsTitle(version))
        json.remove(u"title");
    if (!ProtocolVersion::supportsStructuredContent(version))
        json.remove(u"outputSchema");
    if (!ProtocolVersion::supportsIcons(version))
        json.remove(u"icons");
    // execution is 2025-11-25's alone: 2026-07-28 removed it again.
    if (!ProtocolVersion::supportsIcons(version) || m_lifecycle.era() == ProtocolEra::Modern)
        json.remove(u"execution");
    return json;
}

void ResultShaper::answer(const Responder &responder, const Result<QJsonObject> &result, const QString &method) const
{
    if (!result) {
        responder.respondError(result.error());
    } else if (m_lifecycle.era() == ProtocolEra::Modern) {
        QJsonObject json = result.value();
        decorateModern(method, json);
        responder.respond(json);
    } else {
        responder.respond(result.value());
    }
}

// ttlMs 0: do not reuse it, the catalog can change at any time.
void ResultShaper::decorateModern(const QString &method, QJsonObject &result)
{
    result.insert(u"resultType", u"complete"_s);
    static const QStringList cacheable{u"tools/list"_s, u"prompts/list"_s, u"resources/list"_s,
                                       u"resources/templates/list"_s, u"resources/read"_s, u"server/discover"_s};
    if (cacheable.contains(method)) {
        if (!result.contains(u"ttlMs"))
            result.insert(u"ttlMs", 0);
        if (!result.contains(u"cacheScope"))
            result.insert(u"cacheScope", u"private"_s);
    }
}

} // namespace Toolgate
