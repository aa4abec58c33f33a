#include "clientfeatures.h"

#include "client/clientsession.h"
#include "elicitationdialog.h"
#include "jsonrpc/jsonrpcerror.h"
#include "pendingserverrequest.h"
#include "rootsstore.h"
#include "samplingdialog.h"
#include "workspace/serverconnection.h"

#include <QDialog>
#include <QJsonArray>
#include <QLoggingCategory>
#include <QTimer>

#include <algorithm>

Q_LOGGING_CATEGORY(lcClientFeatures, "toolgate.ui.clientfeatures")

namespace Toolgate {

namespace {

const QString SamplingMethod = QStringLiteral("sampling/createMessage");
const QString ElicitationMethod = QStringLiteral("elicitation/create");
const QString RootsMethod = QStringLiteral("roots/list");

ApprovalDecision humanDecision(ApprovalDecision::Kind kind, const QString &reason = {})
{
    return ApprovalDecision{kind, ApprovalDecision::Source::Human, reason, std::nullopt};
}

QString requestKind(const QString &method)
{
    return method == SamplingMethod ? ClientFeatures::tr("sampling") : ClientFeatures::tr("elicitation");
}

QString minutesText(std::chrono::milliseconds timeout)
{
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(timeout).count();
    if (seconds >= 120)
        return ClientFeatures::tr("%1 minutes").arg(seconds / 60);
    return ClientFeatures::tr("%1 seconds").arg(seconds);
}

ServerIdentity identityOf(ClientSession *session, ServerConnection *connection)
{
    if (connection)
        return connection->identity();
    return ServerIdentity{session->serverInfo().name, {}, session->serverInfo()};
}

} // namespace

struct ClientFeatures::Entry
{
    std::unique_ptr<PendingServerRequest> request;
    QObject *sessionKey = nullptr;
    QPointer<QDialog> dialog;
    std::unique_ptr<QTimer> deadline;
};

struct ClientFeatures::ServerQueue
{
    /// The first entry is the one shown; the rest wait.
    QList<std::shared_ptr<Entry>> entries;
};

ClientFeatures::ClientFeatures(RootsStore *roots, AuditLog *audit, QWidget *dialogParent, QObject *parent)
    : QObject(parent)
    , m_roots(roots)
    , m_audit(audit)
    , m_dialogParent(dialogParent)
{
    Q_ASSERT(roots);
    connect(m_roots, &RootsStore::changed, this, [this] {
        for (const QPointer<ClientSession> &session : std::as_const(m_sessions)) {
            if (session)
                session->notifyRootsListChanged();
        }
    });
}

ClientFeatures::~ClientFeatures()
{
    // Answer what is still open rather than leaving servers waiting on dialogs that are going away.
    const QList<QObject *> keys = m_queues.keys();
    for (QObject *key : keys)
        abandonAll(key, tr("Toolgate is closing"));
    for (const RequiredDialog &required : std::as_const(m_requiredDialogs)) {
        if (required.dialog)
            required.dialog->close();
    }
}

void ClientFeatures::setAnswerTimeout(std::chrono::milliseconds timeout)
{
    m_answerTimeout = timeout;
}

void ClientFeatures::configureSession(ClientSession *session, ServerConnection *connection)
{
    QPointer<ClientFeatures> guard(this);
    QPointer<ServerConnection> owner(connection);
    const auto handlerFor = [guard, owner, session](const QString &method) {
        return [guard, owner, session, method](const QJsonObject &params, const Responder &responder) {
            if (!guard) {
                responder.respondError(makeError(ErrorCode::InternalError, QStringLiteral("Toolgate is closing")));
                return;
            }
            if (method == RootsMethod)
                guard->answerRoots(session, owner, params, responder);
            else
                guard->enqueue(session, owner, method, params, responder);
        };
    };
    session->setRootsHandler(handlerFor(RootsMethod), true);
    session->setSamplingHandler(handlerFor(SamplingMethod));
    session->setElicitationHandler(handlerFor(ElicitationMethod), {QStringLiteral("form"), QStringLiteral("url")});

    m_sessions.removeAll(nullptr);
    m_sessions.append(session);
    QObject *key = session;
    connect(session, &ClientSession::serverRequestCancelled, this,
            [this, key](const RequestId &id, const QString &reason) { onCancelled(key, id, reason); });
    connect(session, &ClientSession::urlElicitationRequired, this, [this, session, owner](const QList<UrlElicitation> &elicitations) {
        showRequiredElicitations(session, owner, elicitations);
    });
    connect(session, &ClientSession::elicitationCompleted, this, [this, session, owner](const QString &elicitationId) {
        onElicitationCompleted(session, owner, elicitationId);
    });
    connect(session, &ClientSession::stateChanged, this, [this, key](ClientSession::State state) {
        if (state == ClientSession::State::Closing || state == ClientSession::State::Closed || state == ClientSession::State::Failed)
            abandonAll(key, tr("the server disconnected"));
    });
    connect(session, &QObject::destroyed, this, [this, key] {
        abandonAll(key, tr("the server disconnected"));
        // Windows for -32042 steps stay (opening the link is still the person's choice), but no later session
        // at the same address may complete them.
        for (RequiredDialog &required : m_requiredDialogs) {
            if (required.sessionKey == key)
                required.sessionKey = nullptr;
        }
    });
}

QList<QDialog *> ClientFeatures::openDialogs() const
{
    QList<QDialog *> dialogs;
    for (const auto &queue : m_queues) {
        if (!queue->entries.isEmpty() && queue->entries.first()->dialog)
            dialogs.append(queue->entries.first()->dialog);
    }
    for (const RequiredDialog &required : m_requiredDialogs) {
        if (required.dialog)
            dialogs.append(required.dialog);
    }
    return dialogs;
}

int ClientFeatures::pendingCount() const
{
    int count = 0;
    for (const auto &queue : m_queues)
        count += int(queue->entries.size());
    return count;
}

void ClientFeatures::showRequiredElicitations(ClientSession *session, ServerConnection *connection,
                                              const QList<UrlElicitation> &elicitations)
{
    m_requiredDialogs.removeIf([](const RequiredDialog &required) { return !required.dialog || required.dialog->isHidden(); });
    const ServerIdentity server = identityOf(session, connection);
    for (const UrlElicitation &elicitation : elicitations) {
        // The same step asked for again (the person ran the call before finishing it): one dialog is enough.
        const auto open = std::find_if(m_requiredDialogs.cbegin(), m_requiredDialogs.cend(), [&](const RequiredDialog &required) {
            return required.sessionKey == session && required.elicitationId == elicitation.elicitationId;
        });
        if (open != m_requiredDialogs.cend()) {
            open->dialog->raise();
            open->dialog->activateWindow();
            continue;
        }
        auto *dialog = new ElicitationDialog(server, elicitation.toJson(), m_dialogParent,
                                             ElicitationDialog::Purpose::RequiredByCall);
        dialog->setWindowFlag(Qt::Window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        m_requiredDialogs.append(RequiredDialog{session, elicitation.elicitationId, dialog});
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    }
}

void ClientFeatures::onElicitationCompleted(ClientSession *session, ServerConnection *connection, const QString &elicitationId)
{
    const QString serverName = identityOf(session, connection).name;
    bool closedSomething = false;
    // An elicitation/create request still waiting for the person: the step it asks for is done, so the
    // question is moot. Answered as "cancel" (no choice was made), never as a consent the person did not give.
    if (const auto queue = m_queues.value(session)) {
        const QList<std::shared_ptr<Entry>> entries = queue->entries;
        for (const auto &entry : entries) {
            if (entry->request->method() != ElicitationMethod
                || entry->request->params().value(QLatin1String("elicitationId")).toString() != elicitationId)
                continue;
            QJsonObject result;
            result.insert(QLatin1String("action"), QStringLiteral("cancel"));
            entry->request->answer(result);
            settle(entry, true);
            closedSomething = true;
        }
    }
    for (RequiredDialog &required : m_requiredDialogs) {
        if (required.sessionKey == session && required.elicitationId == elicitationId && required.dialog) {
            required.dialog->close();
            closedSomething = true;
        }
    }
    m_requiredDialogs.removeIf([](const RequiredDialog &required) { return !required.dialog || required.dialog->isHidden(); });
    qCDebug(lcClientFeatures) << serverName << "completed URL elicitation" << elicitationId;
    emit notice(closedSomething
                    ? tr("%1 reports that the step in the browser is complete; its link window was closed. "
                         "If a request of yours waited for it, run it again.").arg(serverName)
                    : tr("%1 reports that the step in the browser is complete. If a request of yours waited for it, "
                         "run it again.").arg(serverName));
}

void ClientFeatures::answerRoots(ClientSession *session, ServerConnection *connection, const QJsonObject &params,
                                 const Responder &responder)
{
    // The person chose these folders for every server in Settings → Roots; that choice is the consent.
    PendingServerRequest request(identityOf(session, connection), RootsMethod, params, responder, m_audit);
    QJsonObject result;
    result.insert(QLatin1String("roots"), m_roots->roots());
    request.answer(result);
    emit requestSettled();
}

void ClientFeatures::enqueue(ClientSession *session, ServerConnection *connection, const QString &method,
                             const QJsonObject &params, const Responder &responder)
{
    auto entry = std::make_shared<Entry>();
    entry->request = std::make_unique<PendingServerRequest>(identityOf(session, connection), method, params, responder, m_audit);
    entry->sessionKey = session;

    // Requests we cannot show are refused at once, saying why.
    QString invalid;
    if (method == SamplingMethod) {
        if (params.value(QLatin1String("messages")).toArray().isEmpty())
            invalid = tr("sampling/createMessage needs at least one message");
        else if (params.contains(QLatin1String("tools")) || params.contains(QLatin1String("toolChoice")))
            invalid = tr("this client did not declare sampling.tools, so it cannot sample with tools");
    } else if (params.value(QLatin1String("mode")).toString() == QLatin1String("url")) {
        if (params.value(QLatin1String("url")).toString().isEmpty())
            invalid = tr("URL-mode elicitation needs a url");
    } else if (!params.value(QLatin1String("requestedSchema")).isObject()) {
        invalid = tr("form-mode elicitation needs a requestedSchema object");
    }
    if (!invalid.isEmpty()) {
        qCWarning(lcClientFeatures) << entry->request->server().name << "sent an invalid" << method << "request:" << invalid;
        entry->request->answerError(makeError(ErrorCode::InvalidParams, invalid));
        emit requestSettled();
        return;
    }

    entry->deadline = std::make_unique<QTimer>();
    entry->deadline->setSingleShot(true);
    std::weak_ptr<Entry> weak = entry;
    connect(entry->deadline.get(), &QTimer::timeout, this, [this, weak] {
        if (auto alive = weak.lock())
            onTimeout(alive);
    });
    entry->deadline->start(m_answerTimeout);

    auto &queue = m_queues[session];
    if (!queue)
        queue = std::make_shared<ServerQueue>();
    queue->entries.append(entry);
    if (queue->entries.size() == 1)
        showNext(session);
    else
        updateQueuedNotes(session);
}

void ClientFeatures::showNext(QObject *sessionKey)
{
    const auto queue = m_queues.value(sessionKey);
    if (!queue || queue->entries.isEmpty()) {
        m_queues.remove(sessionKey);
        return;
    }
    const std::shared_ptr<Entry> &head = queue->entries.first();
    if (head->dialog)
        return;
    head->dialog = createDialog(head);
    updateQueuedNotes(sessionKey);
    head->dialog->show();
    head->dialog->raise();
    head->dialog->activateWindow();
}

QDialog *ClientFeatures::createDialog(const std::shared_ptr<Entry> &entry)
{
    std::weak_ptr<Entry> weak = entry;
    const PendingServerRequest &request = *entry->request;
    QDialog *dialog = nullptr;
    if (request.method() == SamplingMethod) {
        auto *sampling = new SamplingDialog(request.server(), request.params(), m_dialogParent);
        connect(sampling, &SamplingDialog::replied, this, [this, weak](const QJsonObject &result) {
            if (auto alive = weak.lock()) {
                alive->request->answer(result, humanDecision(ApprovalDecision::Kind::AllowOnce));
                settle(alive, false);
            }
        });
        connect(sampling, &SamplingDialog::declined, this, [this, weak] {
            if (auto alive = weak.lock()) {
                alive->request->answerError(Error{UserRejectedCode, QStringLiteral("User rejected sampling request"), {}},
                                            humanDecision(ApprovalDecision::Kind::Deny, tr("declined")));
                settle(alive, false);
            }
        });
        dialog = sampling;
    } else {
        auto *elicitation = new ElicitationDialog(request.server(), request.params(), m_dialogParent);
        connect(elicitation, &ElicitationDialog::answered, this, [this, weak](const QJsonObject &result) {
            if (auto alive = weak.lock()) {
                const QString action = result.value(QLatin1String("action")).toString();
                const ApprovalDecision decision = action == QLatin1String("accept")
                    ? humanDecision(ApprovalDecision::Kind::AllowOnce)
                    : humanDecision(ApprovalDecision::Kind::Deny, action == QLatin1String("decline") ? tr("declined") : tr("cancelled"));
                alive->request->answer(result, decision);
                settle(alive, false);
            }
        });
        dialog = elicitation;
    }
    dialog->setWindowFlag(Qt::Window);
    connect(dialog, &QDialog::finished, dialog, &QObject::deleteLater);
    return dialog;
}

void ClientFeatures::updateQueuedNotes(QObject *sessionKey)
{
    const auto queue = m_queues.value(sessionKey);
    if (!queue || queue->entries.isEmpty())
        return;
    const int waiting = int(queue->entries.size()) - 1;
    QDialog *dialog = queue->entries.first()->dialog;
    if (auto *sampling = qobject_cast<SamplingDialog *>(dialog))
        sampling->setQueuedCount(waiting);
    else if (auto *elicitation = qobject_cast<ElicitationDialog *>(dialog))
        elicitation->setQueuedCount(waiting);
}

void ClientFeatures::settle(const std::shared_ptr<Entry> &entry, bool closeDialog)
{
    Q_ASSERT(entry->request->isSettled());
    if (entry->deadline) {
        // We may be inside its timeout signal.
        entry->deadline->stop();
        entry->deadline.release()->deleteLater();
    }
    if (QDialog *dialog = entry->dialog) {
        entry->dialog = nullptr;
        // The person's own answer closes the dialog by itself; otherwise (server cancelled, disconnected,
        // timed out) we close it, deaf to the answer closing makes.
        disconnect(dialog, nullptr, this, nullptr);
        if (closeDialog) {
            dialog->close();
            dialog->deleteLater();
        }
    }
    QObject *key = entry->sessionKey;
    if (const auto queue = m_queues.value(key)) {
        const bool wasShown = !queue->entries.isEmpty() && queue->entries.first() == entry;
        queue->entries.removeOne(entry);
        if (wasShown)
            showNext(key);
        else
            updateQueuedNotes(key);
        if (queue->entries.isEmpty())
            m_queues.remove(key);
    }
    emit requestSettled();
}

void ClientFeatures::abandon(const std::shared_ptr<Entry> &entry, int code, const QString &why, const QString &noticeText)
{
    if (entry->request->isSettled())
        return;
    entry->request->abandon(Error{code, why, {}});
    if (!noticeText.isEmpty())
        emit notice(noticeText);
    settle(entry, true);
}

void ClientFeatures::abandonAll(QObject *sessionKey, const QString &why)
{
    const auto queue = m_queues.value(sessionKey);
    if (!queue)
        return;
    // Waiting entries first, so closing the shown dialog does not bring the next one up.
    const QList<std::shared_ptr<Entry>> entries(queue->entries.crbegin(), queue->entries.crend());
    for (const auto &entry : entries) {
        const PendingServerRequest &request = *entry->request;
        abandon(entry, int(ErrorCode::ConnectionClosed), why,
                tr("%1's %2 request was closed unanswered: %3.").arg(request.server().name, requestKind(request.method()), why));
    }
    m_queues.remove(sessionKey);
}

void ClientFeatures::onCancelled(QObject *sessionKey, const RequestId &id, const QString &reason)
{
    const auto queue = m_queues.value(sessionKey);
    if (!queue)
        return;
    for (const auto &entry : std::as_const(queue->entries)) {
        if (entry->request->id() != id)
            continue;
        const PendingServerRequest &request = *entry->request;
        const QString why = reason.isEmpty() ? tr("the server cancelled the request")
                                             : tr("the server cancelled the request (%1)").arg(reason);
        abandon(entry, int(ErrorCode::RequestCancelled), why,
                tr("%1 cancelled its %2 request%3; its dialog was closed and nothing was sent.")
                    .arg(request.server().name, requestKind(request.method()),
                         reason.isEmpty() ? QString() : tr(" (%1)").arg(reason)));
        return;
    }
}

void ClientFeatures::onTimeout(const std::shared_ptr<Entry> &entry)
{
    if (entry->request->isSettled())
        return;
    const PendingServerRequest &request = *entry->request;
    const QString waited = minutesText(m_answerTimeout);
    emit notice(tr("%1's %2 request got no answer within %3; its dialog was closed.")
                    .arg(request.server().name, requestKind(request.method()), waited));
    if (request.method() == ElicitationMethod) {
        // The spec's "dismissed without an explicit choice".
        QJsonObject result;
        result.insert(QLatin1String("action"), QStringLiteral("cancel"));
        entry->request->answer(result);
    } else {
        entry->request->answerError(Error{UserRejectedCode, tr("The user did not answer within %1").arg(waited), {}});
    }
    settle(entry, true);
}

} // namespace Toolgate
