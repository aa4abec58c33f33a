#pragma once

#include "core/transport/networkbackend.h"

#include <QLocalServer>

#include <functional>

namespace Toolgate {

/// The network plugin's HTTP proxy for a sandboxed server (NetworkBackend::listenAsProxy()): each client
/// connection reads one request head, asks allows(), then relays to the host or answers with an error.
/// The tunnels are children of the server, so they end with the listener.
class QtProxyListener final : public ProxyListener
{
public:
    explicit QtProxyListener(std::function<bool(const QString &host, quint16 port)> allows);
    ~QtProxyListener() override;

    bool listen(const QString &socketPath, QString *why);

private:
    QLocalServer m_server;
    std::function<bool(const QString &host, quint16 port)> m_allows;
};

} // namespace Toolgate
