#include "ui/viewers/markdownrenderer.h"

#include "ui/viewers/backgroundtask.h"
#include "ui/viewers/markdownbrowser.h"
#include "ui/viewers/safetextdocument.h"

#include <QTextBlock>
#include <QTextCursor>
#include <QTextFrame>
#include <QTextTable>
#include <QThread>

#include <utility>

namespace Toolgate {

namespace {

// Owns a rendered document until the receiver claims it. A result nobody collects (the view
// died first) may be dropped on the worker thread, so it is deleted with deleteLater(), which
// runs on the document's own thread.
class RenderedDocument final
{
public:
    explicit RenderedDocument(SafeTextDocument *doc) : m_doc(doc) {}
    RenderedDocument(RenderedDocument &&other) noexcept : m_doc(std::exchange(other.m_doc, nullptr)) {}
    RenderedDocument &operator=(RenderedDocument &&other) noexcept
    {
        std::swap(m_doc, other.m_doc);
        return *this;
    }
    RenderedDocument(const RenderedDocument &) = delete;
    RenderedDocument &operator=(const RenderedDocument &) = delete;
    ~RenderedDocument()
    {
        if (m_doc)
            m_doc->deleteLater();
    }

    SafeTextDocument *release() { return std::exchange(m_doc, nullptr); }

private:
    SafeTextDocument *m_doc;
};

// Translucent grey reads as a light tint on light themes and a dark one on dark themes; the
// document is built before any palette is known.
const QColor CodeBackground(127, 127, 127, 36);
const QColor TableBorder(127, 127, 127, 140);

void polishTables(QTextFrame *frame)
{
    const QList<QTextFrame *> children = frame->childFrames();
    for (QTextFrame *child : children) {
        if (auto *table = qobject_cast<QTextTable *>(child)) {
            QTextTableFormat format = table->format();
            format.setCellPadding(4);
            format.setCellSpacing(0);
            format.setBorder(1);
            format.setBorderBrush(TableBorder);
            format.setBorderCollapse(true);
            table->setFormat(format);
        }
        polishTables(child);
    }
}

} // namespace

void MarkdownRenderer::fill(QTextDocument *doc, const QString &markdown)
{
    doc->setMarkdown(markdown, MarkdownBrowser::Features);
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        const QTextBlockFormat blockFormat = block.blockFormat();
        QTextCursor cursor(block);
        if (blockFormat.hasProperty(QTextFormat::BlockCodeFence) || blockFormat.hasProperty(QTextFormat::BlockCodeLanguage)) {
            QTextBlockFormat code = blockFormat;
            code.setBackground(CodeBackground);
            cursor.setBlockFormat(code);
            continue;
        }
        // Inline code: fixed-pitch fragments inside ordinary paragraphs.
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().fontFixedPitch())
                continue;
            QTextCharFormat format;
            format.setBackground(CodeBackground);
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.mergeCharFormat(format);
        }
    }
    polishTables(doc->rootFrame());
}

void MarkdownRenderer::render(const QString &markdown, QObject *context, std::function<void(SafeTextDocument *)> done)
{
    QThread *target = context->thread();
    BackgroundTask::run(
        context,
        [markdown, target] {
            auto *doc = new SafeTextDocument;
            fill(doc, markdown);
            doc->moveToThread(target); // only the owning thread may push an object away
            return RenderedDocument(doc);
        },
        [done = std::move(done)](RenderedDocument rendered) { done(rendered.release()); });
}

} // namespace Toolgate
