#include "app/cli/serverselector.h"
#include "app/cli/clitext.h"

#include "app/cli/httpsupport.h"

#include "app/cli/exitcode.h"
#include "core/common/error.h"
#include "core/workspace/serverconfigfile.h"

#include <QDir>
#include <QFileInfo>

namespace Toolgate {

namespace {

QString names(const QList<ServerConfig> &servers)
{
    QStringList list;
    for (const ServerConfig &config : servers)
        list.append(config.name);
    return list.join(QStringLiteral(", "));
}

/// --grant, --network and --no-sandbox change a local server's sandbox for this run (issue 32); the
/// audit log is told who changed it.
void applySandboxOptions(ServerConfig &config, const CliArguments &arguments)
{
    if (config.transport != ServerConfig::Transport::Stdio)
        return;
    QStringList changedBy;
    if (arguments.noSandbox) {
        config.sandbox.enabled = false;
        changedBy.append(QStringLiteral("--no-sandbox"));
    }
    for (const QString &grant : arguments.grants) {
        SandboxProfile::Grant parsed = SandboxProfile::parseGrant(grant);
        parsed.path = QFileInfo(parsed.path).absoluteFilePath();
        config.sandbox.grants.append(parsed);
        changedBy.append(QStringLiteral("--grant ") + grant);
    }
    if (!arguments.network.isEmpty()) {
        config.sandbox.hosts.clear();
        if (arguments.network == QLatin1String("on")) {
            config.sandbox.network = SandboxProfile::Network::On;
        } else if (arguments.network == QLatin1String("off")) {
            config.sandbox.network = SandboxProfile::Network::Off;
        } else {
            config.sandbox.network = SandboxProfile::Network::Hosts;
            for (const QString &host : arguments.network.split(u','))
                config.sandbox.hosts.append(host.trimmed());
        }
        changedBy.append(QStringLiteral("--network ") + arguments.network);
    }
    config.sandboxChangedBy = changedBy.join(u' ');
}

Result<ServerSelector::Choice> choose(const CliArguments &arguments);

} // namespace

Result<ServerSelector::Choice> ServerSelector::select(const CliArguments &arguments)
{
    Result<Choice> choice = choose(arguments);
    if (choice)
        applySandboxOptions(choice.value().config, arguments);
    return choice;
}

Result<ServerSelector::Configured> ServerSelector::configured(const CliArguments &arguments)
{
    Configured result;
    if (!arguments.configPath.isEmpty()) {
        result.source = arguments.configPath;
        auto servers = ServerConfigFile::load(arguments.configPath);
        if (!servers)
            return servers.error();
        result.servers = servers.value();
        return result;
    }
    result.source = ServerConfigFile::defaultPath();
    result.demoFallback = !QFileInfo::exists(result.source);
    auto servers = ServerConfigFile::loadEffective();
    if (!servers)
        return servers.error();
    result.servers = servers.value();
    return result;
}

namespace {

Result<ServerSelector::Choice> choose(const CliArguments &arguments)
{
    using Choice = ServerSelector::Choice;
    if (!arguments.url.isEmpty()) {
        const auto config = HttpSupport::inlineServer(arguments.url, arguments.headers);
        if (!config)
            return usageError(config.error().message);
        Choice choice;
        choice.config = config.value();
        choice.config.protocolEra = arguments.era.value_or(ServerConfig::EraPreference::Auto);
        return choice;
    }
    if (!arguments.inlineServer.isEmpty()) {
        Choice choice;
        choice.config.name = QFileInfo(arguments.inlineServer.first()).fileName();
        choice.config.command = arguments.inlineServer.first();
        choice.config.args = arguments.inlineServer.mid(1);
        choice.config.protocolEra = arguments.era.value_or(ServerConfig::EraPreference::Auto);
        choice.inheritEnvironment = true;
        return choice;
    }

    const auto configured = ServerSelector::configured(arguments);
    if (!configured)
        return configured.error();
    const QList<ServerConfig> &all = configured->servers;
    const QString source = QDir::toNativeSeparators(configured->source);

    if (!arguments.serverName.isEmpty()) {
        for (const ServerConfig &config : all) {
            if (config.name != arguments.serverName)
                continue;
            if (!config.enabled) {
                return makeError(ErrorCode::ConfigError,
                                 Cli::tr("the server \"%1\" is disabled in %2; enable it there first")
                                     .arg(config.name, source));
            }
            return Choice{config, false};
        }
        return makeError(ErrorCode::ConfigError,
                         Cli::tr("there is no server named \"%1\" in %2. Servers: %3")
                             .arg(arguments.serverName, source, all.isEmpty() ? QStringLiteral("(none)") : names(all)));
    }

    QList<ServerConfig> enabled;
    for (const ServerConfig &config : all) {
        if (config.enabled)
            enabled.append(config);
    }
    if (enabled.size() == 1)
        return Choice{enabled.first(), false};
    if (enabled.isEmpty()) {
        return makeError(ErrorCode::ConfigError,
                         all.isEmpty() ? Cli::tr("no servers are configured in %1").arg(source)
                                       : Cli::tr("every server in %1 is disabled (%2)").arg(source, names(all)));
    }
    return usageError(Cli::tr("%1 configures several servers; choose one with --server NAME. Enabled servers: %2")
                          .arg(source, names(enabled)));
}

} // namespace

} // namespace Toolgate
