#include "app/cli/clirunner.h"

#include "core/skills/skillentry.h"
#include "core/calls/approvalpolicy.h"
#include "core/calls/argumentrules.h"
#include "app/cli/clitext.h"

#include "app/cli/attachmentsaver.h"
#include "app/cli/chatcommand.h"
#include "core/auth/authorizationuseragent.h"
#include "app/cli/commandrunner.h"
#include "app/cli/console.h"
#include "core/host/host.h"
#include "app/cli/interfacecommands.h"
#include "app/cli/interruptwatcher.h"
#include "app/cli/outputprinter.h"
#include "app/cli/runcommand.h"
#include "core/requests/serverrequestgate.h"
#include "app/cli/terminalapprovalgate.h"
#include "app/cli/terminalreader.h"
#include "app/cli/chatmodel.h"
#include "app/cli/terminalserverrequestgate.h"
#include "app/cli/terminalservertrust.h"
#include "app/cli/terminalturns.h"
#include "core/common/commandline.h"
#include "core/transport/stdiotransport.h"
#include "core/workspace/connectiondoctor.h"
#include "core/workspace/eracache.h"
#include "core/workspace/servertrust.h"
#include "core/workspace/workspace.h"
#include "core/workspace/workspacesecrets.h"

namespace Toolgate {

namespace {

// The transport's own shutdown ladder (close stdin, terminate, kill) takes a few seconds at
// most; this only guards against a close that never reports back.
constexpr auto closeTimeout = std::chrono::seconds(15);

// The spec's stdio shutdown is: close the server's stdin, wait for it to exit, SIGTERM if it does not
// within "a reasonable time", SIGKILL if that does not end it either. The transport waits 2 s at each
// step, which suits the app, whose servers stop in the background. A toolgate-cli run that has its
// answer is waited on by a person or a script, and every run paid the whole 2 s against a server that
// outlives its stdin: server-everything asks for the client's roots 350 ms after initialize and, with
// its stdin closed, waits for an answer that can no longer come. After a clean end nothing of ours is
// in flight, and servers that exit on end of input do so within tens of milliseconds (the demo and
// fault servers in 1-3 ms, the TypeScript SDK v2 peer in 20-75 ms): 250 ms is several times that.
// SIGTERM is still a request to exit, which a server that needs longer to tidy up can handle; SIGKILL
// keeps its full 2 s after it. An interrupted run keeps the full wait: the server was just told to
// cancel a call and may be winding it down.
constexpr auto cleanEndExitGrace = std::chrono::milliseconds(250);

/// A server of a run that ended cleanly is given cleanEndExitGrace to exit before SIGTERM.
void shortenExitGraceAfterCleanEnd(ServerConnection *connection)
{
    ClientSession *session = connection ? connection->session() : nullptr;
    if (auto *stdio = session ? qobject_cast<StdioTransport *>(session->transport()) : nullptr)
        stdio->setExitGrace(cleanEndExitGrace);
}

Host::Options hostOptions(const CliArguments &arguments)
{
    Host::Options options;
    options.initiator = CallInitiator::Cli;
    options.session.clientInfo.name = QStringLiteral("toolgate-cli");
    options.session.clientInfo.title = QStringLiteral("Toolgate CLI");
    options.session.clientInfo.version = QStringLiteral(TOOLGATE_VERSION);
    // Skills (SEP-2640): listed by "skills", fetched and verified by "skill NAME".
    options.session.extensions.insert(Skills::extensionId(), QJsonObject());
    if (arguments.timeout)
        options.session.toolCallTimeout = *arguments.timeout;
    // No servers file of its own: the chosen server joins the workspace for this run only.
    options.serversPath.clear();
    // Each CLI call is decided on its own, and arguments that do not match are refused (there is
    // no form to fix them in). What the person approves is pinned in the app's approvals file, so a
    // tool that changed since it was approved (here or in the app) is shown as changed.
    options.rememberDecisions = true;
    options.applyRememberedRules = false;
    options.approvalsPath = ApprovalPolicy::defaultPath();
    // A one-shot run: no file watcher, whose inotify instance alone made every exit wait 8-15 ms for the
    // kernel. The file is looked at whenever a decision is asked for, so the app's changes still count.
    options.approvalsFileChanges = ApprovalPolicy::FileChanges::CheckedOnUse;
    // The rules on argument values apply here as in the app (the pipeline evaluates them).
    options.rulesPath = ArgumentRules::defaultPath();
    options.rejectInvalidArguments = true;
    // One attempt: a script wants the failure, not a restart.
    ServerConnection::RestartPolicy noRestart;
    noRestart.maxCrashes = 1;
    options.restartPolicy = noRestart;
    // Only what the command needs is asked for.
    options.listOnConnect = false;
    // The person started this command: when the server wants a sign-in, open the browser at once.
    options.signIn.signInWhenAsked = true;
    options.signIn.clientName = QStringLiteral("Toolgate CLI");
    options.signIn.opener = [](const QUrl &url) {
        // The link carries no secret (only a one-time state and a PKCE challenge).
        Console::err(Cli::tr("The server asks you to sign in: finish it in your browser. If it does not open, visit:\n  %1\n")
                         .arg(url.toString(QUrl::FullyEncoded)));
        return LoopbackUserAgent::openWithSystemHandler(url);
    };
    return options;
}

QList<Root> rootsOf(const QStringList &folders)
{
    QList<Root> roots;
    for (const QString &folder : folders)
        roots.append(Root::forFolder(folder));
    return roots;
}

} // namespace

CliRunner::CliRunner(CliArguments arguments, QObject *parent)
    : QObject(parent)
    , m_arguments(std::move(arguments))
    , m_saver(std::make_unique<AttachmentSaver>(m_arguments.saveDir))
    , m_printer(std::make_unique<OutputPrinter>(m_arguments.json, m_saver.get()))
{
    m_closeTimeout.setSingleShot(true);
    connect(&m_closeTimeout, &QTimer::timeout, this, [this] {
        Console::error(Cli::tr("the server did not shut down in time"));
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
    if (m_arguments.command == CliCommand::Run) {
        // The collection is read, and its variables filled in, before any server starts.
        if (const Result<void> prepared = RunCommand::prepare(m_arguments); !prepared) {
            const ExitCode code = exitCodeFor(prepared.error());
            m_printer->failure(prepared.error(), code);
            finish(code);
            return;
        }
    }
    if (m_arguments.command == CliCommand::Chat) {
        // The model is known, and there is something to ask, before any server starts.
        if (const Result<void> prepared = ChatCommand::prepare(m_arguments); !prepared) {
            const ExitCode code = exitCodeFor(prepared.error());
            m_printer->failure(prepared.error(), code);
            finish(code);
            return;
        }
    }
    if (InterfaceCommands::isOffline(m_arguments)) {
        finish(InterfaceCommands::runOffline(m_arguments, m_printer.get()));
        return;
    }
    const auto choice = ServerSelector::select(m_arguments);
    if (!choice) {
        const ExitCode code = exitCodeFor(choice.error());
        m_printer->failure(choice.error(), code);
        finish(code);
        return;
    }
    if (m_arguments.command == CliCommand::Doctor) {
        runDoctor(choice.value());
        return;
    }
    connectTo(choice.value());
}

void CliRunner::runDoctor(const ServerSelector::Choice &choice)
{
    ServerConfig config = choice.config;
    config.inheritEnvironment = choice.inheritEnvironment;
    const bool adHoc = !m_arguments.url.isEmpty() || !m_arguments.inlineServer.isEmpty();
    if (!adHoc && config.transport == ServerConfig::Transport::Stdio) {
        // The doctor starts the server's program: one from a servers file only once someone trusted it.
        ServerTrust trust(ServerTrust::defaultPath());
        (void)trust.load(); // a broken file trusts nothing, which is what is checked
        if (!trust.isTrusted(config)) {
            const Error error = makeError(ErrorCode::ConfigError,
                                          Cli::tr("the doctor does not start \"%1\": nobody trusted what it runs yet. Review and trust it "
                                                  "first (run any command for it in a terminal, or open it in the Toolgate app)")
                                              .arg(Console::sanitizedLine(config.name)));
            m_printer->failure(error, ExitCode::Config);
            finish(ExitCode::Config);
            return;
        }
    }
    m_doctor = std::make_unique<ConnectionDoctor>(config);
    connect(m_doctor.get(), &ConnectionDoctor::finished, this, [this] {
        m_printer->doctorReport(*m_doctor);
        finish(m_doctor->problem().isEmpty() ? ExitCode::Success : ExitCode::Connection);
    });
    m_doctor->run();
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

void CliRunner::connectTo(const ServerSelector::Choice &choice)
{
    // The gates come first: the capabilities the server sees are what they can honour.
    const QList<Root> roots = rootsOf(m_arguments.roots);
    std::optional<ModelConfig> samplingModel;
    if (!m_arguments.samplingModel.isEmpty()) {
        // A name the models file lacks is a mistake to hear about now, not when a server first asks.
        const Result<ModelConfig> model = ChatModel::named(m_arguments.samplingModel);
        if (!model) {
            m_printer->failure(model.error(), ExitCode::Config);
            finish(ExitCode::Config);
            return;
        }
        samplingModel = model.value();
    }
    TerminalServerRequestGate *terminalGate = nullptr;
    if (m_arguments.yes) {
        m_gate = std::make_unique<FixedApprovalGate>(
            // A standing rule given on the command line, not a person who saw the call: it pins nothing.
            ApprovalDecision{ApprovalDecision::Kind::AllowOnce, ApprovalDecision::Source::RememberedRule,
                             QStringLiteral("approved with --yes"), std::nullopt});
        m_requestGate = std::make_unique<DecliningServerRequestGate>(
            QStringLiteral("toolgate-cli runs with --yes and asks the person nothing, so it declines"), roots);
    } else {
        m_reader = std::make_unique<TerminalReader>();
        m_turns = std::make_unique<TerminalTurns>();
        // What a server prints while a question is open could draw a fake question below it: it waits
        // until the person has answered.
        connect(m_turns.get(), &TerminalTurns::busyChanged, this, [](bool busy) {
            if (busy)
                Console::holdServerText();
            else
                Console::releaseServerText();
        });
        if (m_arguments.command == CliCommand::Chat && !Console::stdinIsTerminal()) {
            // Nobody to ask: a model's call runs only when a rule allows it (the pipeline asks the rules
            // first); the rest are denied, and the model hears why. Never an approval for all.
            m_gate = std::make_unique<FixedApprovalGate>(ChatCommand::noTerminalDecision());
            m_requestGate = std::make_unique<DecliningServerRequestGate>(
                QStringLiteral("toolgate-cli chat runs without a terminal and asks the person nothing, so it declines"), roots);
        } else {
            m_gate = std::make_unique<TerminalApprovalGate>(m_reader.get(), m_turns.get());
            auto gate = std::make_unique<TerminalServerRequestGate>(m_reader.get(), m_turns.get(), roots);
            terminalGate = gate.get();
            m_requestGate = std::move(gate);
        }
    }

    Host::Options options = hostOptions(m_arguments);
    // The protocol era of a server from a servers file is remembered with the app's (eras.json), so its
    // probe is paid once. A command line or URL given here is not: such runs are often one-offs, and
    // eras.json keeps one entry per server name, which they lack ("node" would stand for every Node
    // server and the entries would evict each other). Without a cache, Auto opens with initialize and
    // a modern-only server still turns modern on its refusal, with no second process started.
    const bool adHoc = !m_arguments.url.isEmpty() || !m_arguments.inlineServer.isEmpty();
    if (!adHoc)
        options.eraCachePath = EraCache::defaultPath();
    m_host = std::make_unique<Host>(std::move(options));
    if (const Result<void> eras = m_host->eraCacheLoaded(); !eras)
        Console::err(Cli::tr("toolgate-cli: warning: ") + Console::sanitized(eras.error().message) + u'\n');
    if (const auto rulesError = m_host->argumentRules()->loadError()) {
        // A broken rules file makes no rule apply. The app still asks the person about every call, but
        // here --yes would then run what a deny rule was written to stop: no calls until it is repaired.
        if (m_arguments.command == CliCommand::Call) {
            m_printer->failure(makeError(ErrorCode::ConfigError,
                                         Cli::tr("%1. Repair or remove the file; no calls are made until then.")
                                             .arg(rulesError->message)),
                               ExitCode::Config);
            finish(ExitCode::Config);
            return;
        }
        Console::err(Cli::tr("toolgate-cli: warning: ") + Console::sanitized(rulesError->message) + u'\n');
    }
    m_host->setApprovalGate(m_gate.get());
    m_host->setServerRequestGate(m_requestGate.get());
    if (terminalGate && samplingModel)
        terminalGate->setSamplingModel(*samplingModel, m_host->secretStore());
    connect(m_host->serverRequests(), &ServerRequestPipeline::notice, this,
            [](const QString &text) { Console::err(Console::sanitized(text) + u'\n'); });

    ServerConfig config = choice.config;
    config.inheritEnvironment = choice.inheritEnvironment;
    config.enabled = true;
    // A server from a servers file runs only once trusted (issue 16); one typed after "--" or given
    // with --url was seen by whoever typed it.
    const auto added = m_host->workspace()->addTransientServer(config, !adHoc);
    if (!added) {
        m_printer->failure(added.error(), ExitCode::Config);
        finish(ExitCode::Config);
        return;
    }
    m_connection = added.value();
    m_server = m_connection->identity();

    connect(m_connection, &ServerConnection::statusChanged, this, &CliRunner::onStatusChanged);
    if (m_arguments.verbose) {
        // Every line the server wrote gets its origin in front (so none can pass for our own text, such
        // as the approval question) and waits while a question is open (TerminalTurns::busyChanged).
        connect(m_connection, &ServerConnection::consoleLineAdded, this, [](const ConsoleLine &line) {
            switch (line.kind) {
            case ConsoleLine::Kind::Stderr:
                Console::serverText(QStringLiteral("[server] "), line.text);
                break;
            case ConsoleLine::Kind::Log: {
                QString origin = line.level ? toString(*line.level) : QStringLiteral("info");
                if (!line.source.isEmpty())
                    origin += u' ' + line.source;
                Console::serverText(QStringLiteral("[log %1] ").arg(Console::sanitizedLine(origin)), line.text);
                break;
            }
            case ConsoleLine::Kind::ProtocolViolation:
                Console::serverText(Cli::tr("toolgate-cli: warning: "), line.text);
                break;
            case ConsoleLine::Kind::Lifecycle:
                break;
            }
        });
        connect(m_host->signIns(), &SignInManager::diagnosticLine, this, [](const QString &, const QString &line) {
            Console::err(QStringLiteral("[auth] ") + Console::sanitized(line) + u'\n');
        });
        Console::err(Cli::tr("Connecting to %1 (%2)...\n").arg(Console::sanitized(m_server.name), Console::sanitized(m_server.endpoint)));
    }
    m_connection->start();
}

void CliRunner::onStatusChanged()
{
    if (!m_connection || m_finishing)
        return;
    switch (m_connection->status()) {
    case ServerConnection::Status::Ready:
        if (!m_command && !m_chat)
            onReady();
        return;
    case ServerConnection::Status::Failed:
    case ServerConnection::Status::WaitingForSecrets:
        if (!supplySecretsFromEnvironment())
            onFailed(m_connection->lastError());
        return;
    case ServerConnection::Status::WaitingForTrust:
        if (!m_trust)
            askForTrust(m_connection, m_trust);
        return;
    default:
        return;
    }
}

bool CliRunner::supplySecretsFromEnvironment()
{
    // Nothing keeps a secret value from one run to the next without a keychain: an environment variable
    // of the server's comes from toolgate-cli's own environment, under its name. A header has no such
    // name; it can only be kept in servers.json.
    QList<ServerConfig::SecretEntry> wanted = m_host->workspace()->secrets()->valuesToType(m_connection);
    if (wanted.isEmpty() || m_secretsSupplied)
        return false;
    QStringList fromEnvironment;
    QStringList headers;
    for (ServerConfig::SecretEntry &entry : wanted) {
        if (entry.kind == ServerConfig::SecretEntry::Kind::Env && qEnvironmentVariableIsSet(entry.key.toLocal8Bit().constData()))
            entry.value = qEnvironmentVariable(entry.key.toLocal8Bit().constData());
        else if (entry.kind == ServerConfig::SecretEntry::Kind::Env)
            fromEnvironment.append(entry.key);
        else
            headers.append(entry.key);
    }
    if (fromEnvironment.isEmpty() && headers.isEmpty()) {
        m_secretsSupplied = true; // once: a server that still fails says why
        m_host->workspace()->secrets()->typeValues(m_connection, wanted);
        return true;
    }
    QStringList parts;
    if (!fromEnvironment.isEmpty())
        parts.append(Cli::tr("set %1 in toolgate-cli's environment (e.g. %2=… toolgate-cli --server %3 …): it is passed on to the server")
                         .arg(fromEnvironment.join(QStringLiteral(", ")), fromEnvironment.first(), m_connection->name()));
    if (!headers.isEmpty())
        parts.append(Cli::tr("the header %1 can only be kept in servers.json (in Toolgate: Keep Them in servers.json)")
                         .arg(headers.join(QStringLiteral(", "))));
    onFailed(makeError(ErrorCode::ConfigError,
                       Cli::tr("there is no keychain on this computer, so no secret value is kept from one run to the next; %1")
                           .arg(parts.join(QStringLiteral("; ")))));
    return true;
}

void CliRunner::onReady()
{
    m_server = m_connection->identity();
    if (!m_arguments.againstServer.isEmpty()) {
        // One after the other: a question about trusting the second never interleaves with the first's.
        if (!m_other) {
            connectToOther();
            return;
        }
        if (m_other->status() != ServerConnection::Status::Ready)
            return;
    }
    if (m_arguments.verbose && m_connection->session()->serverCapabilities().logging) {
        // Ask for everything; the answer does not matter, the messages are a courtesy.
        m_connection->session()->setLoggingLevel(LoggingLevel::Debug, this, [](const Result<std::monostate> &) {});
    }
    if (m_arguments.command == CliCommand::Chat) {
        if (m_chat)
            return;
        ChatCommand::Context context;
        context.connection = m_connection;
        context.pipeline = m_host->toolCalls();
        context.secrets = m_host->secretStore();
        context.audit = m_host->audit();
        context.printer = m_printer.get();
        context.reader = m_reader.get();
        context.turns = m_turns.get();
        m_chat = std::make_unique<ChatCommand>(context, m_arguments);
        connect(m_chat.get(), &ChatCommand::finished, this, [this](int exitCode) { finish(ExitCode(exitCode)); });
        m_chat->start();
        return;
    }
    m_command = std::make_unique<CommandRunner>(m_connection, m_arguments, m_host->toolCalls(), m_printer.get());
    if (m_other)
        m_command->setOtherConnection(m_other);
    m_command->setModelKeys(m_host->secretStore(), m_host->audit());
    connect(m_command.get(), &CommandRunner::finished, this, [this](int exitCode) { finish(ExitCode(exitCode)); });
    m_command->start();
}

void CliRunner::connectToOther()
{
    CliArguments other = m_arguments;
    other.serverName = m_arguments.againstServer;
    const auto choice = ServerSelector::select(other);
    if (!choice) {
        const ExitCode code = exitCodeFor(choice.error());
        m_printer->failure(choice.error(), code);
        finish(code);
        return;
    }
    ServerConfig config = choice->config;
    config.inheritEnvironment = choice->inheritEnvironment;
    config.enabled = true;
    const auto added = m_host->workspace()->addTransientServer(config, true);
    if (!added) {
        m_printer->failure(added.error(), ExitCode::Config);
        finish(ExitCode::Config);
        return;
    }
    m_other = added.value();
    connect(m_other, &ServerConnection::statusChanged, this, &CliRunner::onOtherStatusChanged);
    if (m_arguments.verbose) {
        const ServerIdentity identity = m_other->identity();
        Console::err(Cli::tr("Connecting to %1 (%2)...\n").arg(Console::sanitized(identity.name), Console::sanitized(identity.endpoint)));
    }
    m_other->start();
}

void CliRunner::onOtherStatusChanged()
{
    if (!m_other || !m_connection || m_finishing)
        return;
    switch (m_other->status()) {
    case ServerConnection::Status::Ready:
        if (!m_command && m_connection->status() == ServerConnection::Status::Ready)
            onReady();
        return;
    case ServerConnection::Status::Failed:
    case ServerConnection::Status::WaitingForSecrets: { // nobody here to type them
        const ServerIdentity other = m_other->identity();
        const Error error = m_other->lastError();
        const Error reported{error.code, Cli::tr("could not connect to \"%1\" (%2): %3").arg(other.name, other.endpoint, error.message),
                             error.data};
        const ExitCode code = exitCodeFor(error) == ExitCode::Config ? ExitCode::Config : ExitCode::Connection;
        m_printer->failure(reported, code, other);
        finish(code);
        return;
    }
    case ServerConnection::Status::WaitingForTrust:
        if (!m_otherTrust)
            askForTrust(m_other, m_otherTrust);
        return;
    default:
        return;
    }
}

void CliRunner::askForTrust(ServerConnection *connection, std::unique_ptr<TerminalServerTrust> &trust)
{
    trust = std::make_unique<TerminalServerTrust>(connection, m_arguments.trustFingerprints, m_reader.get());
    QPointer<ServerConnection> asked(connection);
    connect(trust.get(), &TerminalServerTrust::decided, this, [this, asked](bool trusted, const QString &why) {
        if (trusted || !asked)
            return; // it starts; Ready or Failed follows
        const ServerIdentity server = asked->identity();
        const QString fingerprint = ServerTrustFacts::of(asked->config()).fingerprint();
        const Error refused = makeError(
            ErrorCode::ConfigError,
            Cli::tr("the server \"%1\" was not started because nobody trusted what it runs (%2). To trust it, run this again "
                    "in a terminal and answer y, or trust it in the Toolgate app; in a script, once you have checked the "
                    "command above, add --trust-fingerprint %3")
                .arg(server.name, why, fingerprint),
            QJsonObject{{QStringLiteral("fingerprint"), fingerprint}});
        m_printer->failure(refused, ExitCode::Denied, server);
        finish(ExitCode::Denied);
    });
    trust->decide();
}

void CliRunner::onFailed(const Error &failure)
{
    // Its sandbox hid a path it needed (issue 32): name the option that grants exactly that folder.
    Error error = failure;
    if (const std::optional<SandboxDenial> denial = m_connection ? m_connection->sandboxDenial() : std::nullopt) {
        if (denial->isHost()) {
            // The list it ran with and the refused host: --network replaces the list for the run.
            const SandboxProfile granted = denial->grantedIn(m_connection->config().sandbox);
            error.message += u'\n'
                + Cli::tr("To allow it, run again with --network %1 (or add the host to the server's \"sandbox\" \"network\" list in servers.json).")
                      .arg(CommandLine::quoted(granted.hosts.join(u',')));
        } else {
            error.message += u'\n'
                + Cli::tr("To allow it, run again with --grant %1 (or add the folder to the server's \"sandbox\" grants in servers.json).")
                      .arg(CommandLine::quoted(SandboxProfile::grantText(denial->grant)));
        }
    }
    if (m_chat) {
        m_chat->serverFailed(error);
        return;
    }
    if (m_command) {
        // A command is under way: its pending request answers with the error and it reports.
        m_command->serverFailed(error);
        return;
    }
    const Error reported{error.code,
                         Cli::tr("could not connect to \"%1\" (%2): %3").arg(m_server.name, m_server.endpoint, error.message),
                         error.data};
    // A value missing from the keychain, a bad URL: the configuration needs fixing, not the server.
    const ExitCode code = exitCodeFor(error) == ExitCode::Config ? ExitCode::Config : ExitCode::Connection;
    m_printer->failure(reported, code, m_server);
    finish(code);
}

void CliRunner::onInterrupted()
{
    ++m_interruptCount;
    if (m_interruptCount > 1) {
        // A second Ctrl-C means "now": the session's destructor kills the server.
        Console::error(Cli::tr("interrupted again; stopping without waiting for the server"));
        m_exitCode = ExitCode::Interrupted;
        report();
        return;
    }
    Console::err(QStringLiteral("\n"));
    Console::error(QStringLiteral("interrupted"));
    if (m_chat) {
        m_chat->interrupt();
        return;
    }
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
    if (exitCode != ExitCode::Interrupted) {
        shortenExitGraceAfterCleanEnd(m_connection);
        shortenExitGraceAfterCleanEnd(m_other);
    }
    if (m_other)
        m_other->stop(); // the host ends it for good if it has not exited by the time the run reports
    ClientSession *session = m_connection ? m_connection->session() : nullptr;
    if (!session || session->state() == ClientSession::State::Closed || session->state() == ClientSession::State::Failed
        || session->state() == ClientSession::State::Disconnected) {
        // Nothing left to shut down gracefully (the server is gone already): report at once.
        if (m_connection)
            m_connection->stop();
        QMetaObject::invokeMethod(this, [this] { report(); }, Qt::QueuedConnection);
        return;
    }
    // stop() closes the session gracefully and deletes it once the server has exited.
    connect(session, &QObject::destroyed, this, &CliRunner::report);
    m_closeTimeout.start(closeTimeout);
    m_connection->stop();
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

#include "moc_clirunner.cpp"
