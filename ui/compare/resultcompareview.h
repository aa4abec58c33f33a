#pragma once

#include "core/protocol/tool.h"
#include "ui/compare/comparisondialog.h"
#include "ui/viewers/backgroundtask.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace Toolgate {

class LineDiffView;
class ResultView;
struct ResultDiff;

/// Two tool results side by side (each in a ResultView), and below them what differs, as core's
/// ResultDiff says: the text as a coloured line diff, structured content changes by JSON pointer,
/// whether one is an error and the other not, and whether other content (images, resources, ...)
/// differs. The diff is computed off the GUI thread; big ones are bounded by ResultDiff::Limits.
class ResultCompareView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultCompareView)
public:
    enum StructuredColumn { ChangeColumn, PointerColumn, BeforeColumn, AfterColumn, StructuredColumnCount };

    explicit ResultCompareView(QWidget *parent = nullptr);

    /// Shows both results at once and starts comparing them; differencesShown() follows.
    void setResults(const QString &beforeTitle, const Toolgate::CallToolResult &before, const QString &afterTitle,
                    const Toolgate::CallToolResult &after);

    /// Whether the differences of the last setResults() are shown (they are computed in the background).
    bool isCompared() const { return m_comparison.isDelivered(); }

    ResultView *beforeView() const { return m_beforeView; }
    ResultView *afterView() const { return m_afterView; }
    /// One line in words: "The results are the same", or which kinds of difference there are.
    QLabel *summaryLabel() const { return m_summary; }
    /// The text's line diff (hidden when the texts are equal).
    LineDiffView *textDiffView() const { return m_textDiff; }
    /// Structured content changes: ChangeColumn, PointerColumn, BeforeColumn, AfterColumn.
    QTableWidget *structuredTable() const { return m_structured; }

signals:
    /// The differences of the last setResults() are shown.
    void differencesShown();

private:
    void showDifferences(const ResultDiff &diff);

    QLabel *m_beforeTitle;
    QLabel *m_afterTitle;
    ResultView *m_beforeView;
    ResultView *m_afterView;
    QLabel *m_summary;
    QLabel *m_textHeading;
    LineDiffView *m_textDiff;
    QLabel *m_structuredHeading;
    QTableWidget *m_structured;
    LatestBackgroundResult m_comparison{this};
};

/// A window of its own around a ResultCompareView.
class ResultCompareDialog final : public ComparisonDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultCompareDialog)
public:
    explicit ResultCompareDialog(QWidget *parent = nullptr);

    ResultCompareView *view() const { return m_view; }

    /// Opens a new comparison window, non-modal, deleted when closed; returns at once. (It hides
    /// QDialog::open() on purpose: this class is only ever shown through it.)
    static void open(QWidget *parent, const QString &beforeTitle, const Toolgate::CallToolResult &before,
                     const QString &afterTitle, const Toolgate::CallToolResult &after);

private:
    ResultCompareView *m_view;
};

} // namespace Toolgate
