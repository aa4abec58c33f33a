#include "core/common/error.h"

#include <QCoreApplication>

namespace Toolgate {

QString Error::toString() const
{
    if (code == 0)
        return message;
    return QCoreApplication::translate("Toolgate::Error", "%1 (code %2)").arg(message, QString::number(code));
}

QString errorCodeName(int code)
{
    switch (ErrorCode(code)) {
    case ErrorCode::ParseError: return QStringLiteral("parse error");
    case ErrorCode::InvalidRequest: return QStringLiteral("invalid request");
    case ErrorCode::MethodNotFound: return QStringLiteral("method not found");
    case ErrorCode::InvalidParams: return QStringLiteral("invalid params");
    case ErrorCode::InternalError: return QStringLiteral("internal error");
    case ErrorCode::ResourceNotFoundLegacy: return QStringLiteral("resource not found");
    case ErrorCode::HeaderMismatch: return QStringLiteral("header mismatch");
    case ErrorCode::MissingRequiredClientCapability: return QStringLiteral("missing client capability");
    case ErrorCode::UnsupportedProtocolVersion: return QStringLiteral("unsupported protocol version");
    case ErrorCode::UrlElicitationRequired: return QStringLiteral("URL elicitation required");
    case ErrorCode::ConnectionClosed: return QStringLiteral("connection closed");
    case ErrorCode::RequestTimeout: return QStringLiteral("timeout");
    case ErrorCode::RequestCancelled: return QStringLiteral("cancelled");
    case ErrorCode::MessageTooLarge: return QStringLiteral("message too large");
    case ErrorCode::TransportError: return QStringLiteral("transport error");
    case ErrorCode::ProtocolError: return QStringLiteral("protocol error");
    case ErrorCode::NotConnected: return QStringLiteral("not connected");
    case ErrorCode::ApprovalDenied: return QStringLiteral("denied");
    case ErrorCode::InvalidArguments: return QStringLiteral("invalid arguments");
    case ErrorCode::CommandNotFound: return QStringLiteral("command not found");
    case ErrorCode::ConfigError: return QStringLiteral("configuration error");
    case ErrorCode::AuditUnavailable: return QStringLiteral("audit log unavailable");
    }
    return QStringLiteral("error %1").arg(code);
}

} // namespace Toolgate
