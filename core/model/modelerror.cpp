#include "core/model/modelerror.h"

#include "core/transport/httpclient.h"
#include "core/transport/httpreply.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

namespace Toolgate {

namespace {

const QLatin1String kModelProblem("modelProblem");

constexpr std::pair<ModelProblem, const char *> problemNames[] = {
    {ModelProblem::None, "none"},
    {ModelProblem::NotListening, "notListening"},
    {ModelProblem::HostNotFound, "hostNotFound"},
    {ModelProblem::TimedOut, "timedOut"},
    {ModelProblem::Cancelled, "cancelled"},
    {ModelProblem::NetworkFailure, "networkFailure"},
    {ModelProblem::WrongKey, "wrongKey"},
    {ModelProblem::UnknownModel, "unknownModel"},
    {ModelProblem::WrongAddress, "wrongAddress"},
    {ModelProblem::NoToolSupport, "noToolSupport"},
    {ModelProblem::RateLimited, "rateLimited"},
    {ModelProblem::ServerFailed, "serverFailed"},
    {ModelProblem::BadRequest, "badRequest"},
    {ModelProblem::ReplyTooLarge, "replyTooLarge"},
    {ModelProblem::TooManyToolCalls, "tooManyToolCalls"},
    {ModelProblem::MalformedReply, "malformedReply"},
    {ModelProblem::ContextFull, "contextFull"},
};

ErrorCode codeFor(ModelProblem problem)
{
    switch (problem) {
    case ModelProblem::TimedOut: return ErrorCode::RequestTimeout;
    case ModelProblem::Cancelled: return ErrorCode::RequestCancelled;
    case ModelProblem::ReplyTooLarge:
    case ModelProblem::TooManyToolCalls:
    case ModelProblem::ContextFull: return ErrorCode::MessageTooLarge;
    case ModelProblem::MalformedReply: return ErrorCode::ProtocolError;
    default: return ErrorCode::TransportError;
    }
}

/// Phrases servers use when a model cannot call tools: Ollama ("does not support tools"), llama.cpp's
/// server without --jinja ("tools param requires --jinja flag"), vLLM without a tool parser
/// ("\"auto\" tool choice requires --enable-auto-tool-choice"), OpenRouter ("No endpoints found that support tool use").
bool saysNoToolSupport(const QString &text)
{
    const QString lower = text.toLower();
    if (!lower.contains(QLatin1String("tool")))
        return false;
    return lower.contains(QLatin1String("support")) || lower.contains(QLatin1String("jinja"))
        || lower.contains(QLatin1String("enable-auto-tool-choice")) || lower.contains(QLatin1String("not enabled"));
}

bool saysUnknownModel(const QString &text)
{
    const QString lower = text.toLower();
    if (!lower.contains(QLatin1String("model")))
        return false;
    return lower.contains(QLatin1String("not found")) || lower.contains(QLatin1String("not_found"))
        || lower.contains(QLatin1String("does not exist")) || lower.contains(QLatin1String("unknown model"))
        || lower.contains(QLatin1String("invalid model")) || lower.contains(QLatin1String("no such model"))
        || lower.contains(QLatin1String("model:")) || lower.contains(QLatin1String("is not a valid model"));
}

} // namespace

QString modelProblemName(ModelProblem problem)
{
    for (const auto &[value, name] : problemNames) {
        if (value == problem)
            return QString::fromLatin1(name);
    }
    return {};
}

ModelProblem modelProblemOf(const Error &error)
{
    const QString name = error.data.toObject().value(kModelProblem).toString();
    for (const auto &[value, text] : problemNames) {
        if (name == QLatin1String(text))
            return value;
    }
    return ModelProblem::None;
}

namespace ModelErrors {

Error make(ModelProblem problem, const QString &message)
{
    return makeError(codeFor(problem), message, QJsonObject{{kModelProblem, modelProblemName(problem)}});
}

Error malformedReply(const QString &message)
{
    return make(ModelProblem::MalformedReply, message);
}

QString providerMessage(const QByteArray &body)
{
    const QJsonObject object = QJsonDocument::fromJson(body).object();
    const QJsonValue error = object.value(QLatin1String("error"));
    QString message;
    if (error.isObject())
        message = error.toObject().value(QLatin1String("message")).toString();
    else if (error.isString())
        message = error.toString();
    if (message.isEmpty())
        message = object.value(QLatin1String("message")).toString();
    if (message.isEmpty())
        return HttpReply::excerpt(body);
    return HttpReply::excerpt(message.toUtf8());
}

Error fromNetwork(const HttpExchange *exchange, const QString &what)
{
    const QString where = HttpReply::displayUrl(exchange->request().url);
    switch (exchange->failure()) {
    case NetworkFailure::ConnectionRefused:
        return make(ModelProblem::NotListening,
                    QCoreApplication::translate("Toolgate::ModelErrors", "%1 failed: nothing is listening at %2. Check that the model server is running and that the address and port are right.")
                        .arg(what, where));
    case NetworkFailure::HostNotFound:
        return make(ModelProblem::HostNotFound,
                    QCoreApplication::translate("Toolgate::ModelErrors", "%1 failed: the host name \"%2\" could not be found. Check the base URL and your network connection.")
                        .arg(what, exchange->request().url.host()));
    case NetworkFailure::Timeout:
    case NetworkFailure::Cancelled: // a turn disconnects before it aborts: this abort was the stall timer's
        return make(ModelProblem::TimedOut,
                    QCoreApplication::translate("Toolgate::ModelErrors", "%1 failed: %2 sent nothing for too long. The model server may be overloaded or still loading the model.")
                        .arg(what, where));
    default:
        break;
    }
    Error error = HttpReply::networkError(exchange, what);
    QJsonObject data = error.data.toObject();
    data.insert(kModelProblem, modelProblemName(ModelProblem::NetworkFailure));
    error.data = data;
    return error;
}

Error fromStatus(const HttpExchange *exchange, const QByteArray &body, const QString &what)
{
    const int status = exchange->statusCode();
    const QString said = providerMessage(body);
    const QString where = HttpReply::displayUrl(exchange->request().url);
    const QString serverSaid = said.isEmpty() ? QString() : QCoreApplication::translate("Toolgate::ModelErrors", " The server said: \"%1\"").arg(said);
    ModelProblem problem = ModelProblem::BadRequest;
    QString message;
    QJsonObject data;
    if (status == 401 || status == 403) {
        problem = ModelProblem::WrongKey;
        message = status == 401 ? QCoreApplication::translate("Toolgate::ModelErrors", "%1 failed: the model server refused the API key (HTTP 401). Check the key in the connection's settings.")
                                : QCoreApplication::translate("Toolgate::ModelErrors", "%1 failed: the model server does not allow this key to do that (HTTP 403). Check the key and the account's permissions.");
        message = message.arg(what);
    } else if (status == 429) {
        problem = ModelProblem::RateLimited;
        bool ok = false;
        const int seconds = exchange->rawHeader("retry-after").trimmed().toInt(&ok);
        if (ok && seconds >= 0) {
            data.insert(QLatin1String("retryAfterSeconds"), seconds);
            message = QCoreApplication::translate("Toolgate::ModelErrors", "%1 failed: the model server is rate-limiting requests (HTTP 429); it asks to wait %2 seconds.").arg(what).arg(seconds);
        } else {
            message = QCoreApplication::translate("Toolgate::ModelErrors", "%1 failed: the model server is rate-limiting requests (HTTP 429); wait a little and try again.").arg(what);
        }
    } else if (saysNoToolSupport(said)) {
        problem = ModelProblem::NoToolSupport;
        message = QCoreApplication::translate("Toolgate::ModelErrors", "%1 failed: this model or server cannot call tools (HTTP %2). Choose a model with tool support, or enable it in the server.")
                      .arg(what).arg(status);
    } else if ((status == 404 || status == 400) && saysUnknownModel(said)) {
        problem = ModelProblem::UnknownModel;
        message = QCoreApplication::translate("Toolgate::ModelErrors", "%1 failed: the model server does not know this model (HTTP %2). Check the model name (for Ollama, pull the model first).")
                      .arg(what).arg(status);
    } else if (status == 404) {
        problem = ModelProblem::WrongAddress;
        message = QCoreApplication::translate("Toolgate::ModelErrors", "%1 failed: there is no model API at %2 (HTTP 404). Check the base URL: for OpenAI-compatible servers it usually ends in /v1.")
                      .arg(what, where);
    } else if (status >= 500) {
        problem = ModelProblem::ServerFailed;
        message = QCoreApplication::translate("Toolgate::ModelErrors", "%1 failed: the model server has a problem (HTTP %2). Try again later.").arg(what).arg(status);
    } else {
        message = QCoreApplication::translate("Toolgate::ModelErrors", "%1 failed: the model server refused the request (HTTP %2).").arg(what).arg(status);
    }
    data.insert(kModelProblem, modelProblemName(problem));
    data.insert(QLatin1String("httpStatus"), status);
    return makeError(codeFor(problem), message + serverSaid, data);
}

} // namespace ModelErrors

} // namespace Toolgate
