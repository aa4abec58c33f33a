#include "ui/models/prompttreemodel.h"

#include "ui/models/iconloader.h"
#include "ui/models/icons.h"
#include "ui/models/modeltext_p.h"
#include "core/workspace/serverconnection.h"

#include <QFontDatabase>

namespace Toolgate {

PromptTreeModel::PromptTreeModel(Workspace *workspace, QObject *parent)
    : ServerItemTreeModel(workspace,
                          {&ServerConnection::promptsChanged,
                           [](const ServerConnection *connection) { return connection->prompts(); },
                           [](const Prompt &prompt) { return prompt.name; },
                           [](const Prompt &a, const Prompt &b) { return a.toJson() == b.toJson(); }},
                          parent)
{
    initialize();
}

QString PromptTreeModel::countText(int count) const
{
    return count == 0 ? tr("No prompts") : (count == 1 ? tr("1 prompt") : tr("%1 prompts").arg(count));
}

QString PromptTreeModel::columnTitle(Column column) const
{
    switch (column) {
    case TitleColumn: return tr("Prompt");
    case NameColumn: return tr("Name");
    case DescriptionColumn: return tr("Description");
    case ColumnCount: break;
    }
    return {};
}

QVariant PromptTreeModel::itemData(const ItemNode &node, int row, int column, int role) const
{
    const Prompt &prompt = node.items.at(row);
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
