#include "app/cli/exitcode.h"

#include "core/common/error.h"

namespace Toolgate {

namespace {

// Never sent on the wire; outside the ranges of JSON-RPC and of ErrorCode.
constexpr int usageErrorCode = -34000;

} // namespace

Error usageError(const QString &message)
{
    return Error{usageErrorCode, message, {}};
}

ExitCode exitCodeFor(const Error &error)
{
    if (error.code == usageErrorCode)
        return ExitCode::Usage;
    switch (ErrorCode(error.code)) {
    case ErrorCode::ConfigError:
        return ExitCode::Config;
    case ErrorCode::CommandNotFound:
    case ErrorCode::TransportError:
    case ErrorCode::ConnectionClosed:
    case ErrorCode::NotConnected:
    case ErrorCode::UnsupportedProtocolVersion:
        return ExitCode::Connection;
    case ErrorCode::ApprovalDenied:
        return ExitCode::Denied;
    case ErrorCode::InvalidArguments:
        return ExitCode::InvalidArguments;
    case ErrorCode::RequestCancelled:
        return ExitCode::Interrupted;
    default:
        return ExitCode::RequestFailed;
    }
}

} // namespace Toolgate
