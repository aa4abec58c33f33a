#include "core/calls/approvalpolicy.h"

#include "core/common/atomicfile.h"
#include "core/common/configlocation.h"
#include "core/common/jsoncompare.h"

#include "core/common/logging.h"
#include "core/common/error.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>

#include <algorithm>

namespace Toolgate {

namespace {

/// A lock held by another Toolgate for longer than this is waited for no more; the change is then kept
/// in memory only and the caller hears why.
constexpr int approvalsLockWaitMs = 1000;

} // namespace

/// The file as this process last read or wrote it. A change is made to it rather than to the file read
/// again, unless another process replaced the file since: parsing a multi-megabyte pin costs hundreds
/// of megabytes of memory for a moment.
struct ApprovalPolicy::FileCache
{
    FileStamp stamp;
    std::optional<Stored> stored;
};

ApprovalPolicy::ApprovalPolicy(const QString &storagePath, FileChanges changes, QObject *parent)
    : QObject(parent)
    , m_storagePath(storagePath)
    , m_changes(changes)
{
    if (m_storagePath.isEmpty())
        return;
    m_readStamp = currentStamp();
    m_fileCache = std::make_shared<FileCache>();
    // Once, at start, on the asking thread: what is remembered must count from the first question on.
    Result<Stored> stored = readFile(m_storagePath);
    if (!stored) {
        // Keep the broken file: the user may want to repair it. We start with no remembered rules,
        // which is the safe direction (everything is asked again).
        m_loadError = stored.error();
        qCWarning(lcCalls) << m_loadError->message;
    } else {
        m_fileCache->stamp = m_readStamp;
        m_fileCache->stored = stored.value();
        m_pins = std::move(stored.value().pins);
        m_rules = std::move(stored.value().rules);
    }
    // The app and toolgate-cli share the file: a rule revoked or a tool approved in the other one counts
    // here at once, not only after a restart.
    if (m_changes == FileChanges::Watched) {
        m_watcher = std::make_unique<QFileSystemWatcher>();
        watchFile();
        connect(m_watcher.get(), &QFileSystemWatcher::fileChanged, this, &ApprovalPolicy::fileChanged);
        connect(m_watcher.get(), &QFileSystemWatcher::directoryChanged, this, &ApprovalPolicy::fileChanged);
    }
    m_fileThread.setMaxThreadCount(1);
}

ApprovalPolicy::~ApprovalPolicy() = default;

ApprovalPolicy::FileStamp ApprovalPolicy::stampOf(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return {};
    return {true, info.size(), info.lastModified(), info.metadataChangeTime()};
}

void ApprovalPolicy::catchUpWithFile()
{
    // While a change of ours is being written, what the file held before it is not worth reading: the
    // write reads the file again under its lock, and what it wrote is adopted when it is done.
    if (m_changes != FileChanges::CheckedOnUse || m_storagePath.isEmpty() || m_writesInFlight > 0)
        return;
    if (currentStamp() != m_readStamp)
        reloadFromFile();
}

Result<ApprovalPolicy::Stored> ApprovalPolicy::readFile(const QString &path)
{
    Stored stored;
    QFile file(path);
    if (!file.exists())
        return stored;
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::ConfigError, QCoreApplication::translate("Toolgate::ApprovalPolicy", "cannot read %1: %2").arg(path, file.errorString()));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        return makeError(ErrorCode::ConfigError,
                         QCoreApplication::translate("Toolgate::ApprovalPolicy", "the remembered approvals in %1 are unreadable (%2); every tool will be asked about again")
                             .arg(path, parseError.errorString()));
    }
    const QJsonObject pins = document.object().value(QLatin1String("pins")).toObject();
    for (auto it = pins.begin(); it != pins.end(); ++it) {
        const QJsonObject o = it.value().toObject();
        ToolPin pin;
        pin.definition = o.value(QLatin1String("definition")).toObject();
        pin.fingerprint = o.value(QLatin1String("fingerprint")).toString();
        pin.pinnedAt = QDateTime::fromString(o.value(QLatin1String("pinnedAt")).toString(), Qt::ISODate);
        if (!pin.fingerprint.isEmpty())
            stored.pins.insert(it.key(), pin);
    }
    const QJsonArray rules = document.object().value(QLatin1String("alwaysAllow")).toArray();
    for (const QJsonValue &value : rules) {
        const QJsonObject o = value.toObject();
        Rule rule{o.value(QLatin1String("server")).toString(), o.value(QLatin1String("endpoint")).toString(),
                  o.value(QLatin1String("tool")).toString(), true};
        if (!rule.serverName.isEmpty() && !rule.toolName.isEmpty())
            stored.rules.append(rule);
    }
    return stored;
}

