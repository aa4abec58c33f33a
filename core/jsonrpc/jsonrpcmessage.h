#pragma once

#include "core/common/result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace Toolgate {

/// A JSON-RPC id: an integer or a string (never null on requests). Hashable for pending tables.
class RequestId
{
public:
    RequestId() = default; // invalid
    RequestId(qint64 number) : m_valid(true), m_number(number) {}
    RequestId(const QString &text) : m_valid(true), m_isString(true), m_text(text) {}

    /// Reads an id from JSON; null, fractional numbers, objects etc. give an invalid id.
    static RequestId fromJson(const QJsonValue &value);
    QJsonValue toJson() const;

    bool isValid() const { return m_valid; }
    bool isString() const { return m_isString; }
    QString toString() const;

    friend bool operator==(const RequestId &a, const RequestId &b)
    {
        return a.m_valid == b.m_valid && a.m_isString == b.m_isString && a.m_number == b.m_number
            && a.m_text == b.m_text;
    }
    friend size_t qHash(const RequestId &id, size_t seed = 0)
    {
        return id.m_isString ? qHash(id.m_text, seed) : qHash(id.m_number, seed);
    }

private:
    friend class JsonRpcMessage; // serialize() writes the id without a QJsonValue in between
    bool m_valid = false;
    bool m_isString = false;
    qint64 m_number = 0;
    QString m_text;
};

/// One JSON-RPC 2.0 message: request, notification, result response or error response.
class JsonRpcMessage
{
public:
    enum class Kind { Request, Notification, Response, ErrorResponse };

    JsonRpcMessage() = default; // empty: the factories below and fromJson() make real ones

    static JsonRpcMessage request(const RequestId &id, const QString &method, const QJsonObject &params = {});
    static JsonRpcMessage notification(const QString &method, const QJsonObject &params = {});
    static JsonRpcMessage response(const RequestId &id, const QJsonValue &result);
    static JsonRpcMessage errorResponse(const RequestId &id, const Error &error);

    /// Parses one framed message. A JSON array (2025-03-26 batching) gives several messages.
    /// Errors name what is wrong and where, e.g. "invalid JSON at offset 12: unterminated string".
    static Result<QList<JsonRpcMessage>> parse(QByteArrayView text);
    /// The same, without copying text first (the transports hand over whole QByteArrays).
    static Result<QList<JsonRpcMessage>> parse(const QByteArray &text);
    /// Validates one already-decoded JSON object as a JSON-RPC message.
    static Result<JsonRpcMessage> fromJson(const QJsonObject &object);

    QJsonObject toJson() const;
    QByteArray serialize() const;
    /// The text of a request whose params are already JSON text (an object, or empty for none):
    /// what request(id, method, params).serialize() gives, without building params as a QJsonObject.
    static QByteArray serializeRequest(const RequestId &id, const QString &method, QByteArrayView paramsJson);

    Kind kind() const { return m_kind; }
    bool isRequest() const { return m_kind == Kind::Request; }
    bool isNotification() const { return m_kind == Kind::Notification; }
    bool isResponse() const { return m_kind == Kind::Response || m_kind == Kind::ErrorResponse; }

    const RequestId &id() const { return m_id; }
    const QString &method() const { return m_method; }
    /// params as an object; MCP never uses positional params, so arrays are rejected at parse time.
    const QJsonObject &params() const { return m_params; }
    const QJsonValue &result() const { return m_result; }
    const Error &error() const { return m_error; }

private:
    JsonRpcMessage(Kind kind, const RequestId &id, const QString &method = {}, const QJsonObject &params = {});

    Kind m_kind = Kind::Notification;
    RequestId m_id;
    QString m_method;
    QJsonObject m_params;
    QJsonValue m_result;
    Error m_error;
};

} // namespace Toolgate
