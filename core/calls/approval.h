#pragma once

#include "core/common/jsonkeyorder.h"
#include "core/calls/argumentorigin.h"
#include "core/calls/toolpin.h"
#include "core/protocol/serveridentity.h"
#include "core/protocol/tool.h"
#include "core/schema/schemavalidator.h"

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace Toolgate {

/// Who started a call, recorded with it.
enum class CallInitiator {
    Gui,
    Cli,
    Conformance, ///< toolgate-cli --conformance: the official test suite drives it, a fixed rule approves
    App,         ///< an MCP App view, from inside a result the GUI shows
    Model,       ///< a language model in a conversation (core/model): every call it asks for is decided like any other
};

/// Everything a human needs to decide on one tools/call: shown verbatim by the dialog or prompt.
struct ApprovalRequest
{
    ServerIdentity server;
    Tool tool;
    /// The exact arguments that will be sent,
    QJsonObject arguments;
    /// with their keys in this order (the form's, or the order the person typed them).
    JsonKeyOrder argumentOrder;
    /// Problems found validating the arguments against the tool's inputSchema.
    QStringList validationProblems;
    CallInitiator initiator = CallInitiator::Gui;
    /// The inputSchema as the pipeline compiled it (or why it cannot be used), so that a dialog need not
    /// compile a large schema again on the GUI thread; null when nobody compiled it.
    std::shared_ptr<const Result<SchemaValidator>> inputValidator;
    /// The issues behind validationProblems, when inputValidator is a usable validator.
    QList<SchemaIssue> validationIssues;
    /// Set when the person approved this tool before and the server has changed its definition since:
    /// the gate shows what changed before the person decides (any remembered approval is suspended).
    std::optional<DefinitionChange> definitionChange;
    /// Other connected servers that offer a tool of the same name: this one may be meant to be taken
    /// for theirs (or theirs for this one). Shown as a flag.
    QStringList shadowedServers;
    /// For a call a model asked for (CallInitiator::Model): the title of the conversation it asked in,
    /// so that the person sees where the call comes from. Empty otherwise.
    QString requestedIn;
    /// For a model's call: that conversation's stable id. An approval "for the session" of such a call
    /// holds within this conversation only (ApprovalPolicy::remember()).
    QString conversationId;
    /// For a model's call: the arguments whose text came from another server's result earlier in the
    /// conversation (data flowing from one server to another through the model). Shown as marks.
    QList<ArgumentOrigin> argumentOrigins;
    /// The call is sent asking the server to run it as a task (the tool requires it, or the person
    /// chose so): it goes on after the dialog closes, so the dialog says so.
    bool runsAsTask = false;
};

/// A decision about one call.
struct ApprovalDecision
{
    enum class Kind { AllowOnce, AllowForSession, AllowAlways, Deny };
    /// Who decided: the person, a rule or remembered decision, or the person's approval of a whole
    /// collection run that this call is exactly part of (RunApproval).
    enum class Source { Human, RememberedRule, ApprovedRun };

    Kind kind = Kind::Deny;
    Source source = Source::Human;
    QString reason; ///< Why it was denied (optional), or which rule allowed it.
    /// Set when the human edited the arguments while deciding: these are sent instead.
    std::optional<QJsonObject> editedArguments;
    /// The order of the edited arguments' keys as the human left them.
    JsonKeyOrder editedArgumentOrder;

    bool allows() const { return kind != Kind::Deny; }
    static ApprovalDecision deny(const QString &reason = {}) { return {Kind::Deny, Source::Human, reason, std::nullopt, {}}; }
    static QString kindName(Kind kind);
};

/// A run of several calls (a collection, issue 19) shown to a human once, as a whole: every call with
/// its server, tool and exact arguments. Approving it approves exactly these calls (RunApproval).
struct RunApprovalRequest
{
    struct Entry
    {
        QString name; ///< the call's name in the run (display only)
        ServerIdentity server;
        QString toolName;
        /// The exact arguments that will be sent,
        QJsonObject arguments;
        /// with their keys in this order (as the collection's file wrote them).
        JsonKeyOrder argumentOrder;
    };
    /// A prompt of the run (evaluating a model): what the model is asked, how often, with which tools.
    struct Prompt
    {
        QString name; ///< the entry's name in the run (display only)
        ServerIdentity server;
        QString prompt;
        QStringList tools; ///< the tools offered to the model; empty: all of the server's
        int runs = 1;
    };
    QString runName; ///< the collection's name
    QList<Entry> calls;
    QList<Prompt> prompts;
    QString model; ///< the model the prompts go to (its name and address), when there are prompts
    /// The model's tool calls are sent (each decided on its own, as any model's call); false: they are
    /// only recorded, and none is sent.
    bool sendModelCalls = false;
    CallInitiator initiator = CallInitiator::Gui;
};

/// Asks a human (dialog, terminal prompt) to decide on a call. Answers exactly once through
/// decide, on context's thread, unless context dies first (then it closes whatever it shows for it).
/// The pipeline's ApprovalQueue puts one question at a time: a gate never queues.
class ApprovalGate
{
public:
    virtual ~ApprovalGate() = default;
    /// How many more questions wait behind the one asked now (for a "2 more waiting" line).
    virtual void setWaitingCount(int count) { Q_UNUSED(count); }
    virtual void requestApproval(const ApprovalRequest &request, QObject *context,
                                 std::function<void(const ApprovalDecision &)> decide) = 0;
    /// Asks once about a whole run of calls (ToolCallPipeline::requestRunApproval()). Answers exactly
    /// once through decide, on context's thread. A gate that cannot show a run denies it (the default),
    /// and each call is then asked about on its own.
    virtual void requestRunApproval(const RunApprovalRequest &request, QObject *context,
                                    std::function<void(const ApprovalDecision &)> decide);
};

/// A gate that answers the same for everything: for `toolgate-cli --yes` and tests.
class FixedApprovalGate final : public ApprovalGate
{
public:
    explicit FixedApprovalGate(ApprovalDecision decision) : m_decision(std::move(decision)) {}
    void requestApproval(const ApprovalRequest &request, QObject *context,
                         std::function<void(const ApprovalDecision &)> decide) override;
    void requestRunApproval(const RunApprovalRequest &request, QObject *context,
                            std::function<void(const ApprovalDecision &)> decide) override;

private:
    ApprovalDecision m_decision;
};

} // namespace Toolgate
