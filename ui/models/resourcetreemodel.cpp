#include "ui/models/resourcetreemodel.h"

#include "ui/models/iconloader.h"
#include "ui/models/icons.h"
#include "ui/models/modeltext_p.h"
#include "core/workspace/serverconnection.h"

#include <QFontDatabase>
#include <QLocale>

namespace Toolgate {

struct ResourceTreeModel::Item
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

struct ResourceTreeModel::ResourceNode final : Node
{
    QList<Item> items;
};

ResourceTreeModel::ResourceTreeModel(Workspace *workspace, QObject *parent)
    : ServerTreeModel(workspace, parent)
{
    initialize();
}

ResourceTreeModel::~ResourceTreeModel() = default;

QList<ResourceTreeModel::Item> ResourceTreeModel::itemsOf(const ServerConnection *connection)
{
    QList<Item> items;
    const QList<Resource> resources = connection->resources();
    const QList<ResourceTemplate> templates = connection->resourceTemplates();
    items.reserve(resources.size() + templates.size());
    for (const Resource &resource : resources)
        items.append(Item{false, resource, {}});
    for (const ResourceTemplate &resourceTemplate : templates)
        items.append(Item{true, {}, resourceTemplate});
    return items;
}

std::unique_ptr<ServerTreeModel::Node> ResourceTreeModel::createNode(ServerConnection *connection)
{
    auto node = std::make_unique<ResourceNode>();
    node->items = itemsOf(connection);
    connect(connection, &ServerConnection::resourcesChanged, this, [this, connection] { refresh(connection); });
    return node;
}

void ResourceTreeModel::refresh(ServerConnection *connection)
{
    auto *node = static_cast<ResourceNode *>(nodeFor(connection));
    if (!node)
        return;
    syncChildren(
        node, node->items, itemsOf(connection), [](const Item &item) { return item.key(); },
        [](const Item &a, const Item &b) { return a.json() == b.json(); });
}

int ResourceTreeModel::childCount(const Node &node) const
{
    return int(static_cast<const ResourceNode &>(node).items.size());
}

QString ResourceTreeModel::countText(int count) const
{
    return count == 0 ? tr("No resources") : (count == 1 ? tr("1 resource") : tr("%1 resources").arg(count));
}

int ResourceTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant ResourceTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TitleColumn: return tr("Resource");
    case UriColumn: return tr("URI");
    case DescriptionColumn: return tr("Description");
    default: return {};
    }
}

QVariant ResourceTreeModel::childData(const Node &node, int row, int column, int role) const
{
    const Item &item = static_cast<const ResourceNode &>(node).items.at(row);
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case TitleColumn: return ModelText::oneLine(item.displayName(), 120);
        case UriColumn: return ModelText::oneLine(item.uri(), 500);
        case DescriptionColumn: return ModelText::oneLine(item.description());
        default: return {};
        }
    case Qt::DecorationRole: {
        if (column != TitleColumn)
            return {};
        const QIcon own = iconLoader()->icon(item.icons());
        return own.isNull() ? Icons::action(item.isTemplate ? u"template" : u"resource") : own;
    }
    case Qt::ToolTipRole: {
        QString tip = u"<p><b>" + ModelText::tooltipText(item.displayName(), 200) + u"</b><br><code>"
            + ModelText::tooltipText(item.uri(), 500) + u"</code></p>";
        if (!item.description().isEmpty())
            tip += u"<p>" + ModelText::tooltipText(item.description()) + u"</p>";
        QStringList facts;
        if (!item.mimeType().isEmpty())
            facts.append(item.mimeType());
        if (!item.isTemplate && item.resource.size)
            facts.append(QLocale().formattedDataSize(*item.resource.size));
        if (item.isTemplate)
            facts.append(tr("template"));
        if (!facts.isEmpty())
            tip += u"<p>" + facts.join(QStringLiteral(" · ")).toHtmlEscaped() + u"</p>";
        return tip;
    }
    case Qt::FontRole:
        if (column == UriColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case ResourceRole:
        return item.isTemplate ? QVariant() : QVariant::fromValue(item.resource);
    case ResourceTemplateRole:
        return item.isTemplate ? QVariant::fromValue(item.resourceTemplate) : QVariant();
    case IsTemplateRole:
        return item.isTemplate;
    case UriRole:
        return item.uri();
    case MimeTypeRole:
        return item.mimeType();
    case SearchTextRole:
        return QString(item.name() + u'\n' + item.title() + u'\n' + item.uri() + u'\n' + item.description());
    default:
        return {};
    }
}

} // namespace Toolgate

#include "moc_resourcetreemodel.cpp"
