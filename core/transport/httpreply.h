#pragma once

#include "core/common/result.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QUrl>

namespace Toolgate {

class HttpExchange;
struct HttpRequest;

/// Small helpers for reading HTTP answers (HttpExchange) and turning failures into messages a person
/// can act on. Shared by the HTTP transports and the OAuth client.
namespace HttpReply {

/// The HTTP status, or 0 when no HTTP answer arrived.
int statusCode(const HttpExchange *reply);
/// The media type without parameters, lower-case ("application/json").
QByteArray mediaType(const HttpExchange *reply);
/// A URL fit for logs and messages: no user info, no query, no fragment (they may carry secrets).
QString displayUrl(const QUrl &url);
/// The first characters of a body, on one line, for an error message.
QString excerpt(const QByteArray &body, int maxChars = 300);
/// Adds each header; an empty value removes nothing and is sent as is.
void applyHeaders(HttpRequest &request, const QMap<QString, QString> &headers);

/// The reply failed before an HTTP status arrived (or with a redirect we do not follow):
/// says what happened and what to do. what names the step ("connecting to the server").
Error networkError(const HttpExchange *reply, const QString &what);
/// What a URL is, for the advice in an error message.
enum class Endpoint { Mcp, Other };
/// The server answered with an unexpected HTTP status.
Error statusError(const HttpExchange *reply, const QByteArray &body, const QString &what, Endpoint endpoint = Endpoint::Mcp);
/// True for 3xx answers (redirects are never followed for MCP messages).
bool isRedirect(int status);

/// A 2026-07-28 request whose response stream ended before its answer: that revision cannot resume it,
/// and whether the server carried it out is unknown. method and version name it in the message; the error
/// is marked so that ClientSession can send a request that is safe to repeat again under a new id.
Error responseStreamBroken(const QString &method, const QString &version);
/// True for an error made by responseStreamBroken() (also after it travelled as a JSON-RPC error).
bool isResponseStreamBroken(const Error &error);

} // namespace HttpReply

} // namespace Toolgate
