#include "core/host/workspaceapphost.h"

#include "core/audit/auditlog.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/workspace.h"

namespace Toolgate {

WorkspaceAppHost::WorkspaceAppHost(Workspace *workspace, ToolCallPipeline *pipeline, QObject *parent)
    : QObject(parent)
    , m_workspace(workspace)
    , m_pipeline(pipeline)
{
}

std::optional<Tool> WorkspaceAppHost::tool(const QString &server, const QString &name) const
{
    ServerConnection *connection = m_workspace->connection(server);
    return connection ? connection->listedTool(name) : std::nullopt;
}

ToolCall *WorkspaceAppHost::callTool(const ServerIdentity &server, const QString &name, const QJsonObject &arguments,
                                     quint64 originCallId, QObject *parent, Error *error)
{
    ServerConnection *connection = m_workspace->connection(server.name);
    if (!connection || !connection->readySession() || !m_pipeline) {
        *error = makeError(ErrorCode::NotConnected, QStringLiteral("%1 is not connected").arg(server.name));
        return nullptr;
    }
    // The connection names itself in the record, not the view's identity: the server may have restarted.
    ToolCall *call = m_pipeline->call(connection, name, arguments, CallInitiator::App, parent);
    call->setOriginCallId(originCallId);
    return call;
}

void WorkspaceAppHost::readResource(const QString &server, const QString &uri, QObject *context,
                                    std::function<void(const Result<ReadResourceResult> &)> callback)
{
    ServerConnection *connection = m_workspace->connection(server);
    ClientSession *session = connection ? connection->session() : nullptr;
    if (!session || !session->isReady()) {
        const Error error = makeError(ErrorCode::NotConnected, QStringLiteral("%1 is not connected").arg(server));
        QMetaObject::invokeMethod(context, [callback = std::move(callback), error] { callback(error); }, Qt::QueuedConnection);
        return;
    }
    session->readResource(uri, context, std::move(callback));
}

void WorkspaceAppHost::recordLinkRequest(const ServerIdentity &server, const QUrl &url, const ApprovalDecision &decision,
                                         quint64 originCallId)
{
    if (!m_audit)
        return;
    AuditServerRequest request;
    request.server = server;
    request.method = QStringLiteral("ui/open-link");
    request.params = QJsonObject{{QStringLiteral("url"), url.toString()}};
    request.decision = decision;
    request.initiator = CallInitiator::App;
    if (decision.allows())
        request.result = QJsonObject();
    else
        request.error = Error{-32000, decision.reason.isEmpty() ? QStringLiteral("Link opening denied by user") : decision.reason, {}};
    request.originCallId = originCallId;
    m_audit->recordServerRequest(request);
}

void WorkspaceAppHost::recordAppRequest(const ServerIdentity &server, const AppRequestRecord &record, quint64 originCallId)
{
    if (!m_audit)
        return;
    AuditServerRequest request;
    request.server = server;
    request.method = record.method;
    request.params = record.params;
    request.decision = record.decision;
    request.result = record.result;
    request.error = record.error;
    request.initiator = CallInitiator::App;
    request.originCallId = originCallId;
    m_audit->recordServerRequest(request);
}

} // namespace Toolgate

#include "moc_workspaceapphost.cpp"
