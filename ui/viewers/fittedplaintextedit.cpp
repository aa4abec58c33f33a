#include "ui/viewers/fittedplaintextedit.h"

#include <QScrollBar>
#include <QTextBlock>
#include <QTimer>

#include <cmath>

namespace Toolgate {

FittedPlainTextEdit::FittedPlainTextEdit(QWidget *parent)
    : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setUndoRedoEnabled(false); // an undo history of a 20 MB insert would double the memory
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    connect(document(), &QTextDocument::contentsChanged, this, &FittedPlainTextEdit::scheduleFitUpdate);
}

void FittedPlainTextEdit::setFitToContents(bool fit, int maxHeight)
{
    m_fit = fit;
    m_maxHeight = qMax(60, maxHeight);
    setSizePolicy(QSizePolicy::Expanding, fit ? QSizePolicy::Fixed : QSizePolicy::Expanding);
    m_height = -1;
    if (fit) {
        updateFit();
    } else {
        setMinimumHeight(0);
        setMaximumHeight(QWIDGETSIZE_MAX);
        updateGeometry();
    }
}

QSize FittedPlainTextEdit::sizeHint() const
{
    QSize hint = QPlainTextEdit::sizeHint();
    if (m_fit)
        hint.setHeight(m_height >= 0 ? m_height : fittedHeight());
    return hint;
}

QSize FittedPlainTextEdit::minimumSizeHint() const
{
    QSize hint = QPlainTextEdit::minimumSizeHint();
    if (m_fit)
        hint.setHeight(m_height >= 0 ? m_height : fittedHeight());
    return hint;
}

void FittedPlainTextEdit::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    scheduleFitUpdate(); // the width decides how lines wrap
}

void FittedPlainTextEdit::scheduleFitUpdate()
{
    if (!m_fit || m_updatePending)
        return;
    // Coalesce: a chunked load changes the document many times per event-loop turn.
    m_updatePending = true;
    QTimer::singleShot(0, this, [this] {
        m_updatePending = false;
        updateFit();
    });
}

void FittedPlainTextEdit::updateFit()
{
    if (!m_fit)
        return;
    const int height = fittedHeight();
    if (height != m_height) {
        m_height = height;
        setFixedHeight(height);
        updateGeometry();
    }
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
        if (height + chrome >= m_maxHeight)
            return m_maxHeight;
    }
    return qBound(lineHeight + chrome, int(std::ceil(height)) + chrome, m_maxHeight);
}

} // namespace Toolgate

#include "moc_fittedplaintextedit.cpp"
