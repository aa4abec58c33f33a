#pragma once

#include "core/common/result.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QUrl>

#include <functional>
#include <utility>

namespace Toolgate {

/// What a server said when it refused a request for want of credentials.
struct HttpChallenge
{
    int statusCode = 0;          ///< 401, or 403 with error="insufficient_scope"
    QByteArray wwwAuthenticate;  ///< the WWW-Authenticate header(s), as received
    QUrl requestUrl;             ///< the URL that was refused
    int attempt = 1;             ///< how often this request has been refused so far
    QByteArray dpopNonce;        ///< the DPoP-Nonce header of the refusal (RFC 9449 §9), if any
};

/// Supplies credentials for the HTTP requests of one server and obtains new ones when the
/// server refuses (OAuth lives behind this; the transports know nothing of it).
class HttpAuthenticator : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    ~HttpAuthenticator() override = default;

    /// How often one request may be refused and retried before the transport gives up.
    static constexpr int maxAttemptsPerRequest = 3;

    /// The Authorization header value for a request to url; empty when there is none yet.
    virtual QByteArray authorization(const QUrl &url) const = 0;

    using Headers = QList<std::pair<QByteArray, QByteArray>>;
    /// The headers that authorize one request (its method and URL): Authorization and, for a
    /// DPoP-bound token, the request's own proof (RFC 9449). By default authorization(url) alone.
    virtual Headers requestHeaders(const QByteArray &/*method*/, const QUrl &url) const
    {
        const QByteArray value = authorization(url);
        if (value.isEmpty())
            return {};
        return {{QByteArrayLiteral("Authorization"), value}};
    }

    /// Obtains credentials after challenge (this may take long: a person may have to sign in).
    /// Calls done exactly once, on context's thread, unless context is gone: success means
    /// "retry the request", an error is the reason to give up, in words for the user.
    virtual void authenticate(const HttpChallenge &challenge, QObject *context,
                              std::function<void(const Result<void> &)> done) = 0;

signals:
    /// A line for the server's console (progress of a sign-in; never a secret).
    void diagnosticLine(const QString &line);
};

} // namespace Toolgate
