#pragma once

#include <QDialog>

namespace Toolgate {

/// A window of its own around one comparison view (ResultCompareDialog, InterfaceDiffDialog): the view
/// above a Close button. Shown non-modal, so the person may look at the audit log or run the tool again
/// meanwhile, and deleted when closed.
class ComparisonDialog : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparisonDialog)
protected:
    explicit ComparisonDialog(QWidget *parent);

    /// Lays out view above the Close button; once, from the subclass's constructor.
    void setView(QWidget *view);
    /// Shows the window, non-modal, to be deleted when closed.
    void showNonModal();
};

} // namespace Toolgate
