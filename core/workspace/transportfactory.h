#pragma once

#include "core/common/result.h"
#include "core/transport/httpauthenticator.h"
#include "core/transport/stdiotransport.h"

#include <functional>
#include <memory>

namespace Toolgate {

class Transport;
struct ServerConfig;

/// Makes the transport a server configuration asks for: stdio, Streamable HTTP (with the
/// fallback to legacy HTTP+SSE) or legacy HTTP+SSE. Suits ServerConnection::setTransportFactory().
namespace TransportFactory {

struct Options
{
    /// Supplies the authenticator (OAuth) for an HTTP server; unset or returning null: none.
    std::function<std::shared_ptr<HttpAuthenticator>(const ServerConfig &config)> authenticatorFor;
};

/// A local server whose sandbox lists hosts gets its own SandboxProxy, a child of the transport (so it
/// lives exactly as long): findChild<SandboxProxy *>() on the transport hears its connections.
Result<std::unique_ptr<Transport>> create(const ServerConfig &config, const Options &options = {});

/// How a stdio server of config is started: its launch spec in its sandbox (issue 32). Every process of a
/// local server starts from this, the era probe's sibling too; the error says why no sandbox can be had.
/// proxyFolder: for a sandbox that lists hosts, the folder of the SandboxProxy it reaches them through;
/// without one such a server gets no network at all.
Result<StdioLaunchSpec> stdioLaunchSpec(const ServerConfig &config, const QString &proxyFolder = {});

/// A factory function bound to options, for ServerConnection::setTransportFactory().
std::function<Result<std::unique_ptr<Transport>>(const ServerConfig &config)> factory(Options options = {});

} // namespace TransportFactory

} // namespace Toolgate
