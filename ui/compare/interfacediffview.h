#pragma once

#include "core/compare/interfacediff.h"
#include "ui/compare/comparisondialog.h"
#include "ui/viewers/backgroundtask.h"

#include <QWidget>

class QLabel;
class QScrollArea;
class QTreeWidget;

namespace Toolgate {

/// Two snapshots of a server's interface compared (core's InterfaceDiff): the added, removed and
/// changed tools, resources, resource templates and prompts, grouped by kind with their counts;
/// the selected item's definition, and for a changed one a line diff of each field that changed
/// (a schema's differences line by line). The diff is computed off the GUI thread.
class InterfaceDiffView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InterfaceDiffView)
public:
    /// Where an item row keeps its index into diff().changes.
    static constexpr int ChangeIndexRole = Qt::UserRole + 1;

    explicit InterfaceDiffView(QWidget *parent = nullptr);

    /// Compares before with after (in the background); diffShown() follows.
    void setSnapshots(const QString &beforeTitle, const InterfaceSnapshot &before, const QString &afterTitle,
                      const InterfaceSnapshot &after);
    bool isCompared() const { return m_comparison.isDelivered(); }
    const InterfaceDiff &diff() const { return m_diff; }

    /// Shows diff().changes[index] in the detail part (and selects its row).
    void selectChange(int index);

    /// Groups (one per kind with changes) with an item row per change.
    QTreeWidget *changeTree() const { return m_tree; }
    /// "3 added, 0 removed, 1 changed" or that the interfaces are the same.
    QLabel *summaryLabel() const { return m_summary; }
    /// The selected item's part: its heading, then per field a label and a LineDiffView
    /// (objectName "fieldDiff_<field>").
    QWidget *detail() const { return m_detail; }

signals:
    void diffShown();

private:
    void showDiff(const InterfaceDiff &diff);
    void showChange(int index);

    QLabel *m_beforeTitle;
    QLabel *m_afterTitle;
    QLabel *m_summary;
    QTreeWidget *m_tree;
    QScrollArea *m_scroll;
    QWidget *m_detail = nullptr;
    InterfaceDiff m_diff;
    LatestBackgroundResult m_comparison{this};
};

/// A window of its own around an InterfaceDiffView.
class InterfaceDiffDialog final : public ComparisonDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InterfaceDiffDialog)
public:
    explicit InterfaceDiffDialog(QWidget *parent = nullptr);

    InterfaceDiffView *view() const { return m_view; }

    /// Opens a new comparison window, non-modal, deleted when closed; returns it (it is already shown).
    static InterfaceDiffDialog *open(QWidget *parent, const QString &beforeTitle, const InterfaceSnapshot &before,
                                     const QString &afterTitle, const InterfaceSnapshot &after);

private:
    InterfaceDiffView *m_view;
};

} // namespace Toolgate
