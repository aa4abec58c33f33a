#pragma once

#include "core/calls/approval.h"
#include "core/common/result.h"
#include "core/protocol/tool.h"

#include <QList>
#include <QObject>

#include <functional>
#include <optional>

namespace Toolgate {

class ClientSession;

/// A server as the ToolCallPipeline sees it: who it is, its live session, and its tool list (the
/// one list the app keeps of that server's tools). ServerConnection is the real one; tests may
/// wrap a bare session.
class CallTarget
{
public:
    virtual ~CallTarget() = default;
    /// Guards the target's lifetime (the pipeline holds a QPointer to it).
    virtual QObject *targetObject() = 0;
    virtual ServerIdentity identity() const = 0;
    /// The session while it is ready, else null.
    virtual ClientSession *readySession() const = 0;
    /// The tool of that name in the current list, if listed.
    virtual std::optional<Tool> listedTool(const QString &name) const = 0;
    /// Lists the tools anew (a call made before the first list arrived); done is called once, on
    /// context's thread, unless context dies first.
    virtual void relistTools(QObject *context, std::function<void(const Result<QList<Tool>> &)> done) = 0;
    /// The names of the other servers (of the same workspace) whose tool lists have a tool called name.
    virtual QStringList otherServersWithTool(const QString &name) const
    {
        Q_UNUSED(name);
        return {};
    }
    /// After the server stopped during a call: what became of it and what to do, as a sentence for
    /// people ("Toolgate is restarting it; run the tool again once it shows Ready."); empty when
    /// there is nothing to add.
    virtual QString afterServerStopped() const { return {}; }
};

} // namespace Toolgate
