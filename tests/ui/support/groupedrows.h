#pragma once

#include <QStringList>
#include <QTreeWidget>

namespace Toolgate::TestSupport {

/// The rows of a tree grouped one level deep (as the compare views list their changes), each as
/// "<group>: <row>", in order.
inline QStringList groupedRows(const QTreeWidget *tree)
{
    QStringList rows;
    for (int g = 0; g < tree->topLevelItemCount(); ++g) {
        const QTreeWidgetItem *group = tree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i)
            rows.append(group->text(0) + QStringLiteral(": ") + group->child(i)->text(0));
    }
    return rows;
}

} // namespace Toolgate::TestSupport
