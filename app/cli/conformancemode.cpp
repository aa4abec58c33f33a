#include "app/cli/conformancemode.h"
#include "core/protocol/protocolversion.h"

#include "core/auth/authorizationuseragent.h"
#include "core/auth/secretstore.h"
#include "core/calls/toolcall.h"
#include "core/client/clientsession.h"
#include "core/common/error.h"
#include "core/host/host.h"
#include "core/protocol/prompt.h"
#include "core/protocol/resource.h"
#include "core/requests/serverrequest.h"
#include "core/requests/serverrequestgate.h"
#include "core/skills/skillcatalog.h"
#include "core/workspace/serverconfig.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QTextStream>
#include <QTimer>

#include <cstdio>

namespace Toolgate {

namespace {

// The client ID metadata document URL the suite expects (it never fetches it for real).
const QString conformanceClientMetadata = QStringLiteral("https://conformance-test.local/client-metadata.json");
constexpr auto overallTimeout = std::chrono::seconds(60);
/// auth/wif-jwt-bearer: the workload token the scenario hands over waits in the (memory) keychain
/// under this name, as a person would keep one there.
const QString conformanceWorkloadToken = QStringLiteral("conformance/workload-token");

void say(const QString &line)
{
    // stderr only: the suite keeps it in stderr.txt. Never a secret on it.
    QTextStream(stderr) << "toolgate-cli conformance: " << line << '\n';
}

/// SEP-1034: accepting a form fills every field the schema gives a default for.
QJsonObject defaultsOf(const QJsonObject &requestedSchema)
{
    QJsonObject content;
    const QJsonObject properties = requestedSchema.value(QLatin1String("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonObject property = it.value().toObject();
        if (property.contains(QLatin1String("default")))
            content.insert(it.key(), property.value(QLatin1String("default")));
    }
    return content;
}

/// Tools the scenarios ask a client to call, with their arguments.
QJsonObject argumentsFor(const QString &tool, bool *known)
{
    *known = true;
    if (tool == QLatin1String("add_numbers"))
        return {{QStringLiteral("a"), 5}, {QStringLiteral("b"), 3}};
    if (tool == QLatin1String("test_client_elicitation_defaults") || tool == QLatin1String("test_reconnection")
        || tool == QLatin1String("test-tool") || tool.startsWith(QLatin1String("test_mrtr_")))
        return {};
    *known = false;
    return {};
}

/// Arguments a 2026-07-28 scenario's tool accepts when the scenario names none: each required
/// property's default, else a plain value of its type.
QJsonObject sampleArgumentsFor(const QJsonObject &inputSchema)
{
    QJsonObject arguments;
    const QJsonObject properties = inputSchema.value(QLatin1String("properties")).toObject();
    for (const QJsonValue &name : inputSchema.value(QLatin1String("required")).toArray()) {
        const QJsonObject property = properties.value(name.toString()).toObject();
        const QString type = property.value(QLatin1String("type")).toString();
        QJsonValue value = property.value(QLatin1String("default"));
        if (value.isUndefined()) {
            value = type == QLatin1String("integer") || type == QLatin1String("number") ? QJsonValue(1)
                : type == QLatin1String("boolean")                                     ? QJsonValue(true)
                : type == QLatin1String("object")                                      ? QJsonValue(QJsonObject())
                : type == QLatin1String("array")                                       ? QJsonValue(QJsonArray())
                                                                                       : QJsonValue(QStringLiteral("conformance"));
        }
        arguments.insert(name.toString(), value);
    }
    return arguments;
}

/// Stands in for a person who accepts what the scenario offers: an elicitation form with the
/// schema's defaults (what the scenario checks), a link by consenting; sampling is declined (no
/// scenario asks for it) and there are no roots. Recorded as decided by this rule. It declares what
/// toolgate-cli declares at a terminal, sampling included (a person may decline it too), so the
/// scenarios that look at the declared capabilities have them to look at.
class ConformanceRequestGate final : public ServerRequestGate
{
public:
    Abilities abilities() const override { return Abilities{true, false, true, true, true}; }
    void present(ServerRequest *request) override
    {
        request->setAnsweredByRule(QStringLiteral("conformance test run"));
        switch (request->kind()) {
        case ServerRequest::Kind::Roots:
            request->answerRoots({});
            return;
        case ServerRequest::Kind::Elicitation: {
            say(QStringLiteral("elicitation: accepting with the schema's defaults"));
            const bool form = request->elicitation().mode == ElicitationRequest::Mode::Form;
            if (!request->accept(form ? defaultsOf(request->elicitation().requestedSchema) : QJsonObject()))
                request->dismiss();
            return;
        }
        case ServerRequest::Kind::Sampling:
            request->decline();
            return;
        }
    }
};

} // namespace

class ConformanceMode::Private
{
public:
    ConformanceMode *q;
    QString scenario;
    QString url;
    QJsonObject context;
    // The scenario's calls are approved by a fixed rule, and recorded like any other.
    FixedApprovalGate gate{ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::RememberedRule,
                                            QStringLiteral("conformance test run: the scenario's calls are approved"), std::nullopt}};
    ConformanceRequestGate requestGate;
    std::unique_ptr<Host> host;
    QPointer<ServerConnection> connection;
    struct PlannedCall
    {
        QString tool;
        QJsonObject arguments;
        bool mustSucceed = true; ///< false: called only so the scenario sees it; its failure is the scenario's to judge
    };
    QList<PlannedCall> toCall;
    std::unique_ptr<SkillCatalog> skills;
    int exitCode = 0;
    bool finishing = false;
    bool started = false;
    QTimer deadline;

