#include "ui/viewers/imagepane.h"

#include "ui/viewers/backgroundtask.h"
#include "ui/viewers/filesaver.h"
#include "ui/viewers/imagecanvas.h"
#include "ui/viewers/viewerformat.h"
#include "ui/viewers/viewerstyle.h"

#include <QBuffer>
#include <QHBoxLayout>
#include <QImageReader>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {
constexpr qreal ZoomStep = 1.25;

QToolButton *toolButton(const QString &text, const QString &toolTip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(toolTip);
    button->setAutoRaise(true);
    return button;
}
} // namespace

ImagePane::ImagePane(QWidget *parent)
    : ContentPane(parent)
    , m_toolBar(new QWidget(this))
    , m_zoomOutButton(toolButton(u"−"_s, tr("Zoom out (Ctrl+wheel)"), m_toolBar))
    , m_zoomInButton(toolButton(u"+"_s, tr("Zoom in (Ctrl+wheel)"), m_toolBar))
    , m_fitButton(toolButton(tr("Fit"), tr("Fit the image into the view"), m_toolBar))
    , m_actualSizeButton(toolButton(tr("100%"), tr("Actual size"), m_toolBar))
    , m_zoomLabel(ViewerStyle::captionLabel({}, m_toolBar))
    , m_saveButton(toolButton(tr("Save as…"), tr("Save the image to a file"), m_toolBar))
    , m_scroll(new QScrollArea(this))
    , m_canvas(new ImageCanvas)
    , m_message(ViewerStyle::plainLabel({}, this))
{
    setObjectName(u"imagePane"_s);
    m_canvas->setObjectName(u"imageCanvas"_s);
    m_zoomOutButton->setObjectName(u"zoomOutButton"_s);
    m_zoomInButton->setObjectName(u"zoomInButton"_s);
    m_fitButton->setObjectName(u"fitButton"_s);
    m_actualSizeButton->setObjectName(u"actualSizeButton"_s);
    m_saveButton->setObjectName(u"saveImageButton"_s);
    m_zoomLabel->setObjectName(u"zoomLabel"_s);
    m_zoomLabel->setMinimumWidth(m_zoomLabel->fontMetrics().horizontalAdvance(u"0000%"_s));
    m_zoomLabel->setAlignment(Qt::AlignCenter);
    m_fitButton->setCheckable(true);
    // "−" and "+" say nothing to a screen reader.
    m_zoomOutButton->setAccessibleName(tr("Zoom out"));
    m_zoomInButton->setAccessibleName(tr("Zoom in"));

    auto *toolLayout = new QHBoxLayout(m_toolBar);
    toolLayout->setContentsMargins(0, 0, 0, 0);
    toolLayout->setSpacing(2);
    toolLayout->addWidget(m_zoomOutButton);
    toolLayout->addWidget(m_zoomLabel);
    toolLayout->addWidget(m_zoomInButton);
    toolLayout->addWidget(m_fitButton);
    toolLayout->addWidget(m_actualSizeButton);
    toolLayout->addSpacing(6);
    toolLayout->addWidget(m_saveButton);

    m_scroll->setObjectName(u"imageScrollArea"_s);
    m_scroll->setWidget(m_canvas);
    m_scroll->setWidgetResizable(false);
    m_scroll->setAlignment(Qt::AlignCenter);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setBackgroundRole(QPalette::Base);
    m_scroll->hide();

    m_message->setObjectName(u"imageMessage"_s);
    m_message->setWordWrap(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_message);
    layout->addWidget(m_scroll, 1);

    connect(m_zoomInButton, &QToolButton::clicked, this, &ImagePane::zoomIn);
    connect(m_zoomOutButton, &QToolButton::clicked, this, &ImagePane::zoomOut);
    connect(m_fitButton, &QToolButton::clicked, this, &ImagePane::zoomToFit);
    connect(m_actualSizeButton, &QToolButton::clicked, this, &ImagePane::zoomToActualSize);
    connect(m_saveButton, &QToolButton::clicked, this, &ImagePane::saveAs);
    connect(m_canvas, &ImageCanvas::zoomStepRequested, this, [this](int steps) {
        setZoom(m_canvas->zoom() * std::pow(ZoomStep, steps), false);
    });
    updateToolBar();
}

void ImagePane::setBase64(const QByteArray &base64, const QString &mimeType, const QString &suggestedName)
{
    m_mimeType = mimeType;
    m_suggestedName = suggestedName;
    m_bytes.clear();
    m_error.clear();
    m_state = State::Decoding;
    m_canvas->setImage({});
    m_scroll->hide();
    m_message->setText(tr("Decoding…"));
    m_message->show();
    setSummary(mimeType.isEmpty() ? tr("decoding…") : mimeType + tr(" · decoding…"));
    updateToolBar();
    m_decoding.run([base64] { return decode(base64); }, [this](const Decoded &decoded) { finishDecoding(decoded); });
}

ImagePane::Decoded ImagePane::decode(const QByteArray &base64)
{
    Decoded result;
    auto bytes = QByteArray::fromBase64Encoding(base64, QByteArray::AbortOnBase64DecodingErrors);
    if (!bytes) {
        result.error = tr("The image data is not valid base64.");
        return result;
    }
    result.bytes = *std::move(bytes);
    if (result.bytes.isEmpty()) {
        result.error = tr("The image is empty.");
        return result;
    }
    QBuffer buffer(&result.bytes);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer);
    reader.setAutoTransform(true);
    // QImageReader's allocation limit (256 MB by default) turns decompression bombs into errors.
    if (!reader.read(&result.image)) {
        result.error = tr("Could not decode the image: %1.").arg(reader.errorString());
        return result;
    }
    // Convert here, not on the GUI thread at first paint.
    result.image.convertTo(result.image.hasAlphaChannel() ? QImage::Format_ARGB32_Premultiplied
                                                          : QImage::Format_RGB32);
    return result;
}

