#include "ui/viewers/markdownbrowser.h"

#include "ui/viewers/markdownrenderer.h"
#include "ui/viewers/safetextdocument.h"

#include <QAbstractTextDocumentLayout>
#include <QPointer>
#include <QScrollBar>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Toolgate {

MarkdownBrowser::MarkdownBrowser(QWidget *parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setUndoRedoEnabled(false);
    connect(this, &QTextBrowser::anchorClicked, this, &MarkdownBrowser::linkActivated);
    adoptDocument(new SafeTextDocument(this));
}

void MarkdownBrowser::setMarkdownText(const QString &markdown)
{
    auto *doc = new SafeTextDocument;
    MarkdownRenderer::fill(doc, markdown);
    setRenderedDocument(doc);
}

void MarkdownBrowser::setRenderedDocument(SafeTextDocument *doc)
{
    Q_ASSERT(doc && doc->thread() == thread());
    // QTextEdit deletes a replaced document it considers its own; the guard covers that case.
    QPointer<SafeTextDocument> old = m_document;
    adoptDocument(doc);
    if (old && old != doc)
        old->deleteLater();
}

void MarkdownBrowser::adoptDocument(SafeTextDocument *doc)
{
    doc->setParent(this);
    doc->setDefaultFont(font());
    doc->setUndoRedoEnabled(false);
    m_document = doc;
    setDocument(doc);
    connect(doc, &SafeTextDocument::resourceBlocked, this, &MarkdownBrowser::resourceBlocked);
    connect(doc->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
            &MarkdownBrowser::updateFit);
    updateFit();
}

QVariant MarkdownBrowser::loadResource(int type, const QUrl &name)
{
    // Never QTextBrowser::loadResource(): it resolves relative names against the file system.
    QVariant resource = SafeTextDocument::dataUrlResource(type, name);
    if (resource.isNull())
        emit resourceBlocked(name);
    return resource;
}

void MarkdownBrowser::setFitToContents(bool fit, int maxHeight)
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

QSize MarkdownBrowser::sizeHint() const
{
    QSize hint = QTextBrowser::sizeHint();
    if (m_fit)
        hint.setHeight(m_height >= 0 ? m_height : fittedHeight());
    return hint;
}

QSize MarkdownBrowser::minimumSizeHint() const
{
    QSize hint = QTextBrowser::minimumSizeHint();
    if (m_fit)
        hint.setHeight(m_height >= 0 ? m_height : fittedHeight());
    return hint;
}

void MarkdownBrowser::resizeEvent(QResizeEvent *event)
{
    QTextBrowser::resizeEvent(event);
    updateFit();
}

int MarkdownBrowser::fittedHeight() const
{
    const QMargins margins = contentsMargins();
    const int height = int(std::ceil(document()->size().height())) + margins.top() + margins.bottom();
    return qBound(fontMetrics().lineSpacing() + margins.top() + margins.bottom(), height, m_maxHeight);
}

void MarkdownBrowser::updateFit()
{
    if (!m_fit || !m_document)
        return;
    const int height = fittedHeight();
    if (height != m_height) {
        m_height = height;
        setFixedHeight(height);
        updateGeometry();
    }
}

} // namespace Toolgate

#include "moc_markdownbrowser.cpp"
