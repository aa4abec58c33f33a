#pragma once

#include "ui/viewers/contentpane.h"

class QButtonGroup;
class QToolButton;

namespace Toolgate {

class LargeTextView;
class MarkdownBrowser;

/// Text content: plain (syntax-highlighted by MIME type) or rendered Markdown, with a
/// Plain/Markdown toggle and Copy. Markdown is the default for text/markdown and for plain text
/// that looks like Markdown.
class TextPane final : public ContentPane
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TextPane)
public:
    enum class Mode { Plain, Markdown };
    Q_ENUM(Mode)

    /// Texts longer than this are never rendered as Markdown (Qt's importer is too slow).
    static constexpr qsizetype MarkdownLimit = 64 * 1024;

    explicit TextPane(QWidget *parent = nullptr);

    /// Shows text; mimeType and fileNameHint choose highlighting and the default mode.
    void setText(const QString &text, const QString &mimeType = {}, const QString &fileNameHint = {});
    /// The text as given.
    QString text() const;

    /// The requested mode (Markdown may still be rendering; see isMarkdownShown()).
    Mode mode() const { return m_mode; }
    /// Switches between plain and rendered text; Markdown only if canRenderMarkdown().
    void setMode(Mode mode);
    /// Whether the text may be rendered as Markdown (small enough, not code).
    bool canRenderMarkdown() const;
    /// Whether rendered Markdown is on screen now.
    bool isMarkdownShown() const;

    /// The plain view (objectName "plainText").
    LargeTextView *plainView() const { return m_plain; }
    /// The Markdown view (objectName "markdownView"), created on first use; may be nullptr.
    MarkdownBrowser *markdownView() const { return m_markdown; }

    QWidget *toolBar() const override { return m_toolBar; }
    bool prefersToExpand() const override { return true; }
    void setFitToContents(bool fit, int maxHeight) override;

signals:
    /// Rendered Markdown is on screen.
    void markdownShown();

private:
    void showCurrentMode();
    void ensureMarkdown();
    void copyAll();

    QWidget *m_toolBar;
    QToolButton *m_plainButton;
    QToolButton *m_markdownButton;
    QButtonGroup *m_modeGroup;
    LargeTextView *m_plain;
    MarkdownBrowser *m_markdown = nullptr;
    QString m_mimeType;
    Mode m_mode = Mode::Plain;
    bool m_markdownCapable = false;
    bool m_markdownRendered = false;
    bool m_markdownPending = false;
    bool m_fit = false;
    int m_maxHeight = 400;
};

} // namespace Toolgate