void ApprovalPolicy::watchFile()
{
    if (!m_watcher)
        return;
    // The file itself once it exists (a rename replaces it, AtomicFile: the new one is watched again);
    // until then its folder, to see it appear.
    if (QFileInfo::exists(m_storagePath)) {
        if (!m_watcher->files().contains(m_storagePath))
            m_watcher->addPath(m_storagePath);
        if (!m_watcher->directories().isEmpty())
            m_watcher->removePaths(m_watcher->directories());
    } else if (m_watcher->directories().isEmpty()) {
        const QString folder = QFileInfo(m_storagePath).absolutePath();
        if (QFileInfo::exists(folder))
            m_watcher->addPath(folder);
    }
}

void ApprovalPolicy::fileChanged()
{
    watchFile();
    if (m_writesInFlight > 0 || currentStamp() == m_readStamp)
        return; // our own write (adopted when it is done), or nothing new
    QPointer<ApprovalPolicy> self(this);
    m_fileThread.start([self, path = m_storagePath, cache = m_fileCache] {
        const FileStamp stamp = stampOf(path);
        Result<Stored> stored = readFile(path);
        if (stored) {
            cache->stamp = stamp;
            cache->stored = stored.value();
        }
        QMetaObject::invokeMethod(self, [self, stored = std::move(stored)]() mutable {
            // A change of ours queued since will bring the file as it is then.
            if (!self || !stored || self->m_writesInFlight > 0)
                return; // half written or broken: what we hold stays until it reads again
            self->m_readStamp = self->currentStamp();
            self->adopt(std::move(stored.value()));
        }, Qt::QueuedConnection);
    });
}

void ApprovalPolicy::reloadFromFile()
{
    m_readStamp = currentStamp();
    Result<Stored> stored = readFile(m_storagePath);
    if (!stored)
        return; // half written or broken: what we hold stays until it reads again
    adopt(std::move(stored.value()));
}

void ApprovalPolicy::adopt(Stored stored)
{
    // The file holds the "always" rules; this session's own ones stay, unless the file now has the same
    // rule as "always".
    QList<Rule> rules = stored.rules;
    for (const Rule &rule : std::as_const(m_rules)) {
        if (!rule.persistent && std::none_of(rules.cbegin(), rules.cend(), [&](const Rule &r) { return r.sameTool(rule); }))
            rules.append(rule);
    }
    const bool rulesDiffer = rules != m_rules;
    // A pin held here that the file has too keeps the data it shares with the listed tool (comparisons
    // stay instant, and a multi-megabyte schema is not held twice). One not yet written (it has no
    // fingerprint yet) stays; once written, the file's copy of it has the same time, to the millisecond.
    bool pinsDiffer = false;
    for (auto it = stored.pins.begin(); it != stored.pins.end(); ++it) {
        const auto held = m_pins.constFind(it.key());
        if (held == m_pins.cend()) {
            pinsDiffer = true;
        } else if (held->fingerprint == it->fingerprint || (held->fingerprint.isEmpty() && held->pinnedAt == it->pinnedAt)) {
            it->definition = held->definition;
        } else if (held->fingerprint.isEmpty()) {
            *it = *held;
        } else {
            pinsDiffer = true;
        }
    }
    for (auto it = m_pins.cbegin(); it != m_pins.cend(); ++it) {
        if (!stored.pins.contains(it.key())) {
            if (it->fingerprint.isEmpty())
                stored.pins.insert(it.key(), *it);
            else
                pinsDiffer = true;
        }
    }
    m_rules = std::move(rules);
    m_pins = std::move(stored.pins);
    m_loadError.reset();
    if (rulesDiffer)
        emit rulesChanged();
    if (pinsDiffer)
        emit pinsChanged();
}

