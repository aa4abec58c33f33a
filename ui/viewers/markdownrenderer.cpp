#include "markdownrenderer.h"

#include "backgroundtask.h"
#include "markdownbrowser.h"
#include "safetextdocument.h"

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

} // namespace

void MarkdownRenderer::render(const QString &markdown, QObject *context, std::function<void(SafeTextDocument *)> done)
{
    QThread *target = context->thread();
    BackgroundTask::run(
        context,
        [markdown, target] {
            auto *doc = new SafeTextDocument;
            doc->setMarkdown(markdown, MarkdownBrowser::Features);
            doc->moveToThread(target); // only the owning thread may push an object away
            return RenderedDocument(doc);
        },
        [done = std::move(done)](RenderedDocument rendered) { done(rendered.release()); });
}

} // namespace Toolgate
