#include "core/workspace/bubblewraplauncher.h"

#include "core/common/commandline.h"
#include "core/common/configlocation.h"
#include "core/common/error.h"
#include "core/common/plugins.h"
#include "core/workspace/sandboxproxy.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QStandardPaths>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace Toolgate::BubblewrapLauncher {

namespace {

// Folders of the system, read-only; on merged-/usr systems the top-level ones are symlinks, kept as such.
const char *const systemFolders[] = {"/usr", "/etc", "/opt", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"};

// Under the home folder, never visible even within a grant: keys, credentials, browser profiles, keyrings.
const char *const secretStores[] = {
    ".ssh", ".gnupg", ".aws", ".azure", ".config/gcloud", ".kube", ".docker", ".netrc", ".git-credentials",
    ".npmrc", ".pypirc", ".config/gh", ".password-store", ".pki", ".local/share/keyrings", ".mozilla",
    ".thunderbird", ".config/google-chrome", ".config/chromium", ".config/BraveSoftware", ".config/microsoft-edge",
    ".var/app", "snap"};

/// A runtime's own folders under the home folder that its servers need to start (docs/sandbox.md).
struct RuntimeFolder
{
    const char *relativePath;
    bool writable;
};
struct Runtime
{
    QStringList programs;
    QList<RuntimeFolder> folders;
};

QList<Runtime> runtimes()
{
    return {
        {{QStringLiteral("npx"), QStringLiteral("npm"), QStringLiteral("pnpm"), QStringLiteral("yarn")},
         {{".npm", true}}},
        {{QStringLiteral("uvx"), QStringLiteral("uv")}, {{".cache/uv", true}, {".local/share/uv", false}}},
        {{QStringLiteral("pipx")}, {{".local/pipx", false}, {".local/share/pipx", false}, {".cache/pipx", true}}},
    };
}

// Installed under the home folder, read-only when the program comes from there.
const char *const runtimeHomes[] = {".nvm", ".pyenv", ".volta", ".local/share/fnm", ".bun", ".deno", ".cargo"};

bool isInside(const QString &path, const QString &folder)
{
    if (folder == QLatin1String("/"))
        return path.startsWith(u'/');
    return path == folder || path.startsWith(folder + u'/');
}

bool inSystemFolders(const QString &path)
{
    for (const char *folder : systemFolders) {
        if (isInside(path, QLatin1String(folder)))
            return true;
    }
    return false;
}

QString canonicalOr(const QString &path)
{
    const QString canonical = QFileInfo(path).canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(QFileInfo(path).absoluteFilePath()) : canonical;
}

Error cannotSandbox(const QString &why)
{
    return makeError(ErrorCode::ConfigError,
                     QCoreApplication::translate("Toolgate::BubblewrapLauncher", "cannot start the server in its sandbox: %1. Fix that, or turn the sandbox off "
                                                          "for this server (it then runs with your full rights).")
                         .arg(why));
}

QString fileContents(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(file.read(64)).trimmed();
}

/// One folder (or file) made visible inside.
struct Bind
{
    QString source; ///< canonical
    QString target;
    bool writable = false;
};

class Planner
{
public:
    Planner(const StdioLaunchSpec &spec, const SandboxProfile &profile, const Host &host)
        : m_spec(spec), m_profile(profile), m_host(host)
    {
        for (const QString &path : host.protectedPaths)
            m_protected.append(canonicalOr(path));
    }

    Result<Plan> run()
    {
        if (m_host.bwrap.isEmpty())
            return cannotSandbox(QCoreApplication::translate("Toolgate::BubblewrapLauncher", "bubblewrap (bwrap) is not installed; install the package \"bubblewrap\""));
        if (!m_host.namespacesUnavailable.isEmpty())
            return cannotSandbox(m_host.namespacesUnavailable);
        if (m_profile.network == SandboxProfile::Network::Hosts && m_host.relay.isEmpty())
            return cannotSandbox(QCoreApplication::translate("Toolgate::BubblewrapLauncher", "a network limited to listed hosts needs Toolgate's network relay "
                                                                      "(toolgate-sandbox-relay), which was not found; reinstall Toolgate, or set the network to \"on\" or \"off\""));

        makeEnvironment();
        if (auto found = findProgram(); !found)
            return found.error();
        if (auto added = addRuntimeFolders(); !added)
            return added.error();
        if (!m_spec.workingDirectory.isEmpty()) {
            if (auto added = addFolder(m_spec.workingDirectory, false, QCoreApplication::translate("Toolgate::BubblewrapLauncher", "its working folder %1")); !added)
                return added.error();
        }
        for (const SandboxProfile::Grant &grant : m_profile.grants) {
            if (auto added = addFolder(grant.path, grant.writable, {}); !added)
                return added.error();
        }
        if (usesProxy() && !inSystemFolders(canonicalOr(m_host.relay))) {
            // Toolgate's own program, not the server's business: not listed for people.
            if (auto added = addFolder(QFileInfo(m_host.relay).absolutePath(), false, {}); !added)
                return added.error();
        }
        if (auto checked = checkProtected(); !checked)
            return checked.error();
        buildArguments();
        return m_plan;
    }

    /// The environment the server gets inside (made before anything can fail).
    const QMap<QString, QString> &environment() const { return m_plan.environment; }

private:
    void makeEnvironment()
    {
        QMap<QString, QString> &env = m_plan.environment;
        // A command typed after toolgate-cli's "--" gets the environment of the shell it was typed in,
        // as any command there would: the person handed it over. Files and network stay confined.
        if (m_spec.inheritFullEnvironment) {
            const QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
            for (const QString &name : system.keys())
                env.insert(name, system.value(name));
        }
        if (!env.contains(QStringLiteral("PATH")))
            env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
        env.insert(QStringLiteral("HOME"), m_host.home);
        env.insert(QStringLiteral("LANG"), m_host.lang.isEmpty() ? QStringLiteral("C.UTF-8") : m_host.lang);
        // The entry's own variables win, PATH included: they are part of what the person trusted.
        for (auto it = m_spec.environment.cbegin(); it != m_spec.environment.cend(); ++it)
            env.insert(it.key(), it.value());
        // Except a proxy of its own: inside, only the relay leads anywhere.
        if (usesProxy()) {
            const QString proxy = QStringLiteral("http://127.0.0.1:%1").arg(relayPort);
            for (const char *name : {"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"})
                env.insert(QLatin1String(name), proxy);
            env.remove(QStringLiteral("NO_PROXY"));
            env.remove(QStringLiteral("no_proxy"));
        }
    }

    /// A host list with a proxy to reach: the relay runs inside. Without one the network is simply off.
    bool usesProxy() const
    {
        return m_profile.network == SandboxProfile::Network::Hosts && !m_host.proxyFolder.isEmpty();
    }

    Result<void> findProgram()
    {
        StdioLaunchSpec inside = m_spec;
        inside.environment = m_plan.environment;
        inside.exactEnvironment = true;
        const Result<QString> found = StdioTransport::resolveProgram(inside);
        if (!found)
            return found.error();
        m_plan.program = canonicalOr(found.value());
        if (inSystemFolders(m_plan.program))
            return {};
        // A program of its own (a build tree, a project's node_modules): its folder, read-only, at the
        // path it was found by (its arguments may name files through that path, a symlinked folder
        // say) as well as where it really is.
        const QString asFound = programFolder(QFileInfo(found.value()).absoluteFilePath());
        const QString real = programFolder(m_plan.program);
        if (auto added = addFolder(asFound, false, QCoreApplication::translate("Toolgate::BubblewrapLauncher", "the program's folder %1")); !added)
            return added;
        if (canonicalOr(asFound) != real) {
            if (auto added = addFolder(real, false, {}); !added)
                return added;
        }
        return addScript();
    }

    /// "node server.js", "python3 server.py": for an interpreter the script is the program. Its project
    /// (the nearest folder up with package.json, pyproject.toml, ...; else its own folder) is bound
    /// read-only, since a script needs its modules beside it.
    Result<void> addScript()
    {
        static const QStringList interpreters{QStringLiteral("node"), QStringLiteral("nodejs"), QStringLiteral("python"),
                                              QStringLiteral("python3"), QStringLiteral("deno"), QStringLiteral("bun"),
                                              QStringLiteral("ruby"), QStringLiteral("perl"), QStringLiteral("sh"),
                                              QStringLiteral("bash")};
        if (!interpreters.contains(QFileInfo(m_spec.program).fileName()))
            return {};
        for (const QString &argument : m_spec.arguments) {
            if (argument.startsWith(u'-'))
                continue;
            QFileInfo script(argument);
            if (script.isRelative() && !m_spec.workingDirectory.isEmpty())
                script = QFileInfo(QDir(m_spec.workingDirectory), argument);
            if (!script.isFile())
                return {};
            const QString path = script.absoluteFilePath();
            if (inSystemFolders(canonicalOr(path)))
                return {};
            QString folder = programFolder(path);
            if (!path.contains(QLatin1String("/node_modules/"))) {
                for (QDir dir(folder); !dir.isRoot(); dir.setPath(QFileInfo(dir.path()).absolutePath())) {
                    if (dir.exists(QStringLiteral("package.json")) || dir.exists(QStringLiteral("pyproject.toml"))
                        || dir.exists(QStringLiteral("setup.py")) || dir.exists(QStringLiteral("deno.json"))) {
                        folder = dir.path();
                        break;
                    }
                    if (dir.path() == m_host.home)
                        break;
                }
            }
            // A script straight in the home folder: that file alone, never the whole home.
            if (isInside(m_host.home, folder))
                folder = path;
            return addFolder(folder, false, QCoreApplication::translate("Toolgate::BubblewrapLauncher", "the script's folder %1"));
        }
        return {};
    }

    /// The folder a program needs: its own, or for an npm package the whole node_modules tree (its
    /// dependencies sit beside it), or a runtime's installation under the home folder.
    QString programFolder(const QString &program) const
    {
        QString folder = QFileInfo(program).absolutePath();
        const qsizetype nodeModules = program.indexOf(QLatin1String("/node_modules/"));
        if (nodeModules > 0)
            folder = program.left(nodeModules + qsizetype(qstrlen("/node_modules")));
        for (const char *runtimeHome : runtimeHomes) {
            const QString root = QDir(m_host.home).filePath(QLatin1String(runtimeHome));
            if (isInside(program, root) || isInside(program, canonicalOr(root)))
                folder = isInside(program, root) ? root : canonicalOr(root);
        }
        return folder;
    }

    Result<void> addRuntimeFolders()
    {
        const QString name = QFileInfo(m_spec.program).fileName();
        for (const Runtime &runtime : runtimes()) {
            if (!runtime.programs.contains(name))
                continue;
            for (const RuntimeFolder &folder : runtime.folders) {
                const QString path = QDir(m_host.home).filePath(QLatin1String(folder.relativePath));
                if (!QFileInfo(path).isDir())
                    continue;
                if (auto added = addFolder(path, folder.writable, QCoreApplication::translate("Toolgate::BubblewrapLauncher", "%1's folder %2").arg(name, QStringLiteral("%1"))); !added)
                    return added;
            }
        }
        return {};
    }

    /// description: how people are told of it ("%1" is the path); empty for the person's own grants.
    Result<void> addFolder(const QString &given, bool writable, const QString &description)
    {
        QString path = given;
        if (path == QLatin1String("~") || path.startsWith(QLatin1String("~/")))
            path = m_host.home + path.mid(1);
        if (QFileInfo(path).isRelative())
            return cannotSandbox(QCoreApplication::translate("Toolgate::BubblewrapLauncher", "the folder \"%1\" must be given as a full path").arg(given));
        if (!QFileInfo::exists(path))
            return cannotSandbox(QCoreApplication::translate("Toolgate::BubblewrapLauncher", "the folder %1 does not exist").arg(QDir::toNativeSeparators(path)));
        const QString source = canonicalOr(path);
        const QString target = QDir::cleanPath(path);
        for (const QString &secret : std::as_const(m_protected)) {
            if (isInside(source, secret)) {
                return cannotSandbox(QCoreApplication::translate("Toolgate::BubblewrapLauncher", "%1 cannot be granted: it is within %2, which holds Toolgate's own files or "
                                                                          "your secrets and is never visible to a server")
                                         .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(secret)));
            }
        }
        m_binds.append({source, target, writable});
        if (target != source)
            m_binds.append({source, source, writable});
        if (!description.isEmpty())
            (writable ? m_plan.extraWritable : m_plan.extraReadable).append(description.arg(QDir::toNativeSeparators(target)));
        return {};
    }

    /// Protected paths inside a bound folder are masked: an empty read-only folder over a folder, the
    /// empty /dev/null over a file. Binding around them would need every sibling bound one by one.
    Result<void> checkProtected()
    {
        for (const QString &secret : std::as_const(m_protected)) {
            const QFileInfo info(secret);
            if (!info.exists())
                continue;
            for (const Bind &bind : std::as_const(m_binds)) {
                if (!isInside(secret, bind.source) || secret == bind.source)
                    continue;
                const QString inside = bind.target + secret.mid(bind.source.size());
                if (!m_plan.masked.contains(inside)) {
                    m_plan.masked.append(inside);
                    m_maskIsFolder.append(info.isDir());
                }
            }
        }
        return {};
    }

    void buildArguments()
    {
        QStringList &a = m_plan.arguments;
        for (const char *folder : systemFolders) {
            const QFileInfo info{QString::fromLatin1(folder)};
            if (info.isSymLink())
                a << QStringLiteral("--symlink") << info.symLinkTarget().mid(1) << info.filePath();
            else if (info.isDir())
                a << QStringLiteral("--ro-bind") << info.filePath() << info.filePath();
        }
        // resolv.conf often points into /run (systemd-resolved), which is not bound as a whole.
        const QFileInfo resolv(QStringLiteral("/etc/resolv.conf"));
        if (m_profile.network == SandboxProfile::Network::On && resolv.isSymLink() && !inSystemFolders(resolv.canonicalFilePath())
            && resolv.exists())
            a << QStringLiteral("--ro-bind") << resolv.canonicalFilePath() << resolv.canonicalFilePath();
        a << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--dev") << QStringLiteral("/dev");
        a << QStringLiteral("--tmpfs") << QStringLiteral("/tmp");
        if (!m_host.home.isEmpty() && m_host.home != QLatin1String("/"))
            a << QStringLiteral("--tmpfs") << QDir::cleanPath(m_host.home);
        // Later binds win over earlier ones: the outer folder first, so a writable grant inside a
        // read-only one (or the reverse) is what the inner one says.
        std::stable_sort(m_binds.begin(), m_binds.end(),
                         [](const Bind &x, const Bind &y) { return x.target.size() < y.target.size(); });
        for (const Bind &bind : std::as_const(m_binds)) {
            // A path through a symlink, inside a folder bound already: the symlink is there and leads
            // to the real folder, bound at its own path (bwrap cannot mount onto the symlink).
            const bool viaSymlinkInside = bind.target != bind.source
                && std::any_of(m_binds.cbegin(), m_binds.cend(), [&bind](const Bind &other) {
                       return other.target != bind.target && isInside(bind.target, other.target);
                   });
            if (!viaSymlinkInside)
                a << (bind.writable ? QStringLiteral("--bind") : QStringLiteral("--ro-bind")) << bind.source << bind.target;
        }
        for (qsizetype i = 0; i < m_plan.masked.size(); ++i) {
            if (m_maskIsFolder.at(i))
                a << QStringLiteral("--tmpfs") << m_plan.masked.at(i) << QStringLiteral("--remount-ro") << m_plan.masked.at(i);
            else
                a << QStringLiteral("--ro-bind") << QStringLiteral("/dev/null") << m_plan.masked.at(i);
        }
        if (!m_spec.workingDirectory.isEmpty())
            a << QStringLiteral("--chdir") << QDir::cleanPath(m_spec.workingDirectory);
        // A host list: the sandbox's own network (a loopback only) and the proxy's socket, which the relay
        // makes reachable on 127.0.0.1 inside.
        if (usesProxy())
            a << QStringLiteral("--ro-bind") << m_host.proxyFolder << QFileInfo(proxySocketInside()).absolutePath();
        a << QStringLiteral("--unshare-all");
        if (m_profile.network == SandboxProfile::Network::On)
            a << QStringLiteral("--share-net");
        // --new-session: no TIOCSTI into the terminal Toolgate runs in; --die-with-parent: no server
        // outlives us.
        a << QStringLiteral("--die-with-parent") << QStringLiteral("--new-session");
        a << QStringLiteral("--");
        if (usesProxy())
            a << canonicalOr(m_host.relay) << proxySocketInside() << QString::number(relayPort) << QStringLiteral("--");
        a << m_plan.program << m_spec.arguments;
    }

    const StdioLaunchSpec &m_spec;
    const SandboxProfile &m_profile;
    const Host &m_host;
    QStringList m_protected;
    QList<Bind> m_binds;
    QList<bool> m_maskIsFolder;
    Plan m_plan;
};

QString namespacesUnavailable()
{
#ifdef Q_OS_LINUX
    if (::geteuid() == 0)
        return {};
    const QString why = QCoreApplication::translate("Toolgate::BubblewrapLauncher", "this system does not let programs make user namespaces (%1 is 0), which bubblewrap needs");
    if (fileContents(QStringLiteral("/proc/sys/kernel/unprivileged_userns_clone")) == QLatin1String("0"))
        return why.arg(QStringLiteral("kernel.unprivileged_userns_clone"));
    if (fileContents(QStringLiteral("/proc/sys/user/max_user_namespaces")) == QLatin1String("0"))
        return why.arg(QStringLiteral("user.max_user_namespaces"));
    return {};
#else
    return QCoreApplication::translate("Toolgate::BubblewrapLauncher", "Toolgate has no sandbox for local servers on this system yet");
#endif
}

} // namespace

