#include "ui/compare/resultcompareview.h"

#include "core/compare/resultdiff.h"
#include "core/common/displaytext.h"
#include "ui/viewers/backgroundtask.h"
#include "ui/viewers/linediffview.h"
#include "ui/viewers/resultview.h"
#include "ui/viewers/viewerstyle.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

QLabel *heading(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    return label;
}

QWidget *side(QLabel *title, ResultView *view, QWidget *parent)
{
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    layout->addWidget(title);
    layout->addWidget(view, 1);
    return box;
}

QString changeText(JsonPathChange::Type type)
{
    switch (type) {
    case JsonPathChange::Type::Added: return ResultCompareView::tr("added");
    case JsonPathChange::Type::Removed: return ResultCompareView::tr("removed");
    case JsonPathChange::Type::Changed: return ResultCompareView::tr("changed");
    }
    return {};
}

QTableWidgetItem *cell(const QString &text)
{
    // Server text in a cell is plain (item views never interpret it) but may hide characters.
    auto *item = new QTableWidgetItem(DisplayText::visibleLine(text));
    item->setToolTip(item->text());
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

} // namespace

ResultCompareView::ResultCompareView(QWidget *parent)
    : QWidget(parent)
    , m_beforeTitle(ViewerStyle::wrappedLabel({}, this, QStringLiteral("beforeTitle")))
    , m_afterTitle(ViewerStyle::wrappedLabel({}, this, QStringLiteral("afterTitle")))
    , m_beforeView(new ResultView(this))
    , m_afterView(new ResultView(this))
    , m_summary(ViewerStyle::wrappedLabel({}, this, QStringLiteral("compareSummary")))
    , m_textHeading(heading(tr("Text (− first, + second):"), this))
    , m_textDiff(new LineDiffView(this))
    , m_structuredHeading(heading(tr("Structured content:"), this))
    , m_structured(new QTableWidget(0, StructuredColumnCount, this))
{
    setObjectName(QStringLiteral("resultCompareView"));
    m_beforeView->setObjectName(QStringLiteral("beforeResult"));
    m_afterView->setObjectName(QStringLiteral("afterResult"));
    m_textDiff->setObjectName(QStringLiteral("textDiff"));
    m_textDiff->setAccessibleName(tr("Text differences"));
    m_structured->setObjectName(QStringLiteral("structuredChanges"));
    m_structured->setAccessibleName(tr("Structured content differences"));
    m_structured->setHorizontalHeaderLabels({tr("Change"), tr("Where"), tr("First"), tr("Second")});
    m_structured->verticalHeader()->hide();
    m_structured->verticalHeader()->setDefaultSectionSize(m_structured->fontMetrics().height() + 8);
    m_structured->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_structured->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_structured->setWordWrap(false);
    m_structured->horizontalHeader()->setSectionResizeMode(BeforeColumn, QHeaderView::Stretch);
    m_structured->horizontalHeader()->setSectionResizeMode(AfterColumn, QHeaderView::Stretch);

    auto *sides = new QSplitter(Qt::Horizontal, this);
    sides->setObjectName(QStringLiteral("compareSides"));
    sides->addWidget(side(m_beforeTitle, m_beforeView, sides));
    sides->addWidget(side(m_afterTitle, m_afterView, sides));
    sides->setChildrenCollapsible(false);

    auto *differences = new QWidget(this);
    auto *diffLayout = new QVBoxLayout(differences);
    diffLayout->setContentsMargins(0, 0, 0, 0);
    diffLayout->addWidget(heading(tr("Differences"), differences));
    diffLayout->addWidget(m_summary);
    diffLayout->addWidget(m_textHeading);
    diffLayout->addWidget(m_textDiff);
    diffLayout->addWidget(m_structuredHeading);
    diffLayout->addWidget(m_structured, 1);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(sides);
    split->addWidget(differences);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({360, 400}); // results are often short; the differences are what was asked for
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    m_textHeading->hide();
    m_textDiff->hide();
    m_structuredHeading->hide();
    m_structured->hide();
}

