#pragma once

#include "audit/auditlog.h"
#include "jsonrpc/jsonrpcpeer.h"
#include "protocol/elicitation.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <memory>

class QDialog;
class QWidget;

namespace Toolgate {

class AuditLog;
class ClientSession;
class RootsStore;
class ServerConnection;

/// What Toolgate offers servers that ask things of the client: sampling (the person writes the reply),
/// elicitation (form and URL modes) and roots (the RootsStore's folders). configureSession() installs the
/// handlers on each new session, so every server sees the capabilities.
///
/// Requests from one server wait in a queue and are shown one dialog at a time (servers do not wait on
/// each other); nothing blocks the GUI thread. Each request is answered exactly once: by the person, or
/// when the server cancels it, disconnects, or nobody answers in time — then its dialog closes and
/// notice() says why. Every request and its answer are recorded with AuditLog::recordServerRequest.
///
/// URL elicitation (2025-11-25) has two more parts, both from ClientSession signals: the URL elicitations
/// of a -32042 error are shown in the same URL dialog (consent before anything opens; the person runs the
/// call again themselves), and notifications/elicitation/complete closes whatever dialog still shows that
/// elicitationId and says in notice() that the server reports the step in the browser complete.
class ClientFeatures final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClientFeatures)
public:
    /// roots is required; audit may be null; dialogs are top-level windows of dialogParent. None owned.
    ClientFeatures(RootsStore *roots, AuditLog *audit, QWidget *dialogParent, QObject *parent = nullptr);
    ~ClientFeatures() override;

    /// How long a request may wait for the person (queued time included) before it is answered as
    /// unanswered: sampling with an error, elicitation with "cancel". Default 10 minutes.
    void setAnswerTimeout(std::chrono::milliseconds timeout);

    /// Installs the roots, sampling and elicitation (form and URL) handlers. For
    /// Workspace::setSessionConfigurator; call before the session connects.
    void configureSession(ClientSession *session, ServerConnection *connection);

    /// The dialogs showing now: one per server at most for requests, plus any for -32042 errors.
    QList<QDialog *> openDialogs() const;
    /// Requests not yet answered, shown or waiting, over all servers.
    int pendingCount() const;

    /// What the spec says a person's refusal of a sampling request looks like.
    static constexpr int UserRejectedCode = -1;

signals:
    /// A request ended without the person's answer (cancelled, disconnected, timed out), for the status bar.
    void notice(const QString &text);
    /// A request was settled (answered or abandoned); for tests and the audit view.
    void requestSettled();

private:
    struct Entry;
    struct ServerQueue;

    void enqueue(ClientSession *session, ServerConnection *connection, const QString &method, const QJsonObject &params,
                 const Responder &responder);
    void showNext(QObject *sessionKey);
    void settle(const std::shared_ptr<Entry> &entry, bool closeDialog);
    void abandon(const std::shared_ptr<Entry> &entry, int code, const QString &why, const QString &noticeText);
    void abandonAll(QObject *sessionKey, const QString &why);
    void onCancelled(QObject *sessionKey, const RequestId &id, const QString &reason);
    void onTimeout(const std::shared_ptr<Entry> &entry);
    QDialog *createDialog(const std::shared_ptr<Entry> &entry);
    void updateQueuedNotes(QObject *sessionKey);
    void showRequiredElicitations(ClientSession *session, ServerConnection *connection,
                                  const QList<UrlElicitation> &elicitations);
    void onElicitationCompleted(ClientSession *session, ServerConnection *connection, const QString &elicitationId);
    void answerRoots(ClientSession *session, ServerConnection *connection, const QJsonObject &params,
                     const Responder &responder);

    RootsStore *m_roots;
    QPointer<AuditLog> m_audit;
    QPointer<QWidget> m_dialogParent;
    std::chrono::milliseconds m_answerTimeout = std::chrono::minutes(10);
    // Keyed by the session object, never dereferenced through the key (it may be gone).
    QHash<QObject *, std::shared_ptr<ServerQueue>> m_queues;
    QList<QPointer<ClientSession>> m_sessions;

    /// A dialog for one URL elicitation of a -32042 error; nothing is answered to the server.
    struct RequiredDialog
    {
        QObject *sessionKey = nullptr;
        QString elicitationId;
        QPointer<QDialog> dialog;
    };
    QList<RequiredDialog> m_requiredDialogs;
};

} // namespace Toolgate
