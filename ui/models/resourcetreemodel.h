#pragma once

#include "core/protocol/resource.h"
#include "ui/models/serveritemtreemodel.h"

namespace Toolgate {

/// One row of ResourceTreeModel: a resource, or a resource template.
struct ResourceTreeItem
{
    bool isTemplate = false;
    Resource resource;
    ResourceTemplate resourceTemplate;

    QString key() const { return isTemplate ? u"t:" + resourceTemplate.uriTemplate : u"r:" + resource.uri; }
    QJsonObject json() const { return isTemplate ? resourceTemplate.toJson() : resource.toJson(); }
    QString uri() const { return isTemplate ? resourceTemplate.uriTemplate : resource.uri; }
    QString displayName() const { return isTemplate ? resourceTemplate.displayName() : resource.displayName(); }
    QString name() const { return isTemplate ? resourceTemplate.name : resource.name; }
    QString title() const { return isTemplate ? resourceTemplate.title : resource.title; }
    QString description() const { return isTemplate ? resourceTemplate.description : resource.description; }
    QString mimeType() const { return isTemplate ? resourceTemplate.mimeType : resource.mimeType; }
    const QList<Icon> &icons() const { return isTemplate ? resourceTemplate.icons : resource.icons; }
};

/// The resources and resource templates of every server, grouped by server (resources first).
class ResourceTreeModel final : public ServerItemTreeModel<ResourceTreeItem>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceTreeModel)
public:
    enum Role {
        ResourceRole = FirstCustomRole, ///< Resource (concrete resources only)
        ResourceTemplateRole,           ///< ResourceTemplate (templates only)
        IsTemplateRole,                 ///< bool
        UriRole,                        ///< the URI, or the URI template
        MimeTypeRole,
    };
    /// A resource's name as the protocol knows it is its URI (or URI template).
    static constexpr Column UriColumn = NameColumn;

    explicit ResourceTreeModel(Workspace *workspace, QObject *parent = nullptr);

protected:
    QString columnTitle(Column column) const override;
    QVariant itemData(const ItemNode &node, int row, int column, int role) const override;
    QString countText(int count) const override;

private:
    static QList<ResourceTreeItem> itemsOf(const ServerConnection *connection);
};

} // namespace Toolgate
