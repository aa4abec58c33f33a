#include "core/host/host.h"


#include "core/audit/auditlog.h"
#include "core/audit/connectionauditor.h"
#include "core/common/redactor.h"
#include "core/auth/secretstore.h"
#include "core/calls/approvalpolicy.h"
#include "core/calls/argumentrules.h"
#include "core/calls/taskregistry.h"
#include "core/workspace/eracache.h"
#include "core/workspace/servertrust.h"
#include <QCoreApplication>

namespace Toolgate {

namespace {

/// Stands in until the front end hands the host its gate: a call nobody can decide on is denied.
class NoGate final : public ApprovalGate
{
public:
    void requestApproval(const ApprovalRequest &, QObject *context, std::function<void(const ApprovalDecision &)> decide) override
    {
        QMetaObject::invokeMethod(context, [decide = std::move(decide)] {
            decide(ApprovalDecision::deny(QCoreApplication::translate("Toolgate::Host", "no one was there to decide")));
        }, Qt::QueuedConnection);
    }
    void requestRunApproval(const RunApprovalRequest &, QObject *context, std::function<void(const ApprovalDecision &)> decide) override
    {
        QMetaObject::invokeMethod(context, [decide = std::move(decide)] {
            decide(ApprovalDecision::deny(QCoreApplication::translate("Toolgate::Host", "no one was there to decide")));
        }, Qt::QueuedConnection);
    }
};

/// Forwards to whichever gate the front end set, so the pipeline can be built before the window.
class SwitchableGate final : public ApprovalGate
{
public:
    ApprovalGate *target = nullptr;
    NoGate fallback;

