#pragma once

#include "core/common/result.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// What MCP 2026-07-28's Streamable HTTP mirrors from a request's body into HTTP headers
/// (basic/transports/streamable-http.mdx, "Request Metadata"): Mcp-Method, Mcp-Name, and the
/// Mcp-Param-{name} headers a tool asks for with x-mcp-header in its input schema.
namespace RequestHeaders {

/// One x-mcp-header annotation: the argument at path (a chain of property names) goes into
/// the header "Mcp-Param-" + name.
struct ToolArgumentHeader
{
    QStringList path;
    QString name;
    friend bool operator==(const ToolArgumentHeader &, const ToolArgumentHeader &) = default;
};
using ToolArgumentHeaders = QList<ToolArgumentHeader>;

/// The annotations of a tool's input schema, or what makes them invalid (then the tool must not be
/// offered over HTTP): a name that is empty, not an HTTP token, or repeated (ignoring case); an
/// annotation on a property that is not an integer, string or boolean; or one anywhere but on a
/// property reached through "properties" alone.
Result<ToolArgumentHeaders> toolArgumentHeaders(const QJsonObject &inputSchema);

/// The header value for an argument's value: a string as it is, an integer in decimal, a boolean as
/// true/false; nullopt (no header) for null, a missing value or anything else.
std::optional<QByteArray> argumentValue(const QJsonValue &value);

/// text as a header value: as it is when it is printable ASCII without spaces at either end,
/// else (and when it looks like the sentinel itself) "=?base64?…?=" of its UTF-8.
QByteArray encode(const QString &text);

/// The Mcp-Method, Mcp-Name and Mcp-Param-* headers for a JSON-RPC request with method and params;
/// toolHeaders: the annotations of the tools (by name), for tools/call.
QList<std::pair<QByteArray, QByteArray>> forRequest(const QString &method, const QJsonObject &params,
                                                    const QHash<QString, ToolArgumentHeaders> &toolHeaders);

} // namespace RequestHeaders

} // namespace Toolgate
