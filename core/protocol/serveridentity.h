#pragma once

#include "core/protocol/implementation.h"

#include <QString>

namespace Toolgate {

/// Which server a call goes to, as the human knows it: the name and command line or URL the person
/// configured, and what the server says about itself. Every layer names servers this way (approvals,
/// the audit log, server requests, the UI), so it sits with the protocol types, below them all.
struct ServerIdentity
{
    QString name;     ///< The name in the configuration.
    QString endpoint; ///< The command line or URL.
    Implementation serverInfo; ///< What the server says about itself (self-reported; display only).
};

} // namespace Toolgate
