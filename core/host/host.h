#pragma once

#include "core/calls/approval.h"
#include "core/calls/approvalpolicy.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/requests/serverrequestpipeline.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/serversignin.h"
#include "core/workspace/workspace.h"

#include <QObject>

#include <memory>
#include <optional>

namespace Toolgate {

class ApprovalPolicy;
class ArgumentRules;
class AuditLog;
class ConnectionAuditor;
class EraCache;
class SecretStore;
class ServerTrust;
class TaskRegistry;

/// The one composition root of Toolgate, shared by the desktop app, toolgate-cli and its
/// conformance mode: it owns the workspace of servers, the secret store, sign-in, the approval
/// policy, the audit log (with connection auditing and redaction of secret values), and the two
/// pipelines — tool calls going out, requests coming in. Front ends differ only in the Options
/// they give and the gates they hand it: dialogs, the terminal, or a fixed rule.
///
/// Members are created in dependency order and destroyed in reverse, so the audit log outlives
/// everything that records into it and writes what is still queued last.
class Host final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Host)
public:
    struct Options
    {
        /// Which app this is, in audit records.
        CallInitiator initiator = CallInitiator::Gui;
        /// Client info and timeouts of every session.
        ClientSession::Options session;
        /// The servers file. Empty: a workspace of this run only, never written (toolgate-cli adds
        /// the server it talks to with Workspace::addTransientServer()).
        QString serversPath;
        /// Where "always allow" decisions are kept. Empty with rememberDecisions: in memory.
        QString approvalsPath;
        /// How another process's changes to that file reach this one: a watcher for the app (its views show
        /// them at once), a look at the file on each decision for a short-lived process (toolgate-cli).
        ApprovalPolicy::FileChanges approvalsFileChanges = ApprovalPolicy::FileChanges::Watched;
        /// The rules on argument values (rules.json, ArgumentRules::defaultPath() in the apps). Empty: in
        /// memory, none until set. They apply whatever rememberDecisions says.
        QString rulesPath;
        /// false: no remembered decisions at all, every call is decided on its own (toolgate-cli).
        bool rememberDecisions = true;
        /// false: remembered decisions pin tool definitions (and show their changes) but allow nothing
        /// by themselves; every call is asked about (toolgate-cli).
        bool applyRememberedRules = true;
        /// true: arguments that do not match the tool's schema fail the call before anyone is asked
        /// (toolgate-cli); false: the person sees the problems and may still send (the GUI).
        bool rejectInvalidArguments = false;
        /// The audit store; empty: AuditDatabase::defaultPath() (TOOLGATE_AUDIT_DB overrides it).
        QString auditPath;
        /// Where secret values and tokens are kept; null: the OS keychain.
        std::shared_ptr<SecretStore> secretStore;
        /// How HTTP servers sign in (the store above is used when its store is null).
        SignInManager::Options signIn;
        std::optional<ServerConnection::RestartPolicy> restartPolicy;
        /// List tools, resources and prompts as soon as a server is ready (the GUI shows them).
        bool listOnConnect = true;
        ServerRequestPipeline::Options serverRequests;
        /// Where the protocol era of each server is remembered (eras.json, EraCache::defaultPath() in the
        /// app). Empty: no cache, so no server/discover probe either: a server set to Auto opens with
        /// initialize and turns modern in place when a modern-only server refuses it (issue 15).
        QString eraCachePath;
        /// Servers of the servers file start only once a person trusted what they run (issue 16): the
        /// product's default, in the app and toolgate-cli. false only for tests of other things.
        bool requireServerTrust = true;
        /// Where those trusts are kept; empty: ServerTrust::defaultPath() (shared by the app and the CLI).
        QString serverTrustPath;
    };

    explicit Host(Options options, QObject *parent = nullptr);
    ~Host() override;

    const Options &options() const;
    Workspace *workspace() const;
    SecretStore *secretStore() const;
    SignInManager *signIns() const;
    /// Null when Options::rememberDecisions is false.
    ApprovalPolicy *approvalPolicy() const;
    /// The rules on argument values, evaluated before remembered decisions and the person.
    ArgumentRules *argumentRules() const;
    AuditLog *audit() const;
    ToolCallPipeline *toolCalls() const;
    /// Every call that became a task in this run (a Tasks view's list; keeps running tasks alive).
    TaskRegistry *tasks() const;
    ServerRequestPipeline *serverRequests() const;
    /// Null without Options::eraCachePath.
    EraCache *eraCache() const;
    /// How reading the era cache at start went: an unreadable file is an error to report (the cache
    /// then starts empty and the next verdict rewrites the file).
    Result<void> eraCacheLoaded() const;

    /// Which servers a person trusted to run; null without Options::requireServerTrust.
    ServerTrust *serverTrust() const;
    /// How reading the trust file went: an unreadable one is an error to show (nothing is trusted then).
    Result<void> serverTrustLoaded() const;

    /// Who decides on tool calls (not owned; must outlive the host or be replaced). Until one is
    /// set, every call is denied: nothing is sent without a decision.
    void setApprovalGate(ApprovalGate *gate);
    /// Who answers what servers ask (not owned). Set it before servers start: the capabilities
    /// sessions declare come from it.
    void setServerRequestGate(ServerRequestGate *gate);

    /// Reads the servers file (see Workspace::load()) and registers the secret values it holds
    /// with the audit log's redaction.
    Result<Workspace::LoadOutcome> loadServers();

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace Toolgate