    OAuthClientSettings oauthSettings() const
    {
        OAuthClientSettings settings;
        settings.clientName = QStringLiteral("toolgate-cli");
        settings.clientMetadataUrl = QUrl(conformanceClientMetadata);
        const QString clientId = context.value(QLatin1String("client_id")).toString();
        const QString clientSecret = context.value(QLatin1String("client_secret")).toString();
        if (scenario == QLatin1String("auth/client-credentials-jwt")) {
            settings.grant = OAuthClientSettings::Grant::ClientCredentials;
            settings.clientId = clientId;
            settings.privateKeyPem = context.value(QLatin1String("private_key_pem")).toString().toUtf8();
            settings.tokenEndpointAuthMethod = QStringLiteral("private_key_jwt");
        } else if (scenario == QLatin1String("auth/client-credentials-basic")) {
            settings.grant = OAuthClientSettings::Grant::ClientCredentials;
            settings.clientId = clientId;
            settings.clientSecret = clientSecret;
            settings.tokenEndpointAuthMethod = QStringLiteral("client_secret_basic");
        } else if (scenario == QLatin1String("auth/wif-jwt-bearer")) {
            settings.grant = OAuthClientSettings::Grant::JwtBearer;
            settings.clientId = clientId;
            settings.assertion.kind = AssertionSource::Kind::Keychain;
            settings.assertion.keychainEntry = conformanceWorkloadToken;
        } else if (context.contains(QLatin1String("idp_token_endpoint"))) {
            settings.grant = OAuthClientSettings::Grant::CrossAppAccess;
            settings.clientId = clientId;
            settings.clientSecret = clientSecret;
            settings.tokenEndpointAuthMethod = QStringLiteral("client_secret_basic");
            settings.idpTokenEndpoint = QUrl(context.value(QLatin1String("idp_token_endpoint")).toString());
            settings.idpClientId = context.value(QLatin1String("idp_client_id")).toString();
            settings.idpIdToken = context.value(QLatin1String("idp_id_token")).toString();
        } else if (!clientId.isEmpty()) {
            // Pre-registered credentials.
            settings.clientId = clientId;
            settings.clientSecret = clientSecret;
        }
        return settings;
    }