QString ApprovalPolicy::defaultPath()
{
    return ConfigLocation::configFile(QStringLiteral("approvals.json"));
}

QString ApprovalPolicy::pinKey(const ServerIdentity &server, const QString &toolName)
{
    // Unit separators cannot occur in a configured name or a command line typed into a field.
    return server.name + QChar(0x1f) + server.endpoint + QChar(0x1f) + toolName;
}

std::optional<ToolPin> ApprovalPolicy::pin(const ServerIdentity &server, const QString &toolName)
{
    catchUpWithFile();
    return heldPin(server, toolName);
}

std::optional<ToolPin> ApprovalPolicy::heldPin(const ServerIdentity &server, const QString &toolName) const
{
    const auto it = m_pins.constFind(pinKey(server, toolName));
    if (it == m_pins.cend())
        return std::nullopt;
    return *it;
}

std::optional<DefinitionChange> ApprovalPolicy::changeSincePinned(const ServerIdentity &server, const Tool &tool)
{
    catchUpWithFile();
    return changeSinceHeldPin(server, tool);
}

std::optional<DefinitionChange> ApprovalPolicy::changeSinceHeldPin(const ServerIdentity &server, const Tool &tool)
{
    const auto pinned = m_pins.find(pinKey(server, tool.name));
    if (pinned == m_pins.end())
        return std::nullopt;
    const QJsonObject now = ToolPin::pinnedPart(tool);
    if (!JsonCompare::sameMembers(pinned->definition, now))
        return DefinitionChange::between(*pinned, tool);
    // The same: from now on the pin shares the listed tool's data, so the next comparison is instant
    // (a pin read from the file is compared member by member once).
    pinned->definition = now;
    return std::nullopt;
}

std::optional<ApprovalDecision> ApprovalPolicy::lookup(const ServerIdentity &server, const Tool &tool, const QString &conversationId)
{
    catchUpWithFile(); // once per question: what follows reads what is held
    // A rule covers the definition that was approved; a changed one is asked about again. (A rule from
    // before pins existed has none: it is pinned the next time the person approves the tool.)
    if (!m_appliesRules || changeSinceHeldPin(server, tool))
        return std::nullopt;
    const QString &toolName = tool.name;
    for (const Rule &rule : m_rules) {
        // A conversation's rule holds in that conversation only: not in another, not for a call by hand.
        if (!rule.conversationId.isEmpty() && rule.conversationId != conversationId)
            continue;
        if (rule.serverName == server.name && rule.serverEndpoint == server.endpoint && rule.toolName == toolName) {
            ApprovalDecision decision;
            decision.kind = rule.persistent ? ApprovalDecision::Kind::AllowAlways : ApprovalDecision::Kind::AllowForSession;
            decision.source = ApprovalDecision::Source::RememberedRule;
            decision.reason = rule.persistent ? QCoreApplication::translate("Toolgate::ApprovalPolicy", "always allowed earlier")
                : rule.conversationId.isEmpty() ? QCoreApplication::translate("Toolgate::ApprovalPolicy", "allowed for this session earlier")
                                                : QCoreApplication::translate("Toolgate::ApprovalPolicy", "allowed for this conversation earlier");
            return decision;
        }
    }
    return std::nullopt;
}

