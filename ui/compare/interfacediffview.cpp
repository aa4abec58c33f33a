#include "ui/compare/interfacediffview.h"

#include "core/calls/toolpin.h"
#include "core/common/displaytext.h"
#include "ui/viewers/backgroundtask.h"
#include "ui/viewers/linediffview.h"
#include "ui/viewers/viewerstyle.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Toolgate {

namespace {

constexpr InterfaceItemKind kinds[] = {InterfaceItemKind::Tool, InterfaceItemKind::Resource,
                                       InterfaceItemKind::ResourceTemplate, InterfaceItemKind::Prompt};

QString groupTitle(InterfaceItemKind kind, int count)
{
    switch (kind) {
    case InterfaceItemKind::Tool: return InterfaceDiffView::tr("Tools (%1)").arg(count);
    case InterfaceItemKind::Resource: return InterfaceDiffView::tr("Resources (%1)").arg(count);
    case InterfaceItemKind::ResourceTemplate: return InterfaceDiffView::tr("Resource templates (%1)").arg(count);
    case InterfaceItemKind::Prompt: return InterfaceDiffView::tr("Prompts (%1)").arg(count);
    }
    return {};
}

QString typeText(InterfaceItemChange::Type type)
{
    switch (type) {
    case InterfaceItemChange::Type::Added: return InterfaceDiffView::tr("added");
    case InterfaceItemChange::Type::Removed: return InterfaceDiffView::tr("removed");
    case InterfaceItemChange::Type::Changed: return InterfaceDiffView::tr("changed");
    }
    return {};
}

QString typeMark(InterfaceItemChange::Type type)
{
    switch (type) {
    case InterfaceItemChange::Type::Added: return QStringLiteral("+");
    case InterfaceItemChange::Type::Removed: return QStringLiteral("−");
    case InterfaceItemChange::Type::Changed: return QStringLiteral("~");
    }
    return {};
}

/// The fields to show for an item: those that changed, or for an added or removed item all it has
/// (the well-known ones first, as the approval shows them).
QStringList fieldsOf(const InterfaceItemChange &change)
{
    if (change.type == InterfaceItemChange::Type::Changed)
        return change.changedFields;
    const QJsonObject &item = change.type == InterfaceItemChange::Type::Added ? change.after : change.before;
    QStringList fields;
    for (const char *known : {"name", "uri", "uriTemplate", "title", "description", "mimeType", "inputSchema",
                              "outputSchema", "arguments", "annotations"}) {
        if (item.contains(QLatin1StringView(known)))
            fields.append(QLatin1StringView(known));
    }
    for (auto it = item.constBegin(); it != item.constEnd(); ++it) {
        if (!fields.contains(it.key()))
            fields.append(it.key());
    }
    return fields;
}

} // namespace

InterfaceDiffView::InterfaceDiffView(QWidget *parent)
    : QWidget(parent)
    , m_beforeTitle(ViewerStyle::wrappedLabel({}, this))
    , m_afterTitle(ViewerStyle::wrappedLabel({}, this))
    , m_summary(ViewerStyle::wrappedLabel({}, this))
    , m_tree(new QTreeWidget(this))
    , m_scroll(new QScrollArea(this))
{
    setObjectName(QStringLiteral("interfaceDiffView"));
    m_beforeTitle->setObjectName(QStringLiteral("beforeTitle"));
    m_afterTitle->setObjectName(QStringLiteral("afterTitle"));
    m_summary->setObjectName(QStringLiteral("diffSummary"));
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    m_tree->setObjectName(QStringLiteral("interfaceChanges"));
    m_tree->setAccessibleName(tr("Differences"));
    m_tree->setHeaderHidden(true);
    m_tree->setColumnCount(1);
    m_tree->setUniformRowHeights(true);
    m_tree->setMinimumWidth(220);
    m_scroll->setObjectName(QStringLiteral("changeDetailArea"));
    m_scroll->setWidgetResizable(true);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_tree);
    split->addWidget(m_scroll);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setSizes({250, 750}); // the diffs need the room; names in the list are short
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_beforeTitle);
    layout->addWidget(m_afterTitle);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        const QVariant index = item ? item->data(0, ChangeIndexRole) : QVariant();
        showChange(index.isValid() ? index.toInt() : -1);
    });
    showChange(-1);
}

void InterfaceDiffView::setSnapshots(const QString &beforeTitle, const InterfaceSnapshot &before, const QString &afterTitle,
                                     const InterfaceSnapshot &after)
{
    m_beforeTitle->setText(tr("First: %1").arg(DisplayText::visibleLine(beforeTitle)));
    m_afterTitle->setText(tr("Second: %1").arg(DisplayText::visibleLine(afterTitle)));
    m_summary->setText(tr("Comparing…"));
    m_tree->clear();
    m_diff = {};
    // Hundreds of tools with big schemas take a moment to compare: not on the GUI thread.
    m_comparison.run([before, after] { return InterfaceDiff::between(before, after); },
                     [this](const InterfaceDiff &diff) { showDiff(diff); });
    showChange(-1);
}

