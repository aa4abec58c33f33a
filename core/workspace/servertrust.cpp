#include "core/workspace/servertrust.h"

#include "core/common/atomicfile.h"
#include "core/common/commandline.h"
#include "core/common/configlocation.h"
#include "core/common/error.h"
#include "core/common/fieldhash.h"
#include "core/common/logging.h"
#include "core/transport/stdiotransport.h"

#include <algorithm>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMessageAuthenticationCode>
#include <QMutex>
#include <QRandomGenerator>
#include <QUrl>

namespace Toolgate {

namespace {

constexpr int fileVersion = 1;
/// More entries than anyone configures servers: a file grown beyond it is not ours.
constexpr qsizetype maxEntries = 10000;
constexpr qint64 maxFileSize = 16 * 1024 * 1024;
/// A lock held by another Toolgate for longer than this is waited for no more (as for approvals.json):
/// the trust is then not given and the error says the file is being written.
constexpr int trustLockWaitMs = 1000;

QString originOf(const QString &urlText)
{
    const QUrl url(urlText.trimmed());
    const QString scheme = url.scheme().toLower();
    const int port = url.port(scheme == QLatin1String("https") ? 443 : 80);
    return QStringLiteral("%1://%2:%3").arg(scheme, url.host().toLower()).arg(port);
}

QString joinOrNone(const QStringList &list)
{
    return list.isEmpty() ? QCoreApplication::translate("Toolgate::ServerTrust", "(none)") : list.join(QStringLiteral(", "));
}

/// A profile in one line, for "what changed".
QString sandboxSummary(const SandboxProfile &profile)
{
    if (!profile.enabled)
        return QCoreApplication::translate("Toolgate::ServerTrust", "off");
    QStringList grants;
    for (const SandboxProfile::Grant &grant : profile.grants)
        grants.append(SandboxProfile::grantText(grant));
    return QCoreApplication::translate("Toolgate::ServerTrust", "on (grants: %1; network: %2)")
        .arg(joinOrNone(grants), profile.networkText());
}

constexpr qsizetype digestKeySize = 32;

QByteArray readDigestKey(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray key = file.read(digestKeySize + 1);
    return key.size() == digestKeySize ? key : QByteArray();
}

// This installation's key for digests of secret values, made on first use. It is written to a file of
// its own, readable by its owner only, created whole under a temporary name and renamed into place
// without replacing: when two processes make one at once, both end up using the one that won.
QByteArray makeDigestKey(const QString &path)
{
    if (QByteArray key = readDigestKey(path); !key.isEmpty())
        return key;
    QByteArray key(digestKeySize, Qt::Uninitialized);
    QRandomGenerator::system()->generate(key.begin(), key.end());
    QDir().mkpath(QFileInfo(path).absolutePath());
    const QString temporary = path + QStringLiteral(".%1").arg(QRandomGenerator::system()->generate64(), 0, 16);
    QFile file(temporary);
    bool written = file.open(QIODevice::WriteOnly | QIODevice::NewOnly, QFileDevice::ReadOwner | QFileDevice::WriteOwner)
        && file.write(key) == key.size() && file.flush();
    file.close();
    written = written && QFile::rename(temporary, path);
    QFile::remove(temporary);
    if (QByteArray winner = readDigestKey(path); !winner.isEmpty())
        return winner;
    return written ? key : QByteArray();
}

QByteArray digestKey()
{
    static QMutex mutex;
    static QHash<QString, QByteArray> keys; // by file: tests and TOOLGATE_CONFIG_DIR change the folder
    const QString path = ConfigLocation::configFile(QStringLiteral("trust-digest.key"));
    QMutexLocker locker(&mutex);
    QByteArray &key = keys[path];
    if (key.isEmpty()) {
        key = makeDigestKey(path);
        if (key.isEmpty()) {
            // Failing closed: a key of this process only, so such servers are asked about again next time.
            qCWarning(lcWorkspace).noquote() << QCoreApplication::translate("Toolgate::ServerTrust", "cannot keep a key in %1; servers with a secret value typed "
                                                                        "into the servers file will be asked about on each start")
                                                  .arg(QDir::toNativeSeparators(path));
            key = QByteArray(digestKeySize, Qt::Uninitialized);
            QRandomGenerator::system()->generate(key.begin(), key.end());
        }
    }
    return key;
}

} // namespace

// Both begin with a null character, which no environment value can hold (the system passes them as C
// strings): a marker is never mistaken for a value, nor a value for a marker.
QString ServerTrustFacts::secretMarker()
{
    return QChar(u'\0') + QStringLiteral("secret:");
}

QString ServerTrustFacts::inKeychainMarker()
{
    return QChar(u'\0') + QStringLiteral("keychain");
}

QString ServerTrustFacts::shownValue(const QString &kept)
{
    if (kept == inKeychainMarker())
        return QCoreApplication::translate("Toolgate::ServerTrust", "(secret, not shown)");
    if (kept.startsWith(secretMarker()))
        return QCoreApplication::translate("Toolgate::ServerTrust", "(secret)");
    return kept;
}

ServerTrustFacts ServerTrustFacts::of(const ServerConfig &config)
{
    ServerTrustFacts facts;
    if (config.transport != ServerConfig::Transport::Stdio) {
        facts.remote = true;
        facts.origin = originOf(config.url);
        return facts;
    }
    facts.program = config.command;
    facts.arguments = config.args;
    facts.environmentNames = config.env.keys(); // QMap: sorted
    for (auto it = config.env.cbegin(); it != config.env.cend(); ++it) {
        const bool marked = config.secretKeys.contains(it.key());
        if (marked && !config.plainSecretKeys.contains(it.key()) && !it.value().isEmpty()) {
            facts.environment.insert(it.key(), inKeychainMarker());
        } else if (marked || ServerConfig::looksSecret(it.key()) || it.value().contains(QChar(u'\0'))) {
            const QByteArray digest = QMessageAuthenticationCode::hash(it.key().toUtf8() + '\0' + it.value().toUtf8(), digestKey(),
                                                                       QCryptographicHash::Sha256);
            facts.environment.insert(it.key(), secretMarker() + QString::fromLatin1(digest.toHex()));
        } else {
            facts.environment.insert(it.key(), it.value());
        }
    }
    facts.workingDirectory = config.cwd;
    facts.sandbox = config.sandbox;
    return facts;
}

QString ServerTrustFacts::fingerprint() const
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    addHashField(hash, remote ? u"remote" : u"local");
    if (remote) {
        addHashField(hash, origin);
    } else {
        addHashField(hash, program);
        addHashField(hash, QString::number(arguments.size()));
        for (const QString &argument : arguments)
            addHashField(hash, argument);
        addHashField(hash, QString::number(environmentNames.size()));
        for (const QString &name : environmentNames)
            addHashField(hash, name);
        addHashField(hash, workingDirectory);
        // Added after the names (issue #35), and only when there are any, so that the fingerprint of a
        // server without variables of its own stays what it was.
        if (!environment.isEmpty()) {
            addHashField(hash, u"environment");
            for (auto it = environment.cbegin(); it != environment.cend(); ++it) {
                addHashField(hash, it.key());
                addHashField(hash, it.value());
            }
        }
        // Only when it differs from the default (issue 32): servers trusted before keep their trust
        // under the default profile, which confines them more than they ran before.
        if (!sandbox.isDefault()) {
            // What it allows, not how the file words it: "network": "on" written out changes nothing.
            SandboxProfile allowed = sandbox;
            allowed.networkOnWritten = false;
            addHashField(hash, u"sandbox");
            addHashField(hash, QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("sandbox"), allowed.toJson()}})
                                                 .toJson(QJsonDocument::Compact)));
        }
    }
    return QString::fromLatin1(hash.result().toHex());
}

