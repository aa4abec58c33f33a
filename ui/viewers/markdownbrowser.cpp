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
    , m_heightFit(this, [this] { return fittedHeight(); })
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
            [this] { m_heightFit.update(); });
    m_heightFit.update();
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
    m_heightFit.setEnabled(fit, maxHeight);
}

QSize MarkdownBrowser::sizeHint() const
{
    return m_heightFit.adjusted(QTextBrowser::sizeHint());
}

QSize MarkdownBrowser::minimumSizeHint() const
{
    return m_heightFit.adjusted(QTextBrowser::minimumSizeHint());
}

void MarkdownBrowser::resizeEvent(QResizeEvent *event)
{
    QTextBrowser::resizeEvent(event);
    m_heightFit.update();
}

int MarkdownBrowser::fittedHeight() const
{
    const QMargins margins = contentsMargins();
    const int height = int(std::ceil(document()->size().height())) + margins.top() + margins.bottom();
    return qBound(fontMetrics().lineSpacing() + margins.top() + margins.bottom(), height, m_heightFit.maxHeight());
}

} // namespace Toolgate

#include "moc_markdownbrowser.cpp"
