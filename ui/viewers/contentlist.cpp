#include "ui/viewers/contentlist.h"

#include "ui/viewers/contentview.h"
#include "ui/viewers/viewerstyle.h"

#include <QLabel>
#include <QResizeEvent>
#include <QScrollBar>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Toolgate {

ContentList::ContentList(QWidget *parent)
    : QScrollArea(parent)
    , m_container(new QWidget)
    , m_layout(new QVBoxLayout(m_container))
    , m_placeholder(ViewerStyle::captionLabel(tr("No content."), m_container))
{
    setObjectName(u"contentList"_s);
    setAccessibleName(tr("Content"));
    m_container->setObjectName(u"contentContainer"_s);
    m_placeholder->setObjectName(u"contentPlaceholder"_s);
    m_placeholder->setAlignment(Qt::AlignCenter);
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_layout->setContentsMargins(8, 8, 8, 8);
    m_layout->setSpacing(10);
    m_layout->addWidget(m_placeholder);
    m_layout->addStretch(1);
    setWidget(m_container);
}

void ContentList::setViews(const QList<ContentView *> &views)
{
    clear();
    // Rebuild the column; deleting a layout item never deletes its widget.
    while (QLayoutItem *item = m_layout->takeAt(0))
        delete item;
    m_layout->addWidget(m_placeholder);
    for (ContentView *view : views) {
        view->setParent(m_container);
        m_layout->addWidget(view);
        view->show();
        m_views.append(view);
    }
    m_placeholder->setVisible(views.isEmpty());
    // Views made elsewhere join this window's Tab order here, right after the list and in the order
    // shown, so the keyboard reaches a result where it is read.
    QWidget *previous = this;
    for (ContentView *view : views) {
        const QList<QWidget *> inside = view->findChildren<QWidget *>();
        for (QWidget *widget : inside) {
            if ((widget->focusPolicy() & Qt::TabFocus) && !widget->focusProxy()) {
                QWidget::setTabOrder(previous, widget);
                previous = widget;
            }
        }
    }
    // Items are as tall as their content (capped, see itemCap()); the rest stays empty below.
    m_layout->addStretch(1);
    m_appliedCap = -1;
    updateFit();
    verticalScrollBar()->setValue(0);
}

void ContentList::clear()
{
    for (const QPointer<ContentView> &view : std::as_const(m_views)) {
        if (!view)
            continue;
        m_layout->removeWidget(view);
        view->hide();
        view->deleteLater();
    }
    m_views.clear();
    m_placeholder->show();
}

QList<ContentView *> ContentList::views() const
{
    QList<ContentView *> list;
    for (const QPointer<ContentView> &view : m_views) {
        if (view)
            list.append(view);
    }
    return list;
}

int ContentList::wantedHeight() const
{
    const QList<ContentView *> list = views();
    const QMargins margins = m_layout->contentsMargins();
    int height = margins.top() + margins.bottom() + 2 * frameWidth();
    if (list.isEmpty())
        return height + m_placeholder->sizeHint().height();
    for (ContentView *view : list) {
        const int wanted = view->sizeHint().height();
        // At its cap the view scrolls inside: it does not say how much it holds.
        if (m_appliedCap > 0 && wanted >= m_appliedCap - 4)
            return -1;
        height += wanted + m_layout->spacing();
    }
    return height;
}

void ContentList::setPlaceholderText(const QString &text)
{
    m_placeholder->setText(text);
}

void ContentList::resizeEvent(QResizeEvent *event)
{
    QScrollArea::resizeEvent(event);
    updateFit();
}

int ContentList::itemCap(bool single) const
{
    const QMargins margins = m_layout->contentsMargins();
    const int room = viewport()->height() - margins.top() - margins.bottom();
    // A lone item may use all the room; stacked ones leave a little of the next one visible,
    // so it is clear there is more below.
    return qMax(160, single ? room : int(room * 0.75));
}

void ContentList::updateFit()
{
    const QList<ContentView *> list = views();
    const bool single = list.size() == 1;
    const int cap = itemCap(single);
    if (cap == m_appliedCap)
        return;
    m_appliedCap = cap;
    for (ContentView *view : list)
        view->setFitToContents(true, cap);
}

} // namespace Toolgate

#include "moc_contentlist.cpp"
