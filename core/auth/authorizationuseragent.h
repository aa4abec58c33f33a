#pragma once

#include "core/common/result.h"

#include <QObject>
#include <QUrl>

#include <chrono>
#include <functional>
#include <memory>

namespace Toolgate {

class HttpClient;

/// The step of an OAuth sign-in where a person (or a stand-in) visits the authorization URL and
/// the authorization server redirects back with a code. Pluggable: a desktop opens the system
/// browser and listens on a loopback port; a headless client follows the redirect itself.
class AuthorizationUserAgent
{
public:
    using Done = std::function<void(const Result<QUrl> &redirectedTo)>;
    virtual ~AuthorizationUserAgent() = default;

    /// The redirect URI to register and send (prepares to receive it, e.g. opens the listener).
    virtual Result<QUrl> redirectUri() = 0;
    /// Sends the user to authorizationUrl; answers once with the URL the server redirected to
    /// (carrying code and state, or error), on context's thread.
    virtual void authorize(const QUrl &authorizationUrl, QObject *context, Done done) = 0;
};

/// Opens the system browser (through opener, which the application supplies: QDesktopServices
/// in the GUI, xdg-open or a printed link in a terminal) and receives the redirect on
/// http://127.0.0.1:PORT/callback.
class LoopbackUserAgent final : public AuthorizationUserAgent
{
public:
    using Opener = std::function<bool(const QUrl &url)>;
    struct Options
    {
        /// Tried first, so the registered redirect URI stays the same between runs; 0: any.
        quint16 preferredPort = 33418;
        std::chrono::milliseconds timeout = std::chrono::minutes(5);
    };

    explicit LoopbackUserAgent(Opener opener);
    LoopbackUserAgent(Opener opener, Options options);
    ~LoopbackUserAgent() override;

    Result<QUrl> redirectUri() override;
    void authorize(const QUrl &authorizationUrl, QObject *context, Done done) override;

    /// Opens url with the desktop's default handler from a process with no GUI (xdg-open, open, start).
    static bool openWithSystemHandler(const QUrl &url);

private:
    class Private;
    std::unique_ptr<Private> d;
};

/// Follows the authorization server's redirects itself, never showing anything to anyone: for
/// servers that grant without a person (test servers, pre-approved clients). The redirect URI is
/// never contacted; its Location is read with redirects off.
class HeadlessUserAgent final : public AuthorizationUserAgent
{
public:
    explicit HeadlessUserAgent(QUrl redirectUri = QUrl(QStringLiteral("http://127.0.0.1/callback")));
    ~HeadlessUserAgent() override;

    Result<QUrl> redirectUri() override;
    void authorize(const QUrl &authorizationUrl, QObject *context, Done done) override;

private:
    QUrl m_redirectUri;
    std::unique_ptr<HttpClient> m_network;
};

} // namespace Toolgate
