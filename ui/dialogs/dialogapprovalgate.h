#pragma once

#include "core/calls/approval.h"
#include "ui/dialogs/confirmationdialog.h"
#include "ui/dialogs/runapprovaldialog.h"

#include <QObject>
#include <QPointer>

#include <deque>
#include <functional>
#include <optional>

class QWidget;

namespace Toolgate {

/// Answers approval requests with a ConfirmationDialog (a whole collection run with a RunApprovalDialog),
/// one at a time: requests that arrive while a
/// dialog is open wait in line (the open dialog says how many), so the person never faces a pile of
/// stacked windows and can never answer the wrong one. What a dialog shows is prepared off the GUI
/// thread first (ConfirmationDialog::prepare()); the dialog opens once that is done.
///
/// Each request is answered exactly once, on its context's thread, after the event loop returns (so an
/// answer that triggers the next request does not re-enter the gate). If the context dies first, the
/// request is dropped without an answer: its dialog closes, or it leaves the line. If a dialog goes away
/// without a decision (its window was destroyed) or the gate itself is destroyed, the outstanding
/// requests are denied.
class DialogApprovalGate final : public QObject, public ApprovalGate
{
    Q_OBJECT
public:
    /// dialogParent: the window the dialogs are modal to; also the gate's QObject parent.
    explicit DialogApprovalGate(QWidget *dialogParent);
    ~DialogApprovalGate() override;

    /// May be called from any thread; the dialog always runs on the gate's (GUI) thread.
    void requestApproval(const ApprovalRequest &request, QObject *context,
                         std::function<void(const ApprovalDecision &)> decide) override;

    /// Asks about a whole run of calls with a RunApprovalDialog, in the same line as single calls.
    void requestRunApproval(const RunApprovalRequest &request, QObject *context,
                            std::function<void(const ApprovalDecision &)> decide) override;

    /// Requests not yet answered: the one on screen plus those waiting.
    int pendingCount() const;
    /// The dialog on screen, if any.
    ConfirmationDialog *currentDialog() const { return m_dialog; }
    /// The run approval dialog on screen, if any.
    RunApprovalDialog *currentRunDialog() const { return m_runDialog; }

    /// Passed to every dialog (see ConfirmationDialog::setAllowDelay()); tests use 0.
    void setAllowDelay(int milliseconds) { m_allowDelayMs = milliseconds; }

signals:
    void pendingCountChanged(int count);

private:
    struct Pending
    {
        quint64 id = 0;
        ApprovalRequest request;
        std::optional<RunApprovalRequest> run; ///< set: a whole run, request unused
        QPointer<QObject> context;
        std::function<void(const ApprovalDecision &)> decide;
        QMetaObject::Connection contextWatch; // to the context's destroyed(); cut once answered
    };

    void enqueue(Pending pending);
    void showNext();
    /// Runs prepare() in the thread pool, then open(its result) here, if the current request is still
    /// the one it was made for and there is a window to ask in (else the request is denied).
    template<typename Prepare, typename Open>
    void prepareThenOpen(Prepare prepare, Open open);
    /// Puts dialog on screen for the current request and keeps it in slot.
    template<typename Dialog>
    void present(Dialog *dialog, QPointer<Dialog> &slot);
    void submit(Pending pending);
    void setQueuedCount();
    void onDecided(const ApprovalDecision &decision);
    void onContextDestroyed(quint64 id);
    void onDialogDestroyed(quint64 id);
    static void answer(Pending &pending, const ApprovalDecision &decision);
    void closeDialog();

    QPointer<QWidget> m_dialogParent;
    std::deque<Pending> m_waiting;
    std::optional<Pending> m_current;
    QPointer<ConfirmationDialog> m_dialog;
    QPointer<RunApprovalDialog> m_runDialog;
    quint64 m_nextId = 1;
    int m_allowDelayMs = -1; // -1: the dialog's default
};

} // namespace Toolgate
