#pragma once

#include "core/calls/approval.h"

#include <QHash>
#include <QString>

namespace Toolgate {

/// A human's approval of one run of calls (a collection run), as a whole: exactly the calls they were
/// shown, each once. Only ToolCallPipeline::requestRunApproval() makes one, and only after its gate
/// said yes. A call that carries it (ToolCall::setRunApproval()) and matches an entry that is not used
/// yet — the same server (name and endpoint), tool and arguments (compared as canonical JSON) — goes
/// without asking, and uses the entry up. Anything else goes to the gate as usual; the rules on
/// argument values and a tool that changed since it was approved are decided first, as for any call.
class RunApproval final
{
    Q_DISABLE_COPY_MOVE(RunApproval)
public:
    const QString &runName() const { return m_request.runName; }
    /// The calls that were approved (used or not).
    const QList<RunApprovalRequest::Entry> &calls() const { return m_request.calls; }
    /// Whether the run sends the tool calls a model asks for in its prompts (each then decided as any
    /// model's call, never by this approval); otherwise they are recorded and not sent.
    bool sendsModelCalls() const { return m_request.sendModelCalls; }
    /// How many approved calls have not been made yet.
    int remaining() const;
    /// The reason recorded with each call it covers: "approved with the collection run <name>".
    QString reason() const;

    /// The text calls are compared by: server name, endpoint, tool and the arguments' canonical JSON.
    static QByteArray keyOf(const ServerIdentity &server, const QString &toolName, const QJsonObject &arguments);

private:
    friend class ToolCallPipeline;
    RunApproval(RunApprovalRequest request, const QObject *issuer);
    /// Uses up one matching entry; false when none is left (the call is asked about on its own).
    bool consume(const ServerIdentity &server, const QString &toolName, const QJsonObject &arguments);

    RunApprovalRequest m_request;
    const QObject *m_issuer; ///< the pipeline that asked (an approval counts only there)
    QHash<QByteArray, int> m_left;
};

} // namespace Toolgate
