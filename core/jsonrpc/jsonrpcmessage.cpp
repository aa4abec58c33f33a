#include "core/jsonrpc/jsonrpcmessage.h"

#include "core/common/error.h"
#include "core/jsonrpc/jsonwriter.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>
#include <limits>

namespace Toolgate {

RequestId RequestId::fromJson(const QJsonValue &value)
{
    if (value.isString())
        return RequestId(value.toString());
    if (value.isDouble()) {
        const double number = value.toDouble();
        // Ids must be integers; 2^53 is the largest a double holds exactly.
        if (std::isfinite(number) && std::floor(number) == number && std::fabs(number) <= 9007199254740992.0)
            return RequestId(qint64(number));
    }
    return {};
}

QJsonValue RequestId::toJson() const
{
    if (!m_valid)
        return QJsonValue(QJsonValue::Null);
    return m_isString ? QJsonValue(m_text) : QJsonValue(m_number);
}

QString RequestId::toString() const
{
    if (!m_valid)
        return QStringLiteral("null");
    return m_isString ? u'"' + m_text + u'"' : QString::number(m_number);
}

JsonRpcMessage::JsonRpcMessage(Kind kind, const RequestId &id, const QString &method, const QJsonObject &params)
    : m_kind(kind)
    , m_id(id)
    , m_method(method)
    , m_params(params)
{
}

JsonRpcMessage JsonRpcMessage::request(const RequestId &id, const QString &method, const QJsonObject &params)
{
    return JsonRpcMessage(Kind::Request, id, method, params);
}

JsonRpcMessage JsonRpcMessage::notification(const QString &method, const QJsonObject &params)
{
    return JsonRpcMessage(Kind::Notification, RequestId(), method, params);
}

JsonRpcMessage JsonRpcMessage::response(const RequestId &id, const QJsonValue &result)
{
    JsonRpcMessage m(Kind::Response, id);
    m.m_result = result;
    return m;
}

JsonRpcMessage JsonRpcMessage::errorResponse(const RequestId &id, const Error &error)
{
    JsonRpcMessage m(Kind::ErrorResponse, id);
    m.m_error = error;
    return m;
}

namespace {

Error invalid(const QString &what)
{
    return makeError(ErrorCode::InvalidRequest, what);
}

} // namespace

Result<JsonRpcMessage> JsonRpcMessage::fromJson(const QJsonObject &o)
{
    // One pass over the members instead of a lookup per name: this runs for every message.
    QJsonValue version{QJsonValue::Undefined};
    QJsonValue idValue{QJsonValue::Undefined};
    QJsonValue method{QJsonValue::Undefined};
    bool hasResult = false;
    bool hasError = false;
    for (auto it = o.constBegin(), end = o.constEnd(); it != end; ++it) {
        const QString key = it.key();
        if (key == QLatin1String("jsonrpc"))
            version = it.value();
        else if (key == QLatin1String("id"))
            idValue = it.value();
        else if (key == QLatin1String("method"))
            method = it.value();
        else if (key == QLatin1String("result"))
            hasResult = true;
        else if (key == QLatin1String("error"))
            hasError = true;
    }
    if (version.isUndefined())
        return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "missing \"jsonrpc\" member"));
    if (!version.isString() || version.toString() != QLatin1String("2.0"))
        return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "\"jsonrpc\" must be \"2.0\""));

    const bool hasId = !idValue.isUndefined();
    const RequestId id = RequestId::fromJson(idValue);

    JsonRpcMessage m;
    if (!method.isUndefined()) {
        if (!method.isString())
            return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "\"method\" must be a string"));
        if (hasResult || hasError)
            return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "a message cannot have both \"method\" and \"%1\"")
                               .arg(hasResult ? QStringLiteral("result") : QStringLiteral("error")));
        m.m_method = method.toString();
        const QJsonValue params = o.value(QLatin1String("params"));
        if (params.isObject())
            m.m_params = params.toObject();
        else if (!params.isUndefined())
            return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "\"params\" of %1 must be an object").arg(m.m_method));
        if (hasId) {
            if (!id.isValid())
                return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "request id must be a string or an integer"));
            m.m_kind = Kind::Request;
            m.m_id = id;
        } else {
            m.m_kind = Kind::Notification;
        }
        return m;
    }

    if (!hasId)
        return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "message has neither \"method\" nor \"id\""));
    if (hasResult == hasError)
        return invalid(hasResult ? QCoreApplication::translate("Toolgate::JsonRpcMessage", "response has both \"result\" and \"error\"")
                                 : QCoreApplication::translate("Toolgate::JsonRpcMessage", "response has neither \"result\" nor \"error\""));
    if (!id.isValid() && !(hasError && idValue.isNull()))
        return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "response id must be a string or an integer"));
    m.m_id = id;
    if (hasResult) {
        m.m_kind = Kind::Response;
        m.m_result = o.value(QLatin1String("result"));
        return m;
    }
    const QJsonValue errorValue = o.value(QLatin1String("error"));
    if (!errorValue.isObject())
        return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "\"error\" must be an object"));
    const QJsonObject error = errorValue.toObject();
    const QJsonValue code = error.value(QLatin1String("code"));
    if (!code.isDouble() || std::floor(code.toDouble()) != code.toDouble()
        || code.toDouble() < double(std::numeric_limits<int>::min())
        || code.toDouble() > double(std::numeric_limits<int>::max()))
        return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "error \"code\" must be an integer"));
    const QJsonValue message = error.value(QLatin1String("message"));
    if (!message.isString())
        return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "error \"message\" must be a string"));
    m.m_kind = Kind::ErrorResponse;
    m.m_error = Error{code.toInt(), message.toString(), error.value(QLatin1String("data"))};
    return m;
}

