#include "ui/models/tooltreemodel.h"

#include "core/apps/appmeta.h"
#include "core/calls/approvalpolicy.h"

#include "ui/models/iconloader.h"
#include "ui/models/icons.h"
#include "ui/models/modeltext_p.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/workspace.h"

#include <QFontDatabase>

namespace Toolgate {

struct ToolTreeModel::ToolNode final : ItemNode
{
    /// The tools (by name) the server changed since the person approved them, with the change.
    QHash<QString, DefinitionChange> changed;
};

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

ToolTreeModel::ToolTreeModel(Workspace *workspace, QObject *parent)
    : ServerItemTreeModel(workspace,
                          {&ServerConnection::toolsChanged,
                           [](const ServerConnection *connection) { return listedTools(connection->tools()); },
                           [](const Tool &tool) { return tool.name; },
                           [](const Tool &a, const Tool &b) { return a.raw == b.raw && a.toJson() == b.toJson(); }},
                          parent)
{
    initialize();
}

std::unique_ptr<ToolTreeModel::ItemNode> ToolTreeModel::newNode() const
{
    return std::make_unique<ToolNode>();
}

void ToolTreeModel::setApprovalPolicy(ApprovalPolicy *policy)
{
    if (m_policy)
        disconnect(m_policy, nullptr, this, nullptr);
    m_policy = policy;
    const auto remark = [this] {
        const Workspace *ws = workspace();
        if (!ws)
            return;
        for (ServerConnection *connection : ws->connections()) {
            auto *node = static_cast<ToolNode *>(nodeFor(connection));
            if (!node || node->items.isEmpty())
                continue;
            itemsArriving(*node, node->items);
            const QModelIndex parent = indexForNode(node);
            emit dataChanged(index(0, 0, parent), index(int(node->items.size()) - 1, ColumnCount - 1, parent));
        }
    };
    if (policy) {
        // A pin set or replaced (the person approved a tool, or approved it again after a change).
        connect(policy, &ApprovalPolicy::pinsChanged, this, remark);
    }
    remark();
}

void ToolTreeModel::itemsArriving(ItemNode &node, const QList<Tool> &tools)
{
    // Marked before the rows change, so that the rows that do are drawn with their mark.
    QHash<QString, DefinitionChange> &changed = static_cast<ToolNode &>(node).changed;
    changed.clear();
    if (!m_policy || !node.connection)
        return;
    const ServerIdentity identity = node.connection->identity();
    for (const Tool &tool : tools) {
        if (auto change = m_policy->changeSincePinned(identity, tool))
            changed.insert(tool.name, *change);
    }
}

QString ToolTreeModel::countText(int count) const
{
    return count == 0 ? tr("No tools") : (count == 1 ? tr("1 tool") : tr("%1 tools").arg(count));
}

QString ToolTreeModel::columnTitle(Column column) const
{
    switch (column) {
    case TitleColumn: return tr("Tool");
    case NameColumn: return tr("Name");
    case DescriptionColumn: return tr("Description");
    case ColumnCount: break;
    }
    return {};
}

QModelIndex ToolTreeModel::toolIndex(const QString &serverName, const QString &toolName, int column) const
{
    const Workspace *ws = workspace();
    const auto *node = static_cast<const ToolNode *>(nodeFor(ws ? ws->connection(serverName) : nullptr));
    if (!node)
        return {};
    for (int row = 0; row < node->items.size(); ++row) {
        if (node->items.at(row).name == toolName)
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

QVariant ToolTreeModel::itemData(const ItemNode &node, int row, int column, int role) const
{
    const auto &toolNode = static_cast<const ToolNode &>(node);
    const Tool &tool = toolNode.items.at(row);
    const auto changed = toolNode.changed.constFind(tool.name);
    const bool isChanged = changed != toolNode.changed.cend();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case TitleColumn:
            return isChanged ? tr("%1 — changed since you approved it").arg(ModelText::oneLine(tool.displayName(), 120))
                             : ModelText::oneLine(tool.displayName(), 120);
        case NameColumn: return tool.name;
        case DescriptionColumn: return ModelText::oneLine(tool.description);
        default: return {};
        }
    case Qt::DecorationRole: {
        if (column != TitleColumn)
            return {};
        if (isChanged)
            return Icons::action(u"shield"); // the same mark as the confirmation's warning, whatever the server's icon
        const QIcon own = iconLoader()->icon(tool.icons);
        return own.isNull() ? Icons::action(u"tool") : own;
    }
    case Qt::ToolTipRole: {
        QString tip = u"<p><b>" + ModelText::tooltipText(tool.displayName(), 200) + u"</b> <code>"
            + ModelText::tooltipText(tool.name, 200) + u"</code></p>";
        if (isChanged)
            tip += u"<p><b>" + changed->summary().toHtmlEscaped() + u"</b> "
                + tr("The next call asks you again and shows what changed.").toHtmlEscaped() + u"</p>";
        if (node.connection) {
            if (const QStringList others = node.connection->otherServersWithTool(tool.name); !others.isEmpty())
                tip += u"<p>" + tr("Another server offers a tool of the same name: %1").arg(others.join(QStringLiteral(", "))).toHtmlEscaped() + u"</p>";
        }
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
    case DefinitionChangedRole:
        return isChanged;
    case SearchTextRole:
        return QString(tool.name + u'\n' + tool.title + u'\n' + tool.annotations.title + u'\n' + tool.description);
    default:
        return {};
    }
}

} // namespace Toolgate

#include "moc_tooltreemodel.cpp"
