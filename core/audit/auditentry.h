#pragma once

#include "core/calls/approval.h"
#include "core/calls/toolcallrecord.h"
#include "core/common/result.h"
#include "core/protocol/tool.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

// What callers hand the audit log: plain copies, so they can be passed to the writer thread and
// the caller's objects may die right after. Redaction happens on the writer thread.

/// A tool call about to be decided and sent: the intent.
struct AuditToolCallIntent
{
    ServerIdentity server;
    QString tool;
    QJsonObject arguments; ///< As requested, before any edit by the human.
    CallInitiator initiator = CallInitiator::Gui;
    QDateTime startedAt;   ///< Invalid: now.
    /// An app view's call: ToolCall::id() of the call whose result rendered the app (0: none)...
    quint64 originCallId = 0;
    /// ...and that call's record id, which AuditLog looks up from originCallId.
    std::optional<qint64> origin;
    /// The order the arguments are recorded in: the order the person saw them in.
    JsonKeyOrder argumentOrder;
    /// A model's call: the arguments that repeat another server's text (shown with the approval request).
    QList<ArgumentOrigin> argumentOrigins;
    /// A model's call: the conversation it was asked for in (Conversation::id and its title then).
    QString conversationId;
    QString conversationTitle;

    static AuditToolCallIntent from(const ToolCallRecord &call);
};

/// How a tool call ended.
struct AuditToolCallOutcome
{
    ToolCallOutcome::Kind kind = ToolCallOutcome::Kind::Failed;
    std::optional<CallToolResult> result;
    std::optional<Error> error;
    qint64 durationMs = 0;
    std::optional<bool> outputValid;
    QStringList inputProblems;
    QStringList outputProblems;
    QDateTime finishedAt; ///< Invalid: now.

    static AuditToolCallOutcome from(const ToolCallOutcome &outcome);
};

/// A request the server sent us (sampling/createMessage, elicitation/create, roots/list) and how we answered.
struct AuditServerRequest
{
    ServerIdentity server;
    QString method;
    QJsonObject params;
    /// The human's decision, when one was asked (sampling and elicitation are; roots/list may not be).
    std::optional<ApprovalDecision> decision;
    /// What we answered with, or the error we answered with.
    std::optional<QJsonObject> result;
    std::optional<Error> error;
    CallInitiator initiator = CallInitiator::Gui; ///< Which app hosted the session (App: an app view asked).
    QDateTime receivedAt; ///< Invalid: now.
    /// As in AuditToolCallIntent: for an app view's request (e.g. ui/open-link), the call that rendered it.
    quint64 originCallId = 0;
    std::optional<qint64> origin;
    qint64 durationMs = 0;
};

/// Something that happened to a server connection.
struct AuditConnectionEvent
{
    /// Disabled and GaveUp were added later, the Trust kinds with issue 16 (server trust), the Run kinds
    /// with issue 19 (a collection run approved or denied as a whole, on its first call's server); stored names
    /// never change, so old stores stay readable.
    /// The Network kinds came with issue 32: a connection a sandboxed server asked its proxy for.
    /// SkillAdded came with issue 33: the person handed the server's verified skill to a model conversation.
    enum class Kind { Connecting, Connected, Disconnected, Crashed, ConnectFailed, Restarting, Disabled, GaveUp,
                      TrustNeeded, TrustGranted, TrustRefused, RunApproved, RunDenied, NetworkAllowed, NetworkRefused,
                      SkillAdded };

    ServerIdentity server;
    Kind kind = Kind::Connected;
    QString message;     ///< e.g. the error, or the exit status of a crashed server.
    QJsonObject details; ///< e.g. protocol version, exit code, headers (redacted like everything else).
    CallInitiator initiator = CallInitiator::Gui;
    QDateTime at;        ///< Invalid: now.
    /// A network connection: the record of the server's call that was running when it was asked for.
    /// AuditLog fills it in from the calls it has open; none when no call ran (recorded against the server).
    std::optional<qint64> origin;

    bool isNetwork() const { return kind == Kind::NetworkAllowed || kind == Kind::NetworkRefused; }
    /// The stored event name ("connected", "crashed", ...).
    static QString kindName(Kind kind);
};

} // namespace Toolgate
