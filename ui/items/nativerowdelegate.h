#pragma once

#include <QStyledItemDelegate>

namespace Toolgate {

/// A delegate that paints an item's text and icon itself, over the row the style draws, so the row
/// still looks native: background, selection, hover and focus come from the style (TreeItemDelegate,
/// the server list's delegate).
class NativeRowDelegate : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NativeRowDelegate)
public:
    explicit NativeRowDelegate(QObject *parent = nullptr);

protected:
    /// Lets the style draw the row of index without its text and icon; returns the option for index,
    /// text and icon included, for the delegate to paint them.
    QStyleOptionViewItem drawNativeRow(QPainter *painter, const QStyleOptionViewItem &option,
                                       const QModelIndex &index) const;
};

} // namespace Toolgate
