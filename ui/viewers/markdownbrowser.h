#pragma once

#include "ui/viewers/contentheightfit.h"

#include <QTextBrowser>

namespace Toolgate {

class SafeTextDocument;

/// Shows rendered Markdown from an untrusted source: no remote or local resources are loaded
/// (only data: images), and clicking a link only emits linkActivated(); the app decides.
class MarkdownBrowser final : public QTextBrowser
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MarkdownBrowser)
public:
    /// Markdown features used everywhere: GitHub dialect, raw HTML shown as text.
    static constexpr auto Features = QTextDocument::MarkdownFeatures(
        QTextDocument::MarkdownDialectGitHub | QTextDocument::MarkdownNoHTML);

    explicit MarkdownBrowser(QWidget *parent = nullptr);

    /// Renders markdown on the GUI thread; for small texts (see MarkdownRenderer for big ones).
    void setMarkdownText(const QString &markdown);
    /// Shows a document rendered elsewhere; takes ownership. doc must live in this thread.
    void setRenderedDocument(SafeTextDocument *doc);
    /// The current document.
    SafeTextDocument *safeDocument() const { return m_document; }

    /// Refuses everything except data: images; public so callers can check the policy.
    QVariant loadResource(int type, const QUrl &name) override;

    /// fit: height follows the rendered text, at most maxHeight.
    void setFitToContents(bool fit, int maxHeight);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// The user clicked (or activated by keyboard) a link.
    void linkActivated(const QUrl &url);
    /// A resource (image, style sheet) was refused.
    void resourceBlocked(const QUrl &url);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void adoptDocument(SafeTextDocument *doc);
    int fittedHeight() const;

    ContentHeightFit m_heightFit;
    SafeTextDocument *m_document = nullptr;
};

} // namespace Toolgate
