#pragma once

#include "core/workspace/serverconnection.h"

#include <QIcon>
#include <QStringView>

namespace Toolgate {

/// Toolgate's own icons (resources/icons), tinted to the current palette so they read well on
/// light and dark themes alike.
class Icons final
{
public:
    Icons() = delete;

    /// A monochrome action icon by file name without extension ("add", "run", "server", ...).
    static QIcon action(QStringView name);
    /// The coloured dot for a connection status.
    static QIcon status(ServerConnection::Status status);
    /// The application icon.
    static QIcon application();
};

} // namespace Toolgate