Host currentHost()
{
    Host host;
#ifdef Q_OS_LINUX
    host.bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
    if (host.bwrap.isEmpty())
        host.bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"), {QStringLiteral("/usr/bin"), QStringLiteral("/bin")});
#endif
    host.home = QDir::homePath();
    host.lang = qEnvironmentVariable("LANG");
    host.namespacesUnavailable = namespacesUnavailable();
    // Toolgate's own files: the config folder (servers, approvals, rules, trust, the file kept instead of
    // a keychain) and the data folder (the audit database), wherever TOOLGATE_CONFIG_DIR and
    // TOOLGATE_AUDIT_DB put them, and where they are without.
    host.protectedPaths << QFileInfo(ConfigLocation::configFile(QStringLiteral("servers.json"))).absolutePath()
                        << QFileInfo(ConfigLocation::dataPath(QStringLiteral("audit.sqlite"))).absolutePath()
                        << QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)
                        << QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (const QString audit = qEnvironmentVariable("TOOLGATE_AUDIT_DB"); !audit.isEmpty())
        host.protectedPaths << audit << audit + QStringLiteral("-wal") << audit + QStringLiteral("-shm");
    for (const char *store : secretStores)
        host.protectedPaths << QDir(host.home).filePath(QLatin1String(store));
    host.protectedPaths.removeAll(QString());
    host.protectedPaths.removeDuplicates();
    for (const QString &folder : Plugins::searchPaths()) {
        const QFileInfo relay(QDir(folder).filePath(QStringLiteral("toolgate-sandbox-relay")));
        if (relay.isExecutable()) {
            host.relay = relay.absoluteFilePath();
            break;
        }
    }
    return host;
}