void ApprovalPolicy::remember(const ServerIdentity &server, const Tool &tool, ApprovalDecision::Kind kind, const QString &conversationId)
{
    if (kind == ApprovalDecision::Kind::Deny)
        return;
    catchUpWithFile();
    const QString key = pinKey(server, tool.name);
    const bool hadPin = m_pins.contains(key);
    const bool repinned = !hadPin || changeSinceHeldPin(server, tool);
    const ToolPin approved = ToolPin::of(tool); // its fingerprint is made where the file is written
    const bool always = kind == ApprovalDecision::Kind::AllowAlways;
    // "Always" is for every call; "for the session" of a model's call is for its conversation.
    const Rule rule{server.name, server.endpoint, tool.name, always, always ? QString() : conversationId};
    const auto forThisTool = [rule](const Rule &other) { return other.sameTool(rule); };
    // A rule of the same scope is upgraded to "always"; a session rule for every call covers a conversation too.
    const auto sameScope = [rule](const Rule &other) { return other.sameTool(rule) && other.conversationId == rule.conversationId; };
    const auto covers = [rule](const Rule &other) {
        return other.sameTool(rule) && (other.conversationId.isEmpty() || other.conversationId == rule.conversationId);
    };
    const bool keepsRule = m_appliesRules && (kind == ApprovalDecision::Kind::AllowForSession || kind == ApprovalDecision::Kind::AllowAlways);

    // The same change is made here and to the file as it is then (persist()).
    const Change change = [=](Stored &state) {
        if (repinned) {
            state.pins.insert(key, approved);
            // What was remembered was about the old definition: the person decides anew on the new one,
            // and "once" now means once.
            if (hadPin)
                state.rules.removeIf(forThisTool);
        }
        if (keepsRule && rule.persistent) {
            const auto it = std::find_if(state.rules.begin(), state.rules.end(), sameScope);
            if (it == state.rules.end())
                state.rules.append(rule);
            else
                it->persistent = true;
        }
    };

    // In memory first, so that this process goes by the decision even if the file cannot be written.
    Stored mine{m_rules, m_pins};
    change(mine);
    if (keepsRule && !rule.persistent && std::none_of(mine.rules.cbegin(), mine.rules.cend(), covers))
        mine.rules.append(rule);
    const bool rulesDiffer = mine.rules != m_rules;
    m_rules = std::move(mine.rules);
    m_pins = std::move(mine.pins);
    if (repinned)
        emit pinsChanged();
    if (rulesDiffer)
        emit rulesChanged();
    if (repinned || (keepsRule && rule.persistent && rulesDiffer)) // else nothing the file holds changed
        persist(change);
}

bool ApprovalPolicy::revoke(const Rule &rule)
{
    catchUpWithFile();
    const auto same = [&](const Rule &r) { return r.sameTool(rule) && r.conversationId == rule.conversationId; };
    const auto it = std::find_if(m_rules.cbegin(), m_rules.cend(), same);
    if (it == m_rules.cend())
        return false;
    const bool persistent = it->persistent;
    m_rules.erase(it);
    emit rulesChanged();
    if (persistent) {
        // Also from the file as it is then: a rule revoked here must not come back from another process's copy.
        persist([rule](Stored &state) {
            state.rules.removeIf([&rule](const Rule &r) { return r.sameTool(rule); });
        });
    }
    return true;
}

bool ApprovalPolicy::forgetConversation(const QString &conversationId)
{
    if (conversationId.isEmpty())
        return false;
    // Only in memory: a conversation's rules are never written to the file.
    const qsizetype removed = m_rules.removeIf([&](const Rule &r) { return !r.persistent && r.conversationId == conversationId; });
    if (removed == 0)
        return false;
    emit rulesChanged();
    return true;
}

QList<ApprovalPolicy::Rule> ApprovalPolicy::rules()
{
    catchUpWithFile();
    return m_rules;
}

void ApprovalPolicy::persist(Change change)
{
    if (m_storagePath.isEmpty())
        return;
    ++m_writesInFlight;
    QPointer<ApprovalPolicy> self(this);
    m_fileThread.start([self, path = m_storagePath, change = std::move(change), fallback = Stored{persistentRules(), m_pins}, cache = m_fileCache] {
        Result<Stored> stored = update(path, change, fallback, *cache);
        QMetaObject::invokeMethod(self, [self, stored = std::move(stored)] {
            if (self)
                self->written(stored);
        }, Qt::QueuedConnection);
    });
}