QString ServerTrustFacts::commandLine() const
{
    if (remote)
        return origin;
    return CommandLine::display(program, arguments);
}

QStringList ServerTrustFacts::changesSince(const ServerTrustFacts &before) const
{
    QStringList changes;
    if (remote != before.remote) {
        changes.append(remote ? QCoreApplication::translate("Toolgate::ServerTrust", "It was a local program; now it is a remote server.")
                              : QCoreApplication::translate("Toolgate::ServerTrust", "It was a remote server; now it is a local program."));
        return changes;
    }
    if (remote) {
        if (origin != before.origin)
            changes.append(QCoreApplication::translate("Toolgate::ServerTrust", "Address: %1 → %2").arg(before.origin, origin));
        return changes;
    }
    if (program != before.program)
        changes.append(QCoreApplication::translate("Toolgate::ServerTrust", "Program: %1 → %2").arg(CommandLine::quoted(before.program), CommandLine::quoted(program)));
    if (arguments != before.arguments) {
        QStringList was;
        for (const QString &argument : before.arguments)
            was.append(CommandLine::quoted(argument));
        QStringList now;
        for (const QString &argument : arguments)
            now.append(CommandLine::quoted(argument));
        changes.append(QCoreApplication::translate("Toolgate::ServerTrust", "Arguments: %1 → %2").arg(was.isEmpty() ? QCoreApplication::translate("Toolgate::ServerTrust", "(none)") : was.join(u' '), now.isEmpty() ? QCoreApplication::translate("Toolgate::ServerTrust", "(none)") : now.join(u' ')));
    }
    if (environmentNames != before.environmentNames)
        changes.append(QCoreApplication::translate("Toolgate::ServerTrust", "Environment variables: %1 → %2").arg(joinOrNone(before.environmentNames), joinOrNone(environmentNames)));
    if (before.environment.isEmpty() && !before.environmentNames.isEmpty() && !environment.isEmpty()) {
        changes.append(QCoreApplication::translate("Toolgate::ServerTrust", "Environment values: Toolgate now checks them too (it used to check only the names); "
                                                   "have a look at them once"));
    } else {
        for (auto it = environment.cbegin(); it != environment.cend(); ++it) {
            const auto was = before.environment.constFind(it.key());
            if (was == before.environment.cend() || *was == it.value())
                continue;
            const bool secret = was->startsWith(secretMarker()) || was.value() == inKeychainMarker() || it.value().startsWith(secretMarker())
                || it.value() == inKeychainMarker();
            changes.append(secret ? QCoreApplication::translate("Toolgate::ServerTrust", "Environment variable %1: its secret value changed").arg(it.key())
                                  : QCoreApplication::translate("Toolgate::ServerTrust", "Environment variable %1: %2 → %3").arg(it.key(), CommandLine::quoted(*was), CommandLine::quoted(it.value())));
        }
    }
    if (workingDirectory != before.workingDirectory) {
        const QString none = QCoreApplication::translate("Toolgate::ServerTrust", "(Toolgate's own)");
        changes.append(QCoreApplication::translate("Toolgate::ServerTrust", "Working folder: %1 → %2")
                           .arg(before.workingDirectory.isEmpty() ? none : before.workingDirectory,
                                workingDirectory.isEmpty() ? none : workingDirectory));
    }
    if (sandbox != before.sandbox)
        changes.append(QCoreApplication::translate("Toolgate::ServerTrust", "Sandbox: %1 → %2").arg(sandboxSummary(before.sandbox), sandboxSummary(sandbox)));
    return changes;
}

