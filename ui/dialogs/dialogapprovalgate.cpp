#include "ui/dialogs/dialogapprovalgate.h"

#include "ui/dialogs/confirmationdialog.h"
#include "ui/dialogs/runapprovaldialog.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFutureWatcher>
#include <QPromise>
#include <QThread>
#include <QThreadPool>
#include <QWidget>

#include <algorithm>
#include <type_traits>

namespace Toolgate {

DialogApprovalGate::DialogApprovalGate(QWidget *dialogParent)
    : QObject(dialogParent)
    , m_dialogParent(dialogParent)
{
}

DialogApprovalGate::~DialogApprovalGate()
{
    if (m_dialog) {
        disconnect(m_dialog, nullptr, this, nullptr);
        delete m_dialog.data();
    }
    if (m_runDialog) {
        disconnect(m_runDialog, nullptr, this, nullptr);
        delete m_runDialog.data();
    }
    // Nobody is left to ask: deny rather than leave the call waiting forever.
    if (m_current)
        answer(*m_current, ApprovalDecision::deny(tr("Toolgate closed before you decided")));
}

void DialogApprovalGate::requestApproval(const ApprovalRequest &request, QObject *context,
                                         std::function<void(const ApprovalDecision &)> decide)
{
    submit(Question{0, request, std::nullopt, context, std::move(decide), {}});
}

void DialogApprovalGate::requestRunApproval(const RunApprovalRequest &request, QObject *context,
                                            std::function<void(const ApprovalDecision &)> decide)
{
    submit(Question{0, ApprovalRequest{}, request, context, std::move(decide), {}});
}

void DialogApprovalGate::setWaitingCount(int count)
{
    m_waitingCount = count;
    if (m_dialog)
        m_dialog->setQueuedCount(count);
    if (m_runDialog)
        m_runDialog->setQueuedCount(count);
}

void DialogApprovalGate::submit(Question question)
{
    if (!question.decide)
        return;
    if (!question.context) {
        // The contract requires a context; without one there is no thread to answer on but ours.
        qWarning("DialogApprovalGate: an approval was asked for without a context: denied");
        QMetaObject::invokeMethod(this, [decide = std::move(question.decide)] {
            decide(ApprovalDecision::deny(QCoreApplication::translate("Toolgate::DialogApprovalGate", "no context to answer on")));
        }, Qt::QueuedConnection);
        return;
    }
    if (QThread::currentThread() != thread()) {
        // Widgets live on the GUI thread only.
        QMetaObject::invokeMethod(this, [this, question = std::move(question)]() mutable { show(std::move(question)); },
                                  Qt::QueuedConnection);
        return;
    }
    show(std::move(question));
}

void DialogApprovalGate::show(Question question)
{
    if (!question.context)
        return; // died on the way here
    if (m_current) {
        // The ApprovalQueue puts one question at a time; two dialogs at once could be answered wrongly.
        qWarning("DialogApprovalGate: asked while another question is open: denied");
        answer(question, ApprovalDecision::deny(tr("Another question was still open")));
        return;
    }
    const quint64 id = m_nextId++;
    question.id = id;
    question.contextWatch =
        connect(question.context.data(), &QObject::destroyed, this, [this, id] { onContextDestroyed(id); });
    m_current = std::move(question);

    // What a dialog shows takes a while for large arguments (or a large run): the JSON text and the
    // wording of its problems are made in the thread pool, so that the window stays responsive; the
    // dialog opens when they are ready.
    if (m_current->run) {
        prepareThenOpen([run = *m_current->run] { return RunApprovalDialog::prepare(run); },
                        [this](const QStringList &argumentTexts) {
                            present(new RunApprovalDialog(*m_current->run, argumentTexts, m_dialogParent), m_runDialog);
                        });
        return;
    }
    prepareThenOpen([request = m_current->request] { return ConfirmationDialog::prepare(request); },
                    [this](ConfirmationDialog::Prepared prepared) {
                        present(new ConfirmationDialog(m_current->request, std::move(prepared), m_dialogParent), m_dialog);
                    });
}

template<typename Prepare, typename Open>
void DialogApprovalGate::prepareThenOpen(Prepare prepare, Open open)
{
    using Result = std::invoke_result_t<Prepare>;
    const quint64 id = m_current->id;
    auto promise = std::make_shared<QPromise<Result>>();
    // The watcher is our child: if the gate goes first, the preparation is simply dropped.
    auto *watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, id, open = std::move(open)] {
        watcher->deleteLater();
        // Answered or dropped meanwhile (its context died): the next request may be on its way already.
        if (!m_current || m_current->id != id || watcher->future().resultCount() == 0)
            return;
        if (!m_dialogParent) {
            settle(id, ApprovalDecision::deny(tr("There is no window to ask in")));
            return;
        }
        open(watcher->future().result());
    });
    watcher->setFuture(promise->future());
    promise->start();
    QThreadPool::globalInstance()->start([promise, prepare = std::move(prepare)] {
        promise->addResult(prepare());
        promise->finish();
    });
}

template<typename Dialog>
void DialogApprovalGate::present(Dialog *dialog, QPointer<Dialog> &slot)
{
    if (m_allowDelayMs >= 0)
        dialog->setAllowDelay(m_allowDelayMs);
    dialog->setQueuedCount(m_waitingCount);
    const quint64 id = m_current->id;
    connect(dialog, &Dialog::decided, this, [this, id](const ApprovalDecision &decision) { settle(id, decision); });
    // Only reached when the dialog went without deciding (closeDialog() disconnects us first), e.g. its
    // window was destroyed. The caller is still waiting: deny, once.
    connect(dialog, &QObject::destroyed, this,
            [this, id] { settle(id, ApprovalDecision::deny(tr("The confirmation dialog closed without a decision"))); });
    slot = dialog;
    dialog->open();
    dialog->raise();
    dialog->activateWindow();
    QApplication::alert(dialog); // a call waits on the person: flash the taskbar entry if Toolgate is behind
}

void DialogApprovalGate::settle(quint64 id, const ApprovalDecision &decision)
{
    if (!m_current || m_current->id != id)
        return;
    Question question = std::move(*m_current);
    m_current.reset();
    closeDialog();
    answer(question, decision);
}

void DialogApprovalGate::onContextDestroyed(quint64 id)
{
    if (!m_current || m_current->id != id)
        return;
    m_current.reset(); // nobody to answer: close without a decision
    closeDialog();
}

void DialogApprovalGate::closeDialog()
{
    const QList<QDialog *> open{m_dialog.data(), m_runDialog.data()};
    m_dialog = nullptr;
    m_runDialog = nullptr;
    for (QDialog *dialog : open) {
        if (!dialog)
            continue;
        disconnect(dialog, nullptr, this, nullptr);
        dialog->hide();
        dialog->deleteLater(); // may be inside one of its own signals
    }
}

void DialogApprovalGate::answer(Question &question, const ApprovalDecision &decision)
{
    QObject::disconnect(question.contextWatch);
    if (!question.context || !question.decide)
        return;
    // Queued onto the context: the answer runs on its thread, never inside the dialog's own signal, and is
    // dropped by Qt if the context dies before it is delivered.
    QMetaObject::invokeMethod(question.context.data(), [decide = std::move(question.decide), decision] { decide(decision); },
                              Qt::QueuedConnection);
    question.decide = nullptr;
}

} // namespace Toolgate

#include "moc_dialogapprovalgate.cpp"
