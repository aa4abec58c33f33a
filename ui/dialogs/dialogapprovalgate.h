#pragma once

#include "core/calls/approval.h"
#include "ui/dialogs/confirmationdialog.h"
#include "ui/dialogs/runapprovaldialog.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class QWidget;

namespace Toolgate {

/// Answers the question the pipeline's ApprovalQueue puts — one at a time — with a ConfirmationDialog
/// (a whole collection run with a RunApprovalDialog), which says how many more wait behind it. What a
/// dialog shows is prepared off the GUI thread first (ConfirmationDialog::prepare()); the dialog opens
/// once that is done.
///
/// The question is answered exactly once, on its context's thread, after the event loop returns (so an
/// answer that triggers the next question does not re-enter the gate). If the context dies first, the
/// dialog closes without an answer. If the dialog goes away without a decision (its window was
/// destroyed) or the gate itself is destroyed, the question is denied.
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
    /// Asks about a whole run of calls with a RunApprovalDialog.
    void requestRunApproval(const RunApprovalRequest &request, QObject *context,
                            std::function<void(const ApprovalDecision &)> decide) override;
    void setWaitingCount(int count) override;

    /// The dialog on screen, if any.
    ConfirmationDialog *currentDialog() const { return m_dialog; }
    /// The run approval dialog on screen, if any.
    RunApprovalDialog *currentRunDialog() const { return m_runDialog; }

    /// Passed to every dialog (see ConfirmationDialog::setAllowDelay()); tests use 0.
    void setAllowDelay(int milliseconds) { m_allowDelayMs = milliseconds; }

private:
    struct Question
    {
        quint64 id = 0;
        ApprovalRequest request;
        std::optional<RunApprovalRequest> run; ///< set: a whole run, request unused
        QPointer<QObject> context;
        std::function<void(const ApprovalDecision &)> decide;
        QMetaObject::Connection contextWatch; // to the context's destroyed(); cut once answered
    };

    void submit(Question question);
    void show(Question question);
    /// Runs prepare() in the thread pool, then open(its result) here, if the current question is still
    /// the one it was made for and there is a window to ask in (else the question is denied).
    template<typename Prepare, typename Open>
    void prepareThenOpen(Prepare prepare, Open open);
    /// Puts dialog on screen for the current question and keeps it in slot.
    template<typename Dialog>
    void present(Dialog *dialog, QPointer<Dialog> &slot);
    /// Answers the current question (if it is still id) and closes its dialog.
    void settle(quint64 id, const ApprovalDecision &decision);
    void onContextDestroyed(quint64 id);
    static void answer(Question &question, const ApprovalDecision &decision);
    void closeDialog();

    QPointer<QWidget> m_dialogParent;
    std::optional<Question> m_current;
    QPointer<ConfirmationDialog> m_dialog;
    QPointer<RunApprovalDialog> m_runDialog;
    quint64 m_nextId = 1;
    int m_waitingCount = 0;
    int m_allowDelayMs = -1; // -1: the dialog's default
};

} // namespace Toolgate
