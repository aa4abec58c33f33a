#pragma once

#include "core/apps/apphost.h"
#include "core/audit/auditlog.h"

#include <QObject>
#include <QPointer>

namespace Toolgate {

class ToolCallPipeline;
class Workspace;

/// Where app views reach servers in the GUI: the workspace's connections, the window's call
/// pipeline (so every call of an app is approved and audited like one typed by hand), and the
/// audit log for link requests. The one piece of glue between apps and the rest of the host.
class WorkspaceAppHost final : public QObject, public AppHost
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WorkspaceAppHost)
public:
    /// Neither workspace nor pipeline is owned; both must outlive this object.
    WorkspaceAppHost(Workspace *workspace, ToolCallPipeline *pipeline, QObject *parent = nullptr);

    /// Link requests and the app's other requests are recorded here (not owned; may be null).
    void setAuditLog(AuditLog *log) { m_audit = log; }

    std::optional<Tool> tool(const QString &server, const QString &name) const override;
    ToolCall *callTool(const ServerIdentity &server, const QString &name, const QJsonObject &arguments,
                       quint64 originCallId, QObject *parent, Error *error) override;
    void readResource(const QString &server, const QString &uri, QObject *context,
                      std::function<void(const Result<ReadResourceResult> &)> callback) override;
    void recordLinkRequest(const ServerIdentity &server, const QUrl &url, const ApprovalDecision &decision,
                           quint64 originCallId) override;
    void recordAppRequest(const ServerIdentity &server, const AppRequestRecord &record, quint64 originCallId) override;

private:
    Workspace *m_workspace;
    QPointer<ToolCallPipeline> m_pipeline;
    QPointer<AuditLog> m_audit;
};

} // namespace Toolgate
