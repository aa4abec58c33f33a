#pragma once

#include "core/common/result.h"
#include "core/transport/stdiotransport.h"
#include "core/workspace/sandboxprofile.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Toolgate {

/// Starts a local server inside bubblewrap (Linux) as its SandboxProfile says (issue 32, docs/sandbox.md):
/// the system read-only, a private /tmp, the home folder hidden except the grants and the caches the
/// server's runtime needs, Toolgate's own files and the usual secret stores never visible, the network
/// only when the profile allows it, and only the environment the profile passes.
namespace BubblewrapLauncher {

/// What the launcher needs to know of this machine; tests give their own.
struct Host
{
    QString bwrap;                ///< the bwrap program; empty: not installed
    QString home;                 ///< the person's home folder (hidden in the sandbox)
    QString lang;                 ///< LANG passed in
    /// Never visible inside, even within a granted folder: Toolgate's files, secret stores.
    QStringList protectedPaths;
    /// Why no user namespace can be made here (empty: they can).
    QString namespacesUnavailable;
    /// toolgate-sandbox-relay, which a host list needs inside (empty: not found).
    QString relay;
    /// For a host list: the folder of this start's SandboxProxy socket, bound inside. Empty (describing
    /// a profile, the era probe's sibling): the server starts with no network at all, never more than
    /// the profile says.
    QString proxyFolder;
};
Host currentHost();

/// The sandbox worked out for one start: every path it binds and why, and the bwrap command line.
struct Plan
{
    QString program;              ///< the server's program as found inside (canonical)
    QStringList extraReadable;    ///< for people: what the launcher adds to the grants, read-only
    QStringList extraWritable;    ///< ... and read-write
    QStringList masked;           ///< protected paths hidden inside bound folders
    QMap<QString, QString> environment;
    QStringList arguments;        ///< bwrap's arguments, ending in "--", program, the server's arguments
};

/// Works out the sandbox for spec under profile (which must be enabled); the error says in plain words
/// why the server cannot start sandboxed (bwrap missing, a grant inside a protected folder, ...).
Result<Plan> plan(const StdioLaunchSpec &spec, const SandboxProfile &profile, const Host &host = currentHost());
/// spec rewritten to run under bwrap; spec itself when the profile is off.
Result<StdioLaunchSpec> wrap(const StdioLaunchSpec &spec, const SandboxProfile &profile, const Host &host = currentHost());
/// What the server will be able to read, write and reach, one line per fact: the one way trust prompts,
/// the CLI and the server's page say it; says plainly when it is not sandboxed, or cannot be and so will
/// not start.
QStringList describe(const StdioLaunchSpec &spec, const SandboxProfile &profile, const Host &host = currentHost());
/// describe()'s lines, and whether they describe a confinement (false: not sandboxed, or it will not
/// start), for views that mark the other case.
struct Description
{
    QStringList lines;
    bool confined = false;
};
Description explain(const StdioLaunchSpec &spec, const SandboxProfile &profile, const Host &host = currentHost());
/// Where a host list's proxy socket is inside the sandbox, and the port the relay listens on there.
QString proxySocketInside();
constexpr quint16 relayPort = 3128;

/// Whether path lies in the system folders bound read-only into every sandbox (/usr, /etc, ...).
bool isSystemPath(const QString &path);

} // namespace BubblewrapLauncher

} // namespace Toolgate
