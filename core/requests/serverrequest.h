#pragma once

#include "core/calls/approval.h"
#include "core/common/result.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/protocol/elicitation.h"
#include "core/protocol/roots.h"
#include "core/protocol/sampling.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

namespace Toolgate {

class AuditLog;

/// How a sampling reply came about, for its audit record; empty for a reply the person wrote.
struct SamplingReplySource
{
    /// In words: who wrote the reply and what the person approved or changed on the way.
    QString note;
    /// What was sent to the model, when the person changed the server's request before sending it.
    std::optional<QJsonObject> sentToModel;
};

/// One request a server made of the client — sampling/createMessage, elicitation/create or
/// roots/list — from its arrival until it is answered. Made by the ServerRequestPipeline, parsed
/// and checked before any gate sees it; a gate (dialogs, terminal, rule) answers it through the
/// methods below.
///
/// Exactly one answer reaches the server, whatever happens: the first answer settles the request
/// and later ones are refused; when the server cancels it, disconnects, or nobody answers in time,
/// the pipeline answers and withdrawn() tells the gate to close its question. Every request is
/// recorded in the audit log with how it ended.
class ServerRequest final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ServerRequest)
public:
    enum class Kind { Sampling, Elicitation, Roots };
    Q_ENUM(Kind)

    /// What the person's refusal of a sampling request looks like on the wire (the spec's example).
    static constexpr int UserRejectedCode = -1;
    /// The model name a person's sampling reply carries.
    static QString humanModelName() { return QStringLiteral("human (Toolgate)"); }

    Kind kind() const { return m_kind; }
    const ServerIdentity &server() const { return m_server; }
    /// "sampling/createMessage", "elicitation/create" or "roots/list".
    QString method() const;
    /// The params as the server sent them (for a raw view).
    const QJsonObject &params() const { return m_params; }
    /// The typed request; valid for kind() Sampling / Elicitation only.
    const SamplingRequest &sampling() const { return m_sampling; }
    const ElicitationRequest &elicitation() const { return m_elicitation; }
    /// Whether the reply may use tools (the client declared sampling.tools).
    bool samplingToolsAllowed() const { return m_samplingToolsAllowed; }
    QDateTime receivedAt() const { return m_receivedAt; }
    /// How many more requests of this server wait behind this one.
    int waitingBehind() const { return m_waitingBehind; }
    /// For a request a 2026-07-28 server embedded in its answer (MRTR): what it needs the answer for, in
    /// words ("The server needs this to finish the call of “confirm_action”."); empty for a request the
    /// server sent by itself.
    QString occasion() const { return m_occasion; }
    bool isSettled() const { return m_settled; }

    // Answers. The first accepted answer settles the request; later ones return an error.

    /// Sends the person's reply to a sampling request, after checking it against the request (not
    /// empty, tools only as offered and as toolChoice allows, arguments matching each tool's input
    /// schema, within maxTokens). Nothing is sent when it does not fit: the error lists why. source
    /// says in the audit record where the reply came from (a model the person asked, see SamplingByModel).
    Result<void> reply(const SamplingResult &result, const SamplingReplySource &source = {});
    // The answers below return false when the request was answered already or is of another kind.

    /// The person refuses a sampling request (error -1, "User rejected sampling request").
    bool decline(const QString &reason = {});
    /// Accepts a form elicitation with content, checked against requestedSchema first (nothing is
    /// sent when it does not match: the error says which field is wrong). In URL mode, content must
    /// be empty: accepting is the person's consent to open the page.
    Result<void> accept(const QJsonObject &content = {});
    /// The person declines an elicitation.
    bool declineElicitation();
    /// The question was dismissed without a choice (elicitation "cancel").
    bool dismiss();
    /// Answers roots/list.
    bool answerRoots(const QList<Root> &roots);
    /// Answers with an error (e.g. the gate cannot put the question to anyone); why is said to the server.
    bool refuse(const Error &error);

    /// For gates that answer by rule instead of asking a person (--yes, conformance tests): the
    /// answer that follows is recorded as decided by that rule, named by note, and a declined
    /// sampling request tells the server note as the reason.
    void setAnsweredByRule(const QString &note);

    /// A secret the answer may carry without the server having sent it — a model connection's API
    /// key, when a model writes the reply (SamplingByModel): the audit log shows it as redacted.
    void keepOutOfAudit(const QString &secret);

signals:
    /// The request ended without the gate's answer (the server cancelled it, disconnected, it timed
    /// out, or Toolgate is closing); why says which, for people. The gate closes its question.
    void withdrawn(const QString &why);
    /// The request got its one answer (from the gate or the pipeline).
    void settled();
    void waitingBehindChanged(int count);

private:
    friend class ServerRequestPipeline;
    using Sink = std::function<void(const Result<QJsonObject> &answer)>;
    ServerRequest(Kind kind, ServerIdentity server, QJsonObject params, Sink sink, AuditLog *audit,
                  CallInitiator initiator, QObject *parent);
    ~ServerRequest() override;

    /// Sends answer unless the request was answered already (then returns false).
    bool settle(const Result<QJsonObject> &answer, const std::optional<ApprovalDecision> &decision);
    /// Ends the request from the pipeline's side: answers with answer, then emits withdrawn(why).
    void withdraw(const Result<QJsonObject> &answer, const QString &why);
    void setWaitingBehind(int count);
    /// Records how the request ended; sink gets the answer once the record is committed.
    void record(const Result<QJsonObject> &answer, const std::optional<ApprovalDecision> &decision, Sink sink);
    ApprovalDecision decision(ApprovalDecision::Kind kind, const QString &reason = {},
                              const std::optional<QJsonObject> &edited = std::nullopt) const;

    Kind m_kind;
    ServerIdentity m_server;
    QJsonObject m_params;
    SamplingRequest m_sampling;
    ElicitationRequest m_elicitation;
    bool m_samplingToolsAllowed = false;
    Sink m_sink;
    QPointer<AuditLog> m_audit;
    CallInitiator m_initiator;
    QDateTime m_receivedAt;
    QElapsedTimer m_elapsed;
    int m_waitingBehind = 0;
    bool m_settled = false;
    QString m_rule; ///< set when a rule answers instead of a person
    RequestId m_requestId; ///< the JSON-RPC id it came with, or the local id of one embedded in a result
    quint64 m_originCallId = 0; ///< embedded in a tool call's result: that call's audit id
    QString m_occasion;
};

} // namespace Toolgate
