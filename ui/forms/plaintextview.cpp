#include "ui/forms/plaintextview.h"

#include <QAbstractTextDocumentLayout>
#include <QScrollBar>
#include <QTextDocument>

#include <cmath>

namespace Toolgate {

namespace {

// Measuring more than this many characters cannot change the answer once maxLines is reached.
constexpr qsizetype MeasureLimit = 8000;
constexpr int PreferredColumns = 64;

} // namespace

PlainTextView::PlainTextView(const QString &text, int maxLines, QWidget *parent)
    : QPlainTextEdit(parent)
    , m_maxLines(qMax(1, maxLines))
{
    setPlainText(text);
    setReadOnly(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    setFocusPolicy(Qt::ClickFocus);
    setFrameShape(QFrame::NoFrame);
    setBackgroundRole(QPalette::Window);
    viewport()->setAutoFillBackground(false);
    document()->setDocumentMargin(0);
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void PlainTextView::setMaxLines(int maxLines)
{
    m_maxLines = qMax(1, maxLines);
    m_cachedWidth = -1;
    updateGeometry();
}

int PlainTextView::heightForWidth(int width) const
{
    if (width == m_cachedWidth)
        return m_cachedHeight;
    const QFontMetrics metrics(font());
    const int chrome = 2 * frameWidth() + contentsMargins().top() + contentsMargins().bottom();
    // A plain QTextDocument lays out exactly as the edit wraps (same font, same wrap mode and width).
    QTextDocument measure;
    measure.setDefaultFont(font());
    measure.setDocumentMargin(0);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    measure.setDefaultTextOption(option);
    measure.setPlainText(toPlainText().left(MeasureLimit));
    measure.setTextWidth(qMax(1, width - 2 * frameWidth() - 4));
    const int lines = qBound(1, int(std::ceil(measure.size().height() / metrics.lineSpacing())), m_maxLines);
    m_cachedWidth = width;
    m_cachedHeight = lines * metrics.lineSpacing() + chrome + 2;
    return m_cachedHeight;
}

QSize PlainTextView::sizeHint() const
{
    const QFontMetrics metrics(font());
    const int width = qMin(metrics.averageCharWidth() * PreferredColumns,
                           metrics.horizontalAdvance(toPlainText().left(PreferredColumns * 2)) + 8);
    return {qMax(width, metrics.averageCharWidth() * 8), heightForWidth(qMax(width, metrics.averageCharWidth() * 8))};
}

QSize PlainTextView::minimumSizeHint() const
{
    const QFontMetrics metrics(font());
    return {metrics.averageCharWidth() * 8, metrics.lineSpacing() + 2 * frameWidth() + 2};
}

void PlainTextView::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    // The height the layout chose depends on the width it had: ask again when the width changes.
    if (width() != m_cachedWidth)
        updateGeometry();
}

} // namespace Toolgate

#include "moc_plaintextview.cpp"
