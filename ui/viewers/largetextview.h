#pragma once

#include "ui/viewers/textchunker.h"

#include <QPointer>
#include <QSyntaxHighlighter>
#include <QTimer>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;


namespace Toolgate {

class FittedPlainTextEdit;

/// Read-only text of any size without freezing the GUI: the first PreviewChars appear at once (in chunks),
/// "Show all" appends the rest in chunks between events, over-long lines are folded, and syntax
/// highlighting is only attached below HighlightLimit.
class LargeTextView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LargeTextView)
public:
    /// Characters shown immediately by setText().
    static constexpr qsizetype PreviewChars = 256 * 1024;
    /// Texts longer than this are never highlighted (highlighting runs on the GUI thread).
    static constexpr qsizetype HighlightLimit = 512 * 1024;
    /// Highlighted text is inserted at most this much at a time (highlighting costs ~0.5 ms/KB);
    /// the rest of the preview follows from the event loop.
    static constexpr qsizetype HighlightedChunkChars = 32 * 1024;

    explicit LargeTextView(QWidget *parent = nullptr);

    /// Whether text is too large for a plain editor to lay out at once: more than maxChars
    /// characters, or a line longer than maxLineChars (Qt lays out a paragraph as a whole, and a
    /// 100,000-character one takes most of a second). Such text belongs in a LargeTextView.
    static bool isTooLargeToLayOut(const QString &text, qsizetype maxChars, qsizetype maxLineChars);

    /// Shows text, highlighted by mimeType / fileNameHint when small enough.
    void setText(const QString &text, const QString &mimeType = {}, const QString &fileNameHint = {});
    /// Removes the text and stops any loading.
    void clear();
    /// The whole text as given (not the folded display form).
    const QString &text() const { return m_chunker.text(); }
    /// Whether the editor holds all of the text.
    bool isComplete() const { return m_chunker.atEnd(); }
    /// Whether the preview (or, after showAll(), the whole text) is still being appended.
    bool isLoading() const { return m_loadTimer.isActive(); }
    /// Starts appending the rest of the text in the background (what "Show all" does).
    void showAll();

    /// The editor (objectName "textEditor").
    QPlainTextEdit *editor() const;
    /// The attached highlighter, or nullptr.
    QSyntaxHighlighter *highlighter() const { return m_highlighter; }

    /// See FittedPlainTextEdit::setFitToContents().
    void setFitToContents(bool fit, int maxHeight = 400);
    /// Line wrapping on (default) or off.
    void setWordWrap(bool wrap);

signals:
    /// All of the text is in the editor.
    void fullyLoaded();

protected:
    void changeEvent(QEvent *event) override;

private:
    void appendChunks();
    void updateBar();
    void applyFit();

    FittedPlainTextEdit *m_editor;
    QWidget *m_bar;
    QLabel *m_barLabel;
    QPushButton *m_showAllButton;
    QTimer m_loadTimer;
    TextChunker m_chunker;
    QPointer<QSyntaxHighlighter> m_highlighter;
    qsizetype m_loadTarget = 0; // source characters to have in the editor once loading stops
    int m_fitMaxHeight = 400;
    bool m_fit = false;
    bool m_highlightSkipped = false;
};

} // namespace Toolgate
