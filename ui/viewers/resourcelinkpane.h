#pragma once

#include "ui/viewers/contentpane.h"

namespace Toolgate {

struct Content;

/// A resource_link block: what the server says the resource is (title, name, URI, description,
/// MIME type, size) and "Open", which emits resourceLinkActivated(uri) for the app to read it.
class ResourceLinkPane final : public ContentPane
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceLinkPane)
public:
    /// Shows the link fields of content (a Content::Type::ResourceLink block).
    explicit ResourceLinkPane(const Content &content, QWidget *parent = nullptr);

    /// The linked URI.
    QString uri() const { return m_uri; }

private:
    QString m_uri;
};

} // namespace Toolgate