    void start()
    {
        if (url.isEmpty()) {
            say(QStringLiteral("usage: toolgate-cli --conformance <server-url> (scenario in MCP_CONFORMANCE_SCENARIO)"));
            finish(2);
            return;
        }
        say(QStringLiteral("scenario \"%1\", server %2").arg(scenario.isEmpty() ? QStringLiteral("(none)") : scenario, url));

        Host::Options options;
        options.initiator = CallInitiator::Conformance;
        options.session.clientInfo.name = QStringLiteral("toolgate-cli");
        options.session.clientInfo.title = QStringLiteral("Toolgate CLI");
        options.session.clientInfo.version = QStringLiteral(TOOLGATE_VERSION);
        options.session.initializeTimeout = std::chrono::seconds(30);
        options.session.extensions.insert(Skills::extensionId(), QJsonObject());
        options.rememberDecisions = false;
        options.listOnConnect = false;
        ServerConnection::RestartPolicy noRestart;
        noRestart.maxCrashes = 1;
        options.restartPolicy = noRestart;
        // Tokens of a test run stay in memory: nothing touches the user's keychain.
        auto store = std::make_shared<MemorySecretStore>();
        const QString workloadToken = context.value(QLatin1String("valid_jwt")).toString();
        if (!workloadToken.isEmpty())
            store->write(conformanceWorkloadToken, workloadToken.toUtf8(), q, [](const Result<void> &) {});
        options.secretStore = store;
        options.signIn.userAgent = [] { return std::make_shared<HeadlessUserAgent>(); };
        options.signIn.signInWhenAsked = true;
        const OAuthClientSettings settings = oauthSettings();
        options.signIn.clientSettings = [settings](const ServerConfig &) { return settings; };
        host = std::make_unique<Host>(std::move(options));
        host->setApprovalGate(&gate);
        host->setServerRequestGate(&requestGate);
        QObject::connect(host->signIns(), &SignInManager::diagnosticLine, q,
                         [](const QString &, const QString &line) { say(line); });

        ServerConfig config;
        config.name = QStringLiteral("conformance");
        config.transport = ServerConfig::Transport::Http;
        config.url = url;
        // The 2026-07-28 scenarios (conformance-next, --spec-version 2026-07-28) name the revision they score.
        if (ProtocolVersion::supportedModern().contains(qEnvironmentVariable("MCP_CONFORMANCE_PROTOCOL_VERSION")))
            config.protocolEra = ServerConfig::EraPreference::Modern;
        const auto added = host->workspace()->addTransientServer(config);
        if (!added) {
            say(added.error().message);
            finish(1);
            return;
        }
        connection = added.value();
        QObject::connect(connection, &ServerConnection::consoleLineAdded, q, [](const ConsoleLine &line) {
            if (line.kind == ConsoleLine::Kind::Stderr)
                say(line.text);
        });
        QObject::connect(connection, &ServerConnection::statusChanged, q, [this](ServerConnection::Status status) {
            if (finishing)
                return;
            if (status == ServerConnection::Status::Ready && !started) {
                started = true;
                onReady();
            } else if (status == ServerConnection::Status::Failed) {
                say(QStringLiteral("connection failed: ") + connection->lastError().message);
                exitCode = 1;
                disconnect();
            }
        });
        deadline.setSingleShot(true);
        QObject::connect(&deadline, &QTimer::timeout, q, [this] {
            say(QStringLiteral("gave up: the scenario did not finish in time"));
            finish(1);
        });
        deadline.start(overallTimeout);
        connection->start();
    }

    void onReady()
    {
        ClientSession *session = connection->session();
        say(QStringLiteral("connected to %1 (protocol %2)").arg(session->serverInfo().name, session->protocolVersion()));
        if (SkillCatalog::offeredBy(session)) {
            exerciseSkills();
            return;
        }
        planToolCalls();
    }

    /// SEP-2640: the skills are listed, as a host does on connecting; the verify-* scenarios stand for a
    /// person then opening the skill, whose SKILL.md Toolgate fetches only then and verifies before use
    /// (no-prefetch: nobody opens one, so nothing is fetched).
    void exerciseSkills()
    {
        skills = std::make_unique<SkillCatalog>(connection->session());
        skills->list(q, [this](const Result<QList<SkillEntry>> &listed) {
            if (!listed) {
                say(QStringLiteral("listing skills failed: ") + listed.error().message);
                exitCode = 1;
                planToolCalls();
                return;
            }
            say(QStringLiteral("%1 skill(s) listed").arg(listed->size()));
            if (!scenario.startsWith(QLatin1String("sep-2640-client-verify-")) || listed->isEmpty()) {
                planToolCalls();
                return;
            }
            const SkillEntry entry = listed->constFirst();
            say(QStringLiteral("opening the skill %1").arg(entry.uri));
            skills->open(entry, q, [this](const Result<SkillCatalog::LoadedSkill> &opened) {
                // A refused skill is Toolgate doing its job, not a failure of the run.
                if (opened)
                    say(QStringLiteral("the skill %1 was verified and loaded").arg(opened->entry.name()));
                else
                    say(opened.error().message);
                planToolCalls();
            });
        });
    }

