#pragma once

#include "core/calls/approval.h"

#include <QDialog>

class QPushButton;

namespace Toolgate {

class AllowDelay;

/// What the dialogs that approve calls share (ConfirmationDialog for one call, RunApprovalDialog for a
/// collection run): they are safe by default. The safe button has the focus whenever the dialog is
/// shown; the approving buttons only become active a moment after it appears (AllowDelay); anything but
/// a choice to allow (Esc, closing the window, a programmatic accept()) denies. decided() is emitted
/// exactly once.
class ApprovalDialog : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApprovalDialog)
public:
    /// The decision, once made; a Deny without reason before that.
    ApprovalDecision decision() const { return m_decision; }
    bool isDecided() const { return m_decided; }

    /// How long the approving buttons stay inactive after the dialog appears or its window is activated
    /// again (default AllowDelay::DefaultMs).
    void setAllowDelay(int milliseconds);

signals:
    /// The person decided (or the dialog was closed, which denies). Emitted exactly once.
    void decided(const Toolgate::ApprovalDecision &decision);

public slots:
    void done(int result) override;
    void setVisible(bool visible) override;

protected:
    explicit ApprovalDialog(QWidget *parent);

    AllowDelay *allowDelay() const { return m_allowDelay; }
    /// The button that gets the focus whenever the dialog is shown (Deny, Cancel).
    void setSafeButton(QPushButton *button) { m_safeButton = button; }

    /// The decision the dialog stands for as it closes: an allow only when accepted (accepted) through a
    /// choice to allow that can be made now; otherwise a denial, and the dialog is rejected.
    virtual ApprovalDecision decide(bool accepted) const = 0;
    /// The size the dialog first shows with, worked out at the last moment, once everything that may
    /// show is decided; see screenCappedHeight().
    virtual QSize firstSize() const = 0;
    /// height, at most nine tenths of the screen the dialog shows on.
    int screenCappedHeight(int height) const;

    void showEvent(QShowEvent *event) override;

private:
    AllowDelay *m_allowDelay;
    QPushButton *m_safeButton = nullptr;
    ApprovalDecision m_decision = ApprovalDecision::deny();
    bool m_decided = false;
    bool m_sized = false;
};

} // namespace Toolgate