void ImagePane::finishDecoding(const Decoded &decoded)
{
    m_bytes = decoded.bytes;
    const QString mime = m_mimeType.isEmpty() ? u"image"_s : m_mimeType;
    if (!decoded.error.isEmpty()) {
        m_state = State::Failed;
        m_error = decoded.error;
        m_message->setText(decoded.error);
        QPalette palette = m_message->palette();
        palette.setColor(QPalette::WindowText, ViewerStyle::errorText(palette));
        m_message->setPalette(palette);
        setSummary(m_bytes.isEmpty() ? mime : mime + u" · "_s + ViewerFormat::byteSize(m_bytes.size()));
    } else {
        m_state = State::Ready;
        m_message->hide();
        m_canvas->setImage(decoded.image);
        m_scroll->show();
        setSummary(QStringLiteral("%1 · %2 × %3 px · %4")
                       .arg(mime)
                       .arg(decoded.image.width())
                       .arg(decoded.image.height())
                       .arg(ViewerFormat::byteSize(m_bytes.size())));
        m_fitMode = true;
        applyFit();
        updateGeometry();
    }
    updateToolBar();
    emit decodingFinished();
}

void ImagePane::zoomIn()
{
    setZoom(m_canvas->zoom() * ZoomStep, false);
}

void ImagePane::zoomOut()
{
    setZoom(m_canvas->zoom() / ZoomStep, false);
}

void ImagePane::zoomToFit()
{
    m_fitMode = true;
    applyFit();
    updateToolBar();
    updateGeometry(); // back to the fitted height
}

void ImagePane::zoomToActualSize()
{
    setZoom(1.0, false);
}

void ImagePane::saveAs()
{
    if (!m_bytes.isEmpty())
        FileSaver::saveAs(this, m_bytes, m_suggestedName, m_mimeType);
}

void ImagePane::setFitToContents(bool fit, int maxHeight)
{
    m_fitToContents = fit;
    m_maxHeight = maxHeight;
    setSizePolicy(QSizePolicy::Expanding, fit ? QSizePolicy::Preferred : QSizePolicy::Expanding);
    updateGeometry();
}

QSize ImagePane::sizeHint() const
{
    QSize hint = ContentPane::sizeHint();
    if (m_state == State::Ready) {
        const QSize natural = m_canvas->image().size() / m_canvas->image().devicePixelRatio();
        // Fitted, the image asks for its own height; zoomed, for the zoomed one (and the scroll bar
        // under it when it is wider than the view), so zooming in makes the card taller instead of
        // showing the image through a sliver.
        int shown = natural.height();
        if (!m_fitMode) {
            const QSize zoomed = m_canvas->sizeHint();
            shown = zoomed.height();
            if (zoomed.width() > m_scroll->maximumViewportSize().width())
                shown += m_scroll->horizontalScrollBar()->sizeHint().height();
        }
        hint.setHeight(m_fitToContents ? qMin(shown + 2, m_maxHeight) : shown + 2);
    }
    return hint;
}

QSize ImagePane::minimumSizeHint() const
{
    // In a scrolling list the item must scroll with the list rather than be squeezed.
    if (m_fitToContents && m_state == State::Ready)
        return QSize(ContentPane::minimumSizeHint().width(), sizeHint().height());
    return ContentPane::minimumSizeHint();
}

void ImagePane::resizeEvent(QResizeEvent *event)
{
    ContentPane::resizeEvent(event);
    if (m_fitMode)
        applyFit();
}

void ImagePane::setZoom(qreal zoom, bool fit)
{
    const bool wasFit = m_fitMode;
    m_fitMode = fit;
    m_canvas->setZoom(zoom);
    updateToolBar();
    if (!fit || !wasFit)
        updateGeometry(); // the card follows the zoomed image (see sizeHint())
}

void ImagePane::applyFit()
{
    const QImage &image = m_canvas->image();
    if (image.isNull())
        return;
    const QSizeF natural = QSizeF(image.size()) / image.devicePixelRatio();
    // Not viewport()->size(): the viewport is laid out lazily and may still have its old size.
    const QSize room = m_scroll->maximumViewportSize() - QSize(2, 2);
    if (room.width() <= 0 || room.height() <= 0)
        return;
    const qreal zoom = qMin(1.0, qMin(room.width() / natural.width(), room.height() / natural.height()));
    setZoom(zoom, true);
}

void ImagePane::updateToolBar()
{
    const bool ready = m_state == State::Ready;
    // Zooming makes no sense for an image that failed to decode; saving the bytes still may.
    for (QToolButton *button : {m_zoomOutButton, m_zoomInButton, m_fitButton, m_actualSizeButton}) {
        button->setEnabled(ready);
        button->setVisible(m_state != State::Failed);
    }
    m_zoomLabel->setVisible(m_state != State::Failed);
    m_zoomLabel->setText(ready ? QStringLiteral("%1%").arg(std::lround(m_canvas->zoom() * 100)) : QString());
    m_fitButton->setChecked(ready && m_fitMode);
    m_saveButton->setEnabled(!m_bytes.isEmpty());
}

} // namespace Toolgate

#include "moc_imagepane.cpp"
