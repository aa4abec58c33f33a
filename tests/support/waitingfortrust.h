#pragma once

// For tests of server trust (issue 16): a connection that waits for a person's trust starts nothing.

#include "postedevents.h"

#include "core/workspace/serverconnection.h"

#include <QSignalSpy>

namespace Toolgate::TestSupport {

/// True when connection, waiting for trust, starts nothing: every way to a process (the session, an era
/// probe, secrets read first) goes through Starting, so once what is queued has run without a change of
/// status and without a session, nothing was launched (and nothing will be until someone trusts it).
inline bool startsNothing(ServerConnection *connection)
{
    QSignalSpy statuses(connection, &ServerConnection::statusChanged);
    if (!deliverPostedEvents())
        return false;
    if (!statuses.isEmpty() || connection->status() != ServerConnection::Status::WaitingForTrust) {
        qWarning("the status changed to %s", qPrintable(ServerConnection::statusName(connection->status())));
        return false;
    }
    if (connection->session()) {
        qWarning("a session was made");
        return false;
    }
    return true;
}

} // namespace Toolgate::TestSupport
