#pragma once

#include "app/cli/cliarguments.h"
#include "app/cli/exitcode.h"

#include <functional>

class QObject;

namespace Toolgate {

class ClientSession;
class OutputPrinter;
struct ServerIdentity;

/// toolgate-cli's `snapshot` and `diff`: a server's interface (tools, resources, templates, prompts)
/// saved to a file, or compared with a saved one (InterfaceSnapshot, InterfaceDiff). Exit code 0
/// when equal, ExitCode::InterfacesDiffer when not.
namespace InterfaceCommands {

/// The --help section on snapshot and diff.
QString helpText();

/// `diff A.json B.json`: two snapshot files, no server.
bool isOffline(const CliArguments &arguments);
ExitCode runOffline(const CliArguments &arguments, OutputPrinter *printer);

/// `snapshot` and `diff FILE` on a ready session; done is called once, through context. A request
/// that fails is handed to failed (which reports it and ends the run) instead.
void runLive(ClientSession *session, const ServerIdentity &server, const CliArguments &arguments, OutputPrinter *printer,
             QObject *context, std::function<void(ExitCode)> done, std::function<void(const Error &)> failed);

/// `diff --against-server B`: the interfaces of two ready sessions, first (before) against
/// second (after); done is called once, through context, as for runLive.
void runAgainstServer(ClientSession *first, const ServerIdentity &firstServer, ClientSession *second,
                      const ServerIdentity &secondServer, const CliArguments &arguments, QObject *context,
                      std::function<void(ExitCode)> done, std::function<void(const Error &)> failed);

} // namespace InterfaceCommands

} // namespace Toolgate
