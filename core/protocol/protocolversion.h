#pragma once

#include <QAnyStringView>
#include <QLatin1StringView>
#include <QString>
#include <QStringList>

namespace Toolgate {

/// MCP protocol revisions we speak, and which features each revision introduced.
/// Revisions are dates (YYYY-MM-DD), so comparing the strings orders them in time.
namespace ProtocolVersion {

/// Newest revision of the session-based protocol (initialize handshake).
inline constexpr QLatin1StringView latestLegacy{"2025-11-25"};
/// The stateless revision (server/discover, per-request _meta) that follows the legacy line.
inline constexpr QLatin1StringView modern{"2026-07-28"};

/// Legacy revisions we accept from a server, newest first (the order we prefer them in).
QStringList supportedLegacy();
bool isSupportedLegacy(QAnyStringView version);
/// Modern revisions we speak, newest first (the order we prefer them in).
QStringList supportedModern();
bool isSupportedModern(QAnyStringView version);
/// True for the modern revision or any later one.
bool isModern(QAnyStringView version);

/// <0, 0 or >0 as a is older than, equal to or newer than b.
int compare(QAnyStringView a, QAnyStringView b);

// Feature gates: a field the negotiated revision predates must neither be sent nor expected.
bool supportsAudio(QAnyStringView version);             // >= 2025-03-26
bool supportsToolAnnotations(QAnyStringView version);   // >= 2025-03-26
bool supportsStructuredContent(QAnyStringView version); // >= 2025-06-18
bool supportsElicitation(QAnyStringView version);       // >= 2025-06-18
bool supportsResourceLinks(QAnyStringView version);     // >= 2025-06-18
bool supportsTitle(QAnyStringView version);             // >= 2025-06-18
bool supportsIcons(QAnyStringView version);             // >= 2025-11-25
/// elicitationId, notifications/elicitation/complete and error -32042: 2025-11-25 only (the stateless
/// revision removed them).
bool supportsUrlElicitationCompletion(QAnyStringView version);

} // namespace ProtocolVersion

} // namespace Toolgate
