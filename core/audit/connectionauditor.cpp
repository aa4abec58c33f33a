#include "core/audit/connectionauditor.h"

#include "core/audit/auditentry.h"
#include "core/audit/auditlog.h"
#include "core/client/clientsession.h"
#include "core/workspace/sandboxproxy.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/servertrust.h"
#include "core/workspace/workspace.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Toolgate {

namespace {

using Kind = AuditConnectionEvent::Kind;

/// What a trust decision was about: the facts shown (environment names, never values) and their fingerprint.
QJsonObject trustDetails(const ServerConnection *connection)
{
    const ServerTrustFacts facts = ServerTrustFacts::of(connection->config());
    QJsonObject details = facts.toJson();
    details.insert(QStringLiteral("fingerprint"), facts.fingerprint());
    return details;
}

/// The sandbox a local server starts in (issue 32): its grants and network, or "not sandboxed", and who
/// turned it off for this run when it was not the servers file (toolgate-cli --no-sandbox).
QJsonObject startDetails(const ServerConnection *connection)
{
    const ServerConfig &config = connection->config();
    if (config.transport != ServerConfig::Transport::Stdio)
        return {};
    QJsonObject details;
    if (config.sandbox.enabled) {
        QJsonArray grants;
        for (const SandboxProfile::Grant &grant : config.sandbox.grants)
            grants.append(SandboxProfile::grantText(grant));
        details.insert(QStringLiteral("sandbox"), QJsonObject{{QStringLiteral("grants"), grants},
                                                              {QStringLiteral("network"), config.sandbox.networkText()}});
    } else {
        details.insert(QStringLiteral("sandbox"), QStringLiteral("not sandboxed"));
    }
    if (!config.sandboxChangedBy.isEmpty())
        details.insert(QStringLiteral("sandboxChangedBy"), config.sandboxChangedBy);
    return details;
}

} // namespace

ConnectionAuditor::ConnectionAuditor(AuditLog *log, CallInitiator initiator, QObject *parent)
    : QObject(parent)
    , m_log(log)
    , m_initiator(initiator)
{
}

ConnectionAuditor::~ConnectionAuditor() = default;

void ConnectionAuditor::watch(Workspace *workspace)
{
    const QList<ServerConnection *> connections = workspace->connections();
    for (ServerConnection *connection : connections)
        watch(connection);
    connect(workspace, &Workspace::connectionAdded, this, [this](ServerConnection *connection) { watch(connection); });
    // load() replaces every connection with new objects.
    connect(workspace, &Workspace::connectionsReset, this, [this, workspace] {
        const QList<ServerConnection *> fresh = workspace->connections();
        for (ServerConnection *connection : fresh)
            watch(connection);
    });
}

void ConnectionAuditor::watch(ServerConnection *connection)
{
    if (m_gaveUp.contains(connection))
        return;
    m_gaveUp.insert(connection, false);
    connect(connection, &ServerConnection::statusChanged, this, [this, connection] { onStatusChanged(connection); });
    // ServerConnection says it stops restarting only in its console, just before it turns Failed.
    connect(connection, &ServerConnection::consoleLineAdded, this, [this, connection](const ConsoleLine &line) {
        if (line.kind == ConsoleLine::Kind::Lifecycle && line.text.startsWith(QLatin1StringView("stopped restarting")))
            m_gaveUp[connection] = true;
    });
    connect(connection, &ServerConnection::trustDecided, this, [this, connection](bool granted, const QString &by) {
        QJsonObject details = trustDetails(connection);
        details.insert(QStringLiteral("by"), by);
        record(connection->identity(), int(granted ? Kind::TrustGranted : Kind::TrustRefused),
               granted ? ConnectionAuditor::tr("trusted what it runs") : ConnectionAuditor::tr("not trusted, so not started"), details);
    });
    connect(connection, &ServerConnection::networkConnection, this, [this, connection](const SandboxConnection &attempt) {
        // Against the call that runs on the server (AuditLog knows it), else against the server alone.
        record(connection->identity(), int(attempt.allowed ? Kind::NetworkAllowed : Kind::NetworkRefused),
               attempt.allowed ? ConnectionAuditor::tr("connected to %1 through the sandbox's proxy").arg(attempt.target())
                               : ConnectionAuditor::tr("refused a connection to %1: not in the sandbox's list of hosts").arg(attempt.target()),
               QJsonObject{{QStringLiteral("host"), attempt.host}, {QStringLiteral("port"), attempt.port}});
    });
    connect(connection, &QObject::destroyed, this, [this, connection] { m_gaveUp.remove(connection); });
}

void ConnectionAuditor::onStatusChanged(ServerConnection *connection)
{
    const ServerIdentity server = connection->identity();
    const bool gaveUp = std::exchange(m_gaveUp[connection], false);
    switch (connection->status()) {
    case ServerConnection::Status::Starting:
        record(server, int(Kind::Connecting), {}, startDetails(connection));
        break;
    case ServerConnection::Status::Ready: {
        // The era and how it was settled (issue 15), next to the version: who reads the log later can
        // tell a probe from a remembered verdict or the server's setting.
        QJsonObject details;
        if (const auto era = connection->eraSummary())
            details = era->toJson();
        if (ClientSession *session = connection->session())
            details.insert(QStringLiteral("protocolVersion"), session->protocolVersion());
        record(server, int(Kind::Connected), {}, details);
        break;
    }
    case ServerConnection::Status::Failed:
        record(server, int(gaveUp ? Kind::GaveUp : Kind::ConnectFailed), connection->lastError().message,
               QJsonObject{{QStringLiteral("code"), connection->lastError().code}});
        break;
    case ServerConnection::Status::Restarting:
        record(server, int(Kind::Restarting), connection->statusText(),
               QJsonObject{{QStringLiteral("reason"), connection->lastError().message}});
        break;
    case ServerConnection::Status::Stopped:
        record(server, int(Kind::Disconnected), ConnectionAuditor::tr("stopped"), {});
        break;
    case ServerConnection::Status::Disabled:
        record(server, int(Kind::Disabled), ConnectionAuditor::tr("disabled in the configuration"), {});
        break;
    case ServerConnection::Status::WaitingForSecrets:
        break; // nothing ran and nothing failed: the person is being asked for the values
    case ServerConnection::Status::WaitingForTrust: {
        QJsonObject details = trustDetails(connection);
        if (const ServerTrust *trust = connection->serverTrust()) {
            if (const auto before = trust->lastTrusted(connection->name()))
                details.insert(QStringLiteral("changes"), QJsonArray::fromStringList(
                                                              ServerTrustFacts::of(connection->config()).changesSince(before->facts)));
        }
        record(server, int(Kind::TrustNeeded), ConnectionAuditor::tr("not started until someone trusts what it runs"), details);
        break;
    }
    }
}

void ConnectionAuditor::record(const ServerIdentity &server, int kind, const QString &message, const QJsonObject &details)
{
    if (!m_log)
        return;
    AuditConnectionEvent event;
    event.server = server;
    event.kind = Kind(kind);
    event.message = message;
    event.details = details;
    event.initiator = m_initiator;
    m_log->recordConnectionEvent(event);
}

} // namespace Toolgate

#include "moc_connectionauditor.cpp"
