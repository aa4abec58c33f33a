#pragma once

#include "core/client/clientsession.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace Toolgate {

class SessionCore;
class UrlElicitationTracker;

/// Takes in the requests a server makes of the client (roots, sampling, elicitation), whether sent as
/// requests of their own or embedded in an InputRequiredResult (2026-07-28), and forwards each to the
/// handler installed for it. The client capabilities for these are declared from the same handlers,
/// so what is checked here is exactly what was declared.
///
/// This is the one place that refuses what the client did not declare (an elicitation mode, sampling
/// with tools), and, in the 2026-07-28 era, the requests a server sends of its own (that era asks for
/// input only inside its answers): every request of a server passes here, whoever installed the handlers (the
/// ServerRequestPipeline in the apps; tests and other callers of ClientSession directly), so a check
/// here holds for all of them, once.
class ServerRequestIntake final
{
    Q_DISABLE_COPY_MOVE(ServerRequestIntake)
public:
    using Handler = ClientSession::ServerRequestHandler;
    using TaskHandler = ClientSession::ClientTaskHandler;

    /// Installs the peer's handlers for the server's requests; core must outlive this.
    ServerRequestIntake(SessionCore &core, UrlElicitationTracker &urlElicitations);

    void setRootsHandler(Handler handler, bool notifiesListChanged);
    void setSamplingHandler(Handler handler, bool withTools);
    void setElicitationHandler(Handler handler, const QStringList &modes);
    /// Sampling and elicitation may then run as tasks of the client (2025-11-25), and handler answers
    /// the server's tasks/get, tasks/result, tasks/list and tasks/cancel about them.
    void setClientTaskHandler(TaskHandler handler);

    /// The capabilities the installed handlers stand for, as initialize declares them. In the
    /// modern era the client never says its roots changed (2026-07-28 has no roots.listChanged).
    QJsonObject declaredCapabilities(ProtocolEra era) const;
    /// Whether the requests of the server may carry a task (declared, legacy era).
    bool runsTasks() const;
    /// Whether any request of the server can be answered (input rounds need one).
    bool answersAnything() const { return m_rootsHandler || m_samplingHandler || m_elicitationHandler; }
    /// Whether the client tells the server when its roots change (legacy era).
    bool notifiesRootsChanged() const { return m_rootsHandler && m_rootsListChanged; }

    /// Hands a request of the server to the handler installed for its method, or refuses it as the
    /// spec says; responder is answered exactly once either way.
    void dispatch(const QString &method, const QJsonObject &params, const Responder &responder) const;

private:
    /// For a request the server sent on the wire (not embedded in an answer): in the modern era it is
    /// answered with an error, and true returned.
    bool refusedInModernEra(const QString &method, const Responder &responder) const;
    /// Why the client refuses a request it has a handler for: it asks for more than was declared.
    std::optional<Error> undeclared(const QString &method, const QJsonObject &params) const;

    const SessionCore &m_core;
    UrlElicitationTracker &m_urlElicitations;
    Handler m_rootsHandler;
    bool m_rootsListChanged = false;
    Handler m_samplingHandler;
    bool m_samplingTools = false;
    Handler m_elicitationHandler;
    QStringList m_elicitationModes;
    TaskHandler m_taskHandler;
};

} // namespace Toolgate
