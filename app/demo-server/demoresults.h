#pragma once

#include "core/protocol/tool.h"

namespace Toolgate::DemoResults {

/// A result of one text block.
inline CallToolResult text(const QString &text)
{
    CallToolResult result;
    result.content.append(Content::makeText(text));
    return result;
}

/// A tool-level failure: the model sees the text and can correct itself. Invalid arguments are
/// reported this way too (not as a JSON-RPC error), as the 2025-11-25 revision recommends.
inline CallToolResult error(const QString &text)
{
    CallToolResult result = DemoResults::text(text);
    result.isError = true;
    return result;
}

} // namespace Toolgate::DemoResults
