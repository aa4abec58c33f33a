#pragma once

#include "app/cli/cliarguments.h"
#include "core/common/result.h"
#include "core/workspace/serverconfig.h"

namespace Toolgate {

/// Works out which server(s) a run is about, from --config, --server and a command after "--".
class ServerSelector final
{
public:
    ServerSelector() = delete;

    /// Every configured server and where the list came from.
    struct Configured
    {
        QList<ServerConfig> servers;
        QString source;            ///< the file read (or that would have been read)
        bool demoFallback = false; ///< no default file yet: just the demo server
    };

    /// The server a run connects to.
    struct Choice
    {
        ServerConfig config;
        /// A server typed after "--" inherits our whole environment, like any command a shell
        /// runs; configured ones get only the allow-list plus their "env".
        bool inheritEnvironment = false;
    };

    /// The servers of --config FILE, else of the default file, else the demo server.
    /// Errors are ConfigError (exit code 3).
    static Result<Configured> configured(const CliArguments &arguments);
    /// The one server to talk to. A missing or ambiguous choice is a usage or configuration
    /// error whose message lists the names to choose from.
    static Result<Choice> select(const CliArguments &arguments);
};

} // namespace Toolgate
