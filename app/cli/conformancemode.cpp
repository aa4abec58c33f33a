#include "conformancemode.h"

#include "auth/authorizationuseragent.h"
#include "auth/oauthauthenticator.h"
#include "auth/secretstore.h"
#include "client/clientsession.h"
#include "jsonrpc/jsonrpcerror.h"
#include "transport/httptransportfactory.h"
#include "workspace/serverconfig.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>
#include <QTimer>

#include <cstdio>

namespace Toolgate {

namespace {

// The client ID metadata document URL the suite expects (it never fetches it for real).
const QString conformanceClientMetadata = QStringLiteral("https://conformance-test.local/client-metadata.json");
constexpr auto overallTimeout = std::chrono::seconds(60);

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
        || tool == QLatin1String("test-tool"))
        return {};
    *known = false;
    return {};
}

} // namespace

class ConformanceMode::Private
{
public:
    ConformanceMode *q;
    QString scenario;
    QString url;
    QJsonObject context;
    std::unique_ptr<ClientSession> session;
    QStringList toCall;
    int exitCode = 0;
    bool finishing = false;
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
        ServerConfig config;
        config.name = QStringLiteral("conformance");
        config.transport = ServerConfig::Transport::Http;
        config.url = url;

        HttpTransportFactory::Options factoryOptions;
        const OAuthClientSettings settings = oauthSettings();
        factoryOptions.authenticatorFor = [this, settings](const ServerConfig &server) {
            OAuthAuthenticator::Options options;
            options.serverUrl = QUrl(server.url);
            options.client = settings;
            // Tokens of a test run stay in memory: nothing touches the user's keychain.
            options.store = std::make_shared<MemorySecretStore>();
            options.userAgent = std::make_shared<HeadlessUserAgent>();
            auto authenticator = std::make_shared<OAuthAuthenticator>(options);
            QObject::connect(authenticator.get(), &HttpAuthenticator::diagnosticLine, q, [](const QString &line) { say(line); });
            return std::shared_ptr<HttpAuthenticator>(authenticator);
        };
        auto transport = HttpTransportFactory::create(config, factoryOptions);
        if (!transport) {
            say(transport.error().message);
            finish(1);
            return;
        }
        ClientSession::Options options;
        options.clientInfo.name = QStringLiteral("toolgate-cli");
        options.clientInfo.title = QStringLiteral("Toolgate CLI");
        options.clientInfo.version = QStringLiteral(TOOLGATE_VERSION);
        options.initializeTimeout = std::chrono::seconds(30);
        session = std::make_unique<ClientSession>(std::move(transport).value(), options);
        session->setElicitationHandler([](const QJsonObject &params, const Responder &responder) {
            // A stand-in for a person who accepts the form as offered.
            const QJsonObject content = defaultsOf(params.value(QLatin1String("requestedSchema")).toObject());
            say(QStringLiteral("elicitation: accepting with the schema's defaults"));
            responder.respond(QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")}, {QStringLiteral("content"), content}});
        });
        QObject::connect(session.get(), &ClientSession::ready, q, [this] { onReady(); });
        QObject::connect(session.get(), &ClientSession::failed, q, [this](const Error &error) {
            if (finishing)
                return;
            say(QStringLiteral("connection failed: ") + error.message);
            exitCode = 1;
            disconnect();
        });
        QObject::connect(session.get(), &ClientSession::diagnosticLine, q, [](const QString &line) { say(line); });
        deadline.setSingleShot(true);
        QObject::connect(&deadline, &QTimer::timeout, q, [this] {
            say(QStringLiteral("gave up: the scenario did not finish in time"));
            finish(1);
        });
        deadline.start(overallTimeout);
        session->connectToServer();
    }

    void onReady()
    {
        say(QStringLiteral("connected to %1 (protocol %2)").arg(session->serverInfo().name, session->protocolVersion()));
        if (!session->serverCapabilities().tools) {
            disconnect();
            return;
        }
        session->listTools(q, [this](const Result<QList<Tool>> &tools) {
            if (!tools) {
                say(QStringLiteral("listing tools failed: ") + tools.error().message);
                exitCode = 1;
                disconnect();
                return;
            }
            say(QStringLiteral("%1 tool(s) listed").arg(tools->size()));
            for (const Tool &tool : tools.value()) {
                bool known = false;
                argumentsFor(tool.name, &known);
                if (known)
                    toCall.append(tool.name);
            }
            callNext();
        });
    }

    void callNext()
    {
        if (toCall.isEmpty()) {
            disconnect();
            return;
        }
        const QString name = toCall.takeFirst();
        bool known = false;
        const QJsonObject arguments = argumentsFor(name, &known);
        say(QStringLiteral("calling %1").arg(name));
        session->callTool(name, arguments, {}, q, [this, name](const Result<CallToolResult> &result) {
            if (!result) {
                say(QStringLiteral("calling %1 failed: %2").arg(name, result.error().message));
                exitCode = 1;
            } else {
                say(QStringLiteral("%1 answered%2: %3").arg(name, result->isError ? QStringLiteral(" with an error") : QString(),
                                                             result->textSummary().left(200)));
            }
            callNext();
        });
    }

    void disconnect()
    {
        if (finishing)
            return;
        finishing = true;
        if (!session || session->state() == ClientSession::State::Closed) {
            finish(exitCode);
            return;
        }
        QObject::connect(session.get(), &ClientSession::closed, q, [this] { finish(exitCode); });
        session->disconnectFromServer();
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
