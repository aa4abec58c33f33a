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
    // Nobody is left to ask: deny rather than leave the calls waiting forever.
    const ApprovalDecision closing = ApprovalDecision::deny(tr("Toolgate closed before you decided"));
    if (m_current)
        answer(*m_current, closing);
    for (Pending &pending : m_waiting)
        answer(pending, closing);
}

void DialogApprovalGate::requestApproval(const ApprovalRequest &request, QObject *context,
                                         std::function<void(const ApprovalDecision &)> decide)
{
    submit(Pending{0, request, std::nullopt, context, std::move(decide), {}});
}

void DialogApprovalGate::requestRunApproval(const RunApprovalRequest &request, QObject *context,
                                            std::function<void(const ApprovalDecision &)> decide)
{
    submit(Pending{0, ApprovalRequest{}, request, context, std::move(decide), {}});
}

void DialogApprovalGate::submit(Pending pending)
{
    if (!pending.decide)
        return;
    if (!pending.context) {
        // The contract requires a context; without one there is no thread to answer on but ours.
        qWarning("DialogApprovalGate: an approval was asked for without a context: denied");
        QMetaObject::invokeMethod(this, [decide = std::move(pending.decide)] {
            decide(ApprovalDecision::deny(QCoreApplication::translate("Toolgate::DialogApprovalGate", "no context to answer on")));
        }, Qt::QueuedConnection);
        return;
    }
    if (QThread::currentThread() != thread()) {
        // Widgets live on the GUI thread only.
        QMetaObject::invokeMethod(this, [this, pending = std::move(pending)]() mutable { enqueue(std::move(pending)); },
                                  Qt::QueuedConnection);
        return;
    }
    enqueue(std::move(pending));
}

int DialogApprovalGate::pendingCount() const
{
    return int(m_waiting.size()) + (m_current ? 1 : 0);
}

void DialogApprovalGate::enqueue(Pending pending)
{
    if (!pending.context)
        return; // died on the way here
    const quint64 id = m_nextId++; // numbered here, on the gate's thread, so callers on any thread never race
    pending.id = id;
    pending.contextWatch =
        connect(pending.context.data(), &QObject::destroyed, this, [this, id] { onContextDestroyed(id); });
    m_waiting.push_back(std::move(pending));
    setQueuedCount();
    emit pendingCountChanged(pendingCount());
    showNext();
}

void DialogApprovalGate::showNext()
{
    if (m_current)
        return;
    while (!m_waiting.empty() && !m_waiting.front().context)
        m_waiting.pop_front();
    if (m_waiting.empty())
        return;
    m_current = std::move(m_waiting.front());
    m_waiting.pop_front();

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
            Pending pending = std::move(*m_current);
            m_current.reset();
            answer(pending, ApprovalDecision::deny(tr("There is no window to ask in")));
            emit pendingCountChanged(pendingCount());
            showNext();
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
    dialog->setQueuedCount(int(m_waiting.size()));
    const quint64 id = m_current->id;
    connect(dialog, &Dialog::decided, this, &DialogApprovalGate::onDecided);
    connect(dialog, &QObject::destroyed, this, [this, id] { onDialogDestroyed(id); });
    slot = dialog;
    dialog->open();
    dialog->raise();
    dialog->activateWindow();
    QApplication::alert(dialog); // a call waits on the person: flash the taskbar entry if Toolgate is behind
}

void DialogApprovalGate::setQueuedCount()
{
    if (m_dialog)
        m_dialog->setQueuedCount(int(m_waiting.size()));
    if (m_runDialog)
        m_runDialog->setQueuedCount(int(m_waiting.size()));
}

void DialogApprovalGate::onDecided(const ApprovalDecision &decision)
{
    if (!m_current)
        return;
    Pending pending = std::move(*m_current);
    m_current.reset();
    closeDialog();
    answer(pending, decision);
    emit pendingCountChanged(pendingCount());
    // The finished dialog is still closing (we are inside its done()); open the next one afterwards.
    QMetaObject::invokeMethod(this, &DialogApprovalGate::showNext, Qt::QueuedConnection);
}

void DialogApprovalGate::onContextDestroyed(quint64 id)
{
    if (m_current && m_current->id == id) {
        m_current.reset(); // nobody to answer: close without a decision
        closeDialog();
        emit pendingCountChanged(pendingCount());
        QMetaObject::invokeMethod(this, &DialogApprovalGate::showNext, Qt::QueuedConnection);
        return;
    }
    const auto it = std::find_if(m_waiting.begin(), m_waiting.end(), [id](const Pending &p) { return p.id == id; });
    if (it == m_waiting.end())
        return;
    m_waiting.erase(it);
    setQueuedCount();
    emit pendingCountChanged(pendingCount());
}

void DialogApprovalGate::onDialogDestroyed(quint64 id)
{
    // Only reached when the dialog went without deciding (decided() disconnects us first), e.g. its
    // window was destroyed. The caller is still waiting: deny, once.
    if (!m_current || m_current->id != id)
        return;
    Pending pending = std::move(*m_current);
    m_current.reset();
    answer(pending, ApprovalDecision::deny(tr("The confirmation dialog closed without a decision")));
    emit pendingCountChanged(pendingCount());
    QMetaObject::invokeMethod(this, &DialogApprovalGate::showNext, Qt::QueuedConnection);
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

void DialogApprovalGate::answer(Pending &pending, const ApprovalDecision &decision)
{
    QObject::disconnect(pending.contextWatch);
    if (!pending.context || !pending.decide)
        return;
    // Queued onto the context: the answer runs on its thread, never inside the dialog's own signal, and is
    // dropped by Qt if the context dies before it is delivered.
    QMetaObject::invokeMethod(pending.context.data(), [decide = std::move(pending.decide), decision] { decide(decision); },
                              Qt::QueuedConnection);
    pending.decide = nullptr;
}

} // namespace Toolgate

#include "moc_dialogapprovalgate.cpp"