void ApprovalPolicy::written(const Result<Stored> &stored)
{
    --m_writesInFlight;
    if (!stored) {
        qCWarning(lcCalls) << stored.error().message;
        emit saveFailed(stored.error());
        return;
    }
    watchFile();
    // A later change brings the file as it is after this one too; adopting each in turn would only
    // flicker between them.
    if (m_writesInFlight == 0) {
        m_readStamp = currentStamp();
        adopt(stored.value()); // what the other process stored counts here too
    }
    emit saved();
}

Result<ApprovalPolicy::Stored> ApprovalPolicy::update(const QString &path, const Change &change, Stored fallback, FileCache &cache)
{
    // The app and toolgate-cli each hold a copy. Writing ours back whole would bring back a rule the other
    // revoked since we read the file, or drop a pin it set: so this one change is made to the file as it
    // is now (read again if another process replaced it), and it is written, under a lock that keeps the
    // two from interleaving.
    const auto lock = AtomicFile::lockForUpdate(path, approvalsLockWaitMs);
    if (!lock)
        return lock.error();
    Stored state;
    if (cache.stored && cache.stamp == stampOf(path)) {
        state = *cache.stored;
    } else {
        Result<Stored> onDisk = readFile(path);
        // An unreadable file is replaced by what this process holds (it was reported when loading).
        state = onDisk ? std::move(onDisk.value()) : std::move(fallback);
    }
    change(state);
    const Result<void> written = AtomicFile::write(path, fileText(state));
    if (!written) {
        cache.stored.reset();
        return written.error();
    }
    cache.stamp = stampOf(path);
    cache.stored = state;
    return state;
}

QByteArray ApprovalPolicy::fileText(Stored &state)
{
    QJsonArray rules;
    for (const Rule &rule : state.rules) {
        rules.append(QJsonObject{{QLatin1String("server"), rule.serverName},
                                 {QLatin1String("endpoint"), rule.serverEndpoint},
                                 {QLatin1String("tool"), rule.toolName}});
    }
    // The rules indented, for a person who looks; each pin compact, on a line of its own: indenting a
    // schema of 300,000 alternatives makes 43 MB of it instead of 10.
    QByteArray text = QJsonDocument(QJsonObject{{QLatin1String("alwaysAllow"), rules}}).toJson(QJsonDocument::Indented);
    text.chop(3); // "\n}\n"
    text.append(",\n    \"pins\": {");
    const QList<QString> keys = state.pins.keys();
    for (qsizetype i = 0; i < keys.size(); ++i) {
        ToolPin &pin = state.pins[keys.at(i)];
        // The definition is written once: what is hashed is what is stored.
        const QByteArray definition = ToolPin::canonicalText(pin.definition);
        if (pin.fingerprint.isEmpty()) // a pin made since the file was last written
            pin.fingerprint = ToolPin::fingerprintOfText(definition);
        // To the millisecond: that is how this process knows its own pin when it reads it back (adopt()).
        const QJsonObject rest{{QLatin1String("fingerprint"), pin.fingerprint},
                               {QLatin1String("pinnedAt"), pin.pinnedAt.toUTC().toString(Qt::ISODateWithMs)}};
        const QByteArray key = QJsonDocument(QJsonArray{keys.at(i)}).toJson(QJsonDocument::Compact); // ["key"]
        text.append(i == 0 ? "\n        " : ",\n        ");
        text.append(key.mid(1, key.size() - 2));
        text.append(": {\"definition\":");
        text.append(definition);
        text.append(",");
        text.append(QJsonDocument(rest).toJson(QJsonDocument::Compact).mid(1)); // "fingerprint":…}
    }
    text.append(keys.isEmpty() ? "}\n}\n" : "\n    }\n}\n");
    return text;
}

QList<ApprovalPolicy::Rule> ApprovalPolicy::persistentRules() const
{
    QList<Rule> rules;
    for (const Rule &rule : m_rules) {
        if (rule.persistent)
            rules.append(rule);
    }
    return rules;
}

} // namespace Toolgate

#include "moc_approvalpolicy.cpp"
