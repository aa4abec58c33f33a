#pragma once

#include <QJsonArray>
#include <QList>
#include <QString>

namespace Toolgate {

/// A tool-call argument whose text appeared earlier in a conversation, in what another server sent
/// (a tool's result or a resource's contents): data flowing from one server to another through the
/// model, the path tool-poisoning attacks take (issue 31, item 3). Found by ArgumentOriginFinder;
/// shown with the approval request and recorded in the audit log.
struct ArgumentOrigin
{
    enum class SourceKind { ToolResult, Resource };

    /// The argument, as a JSON Pointer into the arguments ("/path", "/options/0/url").
    QString pointer;
    /// The repeated text (a path, URL, address, token, or a run of words), cut for display.
    QString text;
    SourceKind sourceKind = SourceKind::ToolResult;
    /// The server that sent it, and the tool (or resource URI) whose result or contents held it...
    QString sourceServer;
    QString sourceName;
    /// ...and that call's number (ToolCall::id(), as the audit log and transcript name it); 0 if unknown.
    quint64 sourceCall = 0;

    bool operator==(const ArgumentOrigin &other) const = default;

    /// As the audit log and exports keep marks: [{"pointer", "text", "source": "tool_result"|"resource",
    /// "server", "name", "call"}]. fromJson() skips what is no such object.
    static QJsonArray toJson(const QList<ArgumentOrigin> &origins);
    static QList<ArgumentOrigin> fromJson(const QJsonArray &json);
};

} // namespace Toolgate
