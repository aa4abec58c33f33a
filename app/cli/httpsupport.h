#pragma once

#include "common/result.h"
#include "workspace/serverconfig.h"

#include <QStringList>

#include <memory>

namespace Toolgate {

class Transport;

/// Remote (HTTP) servers for toolgate-cli: the server --url names, and the transport for any
/// configured server, with OAuth sign-in through the browser and tokens in the system keychain.
namespace HttpSupport {

/// The server given with --url URL (and --header "Name: value", repeatable): Streamable HTTP,
/// falling back to legacy HTTP+SSE. Errors are usage errors.
Result<ServerConfig> inlineServer(const QString &url, const QStringList &headers = {});

/// Parses one --header value ("Name: value").
Result<std::pair<QString, QString>> parseHeader(const QString &text);

/// The transport for config: stdio (inheritEnvironment: the child gets our whole environment,
/// as a command typed in a shell would), Streamable HTTP with the HTTP+SSE fallback, or HTTP+SSE.
/// A server that wants a sign-in gets one: the browser opens (the link is printed too) and the
/// tokens are kept in the system keychain, or in memory when there is none. verbose prints the
/// sign-in's progress on stderr.
Result<std::unique_ptr<Transport>> createTransport(const ServerConfig &config, bool inheritEnvironment, bool verbose = false);

/// The --url and --header lines for --help.
QString helpText();

} // namespace HttpSupport

} // namespace Toolgate