    /// The session a step may still use: none once the run is ending (the connection failed or timed out).
    ClientSession *liveSession() const { return finishing || !connection ? nullptr : connection->session(); }

    // A scenario scores the requests it sees (their headers, their _meta) and marks the checks of the
    // requests it never got as skipped. So the run does what a person's first look at a server does,
    // whatever the scenario is called: list everything the server offers, read the first resource,
    // get the first prompt, then make the calls. Failures here are the scenario's to judge: the run
    // goes on and does not fail because of them.
    void planToolCalls()
    {
        ClientSession *session = liveSession();
        if (!session)
            return;
        if (!session->serverCapabilities().tools) {
            exploreResources();
            return;
        }
        connection->relistTools(q, [this](const Result<QList<Tool>> &tools) {
            if (finishing)
                return;
            if (!tools) {
                say(QStringLiteral("listing tools failed: ") + tools.error().message);
                exitCode = 1;
                disconnect();
                return;
            }
            say(QStringLiteral("%1 tool(s) listed").arg(tools->size()));
            const auto listed = [&tools](const QString &name) {
                return std::any_of(tools->cbegin(), tools->cend(), [&name](const Tool &tool) { return tool.name == name; });
            };
            // The calls a scenario asks for (MCP_CONFORMANCE_CONTEXT's toolCalls), of the tools Toolgate offers.
            const QJsonArray asked = context.value(QLatin1String("toolCalls")).toArray();
            for (const QJsonValue &entry : asked) {
                const QString name = entry.toObject().value(QLatin1String("name")).toString();
                if (listed(name))
                    toCall.append({name, entry.toObject().value(QLatin1String("arguments")).toObject()});
            }
            if (asked.isEmpty()) {
                const bool modern = connection->session()->era() == ProtocolEra::Modern;
                for (const Tool &tool : tools.value()) {
                    bool known = false;
                    const QJsonObject arguments = argumentsFor(tool.name, &known);
                    if (known) {
                        toCall.append({tool.name, arguments});
                    } else if (tool.name == QLatin1String("json_schema_echo")) {
                        // SEP-2106: hand back the schema of its sibling tool exactly as Toolgate holds it.
                        for (const Tool &sibling : tools.value()) {
                            if (sibling.name == QLatin1String("json_schema_2020_12_tool"))
                                toCall.append({tool.name, QJsonObject{{QStringLiteral("schema"), sibling.inputSchema}}});
                        }
                    } else if (modern) {
                        // A 2026-07-28 scenario scores what happens when its tools are called: each one is.
                        toCall.append({tool.name, sampleArgumentsFor(tool.inputSchema), false});
                    }
                }
            }
            exploreResources();
        });
    }

    void exploreResources()
    {
        ClientSession *session = liveSession();
        if (!session)
            return;
        if (!session->serverCapabilities().resources) {
            explorePrompts();
            return;
        }
        session->listResources(q, [this](const Result<QList<Resource>> &resources) {
            ClientSession *session = liveSession();
            if (!session)
                return;
            if (!resources || resources->isEmpty()) {
                say(resources ? QStringLiteral("no resources listed")
                              : QStringLiteral("listing resources failed: ") + resources.error().message);
                explorePrompts();
                return;
            }
            // A server with skills (SEP-2640) lists their files among its resources, and Toolgate fetches
            // a skill's files only once the skill is opened: nothing of such a server is read unasked.
            if (SkillCatalog::offeredBy(session)) {
                say(QStringLiteral("%1 resource(s) listed; none read (the server offers skills)").arg(resources->size()));
                explorePrompts();
                return;
            }
            const QString uri = resources->first().uri;
            say(QStringLiteral("%1 resource(s) listed; reading %2").arg(resources->size()).arg(uri));
            session->readResource(uri, q, [this, uri](const Result<ReadResourceResult> &read) {
                if (finishing)
                    return;
                say(read ? QStringLiteral("%1 read: %2 content item(s)").arg(uri).arg(read->contents.size())
                         : QStringLiteral("reading %1 failed: %2").arg(uri, read.error().message));
                explorePrompts();
            });
        });
    }

