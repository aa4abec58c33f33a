#pragma once

#include "core/common/result.h"

namespace Toolgate {

/// toolgate-cli's exit codes. Scripts depend on them: never renumber, only add. Listed in --help.
///   0   success
///   1   the tool ran and reported an error (isError)
///   2   usage error (bad command line)
///   3   configuration error (servers file missing, broken or without the named server)
///   4   could not connect, or the server failed (not found, crashed, closed the connection)
///   5   a request failed (protocol error, timeout, error answer from the server)
///   6   the call was denied (at the prompt, or no answer)
///   7   the tool arguments are invalid (do not match the tool's input schema)
///   8   audit verify: the audit log was changed after it was written
///   9   run: a call of the collection failed, an expectation did not hold or a run of a prompt failed
///   10  diff: the two interfaces differ (added, removed or changed items)
///   11  chat, run: the model could not be reached, refused the request or sent an unusable reply
///   12  chat: the model still asked for tools when the bound on rounds (--max-rounds) was reached
///   130 interrupted (Ctrl-C or SIGTERM)
enum class ExitCode : int {
    Success = 0,
    ToolError = 1,
    Usage = 2,
    Config = 3,
    Connection = 4,
    RequestFailed = 5,
    Denied = 6,
    InvalidArguments = 7,
    AuditTampered = 8,
    ExpectationFailed = 9,
    InterfacesDiffer = 10,
    ModelFailed = 11,
    RoundLimit = 12,
    Interrupted = 130,
};

/// An Error for a command-line mistake; exitCodeFor() maps it to ExitCode::Usage.
Error usageError(const QString &message);

/// The exit code that describes error (usage, configuration, connection, request...).
ExitCode exitCodeFor(const Error &error);

} // namespace Toolgate
