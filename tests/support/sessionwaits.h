#pragma once

// What tests of a bare ClientSession share: connecting and disconnecting it with a wait for the outcome,
// and answering its elicitations as a person who accepts them.

#include "core/client/clientsession.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QJsonObject>
#include <QList>
#include <QSignalSpy>

#include <optional>

namespace Toolgate::TestSupport {

/// Connects session and waits: true once it is ready, false when it failed or timeoutMs passed first.
[[nodiscard]] inline bool connectAndWait(ClientSession &session, int timeoutMs = 20000)
{
    QSignalSpy ready(&session, &ClientSession::ready);
    QSignalSpy failed(&session, &ClientSession::failed);
    session.connectToServer();
    QDeadlineTimer deadline(timeoutMs);
    while (ready.isEmpty() && failed.isEmpty() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    return !ready.isEmpty();
}

/// Disconnects session and waits: true once it said it closed, false when timeoutMs passed first.
[[nodiscard]] inline bool disconnectAndWait(ClientSession &session, int timeoutMs = 5000)
{
    QSignalSpy closed(&session, &ClientSession::closed);
    session.disconnectFromServer();
    return !closed.isEmpty() || closed.wait(timeoutMs);
}

/// Accepts every elicitation a session is asked with the same content, and keeps what was asked and,
/// for a request embedded in an answer, where it came from.
struct AcceptedElicitations
{
    QList<QJsonObject> asked;
    QList<std::optional<ClientSession::EmbeddedRequestOrigin>> origins;

    /// Set before the session connects: the handler decides what the client declares.
    void install(ClientSession &session, const QJsonObject &content)
    {
        session.setElicitationHandler([this, &session, content](const QJsonObject &params, const Responder &responder) {
            asked.append(params);
            origins.append(session.embeddedRequestOrigin(responder.id()));
            responder.respond(QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")}, {QStringLiteral("content"), content}});
        });
    }
};

} // namespace Toolgate::TestSupport
