#pragma once

#include <QImage>
#include <QWidget>

namespace Toolgate {

/// Paints one image at a zoom factor over a checkerboard (so transparency is visible). Scaling
/// happens while painting, clipped to the exposed area, so zooming a huge image costs no more
/// than painting the viewport.
class ImageCanvas final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImageCanvas)
public:
    explicit ImageCanvas(QWidget *parent = nullptr);

    /// Shows image (ideally already in a premultiplied format; see ImagePane).
    void setImage(const QImage &image);
    /// The image shown.
    const QImage &image() const { return m_image; }
    /// Sets the zoom factor (1 = one image pixel per device-independent pixel).
    void setZoom(qreal zoom);
    qreal zoom() const { return m_zoom; }

    QSize sizeHint() const override;

signals:
    /// Ctrl+wheel over the image: positive steps zoom in.
    void zoomStepRequested(int steps);

protected:
    void paintEvent(QPaintEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;

private:
    QRect imageRect() const;

    QImage m_image;
    qreal m_zoom = 1.0;
};

} // namespace Toolgate
