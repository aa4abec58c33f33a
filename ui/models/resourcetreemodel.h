#pragma once

#include "core/protocol/resource.h"
#include "ui/models/servertreemodel.h"

namespace Toolgate {

/// The resources and resource templates of every server, grouped by server (resources first).
class ResourceTreeModel final : public ServerTreeModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResourceTreeModel)
public:
    enum Column { TitleColumn, UriColumn, DescriptionColumn, ColumnCount };
    enum Role {
        ResourceRole = FirstCustomRole, ///< Resource (concrete resources only)
        ResourceTemplateRole,           ///< ResourceTemplate (templates only)
        IsTemplateRole,                 ///< bool
        UriRole,                        ///< the URI, or the URI template
        MimeTypeRole,
    };

    explicit ResourceTreeModel(Workspace *workspace, QObject *parent = nullptr);
    ~ResourceTreeModel() override;

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    std::unique_ptr<Node> createNode(ServerConnection *connection) override;
    int childCount(const Node &node) const override;
    QVariant childData(const Node &node, int row, int column, int role) const override;
    QString countText(int count) const override;

private:
    struct Item;
    struct ResourceNode;
    static QList<Item> itemsOf(const ServerConnection *connection);
    void refresh(ServerConnection *connection);
};

} // namespace Toolgate
