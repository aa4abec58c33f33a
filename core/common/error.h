#pragma once

#include <QJsonValue>
#include <QString>

namespace Toolgate {

/// An error that crosses layers as a value: a numeric code, a human-readable message and optional data.
/// Codes are JSON-RPC error codes where the error came from a peer, or ErrorCode values of our own.
struct Error
{
    int code = 0;
    QString message;
    QJsonValue data;

    QString toString() const;
};

/// JSON-RPC and MCP error codes, plus the codes Toolgate synthesizes locally for answers no peer gave.
enum class ErrorCode : int {
    // JSON-RPC 2.0
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
    // MCP
    ResourceNotFoundLegacy = -32002,
    HeaderMismatch = -32020,
    MissingRequiredClientCapability = -32021,
    UnsupportedProtocolVersion = -32022,
    UrlElicitationRequired = -32042,
    // Synthesized by Toolgate, never sent on the wire. Kept outside the ranges peers use.
    ConnectionClosed = -33000,
    RequestTimeout = -33001,
    RequestCancelled = -33002,
    MessageTooLarge = -33003,
    TransportError = -33004,
    ProtocolError = -33005,
    NotConnected = -33006,
    ApprovalDenied = -33007,
    InvalidArguments = -33008,
    CommandNotFound = -33009,
    ConfigError = -33010,
    AuditUnavailable = -33011,
};

/// Whether code is one Toolgate synthesizes itself (ErrorCode's own range), not one a peer sent.
inline bool isToolgateErrorCode(int code)
{
    return code <= int(ErrorCode::ConnectionClosed) && code > int(ErrorCode::ConnectionClosed) - 1000;
}

/// A short English name for an error code, for logs and the CLI.
QString errorCodeName(int code);

/// Builds an Error with one of our codes.
inline Error makeError(ErrorCode code, const QString &message, const QJsonValue &data = {})
{
    return Error{int(code), message, data};
}

/// A file a person edits is wrong at one place: "where: what is wrong", e.g. "tests[2].expect[0]: ...".
inline Error configFieldError(const QString &where, const QString &message)
{
    return makeError(ErrorCode::ConfigError, where + QStringLiteral(": ") + message);
}

} // namespace Toolgate