QJsonObject ServerTrustFacts::toJson() const
{
    if (remote)
        return QJsonObject{{QLatin1String("origin"), origin}};
    QJsonObject object{{QLatin1String("program"), program},
                       {QLatin1String("arguments"), QJsonArray::fromStringList(arguments)},
                       {QLatin1String("environmentNames"), QJsonArray::fromStringList(environmentNames)}};
    if (!environment.isEmpty()) {
        QJsonObject values;
        for (auto it = environment.cbegin(); it != environment.cend(); ++it)
            values.insert(it.key(), it.value());
        object.insert(QLatin1String("environment"), values);
    }
    if (!workingDirectory.isEmpty())
        object.insert(QLatin1String("workingDirectory"), workingDirectory);
    if (!sandbox.isDefault())
        object.insert(QLatin1String("sandbox"), sandbox.toJson());
    return object;
}

ServerTrustFacts ServerTrustFacts::fromJson(const QJsonObject &object)
{
    const auto strings = [](const QJsonValue &value) {
        QStringList list;
        for (const QJsonValue &item : value.toArray())
            list.append(item.toString());
        return list;
    };
    ServerTrustFacts facts;
    if (object.contains(QLatin1String("origin"))) {
        facts.remote = true;
        facts.origin = object.value(QLatin1String("origin")).toString();
        return facts;
    }
    facts.program = object.value(QLatin1String("program")).toString();
    facts.arguments = strings(object.value(QLatin1String("arguments")));
    facts.environmentNames = strings(object.value(QLatin1String("environmentNames")));
    facts.environmentNames.sort();
    const QJsonObject values = object.value(QLatin1String("environment")).toObject();
    for (auto it = values.begin(); it != values.end(); ++it)
        facts.environment.insert(it.key(), it.value().toString());
    facts.workingDirectory = object.value(QLatin1String("workingDirectory")).toString();
    if (object.contains(QLatin1String("sandbox"))) {
        if (auto sandbox = SandboxProfile::fromJson(object.value(QLatin1String("sandbox"))))
            facts.sandbox = sandbox.value();
    }
    return facts;
}

