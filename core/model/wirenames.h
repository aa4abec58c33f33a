#pragma once

#include <QLatin1String>

/// Member names both model wire formats use (OpenAI-compatible Chat Completions, Anthropic Messages),
/// so the two clients spell them once.
namespace Toolgate::ModelWire {

inline const QLatin1String content("content");
inline const QLatin1String role("role");
inline const QLatin1String index("index");

} // namespace Toolgate::ModelWire
