#pragma once

#include "core/common/result.h"

namespace Toolgate {

class McpServer;

/// The demo's long-running tools, meant to be run as tasks (MCP 2025-11-25 tasks; in 2026-07-28
/// the extension io.modelcontextprotocol/tasks): research (task optional), long_report (task
/// required), failing_job (fails, to show a failed task) and choose_format (asks a question halfway).
/// Each takes "seconds" (how long it works) and stops when the task is cancelled.
namespace DemoTaskTools {

/// Registers the task tools on server.
Result<void> registerAll(McpServer &server);

} // namespace DemoTaskTools

} // namespace Toolgate
