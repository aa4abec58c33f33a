#include "core/workspace/connectiondoctor.h"

#include "core/auth/wwwauthenticate.h"
#include "core/common/commandline.h"
#include "core/common/displaytext.h"
#include "core/common/error.h"
#include "core/jsonrpc/jsonrpcmessage.h"
#include "core/protocol/protocolversion.h"
#include "core/transport/httpclient.h"
#include "core/transport/processexit.h"
#include "core/transport/stdiotransport.h"
#include "core/workspace/transportfactory.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QPointer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTimer>

namespace Toolgate {

namespace {

using Outcome = DoctorCheck::Outcome;

// Enough to find the line that says what went wrong under a runtime's stack trace.
constexpr qsizetype stderrLinesKept = 200;

// Long enough to recognise a line, short enough for one line of a report.
QString excerpt(const QString &text)
{
    return DisplayText::visibleLine(text.trimmed()).left(200);
}

QChar pathSeparator()
{
#ifdef Q_OS_WIN
    return u';';
#else
    return u':';
#endif
}

// Arguments that name a script or a file the program is to run: a typo there is the most common
// reason a server "starts" and exits at once.
bool looksLikeFile(const QString &argument)
{
    if (argument.isEmpty() || argument.startsWith(u'-') || argument.startsWith(u'@') || argument.contains(u'='))
        return false;
    static const QStringList scriptSuffixes{QStringLiteral(".js"), QStringLiteral(".mjs"), QStringLiteral(".cjs"),
                                            QStringLiteral(".ts"), QStringLiteral(".py"), QStringLiteral(".rb"),
                                            QStringLiteral(".php"), QStringLiteral(".jar"), QStringLiteral(".pl"),
                                            QStringLiteral(".sh")};
    for (const QString &suffix : scriptSuffixes) {
        if (argument.endsWith(suffix, Qt::CaseInsensitive))
            return true;
    }
    return argument.startsWith(QLatin1String("./")) || argument.startsWith(QLatin1String("../"))
        || QDir::isAbsolutePath(argument);
}

QStringList directoriesOf(const QString &path)
{
    return path.split(pathSeparator(), Qt::SkipEmptyParts);
}

} // namespace

class ConnectionDoctor::Private
{
    Q_DECLARE_TR_FUNCTIONS(Toolgate::ConnectionDoctor)
public:
    Private(ConnectionDoctor *q, ServerConfig c, Options o)
        : q(q), config(std::move(c)), options(o)
    {
        answerTimer.setSingleShot(true);
    }

    ConnectionDoctor *q;
    ServerConfig config;
    Options options;
    QList<DoctorCheck> checks;
    bool running = false;
    bool finished = false;
    QTimer answerTimer;

    // stdio
    std::unique_ptr<StdioTransport> transport;
    QPointer<QProcess> shell;
    QString resolvedProgram;
    QStringList stdoutLines;
    QStringList stderrLines;
    bool concluded = false;

    // HTTP
    std::unique_ptr<HttpClient> http;
    QPointer<HttpExchange> exchange;
    QByteArray body;

    // The version managers whose programs are links into one installed version, or shims that choose one
    // each time they run: worth a word, because the server then depends on them.
    static QString shimNote(const QString &path)
    {
        if (path.contains(QLatin1String("/.nvm/")))
            return tr("%1 belongs to one Node version installed by nvm: \"nvm use\" does not change which Node the server "
                      "gets, and uninstalling that version breaks the server.").arg(path);
        if (path.contains(QLatin1String("/.volta/")))
            return tr("%1 is a Volta shim: it picks the Node version from the project in the server's working directory.").arg(path);
        if (path.contains(QLatin1String("/.asdf/shims/")) || path.contains(QLatin1String("/mise/shims/"))
            || path.contains(QLatin1String("/.pyenv/shims/")))
            return tr("%1 is a version manager's shim: it picks the version from the server's working directory and the "
                      "manager's settings.").arg(path);
        const QString name = QFileInfo(path).fileName();
        if (name == QLatin1String("uvx") || name == QLatin1String("uv") || name == QLatin1String("npx")
            || name == QLatin1String("pnpx") || name == QLatin1String("bunx"))
            return tr("%1 fetches the server's package before running it: the first start can take much longer than later ones.").arg(name);
        return {};
    }