QString proxySocketInside()
{
    return QStringLiteral("/run/toolgate-proxy/") + SandboxProxy::socketName();
}

Result<Plan> plan(const StdioLaunchSpec &spec, const SandboxProfile &profile, const Host &host)
{
    return Planner(spec, profile, host).run();
}

Result<StdioLaunchSpec> wrap(const StdioLaunchSpec &spec, const SandboxProfile &profile, const Host &host)
{
    if (!profile.enabled)
        return spec;
    Planner planner(spec, profile, host);
    const Result<Plan> planned = planner.run();
    if (!planned && planned.error().code == int(ErrorCode::CommandNotFound)) {
        // A program not found inside is reported where every start failure is, by the transport, which
        // searches the same PATH and so cannot find it either: nothing starts, and the connection goes
        // through "starting" to "failed" as for any other server. (Only a program put into those folders
        // in the moment between would start unconfined; whoever can do that runs code as the person anyway.)
        StdioLaunchSpec failing = spec;
        failing.environment = planner.environment();
        failing.exactEnvironment = true;
        return failing;
    }
    if (!planned)
        return planned.error();
    StdioLaunchSpec wrapped;
    wrapped.program = host.bwrap;
    wrapped.arguments = planned->arguments;
    // bwrap passes its own environment on: set it exactly, so no variable of ours reaches the server
    // and no value (an API key) shows in bwrap's command line to other programs.
    wrapped.environment = planned->environment;
    wrapped.exactEnvironment = true;
    wrapped.workingDirectory = spec.workingDirectory;
    wrapped.secretValues = spec.secretValues;
    wrapped.displayCommand = CommandLine::display(spec.program, spec.arguments);
    return wrapped;
}

QStringList describe(const StdioLaunchSpec &spec, const SandboxProfile &profile, const Host &host)
{
    return explain(spec, profile, host).lines;
}

Description explain(const StdioLaunchSpec &spec, const SandboxProfile &profile, const Host &host)
{
    if (!profile.enabled)
        return {profile.describe(), false};
    const Result<Plan> planned = plan(spec, profile, host);
    if (!planned)
        return {{QCoreApplication::translate("Toolgate::BubblewrapLauncher", "It will not start: %1").arg(planned.error().message)}, false};
    return {profile.describe(planned->extraReadable, planned->extraWritable), true};
}

bool isSystemPath(const QString &path)
{
    return inSystemFolders(path);
}

} // namespace Toolgate::BubblewrapLauncher
