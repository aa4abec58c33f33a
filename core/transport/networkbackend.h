#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>
#include <memory>
#include <utility>

namespace Toolgate {

/// One HTTP request as Toolgate sends it.
struct HttpRequest
{
    HttpRequest() = default;
    explicit HttpRequest(QUrl target)
        : url(std::move(target))
    {}

    /// Sets a header, replacing one of the same name (names compare case-insensitively, as in HTTP).
    void setRawHeader(const QByteArray &name, const QByteArray &value)
    {
        for (auto &header : headers) {
            if (header.first.compare(name, Qt::CaseInsensitive) == 0) {
                header.second = value;
                return;
            }
        }
        headers.append({name, value});
    }
    QByteArray rawHeader(const QByteArray &name) const
    {
        for (const auto &header : headers) {
            if (header.first.compare(name, Qt::CaseInsensitive) == 0)
                return header.second;
        }
        return {};
    }

    QUrl url;
    QList<std::pair<QByteArray, QByteArray>> headers; ///< in the order they were set
    /// false (MCP traffic): a redirect is answered to the caller, who decides. true: followed, but never
    /// from https to http (the OAuth metadata look-ups).
    bool followRedirects = false;
    /// How long the transfer may stall before it fails with NetworkFailure::Timeout; 0: no limit.
    int transferTimeoutMs = 0;
};

/// Why a request ended without a usable HTTP answer.
enum class NetworkFailure {
    None,
    ConnectionRefused,
    HostNotFound,
    Timeout,
    Cancelled,
    RemoteHostClosed,
    TlsHandshake,
    InsecureRedirect,
    TooManyRedirects,
    Proxy,
    UnknownProtocol,
    Other,
};

/// A request in flight, as the network plugin runs it. Destroying it ends what is still under way and
/// calls none of its callbacks any more.
class NetworkExchange
{
public:
    virtual ~NetworkExchange() = default;
    /// Ends the request at once; finished is called unless it already was.
    virtual void abort() = 0;
    /// The body bytes that arrived since the last call.
    virtual QByteArray readAll() = 0;
    /// The HTTP status, or 0 while (or when) none arrived.
    virtual int statusCode() const = 0;
    virtual QByteArray reasonPhrase() const = 0;
    virtual QByteArray rawHeader(const QByteArray &name) const = 0;
    /// Where the answer came from (the request's URL, or the last redirect's target).
    virtual QUrl url() const = 0;
    virtual NetworkFailure failure() const = 0;
    virtual QString errorString() const = 0;
};

/// What a NetworkExchange reports, on the thread that sent it.
struct NetworkCallbacks
{
    std::function<void()> readyRead;
    std::function<void()> finished;
};

/// Sends requests; one per transport or sign-in, so connections to one server are shared.
class NetworkClient
{
public:
    virtual ~NetworkClient() = default;
    virtual std::unique_ptr<NetworkExchange> send(const QByteArray &method, const HttpRequest &request, const QByteArray &body,
                                                  NetworkCallbacks callbacks) = 0;
};

/// A request that arrived at a LoopbackListener: "GET", "/callback?code=…".
struct LoopbackRequest
{
    QByteArray method;
    QByteArray target;
};

/// What a LoopbackListener sends back (a whole HTTP response), and what runs once it was sent.
struct LoopbackAnswer
{
    QByteArray response;
    std::function<void()> afterSending;
};

/// Listens on 127.0.0.1 for the browser coming back from a sign-in. Destroying it stops listening.
class LoopbackListener
{
public:
    virtual ~LoopbackListener() = default;
    virtual quint16 port() const = 0;
};

/// An HTTP proxy on a Unix socket for one server sandboxed with a list of hosts (SandboxProxy). Destroying
/// it stops listening and ends every connection it relays.
class ProxyListener
{
public:
    virtual ~ProxyListener() = default;
};

/// HTTP for Toolgate, as the network plugin (toolgate_network, core/transport/network) offers it. It
/// lives in a plugin so that a process that talks only to local servers never loads Qt Network and what
/// it brings (Kerberos, libproxy, GLib, OpenSSL's TLS on Linux). HttpClient is its user in core.
///
/// The interface carries Qt types and std::function only (see common/plugins.h).
class NetworkBackend
{
public:
    virtual ~NetworkBackend() = default;
    virtual std::unique_ptr<NetworkClient> createClient() = 0;
    /// Listens on 127.0.0.1:port, or on any free port when that one is taken or port is 0. Each request
    /// (head at most maxRequest bytes, else the connection is dropped) gets answer(request)'s response.
    /// Null, with why, when nothing can listen.
    virtual std::unique_ptr<LoopbackListener> listenOnLoopback(quint16 port, qsizetype maxRequest,
                                                               std::function<LoopbackAnswer(const LoopbackRequest &)> answer,
                                                               QString *why) = 0;
    /// Listens on the Unix socket socketPath (only this user may connect) as an HTTP proxy: CONNECT
    /// host:port, and plain-HTTP requests in absolute form. allows(host as the client wrote it, port)
    /// decides each request: allowed, the host is connected to and the bytes relayed both ways; refused,
    /// the client gets 403 with the reason. Null, with why, when nothing can listen.
    virtual std::unique_ptr<ProxyListener> listenAsProxy(const QString &socketPath,
                                                         std::function<bool(const QString &host, quint16 port)> allows,
                                                         QString *why) = 0;
};

} // namespace Toolgate

#define ToolgateNetworkBackend_iid "io.github.toolgate.NetworkBackend/2"
Q_DECLARE_INTERFACE(Toolgate::NetworkBackend, ToolgateNetworkBackend_iid)