    void add(Outcome outcome, const QString &topic, const QString &finding)
    {
        checks.append({outcome, topic, finding});
        emit q->checkAdded(checks.constLast());
    }

    void finish()
    {
        if (finished)
            return;
        finished = true;
        answerTimer.stop();
        emit q->finished();
    }

    // ---- stdio -----------------------------------------------------------------------------

    StdioLaunchSpec plainSpec() const { return config.launchSpec(); }

    void checkStdio()
    {
        if (const std::optional<ServerConfig> split = ConnectionDoctor::splitPastedCommandLine(config)) {
            QStringList pasted;
            for (const QString &argument : split->args.mid(0, split->args.size() - config.args.size()))
                pasted.append(CommandLine::quoted(argument));
            add(Outcome::Problem, tr("Command"),
                tr("Command holds a whole command line: the program is \"%1\", and %2 belong in Arguments, one "
                   "argument each (the checks below treat them so).")
                    .arg(split->command, pasted.join(u' ')));
            config = *split;
        }
        const StdioLaunchSpec spec = plainSpec();
        const Result<QString> program = StdioTransport::resolveProgram(spec);
        if (program) {
            resolvedProgram = program.value();
            add(Outcome::Passed, tr("Program"),
                config.command.contains(u'/') || config.command.contains(u'\\')
                    ? tr("%1 exists and is a program.").arg(resolvedProgram)
                    : tr("\"%1\" is %2 on the PATH the server gets.").arg(config.command, resolvedProgram));
            if (const QString note = shimNote(resolvedProgram); !note.isEmpty())
                add(Outcome::Note, tr("Program"), note);
        }
        const bool bare = !config.command.contains(u'/') && !config.command.contains(u'\\');
        if (!program && bare) {
            // Apps started from a desktop menu do not read ~/.profile or ~/.bashrc, where nvm, Volta and
            // pyenv put their directories on PATH: compare with a login shell's before saying more.
            askLoginShell(program.error());
            return;
        }
        if (!program) {
            add(Outcome::Problem, tr("Program"), sentence(program.error().message));
            checkFileArguments();
            finish();
            return;
        }
        checkFileArguments();
        if (!options.startServer) {
            add(Outcome::Note, tr("Start"), tr("Not started, because nobody trusted what it runs yet: trust it to let the doctor "
                                               "see what it does when it runs."));
            finish();
            return;
        }
        startServer();
    }

    void checkFileArguments()
    {
        const QDir base(config.cwd.isEmpty() ? QDir::currentPath() : config.cwd);
        for (const QString &argument : std::as_const(config.args)) {
            if (!looksLikeFile(argument))
                continue;
            const QString path = QDir::cleanPath(base.absoluteFilePath(argument));
            if (QFileInfo::exists(path))
                continue;
            add(Outcome::Problem, tr("Arguments"),
                tr("The argument \"%1\" names a file that does not exist (looked for %2): check it for a typo, and give "
                   "the full path or set the working directory.").arg(excerpt(argument), path));
        }
    }

