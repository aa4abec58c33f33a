#include "ui/collections/runreportview.h"

#include "core/common/displaytext.h"
#include "ui/viewers/resultview.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

constexpr int CallIndexRole = Qt::UserRole + 1;

void markPassed(QTreeWidgetItem *item, bool passed)
{
    item->setText(RunReportView::StatusColumn, passed ? RunReportView::tr("passed") : RunReportView::tr("FAILED"));
    item->setForeground(RunReportView::StatusColumn, passed ? QColor(0x1b, 0x7f, 0x37) : QColor(0xc0, 0x1c, 0x28));
    if (!passed) {
        QFont bold = item->font(RunReportView::StatusColumn);
        bold.setBold(true);
        item->setFont(RunReportView::StatusColumn, bold);
    }
}

} // namespace

RunReportView::RunReportView(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_tree(new QTreeWidget(this))
    , m_compare(new QPushButton(tr("Compare with Previous Run"), this))
    , m_result(new ResultView(this))
{
    setObjectName(QStringLiteral("runReport"));
    m_summary->setObjectName(QStringLiteral("runSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_tree->setObjectName(QStringLiteral("reportTree"));
    m_tree->setAccessibleName(tr("Run report"));
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Call / expectation"), tr("Result"), tr("Duration"), tr("Details")});
    m_tree->header()->setSectionResizeMode(CallColumn, QHeaderView::Interactive);
    m_tree->header()->resizeSection(CallColumn, 260);
    m_tree->header()->setSectionResizeMode(StatusColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(DurationColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setWordWrap(true);
    m_tree->setUniformRowHeights(false);
    m_compare->setObjectName(QStringLiteral("compareWithPrevious"));
    m_compare->setEnabled(false);
    m_compare->setToolTip(tr("Compare the selected call's result with its result in the run before"));
    m_result->setObjectName(QStringLiteral("reportResult"));

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_tree);
    auto *resultBox = new QWidget(splitter);
    auto *resultLayout = new QVBoxLayout(resultBox);
    resultLayout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    auto *resultLabel = new QLabel(tr("Result of the selected call:"), resultBox);
    bar->addWidget(resultLabel);
    bar->addStretch(1);
    bar->addWidget(m_compare);
    resultLayout->addLayout(bar);
    resultLayout->addWidget(m_result, 1);
    splitter->addWidget(resultBox);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);

    connect(m_tree, &QTreeWidget::currentItemChanged, this, &RunReportView::showSelected);
    connect(m_compare, &QPushButton::clicked, this, [this] {
        const int index = selectedCall();
        const CallReport *before = index >= 0 ? previousOf(index) : nullptr;
        if (!before || index >= m_finished)
            return;
        const CallReport &after = m_report.calls.at(index);
        const QLocale locale;
        emit compareResultsRequested(tr("%1, run of %2").arg(before->name, locale.toString(m_previous->startedAt.toLocalTime(), QLocale::ShortFormat)),
                                     before->outcome.result,
                                     tr("%1, run of %2").arg(after.name, locale.toString(m_report.startedAt.toLocalTime(), QLocale::ShortFormat)),
                                     after.outcome.result);
    });
    clear();
}

void RunReportView::clear(const QString &message)
{
    m_report = {};
    m_finished = 0;
    m_previous.reset();
    m_tree->clear();
    m_result->clear();
    m_compare->setEnabled(false);
    m_summary->setText(message.isEmpty() ? tr("No run yet: run the collection or one of its calls.") : message);
}

void RunReportView::setReport(const RunReport &report, int finishedCalls, const std::optional<RunReport> &previous)
{
    const int selected = selectedCall();
    m_report = report;
    m_finished = qMin(finishedCalls, int(report.calls.size()));
    m_previous = previous;
    const QString name = DisplayText::visibleLine(report.collectionName);
    if (report.error) {
        m_summary->setText(tr("The run of \"%1\" did not happen: %2").arg(name, report.error->message));
    } else if (m_finished < report.calls.size()) {
        m_summary->setText(tr("Running \"%1\": %2 of %3 calls done…").arg(name).arg(m_finished).arg(report.calls.size()));
    } else if (report.passed()) {
        m_summary->setText(tr("\"%1\" passed: every call answered and every expectation held (calls: %2, %3).")
                               .arg(name).arg(report.calls.size()).arg(DisplayText::duration(report.durationMs)));
    } else {
        m_summary->setText(tr("\"%1\" FAILED: calls failed: %2 of %3; expectations that did not hold: %4 (%5).")
                               .arg(name).arg(report.failedCalls()).arg(report.calls.size()).arg(report.failedExpectations()).arg(DisplayText::duration(report.durationMs)));
    }

    m_tree->clear();
    for (int i = 0; i < report.calls.size(); ++i) {
        const CallReport &call = report.calls.at(i);
        auto *item = new QTreeWidgetItem(m_tree);
        item->setData(CallColumn, CallIndexRole, i);
        item->setText(CallColumn, DisplayText::visibleLine(call.name));
        item->setText(DetailsColumn, call.isPrompt ? tr("a prompt on %1").arg(DisplayText::visibleLine(call.server))
                                                   : tr("%1 on %2").arg(DisplayText::visibleIdentifier(call.tool), DisplayText::visibleLine(call.server)));
        if (i >= m_finished) {
            item->setText(StatusColumn, report.error ? tr("not run") : tr("waiting"));
            continue;
        }
        markPassed(item, call.passed());
        item->setText(DurationColumn, call.made ? DisplayText::duration(call.durationMs) : QString());
        if (const QString problem = call.problem(); !problem.isEmpty()) {
            auto *why = new QTreeWidgetItem(item);
            why->setData(CallColumn, CallIndexRole, i);
            why->setText(CallColumn, tr("the call"));
            markPassed(why, false);
            why->setText(DetailsColumn, DisplayText::visible(problem));
        }
        if (call.isPrompt && !call.promptRuns.isEmpty()) {
            // Its pass rate, and each run: a failed one says what the model called instead.
            item->setText(DetailsColumn, tr("a prompt on %1: %2 of %3 runs passed")
                                             .arg(DisplayText::visibleLine(call.server))
                                             .arg(call.passedRuns())
                                             .arg(call.plannedRuns));
            for (qsizetype r = 0; r < call.promptRuns.size(); ++r) {
                const PromptRunReport &run = call.promptRuns.at(r);
                auto *child = new QTreeWidgetItem(item);
                child->setData(CallColumn, CallIndexRole, i);
                child->setText(CallColumn, tr("run %1").arg(r + 1));
                markPassed(child, run.passed);
                child->setText(DurationColumn, DisplayText::duration(run.durationMs));
                const QString details = run.passed ? DisplayText::visible(run.calledText()) : DisplayText::visible(run.problem);
                child->setText(DetailsColumn, details);
                child->setToolTip(DetailsColumn, details);
            }
        }
        for (const ExpectationResult &e : call.expectations) {
            auto *child = new QTreeWidgetItem(item);
            child->setData(CallColumn, CallIndexRole, i);
            child->setText(CallColumn, DisplayText::visibleLine(e.name));
            markPassed(child, e.passed);
            // What was expected and what came instead: the message says both, in plain words.
            child->setText(DetailsColumn, DisplayText::visible(e.message));
            child->setToolTip(DetailsColumn, DisplayText::visible(e.message));
        }
        item->setExpanded(!call.passed() || call.expectations.size() <= 4);
    }
    selectCall(selected >= 0 ? selected : (m_finished > 0 ? 0 : -1));
}

void RunReportView::selectCall(int index)
{
    if (index < 0 || index >= m_tree->topLevelItemCount()) {
        showSelected();
        return;
    }
    m_tree->setCurrentItem(m_tree->topLevelItem(index));
    showSelected();
}

int RunReportView::selectedCall() const
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    return item ? item->data(CallColumn, CallIndexRole).toInt() : -1;
}

const CallReport *RunReportView::previousOf(int index) const
{
    if (!m_previous || m_previous->error || index < 0 || index >= m_report.calls.size())
        return nullptr;
    const QString &name = m_report.calls.at(index).name;
    const CallReport *found = nullptr;
    if (index < m_previous->calls.size() && m_previous->calls.at(index).name == name)
        found = &m_previous->calls.at(index);
    for (qsizetype i = 0; !found && i < m_previous->calls.size(); ++i) {
        if (m_previous->calls.at(i).name == name)
            found = &m_previous->calls.at(i);
    }
    return found && found->answered() ? found : nullptr;
}

void RunReportView::showSelected()
{
    const int index = selectedCall();
    if (index < 0 || index >= m_finished) {
        m_result->clear();
        m_compare->setEnabled(false);
        return;
    }
    const CallReport &call = m_report.calls.at(index);
    if (call.made)
        m_result->setOutcome(call.outcome);
    else
        m_result->clear();
    m_compare->setEnabled(call.answered() && previousOf(index) != nullptr);
}

} // namespace Toolgate

#include "moc_runreportview.cpp"
