#pragma once

// The tests' way to ClientSession::callTool(): the session's own protocol tests (timeouts, progress,
// cancellation, hostile answers) call it directly. Product code cannot: tests/arch checks that this
// is defined nowhere else.

#include "core/client/clientsession.h"

namespace Toolgate {

struct ToolCallKeyForTests
{
    static ToolCallKey make() { return ToolCallKey(); }
};

} // namespace Toolgate