    void askLoginShell(const Error &notFound)
    {
#ifdef Q_OS_UNIX
        QString shellProgram = qEnvironmentVariable("SHELL");
        if (shellProgram.isEmpty())
            shellProgram = QStringLiteral("/bin/sh");
        shell = new QProcess(q);
        shell->setProgram(shellProgram);
        // -l reads the files a terminal's shell reads; -i would too, but could wait for input.
        shell->setArguments({QStringLiteral("-l"), QStringLiteral("-c"), QStringLiteral("printf '%s' \"$PATH\"")});
        shell->setStandardInputFile(QProcess::nullDevice());
        QObject::connect(shell, &QProcess::finished, q, [this, notFound](int exitCode, QProcess::ExitStatus status) {
            const QString path = status == QProcess::NormalExit && exitCode == 0
                ? QString::fromLocal8Bit(shell->readAllStandardOutput()).trimmed()
                : QString();
            shell->deleteLater();
            answerTimer.stop();
            compareWithLoginShell(notFound, path);
        });
        QObject::connect(shell, &QProcess::errorOccurred, q, [this, notFound](QProcess::ProcessError error) {
            if (error != QProcess::FailedToStart)
                return;
            shell->deleteLater();
            answerTimer.stop();
            compareWithLoginShell(notFound, QString());
        });
        QObject::disconnect(&answerTimer, nullptr, q, nullptr);
        QObject::connect(&answerTimer, &QTimer::timeout, q, [this, notFound] {
            if (shell) {
                shell->disconnect(q);
                shell->kill();
                shell->deleteLater();
            }
            compareWithLoginShell(notFound, QString());
        });
        answerTimer.start(options.shellTimeout);
        shell->start();
#else
        add(Outcome::Problem, tr("Program"), sentence(notFound.message));
        checkFileArguments();
        finish();
#endif
    }

    void compareWithLoginShell(const Error &notFound, const QString &shellPath)
    {
        const QString found = shellPath.isEmpty() ? QString() : QStandardPaths::findExecutable(config.command, directoriesOf(shellPath));
        if (found.isEmpty()) {
            add(Outcome::Problem, tr("Program"), sentence(notFound.message));
        } else {
            add(Outcome::Problem, tr("Program"),
                tr("\"%1\" is %2 on your login shell's PATH, but not on the PATH the server gets (%3): put %2 in Command.")
                    .arg(config.command, found, StdioTransport::childEnvironment(plainSpec()).value(QStringLiteral("PATH"))));
            if (const QString note = shimNote(found); !note.isEmpty())
                add(Outcome::Note, tr("Program"), note);
        }
        checkFileArguments();
        finish();
    }

    void startServer()
    {
        // In its sandbox, as the server itself runs.
        Result<StdioLaunchSpec> spec = TransportFactory::stdioLaunchSpec(config);
        if (!spec) {
            add(Outcome::Problem, tr("Start"), sentence(spec.error().message));
            finish();
            return;
        }
        transport = std::make_unique<StdioTransport>(std::move(spec).value());
        StdioTransport *t = transport.get();
        QObject::connect(t, &Transport::started, q, [this] { sendInitialize(); });
        QObject::connect(t, &Transport::messageReceived, q, [this](const QByteArray &message) { onStdioMessage(message); });
        QObject::connect(t, &Transport::strayOutput, q, [this](const QString &text) { onStrayOutput(text); });
        QObject::connect(t, &Transport::diagnosticLine, q, [this](const QString &line) {
            if (stderrLines.size() < stderrLinesKept && !line.trimmed().isEmpty())
                stderrLines.append(excerpt(line));
        });
        QObject::connect(t, &Transport::errorOccurred, q, [this](const Error &error) { onStdioError(error); });
        QObject::connect(t, &Transport::closed, q, [this] {
            if (!concluded)
                conclude(Outcome::Problem, tr("It ended without answering initialize and without saying why."));
            reportStderr();
            finish();
        });
        QObject::disconnect(&answerTimer, nullptr, q, nullptr);
        QObject::connect(&answerTimer, &QTimer::timeout, q, [this] {
            const double seconds = std::chrono::duration<double>(options.answerTimeout).count();
            conclude(Outcome::Problem,
                     stdoutLines.isEmpty()
                         ? tr("It wrote nothing to standard output within %1 s of being asked to initialize: it may be waiting "
                              "for something else (a network port, a sign-in), or it is no MCP server.").arg(seconds, 0, 'g', 3)
                         : tr("It did not answer initialize within %1 s.").arg(seconds, 0, 'g', 3));
            transport->close();
        });
        answerTimer.start(options.answerTimeout);
        t->start();
    }

