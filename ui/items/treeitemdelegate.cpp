#include "ui/items/treeitemdelegate.h"

#include "ui/models/servertreemodel.h"

#include <QFontDatabase>
#include <QPainter>

namespace Toolgate {

namespace {

constexpr int iconSize = 18;
constexpr int padding = 4;

QColor dimmed(const QStyleOptionViewItem &option, bool selected)
{
    const QPalette::ColorRole role = selected ? QPalette::HighlightedText : QPalette::Text;
    QColor color = option.palette.color(QPalette::Active, role);
    color.setAlphaF(selected ? 0.8 : 0.6);
    return color;
}

} // namespace

TreeItemDelegate::TreeItemDelegate(int nameColumn, int descriptionColumn, QObject *parent)
    : NativeRowDelegate(parent)
    , m_nameColumn(nameColumn)
    , m_descriptionColumn(descriptionColumn)
{
}

QSize TreeItemDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QFontMetrics metrics(option.font);
    const bool server = index.data(ServerTreeModel::KindRole).toInt() == int(ServerTreeModel::Kind::Server);
    const bool hasDescription = !server && !index.siblingAtColumn(m_descriptionColumn).data().toString().isEmpty();
    const int lines = hasDescription ? 2 : 1;
    const int height = qMax(iconSize, metrics.height() * lines + (lines - 1) * 2) + 2 * padding + (server ? 2 : 0);
    return QSize(200, height);
}

void TreeItemDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QStyleOptionViewItem opt = drawNativeRow(painter, option, index);
    const QString title = opt.text;
    const QIcon icon = opt.icon;

    const bool selected = opt.state & QStyle::State_Selected;
    const bool server = index.data(ServerTreeModel::KindRole).toInt() == int(ServerTreeModel::Kind::Server);
    const QColor textColor = opt.palette.color(opt.state & QStyle::State_Enabled ? QPalette::Active : QPalette::Disabled,
                                               selected ? QPalette::HighlightedText : QPalette::Text);
    QRect rect = opt.rect.adjusted(padding, padding, -padding, -padding);

    painter->save();
    if (!icon.isNull()) {
        const QRect iconRect(rect.left(), rect.top() + (server ? (rect.height() - iconSize) / 2 : 0), iconSize, iconSize);
        icon.paint(painter, iconRect, Qt::AlignCenter, selected ? QIcon::Selected : QIcon::Normal);
        rect.setLeft(iconRect.right() + 1 + 6);
    }

    QFont titleFont = opt.font;
    const QFontMetrics titleMetrics(titleFont);
    if (server) {
        titleFont.setBold(true);
        const QString status = index.data(ServerTreeModel::StatusTextRole).toString();
        QFont statusFont = opt.font;
        statusFont.setPointSizeF(opt.font.pointSizeF() * 0.92);
        const QFontMetrics statusMetrics(statusFont);
        // A little slack: elidedText() wants strictly more room than horizontalAdvance() reports. The status
        // has what the name leaves, and at least half the row.
        const int titleWants = QFontMetrics(titleFont).horizontalAdvance(title) + 8 + 4; // the gap, and the slack
        const int statusWidth = qMin(statusMetrics.horizontalAdvance(status) + 4, qMax(rect.width() / 2, rect.width() - titleWants));
        const QVariant foreground = index.siblingAtColumn(index.model()->columnCount(index.parent()) - 1).data(Qt::ForegroundRole);
        painter->setFont(statusFont);
        painter->setPen(!selected && foreground.canConvert<QColor>() ? foreground.value<QColor>() : dimmed(opt, selected));
        painter->drawText(QRect(rect.right() - statusWidth, rect.top(), statusWidth, rect.height()),
                          Qt::AlignRight | Qt::AlignVCenter, statusMetrics.elidedText(status, Qt::ElideRight, statusWidth));
        painter->setFont(titleFont);
        painter->setPen(textColor);
        const QRect titleRect(rect.left(), rect.top(), rect.width() - statusWidth - 8, rect.height());
        painter->drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                          QFontMetrics(titleFont).elidedText(title, Qt::ElideRight, titleRect.width()));
        painter->restore();
        return;
    }

    // First line: title, then the protocol name in a fixed-width font when it differs.
    const int lineHeight = titleMetrics.height();
    QRect line(rect.left(), rect.top(), rect.width(), lineHeight);
    const QString name = index.siblingAtColumn(m_nameColumn).data().toString();
    painter->setFont(titleFont);
    painter->setPen(textColor);
    const int titleWidth = qMin(titleMetrics.horizontalAdvance(title), line.width());
    painter->drawText(line, Qt::AlignLeft | Qt::AlignVCenter, titleMetrics.elidedText(title, Qt::ElideRight, line.width()));
    if (!name.isEmpty() && name != title && titleWidth + 24 < line.width()) {
        QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        mono.setPointSizeF(opt.font.pointSizeF() * 0.88);
        const QFontMetrics monoMetrics(mono);
        painter->setFont(mono);
        painter->setPen(dimmed(opt, selected));
        const QRect nameRect(line.left() + titleWidth + 8, line.top(), line.width() - titleWidth - 8, lineHeight);
        painter->drawText(nameRect, Qt::AlignLeft | Qt::AlignVCenter, monoMetrics.elidedText(name, Qt::ElideMiddle, nameRect.width()));
    }

    const QString description = index.siblingAtColumn(m_descriptionColumn).data().toString();
    if (!description.isEmpty()) {
        QFont small = opt.font;
        small.setPointSizeF(opt.font.pointSizeF() * 0.92);
        const QFontMetrics smallMetrics(small);
        const QRect second(rect.left(), line.bottom() + 3, rect.width(), smallMetrics.height());
        painter->setFont(small);
        painter->setPen(dimmed(opt, selected));
        painter->drawText(second, Qt::AlignLeft | Qt::AlignVCenter, smallMetrics.elidedText(description, Qt::ElideRight, second.width()));
    }
    painter->restore();
}

} // namespace Toolgate

#include "moc_treeitemdelegate.cpp"
