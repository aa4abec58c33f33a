#pragma once

#include "ui/viewers/contentpane.h"
#include "ui/viewers/backgroundtask.h"

#include <QImage>

class QLabel;
class QScrollArea;
class QToolButton;

namespace Toolgate {

class ImageCanvas;

/// An image from base64: decoded off the GUI thread, then shown with zoom in/out, fit and
/// 100 %, and "Save as…". Undecodable data shows a clear error instead.
class ImagePane final : public ContentPane
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImagePane)
public:
    enum class State { Empty, Decoding, Ready, Failed };
    Q_ENUM(State)

    explicit ImagePane(QWidget *parent = nullptr);

    /// Starts decoding base64 (as received) as an image of mimeType; suggestedName is offered
    /// by Save as.
    void setBase64(const QByteArray &base64, const QString &mimeType, const QString &suggestedName);

    State state() const { return m_state; }
    /// Why decoding failed (empty otherwise).
    QString errorString() const { return m_error; }
    /// The canvas (objectName "imageCanvas").
    ImageCanvas *canvas() const { return m_canvas; }

    void zoomIn();
    void zoomOut();
    /// Zoom so the whole image fits (never above 100 %), and keep fitting on resize.
    void zoomToFit();
    void zoomToActualSize();
    /// Opens the Save dialog for the decoded bytes.
    void saveAs();

    QWidget *toolBar() const override { return m_toolBar; }
    bool prefersToExpand() const override { return true; }
    void setFitToContents(bool fit, int maxHeight) override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// Decoding finished (successfully or not); see state().
    void decodingFinished();

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Decoded
    {
        QImage image;
        QByteArray bytes;
        QString error;
    };
    static Decoded decode(const QByteArray &base64);
    void finishDecoding(const Decoded &decoded);
    void setZoom(qreal zoom, bool fit);
    void applyFit();
    void updateToolBar();

    QWidget *m_toolBar;
    QToolButton *m_zoomOutButton;
    QToolButton *m_zoomInButton;
    QToolButton *m_fitButton;
    QToolButton *m_actualSizeButton;
    QLabel *m_zoomLabel;
    QToolButton *m_saveButton;
    QScrollArea *m_scroll;
    ImageCanvas *m_canvas;
    QLabel *m_message;
    QByteArray m_bytes;
    QString m_mimeType;
    QString m_suggestedName;
    QString m_error;
    State m_state = State::Empty;
    bool m_fitMode = true;
    bool m_fitToContents = false;
    int m_maxHeight = 420;
    LatestBackgroundResult m_decoding{this}; // the image, decoded off the GUI thread
};

} // namespace Toolgate
