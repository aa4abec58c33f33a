#pragma once

#include "core/collections/collectionrunner.h"
#include "core/protocol/tool.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace Toolgate {

class ResultView;

/// The report of a collection run: a line that says whether it passed; per call whether it passed and
/// how long it took, with each expectation and, when one failed, what was expected and what came; and
/// the selected call's result in the tool panel's viewers. Keeps the run before it to compare a call's
/// result with (compareResultsRequested()).
class RunReportView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunReportView)
public:
    enum Column { CallColumn, StatusColumn, DurationColumn, DetailsColumn, ColumnCount };

    explicit RunReportView(QWidget *parent = nullptr);

    /// Shows report (also while it runs: calls not finished yet show as waiting); previous is the
    /// collection's run before it, if any.
    void setReport(const RunReport &report, int finishedCalls, const std::optional<RunReport> &previous);
    /// A line instead of a report (nothing run yet, or why the run did not start).
    void clear(const QString &message = {});

    QLabel *summaryLabel() const { return m_summary; }
    QTreeWidget *tree() const { return m_tree; }
    ResultView *resultView() const { return m_result; }
    QPushButton *compareButton() const { return m_compare; }
    /// Selects the call at index of the report (shows its result).
    void selectCall(int index);

signals:
    /// The person asked to compare the selected call's result with the one of the run before.
    void compareResultsRequested(const QString &beforeTitle, const Toolgate::CallToolResult &before,
                                 const QString &afterTitle, const Toolgate::CallToolResult &after);

private:
    void showSelected();
    int selectedCall() const;
    /// The same call in the previous run (by position when its name matches there, else by name).
    const CallReport *previousOf(int index) const;

    RunReport m_report;
    int m_finished = 0;
    std::optional<RunReport> m_previous;
    QLabel *m_summary;
    QTreeWidget *m_tree;
    QPushButton *m_compare;
    ResultView *m_result;
};

} // namespace Toolgate
