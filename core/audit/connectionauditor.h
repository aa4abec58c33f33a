#pragma once

#include "core/calls/approval.h"

#include <QHash>
#include <QObject>
#include <QPointer>

namespace Toolgate {

class AuditLog;
class ClientSession;
class ServerConnection;
class Workspace;

/// Records what happens to server connections in the audit log: starting, ready (with the
/// serverInfo the server reported), failed (with the reason), restarting, stopped, disabled, and
/// giving up after repeated crashes. Watches a Workspace's connections, including those added or
/// reloaded later.
class ConnectionAuditor final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionAuditor)
public:
    /// log is not owned; events are dropped once it is gone. initiator: which app hosts the sessions.
    ConnectionAuditor(AuditLog *log, CallInitiator initiator, QObject *parent = nullptr);
    ~ConnectionAuditor() override;

    /// Watches every connection of workspace, present and future.
    void watch(Workspace *workspace);
    /// Watches one connection's status changes.
    void watch(ServerConnection *connection);

private:
    void onStatusChanged(ServerConnection *connection);
    void record(const ServerIdentity &server, int kind, const QString &message, const QJsonObject &details);

    QPointer<AuditLog> m_log;
    CallInitiator m_initiator;
    /// Connections whose last lifecycle note said restarting stopped: their next Failed is "gave up".
    QHash<const ServerConnection *, bool> m_gaveUp;
};

} // namespace Toolgate
