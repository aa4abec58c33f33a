#include "ui/viewers/contentheightfit.h"

#include <QWidget>

namespace Toolgate {

ContentHeightFit::ContentHeightFit(QWidget *widget, std::function<int()> measure)
    : m_widget(widget)
    , m_measure(std::move(measure))
{
}

void ContentHeightFit::setEnabled(bool fit, int maxHeight)
{
    m_fit = fit;
    m_maxHeight = qMax(60, maxHeight);
    m_widget->setSizePolicy(QSizePolicy::Expanding, fit ? QSizePolicy::Fixed : QSizePolicy::Expanding);
    m_height = -1;
    if (fit) {
        update();
    } else {
        m_widget->setMinimumHeight(0);
        m_widget->setMaximumHeight(QWIDGETSIZE_MAX);
        m_widget->updateGeometry();
    }
}

QSize ContentHeightFit::adjusted(QSize hint) const
{
    if (m_fit)
        hint.setHeight(m_height >= 0 ? m_height : m_measure());
    return hint;
}

void ContentHeightFit::update()
{
    if (!m_fit)
        return;
    const int height = m_measure();
    if (height != m_height) {
        m_height = height;
        m_widget->setFixedHeight(height);
        m_widget->updateGeometry();
    }
}

} // namespace Toolgate