ServerTrust::ServerTrust(QString path, QObject *parent)
    : QObject(parent)
    , m_path(std::move(path))
{
}

QString ServerTrust::defaultPath()
{
    return ConfigLocation::configFile(QStringLiteral("server-trust.json"));
}

Result<void> ServerTrust::load()
{
    m_entries.clear();
    m_loadError.reset();
    Result<QList<Entry>> read = readFile(m_path);
    if (!read) {
        m_loadError = makeError(ErrorCode::ConfigError,
                                QCoreApplication::translate("Toolgate::ServerTrust",
                                                            "The list of servers you trusted (%1) could not be read: %2. Until it is, "
                                                            "no server counts as trusted: Toolgate asks again before starting each one.")
                                    .arg(QDir::toNativeSeparators(m_path), read.error().message));
        qCWarning(lcWorkspace) << m_loadError->message;
        return *m_loadError;
    }
    m_entries = std::move(read).value();
    return {};
}

Result<QList<ServerTrust::Entry>> ServerTrust::readFile(const QString &path)
{
    QList<Entry> entries;
    QFile file(path);
    if (!file.exists())
        return entries;
    const auto broken = [](const QString &why) { return makeError(ErrorCode::ConfigError, why); };
    if (!file.open(QIODevice::ReadOnly))
        return broken(file.errorString());
    if (file.size() > maxFileSize)
        return broken(QCoreApplication::translate("Toolgate::ServerTrust", "it is larger than any such list can be"));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return broken(parseError.errorString());
    const QJsonArray servers = doc.object().value(QLatin1String("servers")).toArray();
    if (!doc.isObject() || doc.object().value(QLatin1String("version")).toInt() != fileVersion || servers.size() > maxEntries)
        return broken(QCoreApplication::translate("Toolgate::ServerTrust", "it is not in the format this version of Toolgate writes"));
    for (const QJsonValue &value : servers) {
        const QJsonObject o = value.toObject();
        Entry entry;
        entry.serverName = o.value(QLatin1String("server")).toString();
        entry.facts = ServerTrustFacts::fromJson(o.value(QLatin1String("facts")).toObject());
        entry.fingerprint = o.value(QLatin1String("fingerprint")).toString();
        entry.trustedAt = QDateTime::fromString(o.value(QLatin1String("trustedAt")).toString(), Qt::ISODateWithMs);
        entry.by = o.value(QLatin1String("by")).toString();
        // The fingerprint must be the facts' own: an entry edited by hand to trust other facts counts for nothing.
        if (entry.fingerprint.isEmpty() || entry.fingerprint != entry.facts.fingerprint())
            continue;
        entries.append(entry);
    }
    return entries;
}

