#include "ui/models/prompttreemodel.h"

#include "ui/models/iconloader.h"
#include "ui/models/icons.h"
#include "ui/models/modeltext_p.h"
#include "core/workspace/serverconnection.h"

#include <QFontDatabase>

namespace Toolgate {

struct PromptTreeModel::PromptNode final : Node
{
    QList<Prompt> prompts;
};

PromptTreeModel::PromptTreeModel(Workspace *workspace, QObject *parent)
    : ServerTreeModel(workspace, parent)
{
    initialize();
}

PromptTreeModel::~PromptTreeModel() = default;

std::unique_ptr<ServerTreeModel::Node> PromptTreeModel::createNode(ServerConnection *connection)
{
    auto node = std::make_unique<PromptNode>();
    node->prompts = connection->prompts();
    connect(connection, &ServerConnection::promptsChanged, this, [this, connection] { refresh(connection); });
    return node;
}

void PromptTreeModel::refresh(ServerConnection *connection)
{
    auto *node = static_cast<PromptNode *>(nodeFor(connection));
    if (!node)
        return;
    syncChildren(
        node, node->prompts, connection->prompts(), [](const Prompt &prompt) { return prompt.name; },
        [](const Prompt &a, const Prompt &b) { return a.toJson() == b.toJson(); });
}

int PromptTreeModel::childCount(const Node &node) const
{
    return int(static_cast<const PromptNode &>(node).prompts.size());
}

QString PromptTreeModel::countText(int count) const
{
    return count == 0 ? tr("No prompts") : (count == 1 ? tr("1 prompt") : tr("%1 prompts").arg(count));
}

int PromptTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant PromptTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TitleColumn: return tr("Prompt");
    case NameColumn: return tr("Name");
    case DescriptionColumn: return tr("Description");
    default: return {};
    }
}

QVariant PromptTreeModel::childData(const Node &node, int row, int column, int role) const
{
    const Prompt &prompt = static_cast<const PromptNode &>(node).prompts.at(row);
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case TitleColumn: return ModelText::oneLine(prompt.displayName(), 120);
        case NameColumn: return prompt.name;
        case DescriptionColumn: return ModelText::oneLine(prompt.description);
        default: return {};
        }
    case Qt::DecorationRole: {
        if (column != TitleColumn)
            return {};
        const QIcon own = iconLoader()->icon(prompt.icons);
        return own.isNull() ? Icons::action(u"prompt") : own;
    }
    case Qt::ToolTipRole: {
        QString tip = u"<p><b>" + ModelText::tooltipText(prompt.displayName(), 200) + u"</b> <code>"
            + ModelText::tooltipText(prompt.name, 200) + u"</code></p>";
        if (!prompt.description.isEmpty())
            tip += u"<p>" + ModelText::tooltipText(prompt.description) + u"</p>";
        if (!prompt.arguments.isEmpty()) {
            QStringList names;
            for (const PromptArgument &argument : prompt.arguments)
                names.append(argument.name + (argument.required ? QStringLiteral("*") : QString()));
            tip += u"<p>" + tr("Arguments: %1").arg(names.join(QStringLiteral(", "))).toHtmlEscaped() + u"</p>";
        }
        return tip;
    }
    case Qt::FontRole:
        if (column == NameColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case PromptRole:
        return QVariant::fromValue(prompt);
    case PromptNameRole:
        return prompt.name;
    case SearchTextRole:
        return QString(prompt.name + u'\n' + prompt.title + u'\n' + prompt.description);
    default:
        return {};
    }
}

} // namespace Toolgate

#include "moc_prompttreemodel.cpp"
