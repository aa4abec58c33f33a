#include "ui/models/resourcetreemodel.h"

#include "ui/models/iconloader.h"
#include "ui/models/icons.h"
#include "ui/models/modeltext_p.h"
#include "core/workspace/serverconnection.h"

#include <QFontDatabase>
#include <QLocale>

namespace Toolgate {

ResourceTreeModel::ResourceTreeModel(Workspace *workspace, QObject *parent)
    : ServerItemTreeModel(workspace,
                          {&ServerConnection::resourcesChanged, &ResourceTreeModel::itemsOf,
                           [](const ResourceTreeItem &item) { return item.key(); },
                           [](const ResourceTreeItem &a, const ResourceTreeItem &b) { return a.json() == b.json(); }},
                          parent)
{
    initialize();
}

QList<ResourceTreeItem> ResourceTreeModel::itemsOf(const ServerConnection *connection)
{
    QList<ResourceTreeItem> items;
    const QList<Resource> resources = connection->resources();
    const QList<ResourceTemplate> templates = connection->resourceTemplates();
    items.reserve(resources.size() + templates.size());
    for (const Resource &resource : resources)
        items.append(ResourceTreeItem{false, resource, {}});
    for (const ResourceTemplate &resourceTemplate : templates)
        items.append(ResourceTreeItem{true, {}, resourceTemplate});
    return items;
}

QString ResourceTreeModel::countText(int count) const
{
    return count == 0 ? tr("No resources") : (count == 1 ? tr("1 resource") : tr("%1 resources").arg(count));
}

QString ResourceTreeModel::columnTitle(Column column) const
{
    switch (column) {
    case TitleColumn: return tr("Resource");
    case UriColumn: return tr("URI");
    case DescriptionColumn: return tr("Description");
    case ColumnCount: break;
    }
    return {};
}

QVariant ResourceTreeModel::itemData(const ItemNode &node, int row, int column, int role) const
{
    const ResourceTreeItem &item = node.items.at(row);
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