    void explorePrompts()
    {
        ClientSession *session = liveSession();
        if (!session)
            return;
        if (!session->serverCapabilities().prompts) {
            callNext();
            return;
        }
        session->listPrompts(q, [this](const Result<QList<Prompt>> &prompts) {
            ClientSession *session = liveSession();
            if (!session)
                return;
            if (!prompts || prompts->isEmpty()) {
                say(prompts ? QStringLiteral("no prompts listed") : QStringLiteral("listing prompts failed: ") + prompts.error().message);
                callNext();
                return;
            }
            const Prompt &first = prompts->first();
            // Its required arguments get a plain value, as a tool's do.
            QMap<QString, QString> arguments;
            for (const PromptArgument &argument : first.arguments) {
                if (argument.required)
                    arguments.insert(argument.name, QStringLiteral("conformance"));
            }
            const QString name = first.name;
            say(QStringLiteral("%1 prompt(s) listed; getting %2").arg(prompts->size()).arg(name));
            session->getPrompt(name, arguments, q, [this, name](const Result<GetPromptResult> &prompt) {
                if (finishing)
                    return;
                say(prompt ? QStringLiteral("%1: %2 message(s)").arg(name).arg(prompt->messages.size())
                           : QStringLiteral("getting %1 failed: %2").arg(name, prompt.error().message));
                callNext();
            });
        });
    }

    void callNext()
    {
        if (finishing)
            return;
        if (toCall.isEmpty()) {
            disconnect();
            return;
        }
        const PlannedCall next = toCall.takeFirst();
        const QString name = next.tool;
        const QJsonObject &arguments = next.arguments;
        const bool mustSucceed = next.mustSucceed;
        say(QStringLiteral("calling %1").arg(name));
        // Through the pipeline like every call: approved by the fixed rule, recorded in the audit log.
        ToolCall *call = host->toolCalls()->call(connection, name, arguments, CallInitiator::Conformance, q);
        QObject::connect(call, &ToolCall::finished, q, [this, call, name, mustSucceed] {
            call->deleteLater();
            const ToolCallOutcome &outcome = call->outcome();
            if (outcome.kind == ToolCallOutcome::Kind::Succeeded || outcome.kind == ToolCallOutcome::Kind::ToolError) {
                say(QStringLiteral("%1 answered%2: %3").arg(name, outcome.result.isError ? QStringLiteral(" with an error") : QString(),
                                                             outcome.result.textSummary().left(200)));
            } else {
                say(QStringLiteral("calling %1 failed: %2").arg(name, outcome.error.message));
                if (mustSucceed)
                    exitCode = 1;
            }
            callNext();
        });
    }

    void disconnect()
    {
        if (finishing)
            return;
        finishing = true;
        ClientSession *session = connection ? connection->session() : nullptr;
        if (!session || session->state() == ClientSession::State::Closed || session->state() == ClientSession::State::Failed) {
            finish(exitCode);
            return;
        }
        QObject::connect(session, &QObject::destroyed, q, [this] { finish(exitCode); });
        connection->stop();
    }

    void finish(int code)
    {
        deadline.stop();
        finishing = true;
        QMetaObject::invokeMethod(q, [this, code] { emit q->finished(code); }, Qt::QueuedConnection);
    }
};

bool ConformanceMode::requested(const QStringList &arguments)
{
    return arguments.size() > 1 && arguments.at(1) == QLatin1String("--conformance");
}

int ConformanceMode::run(const QStringList &arguments)
{
    ConformanceMode mode(arguments);
    int exitCode = 1;
    QObject::connect(&mode, &ConformanceMode::finished, &mode, [&exitCode](int code) {
        exitCode = code;
        QCoreApplication::exit(code);
    });
    QTimer::singleShot(0, &mode, &ConformanceMode::start);
    QCoreApplication::exec();
    return exitCode;
}

ConformanceMode::ConformanceMode(const QStringList &arguments, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->q = this;
    d->scenario = qEnvironmentVariable("MCP_CONFORMANCE_SCENARIO");
    d->context = QJsonDocument::fromJson(qgetenv("MCP_CONFORMANCE_CONTEXT")).object();
    if (arguments.size() > 2)
        d->url = arguments.last();
}

ConformanceMode::~ConformanceMode() = default;

void ConformanceMode::start()
{
    d->start();
}

} // namespace Toolgate

#include "moc_conformancemode.cpp"
