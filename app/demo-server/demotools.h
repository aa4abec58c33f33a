#pragma once

#include "core/common/result.h"

#include <QJsonObject>
#include <QString>

namespace Toolgate {

class McpServer;
struct Tool;

/// The demo's stateless tools: one per kind of content and feature (text, structured output,
/// images, audio, embedded resources, links, errors, progress, forms, logging).
namespace DemoTools {

/// Registers every stateless demo tool on server.
Result<void> registerAll(McpServer &server);

/// Parses a tool definition written as a JSON literal in the demo's source. The literals are
/// ours, so a syntax error is a bug caught by the first test run: it aborts with a clear message.
/// Its titles and descriptions are translated (DemoTranslation::translatedSchema()).
Tool toolFromJson(const char *json);

} // namespace DemoTools

} // namespace Toolgate