bool ServerTrust::isTrusted(const ServerConfig &config) const
{
    if (isBundledDemo(config))
        return true;
    const QString fingerprint = ServerTrustFacts::of(config).fingerprint();
    return std::any_of(m_entries.cbegin(), m_entries.cend(), [&](const Entry &entry) { return entry.fingerprint == fingerprint; });
}

std::optional<ServerTrust::Entry> ServerTrust::lastTrusted(const QString &serverName) const
{
    for (auto it = m_entries.crbegin(); it != m_entries.crend(); ++it) {
        if (it->serverName == serverName)
            return *it;
    }
    return std::nullopt;
}

Result<void> ServerTrust::trust(const ServerConfig &config, const QString &by)
{
    Entry entry;
    entry.serverName = config.name;
    entry.facts = ServerTrustFacts::of(config);
    entry.fingerprint = entry.facts.fingerprint();
    entry.trustedAt = QDateTime::currentDateTimeUtc();
    entry.by = by;
    // What the name ran before is no longer trusted through it: a changed command is asked for again.
    const auto given = [&](QList<Entry> &entries) {
        entries.removeIf([&](const Entry &old) { return old.serverName == config.name; });
        entries.append(entry);
    };
    // The app and toolgate-cli each hold a copy of the list. Writing ours back whole would drop a trust
    // the other gave since we read the file: so this one change is made to the file as it is now, under
    // the lock approvals.json is changed under (issue #35).
    Result<void> saved;
    if (const auto lock = AtomicFile::lockForUpdate(m_path, trustLockWaitMs); !lock) {
        saved = lock.error();
    } else {
        Result<QList<Entry>> onDisk = readFile(m_path);
        // A file that cannot be read is replaced by what this process holds (load() said why).
        QList<Entry> entries = onDisk ? std::move(onDisk).value() : m_entries;
        given(entries);
        saved = AtomicFile::write(m_path, fileText(entries));
        if (saved) {
            m_entries = std::move(entries); // what the other process trusted counts here too
            m_loadError.reset(); // a broken file is replaced by the one just written
        }
    }
    if (!saved)
        given(m_entries); // trusted for as long as this process runs, as the person decided; the error says it was not kept
    emit trustChanged(config.name);
    return saved;
}

bool ServerTrust::isBundledDemo(const ServerConfig &config)
{
    if (config.transport != ServerConfig::Transport::Stdio || !config.env.isEmpty() || !QCoreApplication::instance())
        return false;
#ifdef Q_OS_WIN
    const QString name = QStringLiteral("toolgate-demo-server.exe");
#else
    const QString name = QStringLiteral("toolgate-demo-server");
#endif
    const QString bundled = QFileInfo(QDir(QCoreApplication::applicationDirPath()).filePath(name)).canonicalFilePath();
    if (bundled.isEmpty())
        return false;
    // What would run: the program as the launch resolves it (an absolute path, or the name on PATH).
    const Result<QString> resolved = StdioTransport::resolveProgram(config.launchSpec());
    return resolved && QFileInfo(resolved.value()).canonicalFilePath() == bundled;
}

QByteArray ServerTrust::fileText(const QList<Entry> &entries)
{
    QJsonArray servers;
    for (const Entry &entry : entries) {
        servers.append(QJsonObject{{QLatin1String("server"), entry.serverName},
                                   {QLatin1String("fingerprint"), entry.fingerprint},
                                   {QLatin1String("facts"), entry.facts.toJson()},
                                   {QLatin1String("trustedAt"), entry.trustedAt.toUTC().toString(Qt::ISODateWithMs)},
                                   {QLatin1String("by"), entry.by}});
    }
    const QJsonObject root{{QLatin1String("version"), fileVersion}, {QLatin1String("servers"), servers}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace Toolgate

#include "moc_servertrust.cpp"
