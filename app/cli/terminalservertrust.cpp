#include "app/cli/terminalservertrust.h"
#include "app/cli/clitext.h"

#include "app/cli/console.h"
#include "app/cli/terminalreader.h"
#include "core/transport/stdiotransport.h"
#include "core/workspace/bubblewraplauncher.h"
#include "core/workspace/serverconnection.h"
#include "core/workspace/servertrust.h"

#include <QDir>
#include <QRegularExpression>

namespace Toolgate {

TerminalServerTrust::TerminalServerTrust(ServerConnection *connection, QStringList trustedFingerprints, TerminalReader *reader,
                                         QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_trusted(std::move(trustedFingerprints))
    , m_reader(reader)
{
    if (m_reader) {
        connect(m_reader, &TerminalReader::lineRead, this, &TerminalServerTrust::onLine);
        connect(m_reader, &TerminalReader::endOfInput, this, &TerminalServerTrust::onEnd);
    }
}

bool TerminalServerTrust::isFingerprint(const QString &text)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-fA-F]{64}$"));
    return hex.match(text).hasMatch();
}

QString TerminalServerTrust::helpText()
{
    return Cli::tr(R"(
Server trust:
  A server from a servers file starts only once someone trusted exactly what it runs: its
  command, every argument, the names of its environment variables and its working folder
  (for a remote server, its address). The first time, and whenever one of those changed
  (edited in the app, on disk, or imported), toolgate-cli shows them with a fingerprint and
  asks "Trust this server and start it? [y/N]". The answer is remembered with the app's.
  The bundled demo server, and a server given after "--" or with --url, need no trust.
  --trust-fingerprint HEX   trust the server whose fingerprint is HEX (repeatable). For
                            scripts: it trusts only that exact command, never a changed one.
  Without a terminal answer or a matching fingerprint the server does not start (exit code 6).
)");
}

void TerminalServerTrust::decide()
{
    if (!m_connection || !m_connection->needsTrust()) {
        QMetaObject::invokeMethod(this, [this] { emit decided(true, {}); }, Qt::QueuedConnection);
        return;
    }
    const ServerConfig &config = m_connection->config();
    const ServerTrustFacts facts = ServerTrustFacts::of(config);
    const QString fingerprint = facts.fingerprint();

    QString text = Cli::tr("The server \"%1\" has not been trusted to run this:\n").arg(Console::sanitizedLine(config.name));
    if (const ServerTrust *trust = m_connection->serverTrust()) {
        if (const auto before = trust->lastTrusted(config.name)) {
            text = Cli::tr("The server \"%1\" changed since it was trusted:\n").arg(Console::sanitizedLine(config.name));
            for (const QString &change : facts.changesSince(before->facts))
                text += QStringLiteral("  ! ") + Console::sanitizedLine(change) + u'\n';
        }
    }
    if (facts.remote) {
        text += Cli::tr("  Address:     %1\n").arg(Console::sanitizedLine(facts.origin));
    } else {
        text += Cli::tr("  Command:     %1\n").arg(Console::sanitizedLine(facts.commandLine()));
        const Result<QString> program = StdioTransport::resolveProgram(config.launchSpec());
        text += Cli::tr("  Program:     %1\n").arg(Console::sanitizedLine(program ? QDir::toNativeSeparators(program.value())
                                                                                  : program.error().message));
        // What it will be able to read, write and reach (issue 32), next to what it runs.
        QStringList sandbox;
        for (const QString &line : BubblewrapLauncher::describe(config.launchSpec(), config.sandbox))
            sandbox.append(Console::sanitizedLine(line));
        text += Cli::tr("  Sandbox:     %1\n").arg(sandbox.join(QStringLiteral("\n               ")));
        // Each value decides what runs as much as the command (PATH, NODE_OPTIONS, PYTHONPATH, ...).
        QStringList variables;
        for (const QString &name : facts.environmentNames)
            variables.append(Console::sanitizedLine(name + u'=' + ServerTrustFacts::shownValue(facts.environment.value(name))));
        text += Cli::tr("  Environment: %1\n").arg(variables.isEmpty() ? Cli::tr("(no variables of its own)") : variables.join(QStringLiteral("\n               ")));
        text += Cli::tr("  Folder:      %1\n").arg(facts.workingDirectory.isEmpty()
                                                       ? Cli::tr("(the current folder)")
                                                       : Console::sanitizedLine(facts.workingDirectory));
    }
    text += Cli::tr("  Fingerprint: %1\n").arg(fingerprint);
    Console::err(text);

    if (m_trusted.contains(fingerprint, Qt::CaseInsensitive)) {
        Console::err(Cli::tr("Trusted with --trust-fingerprint.\n"));
        (void)m_connection->trust(QStringLiteral("--trust-fingerprint"));
        QMetaObject::invokeMethod(this, [this] { emit decided(true, {}); }, Qt::QueuedConnection);
        return;
    }
    if (!m_reader) {
        QMetaObject::invokeMethod(this, [this] {
            refuse(QStringLiteral("--yes"), Cli::tr("--yes never trusts a server"));
        }, Qt::QueuedConnection);
        return;
    }
    m_asking = true;
    Console::err(Cli::tr("Trust this server and start it? [y/N] "));
    m_reader->requestLine();
}

void TerminalServerTrust::onLine(const QString &line)
{
    if (!m_asking)
        return;
    if (!Console::stdinIsTerminal())
        Console::err(Console::sanitized(line) + u'\n');
    const QString answer = line.trimmed().toLower();
    if (answer == QLatin1String("y") || answer == QLatin1String("yes")) {
        m_asking = false;
        if (!m_connection) {
            emit decided(false, Cli::tr("the server went away"));
            return;
        }
        (void)m_connection->trust(QStringLiteral("terminal"));
        emit decided(true, {});
        return;
    }
    if (answer.isEmpty() || answer == QLatin1String("n") || answer == QLatin1String("no")) {
        m_asking = false;
        refuse(QStringLiteral("terminal"), Cli::tr("you answered no"));
        return;
    }
    Console::err(Cli::tr("Please answer y or n. Trust this server and start it? [y/N] "));
    m_reader->requestLine();
}

void TerminalServerTrust::onEnd()
{
    if (!m_asking)
        return;
    m_asking = false;
    Console::err(QStringLiteral("\n"));
    refuse(QStringLiteral("no answer"), Cli::tr("no answer: the input ended"));
}

void TerminalServerTrust::refuse(const QString &by, const QString &why)
{
    if (m_connection)
        m_connection->refuseTrust(by);
    emit decided(false, why);
}

} // namespace Toolgate

#include "moc_terminalservertrust.cpp"
