#pragma once

#include "ui/viewers/contentheightfit.h"

#include <QPlainTextEdit>

namespace Toolgate {

/// A read-only QPlainTextEdit that, when asked, is only as tall as its text (up to a cap), so
/// several short items stack without each taking a screenful.
class FittedPlainTextEdit final : public QPlainTextEdit
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FittedPlainTextEdit)
public:
    explicit FittedPlainTextEdit(QWidget *parent = nullptr);

    /// fit: size hint follows the text height, at most maxHeight; otherwise a normal editor
    /// that expands to the space it is given.
    void setFitToContents(bool fit, int maxHeight);
    bool fitsToContents() const { return m_heightFit.isEnabled(); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void scheduleFitUpdate();
    int fittedHeight() const;

    ContentHeightFit m_heightFit;
    bool m_updatePending = false;
};

} // namespace Toolgate
