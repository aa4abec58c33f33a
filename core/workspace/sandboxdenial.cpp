#include "core/workspace/sandboxdenial.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace Toolgate {

namespace {

bool isInside(const QString &path, const QString &folder)
{
    if (folder == QLatin1String("/"))
        return path.startsWith(u'/');
    return path == folder || path.startsWith(folder + u'/');
}

// Node's system calls that change what they name ("mkdir '/x'"); a plain open says nothing either way.
bool isWritingCall(const QString &call)
{
    static const QStringList calls{QStringLiteral("mkdir"), QStringLiteral("mkdtemp"), QStringLiteral("rmdir"),
                                   QStringLiteral("unlink"), QStringLiteral("rename"), QStringLiteral("copyfile"),
                                   QStringLiteral("symlink"), QStringLiteral("link"), QStringLiteral("chmod"),
                                   QStringLiteral("chown"), QStringLiteral("utime"), QStringLiteral("write"),
                                   QStringLiteral("truncate"), QStringLiteral("rm"), QStringLiteral("cp")};
    return calls.contains(call);
}

/// A line names two paths ("copyfile 'a' -> 'b'", python's "'a' -> 'b'"): a missing one is usually the
/// source, one that may not be changed the destination.
QString pickPath(const QString &first, const QString &second, SandboxDenial::Reason reason)
{
    if (second.isEmpty() || reason == SandboxDenial::Reason::NotFound)
        return first;
    return second;
}

std::optional<SandboxDenial::Line> parseNode(const QString &line)
{
    // "Error: ENOENT: no such file or directory, open '/x/config.json'", also inside "[Error: ...]".
    static const QRegularExpression node(QStringLiteral(R"(\b(ENOENT|EACCES|EPERM|EROFS): [^,']*, (\w+) '([^']+)'(?: -> '([^']+)')?)"));
    const QRegularExpressionMatch match = node.match(line);
    if (!match.hasMatch())
        return std::nullopt;
    const QString code = match.captured(1);
    SandboxDenial::Line parsed;
    parsed.reason = code == QLatin1String("ENOENT") ? SandboxDenial::Reason::NotFound
        : code == QLatin1String("EROFS")            ? SandboxDenial::Reason::ReadOnly
                                                    : SandboxDenial::Reason::PermissionDenied;
    parsed.writing = isWritingCall(match.captured(2)) || parsed.reason == SandboxDenial::Reason::ReadOnly;
    parsed.path = pickPath(match.captured(3), match.captured(4), parsed.reason);
    return parsed;
}

std::optional<SandboxDenial::Line> parsePython(const QString &line)
{
    // "FileNotFoundError: [Errno 2] No such file or directory: '/x/config.json'"
    static const QRegularExpression python(QStringLiteral(R"(\[Errno (2|13|1|30)\] [^:]*: '([^']+)'(?: -> '([^']+)')?)"));
    const QRegularExpressionMatch match = python.match(line);
    if (!match.hasMatch())
        return std::nullopt;
    const int number = match.captured(1).toInt();
    SandboxDenial::Line parsed;
    parsed.reason = number == 2 ? SandboxDenial::Reason::NotFound
        : number == 30          ? SandboxDenial::Reason::ReadOnly
                                : SandboxDenial::Reason::PermissionDenied;
    parsed.writing = parsed.reason == SandboxDenial::Reason::ReadOnly;
    parsed.path = pickPath(match.captured(2), match.captured(3), parsed.reason);
    return parsed;
}

std::optional<SandboxDenial::Line> parseCoreutils(const QString &line)
{
    // "cat: /x/notes.txt: No such file or directory", "touch: cannot touch '/x': Read-only file system",
    // "mkdir: cannot create directory ‘/x’: Permission denied", "sh: 1: cannot create /x: Permission denied":
    // strerror's words at the end, the path just before them, quoted or not.
    static const QRegularExpression reason(
        QStringLiteral(R"(^(.*\S):\s*(No such file or directory|Permission denied|Read-only file system|Operation not permitted)\s*$)"));
    const QRegularExpressionMatch match = reason.match(line.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    const QString before = match.captured(1);
    static const QRegularExpression quoted(QStringLiteral("[\u2018'\"](/[^\u2019'\"]*)[\u2019'\"]"));
    static const QRegularExpression bare(QStringLiteral(R"((?:^|\s)(/\S*)$)"));
    QString path;
    for (QRegularExpressionMatchIterator it = quoted.globalMatch(before); it.hasNext();)
        path = it.next().captured(1);
    if (path.isEmpty()) {
        // A program's own name ("/usr/bin/cat: ...") comes first; the path is what the words follow.
        const QString lastPart = before.section(QStringLiteral(": "), -1);
        if (const QRegularExpressionMatch b = bare.match(lastPart); b.hasMatch())
            path = b.captured(1);
    }
    if (path.isEmpty())
        return std::nullopt;
    const QString words = match.captured(2);
    SandboxDenial::Line parsed;
    parsed.path = path;
    parsed.reason = words.startsWith(QLatin1String("No such")) ? SandboxDenial::Reason::NotFound
        : words.startsWith(QLatin1String("Read-only"))         ? SandboxDenial::Reason::ReadOnly
                                                               : SandboxDenial::Reason::PermissionDenied;
    static const QRegularExpression writing(
        QStringLiteral(R"(cannot (create|touch|remove|write|move|overwrite|make directory)|for writing)"));
    parsed.writing = parsed.reason == SandboxDenial::Reason::ReadOnly || writing.match(before).hasMatch();
    return parsed;
}

QString expandHome(const QString &path, const QString &home)
{
    if (path == QLatin1String("~") || path.startsWith(QLatin1String("~/")))
        return QDir::cleanPath(home + path.mid(1));
    return QDir::cleanPath(path);
}

} // namespace

std::optional<SandboxDenial::Line> SandboxDenial::parseLine(const QString &line)
{
    std::optional<Line> parsed = parseNode(line);
    if (!parsed)
        parsed = parsePython(line);
    if (!parsed)
        parsed = parseCoreutils(line);
    if (!parsed || !parsed->path.startsWith(u'/'))
        return std::nullopt;
    parsed->path = QDir::cleanPath(parsed->path);
    return parsed;
}

std::optional<SandboxDenial> SandboxDenial::find(const QStringList &lines, const SandboxProfile &profile,
                                                 const BubblewrapLauncher::Host &host)
{
    if (!profile.enabled)
        return std::nullopt;
    const QString home = QDir::cleanPath(host.home);
    static const QStringList ownFolders{QStringLiteral("/proc"), QStringLiteral("/dev"), QStringLiteral("/sys")};
    for (const QString &text : lines) {
        const std::optional<Line> parsed = parseLine(text);
        if (!parsed)
            continue;
        const QString &path = parsed->path;
        // The system is there read-only, /proc and /dev are the sandbox's own: a file missing there is missing.
        if (BubblewrapLauncher::isSystemPath(path)
            || std::any_of(ownFolders.cbegin(), ownFolders.cend(), [&](const QString &f) { return isInside(path, f); }))
            continue;
        // Toolgate's files and the secret stores are never granted: nothing to offer.
        if (std::any_of(host.protectedPaths.cbegin(), host.protectedPaths.cend(),
                        [&](const QString &p) { return isInside(path, QDir::cleanPath(p)); }))
            continue;
        const bool writing = parsed->writing;
        // The innermost grant that holds the path: when it allows the access, the sandbox did not block it.
        std::optional<SandboxProfile::Grant> holder;
        for (const SandboxProfile::Grant &grant : profile.grants) {
            const QString folder = expandHome(grant.path, home);
            if (isInside(path, folder) && (!holder || folder.size() > expandHome(holder->path, home).size()))
                holder = grant;
        }
        if (holder && (holder->writable || !writing))
            continue;
        SandboxDenial denial;
        denial.path = path;
        denial.line = text.trimmed();
        denial.reason = parsed->reason;
        if (holder) {
            denial.grant = {holder->path, true};
            denial.readOnlyGrant = true;
            return denial;
        }
        // The folder it wanted: the path itself when it is a folder here, else the folder it is in (the
        // nearest one that exists, for a file the server was about to create).
        QString folder = QFileInfo(path).isDir() ? path : QFileInfo(path).absolutePath();
        while (folder != QLatin1String("/") && !QFileInfo(folder).isDir())
            folder = QFileInfo(folder).absolutePath();
        // Never the whole home folder, all of /tmp (the sandbox's private one holds the server's own
        // files) or everything: that is for the person to decide in the editor.
        if (isInside(home, folder) || folder == QLatin1String("/tmp"))
            continue;
        denial.grant = {folder, writing};
        return denial;
    }
    return std::nullopt;
}

SandboxDenial SandboxDenial::forHost(const QString &target)
{
    SandboxDenial denial;
    denial.host = target;
    return denial;
}

QString SandboxDenial::message() const
{
    if (isHost()) {
        return QCoreApplication::translate("Toolgate::SandboxDenial",
                                           "the sandbox kept it from reaching %1, which is not in the list of hosts it may reach. "
                                           "To allow that, add %1 to that list (it then asks for your trust again).")
            .arg(host);
    }
    const QString file = QDir::toNativeSeparators(path);
    const QString folder = QDir::toNativeSeparators(grant.path);
    if (!grant.writable) {
        return QCoreApplication::translate("Toolgate::SandboxDenial",
                                           "the sandbox kept it from opening %1, which is outside the folders it may see. "
                                           "To allow that, grant it %2 read-only (it then asks for your trust again).")
            .arg(file, folder);
    }
    if (readOnlyGrant) {
        return QCoreApplication::translate("Toolgate::SandboxDenial",
                                           "the sandbox kept it from writing %1: it may only read there. "
                                           "To allow that, grant it %2 to read and write (it then asks for your trust again).")
            .arg(file, folder);
    }
    return QCoreApplication::translate("Toolgate::SandboxDenial",
                                       "the sandbox kept it from writing %1, which is outside the folders it may see. "
                                       "To allow that, grant it %2 to read and write (it then asks for your trust again).")
        .arg(file, folder);
}

SandboxProfile SandboxDenial::grantedIn(const SandboxProfile &profile) const
{
    SandboxProfile granted = profile;
    if (isHost()) {
        if (!granted.hosts.contains(host, Qt::CaseInsensitive))
            granted.hosts.append(host);
        granted.network = SandboxProfile::Network::Hosts;
        return granted;
    }
    for (SandboxProfile::Grant &existing : granted.grants) {
        if (QDir::cleanPath(existing.path) == QDir::cleanPath(grant.path)) {
            existing.writable = existing.writable || grant.writable;
            return granted;
        }
    }
    granted.grants.append(grant);
    return granted;
}

} // namespace Toolgate
