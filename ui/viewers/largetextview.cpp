#include "ui/viewers/largetextview.h"

#include "ui/viewers/fittedplaintextedit.h"
#include "ui/viewers/viewerformat.h"
#include "ui/viewers/viewerstyle.h"

#include "ui/highlight/syntaxhighlighting.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QTextCursor>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Toolgate {

namespace {
// One chunk is laid out synchronously; 32 K characters take a few milliseconds.
constexpr qsizetype ChunkChars = 32 * 1024;
// The first chunk comes with whatever else shows the view (a dialog opening, a result arriving), so it
// is only what fills the view: 32 K characters of short lines (50,000 numbers) took 15-25 ms there.
constexpr qsizetype FirstChunkChars = 8 * 1024;
// Each timer tick appends chunks until this budget is spent, then yields to the event loop.
constexpr qint64 TickBudgetMs = 8;
} // namespace

bool LargeTextView::isTooLargeToLayOut(const QString &text, qsizetype maxChars, qsizetype maxLineChars)
{
    if (text.size() > maxChars)
        return true;
    qsizetype lineStart = 0;
    while (lineStart < text.size()) {
        qsizetype end = text.indexOf(u'\n', lineStart);
        if (end < 0)
            end = text.size();
        if (end - lineStart > maxLineChars)
            return true;
        lineStart = end + 1;
    }
    return false;
}

LargeTextView::LargeTextView(QWidget *parent)
    : QWidget(parent)
    , m_editor(new FittedPlainTextEdit(this))
    , m_bar(new QWidget(this))
    , m_barLabel(ViewerStyle::captionLabel({}, m_bar))
    , m_showAllButton(new QPushButton(m_bar))
{
    m_editor->setObjectName(u"textEditor"_s);
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_editor->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);

    m_bar->setObjectName(u"truncationBar"_s);
    m_barLabel->setWordWrap(true);
    m_showAllButton->setObjectName(u"showAllButton"_s);
    auto *barLayout = new QHBoxLayout(m_bar);
    barLayout->setContentsMargins(2, 4, 2, 0);
    barLayout->addWidget(m_barLabel, 1);
    barLayout->addWidget(m_showAllButton);
    m_bar->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_bar);

    m_loadTimer.setInterval(0);
    connect(&m_loadTimer, &QTimer::timeout, this, &LargeTextView::appendChunks);
    connect(m_showAllButton, &QPushButton::clicked, this, &LargeTextView::showAll);
}

QPlainTextEdit *LargeTextView::editor() const
{
    return m_editor;
}

void LargeTextView::setText(const QString &text, const QString &mimeType, const QString &fileNameHint)
{
    clear();
    m_chunker = TextChunker(text);
    // The highlighter must be in place before the text arrives, or it would re-highlight the
    // whole document in one go later; for big texts there is none at all.
    if (!mimeType.isEmpty() || !fileNameHint.isEmpty()) {
        if (text.size() <= HighlightLimit)
            m_highlighter = SyntaxHighlighting::attach(m_editor->document(), mimeType, fileNameHint, palette());
        else
            m_highlightSkipped = !SyntaxHighlighting::languageFor(mimeType, fileNameHint).isEmpty();
    }
    m_loadTarget = qMin(text.size(), PreviewChars);
    // One chunk now, the rest of the preview from the event loop: 256 K characters of short lines are
    // ~17,000 blocks, whose insertion alone took the GUI thread ~100 ms.
    m_editor->setPlainText(m_chunker.next(qMin(FirstChunkChars, m_highlighter ? HighlightedChunkChars : ChunkChars)));
    if (m_chunker.position() < m_loadTarget)
        m_loadTimer.start(); // the rest of the preview, without holding up this call
    updateBar();
    if (isComplete())
        emit fullyLoaded();
}

void LargeTextView::clear()
{
    m_loadTimer.stop();
    if (m_highlighter)
        delete m_highlighter.data();
    m_editor->clear();
    m_chunker = TextChunker();
    m_loadTarget = 0;
    m_highlightSkipped = false;
    updateBar();
}

void LargeTextView::showAll()
{
    if (isComplete())
        return;
    m_loadTarget = m_chunker.text().size();
    m_loadTimer.start();
    updateBar();
}

void LargeTextView::setFitToContents(bool fit, int maxHeight)
{
    m_fit = fit;
    m_fitMaxHeight = maxHeight;
    applyFit();
    setSizePolicy(QSizePolicy::Expanding, fit ? QSizePolicy::Fixed : QSizePolicy::Expanding);
}

void LargeTextView::applyFit()
{
    // maxHeight is for the whole view: the bar's room comes off the editor's share. Otherwise
    // hiding the bar would change the height of the parent, maybe its scroll bar and so the
    // editor's width, and re-wrapping 20 MB of text is what this class exists to avoid.
    const int bar = m_bar->isVisibleTo(this) ? m_bar->sizeHint().height() : 0;
    m_editor->setFitToContents(m_fit, m_fitMaxHeight - bar);
}

void LargeTextView::setWordWrap(bool wrap)
{
    m_editor->setLineWrapMode(wrap ? QPlainTextEdit::WidgetWidth : QPlainTextEdit::NoWrap);
}

void LargeTextView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_highlighter)
        SyntaxHighlighting::applyPalette(m_highlighter, palette());
}

void LargeTextView::appendChunks()
{
    QElapsedTimer budget;
    budget.start();
    QTextCursor cursor(m_editor->document());
    cursor.movePosition(QTextCursor::End);
    const qsizetype chunk = m_highlighter ? HighlightedChunkChars : ChunkChars;
    while (m_chunker.position() < m_loadTarget && budget.elapsed() < TickBudgetMs)
        cursor.insertText(m_chunker.next(qMin(chunk, m_loadTarget - m_chunker.position())));
    if (m_chunker.position() >= m_loadTarget)
        m_loadTimer.stop();
    updateBar();
    if (m_chunker.atEnd() && !m_loadTimer.isActive())
        emit fullyLoaded();
}

void LargeTextView::updateBar()
{
    const qsizetype total = m_chunker.text().size();
    const bool truncated = !m_chunker.atEnd();
    const bool loadingAll = m_loadTimer.isActive() && m_loadTarget == total;
    QStringList notes;
    if (truncated && loadingAll) {
        notes << tr("Loading… %1 of %2")
                     .arg(ViewerFormat::byteSize(m_chunker.position()), ViewerFormat::byteSize(total));
    } else if (m_loadTarget < total) {
        notes << tr("Showing the first %1 of %2.")
                     .arg(ViewerFormat::byteSize(m_loadTarget), ViewerFormat::byteSize(total));
    }
    if (m_chunker.folded())
        notes << tr("Lines longer than %1 characters are broken up for display.")
                     .arg(TextChunker::DefaultFoldColumn);
    if (m_highlightSkipped)
        notes << tr("Too large to highlight.");
    m_barLabel->setText(notes.join(u' '));
    m_showAllButton->setText(tr("Show all (%1)").arg(ViewerFormat::byteSize(total)));
    m_showAllButton->setVisible(m_loadTarget < total || loadingAll);
    m_showAllButton->setEnabled(!loadingAll);
    const bool barWanted = !notes.isEmpty();
    if (barWanted != m_bar->isVisibleTo(this)) {
        m_bar->setVisible(barWanted);
        if (m_fit)
            applyFit();
    }
}

} // namespace Toolgate

#include "moc_largetextview.cpp"
