#pragma once

#include "core/common/error.h"

#include <QByteArray>
#include <QString>

namespace Toolgate {

class HttpExchange;

/// What went wrong with a model connection, so a caller (the connection test, the conversation)
/// can react without reading the message. Travels in Error::data as {"modelProblem": name}.
enum class ModelProblem {
    None,
    NotListening,     ///< nothing accepts connections at the address
    HostNotFound,
    TimedOut,         ///< no answer in time, or the turn took longer than allowed
    Cancelled,
    NetworkFailure,   ///< any other failure before an HTTP answer
    WrongKey,         ///< 401/403: the key is missing, wrong or not allowed
    UnknownModel,     ///< the server does not know the model
    WrongAddress,     ///< 404 without a word about the model: the base URL is off
    NoToolSupport,    ///< the model or server cannot call tools
    RateLimited,      ///< 429 (Error::data carries "retryAfterSeconds" when the server said)
    ServerFailed,     ///< 5xx, Anthropic's overloaded_error, an error event mid-stream
    BadRequest,       ///< 4xx otherwise: the server refused the request as sent
    ReplyTooLarge,    ///< the answer, one event or one call's arguments passed a limit
    TooManyToolCalls,
    MalformedReply,   ///< not the wire format, or a stream that ended before its end
    ContextFull,      ///< the conversation does not fit the model's context, even shortened: nothing was sent
};

/// The short English name used in Error::data and logs ("wrongKey").
QString modelProblemName(ModelProblem problem);
/// The problem an Error made by these helpers carries (None for any other Error).
ModelProblem modelProblemOf(const Error &error);

/// Builders for the errors of model connections, in words for people. what names the step
/// ("asking the model \"gpt-4o\""); url is shown without credentials.
namespace ModelErrors {

Error make(ModelProblem problem, const QString &message);
/// The answer is not the wire format it should be (message says how).
Error malformedReply(const QString &message);
/// The request failed before an HTTP answer arrived.
Error fromNetwork(const HttpExchange *exchange, const QString &what);
/// The server answered with an HTTP error status; body is the (capped) error body.
Error fromStatus(const HttpExchange *exchange, const QByteArray &body, const QString &what);
/// The provider's own message in an error body ({"error": {"message"}}, {"error": "…"}), or an excerpt.
QString providerMessage(const QByteArray &body);

} // namespace ModelErrors

} // namespace Toolgate
