#include "ui/mainwindow/messagestatusbar.h"

#include <QHelpEvent>
#include <QPainter>
#include <QStyle>
#include <QStyleOption>
#include <QToolTip>

namespace Toolgate {

namespace {
// QStatusBar's own margins around its message (QStatusBarPrivate::messageRect()).
constexpr int messageLeft = 6;
constexpr int messageRightMargin = 12;
constexpr int gapBeforeWidget = 2;
} // namespace

MessageStatusBar::MessageStatusBar(QWidget *parent)
    : QStatusBar(parent)
{
    setObjectName(QStringLiteral("statusBar"));
    connect(this, &QStatusBar::messageChanged, this, &MessageStatusBar::makeRoomForMessage);
}

void MessageStatusBar::addSummary(QWidget *summary)
{
    m_summary = summary;
    addPermanentWidget(summary);
}

QRect MessageStatusBar::messageArea() const
{
    const bool rightToLeft = layoutDirection() == Qt::RightToLeft;
    int left = messageLeft;
    int right = width() - messageRightMargin;
    // While a message shows, the only widgets shown are the permanent ones (and the size grip).
    const QList<QWidget *> children = findChildren<QWidget *>(Qt::FindDirectChildrenOnly);
    for (const QWidget *child : children) {
        if (child->isHidden() || child->isWindow())
            continue;
        if (rightToLeft)
            left = qMax(left, child->geometry().right() + 1 + gapBeforeWidget);
        else
            right = qMin(right, child->x() - gapBeforeWidget);
    }
    return QRect(left, 0, qMax(0, right - left), height());
}

QString MessageStatusBar::shownMessage() const
{
    return fontMetrics().elidedText(currentMessage(), Qt::ElideRight, messageArea().width());
}

void MessageStatusBar::makeRoomForMessage()
{
    if (!m_summary)
        return;
    const QString message = currentMessage();
    // The room the message would have beside the summary: the bar less the summary and its gaps.
    const int besideSummary = width() - messageLeft - messageRightMargin - m_summary->sizeHint().width() - 3 * gapBeforeWidget;
    m_summary->setVisible(message.isEmpty() || fontMetrics().horizontalAdvance(message) <= besideSummary);
    update();
}

bool MessageStatusBar::event(QEvent *event)
{
    // A message cut short reads whole in its tooltip.
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString message = currentMessage();
        if (!message.isEmpty() && shownMessage() != message && messageArea().contains(help->pos())) {
            QToolTip::showText(help->globalPos(), message, this, messageArea());
            return true;
        }
    }
    return QStatusBar::event(event);
}

void MessageStatusBar::paintEvent(QPaintEvent *event)
{
    if (currentMessage().isEmpty()) {
        QStatusBar::paintEvent(event);
        return;
    }
    // As QStatusBar draws itself with a message (its panel, a frame around each permanent widget),
    // but the message elided instead of cut.
    QPainter painter(this);
    QStyleOption option;
    option.initFrom(this);
    style()->drawPrimitive(QStyle::PE_PanelStatusBar, &option, &painter, this);
    const QList<QWidget *> children = findChildren<QWidget *>(Qt::FindDirectChildrenOnly);
    for (QWidget *child : children) {
        if (child->isHidden() || child->isWindow() || child->inherits("QSizeGrip"))
            continue;
        QStyleOption frame;
        frame.rect = child->geometry().adjusted(-2, -1, 2, 1);
        frame.palette = palette();
        frame.state = QStyle::State_None;
        style()->drawPrimitive(QStyle::PE_FrameStatusBarItem, &frame, &painter, child);
    }
    painter.setPen(palette().windowText().color());
    painter.drawText(messageArea(), Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine, shownMessage());
}

void MessageStatusBar::resizeEvent(QResizeEvent *event)
{
    QStatusBar::resizeEvent(event);
    makeRoomForMessage();
}

} // namespace Toolgate

#include "moc_messagestatusbar.cpp"