Result<QList<JsonRpcMessage>> JsonRpcMessage::parse(QByteArrayView text)
{
    return parse(text.toByteArray());
}

Result<QList<JsonRpcMessage>> JsonRpcMessage::parse(const QByteArray &text)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // QJsonDocument rejects a top-level scalar as "illegal value"; it is valid JSON, just not a
        // JSON-RPC message, which is an invalid request rather than a parse error.
        QJsonParseError wrappedError;
        const QJsonDocument wrapped = QJsonDocument::fromJson('[' + text + ']', &wrappedError);
        if (wrappedError.error == QJsonParseError::NoError && wrapped.array().size() == 1)
            return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "message is not a JSON object"));
        return makeError(ErrorCode::ParseError,
                         QCoreApplication::translate("Toolgate::JsonRpcMessage", "invalid JSON at offset %1: %2")
                             .arg(parseError.offset)
                             .arg(parseError.errorString()));
    }
    QList<JsonRpcMessage> messages;
    if (document.isObject()) {
        auto message = fromJson(document.object());
        if (!message)
            return message.error();
        messages.append(std::move(message).value());
        return messages;
    }
    if (!document.isArray())
        return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "message is not a JSON object"));
    const QJsonArray batch = document.array();
    if (batch.isEmpty())
        return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "empty batch"));
    for (qsizetype i = 0; i < batch.size(); ++i) {
        if (!batch.at(i).isObject())
            return invalid(QCoreApplication::translate("Toolgate::JsonRpcMessage", "batch element %1 is not an object").arg(i));
        auto message = fromJson(batch.at(i).toObject());
        if (!message)
            return Error{message.error().code,
                         QCoreApplication::translate("Toolgate::JsonRpcMessage", "batch element %1: %2").arg(i).arg(message.error().message), {}};
        messages.append(std::move(message).value());
    }
    return messages;
}

QJsonObject JsonRpcMessage::toJson() const
{
    QJsonObject o{{QLatin1String("jsonrpc"), QLatin1String("2.0")}};
    switch (m_kind) {
    case Kind::Request:
        o.insert(QLatin1String("id"), m_id.toJson());
        Q_FALLTHROUGH();
    case Kind::Notification:
        o.insert(QLatin1String("method"), m_method);
        if (!m_params.isEmpty())
            o.insert(QLatin1String("params"), m_params);
        break;
    case Kind::Response:
        o.insert(QLatin1String("id"), m_id.toJson());
        o.insert(QLatin1String("result"), m_result.isUndefined() ? QJsonValue(QJsonObject()) : m_result);
        break;
    case Kind::ErrorResponse: {
        o.insert(QLatin1String("id"), m_id.toJson());
        QJsonObject error{{QLatin1String("code"), m_error.code}, {QLatin1String("message"), m_error.message}};
        if (!m_error.data.isUndefined() && !m_error.data.isNull())
            error.insert(QLatin1String("data"), m_error.data);
        o.insert(QLatin1String("error"), error);
        break;
    }
    }
    return o;
}

QByteArray JsonRpcMessage::serializeRequest(const RequestId &id, const QString &method, QByteArrayView paramsJson)
{
    QByteArray out;
    out.reserve(64 + method.size() + paramsJson.size());
    out.append("{\"id\":", 6);
    if (id.isString())
        JsonWriter::appendString(out, id.m_text);
    else
        out.append(QByteArray::number(id.m_number));
    out.append(",\"jsonrpc\":\"2.0\",\"method\":");
    JsonWriter::appendString(out, method);
    // An empty object is left out, as serialize() leaves out empty params.
    if (!paramsJson.isEmpty() && paramsJson != "{}") {
        out.append(",\"params\":");
        out.append(paramsJson);
    }
    out.append('}');
    return out;
}

QByteArray JsonRpcMessage::serialize() const
{
    // Written member by member in the order QJsonObject sorts keys (error, id, jsonrpc, method,
    // params, result), so the text is what QJsonDocument(toJson()) gives, without building the
    // envelope object first: this runs for every message sent.
    QByteArray out;
    out.reserve(256);
    const auto appendId = [&] {
        out.append("\"id\":", 5);
        if (!m_id.isValid())
            out.append("null", 4);
        else if (m_id.isString())
            JsonWriter::appendString(out, m_id.m_text);
        else
            out.append(QByteArray::number(m_id.m_number));
        out.append(',');
    };
    out.append('{');
    switch (m_kind) {
    case Kind::Request:
        appendId();
        Q_FALLTHROUGH();
    case Kind::Notification:
        out.append("\"jsonrpc\":\"2.0\",\"method\":");
        JsonWriter::appendString(out, m_method);
        if (!m_params.isEmpty()) {
            out.append(",\"params\":");
            JsonWriter::appendObject(out, m_params);
        }
        break;
    case Kind::Response:
        appendId();
        out.append("\"jsonrpc\":\"2.0\",\"result\":");
        if (m_result.isUndefined())
            out.append("{}", 2);
        else
            JsonWriter::appendValue(out, m_result);
        break;
    case Kind::ErrorResponse: {
        QJsonObject error{{QLatin1String("code"), m_error.code}, {QLatin1String("message"), m_error.message}};
        if (!m_error.data.isUndefined() && !m_error.data.isNull())
            error.insert(QLatin1String("data"), m_error.data);
        out.append("\"error\":");
        JsonWriter::appendObject(out, error);
        out.append(',');
        appendId();
        out.append("\"jsonrpc\":\"2.0\"");
        break;
    }
    }
    out.append('}');
    return out;
}

} // namespace Toolgate
