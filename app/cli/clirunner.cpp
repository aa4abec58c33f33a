#include "clirunner.h"

#include "audit/auditlog.h"
#include "audit/connectionauditor.h"
#include "audit/redactor.h"
#include "auth/secretstore.h"

#include "attachmentsaver.h"
#include "calls/toolcall.h"
#include "client/clientsession.h"
#include "commandrunner.h"
#include "console.h"
#include "httpsupport.h"
#include "interruptwatcher.h"
#include "jsonrpc/jsonrpcerror.h"
#include "outputprinter.h"
#include "terminalapprovalgate.h"
#include "terminalreader.h"
#include "transport/stdiotransport.h"

namespace Toolgate {

namespace {

// The transport's own shutdown ladder (close stdin, terminate, kill) takes a few seconds at
// most; this only guards against a close that never reports back.
constexpr auto closeTimeout = std::chrono::seconds(15);

} // namespace

CliRunner::CliRunner(CliArguments arguments, QObject *parent)
    : QObject(parent)
    , m_arguments(std::move(arguments))
    , m_saver(std::make_unique<AttachmentSaver>(m_arguments.saveDir))
    , m_printer(std::make_unique<OutputPrinter>(m_arguments.json, m_saver.get()))
{
    m_closeTimeout.setSingleShot(true);
    connect(&m_closeTimeout, &QTimer::timeout, this, [this] {
        Console::error(QStringLiteral("the server did not shut down in time"));
        report();
    });
}

CliRunner::~CliRunner() = default;

void CliRunner::start()
{
    m_interrupts = std::make_unique<InterruptWatcher>();
    connect(m_interrupts.get(), &InterruptWatcher::interrupted, this, &CliRunner::onInterrupted);

    if (m_arguments.command == CliCommand::Servers) {
        listServers();
        return;
    }
    const auto choice = ServerSelector::select(m_arguments);
    if (!choice) {
        const ExitCode code = exitCodeFor(choice.error());
        m_printer->failure(choice.error(), code);
        finish(code);
        return;
    }
    connectTo(choice.value());
}

void CliRunner::listServers()
{
    const auto configured = ServerSelector::configured(m_arguments);
    if (!configured) {
        m_printer->failure(configured.error(), ExitCode::Config);
        finish(ExitCode::Config);
        return;
    }
    m_printer->servers(configured->servers, configured->source, configured->demoFallback);
    finish(ExitCode::Success);
}

void CliRunner::readSecretsThenConnect(ServerSelector::Choice choice)
{
    // The desktop app keeps values marked secret in the OS keychain and leaves a placeholder in the
    // servers file; the server must get the real value, never the placeholder.
    QList<ServerConfig::SecretEntry> unread;
    for (const ServerConfig::SecretEntry &entry : choice.config.keychainSecrets()) {
        if (entry.value == ServerConfig::secretPlaceholder())
            unread.append(entry);
    }
    m_secrets = std::make_unique<KeychainSecretStore>();
    struct Pending
    {
        ServerSelector::Choice choice;
        qsizetype remaining = 0;
        QStringList missing;
    };
    auto pending = std::make_shared<Pending>(Pending{std::move(choice), unread.size(), {}});
    for (const ServerConfig::SecretEntry &entry : std::as_const(unread)) {
        m_secrets->read(entry.storeKey, this, [this, pending, entry](const Result<QByteArray> &value) {
            if (value && !value.value().isEmpty())
                pending->choice.config.setSecretValue(entry, QString::fromUtf8(value.value()));
            else
                pending->missing.append(entry.describe());
            if (--pending->remaining > 0)
                return;
            if (!pending->missing.isEmpty()) {
                const Error error = makeError(
                    ErrorCode::ConfigError,
                    QStringLiteral("The secret value of %1 was not found in %2. Open Toolgate, edit the server \"%3\", "
                                   "enter the value again and save.")
                        .arg(pending->missing.join(QStringLiteral(", ")), m_secrets->location(), pending->choice.config.name));
                m_printer->failure(error, ExitCode::Config);
                finish(ExitCode::Config);
                return;
            }
            connectTo(pending->choice);
        });
    }
}

void CliRunner::connectTo(const ServerSelector::Choice &choice)
{
    if (choice.config.hasUnreadSecrets()) {
        readSecretsThenConnect(choice);
        return;
    }
    const ServerConfig &config = choice.config;
    m_server.name = config.name;
    m_server.endpoint = config.endpoint();

    ClientSession::Options options;
    options.clientInfo.name = QStringLiteral("toolgate-cli");
    options.clientInfo.title = QStringLiteral("Toolgate CLI");
    options.clientInfo.version = QStringLiteral(TOOLGATE_VERSION);
    if (m_arguments.timeout)
        options.toolCallTimeout = *m_arguments.timeout;
    auto transport = HttpSupport::createTransport(config, choice.inheritEnvironment, m_arguments.verbose);
    if (!transport) {
        const ExitCode code = exitCodeFor(transport.error());
        m_printer->failure(transport.error(), code, m_server);
        finish(code);
        return;
    }
    // Every call made from the CLI is recorded in the same audit store as the GUI's.
    m_audit = std::make_unique<AuditLog>();
    m_audit->addSecretValues(Redactor::secretValuesOf(config));
    m_session = std::make_unique<ClientSession>(std::move(transport).value(), options);
    m_connectionAuditor = std::make_unique<ConnectionAuditor>(m_audit.get(), CallInitiator::Cli);
    m_connectionAuditor->watch(m_session.get(), m_server);

    connect(m_session.get(), &ClientSession::ready, this, &CliRunner::onReady);
    connect(m_session.get(), &ClientSession::failed, this, &CliRunner::onFailed);
    if (m_arguments.verbose) {
        // Every line the server wrote gets its origin in front (so none can pass for our own text, such
        // as the approval question) and waits while a question is open.
        connect(m_session.get(), &ClientSession::diagnosticLine, this, [](const QString &line) {
            Console::serverText(QStringLiteral("[server] "), line);
        });
        connect(m_session.get(), &ClientSession::logMessage, this, [](const LogMessage &message) {
            QString origin = message.toJson().value(QLatin1String("level")).toString();
            if (!message.logger.isEmpty())
                origin += u' ' + message.logger;
            Console::serverText(QStringLiteral("[log %1] ").arg(Console::sanitizedLine(origin)), message.text());
        });
        connect(m_session.get(), &ClientSession::protocolViolation, this, [](const QString &description) {
            Console::serverText(QStringLiteral("toolgate-cli: warning: "), description);
        });
        Console::err(QStringLiteral("Connecting to %1 (%2)...\n").arg(m_server.name, m_server.endpoint));
    }
    m_session->connectToServer();
}

void CliRunner::onReady()
{
    if (m_finishing)
        return;
    m_server.serverInfo = m_session->serverInfo();

    if (m_arguments.yes) {
        m_gate = std::make_unique<FixedApprovalGate>(
            ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::Human,
                             QStringLiteral("approved with --yes"), std::nullopt});
    } else {
        m_reader = std::make_unique<TerminalReader>();
        m_gate = std::make_unique<TerminalApprovalGate>(m_reader.get());
    }
    ToolCallPipeline::Options pipelineOptions;
    // The CLI cannot show an editable form: arguments that do not match are refused outright.
    pipelineOptions.rejectInvalidArguments = true;
    // No remembered rules: each CLI call is decided on its own.
    m_pipeline = std::make_unique<ToolCallPipeline>(m_gate.get(), nullptr, pipelineOptions);
    m_pipeline->setObserver(m_audit.get());

