#pragma once

#include "core/common/result.h"
#include "core/workspace/serverconfig.h"

#include <QStringList>

namespace Toolgate {

/// Remote (HTTP) servers for toolgate-cli: the server --url names. (Transports and sign-in come from
/// the Host, as for every front end.)
namespace HttpSupport {

/// The server given with --url URL (and --header "Name: value", repeatable): Streamable HTTP,
/// falling back to legacy HTTP+SSE. Errors are usage errors.
Result<ServerConfig> inlineServer(const QString &url, const QStringList &headers = {});

/// Parses one --header value ("Name: value").
Result<std::pair<QString, QString>> parseHeader(const QString &text);

/// The --url and --header lines for --help.
QString helpText();

} // namespace HttpSupport

} // namespace Toolgate
