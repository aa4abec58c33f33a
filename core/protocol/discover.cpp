#include "core/protocol/discover.h"

#include "core/protocol/jsonutil_p.h"

using namespace Qt::StringLiterals;

namespace Toolgate {

using namespace ProtocolJson;

namespace {

Error malformed(const QString &what)
{
    return makeError(ErrorCode::ProtocolError, u"not a server/discover result: %1"_s.arg(what));
}

} // namespace

Result<DiscoverResult> DiscoverResult::parse(const QJsonObject &json)
{
    const QJsonValue versions = json.value(u"supportedVersions");
    if (!versions.isArray())
        return malformed(u"\"supportedVersions\" is not a list"_s);
    DiscoverResult r;
    for (const QJsonValue &version : versions.toArray()) {
        if (!version.isString())
            return malformed(u"\"supportedVersions\" holds something that is not a string"_s);
        r.supportedVersions.append(version.toString());
    }
    if (!json.value(u"capabilities").isObject())
        return malformed(u"\"capabilities\" is not an object"_s);
    const QJsonValue instructions = json.value(u"instructions");
    if (!instructions.isUndefined() && !instructions.isString())
        return malformed(u"\"instructions\" is not a string"_s);
    const QJsonValue resultType = json.value(u"resultType");
    if (!resultType.isUndefined() && resultType != QJsonValue(u"complete"_s))
        return malformed(u"its resultType is not \"complete\""_s);

    r.capabilities = ServerCapabilities::fromJson(object(json, u"capabilities"));
    r.instructions = instructions.toString();
    r.serverInfo = Implementation::fromJson(object(object(json, u"_meta"), u"io.modelcontextprotocol/serverInfo"));
    // ttlMs and cacheScope are only caching hints: a wrong type means "no hint", not a broken answer.
    if (const auto ttl = optionalInteger(json, u"ttlMs"); ttl && *ttl >= 0)
        r.ttlMs = ttl;
    r.cacheScope = string(json, u"cacheScope");
    r.raw = json;
    return r;
}

InitializeResult DiscoverResult::toInitializeResult(const QString &version) const
{
    InitializeResult init;
    init.protocolVersion = version;
    init.capabilities = capabilities;
    init.serverInfo = serverInfo;
    init.instructions = instructions;
    init.meta = object(raw, u"_meta");
    return init;
}

} // namespace Toolgate