void ResultCompareView::setResults(const QString &beforeTitle, const CallToolResult &before, const QString &afterTitle,
                                   const CallToolResult &after)
{
    m_beforeTitle->setText(DisplayText::visibleLine(beforeTitle));
    m_afterTitle->setText(DisplayText::visibleLine(afterTitle));
    m_beforeView->setResult(before);
    m_afterView->setResult(after);
    m_summary->setText(tr("Comparing…"));
    m_textHeading->hide();
    m_textDiff->hide();
    m_structuredHeading->hide();
    m_structured->hide();
    // A diff of big results is quadratic in its lines (bounded by ResultDiff::Limits): never on the GUI thread.
    m_comparison.run([before, after] { return ResultDiff::between(before, after); },
                     [this](const ResultDiff &diff) { showDifferences(diff); });
}

void ResultCompareView::showDifferences(const ResultDiff &diff)
{
    QStringList summary;
    if (diff.isEmpty()) {
        summary.append(tr("The results are the same."));
    } else {
        if (diff.isErrorChanged)
            summary.append(tr("One result is an error and the other is not."));
        if (diff.textChanged)
            summary.append(tr("The text differs."));
        if (!diff.structuredChanges.isEmpty())
            summary.append(diff.structuredChanges.size() == 1
                               ? tr("The structured content differs in 1 place.")
                               : tr("The structured content differs in %1 places.").arg(diff.structuredChanges.size()));
        if (diff.otherContentChanged)
            summary.append(tr("Other content differs (images, audio, resources or links)."));
    }
    m_summary->setText(summary.join(u' '));

    m_textDiff->setLines(diff.textDiff);
    m_textDiff->fitHeight(2, 12);
    m_textHeading->setVisible(diff.textChanged);
    m_textDiff->setVisible(diff.textChanged);

    m_structured->setRowCount(0);
    const QList<JsonPathChange> &changes = diff.structuredChanges;
    m_structured->setRowCount(int(changes.size()) + (diff.structuredTruncated ? 1 : 0));
    int row = 0;
    for (const JsonPathChange &change : changes) {
        m_structured->setItem(row, ChangeColumn, cell(changeText(change.type)));
        m_structured->setItem(row, PointerColumn, cell(change.pointer.isEmpty() ? tr("(the whole value)") : change.pointer));
        m_structured->setItem(row, BeforeColumn, cell(change.type == JsonPathChange::Type::Added ? QString() : ResultDiff::preview(change.before)));
        m_structured->setItem(row, AfterColumn, cell(change.type == JsonPathChange::Type::Removed ? QString() : ResultDiff::preview(change.after)));
        ++row;
    }
    if (diff.structuredTruncated) {
        auto *more = cell(tr("… more differences not shown"));
        m_structured->setItem(row, ChangeColumn, more);
        m_structured->setSpan(row, ChangeColumn, 1, StructuredColumnCount);
    }
    m_structured->resizeColumnToContents(ChangeColumn);
    m_structured->resizeColumnToContents(PointerColumn);
    const bool structured = !changes.isEmpty();
    m_structuredHeading->setVisible(structured);
    m_structured->setVisible(structured);
    emit differencesShown();
}

ResultCompareDialog::ResultCompareDialog(QWidget *parent)
    : ComparisonDialog(parent)
    , m_view(new ResultCompareView(this))
{
    setObjectName(QStringLiteral("resultCompareDialog"));
    setWindowTitle(tr("Compare Results"));
    setView(m_view);
    resize(1000, 720);
}

void ResultCompareDialog::open(QWidget *parent, const QString &beforeTitle, const CallToolResult &before,
                               const QString &afterTitle, const CallToolResult &after)
{
    auto *dialog = new ResultCompareDialog(parent);
    dialog->m_view->setResults(beforeTitle, before, afterTitle, after);
    dialog->showNonModal();
}

} // namespace Toolgate

#include "moc_resultcompareview.cpp"
