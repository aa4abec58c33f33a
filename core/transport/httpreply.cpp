#include "core/transport/httpreply.h"

#include "core/common/error.h"

#include <QCoreApplication>
#include <QJsonObject>
#include "core/transport/httpclient.h"

#include <QRegularExpression>

namespace Toolgate {

namespace HttpReply {

int statusCode(const HttpExchange *reply)
{
    return reply->statusCode();
}

QByteArray mediaType(const HttpExchange *reply)
{
    QByteArray type = reply->rawHeader("Content-Type");
    const qsizetype semicolon = type.indexOf(';');
    if (semicolon >= 0)
        type.truncate(semicolon);
    return type.trimmed().toLower();
}

QString displayUrl(const QUrl &url)
{
    return url.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment).toDisplayString();
}

QString excerpt(const QByteArray &body, int maxChars)
{
    QString text = QString::fromUtf8(body.left(maxChars * 4)).simplified();
    // An HTML error page says little in one line; strip its tags.
    if (text.startsWith(u'<')) {
        static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
        text = text.remove(tags).simplified();
    }
    if (text.size() > maxChars)
        text = text.left(maxChars) + QStringLiteral("…");
    return text;
}

void applyHeaders(HttpRequest &request, const QMap<QString, QString> &headers)
{
    for (auto it = headers.cbegin(); it != headers.cend(); ++it)
        request.setRawHeader(it.key().toUtf8(), it.value().toUtf8());
}

namespace {
constexpr QLatin1String brokenStreamMarker("responseStreamBroken");
}

Error responseStreamBroken(const QString &method, const QString &version)
{
    return makeError(ErrorCode::ConnectionClosed,
                     QCoreApplication::translate("Toolgate::StreamableHttpTransport", "the server closed the response stream of \"%1\" before answering "
                                                 "(MCP %2 cannot resume it); the request may or may not have been carried out")
                         .arg(method, version),
                     QJsonObject{{QLatin1String("toolgate"), brokenStreamMarker}});
}

bool isResponseStreamBroken(const Error &error)
{
    return error.code == int(ErrorCode::ConnectionClosed)
        && error.data.toObject().value(QLatin1String("toolgate")) == QJsonValue(brokenStreamMarker);
}

bool isRedirect(int status)
{
    return status >= 300 && status < 400;
}

Error networkError(const HttpExchange *reply, const QString &what)
{
    const QUrl url = reply->request().url;
    const QString host = url.host();
    const QString where = displayUrl(url);
    const int status = statusCode(reply);
    if (isRedirect(status)) {
        const QUrl target = url.resolved(QUrl::fromEncoded(reply->rawHeader("Location").trimmed()));
        return makeError(ErrorCode::TransportError,
                         QCoreApplication::translate("Toolgate::HttpReply", "%1 failed: %2 answered HTTP %3 and redirects to %4. Toolgate does not follow "
                                        "redirects for MCP traffic; if the server moved, change its URL to the new address.")
                             .arg(what, where).arg(status).arg(displayUrl(target)),
                         QJsonObject{{QLatin1String("httpStatus"), status},
                                     {QLatin1String("location"), displayUrl(target)}});
    }
    QString message;
    switch (reply->failure()) {
    case NetworkFailure::ConnectionRefused:
        message = QCoreApplication::translate("Toolgate::HttpReply", "nothing accepts connections at %1. Check that the server is running and that the URL (including the port) is right.").arg(where);
        break;
    case NetworkFailure::HostNotFound:
        message = QCoreApplication::translate("Toolgate::HttpReply", "the host name \"%1\" could not be found. Check the URL and your network connection.").arg(host);
        break;
    case NetworkFailure::Timeout:
    case NetworkFailure::Cancelled:
        message = QCoreApplication::translate("Toolgate::HttpReply", "%1 did not answer in time. Check your network connection and that the server is up.").arg(where);
        break;
    case NetworkFailure::RemoteHostClosed:
        message = QCoreApplication::translate("Toolgate::HttpReply", "%1 closed the connection without answering. The server may have crashed or may not speak HTTP on this port.").arg(where);
        break;
    case NetworkFailure::TlsHandshake:
        message = QCoreApplication::translate("Toolgate::HttpReply", "the secure (TLS) connection to %1 failed: %2. The server's certificate is not trusted "
                                 "(self-signed, expired, or issued for another name). Fix the certificate, install its "
                                 "issuer as trusted, or use the server's correct address.")
                      .arg(host, reply->errorString());
        break;
    case NetworkFailure::InsecureRedirect:
    case NetworkFailure::TooManyRedirects:
        message = QCoreApplication::translate("Toolgate::HttpReply", "%1 redirected in a way Toolgate will not follow (%2). If the server moved, change its URL to the new address.")
                      .arg(where, reply->errorString());
        break;
    case NetworkFailure::Proxy:
        message = QCoreApplication::translate("Toolgate::HttpReply", "the network proxy failed while reaching %1: %2. Check your proxy settings.").arg(where, reply->errorString());
        break;
    case NetworkFailure::UnknownProtocol:
        message = QStringLiteral("\"%1\" is not an http:// or https:// URL.").arg(where);
        break;
    case NetworkFailure::None:
    case NetworkFailure::Other:
        message = QCoreApplication::translate("Toolgate::HttpReply", "%1 could not be reached: %2.").arg(where, reply->errorString());
        break;
    }
    return makeError(ErrorCode::TransportError, QCoreApplication::translate("Toolgate::HttpReply", "%1 failed: %2").arg(what, message),
                     QJsonObject{{QLatin1String("networkError"), int(reply->failure())}});
}

Error statusError(const HttpExchange *reply, const QByteArray &body, const QString &what, Endpoint endpoint)
{
    const int status = statusCode(reply);
    const QString reason = QString::fromLatin1(reply->reasonPhrase());
    QString message = QCoreApplication::translate("Toolgate::HttpReply", "%1 failed: %2 answered HTTP %3").arg(what, displayUrl(reply->request().url)).arg(status);
    if (!reason.isEmpty())
        message += QStringLiteral(" (%1)").arg(reason);
    const QString detail = excerpt(body);
    if (!detail.isEmpty())
        message += QStringLiteral(": ") + detail;
    if (endpoint != Endpoint::Mcp)
        message += u'.';
    else if (status == 401)
        message += QCoreApplication::translate("Toolgate::HttpReply", ". The server wants you to sign in; check the credentials in the server's settings.");
    else if (status == 403)
        message += QCoreApplication::translate("Toolgate::HttpReply", ". The server refused access; your account may lack the permission.");
    else if (status == 404)
        message += QCoreApplication::translate("Toolgate::HttpReply", ". Check the URL: there is no MCP endpoint at this path.");
    else if (status >= 500)
        message += QCoreApplication::translate("Toolgate::HttpReply", ". The server has a problem; try again later or look at its logs.");
    return makeError(ErrorCode::TransportError, message, QJsonObject{{QLatin1String("httpStatus"), status}});
}

} // namespace HttpReply

} // namespace Toolgate
