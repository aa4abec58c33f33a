#pragma once

#include "core/common/result.h"
#include "core/protocol/resource.h"
#include "core/server/keyedentries.h"
#include "core/protocol/uritemplate.h"

#include <QJsonArray>
#include <QMap>
#include <QString>

#include <functional>
#include <optional>

namespace Toolgate {

/// The resources and resource templates an McpServer offers, with the handlers that read them:
/// it answers which registration a URI belongs to and reads it.
class ResourceRegistry final
{
public:
    using ReadHandler = std::function<Result<ReadResourceResult>(const QString &uri)>;
    using TemplateReadHandler =
        std::function<Result<ReadResourceResult>(const QString &uri, const QMap<QString, QString> &variables)>;

    /// Registers or replaces a resource (keyed by uri).
    Result<void> addResource(const Resource &resource, ReadHandler handler);
    bool removeResource(const QString &uri) { return m_resources.remove(uri); }
    /// Registers or replaces a template (keyed by uriTemplate); only {var} expressions are understood.
    Result<void> addTemplate(const ResourceTemplate &resourceTemplate, TemplateReadHandler handler);
    bool removeTemplate(const QString &uriTemplate) { return m_templates.remove(uriTemplate); }

    /// True when neither a resource nor a template is registered.
    bool isEmpty() const { return m_resources.isEmpty() && m_templates.isEmpty(); }
    bool hasTemplate(const QString &uriTemplate) const { return m_templates.contains(uriTemplate); }
    /// True when uri is a registered resource or matches a template.
    bool knows(const QString &uri) const;
    QJsonArray resourcesJson() const;
    QJsonArray templatesJson() const;

    /// Reads uri: exact resources win over templates. Contents without uri or mimeType get the
    /// request's uri and the registered mimeType. nullopt when nothing registered has the uri.
    std::optional<Result<ReadResourceResult>> read(const QString &uri) const;

private:
    struct ResourceEntry
    {
        Resource resource;
        ReadHandler handler;
        QString key() const { return resource.uri; }
    };
    struct TemplateEntry
    {
        ResourceTemplate resourceTemplate;
        UriTemplate compiled;
        TemplateReadHandler handler;
        QString key() const { return resourceTemplate.uriTemplate; }
    };

    KeyedEntries<ResourceEntry> m_resources;
    KeyedEntries<TemplateEntry> m_templates;
};

} // namespace Toolgate