void InterfaceDiffView::showDiff(const InterfaceDiff &diff)
{
    m_diff = diff;
    m_tree->clear();
    if (diff.isEmpty()) {
        m_summary->setText(tr("The interfaces are the same."));
    } else {
        m_summary->setText((diff.changes.size() == 1 ? tr("1 difference: ") : tr("%1 differences: ").arg(diff.changes.size()))
                           + tr("%1 added, %2 removed, %3 changed.")
                                 .arg(diff.count(InterfaceItemChange::Type::Added))
                                 .arg(diff.count(InterfaceItemChange::Type::Removed))
                                 .arg(diff.count(InterfaceItemChange::Type::Changed)));
    }
    for (const InterfaceItemKind kind : kinds) {
        QList<int> indexes;
        for (int i = 0; i < diff.changes.size(); ++i) {
            if (diff.changes.at(i).kind == kind)
                indexes.append(i);
        }
        if (indexes.isEmpty())
            continue;
        auto *group = new QTreeWidgetItem(m_tree, {groupTitle(kind, int(indexes.size()))});
        group->setFlags(Qt::ItemIsEnabled);
        QFont bold = group->font(0);
        bold.setBold(true);
        group->setFont(0, bold);
        for (const int i : std::as_const(indexes)) {
            const InterfaceItemChange &change = diff.changes.at(i);
            auto *item = new QTreeWidgetItem(group, {typeMark(change.type) + u' ' + DisplayText::visibleLine(change.key)});
            item->setData(0, ChangeIndexRole, i);
            item->setToolTip(0, typeText(change.type) + QStringLiteral(": ") + DisplayText::visibleLine(change.key));
        }
        group->setExpanded(true);
    }
    emit diffShown();
    // The first change at once: one look shows what kind of difference there is.
    if (!diff.isEmpty())
        selectChange(0);
}

void InterfaceDiffView::selectChange(int index)
{
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        if ((*it)->data(0, ChangeIndexRole) == QVariant(index)) {
            m_tree->setCurrentItem(*it);
            return;
        }
    }
}

void InterfaceDiffView::showChange(int index)
{
    // A fresh page for every selection: its diffs are small (bounded by lineDiff) and made on demand.
    auto *page = new QWidget;
    page->setObjectName(QStringLiteral("changeDetail"));
    auto *layout = new QVBoxLayout(page);
    if (index < 0 || index >= m_diff.changes.size()) {
        layout->addWidget(
            ViewerStyle::wrappedLabel(m_comparison.isDelivered() && !m_diff.isEmpty() ? tr("Select an item to see what changed.") : QString(), page));
        layout->addStretch(1);
    } else {
        const InterfaceItemChange &change = m_diff.changes.at(index);
        auto *title = ViewerStyle::wrappedLabel(InterfaceDiff::describeKind(change.kind) + u' ' + DisplayText::visibleLine(change.key) + QStringLiteral(" — ")
                                     + typeText(change.type),
                                 page);
        title->setObjectName(QStringLiteral("changeHeading"));
        QFont bold = title->font();
        bold.setBold(true);
        title->setFont(bold);
        layout->addWidget(title);
        const bool added = change.type == InterfaceItemChange::Type::Added;
        const bool removed = change.type == InterfaceItemChange::Type::Removed;
        if (added || removed)
            layout->addWidget(ViewerStyle::wrappedLabel(added ? tr("Only in the second. Its definition:") : tr("Only in the first. Its definition:"), page));
        // An added or removed item is shown as the diff of its fields against nothing, so it reads
        // like a change: its whole definition in green or red.
        InterfaceItemChange shown = change;
        shown.changedFields = fieldsOf(change);
        for (const QString &field : std::as_const(shown.changedFields)) {
            QStringList lines = shown.lineDiff(field);
            if (added)
                lines.removeAll(QStringLiteral("- ")); // the missing "before" as an empty line
            if (removed)
                lines.removeAll(QStringLiteral("+ "));
            layout->addWidget(ViewerStyle::wrappedLabel(change.type == InterfaceItemChange::Type::Changed
                                             ? tr("Changes to %1 (− first, + second):").arg(DefinitionChange::describeField(field))
                                             : DefinitionChange::describeField(field) + u':',
                                         page));
            auto *diff = new LineDiffView(page);
            diff->setObjectName(QStringLiteral("fieldDiff_") + field);
            diff->setLines(lines);
            diff->fitHeight(2, 24);
            layout->addWidget(diff);
        }
        layout->addStretch(1);
    }
    m_scroll->setWidget(page); // deletes the previous page
    m_detail = page;
}

InterfaceDiffDialog::InterfaceDiffDialog(QWidget *parent)
    : ComparisonDialog(parent)
    , m_view(new InterfaceDiffView(this))
{
    setObjectName(QStringLiteral("interfaceDiffDialog"));
    setWindowTitle(tr("Compare Interfaces"));
    setView(m_view);
    resize(980, 660);
}

InterfaceDiffDialog *InterfaceDiffDialog::open(QWidget *parent, const QString &beforeTitle, const InterfaceSnapshot &before,
                                               const QString &afterTitle, const InterfaceSnapshot &after)
{
    auto *dialog = new InterfaceDiffDialog(parent);
    dialog->m_view->setSnapshots(beforeTitle, before, afterTitle, after);
    dialog->showNonModal();
    return dialog;
}

} // namespace Toolgate

#include "moc_interfacediffview.cpp"
