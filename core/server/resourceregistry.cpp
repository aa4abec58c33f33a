#include "core/server/resourceregistry.h"

#include "core/common/error.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Toolgate {

Result<void> ResourceRegistry::addResource(const Resource &resource, ReadHandler handler)
{
    if (resource.uri.isEmpty() || resource.name.isEmpty())
        return makeError(ErrorCode::InvalidParams, u"a resource needs a uri and a name"_s);
    if (!handler)
        return makeError(ErrorCode::InvalidParams, u"the resource %1 has no handler"_s.arg(resource.uri));
    m_resources.put(ResourceEntry{resource, std::move(handler)});
    return {};
}

Result<void> ResourceRegistry::addTemplate(const ResourceTemplate &resourceTemplate, TemplateReadHandler handler)
{
    if (resourceTemplate.uriTemplate.isEmpty() || resourceTemplate.name.isEmpty())
        return makeError(ErrorCode::InvalidParams, u"a resource template needs a uriTemplate and a name"_s);
    if (!handler)
        return makeError(ErrorCode::InvalidParams, u"the resource template %1 has no handler"_s.arg(resourceTemplate.uriTemplate));
    auto compiled = UriTemplate::compile(resourceTemplate.uriTemplate);
    if (!compiled)
        return makeError(ErrorCode::InvalidParams,
                         u"the URI template %1 uses more than simple {name} expressions"_s.arg(resourceTemplate.uriTemplate));
    m_templates.put(TemplateEntry{resourceTemplate, std::move(*compiled), std::move(handler)});
    return {};
}

bool ResourceRegistry::knows(const QString &uri) const
{
    if (m_resources.contains(uri))
        return true;
    return std::any_of(m_templates.all().cbegin(), m_templates.all().cend(),
                       [&uri](const TemplateEntry &entry) { return entry.compiled.match(uri).has_value(); });
}

QJsonArray ResourceRegistry::resourcesJson() const
{
    QJsonArray all;
    for (const ResourceEntry &entry : m_resources.all())
        all.append(entry.resource.toJson());
    return all;
}

QJsonArray ResourceRegistry::templatesJson() const
{
    QJsonArray all;
    for (const TemplateEntry &entry : m_templates.all())
        all.append(entry.resourceTemplate.toJson());
    return all;
}

std::optional<Result<ReadResourceResult>> ResourceRegistry::read(const QString &uri) const
{
    // Handlers are copied first since they may unregister themselves.
    const auto readRegistered = [&]() -> std::optional<std::pair<Result<ReadResourceResult>, QString>> {
        if (const ResourceEntry *found = m_resources.find(uri)) {
            const ResourceEntry entry = *found;
            return std::pair(entry.handler(uri), entry.resource.mimeType);
        }
        for (const TemplateEntry &entry : m_templates.all()) {
            const auto variables = entry.compiled.match(uri);
            if (!variables)
                continue;
            const QString mimeType = entry.resourceTemplate.mimeType;
            const TemplateReadHandler handler = entry.handler;
            return std::pair(handler(uri, *variables), mimeType);
        }
        return std::nullopt;
    }();
    if (!readRegistered)
        return std::nullopt;
    const auto &[result, mimeType] = *readRegistered;
    if (!result)
        return result;
    // Handlers may leave out what the registration already says.
    ReadResourceResult contents = result.value();
    for (ResourceContents &item : contents.contents) {
        if (item.uri.isEmpty())
            item.uri = uri;
        if (item.mimeType.isEmpty())
            item.mimeType = mimeType;
    }
    return Result<ReadResourceResult>(contents);
}

} // namespace Toolgate