    m_command = std::make_unique<CommandRunner>(m_session.get(), m_server, m_arguments, m_pipeline.get(), m_printer.get());
    connect(m_command.get(), &CommandRunner::finished, this, [this](int exitCode) { finish(ExitCode(exitCode)); });

    if (m_arguments.verbose && m_session->serverCapabilities().logging) {
        // Ask for everything; the answer does not matter, the messages are a courtesy.
        m_session->setLoggingLevel(LoggingLevel::Debug, this, [](const Result<std::monostate> &) {});
    }
    m_command->start();
}

void CliRunner::onFailed(const Error &error)
{
    if (m_finishing)
        return;
    if (m_command) {
        // A command is under way: its pending request answers with the error and it reports.
        m_command->serverFailed(error);
        return;
    }
    const Error reported{error.code,
                         QStringLiteral("could not connect to \"%1\" (%2): %3").arg(m_server.name, m_server.endpoint, error.message),
                         error.data};
    m_printer->failure(reported, ExitCode::Connection, m_server);
    finish(ExitCode::Connection);
}

void CliRunner::onInterrupted()
{
    ++m_interruptCount;
    if (m_interruptCount > 1) {
        // A second Ctrl-C means "now": the session's destructor kills the server.
        Console::error(QStringLiteral("interrupted again; stopping without waiting for the server"));
        m_exitCode = ExitCode::Interrupted;
        report();
        return;
    }
    Console::err(QStringLiteral("\n"));
    Console::error(QStringLiteral("interrupted"));
    if (m_command) {
        m_command->interrupt();
        return;
    }
    finish(ExitCode::Interrupted);
}

void CliRunner::finish(ExitCode exitCode)
{
    if (m_finishing)
        return;
    m_finishing = true;
    m_exitCode = exitCode;
    if (!m_session || m_session->state() == ClientSession::State::Closed
        || m_session->state() == ClientSession::State::Disconnected) {
        QMetaObject::invokeMethod(this, [this] { report(); }, Qt::QueuedConnection);
        return;
    }
    connect(m_session.get(), &ClientSession::closed, this, &CliRunner::report);
    m_closeTimeout.start(closeTimeout);
    m_session->disconnectFromServer();
}

void CliRunner::report()
{
    if (m_reported)
        return;
    m_reported = true;
    m_closeTimeout.stop();
    emit finished(int(m_exitCode));
}

} // namespace Toolgate
