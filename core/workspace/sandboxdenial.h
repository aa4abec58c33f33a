#pragma once

#include "core/workspace/bubblewraplauncher.h"
#include "core/workspace/sandboxprofile.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// A path a sandboxed server could not open because its sandbox hides it or lets it only read it
/// (issue 32), found in what the server wrote to stderr before it failed, with the one grant that would
/// allow it. Read from the error lines of node, python and the coreutils / C programs; a line that names
/// no absolute path, or a path the profile already allows, is not a denial. Or a host its sandbox's
/// proxy refused (a profile with a list of hosts), with that host as what would allow it (forHost()).
struct SandboxDenial
{
    /// Why an open failed, as the line says it.
    enum class Reason { NotFound, PermissionDenied, ReadOnly };

    /// What one stderr line says could not be opened.
    struct Line
    {
        QString path;
        Reason reason = Reason::NotFound;
        bool writing = false; ///< the line says it was writing (mkdir, "cannot create", EROFS, ...)
    };

    QString path;                 ///< the path the server could not open
    QString line;                 ///< the stderr line that says so
    Reason reason = Reason::NotFound;
    SandboxProfile::Grant grant;  ///< the folder to grant, read-only or read-write as the access was
    bool readOnlyGrant = false;   ///< it wrote inside a folder granted read-only (grant makes it writable)
    /// "host:port" the proxy refused it; set only by forHost(), and then path and grant are empty.
    QString host;

    bool isHost() const { return !host.isEmpty(); }
    /// The denial of a connection to target ("host:port"), refused by the sandbox's proxy.
    static SandboxDenial forHost(const QString &target);

    /// The path and reason of a line that says a file could not be opened; nullopt for any other line.
    static std::optional<Line> parseLine(const QString &line);
    /// The first line among lines that names a path the sandbox kept the server from: outside the
    /// profile's grants (or inside a read-only one, for a write), not a system folder, not one of the
    /// folders never shown to a server, and in a folder that can be granted (not the home folder or /).
    static std::optional<SandboxDenial> find(const QStringList &lines, const SandboxProfile &profile,
                                             const BubblewrapLauncher::Host &host = BubblewrapLauncher::currentHost());

    /// For people, in plain words: what was blocked and which grant would allow it.
    QString message() const;
    /// profile with the grant added; a read-only grant of the same folder becomes read-write. For a host:
    /// the host added to the profile's list.
    SandboxProfile grantedIn(const SandboxProfile &profile) const;
};

} // namespace Toolgate
