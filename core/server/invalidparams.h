#pragma once

#include "core/common/error.h"

#include <QString>

namespace Toolgate {

/// The error McpServer's parts answer a request with when its params are wrong (-32602).
inline Error invalidParams(const QString &message)
{
    return makeError(ErrorCode::InvalidParams, message);
}

} // namespace Toolgate
