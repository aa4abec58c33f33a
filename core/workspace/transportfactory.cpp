#include "core/workspace/transportfactory.h"

#include "core/common/redactor.h"
#include "core/transport/fallbackhttptransport.h"
#include "core/common/error.h"
#include "core/transport/ssetransport.h"
#include "core/transport/stdiotransport.h"
#include "core/workspace/bubblewraplauncher.h"
#include "core/workspace/sandboxproxy.h"
#include "core/workspace/serverconfig.h"
#include <QCoreApplication>

namespace Toolgate {

namespace TransportFactory {

Result<StdioLaunchSpec> stdioLaunchSpec(const ServerConfig &config, const QString &proxyFolder)
{
    StdioLaunchSpec spec = config.launchSpec();
    spec.secretValues = config.secretValues();
    // The one place local servers start, so the GUI and the CLI run them in the same sandbox. One
    // that cannot be had fails the start: nothing runs unconfined unless the person said so.
    BubblewrapLauncher::Host host = BubblewrapLauncher::currentHost();
    host.proxyFolder = proxyFolder;
    return BubblewrapLauncher::wrap(spec, config.sandbox, host);
}

Result<std::unique_ptr<Transport>> create(const ServerConfig &config, const Options &options)
{
    if (config.transport == ServerConfig::Transport::Stdio) {
        std::unique_ptr<SandboxProxy> proxy;
        if (config.sandbox.enabled && config.sandbox.network == SandboxProfile::Network::Hosts) {
            proxy = std::make_unique<SandboxProxy>(config.sandbox.hosts);
            if (auto listening = proxy->listen(); !listening)
                return listening.error();
        }
        Result<StdioLaunchSpec> sandboxed = stdioLaunchSpec(config, proxy ? proxy->folder() : QString());
        if (!sandboxed)
            return sandboxed.error();
        auto transport = std::make_unique<StdioTransport>(std::move(sandboxed).value());
        if (proxy)
            proxy.release()->setParent(transport.get());
        return std::unique_ptr<Transport>(std::move(transport));
    }
    const QUrl url(config.url.trimmed());
    if (config.url.trimmed().isEmpty()) {
        return makeError(ErrorCode::ConfigError,
                         QCoreApplication::translate("Toolgate::TransportFactory", "the server \"%1\" has no URL; add its \"url\" to the configuration").arg(config.name));
    }
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty()) {
        return makeError(ErrorCode::ConfigError,
                         QCoreApplication::translate("Toolgate::TransportFactory", "the URL of \"%1\" (%2) is not usable: it must start with http:// or https:// and name a host")
                             .arg(config.name, config.url));
    }
    HttpTransportOptions http;
    http.url = url;
    http.headers = config.headers;
    if (options.authenticatorFor)
        http.authenticator = options.authenticatorFor(config);
    if (config.transport == ServerConfig::Transport::Sse)
        return std::unique_ptr<Transport>(std::make_unique<SseTransport>(std::move(http)));
    return std::unique_ptr<Transport>(std::make_unique<FallbackHttpTransport>(std::move(http)));
}

std::function<Result<std::unique_ptr<Transport>>(const ServerConfig &config)> factory(Options options)
{
    return [options = std::move(options)](const ServerConfig &config) { return create(config, options); };
}

} // namespace TransportFactory

} // namespace Toolgate
