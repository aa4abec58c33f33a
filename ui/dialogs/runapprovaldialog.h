#pragma once

#include "core/calls/approval.h"
#include "ui/dialogs/approvaldialog.h"

#include <QStringList>

class QLabel;
class QPushButton;

namespace Toolgate {

/// Asks a person once whether a whole run of calls (a collection run, issue 19) may go: shows the run's
/// name and every call with its server (name and command or URL), tool and the exact arguments, as
/// pretty JSON in the order they are sent. Approving approves exactly these calls; nothing can be edited
/// here (a call that differs at run time is asked about on its own).
///
/// Safe by default like ConfirmationDialog: Cancel has focus and is the default button, Esc and closing
/// deny, and "Run These Calls" only becomes active a moment after the dialog appears. Everything the
/// server or the collection file supplied is plain text with hidden characters escaped.
///
/// Open it with open(); decided() is emitted exactly once.
class RunApprovalDialog final : public ApprovalDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunApprovalDialog)
public:
    /// The arguments of every call as shown (ConfirmationDialog::visibleArguments()); large runs take a
    /// while, so the gate makes this off the GUI thread.
    static QStringList prepare(const RunApprovalRequest &request);

    explicit RunApprovalDialog(const RunApprovalRequest &request, QWidget *parent = nullptr);
    RunApprovalDialog(const RunApprovalRequest &request, const QStringList &argumentTexts, QWidget *parent = nullptr);

    const RunApprovalRequest &request() const { return m_request; }
    /// The arguments text shown for each call, in the run's order.
    const QStringList &argumentTexts() const { return m_argumentTexts; }

    QPushButton *runButton() const { return m_run; }
    QPushButton *cancelButton() const { return m_cancel; }

    /// How many more requests wait behind this one; shown as a note when positive.
    void setQueuedCount(int count);

protected:
    ApprovalDecision decide(bool accepted) const override;
    QSize firstSize() const override;

private:
    QWidget *buildCall(int index, QWidget *parent);

    RunApprovalRequest m_request;
    QStringList m_argumentTexts;
    bool m_runChosen = false;
    QLabel *m_queuedNote = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
};

} // namespace Toolgate