    void requestApproval(const ApprovalRequest &request, QObject *context, std::function<void(const ApprovalDecision &)> decide) override
    {
        (target ? target : &fallback)->requestApproval(request, context, std::move(decide));
    }
    void requestRunApproval(const RunApprovalRequest &request, QObject *context, std::function<void(const ApprovalDecision &)> decide) override
    {
        (target ? target : &fallback)->requestRunApproval(request, context, std::move(decide));
    }
    // The dialog says how many more questions wait behind the one it shows.
    void setWaitingCount(int count) override { (target ? target : &fallback)->setWaitingCount(count); }
};

} // namespace

class Host::Private
{
public:
    Options options;
    // In dependency order; destroyed in reverse.
    std::unique_ptr<AuditLog> audit;
    std::shared_ptr<SecretStore> secrets;
    std::shared_ptr<EraCache> eraCache;
    Result<void> eraCacheLoaded;
    std::shared_ptr<ServerTrust> serverTrust;
    Result<void> serverTrustLoaded;
    std::unique_ptr<Workspace> workspace;
    std::unique_ptr<SignInManager> signIns;
    std::unique_ptr<ConnectionAuditor> connectionAuditor;
    std::unique_ptr<ApprovalPolicy> policy;
    std::unique_ptr<ArgumentRules> rules;
    SwitchableGate gate;
    std::unique_ptr<ToolCallPipeline> toolCalls;
    std::unique_ptr<TaskRegistry> tasks;
    std::unique_ptr<ServerRequestPipeline> serverRequests;
};

Host::Host(Options options, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->options = std::move(options);
    const Options &o = d->options;

    AuditLog::Options auditOptions;
    auditOptions.path = o.auditPath;
    d->audit = std::make_unique<AuditLog>(auditOptions);

    d->secrets = o.secretStore ? o.secretStore : std::make_shared<KeychainSecretStore>();
    d->workspace = std::make_unique<Workspace>(o.serversPath);
    d->workspace->secrets()->setStore(d->secrets.get());
    d->workspace->setSessionOptions(o.session);
    if (o.restartPolicy)
        d->workspace->setRestartPolicy(*o.restartPolicy);
    d->workspace->setListsOnReady(o.listOnConnect);
    if (!o.eraCachePath.isEmpty()) {
        // Loaded before any server starts, so a remembered verdict spares the probe.
        d->eraCache = std::make_shared<EraCache>(o.eraCachePath);
        d->eraCacheLoaded = d->eraCache->load();
        d->workspace->setEraCache(d->eraCache);
    }
    if (o.requireServerTrust) {
        // Loaded before any server starts: what is not trusted waits.
        d->serverTrust = std::make_shared<ServerTrust>(o.serverTrustPath.isEmpty() ? ServerTrust::defaultPath() : o.serverTrustPath);
        d->serverTrustLoaded = d->serverTrust->load();
        d->workspace->setServerTrust(d->serverTrust);
    }

    SignInManager::Options signIn = o.signIn;
    if (!signIn.store)
        signIn.store = d->secrets;
    d->signIns = std::make_unique<SignInManager>(d->workspace.get(), std::move(signIn));
    d->signIns->install();

    // Secret values arrive from the keychain just before each server starts: redact them from then on.
    AuditLog *audit = d->audit.get();
    connect(d->workspace->secrets(), &WorkspaceSecrets::secretsRead, audit, [audit](ServerConnection *connection) {
        audit->addSecretValues(connection->config().secretValues());
    });
    connect(d->workspace.get(), &Workspace::connectionAdded, audit, [audit](ServerConnection *connection) {
        audit->addSecretValues(connection->config().secretValues());
    });
    d->connectionAuditor = std::make_unique<ConnectionAuditor>(audit, o.initiator);
    d->connectionAuditor->watch(d->workspace.get());

    if (o.rememberDecisions) {
        d->policy = std::make_unique<ApprovalPolicy>(o.approvalsPath, o.approvalsFileChanges);
        d->policy->setAppliesRules(o.applyRememberedRules);
    }
    d->toolCalls = std::make_unique<ToolCallPipeline>(&d->gate, d->policy.get(),
                                                      ToolCallPipeline::Options{o.rejectInvalidArguments});
    d->toolCalls->setJournal(audit);
    d->rules = std::make_unique<ArgumentRules>(o.rulesPath);
    d->toolCalls->setArgumentRules(d->rules.get());
    d->tasks = std::make_unique<TaskRegistry>(d->toolCalls.get());

    d->serverRequests = std::make_unique<ServerRequestPipeline>(audit, o.initiator);
    d->serverRequests->setOptions(o.serverRequests);
    ServerRequestPipeline *requests = d->serverRequests.get();
    d->workspace->setSessionConfigurator([requests](ClientSession *session, ServerConnection *connection) {
        QPointer<ServerConnection> owner(connection);
        requests->configureSession(session, [owner, session] {
            return owner ? owner->identity() : ServerIdentity{session->serverInfo().name, {}, session->serverInfo()};
        });
    });
}

Host::~Host()
{
    // Servers go first (their questions are answered by the pipeline as they close), then the
    // pipelines, and the audit log last so it records all of that.
    if (d->workspace)
        d->workspace->stopAll();
    d->serverRequests.reset();
    d->tasks.reset(); // the running tasks' calls, which the pipeline's observer hears end
    d->toolCalls.reset();
    d->rules.reset();
    d->policy.reset();
    d->connectionAuditor.reset();
    d->signIns.reset();
    d->workspace.reset();
}

const Host::Options &Host::options() const { return d->options; }
Workspace *Host::workspace() const { return d->workspace.get(); }
SecretStore *Host::secretStore() const { return d->secrets.get(); }
SignInManager *Host::signIns() const { return d->signIns.get(); }
ApprovalPolicy *Host::approvalPolicy() const { return d->policy.get(); }
AuditLog *Host::audit() const { return d->audit.get(); }
ArgumentRules *Host::argumentRules() const { return d->rules.get(); }
ToolCallPipeline *Host::toolCalls() const { return d->toolCalls.get(); }
ServerRequestPipeline *Host::serverRequests() const { return d->serverRequests.get(); }
TaskRegistry *Host::tasks() const { return d->tasks.get(); }
EraCache *Host::eraCache() const { return d->eraCache.get(); }
Result<void> Host::eraCacheLoaded() const { return d->eraCacheLoaded; }
ServerTrust *Host::serverTrust() const { return d->serverTrust.get(); }
Result<void> Host::serverTrustLoaded() const { return d->serverTrustLoaded; }

void Host::setApprovalGate(ApprovalGate *gate)
{
    d->gate.target = gate;
}

void Host::setServerRequestGate(ServerRequestGate *gate)
{
    d->serverRequests->setGate(gate);
}

Result<Workspace::LoadOutcome> Host::loadServers()
{
    const Result<Workspace::LoadOutcome> loaded = d->workspace->load();
    for (ServerConnection *connection : d->workspace->connections())
        d->audit->addSecretValues(connection->config().secretValues());
    return loaded;
}

} // namespace Toolgate

#include "moc_host.cpp"