    void sendInitialize()
    {
        const QJsonObject params{
            {QLatin1String("protocolVersion"), QString(ProtocolVersion::latestLegacy)},
            {QLatin1String("capabilities"), QJsonObject()},
            {QLatin1String("clientInfo"), QJsonObject{{QLatin1String("name"), QStringLiteral("toolgate-doctor")},
                                                      {QLatin1String("version"), QStringLiteral(TOOLGATE_VERSION)}}},
        };
        transport->send(JsonRpcMessage::request(RequestId(1), QStringLiteral("initialize"), params).serialize());
    }

    void quoteLine(const QString &text)
    {
        if (stdoutLines.size() < options.linesQuoted)
            stdoutLines.append(excerpt(text));
    }

    void onStrayOutput(const QString &text)
    {
        const bool first = stdoutLines.isEmpty();
        quoteLine(text);
        if (!first || concluded)
            return;
        add(Outcome::Problem, tr("Output"),
            tr("Its first line on standard output is not JSON-RPC: \"%1\". A server over stdio writes only JSON-RPC "
               "messages there: this is no MCP server, or it prints text to standard output that belongs on standard error.")
                .arg(excerpt(text)));
        concluded = true;
        answerTimer.stop();
        transport->close();
    }

    void onStdioMessage(const QByteArray &message)
    {
        quoteLine(QString::fromUtf8(message));
        const Result<QList<JsonRpcMessage>> parsed = JsonRpcMessage::parse(message);
        if (!parsed || parsed->isEmpty()) {
            onStrayOutput(QString::fromUtf8(message));
            return;
        }
        const JsonRpcMessage &m = parsed->constFirst();
        if (concluded || !m.isResponse() || m.id() != RequestId(1))
            return; // a log line or a request of its own: it speaks JSON-RPC; the answer is still to come
        add(Outcome::Passed, tr("Output"), tr("Its output is JSON-RPC."));
        concludeWithAnswer(m);
        transport->close();
    }

    void concludeWithAnswer(const JsonRpcMessage &m)
    {
        if (m.kind() == JsonRpcMessage::Kind::ErrorResponse) {
            const Error &error = m.error();
            if (error.code == int(ErrorCode::UnsupportedProtocolVersion))
                conclude(Outcome::Note, tr("It refused initialize because it speaks only a newer MCP revision (%1): set its protocol "
                                           "era to Auto or Modern.").arg(excerpt(error.message)));
            else
                conclude(Outcome::Problem, tr("It answered initialize with an error: %1 (code %2).").arg(excerpt(error.message)).arg(error.code));
            return;
        }
        const QJsonObject result = m.result().toObject();
        const QJsonObject info = result.value(QLatin1String("serverInfo")).toObject();
        const QString version = result.value(QLatin1String("protocolVersion")).toString();
        conclude(Outcome::Passed,
                 tr("It answered initialize: %1 %2, MCP %3%4.")
                     .arg(excerpt(info.value(QLatin1String("name")).toString()), excerpt(info.value(QLatin1String("version")).toString()),
                          excerpt(version),
                          ProtocolVersion::isSupportedLegacy(version) ? QString()
                                                                      : tr(", a revision Toolgate does not support")));
    }

    void onStdioError(const Error &error)
    {
        if (concluded)
            return;
        const ProcessExit ended = ProcessExit::fromErrorData(error.data);
        if (ended.isValid()) {
            conclude(Outcome::Problem,
                     stderrLines.isEmpty()
                         ? tr("It stopped before answering initialize: %1.").arg(ended.itEnded())
                         : tr("It stopped before answering initialize: %1, after writing to standard error: \"%2\".")
                               .arg(ended.itEnded(), tellingLine(stderrLines)));
            return;
        }
        conclude(Outcome::Problem, sentence(error.message));
    }

