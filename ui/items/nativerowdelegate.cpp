#include "ui/items/nativerowdelegate.h"

#include <QApplication>

namespace Toolgate {

NativeRowDelegate::NativeRowDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

QStyleOptionViewItem NativeRowDelegate::drawNativeRow(QPainter *painter, const QStyleOptionViewItem &option,
                                                      const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    QStyleOptionViewItem row = opt;
    row.text.clear();
    row.icon = QIcon();
    QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &row, painter, opt.widget);
    return opt;
}

} // namespace Toolgate

#include "moc_nativerowdelegate.cpp"
