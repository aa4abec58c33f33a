#include "pendingserverrequest.h"

#include "audit/auditlog.h"
#include "jsonrpc/jsonrpcerror.h"

namespace Toolgate {

PendingServerRequest::PendingServerRequest(ServerIdentity server, QString method, QJsonObject params, Responder responder,
                                           AuditLog *audit)
    : m_server(std::move(server))
    , m_method(std::move(method))
    , m_params(std::move(params))
    , m_responder(std::move(responder))
    , m_audit(audit)
    , m_receivedAt(QDateTime::currentDateTimeUtc())
{
    m_elapsed.start();
}

PendingServerRequest::~PendingServerRequest()
{
    if (!m_settled)
        answerError(makeError(ErrorCode::InternalError, QStringLiteral("the request was dropped without an answer")));
}

void PendingServerRequest::answer(const QJsonObject &result, const std::optional<ApprovalDecision> &decision)
{
    if (m_settled)
        return;
    m_settled = true;
    m_responder.respond(result);
    record(result, std::nullopt, decision);
}

void PendingServerRequest::answerError(const Error &error, const std::optional<ApprovalDecision> &decision)
{
    if (m_settled)
        return;
    m_settled = true;
    m_responder.respondError(error);
    record(std::nullopt, error, decision);
}

void PendingServerRequest::abandon(const Error &why)
{
    // After notifications/cancelled the Responder sends nothing; after a disconnect there is no one to hear.
    answerError(why);
}

void PendingServerRequest::record(const std::optional<QJsonObject> &result, const std::optional<Error> &error,
                                  const std::optional<ApprovalDecision> &decision)
{
    if (!m_audit)
        return;
    AuditServerRequest entry;
    entry.server = m_server;
    entry.method = m_method;
    entry.params = m_params;
    entry.decision = decision;
    entry.result = result;
    entry.error = error;
    entry.initiator = CallInitiator::Gui;
    entry.receivedAt = m_receivedAt;
    entry.durationMs = m_elapsed.elapsed();
    m_audit->recordServerRequest(entry);
}

} // namespace Toolgate
