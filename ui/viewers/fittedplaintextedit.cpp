#include "ui/viewers/fittedplaintextedit.h"

#include <QScrollBar>
#include <QTextBlock>
#include <QTimer>

#include <cmath>

namespace Toolgate {

FittedPlainTextEdit::FittedPlainTextEdit(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_heightFit(this, [this] { return fittedHeight(); })
{
    setReadOnly(true);
    setUndoRedoEnabled(false); // an undo history of a 20 MB insert would double the memory
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    connect(document(), &QTextDocument::contentsChanged, this, &FittedPlainTextEdit::scheduleFitUpdate);
}

void FittedPlainTextEdit::setFitToContents(bool fit, int maxHeight)
{
    m_heightFit.setEnabled(fit, maxHeight);
}

QSize FittedPlainTextEdit::sizeHint() const
{
    return m_heightFit.adjusted(QPlainTextEdit::sizeHint());
}

QSize FittedPlainTextEdit::minimumSizeHint() const
{
    return m_heightFit.adjusted(QPlainTextEdit::minimumSizeHint());
}

void FittedPlainTextEdit::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    scheduleFitUpdate(); // the width decides how lines wrap
}

void FittedPlainTextEdit::scheduleFitUpdate()
{
    if (!m_heightFit.isEnabled() || m_updatePending)
        return;
    // Coalesce: a chunked load changes the document many times per event-loop turn.
    m_updatePending = true;
    QTimer::singleShot(0, this, [this] {
        m_updatePending = false;
        m_heightFit.update();
    });
}

int FittedPlainTextEdit::fittedHeight() const
{
    const QMargins margins = contentsMargins();
    const int chrome = margins.top() + margins.bottom() + int(2 * document()->documentMargin())
        + (lineWrapMode() == NoWrap ? horizontalScrollBar()->sizeHint().height() : 0);
    const int lineHeight = fontMetrics().lineSpacing();
    // Only lay out as many blocks as can fill the cap; the rest cannot change the answer.
    qreal height = 0;
    for (QTextBlock block = document()->firstBlock(); block.isValid(); block = block.next()) {
        const qreal blockHeight = blockBoundingRect(block).height();
        height += blockHeight > 0 ? blockHeight : lineHeight;
        if (height + chrome >= m_heightFit.maxHeight())
            return m_heightFit.maxHeight();
    }
    return qBound(lineHeight + chrome, int(std::ceil(height)) + chrome, m_heightFit.maxHeight());
}

} // namespace Toolgate

#include "moc_fittedplaintextedit.cpp"
