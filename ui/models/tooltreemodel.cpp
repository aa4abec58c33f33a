#include "tooltreemodel.h"

#include "apps/appmeta.h"

#include "iconloader.h"
#include "icons.h"
#include "modeltext_p.h"
#include "workspace/serverconnection.h"
#include "workspace/workspace.h"

#include <QFontDatabase>

namespace Toolgate {

struct ToolTreeModel::ToolNode final : Node
{
    QList<Tool> tools;
};

ToolTreeModel::ToolTreeModel(Workspace *workspace, QObject *parent)
    : ServerTreeModel(workspace, parent)
{
    initialize();
}

ToolTreeModel::~ToolTreeModel() = default;

namespace {

// MCP Apps: a tool whose visibility lacks "model" is for apps only. The person stands where a
// model would, so such tools are not listed for calling by hand (the spec's tools/list rule).
QList<Tool> listedTools(const QList<Tool> &tools)
{
    QList<Tool> listed;
    listed.reserve(tools.size());
    for (const Tool &tool : tools) {
        if (AppToolMeta::of(tool).visibleToModel)
            listed.append(tool);
    }
    return listed;
}

} // namespace

std::unique_ptr<ServerTreeModel::Node> ToolTreeModel::createNode(ServerConnection *connection)
{
    auto node = std::make_unique<ToolNode>();
    node->tools = listedTools(connection->tools());
    connect(connection, &ServerConnection::toolsChanged, this, [this, connection] { refresh(connection); });
    return node;
}

void ToolTreeModel::refresh(ServerConnection *connection)
{
    auto *node = static_cast<ToolNode *>(nodeFor(connection));
    if (!node)
        return;
    syncChildren(
        node, node->tools, listedTools(connection->tools()), [](const Tool &tool) { return tool.name; },
        [](const Tool &a, const Tool &b) { return a.raw == b.raw && a.toJson() == b.toJson(); });
}

int ToolTreeModel::childCount(const Node &node) const
{
    return int(static_cast<const ToolNode &>(node).tools.size());
}

QString ToolTreeModel::countText(int count) const
{
    return count == 0 ? tr("No tools") : (count == 1 ? tr("1 tool") : tr("%1 tools").arg(count));
}

int ToolTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant ToolTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TitleColumn: return tr("Tool");
    case NameColumn: return tr("Name");
    case DescriptionColumn: return tr("Description");
    default: return {};
    }
}

QModelIndex ToolTreeModel::toolIndex(const QString &serverName, const QString &toolName, int column) const
{
    const Workspace *ws = workspace();
    const auto *node = static_cast<const ToolNode *>(nodeFor(ws ? ws->connection(serverName) : nullptr));
    if (!node)
        return {};
    for (int row = 0; row < node->tools.size(); ++row) {
        if (node->tools.at(row).name == toolName)
            return index(row, column, indexForNode(node));
    }
    return {};
}

QString ToolTreeModel::annotationsText(const ToolAnnotations &annotations)
{
    QStringList hints;
    if (annotations.readOnlyHint)
        hints.append(*annotations.readOnlyHint ? tr("read-only") : tr("may modify its environment"));
    if (annotations.destructiveHint && (!annotations.readOnlyHint || !*annotations.readOnlyHint))
        hints.append(*annotations.destructiveHint ? tr("may be destructive") : tr("not destructive"));
    if (annotations.idempotentHint && *annotations.idempotentHint)
        hints.append(tr("safe to repeat"));
    if (annotations.openWorldHint)
        hints.append(*annotations.openWorldHint ? tr("reaches the outside world") : tr("stays within its own system"));
    return hints.join(QStringLiteral(", "));
}

QVariant ToolTreeModel::childData(const Node &node, int row, int column, int role) const
{
    const Tool &tool = static_cast<const ToolNode &>(node).tools.at(row);
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case TitleColumn: return ModelText::oneLine(tool.displayName(), 120);
        case NameColumn: return tool.name;
        case DescriptionColumn: return ModelText::oneLine(tool.description);
        default: return {};
        }
    case Qt::DecorationRole: {
        if (column != TitleColumn)
            return {};
        const QIcon own = iconLoader()->icon(tool.icons);
        return own.isNull() ? Icons::action(u"tool") : own;
    }
    case Qt::ToolTipRole: {
        QString tip = u"<p><b>" + ModelText::tooltipText(tool.displayName(), 200) + u"</b> <code>"
            + ModelText::tooltipText(tool.name, 200) + u"</code></p>";
        if (!tool.description.isEmpty())
            tip += u"<p>" + ModelText::tooltipText(tool.description) + u"</p>";
        const QString hints = annotationsText(tool.annotations);
        if (!hints.isEmpty())
            tip += u"<p><i>" + tr("The server claims: %1").arg(hints).toHtmlEscaped() + u"</i></p>";
        if (const AppToolMeta app = AppToolMeta::of(tool); app.hasApp())
            tip += u"<p>" + tr("Its results come with an app view: %1").arg(app.resourceUri).toHtmlEscaped() + u"</p>";
        return tip;
    }
    case Qt::FontRole:
        if (column == NameColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case ToolRole:
        return QVariant::fromValue(tool);
    case ToolNameRole:
        return tool.name;
    case AnnotationsRole:
        return QVariant::fromValue(tool.annotations);
    case AnnotationsTextRole:
        return annotationsText(tool.annotations);
    case SearchTextRole:
        return QString(tool.name + u'\n' + tool.title + u'\n' + tool.annotations.title + u'\n' + tool.description);
    default:
        return {};
    }
}

} // namespace Toolgate