    void conclude(Outcome outcome, const QString &finding)
    {
        if (concluded)
            return;
        concluded = true;
        answerTimer.stop();
        add(outcome, tr("Answer"), finding);
    }

    // The line of a stack trace or a log that says what went wrong: the last that speaks of an error.
    static QString tellingLine(const QStringList &lines)
    {
        for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
            if (it->contains(QLatin1String("error"), Qt::CaseInsensitive) || it->contains(QLatin1String("not found"), Qt::CaseInsensitive))
                return *it;
        }
        return lines.constLast();
    }

    void reportStderr()
    {
        if (!stdoutLines.isEmpty())
            add(Outcome::Note, tr("Output"), tr("Its first lines on standard output: %1").arg(stdoutLines.join(QStringLiteral(" | "))));
        if (!stderrLines.isEmpty())
            add(Outcome::Note, tr("Output"), tr("Its first lines on standard error: %1").arg(stderrLines.mid(0, options.linesQuoted).join(QStringLiteral(" | "))));
    }

    // ---- HTTP ------------------------------------------------------------------------------

    void checkHttp()
    {
        const QUrl url(config.url);
        if (!url.isValid() || url.host().isEmpty() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))) {
            add(Outcome::Problem, tr("Address"), tr("\"%1\" is no http:// or https:// address.").arg(excerpt(config.url)));
            finish();
            return;
        }
        HttpRequest request(url);
        request.setRawHeader("Content-Type", "application/json");
        request.setRawHeader("Accept", "application/json, text/event-stream");
        for (auto it = config.headers.cbegin(); it != config.headers.cend(); ++it)
            request.setRawHeader(it.key().toUtf8(), it.value().toUtf8());
        const QJsonObject params{
            {QLatin1String("protocolVersion"), QString(ProtocolVersion::latestLegacy)},
            {QLatin1String("capabilities"), QJsonObject()},
            {QLatin1String("clientInfo"), QJsonObject{{QLatin1String("name"), QStringLiteral("toolgate-doctor")},
                                                      {QLatin1String("version"), QStringLiteral(TOOLGATE_VERSION)}}},
        };
        http = std::make_unique<HttpClient>();
        exchange = http->post(request, JsonRpcMessage::request(RequestId(1), QStringLiteral("initialize"), params).serialize());
        QObject::connect(exchange, &HttpExchange::readyRead, q, [this] { onHttpData(); });
        QObject::connect(exchange, &HttpExchange::finished, q, [this] { onHttpFinished(); });
        QObject::disconnect(&answerTimer, nullptr, q, nullptr);
        QObject::connect(&answerTimer, &QTimer::timeout, q, [this] {
            const QUrl target(config.url);
            conclude(Outcome::Problem, tr("%1 port %2 gave no answer within %3 s: check the address, and a firewall or proxy on the way.")
                                           .arg(target.host())
                                           .arg(target.port(target.scheme() == QLatin1String("https") ? 443 : 80))
                                           .arg(std::chrono::duration<double>(options.answerTimeout).count(), 0, 'g', 3));
            if (exchange)
                exchange->abort();
            finish();
        });
        answerTimer.start(options.answerTimeout);
    }

    void onHttpData()
    {
        if (!exchange)
            return;
        body.append(exchange->readAll());
        if (body.size() > 1024 * 1024)
            exchange->abort(); // enough to judge; a stream may go on for ever
        else if (exchange->statusCode() / 100 == 2 && answerIn(body))
            exchange->abort(); // the answer came on a stream the server keeps open
    }

    // The initialize answer, in a JSON body or in an event stream's data lines.
    static std::optional<JsonRpcMessage> answerIn(const QByteArray &text)
    {
        QList<QByteArray> candidates{text};
        for (const QByteArray &line : text.split('\n')) {
            if (line.startsWith("data:"))
                candidates.append(line.mid(5).trimmed());
        }
        for (const QByteArray &candidate : std::as_const(candidates)) {
            const Result<QList<JsonRpcMessage>> parsed = JsonRpcMessage::parse(candidate.trimmed());
            if (!parsed)
                continue;
            for (const JsonRpcMessage &m : parsed.value()) {
                if (m.isResponse() && m.id() == RequestId(1))
                    return m;
            }
        }
        return std::nullopt;
    }

    void onHttpFinished()
    {
        if (!exchange || finished)
            return;
        HttpExchange *done = exchange;
        done->deleteLater();
        const QUrl url(config.url);
        const QString host = url.host();
        const int port = url.port(url.scheme() == QLatin1String("https") ? 443 : 80);
        const int status = done->statusCode();
        const NetworkFailure failure = done->failure();
        if (status == 0) {
            switch (failure) {
            case NetworkFailure::HostNotFound:
                add(Outcome::Problem, tr("Name"), tr("The name \"%1\" could not be resolved to an address: check the URL for a typo, "
                                                     "and your network or VPN.").arg(host));
                break;
            case NetworkFailure::ConnectionRefused:
                add(Outcome::Problem, tr("Connection"), tr("Nothing accepts connections at %1 port %2 (the connection was refused): "
                                                           "check that the server is running and listens on that port.").arg(host).arg(port));
                break;
            case NetworkFailure::TlsHandshake:
                add(Outcome::Problem, tr("TLS"), tr("The secure connection (TLS) to %1 failed: %2. Check the server's certificate, or "
                                                    "whether it speaks plain http://.").arg(host, excerpt(done->errorString())));
                break;
            case NetworkFailure::RemoteHostClosed:
                add(Outcome::Problem, tr("Connection"), tr("%1 port %2 closed the connection without answering: is it an HTTP "
                                                           "server, and is the scheme (http or https) right?").arg(host).arg(port));
                break;
            case NetworkFailure::Proxy:
                add(Outcome::Problem, tr("Connection"), tr("The proxy refused or failed the connection to %1: %2.").arg(host, excerpt(done->errorString())));
                break;
            default:
                if (!concluded)
                    add(Outcome::Problem, tr("Connection"), tr("The request to %1 failed: %2.").arg(url.toDisplayString(), excerpt(done->errorString())));
                break;
            }
            concluded = true;
            finish();
            return;
        }
        body.append(done->readAll()); // only an answer has a body to read
        add(Outcome::Passed, tr("Connection"), url.scheme() == QLatin1String("https")
                                                    ? tr("%1 port %2 accepted a secure (TLS) connection.").arg(host).arg(port)
                                                    : tr("%1 port %2 accepted the connection.").arg(host).arg(port));
        judgeHttpAnswer(*done, status);
        finish();
    }

    void judgeHttpAnswer(HttpExchange &done, int status)
    {
        if (status == 401 || status == 403) {
            const AuthChallenge bearer = AuthChallenge::bearer(done.rawHeader("WWW-Authenticate"));
            const QUrl metadata = bearer.resourceMetadata();
            conclude(Outcome::Note,
                     metadata.isValid() && !metadata.isEmpty()
                         ? tr("The endpoint asks for sign-in (HTTP %1) and names its sign-in metadata at %2: Toolgate signs in "
                              "with OAuth when you connect.").arg(status).arg(metadata.toDisplayString())
                         : tr("The endpoint refuses the request (HTTP %1) without naming sign-in metadata: it wants a token in a "
                              "header (see the server's documentation) or a sign-in Toolgate cannot discover.").arg(status));
            return;
        }
        if (status == 404 || status == 405) {
            conclude(Outcome::Problem, tr("The server answered HTTP %1 at this path: its MCP endpoint is elsewhere (often /mcp, or "
                                          "/sse for servers of the older HTTP+SSE kind).").arg(status));
            return;
        }
        if (status / 100 != 2) {
            conclude(Outcome::Problem, tr("The endpoint answered initialize with HTTP %1 %2: \"%3\".")
                                           .arg(status)
                                           .arg(QString::fromUtf8(done.reasonPhrase()), excerpt(QString::fromUtf8(body.left(300)))));
            return;
        }
        const std::optional<JsonRpcMessage> answer = answerIn(body);
        if (!answer) {
            conclude(Outcome::Problem, tr("The endpoint answered HTTP %1, but not with a JSON-RPC answer to initialize: \"%2\".")
                                           .arg(status)
                                           .arg(excerpt(QString::fromUtf8(body.left(300)))));
            return;
        }
        concludeWithAnswer(*answer);
        if (!done.rawHeader("Mcp-Session-Id").isEmpty())
            add(Outcome::Note, tr("Session"), tr("It keeps a session for each client (Mcp-Session-Id)."));
    }

    static QString sentence(QString text)
    {
        text = text.trimmed();
        if (!text.isEmpty())
            text[0] = text[0].toUpper();
        if (!text.endsWith(u'.'))
            text += u'.';
        return text;
    }
};

