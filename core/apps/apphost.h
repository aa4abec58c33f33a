#pragma once

#include "core/calls/approval.h"
#include "core/common/result.h"
#include "core/protocol/resource.h"
#include "core/protocol/tool.h"

#include <QJsonObject>
#include <QUrl>

#include <functional>
#include <optional>

class QObject;

namespace Toolgate {

class ToolCall;

/// A request of an app view for the audit log, other than a tool call (the pipeline records those)
/// and a link the person was asked about (recordLinkRequest()).
struct AppRequestRecord
{
    QString method;      ///< e.g. "resources/read", "ui/open-link"
    QJsonObject params;  ///< What identifies the request: a uri, or how many a summary stands for.
    std::optional<ApprovalDecision> decision;
    std::optional<QJsonObject> result; ///< A summary of the answer (its size), never the content.
    std::optional<Error> error;
};

/// What an app view's bridge needs from the rest of the host: the one place where apps meet the
/// servers, the approval pipeline and the audit log. The GUI implements it next to its window;
/// the bridge never reaches a server any other way.
class AppHost
{
public:
    virtual ~AppHost() = default;

    /// The tool called name on the server named server, as that server last listed it.
    virtual std::optional<Tool> tool(const QString &server, const QString &name) const = 0;
    /// Starts a tools/call of the app through the approval pipeline (initiator App), linked to the
    /// call whose result rendered the app. The call is parented to parent and emits finished()
    /// once. nullptr with error set when it cannot start (the server is not connected).
    virtual ToolCall *callTool(const ServerIdentity &server, const QString &name, const QJsonObject &arguments,
                               quint64 originCallId, QObject *parent, Error *error) = 0;
    /// resources/read on the server named server; callback answers once on context's thread.
    virtual void readResource(const QString &server, const QString &uri, QObject *context,
                              std::function<void(const Result<ReadResourceResult> &)> callback) = 0;
    /// Records that the app asked to open url and what the person (or a rule) decided.
    virtual void recordLinkRequest(const ServerIdentity &server, const QUrl &url, const ApprovalDecision &decision,
                                   quint64 originCallId) = 0;
    /// Records another request of the app (a resource it read, a summary of refused links).
    virtual void recordAppRequest(const ServerIdentity &server, const AppRequestRecord &record, quint64 originCallId) = 0;
};

} // namespace Toolgate
