#include "core/protocol/initialize.h"

#include "core/protocol/jsonutil_p.h"

namespace Toolgate {

using namespace ProtocolJson;

namespace {

bool flag(const QJsonObject &json, QStringView key)
{
    return optionalBool(json, key).value_or(false);
}

// Sets or removes one capability object, keeping sub-keys we do not model.
void putCapability(QJsonObject &json, QStringView key, bool present,
                   std::initializer_list<std::pair<QStringView, bool>> flags = {})
{
    if (!present) {
        json.remove(key);
        return;
    }
    QJsonObject capability = json.value(key).toObject();
    for (const auto &[name, on] : flags) {
        // Absent means false, so a false flag is left out rather than written.
        if (on)
            capability.insert(name, true);
        else
            capability.remove(name);
    }
    json.insert(key, capability);
}

} // namespace

// ---- ServerCapabilities -----------------------------------------------------------------------

ServerCapabilities ServerCapabilities::fromJson(const QJsonObject &json)
{
    ServerCapabilities c;
    c.raw = json;
    const auto has = [&json](QStringView key) { return json.value(key).isObject(); };

    c.tools = has(u"tools");
    c.toolsListChanged = flag(object(json, u"tools"), u"listChanged");
    c.prompts = has(u"prompts");
    c.promptsListChanged = flag(object(json, u"prompts"), u"listChanged");
    c.resources = has(u"resources");
    c.resourcesListChanged = flag(object(json, u"resources"), u"listChanged");
    c.resourcesSubscribe = flag(object(json, u"resources"), u"subscribe");
    c.logging = has(u"logging");
    c.completions = has(u"completions");
    return c;
}

QJsonObject ServerCapabilities::toJson() const
{
    QJsonObject json = raw;
    putCapability(json, u"tools", tools, {{u"listChanged", toolsListChanged}});
    putCapability(json, u"prompts", prompts, {{u"listChanged", promptsListChanged}});
    putCapability(json, u"resources", resources,
                  {{u"subscribe", resourcesSubscribe}, {u"listChanged", resourcesListChanged}});
    putCapability(json, u"logging", logging);
    putCapability(json, u"completions", completions);
    return json;
}

// ---- InitializeResult -------------------------------------------------------------------------

InitializeResult InitializeResult::fromJson(const QJsonObject &json)
{
    InitializeResult r;
    r.protocolVersion = string(json, u"protocolVersion");
    r.capabilities = ServerCapabilities::fromJson(object(json, u"capabilities"));
    r.serverInfo = Implementation::fromJson(object(json, u"serverInfo"));
    r.instructions = string(json, u"instructions");
    r.meta = object(json, u"_meta");
    return r;
}

QJsonObject InitializeResult::toJson() const
{
    QJsonObject json;
    json.insert(u"protocolVersion", protocolVersion);
    json.insert(u"capabilities", capabilities.toJson());
    json.insert(u"serverInfo", serverInfo.toJson());
    putString(json, u"instructions", instructions);
    putObject(json, u"_meta", meta);
    return json;
}

} // namespace Toolgate
