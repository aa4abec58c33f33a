#include "ui/viewers/imagecanvas.h"

#include <QPaintEvent>
#include <QPainter>
#include <QWheelEvent>

#include <cmath>

namespace Toolgate {

ImageCanvas::ImageCanvas(QWidget *parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

void ImageCanvas::setImage(const QImage &image)
{
    m_image = image;
    updateGeometry();
    adjustSize();
    update();
}

void ImageCanvas::setZoom(qreal zoom)
{
    zoom = qBound(0.01, zoom, 32.0);
    if (qFuzzyCompare(zoom, m_zoom))
        return;
    m_zoom = zoom;
    updateGeometry();
    adjustSize();
    update();
}

QSize ImageCanvas::sizeHint() const
{
    if (m_image.isNull())
        return {0, 0};
    const QSizeF logical = QSizeF(m_image.size()) / m_image.devicePixelRatio() * m_zoom;
    return QSize(qMax(1, int(std::lround(logical.width()))), qMax(1, int(std::lround(logical.height()))));
}

QRect ImageCanvas::imageRect() const
{
    const QSize size = sizeHint();
    // Centred when the viewport is bigger than the zoomed image.
    return QRect(QPoint(qMax(0, (width() - size.width()) / 2), qMax(0, (height() - size.height()) / 2)), size);
}

void ImageCanvas::paintEvent(QPaintEvent *event)
{
    if (m_image.isNull())
        return;
    QPainter painter(this);
    const QRect target = imageRect();
    const QRect exposed = target.intersected(event->rect());
    if (exposed.isEmpty())
        return;
    painter.setClipRect(exposed);
    if (m_image.hasAlphaChannel()) {
        const int cell = 8;
        const QColor light = palette().color(QPalette::Base);
        const QColor dark = light.lightness() > 128 ? light.darker(112) : light.lighter(130);
        painter.fillRect(exposed, light);
        const int x0 = exposed.left() - (exposed.left() - target.left()) % cell;
        const int y0 = exposed.top() - (exposed.top() - target.top()) % cell;
        for (int y = y0; y <= exposed.bottom(); y += cell) {
            for (int x = x0; x <= exposed.right(); x += cell) {
                if ((((x - target.left()) / cell) + ((y - target.top()) / cell)) % 2)
                    painter.fillRect(QRect(x, y, cell, cell), dark);
            }
        }
    }
    // Smooth when shrinking; crisp pixels when magnifying, which is what one zooms in to see.
    painter.setRenderHint(QPainter::SmoothPixmapTransform, m_zoom < 1.0);
    painter.drawImage(QRectF(target), m_image, QRectF(m_image.rect()));
}

void ImageCanvas::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        const int steps = event->angleDelta().y() / 120;
        if (steps != 0)
            emit zoomStepRequested(steps);
        event->accept();
        return;
    }
    QWidget::wheelEvent(event);
}

} // namespace Toolgate

#include "moc_imagecanvas.cpp"