ConnectionDoctor::ConnectionDoctor(ServerConfig config, QObject *parent)
    : ConnectionDoctor(std::move(config), Options(), parent)
{}

ConnectionDoctor::ConnectionDoctor(ServerConfig config, Options options, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this, std::move(config), options))
{}

ConnectionDoctor::~ConnectionDoctor()
{
    if (d->shell) {
        d->shell->disconnect(this);
        d->shell->kill();
        d->shell->waitForFinished(1000);
    }
    // StdioTransport's destructor ends a server still running.
    d->transport.reset();
}

void ConnectionDoctor::run()
{
    if (d->running)
        return;
    d->running = true;
    // Queued: whoever called run() hears every check through the signals.
    QMetaObject::invokeMethod(this, [this] {
        if (d->config.transport == ServerConfig::Transport::Stdio)
            d->checkStdio();
        else
            d->checkHttp();
    }, Qt::QueuedConnection);
}

bool ConnectionDoctor::isFinished() const { return d->finished; }
const QList<DoctorCheck> &ConnectionDoctor::checks() const { return d->checks; }

QString ConnectionDoctor::problem() const
{
    for (const DoctorCheck &check : d->checks) {
        if (check.outcome == Outcome::Problem)
            return check.finding;
    }
    return {};
}

QString ConnectionDoctor::report() const
{
    QStringList lines{tr("Connection Doctor: %1").arg(d->config.endpoint())};
    for (const DoctorCheck &check : d->checks) {
        const QString mark = check.outcome == Outcome::Passed ? tr("ok")
                           : check.outcome == Outcome::Problem ? tr("PROBLEM")
                                                               : tr("note");
        lines.append(QStringLiteral("  %1  %2: %3").arg(mark, -7).arg(check.topic, check.finding));
    }
    const QString found = problem();
    lines.append(found.isEmpty() ? tr("No problem found.") : tr("Problem: %1").arg(found));
    return lines.join(u'\n');
}

std::optional<ServerConfig> ConnectionDoctor::splitPastedCommandLine(const ServerConfig &config)
{
    const QString command = config.command.trimmed();
    if (config.transport != ServerConfig::Transport::Stdio || !command.contains(u' '))
        return std::nullopt;
    StdioLaunchSpec whole = config.launchSpec();
    whole.program = command;
    if (StdioTransport::resolveProgram(whole))
        return std::nullopt; // a program whose path has a space in it
    const QStringList words = QProcess::splitCommand(command);
    if (words.size() < 2)
        return std::nullopt;
    StdioLaunchSpec first = whole;
    first.program = words.constFirst();
    if (!StdioTransport::resolveProgram(first))
        return std::nullopt;
    ServerConfig split = config;
    split.command = words.constFirst();
    split.args = words.mid(1) + config.args;
    return split;
}

} // namespace Toolgate

#include "moc_connectiondoctor.cpp"
