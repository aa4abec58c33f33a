#pragma once

#include "audit/auditlog.h"
#include "calls/approval.h"
#include "common/result.h"
#include "jsonrpc/jsonrpcpeer.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QPointer>

#include <optional>

namespace Toolgate {

class AuditLog;

/// One request a server made of us (sampling, elicitation, roots) until it is settled: answers it
/// exactly once through its Responder and records the request with how it ended in the audit log.
/// Later calls after the first settlement do nothing, so racing endings (the person clicks while the
/// server cancels) cannot answer twice.
class PendingServerRequest final
{
    Q_DISABLE_COPY_MOVE(PendingServerRequest)
public:
    /// audit may be null (nothing is recorded).
    PendingServerRequest(ServerIdentity server, QString method, QJsonObject params, Responder responder, AuditLog *audit);
    /// A request dropped unsettled is answered and recorded as an internal error.
    ~PendingServerRequest();

    const ServerIdentity &server() const { return m_server; }
    const QString &method() const { return m_method; }
    const QJsonObject &params() const { return m_params; }
    RequestId id() const { return m_responder.id(); }
    bool isSettled() const { return m_settled; }

    /// Sends result. decision is the person's, when one was asked.
    void answer(const QJsonObject &result, const std::optional<ApprovalDecision> &decision = std::nullopt);
    /// Sends error.
    void answerError(const Error &error, const std::optional<ApprovalDecision> &decision = std::nullopt);
    /// Ends without a useful answer: the server cancelled the request (nothing may be sent) or went away.
    /// The Responder still answers with why when it can, so the request is never left open.
    void abandon(const Error &why);

private:
    void record(const std::optional<QJsonObject> &result, const std::optional<Error> &error,
                const std::optional<ApprovalDecision> &decision);

    ServerIdentity m_server;
    QString m_method;
    QJsonObject m_params;
    Responder m_responder;
    QPointer<AuditLog> m_audit;
    QDateTime m_receivedAt;
    QElapsedTimer m_elapsed;
    bool m_settled = false;
};

} // namespace Toolgate
