#pragma once

#include "core/calls/approval.h"
#include "core/common/result.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/requests/serverrequestgate.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <functional>
#include <memory>

namespace Toolgate {

class AuditLog;
class ClientSession;
class ServerRequest;

/// The other half of "a person decides": every request a server makes of the client — sampling,
/// elicitation, roots, whether sent as a JSON-RPC request (up to 2025-11-25) or embedded in a
/// result (2026-07-28; the session hands those to the same handlers, see ClientSession::
/// embeddedRequestOrigin()) — comes through here, mirroring the ToolCallPipeline:
///
///   parse and check the request (typed, in core/protocol) → queue it per server (one question at a
///   time; a server that floods is refused and summarised, not queued) → the gate (dialogs,
///   terminal, rule) → check the answer (elicitation content against its schema, a sampling reply
///   against the tools offered) → answer the server exactly once → audit record.
///
/// Timeouts, the server cancelling, disconnecting, and the pipeline going away all answer too, and
/// tell the gate (ServerRequest::withdrawn) so nothing stays open.
///
/// A 2025-11-25 server may ask for sampling or elicitation to run as a task of the client: the same
/// question then goes the same way, but the server is answered at once with a task that the answer ends
/// (ClientTasks, one per session).
class ServerRequestPipeline final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerRequestPipeline)
public:
    struct Options
    {
        /// How long a request may wait for the person, queued time included.
        std::chrono::milliseconds answerTimeout = std::chrono::minutes(10);
        /// Requests of one server that may wait for the person; more are refused at once.
        int maxWaitingPerServer = 16;
        /// Requests one server may make in a burst, and how many per second after it.
        int burst = 20;
        double perSecond = 5.0;
        /// How often a flooding server's refused requests are summarised in the audit log.
        std::chrono::milliseconds floodSummaryInterval = std::chrono::seconds(2);
    };

    /// audit may be null (nothing is recorded); initiator names the app in the records.
    ServerRequestPipeline(AuditLog *audit, CallInitiator initiator, QObject *parent = nullptr);
    ~ServerRequestPipeline() override;

    void setOptions(const Options &options);
    /// Where requests are put to the person (not owned; must outlive the pipeline or be unset).
    /// Set it before sessions are configured: the capabilities servers see come from it.
    void setGate(ServerRequestGate *gate);
    ServerRequestGate *gate() const;
    /// What the client declares: what the gate can honour (nothing without a gate).
    ServerRequestGate::Abilities abilities() const;

    /// Installs the handlers for server-initiated requests on session and declares the matching
    /// capabilities; identity names the server in dialogs and records. Call before it connects.
    void configureSession(ClientSession *session, std::function<ServerIdentity()> identity);

    /// Tells every configured session that declares roots.listChanged that the roots changed.
    void notifyRootsChanged();

    /// Requests not answered yet (shown or waiting), over all servers.
    QList<ServerRequest *> pendingRequests() const;
    /// Whether a server sends requests faster than they can be answered (its extra ones are refused).
    bool isFlooding(const QString &serverName) const;

signals:
    /// A request was handed to the gate.
    void requestPresented(Toolgate::ServerRequest *request);
    /// A request got its answer (from anyone).
    void requestSettled();
    /// A request ended without the person's answer, or a server reported a URL step complete: for
    /// a status bar or the terminal.
    void notice(const QString &text);
    void floodingChanged(const QString &serverName, bool flooding);
    /// notifications/elicitation/complete: the server says the browser step elicitationId is done.
    void urlElicitationCompleted(const QString &serverName, const QString &elicitationId);

private:
    struct Queue;
    using Sink = std::function<void(const Result<QJsonObject> &)>;

    void receive(QObject *origin, const ServerIdentity &server, const QString &method, const QJsonObject &params,
                 const JsonKeyOrder &paramsOrder, const RequestId &requestId, quint64 originCallId,
                 const QString &occasion, Sink sink);
    std::shared_ptr<Queue> queueFor(QObject *origin, const QString &serverName);
    bool admit(Queue &queue, const QString &method);
    void present(Queue &queue, ServerRequest *request);
    void showNext(QObject *origin);
    void settled(QObject *origin, ServerRequest *request);
    void updateWaiting(Queue &queue);
    void withdrawAll(QObject *origin, const Error &error, const QString &why);
    void onServerCancelled(QObject *origin, const RequestId &requestId, const QString &reason);
    void onElicitationCompleted(QObject *origin, const QString &serverName, const QString &elicitationId);
    void onTimeout(ServerRequest *request);
    void summariseFlood(QObject *origin);

    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
