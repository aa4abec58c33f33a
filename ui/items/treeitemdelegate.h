#pragma once

#include "ui/items/nativerowdelegate.h"

namespace Toolgate {

/// Draws the rows of the tool, resource and prompt trees: a server row as its name in bold with
/// its state (or item count) on the right; an item row as its title and protocol name on one
/// line and its description, dimmed, on a second. Works through the filter proxy.
class TreeItemDelegate final : public NativeRowDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TreeItemDelegate)
public:
    /// nameColumn and descriptionColumn are the source columns with the protocol name (or URI)
    /// and the description of an item.
    TreeItemDelegate(int nameColumn, int descriptionColumn, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int m_nameColumn;
    int m_descriptionColumn;
};

} // namespace Toolgate
